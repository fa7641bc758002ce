//! SVG pictures, written by hand (no dependency): the Wythoff Grundy table and the rotation
//! puzzle move by move. Coordinates are drawing units; nothing computed here is a result.

use std::fmt::Write;

use game_rotation::{Puzzle, State};
use game_wythoff::GrundyTable;

use crate::error::CliError;

/// A colour for Grundy value `value` out of `0..=max`: hues around the colour wheel, so
/// neighbouring values differ. Value 0 (the P-positions) is black-outlined on top of this.
fn value_colour(value: u32, max: u32) -> String {
    let hue = u64::from(value) * 300 / u64::from(max.max(1));
    format!("hsl({hue},70%,60%)")
}

/// The Grundy table of Wythoff's game as an SVG picture, in the lattice picture of seed 000:
/// x to the right, y upwards, (0, 0) at the bottom left. Every cell is a `rect` of class `cell`
/// with a `<title>` tooltip; P-positions (value 0) also have class `p-position`, a thick black
/// outline and a black dot. A title and a colour legend are added.
pub fn wythoff_table(table: &GrundyTable) -> String {
    let side = table.side();
    let max = table.values().iter().copied().max().unwrap_or(0);
    let cell = (640 / side.max(1)).clamp(3, 32);
    let (left, top) = (40, 50);
    let board = cell * side;
    let legend_top = top + board + 30;
    let width = (left + board + 20).max(420);
    let height = legend_top + 50;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="22" font-size="15">Wythoff's game: Grundy values G(x, y), 0 &lt;= x, y &lt; {side}</text>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="40" font-size="12">P-positions (G = 0): black outline and dot. x to the right, y upwards.</text>"#
    );
    let dot = (cell as f64 / 5.0).max(1.0);
    for x in 0..side {
        for y in 0..side {
            let value = table.get(x, y).unwrap_or(0);
            let px = left + x * cell;
            let py = top + (side - 1 - y) * cell;
            let fill = value_colour(value, max);
            if value == 0 {
                let _ = writeln!(
                    out,
                    r#"<rect class="cell p-position" x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{fill}" stroke="black" stroke-width="{}"><title>({x}, {y}): G = 0, P-position</title></rect>"#,
                    (cell / 8).max(1)
                );
                let _ = writeln!(
                    out,
                    r#"<circle class="p-dot" cx="{:.1}" cy="{:.1}" r="{dot:.1}" fill="black"/>"#,
                    px as f64 + cell as f64 / 2.0,
                    py as f64 + cell as f64 / 2.0
                );
            } else {
                let _ = writeln!(
                    out,
                    r#"<rect class="cell" x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{fill}"><title>({x}, {y}): G = {value}</title></rect>"#
                );
            }
        }
    }
    // Legend: a few sample values with their colours.
    let _ = writeln!(out, r#"<text x="{left}" y="{}" font-size="12">colour = value:</text>"#, legend_top);
    let samples: Vec<u32> =
        if max <= 8 { (0..=max).collect() } else { (0..=8).map(|i| i * max / 8).collect() };
    for (i, v) in samples.iter().enumerate() {
        let x = left + 100 + i * 34;
        let _ = writeln!(
            out,
            r#"<rect class="legend" x="{x}" y="{}" width="14" height="14" fill="{}"/><text x="{x}" y="{}" font-size="10">{v}</text>"#,
            legend_top - 12,
            value_colour(*v, max),
            legend_top + 14
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Point at `slot` of `n` on a circle of radius `r` around (cx, cy); slot 0 at the top,
/// slots numbered clockwise (the direction the disc turns).
fn on_circle(cx: f64, cy: f64, r: f64, slot: usize, n: usize) -> (f64, f64) {
    let angle = std::f64::consts::TAU * slot as f64 / n as f64;
    (cx + r * angle.sin(), cy - r * angle.cos())
}

/// One panel: the board ring (outer) and the disc (inner) of `state`.
fn rotation_panel(out: &mut String, state: &State, ox: f64, oy: f64, caption: &str) {
    let puzzle = state.puzzle();
    let n = puzzle.n();
    let (cx, cy) = (ox + 80.0, oy + 86.0);
    let pin = (60.0 / n as f64).clamp(2.0, 7.0);
    let _ = writeln!(
        out,
        r#"<g class="panel"><text x="{:.1}" y="{:.1}" font-size="11">{caption}</text>"#,
        ox + 10.0,
        oy + 175.0
    );
    let _ = writeln!(out, r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="66" fill="none" stroke="gray"/>"#);
    let _ = writeln!(out, r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="46" fill="ivory" stroke="black"/>"#);
    // The top marker.
    let _ = writeln!(out, r#"<path d="M {:.1} {:.1} l -4 -7 l 8 0 z" fill="black"/>"#, cx, cy - 74.0);
    for slot in 0..n {
        let (x, y) = on_circle(cx, cy, 60.0, slot, n);
        let (class, fill) = if slot == 0 {
            ("board-blue", "royalblue")
        } else if state.board_taken(slot) {
            ("board-pin", "crimson")
        } else {
            ("board-free", "white")
        };
        pin_circle(out, class, (x, y), pin, fill);
    }
    // Disc slots are numbered against the turning direction: disc slot j stands at board
    // position rotation - j (under the top when rotation == j; turning by k moves it by +k).
    for j in 0..n {
        let position = (state.rotation() + n - j) % n;
        let (x, y) = on_circle(cx, cy, 38.0, position, n);
        let (class, fill) = if j == puzzle.blue_slot() {
            ("disc-blue", "royalblue")
        } else if !state.disc_taken(j) {
            ("disc-empty", "none")
        } else if puzzle.white_slot() == Some(j) {
            ("disc-white", "white")
        } else {
            ("disc-pin", "crimson")
        };
        pin_circle(out, class, (x, y), pin, fill);
    }
    out.push_str("</g>\n");
}

/// The solution `rotations` of `puzzle` move by move: a grid of panels (start, then after each
/// move), each showing the board's occupied slots and the disc's remaining pins.
///
/// # Errors
/// If a move breaks a rule of the puzzle (the solvers' output never does).
pub fn rotation_solution(puzzle: &Puzzle, rotations: &[usize]) -> Result<String, CliError> {
    let panels = rotations.len() + 1;
    let columns = panels.min(8);
    let rows = panels.div_ceil(columns);
    let (pw, ph) = (165.0, 185.0);
    let width = columns as f64 * pw + 10.0;
    let height = rows as f64 * ph + 40.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="{width:.0}" height="{height:.0}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="14">Rotation puzzle, n = {}: rotations {} (outer ring: board, inner: disc; red pins, blue pins)</text>"#,
        puzzle.n(),
        rotations.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
    );
    let mut state = puzzle.start();
    for i in 0..panels {
        let (ox, oy) = ((i % columns) as f64 * pw + 5.0, (i / columns) as f64 * ph + 32.0);
        let caption =
            if i == 0 { "start".to_string() } else { format!("move {i}: rotate {}", rotations[i - 1]) };
        if i > 0 {
            state.apply(rotations[i - 1])?;
        }
        rotation_panel(&mut out, &state, ox, oy, &caption);
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// One pin of the rotation picture: a circle with its class (what the pin is) and colour.
fn pin_circle(out: &mut String, class: &str, (x, y): (f64, f64), radius: f64, fill: &str) {
    let _ = writeln!(
        out,
        r#"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="black"/>"#
    );
}
