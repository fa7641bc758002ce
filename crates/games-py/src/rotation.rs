//! The rotation puzzle (game-rotation): a solution (a sequencing of Z_n) and the exact count
//! of solutions, whole or one shard of it.

use game_rotation::{CountOptions, Puzzle, Shard, count_solutions, task_list_bytes};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Kind, Outcome};
use crate::limits::{check_size, memory_bytes};

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
    let report = count_solutions(&puzzle, &options, None)?;
    let dict = PyDict::new(py);
    dict.set_item("total", report.total)?;
    dict.set_item("by_first", report.by_first)?;
    dict.set_item("tasks", report.tasks)?;
    Ok(dict)
}
