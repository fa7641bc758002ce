//! Plots of one-heap value sequences (`games octal CODE --values N --svg FILE`, `games
//! subtraction SET --values N --svg FILE`), read back with roxmltree and checked independently
//! of the plotting code: the coordinates of the points are turned back into values through the
//! picture's own axis ticks and compared with values known without the code under test (closed
//! forms of subtraction games, OEIS A002186 for Kayles); binned plots are checked for their
//! partition of the heaps, their ranges and their size; hostile requests give one-line errors.

use std::path::{Path, PathBuf};

mod common;
use common::{error_line as games_error, stdout_of as games};

/// OEIS A002186, "Sprague-Grundy values for the game of Kayles (octal games .77 and .771)",
/// offset 0, the 105 terms printed at oeis.org/A002186. Its FORMULA: "From n=71 on, the sequence
/// is periodic with period 12."
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// Kayles' value of heap `n` from the OEIS entry alone: the printed terms, then its period 12
/// from 71 on.
fn kayles(n: usize) -> u32 {
    if n < A002186.len() { A002186[n] } else { A002186[71 + (n - 71) % 12] }
}

/// The largest file a plot may be, whatever N (the bound).
const MAX_PLOT_BYTES: u64 = 200_000;

/// A fresh directory for this test's files.
fn scratch(name: &str) -> PathBuf {
    common::scratch("plots", name)
}

fn has_class(node: &roxmltree::Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|v| v.split(' ').any(|w| w == class))
}

fn number(node: &roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .unwrap_or_else(|| panic!("{:?} has no {attribute}", node.tag_name().name()))
        .parse()
        .unwrap_or_else(|_| panic!("{attribute} is a number"))
}

/// A tick: the number its label shows and where it is drawn (x for the x axis, y for the y axis).
#[derive(Debug, Clone, Copy)]
struct Tick {
    label: f64,
    at: f64,
}

/// What a plot shows, read from the SVG.
struct Plot {
    /// `(cx, cy)` of every point, in document order.
    points: Vec<(f64, f64)>,
    /// Bins: `x`, `y`, `height`, and `data-from`, `data-to`, `data-min`, `data-max`.
    bins: Vec<([f64; 3], [u64; 4])>,
    x_ticks: Vec<Tick>,
    y_ticks: Vec<Tick>,
    /// The plotting area: x, y, width, height.
    area: [f64; 4],
    /// Elements of the period marking, by class.
    period_marks: Vec<String>,
    /// x of the dashed line where the periodic part starts.
    marker_x: Option<f64>,
}

/// Reads the plot's elements by their classes.
fn read_plot(svg: &str) -> Plot {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let mut plot = Plot {
        points: Vec::new(),
        bins: Vec::new(),
        x_ticks: Vec::new(),
        y_ticks: Vec::new(),
        area: [0.0; 4],
        period_marks: Vec::new(),
        marker_x: None,
    };
    let mut areas = 0;
    for node in doc.descendants().filter(|n| n.is_element()) {
        if has_class(&node, "point") {
            plot.points.push((number(&node, "cx"), number(&node, "cy")));
        } else if has_class(&node, "bin") {
            let data = ["data-from", "data-to", "data-min", "data-max"].map(|a| {
                node.attribute(a).expect("a bin names its heaps and range").parse().expect("integer")
            });
            plot.bins.push(([number(&node, "x"), number(&node, "y"), number(&node, "height")], data));
        } else if has_class(&node, "x-tick") || has_class(&node, "y-tick") {
            let line = node.children().find(|c| has_class(c, "tick")).expect("a tick has its mark");
            let label: f64 = node
                .children()
                .find(|c| c.has_tag_name("text"))
                .and_then(|t| t.text())
                .expect("a tick has a label")
                .parse()
                .expect("tick labels are numbers");
            if has_class(&node, "x-tick") {
                assert_eq!(number(&line, "x1"), number(&line, "x2"), "x ticks are vertical");
                plot.x_ticks.push(Tick { label, at: number(&line, "x1") });
            } else {
                assert_eq!(number(&line, "y1"), number(&line, "y2"), "y ticks are horizontal");
                plot.y_ticks.push(Tick { label, at: number(&line, "y1") });
            }
        } else if has_class(&node, "plot-area") {
            areas += 1;
            plot.area = ["x", "y", "width", "height"].map(|a| number(&node, a));
        }
        for class in ["preperiod-marker", "periodic-region", "period-band", "period-label"] {
            if has_class(&node, class) {
                plot.period_marks.push(class.to_string());
                if class == "preperiod-marker" {
                    assert_eq!(number(&node, "x1"), number(&node, "x2"), "the marker is vertical");
                    plot.marker_x = Some(number(&node, "x1"));
                }
            }
        }
    }
    assert_eq!(areas, 1, "one plotting area");
    plot
}

