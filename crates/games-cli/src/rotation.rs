//! `games rotation solve | count | draw`: the rotation puzzle through game-rotation.

use std::fmt::Write;
use std::io::IsTerminal;

use std::path::{Path, PathBuf};
use std::time::Instant;

use game_rotation::{
    AngleCountReport, CountMethod, CountOptions, CountReport, MAX_COUNT_N, MAX_SHARD_COUNT, MergedCount,
    Progress, Puzzle, RunInfo, Shard, ShardRecord, WriteOutcome, by_white_slot_from_first, count_solutions,
    count_start_angles, emptying, filling, find_solution, merge_shards, partial_sums, permuting,
    read_shard_file, solve, start_angle_prefix_depth, start_angle_task_list_bytes, task_list_bytes,
    white_slot_of,
};
use serde_json::json;

use crate::cli::{CountKernel, Method, RotationCommand};
use crate::error::{CliError, to_usize};
use crate::limits::{Budget, QUICK_COUNT_N};
use crate::output::{Output, one_line};
use crate::svg;

/// Largest puzzle drawn (one panel per move).
pub const MAX_DRAW_N: u64 = 64;

/// Largest puzzle solved (the searches keep masks; emptying works for any n, but the output
/// is a list of n - 1 numbers).
pub const MAX_SOLVE_N: u64 = 100_000;

/// Largest puzzle given to the searches (`search`, `permute`, or any white pin): their time
/// grows with n and the budget, and they may give up beyond n of about 100 anyway.
pub const MAX_SEARCH_N: u64 = 1_000;

/// Runs a `games rotation` subcommand.
pub fn run(command: &RotationCommand, budget: &Budget) -> Result<Output, CliError> {
    // `budget` is also the name of the searches' option below.
    let budget_of_search = budget;
    match command {
        RotationCommand::Solve { n, method, white, seed, budget } => {
            if *n > MAX_SOLVE_N {
                return Err(CliError::bad(format!("n = {n} is too large: at most {MAX_SOLVE_N}")));
            }
            let searching = matches!(method, Some(Method::Search | Method::Permute)) || white.is_some();
            if searching && *n > MAX_SEARCH_N {
                return Err(CliError::bad(format!(
                    "n = {n} is too large for the searches (and white pins): at most {MAX_SEARCH_N}; \
                     --method empty works up to {MAX_SOLVE_N}"
                )));
            }
            let mut puzzle = Puzzle::new(to_usize(*n, "n")?)?;
            if let Some(w) = white {
                puzzle = puzzle.with_white_pin(to_usize(*w, "white slot")?)?;
            }
            budget_of_search.check_size(
                || "--budget".to_string(),
                u128::from(*budget),
                u128::from(crate::limits::MAX_SEARCH_BUDGET),
            )?;
            let rotations = solve_with(&puzzle, *method, *seed, *budget)?;
            Ok(solution_output(&puzzle, *method, &rotations))
        }
        RotationCommand::Count { n, by_white_slot, by_start_angle, shard, out, prefix_depth, method } => {
            // Other start angles are other puzzles: only the standard one is settled by parity.
            let plain = shard.is_none() && out.is_none() && !by_start_angle;
            if *n % 2 == 1 && *n > 1 && *n <= MAX_COUNT_N as u64 && plain {
                return Ok(odd_count(*n, *by_white_slot));
            }
            // The largest n each kernel counts in seconds, and what the next sizes cost,
            // measured on 2 cores (records/rotation-counts.json).
            let (quick_n, times) = match (method, by_start_angle) {
                (CountKernel::TwoEnded, false) => {
                    (QUICK_COUNT_N, "n = 20: about 2 minutes, n = 22: about 2 hours")
                }
                (CountKernel::DepthFirst, false) => {
                    (QUICK_COUNT_N - 2, "n = 18: about 15 s, n = 20: about 20 minutes")
                }
                (CountKernel::TwoEnded, true) => {
                    (QUICK_COUNT_N - 2, "by start angle, n = 18: about 35 s, n = 20: about 35 minutes")
                }
                (CountKernel::DepthFirst, true) => {
                    (QUICK_COUNT_N - 2, "by start angle, n = 18: about 5 minutes")
                }
            };
            if *n > quick_n && !budget.long_work && *n <= MAX_COUNT_N as u64 {
                return Err(CliError::bad(format!(
                    "counting n = {n} takes exponential time (on 2 cores {times}, each step of 2 about 50 times \
                     more); pass --allow-long to start it"
                )));
            }
            let request = CountRequest {
                n: *n,
                by_white_slot: *by_white_slot,
                shard: shard.as_deref(),
                out: out.as_deref(),
                prefix_depth: *prefix_depth,
                method: match method {
                    CountKernel::TwoEnded => CountMethod::TwoEnded,
                    CountKernel::DepthFirst => CountMethod::OneEnded,
                },
            };
            if *by_start_angle { count_by_angle(&request, budget) } else { count(&request, budget) }
        }
        RotationCommand::Merge { files } => merge(files),
        RotationCommand::Draw { n, svg: path, method } => {
            if *n > MAX_DRAW_N {
                return Err(CliError::bad(format!("n = {n} is too large to draw: at most {MAX_DRAW_N}")));
            }
            let puzzle = Puzzle::new(to_usize(*n, "n")?)?;
            let rotations = solve_with(&puzzle, *method, 1, crate::limits::MAX_SEARCH_BUDGET)?;
            let picture = svg::rotation_solution(&puzzle, &rotations)?;
            crate::files::write_whole(path, picture)?;
            let text = format!(
                "wrote {}: {} panels (start and {} moves) of the solution {}",
                path.display(),
                rotations.len() + 1,
                rotations.len(),
                join(&rotations)
            );
            Ok(Output::new(
                text,
                json!({ "n": n, "rotations": rotations, "svg": path.display().to_string() }),
            ))
        }
    }
}

