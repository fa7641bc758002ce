//! `cargo xtask bench`: runs the workspace's criterion benches and writes `BENCHMARKS.md`, so
//! measured timings live in one regenerated page instead of in rustdoc.
//!
//! Every bench target (`cargo metadata`: the `[[bench]]` targets of the workspace packages) runs
//! as `cargo bench -p PACKAGE --bench NAME -- [criterion options]`, one after the other, with
//! `CRITERION_HOME` set to `<target dir>/criterion`. Criterion leaves one directory per
//! benchmark, `<group>/<bench>[/<parameter>]/new/`, with `benchmark.json` (the names and the
//! throughput) and `estimates.json` (mean and median with confidence intervals, in nanoseconds).
//! Only the directories written while a target ran count as its results, so stale results of
//! earlier runs never reach the page.
//!
//! Every group must name a baseline, the plain or old method: a benchmark whose function name
//! starts with `baseline`. Each row's ratio is the baseline's median over the row's median —
//! above 1 means faster than the baseline — per element (or byte) of work when the group declares
//! a criterion throughput, since a baseline may run on a smaller input. A row compares with the
//! baseline of the same parameter (`baseline/12` for `optimised/12`), else with the group's only
//! baseline. Both medians come from the same run: on a shared machine the ratios are the
//! meaningful figures, the absolute times are not.
//!
//! `--check` regenerates into the target directory and compares only the structure (groups, bench
//! targets, benchmark names) with the committed page; timings differ from run to run.

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::SystemTime;

use serde::Deserialize;

/// The page, relative to the workspace root.
const PAGE: &str = "BENCHMARKS.md";

/// Criterion options of `--quick`: short warm-up and measurement, in seconds.
const QUICK_OPTIONS: [&str; 4] = ["--warm-up-time", "1", "--measurement-time", "2"];

/// Deepest directory below the criterion directory searched for results
/// (`<group>/<function>/<parameter>/new` is 4 deep).
const MAX_DEPTH: usize = 6;

/// Options of `cargo xtask bench`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Short criterion runs (passes `--warm-up-time 1 --measurement-time 2` to every bench).
    #[arg(long)]
    quick: bool,
    /// Regenerate into the target directory and fail if its groups, bench targets or benchmark
    /// names differ from the committed BENCHMARKS.md (timings are not compared).
    #[arg(long)]
    check: bool,
    /// Run only this bench target (repeatable), e.g. `octal`. The page then covers only these,
    /// so it is written to the target directory unless --out is given.
    #[arg(long, value_name = "NAME")]
    bench: Vec<String>,
    /// Write the page to this file instead.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Why the page could not be made; each message is one line and names the group or file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum BenchError {
    #[error("cannot read {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path} is not a criterion result: {reason}")]
    Parse { path: PathBuf, reason: String },
    #[error("group `{group}`: benchmark `{bench}` has no estimates file ({path} is missing)")]
    MissingEstimates { group: String, bench: String, path: PathBuf },
    #[error("group `{group}`: {dir} has estimates but no benchmark.json naming them")]
    MissingBenchmarkFile { group: String, dir: PathBuf },
    #[error("group `{group}`: benchmark `{bench}` has {what} {value} ns, not a positive time")]
    BadEstimate { group: String, bench: String, what: &'static str, value: f64 },
    #[error("group `{group}` has no baseline: name its plain or old method `baseline...` in the bench file")]
    NoBaseline { group: String },
    #[error(
        "group `{group}`: benchmark `{bench}` has no baseline with its parameter and the group has several"
    )]
    AmbiguousBaseline { group: String, bench: String },
    #[error(
        "group `{group}`: `{bench}` and its baseline `{baseline}` measure different work ({work} against {baseline_work})"
    )]
    UnlikeWork { group: String, bench: String, baseline: String, work: String, baseline_work: String },
    #[error("no bench target named `{name}`; the workspace has {known}")]
    UnknownTarget { name: String, known: String },
    #[error("bench target `{target}` wrote no criterion results under {dir}")]
    NoResults { target: String, dir: PathBuf },
    #[error("`{command}` failed: {reason}")]
    Command { command: String, reason: String },
}

/// The work criterion counts per iteration (its `Throughput`, as `benchmark.json` stores it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
enum Throughput {
    Bits(u64),
    Bytes(u64),
    BytesDecimal(u64),
    Elements(u64),
    ElementsAndBytes { elements: u64, bytes: u64 },
}

impl Throughput {
    /// The unit and the count the ratios are taken per (elements first, as criterion does).
    fn unit_and_count(self) -> (&'static str, u64) {
        match self {
            Throughput::Bits(n) => ("bit", n),
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => ("byte", n),
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => ("element", n),
        }
    }
}

/// `benchmark.json`: the fields this task reads.
#[derive(Debug, Deserialize)]
struct BenchmarkFile {
    group_id: String,
    function_id: Option<String>,
    value_str: Option<String>,
    throughput: Option<Throughput>,
}

/// One statistic of `estimates.json`, in nanoseconds per iteration.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
struct Estimate {
    point_estimate: f64,
    confidence_interval: ConfidenceInterval,
}

