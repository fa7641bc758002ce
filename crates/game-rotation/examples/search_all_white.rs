//! Times `find_solution` for every white-pin slot (and none) at even n, one seed each, and
//! names the slots where the search gave up.
//!
//! Run: `cargo run --release -p game-rotation --example search_all_white -- [from_n] [to_n] [step]`.

use game_rotation::{Puzzle, RotationError, find_solution};
use std::time::Instant;

fn main() -> Result<(), RotationError> {
    let arg =
        |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (from, to, step) = (arg(1, 20), arg(2, 200), arg(3, 20));
    for n in (from..=to).step_by(step.max(2)) {
        let start = Instant::now();
        let (mut solved, mut impossible, mut gave_up) = (0, 0, Vec::new());
        let mut worst = std::time::Duration::ZERO;
        let mut puzzles = vec![(None, Puzzle::new(n)?)];
        for w in 0..n {
            if let Ok(p) = Puzzle::new(n)?.with_white_pin(w) {
                puzzles.push((Some(w), p));
            }
        }
        for (white, puzzle) in &puzzles {
            let t = Instant::now();
            match find_solution(puzzle, 1, 50_000_000) {
                Ok(_) => solved += 1,
                Err(RotationError::NoSolution { .. }) => impossible += 1,
                Err(_) => gave_up.push(*white),
            }
            worst = worst.max(t.elapsed());
        }
        println!(
            "n = {n:3}: {} puzzles: {solved} solved, {impossible} impossible, gave up on white slots {gave_up:?}; worst {worst:?}; all {:?}",
            puzzles.len(),
            start.elapsed()
        );
    }
    Ok(())
}
