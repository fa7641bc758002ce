//! `cargo xtask records`: re-runs the records of long computations kept under `records/` and
//! checks them against what the record files say and against the published values they quote.
//!
//! * **Rotation counts** (`records/rotation-counts.json`): the counts of sequencings of Z_n, each
//!   by one of three counters that share no search code (game-rotation's example `records`).
//! * **Octal periods** (`records/octal-periods.json`): the long pre-periods and periods of
//!   `0.16`, `0.56`, `0.127`, `0.376` and `0.1777`, computed by game-nim's rare/common kernel,
//!   found by its Guy-Smith search and proven by separate checks (game-nim's example
//!   `octal_period_record`), a prefix checked against the plain definition.
//! * **Grundy's game** (`records/grundy-game.json`): the values of heaps `0..2^24` by
//!   game-takebreak's rare/common table, a prefix against the definition, statistics per power
//!   of two (game-takebreak's example `grundy_record`).
//! * **Officers** (`records/officers.json`): the values of `0.6` for heaps `0..2^28` and their
//!   rare heaps (game-nim's example `octal_values`).
//! * **Kayles beyond 2^32 heaps** (`records/kayles-2-33.json`): the values of `0.77` for heaps
//!   `0..2^33`, each computed from its options (no period shortcut; `octal_values
//!   --no-shortcut`), against the figures of the published values extended by their published
//!   period, computed here.
//! * **Cram** (`records/cram.json`): the nimbers of empty Cram boards by game-core's search
//!   engine (games-cli's example `cram_record`), against the record and the published
//!   table the record quotes (`--cram`, boards recorded under `--cram-max-seconds`).
//! * **The octal table** (`records/octal-table.json`): every octal code with up to three digits
//!   after the point classified (game-nim's example `octal_table`, or its shard files merged
//!   with `--shards DIR`), compared code by code with the record, its Markdown rendering with
//!   `docs/octal-table.md`, and the published solved games it quotes. The page ends with
//!   tczajka's lookup maps to shifted codes, rendered from `records/octal-lookup.json`
//!   ([`octal_lookup`]); `--octal-table --from-record` writes the page from the two records
//!   without computing the table.
//! * **Octal frequencies** (`records/octal-frequencies/`): the value frequencies of 0.014,
//!   0.034, 0.161, 0.167 and 0.172 at every power of two (game-nim's example
//!   `octal_frequencies`), against Rogalski's published files kept in
//!   `records/octal-frequencies-rogalski/` ([`octal_frequencies`]).
//! * **Unsolved octal games against UnsolvedGames.md** (`records/octal-unsolved-tczajka.json`):
//!   the figures tczajka's table gives for .04 and .06 at 2^17 heaps (game-nim's example
//!   `octal_values`; [`octal_unsolved`]).
//! * **Unsolved octal codes pushed past the table** (`records/octal-unsolved/`): the kept
//!   frequency files against `runs.tsv`, the table and tczajka's program
//!   ([`octal_unsolved_push`]), and the README's table rendered from `runs.tsv`
//!   ([`octal_unsolved_readme`]; `--octal-unsolved --readme` writes it).
//!
//! The heavy work is done by the examples in release builds; this task reads the record file,
//! runs the example, parses its figures and compares them: with the record's own result (a
//! re-run must give the same figures) and with every published statement the record quotes.
//! A published statement the computation contradicts is kept with `expected_difference`, naming
//! the fields that differ; the check fails if they agree after all, or if anything else differs.
//! Any difference makes the task exit nonzero.

mod octal_frequencies;
mod octal_lookup;
mod octal_unsolved;
mod octal_unsolved_push;
mod octal_unsolved_readme;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

use serde::Deserialize;
use serde_json::Value;

/// The record file of the rotation counts, relative to the workspace root.
const ROTATION_COUNTS: &str = "records/rotation-counts.json";
/// The record file of the octal periods.
const OCTAL_PERIODS: &str = "records/octal-periods.json";
/// The record file of Grundy's game.
const GRUNDY_GAME: &str = "records/grundy-game.json";
/// The record file of Officers.
const OFFICERS: &str = "records/officers.json";
/// The record file of Kayles beyond 2^32 heaps.
const KAYLES: &str = "records/kayles-2-33.json";
/// The record file of the Cram boards.
const CRAM: &str = "records/cram.json";
/// The record file of the octal table.
const OCTAL_TABLE: &str = "records/octal-table.json";
/// The Markdown rendering of the octal table.
const OCTAL_TABLE_PAGE: &str = "docs/octal-table.md";
/// The output of the recorded Kayles run (`octal_values 0.77 8589934592 --no-shortcut`).
#[cfg(test)]
const KAYLES_RUN: &str = "records/kayles-run.txt";
/// The output of the recorded Officers run (`octal_values 0.6 268435456 1ee`), kept so that the
/// record is checked against it without the hour the run takes.
#[cfg(test)]
const OFFICERS_RUN: &str = "records/officers-run.txt";
/// The output of the recorded run of Grundy's game (`grundy_record 16777216 65537`).
#[cfg(test)]
const GRUNDY_GAME_RUN: &str = "records/grundy-game-run.json";

