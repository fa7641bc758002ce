//! `cargo xtask verify`: every claim of every crate of the workspace, at full bounds, with a
//! progress bar; insta writes the snapshots (or with `--check` writes nothing and fails on any
//! difference).
//!
//! **Claims are discovered, never listed here.** A crate has claims if it has a test target
//! named `claims` (`tests/claims.rs`) with a test function named `claims` that runs a
//! `game_verify::ClaimsTest`; `cargo metadata` finds every such target, so a crate made by
//! `cargo xtask new-game` is verified with no file edited by hand. The root package's
//! `tests/claims.rs` holds game-verify's own claims. One
//! `cargo test --release --no-run -p PKG... --test claims` builds every target (one feature
//! set, so every library once); each executable then runs as `cargo test` would run it
//! (`--exact claims`), all at once, steered by game-verify's environment variables (scale,
//! selection, a results file, progress lines on standard error) and by insta's
//! (`INSTA_UPDATE=always` accepts new snapshots; `INSTA_UPDATE=no` with `CI=true` writes
//! nothing), so game crates never depend on game-verify at run time.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

/// game-verify's steering variables (`game_verify::SCALE_ENV` and the others), named here so
/// that xtask does not depend on game-verify and the game crates (a test checks they agree).
const SCALE_ENV: &str = "GAME_VERIFY_SCALE";
const CLAIMS_ENV: &str = "GAME_VERIFY_CLAIMS";
const LIST_ENV: &str = "GAME_VERIFY_LIST";
const RESULTS_ENV: &str = "GAME_VERIFY_RESULTS";

/// Options of `cargo xtask verify`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Write nothing: fail if any claim fails or any snapshot is missing or would change.
    #[arg(long)]
    check: bool,
    /// Run only the claim with this id (e.g. W2, N3, GG1); repeat for several.
    #[arg(long, value_name = "ID")]
    claim: Vec<String>,
    /// Use the small bounds of `cargo test` instead (snapshots in tests/snapshots/quick/).
    #[arg(long)]
    quick: bool,
}

/// A test target named `claims` of a workspace package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClaimsTarget {
    /// The package's name.
    pub(crate) package: String,
    /// The package's directory.
    pub(crate) dir: PathBuf,
}

/// Every workspace package of the workspace at `root` that has a test target named `claims`,
/// the root package first, then by name.
pub(crate) fn claims_targets(root: &Path) -> Result<Vec<ClaimsTarget>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    let workspace_root = metadata["workspace_root"].as_str().map(PathBuf::from).unwrap_or_default();
    let mut targets: Vec<ClaimsTarget> = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|package| {
            package["targets"].as_array().into_iter().flatten().any(|target| {
                target["name"] == "claims"
                    && target["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "test"))
            })
        })
        .filter_map(|package| {
            let manifest = PathBuf::from(package["manifest_path"].as_str()?);
            Some(ClaimsTarget {
                package: package["name"].as_str()?.to_string(),
                dir: manifest.parent()?.to_path_buf(),
            })
        })
        .collect();
    targets.sort_by_key(|t| (t.dir != workspace_root, t.package.clone()));
    Ok(targets)
}

/// How `cargo xtask verify` treats snapshots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// insta accepts every new report (`INSTA_UPDATE=always`).
    Write,
    /// insta writes nothing and fails on a difference (`INSTA_UPDATE=no`, `CI=true`).
    Check,
}

/// The `cargo test --no-run` that builds every claims target in one invocation, so that each
/// library is built once with one set of features (a build per package gave each its own
/// feature set and so its own copy of game-verify and the game crates: six of game-verify).
/// Cargo prints each executable as a JSON message on standard output.
fn build_command(root: &Path, targets: &[ClaimsTarget]) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.args(["test", "--release", "--no-run", "--quiet", "--message-format=json-render-diagnostics"]);
    for target in targets {
        command.args(["-p", &target.package]);
    }
    command.args(["--test", "claims"]).current_dir(root);
    command
}

