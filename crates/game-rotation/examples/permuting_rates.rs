//! Success rate, steps and time of the `permuting` local search (R6) for even n, over several
//! seeds each.
//!
//! Run: `cargo run --release -p game-rotation --example permuting_rates -- [n,n,...] [seeds]
//! [max_steps]` (default: 40,100,200,400,1000, 10 seeds, 2^26 steps).

use game_rotation::{Puzzle, permuting};
use std::time::Instant;

fn main() -> Result<(), game_rotation::RotationError> {
    let mut args = std::env::args().skip(1);
    let sizes: Vec<usize> = args
        .next()
        .map(|a| a.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![40, 100, 200, 400, 1000]);
    let seeds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let max_steps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1 << 26);
    for n in sizes {
        let puzzle = Puzzle::new(n)?;
        let mut solved = 0;
        let mut slowest = std::time::Duration::ZERO;
        let start = Instant::now();
        for seed in 0..seeds {
            let one = Instant::now();
            if let Ok(solution) = permuting(&puzzle, seed, max_steps) {
                assert!(game_rotation::is_sequencing(n, &solution));
                solved += 1;
            }
            slowest = slowest.max(one.elapsed());
        }
        println!(
            "n = {n:5}: solved {solved}/{seeds}; mean {:?}, slowest {slowest:?}",
            start.elapsed() / seeds.max(1) as u32
        );
    }
    Ok(())
}
