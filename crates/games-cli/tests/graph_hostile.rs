//! `games graph` against hostile files and options: every run ends within a timeout, under a
//! memory cap (`prlimit --as`, util-linux), with exit code 0 and an answer or exit code 2 and one
//! line on stderr with nothing on stdout; never a panic, an abort or a silently wrong answer.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

/// Address-space cap for every run (the kernel refuses larger allocations: an abort, not a hang).
const MEMORY_CAP: &str = "--as=4294967296";

fn temp_file(name: &str, contents: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("games-graph-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, contents).expect("write the test file");
    path.to_str().expect("utf-8 temp path").to_string()
}

/// What one run did.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `games ARGS` under the memory cap and a timeout.
fn games(args: &[&str], timeout_secs: u64) -> Run {
    let out = Command::new("prlimit")
        .arg(MEMORY_CAP)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .timeout(Duration::from_secs(timeout_secs))
        .output()
        .expect("prlimit runs (util-linux)");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(run.code.is_some(), "{args:?}: killed (timeout or signal); stderr {}", run.stderr);
    run
}

/// Exit code 0 with an answer on stdout and nothing on stderr.
fn ok(args: &[&str], timeout_secs: u64) -> String {
    let run = games(args, timeout_secs);
    assert_eq!(run.code, Some(0), "{args:?}: stderr {}", run.stderr);
    assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr);
    run.stdout
}

/// Exit code 2, one line `error: ...` on stderr, nothing on stdout.
fn refused(args: &[&str], timeout_secs: u64) -> String {
    let run = games(args, timeout_secs);
    assert_eq!(run.code, Some(2), "{args:?}: stderr {} stdout {}", run.stderr, run.stdout);
    assert!(run.stdout.is_empty(), "{args:?}: partial stdout {}", run.stdout);
    assert!(run.stderr.starts_with("error: "), "{args:?}: {}", run.stderr);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{args:?}: one line: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    run.stderr
}

fn two_cycles(k: usize) -> String {
    (0..k).map(|i| format!("a{i} b{i}\nb{i} a{i}\n")).collect()
}

/// A star of 10^6 - 1 arcs, 10^6 nodes (the node limit); the old reader was quadratic in the
/// out-degree (about 35 minutes for 10^6 arcs).
#[test]
fn a_star_of_a_million_arcs_is_read_in_linear_time() {
    let text: String = (0..999_999).map(|i| format!("hub n{i}\n")).collect();
    let f = temp_file("star.txt", text.as_bytes());
    let out = ok(&["--json", "graph", &f], 120);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["edges"], 999_999);
    assert_eq!(v["acyclic"], true);
    // The hub moves to a terminal node: N; every leaf is terminal: P.
    assert_eq!(v["nodes"][0]["name"], "hub");
    assert_eq!(v["nodes"][0]["outcome"], "N");
}

/// Many disjoint 2-cycles next to a 3-cycle, the triangle's lines first or last: "no kernel"
/// at once (the old search tried 2^k branches before meeting the triangle).
#[test]
fn two_cycles_next_to_an_odd_cycle_answer_at_once() {
    let triangle = "x y\ny z\nz x\n";
    for (name, text) in [
        ("odd_last.txt", two_cycles(60) + triangle),
        ("odd_first.txt", format!("{triangle}{}", two_cycles(60))),
    ] {
        let f = temp_file(name, text.as_bytes());
        let out = ok(&["graph", &f], 30);
        assert!(out.trim_end().ends_with("no kernel"), "{out}");
        let v: serde_json::Value = serde_json::from_str(&ok(&["--json", "graph", &f], 30)).unwrap();
        assert_eq!(v["kernel_count"], "0");
        assert_eq!(v["kernels_truncated"], false);
    }
    // Without the triangle: 2^60 kernels, counted exactly, 16 listed.
    let f = temp_file("many.txt", two_cycles(60).as_bytes());
    let out = ok(&["graph", &f], 30);
    assert!(
        out.contains(&format!("{} kernels (listing the first 16, --max-kernels 16):", 1u64 << 60)),
        "{out}"
    );
}

