//! Grundy values of Wythoff's game on a 300 x 300 board (seed 000, Laeuchli's lattice game):
//! 90 000 positions and about 3.6 * 10^7 moves, in edges per second.
//!
//! `game_core::grundy_values` is measured on two petgraph representations of the same graph, a
//! `DiGraph` (adjacency lists as linked lists of 16-byte edges) and a `csr::Csr` (compressed
//! sparse rows, 4 bytes per arc), beside a plain baseline on a `Vec<Vec<u32>>` adjacency that
//! exploits what the generic code cannot know: node numbers are already a topological order
//! (every move lowers x * SIDE + y), so it needs no search and no check for cycles.
//! A fourth line measures only walking the `DiGraph`'s successor lists once: the floor for any
//! analysis of that representation.
//!
//! Run: `cargo bench -p game-core --bench grundy -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use petgraph::csr::Csr;
use petgraph::graph::{DiGraph, NodeIndex};

/// Side of the board: positions (x, y) with 0 <= x, y < SIDE.
const SIDE: u32 = 300;

/// Moves of Wythoff's game on the board, node `x * SIDE + y`: left along the row, down the
/// column, down-left along the diagonal. Every option has a smaller node number.
fn wythoff_board(side: u32) -> Vec<Vec<u32>> {
    let id = |x: u32, y: u32| x * side + y;
    let mut options = Vec::with_capacity((side * side) as usize);
    for x in 0..side {
        for y in 0..side {
            let mut moves = Vec::with_capacity((x + y + x.min(y)) as usize);
            moves.extend((0..x).map(|x2| id(x2, y)));
            moves.extend((0..y).map(|y2| id(x, y2)));
            moves.extend((1..=x.min(y)).map(|k| id(x - k, y - k)));
            // Ascending, as a compressed sparse row graph needs; the same order for every variant.
            moves.sort_unstable();
            options.push(moves);
        }
    }
    options
}

/// The baseline: mex over the options, nodes in index order (a topological order here).
fn baseline_grundy(options: &[Vec<u32>]) -> Vec<u32> {
    let mut values = vec![0u32; options.len()];
    // seen[v] == u  <=>  value v occurs among the options of node u.
    let mut seen = vec![u32::MAX; options.len() + 1];
    for (u, moves) in options.iter().enumerate() {
        let stamp = u as u32;
        for &w in moves {
            seen[values[w as usize] as usize] = stamp;
        }
        let mut mex = 0;
        while seen[mex] == stamp {
            mex += 1;
        }
        values[u] = mex as u32;
    }
    values
}

fn grundy(c: &mut Criterion) {
    let options = wythoff_board(SIDE);
    let edges: usize = options.iter().map(Vec::len).sum();
    assert!(edges >= 10_000_000, "the benchmark promises at least 10^7 edges, has {edges}");
    let mut graph = DiGraph::<(), ()>::with_capacity(options.len(), edges);
    for _ in 0..options.len() {
        graph.add_node(());
    }
    for (u, moves) in options.iter().enumerate() {
        for &w in moves {
            graph.add_edge(NodeIndex::new(u), NodeIndex::new(w as usize), ());
        }
    }

    let sorted_arcs: Vec<(u32, u32)> =
        options.iter().enumerate().flat_map(|(u, moves)| moves.iter().map(move |&w| (u as u32, w))).collect();
    let csr = Csr::<(), ()>::from_sorted_edges(&sorted_arcs).expect("arcs are sorted by source, then target");
    drop(sorted_arcs);

    // All computations must agree, and with Wythoff's P-positions (seed 002, Y2: (1,2), (3,5)).
    let expected = baseline_grundy(&options);
    assert_eq!(game_core::grundy_values(&graph).unwrap(), expected);
    assert_eq!(game_core::grundy_values(&csr).unwrap(), expected);
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (6, 10)] {
        assert_eq!(expected[(x * SIDE + y) as usize], 0, "({x}, {y}) is a P-position");
    }
    assert_ne!(expected[(2 * SIDE + 2) as usize], 0);

    let mut group = c.benchmark_group(format!("wythoff_{SIDE}x{SIDE}_grundy"));
    group.throughput(Throughput::Elements(edges as u64));
    group.sample_size(10);
    group.bench_function("baseline_vec_vec_u32", |b| b.iter(|| baseline_grundy(black_box(&options))));
    group.bench_function("game_core_grundy_values_digraph", |b| {
        b.iter(|| game_core::grundy_values(black_box(&graph)).unwrap())
    });
    // The floor for any analysis of a DiGraph: one walk over every node's successor list, which
    // petgraph keeps as a linked list of 16-byte edges (one dependent load per arc).
    group.bench_function("floor_digraph_successor_walk_only", |b| {
        b.iter(|| {
            let g = black_box(&graph);
            g.node_indices().map(|u| g.neighbors(u).map(|w| w.index()).sum::<usize>()).sum::<usize>()
        })
    });
    group.bench_function("game_core_grundy_values_csr", |b| {
        b.iter(|| game_core::grundy_values(black_box(&csr)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, grundy);
criterion_main!(benches);
