//! Kernels of arbitrary digraphs against exhaustive search over all subsets (seed digest,
//! "Common ground": kernels; a 3-cycle has none, an even cycle two), and the DOT export.

// Nodes are numbers 0..n and several per-node tables are read at once: index loops are clearer.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{Digraph, arb_digraph, exhaustive_kernels, naive_is_kernel};
use game_core::{GameError, KernelList, count_kernels, is_kernel, kernels, p_positions, to_dot};
use num_bigint::BigUint;
use petgraph::graph::DiGraph;
use proptest::prelude::*;

fn cycle(n: u32) -> DiGraph<(), ()> {
    DiGraph::from_edges((0..n).map(|i| (i, (i + 1) % n)))
}

/// Generous step limit for graphs of the tests.
const STEPS: u64 = 100_000_000;

/// A disjoint union of up to three random digraphs, with the node numbers shuffled so that the
/// components interleave in index order.
fn arb_union() -> impl Strategy<Value = Digraph> {
    prop::collection::vec(arb_digraph(5), 1..=3).prop_flat_map(|parts| {
        let n: usize = parts.iter().map(|p| p.n).sum();
        Just((0..n).collect::<Vec<usize>>()).prop_shuffle().prop_map(move |relabel| {
            let mut arcs = Vec::new();
            let mut offset = 0;
            for part in &parts {
                arcs.extend(part.arcs.iter().map(|&(a, b)| (relabel[a + offset], relabel[b + offset])));
                offset += part.n;
            }
            Digraph { n, arcs }
        })
    })
}

/// Weakly connected (every node reaches node 0 ignoring directions), decided by a fixed point.
fn is_weakly_connected(d: &Digraph) -> bool {
    let mut reached = vec![false; d.n];
    reached[0] = true;
    loop {
        let mut changed = false;
        for &(a, b) in &d.arcs {
            if reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                changed = true;
            }
        }
        if !changed {
            return reached.iter().all(|&r| r);
        }
    }
}

