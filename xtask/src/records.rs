//! `cargo xtask records`: the long recomputations of the records kept in `records/`.
//!
//! Each selected record's example runs in release and its output goes to
//! `target/records-fresh/`; then the record's `fresh_*` test in the test package
//! `tests/records/` (ignored by a plain `cargo test`, one module per record) checks that output
//! as it checks the kept one: against the record and every published statement it quotes. The
//! comparisons live in the tests only, so the cheap re-checks of `cargo test` and these
//! recomputations cannot drift apart. The rotation counts are recounted by game-rotation's
//! example `records`, which compares them with `records/rotation-counts.json` itself.

use std::path::PathBuf;
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

/// One run of an example: its package and name, its arguments, and where its output goes
/// (relative to [`FRESH`]; `None` for an example that checks its record itself). With
/// `json_line` only the last line of figures is kept.
struct Run {
    package: &'static str,
    example: &'static str,
    args: Vec<String>,
    out: Option<String>,
    json_line: bool,
}

impl Run {
    fn new(
        package: &'static str,
        example: &'static str,
        args: Vec<String>,
        out: &str,
        json_line: bool,
    ) -> Run {
        Run { package, example, args, out: Some(out.to_string()), json_line }
    }
}

/// Runs the selected recomputations, then their tests; fails if a run or a test fails.
pub(crate) fn run(args: &Args) -> ExitCode {
    match plan(args).and_then(|(runs, tests)| execute(&runs, &tests)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The runs and the tests (of `tests/records/`) that the options select.
fn plan(args: &Args) -> Result<(Vec<Run>, Vec<&'static str>), String> {
    let root = crate::workspace_root();
    let record = |file: &str| -> Result<Value, String> {
        let text = std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
        serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))
    };
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
    let nothing_selected = !(args.rotation
        || !args.octal.is_empty()
        || args.grundy
        || args.officers
        || args.kayles
        || args.cram
        || args.octal_table
        || args.octal_frequencies
        || args.octal_unsolved);
    let (mut runs, mut tests) = (Vec::new(), Vec::new());
    if args.rotation || nothing_selected {
        let counts = root.join("records/rotation-counts.json").display().to_string();
        let args = vec![counts, args.max_n.to_string()];
        runs.push(Run { package: "game-rotation", example: "records", args, out: None, json_line: false });
    }
    if !args.octal.is_empty() || nothing_selected {
        let periods = record("records/octal-periods.json")?;
        let entries = periods["entries"].as_array().ok_or("records/octal-periods.json: no entries")?;
        let all = args.octal.iter().any(|c| c == "all");
        if let Some(code) =
            args.octal.iter().find(|c| *c != "all" && !entries.iter().any(|e| e["code"] == **c))
        {
            return Err(format!("no entry for {code} in records/octal-periods.json"));
        }
        for entry in entries {
            let code = text(&entry["code"]);
            if all || args.octal.contains(&code) || (nothing_selected && entry["long"] != true) {
                let run_args = vec![code.clone(), text(&entry["heaps"]), text(&entry["plain_prefix"])];
                let out = format!("octal-periods/{code}.json");
                runs.push(Run::new("game-nim", "octal_period_record", run_args, &out, true));
            } else if nothing_selected {
                eprintln!("{code}: not re-run by default (long); `cargo xtask records --octal {code}`");
            }
        }
        tests.push("octal_periods::fresh_runs_satisfy_the_record");
    }
    if args.grundy {
        let grundy = record("records/grundy-game.json")?;
        let run_args = vec![text(&grundy["heaps"]), text(&grundy["plain_prefix"])];
        runs.push(Run::new("game-takebreak", "grundy_record", run_args, "grundy-game.json", true));
        tests.push("grundy_game::fresh_run_satisfies_the_record");
    }
    if args.officers {
        let officers = record("records/officers.json")?;
        let run_args = vec!["0.6".into(), text(&officers["heaps"]), text(&officers["rare_mask"])];
        runs.push(Run::new("game-nim", "octal_values", run_args, "officers.txt", false));
        tests.push("officers::fresh_run_satisfies_the_record");
    }
    if args.kayles {
        let kayles = record("records/kayles-2-33.json")?;
        let run_args = vec!["0.77".into(), text(&kayles["heaps"]), "--no-shortcut".into()];
        runs.push(Run::new("game-nim", "octal_values", run_args, "kayles.txt", false));
        tests.push("kayles::fresh_run_satisfies_the_record");
    }
    if args.cram {
        let cram = record("records/cram.json")?;
        let boards = cram["boards"].as_array().ok_or("records/cram.json: no boards")?;
        for board in
            boards.iter().filter(|b| b["seconds"].as_f64().is_some_and(|s| s <= args.cram_max_seconds))
        {
            let (rows, cols) = (text(&board["rows"]), text(&board["cols"]));
            let out = format!("cram/{rows}x{cols}.json");
            runs.push(Run::new("games-cli", "cram_record", vec![rows, cols], &out, true));
        }
        if !runs.iter().any(|r| r.example == "cram_record") {
            return Err(format!(
                "records/cram.json: no board recorded in {} s or less",
                args.cram_max_seconds
            ));
        }
        tests.push("cram::fresh_runs_satisfy_the_record");
    }
    if args.octal_table {
        let table = record("records/octal-table.json")?;
        let mut run_args = match &args.shards {
            Some(dir) => vec!["--merge".into(), dir.display().to_string()],
            None => vec![
                "--heaps".into(),
                text(&table["heaps"]),
                "--trivial-heaps".into(),
                text(&table["trivial_heaps"]),
            ],
        };
        let page = root.join(FRESH).join("octal-table.md").display().to_string();
        let lookup = root.join("records/octal-lookup.json").display().to_string();
        run_args.extend(["--markdown".into(), page, "--lookup".into(), lookup]);
        runs.push(Run::new("game-nim", "octal_table", run_args, "octal-table.json", true));
        tests.push("octal_table::fresh_run_satisfies_the_record");
    }
    if args.octal_frequencies {
        let dir = root.join(FRESH).join("octal-frequencies").display().to_string();
        for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
            let run_args = vec![code.into(), args.max_power.to_string(), dir.clone()];
            runs.push(Run {
                package: "game-nim",
                example: "octal_frequencies",
                args: run_args,
                out: None,
                json_line: false,
            });
        }
        tests.push("octal_frequencies::fresh_files_equal_rogalskis_and_ours");
    }
    if args.octal_unsolved {
        let unsolved = record("records/octal-unsolved-tczajka.json")?;
        for game in unsolved["games"].as_array().ok_or("records/octal-unsolved-tczajka.json: no games")? {
            let (code, heaps, mask) = (text(&game["code"]), text(&game["heaps"]), text(&game["rare_mask"]));
            let out = format!("octal-unsolved/{code}.txt");
            runs.push(Run::new("game-nim", "octal_values", vec![code, heaps, mask], &out, false));
        }
        tests.push("octal_unsolved_tczajka::fresh_runs_satisfy_the_published_figures");
    }
    Ok((runs, tests))
}

