//! Counting sequencings of Z_n: the optimised counter against the plain backtracking baseline.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_rotation::{count_sequencings, count_sequencings_baseline};

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_sequencings");
    group.sample_size(10);
    for n in [12usize, 14] {
        group.bench_with_input(BenchmarkId::new("baseline", n), &n, |b, &n| {
            b.iter(|| count_sequencings_baseline(n).expect("even n"))
        });
        group.bench_with_input(BenchmarkId::new("optimised", n), &n, |b, &n| {
            b.iter(|| count_sequencings(n).expect("even n"))
        });
    }
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);
