//! `games cram`, `games chomp` and `games node-kayles`: answers checked against values known
//! independently (the published Cram table, Chomp's theorems, Dawson's chess), JSON fields, methods agreeing, limits as
//! one-line errors.

mod common;

use common::{error_line, json, scratch, stdout_of};
use game_search_runs::RootShard;
use serde_json::json;

#[test]
fn cram_boards_of_the_published_table() {
    // Beling's table (beling/impartial-games README): 4 x 5 has nimber 2, 4 x 4 is 0 (even by
    // even); 1 x 7 is Dawson's Kayles (0.07) heap 7: 1.
    assert_eq!(json(&["cram", "4", "5"])["nimber"], 2);
    assert_eq!(json(&["cram", "4", "4"])["outcome"], "P");
    assert_eq!(json(&["cram", "1", "7"])["nimber"], 1);
    let text = stdout_of(&["cram", "4", "5"]);
    assert!(text.starts_with("Cram 4 x 5: nimber 2, N-position"), "{text}");
}

#[test]
fn cram_methods_agree() {
    for method in ["pruned", "mex"] {
        let answer = json(&["cram", "3", "5", "--method", method]);
        assert_eq!(answer["nimber"], json(&["cram", "5", "3"])["nimber"], "{method}");
        assert!(answer["stats"]["nodes"].as_u64().unwrap() > 0);
    }
    let outcome = json(&["cram", "3", "5", "--method", "outcome"]);
    assert_eq!(outcome["nimber"], serde_json::Value::Null);
    let nimber = json(&["cram", "3", "5"])["nimber"].as_u64().unwrap();
    assert_eq!(outcome["outcome"], if nimber == 0 { "P" } else { "N" });
}

#[test]
fn cram_limits_and_bad_sizes_are_one_line_errors() {
    assert!(error_line(&["cram", "0", "5"]).contains("Cram board"));
    assert!(error_line(&["cram", "12", "11"]).contains("at most 128 cells"));
    assert!(error_line(&["cram", "5", "5", "--max-nodes", "10"]).contains("--max-nodes"));
}

/// Searches give up after 10 s by default (`--max-seconds` changes it, `--allow-long` lifts it):
/// a position costs a microsecond in Cram and far more in Chomp, so a number of positions
/// would not keep every default to seconds.
#[test]
fn searches_give_up_after_their_seconds() {
    let started = std::time::Instant::now();
    let error = error_line(&["cram", "7", "7"]);
    let took = started.elapsed().as_secs_f64();
    assert!(error.contains("Cram 7 x 7: gave up after 10 s ("), "{error}");
    assert!(error.contains("(pass --allow-long, or raise --max-seconds)"), "{error}");
    assert!((10.0..60.0).contains(&took), "{took} s");
    let error = error_line(&["chomp", "30", "30", "--max-seconds", "1"]);
    assert!(error.contains("Chomp 30 x 30: gave up after 1 s ("), "{error}");
    // An explicit limit holds with --allow-long too.
    let error = error_line(&["--allow-long", "chomp", "30", "30", "--max-seconds", "1"]);
    assert!(error.contains("gave up after 1 s"), "{error}");
    assert!(error_line(&["cram", "4", "4", "--max-seconds", "0"]).contains("--max-seconds"));
    // At most a year (365 * 24 * 3600 s), so the deadline is always a representable instant.
    assert_eq!(json(&["cram", "4", "5", "--max-seconds", "31536000"])["nimber"], 2);
    assert!(error_line(&["cram", "4", "5", "--max-seconds", "31536001"]).contains("1..=31536000"));
    // With a table file the values found are saved, and the message says how to go on.
    let dir = scratch("placement", "seconds");
    let table = dir.join("cram.tbl");
    let error = error_line(&["cram", "7", "7", "--max-seconds", "1", "--table", table.to_str().unwrap()]);
    assert!(error.contains("gave up after 1 s ("), "{error}");
    assert!(
        error.contains("values saved to") && error.contains("a higher --max-seconds or --allow-long"),
        "{error}"
    );
    assert!(std::fs::metadata(&table).unwrap().len() > 0);
    let shard = dir.join("shard.json");
    let error = error_line(&[
        "cram",
        "7",
        "7",
        "--shard",
        "0/4",
        "--max-seconds",
        "1",
        "--out",
        shard.to_str().unwrap(),
    ]);
    assert!(error.contains("shard 0/4: gave up at --max-seconds;"), "{error}");
}

