//! The octal table checked against the plain definition: for a sample of codes of every class,
//! the values are recomputed here as the mex over every move (code written in this test, none
//! shared with the library), and the class, period and figures compared; and every pair of codes
//! the table finds equal after a shift is checked on the values by the definition.

use game_nim::{CodeClass, Limits, TableBounds, classify_code, octal_codes_up_to_three_digits, octal_table};

mod common;
use common::{digits, plain_values};

#[test]
fn a_sample_of_every_class_agrees_with_the_definition() {
    let heaps = 3000;
    let bounds = TableBounds { trivial_heaps: 1000, heaps: heaps as u64 - 1 };
    // Trivial, solved within 3000 heaps (0.45: pre-period 498, period 20) and unsolved codes,
    // 0. and 4. codes, a code with trailing zeros.
    let sample = [
        ("0.77", CodeClass::Trivial),
        ("0.07", CodeClass::Trivial),
        ("4.0", CodeClass::Trivial),
        ("0.120", CodeClass::Trivial),
        ("0.45", CodeClass::Solved),
        // Listed unsolved by tczajka/octal-games' UnsolvedGames.md (commit 30baeb79); pre-period
        // 998, period 51, proven from 2101 heaps.
        ("4.344", CodeClass::Solved),
        ("0.6", CodeClass::Unsolved),
        ("0.004", CodeClass::Unsolved),
        ("4.007", CodeClass::Unsolved),
    ];
    for (code, class) in sample {
        let classified = classify_code(&code.parse().unwrap(), &bounds, &Limits::UNLIMITED).unwrap();
        assert_eq!(classified.class, class, "{code}");
        let plain = plain_values(&digits(code), heaps);
        let computed_to = match classified.periodicity {
            Some(p) => {
                // The period holds on every heap computed by the definition.
                assert!(p.preperiod + 2 * p.period <= heaps, "{code}: too few heaps to check");
                for n in p.preperiod..heaps - p.period {
                    assert_eq!(plain[n], plain[n + p.period], "{code}: heap {n}");
                }
                // And the pre-period is exact.
                if p.preperiod > 0 {
                    assert_ne!(plain[p.preperiod - 1], plain[p.preperiod - 1 + p.period], "{code}");
                }
                p.preperiod + p.period
            }
            None => {
                assert_eq!(classified.heaps_computed, heaps as u64, "{code}");
                heaps
            }
        };
        let (mut largest, mut largest_at) = (0, 0);
        for (n, &v) in plain.iter().enumerate().take(computed_to).skip(1) {
            if v > largest {
                (largest, largest_at) = (v, n as u64);
            }
        }
        let s = &classified.statistics;
        assert_eq!((s.largest, s.largest_at), (largest, largest_at), "{code}");
        if let Some(rare) = s.rare {
            let is_rare = |v: u32| (v & rare.mask).count_ones().is_multiple_of(2);
            let rare_heaps: Vec<usize> = (1..computed_to).filter(|&n| is_rare(plain[n])).collect();
            assert_eq!(rare.count, rare_heaps.len() as u64, "{code}");
            assert_eq!(rare.last, rare_heaps.last().map(|&n| n as u64), "{code}");
        }
    }
}

/// Every pair the table lists as equal after a shift (at the bounds of a quick table) agrees,
/// shifted, on the first 1500 heaps by the definition; both codes have proven periods.
#[test]
fn codes_equal_after_a_shift_agree_by_the_definition() {
    let bounds = TableBounds { trivial_heaps: 1000, heaps: 1 << 11 };
    let table =
        octal_table(&octal_codes_up_to_three_digits(), &bounds, &Limits::UNLIMITED, &mut |_, _| {}).unwrap();
    assert!(table.shifted.len() >= 20, "only {} pairs", table.shifted.len());
    let heaps = 1500;
    for pair in &table.shifted {
        let shift = pair.shift as usize;
        let (a, b) =
            (plain_values(&digits(&pair.code), heaps), plain_values(&digits(&pair.of), heaps + shift));
        let differs = (0..heaps).find(|&n| a[n] != b[n + shift]);
        assert_eq!(differs, None, "{pair:?}");
        for code in [&pair.code, &pair.of] {
            let c = table.codes.iter().find(|c| &c.code == code).unwrap();
            assert!(c.periodicity.is_some(), "{code} has no proven period");
        }
    }
}