/// The linear map from drawing coordinate to number that two ticks of an axis define (the
/// first and the last, the farthest apart). Also checks the axis has at least three ticks, in
/// increasing order of label, all on that same line.
fn axis_map(ticks: &[Tick]) -> impl Fn(f64) -> f64 {
    assert!(ticks.len() >= 3, "too few ticks: {ticks:?}");
    assert!(ticks.windows(2).all(|w| w[0].label < w[1].label), "tick labels increase: {ticks:?}");
    let (a, b) = (ticks[0], ticks[ticks.len() - 1]);
    let scale = (b.label - a.label) / (b.at - a.at);
    for t in ticks {
        let mapped = a.label + (t.at - a.at) * scale;
        assert!((mapped - t.label).abs() < 1e-3 * (1.0 + t.label.abs()), "ticks on one line: {ticks:?}");
    }
    move |coordinate| a.label + (coordinate - a.at) * scale
}

/// Runs a plot command, returns the SVG text and the plot read from it.
fn plot_of(dir: &Path, args: &[&str]) -> (String, Plot) {
    let file = dir.join("plot.svg");
    let file_arg = file.to_str().expect("utf-8 path");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--svg", file_arg]);
    let stdout = games(&all);
    assert!(stdout.starts_with(&format!("wrote {file_arg}: plot of ")), "{stdout}");
    let svg = std::fs::read_to_string(&file).expect("the plot was written");
    let plot = read_plot(&svg);
    (svg, plot)
}

/// Checks every point of a point plot against `expected(n)`: its y through the y ticks gives
/// the value, its x through the x ticks gives the heap n (the points come in order).
fn check_points(plot: &Plot, n_max: usize, expected: impl Fn(usize) -> u32) {
    assert_eq!(plot.points.len(), n_max + 1, "one point per heap 0..=N");
    assert!(plot.bins.is_empty(), "no bins below the plot width");
    let value_of = axis_map(&plot.y_ticks);
    let heap_of = axis_map(&plot.x_ticks);
    for (n, &(cx, cy)) in plot.points.iter().enumerate() {
        let heap = heap_of(cx);
        assert!((heap - n as f64).abs() < 0.05, "point {n} is drawn at heap {heap}");
        let value = value_of(cy);
        assert!(
            (value - f64::from(expected(n))).abs() < 0.05,
            "g({n}) = {} is drawn as {value}",
            expected(n)
        );
    }
}

#[test]
fn kayles_points_are_the_oeis_values_and_the_period_is_marked() {
    let dir = scratch("kayles200");
    let (_, plot) = plot_of(&dir, &["octal", "0.77", "--values", "200"]);
    check_points(&plot, 200, kayles);
    // Guy-Smith proves period 12 from 71 with values up to 2 * 71 + 2 * 12 + 2 = 168 <= 200.
    for class in ["preperiod-marker", "periodic-region", "period-band", "period-label"] {
        assert!(plot.period_marks.iter().any(|c| c == class), "{class} missing");
    }
    // The marker stands between heap 70 and heap 71 (OEIS: periodic from n = 71).
    let marker = plot.marker_x.expect("a marker");
    assert!(plot.points[70].0 < marker && marker < plot.points[71].0, "marker at {marker}");
    // The axes: ticks on both, the y axis reaching the largest value (8).
    assert!(plot.x_ticks.len() >= 3 && plot.y_ticks.len() >= 3);
    assert!(plot.y_ticks.iter().any(|t| t.label >= 8.0));
    assert_eq!(plot.x_ticks[0].label, 0.0);
}

#[test]
fn no_period_marks_when_the_range_proves_no_period() {
    let dir = scratch("kayles100");
    // 101 values are too few for Guy-Smith's 168 (see above), although Kayles is periodic.
    let (_, plot) = plot_of(&dir, &["octal", "0.77", "--values", "100"]);
    check_points(&plot, 100, kayles);
    assert!(plot.period_marks.is_empty(), "unexpected marks {:?}", plot.period_marks);
    assert!(plot.marker_x.is_none());
}