#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
struct ConfidenceInterval {
    confidence_level: f64,
    lower_bound: f64,
    upper_bound: f64,
}

/// `estimates.json`: the fields this task reads.
#[derive(Debug, Deserialize)]
struct EstimatesFile {
    mean: Estimate,
    median: Estimate,
}

/// One benchmark's result.
#[derive(Debug, Clone)]
struct Measurement {
    group: String,
    /// The name within the group: `function`, `function/parameter` or `parameter`.
    name: String,
    function: String,
    parameter: Option<String>,
    throughput: Option<Throughput>,
    median: Estimate,
    mean: Estimate,
}

impl Measurement {
    fn is_baseline(&self) -> bool {
        self.function.starts_with("baseline")
    }
}

/// A row of a group's table.
#[derive(Debug, Clone)]
struct Row {
    measurement: Measurement,
    /// The baseline this row is compared with (its own name for a baseline).
    baseline: String,
    /// Baseline median over this median, per unit of work if the group declares a throughput.
    ratio: f64,
}

/// A group of benchmarks with its baseline, as one table of the page.
#[derive(Debug, Clone)]
struct Group {
    name: String,
    /// The bench target (`octal`) and its package (`game-nim`).
    target: String,
    package: String,
    rows: Vec<Row>,
    /// More than one baseline: each row says which one it is compared with.
    several_baselines: bool,
}

/// A `[[bench]]` target of the workspace.
#[derive(Debug, Clone)]
struct BenchTarget {
    package: String,
    name: String,
}

/// The facts about the machine and the run that the page states.
#[derive(Debug, Clone)]
struct RunFacts {
    command: String,
    criterion_options: Vec<String>,
    date: String,
    commit: String,
    cpu: String,
    cores: String,
    rustc: String,
    load_start: String,
    load_end: String,
    /// The load average over one minute exceeded the core count at start or end.
    shared: bool,
}

// ---------------------------------------------------------------------------------------------
// Reading criterion's results.

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, BenchError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| BenchError::Io { path: path.into(), source })?;
    serde_json::from_str(&text).map_err(|e| BenchError::Parse { path: path.into(), reason: e.to_string() })
}

/// The `new` directories below `dir` holding a result, at most [`MAX_DEPTH`] levels down.
fn result_dirs(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) -> Result<(), BenchError> {
    let entries = std::fs::read_dir(dir).map_err(|source| BenchError::Io { path: dir.into(), source })?;
    let mut subdirs: Vec<PathBuf> =
        entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_dir()).collect();
    subdirs.sort();
    for sub in subdirs {
        let is_new = sub.file_name().is_some_and(|n| n == "new");
        if is_new && (sub.join("benchmark.json").exists() || sub.join("estimates.json").exists()) {
            found.push(sub);
        } else if depth < MAX_DEPTH {
            result_dirs(&sub, depth + 1, found)?;
        }
    }
    Ok(())
}

/// When `path` was last written, if the file system knows.
fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Every benchmark result under `criterion_dir`; with `since`, only those written at or after it.
fn read_results(criterion_dir: &Path, since: Option<SystemTime>) -> Result<Vec<Measurement>, BenchError> {
    let mut dirs = Vec::new();
    result_dirs(criterion_dir, 0, &mut dirs)?;
    let mut measurements = Vec::new();
    for dir in dirs {
        let benchmark_path = dir.join("benchmark.json");
        let estimates_path = dir.join("estimates.json");
        let written = modified(&benchmark_path).or_else(|| modified(&estimates_path));
        if let (Some(since), Some(written)) = (since, written)
            && written < since
        {
            continue;
        }
        if !benchmark_path.exists() {
            let group = dir
                .strip_prefix(criterion_dir)
                .ok()
                .and_then(|d| d.iter().next())
                .map_or_else(String::new, |g| g.to_string_lossy().into_owned());
            return Err(BenchError::MissingBenchmarkFile { group, dir });
        }
        let benchmark: BenchmarkFile = read_json(&benchmark_path)?;
        let (name, function) = match (&benchmark.function_id, &benchmark.value_str) {
            (Some(f), Some(v)) => (format!("{f}/{v}"), f.clone()),
            (Some(f), None) => (f.clone(), f.clone()),
            (None, Some(v)) => (v.clone(), String::new()),
            (None, None) => (benchmark.group_id.clone(), String::new()),
        };
        if !estimates_path.exists() {
            return Err(BenchError::MissingEstimates {
                group: benchmark.group_id,
                bench: name,
                path: estimates_path,
            });
        }
        let estimates: EstimatesFile = read_json(&estimates_path)?;
        for (what, value) in
            [("a median of", estimates.median.point_estimate), ("a mean of", estimates.mean.point_estimate)]
        {
            if !(value.is_finite() && value > 0.0) {
                return Err(BenchError::BadEstimate { group: benchmark.group_id, bench: name, what, value });
            }
        }
        measurements.push(Measurement {
            group: benchmark.group_id,
            name,
            function,
            parameter: benchmark.value_str,
            throughput: benchmark.throughput,
            median: estimates.median,
            mean: estimates.mean,
        });
    }
    Ok(measurements)
}