#[test]
fn cram_shards_merge_into_the_nimber_and_bad_sets_are_refused() {
    let dir = scratch("placement", "cram-shards");
    let file = |i: usize| dir.join(format!("s{i}.json")).to_str().unwrap().to_owned();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let written = json(&["cram", "4", "5", "--shard", &shard, "--out", &file(i)]);
        assert_eq!((written["index"].as_u64(), written["count"].as_u64()), (Some(i as u64), Some(3)));
    }
    // 4 x 5 has nimber 2 in the published table.
    let merged = json(&["cram", "4", "5", "--merge", &file(0), &file(1), &file(2)]);
    assert_eq!((merged["nimber"].as_u64(), merged["shards"].as_u64()), (Some(2), Some(3)));
    assert_eq!(merged["outcome"], "N");
    assert!(error_line(&["cram", "4", "5", "--merge", &file(0), &file(1)]).contains("shard 2/3 is missing"));
    assert!(error_line(&["cram", "4", "5", "--merge", &file(0), &file(0), &file(1)]).contains("given twice"));
    assert!(
        error_line(&["cram", "5", "4", "--merge", &file(0), &file(1), &file(2)])
            .contains("not of \"cram 5 x 4\"")
    );
    assert!(error_line(&["cram", "4", "5", "--shard", "3/3"]).contains("--shard 3/3"));
    // A cap above the nimber gives it; a cap at or below it is refused at the merge.
    for (cap, answer) in [("3", Some(2)), ("2", None)] {
        let files: Vec<String> = (0..2)
            .map(|i| {
                let path = dir.join(format!("cap{cap}-{i}.json")).to_str().unwrap().to_owned();
                json(&["cram", "4", "5", "--shard", &format!("{i}/2"), "--cap", cap, "--out", &path]);
                path
            })
            .collect();
        let args = ["cram", "4", "5", "--merge", &files[0], &files[1]];
        match answer {
            Some(nimber) => assert_eq!(json(&args)["nimber"].as_u64(), Some(nimber)),
            None => assert!(error_line(&args).contains("the nimber is at least 2"), "{}", error_line(&args)),
        }
    }
    assert!(error_line(&["cram", "4", "5", "--shard", "0/2", "--cap", "0"]).contains("cap of 0"));
    // Each first move asked only about 2, in one shard: with the shards capped at 2 from
    // above they prove the nimber 2; with the capped ones alone it stays open.
    let only = dir.join("only2.json").to_str().unwrap().to_owned();
    let asked = json(&["cram", "4", "5", "--shard", "0/1", "--only", "2", "--out", &only]);
    assert_eq!(asked["only"].as_u64(), Some(2));
    let (capped0, capped1) = (dir.join("cap2-0.json"), dir.join("cap2-1.json"));
    let (capped0, capped1) = (capped0.to_str().unwrap(), capped1.to_str().unwrap());
    assert_eq!(json(&["cram", "4", "5", "--merge", &only, capped0, capped1])["nimber"].as_u64(), Some(2));
    assert!(error_line(&["cram", "4", "5", "--merge", capped0, capped1]).contains("at least 2"));
    assert!(
        error_line(&["cram", "4", "5", "--shard", "0/1", "--only", "2", "--cap", "3"])
            .contains("cannot be used with")
    );
    std::fs::write(dir.join("junk.json"), "{\"position\": 1}").unwrap();
    let junk = dir.join("junk.json");
    assert!(error_line(&["cram", "4", "5", "--merge", junk.to_str().unwrap()]).contains("not a shard file"));
    assert!(error_line(&["cram", "4", "5", "--merge", dir.to_str().unwrap()]).contains("not a regular file"));
    let huge = dir.join("huge.json");
    std::fs::write(&huge, vec![b' '; (1 << 20) + 1]).unwrap();
    assert!(
        error_line(&["cram", "4", "5", "--merge", huge.to_str().unwrap()])
            .contains("more than 1048576 bytes")
    );
    // No half file is left beside a shard written whole.
    assert!(!dir.join("s0.partial").exists());
}

