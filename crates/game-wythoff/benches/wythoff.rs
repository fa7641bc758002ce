//! (a) `is_p_position` on random u64 pairs beside the (wrong) f64 formula;
//! (b) the Grundy table with bitsets beside the naive O(N^3) mex scan.
//!
//! Each group's baseline is the benchmark named `baseline_...`. Results: `cargo xtask bench --bench
//! wythoff` (a page like BENCHMARKS.md), or `cargo bench -p game-wythoff --bench wythoff`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_wythoff::{grundy_table, is_p_position, naive_grundy_table, p_pair};

/// SplitMix64: a fixed, dependency-free stream of pseudo-random u64 values.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The textbook float test; wrong from d = 102_334_155 on, here only as the cost baseline.
#[inline]
fn is_p_position_f64(x: u64, y: u64) -> bool {
    const PHI: f64 = 1.618_033_988_749_895;
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let d = large - small;
    ((d as f64) * PHI).floor() as u64 == small
}

fn queries(count: usize) -> Vec<(u64, u64)> {
    let mut state = 42;
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                // Random pairs (almost all N-positions) ...
                (split_mix(&mut state), split_mix(&mut state))
            } else {
                // ... and random P-positions over the whole range, in both orders.
                let n = split_mix(&mut state) % game_wythoff::MAX_PAIR_INDEX;
                let (a, b) = p_pair(n).expect("n is at most MAX_PAIR_INDEX");
                if i % 4 == 1 { (a, b) } else { (b, a) }
            }
        })
        .collect()
}

fn bench_is_p_position(c: &mut Criterion) {
    let pairs = queries(4096);
    let mut group = c.benchmark_group("is_p_position");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("exact_u64", |b| {
        b.iter(|| black_box(&pairs).iter().filter(|&&(x, y)| is_p_position(x, y)).count())
    });
    group.bench_function("baseline_f64", |b| {
        b.iter(|| black_box(&pairs).iter().filter(|&&(x, y)| is_p_position_f64(x, y)).count())
    });
    group.finish();
}

fn bench_grundy(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy_table");
    group.sample_size(10);
    for side in [512usize, 2048, 4096] {
        group.throughput(Throughput::Elements((side * side) as u64));
        group.bench_with_input(BenchmarkId::new("bitsets", side), &side, |b, &side| {
            b.iter(|| grundy_table(black_box(side)).expect("side within limit"))
        });
    }
    // The O(N^3) scan is far too slow at 2048/4096; compare per cell at equal N = 512.
    group.throughput(Throughput::Elements(512 * 512));
    group.bench_with_input(BenchmarkId::new("baseline_naive_mex_scan", 512), &512usize, |b, &side| {
        b.iter(|| naive_grundy_table(black_box(side)).expect("side within limit"))
    });
    group.finish();
}

criterion_group!(benches, bench_is_p_position, bench_grundy);
criterion_main!(benches);
