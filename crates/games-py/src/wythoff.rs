//! Wythoff's game (game-wythoff): P-positions, winning moves, Grundy values and tables.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::errors::{Failure, Outcome};
use crate::limits::check_size;

/// The default `max_cells` of [`wythoff_grundy`]: the command line's (G(4000, 4000) in about
/// a second).
const DEFAULT_GRUNDY_CELLS: u64 = 16_000_000;

/// Largest `max_cells` without `allow_long` (the command line's).
const MAX_GRUNDY_CELLS: u64 = 100_000_000;

/// Largest Grundy value work without `allow_long`, in estimated steps (the command line's).
const GRUNDY_STEPS: u128 = 200_000_000;

/// The n-th P-position `(a_n, b_n)`, exact for every index whose pair fits in 64 bits.
#[pyfunction]
pub fn wythoff_pair(n: u64) -> Outcome<(u64, u64)> {
    game_wythoff::p_pair(n).ok_or_else(|| {
        Failure::bad(format!(
            "pair {n} does not fit in 64 bits (the largest index is {})",
            game_wythoff::MAX_PAIR_INDEX
        ))
    })
}

/// Whether `(x, y)` is a P-position (the player to move loses), in normal or misère play.
#[pyfunction]
#[pyo3(signature = (x, y, *, misere = false))]
pub fn wythoff_is_p_position(x: u64, y: u64, misere: bool) -> bool {
    if misere { game_wythoff::is_misere_p_position(x, y) } else { game_wythoff::is_p_position(x, y) }
}

/// Whether `(nx, ny)` is reachable from `(x, y)` in one move.
fn is_move(x: u64, y: u64, nx: u64, ny: u64) -> bool {
    nx <= x && ny <= y && (nx, ny) != (x, y) && (nx == x || ny == y || x - nx == y - ny)
}

/// Every winning move from `(x, y)`: the options that are P-positions, sorted. In misère play
/// the P-positions are the normal ones with (0, 0), (1, 2), (2, 1) replaced by (0, 1), (1, 0),
/// (2, 2), so the candidates are the normal winning moves and those three.
#[pyfunction]
#[pyo3(signature = (x, y, *, misere = false))]
pub fn wythoff_winning_moves(x: u64, y: u64, misere: bool) -> Vec<(u64, u64)> {
    let normal = game_wythoff::winning_moves(x, y);
    if !misere {
        return normal;
    }
    let mut wins: Vec<(u64, u64)> = normal
        .into_iter()
        .chain([(0, 1), (1, 0), (2, 2)])
        .filter(|&(nx, ny)| is_move(x, y, nx, ny) && game_wythoff::is_misere_p_position(nx, ny))
        .collect();
    wins.sort_unstable();
    wins.dedup();
    wins
}

/// The Grundy value G(x, y), refused up front when it depends on more than `max_cells`
/// cells, over the memory budget or over the effort limit (the command line's limits).
#[pyfunction]
#[pyo3(signature = (x, y, *, max_cells = None, memory = 4096, allow_long = false))]
pub fn wythoff_grundy(x: u64, y: u64, max_cells: Option<u64>, memory: u64, allow_long: bool) -> Outcome<u32> {
    let budget = crate::limits::memory_bytes(memory)?;
    let max_cells = match max_cells {
        Some(cells) => {
            check_size("max_cells", u128::from(cells), u128::from(MAX_GRUNDY_CELLS), allow_long)?;
            cells
        }
        None if allow_long => u64::MAX,
        None => DEFAULT_GRUNDY_CELLS,
    };
    let cells = (u128::from(x) + 1).checked_mul(u128::from(y) + 1);
    if cells.is_none_or(|c| c > u128::from(max_cells)) {
        return Err(Failure::new(
            crate::errors::Kind::Effort,
            format!(
                "G({x}, {y}) depends on more than max_cells={max_cells} cells (raise it, or pass allow_long=True)"
            ),
        ));
    }
    let cost = game_wythoff::grundy_value_cost(x, y)
        .ok_or_else(|| Failure::bad(format!("G({x}, {y}): the cost does not fit in 128 bits")))?;
    if cost.bytes > budget {
        return Err(Failure::new(
            crate::errors::Kind::Budget,
            format!("G({x}, {y}) would need {} bytes, more than memory={memory} MiB", cost.bytes),
        ));
    }
    check_size(&format!("the work of G({x}, {y}) in steps"), cost.steps, GRUNDY_STEPS, allow_long)?;
    Ok(game_wythoff::grundy_value(x, y, max_cells)?)
}

/// The `side x side` table of Grundy values as a numpy array of `uint32`, `table[x, y] =
/// G(x, y)`.
#[pyfunction]
pub fn wythoff_grundy_table(py: Python<'_>, side: usize) -> Outcome<Bound<'_, PyArray2<u32>>> {
    if side == 0 {
        return Err(Failure::bad("the table side must be at least 1"));
    }
    let table = game_wythoff::grundy_table(side)?;
    let values = table.values().to_vec();
    Ok(PyArray1::from_vec(py, values).reshape([side, side])?)
}

/// The largest index `n` whose P-pair fits in 64 bits.
#[pyfunction]
pub fn wythoff_max_pair_index() -> u64 {
    game_wythoff::MAX_PAIR_INDEX
}
