//! `cargo xtask records`: the long recomputations of the records kept in `records/`.
//!
//! Each selected record's example runs in release and its output goes to
//! `target/records-fresh/`; then the record's `fresh_*` test in the test package
//! `tests/records/` (ignored by a plain `cargo test`, one module per record) checks that output
//! as it checks the kept one: against the record and every published statement it quotes. The
//! comparisons live in the tests only, so the cheap re-checks of `cargo test` and these
//! recomputations cannot drift apart. The rotation counts are recounted by game-rotation's
//! example `records`, which compares them with `records/rotation-counts.json` itself.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use serde_json::Value;

/// Options of `cargo xtask records`. Without a selection it recounts the rotation counts up to
/// `--max-n` and re-proves every octal period record not marked `long` (a few CPU-minutes).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Recount every rotation entry with n up to this bound (on 2 cores, n = 18 takes seconds
    /// with the two-ended counter and about a minute with each of the others, n = 20 about 3
    /// minutes and 20 to 35 minutes).
    #[arg(long, alias = "rotation-max-n", default_value_t = 16)]
    max_n: usize,
    /// Recount the rotation counts (the default when nothing is selected).
    #[arg(long)]
    rotation: bool,
    /// Re-prove the period of this octal code of records/octal-periods.json (repeatable; `all`
    /// for every entry, the long ones included).
    #[arg(long, value_name = "CODE")]
    octal: Vec<String>,
    /// Grundy's game to 2^24 heaps (about 3 CPU-minutes, 0.5 GB).
    #[arg(long)]
    grundy: bool,
    /// Officers (0.6) to 2^28 heaps (about half an hour of CPU, 0.6 GB).
    #[arg(long)]
    officers: bool,
    /// Kayles (0.77) to 2^33 heaps without the period shortcut (about 35 CPU-minutes, 8 GiB).
    #[arg(long)]
    kayles: bool,
    /// The Cram boards of records/cram.json recorded in at most `--cram-max-seconds`.
    #[arg(long)]
    cram: bool,
    /// The longest recorded time (seconds) of a Cram board that `--cram` runs.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    cram_max_seconds: f64,
    /// The octal table (every code with up to three digits after the point, to the record's heap
    /// bound; its time is in docs/records.md) and its page.
    #[arg(long)]
    octal_table: bool,
    /// With `--octal-table`: merge the shard files of this directory (written by
    /// `scripts/octal-table-shards.sh` or the Slurm array) instead of one run.
    #[arg(long, value_name = "DIR", requires = "octal_table")]
    shards: Option<PathBuf>,
    /// The value frequencies of 0.014, 0.034, 0.161, 0.167 and 0.172 at every power of two up
    /// to 2^--max-power heaps, against Rogalski's kept files (and ours).
    #[arg(long)]
    octal_frequencies: bool,
    /// The largest power of two of heaps for `--octal-frequencies` (2^20: under a minute of CPU
    /// for the five codes; each step up takes about 2.1 times as long, 2^28 about 2.2 CPU hours).
    #[arg(long, value_name = "K", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=28))]
    max_power: u32,
    /// .04 and .06 to 2^17 heaps against the figures of tczajka's UnsolvedGames.md
    /// (records/octal-unsolved-tczajka.json; about 12 CPU seconds).
    #[arg(long)]
    octal_unsolved: bool,
}

/// Where the fresh outputs go, relative to the workspace root.
const FRESH: &str = "target/records-fresh";