/// Checks `kernels` and `count_kernels` on `d` against the exhaustive subset search.
fn check_against_exhaustive(d: &Digraph) -> Result<(), TestCaseError> {
    let mut expected = exhaustive_kernels(d);
    expected.sort_by_key(|k| (0..d.n).map(|i| !k.contains(&i)).collect::<Vec<bool>>());
    let all = kernels(&d.graph(), usize::MAX, STEPS).unwrap();
    prop_assert!(all.complete);
    let mut found = all.kernels.clone();
    found.sort_by_key(|k| (0..d.n).map(|i| !k.contains(&i)).collect::<Vec<bool>>());
    prop_assert_eq!(&found, &expected, "the same sets of kernels");
    if is_weakly_connected(d) {
        prop_assert_eq!(&all.kernels, &expected, "connected: lexicographic order, members first");
    }
    prop_assert_eq!(count_kernels(&d.graph(), STEPS).unwrap(), BigUint::from(expected.len()));
    // A cap returns a prefix of the full list, complete exactly when nothing was cut.
    for cap in 0..=expected.len() + 1 {
        let capped = kernels(&d.graph(), cap, STEPS).unwrap();
        prop_assert_eq!(&capped.kernels[..], &all.kernels[..cap.min(expected.len())]);
        prop_assert_eq!(capped.complete, cap >= expected.len(), "cap {}", cap);
    }
    if d.is_acyclic() {
        prop_assert_eq!(all.kernels, vec![p_positions(&d.graph()).unwrap()], "acyclic: one kernel");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `kernels` and `count_kernels` find exactly the kernels found by trying all 2^n subsets.
    #[test]
    fn kernels_equal_the_exhaustive_subset_search(d in arb_digraph(12)) {
        check_against_exhaustive(&d)?;
    }

    /// The same on disjoint unions with interleaved node numbers (the decomposition at work).
    #[test]
    fn kernels_of_disjoint_unions_equal_the_exhaustive_search(d in arb_union()) {
        check_against_exhaustive(&d)?;
    }

    /// Any step limit gives the right answer or the typed error, never a wrong answer.
    #[test]
    fn a_small_step_limit_fails_loudly_or_answers_right(d in arb_union(), steps in 0u64..400) {
        let expected = exhaustive_kernels(&d).len();
        match count_kernels(&d.graph(), steps) {
            Ok(count) => prop_assert_eq!(count, BigUint::from(expected)),
            Err(e) => prop_assert_eq!(e, GameError::StepLimitExceeded { limit: steps }),
        }
        match kernels(&d.graph(), usize::MAX, steps) {
            Ok(list) => prop_assert!(list.complete && list.kernels.len() == expected),
            Err(e) => prop_assert_eq!(e, GameError::StepLimitExceeded { limit: steps }),
        }
    }

    /// The crate's `is_kernel` agrees with the definition on every subset.
    #[test]
    fn is_kernel_agrees_with_the_definition(d in arb_digraph(8)) {
        let g = d.graph();
        for mask in 0u32..(1 << d.n) {
            let member: Vec<bool> = (0..d.n).map(|i| mask >> i & 1 == 1).collect();
            prop_assert_eq!(is_kernel(&g, &member), naive_is_kernel(&d, &member), "set {:b}", mask);
        }
        prop_assert!(!is_kernel(&g, &vec![false; d.n - 1]), "a too short membership vector");
    }
}

/// k disjoint 2-cycles and a 3-cycle, the 3-cycle's nodes numbered last or first: no kernel,
/// found at once in either order (without the decomposition the search tried 2^k branches).
#[test]
fn two_cycles_next_to_an_odd_cycle_have_no_kernel_at_once() {
    let k = 60u32;
    let two_cycles = (0..k).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]);
    let odd_last: Vec<(u32, u32)> =
        two_cycles.clone().chain([(2 * k, 2 * k + 1), (2 * k + 1, 2 * k + 2), (2 * k + 2, 2 * k)]).collect();
    let odd_first: Vec<(u32, u32)> =
        odd_last.iter().map(|&(a, b)| ((a + 3) % (2 * k + 3), (b + 3) % (2 * k + 3))).collect();
    for arcs in [odd_last, odd_first] {
        let g = DiGraph::<(), ()>::from_edges(arcs);
        assert_eq!(kernels(&g, usize::MAX, 100_000).unwrap(), KernelList { kernels: vec![], complete: true });
        assert_eq!(count_kernels(&g, 100_000).unwrap(), BigUint::ZERO);
    }
    // Without the triangle: 2^60 kernels, counted exactly, listed up to the cap.
    let g = DiGraph::<(), ()>::from_edges((0..k).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]));
    assert_eq!(count_kernels(&g, 100_000).unwrap(), BigUint::from(1u64 << 60));
    let listed = kernels(&g, 5, 100_000).unwrap();
    assert_eq!(listed.kernels.len(), 5);
    assert!(!listed.complete);
    // 50 symmetric triangles (every node moves to both others): 3 kernels each, 3^50 > 2^64.
    let g = DiGraph::<(), ()>::from_edges((0..50u32).flat_map(|t| {
        (0..3).flat_map(move |a| (0..3).filter(move |&b| b != a).map(move |b| (3 * t + a, 3 * t + b)))
    }));
    assert_eq!(count_kernels(&g, 100_000).unwrap(), BigUint::from(3u8).pow(50));
    // Listing them all hits the step limit instead of running for ever.
    assert_eq!(kernels(&g, usize::MAX, 100_000), Err(GameError::StepLimitExceeded { limit: 100_000 }));
}

/// A 3-cycle that is a sink strongly connected component inside a large connected graph of
/// 2-cycles: no kernel, found without enumerating the rest.
#[test]
fn a_sink_odd_cycle_settles_a_connected_graph() {
    let k = 60u32;
    let mut arcs: Vec<(u32, u32)> = (0..k).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]).collect();
    // Every 2-cycle node also moves to the triangle's first node, numbered last.
    let t = 2 * k;
    arcs.extend((0..2 * k).map(|v| (v, t)));
    arcs.extend([(t, t + 1), (t + 1, t + 2), (t + 2, t)]);
    let g = DiGraph::<(), ()>::from_edges(arcs);
    assert_eq!(count_kernels(&g, 100_000).unwrap(), BigUint::ZERO);
    assert!(kernels(&g, 1, 100_000).unwrap().kernels.is_empty());
}

#[test]
fn odd_cycles_have_no_kernel_even_cycles_exactly_two() {
    assert!(
        kernels(&cycle(3), usize::MAX, STEPS).unwrap().kernels.is_empty(),
        "the directed triangle has no kernel"
    );
    for n in 1..=15u32 {
        let found = kernels(&cycle(n), usize::MAX, STEPS).unwrap().kernels;
        if n % 2 == 1 {
            assert!(found.is_empty(), "C{n}");
        } else {
            let evens: Vec<usize> = (0..n as usize).step_by(2).collect();
            let odds: Vec<usize> = (1..n as usize).step_by(2).collect();
            assert_eq!(found, vec![evens, odds], "C{n}");
        }
    }
}