/// Orders names with their digit runs compared as numbers (`bitsets/512` before `bitsets/2048`).
fn natural_order(a: &str, b: &str) -> Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    for (x, y) in chunks(a).into_iter().zip(chunks(b)) {
        let order = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then(x.cmp(y))
            }
            ((_, x), (_, y)) => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len()).then(a.cmp(b))
}

/// The median per unit of work: per element (or byte, bit) if the benchmark declares a
/// throughput, else per iteration.
fn median_per_unit(m: &Measurement) -> f64 {
    match m.throughput.map(Throughput::unit_and_count) {
        Some((_, count)) if count > 0 => m.median.point_estimate / count as f64,
        _ => m.median.point_estimate,
    }
}

fn work_label(throughput: Option<Throughput>) -> String {
    match throughput.map(Throughput::unit_and_count) {
        Some((unit, count)) => format!("{count} {unit}s"),
        None => "one iteration".to_string(),
    }
}

/// Groups the measurements of one bench target and compares every row with its baseline.
fn build_groups(measurements: Vec<Measurement>, target: &BenchTarget) -> Result<Vec<Group>, BenchError> {
    let names: BTreeSet<String> = measurements.iter().map(|m| m.group.clone()).collect();
    let mut groups = Vec::new();
    for name in names {
        let mut members: Vec<Measurement> =
            measurements.iter().filter(|m| m.group == name).cloned().collect();
        // Baselines first, then by name.
        members.sort_by(|a, b| b.is_baseline().cmp(&a.is_baseline()).then(natural_order(&a.name, &b.name)));
        let baselines: Vec<&Measurement> = members.iter().filter(|m| m.is_baseline()).collect();
        if baselines.is_empty() {
            return Err(BenchError::NoBaseline { group: name });
        }
        let mut rows = Vec::new();
        for m in &members {
            let baseline = if m.is_baseline() {
                m
            } else {
                match baselines.iter().find(|b| b.parameter.is_some() && b.parameter == m.parameter) {
                    Some(b) => b,
                    None if baselines.len() == 1 => baselines[0],
                    None => return Err(BenchError::AmbiguousBaseline { group: name, bench: m.name.clone() }),
                }
            };
            let unit = |t: Option<Throughput>| t.map(|t| t.unit_and_count().0);
            if unit(m.throughput) != unit(baseline.throughput) {
                return Err(BenchError::UnlikeWork {
                    group: name,
                    bench: m.name.clone(),
                    baseline: baseline.name.clone(),
                    work: work_label(m.throughput),
                    baseline_work: work_label(baseline.throughput),
                });
            }
            rows.push(Row {
                measurement: m.clone(),
                baseline: baseline.name.clone(),
                ratio: median_per_unit(baseline) / median_per_unit(m),
            });
        }
        groups.push(Group {
            name,
            target: target.name.clone(),
            package: target.package.clone(),
            rows,
            several_baselines: baselines.len() > 1,
        });
    }
    Ok(groups)
}

// ---------------------------------------------------------------------------------------------
// The page.

/// A time in nanoseconds with three significant digits and a fitting unit.
fn format_time(ns: f64) -> String {
    let (value, unit) = match ns {
        ns if ns < 1e3 => (ns, "ns"),
        ns if ns < 1e6 => (ns / 1e3, "µs"),
        ns if ns < 1e9 => (ns / 1e6, "ms"),
        ns => (ns / 1e9, "s"),
    };
    format!("{} {unit}", three_digits(value))
}

/// `value` with three significant digits (at least the integer part).
fn three_digits(value: f64) -> String {
    let decimals = match value.abs() {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        v if v >= 1.0 => 2,
        v if v >= 0.1 => 3,
        _ => 4,
    };
    format!("{value:.decimals$}")
}

fn format_estimate(e: &Estimate) -> String {
    format!(
        "{} [{}, {}]",
        format_time(e.point_estimate),
        format_time(e.confidence_interval.lower_bound),
        format_time(e.confidence_interval.upper_bound)
    )
}

/// A name inside a code span of a Markdown table (a `|` would end the cell).
fn cell_name(name: &str) -> String {
    format!("`{}`", name.replace('|', "\\|"))
}

/// Where the page's last paragraph sends the reader for the comparisons with other programs,
/// which build those programs from source and so run outside this command and outside CI.
const ELSEWHERE: &str = "## Measured outside this command\n\n\
    Comparisons with other programs (tczajka/octal-games, beling's ogsolve and igsolve, \
    rogalski-wmii-uni-lodz-pl/octal), which `scripts/bench-octal.sh` and \
    `scripts/bench-search.sh` build from source: `docs/records.md`, \"Speed against the public \
    octal programs\" and \"Cram and the search engine\", with their commands, machines and dates.\n";

/// The heading of the page's last section, written by hand: the Python package's figures,
/// measured by the scripts in `crates/games-py/benchmarks/` (they need a Python build, which
/// this command does not make). A regenerated page carries it over from the committed one.
const BY_HAND: &str = "## The Python package (measured by hand)";

/// The section of `page` from the [`BY_HAND`] heading to its end, if it has one.
fn by_hand_section(page: &str) -> Option<&str> {
    page.find(&format!("\n{BY_HAND}\n")).map(|at| &page[at + 1..])
}

