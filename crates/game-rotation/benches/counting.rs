//! Counting sequencings of Z_n: the two-ended kernel (the default) against the one-ended
//! kernel it replaced, both on rayon's pool with every symmetry they use, and the plain
//! backtracking baseline (one thread, no symmetry) where it is fast enough. Read the ratios of
//! one run: `cargo bench -p game-rotation --bench counting`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_rotation::{CountMethod, CountOptions, Puzzle, count_sequencings_baseline, count_solutions};

fn count_by(method: CountMethod, n: usize) -> u128 {
    let options = CountOptions { method, ..CountOptions::default() };
    count_solutions(&Puzzle::new(n).expect("even n"), &options, None).expect("n <= 64").total
}

/// The measure: the two-ended kernel against the one-ended kernel it replaced.
fn kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_sequencings");
    group.sample_size(10);
    for n in [14usize, 16] {
        group.bench_with_input(BenchmarkId::new("baseline-one-ended", n), &n, |b, &n| {
            b.iter(|| count_by(CountMethod::OneEnded, n))
        });
        group.bench_with_input(BenchmarkId::new("two-ended", n), &n, |b, &n| {
            b.iter(|| count_by(CountMethod::TwoEnded, n))
        });
    }
    group.finish();
}

/// Against plain backtracking (`Vec<bool>` sets, no symmetry, one thread).
fn plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_sequencings_plain");
    group.sample_size(10);
    for n in [12usize, 14] {
        group.bench_with_input(BenchmarkId::new("baseline", n), &n, |b, &n| {
            b.iter(|| count_sequencings_baseline(n).expect("even n"))
        });
        group.bench_with_input(BenchmarkId::new("two-ended", n), &n, |b, &n| {
            b.iter(|| count_by(CountMethod::TwoEnded, n))
        });
    }
    group.finish();
}

criterion_group!(benches, kernels, plain);
criterion_main!(benches);
