//! SVG pictures, written by hand (no dependency): the Wythoff Grundy table, the rotation
//! puzzle move by move, and plots of one-heap value sequences. Coordinates are drawing units;
//! nothing computed here is a result.

use std::fmt::Write;

use game_nim::Periodicity;
use game_rotation::{Puzzle, State};
use game_wythoff::GrundyTable;

use crate::error::CliError;

/// A colour for Grundy value `value` out of `0..=max`: hues around the colour wheel, so
/// neighbouring values differ. Value 0 (the P-positions) is black-outlined on top of this.
fn value_colour(value: u32, max: u32) -> String {
    let hue = u64::from(value) * 300 / u64::from(max.max(1));
    format!("hsl({hue},70%,60%)")
}

/// The Grundy table of Wythoff's game as an SVG picture, in the usual lattice picture:
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
    open_svg(&mut out, width as f64, height as f64);
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
    open_svg(&mut out, width, height);
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

/// Width in pixels of the plotting area of [`value_plot`]: up to this many heaps each value is
/// one point; beyond, each pixel column is one bin.
pub const PLOT_WIDTH: u64 = 800;

/// Height in pixels of the plotting area of [`value_plot`].
const PLOT_HEIGHT: f64 = 360.0;

/// Margins of [`value_plot`] around the plotting area: left (y tick labels and axis name), top
/// (title lines), right, bottom (x tick labels and axis name).
const PLOT_LEFT: f64 = 64.0;
const PLOT_TOP: f64 = 72.0;
const PLOT_RIGHT: f64 = 36.0;
const PLOT_BOTTOM: f64 = 52.0;

/// An upper bound on the bytes of any [`value_plot`]: at most [`PLOT_WIDTH`] points or bins of
/// at most 160 bytes each (with 10-digit heaps and values), plus the frame, ticks and labels
/// (under 8 KiB). Checked against the memory budget before drawing; the unit tests draw the
/// largest plots against it.
pub const VALUE_PLOT_MAX_BYTES: u128 = PLOT_WIDTH as u128 * 160 + 8192;

/// What [`value_plot`] draws.
#[derive(Debug, Clone, Copy)]
pub struct ValuePlot<'a> {
    /// The game, for the title, e.g. `octal game 0.77`.
    pub game: &'a str,
    /// What the values are, e.g. `Grundy values g(n)`.
    pub quantity: &'a str,
    /// The values of heaps `0..values.len()`; at least two.
    pub values: &'a [u32],
    /// The pre-period and period, if proven from these values.
    pub periodicity: Option<Periodicity>,
    /// The argument that proved it, e.g. `Guy-Smith`.
    pub proof: &'a str,
}

/// The most characters of the game's name in a plot's title: a subtraction set of thousands of
/// amounts would otherwise carry the file past [`VALUE_PLOT_MAX_BYTES`].
const MAX_TITLE_CHARS: usize = 160;

