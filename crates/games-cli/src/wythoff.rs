//! `games wythoff pair | moves | grundy | table`: Wythoff's game through game-wythoff.

use std::fmt::Write;

use game_wythoff::{
    MAX_PAIR_INDEX, MAX_TABLE_SIDE, grundy_table, grundy_value, grundy_value_cost, is_misere_p_position,
    is_p_position, p_pair,
};
use serde_json::json;

use crate::cli::WythoffCommand;
use crate::error::{CliError, to_usize};
use crate::limits::{Budget, WYTHOFF_GRUNDY_STEPS};
use crate::output::Output;
use crate::svg;

/// Largest side of a table printed as text (wider tables need --svg).
pub const MAX_TEXT_SIDE: u64 = 64;

/// Largest side of a table drawn as SVG: one element per cell, so the file grows as N^2.
/// (The crate's own limit, [`MAX_TABLE_SIDE`], is far larger.)
pub const MAX_SVG_SIDE: u64 = 256;

/// Largest `--max-cells` accepted by `grundy` without `--allow-long`.
pub const MAX_GRUNDY_CELLS: u64 = 100_000_000;

/// The default `--max-cells` of `grundy`: G(4000, 4000) answers in about a second.
pub const DEFAULT_GRUNDY_CELLS: u64 = 16_000_000;

/// Runs a `games wythoff` subcommand.
pub fn run(command: &WythoffCommand, budget: &Budget) -> Result<Output, CliError> {
    match command {
        WythoffCommand::Pair { n } => pair(*n),
        WythoffCommand::Moves { x, y, misere: false } => Ok(moves(*x, *y)),
        WythoffCommand::Moves { x, y, misere: true } => Ok(misere_moves(*x, *y)),
        WythoffCommand::Grundy { x, y, max_cells } => grundy(*x, *y, *max_cells, budget),
        WythoffCommand::Table { n, svg, png } => {
            if png.is_some() {
                return Err(CliError::PngNotSupported);
            }
            table(*n, svg.as_deref())
        }
    }
}

/// One Grundy value, refused up front if its rectangle, memory or work is over the limits
/// (`--max-cells` by default [`DEFAULT_GRUNDY_CELLS`], any with `--allow-long`).
fn grundy(x: u64, y: u64, max_cells: Option<u64>, budget: &Budget) -> Result<Output, CliError> {
    let max_cells = match max_cells {
        Some(cells) => {
            budget.check_size(
                || "--max-cells".to_string(),
                u128::from(cells),
                u128::from(MAX_GRUNDY_CELLS),
            )?;
            cells
        }
        None if budget.long_work => u64::MAX,
        None => DEFAULT_GRUNDY_CELLS,
    };
    // Exact cell count, (x + 1)(y + 1) < 2^128 unless both are 2^64 - 1.
    let cells = (u128::from(x) + 1).checked_mul(u128::from(y) + 1);
    if cells.is_none_or(|c| c > u128::from(max_cells)) {
        let cells = cells.map_or_else(|| "2^128".to_string(), |c| c.to_string());
        return Err(CliError::bad(format!(
            "G({x}, {y}) depends on {cells} cells, more than --max-cells {max_cells} (raise it, up to \
             {MAX_GRUNDY_CELLS}, or pass --allow-long)"
        )));
    }
    let cost = grundy_value_cost(x, y)
        .ok_or_else(|| CliError::bad(format!("G({x}, {y}): the cost does not fit in u128")))?;
    budget.check(|| format!("G({x}, {y})"), cost.bytes)?;
    budget.check_steps(|| format!("G({x}, {y})"), cost.steps, WYTHOFF_GRUNDY_STEPS)?;
    let value = grundy_value(x, y, max_cells)?;
    Ok(Output::new(format!("G({x}, {y}) = {value}"), json!({ "x": x, "y": y, "grundy": value })))
}

/// The n-th P-position, exact for every index whose pair fits in u64.
fn pair(n: u64) -> Result<Output, CliError> {
    let (a, b) = p_pair(n).ok_or_else(|| {
        CliError::bad(format!("pair {n} does not fit in u64 (the largest index is {MAX_PAIR_INDEX})"))
    })?;
    Ok(Output::new(format!("P-position {n}: ({a}, {b})"), json!({ "n": n, "a": a, "b": b })))
}

/// Outcome and every winning move of (x, y).
fn moves(x: u64, y: u64) -> Output {
    let p = is_p_position(x, y);
    let wins = game_wythoff::winning_moves(x, y);
    let outcome = if p { "P" } else { "N" };
    let mut text = if p {
        format!("({x}, {y}) is a P-position: the player to move loses; no winning move")
    } else {
        format!("({x}, {y}) is an N-position: {}", winning_moves_text(wins.len()))
    };
    for &(nx, ny) in &wins {
        let _ = write!(text, "\n  -> ({nx}, {ny})  ({})", describe(x, y, nx, ny));
    }
    let moves_json: Vec<_> = wins.iter().map(|&(a, b)| json!([a, b])).collect();
    Output::new(text, json!({ "x": x, "y": y, "outcome": outcome, "winning_moves": moves_json }))
}

