//! Octal Grundy values: the rare/common kernel over narrow cells against the plain O(n^2)
//! definition (the `plain` baseline) in the same run, for Kayles (0.77), Dawson's chess
//! (0.137), 0.16 and Officers (0.6).
//!
//! Each group `octal CODE` has:
//! * `plain to 20000` — the baseline, [`OctalGame::grundy_values_plain`];
//! * `sparse to 20000` — the rare/common kernel alone, without the period shortcut;
//! * `narrow table to 2^18` — [`OctalGame::grundy_table_within`] (narrow cells, kernel and
//!   period shortcut), the method `scripts/bench-octal.sh` times against other programs.
//!
//! Before the groups, one timed run of `plain` and `sparse` to 20000 per code prints the ratio
//! `plain / sparse` on one line (the speed-up over the baseline, same run, same machine).
//!
//! Run: `cargo bench -p game-nim --bench octal -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_nim::{Limits, OctalGame};

const BIG_N: u64 = 1 << 18;
const PLAIN_N: usize = 20_000;
const CODES: [&str; 4] = ["0.77", "0.137", "0.16", "0.6"];

/// The least of three timed runs.
fn best_of_three(run: impl Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .expect("three runs")
}

fn octal(c: &mut Criterion) {
    for code in CODES {
        let game: OctalGame = code.parse().expect("valid code");
        let plain = best_of_three(|| {
            black_box(game.grundy_values_plain(black_box(PLAIN_N)).expect("in range"));
        });
        let sparse = best_of_three(|| {
            black_box(game.grundy_values_sparse(black_box(PLAIN_N)).expect("in range"));
        });
        println!(
            "octal {code} to {PLAIN_N}: plain {:.3} ms, sparse {:.3} ms, plain / sparse = {:.1}",
            plain.as_secs_f64() * 1e3,
            sparse.as_secs_f64() * 1e3,
            plain.as_secs_f64() / sparse.as_secs_f64()
        );
    }
    for code in CODES {
        let game: OctalGame = code.parse().expect("valid code");
        let mut group = c.benchmark_group(format!("octal {code}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(PLAIN_N as u64 + 1));
        group.bench_function(format!("plain to {PLAIN_N}"), |b| {
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
}

criterion_group!(benches, octal);
criterion_main!(benches);
