//! The rotation puzzle (game-rotation): a solution (a sequencing of Z_n) and the exact count
//! of solutions, whole or one shard of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use game_rotation::{CountOptions, CountReport, Puzzle, Shard, count_solutions_until, task_list_bytes};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Kind, Outcome};
use crate::limits::{check_size, memory_bytes};
use crate::pending;

/// Largest puzzle solved (the command line's limit).
const MAX_SOLVE_N: usize = 100_000;

/// Largest `max_nodes` of the searches without `allow_long`, and the default (20 000 000 in the
/// signature: the command line's `--budget`).
const MAX_SEARCH_BUDGET: u64 = 20_000_000;

/// Largest n counted without `allow_long` (seconds; each step of 2 costs about 50 times more).
const QUICK_COUNT_N: usize = 18;

/// A solution of the puzzle of size `n` (even): the rotations, checked on the puzzle's state
/// machine before they are returned. A construction when one applies, else searches of at
/// most `max_nodes` nodes each (seeded by `seed`).
#[pyfunction]
#[pyo3(signature = (n, *, seed = 0, max_nodes = 20_000_000, allow_long = false))]
pub fn rotation_solve(n: usize, seed: u64, max_nodes: u64, allow_long: bool) -> Outcome<Vec<usize>> {
    if n > MAX_SOLVE_N {
        return Err(Failure::bad(format!("n = {n} is too large: at most {MAX_SOLVE_N}")));
    }
    check_size("max_nodes", u128::from(max_nodes), u128::from(MAX_SEARCH_BUDGET), allow_long)?;
    let puzzle = Puzzle::new(n)?;
    let rotations = game_rotation::solve(&puzzle, seed, max_nodes)?;
    puzzle.verify(&rotations)?;
    Ok(rotations)
}

/// The number of solutions of the puzzle of size `n` (an exact Python int), and
/// `by_first[k]`, the solutions whose first rotation is `k`: `{"total", "by_first", "tasks"}`.
/// `shard="i/N"` counts only shard `i` of `N` (the shards' totals add up to the count).
#[pyfunction]
#[pyo3(signature = (n, *, shard = None, memory = 4096, allow_long = false))]
pub fn rotation_count<'py>(
    py: Python<'py>,
    n: usize,
    shard: Option<&str>,
    memory: u64,
    allow_long: bool,
) -> Outcome<Bound<'py, PyDict>> {
    check_size("n", n as u128, QUICK_COUNT_N as u128, allow_long)?;
    if n > game_rotation::MAX_COUNT_N {
        return Err(Failure::bad(format!(
            "n = {n} is too large to count: at most {}",
            game_rotation::MAX_COUNT_N
        )));
    }
    let puzzle = Puzzle::new(n)?;
    let shard: Shard = match shard {
        Some(text) => text.parse()?,
        None => Shard::ALL,
    };
    let options = CountOptions { shard, ..CountOptions::default() };
    let method = options.method.for_n(n);
    let depth = method.prefix_depth_for(n);
    let needed = task_list_bytes(n, depth, method);
    if needed > memory_bytes(memory)? {
        return Err(Failure::new(
            Kind::Budget,
            format!("counting n = {n} needs {needed} bytes, more than memory={memory} MiB"),
        ));
    }
    let options = CountOptions { prefix_depth: Some(depth), method, ..options };
    let report = count_watching_ctrl_c(py, &puzzle, &options)?;
    let dict = PyDict::new(py);
    dict.set_item("total", report.total)?;
    dict.set_item("by_first", report.by_first)?;
    dict.set_item("tasks", report.tasks)?;
    Ok(dict)
}

/// How often the interpreter's thread looks at Ctrl-C while a count runs.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// The count on a thread of its own (it runs its tasks on rayon's pool), without the
/// interpreter's lock; this thread looks at Ctrl-C meanwhile (signals are seen only on the
/// interpreter's main thread) and, on one, asks the count to stop before its next task:
/// `KeyboardInterrupt` within a second (test_user_games.py).
fn count_watching_ctrl_c(py: Python<'_>, puzzle: &Puzzle, options: &CountOptions) -> Outcome<CountReport> {
    drop(pending::take());
    let stop = AtomicBool::new(false);
    let counted = py.detach(|| {
        std::thread::scope(|scope| {
            let worker = scope
                .spawn(|| count_solutions_until(puzzle, options, None, &|| stop.load(Ordering::Relaxed)));
            while !worker.is_finished() {
                std::thread::sleep(SIGNAL_POLL);
                if pending::check_signals() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            worker.join()
        })
    });
    if let Some(err) = pending::take() {
        return Err(Failure::Python(err));
    }
    match counted {
        Ok(report) => Ok(report?),
        Err(_) => Err(Failure::bad("internal: the count stopped on a panic")),
    }
}