/// One solution by the chosen method (or the crate's fastest), checked on the state machine.
pub fn solve_with(
    puzzle: &Puzzle,
    method: Option<Method>,
    seed: u64,
    budget: u64,
) -> Result<Vec<usize>, CliError> {
    let n = puzzle.n();
    let rotations = match method {
        None => solve(puzzle, seed, budget)?,
        Some(Method::Fill) => filling(n)?,
        Some(Method::Empty) => emptying(n)?,
        Some(Method::Search) => find_solution(puzzle, seed, budget)?,
        Some(Method::Permute) => permuting(puzzle, seed, budget)?,
    };
    // Filling and emptying ignore a white pin: check the result on the puzzle asked for.
    puzzle.verify(&rotations).map_err(|e| {
        CliError::bad(format!("the {} method does not solve this puzzle: {e}", method_name(method)))
    })?;
    Ok(rotations)
}

fn method_name(method: Option<Method>) -> &'static str {
    match method {
        None => "default",
        Some(Method::Fill) => "fill",
        Some(Method::Empty) => "empty",
        Some(Method::Search) => "search",
        Some(Method::Permute) => "permute",
    }
}

fn join(values: &[usize]) -> String {
    values.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
}

fn solution_output(puzzle: &Puzzle, method: Option<Method>, rotations: &[usize]) -> Output {
    let n = puzzle.n();
    let sums = partial_sums(n, rotations);
    let white = white_slot_of(n, rotations);
    let mut text = format!("n = {n}, method {}: rotations {}", method_name(method), join(rotations));
    let _ = write!(text, "\ndisc slot under the top after each move: {}", join(&sums[1..]));
    if let Some(w) = white {
        let _ = write!(text, "\nthe last pin moved comes from disc slot {w} (where a white pin must stand)");
    }
    text.push_str("\nchecked on the puzzle's state machine: solved");
    Output::new(
        text,
        json!({
            "n": n,
            "method": method_name(method),
            "white": puzzle.white_slot(),
            "rotations": rotations,
            "partial_sums": sums,
            "last_disc_slot": white,
            "verified": true,
        }),
    )
}

/// "1 solution", "2 solutions".
fn solutions(count: u128) -> String {
    if count == 1 { "1 solution".to_string() } else { format!("{count} solutions") }
}

