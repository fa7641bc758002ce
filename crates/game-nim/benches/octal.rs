//! Octal Grundy values: the rare/common kernel over narrow cells against the plain O(n^2)
//! definition (the `baseline plain` benchmark) in the same run, for Kayles (0.77), Dawson's chess
//! (0.137), 0.16 and Officers (0.6).
//!
//! Each group `octal CODE` has:
//! * `baseline plain to 20000` — the group's baseline, [`OctalGame::grundy_values_plain`];
//! * `sparse to 20000` — the rare/common kernel alone, without the period shortcut;
//! * `narrow table to 2^18` — [`OctalGame::grundy_table_within`] (narrow cells, kernel and
//!   period shortcut), the method `scripts/bench-octal.sh` times against other programs.
//!
//! The group `octal frequencies 0.161` measures what counting the frequencies at every power of
//! two costs on top of the table: `baseline observed table to 2^18`
//! ([`OctalGame::grundy_table_observed`], the same chunks) against `frequencies at powers to
//! 2^18` ([`OctalGame::frequencies_at_powers_of_two`]).
//!
//! The group `octal shift 0.776 4.44` measures [`game_nim::shift_proven_by_options`] (a proof
//! that 0.776 at heap n is 4.44 at heap n + 1, for every n) against `baseline plain shifted to
//! 1000`: both codes' values by the definition compared on 1000 heaps, which proves nothing.
//!
//! Run: `cargo xtask bench --bench octal` (ratios to the baseline per heap, written to
//! BENCHMARKS.md), or `cargo bench -p game-nim --bench octal`.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_nim::{Limits, OctalGame, shift_proven_by_options};

const BIG_N: u64 = 1 << 18;
const PLAIN_N: usize = 20_000;
const CODES: [&str; 4] = ["0.77", "0.137", "0.16", "0.6"];

fn octal(c: &mut Criterion) {
    for code in CODES {
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
        group.throughput(Throughput::Elements(BIG_N + 1));
        group.bench_function("narrow table to 2^18", |b| {
            b.iter(|| {
                black_box(game.grundy_table_within(black_box(BIG_N), &Limits::UNLIMITED).expect("in range"))
            })
        });
        group.finish();
    }
    let game: OctalGame = "0.161".parse().expect("valid code");
    let mut group = c.benchmark_group("octal frequencies 0.161");
    group.sample_size(10);
    group.throughput(Throughput::Elements(BIG_N + 1));
    let go = |_| ControlFlow::Continue(());
    group.bench_function("baseline observed table to 2^18", |b| {
        b.iter(|| {
            black_box(
                game.grundy_table_observed(BIG_N, &Limits::UNLIMITED, &mut go.clone()).expect("in range"),
            )
        })
    });
    group.bench_function("frequencies at powers to 2^18", |b| {
        b.iter(|| {
            let mut files = 0;
            game.frequencies_at_powers_of_two(18, &Limits::UNLIMITED, &mut go.clone(), &mut |p| {
                files += black_box(p).frequencies.len()
            })
            .expect("in range");
            files
        })
    });
    group.finish();

    let (smaller, larger): (OctalGame, OctalGame) =
        ("0.776".parse().expect("valid code"), "4.44".parse().expect("valid code"));
    let mut group = c.benchmark_group("octal shift 0.776 4.44");
    group.sample_size(10);
    group.bench_function("baseline plain shifted to 1000", |b| {
        b.iter(|| {
            let a = smaller.grundy_values_plain(black_box(1000)).expect("in range");
            let b = larger.grundy_values_plain(black_box(1001)).expect("in range");
            (0..=1000).all(|n| a[n] == b[n + 1])
        })
    });
    group.bench_function("options rule", |b| {
        b.iter(|| shift_proven_by_options(black_box(&smaller), black_box(&larger), 1).expect("a valid shift"))
    });
    group.finish();
}

criterion_group!(benches, octal);
criterion_main!(benches);
