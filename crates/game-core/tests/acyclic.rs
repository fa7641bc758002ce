//! Acyclic analyses against the definitions, on random DAGs (seed digest, "Common ground":
//! Sprague-Grundy value, kernel = P-positions = Grundy-0 set, sums are XOR).

// Nodes are numbers 0..n and several per-node tables are read at once: index loops are clearer.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{Digraph, arb_dag, arb_digraph, mex, naive_is_kernel, naive_misere_wins};
use game_core::{
    Game, GameError, Outcome, Sum, explore, grundy_values, misere_outcomes, moves_to_value, outcomes,
    p_positions, reverse_topological_order, winning_moves,
};
use petgraph::graph::{DiGraph, NodeIndex};
use proptest::prelude::*;

/// A random DAG seen as a game whose positions are node numbers.
struct GraphGame(Vec<Vec<usize>>);

impl Game for GraphGame {
    type Position = usize;
    fn moves(&self, u: &usize) -> Vec<usize> {
        self.0[*u].clone()
    }
}

fn successor_lists(d: &Digraph) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); d.n];
    for &(u, v) in &d.arcs {
        out[u].push(v);
    }
    out
}

/// The witness must be a real cycle: non-empty, no repeated node, every arc present.
fn assert_real_cycle(d: &Digraph, cycle: &[usize]) {
    assert!(!cycle.is_empty(), "empty cycle witness");
    let mut sorted = cycle.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), cycle.len(), "witness {cycle:?} repeats a node");
    for i in 0..cycle.len() {
        let (u, v) = (cycle[i], cycle[(i + 1) % cycle.len()]);
        assert!(d.has_arc(u, v), "witness {cycle:?} uses the missing arc {u} -> {v}");
    }
}