/// The count for an odd `n`: none, by the theorem (a cyclic group of odd order has no
/// sequencing, so no rotation order solves the puzzle), without a search; the classes are all
/// zero.
fn odd_count(n: u64, by_white_slot: bool) -> Output {
    let zeros = vec!["0".to_string(); n as usize];
    let mut text = format!("n = {n}: 0 solutions (no odd n has one: Z_n of odd order has no sequencing)");
    if by_white_slot {
        let _ = write!(text, "\nby white-pin disc slot 0..={}: {}", n - 1, zeros.join(" "));
    }
    let by_white = if by_white_slot { Some(&zeros) } else { None };
    Output::new(
        text,
        json!({ "n": n, "shard": "0/1", "total": "0", "by_first": zeros, "by_white_slot": by_white,
                "tasks": 0, "method": null }),
    )
}

/// What `games rotation count` was asked for.
struct CountRequest<'a> {
    n: u64,
    by_white_slot: bool,
    shard: Option<&'a str>,
    out: Option<&'a Path>,
    prefix_depth: Option<u64>,
    method: CountMethod,
}

/// What every count checks first: the puzzle of n slots (at most [`MAX_COUNT_N`]), the shard,
/// the kernel that runs for n and the prefix depth (asked for, or `default_depth` of that
/// kernel).
fn count_plan(
    request: &CountRequest,
    default_depth: impl Fn(CountMethod, usize) -> usize,
) -> Result<(Puzzle, Shard, CountMethod, usize), CliError> {
    let n = request.n;
    if n > MAX_COUNT_N as u64 {
        return Err(CliError::bad(format!("n = {n} is too large to count: at most {MAX_COUNT_N}")));
    }
    let n = to_usize(n, "n")?;
    let puzzle = Puzzle::new(n)?;
    let shard: Shard = match request.shard {
        Some(text) => text.parse()?,
        None => Shard::ALL,
    };
    let method = request.method.for_n(n);
    let depth = match request.prefix_depth {
        Some(d) => to_usize(d, "prefix depth")?,
        None => default_depth(method, n),
    };
    Ok((puzzle, shard, method, depth))
}

/// Counts the solutions (one shard, or all), with an indicatif bar when stderr is a terminal;
/// with `--out FILE` the shard's result goes to FILE, or is read from it if it is already there.
fn count(request: &CountRequest, budget: &Budget) -> Result<Output, CliError> {
    let (puzzle, shard, method, depth) = count_plan(request, CountMethod::prefix_depth_for)?;
    let n = puzzle.n();
    budget.check(
        || format!("the task list of n = {n} at prefix depth {depth}"),
        task_list_bytes(n, depth, method),
    )?;
    let options = CountOptions { shard, prefix_depth: Some(depth), method, ..CountOptions::default() };
    let (report, run) = shard_report(
        request,
        (n, shard, depth, method, false),
        |record| CountReport {
            total: record.total,
            by_first: record.by_first.clone(),
            tasks: record.tasks,
            method,
        },
        || with_progress_bar(|progress| count_solutions(&puzzle, &options, progress)),
        |report, run| ShardRecord::from_report(n, shard, depth, report, run),
    )?;
    let shard_text = if shard.count() > 1 {
        format!(" (shard {}/{})", shard.index(), shard.count())
    } else {
        String::new()
    };
    let mut text = format!("n = {n}: {}{shard_text}", solutions(report.total));
    text.push_str(&run.out_text(request));
    // Solutions ending with rotation l are as many as those starting with l (reversal), and
    // such a solution moves disc slot n/2 - l last: that is where the white pin must stand (R8).
    let by_white = if request.by_white_slot {
        let counts = by_white_slot_from_first(n, &report.by_first)
            .ok_or(game_rotation::RotationError::Overflow { what: "counting by white-pin slot" })?;
        Some(counts.iter().map(u128::to_string).collect::<Vec<_>>())
    } else {
        None
    };
    if let Some(counts) = &by_white {
        let _ = write!(text, "\nby white-pin disc slot 0..={}: {}", n - 1, counts.join(" "));
    }
    // Counts are u128: JSON numbers beyond 2^53 lose precision in many readers, so they are strings.
    let by_first: Vec<String> = report.by_first.iter().map(u128::to_string).collect();
    let mut json = json!({
        "n": n,
        "shard": format!("{}/{}", shard.index(), shard.count()),
        "total": report.total.to_string(),
        "by_first": by_first,
        "by_white_slot": by_white,
        "tasks": report.tasks,
        "method": report.method.name(),
    });
    if let Some(path) = request.out {
        json["out"] = json!(path.display().to_string());
        json["skipped"] = json!(run.skipped);
        json["prefix_depth"] = json!(depth);
    }
    Ok(Output::new(text, json))
}

