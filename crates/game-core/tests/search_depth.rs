//! A heap game whose options list the largest part first, searched with no hint (no
//! `difficulty`, no `order_moves`): the search goes deep, and its stack may use the memory of
//! the budget that the table has not taken (issue 68: Treblecross without `difficulty`).

use game_core::search::{Search, SearchError, SearchLimits};
use game_core::{Game, SearchGame};

/// Octal game 0.007 (Treblecross): take 3 counters from a heap, leaving 0, 1 or 2 heaps. The
/// options of heap h come as (0, h - 3), (1, h - 4), ...: the first has the largest part, so
/// the search descends h / 3 levels, each holding about h / 2 options.
struct Treblecross;

impl Game for Treblecross {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate().filter(|&(_, &h)| h >= 3) {
            for a in 0..=(h - 3) / 2 {
                let mut option: Vec<u64> =
                    heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                option.extend([a, h - 3 - a].into_iter().filter(|&x| x > 0));
                option.sort_unstable();
                options.push(option);
            }
        }
        options
    }
}

impl SearchGame for Treblecross {
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// Values of 0.007 by the definition: g(h) = mex of g(a) ^ g(h - 3 - a).
fn values(last: usize) -> Vec<u32> {
    let mut g = vec![0u32; last + 1];
    for h in 3..=last {
        let mut seen = vec![false; h + 2];
        for a in 0..=h - 3 {
            let v = (g[a] ^ g[h - 3 - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g[h] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

#[test]
fn a_deep_search_uses_the_memory_the_table_does_not_take() {
    let heap = 1200;
    let expected = values(heap)[heap];
    // The stack's own share (a quarter of 24 MiB) is too small for this descent (it needs a
    // little over 6 MiB); with what the table has not taken of its half, it fits.
    let budget = 24 << 20;
    let mut search = Search::new(&Treblecross, SearchLimits::new(budget, u64::MAX)).unwrap();
    match search.nimber(&vec![heap as u64]) {
        Ok(nimber) => assert_eq!(nimber, expected),
        Err(e) => panic!("heap {heap} in {budget} bytes: {e}"),
    }
    assert!(search.stats().max_depth > 300, "{:?}", search.stats());
}

#[test]
fn a_search_deeper_than_the_whole_budget_is_refused() {
    let mut search = Search::new(&Treblecross, SearchLimits::new(1 << 20, u64::MAX)).unwrap();
    assert!(matches!(search.nimber(&vec![3000]), Err(SearchError::MemoryExceeded { .. })));
}

/// The scale of issue 68's report: a row of 6 000 cells with a 2 GiB budget, no hint.
#[test]
#[ignore = "holds about 450 MB: cargo test -p game-core --test search_depth -- --ignored"]
fn a_row_of_6000_cells_in_2_gib() {
    let heap = 6000;
    let mut search = Search::new(&Treblecross, SearchLimits::new(2 << 30, u64::MAX)).unwrap();
    assert_eq!(search.nimber(&vec![heap as u64]).unwrap(), values(heap)[heap]);
}