/// Options of `cargo xtask records`. Without a selection it re-runs the rotation counts up to
/// `--max-n` and every octal period record not marked `long` (a few CPU-minutes in all).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Recount every rotation entry with n up to this bound (on 2 cores, n = 18 takes seconds
    /// with the two-ended counter and about a minute with each of the others, n = 20 about 3
    /// minutes and 20 to 35 minutes).
    #[arg(long, alias = "rotation-max-n", default_value_t = 16)]
    max_n: usize,
    /// Re-run the rotation counts (the default when nothing is selected).
    #[arg(long)]
    rotation: bool,
    /// Re-prove the period of this octal code from records/octal-periods.json (repeatable;
    /// `all` for every entry, the long ones included).
    #[arg(long, value_name = "CODE")]
    octal: Vec<String>,
    /// Re-run Grundy's game to 2^24 heaps (about 3 CPU-minutes, 0.5 GB).
    #[arg(long)]
    grundy: bool,
    /// Re-run Officers (0.6) to 2^28 heaps (about half an hour of CPU, 0.6 GB).
    #[arg(long)]
    officers: bool,
    /// Re-run Kayles (0.77) to 2^33 heaps without the period shortcut (about 35 CPU-minutes,
    /// 8 GiB).
    #[arg(long)]
    kayles: bool,
    /// Re-run the Cram boards of records/cram.json whose recorded time is at most
    /// `--cram-max-seconds`.
    #[arg(long)]
    cram: bool,
    /// The longest recorded time (seconds) of a Cram board that `--cram` re-runs.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    cram_max_seconds: f64,
    /// Re-run the octal table (every code with up to three digits after the point, to the
    /// record's heap bound; its time is in docs/records.md).
    #[arg(long)]
    octal_table: bool,
    /// With `--octal-table`: merge the shard files of this directory (written by
    /// `scripts/octal-table-shards.sh` or the Slurm array) instead of one run, and compare the
    /// merged table with the record and the page in the same way.
    #[arg(long, value_name = "DIR", requires = "octal_table")]
    shards: Option<std::path::PathBuf>,
    /// With `--octal-table`: compute nothing; render docs/octal-table.md from
    /// records/octal-table.json and records/octal-lookup.json and write it.
    #[arg(long, requires = "octal_table", conflicts_with = "shards")]
    from_record: bool,
    /// Recompute the value frequencies of 0.014, 0.034, 0.161, 0.167 and 0.172 at every power
    /// of two up to 2^--max-power heaps and compare them with Rogalski's kept files (and ours).
    #[arg(long)]
    octal_frequencies: bool,
    /// The largest power of two of heaps for `--octal-frequencies` (2^20: under a minute of
    /// CPU for the five codes; each step up takes about 2.1 times as long, 2^28 about 2.2 CPU
    /// hours: records/octal-frequencies/README.md).
    #[arg(long, value_name = "K", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=28))]
    max_power: u32,
    /// Re-run .04 and .06 to 2^17 heaps and compare them with the figures of tczajka's
    /// UnsolvedGames.md (records/octal-unsolved-tczajka.json; about 12 CPU seconds), and check
    /// the unsolved codes pushed past the table (records/octal-unsolved/) against the table and
    /// tczajka's program.
    #[arg(long)]
    octal_unsolved: bool,
    /// With `--octal-unsolved`: run nothing; render the table and the state of the push in
    /// records/octal-unsolved/README.md from its runs.tsv and write it (after a push).
    #[arg(long, requires = "octal_unsolved")]
    readme: bool,
}