/// `text` cut to at most `max` characters, an ellipsis marking the cut.
fn shortened(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// `text` with its first letter in upper case, for a title.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// The least step of the form 1, 2 or 5 times a power of ten that cuts `0..=range` into at most
/// `max_ticks` steps. Exact integers.
fn tick_step(range: u64, max_ticks: u64) -> u64 {
    let mut power: u64 = 1;
    loop {
        for factor in [1, 2, 5] {
            let step = power.saturating_mul(factor);
            if range / step <= max_ticks {
                return step;
            }
        }
        power = power.saturating_mul(10);
    }
}

/// A plot of a one-heap value sequence `g(n)` against `n`, with axes, ticks, a title and, when
/// the period is proven, the pre-period and period marked: a dashed vertical line of class
/// `preperiod-marker` where the periodic part starts, that part shaded (`periodic-region`) and
/// its first period shaded darker (`period-band`).
///
/// Up to [`PLOT_WIDTH`] heaps every value is a `circle` of class `point` with a `<title>`
/// tooltip. Beyond, heaps are binned: pixel column `c` holds the heaps `n` with
/// `floor(n * PLOT_WIDTH / len) = c` and draws one `rect` of class `bin` spanning the least to
/// the largest value of its heaps (attributes `data-from`, `data-to`, `data-min`, `data-max`),
/// so the file stays under [`VALUE_PLOT_MAX_BYTES`] whatever the number of heaps. Heap `n` sits
/// at the middle of its slot, x = left + (n + 1/2) * width / len (binned: of its column).
pub fn value_plot(plot: &ValuePlot) -> String {
    let values = plot.values;
    let len = values.len().max(1) as u64;
    let last = len - 1;
    let width_px = PLOT_WIDTH as f64;
    let (left, top) = (PLOT_LEFT, PLOT_TOP);
    let bottom = top + PLOT_HEIGHT;
    let total_width = left + width_px + PLOT_RIGHT;
    let total_height = bottom + PLOT_BOTTOM;
    let max_value = u64::from(values.iter().copied().max().unwrap_or(0));
    let y_step = tick_step(max_value.max(1), 8);
    // Headroom above the largest value (at least one ninth of the height) for the period label.
    let y_top = (max_value + max_value / 8 + 1).div_ceil(y_step) * y_step;
    let y_of = |value: u64| bottom - value as f64 * PLOT_HEIGHT / y_top as f64;
    let slot = width_px / len as f64;
    let x_edge = |heap: u64| left + heap as f64 * slot;
    let x_mid = |heap: u64| left + (heap as f64 + 0.5) * slot;
    let binned = len > PLOT_WIDTH;

    let mut out = String::with_capacity(VALUE_PLOT_MAX_BYTES as usize);
    open_svg(&mut out, total_width, total_height);
    let _ = writeln!(
        out,
        r#"<text class="title" x="{left}" y="22" font-size="15">{}: {} of one heap, 0 ≤ n ≤ {last}</text>"#,
        capitalised(&shortened(plot.game, MAX_TITLE_CHARS)),
        plot.quantity
    );
    let period_note = match plot.periodicity {
        Some(p) => format!(
            "Pre-period {}, period {} (proven by {} from these values): shaded from heap {} on, the first period darker.",
            p.preperiod, p.period, plot.proof, p.preperiod
        ),
        None => format!("No period proven from the values of heaps 0..={last}."),
    };
    let _ = writeln!(out, r#"<text class="subtitle" x="{left}" y="40" font-size="12">{period_note}</text>"#);
    if binned {
        let _ = writeln!(
            out,
            r#"<text class="subtitle" x="{left}" y="56" font-size="12">{len} heaps in {PLOT_WIDTH} columns: each column spans the least to the largest value of its {} or {} heaps.</text>"#,
            len / PLOT_WIDTH,
            len.div_ceil(PLOT_WIDTH)
        );
    }
    let _ = writeln!(
        out,
        r##"<rect class="plot-area" x="{left}" y="{top}" width="{width_px}" height="{PLOT_HEIGHT}" fill="#fbfbfb" stroke="none"/>"##
    );

    // The period marks, under everything else.
    if let Some(p) = plot.periodicity {
        let start = p.preperiod as u64;
        let x_start = x_edge(start);
        let band_end = x_edge((start + p.period as u64).min(len)).max(x_start + 2.0);
        let _ = writeln!(
            out,
            r##"<rect class="periodic-region" x="{x_start:.2}" y="{top}" width="{:.2}" height="{PLOT_HEIGHT}" fill="#2a9d8f" fill-opacity="0.10"/>"##,
            left + width_px - x_start
        );
        let _ = writeln!(
            out,
            r##"<rect class="period-band" x="{x_start:.2}" y="{top}" width="{:.2}" height="{PLOT_HEIGHT}" fill="#2a9d8f" fill-opacity="0.28"/>"##,
            band_end - x_start
        );
        let _ = writeln!(
            out,
            r##"<line class="preperiod-marker" x1="{x_start:.2}" y1="{top}" x2="{x_start:.2}" y2="{bottom}" stroke="#1d6f66" stroke-width="1.5" stroke-dasharray="5 3"/>"##
        );
        // The label beside the line, inside the plot: to its right, or to its left near the
        // right edge.
        let (label_x, anchor) = if band_end + 160.0 < left + width_px {
            (band_end + 4.0, "start")
        } else {
            (x_start - 4.0, "end")
        };
        let _ = writeln!(
            out,
            r##"<text class="period-label" x="{label_x:.2}" y="{}" font-size="11" fill="#1d6f66" text-anchor="{anchor}">period {} from n = {start}</text>"##,
            top + 13.0,
            p.period
        );
    }

    // Y axis: grid lines, ticks and labels.
    let mut value = 0;
    while value <= y_top {
        let y = y_of(value);
        let _ = writeln!(
            out,
            r##"<g class="y-tick"><line class="grid" x1="{left}" y1="{y:.2}" x2="{:.0}" y2="{y:.2}" stroke="#e4e4e4"/><line class="tick" x1="{:.0}" y1="{y:.2}" x2="{left}" y2="{y:.2}" stroke="black"/><text x="{:.0}" y="{:.2}" font-size="11" text-anchor="end">{value}</text></g>"##,
            left + width_px,
            left - 5.0,
            left - 8.0,
            y + 4.0
        );
        value += y_step;
    }
    // X axis: ticks and labels.
    let x_step = tick_step(last.max(1), 10);
    let mut heap = 0;
    while heap <= last {
        // Binned, a tick stands in the middle of the column that holds its heap.
        let x = if binned { left + (heap * PLOT_WIDTH / len) as f64 + 0.5 } else { x_mid(heap) };
        let _ = writeln!(
            out,
            r#"<g class="x-tick"><line class="tick" x1="{x:.2}" y1="{bottom}" x2="{x:.2}" y2="{:.0}" stroke="black"/><text x="{x:.2}" y="{:.0}" font-size="11" text-anchor="middle">{heap}</text></g>"#,
            bottom + 5.0,
            bottom + 18.0
        );
        heap += x_step;
    }
    let _ = writeln!(
        out,
        r#"<line class="axis" x1="{left}" y1="{bottom}" x2="{:.0}" y2="{bottom}" stroke="black"/><line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="black"/>"#,
        left + width_px
    );
    let _ = writeln!(
        out,
        r#"<text class="axis-label" x="{:.0}" y="{:.0}" font-size="12" text-anchor="middle">heap size n</text>"#,
        left + width_px / 2.0,
        bottom + 40.0
    );
    let _ = writeln!(
        out,
        r#"<text class="axis-label" x="18" y="{:.0}" font-size="12" text-anchor="middle" transform="rotate(-90 18 {:.0})">g(n)</text>"#,
        top + PLOT_HEIGHT / 2.0,
        top + PLOT_HEIGHT / 2.0
    );

    // The values, in one group that holds their colour (written once, not per element).
    if binned {
        out.push_str("<g class=\"bins\" fill=\"#1f4e99\" fill-opacity=\"0.8\">\n");
        for column in 0..PLOT_WIDTH {
            // Heaps n with floor(n * PLOT_WIDTH / len) == column (exact integer arithmetic; every
            // column holds at least one heap since len > PLOT_WIDTH).
            let from = (column * len).div_ceil(PLOT_WIDTH);
            let to = ((column + 1) * len).div_ceil(PLOT_WIDTH) - 1;
            let bin = &values[from as usize..=to as usize];
            let low = u64::from(bin.iter().copied().min().unwrap_or(0));
            let high = u64::from(bin.iter().copied().max().unwrap_or(0));
            let (y_high, y_low) = (y_of(high) - 0.75, y_of(low) + 0.75);
            let _ = writeln!(
                out,
                r##"<rect class="bin" x="{:.0}" y="{y_high:.2}" width="1" height="{:.2}" data-from="{from}" data-to="{to}" data-min="{low}" data-max="{high}"/>"##,
                left + column as f64,
                y_low - y_high
            );
        }
    } else {
        out.push_str("<g class=\"points\" fill=\"#1f4e99\">\n");
        let radius = (slot * 0.5).clamp(1.6, 4.0);
        for (heap, &value) in values.iter().enumerate() {
            let _ = writeln!(
                out,
                r##"<circle class="point" cx="{:.2}" cy="{:.2}" r="{radius:.1}"><title>g({heap}) = {value}</title></circle>"##,
                x_mid(heap as u64),
                y_of(u64::from(value))
            );
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The opening of every picture: the `<svg>` element (sizes rounded to whole pixels) and a white
/// background.
fn open_svg(out: &mut String, width: f64, height: f64) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="{width:.0}" height="{height:.0}" fill="white"/>"#);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest plots stay within [`VALUE_PLOT_MAX_BYTES`]: every element at its longest
    /// (values near `u32::MAX`, a period proven, as many heaps as points or as bins allow).
    #[test]
    fn plots_stay_within_their_byte_bound() {
        for len in [2, 799, 800, 801, 1_000_001] {
            let values: Vec<u32> = (0..len).map(|n| u32::MAX - (n as u32 % 1000) * 4_000_000).collect();
            for periodicity in [None, Some(Periodicity { preperiod: len / 3, period: len / 3 })] {
                let plot = ValuePlot {
                    game: "octal game 0.123456701234567012345670123456701234567",
                    quantity: "misère Grundy values g⁻(n)",
                    values: &values,
                    periodicity,
                    proof: "the window argument",
                };
                let bytes = value_plot(&plot).len() as u128;
                assert!(bytes <= VALUE_PLOT_MAX_BYTES, "{len} heaps: {bytes} bytes");
            }
        }
    }

    #[test]
    fn tick_steps_are_one_two_five_times_a_power_of_ten() {
        assert_eq!(tick_step(1, 8), 1);
        assert_eq!(tick_step(8, 8), 1);
        assert_eq!(tick_step(9, 8), 2);
        assert_eq!(tick_step(23, 8), 5);
        assert_eq!(tick_step(1_000_000, 10), 100_000);
        assert_eq!(tick_step(u64::MAX, 10), 2_000_000_000_000_000_000);
    }
}