/// Whether (nx, ny) is reachable from (x, y) in one move: take from one heap, or the same
/// amount from both, at least one counter.
pub fn is_move(x: u64, y: u64, nx: u64, ny: u64) -> bool {
    nx <= x && ny <= y && (nx, ny) != (x, y) && (nx == x || ny == y || x - nx == y - ny)
}

/// Every winning move of misère Wythoff from (x, y): the options that are misère P-positions by
/// game-wythoff's rule [`is_misere_p_position`]. Its P-positions are the normal ones with
/// (0, 0), (1, 2), (2, 1) replaced by (0, 1), (1, 0), (2, 2), so the only candidates are the
/// normal P-options ([`game_wythoff::winning_moves`]) and those three; each is kept if it is a
/// move and a misère P-position. Sorted. (Checked against the explicit graph's misère outcomes
/// in the tests.)
pub fn misere_winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
    let mut wins: Vec<(u64, u64)> = game_wythoff::winning_moves(x, y)
        .into_iter()
        .chain([(0, 1), (1, 0), (2, 2)])
        .filter(|&(nx, ny)| is_move(x, y, nx, ny) && is_misere_p_position(nx, ny))
        .collect();
    wins.sort_unstable();
    wins.dedup();
    wins
}

/// Outcome and every winning move of (x, y) in misère play.
fn misere_moves(x: u64, y: u64) -> Output {
    let p = is_misere_p_position(x, y);
    let wins = misere_winning_moves(x, y);
    let outcome = if p { "P" } else { "N" };
    let mut text = if p {
        format!("({x}, {y}) is a P-position in misère play: the player to move loses; no winning move")
    } else if (x, y) == (0, 0) {
        "(0, 0) is an N-position in misère play: no move left, the player to move has won".to_string()
    } else {
        format!("({x}, {y}) is an N-position in misère play: {}", winning_moves_text(wins.len()))
    };
    for &(nx, ny) in &wins {
        let _ = write!(text, "\n  -> ({nx}, {ny})  ({})", describe(x, y, nx, ny));
    }
    let moves_json: Vec<_> = wins.iter().map(|&(a, b)| json!([a, b])).collect();
    Output::new(
        text,
        json!({ "x": x, "y": y, "misere": true, "outcome": outcome, "winning_moves": moves_json }),
    )
}

/// "1 winning move", "3 winning moves".
fn winning_moves_text(count: usize) -> String {
    crate::heaps::count(count, "winning move", "winning moves")
}

/// "take 3 from the first heap", "take 2 from both heaps".
pub fn describe(x: u64, y: u64, nx: u64, ny: u64) -> String {
    match (x - nx, y - ny) {
        (dx, 0) => format!("take {dx} from the first heap"),
        (0, dy) => format!("take {dy} from the second heap"),
        (d, _) => format!("take {d} from both heaps"),
    }
}

/// The N x N Grundy table as text, or as an SVG picture.
fn table(n: u64, svg_path: Option<&std::path::Path>) -> Result<Output, CliError> {
    if n == 0 {
        return Err(CliError::bad("the table side N must be at least 1"));
    }
    let limit = if svg_path.is_some() { MAX_SVG_SIDE } else { MAX_TEXT_SIDE };
    if n > limit {
        let hint = if svg_path.is_some() { "" } else { "; use --svg FILE for up to 256" };
        return Err(CliError::bad(format!(
            "table side {n} is too large: at most {limit}{hint} (the crate computes up to {MAX_TABLE_SIDE})"
        )));
    }
    let side = to_usize(n, "table side")?;
    let table = grundy_table(side)?;
    let rows: Vec<Vec<u32>> = (0..side).map(|x| table.row(x).unwrap_or(&[]).to_vec()).collect();
    let p_positions: Vec<[usize; 2]> =
        (0..side).flat_map(|x| (0..side).map(move |y| [x, y])).filter(|&[x, y]| rows[x][y] == 0).collect();
    let max_value = table.values().iter().copied().max().unwrap_or(0);
    let text = match svg_path {
        Some(path) => {
            let picture = svg::wythoff_table(&table);
            crate::files::write_whole(path, picture)?;
            format!(
                "wrote {}: {n} x {n} Grundy table, values 0..={max_value}, {} P-positions marked",
                path.display(),
                p_positions.len()
            )
        }
        None => {
            let width = max_value.to_string().len();
            let mut text = String::from("G(x, y), rows y from top to bottom, columns x = 0, 1, ...\n");
            for y in (0..side).rev() {
                let line: Vec<String> = (0..side).map(|x| format!("{:>width$}", rows[x][y])).collect();
                let _ = writeln!(text, "y={y:<3} {}", line.join(" "));
            }
            text
        }
    };
    let svg_json = svg_path.map(|p| p.display().to_string());
    Ok(Output::new(
        text,
        json!({
            "n": n,
            "max_value": max_value,
            "p_positions": p_positions,
            "rows": rows,
            "svg": svg_json,
        }),
    ))
}
