//! Counts sequencings of Z_n by meeting in the middle (the second counter), with its time and
//! memory estimate; with `--by-start-angle`, the solutions of every start angle (R9) instead,
//! showing the parts done on a terminal.
//!
//! Run: `cargo run --release -p game-rotation --example meet_count -- N [budget_MiB]
//! [--by-start-angle]` (default budget 4096 MiB).

use game_rotation::{Progress, count_sequencings_meet_in_middle, count_start_angles_meet_in_middle};
use std::time::Instant;

fn main() -> Result<(), game_rotation::RotationError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let by_angle = args.iter().any(|a| a == "--by-start-angle");
    let mut numbers = args.iter().filter(|a| !a.starts_with("--"));
    let n: usize = numbers.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let budget_mib: usize = numbers.next().and_then(|a| a.parse().ok()).unwrap_or(4096);
    let start = Instant::now();
    if by_angle {
        // indicatif draws only on a terminal; the bar's length is known from the first report.
        let bar = indicatif::ProgressBar::new(0).with_style(
            indicatif::ProgressStyle::with_template("parts {pos}/{len} ({elapsed}, about {eta} left)")
                .expect("a valid template"),
        );
        let show = |p: Progress| {
            bar.set_length(p.total as u64);
            bar.set_position(p.done as u64);
        };
        let report = count_start_angles_meet_in_middle(n, budget_mib << 20, Some(&show))?;
        bar.finish_and_clear();
        let seconds = start.elapsed().as_secs_f64();
        let counts: Vec<String> = report.by_angle.iter().map(|c| format!("\"{c}\"")).collect();
        println!(
            "{{\"n\": {n}, \"by_angle\": [{}], \"seconds\": {seconds:.1}, \"parts\": {}, \"largest_table\": {}, \"estimated_bytes\": {}, \"leaves\": {}}}",
            counts.join(", "),
            report.parts,
            report.largest_table,
            report.estimated_bytes,
            report.leaves
        );
        return Ok(());
    }
    let report = count_sequencings_meet_in_middle(n, budget_mib << 20)?;
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{{\"n\": {n}, \"count\": {}, \"seconds\": {seconds:.1}, \"parts\": {}, \"largest_table\": {}, \"estimated_bytes\": {}, \"leaves\": {}}}",
        report.total, report.parts, report.largest_table, report.estimated_bytes, report.leaves
    );
    Ok(())
}