/// The page for `groups`, measured in the run `facts` describes, ending with [`ELSEWHERE`].
fn render(facts: &RunFacts, groups: &[Group]) -> String {
    let mut page = String::new();
    let w = &mut page;
    let _ = writeln!(w, "# Benchmarks\n");
    let _ = writeln!(
        w,
        "Generated by `{}` from criterion's results; do not edit by hand, rerun the command to \
         regenerate. `cargo xtask bench --check` checks that the groups and benchmark names below \
         still match the benches.\n",
        facts.command
    );
    let _ = writeln!(w, "| run | |\n| --- | --- |");
    let _ = writeln!(w, "| command | `{}` |", facts.command);
    if !facts.criterion_options.is_empty() {
        let _ = writeln!(w, "| criterion options | `{}` |", facts.criterion_options.join(" "));
    }
    let _ = writeln!(w, "| date | {} |", facts.date);
    let _ = writeln!(w, "| git commit | {} |", facts.commit);
    let _ = writeln!(w, "| CPU | {} |", facts.cpu);
    let _ = writeln!(w, "| cores | {} |", facts.cores);
    let _ = writeln!(w, "| rustc | `{}` |", facts.rustc);
    let _ = writeln!(w, "| load average (1, 5, 15 min) at start | {} |", facts.load_start);
    let _ = writeln!(w, "| load average (1, 5, 15 min) at end | {} |\n", facts.load_end);
    if facts.shared {
        let _ = writeln!(
            w,
            "**The machine was shared**: the load average exceeded the number of cores, so other \
             jobs competed for the processor and the absolute times are inflated and noisy. The \
             ratios to each group's baseline, measured in the same run, are the meaningful figures.\n"
        );
    } else {
        let _ = writeln!(
            w,
            "The load average stayed below the number of cores. Absolute times still depend on the \
             machine; the ratios to each group's baseline, measured in the same run, carry over best.\n"
        );
    }
    let _ = writeln!(
        w,
        "Each group names a **baseline**, the plain or old method (its name starts with \
         `baseline`). *vs baseline* is the baseline's median time over the benchmark's: above 1 \
         is faster than the baseline. When a group declares its work (criterion's throughput) the \
         ratio is taken per element, since a slow baseline may run on a smaller input; a \
         benchmark with a parameter is compared with the baseline of the same parameter if there \
         is one. Times are per iteration, with criterion's 95% confidence interval in brackets.\n"
    );
    for group in groups {
        let per_unit = group.rows.iter().find_map(|r| r.measurement.throughput).map(|t| t.unit_and_count().0);
        let _ = writeln!(w, "## {}\n", cell_name(&group.name));
        let baselines: Vec<String> = group
            .rows
            .iter()
            .filter(|r| r.measurement.is_baseline())
            .map(|r| cell_name(&r.measurement.name))
            .collect();
        let _ = writeln!(
            w,
            "Bench target `{}` of `{}` (`cargo xtask bench --bench {}`). Baseline: {}.{}\n",
            group.target,
            group.package,
            group.target,
            baselines.join(", "),
            match per_unit {
                Some(unit) => format!(" Ratios per {unit}."),
                None => String::new(),
            }
        );
        let per_column = per_unit.map_or(String::new(), |unit| format!(" median per {unit} |"));
        let _ = writeln!(w, "| benchmark | work | median | mean |{per_column} vs baseline |");
        let _ =
            writeln!(w, "| --- | --- | --- | --- |{} --- |", if per_unit.is_some() { " --- |" } else { "" });
        for row in &group.rows {
            let m = &row.measurement;
            let ratio = if m.is_baseline() {
                "1 (baseline)".to_string()
            } else if group.several_baselines {
                format!("{}× vs {}", three_digits(row.ratio), cell_name(&row.baseline))
            } else {
                format!("{}×", three_digits(row.ratio))
            };
            let per_cell = if per_unit.is_some() {
                format!(" {} |", format_time(median_per_unit(m)))
            } else {
                String::new()
            };
            let _ = writeln!(
                w,
                "| {} | {} | {} | {} |{per_cell} {ratio} |",
                cell_name(&m.name),
                work_label(m.throughput),
                format_estimate(&m.median),
                format_estimate(&m.mean),
            );
        }
        let _ = writeln!(w);
    }
    page.push_str(ELSEWHERE);
    page
}

/// The structure of a page: for every group, `bench target / group / benchmark` lines, so
/// two runs compare equal whatever their timings.
fn skeleton(page: &str) -> Vec<String> {
    let code = |s: &str| -> Option<String> {
        let rest = s.split_once('`')?.1;
        Some(rest.split_once('`')?.0.replace("\\|", "|"))
    };
    let mut lines = Vec::new();
    let (mut group, mut target) = (String::new(), String::new());
    for line in page.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            group = code(heading).unwrap_or_else(|| heading.to_string());
            target.clear();
        } else if let Some(rest) = line.strip_prefix("Bench target ") {
            target = code(rest).unwrap_or_default();
            lines.push(format!("{target} / {group}"));
        } else if line.starts_with("| `")
            && !group.is_empty()
            && let Some(name) = code(line)
        {
            lines.push(format!("{target} / {group} / {name}"));
        }
    }
    lines
}

