//! `cargo xtask records`: re-runs the records of long computations kept under `records/` and
//! checks them. Today: the counts of sequencings of Z_n in `records/rotation-counts.json`, each
//! by one of two counters that share no search code; a count is *confirmed* only when both agree.
//!
//! The recounting itself is game-rotation's example `records` (release build), so the record
//! format and its check live next to the counters; this task only finds the file and bounds n.

use std::process::{Command, ExitCode};

/// The record file of the rotation counts, relative to the workspace root.
const ROTATION_COUNTS: &str = "records/rotation-counts.json";

/// Options of `cargo xtask records`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Recount every entry with n up to this bound (n = 18 takes about a minute on 2 cores per
    /// method, n = 20 about 20-35 minutes each).
    #[arg(long, default_value_t = 16)]
    max_n: usize,
}

/// Runs the check; fails if a recount differs from its record or two records disagree.
pub(crate) fn run(args: &Args) -> ExitCode {
    let file = crate::workspace_root().join(ROTATION_COUNTS);
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["run", "--release", "-p", "game-rotation", "--example", "records", "--"])
        .arg(&file)
        .arg(args.max_n.to_string())
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot run cargo for the records example: {e}");
            ExitCode::FAILURE
        }
    }
}