/// How a shard's report was had: read from `--out FILE` (`skipped`), or counted, in so many
/// seconds.
struct ShardRun {
    skipped: bool,
    wall_seconds: f64,
    cpu_seconds: f64,
}

impl ShardRun {
    /// What the count's message says of `--out FILE`: nothing without it.
    fn out_text(&self, request: &CountRequest) -> String {
        match request.out {
            Some(path) if self.skipped => format!(", already in {}: not counted again", path.display()),
            Some(path) => format!(", written to {}", path.display()),
            None => String::new(),
        }
    }
}

/// One shard's report: read from `--out FILE` if FILE already holds this shard (`from_record`),
/// else counted (`compute`) and, with `--out`, written to FILE atomically (`to_record`). `count`
/// is (n, shard, prefix depth, method, by start angle).
fn shard_report<R>(
    request: &CountRequest,
    count: (usize, Shard, usize, CountMethod, bool),
    from_record: impl FnOnce(&ShardRecord) -> R,
    compute: impl FnOnce() -> Result<R, CliError>,
    to_record: impl FnOnce(&R, RunInfo) -> Result<ShardRecord, game_rotation::ShardFileError>,
) -> Result<(R, ShardRun), CliError> {
    let (n, shard, depth, method, by_start_angle) = count;
    if request.out.is_some() && shard.count() > MAX_SHARD_COUNT {
        return Err(CliError::bad(format!(
            "a shard file holds one of at most {MAX_SHARD_COUNT} shards, not {}",
            shard.count()
        )));
    }
    if let Some(path) = request.out.filter(|path| path.try_exists().unwrap_or(true)) {
        let record = read_shard_file(path)?;
        record.check_is(path, n, shard, depth, method.name(), by_start_angle)?;
        let run =
            ShardRun { skipped: true, wall_seconds: record.wall_seconds, cpu_seconds: record.cpu_seconds };
        return Ok((from_record(&record), run));
    }
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let report = compute()?;
    let mut run = ShardRun {
        skipped: false,
        wall_seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: (cpu_seconds() - cpu_started).max(0.0),
    };
    if let Some(path) = request.out {
        let info =
            RunInfo { wall_seconds: run.wall_seconds, cpu_seconds: run.cpu_seconds, host: host_name() };
        let outcome = to_record(&report, info)?.write_new(path)?;
        run.skipped = matches!(outcome, WriteOutcome::AlreadyPresent(_));
    }
    Ok((report, run))
}

/// `games rotation count N --by-start-angle`: the solutions for every start angle (R9), one
/// shard or all, with a progress bar when stderr is a terminal; with `--out FILE` written to FILE
/// or read from it, as in [`count`].
fn count_by_angle(request: &CountRequest, budget: &Budget) -> Result<Output, CliError> {
    let (puzzle, shard, method, depth) =
        count_plan(request, |method, n| start_angle_prefix_depth(n, method))?;
    let n = puzzle.n();
    budget.check(
        || format!("the task list of n = {n} by start angle at prefix depth {depth}"),
        start_angle_task_list_bytes(n, depth, method),
    )?;
    let options = CountOptions { shard, prefix_depth: Some(depth), method, ..CountOptions::default() };
    let (report, run) = shard_report(
        request,
        (n, shard, depth, method, true),
        |record| AngleCountReport { by_angle: record.by_start_angle.clone(), tasks: record.tasks, method },
        || with_progress_bar(|progress| count_start_angles(n, &options, progress)),
        |report, run| ShardRecord::from_angle_report(n, shard, depth, report, run),
    )?;
    let shard_text = if shard.count() > 1 {
        format!(" (shard {}/{}: the counts of all shards add up)", shard.index(), shard.count())
    } else {
        String::new()
    };
    let counts: Vec<String> = report.by_angle.iter().map(u128::to_string).collect();
    let text = format!(
        "n = {n}: solutions by start angle a = 0..={} (the disc's blue pin in disc slot a; the standard puzzle is a = {}){shard_text}{}:\n{}",
        n - 1,
        n / 2,
        run.out_text(request),
        counts.join(" ")
    );
    let mut json = json!({
        "n": n,
        "shard": format!("{}/{}", shard.index(), shard.count()),
        "by_start_angle": counts,
        "tasks": report.tasks,
        "method": report.method.name(),
        "prefix_depth": depth,
        "wall_seconds": run.wall_seconds,
        "cpu_seconds": run.cpu_seconds,
    });
    if let Some(path) = request.out {
        json["out"] = json!(path.display().to_string());
        json["skipped"] = json!(run.skipped);
    }
    Ok(Output::new(text, json))
}

