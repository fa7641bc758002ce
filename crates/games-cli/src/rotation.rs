//! `games rotation solve | count | draw`: the rotation puzzle through game-rotation.

use std::fmt::Write;
use std::io::IsTerminal;

use game_rotation::{
    CountOptions, MAX_COUNT_N, Progress, Puzzle, Shard, count_solutions, emptying, filling, find_solution,
    partial_sums, permuting, solve, white_slot_of,
};
use serde_json::json;

use crate::cli::{Method, RotationCommand};
use crate::error::{CliError, to_usize};
use crate::limits::QUICK_COUNT_N;
use crate::output::Output;
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
pub fn run(command: &RotationCommand) -> Result<Output, CliError> {
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
            let rotations = solve_with(&puzzle, *method, *seed, *budget)?;
            Ok(solution_output(&puzzle, *method, &rotations))
        }
        RotationCommand::Count { n, by_white_slot, shard, allow_long } => {
            if *n > QUICK_COUNT_N && !allow_long && *n <= MAX_COUNT_N as u64 {
                return Err(CliError::bad(format!(
                    "counting n = {n} takes exponential time (n = 18: about 15 s, n = 20: about 20 minutes, \
                     each step of 2 about 35 times more); pass --allow-long to start it"
                )));
            }
            count(*n, *by_white_slot, shard.as_deref())
        }
        RotationCommand::Draw { n, svg: path, method } => {
            if *n > MAX_DRAW_N {
                return Err(CliError::bad(format!("n = {n} is too large to draw: at most {MAX_DRAW_N}")));
            }
            let puzzle = Puzzle::new(to_usize(*n, "n")?)?;
            let rotations = solve_with(&puzzle, *method, 1, crate::limits::MAX_SEARCH_BUDGET)?;
            let picture = svg::rotation_solution(&puzzle, &rotations)?;
            std::fs::write(path, picture)
                .map_err(|source| CliError::Io { path: path.display().to_string(), source })?;
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

/// Counts the solutions, with an indicatif bar when stderr is a terminal.
fn count(n: u64, by_white_slot: bool, shard: Option<&str>) -> Result<Output, CliError> {
    if n > MAX_COUNT_N as u64 {
        return Err(CliError::bad(format!("n = {n} is too large to count: at most {MAX_COUNT_N}")));
    }
    let n = to_usize(n, "n")?;
    let puzzle = Puzzle::new(n)?;
    let shard: Shard = match shard {
        Some(text) => text.parse()?,
        None => Shard::ALL,
    };
    let options = CountOptions { shard, ..CountOptions::default() };
    let report = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("counting {bar:40} {pos}/{len} tasks ({eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let progress = |p: Progress| {
            bar.set_length(p.total as u64);
            bar.set_position(p.done as u64);
        };
        let report = count_solutions(&puzzle, &options, Some(&progress));
        bar.finish_and_clear();
        report?
    } else {
        count_solutions(&puzzle, &options, None)?
    };
    let shard_text = if shard.count() > 1 {
        format!(" (shard {}/{})", shard.index(), shard.count())
    } else {
        String::new()
    };
    let mut text = format!("n = {n}: {} solutions{shard_text}", report.total);
    // Solutions ending with rotation l are as many as those starting with l (reversal), and
    // such a solution moves disc slot n/2 - l last: that is where the white pin must stand (R8).
    let by_white: Option<Vec<String>> = by_white_slot.then(|| {
        (0..n)
            .map(|w| {
                if n == 2 {
                    if w == 0 { report.total } else { 0 }
                } else if w == n / 2 {
                    0
                } else {
                    report.by_first[(n / 2 + n - w) % n]
                }
            })
            .map(|c| c.to_string())
            .collect()
    });
    if let Some(counts) = &by_white {
        let _ = write!(text, "\nby white-pin disc slot 0..{}: {}", n - 1, counts.join(" "));
    }
    // Counts are u128: JSON numbers beyond 2^53 lose precision in many readers, so they are strings.
    let by_first: Vec<String> = report.by_first.iter().map(u128::to_string).collect();
    Ok(Output::new(
        text,
        json!({
            "n": n,
            "shard": format!("{}/{}", shard.index(), shard.count()),
            "total": report.total.to_string(),
            "by_first": by_first,
            "by_white_slot": by_white,
            "tasks": report.tasks,
        }),
    ))
}