/// The shard in the file `path`, its digest checked.
fn shard_file(path: impl AsRef<std::path::Path>) -> RootShard {
    RootShard::from_file_text(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A shard file carries a SHA-256 of its content: a digit changed anywhere in it (a value, a
/// task, the node count), or the digest removed (a file of the format before it), is refused
/// by the merge and by a run that would go on from it, naming the file; the file is left as it
/// was.
#[test]
fn a_changed_shard_file_is_refused() {
    let dir = scratch("placement", "cram-shards-sealed");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let (good, other) = (path("s0.json"), path("s1.json"));
    json(&["cram", "4", "5", "--shard", "0/2", "--out", &good]);
    json(&["cram", "4", "5", "--shard", "1/2", "--out", &other]);
    assert_eq!(json(&["cram", "4", "5", "--merge", &good, &other])["nimber"].as_u64(), Some(2));
    let text = std::fs::read_to_string(&good).unwrap();
    let digest = text.find("\"sha256\"").unwrap();
    let digits: Vec<usize> =
        text[..digest].bytes().enumerate().filter(|(_, b)| b.is_ascii_digit()).map(|(i, _)| i).collect();
    assert!(digits.len() > 10, "{text}");
    let changed = path("changed.json");
    for at in digits {
        let mut bytes = text.clone().into_bytes();
        bytes[at] = if bytes[at] == b'9' { b'8' } else { bytes[at] + 1 };
        std::fs::write(&changed, &bytes).unwrap();
        let error = error_line(&["cram", "4", "5", "--merge", &changed, &other]);
        assert!(
            error.contains("changed.json")
                && (error.contains("does not match its sha256 digest") || error.contains("not a shard file")),
            "byte {at}: {error}"
        );
    }
    // The value of a first move changed in a way the merge alone would take: refused by the
    // digest, at the merge and at a resumed run, which leaves the file alone.
    let mut edited: serde_json::Value = serde_json::from_str(&text).unwrap();
    let value = edited["values"][0][1].as_u64().unwrap_or(0);
    edited["values"][0][1] = json!(value + 7);
    let broken = edited.to_string();
    std::fs::write(&changed, &broken).unwrap();
    let error = error_line(&["cram", "4", "5", "--merge", &changed, &other]);
    assert!(
        error.contains("changed.json: shard file refused: the content does not match its sha256 digest"),
        "{error}"
    );
    let error = error_line(&["cram", "4", "5", "--shard", "0/2", "--out", &changed]);
    assert!(error.contains("does not match its sha256 digest"), "{error}");
    assert_eq!(std::fs::read_to_string(&changed).unwrap(), broken);
    // A file of the format before digests: refused, saying what to do.
    let old = serde_json::to_string(&shard_file(&good)).unwrap();
    std::fs::write(&changed, &old).unwrap();
    let error = error_line(&["cram", "4", "5", "--shard", "0/2", "--out", &changed]);
    assert!(
        error.contains("no \"sha256\" field") && error.contains("remove it to search the shard again"),
        "{error}"
    );
}

/// `--shard I/K --out FILE` goes on from what FILE holds of the same shard (a run stopped
/// part of the way), reports a finished one without searching, and refuses a file of another
/// shard; `--table` carries the values over from shard to shard.
#[test]
fn cram_shards_go_on_from_their_files() {
    let dir = scratch("placement", "cram-shards-resumed");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let whole = json(&["cram", "4", "6", "--shard", "0/2", "--out", &path("whole.json")]);
    let values = whole["values"].as_array().unwrap().clone();
    assert!(values.len() >= 3, "{whole}");
    // The file of a run stopped after its first move: the next run values only the others.
    let mut stopped = shard_file(path("whole.json"));
    stopped.values.truncate(1);
    stopped.nodes = 1;
    std::fs::write(path("part.json"), stopped.to_file_text()).unwrap();
    let text = stdout_of(&["cram", "4", "6", "--shard", "0/2", "--out", &path("part.json")]);
    assert!(
        text.contains(&format!("{} of the", values.len())) && text.contains("1 of them by an earlier run"),
        "{text}"
    );
    let resumed = serde_json::to_value(shard_file(path("part.json"))).unwrap();
    assert_eq!(resumed["values"], whole["values"]);
    let nodes = resumed["nodes"].as_u64().unwrap();
    assert!(1 < nodes && nodes < whole["nodes"].as_u64().unwrap() + 1, "{resumed}");
    // Stopped by --max-nodes part of the way, and gone on with.
    let limited = path("limited.json");
    let error = error_line(&["cram", "4", "6", "--shard", "0/2", "--out", &limited, "--max-nodes", "11000"]);
    let held = serde_json::to_value(shard_file(&limited)).unwrap();
    let valued = held["values"].as_array().unwrap().len();
    assert!(0 < valued && valued < values.len(), "{held}");
    assert!(
        error.contains(&format!(
            "gave up at --max-nodes; {valued} of its first moves valued are in {limited}: run again"
        )),
        "{error}"
    );
    let error = error_line(&[
        "cram",
        "4",
        "6",
        "--shard",
        "0/2",
        "--table",
        &path("limited.tbl"),
        "--max-nodes",
        "11000",
    ]);
    assert!(
        error.contains(&format!(
            "gave up at --max-nodes; {valued} of its first moves were valued but are not kept (no --out), "
        )),
        "{error}"
    );
    assert_eq!(json(&["cram", "4", "6", "--shard", "0/2", "--out", &limited])["values"], whole["values"]);
    // Finished: reported as it is, nothing searched.
    let again = json(&["cram", "4", "6", "--shard", "0/2", "--out", &path("part.json")]);
    assert_eq!(again, resumed);
    // The file of another shard, board or program is refused, and left as it was.
    let error = error_line(&["cram", "4", "6", "--shard", "1/2", "--out", &path("part.json")]);
    assert!(error.contains("part.json: holds shard 0/2 (no cap), not shard 1/2 (no cap)"), "{error}");
    let error = error_line(&["cram", "4", "6", "--shard", "0/2", "--cap", "3", "--out", &path("part.json")]);
    assert!(error.contains("holds shard 0/2 (no cap), not shard 0/2 (cap 3)"), "{error}");
    let error = error_line(&["cram", "4", "6", "--shard", "0/3", "--out", &path("part.json")]);
    assert!(error.contains("holds shard 0/2 (no cap), not shard 0/3 (no cap)"), "{error}");
    let error = error_line(&["cram", "6", "4", "--shard", "0/2", "--out", &path("part.json")]);
    assert!(error.contains("not of \"cram 6 x 4\""), "{error}");
    std::fs::write(path("junk.json"), "4 6\n").unwrap();
    let error = error_line(&["cram", "4", "6", "--shard", "0/2", "--out", &path("junk.json")]);
    assert!(error.contains("not a shard file"), "{error}");
    assert_eq!(std::fs::read_to_string(path("junk.json")).unwrap(), "4 6\n");
    // One table file for both shards: the second loads the first's values and needs fewer
    // nodes than alone; the merge gives the published nimber of 4 x 6 (0, even by even).
    let table = path("cram.tbl");
    let first =
        stdout_of(&["cram", "4", "6", "--shard", "1/2", "--out", &path("one.json"), "--table", &table]);
    assert!(first.contains(&format!("table: 0 values loaded from {table}, ")), "{first}");
    let second =
        stdout_of(&["cram", "4", "6", "--shard", "0/2", "--out", &path("zero.json"), "--table", &table]);
    let loaded: u64 = second.split("table: ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(loaded > 100, "{second}");
    let zero = serde_json::to_value(shard_file(path("zero.json"))).unwrap();
    assert_eq!(zero["values"], whole["values"]);
    assert!(zero["nodes"].as_u64().unwrap() < whole["nodes"].as_u64().unwrap(), "{zero} {whole}");
    assert!(!first.contains("earlier run") && !first.contains("in all runs"), "{first}");
    let merged = json(&["cram", "4", "6", "--merge", &path("zero.json"), &path("one.json")]);
    assert_eq!((merged["nimber"].as_u64(), merged["outcome"].as_str()), (Some(0), Some("P")));
    // Without --out or --table a stop keeps nothing, and says so as any search does.
    let error = error_line(&["cram", "4", "6", "--shard", "0/2", "--max-nodes", "100"]);
    assert!(error.contains("gave up after 100 positions searched (pass --allow-long"), "{error}");
    // A stopped shard is refused by the merge.
    let error = error_line(&["cram", "4", "6", "--merge", &path("zero.json"), &path("junk.json")]);
    assert!(error.contains("not a shard file"), "{error}");
    let mut unfinished = shard_file(path("part.json"));
    unfinished.values.truncate(2);
    std::fs::write(path("unfinished.json"), unfinished.to_file_text()).unwrap();
    let error = error_line(&["cram", "4", "6", "--merge", &path("unfinished.json"), &path("one.json")]);
    assert!(
        error.contains(&format!("shard 0/2 is not finished: 2 of its {} tasks valued", values.len())),
        "{error}"
    );
}

/// Ctrl-C stops a shard with `--out` and `--table`: exit code 130, one line saying what is
/// saved where, and the table's values serve a later search.
#[test]
fn cram_shard_is_saved_on_ctrl_c() {
    let dir = scratch("placement", "cram-shard-ctrl-c");
    let (out, table) = (dir.join("shard.json"), dir.join("cram.tbl"));
    let (out, table) = (out.to_str().unwrap(), table.to_str().unwrap());
    // A first move of 5 x 9 takes seconds: the shard is stopped inside its first. With --out
    // alone Ctrl-C is caught too.
    let stopped = |files: &[&str]| {
        let args = [&["--allow-long", "cram", "5", "9", "--shard", "0/2"], files].concat();
        let stderr = stopped_by_ctrl_c(&args);
        assert!(
            stderr.starts_with("error: Cram 5 x 9, shard 0/2: stopped (Ctrl-C, SIGTERM or SIGHUP) after "),
            "{stderr}"
        );
        stderr
    };
    let stderr = stopped(&["--out", out]);
    assert!(stderr.contains("no first move valued yet: run the same command again"), "{stderr}");
    let stderr = stopped(&["--out", out, "--table", table]);
    assert!(stderr.contains("no first move valued yet, "), "{stderr}");
    assert!(stderr.contains(&format!(" values are in {table}: run the same command again")), "{stderr}");
    let smaller = json(&["cram", "4", "9", "--table", table]);
    assert_eq!(smaller["nimber"], 1);
    assert!(smaller["table"]["loaded"].as_u64().unwrap() > 1_000, "{smaller}");
}

/// Runs `games ARGS`, sends it SIGINT (Ctrl-C) after 1.5 s, and checks that it stopped soon
/// after with exit code 130 and a one-line error, which it returns.
fn stopped_by_ctrl_c(args: &[&str]) -> String {
    stopped_by_signal(args, "-INT")
}

/// Runs `games ARGS`, sends it `signal` (an option of kill(1)) after 1.5 s, and checks that it
/// stopped soon after with exit code 130 and a one-line error, which it returns.
fn stopped_by_signal(args: &[&str], signal: &str) -> String {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("games"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let start = Instant::now();
    let status = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(30), "{args:?} did not stop soon after {signal}");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

#[test]
fn chomp_answers_follow_the_theorems() {
    // 1 x n is one Nim heap of n - 1 (an L with one arm of 1); 2 x 2 by hand: its bites leave
    // nimbers 1, 1 and 0, so mex 2.
    for n in 1..=6u64 {
        assert_eq!(json(&["chomp", "1", &n.to_string()])["nimber"], n - 1);
    }
    assert_eq!(json(&["chomp", "2", "2"])["nimber"], 2);
    assert_eq!(json(&["chomp", "1", "1"])["winning_move"], serde_json::Value::Null);
    assert_eq!(json(&["chomp", "1", "1"])["outcome"], "P");
    // On a square the first P-position in row order is the bite at row 2, column 2 (an L of
    // equal arms); on 2 x n, the bite at row 2, column n (rows n and n - 1).
    for n in 2..=6 {
        let square = json(&["chomp", &n.to_string(), &n.to_string(), "--method", "outcome"]);
        assert_eq!(
            (square["outcome"].as_str(), &square["winning_move"]),
            (Some("N"), &json!({"row": 2, "col": 2}))
        );
        let two_rows = json(&["chomp", "2", &n.to_string()]);
        assert_eq!(two_rows["winning_move"], json!({"row": 2, "col": n}));
    }
    let text = stdout_of(&["chomp", "3", "3"]);
    assert!(text.starts_with("Chomp 3 x 3: nimber 5, N-position: the first player wins\nwinning move: take the square in row 2, column 2"), "{text}");
    assert!(error_line(&["chomp", "0", "5"]).contains("0 x 5 does not fit"));
    assert!(error_line(&["chomp", "33", "2"]).contains("1 to 32 rows"));
    assert!(error_line(&["chomp", "9", "9", "--max-nodes", "10"]).contains("--max-nodes"));
}

#[test]
fn node_kayles_on_a_path_file_is_dawsons_chess() {
    let dir = scratch("placement", "node-kayles");
    let file = dir.join("path.txt");
    // A path of 10 vertices, given as arcs in either direction: 0.137 has g(10) = 3.
    let edges: String = (1..10)
        .map(|v| if v % 2 == 0 { format!("{v} {}\n", v - 1) } else { format!("{} {v}\n", v - 1) })
        .collect();
    std::fs::write(&file, edges).unwrap();
    let path = file.to_str().unwrap();
    let answer = json(&["node-kayles", path]);
    assert_eq!(
        (answer["vertices"].as_u64(), answer["edges"].as_u64(), answer["nimber"].as_u64()),
        (Some(10), Some(9), Some(3))
    );
    assert_eq!(json(&["node-kayles", path, "--method", "mex"])["nimber"], 3);
    assert!(error_line(&["node-kayles", dir.join("missing.txt").to_str().unwrap()]).contains("missing.txt"));
}

/// `--table FILE`: a search stopped at `--max-nodes` saves its values, the same command with a
/// larger limit goes on from them to the published nimber, and a file that is not a table is
/// a one-line error.
#[test]
fn cram_table_file_resumes_a_stopped_search() {
    let dir = scratch("placement", "cram-table");
    let table = dir.join("cram.tbl");
    let path = table.to_str().unwrap();
    let alone = json(&["cram", "4", "9"]);
    let alone_nodes = alone["stats"]["nodes"].as_u64().unwrap();
    let limit = (alone_nodes / 2).to_string();
    let error = error_line(&["cram", "4", "9", "--table", path, "--max-nodes", &limit]);
    assert!(error.contains(&format!("gave up after {limit} positions searched;")), "{error}");
    assert!(error.contains(&format!("values saved to {path}")), "{error}");
    let resumed = json(&["cram", "4", "9", "--table", path]);
    // Published: 4 x 9 has nimber 1 (Lemoine and Viennot; Beling).
    assert_eq!(resumed["nimber"], 1);
    assert!(resumed["table"]["loaded"].as_u64().unwrap() > 1_000, "{resumed}");
    let second = resumed["stats"]["nodes"].as_u64().unwrap();
    assert!(second < alone_nodes - alone_nodes / 3, "{second} nodes after loading, {alone_nodes} alone");
    // The file now answers the board at once, and serves a board that contains it.
    let again = json(&["cram", "4", "9", "--table", path]);
    assert_eq!((again["nimber"].as_u64(), again["stats"]["nodes"].as_u64()), (Some(1), Some(0)));
    let not_a_table = dir.join("not-a-table");
    std::fs::write(&not_a_table, "4 9\n").unwrap();
    let error = error_line(&["cram", "4", "9", "--table", not_a_table.to_str().unwrap()]);
    assert!(error.contains("not a table file"), "{error}");
    let error = error_line(&["cram", "4", "9", "--table", path, "--merge", path]);
    assert!(error.contains("cannot be used with"), "{error}");
}

/// Ctrl-C (SIGINT) stops a search with `--table`: exit code 130, one line that says where the
/// values are, and a later search loads them (the resumed search itself is the test above).
#[test]
fn cram_table_file_is_saved_on_ctrl_c() {
    let dir = scratch("placement", "cram-ctrl-c");
    let table = dir.join("cram.tbl");
    let path = table.to_str().unwrap();
    // 5 x 9 takes tens of seconds: long enough to be interrupted after a second.
    let stderr = stopped_by_ctrl_c(&["--allow-long", "cram", "5", "9", "--table", path]);
    assert!(stderr.starts_with("error: Cram 5 x 9: stopped (Ctrl-C, SIGTERM or SIGHUP) after "), "{stderr}");
    assert!(stderr.contains(&format!("values are in {path}: run the same command again")), "{stderr}");
    assert!(std::fs::metadata(&table).unwrap().len() > 10_000);
    // Finishing 5 x 9 takes too long for a test; the saved values answer a smaller board.
    let smaller = json(&["cram", "4", "9", "--table", path]);
    assert_eq!(smaller["nimber"], 1);
    assert!(smaller["table"]["loaded"].as_u64().unwrap() > 1_000, "{smaller}");
}

/// SIGTERM (`kill PID`, a batch system's time limit) and SIGHUP stop a search with `--table` as
/// Ctrl-C does: exit code 130, the values saved, the next search loads them.
#[test]
fn cram_table_file_is_saved_on_sigterm_and_sighup() {
    let dir = scratch("placement", "cram-sigterm");
    for signal in ["-TERM", "-HUP"] {
        let table = dir.join(format!("cram{signal}.tbl"));
        let path = table.to_str().unwrap();
        let stderr = stopped_by_signal(&["--allow-long", "cram", "5", "9", "--table", path], signal);
        assert!(
            stderr.starts_with("error: Cram 5 x 9: stopped (Ctrl-C, SIGTERM or SIGHUP) after "),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("values are in {path}: run the same command again")), "{stderr}");
        let smaller = json(&["cram", "4", "9", "--table", path]);
        assert_eq!(smaller["nimber"], 1);
        assert!(smaller["table"]["loaded"].as_u64().unwrap() > 1_000, "{smaller}");
    }
}

/// `--save-every`: a search killed outright (SIGKILL, which nothing can catch) keeps the values
/// of its last checkpoint, and a later search loads them.
#[test]
fn cram_checkpoints_survive_a_kill() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = scratch("placement", "cram-checkpoint");
    let table = dir.join("cram.tbl");
    let path = table.to_str().unwrap();
    let binary = assert_cmd::cargo::cargo_bin("games");
    let mut child = std::process::Command::new(&binary)
        .args(["--allow-long", "cram", "5", "9", "--table", path, "--save-every", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !table.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint after two minutes");
        assert!(child.try_wait().unwrap().is_none(), "5 x 9 ended before its first checkpoint");
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let smaller = json(&["cram", "4", "9", "--table", path]);
    assert_eq!(smaller["nimber"], 1);
    assert!(smaller["table"]["loaded"].as_u64().unwrap() > 1_000, "{smaller}");
    for bad in ["0", "31536001", "ten"] {
        let error = error_line(&["cram", "4", "9", "--table", path, "--save-every", bad]);
        assert!(error.contains("--save-every"), "{error}");
    }
    let error = error_line(&["cram", "4", "9", "--save-every", "5"]);
    assert!(error.contains("--table"), "{error}");
}
