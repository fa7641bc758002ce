//! `explore` / `explore_with`: deterministic node order, the lookup table against iteration, and
//! the memory limit on games whose positions own heap memory.

use std::collections::{BTreeSet, VecDeque};

use game_core::{ExploreLimits, Game, GameError, explore, explore_with};
use proptest::prelude::*;

/// Heaps of a take-1-or-2 game, positions as sorted lists (they own heap memory).
struct Heaps;

impl Game for Heaps {
    type Position = Vec<u32>;
    fn moves(&self, heaps: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for take in 1..=2 {
                if heaps[i] >= take {
                    let mut next = heaps.clone();
                    next[i] -= take;
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    }
    fn position_bytes(&self, heaps: &Vec<u32>) -> usize {
        std::mem::size_of::<Vec<u32>>() + 4 * heaps.capacity()
    }
}

/// Breadth-first order of discovery, computed independently with a BTreeSet of seen positions.
fn bfs_order(roots: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    let mut queue = VecDeque::new();
    for r in roots {
        if seen.insert(r.clone()) {
            order.push(r.clone());
            queue.push_back(r.clone());
        }
    }
    while let Some(p) = queue.pop_front() {
        for q in Heaps.moves(&p) {
            if seen.insert(q.clone()) {
                order.push(q.clone());
                queue.push_back(q);
            }
        }
    }
    order
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Node order is the breadth-first order of discovery (no hashing involved), `node` finds
    /// every position at its index, and `sorted_positions` is sorted.
    #[test]
    fn node_order_is_the_breadth_first_discovery_order(
        roots in prop::collection::vec(prop::collection::vec(0u32..5, 1..4), 1..3),
    ) {
        let roots: Vec<Vec<u32>> = roots.into_iter().map(|mut r| { r.sort_unstable(); r }).collect();
        let g = explore(&Heaps, roots.clone(), 100_000).unwrap();
        let expected = bfs_order(&roots);
        prop_assert_eq!(g.positions().cloned().collect::<Vec<_>>(), expected);
        for (n, p) in g.iter() {
            prop_assert_eq!(g.node(p), Some(n));
        }
        prop_assert_eq!(g.node(&vec![99]), None);
        let sorted: Vec<&Vec<u32>> = g.sorted_positions().into_iter().map(|(p, _)| p).collect();
        prop_assert!(sorted.windows(2).all(|w| w[0] < w[1]));
    }
}

/// Positions that are long vectors: the memory limit stops the exploration with the estimate,
/// long before the position limit would.
#[test]
fn the_memory_limit_stops_long_positions() {
    let root: Vec<u32> = (0..100).map(|i| i % 7).collect();
    let limits = ExploreLimits { max_positions: 2_000_000, max_bytes: 1 << 20 };
    match explore_with(&Heaps, [root.clone()], limits) {
        Err(GameError::MemoryLimitExceeded { limit, needed }) => {
            assert_eq!(limit, 1 << 20);
            assert!(needed > limit && needed < limit + 2000, "{needed}");
        }
        other => panic!("expected the memory limit, got {:?}", other.map(|g| g.len())),
    }
    // Within the limit the answer is the plain exploration's.
    let small = vec![1, 2, 2];
    let limits = ExploreLimits { max_positions: 1000, max_bytes: 1 << 20 };
    let a = explore_with(&Heaps, [small.clone()], limits).unwrap();
    let b = explore(&Heaps, [small], 1000).unwrap();
    assert!(a.positions().eq(b.positions()));
    assert_eq!(a.graph.edge_count(), b.graph.edge_count());
}

/// Nim on one heap with positions of two bytes and the default `position_bytes`.
struct Nim16;

impl Game for Nim16 {
    type Position = u16;
    fn moves(&self, heap: &u16) -> Vec<u16> {
        (0..*heap).rev().collect()
    }
}

/// The estimate is exact, counted by hand: from heap 2 the positions 2, 1, 0 (two bytes each,
/// the default, plus the node overhead) and the arcs 2 -> 1, 2 -> 0, 1 -> 0. A game passed by
/// reference (`&Nim16`, through `impl Game for &T`) has the same moves and sizes.
#[test]
fn the_memory_estimate_counts_positions_nodes_and_arcs() {
    use game_core::{ARC_BYTES, NODE_OVERHEAD_BYTES};
    assert_eq!(Nim16.position_bytes(&7), 2);
    assert_eq!(<&Nim16 as Game>::position_bytes(&&Nim16, &7), 2);
    assert_eq!(<&Heaps as Game>::position_bytes(&&Heaps, &vec![1, 2]), Heaps.position_bytes(&vec![1, 2]));
    assert_eq!(<&Nim16 as Game>::moves(&&Nim16, &3), vec![2, 1, 0]);
    let exact = 3 * (2 + NODE_OVERHEAD_BYTES) + 3 * ARC_BYTES;
    let limits = |max_bytes| ExploreLimits { max_positions: 10, max_bytes };
    let by_value = explore_with(&Nim16, [2u16], limits(exact)).unwrap();
    let by_reference = explore_with(&&Nim16, [2u16], limits(exact)).unwrap();
    for g in [&by_value, &by_reference] {
        assert_eq!((g.len(), g.graph.edge_count()), (3, 3));
    }
    for result in
        [explore_with(&Nim16, [2u16], limits(exact - 1)), explore_with(&&Nim16, [2u16], limits(exact - 1))]
    {
        match result {
            Err(GameError::MemoryLimitExceeded { limit, needed }) => {
                assert_eq!((limit, needed), (exact - 1, exact))
            }
            other => panic!("expected the memory limit, got {:?}", other.map(|g| g.len())),
        }
    }
    // A limit met exactly by a position is no error: the arc after position 0 is the first
    // thing past it (order: 2, 1, arc 2 -> 1, 0, arc 2 -> 0, arc 1 -> 0).
    let through_position_0 = 3 * (2 + NODE_OVERHEAD_BYTES) + ARC_BYTES;
    match explore_with(&Nim16, [2u16], limits(through_position_0)) {
        Err(GameError::MemoryLimitExceeded { needed, .. }) => {
            assert_eq!(needed, through_position_0 + ARC_BYTES)
        }
        other => panic!("expected the memory limit, got {:?}", other.map(|g| g.len())),
    }
}

/// The accessors of a `GameGraph` against the breadth-first order worked out by hand: from
/// heap 3, positions 3, 2, 1, 0 at nodes 0..4.
#[test]
fn game_graph_accessors_follow_the_node_order() {
    let g = explore(&Nim16, [3u16], 10).unwrap();
    let pairs: Vec<(usize, u16)> = g.iter().map(|(n, p)| (n.index(), *p)).collect();
    assert_eq!(pairs, [(0, 3), (1, 2), (2, 1), (3, 0)]);
    let sorted: Vec<(u16, usize)> = g.sorted_positions().into_iter().map(|(p, n)| (*p, n.index())).collect();
    assert_eq!(sorted, [(0, 3), (1, 2), (2, 1), (3, 0)]);
    assert!(!g.is_empty());
    let none = explore(&Nim16, std::iter::empty(), 10).unwrap();
    assert!(none.is_empty());
    assert_eq!(none.len(), 0);
}

/// `to_csr` keeps every node, also those after the last one with an arc (a lone terminal
/// root has none at all), and the same arcs.
#[test]
fn the_csr_form_keeps_every_node() {
    let lone = explore(&Nim16, [0u16], 10).unwrap();
    assert_eq!(lone.to_csr().node_count(), 1);
    let g = explore(&Nim16, [3u16, 9], 100).unwrap();
    let csr = g.to_csr();
    assert_eq!(csr.node_count(), g.len());
    assert_eq!(csr.edge_count(), g.graph.edge_count());
    assert_eq!(game_core::grundy_values(&csr).unwrap(), game_core::grundy_values(&g.graph).unwrap());
}
