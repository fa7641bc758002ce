//! `cargo xtask verify`: runs the claims of game-verify in parallel with a progress bar, prints
//! the table, and writes (or with `--check` compares) the snapshots in `tests/snapshots/full/`
//! (`--quick`: `tests/snapshots/quick/`). A thin caller of game-verify's library functions.

use std::process::ExitCode;
use std::time::Instant;

use game_verify::{Scale, SnapshotMode, registry, select, stale_snapshots, table, verify_with};
use indicatif::{ProgressBar, ProgressStyle};

/// Options of `cargo xtask verify`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Write nothing: fail if any claim fails or any snapshot is missing or would change.
    #[arg(long)]
    check: bool,
    /// Run only the claim with this id (e.g. W2, N3, R5); repeat for several.
    #[arg(long, value_name = "ID")]
    claim: Vec<String>,
    /// Use the small bounds of `cargo test` instead (snapshots in tests/snapshots/quick/).
    #[arg(long)]
    quick: bool,
}

pub(crate) fn run(args: &Args) -> ExitCode {
    let scale = if args.quick { Scale::Quick } else { Scale::Full };
    let mode = if args.check { SnapshotMode::Check } else { SnapshotMode::Write };
    let all = registry();
    let claims = match select(all.clone(), &args.claim) {
        Ok(claims) => claims,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = crate::workspace_root().join("tests/snapshots").join(scale.name());
    let started = Instant::now();
    let bar = ProgressBar::new(claims.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} claims  {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let on_done = |report: &game_verify::Report| {
        bar.inc(1);
        bar.set_message(format!("{} done", report.claim));
    };
    let verification = match verify_with(&claims, scale, &dir, mode, &on_done) {
        Ok(v) => v,
        Err(e) => {
            bar.finish_and_clear();
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    bar.finish_and_clear();
    print!("{}", table(&verification.results));
    let shown = dir.strip_prefix(crate::workspace_root()).unwrap_or(&dir).display().to_string();
    println!(
        "{} claims in {:.1} s at {:?} bounds; snapshots {} in {shown}/",
        verification.results.len(),
        started.elapsed().as_secs_f64(),
        scale,
        if args.check { "checked" } else { "written" },
    );
    let mut ok = true;
    if !verification.failed.is_empty() {
        eprintln!("FAILED claims (verdict not the expected one):");
        for failure in &verification.failed {
            eprintln!("  {failure}");
        }
        ok = false;
    }
    if !verification.changed.is_empty() {
        let rerun = if args.quick { "cargo xtask verify --quick" } else { "cargo xtask verify" };
        if args.check {
            eprintln!("snapshots that differ from the recomputed reports (run `{rerun}` to rewrite them):");
            ok = false;
        } else {
            eprintln!("snapshots rewritten (review with `git diff {shown}`):");
        }
        for difference in &verification.changed {
            eprintln!("  {difference}");
        }
    }
    if args.claim.is_empty() {
        match stale_snapshots(&dir, &all) {
            Ok(stale) if stale.is_empty() => {}
            Ok(stale) => {
                eprintln!("snapshots of no registered claim (remove them):");
                for path in stale {
                    eprintln!("  {}", path.display());
                }
                ok = false;
            }
            Err(e) => {
                eprintln!("error: {e}");
                ok = false;
            }
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
