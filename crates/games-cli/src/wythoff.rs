//! `games wythoff pair | moves | grundy | table`: Wythoff's game through game-wythoff.

use std::fmt::Write;

use game_wythoff::{MAX_PAIR_INDEX, MAX_TABLE_SIDE, grundy_table, grundy_value, is_p_position, p_pair};
use serde_json::json;

use crate::cli::WythoffCommand;
use crate::error::{CliError, to_usize};
use crate::output::Output;
use crate::svg;

/// Largest side of a table printed as text (wider tables need --svg).
pub const MAX_TEXT_SIDE: u64 = 64;

/// Largest side of a table drawn as SVG: one element per cell, so the file grows as N^2.
/// (The crate's own limit, [`MAX_TABLE_SIDE`], is far larger.)
pub const MAX_SVG_SIDE: u64 = 256;

/// Largest `--max-cells` accepted by `grundy` (4 bytes per cell: 400 MB).
pub const MAX_GRUNDY_CELLS: u64 = 100_000_000;

/// Largest estimated work `(min + 1)^2 (max + 1)` of one `grundy` value (a few minutes at most).
pub const MAX_GRUNDY_WORK: u128 = 100_000_000_000;

/// Runs a `games wythoff` subcommand.
pub fn run(command: &WythoffCommand) -> Result<Output, CliError> {
    match command {
        WythoffCommand::Pair { n } => pair(*n),
        WythoffCommand::Moves { x, y } => Ok(moves(*x, *y)),
        WythoffCommand::Grundy { x, y, max_cells } => {
            if *max_cells > MAX_GRUNDY_CELLS {
                return Err(CliError::bad(format!(
                    "--max-cells {max_cells} is too large: at most {MAX_GRUNDY_CELLS}"
                )));
            }
            // The computation takes about min^2 * max steps: refuse what would run for hours.
            let (small, large) = (u128::from(*x.min(y)) + 1, u128::from(*x.max(y)) + 1);
            if small * small * large > MAX_GRUNDY_WORK {
                return Err(CliError::bad(format!(
                    "G({x}, {y}) would take about {} steps, more than {MAX_GRUNDY_WORK}; \
                     use the table or smaller coordinates",
                    small * small * large
                )));
            }
            let value = grundy_value(*x, *y, *max_cells)?;
            Ok(Output::new(format!("G({x}, {y}) = {value}"), json!({ "x": x, "y": y, "grundy": value })))
        }
        WythoffCommand::Table { n, svg, png } => {
            if png.is_some() {
                return Err(CliError::PngNotSupported);
            }
            table(*n, svg.as_deref())
        }
    }
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
        format!("({x}, {y}) is an N-position: {} winning move(s)", wins.len())
    };
    for &(nx, ny) in &wins {
        let _ = write!(text, "\n  -> ({nx}, {ny})  ({})", describe(x, y, nx, ny));
    }
    let moves_json: Vec<_> = wins.iter().map(|&(a, b)| json!([a, b])).collect();
    Output::new(text, json!({ "x": x, "y": y, "outcome": outcome, "winning_moves": moves_json }))
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
            std::fs::write(path, picture)
                .map_err(|source| CliError::Io { path: path.display().to_string(), source })?;
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