/// The differences in structure between the committed page and the new one, restricted to the
/// bench targets in `targets` if any are given.
fn structure_differences(committed: &str, regenerated: &str, targets: &[String]) -> Vec<String> {
    let keep =
        |line: &String| targets.is_empty() || targets.iter().any(|t| line.starts_with(&format!("{t} / ")));
    let old: Vec<String> = skeleton(committed).into_iter().filter(keep).collect();
    let new: Vec<String> = skeleton(regenerated).into_iter().filter(keep).collect();
    let mut differences: Vec<String> =
        old.iter().filter(|l| !new.contains(l)).map(|l| format!("gone from the benches: {l}")).collect();
    differences.extend(new.iter().filter(|l| !old.contains(l)).map(|l| format!("not on the page: {l}")));
    if differences.is_empty() && old != new {
        differences.push("the order of groups or benchmarks changed".to_string());
    }
    differences
}

// ---------------------------------------------------------------------------------------------
// Running.

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The stdout of a command, trimmed, or an error naming it.
fn output_of(program: &str, args: &[&str]) -> Result<String, BenchError> {
    let command = format!("{program} {}", args.join(" "));
    let output = Command::new(program)
        .args(args)
        .current_dir(crate::workspace_root())
        .output()
        .map_err(|e| BenchError::Command { command: command.clone(), reason: e.to_string() })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("no message").to_string();
        return Err(BenchError::Command { command, reason });
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The target directory and the bench targets of the workspace, from `cargo metadata`.
fn workspace_benches() -> Result<(PathBuf, Vec<BenchTarget>), BenchError> {
    let text = output_of(&cargo(), &["metadata", "--format-version", "1", "--no-deps", "--offline"])?;
    let bad = |reason: &str| BenchError::Parse { path: "cargo metadata".into(), reason: reason.into() };
    let metadata: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(&e.to_string()))?;
    let target_dir = metadata["target_directory"].as_str().ok_or_else(|| bad("no target_directory"))?;
    let mut benches = Vec::new();
    for package in metadata["packages"].as_array().ok_or_else(|| bad("no packages"))? {
        let package_name = package["name"].as_str().ok_or_else(|| bad("a package without a name"))?;
        for target in package["targets"].as_array().ok_or_else(|| bad("a package without targets"))? {
            let is_bench = target["kind"].as_array().is_some_and(|kinds| kinds.iter().any(|k| k == "bench"));
            if let (true, Some(name)) = (is_bench, target["name"].as_str()) {
                benches.push(BenchTarget { package: package_name.to_string(), name: name.to_string() });
            }
        }
    }
    benches.sort_by(|a, b| (&a.package, &a.name).cmp(&(&b.package, &b.name)));
    Ok((PathBuf::from(target_dir), benches))
}

/// The targets `--bench` selects (all without it), or an error naming an unknown one.
fn select_targets(all: &[BenchTarget], names: &[String]) -> Result<Vec<BenchTarget>, BenchError> {
    for name in names {
        if !all.iter().any(|t| &t.name == name) {
            let known: Vec<String> = all.iter().map(|t| format!("`{}`", t.name)).collect();
            return Err(BenchError::UnknownTarget { name: name.clone(), known: known.join(", ") });
        }
    }
    Ok(all.iter().filter(|t| names.is_empty() || names.contains(&t.name)).cloned().collect())
}

/// `/proc/loadavg`'s three averages, or why they are unknown, and the one-minute figure.
fn load_average() -> (String, Option<f64>) {
    match std::fs::read_to_string("/proc/loadavg") {
        Ok(text) => {
            let fields: Vec<&str> = text.split_whitespace().take(3).collect();
            (fields.join(", "), fields.first().and_then(|f| f.parse().ok()))
        }
        Err(e) => (format!("unknown (/proc/loadavg: {e})"), None),
    }
}

/// The CPU model and the number of logical processors, from `/proc/cpuinfo`.
fn cpu_facts() -> (String, Option<usize>) {
    match std::fs::read_to_string("/proc/cpuinfo") {
        Ok(text) => {
            let model = text
                .lines()
                .find_map(|l| {
                    l.strip_prefix("model name").and_then(|r| r.split_once(':')).map(|(_, m)| m.trim())
                })
                .unwrap_or("unknown (no model name in /proc/cpuinfo)")
                .to_string();
            let count = text.lines().filter(|l| l.starts_with("processor")).count();
            (model, (count > 0).then_some(count))
        }
        Err(e) => (format!("unknown (/proc/cpuinfo: {e})"), None),
    }
}