proptest! {
    /// g(v) = mex{ g(w) : v -> w } at every node.
    #[test]
    fn grundy_values_satisfy_the_mex_definition(d in arb_dag(14)) {
        let values = grundy_values(&d.graph()).unwrap();
        let options = d.options();
        for u in 0..d.n {
            prop_assert_eq!(values[u], mex(options[u].iter().map(|&v| values[v])), "node {}", u);
        }
    }

    /// The P-positions are independent and absorbing (a kernel, checked by the test's own
    /// is_kernel), equal the Grundy-0 set, and agree with `outcomes`.
    #[test]
    fn p_positions_are_the_kernel_and_the_grundy_zero_set(d in arb_dag(14)) {
        let g = d.graph();
        let kernel = p_positions(&g).unwrap();
        let values = grundy_values(&g).unwrap();
        let out = outcomes(&g).unwrap();
        let mut member = vec![false; d.n];
        for &k in &kernel {
            member[k] = true;
        }
        prop_assert!(naive_is_kernel(&d, &member));
        prop_assert!(kernel.windows(2).all(|w| w[0] < w[1]), "sorted without repeats");
        let zeros: Vec<usize> = (0..d.n).filter(|&u| values[u] == 0).collect();
        prop_assert_eq!(&kernel, &zeros);
        for u in 0..d.n {
            prop_assert_eq!(out[u] == Outcome::P, member[u]);
            prop_assert!(out[u] != Outcome::Draw);
        }
    }

    /// Misère outcomes agree with the plain recursive definition.
    #[test]
    fn misere_outcomes_agree_with_recursion(d in arb_dag(14)) {
        let out = misere_outcomes(&d.graph()).unwrap();
        let wins = naive_misere_wins(&d);
        for u in 0..d.n {
            prop_assert_eq!(out[u], if wins[u] { Outcome::N } else { Outcome::P }, "node {}", u);
        }
    }

    /// Winning moves are exactly the options that are P-positions; `moves_to_value` finds exactly
    /// the options of a given value, each once.
    #[test]
    fn winning_moves_are_the_moves_to_p_positions(d in arb_dag(12)) {
        let g = d.graph();
        let values = grundy_values(&g).unwrap();
        let options = d.options();
        for u in 0..d.n {
            let mut wins: Vec<usize> =
                winning_moves(&g, NodeIndex::new(u)).unwrap().into_iter().map(|n| n.index()).collect();
            wins.sort_unstable();
            let expected: Vec<usize> = options[u].iter().copied().filter(|&v| values[v] == 0).collect();
            prop_assert_eq!(&wins, &expected);
            for target in 0..=values[u] + 1 {
                let mut to: Vec<usize> = moves_to_value(&g, &values, NodeIndex::new(u), target)
                    .into_iter()
                    .map(|n| n.index())
                    .collect();
                to.sort_unstable();
                let expected: Vec<usize> =
                    options[u].iter().copied().filter(|&v| values[v] == target).collect();
                prop_assert_eq!(to, expected);
            }
        }
    }

    /// Every routine errs on exactly the graphs with a cycle, and the witness is a real cycle.
    #[test]
    fn cycle_errors_exactly_on_cyclic_graphs_with_a_real_witness(d in arb_digraph(10)) {
        let g = d.graph();
        let acyclic = d.is_acyclic();
        let errors = [
            grundy_values(&g).err(),
            outcomes(&g).err(),
            misere_outcomes(&g).err(),
            p_positions(&g).err(),
            reverse_topological_order(&g).err(),
            winning_moves(&g, NodeIndex::new(0)).err(),
        ];
        for error in errors {
            match error {
                None => prop_assert!(acyclic, "no error on a cyclic graph"),
                Some(GameError::Cycle { cycle }) => {
                    prop_assert!(!acyclic, "cycle error on an acyclic graph");
                    assert_real_cycle(&d, &cycle);
                }
                Some(other) => prop_assert!(false, "unexpected error {other:?}"),
            }
        }
    }

    /// The order lists every node once, each after all of its options.
    #[test]
    fn reverse_topological_order_puts_options_first(d in arb_dag(14)) {
        let order = reverse_topological_order(&d.graph()).unwrap();
        let mut position = vec![usize::MAX; d.n];
        for (i, &u) in order.iter().enumerate() {
            prop_assert_eq!(position[u], usize::MAX, "node {} listed twice", u);
            position[u] = i;
        }
        prop_assert_eq!(order.len(), d.n);
        for &(u, v) in &d.arcs {
            prop_assert!(position[v] < position[u], "arc {} -> {} goes forward", u, v);
        }
    }

    /// Sprague-Grundy theorem on explicit sums: g((a, b)) = g(a) XOR g(b) for every pair.
    #[test]
    fn grundy_value_of_a_sum_is_the_xor(a in arb_dag(7), b in arb_dag(7)) {
        let (ga, gb) = (grundy_values(&a.graph()).unwrap(), grundy_values(&b.graph()).unwrap());
        let sum = Sum(GraphGame(successor_lists(&a)), GraphGame(successor_lists(&b)));
        let roots: Vec<(usize, usize)> = (0..a.n).flat_map(|x| (0..b.n).map(move |y| (x, y))).collect();
        let explored = explore(&sum, roots, a.n * b.n).unwrap();
        prop_assert_eq!(explored.len(), a.n * b.n);
        let values = grundy_values(&explored.graph).unwrap();
        for x in 0..a.n {
            for y in 0..b.n {
                let node = explored.node(&(x, y)).unwrap();
                prop_assert_eq!(explored.position(node), &(x, y));
                prop_assert_eq!(values[node.index()], ga[x] ^ gb[y], "position ({}, {})", x, y);
            }
        }
    }

    /// explore reproduces the graph: one node per reachable position, one arc per distinct move.
    #[test]
    fn explore_reproduces_the_reachable_graph(d in arb_digraph(10)) {
        let game = GraphGame(successor_lists(&d));
        let explored = explore(&game, [0usize], 100).unwrap();
        let options = d.options();
        // Reachable set by a naive closure.
        let mut reached = vec![false; d.n];
        reached[0] = true;
        loop {
            let next: Vec<usize> = (0..d.n)
                .filter(|&v| !reached[v] && (0..d.n).any(|u| reached[u] && options[u].contains(&v)))
                .collect();
            if next.is_empty() {
                break;
            }
            for v in next {
                reached[v] = true;
            }
        }
        prop_assert_eq!(explored.len(), reached.iter().filter(|&&r| r).count());
        for u in (0..d.n).filter(|&u| reached[u]) {
            let node = explored.node(&u).unwrap();
            let mut moves: Vec<usize> =
                explored.graph.neighbors(node).map(|w| *explored.position(w)).collect();
            moves.sort_unstable();
            prop_assert_eq!(moves, options[u].iter().copied().collect::<Vec<_>>());
        }
    }

    /// A game with exactly `size` positions: fine with limit `size`, a typed error below it.
    #[test]
    fn explore_respects_the_node_limit(size in 1usize..300) {
        struct Countdown;
        impl Game for Countdown {
            type Position = usize;
            fn moves(&self, n: &usize) -> Vec<usize> {
                if *n == 0 { vec![] } else { vec![n - 1, n / 2] }
            }
        }
        prop_assert_eq!(explore(&Countdown, [size - 1], size).unwrap().len(), size);
        prop_assert_eq!(
            explore(&Countdown, [size - 1], size - 1).unwrap_err(),
            GameError::NodeLimitExceeded { limit: size - 1 }
        );
    }
}