#[test]
fn subtraction_one_two_points_are_n_mod_3() {
    let dir = scratch("sub12");
    // Subtraction set {1, 2}: g(n) = n mod 3 (the closed form of Bachet's game with k = 2).
    let (_, plot) = plot_of(&dir, &["subtraction", "1,2", "--values", "50"]);
    check_points(&plot, 50, |n| (n % 3) as u32);
    // Periodic from 0: the marker is left of heap 0's point, at the plot's left edge.
    let marker = plot.marker_x.expect("the window argument proves period 3 within 51 values");
    assert!(marker < plot.points[0].0 && (marker - plot.area[0]).abs() < 1e-6, "marker at {marker}");
    // Misère {1, 2}: heap n is a P-position iff n = 1 mod 3; the plot draws value 0 exactly there.
    let (_, plot) = plot_of(&dir, &["subtraction", "1,2", "--misere", "--values", "40"]);
    let value_of = axis_map(&plot.y_ticks);
    assert_eq!(plot.points.len(), 41);
    for (n, &(_, cy)) in plot.points.iter().enumerate() {
        assert_eq!(value_of(cy).abs() < 0.05, n % 3 == 1, "misère heap {n}");
    }
    // Bachet {1, 2, 3}: n mod 4, seen through the same plot with a period proven.
    let (_, plot) = plot_of(&dir, &["subtraction", "1,2,3", "--values", "30"]);
    check_points(&plot, 30, |n| (n % 4) as u32);
    assert!(plot.marker_x.is_some());
}

#[test]
fn subtraction_values_text_and_json() {
    // The text and JSON of `--values` without a plot: n mod 3 again.
    let text = games(&["subtraction", "1,2", "--values", "7"]);
    assert_eq!(text, "subtraction set [1, 2], normal play: Grundy values of heaps 0..=7: 0 1 2 0 1 2 0 1\n");
    let json: serde_json::Value =
        serde_json::from_str(&games(&["--json", "subtraction", "2,3", "--values", "1000"])).expect("JSON");
    let values = json["values"].as_array().expect("values");
    assert_eq!(values.len(), 1001);
    // {2, 3}: g(n) = floor((n mod 5) / 2), by induction from g(0..5) = 0 0 1 1 2.
    for (n, v) in values.iter().enumerate() {
        assert_eq!(v.as_u64(), Some(((n % 5) / 2) as u64), "g({n})");
    }
    assert_eq!(json["set"], serde_json::json!([2, 3]));
    assert_eq!(json["misere"], serde_json::json!(false));
}

/// Checks a binned plot: one bin per pixel column of the plotting area, the bins cut heaps
/// 0..=N into consecutive runs in order, each bin's range is that of `expected` over its heaps
/// and its rectangle spans those values on the y axis (within a pixel); the file is small.
fn check_bins(svg: &str, plot: &Plot, n_max: u64, expected: impl Fn(usize) -> u32) {
    assert!(plot.points.is_empty(), "binned plots have no points");
    let [left, _, width, _] = plot.area;
    assert_eq!(plot.bins.len() as f64, width, "one bin per pixel column");
    let value_of = axis_map(&plot.y_ticks);
    let pixel = (value_of(0.0) - value_of(1.0)).abs(); // one pixel in value units
    let mut next = 0u64;
    for (column, &([x, y, height], [from, to, low, high])) in plot.bins.iter().enumerate() {
        assert_eq!(x, left + column as f64, "bin {column} is its own column");
        assert_eq!(from, next, "bin {column} starts where the last ended");
        assert!(to >= from);
        next = to + 1;
        let range = (from as usize..=to as usize).map(&expected);
        let (want_low, want_high) = (range.clone().min().unwrap_or(0), range.max().unwrap_or(0));
        assert_eq!(
            (low, high),
            (u64::from(want_low), u64::from(want_high)),
            "bin {column}: heaps {from}..={to}"
        );
        // Top of the rectangle at the largest value, bottom at the least, within a pixel.
        assert!((value_of(y) - f64::from(want_high)).abs() <= pixel, "bin {column} top");
        assert!((value_of(y + height) - f64::from(want_low)).abs() <= pixel, "bin {column} bottom");
    }
    assert_eq!(next, n_max + 1, "the bins cover heaps 0..=N");
    // The x ticks stand in the column of the bin that holds their heap.
    for tick in &plot.x_ticks {
        let heap = tick.label as u64;
        let bin =
            plot.bins.iter().find(|b| b.1[0] <= heap && heap <= b.1[1]).expect("a bin holds every heap");
        assert!(
            bin.0[0] <= tick.at && tick.at < bin.0[0] + 1.0,
            "tick {heap} at {}, bin at {}",
            tick.at,
            bin.0[0]
        );
    }
    assert!((svg.len() as u64) < MAX_PLOT_BYTES, "{} bytes", svg.len());
}

