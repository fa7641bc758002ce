//! game-core's search engine on the games of game-placement, each group against a baseline in
//! the same run:
//!
//! * group `cram 3 x 7 and 4 x 6`: `baseline mex` (the plain search: every option of every
//!   component valued) against the pruned search of Beling and Rogalski and the aspiration
//!   search (the CLI's default), all with the crate's components, reductions and symmetries, on
//!   3 x 7 (nimber 1, searched in full) and 4 x 6 (a P-position, which the aspiration search
//!   knows by the symmetry theorem and the other two search);
//! * group `lasker heap 30`: `baseline explicit graph` (game-core's Grundy values on the graph
//!   of every partition reachable from one heap of 30) against the search with heaps as
//!   components;
//! * group `chomp 6 x 7`: `baseline explicit graph` (every Young diagram inside 6 x 7) against
//!   the plain, the pruned and the aspiration search on whole positions (Chomp never falls apart: the
//!   search's gains come from the transposition symmetry and the theorems' outcomes, its cost
//!   from positions asked several questions).
//!
//! Run: `cargo bench -p game-placement --bench search`; `cargo xtask bench` puts the ratios in
//! BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::search::{Search, SearchLimits};
use game_core::{SearchGame, explore, grundy_values};
use game_placement::{Chomp, ChompBoard, Cram, CramBoard, LaskersNim};

/// The value of `position` on game-core's explicit graph.
fn graph_value<G: SearchGame>(game: &G, position: &G::Position) -> u32 {
    let graph = explore(game, [position.clone()], 10_000_000).expect("within the node limit");
    let values = grundy_values(&graph.graph).expect("acyclic");
    values[graph.node(position).expect("the root").index()]
}

fn limits() -> SearchLimits {
    SearchLimits::new(256 << 20, u64::MAX)
}

fn cram(c: &mut Criterion) {
    let mut group = c.benchmark_group("cram 3 x 7 and 4 x 6");
    group.sample_size(10);
    // 3 x 7 has nimber 1 (searched in full); 4 x 6 is a P-position by the theorem for the
    // aspiration search, so the pair measures both paths.
    let boards = [CramBoard::empty(3, 7).expect("fits"), CramBoard::empty(4, 6).expect("fits")];
    group.bench_function("baseline mex", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(
                    Search::new(&Cram, limits()).expect("budget").nimber_by_mex(board).expect("solves"),
                );
            }
        })
    });
    group.bench_function("pruned", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(Search::new(&Cram, limits()).expect("budget").nimber(board).expect("solves"));
            }
        })
    });
    group.bench_function("aspiration", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(
                    Search::new(&Cram, limits())
                        .expect("budget")
                        .nimber_by_aspiration(board)
                        .expect("solves"),
                );
            }
        })
    });
    group.finish();
}

fn lasker(c: &mut Criterion) {
    let mut group = c.benchmark_group("lasker heap 30");
    group.sample_size(10);
    let heap = LaskersNim::position(&[30]);
    group
        .bench_function("baseline explicit graph", |b| b.iter(|| black_box(graph_value(&LaskersNim, &heap))));
    group.bench_function("search", |b| {
        b.iter(|| {
            black_box(Search::new(&LaskersNim, limits()).expect("budget").nimber(&heap).expect("solves"))
        })
    });
    group.finish();
}

fn chomp(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp 6 x 7");
    group.sample_size(10);
    let board = ChompBoard::rectangle(6, 7).expect("fits");
    group.bench_function("baseline explicit graph", |b| b.iter(|| black_box(graph_value(&Chomp, &board))));
    group.bench_function("mex", |b| {
        b.iter(|| {
            black_box(Search::new(&Chomp, limits()).expect("budget").nimber_by_mex(&board).expect("solves"))
        })
    });
    group.bench_function("pruned", |b| {
        b.iter(|| black_box(Search::new(&Chomp, limits()).expect("budget").nimber(&board).expect("solves")))
    });
    group.bench_function("aspiration", |b| {
        b.iter(|| {
            black_box(
                Search::new(&Chomp, limits()).expect("budget").nimber_by_aspiration(&board).expect("solves"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, cram, lasker, chomp);
criterion_main!(benches);