/// Builds every claims target (one `cargo test --no-run`) and returns the executables in the
/// order of `targets`.
fn build_claims(root: &Path, targets: &[ClaimsTarget]) -> Result<Vec<PathBuf>, String> {
    let output = build_command(root, targets)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "building the claims failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim_end()
        ));
    }
    let mut executables: Vec<Option<PathBuf>> = vec![None; targets.len()];
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        if message["reason"] != "compiler-artifact" || message["target"]["name"] != "claims" {
            continue;
        }
        let (Some(manifest), Some(executable)) =
            (message["manifest_path"].as_str(), message["executable"].as_str())
        else {
            continue;
        };
        if let Some(index) =
            targets.iter().position(|t| Path::new(manifest).parent() == Some(t.dir.as_path()))
        {
            executables[index] = Some(PathBuf::from(executable));
        }
    }
    targets
        .iter()
        .zip(executables)
        .map(|(target, executable)| {
            executable.ok_or_else(|| format!("{}: cargo built no `claims` test executable", target.package))
        })
        .collect()
}

/// One run of a claims executable as `cargo test` runs it (`--exact claims`, in the package's
/// directory) with the steering environment; `extra_env` adds game-verify's variables.
fn claims_command(
    root: &Path,
    target: &ClaimsTarget,
    executable: &Path,
    mode: Mode,
    extra_env: &[(&str, String)],
) -> Command {
    let mut command = Command::new(executable);
    command
        .args(["--exact", "claims", "--nocapture"])
        .current_dir(&target.dir)
        .env("CARGO_MANIFEST_DIR", &target.dir)
        // insta would otherwise ask `cargo metadata` for the workspace in every process.
        .env("INSTA_WORKSPACE_ROOT", root)
        .env_remove("INSTA_FORCE_UPDATE")
        .env_remove("INSTA_FORCE_PASS");
    match mode {
        Mode::Write => command.env("INSTA_UPDATE", "always"),
        Mode::Check => command.env("INSTA_UPDATE", "no").env("CI", "true"),
    };
    for (name, value) in extra_env {
        command.env(name, value);
    }
    command
}

/// What one claims target did.
#[derive(Debug)]
pub(crate) struct TargetOutcome {
    /// The package.
    pub(crate) package: String,
    /// Claims run.
    pub(crate) claims: usize,
    /// The table of results.
    pub(crate) table: String,
    /// Each claim that ran with the seconds its check took.
    pub(crate) seconds: Vec<(String, f64)>,
    /// The one-line error, if the target failed.
    pub(crate) error: Option<String>,
}

/// A line a running claims executable printed on standard error.
enum Line {
    /// `game-verify: done ID`.
    Done(String),
    /// Anything else, from the target of this index (insta's diffs, a panic message).
    Other(usize, String),
}