#[test]
fn binned_kayles_bins_hold_the_oeis_ranges() {
    let dir = scratch("kayles2000");
    // 2001 heaps in 800 columns: two or three heaps a bin, ranges that differ from bin to bin.
    let (svg, plot) = plot_of(&dir, &["octal", "0.77", "--values", "2000"]);
    check_bins(&svg, &plot, 2000, kayles);
    let distinct: std::collections::BTreeSet<_> = plot.bins.iter().map(|b| (b.1[2], b.1[3])).collect();
    assert!(distinct.len() > 5, "ranges {distinct:?}");
    assert!(plot.marker_x.is_some(), "the period is proven within 2000 heaps");
}

#[test]
fn a_million_heaps_make_a_small_binned_plot() {
    let dir = scratch("million");
    let (svg, plot) = plot_of(&dir, &["subtraction", "1,2", "--values", "1000000"]);
    check_bins(&svg, &plot, 1_000_000, |n| (n % 3) as u32);
    let (svg, plot) = plot_of(&dir, &["octal", "0.77", "--values", "1000000"]);
    check_bins(&svg, &plot, 1_000_000, kayles);
    assert!(plot.marker_x.is_some());
    // The file written is the one read.
    let size = std::fs::metadata(dir.join("plot.svg")).expect("written").len();
    assert_eq!(size, svg.len() as u64);
    assert!(size < MAX_PLOT_BYTES, "{size} bytes");
}

#[test]
fn plot_json_names_the_file_and_the_period() {
    let dir = scratch("json");
    let file = dir.join("k.svg");
    let file_arg = file.to_str().expect("utf-8");
    let json: serde_json::Value =
        serde_json::from_str(&games(&["--json", "octal", "0.77", "--values", "200", "--svg", file_arg]))
            .expect("JSON");
    assert_eq!(json["svg"], serde_json::json!(file_arg));
    // OEIS A002186: periodic with period 12 from n = 71.
    assert_eq!((json["preperiod"].as_u64(), json["period"].as_u64()), (Some(71), Some(12)));
    let json: serde_json::Value =
        serde_json::from_str(&games(&["--json", "octal", "0.77", "--values", "100", "--svg", file_arg]))
            .expect("JSON");
    assert!(json["preperiod"].is_null() && json["period"].is_null());
    assert_eq!(json["values"].as_array().map(Vec::len), Some(101));
}

#[test]
fn hostile_plot_requests_are_one_line_errors() {
    let dir = scratch("hostile");
    let file = dir.join("x.svg");
    let file_arg = file.to_str().expect("utf-8");
    for game in [&["octal", "0.77"][..], &["subtraction", "1,2"]] {
        let with =
            |rest: &[&str]| -> Vec<String> { game.iter().chain(rest).map(|s| s.to_string()).collect() };
        let run = |rest: &[&str]| {
            let args = with(rest);
            games_error(&args.iter().map(String::as_str).collect::<Vec<_>>())
        };
        let m = run(&["--values", "1000001", "--svg", file_arg]);
        assert!(m.contains("more than 1000000 (pass --allow-long"), "{m}");
        run(&["--values", "18446744073709551616", "--svg", file_arg]);
        let m = run(&["--values", "0", "--svg", file_arg]);
        assert!(m.contains("N >= 1"), "{m}");
        let m = run(&["--values", "10", "--svg", "/nonexistent-directory/x.svg"]);
        assert!(m.contains("/nonexistent-directory/x.svg"), "{m}");
        // A directory is not a file to write.
        let m = run(&["--values", "10", "--svg", dir.to_str().expect("utf-8")]);
        assert!(m.contains(dir.to_str().expect("utf-8")), "{m}");
        // --svg needs --values.
        run(&["--svg", file_arg]);
        // Over a memory budget of 1 MiB: a million values need more.
        let args = with(&["--values", "1000000", "--svg", file_arg]);
        let mut budgeted = vec!["--memory", "1"];
        budgeted.extend(args.iter().map(String::as_str));
        let m = games_error(&budgeted);
        assert!(m.contains("memory budget"), "{m}");
    }
    assert!(!file.exists(), "no refused request wrote the file");
    // Too much work for a large set: 10^6 heaps times 5000 amounts.
    let set: Vec<String> = (1..=5000).map(|s| s.to_string()).collect();
    let m = games_error(&["subtraction", &set.join(","), "--values", "1000000", "--svg", file_arg]);
    assert!(m.contains("steps"), "{m}");
    // N = 0 without a plot is an answer (one heap, value 0).
    assert_eq!(games(&["octal", "0.77", "--values", "0"]), "octal game 0.77: g(0..=0) = 0\n");
}
