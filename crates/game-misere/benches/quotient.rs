//! Misère quotients and the outcomes read from them.
//!
//! * group `misere quotient`: `baseline 0.77 to heap 30` (the partial quotients up to the last
//!   change of order, 27), then Kayles to its proof at heap 169 and Dawson's Kayles (0.07) to
//!   heap 26 (order 144);
//! * group `misere outcome`: `baseline explicit graph` — the misère outcomes of every sum of
//!   Kayles heaps with total at most 24 on game-core's explicit graph — against the same
//!   outcomes read from the quotient (one table look-up per heap).
//!
//! Run: `cargo bench -p game-misere --bench quotient`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::{Game, explore, misere_outcomes};
use game_misere::{Limits, OctalCode, quotient_of};

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere quotient");
    group.sample_size(10);
    let kayles: OctalCode = "0.77".parse().expect("valid code");
    let dawson: OctalCode = "0.07".parse().expect("valid code");
    group.bench_function("baseline 0.77 to heap 30", |b| {
        b.iter(|| {
            black_box(quotient_of(&kayles, Limits { max_heap: 30, ..Limits::default() }).expect("solves"))
        })
    });
    group.bench_function("0.77 to the proof", |b| {
        b.iter(|| black_box(quotient_of(&kayles, Limits::default()).expect("solves")))
    });
    group.bench_function("0.07 to heap 26", |b| {
        b.iter(|| {
            black_box(quotient_of(&dawson, Limits { max_heap: 26, ..Limits::default() }).expect("solves"))
        })
    });
    group.finish();
}

/// Every sorted list of heaps 1..=total with sum at most `total`.
fn sums(total: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    let mut i = 0;
    while i < out.len() {
        let current = out[i].clone();
        let sum: u64 = current.iter().sum();
        for h in current.last().copied().unwrap_or(1)..=total - sum {
            let mut next = current.clone();
            next.push(h);
            out.push(next);
        }
        i += 1;
    }
    out
}

fn outcomes(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere outcome");
    group.sample_size(10);
    let positions = sums(24);
    let game = Kayles;
    let (q, _) =
        quotient_of("0.77".parse::<OctalCode>().expect("valid code"), Limits::default()).expect("solves");
    group.bench_function("baseline explicit graph, sums to 24", |b| {
        b.iter(|| {
            let graph = explore(&game, positions.clone(), 10_000_000).expect("fits");
            black_box(misere_outcomes(&graph.graph).expect("acyclic"))
        })
    });
    group.bench_function("quotient, sums to 24", |b| {
        b.iter(|| black_box(positions.iter().map(|p| q.outcome(p).expect("covered")).collect::<Vec<_>>()))
    });
    group.finish();
}

/// Kayles as a game-core game on sorted heap lists: take 1 or 2 counters, leaving 0, 1 or 2
/// heaps.
struct Kayles;

impl Game for Kayles {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for take in 1..=h.min(2) {
                let rest = h - take;
                for a in 0..=rest / 2 {
                    let mut next: Vec<u64> =
                        heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                    next.extend([a, rest - a].into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

criterion_group!(benches, quotients, outcomes);
criterion_main!(benches);