/// Runs the claims of every claims target of the workspace at `root`: builds them all at once,
/// lists their ids (refusing an unknown `--claim` and an id that two crates share), then runs
/// every target at once, so that the two cores stay busy while one crate's longest claim runs.
/// `on_done` is called with each claim's id as it finishes, `on_total` once with the number of
/// claims that will run.
pub(crate) fn verify_workspace(
    root: &Path,
    quick: bool,
    mode: Mode,
    selection: &[String],
    on_total: &dyn Fn(usize),
    on_done: &dyn Fn(&str),
) -> Result<Vec<TargetOutcome>, String> {
    let targets = claims_targets(root)?;
    if targets.is_empty() {
        return Err(format!("no package of {} has a test target named `claims`", root.display()));
    }
    let executables = build_claims(root, &targets)?;
    let scratch = std::env::temp_dir().join(format!("xtask-verify-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let mut ids_by_target = Vec::new();
    for (index, (target, executable)) in targets.iter().zip(&executables).enumerate() {
        let list = scratch.join(format!("ids-{index}.json"));
        let output =
            claims_command(root, target, executable, mode, &[(LIST_ENV, list.display().to_string())])
                .output()
                .map_err(|e| format!("cannot run {}: {e}", executable.display()))?;
        let ids: Vec<String> = std::fs::read_to_string(&list)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .ok_or_else(|| {
                format!(
                    "{}: its `claims` test target listed no claims (it needs a test function named `claims` that runs a game_verify::ClaimsTest): {}",
                    target.package,
                    String::from_utf8_lossy(&output.stderr).trim()
                )
            })?;
        ids_by_target.push(ids);
    }
    let mut all: Vec<(&str, &str)> = Vec::new();
    for (target, ids) in targets.iter().zip(&ids_by_target) {
        for id in ids {
            if let Some((other, _)) = all.iter().find(|(_, known)| known == id) {
                return Err(format!("the claim id {id:?} is used by both {other} and {}", target.package));
            }
            all.push((&target.package, id));
        }
    }
    if let Some(unknown) = selection.iter().find(|id| !all.iter().any(|(_, known)| known == id)) {
        let known: Vec<&str> = all.iter().map(|(_, id)| *id).collect();
        return Err(format!("no claim with id {unknown:?}; the ids are: {}", known.join(" ")));
    }
    on_total(if selection.is_empty() { all.len() } else { selection.len() });
    let (lines, received) = std::sync::mpsc::channel();
    let mut running = Vec::new();
    for (index, ((target, executable), ids)) in
        targets.iter().zip(&executables).zip(&ids_by_target).enumerate()
    {
        if !selection.is_empty() && !ids.iter().any(|id| selection.contains(id)) {
            continue;
        }
        let results = scratch.join(format!("results-{index}.json"));
        let mut env = vec![
            (RESULTS_ENV, results.display().to_string()),
            (SCALE_ENV, if quick { "quick" } else { "full" }.to_string()),
        ];
        if !selection.is_empty() {
            env.push((CLAIMS_ENV, selection.join(",")));
        }
        let mut child = claims_command(root, target, executable, mode, &env)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", executable.display()))?;
        let stdout = child.stdout.take().map(|out| {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(&mut BufReader::new(out), &mut text);
                text
            })
        });
        if let Some(stderr) = child.stderr.take() {
            let lines = lines.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    let line = match line.strip_prefix("game-verify: done ") {
                        Some(id) => Line::Done(id.to_string()),
                        None => Line::Other(index, line),
                    };
                    if lines.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        running.push((index, target, child, stdout, results));
    }
    // Every sender is a reader thread's clone: the loop ends when every child has closed its
    // standard error.
    drop(lines);
    let mut other_lines = vec![String::new(); targets.len()];
    for line in received {
        match line {
            Line::Done(id) => on_done(&id),
            Line::Other(index, line) => {
                other_lines[index].push_str(&line);
                other_lines[index].push('\n');
            }
        }
    }
    let mut outcomes = Vec::new();
    for (index, target, mut child, stdout, results) in running {
        let status = child.wait().map_err(|e| format!("{}: {e}", target.package))?;
        let stdout = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
        let other_lines = &other_lines[index];
        outcomes.push(target_outcome(target, status, &stdout, other_lines, &results));
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(outcomes)
}

/// The outcome of one finished claims executable, from its results file (or, when it wrote
/// none, from what it printed).
fn target_outcome(
    target: &ClaimsTarget,
    status: std::process::ExitStatus,
    stdout: &str,
    other_lines: &str,
    results: &Path,
) -> TargetOutcome {
    let parsed: Option<serde_json::Value> =
        std::fs::read_to_string(results).ok().and_then(|text| serde_json::from_str(&text).ok());
    let outcome = match parsed {
        Some(value) => TargetOutcome {
            package: target.package.clone(),
            claims: value["claims"].as_u64().unwrap_or(0) as usize,
            table: value["table"].as_str().unwrap_or_default().to_string(),
            seconds: serde_json::from_value(value["seconds"].clone()).unwrap_or_default(),
            error: value["error"].as_str().map(str::to_string),
        },
        None => TargetOutcome {
            package: target.package.clone(),
            claims: 0,
            table: String::new(),
            seconds: Vec::new(),
            error: Some(format!(
                "the claims test did not finish ({status}):\n{}{}",
                stdout.trim_end(),
                other_lines.trim_end()
            )),
        },
    };
    let failed = outcome.error.is_some() || !status.success();
    if failed && outcome.error.is_some() && !other_lines.trim().is_empty() {
        // insta's diffs and any panic message: the details behind the one-line error.
        eprint!("{other_lines}");
    }
    TargetOutcome {
        error: outcome
            .error
            .clone()
            .or_else(|| (!status.success()).then(|| format!("claims test failed ({status})"))),
        ..outcome
    }
}

/// How many of the slowest claims the summary names.
const SLOWEST: usize = 5;

/// The `count` slowest claims of `outcomes`, slowest first, as `ID SECONDS s`: the line of the
/// summary that shows a claim grown slow before it shows in the total.
pub(crate) fn slowest(outcomes: &[TargetOutcome], count: usize) -> String {
    let mut timed: Vec<&(String, f64)> = outcomes.iter().flat_map(|o| &o.seconds).collect();
    timed.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    timed
        .iter()
        .take(count)
        .map(|(id, seconds)| format!("{id} {seconds:.1} s"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn run(args: &Args) -> ExitCode {
    let root = crate::workspace_root();
    let mode = if args.check { Mode::Check } else { Mode::Write };
    let started = Instant::now();
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} claims  {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.set_message("building and listing the claims of every crate");
    // Listing the claims builds every claims target: the time until then is the build's.
    let built = std::cell::Cell::new(None);
    let on_total = |total: usize| {
        built.set(Some(started.elapsed().as_secs_f64()));
        bar.set_length(total as u64);
    };
    let on_done = |id: &str| {
        bar.inc(1);
        bar.set_message(format!("{id} done"));
    };
    let outcomes = match verify_workspace(&root, args.quick, mode, &args.claim, &on_total, &on_done) {
        Ok(outcomes) => outcomes,
        Err(e) => {
            bar.finish_and_clear();
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    bar.finish_and_clear();
    let scale = if args.quick { "quick" } else { "full" };
    let mut claims = 0;
    let mut ok = true;
    for outcome in &outcomes {
        println!("{}:", outcome.package);
        print!("{}", outcome.table);
        claims += outcome.claims;
        if let Some(error) = &outcome.error {
            ok = false;
            eprintln!("error in {}: {error}", outcome.package);
        }
    }
    let total = started.elapsed().as_secs_f64();
    let built = built.get().unwrap_or(0.0);
    println!(
        "{claims} claims of {} crate{} in {total:.1} s ({built:.1} s building and listing, {:.1} s checking) at {scale} bounds; snapshots {} (tests/snapshots/{scale}/ of each crate)",
        outcomes.len(),
        if outcomes.len() == 1 { "" } else { "s" },
        total - built,
        if args.check { "checked" } else { "written by insta where they changed (review with `git diff`)" },
    );
    if claims > 0 {
        println!(
            "slowest (wall seconds of each check, every crate's claims running at once): {}",
            slowest(&outcomes, SLOWEST)
        );
    }
    if !ok {
        let rerun = if args.quick { "cargo xtask verify --quick" } else { "cargo xtask verify" };
        eprintln!("FAILED; after a deliberate change, `{rerun}` rewrites the snapshots of passing claims");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steering_variables_are_game_verifys() {
        assert_eq!(
            [SCALE_ENV, CLAIMS_ENV, LIST_ENV, RESULTS_ENV],
            [
                game_verify::SCALE_ENV,
                game_verify::CLAIMS_ENV,
                game_verify::LIST_ENV,
                game_verify::RESULTS_ENV
            ]
        );
    }

    #[test]
    fn the_slowest_claims_of_every_crate_are_named_slowest_first() {
        let outcome = |package: &str, seconds: &[(&str, f64)]| TargetOutcome {
            package: package.into(),
            claims: seconds.len(),
            table: String::new(),
            seconds: seconds.iter().map(|&(id, s)| (id.to_string(), s)).collect(),
            error: None,
        };
        let outcomes = [
            outcome("a", &[("A1", 0.5), ("A2", 30.0), ("A3", 2.0)]),
            outcome("b", &[("B1", 12.31), ("B2", 0.01)]),
        ];
        assert_eq!(slowest(&outcomes, 3), "A2 30.0 s, B1 12.3 s, A3 2.0 s");
        assert_eq!(slowest(&outcomes, 9).matches(" s").count(), 5);
        assert_eq!(slowest(&[], 5), "");
    }

    #[test]
    fn every_crate_with_claims_is_discovered_root_first() {
        let root = crate::workspace_root();
        let targets = claims_targets(&root).unwrap();
        let names: Vec<&str> = targets.iter().map(|t| t.package.as_str()).collect();
        assert_eq!(names.first(), Some(&"impartial-games"), "{names:?}");
        assert!(names.contains(&"game-takebreak"), "{names:?}");
        assert!(!names.contains(&"game-core"), "game-core has no claims target: {names:?}");
        for target in &targets {
            assert!(target.dir.join("tests/claims.rs").is_file(), "{target:?}");
        }
    }
}