#[test]
fn disjoint_two_cycles_have_two_to_the_k_kernels() {
    let k = 10u32;
    let g = DiGraph::<(), ()>::from_edges((0..k).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]));
    let found = kernels(&g, usize::MAX, STEPS).unwrap().kernels;
    assert_eq!(found.len(), 1 << k);
    let d = Digraph {
        n: 2 * k as usize,
        arcs: g
            .edge_indices()
            .map(|e| {
                let (a, b) = g.edge_endpoints(e).unwrap();
                (a.index(), b.index())
            })
            .collect(),
    };
    for kernel in &found {
        let member: Vec<bool> = (0..d.n).map(|i| kernel.contains(&i)).collect();
        assert!(naive_is_kernel(&d, &member));
    }
}

#[test]
fn holes_in_a_stable_graph_are_not_nodes() {
    use petgraph::stable_graph::StableDiGraph;
    // 0 -> 1 -> 2 -> 3 with node 1 removed: 0 and 2 -> 3 remain.
    let mut g = StableDiGraph::<(), ()>::new();
    let n: Vec<_> = (0..4).map(|_| g.add_node(())).collect();
    g.add_edge(n[0], n[1], ());
    g.add_edge(n[1], n[2], ());
    g.add_edge(n[2], n[3], ());
    g.remove_node(n[1]);
    assert_eq!(kernels(&g, usize::MAX, STEPS).unwrap().kernels, vec![vec![0, 3]]);
    assert_eq!(p_positions(&g).unwrap(), vec![0, 3]);
    assert!(is_kernel(&g, &[true, false, false, true]));
    assert_eq!(game_core::grundy_values(&g).unwrap()[..], [0, 0, 1, 0][..]);
    use game_core::{Gamma, Outcome};
    assert_eq!(game_core::loopy_outcomes(&g), vec![Outcome::P, Outcome::Draw, Outcome::N, Outcome::P]);
    let gamma = game_core::generalized_grundy(&g);
    assert_eq!(
        gamma,
        vec![Gamma::Finite(0), Gamma::Infinite(Default::default()), Gamma::Finite(1), Gamma::Finite(0)]
    );
}

