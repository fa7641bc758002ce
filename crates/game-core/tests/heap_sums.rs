//! `heap_sum_moves`: the options of a sum of heaps, against a plain reference that moves every
//! heap of each distinct size in place.

use std::collections::BTreeSet;

use game_core::heap_sum_moves;
use proptest::prelude::*;

/// Sorted, zeros dropped.
fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    out.sort_unstable();
    out
}

/// A heap of h may lose 1 or 3 counters, or split into two non-empty heaps after losing 1.
fn options_of(h: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in [1, 3] {
        if take <= h {
            out.push(vec![h - take]);
        }
    }
    if h >= 3 {
        out.extend((1..=(h - 1) / 2).map(|a| vec![a, h - 1 - a]));
    }
    out
}

/// The reference: for each distinct size, in increasing order, the first heap of that size
/// replaced in place by each option.
fn reference(heaps: &[u64]) -> Vec<Vec<u64>> {
    let sizes: BTreeSet<u64> = heaps.iter().copied().collect();
    let mut out = Vec::new();
    for size in sizes {
        let at = heaps.iter().position(|&h| h == size).expect("a size of the position");
        for parts in options_of(size) {
            let mut next: Vec<u64> = heaps.to_vec();
            next.splice(at..=at, parts);
            out.push(canonical(&next));
        }
    }
    out
}

#[test]
fn equal_heaps_are_moved_once_and_emptied_heaps_vanish() {
    // Heaps 1, 2, 2: the 1 can only lose a counter (and vanish); one of the 2s becomes a 1
    // (a 2 cannot lose 3 nor split after losing 1 into two non-empty heaps).
    assert_eq!(heap_sum_moves(&[1, 2, 2], options_of, canonical), vec![vec![2, 2], vec![1, 1, 2]]);
    // A heap of 4: 3, 1, and the split of 3 into 1 + 2, each beside the other heap of 4.
    assert_eq!(heap_sum_moves(&[4, 4], options_of, canonical), vec![vec![3, 4], vec![1, 4], vec![1, 2, 4]]);
    // No heaps, no moves; a heap without options, no moves.
    assert!(heap_sum_moves(&[], options_of, canonical).is_empty());
    assert!(heap_sum_moves(&[7], |_| Vec::<Vec<u64>>::new(), canonical).is_empty());
}

#[test]
fn the_canonical_form_is_applied_to_every_option() {
    // A canonical form that keeps zeros and sorts descending shows that it is the one applied.
    let descending = |heaps: &[u64]| {
        let mut out = heaps.to_vec();
        out.sort_unstable_by(|a, b| b.cmp(a));
        out
    };
    assert_eq!(heap_sum_moves(&[1, 5], |h| [[h - 1]], descending), vec![vec![5, 0], vec![4, 1]]);
}

proptest! {
    #[test]
    fn options_are_those_of_the_reference_in_its_order(mut heaps in prop::collection::vec(0u64..12, 0..6)) {
        heaps = canonical(&heaps);
        prop_assert_eq!(heap_sum_moves(&heaps, options_of, canonical), reference(&heaps));
    }
}
