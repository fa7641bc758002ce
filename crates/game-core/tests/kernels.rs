//! Kernels of arbitrary digraphs against exhaustive search over all subsets (seed digest,
//! "Common ground": kernels; a 3-cycle has none, an even cycle two), and the DOT export.

// Nodes are numbers 0..n and several per-node tables are read at once: index loops are clearer.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{Digraph, arb_digraph, exhaustive_kernels, naive_is_kernel};
use game_core::{is_kernel, kernels, p_positions, to_dot};
use petgraph::graph::DiGraph;
use proptest::prelude::*;

fn cycle(n: u32) -> DiGraph<(), ()> {
    DiGraph::from_edges((0..n).map(|i| (i, (i + 1) % n)))
}

proptest! {
    /// `kernels` returns exactly the kernels found by trying all 2^n subsets, in the documented
    /// order (lexicographic in the membership vectors, members first).
    #[test]
    fn kernels_equal_the_exhaustive_subset_search(d in arb_digraph(14)) {
        let mut expected = exhaustive_kernels(&d);
        expected.sort_by_key(|k| (0..d.n).map(|i| !k.contains(&i)).collect::<Vec<bool>>());
        let found = kernels(&d.graph(), usize::MAX);
        prop_assert_eq!(&found, &expected);
        // The cap returns a prefix.
        for cap in 0..=expected.len() {
            prop_assert_eq!(&kernels(&d.graph(), cap)[..], &expected[..cap]);
        }
        if d.is_acyclic() {
            prop_assert_eq!(found, vec![p_positions(&d.graph()).unwrap()], "acyclic: one kernel");
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

#[test]
fn odd_cycles_have_no_kernel_even_cycles_exactly_two() {
    assert!(kernels(&cycle(3), usize::MAX).is_empty(), "the directed triangle has no kernel");
    for n in 1..=15u32 {
        let found = kernels(&cycle(n), usize::MAX);
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
    let found = kernels(&g, usize::MAX);
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
    assert_eq!(kernels(&g, usize::MAX), vec![vec![0, 3]]);
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
    let found = kernels(&g, usize::MAX);
    assert_eq!(found, vec![p_positions(&g).unwrap()]);
    // Seed 002, Y2: the first safe pairs (1,2), (3,5), (4,7) are in it, with their mirrors.
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4)] {
        assert!(found[0].contains(&(id(x, y) as usize)), "({x}, {y})");
    }
}