#[test]
fn dot_export_lists_every_node_and_arc_and_marks_the_kernel() {
    let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (0, 2), (3, 3)]);
    let marked = [false, true, false, false];
    let dot = to_dot(&g, |i| format!("n\"{i}\\"), |i| marked[i]);
    let lines: Vec<&str> = dot.lines().collect();
    assert_eq!(lines.first(), Some(&"digraph game {"));
    assert_eq!(lines.last(), Some(&"}"));
    let node_lines: Vec<&&str> = lines.iter().filter(|l| l.contains("[label=")).collect();
    let arc_lines: Vec<&&str> = lines.iter().filter(|l| l.contains("->")).collect();
    assert_eq!(node_lines.len(), 4);
    assert_eq!(arc_lines.len(), g.edge_count());
    for (u, v) in [(0, 1), (1, 2), (0, 2), (3, 3)] {
        assert!(dot.contains(&format!("    {u} -> {v}\n")), "arc {u} -> {v}");
    }
    // Quotes and backslashes in labels are escaped; only node 1 is filled.
    assert!(dot.contains(r#"0 [label="n\"0\\"]"#), "{dot}");
    assert_eq!(dot.matches("style=filled").count(), 1);
    assert!(dot.contains(r#"1 [label="n\"1\\", style=filled"#));
}

/// On a larger acyclic graph, Wythoff's game on a 40 x 40 board (seed 000, W1: the colouring
/// is unique), the search finds exactly one kernel, the P-positions, and stops. Nodes are
/// numbered from the top corner down, so the search meets positions before their options.
#[test]
fn kernels_of_the_wythoff_board_is_the_unique_p_position_set() {
    const SIDE: u32 = 40;
    let id = |x: u32, y: u32| SIDE * SIDE - 1 - (x * SIDE + y);
    let mut arcs = Vec::new();
    for x in 0..SIDE {
        for y in 0..SIDE {
            arcs.extend((0..x).map(|x2| (id(x, y), id(x2, y))));
            arcs.extend((0..y).map(|y2| (id(x, y), id(x, y2))));
            arcs.extend((1..=x.min(y)).map(|k| (id(x, y), id(x - k, y - k))));
        }
    }
    let g = DiGraph::<(), ()>::from_edges(arcs);
    let found = kernels(&g, usize::MAX, STEPS).unwrap().kernels;
    assert_eq!(found, vec![p_positions(&g).unwrap()]);
    // Seed 002, Y2: the first safe pairs (1,2), (3,5), (4,7) are in it, with their mirrors.
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4)] {
        assert!(found[0].contains(&(id(x, y) as usize)), "({x}, {y})");
    }
}

/// The step limit is inclusive. The empty graph costs exactly one step, counted by hand from
/// the documented costs: its decomposition looks at its zero nodes, and listing its one kernel
/// (the empty set) costs as many steps as it has nodes, at least one.
#[test]
fn the_step_limit_is_inclusive() {
    let empty = DiGraph::<(), ()>::new();
    assert_eq!(kernels(&empty, 10, 1).unwrap(), KernelList { kernels: vec![vec![]], complete: true });
    assert!(matches!(kernels(&empty, 10, 0), Err(GameError::StepLimitExceeded { limit: 0 })));
}

/// On an acyclic graph propagation decides every node without branching (the module doc), so
/// the steps stay linear in the arcs: a chain of 3 000 nodes with arcs one and two ahead (the
/// subtraction game "take 1 or 2", whose P-positions are the multiples of 3) is solved within
/// 20 steps per node and arc. A search that forced nothing would branch at almost every node.
#[test]
fn an_acyclic_graph_is_solved_in_linear_steps() {
    let n = 3_000u32;
    let arcs = (0..n).flat_map(|v| [1, 2].into_iter().filter(move |s| *s <= v).map(move |s| (v, v - s)));
    let g = DiGraph::<(), ()>::from_edges(arcs);
    let budget = 20 * (g.node_count() + g.edge_count()) as u64;
    let found = kernels(&g, 2, budget).unwrap();
    let multiples_of_3: Vec<usize> = (0..n as usize).filter(|v| v % 3 == 0).collect();
    assert_eq!(found, KernelList { kernels: vec![multiples_of_3], complete: true });
}

/// A 3-cycle that is a sink strongly connected component, in one weak component with 40
/// 2-cycles that no decision about them ties to it (they are joined by source nodes, and one
/// more source moves to the 3-cycle): the sink check refutes the graph at once, where a search
/// node by node would try the 2^40 kernels of the 2-cycles first. Also an odd cycle with an exit
/// (not a sink) is no obstacle: a graph with a kernel is not refuted by a part that has none.
#[test]
fn only_sink_components_are_searched_on_their_own() {
    let k = 40u32;
    let mut arcs: Vec<(u32, u32)> = (0..k).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]).collect();
    // Sources 2k .. 3k-2 join neighbouring 2-cycles; source 3k - 1 moves to 2-cycle 0 and to the
    // 3-cycle 3k, 3k + 1, 3k + 2.
    arcs.extend((0..k - 1).flat_map(|i| [(2 * k + i, 2 * i), (2 * k + i, 2 * i + 2)]));
    let (x, t) = (3 * k - 1, 3 * k);
    arcs.extend([(x, 0), (x, t), (t, t + 1), (t + 1, t + 2), (t + 2, t)]);
    let g = DiGraph::<(), ()>::from_edges(arcs.iter().copied());
    assert_eq!(kernels(&g, 1, 100_000).unwrap(), KernelList { kernels: vec![], complete: true });
    assert_eq!(count_kernels(&g, 100_000).unwrap(), BigUint::ZERO);
    // The 3-cycle's node t + 2 also moves to a new terminal node: t, t + 1, t + 2 is no longer a
    // sink, and {terminal, t + 1} meets it in a kernel of the graph with each 2-cycle's choice.
    let end = t + 3;
    arcs.push((t + 2, end));
    let g = DiGraph::<(), ()>::from_edges(arcs);
    let first = kernels(&g, 1, 100_000).unwrap();
    assert_eq!(first.kernels.len(), 1);
    assert!(is_kernel(&g, &(0..=end as usize).map(|v| first.kernels[0].contains(&v)).collect::<Vec<_>>()));
}
