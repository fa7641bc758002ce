//! Misère quotients: Kayles (0.77) to its proof at heap 169 and Dawson's Kayles (0.07) to heap
//! 26, against the `baseline` of the same partial quotients checked by brute force.
//!
//! Run: `cargo bench -p game-misere --bench quotient`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_misere::{Limits, OctalCode, quotient_of};

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere quotient");
    group.sample_size(10);
    let kayles: OctalCode = "0.77".parse().expect("valid code");
    group.bench_function("baseline 0.77 to heap 30", |b| {
        b.iter(|| {
            black_box(quotient_of(&kayles, Limits { max_heap: 30, ..Limits::default() }).expect("solves"))
        })
    });
    group.bench_function("0.77 to the proof", |b| {
        b.iter(|| black_box(quotient_of(&kayles, Limits::default()).expect("solves")))
    });
    group.finish();
}

criterion_group!(benches, quotients);
criterion_main!(benches);