/// `--max-kernels 0` on a graph with two kernels must not say "no kernel", and `--max-kernels 1
/// --dot` must not say "the only kernel".
#[test]
fn a_kernel_limit_never_turns_into_a_wrong_claim() {
    let f = temp_file("two_kernels.txt", b"a b\nb a\n");
    let out = ok(&["graph", &f, "--max-kernels", "0"], 30);
    assert!(!out.contains("no kernel"), "{out}");
    assert!(out.contains("2 kernels (listing the first 0"), "{out}");
    let dot = ok(&["graph", &f, "--max-kernels", "1", "--dot"], 30);
    assert!(!dot.contains("the only kernel"), "{dot}");
    assert!(dot.contains("the first of 2 kernels"), "{dot}");
}

/// A huge `--max-kernels` allocates nothing up front; listing 2^40 kernels is refused before
/// the first is listed (they are counted first), with the size and the `--max-kernels` that
/// fits, not stopped at the step limit or the budget part of the way.
#[test]
fn a_huge_kernel_limit_is_bounded_by_the_step_limit() {
    let small = temp_file("small.txt", b"a b\nb a\n");
    let out = ok(&["graph", &small, "--max-kernels", &usize::MAX.to_string()], 30);
    assert!(out.trim_end().ends_with("2 kernels:\n  {a}\n  {b}"), "{out}");
    let f = temp_file("forty.txt", two_cycles(40).as_bytes());
    let e = refused(&["graph", &f, "--max-kernels", &usize::MAX.to_string(), "--max-steps", "10000000"], 60);
    assert!(
        e.contains("listing 1099511627776 kernels of ") && e.contains("lists as many as the budget holds"),
        "{e}"
    );
    refused(&["graph", &f, "--max-kernels", "99999999999999999999999999"], 30);
}

/// A DOT file starting with a comment, or with a byte-order mark, is DOT; the BOM is not part of
/// the first name.
#[test]
fn comments_and_a_bom_before_dot_or_an_edge_list() {
    for (name, text) in [
        ("comment.dot", "// my game\ndigraph { a -> b; b -> a }\n".as_bytes().to_vec()),
        ("hash.dot", b"# generated\n/* by hand */ digraph { a -> b  b -> a }".to_vec()),
        ("bom.dot", [&[0xEF, 0xBB, 0xBF][..], b"digraph { a -> b; b -> a }"].concat()),
        ("bom.txt", [&[0xEF, 0xBB, 0xBF][..], b"a b\nb a\n"].concat()),
    ] {
        let f = temp_file(name, &text);
        let v: serde_json::Value = serde_json::from_str(&ok(&["--json", "graph", &f], 30)).unwrap();
        assert_eq!(v["nodes"][0]["name"], "a", "{name}");
        assert_eq!(v["nodes"][1]["name"], "b", "{name}");
        assert_eq!(v["edges"], 2, "{name}");
    }
    // A quoted string with `]` inside an attribute list, `;` left out.
    let f = temp_file("bracket.dot", b"digraph { a -> b [label=\"x]y\"] b -> c }");
    let v: serde_json::Value = serde_json::from_str(&ok(&["--json", "graph", &f], 30)).unwrap();
    assert_eq!(v["edges"], 2);
}

/// Our own `--dot` output is read back as the same graph (names, order, arcs, answers).
#[test]
fn dot_output_reads_back_identically() {
    let f = temp_file("round.txt", b"start \"q\\\"\nstart x\nx start\nx y\n\"q\\\" y\n");
    let first = ok(&["--json", "graph", &f], 30);
    let dot = ok(&["graph", &f, "--dot"], 30);
    let g = temp_file("round.dot", dot.as_bytes());
    let second = ok(&["--json", "graph", &g], 30);
    assert_eq!(first, second);
}

