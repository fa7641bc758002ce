//! Project tasks: `cargo xtask verify` checks every claim of the sources at full bounds and
//! rewrites the proof snapshots in `tests/snapshots/full/`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Command, ExitCode};
use std::time::Instant;

use clap::{Parser, Subcommand};
use game_verify::{Claim, Report, Scale, registry, run};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

mod man;
mod new_game;

/// Environment marker: set when xtask re-executes itself with insta's update mode chosen.
const CHILD_MARKER: &str = "XTASK_INSTA_MODE_SET";

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Project tasks for impartial-games")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Check every claim of the sources by exhaustion and rewrite tests/snapshots/full/.
    Verify {
        /// Do not write: fail if any snapshot would change or any claim fails.
        #[arg(long)]
        check: bool,
        /// Run only the claim with this id (e.g. W2, N3, R5).
        #[arg(long, value_name = "ID")]
        claim: Option<String>,
        /// Use the small bounds of `cargo test` instead (snapshots in tests/snapshots/quick/).
        #[arg(long)]
        quick: bool,
    },
    /// Write a new game crate crates/game-NAME from xtask/templates/game/ (never overwrites).
    NewGame {
        /// Lowercase letters and digits, words joined by hyphens (e.g. `dawson`, `take-away`).
        name: String,
    },
    /// Write the man pages of `games` (games.1 and one per subcommand) to target/man/.
    Man {
        /// Write them to this directory instead.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.task {
        Task::Verify { check, claim, quick } => {
            // insta reads its update mode from the environment; setting our own environment is
            // `unsafe` in edition 2024, so run ourselves again with the mode set.
            if std::env::var_os(CHILD_MARKER).is_none() {
                return reexec(if check { "no" } else { "always" });
            }
            verify(check, claim.as_deref(), if quick { Scale::Quick } else { Scale::Full })
        }
        Task::NewGame { name } => new_game::main(&name),
        Task::Man { out } => man::main(out.as_deref()),
    }
}

fn reexec(insta_update: &str) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("xtask: cannot find its own executable: {e}");
            return ExitCode::FAILURE;
        }
    };
    let status = Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(CHILD_MARKER, "1")
        .env("INSTA_UPDATE", insta_update)
        .env("INSTA_FORCE_PASS", "0")
        .env("INSTA_OUTPUT", if insta_update == "always" { "minimal" } else { "diff" })
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask: cannot run itself: {e}");
            ExitCode::FAILURE
        }
    }
}

fn verify(check: bool, only: Option<&str>, scale: Scale) -> ExitCode {
    let claims: Vec<Claim> = registry().into_iter().filter(|c| only.is_none_or(|id| c.id == id)).collect();
    if claims.is_empty() {
        eprintln!("xtask: no claim with id {:?}; ids: {}", only.unwrap_or(""), ids());
        return ExitCode::FAILURE;
    }
    let started = Instant::now();
    let bar = ProgressBar::new(claims.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} claims  {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let results: Vec<(Report, f64)> = claims
        .par_iter()
        .map(|claim| {
            let t = Instant::now();
            let report = run(claim, scale);
            bar.inc(1);
            bar.set_message(format!("{} done", claim.id));
            (report, t.elapsed().as_secs_f64())
        })
        .collect();
    bar.finish_and_clear();

    print_table(&results);
    let failed: Vec<&str> =
        results.iter().filter(|(r, _)| !r.passed()).map(|(r, _)| r.claim.as_str()).collect();

    let mut changed = Vec::new();
    for (report, _) in &results {
        if !write_snapshot(report, scale) {
            changed.push(report.claim.as_str());
        }
    }
    println!(
        "{} claims in {:.1} s at {:?} bounds; snapshots {} in tests/snapshots/{}/",
        results.len(),
        started.elapsed().as_secs_f64(),
        scale,
        if check { "checked" } else { "written" },
        scale.name()
    );
    if !failed.is_empty() {
        eprintln!("FAILED claims (verdict is not the expected one): {}", failed.join(", "));
    }
    if !changed.is_empty() {
        eprintln!("snapshots that would change: {} (run `cargo xtask verify`)", changed.join(", "));
    }
    if failed.is_empty() && changed.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn ids() -> String {
    registry().iter().map(|c| c.id).collect::<Vec<_>>().join(" ")
}

/// Writes (or, with INSTA_UPDATE=no, compares) the snapshot of one report. False on a mismatch.
fn write_snapshot(report: &Report, scale: Scale) -> bool {
    let path = match scale {
        Scale::Quick => "../../tests/snapshots/quick",
        Scale::Full => "../../tests/snapshots/full",
    };
    catch_unwind(AssertUnwindSafe(|| {
        insta::with_settings!({
            snapshot_path => path,
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_yaml_snapshot!(report.claim.as_str(), report);
        });
    }))
    .is_ok()
}

fn print_table(results: &[(Report, f64)]) {
    let bound_width = results.iter().map(|(r, _)| r.bound.len()).max().unwrap_or(5).clamp(5, 70);
    println!(
        "{:<6} {:<bound_width$} {:>12} {:<8} {:<6} {:>8}",
        "claim", "bound", "cases", "verdict", "ok", "seconds"
    );
    for (r, secs) in results {
        let mut bound = r.bound.clone();
        if bound.len() > bound_width {
            bound.truncate(bound_width - 1);
            bound.push('…');
        }
        println!(
            "{:<6} {:<bound_width$} {:>12} {:<8} {:<6} {:>8.2}",
            r.claim,
            bound,
            r.cases,
            format!("{:?}", r.verdict),
            if r.passed() { "pass" } else { "FAIL" },
            secs
        );
        if let Some(c) = &r.counterexample {
            println!("       counterexample: {c}");
        }
    }
}
