//! Memory budgets and effort limits: estimates before allocation, early stops after a proven
//! period, and the explicit-graph estimate checked to bound the real graph.

use game_core::explore;
use game_nim::{Limits, MAX_TABLE_HEAP, NimError, OctalGame, Periodicity, SubtractionSet};
use proptest::prelude::*;

const ONE_MIB: Limits = Limits { max_bytes: 1 << 20, max_steps: u128::MAX };

fn octal(code: &str) -> OctalGame {
    code.parse().unwrap()
}

/// Kayles' period is proven at heap 256: a search limit near 2^31 costs nothing more.
#[test]
fn octal_period_search_stops_once_proven() {
    let limits = Limits { max_bytes: 1 << 20, max_steps: 10_000_000 };
    let (p, values) = octal("0.77").periodicity_within(MAX_TABLE_HEAP - 1, &limits).unwrap();
    assert_eq!(p, Periodicity { preperiod: 71, period: 12 });
    assert_eq!(values.len(), 83);
    assert_eq!(values, octal("0.77").grundy_values_plain(82).unwrap());
    let (p, _) = octal("0.07").periodicity_within(1_000_000_000, &limits).unwrap();
    assert_eq!(p, Periodicity { preperiod: 53, period: 34 });
    // A limit smaller than where the proof completes still gives the answer of the old API.
    for code in ["0.77", "0.137", "0.117", "4.07", "0.31", "0.14"] {
        for up_to in [100, 200, 300, 2000] {
            let old = guy_smith_on_all_values(code, up_to);
            let new = octal(code).periodicity_within(up_to, &Limits::UNLIMITED).map(|(p, _)| p).ok();
            assert_eq!(new, old, "{code} up to {up_to}");
        }
    }
}

fn guy_smith_on_all_values(code: &str, up_to: usize) -> Option<Periodicity> {
    let g = octal(code);
    game_nim::guy_smith_periodicity(&g.grundy_values_plain(up_to).unwrap(), g.max_take())
}

/// No period for 0.6: the search grows the table, and is refused when the next growth would pass
/// the budget, naming the bytes needed (never allocated).
#[test]
fn octal_period_search_over_budget_is_typed() {
    match octal("0.6").periodicity_within(MAX_TABLE_HEAP - 1, &ONE_MIB) {
        Err(NimError::OverMemoryBudget { needed, budget, .. }) => {
            assert_eq!(budget, 1 << 20);
            assert!(needed > budget);
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    match octal("0.6").grundy_values_within(1_000_000, &ONE_MIB) {
        Err(NimError::OverMemoryBudget { needed, .. }) => {
            assert_eq!(needed, OctalGame::table_bytes(1_000_000))
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    let message = octal("0.6").grundy_values_within(1_000_000, &ONE_MIB).unwrap_err().to_string();
    assert!(message.contains(&OctalGame::table_bytes(1_000_000).to_string()), "{message}");
    assert!(message.contains("more than the memory budget of 1048576 bytes (1 MiB)"), "{message}");
}

/// 0.76 has no rare/common structure (quadratic): the effort limit stops it with a typed error.
#[test]
fn quadratic_octal_codes_give_up_at_the_effort_limit() {
    let limits = Limits { max_bytes: u128::MAX, max_steps: 10_000_000 };
    match octal("0.76").grundy_values_within(1_000_000, &limits) {
        Err(NimError::EffortExceeded { steps, .. }) => assert_eq!(steps, 10_000_000),
        other => panic!("expected an effort error, got {other:?}"),
    }
    // Within the limit the values are the plain ones.
    assert_eq!(
        octal("0.76").grundy_values_within(2000, &limits).unwrap(),
        octal("0.76").grundy_values_plain(2000).unwrap()
    );
}

#[test]
fn subtraction_period_search_is_budgeted() {
    let small = SubtractionSet::new([1, 3, 4]).unwrap();
    let analysis = small.analyse_within((1 << 32) - 1, false, &ONE_MIB).unwrap();
    assert_eq!(analysis.periodicity, Periodicity { preperiod: 0, period: 7 });
    let wide = SubtractionSet::new([1, 100_000]).unwrap();
    match wide.analyse_within((1 << 32) - 1, true, &ONE_MIB) {
        Err(NimError::OverMemoryBudget { needed, .. }) => {
            assert_eq!(needed, SubtractionSet::period_search_bytes(400_064));
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    let steps = Limits { max_bytes: u128::MAX, max_steps: 1000 };
    assert!(matches!(wide.analyse_within(1 << 20, false, &steps), Err(NimError::EffortExceeded { .. })));
}

proptest! {
    /// The estimate bounds the real explicit graph: positions and arcs.
    #[test]
    fn graph_estimate_bounds_the_real_graph(amounts in proptest::collection::btree_set(1u64..5, 1..3),
                                            heaps in proptest::collection::vec(0u64..7, 1..5)) {
        let set = SubtractionSet::new(amounts).unwrap();
        let estimate = set.explicit_graph_estimate(&heaps, 100_000);
        let graph = explore(&set, [game_nim::canonical_heaps(&heaps)], 100_000).unwrap();
        prop_assert!(!estimate.over_node_limit);
        prop_assert!(graph.graph.node_count() as u128 <= estimate.positions);
        prop_assert!(graph.graph.edge_count() as u128 <= estimate.arcs);
    }
}

/// Hundreds of heaps: the bound is capped at the node limit and the bytes are far beyond a
/// small budget, so callers refuse before exploring.
#[test]
fn graph_estimate_of_many_heaps_is_capped() {
    let set = SubtractionSet::new([1, 2]).unwrap();
    let heaps = vec![5u64; 300];
    let estimate = set.explicit_graph_estimate(&heaps, 2_000_000);
    assert!(estimate.over_node_limit);
    assert_eq!(estimate.positions, 2_000_001);
    assert!(estimate.bytes > 4 << 30);
    // 300 equal heaps of 1 with S = {1}: only 301 positions.
    let ones = SubtractionSet::new([1]).unwrap().explicit_graph_estimate(&[1; 300], 2_000_000);
    assert_eq!(ones.positions, 301);
}

/// The estimate never overflows, whatever the node limit.
#[test]
fn graph_estimate_with_huge_numbers() {
    let set = SubtractionSet::new([1, u64::MAX]).unwrap();
    let estimate = set.explicit_graph_estimate(&[u64::MAX, u64::MAX, u64::MAX - 1], usize::MAX);
    assert_eq!(estimate.positions, usize::MAX as u128 + 1);
    assert!(estimate.over_node_limit);
    assert!(estimate.bytes > estimate.positions);
}

/// A budget above what the system grants is an error, not an abort.
#[test]
fn budget_beyond_the_system_is_typed() {
    let huge = Limits { max_bytes: u128::MAX, max_steps: u128::MAX };
    // 2^62 bytes of address space are granted by no machine.
    let wide = SubtractionSet::new([1, 1 << 40]).unwrap();
    assert!(!game_nim::system_can_allocate(1 << 62));
    assert!(huge.check_bytes(|| "x".into(), 1 << 62).is_err());
    assert!(matches!(
        wide.analyse_within((1 << 32) - 1, false, &huge),
        Err(NimError::PeriodNotFound { .. } | NimError::OutOfMemory { .. })
    ));
}
