//! The work of three calls of the Python package done through the Rust API directly, for
//! `benchmarks/builtins.py`, which times the Python calls and compares: the values of octal
//! 0.6 to heap 2^20 (`Octal("0.6").values(2**20)`), Cram 4 x 9 (`cram(4, 9)`) and the misère
//! quotient of 0.77 (`misere_quotient("0.77")`), each with the limits the Python call uses
//! by default. Prints one line per computation: its name and the median seconds of `REPEATS`
//! runs (process CPU time is not in std; wall time, on a machine the caller keeps quiet).
//!
//! `cargo run --release -p impartial-games-py --example rust_api_timings`

use std::ops::ControlFlow;
use std::time::Instant;

use game_core::search::{Search, SearchLimits};
use game_misere::{OctalCode, QuotientSolver};
use game_nim::OctalGame;
use game_placement::{Cram, CramBoard};

/// Runs of each computation; the median is printed.
const REPEATS: usize = 3;

/// The Python package's default budget, 4096 MiB.
const MEMORY: u64 = 4096 << 20;

fn median_seconds<T>(mut run: impl FnMut() -> T) -> f64 {
    let mut seconds: Vec<f64> = (0..REPEATS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(run());
            start.elapsed().as_secs_f64()
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    seconds[REPEATS / 2]
}

fn main() {
    let octal: OctalGame = "0.6".parse().expect("a code");
    // The Python call's limits: 4096 MiB and 5 * 10^9 steps (heaps.rs, OCTAL_STEPS).
    let limits = game_nim::Limits { max_bytes: u128::from(MEMORY), max_steps: 5_000_000_000 };
    let seconds = median_seconds(|| {
        let table = octal.grundy_table_observed(1 << 20, &limits, &mut |_| ControlFlow::Continue(()));
        table.expect("the values").to_vec()
    });
    println!("octal 0.6 to 2^20\t{seconds:.6}");

    let board = CramBoard::empty(4, 9).expect("a board");
    let seconds = median_seconds(|| {
        let mut search = Search::new(&Cram, SearchLimits::new(MEMORY as usize, u64::MAX)).expect("a search");
        search.nimber(&board).expect("the nimber")
    });
    println!("cram 4 x 9\t{seconds:.6}");

    let kayles: OctalCode = "0.77".parse().expect("a code");
    // The Python call's limits: heaps to 1000, 2 * 10^9 steps (misere.rs).
    let limits = game_misere::Limits {
        max_heap: 1000,
        memory_bytes: u128::from(MEMORY),
        effort: 2_000_000_000,
        ..game_misere::Limits::default()
    };
    let seconds =
        median_seconds(|| QuotientSolver::new(kayles.clone(), limits).run(|_, _| {}).expect("the quotient"));
    println!("misere quotient 0.77\t{seconds:.6}");
}