/// An infinite game stops at the limit with an error instead of exhausting memory.
#[test]
fn explore_of_an_infinite_game_stops_at_the_limit() {
    struct Forever;
    impl Game for Forever {
        type Position = u64;
        fn moves(&self, n: &u64) -> Vec<u64> {
            vec![n + 1, 2 * n + 7]
        }
    }
    assert_eq!(
        explore(&Forever, [0u64], 10_000).unwrap_err(),
        GameError::NodeLimitExceeded { limit: 10_000 }
    );
    assert!(explore(&Forever, [0u64], 0).is_err());
}

/// A chain of 10^6 positions, with arcs numbered so that the depth-first search must go
/// 10^6 deep: no stack overflow, and the values alternate from the terminal end.
#[test]
fn a_chain_of_a_million_positions_does_not_overflow_the_stack() {
    const N: usize = 1_000_000;
    let g = DiGraph::<(), ()>::from_edges((0..N as u32 - 1).map(|i| (i, i + 1)));
    // Node N-1 is terminal; node i is N-1-i moves from the end.
    let expected = |i: usize| ((N - 1 - i) % 2) as u32;
    let values = grundy_values(&g).unwrap();
    assert!((0..N).all(|i| values[i] == expected(i)));
    let out = outcomes(&g).unwrap();
    assert!((0..N).all(|i| (out[i] == Outcome::P) == (expected(i) == 0)));
    let misere = misere_outcomes(&g).unwrap();
    assert!((0..N).all(|i| (misere[i] == Outcome::P) == (expected(i) == 1)));
    assert_eq!(p_positions(&g).unwrap().len(), N / 2);
    let loopy = game_core::loopy_outcomes(&g);
    assert_eq!(loopy, out);
    let gamma = game_core::generalized_grundy(&g);
    assert!((0..N).all(|i| gamma[i] == game_core::Gamma::Finite(expected(i))));
    let kernels = game_core::kernels(&g, 2, 100_000_000).unwrap();
    assert_eq!(kernels, game_core::KernelList { kernels: vec![p_positions(&g).unwrap()], complete: true });
    // Closing the chain into a cycle of a million: the error carries the whole cycle.
    let mut cyclic = g.clone();
    cyclic.add_edge(NodeIndex::new(N - 1), NodeIndex::new(0), ());
    match grundy_values(&cyclic) {
        Err(GameError::Cycle { cycle }) => assert_eq!(cycle, (0..N).collect::<Vec<_>>()),
        other => panic!("expected a cycle error, got {other:?}"),
    }
}

