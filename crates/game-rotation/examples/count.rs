//! Counts the solutions of the rotation puzzle, with progress on stderr.
//!
//! `cargo run --release -p game-rotation --example count -- 18 [i/N]`

use std::time::Instant;

use game_rotation::{CountOptions, Progress, Puzzle, RotationError, Shard, count_solutions};

fn main() -> Result<(), RotationError> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let shard: Shard = match args.next() {
        Some(text) => text.parse()?,
        None => Shard::ALL,
    };
    let step = std::sync::atomic::AtomicUsize::new(0);
    let progress = |p: Progress| {
        // About 20 lines per count.
        let every = (p.total / 20).max(1);
        if p.done.is_multiple_of(every) && step.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < 25 {
            eprintln!("  {} / {} tasks", p.done, p.total);
        }
    };
    let start = Instant::now();
    let options = CountOptions { shard, ..CountOptions::default() };
    let report = count_solutions(&Puzzle::new(n)?, &options, Some(&progress))?;
    println!(
        "n = {n}, shard {}/{}: {} solutions ({} tasks) in {:.2?}",
        shard.index(),
        shard.count(),
        report.total,
        report.tasks,
        start.elapsed()
    );
    Ok(())
}