/// Runs the selected recomputations, then their tests; fails if a run or a test fails.
pub(crate) fn run(args: &Args) -> ExitCode {
    match recompute(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn recompute(args: &Args) -> Result<bool, String> {
    let root = crate::workspace_root();
    let fresh = root.join(FRESH);
    let _ = std::fs::remove_dir_all(&fresh);
    let nothing_selected = !(args.rotation
        || !args.octal.is_empty()
        || args.grundy
        || args.officers
        || args.kayles
        || args.cram
        || args.octal_table
        || args.octal_frequencies
        || args.octal_unsolved);
    let mut ok = true;
    let mut tests = Vec::new();
    if args.rotation || nothing_selected {
        let counts = root.join("records/rotation-counts.json").display().to_string();
        ok &= example("game-rotation", "records", &[counts, args.max_n.to_string()])?.0;
    }
    if !args.octal.is_empty() || nothing_selected {
        let record = read_json(&root, "records/octal-periods.json")?;
        let all = args.octal.iter().any(|c| c == "all");
        let entries = record["entries"].as_array().ok_or("records/octal-periods.json: no entries")?;
        if let Some(code) =
            args.octal.iter().find(|c| *c != "all" && !entries.iter().any(|e| e["code"] == **c))
        {
            return Err(format!("no entry for {code} in records/octal-periods.json"));
        }
        for entry in entries {
            let code = entry["code"].as_str().unwrap_or_default();
            let long = entry["long"].as_bool().unwrap_or(false);
            if all || args.octal.iter().any(|c| c == code) || (nothing_selected && !long) {
                let run_args =
                    [code.to_string(), entry["heaps"].to_string(), entry["plain_prefix"].to_string()];
                ok &= save_json_line(
                    "game-nim",
                    "octal_period_record",
                    &run_args,
                    &fresh.join(format!("octal-periods/{code}.json")),
                )?;
            } else if nothing_selected {
                eprintln!("{code}: not re-run by default (long); `cargo xtask records --octal {code}`");
            }
        }
        tests.push("octal_periods::fresh_runs_satisfy_the_record");
    }
    if args.grundy {
        let record = read_json(&root, "records/grundy-game.json")?;
        let run_args = [record["heaps"].to_string(), record["plain_prefix"].to_string()];
        ok &= save_json_line("game-takebreak", "grundy_record", &run_args, &fresh.join("grundy-game.json"))?;
        tests.push("grundy_game::fresh_run_satisfies_the_record");
    }
    if args.officers {
        let record = read_json(&root, "records/officers.json")?;
        let mask = record["rare_mask"].as_str().unwrap_or_default().to_string();
        ok &= save_output(
            "octal_values",
            &["0.6".into(), record["heaps"].to_string(), mask],
            &fresh.join("officers.txt"),
        )?;
        tests.push("officers::fresh_run_satisfies_the_record");
    }
    if args.kayles {
        let record = read_json(&root, "records/kayles-2-33.json")?;
        let run_args = ["0.77".into(), record["heaps"].to_string(), "--no-shortcut".into()];
        ok &= save_output("octal_values", &run_args, &fresh.join("kayles.txt"))?;
        tests.push("kayles::fresh_run_satisfies_the_record");
    }
    if args.cram {
        let record = read_json(&root, "records/cram.json")?;
        let boards: Vec<&Value> = record["boards"]
            .as_array()
            .ok_or("records/cram.json: no boards")?
            .iter()
            .filter(|b| b["seconds"].as_f64().is_some_and(|s| s <= args.cram_max_seconds))
            .collect();
        if boards.is_empty() {
            return Err(format!(
                "records/cram.json: no board recorded in {} s or less",
                args.cram_max_seconds
            ));
        }
        for board in boards {
            let (rows, cols) = (board["rows"].to_string(), board["cols"].to_string());
            eprintln!("cram {rows} x {cols} (recorded in {} s)", board["seconds"]);
            let out = fresh.join(format!("cram/{rows}x{cols}.json"));
            ok &= save_json_line("game-placement", "cram_record", &[rows, cols], &out)?;
        }
        tests.push("cram::fresh_runs_satisfy_the_record");
    }
    if args.octal_table {
        let record = read_json(&root, "records/octal-table.json")?;
        let mut run_args: Vec<String> = match &args.shards {
            Some(dir) => vec!["--merge".into(), dir.display().to_string()],
            None => [
                "--heaps",
                &record["heaps"].to_string(),
                "--trivial-heaps",
                &record["trivial_heaps"].to_string(),
            ]
            .map(String::from)
            .to_vec(),
        };
        let page = fresh.join("octal-table.md").display().to_string();
        let lookup = root.join("records/octal-lookup.json").display().to_string();
        run_args.extend(["--markdown".into(), page, "--lookup".into(), lookup]);
        std::fs::create_dir_all(&fresh).map_err(|e| format!("{FRESH}: {e}"))?;
        ok &= save_json_line("game-nim", "octal_table", &run_args, &fresh.join("octal-table.json"))?;
        tests.push("octal_table::fresh_run_satisfies_the_record");
    }
    if args.octal_frequencies {
        let dir = fresh.join("octal-frequencies").display().to_string();
        for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
            ok &= example(
                "game-nim",
                "octal_frequencies",
                &[code.into(), args.max_power.to_string(), dir.clone()],
            )?
            .0;
        }
        tests.push("octal_frequencies::fresh_files_equal_rogalskis_and_ours");
    }
    if args.octal_unsolved {
        let record = read_json(&root, "records/octal-unsolved-tczajka.json")?;
        for game in record["games"].as_array().ok_or("records/octal-unsolved-tczajka.json: no games")? {
            let code = game["code"].as_str().unwrap_or_default();
            let mask = game["rare_mask"].as_str().unwrap_or_default().to_string();
            let out = fresh.join(format!("octal-unsolved/{code}.txt"));
            ok &= save_output("octal_values", &[code.into(), game["heaps"].to_string(), mask], &out)?;
        }
        tests.push("octal_unsolved_tczajka::fresh_runs_satisfy_the_published_figures");
    }
    if !tests.is_empty() {
        let status = cargo()
            .args(["test", "-p", "impartial-games", "--test", "records", "--", "--ignored", "--exact"])
            .args(&tests)
            .env("RECORDS_FRESH_DIR", &fresh)
            .status()
            .map_err(|e| format!("cannot run cargo test: {e}"))?;
        ok &= status.success();
    }
    Ok(ok)
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

fn read_json(root: &Path, file: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))
}

/// Runs an example of `package` in release, progress on the terminal; whether it succeeded, and
/// its standard output.
fn example(package: &str, name: &str, args: &[String]) -> Result<(bool, String), String> {
    let output = cargo()
        .args(["run", "--release", "-q", "-p", package, "--example", name, "--"])
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo for the example {name}: {e}"))?;
    if !output.status.success() {
        eprintln!("error: the example {name} {} failed ({})", args.join(" "), output.status);
    }
    Ok((output.status.success(), String::from_utf8_lossy(&output.stdout).into_owned()))
}

/// Writes `text` to `out`, its directory made first.
fn write(out: &Path, text: &str) -> Result<(), String> {
    let dir = out.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))
}

/// Runs game-nim's `octal_values` (which prints nothing until its table is done) and saves its
/// whole output to `out`.
fn save_output(name: &str, args: &[String], out: &Path) -> Result<bool, String> {
    eprintln!("{name} {} (no progress shown until it is done)", args.join(" "));
    let (ok, stdout) = example("game-nim", name, args)?;
    write(out, &stdout)?;
    Ok(ok)
}

/// Runs an example that ends by printing its figures as one JSON line and saves that line to
/// `out` (an example that fails still prints them, so the test can say what differs).
fn save_json_line(package: &str, name: &str, args: &[String], out: &Path) -> Result<bool, String> {
    let (ok, stdout) = example(package, name, args)?;
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .ok_or(format!("the example {name} printed no figures"))?;
    write(out, line)?;
    Ok(ok)
}
