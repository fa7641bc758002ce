//! Solves the white-pin puzzle for every slot of every even n in a range with [`solve`], and
//! prints the slowest slot per n. Run:
//! `cargo run --release -p game-rotation --example white_pin_all -- [from_n] [to_n] [step]`.

use game_rotation::{Puzzle, RotationError, solve, white_slot_of};
use std::time::{Duration, Instant};

fn main() -> Result<(), RotationError> {
    let arg =
        |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (from, to, step) = (arg(1, 14), arg(2, 200), arg(3, 2));
    for n in (from..=to).step_by(step.max(2)) {
        let start = Instant::now();
        let (mut solved, mut failed) = (0, Vec::new());
        let mut worst = (Duration::ZERO, 0);
        for w in (0..n).filter(|&w| w != n / 2) {
            let puzzle = Puzzle::new(n)?.with_white_pin(w)?;
            let t = Instant::now();
            match solve(&puzzle, 1, 1_000_000) {
                Ok(s) if white_slot_of(n, &s) == Some(w) => solved += 1,
                Ok(_) => failed.push((w, "wrong slot".to_string())),
                Err(e) => failed.push((w, e.to_string())),
            }
            worst = worst.max((t.elapsed(), w));
        }
        println!(
            "n = {n:3}: {solved} of {} white slots solved; slowest w = {} in {:?}; all {:?}; failed {failed:?}",
            n - 1,
            worst.1,
            worst.0,
            start.elapsed()
        );
    }
    Ok(())
}
