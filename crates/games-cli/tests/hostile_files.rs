//! The last hostile cases, one test per category: memory an answer needs beyond its estimate
//! (a listing from a small file), the speed of reading a large graph file, FIFOs and other
//! non-regular files, the stated size ceiling of plots, control characters from files echoed to
//! the terminal, and `--json` with `--help`. Each run is under a memory cap (`prlimit --as`)
//! and a timeout, and must answer (exit 0) or refuse in one line (exit 2).

mod common;

use std::time::{Duration, Instant};

use common::scratch;

/// What a run gave.
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `games ARGS` under a 2 GiB address-space cap and `timeout`.
fn run(args: &[&str], timeout: Duration) -> Run {
    let out = assert_cmd::Command::new("prlimit")
        .arg("--as=2147483648")
        .arg("--")
        .arg(assert_cmd::cargo::cargo_bin("games"))
        .args(args)
        .timeout(timeout)
        .output()
        .expect("prlimit runs");
    let run = Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(run.code.is_some(), "{args:?}: killed (timeout or signal): {}", run.stderr);
    run
}

/// Exit 2 with one line `error: ...` and nothing on stdout; the line.
fn refused(args: &[&str]) -> String {
    let r = run(args, Duration::from_secs(30));
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
    assert!(r.stdout.is_empty(), "{args:?}");
    assert!(r.stderr.starts_with("error: ") && r.stderr.lines().count() == 1, "{args:?}: {}", r.stderr);
    r.stderr
}

/// Exit 0 and nothing on stderr; stdout.
fn answered(args: &[&str], timeout: Duration) -> Vec<u8> {
    let r = run(args, timeout);
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    assert!(r.stderr.is_empty(), "{args:?}: {}", r.stderr);
    r.stdout
}

