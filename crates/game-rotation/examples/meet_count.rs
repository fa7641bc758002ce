//! Counts sequencings of Z_n by meeting in the middle (the second counter), with its time and
//! memory estimate.
//!
//! Run: `cargo run --release -p game-rotation --example meet_count -- N [budget_MiB]`
//! (default budget 4096 MiB).

use game_rotation::count_sequencings_meet_in_middle;
use std::time::Instant;

fn main() -> Result<(), game_rotation::RotationError> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let budget_mib: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4096);
    let start = Instant::now();
    let report = count_sequencings_meet_in_middle(n, budget_mib << 20)?;
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{{\"n\": {n}, \"count\": {}, \"seconds\": {seconds:.1}, \"parts\": {}, \"largest_table\": {}, \"estimated_bytes\": {}, \"leaves\": {}}}",
        report.total, report.parts, report.largest_table, report.estimated_bytes, report.leaves
    );
    Ok(())
}
