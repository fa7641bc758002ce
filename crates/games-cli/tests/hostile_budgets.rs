//! Hostile input against the budgets of the `games` binary: `--memory` held (each run under an
//! address-space cap, `prlimit --as`, a little above the budget, so a run that takes more than
//! it said aborts and fails here), effort limits refused before the work, Ctrl-C, SIGTERM and
//! SIGHUP ending every `--allow-long` command within a second with a "stopped" line, a closed
//! standard output reported, and messages a user can act on (the flag that lifts a limit, names
//! escaped and cut, plurals).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// Address space the program needs besides its budget: code, stacks, the allocator's slack.
const OVERHEAD_MIB: u64 = 48;

/// Longest any case may run.
const TIMEOUT: Duration = Duration::from_secs(30);

/// What a run gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `games --memory MIB ARGS` under an address-space cap of `MIB + OVERHEAD_MIB`.
fn run_capped(memory_mib: u64, args: &[&str]) -> Run {
    let binary = assert_cmd::cargo::cargo_bin("games");
    let cap = format!("--as={}", (memory_mib + OVERHEAD_MIB) << 20);
    let out = assert_cmd::Command::new("prlimit")
        .arg(cap)
        .arg("--")
        .arg(binary)
        .arg("--memory")
        .arg(memory_mib.to_string())
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .expect("prlimit runs (util-linux)");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A run that must be refused with one line; returns the line.
fn refused(memory_mib: u64, args: &[&str]) -> String {
    let r = run_capped(memory_mib, args);
    assert_eq!(r.code, Some(2), "{args:?} at --memory {memory_mib}: stderr {:?}", r.stderr);
    assert!(r.stdout.is_empty(), "{args:?}: partial output");
    assert!(r.stderr.starts_with("error: ") && r.stderr.lines().count() == 1, "{args:?}: {:?}", r.stderr);
    r.stderr
}

/// A scratch file with `contents`.
fn file(name: &str, contents: &[u8]) -> PathBuf {
    let path = common::scratch("budgets", name).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

// --- Memory: estimated before it is taken, the answer included -----------------------------

/// Kind "memory": the winning moves of one large heap are counted, and their answer refused
/// when it would pass the budget (a heap of 10^7 of Kayles took 1.5 GB at --memory 16, one of
/// 10^8 aborted).
#[test]
fn a_misere_answer_is_estimated_before_it_is_listed() {
    let line = refused(16, &["misere", "0.77", "--heaps", "1000000"]);
    assert!(line.contains("83338 winning moves") && line.contains("would need"), "{line}");
    let line = refused(16, &["--allow-long", "misere", "0.77", "--heaps", "10000000"]);
    assert!(line.contains("833338 winning moves") && line.contains("raise it with --memory"), "{line}");
    // A heap of 10^8: 10^8 options, refused before one is visited.
    let line = refused(4096, &["misere", "0.77", "--heaps", "100000000"]);
    assert!(line.contains("100000001 steps") && line.contains("--allow-long"), "{line}");
    // Within the budget the answer comes, every move listed.
    let r = run_capped(200, &["misere", "0.77", "--heaps", "1000000"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 1 + 83338);
}

/// Kind "memory": the answer about many heaps (their winning moves in text and JSON) is
/// bounded before it is computed (10^5 heaps of Nim took 126 MB whatever --memory said).
#[test]
fn the_answer_about_many_heaps_holds_the_budget() {
    let heaps: Vec<String> = (100_000..200_000).map(|h: u64| h.to_string()).collect();
    for command in [&["nim", "moves"][..], &["subtraction", "1,3,4", "--heaps"][..]] {
        let mut args = command.to_vec();
        args.extend(heaps.iter().map(String::as_str));
        let line = refused(16, &args);
        assert!(line.contains("the answer for 100000 heaps would need"), "{line}");
    }
    let mut args = vec!["nim", "moves"];
    args.extend(heaps.iter().map(String::as_str));
    let r = run_capped(300, &args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// Kind "memory": a graph file is read within the budget (10^6 nodes took 200 MB at
/// --memory 1, 10^6 arcs 90 MB at --memory 8 before the search refused).
#[test]
fn a_graph_file_is_read_within_the_budget() {
    let nodes: String = (0..1_000_000).map(|i| format!("{i}\n")).collect();
    let nodes = file("nodes.txt", nodes.as_bytes());
    let line = refused(64, &["node-kayles", path(&nodes)]);
    assert!(line.contains("more than 65536 nodes") && line.contains("raise --memory"), "{line}");
    let line = refused(64, &["graph", path(&nodes)]);
    assert!(line.contains("raise --memory"), "{line}");
    let arcs: String = (0..1_000_000u64).map(|i| format!("{} {}\n", i % 1000, (i * 7919) % 1000)).collect();
    let arcs = file("arcs.txt", arcs.as_bytes());
    let line = refused(16, &["node-kayles", path(&arcs)]);
    assert!(line.contains("arcs") && line.contains("raise --memory"), "{line}");
    // A file larger than its share of the budget is not even read whole.
    let line = refused(4, &["node-kayles", path(&arcs)]);
    assert!(line.contains("the file is larger than 1048576 bytes"), "{line}");
}

/// Kind "memory": a listing of more kernels than the budget holds is refused before any is
/// listed, with the size the answer would take and the `--max-kernels` that fits (18 two-cycles
/// have 2^18 kernels; listed to the budget, a run at --memory 64 took 126 MB). Run with that
/// flag, it lists that many within the budget and still counts them all.
#[test]
fn a_kernel_listing_is_refused_before_it_passes_the_budget() {
    let cycles: String = (0..18).map(|i| format!("a{i} b{i}\nb{i} a{i}\n")).collect();
    let graph = file("cycles.txt", cycles.as_bytes());
    let start = Instant::now();
    let line = refused(64, &["graph", path(&graph), "--max-kernels", "100000000"]);
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert!(line.contains("listing 262144 kernels of "), "{line}");
    assert!(line.contains("more than the memory budget of 64 MiB (raise it with --memory MIB)"), "{line}");
    let needed: u128 = line.split(" would need ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(needed > 262_144 * 18 * 8, "{line}");
    let fits: usize =
        line.split("--max-kernels ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(1000 < fits && fits < 262_144, "{line}");
    for json in [false, true] {
        let fits = fits.to_string();
        let mut args = vec!["graph", path(&graph), "--max-kernels", &fits];
        if json {
            args.insert(0, "--json");
        }
        let r = run_capped(64, &args);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        if json {
            let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
            assert_eq!(v["kernel_count"], "262144");
            assert_eq!(v["kernels_truncated"], true);
            assert_eq!(v["kernels"].as_array().unwrap().len().to_string(), fits);
        } else {
            let listing = format!("262144 kernels (listing the first {fits}, --max-kernels {fits}):");
            assert!(r.stdout.contains(&listing), "{}", &r.stdout[..r.stdout.len().min(2000)]);
        }
    }
    // The default of 16 kernels fits any budget this graph is read in.
    let r = run_capped(16, &["graph", path(&graph)]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("262144 kernels (listing the first 16, --max-kernels 16):"), "{}", r.stdout);
}

// --- Effort: refused before the work ----------------------------------------------------

/// The arguments `misere 0.77 --heaps HEAPS...`.
fn kayles_sum(heaps: &[String]) -> Vec<&str> {
    let mut args = vec!["misere", "0.77", "--heaps"];
    args.extend(heaps.iter().map(String::as_str));
    args
}

/// A run refused within 5 s; its line.
fn refused_at_once(args: &[&str]) -> String {
    let start = Instant::now();
    let line = refused(4096, args);
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    line
}

/// Kind "effort": a misère sum of many large heaps is refused at once (10^5 heaps ran 56 s).
#[test]
fn a_large_misere_sum_is_refused_before_the_work() {
    let heaps: Vec<String> = (0..2000).map(|i| (100_000 + i).to_string()).collect();
    let line = refused_at_once(&kayles_sum(&heaps));
    assert!(
        line.contains("listing the winning moves of 2000 heaps") && line.contains("--allow-long"),
        "{line}"
    );
}

/// Kind "effort": a misère sum of 10^5 small heaps (0 to 299: 1.5 * 10^7 options to visit,
/// 10 s with its winning moves listed) is refused at once, naming the flag that lifts it; a
/// sum of 10^4 of them answers.
#[test]
fn a_misere_sum_of_many_heaps_is_refused_before_the_work() {
    let heaps: Vec<String> = (0..100_000).map(|i| (i % 300).to_string()).collect();
    let args = kayles_sum(&heaps);
    let line = refused_at_once(&args);
    assert!(
        line.contains("listing the winning moves of 100000 heaps would take about")
            && line.contains("more than the limit of 10000000 (pass --allow-long"),
        "{line}"
    );
    let r = run_capped(4096, &args[..3 + 10_000]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("octal game 0.77 in misère play, heaps [0, 1, 2,"), "{}", &r.stdout[..200]);
}

/// Kind "effort": `grundy --values N` with `--stats` or `--out` had no limit (2 * 10^7 heaps ran
/// on past 30 s); more than 10^6 heaps computed in one run is refused before any is computed
/// or a file made, and the heaps a value file already holds do not count.
#[test]
fn grundy_values_past_a_million_heaps_are_refused_before_the_work() {
    let dir = common::scratch("budgets", "grundy");
    let out = dir.join("grundy.bin");
    for extra in [&["--stats"][..], &["--out", path(&out)]] {
        let mut args = vec!["grundy", "--values", "20000000"];
        args.extend_from_slice(extra);
        let line = refused_at_once(&args);
        assert!(
            line.contains("(heaps 0..=20000000) is 20000001, more than 1000000 (pass --allow-long"),
            "{line}"
        );
    }
    assert!(!out.exists(), "a refused run made its file");
    // A file of 200 000 heaps: 10^6 more is one too many, and the message counts from its end.
    let values = game_takebreak::grundy_values(199_999).unwrap();
    std::fs::write(&out, common::value_file("grundy", 1, &values)).unwrap();
    let before = std::fs::read(&out).unwrap();
    let line = refused(4096, &["grundy", "--values", "1200000", "--out", path(&out)]);
    assert!(line.contains("(heaps 200000..=1200000) is 1000001, more than 1000000"), "{line}");
    assert_eq!(std::fs::read(&out).unwrap(), before, "a refused run changed its file");
    // Within the limit counted from the file's end, the run goes on (here: nothing to compute).
    let r = run_capped(4096, &["grundy", "--values", "150000", "--out", path(&out), "--stats"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

// --- Misère quotients: built as far as the question needs ------------------------------------

/// The misère outcome of a sum of Dawson's Kayles (0.07: take two counters, leaving nothing,
/// one heap or two) by brute force over the positions, independent of the quotient.
fn dawson_misere_is_p(heaps: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 1).collect();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut has_move = false;
    let mut p = true;
    for (i, &h) in key.iter().enumerate() {
        let rest = h - 2;
        for a in 0..=rest / 2 {
            has_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend([a, rest - a]);
            if dawson_misere_is_p(&next, memo) {
                p = false;
            }
        }
    }
    // No move: the player to move has won (misère), an N-position.
    let p = has_move && p;
    memo.insert(key, p);
    p
}

/// Kind "message": `misere 0.07 --heaps 3 4 5` built the quotient to heap 300 and failed after
/// seconds; it needs heaps up to 5 only.
#[test]
fn a_misere_sum_builds_the_quotient_it_needs() {
    let mut memo = std::collections::HashMap::new();
    for heaps in [vec![3u64, 4, 5], vec![1, 1], vec![6, 9, 12], vec![2, 2]] {
        let strings: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["--json", "misere", "0.07", "--heaps"];
        args.extend(strings.iter().map(String::as_str));
        let start = Instant::now();
        let r = run_capped(4096, &args);
        assert_eq!(r.code, Some(0), "{heaps:?}: {}", r.stderr);
        assert!(start.elapsed() < Duration::from_secs(10), "{heaps:?}: {:?}", start.elapsed());
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let p = dawson_misere_is_p(&heaps, &mut memo);
        assert_eq!(v["outcome"], if p { "P" } else { "N" }, "{heaps:?}");
        let moves = v["winning_moves"].as_array().unwrap();
        // An N-position has a winning move, unless no move is left at all (then the player to
        // move has won).
        let no_move = heaps.iter().all(|&h| h < 2);
        assert_eq!(moves.is_empty(), p || no_move, "{heaps:?}");
        for m in moves {
            let i = m["heap"].as_u64().unwrap() as usize - 1;
            let mut next: Vec<u64> =
                heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(m["to"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()));
            assert!(dawson_misere_is_p(&next, &mut memo), "{heaps:?} -> {next:?}");
        }
    }
    // A heap beyond a partial quotient: the flags that reach it are named.
    let line = refused(4096, &["misere", "0.07", "--heaps", "20000", "--max-heap", "20"]);
    assert!(line.contains("raise --max-heap") && line.contains("--allow-long"), "{line}");
}

// --- Signals: every --allow-long command ends within a second, with a line --------------------

/// Starts `games --allow-long ARGS`, sends `signal` after half a second, and checks the end:
/// within a second, exit code 130, one line saying it stopped.
fn stops_on(signal: &str, args: &[&str]) {
    let binary = assert_cmd::cargo::cargo_bin("games");
    let mut child = Command::new(binary)
        .arg("--allow-long")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("games starts");
    std::thread::sleep(Duration::from_millis(500));
    assert!(child.try_wait().unwrap().is_none(), "{args:?} ended before the signal: pick a longer case");
    let status = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().unwrap();
    assert!(status.success());
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            panic!("{args:?} did not stop on SIG{signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = sent.elapsed();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(130), "{args:?} on SIG{signal}: {status:?}, stderr {stderr:?}");
    assert!(took < Duration::from_secs(1), "{args:?} on SIG{signal}: {took:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("stopped (Ctrl-C, SIGTERM or SIGHUP)"),
        "{args:?} on SIG{signal}: {stderr:?}"
    );
}

/// Kind "signal": searches died by the signal with no line; every other long command too.
#[test]
fn every_long_command_stops_on_a_signal_with_a_line() {
    let grid: String =
        (0..60).flat_map(|i| [format!("{i} {}\n", i + 1), format!("{i} {}\n", (i * 17 + 5) % 61)]).collect();
    let grid = file("sixty.txt", grid.as_bytes());
    let cases: Vec<Vec<&str>> = vec![
        vec!["cram", "7", "8"],
        vec!["chomp", "14", "14"],
        vec!["node-kayles", path(&grid)],
        vec!["misere", "0.07", "--quotient", "--max-heap", "40"],
        vec!["rotation", "count", "24"],
    ];
    for (i, args) in cases.iter().enumerate() {
        stops_on(["INT", "TERM", "HUP"][i % 3], args);
    }
    stops_on("TERM", &cases[0]);
    stops_on("HUP", &cases[3]);
    stops_on("INT", &cases[4]);
}

// --- A closed standard output --------------------------------------------------------------

/// Kind "exit code": an answer that cannot be written is an error (it was a silent exit 0).
#[test]
fn a_closed_stdout_is_an_error() {
    let binary = assert_cmd::cargo::cargo_bin("games");
    // A pipe whose reader is gone (`games ... | head -c0`).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(&binary)
        .args(["wythoff", "pair", "5"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: cannot write the answer") && stderr.lines().count() == 1, "{stderr}");
}

// --- Messages a user can act on ---------------------------------------------------------------

/// Kind "message": the search stack's figure is its share of the budget, and says so (it read
/// "needs more than 1074 MiB (raise --memory)" under a budget of 4096 MiB).
#[test]
fn the_search_stack_refusal_says_what_its_figure_is() {
    let long: String = (0..3000).map(|i| format!("{i} {}\n{} {}\n", i + 1, i, (i * 7 + 3) % 3000)).collect();
    let long = file("path.txt", long.as_bytes());
    let line = refused(4, &["node-kayles", path(&long), "--max-seconds", "20"]);
    assert!(line.contains("the search stack") && line.contains("its share of the memory budget"), "{line}");
}

/// Kind "message": names reach the terminal escaped, and never kilobytes of them.
#[test]
fn names_are_escaped_and_cut() {
    let dir = common::scratch("budgets", "names");
    let named = dir.join("g\u{1b}[2J.txt");
    std::fs::write(&named, "a b\n").unwrap();
    let r = run_capped(64, &["node-kayles", named.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stdout.contains('\u{1b}') && r.stdout.contains("g\\u{1b}[2J.txt"), "{:?}", r.stdout);
    // An octal code of 3 000 control characters: one line of at most about a kilobyte.
    let code = format!("0.{}", "\u{1}".repeat(3000));
    let line = refused(64, &["misere", &code]);
    assert!(line.len() < 1200 && line.contains("characters elided"), "{} bytes", line.len());
    let mut stdin_name = file("stdin.txt", b"");
    stdin_name.set_file_name("x".repeat(250));
    let line = refused(64, &["node-kayles", path(&stdin_name)]);
    assert!(line.contains("characters elided"), "{line}");
}

/// Kind "message": one vertex, one edge, one position.
#[test]
fn counts_of_one_are_singular() {
    let one = file("one-edge.txt", b"a b\n");
    let r = run_capped(64, &["node-kayles", path(&one)]);
    assert!(
        r.stdout.contains("(2 vertices, 1 edge)") && r.stdout.contains("1 position expanded"),
        "{}",
        r.stdout
    );
    let single = file("one-vertex.txt", b"a\n");
    let r = run_capped(64, &["node-kayles", path(&single)]);
    assert!(r.stdout.contains("(1 vertex, 0 edges)"), "{}", r.stdout);
    let mut stdin = Command::new(assert_cmd::cargo::cargo_bin("games"))
        .args(["play", "octal", "0.77", "5", "3", "--misere"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    stdin.stdin.take().unwrap().write_all(b"2 2 1\nquit\n").unwrap();
    let out = stdin.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("leaves 1 counter, too few to split"), "{text}");
}