/// Runs the selected checks; fails if any figure differs from its record or published value.
pub(crate) fn run(args: &Args) -> ExitCode {
    let root = crate::workspace_root();
    let nothing_selected = !args.rotation
        && args.octal.is_empty()
        && !args.grundy
        && !args.officers
        && !args.kayles
        && !args.cram
        && !args.octal_table
        && !args.octal_frequencies
        && !args.octal_unsolved;
    let mut ok = true;
    if args.rotation || nothing_selected {
        ok &= run_rotation(&root, args.max_n);
    }
    if !args.octal.is_empty() || nothing_selected {
        ok &= report(run_octal(&root, &args.octal, nothing_selected));
    }
    if args.grundy {
        ok &= report(run_grundy(&root));
    }
    if args.officers {
        ok &= report(run_officers(&root));
    }
    if args.kayles {
        ok &= report(run_kayles(&root));
    }
    if args.cram {
        ok &= report(run_cram(&root, args.cram_max_seconds));
    }
    if args.octal_table && args.from_record {
        ok &= report(write_octal_table_page(&root));
    } else if args.octal_table {
        ok &= report(run_octal_table(&root, args.shards.as_deref()));
    }
    if args.octal_frequencies {
        ok &= report(octal_frequencies::run(&root, args.max_power));
    }
    if args.octal_unsolved && args.readme {
        ok &= report(octal_unsolved_readme::write(&root));
    } else if args.octal_unsolved {
        ok &= report(octal_unsolved::run(&root));
        ok &= report(octal_unsolved_push::run(&root));
        ok &= report(octal_unsolved_readme::check(&root));
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Prints the mismatches (or the error) of one record file; true when there are none.
fn report(outcome: Result<Vec<String>, String>) -> bool {
    match outcome {
        Ok(mismatches) if mismatches.is_empty() => true,
        Ok(mismatches) => {
            for m in &mismatches {
                eprintln!("MISMATCH: {m}");
            }
            false
        }
        Err(e) => {
            eprintln!("error: {e}");
            false
        }
    }
}

fn run_rotation(root: &Path, max_n: usize) -> bool {
    let status = cargo()
        .args(["run", "--release", "-p", "game-rotation", "--example", "records", "--"])
        .arg(root.join(ROTATION_COUNTS))
        .arg(max_n.to_string())
        .status();
    match status {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("error: cannot run cargo for the records example: {e}");
            false
        }
    }
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// Runs an example in release, progress on the terminal, and parses the one JSON line it
/// prints on standard output. An example that fails still prints its figures: they are
/// returned with `failed` set, so the mismatches can be listed.
fn run_example(package: &str, example: &str, args: &[String]) -> Result<(Value, bool), String> {
    let output = cargo()
        .args(["run", "--release", "-q", "-p", package, "--example", example, "--"])
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo for the example {example}: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line =
        stdout.lines().rev().find(|l| l.starts_with('{')).ok_or_else(|| {
            format!("the example {example} printed no figures (exit status {})", output.status)
        })?;
    let figures = serde_json::from_str(line).map_err(|e| format!("the figures of {example}: {e}"))?;
    Ok((figures, !output.status.success()))
}

fn read_record<T: for<'de> Deserialize<'de>>(root: &Path, file: &str) -> Result<T, String> {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A value stated by a source (or by the record's own last run), compared field by field.
#[derive(Deserialize, Debug, Clone)]
pub(crate) struct Statement {
    /// Who states it, in words.
    #[serde(default)]
    source: String,
    /// The figures stated, by the field names of the example's output.
    #[serde(default)]
    figures: BTreeMap<String, Value>,
    /// The fields the computation contradicts, kept on purpose (each must differ).
    #[serde(default)]
    expected_difference: Vec<String>,
}

/// Compares `computed` with one statement: every stated figure must be equal, except those in
/// `expected_difference`, which must differ. Returns the mismatches, described.
pub(crate) fn compare(what: &str, computed: &Value, statement: &Statement) -> Vec<String> {
    let mut mismatches = Vec::new();
    if statement.figures.is_empty() {
        mismatches.push(format!("{what}: the statement of {:?} states no figure", statement.source));
    }
    for field in &statement.expected_difference {
        if !statement.figures.contains_key(field) {
            mismatches.push(format!("{what}: expected difference in {field}, which is not stated"));
        }
    }
    for (field, stated) in &statement.figures {
        // `LIST_prefix`: a published list that is the beginning of the computed `LIST`.
        let got = match (field.strip_suffix("_prefix"), stated.as_array()) {
            (Some(list), Some(head)) => computed
                .get(list)
                .and_then(Value::as_array)
                .map_or(Value::Null, |all| Value::Array(all.iter().take(head.len()).cloned().collect())),
            _ => computed.get(field).cloned().unwrap_or(Value::Null),
        };
        let got = &got;
        let differs = got != stated;
        let expected_to_differ = statement.expected_difference.contains(field);
        if differs && !expected_to_differ {
            mismatches.push(format!("{what}: {field} computed {got}, {} states {stated}", statement.source));
        } else if !differs && expected_to_differ {
            mismatches.push(format!(
                "{what}: {field} = {got} agrees with {}, recorded as a difference",
                statement.source
            ));
        }
    }
    mismatches
}

/// One entry of `records/octal-periods.json`.
#[derive(Deserialize)]
struct OctalEntry {
    code: String,
    heaps: u64,
    plain_prefix: u64,
    #[serde(default)]
    long: bool,
    published: Vec<Statement>,
    result: Statement,
}

#[derive(Deserialize)]
struct OctalFile {
    entries: Vec<OctalEntry>,
}

fn run_octal(root: &Path, codes: &[String], default_set: bool) -> Result<Vec<String>, String> {
    let file: OctalFile = read_record(root, OCTAL_PERIODS)?;
    let all = codes.iter().any(|c| c == "all");
    for code in codes.iter().filter(|c| *c != "all") {
        if !file.entries.iter().any(|e| &e.code == code) {
            return Err(format!("no entry for {code} in {OCTAL_PERIODS}"));
        }
    }
    let mut mismatches = Vec::new();
    for entry in &file.entries {
        let selected = all || codes.contains(&entry.code) || (default_set && !entry.long);
        if !selected {
            if default_set {
                eprintln!(
                    "{}: not re-run by default (long); `cargo xtask records --octal {}`",
                    entry.code, entry.code
                );
            }
            continue;
        }
        let args = [entry.code.clone(), entry.heaps.to_string(), entry.plain_prefix.to_string()];
        let (computed, failed) = run_example("game-nim", "octal_period_record", &args)?;
        let found = check_octal(entry, &computed, failed);
        if found.is_empty() {
            println!(
                "{}: pre-period {} period {} proven, plain method agrees on {} heaps, {} published statement(s) compared",
                entry.code,
                computed["preperiod"],
                computed["period"],
                entry.plain_prefix,
                entry.published.len()
            );
        }
        mismatches.extend(found);
    }
    Ok(mismatches)
}

/// The mismatches of one octal period record: the example's own failures, the record's result
/// and every published statement.
fn check_octal(entry: &OctalEntry, computed: &Value, failed: bool) -> Vec<String> {
    let what = &entry.code;
    let mut mismatches = Vec::new();
    if failed {
        mismatches.push(format!("{what}: the example failed: {}", computed["failures"]));
    }
    if computed["proof"].is_null() {
        mismatches.push(format!("{what}: no proof"));
    }
    if computed["plain_agrees"] != Value::Bool(true) {
        mismatches.push(format!("{what}: the plain method does not agree"));
    }
    mismatches.extend(compare(&format!("{what} (record)"), computed, &entry.result));
    for statement in &entry.published {
        mismatches.extend(compare(what, computed, statement));
    }
    mismatches
}

/// `records/octal-table.json`: the bounds, the published statements about single codes and the
/// table of the last run.
#[derive(Deserialize)]
struct OctalTableRecord {
    heaps: u64,
    trivial_heaps: u64,
    published: Vec<CodeStatement>,
    result: Value,
}

/// A statement about one code of the octal table.
#[derive(Deserialize)]
struct CodeStatement {
    code: String,
    #[serde(flatten)]
    statement: Statement,
}

/// Re-runs the octal table (or merges the shard files of `shards`) and compares it with the
/// record and the page.
fn run_octal_table(root: &Path, shards: Option<&Path>) -> Result<Vec<String>, String> {
    let record: OctalTableRecord = read_record(root, OCTAL_TABLE)?;
    let page = std::env::temp_dir().join(format!("octal-table-{}.md", std::process::id()));
    let mut args = match shards {
        Some(dir) => vec!["--merge".to_string(), dir.display().to_string()],
        None => vec![
            "--heaps".to_string(),
            record.heaps.to_string(),
            "--trivial-heaps".to_string(),
            record.trivial_heaps.to_string(),
        ],
    };
    args.extend(["--markdown".to_string(), page.display().to_string()]);
    let (computed, failed) = run_example("game-nim", "octal_table", &args)?;
    let mut mismatches = Vec::new();
    if failed {
        mismatches.push("octal table: the example failed".to_string());
    }
    mismatches.extend(check_octal_table(&record, &computed));
    let mut rendered = std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
    let _ = std::fs::remove_file(&page);
    rendered += &octal_lookup::render_section(&octal_lookup::read(root)?)?;
    let kept = std::fs::read_to_string(root.join(OCTAL_TABLE_PAGE)).unwrap_or_default();
    if rendered != kept {
        mismatches.push(format!("octal table: {OCTAL_TABLE_PAGE} differs from the page of this run"));
    }
    if mismatches.is_empty() {
        println!(
            "octal table: {} codes and {} groups as recorded, {} published statement(s) compared, {OCTAL_TABLE_PAGE} as rendered",
            computed["codes"].as_array().map_or(0, Vec::len),
            computed["groups"].as_array().map_or(0, Vec::len),
            record.published.len()
        );
    }
    Ok(mismatches)
}

/// Renders `docs/octal-table.md` from the records, the table's by game-nim's example
/// `octal_table --render` (no table computed) and the lookup section from
/// `records/octal-lookup.json`, and writes it.
fn write_octal_table_page(root: &Path) -> Result<Vec<String>, String> {
    let record: OctalTableRecord = read_record(root, OCTAL_TABLE)?;
    let page = std::env::temp_dir().join(format!("octal-table-{}.md", std::process::id()));
    let args = [
        "--render".to_string(),
        root.join(OCTAL_TABLE).display().to_string(),
        "--markdown".to_string(),
        page.display().to_string(),
    ];
    let (rendered_table, failed) = run_example("game-nim", "octal_table", &args)?;
    if failed || rendered_table != record.result {
        let _ = std::fs::remove_file(&page);
        return Ok(vec![format!("octal table: the example did not render {OCTAL_TABLE}")]);
    }
    let mut rendered = std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
    let _ = std::fs::remove_file(&page);
    rendered += &octal_lookup::render_section(&octal_lookup::read(root)?)?;
    let path = root.join(OCTAL_TABLE_PAGE);
    std::fs::write(&path, rendered).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("octal table: {OCTAL_TABLE_PAGE} written from {OCTAL_TABLE} and {}", octal_lookup::OCTAL_LOOKUP);
    Ok(Vec::new())
}

/// The figures of one code of a computed octal table, by the names the published statements
/// use: `preperiod`, `period`, `largest_heap`, `largest_value`, `rare_mask` (hex), `rare_count`,
/// `last_rare_heap`.
fn code_figures(entry: &Value) -> Value {
    let stats = &entry["statistics"];
    let rare = &stats["rare"];
    serde_json::json!({
        "class": entry["class"],
        "preperiod": entry["periodicity"]["preperiod"],
        "period": entry["periodicity"]["period"],
        "largest_heap": stats["largest_at"],
        "largest_value": stats["largest"],
        "rare_mask": rare["mask"].as_u64().map(|m| format!("{m:x}")),
        "rare_count": rare["count"],
        "last_rare_heap": rare["last"],
    })
}

/// The mismatches of an octal table run: every code and group against the record, then the
/// published statements.
fn check_octal_table(record: &OctalTableRecord, computed: &Value) -> Vec<String> {
    let mut mismatches = Vec::new();
    let codes = |table: &Value| -> BTreeMap<String, Value> {
        table["codes"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| (c["code"].as_str().unwrap_or_default().to_string(), c.clone()))
            .collect()
    };
    let (ours, kept) = (codes(computed), codes(&record.result));
    for (code, entry) in &kept {
        match ours.get(code) {
            None => mismatches.push(format!("octal table: {code} not computed")),
            Some(got) if got != entry => {
                mismatches.push(format!("octal table: {code} computed {got}, recorded {entry}"))
            }
            Some(_) => {}
        }
    }
    for code in ours.keys().filter(|c| !kept.contains_key(*c)) {
        mismatches.push(format!("octal table: {code} computed, not in the record"));
    }
    for field in ["bounds", "groups", "shifted"] {
        if computed[field] != record.result[field] {
            mismatches.push(format!("octal table: the {field} differ from the record"));
        }
    }
    for p in &record.published {
        match ours.get(&p.code) {
            Some(entry) => mismatches.extend(compare(&p.code, &code_figures(entry), &p.statement)),
            None => mismatches.push(format!("octal table: {} (published) not computed", p.code)),
        }
    }
    mismatches
}

/// `records/grundy-game.json`: one run, statements about its figures at powers of two.
#[derive(Deserialize)]
struct PowerRecord {
    heaps: u64,
    plain_prefix: u64,
    /// Statements about the figures at `heaps` (the key) heaps.
    published: Vec<AtHeaps>,
    result: Statement,
}

/// A statement about the figures of the first `heaps` heaps (of the whole run when absent).
#[derive(Deserialize)]
struct AtHeaps {
    heaps: Option<u64>,
    #[serde(flatten)]
    statement: Statement,
}

fn run_grundy(root: &Path) -> Result<Vec<String>, String> {
    let record: PowerRecord = read_record(root, GRUNDY_GAME)?;
    let args = [record.heaps.to_string(), record.plain_prefix.to_string()];
    let (computed, failed) = run_example("game-takebreak", "grundy_record", &args)?;
    let mismatches = check_grundy(&record, &computed, failed);
    if mismatches.is_empty() {
        println!(
            "Grundy's game: {} heaps, largest value {} (heap {}), {} rare heaps, last {}; plain agrees on {} heaps; {} published statement(s) compared",
            record.heaps,
            computed["largest_value"],
            computed["largest_heap"],
            computed["rare_heaps"],
            computed["last_rare_heap"],
            record.plain_prefix,
            record.published.len()
        );
    }
    Ok(mismatches)
}

/// The mismatches of the Grundy's game record: the plain method, the record's result and every
/// published statement (at its number of heaps).
fn check_grundy(record: &PowerRecord, computed: &Value, failed: bool) -> Vec<String> {
    let mut mismatches = Vec::new();
    if failed || computed["plain_agrees"] != Value::Bool(true) {
        mismatches.push("Grundy's game: the plain method does not agree".to_string());
    }
    mismatches.extend(compare("Grundy's game (record)", computed, &record.result));
    for p in &record.published {
        let Some(heaps) = p.heaps else {
            mismatches.extend(compare("Grundy's game", computed, &p.statement));
            continue;
        };
        let at = computed["powers_of_two"]
            .as_array()
            .and_then(|all| all.iter().find(|x| x["heaps"].as_u64() == Some(heaps)));
        match at {
            Some(at) => {
                mismatches.extend(compare(&format!("Grundy's game, {heaps} heaps"), at, &p.statement))
            }
            None => mismatches.push(format!("Grundy's game: no figures at {heaps} heaps")),
        }
    }
    mismatches
}

/// `records/officers.json`.
#[derive(Deserialize)]
struct OfficersRecord {
    heaps: u64,
    /// The rare mask given to `octal_values` (hex).
    rare_mask: String,
    published: Vec<AtHeaps>,
    result: Statement,
}

/// Parses the output of game-nim's example `octal_values` into figures: `largest_value`,
/// `largest_heap` per power of two (in `powers_of_two`), and `width`, `fnv64`, `rare_heaps`,
/// `last_rare_heap` of the whole run.
pub(crate) fn parse_octal_values(text: &str) -> Result<Value, String> {
    let mut powers = Vec::new();
    let mut whole = serde_json::Map::new();
    let number = |s: &str| s.parse::<u64>().map_err(|e| format!("{s:?}: {e}"));
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("n=2^") {
            // n=2^K largest G[I]=V
            let (k, rest) = rest.split_once(" largest G[").ok_or(format!("bad line {line:?}"))?;
            let (heap, value) = rest.split_once("]=").ok_or(format!("bad line {line:?}"))?;
            let k = number(k)?;
            if k >= 64 {
                return Err(format!("bad line {line:?}"));
            }
            powers.push(serde_json::json!({
                "heaps": 1u64 << k, "largest_heap": number(heap)?, "largest_value": number(value)?
            }));
        } else {
            for pair in line.split_whitespace() {
                let (key, value) = pair.split_once('=').ok_or(format!("bad line {line:?}"))?;
                let key = match key {
                    "num_rare" => "rare_heaps",
                    "last_rare" => "last_rare_heap",
                    other => other,
                };
                // Counts are numbers; the width and the hash stay text (a hash may be all digits).
                let value = match key {
                    "heaps" | "rare_heaps" | "last_rare_heap" => Value::from(number(value)?),
                    _ => Value::from(value),
                };
                whole.insert(key.to_string(), value);
            }
        }
    }
    whole.insert("powers_of_two".to_string(), Value::Array(powers));
    Ok(Value::Object(whole))
}

/// Runs game-nim's example `octal_values` with `args` in release and parses its figures. It
/// prints nothing until its table is done: a spinner shows the time meanwhile.
fn run_octal_values(args: &[String], message: String) -> Result<Value, String> {
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    spinner.set_message(message);
    spinner.enable_steady_tick(std::time::Duration::from_millis(500));
    let output = cargo()
        .args(["run", "--release", "-q", "-p", "game-nim", "--example", "octal_values", "--"])
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo for octal_values: {e}"));
    spinner.finish_and_clear();
    let output = output?;
    if !output.status.success() {
        return Err(format!("octal_values failed ({})", output.status));
    }
    parse_octal_values(&String::from_utf8_lossy(&output.stdout))
}

fn run_officers(root: &Path) -> Result<Vec<String>, String> {
    let record: OfficersRecord = read_record(root, OFFICERS)?;
    let args = ["0.6".to_string(), record.heaps.to_string(), record.rare_mask.clone()];
    let message = format!("Officers: {} heaps (about half an hour of CPU)", record.heaps);
    let computed = run_octal_values(&args, message)?;
    Ok(check_officers(&record, &computed))
}

/// `records/kayles-2-33.json`.
#[derive(Deserialize)]
struct KaylesRecord {
    heaps: u64,
    published: PeriodicStatement,
    result: Statement,
}

/// A published sequence that repeats with `period` from heap `preperiod` on, with its first
/// values as published (at least through the first period).
#[derive(Deserialize)]
struct PeriodicStatement {
    source: String,
    values: Vec<u64>,
    preperiod: usize,
    period: usize,
}

/// The figures `octal_values` prints for heaps `0..heaps` (the largest value among the first
/// 2^k heaps and its first heap, the width, the FNV-1a hash), computed here from the published
/// values and period alone. Fails if the published list contradicts its own period.
fn periodic_figures(published: &PeriodicStatement, heaps: u64) -> Result<Value, String> {
    let PeriodicStatement { values, preperiod, period, .. } = published;
    let (preperiod, period) = (*preperiod, *period);
    if period == 0 || preperiod + period > values.len() {
        return Err(format!("{}: the values do not cover a period", published.source));
    }
    if let Some(i) = (preperiod + period..values.len()).find(|&i| values[i] != values[i - period]) {
        return Err(format!("{}: the value of heap {i} breaks the period", published.source));
    }
    let cycle = &values[preperiod..preperiod + period];
    let mut powers = Vec::new();
    let (mut largest_heap, mut largest_value) = (0u64, 0u64);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut in_cycle = 0;
    for i in 0..heaps {
        let value = if i < preperiod as u64 {
            values[i as usize]
        } else {
            let v = cycle[in_cycle];
            in_cycle = if in_cycle + 1 == period { 0 } else { in_cycle + 1 };
            v
        };
        if value > largest_value {
            (largest_heap, largest_value) = (i, value);
        }
        hash = (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3);
        if (i + 1).is_power_of_two() {
            powers.push(serde_json::json!({
                "heaps": i + 1, "largest_heap": largest_heap, "largest_value": largest_value
            }));
        }
    }
    let width = match largest_value {
        0..=255 => "U8",
        256..=65_535 => "U16",
        _ => "U32",
    };
    Ok(serde_json::json!({
        "heaps": heaps, "width": width, "fnv64": format!("{hash:016x}"), "powers_of_two": powers
    }))
}

fn run_kayles(root: &Path) -> Result<Vec<String>, String> {
    let record: KaylesRecord = read_record(root, KAYLES)?;
    let args = ["0.77".to_string(), record.heaps.to_string(), "--no-shortcut".to_string()];
    let message = format!("Kayles: {} heaps, no period shortcut (about 35 CPU-minutes, 8 GiB)", record.heaps);
    let computed = run_octal_values(&args, message)?;
    check_kayles(&record, &computed)
}

/// The mismatches of the Kayles record: the run's figures against those of the published
/// period (every one of them) and against the record's own result.
fn check_kayles(record: &KaylesRecord, computed: &Value) -> Result<Vec<String>, String> {
    let expected = periodic_figures(&record.published, record.heaps)?;
    let figures = expected.as_object().cloned().unwrap_or_default();
    let published = Statement {
        source: record.published.source.clone(),
        figures: figures.into_iter().collect(),
        expected_difference: Vec::new(),
    };
    let mut mismatches = compare("Kayles (published period)", computed, &published);
    mismatches.extend(compare("Kayles (record)", computed, &record.result));
    if mismatches.is_empty() {
        println!(
            "Kayles: {} heaps, each computed from its options, agree with the published period {} from heap {} (hash {})",
            record.heaps, record.published.period, record.published.preperiod, computed["fnv64"]
        );
    }
    Ok(mismatches)
}

/// The mismatches of the Officers record. A published count of rare heaps among the first `h`
/// heaps is compared with the count of the whole run only when the run's last rare heap is below
/// `h` (then both counts are the same).
fn check_officers(record: &OfficersRecord, computed: &Value) -> Vec<String> {
    let mut mismatches = compare("Officers (record)", computed, &record.result);
    let last_rare = computed["last_rare_heap"].as_u64();
    for p in &record.published {
        let Some(heaps) = p.heaps else {
            mismatches.extend(compare("Officers", computed, &p.statement));
            continue;
        };
        let Some(at) = computed["powers_of_two"]
            .as_array()
            .and_then(|all| all.iter().find(|x| x["heaps"].as_u64() == Some(heaps)))
        else {
            mismatches.push(format!("Officers: no figures at {heaps} heaps"));
            continue;
        };
        let mut at = at.clone();
        if last_rare.is_some_and(|l| l < heaps) {
            at["rare_heaps"] = computed["rare_heaps"].clone();
            at["last_rare_heap"] = computed["last_rare_heap"].clone();
        }
        mismatches.extend(compare(&format!("Officers, {heaps} heaps"), &at, &p.statement));
    }
    if mismatches.is_empty() {
        println!(
            "Officers: {} heaps, {} rare heaps (mask {}), last {}; {} published statement(s) compared",
            record.heaps,
            computed["rare_heaps"],
            record.rare_mask,
            computed["last_rare_heap"],
            record.published.len()
        );
    }
    mismatches
}

/// `records/cram.json`: the boards, each with its nimber and the published one (if any).
#[derive(Deserialize, Debug)]
struct CramRecord {
    boards: Vec<CramBoardRecord>,
}

/// One board of `records/cram.json`.
#[derive(Deserialize, Debug)]
struct CramBoardRecord {
    rows: usize,
    cols: usize,
    nimber: u64,
    /// The published table's value, `null` where it has none.
    published: Option<u64>,
    seconds: f64,
}

/// Re-runs every board recorded in at most `max_seconds`.
fn run_cram(root: &Path, max_seconds: f64) -> Result<Vec<String>, String> {
    let record: CramRecord = read_record(root, CRAM)?;
    let mut mismatches = record.boards.iter().flat_map(check_cram_record).collect::<Vec<_>>();
    let boards: Vec<&CramBoardRecord> = record.boards.iter().filter(|b| b.seconds <= max_seconds).collect();
    if boards.is_empty() {
        return Err(format!("{CRAM}: no board recorded in {max_seconds} s or less: nothing checked"));
    }
    for board in boards {
        eprintln!("cram {} x {} (recorded in {} s)", board.rows, board.cols, board.seconds);
        let (figures, failed) =
            run_example("games-cli", "cram_record", &[board.rows.to_string(), board.cols.to_string()])?;
        mismatches.extend(check_cram(board, &figures, failed));
    }
    Ok(mismatches)
}

/// The record against itself: its nimber must equal the published one where there is one.
fn check_cram_record(board: &CramBoardRecord) -> Option<String> {
    let published = board.published?;
    (published != board.nimber).then(|| {
        format!(
            "cram {} x {}: the record says nimber {}, the published table {published}",
            board.rows, board.cols, board.nimber
        )
    })
}

/// A fresh run against the record and the published table.
fn check_cram(board: &CramBoardRecord, computed: &Value, failed: bool) -> Vec<String> {
    let what = format!("cram {} x {}", board.rows, board.cols);
    let Some(nimber) = computed["nimber"].as_u64().filter(|_| !failed) else {
        return vec![format!("{what}: the run gave no nimber ({computed})")];
    };
    let mut mismatches = Vec::new();
    if nimber != board.nimber {
        mismatches.push(format!("{what}: computed nimber {nimber}, the record {}", board.nimber));
    }
    if let Some(published) = board.published.filter(|&p| p != nimber) {
        mismatches.push(format!("{what}: computed nimber {nimber}, the published table {published}"));
    }
    mismatches
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn statement(figures: Value, expected_difference: &[&str]) -> Statement {
        Statement {
            source: "a source".to_string(),
            figures: serde_json::from_value(figures).unwrap(),
            expected_difference: expected_difference.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn a_wrong_published_period_is_a_mismatch() {
        let computed = json!({"preperiod": 71, "period": 12});
        assert!(
            compare("0.77", &computed, &statement(json!({"preperiod": 71, "period": 12}), &[])).is_empty()
        );
        let wrong = compare("0.77", &computed, &statement(json!({"preperiod": 71, "period": 24}), &[]));
        assert_eq!(wrong.len(), 1);
        assert!(wrong[0].contains("period computed 12, a source states 24"), "{wrong:?}");
        // A stated figure the computation lacks is a mismatch too.
        assert_eq!(compare("0.77", &computed, &statement(json!({"largest_value": 4}), &[])).len(), 1);
        // A statement with no figure checks nothing: refused.
        assert_eq!(compare("0.77", &computed, &statement(json!({}), &[])).len(), 1);
    }

    #[test]
    fn a_published_list_is_compared_with_the_beginning_of_the_computed_one() {
        let computed = json!({"rare_list": [[0, 0], [1, 0], [2, 0], [3, 1]]});
        let head = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 0]]}), &[]);
        assert!(compare("Grundy's game", &computed, &head).is_empty());
        let wrong = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 1]]}), &[]);
        assert_eq!(compare("Grundy's game", &computed, &wrong).len(), 1);
        // Longer than the computed list: the computed list is shorter, so it differs.
        let longer = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 0], [3, 1], [4, 0]]}), &[]);
        assert_eq!(compare("Grundy's game", &computed, &longer).len(), 1);
        // A list missing from the computation.
        assert_eq!(compare("Grundy's game", &json!({}), &head).len(), 1);
    }

    #[test]
    fn an_expected_difference_must_differ() {
        let computed = json!({"preperiod": 326640, "period": 144});
        let oeis = statement(json!({"preperiod": 326638, "period": 144}), &["preperiod"]);
        assert!(compare("0.56", &computed, &oeis).is_empty());
        // Kept as a difference, but it agrees: reported.
        let agreeing = statement(json!({"preperiod": 326640, "period": 144}), &["preperiod"]);
        assert_eq!(compare("0.56", &computed, &agreeing).len(), 1);
        // A difference named but not stated: reported.
        let unnamed = statement(json!({"period": 144}), &["preperiod"]);
        assert_eq!(compare("0.56", &computed, &unnamed).len(), 1);
    }

    #[test]
    fn octal_record_checks_the_proof_the_plain_method_and_the_record() {
        let entry = OctalEntry {
            code: "0.77".to_string(),
            heaps: 200,
            plain_prefix: 200,
            long: false,
            published: vec![statement(json!({"preperiod": 71, "period": 12}), &[])],
            result: statement(json!({"preperiod": 71, "period": 12}), &[]),
        };
        let good = json!({"preperiod": 71, "period": 12, "proof": {}, "plain_agrees": true});
        assert!(check_octal(&entry, &good, false).is_empty());
        let unproven = json!({"preperiod": null, "period": null, "proof": null, "plain_agrees": true, "failures": ["no period"]});
        // Failed example, no proof, and both statements differ.
        assert_eq!(check_octal(&entry, &unproven, true).len(), 2 + 2 + 2);
        let plain_differs = json!({"preperiod": 71, "period": 12, "proof": {}, "plain_agrees": false});
        assert_eq!(check_octal(&entry, &plain_differs, false).len(), 1);
    }

    /// The published Kayles values, extended by their published period, give the figures of
    /// the published list itself on its 105 heaps (computed here the plain way, over the list),
    /// and a list that breaks its own period is refused.
    #[test]
    fn periodic_figures_extend_the_published_list() {
        let record: KaylesRecord = read_record(&crate::workspace_root(), KAYLES).unwrap();
        let list = &record.published.values;
        assert_eq!(list.len(), 105);
        let shorter = PeriodicStatement {
            source: "the first 83 values".to_string(),
            values: list[..83].to_vec(),
            preperiod: 71,
            period: 12,
        };
        let figures = periodic_figures(&shorter, list.len() as u64).unwrap();
        let hash = list.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ v).wrapping_mul(0x100_0000_01b3));
        assert_eq!(figures["fnv64"], format!("{hash:016x}"));
        assert_eq!((figures["width"].as_str(), figures["heaps"].as_u64()), (Some("U8"), Some(105)));
        for (k, at) in figures["powers_of_two"].as_array().unwrap().iter().enumerate() {
            let first = &list[..1 << k];
            let largest = *first.iter().max().unwrap();
            let heap = first.iter().position(|&v| v == largest).unwrap() as u64;
            assert_eq!(at, &json!({"heaps": 1u64 << k, "largest_heap": heap, "largest_value": largest}));
        }
        assert_eq!(figures["powers_of_two"].as_array().unwrap().len(), 7);
        let mut broken = PeriodicStatement { values: list.clone(), ..shorter };
        assert!(periodic_figures(&broken, 200).is_ok());
        broken.values[90] += 1;
        assert!(periodic_figures(&broken, 200).unwrap_err().contains("heap 90"));
        broken.values.truncate(82);
        assert!(periodic_figures(&broken, 200).unwrap_err().contains("do not cover a period"));
    }

    /// The output of the recorded Kayles run (`records/kayles-run.txt`) has every figure of the
    /// published period over 2^33 heaps (the hash covers every value) and of the record.
    #[test]
    fn the_kept_kayles_run_satisfies_its_record() {
        let root = crate::workspace_root();
        let record: KaylesRecord = read_record(&root, KAYLES).unwrap();
        assert_eq!(record.heaps, 1 << 33);
        let text = std::fs::read_to_string(root.join(KAYLES_RUN)).unwrap();
        let computed = parse_octal_values(&text).unwrap();
        assert_eq!(check_kayles(&record, &computed).unwrap(), Vec::<String>::new());
        // One value changed anywhere changes the hash, and that is caught.
        let hash = computed["fnv64"].as_str().unwrap();
        let changed = text.replace(hash, &format!("{:016x}", u64::from_str_radix(hash, 16).unwrap() ^ 1));
        assert_ne!(changed, text);
        assert_eq!(check_kayles(&record, &parse_octal_values(&changed).unwrap()).unwrap().len(), 2);
    }

    /// The output of the recorded Officers run (`records/officers-run.txt`) satisfies
    /// `records/officers.json`: its result and the published statements, without re-running.
    #[test]
    fn the_kept_officers_run_satisfies_its_record() {
        let root = crate::workspace_root();
        let record: OfficersRecord = read_record(&root, OFFICERS).unwrap();
        let text = std::fs::read_to_string(root.join(OFFICERS_RUN)).unwrap();
        let computed = parse_octal_values(&text).unwrap();
        assert_eq!(check_officers(&record, &computed), Vec::<String>::new());
        // The same output with one value changed is caught.
        let changed = text.replace("n=2^21 largest G[1274955]=319", "n=2^21 largest G[1274955]=318");
        assert_ne!(changed, text);
        assert!(!check_officers(&record, &parse_octal_values(&changed).unwrap()).is_empty());
    }

    /// The output of the recorded run of Grundy's game (`records/grundy-game-run.json`)
    /// satisfies `records/grundy-game.json`, without re-running.
    /// The kept octal table satisfies its record and every published statement it quotes (the
    /// rare counts differ by the heap 0 that tczajka's tables count, recorded as differences).
    #[test]
    fn the_kept_octal_table_satisfies_its_published_statements() {
        let record: OctalTableRecord = read_record(&crate::workspace_root(), OCTAL_TABLE).unwrap();
        assert!(!record.published.is_empty());
        assert_eq!(check_octal_table(&record, &record.result), Vec::<String>::new());
        // A wrong period in the table is reported.
        let mut wrong = record.result.clone();
        let codes = wrong["codes"].as_array_mut().unwrap();
        let dawson = codes.iter_mut().find(|c| c["code"] == "0.45").unwrap();
        dawson["periodicity"]["period"] = Value::from(21);
        let found = check_octal_table(&record, &wrong);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[1].contains("period computed 21"), "{found:?}");
        // A shifted pair missing from a run is reported.
        let mut fewer = record.result.clone();
        assert!(fewer["shifted"].as_array_mut().unwrap().pop().is_some());
        assert_eq!(check_octal_table(&record, &fewer), ["octal table: the shifted differ from the record"]);
    }

    #[test]
    fn the_kept_grundy_run_satisfies_its_record() {
        let root = crate::workspace_root();
        let record: PowerRecord = read_record(&root, GRUNDY_GAME).unwrap();
        let text = std::fs::read_to_string(root.join(GRUNDY_GAME_RUN)).unwrap();
        let mut computed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(check_grundy(&record, &computed, false), Vec::<String>::new());
        // One rare heap's value changed in the list: Flammenkamp's list catches it.
        computed["rare_list"][47] = json!([231, 11]);
        assert_eq!(check_grundy(&record, &computed, false).len(), 1);
    }

    #[test]
    fn octal_values_output_is_parsed_and_compared() {
        let text = "n=2^0 largest G[0]=0\nn=2^1 largest G[1]=0\nn=2^2 largest G[2]=1\n\
                    heaps=4 width=U8 fnv64=00ff\nnum_rare=2 last_rare=1\n";
        let computed = parse_octal_values(text).unwrap();
        assert_eq!(computed["rare_heaps"], json!(2));
        assert_eq!(computed["width"], json!("U8"));
        assert_eq!(computed["powers_of_two"][2], json!({"heaps": 4, "largest_heap": 2, "largest_value": 1}));
        let record = OfficersRecord {
            heaps: 4,
            rare_mask: "1".to_string(),
            published: vec![AtHeaps {
                heaps: Some(2),
                statement: statement(json!({"largest_value": 0, "rare_heaps": 2}), &[]),
            }],
            result: statement(json!({"rare_heaps": 2, "fnv64": "00ff"}), &[]),
        };
        assert!(check_officers(&record, &computed).is_empty());
        // The last rare heap (1) is below 2: the count of the whole run is the count at 2.
        let mut wrong = record;
        wrong.published[0].statement = statement(json!({"rare_heaps": 3}), &[]);
        assert_eq!(check_officers(&wrong, &computed).len(), 1);
        assert!(parse_octal_values("n=2^x largest G[0]=0").is_err());
    }

    #[test]
    fn a_cram_board_differing_from_the_record_or_the_table_is_a_mismatch() {
        let board = CramBoardRecord { rows: 4, cols: 7, nimber: 3, published: Some(3), seconds: 1.0 };
        assert!(check_cram(&board, &json!({"nimber": 3}), false).is_empty());
        let wrong = check_cram(&board, &json!({"nimber": 2}), false);
        assert_eq!(wrong.len(), 2, "{wrong:?}");
        assert!(wrong[1].contains("published table 3"), "{wrong:?}");
        assert_eq!(check_cram(&board, &json!({"nimber": 3}), true).len(), 1);
        assert_eq!(check_cram(&board, &json!({}), false).len(), 1);
        let unpublished = CramBoardRecord { published: None, ..board };
        assert_eq!(check_cram(&unpublished, &json!({"nimber": 2}), false).len(), 1);
    }

    #[test]
    fn the_kept_cram_record_agrees_with_the_published_table() {
        let record: CramRecord = read_record(&crate::workspace_root(), CRAM).unwrap();
        let published = record.boards.iter().filter(|b| b.published.is_some()).count();
        assert!(published >= 5, "only {published} published boards in {CRAM}");
        let mismatches: Vec<String> = record.boards.iter().flat_map(check_cram_record).collect();
        assert!(mismatches.is_empty(), "{mismatches:?}");
        let wrong = CramBoardRecord { rows: 4, cols: 7, nimber: 2, published: Some(3), seconds: 1.0 };
        assert!(check_cram_record(&wrong).is_some());
    }
}