/// Garbage, bad bytes, deep nesting, undirected graphs: one-line errors with the line.
#[test]
fn bad_files_get_one_line_errors() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("utf8.txt", b"a b\n\xff\xfe c\n".to_vec()),
        ("deep.dot", format!("digraph {{ {} }}", "{".repeat(100_000)).into_bytes()),
        ("undirected.dot", b"/* x */ strict graph { a -- b }".to_vec()),
        ("unterminated.dot", b"digraph { a -> \"b }".to_vec()),
        ("comment.dot", b"digraph { a /* -> b }".to_vec()),
        ("nul.txt", vec![0u8; 1000]),
        ("empty.txt", Vec::new()),
    ];
    for (name, text) in cases {
        let f = temp_file(name, &text);
        let e = refused(&["graph", &f], 30);
        assert!(e.contains(&f), "{name}: names the file: {e}");
        // A flag does not mend a bad file: only the size limits suggest one.
        assert!(!e.contains("--allow-long") && !e.contains("--memory"), "{name}: no flag to suggest: {e}");
    }
    refused(&["graph", "/nonexistent/file.txt"], 30);
    let dir = std::env::temp_dir();
    refused(&["graph", dir.to_str().unwrap()], 30);
}

/// More nodes than the limit: refused while reading, with the line.
#[test]
fn too_many_nodes_are_refused_while_reading() {
    let text: String = (0..600_001).map(|i| format!("u{i} v{i}\n")).collect();
    let f = temp_file("big.txt", text.as_bytes());
    let e = refused(&["graph", &f], 60);
    assert!(e.contains(":500001: more than 1000000 nodes"), "{e}");
    assert!(e.contains("(pass --allow-long for larger graphs)"), "the limit can be lifted: {e}");
    let e = refused(&["graph", "--allow-long", "--memory", "512", &f], 60);
    assert!(
        e.contains("nodes (the node limit): the memory budget of 512 MiB holds no more (raise --memory)"),
        "{e}"
    );
}

/// A transitive tournament next to a 2-cycle: the generalised Grundy labelling needs about
/// V^3/3 steps; it stops at the step limit with an error instead of running for minutes.
#[test]
fn a_slow_generalised_grundy_labelling_stops_at_the_step_limit() {
    let n = 1500;
    let mut text = String::from("c d\nd c\n");
    for i in 0..n {
        for j in 0..i {
            text.push_str(&format!("t{i} t{j}\n"));
        }
    }
    let f = temp_file("tournament.txt", text.as_bytes());
    let e = refused(&["graph", &f], 60);
    assert!(e.contains("generalised Grundy labelling gave up after 100000000 steps"), "{e}");
}

#[test]
fn the_memory_budget_bounds_the_answer_for_a_graph() {
    // 2000 positions need about 4 MB by the estimate: refused under --memory 4 (whose quarter
    // reads them), answered under 64.
    let file = temp_file("budget.txt", two_cycles(1000).as_bytes());
    let err = refused(&["--memory", "4", "graph", &file], 20);
    assert!(err.contains("more than the memory budget"), "{err}");
    let answer = ok(&["--memory", "64", "graph", &file, "--max-kernels", "1"], 20);
    assert!(answer.contains("2000 nodes"), "{answer}");
}

/// Node-Kayles on graphs whose options are large: a long path (each option holds almost the
/// whole path: the options of one position need O(V^2) memory) is refused by the memory
/// budget as its options come, and a star of 10^5 leaves (each option 10^5 lone vertices)
/// gives up at its seconds; neither aborts nor hangs.
#[test]
fn node_kayles_on_graphs_with_huge_options_is_refused_or_gives_up() {
    let path: String = (0..19_999).map(|i| format!("{i} {}\n", i + 1)).collect();
    let f = temp_file("long-path.txt", path.as_bytes());
    let e = refused(&["--memory", "64", "node-kayles", &f], 60);
    assert!(e.contains("the search stack") && e.contains("its share of the memory budget"), "{e}");
    assert!(e.contains("raise --memory"), "{e}");
    let star: String = (1..100_000).map(|i| format!("0 {i}\n")).collect();
    let f = temp_file("star.txt", star.as_bytes());
    let started = std::time::Instant::now();
    let e = refused(&["node-kayles", &f, "--max-seconds", "1"], 60);
    assert!(e.contains("(100000 vertices, 99999 edges): gave up after 1 s ("), "{e}");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}
