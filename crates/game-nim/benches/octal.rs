//! Octal Grundy values per second to 10^6 for Kayles (0.77), Dawson's Kayles (0.07) and 0.6,
//! beside the plain O(n^2) definition in the same run (at n = 20 000: it is quadratic, 10^6
//! would take minutes).
//!
//! Three methods per game: `baseline plain` (every split, O(n^2): each group's baseline),
//! `sparse` (the rare/common method alone) and `grundy_values` (sparse plus the Guy-Smith
//! periodicity shortcut).
//!
//! Run: `cargo xtask bench --bench octal` (ratios to the baseline per element, elements = heap
//! sizes computed), or `cargo bench -p game-nim --bench octal`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_nim::OctalGame;
use std::hint::black_box;

const BIG_N: usize = 1_000_000;
const PLAIN_N: usize = 20_000;

fn octal(c: &mut Criterion) {
    for code in ["0.77", "0.07", "0.6"] {
        let game: OctalGame = code.parse().expect("valid code");
        let mut group = c.benchmark_group(format!("octal {code}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(PLAIN_N as u64 + 1));
        group.bench_function(format!("baseline plain to {PLAIN_N}"), |b| {
            b.iter(|| black_box(game.grundy_values_plain(black_box(PLAIN_N)).expect("in range")))
        });
        group.bench_function(format!("sparse to {PLAIN_N}"), |b| {
            b.iter(|| black_box(game.grundy_values_sparse(black_box(PLAIN_N)).expect("in range")))
        });
        group.throughput(Throughput::Elements(BIG_N as u64 + 1));
        // Dawson's Kayles has a rare P-position in every period, so its rare heaps grow linearly
        // and the sparse method alone is quadratic there: only the periodic shortcut is run.
        if code != "0.07" {
            group.bench_function(format!("sparse to {BIG_N}"), |b| {
                b.iter(|| black_box(game.grundy_values_sparse(black_box(BIG_N)).expect("in range")))
            });
        }
        group.bench_function(format!("grundy_values to {BIG_N}"), |b| {
            b.iter(|| black_box(game.grundy_values(black_box(BIG_N)).expect("in range")))
        });
        group.finish();
    }
}

criterion_group!(benches, octal);
criterion_main!(benches);
