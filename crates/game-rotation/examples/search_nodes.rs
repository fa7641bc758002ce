//! Nodes and time of `backtracking_search` (R3: Warnsdorff's rule with restarts, no
//! construction) for every even n in a range.
//!
//! Run: `cargo run --release -p game-rotation --example search_nodes -- [max_n] [seed]`
//! (default 100, seed 1).

use game_rotation::{backtracking_search, is_sequencing};
use std::time::Instant;

fn main() -> Result<(), game_rotation::RotationError> {
    let mut args = std::env::args().skip(1);
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let mut total = 0u64;
    for n in (4..=max_n).step_by(2) {
        let one = Instant::now();
        let (solution, nodes) = backtracking_search(n, seed, 1 << 26)?;
        assert!(is_sequencing(n, &solution));
        total += nodes;
        println!("n = {n:4}: {nodes:9} nodes, {:?}", one.elapsed());
    }
    println!("all: {total} nodes, {:?}", start.elapsed());
    Ok(())
}