/// Runs every example in release (progress on the terminal) and saves its output, then the
/// tests in the test package `tests/records/` with [`FRESH`] named to them; true when all pass.
/// An example that fails still prints its figures: they are saved so the test can say what
/// differs.
fn execute(runs: &[Run], tests: &[&str]) -> Result<bool, String> {
    let fresh = crate::workspace_root().join(FRESH);
    let _ = std::fs::remove_dir_all(&fresh);
    std::fs::create_dir_all(&fresh).map_err(|e| format!("{FRESH}: {e}"))?;
    let mut ok = true;
    for run in runs {
        eprintln!(
            "{} {} (an octal_values run shows no progress until it is done)",
            run.example,
            run.args.join(" ")
        );
        let output = cargo()
            .args(["run", "--release", "-q", "-p", run.package, "--example", run.example, "--"])
            .args(&run.args)
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run cargo for the example {}: {e}", run.example))?;
        if !output.status.success() {
            eprintln!("error: the example {} {} failed ({})", run.example, run.args.join(" "), output.status);
            ok = false;
        }
        let Some(out) = &run.out else { continue };
        let stdout = String::from_utf8_lossy(&output.stdout);
        let text = match run.json_line {
            true => stdout
                .lines()
                .rev()
                .find(|l| l.starts_with('{'))
                .ok_or(format!("{} printed no figures", run.example))?,
            false => &stdout,
        };
        let path = fresh.join(out);
        std::fs::create_dir_all(path.parent().unwrap_or(&fresh)).map_err(|e| format!("{out}: {e}"))?;
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if !tests.is_empty() {
        let status = cargo()
            .args(["test", "-p", "impartial-games", "--test", "records", "--", "--ignored", "--exact"])
            .args(tests)
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
