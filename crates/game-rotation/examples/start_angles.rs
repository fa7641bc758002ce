//! R9: for which start angles of the blue pins can the puzzle be solved? Prints the number of
//! solutions for every start angle `a` (the disc's blue pin in disc slot `a`) for even n up to
//! `max_count_n`, and beyond that, up to `max_search_n`, one solution by `find_solution` for
//! every angle `a != 0` (from a sequencing starting with `n - a` for n > 40), with the slowest.
//!
//! Run: `cargo run --release -p game-rotation --example start_angles -- [max_count_n] [max_search_n]`.

use game_rotation::{Puzzle, RotationError, count_by_start_angle, find_solution};
use std::time::{Duration, Instant};

fn main() -> Result<(), RotationError> {
    let arg =
        |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (max_count_n, max_search_n) = (arg(1, 14), arg(2, 40));
    for n in (2..=max_count_n).step_by(2) {
        let counts = count_by_start_angle(n)?;
        let unsolvable: Vec<usize> = (0..n).filter(|&a| counts[a] == 0).collect();
        let listed: Vec<String> = counts.iter().map(u128::to_string).collect();
        println!(
            "n = {n:2}: by angle 0..{}: {}; no solution for a in {unsolvable:?}",
            n - 1,
            listed.join(" ")
        );
    }
    for n in (max_count_n + 2..=max_search_n).step_by(2) {
        let mut unsolved = Vec::new();
        let mut slowest = (Duration::ZERO, 0);
        for a in 1..n {
            let puzzle = Puzzle::new(n)?.with_blue_slot(a)?;
            let start = Instant::now();
            match find_solution(&puzzle, 1, 100_000_000) {
                Ok(solution) => puzzle.verify(&solution)?,
                Err(_) => unsolved.push(a),
            }
            slowest = slowest.max((start.elapsed(), a));
        }
        println!(
            "n = {n:3}: a solution for every angle a = 1..{} except {unsolved:?}; slowest a = {} in {:?}",
            n - 1,
            slowest.1,
            slowest.0
        );
    }
    Ok(())
}