fn facts_at_start(command: String, criterion_options: Vec<String>) -> RunFacts {
    let (cpu, processors) = cpu_facts();
    let available = std::thread::available_parallelism().map(|n| n.get()).ok();
    let cores = match (processors, available) {
        (Some(p), Some(a)) => {
            format!("{p} logical processors (`/proc/cpuinfo`), {a} available to the benches")
        }
        (Some(p), None) => format!("{p} logical processors (`/proc/cpuinfo`)"),
        (None, Some(a)) => format!("{a} available to the benches"),
        (None, None) => "unknown".to_string(),
    };
    let commit = match output_of("git", &["rev-parse", "HEAD"]) {
        Ok(hash) => {
            let dirty = output_of("git", &["status", "--porcelain", "--untracked-files=no"])
                .map(|s| !s.is_empty())
                .unwrap_or(false);
            format!("`{hash}`{}", if dirty { " with uncommitted changes" } else { "" })
        }
        Err(e) => format!("unknown ({e})"),
    };
    let (load_start, load) = load_average();
    let cores_count = processors.or(available);
    RunFacts {
        command,
        criterion_options,
        date: output_of("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_else(|e| format!("unknown ({e})")),
        commit,
        cpu,
        cores,
        rustc: output_of("rustc", &["-V"]).unwrap_or_else(|e| format!("unknown ({e})")),
        load_start,
        load_end: String::new(),
        shared: matches!((load, cores_count), (Some(l), Some(c)) if l > c as f64),
    }
}

/// Runs the benches and writes the page; returns the page's path and text.
fn generate(args: &Args) -> Result<(PathBuf, String), BenchError> {
    let (target_dir, all) = workspace_benches()?;
    let targets = select_targets(&all, &args.bench)?;
    let criterion_dir = target_dir.join("criterion");
    let criterion_options: Vec<String> =
        if args.quick { QUICK_OPTIONS.iter().map(|s| s.to_string()).collect() } else { Vec::new() };
    let command = format!("cargo xtask {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));

    // Build first, so that compiling does not overlap the measurements.
    for target in &targets {
        output_of(&cargo(), &["bench", "--no-run", "-p", &target.package, "--bench", &target.name])?;
    }
    let mut facts = facts_at_start(command, criterion_options.clone());
    let mut groups = Vec::new();
    for target in &targets {
        let mut bench_args = vec!["bench", "-p", &target.package, "--bench", &target.name, "--"];
        bench_args.extend(criterion_options.iter().map(String::as_str));
        let line = format!("cargo {}", bench_args.join(" "));
        println!("running {line}");
        let start = SystemTime::now();
        let status = Command::new(cargo())
            .args(&bench_args)
            .env("CRITERION_HOME", &criterion_dir)
            .current_dir(crate::workspace_root())
            .status()
            .map_err(|e| BenchError::Command { command: line.clone(), reason: e.to_string() })?;
        if !status.success() {
            return Err(BenchError::Command { command: line, reason: status.to_string() });
        }
        let measurements = read_results(&criterion_dir, Some(start))?;
        if measurements.is_empty() {
            return Err(BenchError::NoResults { target: target.name.clone(), dir: criterion_dir });
        }
        groups.extend(build_groups(measurements, target)?);
    }
    let (load_end, load) = load_average();
    facts.load_end = format!("{load_end} (includes the benches themselves: one busy core)");
    let cores = cpu_facts().1.or(std::thread::available_parallelism().map(|n| n.get()).ok());
    facts.shared |= matches!((load, cores), (Some(l), Some(c)) if l > c as f64);

    let mut page = render(&facts, &groups);
    let committed = std::fs::read_to_string(crate::workspace_root().join(PAGE)).unwrap_or_default();
    if let Some(kept) = by_hand_section(&committed) {
        page.push('\n');
        page.push_str(kept);
    }
    let path = match (&args.out, args.check || !args.bench.is_empty()) {
        (Some(out), _) => out.clone(),
        (None, true) => target_dir.join("xtask-bench").join(PAGE),
        (None, false) => crate::workspace_root().join(PAGE),
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|source| BenchError::Io { path: parent.into(), source })?;
    }
    std::fs::write(&path, &page).map_err(|source| BenchError::Io { path: path.clone(), source })?;
    Ok((path, page))
}

/// Runs `cargo xtask bench`.
pub(crate) fn run(args: &Args) -> ExitCode {
    let (path, page) = match generate(args) {
        Ok(done) => done,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("wrote {}", path.display());
    if !args.check {
        return ExitCode::SUCCESS;
    }
    let committed_path = crate::workspace_root().join(PAGE);
    let committed = match std::fs::read_to_string(&committed_path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", committed_path.display());
            return ExitCode::FAILURE;
        }
    };
    let differences = structure_differences(&committed, &page, &args.bench);
    if differences.is_empty() {
        println!("{PAGE}: groups and benchmark names agree with the benches (timings are not compared)");
        ExitCode::SUCCESS
    } else {
        for difference in &differences {
            eprintln!("error: {PAGE}: {difference}");
        }
        eprintln!("rerun `cargo xtask bench` and commit {PAGE} (the new page is {})", path.display());
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/criterion").join(name)
    }

    fn target() -> BenchTarget {
        BenchTarget { package: "game-fixture".into(), name: "fixture".into() }
    }

    fn facts(shared: bool) -> RunFacts {
        RunFacts {
            command: "cargo xtask bench --quick".into(),
            criterion_options: QUICK_OPTIONS.iter().map(|s| s.to_string()).collect(),
            date: "2026-01-01 00:00 UTC".into(),
            commit: "`0123abc`".into(),
            cpu: "Fixture CPU @ 1 GHz".into(),
            cores: "2 logical processors".into(),
            rustc: "rustc 1.0.0".into(),
            load_start: "4.00, 3.00, 2.00".into(),
            load_end: "5.00, 3.50, 2.10".into(),
            shared,
        }
    }

    fn fixture_groups() -> Vec<Group> {
        build_groups(read_results(&fixture("ok"), None).expect("the fixture reads"), &target())
            .expect("every fixture group has a baseline")
    }

    fn ratio(groups: &[Group], group: &str, bench: &str) -> f64 {
        let group = groups.iter().find(|g| g.name == group).unwrap_or_else(|| panic!("group {group}"));
        group.rows.iter().find(|r| r.measurement.name == bench).unwrap_or_else(|| panic!("row {bench}")).ratio
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs()
    }

    #[test]
    fn the_parser_reads_names_throughput_and_estimates() {
        let measurements = read_results(&fixture("ok"), None).unwrap();
        assert_eq!(measurements.len(), 10, "{measurements:#?}");
        let kernel = measurements.iter().find(|m| m.group == "kernels" && m.name == "fast").unwrap();
        assert_eq!(kernel.median.point_estimate, 500_000.0);
        assert_eq!(kernel.median.confidence_interval.lower_bound, 490_000.0);
        assert_eq!(kernel.median.confidence_interval.upper_bound, 520_000.0);
        assert_eq!(kernel.mean.point_estimate, 510_000.0);
        assert_eq!(kernel.median.confidence_interval.confidence_level, 0.95);
        assert_eq!(kernel.throughput, None);
        let per_element = measurements.iter().find(|m| m.name == "method/1000").unwrap();
        assert_eq!(per_element.group, "per element");
        assert_eq!(per_element.function, "method");
        assert_eq!(per_element.parameter.as_deref(), Some("1000"));
        assert_eq!(per_element.throughput, Some(Throughput::Elements(1000)));
    }

    #[test]
    fn ratios_are_baseline_over_row_per_unit_of_work() {
        let groups = fixture_groups();
        let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["count", "kernels", "per element"]);
        // kernels: baseline_plain 2 ms; fast 0.5 ms -> 2 / 0.5 = 4; slow 3 ms -> 2 / 3.
        assert!(close(ratio(&groups, "kernels", "baseline_plain"), 1.0));
        assert!(close(ratio(&groups, "kernels", "fast"), 4.0));
        assert!(close(ratio(&groups, "kernels", "slow"), 2.0 / 3.0));
        // per element: baseline/100 is 1000 ns for 100 elements = 10 ns each; method/100 250 ns
        // for 100 = 2.5 ns each -> 4; method/1000 1000 ns for 1000 = 1 ns each -> 10.
        assert!(close(ratio(&groups, "per element", "method/100"), 4.0));
        assert!(close(ratio(&groups, "per element", "method/1000"), 10.0));
        // count: each row against the baseline of its parameter: 1000 / 100 and 8000 / 200.
        assert!(close(ratio(&groups, "count", "optimised/12"), 10.0));
        assert!(close(ratio(&groups, "count", "optimised/14"), 40.0));
        let count = groups.iter().find(|g| g.name == "count").unwrap();
        let order: Vec<&str> = count.rows.iter().map(|r| r.measurement.name.as_str()).collect();
        assert_eq!(order, ["baseline/12", "baseline/14", "optimised/12", "optimised/14"]);
        assert!(count.several_baselines);
    }

    #[test]
    fn the_page_states_the_run_and_every_row() {
        let page = render(&facts(true), &fixture_groups());
        for expected in [
            "| command | `cargo xtask bench --quick` |",
            "| criterion options | `--warm-up-time 1 --measurement-time 2` |",
            "| CPU | Fixture CPU @ 1 GHz |",
            "| load average (1, 5, 15 min) at start | 4.00, 3.00, 2.00 |",
            "**The machine was shared**",
            "## `kernels`",
            "Bench target `fixture` of `game-fixture` (`cargo xtask bench --bench fixture`). \
             Baseline: `baseline_plain`.",
            "| benchmark | work | median | mean | vs baseline |",
            "| `baseline_plain` | one iteration | 2.00 ms [1.95 ms, 2.10 ms] | 2.05 ms [1.98 ms, 2.12 ms] \
             | 1 (baseline) |",
            "| `fast` | one iteration | 500 µs [490 µs, 520 µs] | 510 µs [495 µs, 530 µs] | 4.00× |",
            "| `slow` | one iteration | 3.00 ms [2.90 ms, 3.10 ms] | 3.00 ms [2.95 ms, 3.05 ms] | 0.667× |",
            "Baseline: `baseline/100`. Ratios per element.",
            "| benchmark | work | median | mean | median per element | vs baseline |",
            "| `method/1000` | 1000 elements | 1.00 µs [900 ns, 1.10 µs] | 1.00 µs [950 ns, 1.05 µs] \
             | 1.00 ns | 10.0× |",
            "| `optimised/14` | one iteration | 200 ns [190 ns, 210 ns] | 200 ns [195 ns, 205 ns] \
             | 40.0× vs `baseline/14` |",
        ] {
            assert!(page.contains(expected), "missing {expected:?} in\n{page}");
        }
        assert!(render(&facts(false), &fixture_groups()).contains("stayed below the number of cores"));
    }

    #[test]
    fn the_section_written_by_hand_is_found_to_the_end_of_the_page() {
        let page = render(&facts(true), &fixture_groups());
        assert_eq!(by_hand_section(&page), None);
        let kept = format!("{BY_HAND}\n\n| work | seconds |\n| --- | --- |\n| octal | 1.0 |\n");
        let with_kept = format!("{page}\n{kept}");
        assert_eq!(by_hand_section(&with_kept), Some(kept.as_str()));
        assert_eq!(structure_differences(&with_kept, &page, &[]), Vec::<String>::new());
    }

    #[test]
    fn the_check_compares_structure_not_timings() {
        let groups = fixture_groups();
        let page = render(&facts(true), &groups);
        assert_eq!(
            skeleton(&page),
            [
                "fixture / count",
                "fixture / count / baseline/12",
                "fixture / count / baseline/14",
                "fixture / count / optimised/12",
                "fixture / count / optimised/14",
                "fixture / kernels",
                "fixture / kernels / baseline_plain",
                "fixture / kernels / fast",
                "fixture / kernels / slow",
                "fixture / per element",
                "fixture / per element / baseline/100",
                "fixture / per element / method/100",
                "fixture / per element / method/1000",
            ]
        );
        // Other timings, other machine facts: no difference.
        let mut faster = groups.clone();
        for row in faster.iter_mut().flat_map(|g| g.rows.iter_mut()) {
            row.measurement.median.point_estimate /= 3.0;
            row.ratio *= 1.5;
        }
        assert_eq!(structure_differences(&page, &render(&facts(false), &faster), &[]), Vec::<String>::new());
        // The closing paragraph (no measurement) adds no structure, and ends the page.
        assert!(page.ends_with(ELSEWHERE));
        // A renamed benchmark and a dropped group are differences.
        let mut renamed = groups.clone();
        renamed[1].rows[1].measurement.name = "quick".into();
        renamed.pop();
        let differences = structure_differences(&page, &render(&facts(true), &renamed), &[]);
        assert!(differences.contains(&"gone from the benches: fixture / kernels / fast".to_string()));
        assert!(differences.contains(&"not on the page: fixture / kernels / quick".to_string()));
        assert!(differences.contains(&"gone from the benches: fixture / per element".to_string()));
        // With --bench, only that target's sections are compared.
        assert_eq!(
            structure_differences(&page, "# Benchmarks\n", &["other".to_string()]),
            Vec::<String>::new()
        );
        assert!(!structure_differences(&page, "# Benchmarks\n", &["fixture".to_string()]).is_empty());
    }

    #[test]
    fn a_group_without_baseline_is_a_one_line_error_naming_it() {
        let measurements = read_results(&fixture("no-baseline"), None).unwrap();
        let error = build_groups(measurements, &target()).unwrap_err().to_string();
        assert!(error.contains("group `kernels` has no baseline"), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }

    #[test]
    fn a_missing_estimates_file_is_a_one_line_error_naming_the_group() {
        let error = read_results(&fixture("no-estimates"), None).unwrap_err().to_string();
        assert!(error.starts_with("group `kernels`: benchmark `fast` has no estimates file"), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }

    #[test]
    fn several_baselines_without_a_matching_parameter_are_refused() {
        let measurements: Vec<Measurement> = read_results(&fixture("ok"), None)
            .unwrap()
            .into_iter()
            .filter(|m| m.group == "count")
            .map(|mut m| {
                if m.name == "optimised/14" {
                    m.parameter = Some("16".into());
                    m.name = "optimised/16".into();
                }
                m
            })
            .collect();
        let error = build_groups(measurements, &target()).unwrap_err().to_string();
        assert!(error.contains("group `count`: benchmark `optimised/16` has no baseline"), "{error}");
    }

    #[test]
    fn old_results_are_left_out() {
        let future = SystemTime::now() + std::time::Duration::from_secs(3600);
        assert!(read_results(&fixture("ok"), Some(future)).unwrap().is_empty());
    }

    #[test]
    fn names_sort_with_numbers_as_numbers() {
        let mut names = vec!["bitsets/4096", "bitsets/512", "bitsets/2048", "baseline/512", "b"];
        names.sort_by(|a, b| natural_order(a, b));
        assert_eq!(names, ["b", "baseline/512", "bitsets/512", "bitsets/2048", "bitsets/4096"]);
        assert_eq!(format_time(999.0), "999 ns");
        assert_eq!(format_time(1_234.0), "1.23 µs");
        assert_eq!(format_time(11_700_000_000.0), "11.7 s");
        assert_eq!(three_digits(3650.4), "3650");
    }

    #[test]
    fn unknown_bench_targets_are_named() {
        let all = vec![target()];
        let error = select_targets(&all, &["octal".to_string()]).unwrap_err().to_string();
        assert_eq!(error, "no bench target named `octal`; the workspace has `fixture`");
        assert_eq!(select_targets(&all, &[]).unwrap().len(), 1);
    }
}
