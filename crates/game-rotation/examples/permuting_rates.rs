//! Success rate and steps of the `permuting` local search (R6) for even n, over 20 seeds each.
//!
//! Run: `cargo run --release -p game-rotation --example permuting_rates -- [max_n] [max_steps]`.

use game_rotation::{Puzzle, permuting};
use std::time::Instant;

fn main() -> Result<(), game_rotation::RotationError> {
    let mut args = std::env::args().skip(1);
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let max_steps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1 << 20);
    for n in (20..=max_n).step_by(20) {
        let puzzle = Puzzle::new(n)?;
        let start = Instant::now();
        let mut failures = 0;
        let mut steps_needed: Vec<u64> = Vec::new();
        for seed in 0..20 {
            // Steps needed: the smallest power-of-two budget that succeeds (cheap bisection).
            match permuting(&puzzle, seed, max_steps) {
                Ok(_) => {
                    let mut budget = 1u64;
                    while permuting(&puzzle, seed, budget).is_err() {
                        budget *= 2;
                    }
                    steps_needed.push(budget);
                }
                Err(_) => failures += 1,
            }
        }
        steps_needed.sort_unstable();
        let median = steps_needed.get(steps_needed.len() / 2).copied().unwrap_or(0);
        let worst = steps_needed.last().copied().unwrap_or(0);
        println!(
            "n = {n:4}: {failures:2}/20 gave up; steps (power-of-two bound) median {median}, worst {worst}; {:?}",
            start.elapsed()
        );
    }
    Ok(())
}