/// A self-loop is a cycle of length one.
#[test]
fn a_self_loop_is_a_cycle() {
    let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 1)]);
    assert_eq!(grundy_values(&g), Err(GameError::Cycle { cycle: vec![1] }));
}

/// A graph claiming more node slots than `u32` results can number gets a typed error, not a
/// silently truncated value. (No nodes exist, so nothing is allocated before the check.)
#[test]
fn a_graph_too_large_for_u32_values_is_an_error() {
    use petgraph::visit::{GraphBase, GraphRef, IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

    #[derive(Clone, Copy)]
    struct Huge;
    impl GraphBase for Huge {
        type NodeId = usize;
        type EdgeId = usize;
    }
    impl GraphRef for Huge {}
    impl IntoNeighbors for Huge {
        type Neighbors = std::iter::Empty<usize>;
        fn neighbors(self, _: usize) -> Self::Neighbors {
            std::iter::empty()
        }
    }
    impl IntoNodeIdentifiers for Huge {
        type NodeIdentifiers = std::iter::Empty<usize>;
        fn node_identifiers(self) -> Self::NodeIdentifiers {
            std::iter::empty()
        }
    }
    impl NodeIndexable for Huge {
        fn node_bound(&self) -> usize {
            u32::MAX as usize + 1
        }
        fn to_index(&self, a: usize) -> usize {
            a
        }
        fn from_index(&self, i: usize) -> usize {
            i
        }
    }
    assert_eq!(
        grundy_values(Huge),
        Err(GameError::GraphTooLarge { nodes: u32::MAX as usize + 1, max: u32::MAX as usize - 1 })
    );
}

/// `to_csr` keeps node numbers, arcs and trailing isolated nodes, so every analysis agrees.
#[test]
fn to_csr_gives_the_same_analyses_as_the_digraph() {
    use game_core::{Game, explore, grundy_values, loopy_outcomes, misere_outcomes};
    use petgraph::visit::IntoNeighbors;
    struct Take123;
    impl Game for Take123 {
        type Position = u32;
        fn moves(&self, heap: &u32) -> Vec<u32> {
            (1..=3).filter(|&s| s <= *heap).map(|s| heap - s).collect()
        }
    }
    // Heap 0 (no arcs) is a root here; the other roots reach it too.
    let g = explore(&Take123, [40u32, 0, 17], 1_000).unwrap();
    let csr = g.to_csr();
    assert_eq!(csr.node_count(), g.len());
    for u in g.graph.node_indices() {
        let mut a: Vec<usize> = g.graph.neighbors(u).map(|w| w.index()).collect();
        let mut b: Vec<usize> = (&csr).neighbors(u.index() as u32).map(|w| w as usize).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "successors of node {}", u.index());
    }
    assert_eq!(grundy_values(&csr).unwrap(), grundy_values(&g.graph).unwrap());
    assert_eq!(misere_outcomes(&csr).unwrap(), misere_outcomes(&g.graph).unwrap());
    assert_eq!(loopy_outcomes(&csr), loopy_outcomes(&g.graph));
}

/// A graph whose last node has no arcs still has it in the Csr.
#[test]
fn to_csr_keeps_a_trailing_isolated_node() {
    use game_core::{Game, explore};
    struct Countdown;
    impl Game for Countdown {
        type Position = u32;
        fn moves(&self, n: &u32) -> Vec<u32> {
            if *n == 0 { vec![] } else { vec![n - 1] }
        }
    }
    // Node order: 3, 2, 1, 0: node 3 (heap 0) has no arcs and is the last node.
    let g = explore(&Countdown, [3u32], 10).unwrap();
    assert_eq!(*g.position(petgraph::graph::NodeIndex::new(3)), 0);
    assert_eq!(g.to_csr().node_count(), 4);
}