/// Runs `work` with a progress callback that drives a bar on stderr when it is a terminal.
fn with_progress_bar<T>(
    work: impl FnOnce(Option<&(dyn Fn(Progress) + Sync)>) -> Result<T, game_rotation::RotationError>,
) -> Result<T, CliError> {
    if !std::io::stderr().is_terminal() {
        return Ok(work(None)?);
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("counting {bar:40} {pos}/{len} tasks ({eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let progress = |p: Progress| {
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
    };
    let result = work(Some(&progress));
    bar.finish_and_clear();
    Ok(result?)
}

/// CPU seconds used by this process so far, all threads (0 if the clock cannot be read).
fn cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// This machine's host name, as the kernel reports it.
fn host_name() -> String {
    rustix::system::uname().nodename().to_string_lossy().into_owned()
}

/// `games rotation merge FILES...`: reads every shard file, adds them exactly and checks the
/// class sums.
fn merge(files: &[PathBuf]) -> Result<Output, CliError> {
    let mut records = Vec::with_capacity(files.len());
    for path in files {
        records.push((path.display().to_string(), read_shard_file(path)?));
    }
    let merged: MergedCount = merge_shards(&records)?;
    let n = merged.n;
    let k = merged.shard_count;
    let shards =
        if k == 1 { "1 shard (0/1".to_string() } else { format!("{k} shards (0/{k} .. {}/{k}", k - 1) };
    let join = |counts: &[u128]| counts.iter().map(u128::to_string).collect::<Vec<_>>().join(" ");
    let by_angle = !merged.by_start_angle.is_empty();
    let (what, classes) = if by_angle {
        (
            "solutions of all start angles",
            format!(
                "by start angle a = 0..={} (the standard puzzle is a = {}): {}",
                n - 1,
                n / 2,
                join(&merged.by_start_angle)
            ),
        )
    } else {
        (
            "solutions",
            format!(
                "by first rotation 1..={}: {}\nby white-pin disc slot 0..={}: {}",
                n - 1,
                join(&merged.by_first[1..]),
                n - 1,
                join(&merged.by_white_slot)
            ),
        )
    };
    let text = format!(
        "n = {n}: {} {what}, merged from {shards}; {}, game-rotation {}, prefix depth {})\n{classes}\n\
         checked: {k} distinct shards of {k}, and each class split adds up to the total",
        merged.total,
        // Fields read from the files: escaped, so that no control character reaches a terminal.
        one_line(&merged.method),
        one_line(&merged.version),
        merged.prefix_depth,
    );
    let strings = |counts: &[u128]| counts.iter().map(u128::to_string).collect::<Vec<_>>();
    let mut json = json!({
        "n": n,
        "method": merged.method,
        "version": merged.version,
        "shards": k,
        "prefix_depth": merged.prefix_depth,
        "tasks": merged.tasks,
        "total": merged.total.to_string(),
        "wall_seconds": merged.wall_seconds,
        "cpu_seconds": merged.cpu_seconds,
        "hosts": merged.hosts,
        "files": records.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
    });
    if by_angle {
        json["by_start_angle"] = json!(strings(&merged.by_start_angle));
    } else {
        json["by_first"] = json!(strings(&merged.by_first));
        json["by_white_slot"] = json!(strings(&merged.by_white_slot));
    }
    Ok(Output::new(text, json))
}
