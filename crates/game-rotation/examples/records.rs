//! Re-runs and checks the records of long counts in `records/rotation-counts.json`.
//!
//! Each entry is one count of the sequencings of Z_n by one method, with its run time. This
//! example recomputes every entry with `n <= max_n` by the method named and compares; then, for
//! every n, it reports **confirmed** when two different methods agree, **unconfirmed** when only
//! one method has a record, and fails when two records disagree.
//!
//! Run: `cargo run --release -p game-rotation --example records -- [file] [max_n]`
//! (default `records/rotation-counts.json`, max_n 16).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use game_rotation::{
    CountMethod, CountOptions, Puzzle, RotationError, count_sequencings_meet_in_middle, count_solutions,
};
use serde_json::Value;

/// Method names used in the records.
const MEET_IN_THE_MIDDLE: &str = "meet-in-the-middle";

/// The count of sequencings of Z_n by one search of `count_solutions`.
fn count_by(method: CountMethod, n: usize) -> Result<u128, RotationError> {
    let options = CountOptions { method, ..CountOptions::default() };
    Ok(count_solutions(&Puzzle::new(n)?, &options, None)?.total)
}

fn recount(method: &str, n: usize) -> Result<u128, String> {
    let two_ended = CountMethod::TwoEnded.name();
    let one_ended = CountMethod::OneEnded.name();
    match method {
        m if m == two_ended => count_by(CountMethod::TwoEnded, n).map_err(|e| e.to_string()),
        m if m == one_ended => count_by(CountMethod::OneEnded, n).map_err(|e| e.to_string()),
        MEET_IN_THE_MIDDLE => {
            count_sequencings_meet_in_middle(n, 4 << 30).map(|r| r.total).map_err(|e| e.to_string())
        }
        other => Err(format!("unknown method {other:?}")),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let file = args.next().unwrap_or_else(|| "records/rotation-counts.json".into());
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("records: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let json: Value = match serde_json::from_str(&text) {
        Ok(json) => json,
        Err(e) => {
            eprintln!("records: {file} is not JSON: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(entries) = json.get("entries").and_then(Value::as_array) else {
        eprintln!("records: {file} has no \"entries\" array");
        return ExitCode::FAILURE;
    };
    let mut ok = true;
    let mut by_n: BTreeMap<usize, Vec<(String, u128)>> = BTreeMap::new();
    for entry in entries {
        let n = entry.get("n").and_then(Value::as_u64).and_then(|n| usize::try_from(n).ok());
        let method = entry.get("method").and_then(Value::as_str);
        let count = entry.get("count").and_then(Value::as_str).and_then(|c| c.parse::<u128>().ok());
        let (Some(n), Some(method), Some(count)) = (n, method, count) else {
            eprintln!("records: bad entry {entry}");
            ok = false;
            continue;
        };
        if n <= max_n {
            let start = Instant::now();
            match recount(method, n) {
                Ok(again) if again == count => {
                    println!(
                        "n = {n}, {method}: {count} re-counted in {:.1} s",
                        start.elapsed().as_secs_f64()
                    );
                }
                other => {
                    println!("n = {n}, {method}: recorded {count}, re-counted {other:?}");
                    ok = false;
                }
            }
        }
        by_n.entry(n).or_default().push((method.to_string(), count));
    }
    for (n, records) in &by_n {
        let mut methods: Vec<&str> = records.iter().map(|(m, _)| m.as_str()).collect();
        methods.sort_unstable();
        methods.dedup();
        let agree = records.iter().all(|(_, c)| *c == records[0].1);
        let status = match (agree, methods.len()) {
            (false, _) => {
                ok = false;
                "DISAGREE"
            }
            (true, 1) => "unconfirmed (one method)",
            (true, _) => "confirmed (two methods agree)",
        };
        println!("n = {n}: {} -- {status}", records[0].1);
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