/// Forty 2-cycles: 2^40 kernels, from a file of a few hundred bytes. Listing them was bounded
/// by --max-kernels only, so a huge one ran the list into an allocation abort whatever
/// --memory said; the list is now refused before the first kernel, naming the `--max-kernels`
/// that fits, and that many are listed within the budget.
#[test]
fn a_kernel_list_is_refused_before_it_passes_the_memory_budget() {
    let dir = scratch("hostile-files", "kernels");
    let text: String = (0..40).map(|i| format!("a{i} b{i}\nb{i} a{i}\n")).collect();
    let file = dir.join("forty.txt");
    std::fs::write(&file, &text).unwrap();
    assert!(text.len() < 700);
    let file = file.to_str().unwrap();
    let max = usize::MAX.to_string();
    let line = refused(&["--memory", "10", "graph", file, "--max-kernels", &max, "--max-steps", "2000000"]);
    assert!(line.contains("listing 1099511627776 kernels of "), "{line}");
    let fits: usize =
        line.split("(--max-kernels ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(fits > 100, "{line}");
    let fits = fits.to_string();
    let out = answered(
        &["--memory", "10", "graph", file, "--max-kernels", &fits, "--max-steps", "2000000"],
        Duration::from_secs(60),
    );
    let out = String::from_utf8(out).unwrap();
    let head = format!("1099511627776 kernels (listing the first {fits}, --max-kernels {fits}):");
    assert!(out.contains(&head), "{out:.2000}");
    let listed = out.lines().filter(|l| l.starts_with("  {")).count();
    assert_eq!(listed.to_string(), fits);
}

/// A graph file of 10^6 arcs between about 10^5 nodes (11 MB) is read and analysed in seconds: the
/// reader keeps names in one arena and makes arcs unique by sorting (it looked each name up
/// through the graph's nodes and kept a hash set of arcs, many times slower).
#[test]
fn a_large_graph_file_is_read_in_seconds() {
    let dir = scratch("hostile-files", "large");
    let mut text = String::with_capacity(14 << 20);
    let mut state: u64 = 1;
    for _ in 0..1_000_000 {
        // A fixed pseudo-random acyclic graph: arcs from a larger number to a smaller one.
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let a = 1 + (state >> 33) % 99_999;
        let b = (state >> 13) % a;
        text.push_str(&format!("{a} {b}\n"));
    }
    let file = dir.join("large.txt");
    std::fs::write(&file, &text).unwrap();
    let start = Instant::now();
    let out = answered(&["graph", file.to_str().unwrap()], Duration::from_secs(120));
    let elapsed = start.elapsed();
    let first = String::from_utf8_lossy(&out[..200]).into_owned();
    let nodes = text.split_whitespace().collect::<std::collections::HashSet<_>>().len();
    assert!(first.starts_with(&format!("{nodes} nodes, ")) && first.contains("acyclic"), "{first}");
    // Generous for a loaded machine: the issue measured over 20 s for ten times this.
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

/// FIFOs are refused, not opened (opening one waits for a writer, for ever): as a graph file,
/// as an --svg output and as a value file. Standard input is read with `-`.
#[test]
fn fifos_are_refused_and_standard_input_is_read_with_a_dash() {
    let dir = scratch("hostile-files", "fifo");
    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo = fifo.to_str().unwrap();
    for args in [
        &["graph", fifo][..],
        &["octal", "0.77", "--values", "10", "--svg", fifo],
        &["wythoff", "table", "5", "--svg", fifo],
        &["rotation", "draw", "4", "--svg", fifo],
        &["octal", "0.77", "--values", "10", "--out", fifo],
        &["graph", "/dev/zero"],
        &["graph", dir.to_str().unwrap()],
    ] {
        let error = refused(args);
        assert!(error.contains("not a regular file"), "{args:?}: {error}");
    }
    let out = assert_cmd::Command::cargo_bin("games")
        .unwrap()
        .args(["graph", "-"])
        .write_stdin("a b\nb c\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("3 nodes, 2 moves, acyclic\n"));
}

/// The stated ceiling of a value plot holds for a subtraction set of thousands of amounts, whose
/// name alone would pass it: the title is cut.
#[test]
fn plots_stay_under_their_stated_ceiling() {
    let dir = scratch("hostile-files", "svg");
    let set: Vec<String> = (1..=5000).map(|s| s.to_string()).collect();
    let set = set.join(",");
    let svg = dir.join("many.svg");
    answered(
        &["subtraction", &set, "--values", "30", "--svg", svg.to_str().unwrap()],
        Duration::from_secs(60),
    );
    let bytes = std::fs::metadata(&svg).unwrap().len();
    // VALUE_PLOT_MAX_BYTES = 800 * 160 + 8192, as docs/commands.md states it.
    assert!(bytes <= 800 * 160 + 8192, "{bytes} bytes");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains('…'));
}

/// Text read from files reaches the terminal escaped: a node name with an escape sequence (DOT
/// allows any character in a quoted name) and a shard file's field with control characters.
#[test]
fn control_characters_from_files_are_escaped() {
    let dir = scratch("hostile-files", "control");
    let dot = dir.join("escape.dot");
    std::fs::write(&dot, "digraph { \"a\u{1b}[31mred\" -> \"b\u{7}\" }").unwrap();
    let out = answered(&["graph", dot.to_str().unwrap()], Duration::from_secs(30));
    let out = String::from_utf8(out).unwrap();
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(out.contains("a\\u{1b}[31mred") && out.contains("b\\u{7}"), "{out}");
    // A shard file whose method holds control characters: refused, the error escaped.
    let shard = dir.join("s.json");
    answered(&["rotation", "count", "8", "--out", shard.to_str().unwrap()], Duration::from_secs(30));
    // Forged with a valid digest, so that the fields themselves reach the checks.
    let mut record = game_rotation::read_shard_file(&shard).unwrap();
    record.method = "two-ended\u{1b}[2J\r\nforged line".into();
    record.version = "0.1.0\u{1b}]0;title\u{7}".into();
    std::fs::write(&shard, record.to_json()).unwrap();
    let r = run(&["rotation", "merge", shard.to_str().unwrap()], Duration::from_secs(30));
    let all = format!("{}{}", String::from_utf8_lossy(&r.stdout), r.stderr);
    assert!(!all.chars().any(|c| c.is_control() && c != '\n'), "{all:?}");
    assert_eq!(all.lines().count(), if r.code == Some(0) { 4 } else { 1 }, "{all}");
}

/// `--json` holds for help and version too: one JSON object.
#[test]
fn json_help_is_one_json_object() {
    for args in [&["--json", "--help"][..], &["--json", "octal", "--help"], &["--json", "--version"]] {
        let out = answered(args, Duration::from_secs(30));
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let shown = value.get("help").or_else(|| value.get("version")).and_then(|v| v.as_str()).unwrap();
        assert!(shown.contains("games"), "{shown}");
    }
}
