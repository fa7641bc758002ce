//! Counting in shards through the binary: `games rotation count N --shard I/K --out FILE` writes
//! one resumable result file per shard, `games rotation merge FILES...` adds them. The merged
//! totals are compared with the published counts (OEIS A141599), not with the program's own
//! unsharded output; every refusal of `merge` is tried; K = 4 shards of n = 14 run side by side
//! through `xargs -P`, as the README shows; the Slurm batch script runs as each of its array
//! tasks would. GNU parallel, which the README's set-up does not install, drives one opt-in test
//! (ignored unless asked for with `-- --ignored`).

use std::path::{Path, PathBuf};
use std::process::Command;

use game_rotation::ShardRecord;
use serde_json::Value;

mod common;
use common::games;

/// OEIS A141599: the number of sequencings of Z_n.
const A141599: [(u64, u128); 9] =
    [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968), (18, 103653120)];

fn published(n: u64) -> u128 {
    A141599.iter().find(|(m, _)| *m == n).expect("a published n").1
}

/// A fresh directory for one test.
fn fresh_dir(name: &str) -> PathBuf {
    common::scratch("shards", name)
}

/// Runs `games ARGS` in `dir`; returns (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = games().args(args).current_dir(dir).output().expect("games runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `games ARGS` in `dir` and expects success; returns stdout.
fn ok_in(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run_in(dir, args);
    assert_eq!(code, 0, "games {args:?} failed: {stderr}");
    stdout
}

/// Runs `games ARGS` in `dir` and expects the one-line error of exit code 2; returns it.
fn error_in(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run_in(dir, args);
    assert_eq!(code, 2, "games {args:?} should fail: {stdout}{stderr}");
    assert!(stdout.is_empty(), "games {args:?} printed {stdout}");
    assert_eq!(stderr.lines().count(), 1, "games {args:?}: not one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    stderr.trim_end().to_string()
}

/// Writes shards `0/k .. k-1/k` of n into `dir` as `s{i}.json`; returns the file names.
fn write_shards(dir: &Path, n: u64, k: usize, extra: &[&str]) -> Vec<String> {
    (0..k)
        .map(|i| {
            let name = format!("s{i}.json");
            let shard = format!("{i}/{k}");
            let n = n.to_string();
            let mut args =
                vec!["rotation", "count", n.as_str(), "--shard", shard.as_str(), "--out", name.as_str()];
            args.extend_from_slice(extra);
            let stdout = ok_in(dir, &args);
            assert!(stdout.trim_end().ends_with(&format!("written to {name}")), "{stdout}");
            name
        })
        .collect()
}

fn merged_json(dir: &Path, files: &[String]) -> Value {
    let mut args = vec!["--json", "rotation", "merge"];
    args.extend(files.iter().map(String::as_str));
    serde_json::from_str(&ok_in(dir, &args)).expect("merge --json prints JSON")
}

fn decimal(value: &Value) -> u128 {
    value.as_str().expect("a count is a string").parse().expect("a decimal count")
}

#[test]
fn merged_shards_give_the_published_counts() {
    for (n, k) in [(10, 3), (12, 4), (14, 4), (14, 7)] {
        let dir = fresh_dir(&format!("published-{n}-{k}"));
        let files = write_shards(&dir, n, k, &[]);
        let merged = merged_json(&dir, &files);
        assert_eq!(decimal(&merged["total"]), published(n), "n = {n}, K = {k}");
        assert_eq!(merged["shards"], k);
        assert_eq!(merged["n"], n);
        // The unsharded count of the same program agrees, class by class.
        let whole: Value =
            serde_json::from_str(&ok_in(&dir, &["--json", "rotation", "count", &n.to_string()])).unwrap();
        assert_eq!(merged["total"], whole["total"]);
        assert_eq!(merged["by_first"], whole["by_first"]);
        assert_eq!(merged["tasks"], whole["tasks"]);
        // The class splits add up to the published total too.
        for class in ["by_first", "by_white_slot"] {
            let counts = merged[class].as_array().expect("a list");
            assert_eq!(counts.len() as u64, n);
            assert_eq!(counts.iter().map(decimal).sum::<u128>(), published(n), "{class}");
        }
        let text = ok_in(
            &dir,
            &[&["rotation", "merge"][..], &files.iter().map(String::as_str).collect::<Vec<_>>()].concat(),
        );
        assert!(
            text.starts_with(&format!("n = {n}: {} solutions, merged from {k} shards", published(n))),
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn depth_first_shards_give_the_published_counts_and_do_not_mix_with_two_ended_ones() {
    for (n, k) in [(12, 3), (14, 5)] {
        let dir = fresh_dir(&format!("depth-first-{n}-{k}"));
        let files = write_shards(&dir, n, k, &["--method", "depth-first"]);
        let merged = merged_json(&dir, &files);
        assert_eq!(merged["method"], "depth-first");
        assert_eq!(decimal(&merged["total"]), published(n), "n = {n}, K = {k}");
        // The other kernel, class by class: two searches that share no code.
        let two_ended: Value =
            serde_json::from_str(&ok_in(&dir, &["--json", "rotation", "count", &n.to_string()])).unwrap();
        assert_eq!(two_ended["method"], "two-ended");
        assert_eq!(merged["by_first"], two_ended["by_first"]);
        // A two-ended shard among depth-first ones is refused by name.
        std::fs::remove_file(dir.join("s0.json")).unwrap();
        ok_in(&dir, &["rotation", "count", &n.to_string(), "--shard", &format!("0/{k}"), "--out", "s0.json"]);
        let mut args = vec!["rotation", "merge"];
        args.extend(files.iter().map(String::as_str));
        let error = error_in(&dir, &args);
        assert!(error.contains("two-ended") && error.contains("depth-first"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn merged_white_slot_counts_are_the_direct_ones() {
    // R8 by the slow, independent route: the puzzle with the white pin in slot w, counted
    // directly, is the published table row of the README (n = 12).
    let dir = fresh_dir("white");
    let files = write_shards(&dir, 12, 5, &[]);
    let merged = merged_json(&dir, &files);
    let by_white: Vec<u128> = merged["by_white_slot"].as_array().unwrap().iter().map(decimal).collect();
    let direct: Vec<u128> = (0..12)
        .map(|w| if w == 6 { 0 } else { game_rotation::count_with_white_pin(12, w).unwrap() })
        .collect();
    assert_eq!(by_white, direct);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_already_on_disk_is_not_counted_again() {
    let dir = fresh_dir("resume");
    write_shards(&dir, 12, 2, &[]);
    let before = std::fs::read(dir.join("s1.json")).unwrap();
    let stdout = ok_in(&dir, &["rotation", "count", "12", "--shard", "1/2", "--out", "s1.json"]);
    assert!(stdout.contains("already in s1.json: not counted again"), "{stdout}");
    let json: Value = serde_json::from_str(&ok_in(
        &dir,
        &["--json", "rotation", "count", "12", "--shard", "1/2", "--out", "s1.json"],
    ))
    .unwrap();
    assert_eq!(json["skipped"], true);
    // The file keeps its bytes (its timing would differ if it had been rewritten).
    assert_eq!(std::fs::read(dir.join("s1.json")).unwrap(), before);

    // Another shard, n or depth in an existing file: an error, and the file is kept.
    for args in [
        &["rotation", "count", "12", "--shard", "0/2", "--out", "s1.json"][..],
        &["rotation", "count", "10", "--shard", "1/2", "--out", "s1.json"],
        &["rotation", "count", "12", "--shard", "1/2", "--prefix-depth", "3", "--out", "s1.json"],
        &["rotation", "count", "12", "--shard", "1/2", "--method", "depth-first", "--out", "s1.json"],
    ] {
        let error = error_in(&dir, args);
        assert!(error.contains("s1.json holds shard 1/2 of n = 12"), "{error}");
    }
    // A corrupt file is an error, not silently overwritten.
    std::fs::write(dir.join("s1.json"), b"{\"format\": 1,").unwrap();
    let error = error_in(&dir, &["rotation", "count", "12", "--shard", "1/2", "--out", "s1.json"]);
    assert!(error.starts_with("error: s1.json: not a valid shard file:"), "{error}");
    assert_eq!(std::fs::read(dir.join("s1.json")).unwrap(), b"{\"format\": 1,");
    // No temporary file is left in the directory.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["s0.json", "s1.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_count_requests_are_refused_before_counting() {
    let dir = fresh_dir("bad-count");
    let error = error_in(&dir, &["rotation", "count", "20", "--shard", "0/4", "--out", "s.json"]);
    assert!(error.contains("--allow-long"), "{error}");
    assert!(error.contains("n = 20: about 2 minutes"), "{error}");
    // The refusal quotes the times of the method asked for: the one-ended search is slower.
    let error = error_in(&dir, &["rotation", "count", "18", "--method", "depth-first"]);
    assert!(error.contains("--allow-long") && error.contains("n = 18: about 15 s"), "{error}");
    let error = error_in(&dir, &["rotation", "count", "12", "--shard", "0/2000000", "--out", "s.json"]);
    assert!(error.contains("at most 1000000 shards"), "{error}");
    error_in(&dir, &["rotation", "count", "12", "--prefix-depth", "0"]);
    error_in(&dir, &["rotation", "count", "12", "--prefix-depth", "7"]);
    let error = error_in(&dir, &["rotation", "count", "12", "--out", "no-such-dir/s.json"]);
    assert!(error.starts_with("error: no-such-dir/s.json: cannot write:"), "{error}");
    // The task list is estimated against the memory budget before it is built.
    let error = error_in(&dir, &["rotation", "count", "64", "--allow-long", "--prefix-depth", "6"]);
    assert!(error.contains("more than the memory budget"), "{error}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "a refused count wrote a file");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rewrites one field of the JSON file `name` in `dir` as a forger would: sealed again with
/// the digest of the new content when it is still a record, so that the checks after the
/// digest are what the merge runs into (an edit left unsealed is the digest's test, below).
fn edit(dir: &Path, name: &str, field: &str, value: Value) {
    let path = dir.join(name);
    let mut json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    json[field] = value;
    let mut unsealed = json.clone();
    unsealed.as_object_mut().unwrap().remove("sha256");
    let text = match serde_json::from_value::<ShardRecord>(unsealed) {
        Ok(record) => record.to_json(),
        Err(_) => serde_json::to_string_pretty(&json).unwrap(),
    };
    std::fs::write(&path, text).unwrap();
}

/// A shard file carries a SHA-256 of its content: a count changed together with the total
/// (every class sum still holds) is refused by the merge and by a run that finds the file, and
/// a file of the format before digests is refused, saying what to do.
#[test]
fn a_changed_shard_file_is_refused_by_its_digest() {
    let dir = fresh_dir("digest");
    write_shards(&dir, 12, 2, &[]);
    let text = std::fs::read_to_string(dir.join("s1.json")).unwrap();
    let record = game_rotation::parse_shard_file(Path::new("s1.json"), &text).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    let k = (1..12).find(|&k| record.by_first[k] > 0).unwrap();
    let mut by_first = record.by_first.clone();
    by_first[k] += 2;
    json["by_first"][k] = by_first[k].to_string().into();
    json["total"] = (record.total + 2).to_string().into();
    let by_white = game_rotation::by_white_slot_from_first(12, &by_first).unwrap();
    json["by_white_slot"] = by_white.iter().map(u128::to_string).collect::<Vec<_>>().into();
    std::fs::write(dir.join("s1.json"), serde_json::to_string_pretty(&json).unwrap()).unwrap();
    let digest = "not a valid shard file: the content does not match its sha256 digest";
    let error = error_in(&dir, &["rotation", "merge", "s0.json", "s1.json"]);
    assert!(error.starts_with(&format!("error: s1.json: {digest}")), "{error}");
    let error = error_in(&dir, &["rotation", "count", "12", "--shard", "1/2", "--out", "s1.json"]);
    assert!(error.starts_with(&format!("error: s1.json: {digest}")), "{error}");
    // The same content sealed again would pass every other check: only the digest refuses it.
    json.as_object_mut().unwrap().remove("sha256");
    let forged: ShardRecord = serde_json::from_value(json).unwrap();
    std::fs::write(dir.join("s1.json"), forged.to_json()).unwrap();
    let merged = merged_json(&dir, &["s0.json".into(), "s1.json".into()]);
    assert_eq!(decimal(&merged["total"]), published(12) + 2);
    // Written before digests: refused, and the file is kept.
    let old = serde_json::to_string_pretty(&record).unwrap();
    std::fs::write(dir.join("s1.json"), &old).unwrap();
    let error = error_in(&dir, &["rotation", "count", "12", "--shard", "1/2", "--out", "s1.json"]);
    assert!(error.contains("no \"sha256\" field") && error.contains("count the shard again"), "{error}");
    assert_eq!(std::fs::read_to_string(dir.join("s1.json")).unwrap(), old);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_every_inconsistent_set() {
    let dir = fresh_dir("refusals");
    let four = write_shards(&dir, 12, 4, &[]);
    let merge = |files: &[&str]| error_in(&dir, &[&["rotation", "merge"][..], files].concat());
    assert!(merged_json(&dir, &four)["total"] == "3856");

    // Missing shards are named.
    assert_eq!(merge(&["s0.json", "s2.json"]), "error: cannot merge: 2 of 4 shards missing: 1/4, 3/4");
    // A duplicate shard, by the same file twice or by a copy.
    std::fs::copy(dir.join("s2.json"), dir.join("copy.json")).unwrap();
    assert_eq!(
        merge(&["s0.json", "s1.json", "s2.json", "s3.json", "copy.json"]),
        "error: cannot merge: shard 2/4 is given twice: s2.json and copy.json"
    );
    assert_eq!(
        merge(&["s0.json", "s0.json", "s1.json", "s2.json", "s3.json"]),
        "error: cannot merge: shard 0/4 is given twice: s0.json and s0.json"
    );
    // Mixed n, shard count and prefix depth, from real runs.
    ok_in(&dir, &["rotation", "count", "10", "--shard", "3/4", "--out", "n10.json"]);
    assert_eq!(
        merge(&["s0.json", "s1.json", "s2.json", "n10.json"]),
        "error: cannot merge: n10.json has n 10, but s0.json has 12"
    );
    ok_in(&dir, &["rotation", "count", "12", "--shard", "3/5", "--out", "k5.json"]);
    assert_eq!(
        merge(&["s0.json", "s1.json", "s2.json", "k5.json"]),
        "error: cannot merge: k5.json has shard count 5, but s0.json has 4"
    );
    ok_in(&dir, &["rotation", "count", "12", "--shard", "3/4", "--prefix-depth", "3", "--out", "d3.json"]);
    assert_eq!(
        merge(&["s0.json", "s1.json", "s2.json", "d3.json"]),
        "error: cannot merge: d3.json has prefix depth 3, but s0.json has 2"
    );
    // Mixed method and version, by editing a copy (this version writes only its own).
    std::fs::copy(dir.join("s3.json"), dir.join("method.json")).unwrap();
    edit(&dir, "method.json", "method", "meet-in-the-middle".into());
    assert_eq!(
        merge(&["s0.json", "s1.json", "s2.json", "method.json"]),
        "error: cannot merge: method.json has method meet-in-the-middle, but s0.json has two-ended"
    );
    std::fs::copy(dir.join("s3.json"), dir.join("version.json")).unwrap();
    edit(&dir, "version.json", "version", "0.0.1".into());
    let error = merge(&["s0.json", "s1.json", "s2.json", "version.json"]);
    assert!(
        error.starts_with("error: cannot merge: version.json has version 0.0.1, but s0.json has "),
        "{error}"
    );

    // Unreadable and malformed files.
    assert!(merge(&["s0.json", "absent.json"]).starts_with("error: absent.json: cannot read:"));
    std::fs::create_dir(dir.join("folder.json")).unwrap();
    assert_eq!(merge(&["folder.json"]), "error: folder.json: not a valid shard file: a directory");
    // A FIFO is refused, not opened (opening it would wait for a writer for ever).
    let mkfifo = Command::new("mkfifo").arg("fifo.json").current_dir(&dir).status().expect("mkfifo runs");
    assert!(mkfifo.success());
    assert_eq!(merge(&["fifo.json"]), "error: fifo.json: not a valid shard file: not a regular file");
    let error = error_in(&dir, &["rotation", "count", "12", "--out", "fifo.json"]);
    assert_eq!(error, "error: fifo.json: not a valid shard file: not a regular file");
    std::fs::write(dir.join("empty.json"), b"").unwrap();
    let error = merge(&["empty.json"]);
    assert!(
        error.starts_with("error: empty.json: not a valid shard file: ") && error.contains("EOF"),
        "{error}"
    );
    std::fs::write(dir.join("text.json"), b"n = 12: 3856 solutions\n").unwrap();
    assert!(merge(&["text.json"]).starts_with("error: text.json: not a valid shard file:"));
    std::fs::copy(dir.join("s3.json"), dir.join("number.json")).unwrap();
    edit(&dir, "number.json", "total", 952.into());
    assert!(merge(&["number.json"]).contains("invalid type: integer `952`, expected a string"));
    std::fs::copy(dir.join("s3.json"), dir.join("sum.json")).unwrap();
    edit(&dir, "sum.json", "total", "1".into());
    assert!(merge(&["sum.json"]).contains("the counts by first rotation add up to"));
    std::fs::write(dir.join("newline\nname.json"), b"").unwrap();
    let (_, _, stderr) = run_in(&dir, &["rotation", "merge", "newline\nname.json"]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // No files at all is a usage error.
    let (code, _, stderr) = run_in(&dir, &["rotation", "merge"]);
    assert_eq!((code, stderr.lines().count()), (2, 1), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The install command named when GNU parallel is missing.
const PARALLEL_INSTALL: &str = "apt-get install -y parallel";

#[test]
#[ignore = "needs GNU parallel, which the set-up does not install: `apt-get install -y parallel`, then \
            `cargo test -p games-cli --test shards -- --ignored` (CI does both)"]
fn four_shards_of_n_14_through_gnu_parallel_merge_to_the_published_count() {
    // Opt-in (ignored above, so `cargo test` lists it as ignored instead of passing without
    // having run); when asked for, a missing GNU parallel fails, naming the install command.
    let version = Command::new("parallel").arg("--version").output();
    let version = match version {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        other => panic!(
            "GNU parallel is not installed (running `parallel --version` gave {other:?}); install it with \
             `{PARALLEL_INSTALL}` (Debian/Ubuntu; `.ci/run` does this) and run the tests again"
        ),
    };
    assert!(
        version.starts_with("GNU parallel"),
        "`parallel` is not GNU parallel (moreutils has another one): {}; install it with `{PARALLEL_INSTALL}`",
        version.lines().next().unwrap_or_default()
    );
    let dir = fresh_dir("parallel");
    let games = env!("CARGO_BIN_EXE_games");
    let shards = |dir: &Path| {
        let out = Command::new("parallel")
            .args(["--will-cite", "--keep-order", "--halt", "now,fail=1", games, "rotation", "count", "14"])
            .args(["--shard", "{}/4", "--out", "shard-{}-of-4.json", ":::", "0", "1", "2", "3"])
            .current_dir(dir)
            .env("HOME", dir)
            .output()
            .expect("parallel runs");
        assert!(out.status.success(), "parallel failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    four_shards_of_14_run_resume_and_merge(&dir, shards);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the four shards of n = 14 with `run_shards` (a runner of side-by-side jobs, in `dir`;
/// returns its stdout): every shard is written, a second run finds each on disk and skips it,
/// and the files merge to the published count.
fn four_shards_of_14_run_resume_and_merge(dir: &Path, run_shards: impl Fn(&Path) -> String) {
    let first = run_shards(dir);
    assert_eq!(first.lines().count(), 4, "{first}");
    assert!(first.lines().all(|l| l.contains("written to shard-")), "{first}");
    let again = run_shards(dir);
    assert!(again.lines().count() == 4 && again.lines().all(|l| l.contains("not counted again")), "{again}");
    let files: Vec<String> = (0..4).map(|i| format!("shard-{i}-of-4.json")).collect();
    let merged = merged_json(dir, &files);
    assert_eq!(decimal(&merged["total"]), 89328);
    assert_eq!(decimal(&merged["total"]), published(14));
}

/// Counts by start angle (R9) shard, resume and merge like the count of the standard puzzle,
/// and never merge with it.
#[test]
fn counts_by_start_angle_shard_resume_and_merge() {
    // n = 10 by brute force over all 9! orderings on each angle's state machine (the check of
    // claim R9); angle 5 is the seed's puzzle.
    let brute_force_10 = ["0", "250", "270", "250", "270", "288", "270", "250", "270", "250"];
    for method in ["two-ended", "depth-first"] {
        let dir = fresh_dir(&format!("angles-{method}"));
        let k = 3;
        let files: Vec<String> = (0..k).map(|i| format!("a{i}.json")).collect();
        for (i, name) in files.iter().enumerate() {
            let shard = format!("{i}/{k}");
            let args = [
                "rotation",
                "count",
                "10",
                "--by-start-angle",
                "--method",
                method,
                "--shard",
                &shard,
                "--out",
                name,
            ];
            let first = ok_in(&dir, &args);
            assert!(first.contains(&format!("written to {name}:")), "{first}");
            // Run again: read back, not counted again, the same counts.
            let again = ok_in(&dir, &args);
            assert!(again.contains(&format!("already in {name}: not counted again")), "{again}");
            assert_eq!(first.lines().last(), again.lines().last());
        }
        let merged = merged_json(&dir, &files);
        assert_eq!(merged["by_start_angle"], serde_json::json!(brute_force_10), "{method}");
        assert_eq!(merged["method"], method);
        assert_eq!(
            decimal(&merged["total"]),
            brute_force_10.iter().map(|c| c.parse::<u128>().unwrap()).sum()
        );
        assert!(merged.get("by_first").is_none(), "{merged}");
        let mut args = vec!["rotation", "merge"];
        args.extend(files.iter().map(String::as_str));
        let text = ok_in(&dir, &args);
        assert!(
            text.contains("solutions of all start angles") && text.contains(&brute_force_10.join(" ")),
            "{text}"
        );
        // A shard of the standard puzzle under an angle shard's name is another count.
        let depth = merged["prefix_depth"].to_string();
        let plain = [
            "rotation",
            "count",
            "10",
            "--method",
            method,
            "--prefix-depth",
            &depth,
            "--shard",
            "0/3",
            "--out",
            "a0.json",
        ];
        let error = error_in(&dir, &plain);
        assert!(error.contains("by start angle"), "{error}");
        // ... and among angle shards it is refused by the merge.
        std::fs::remove_file(dir.join("a0.json")).unwrap();
        ok_in(&dir, &plain);
        let error = error_in(&dir, &args);
        assert!(error.contains("kind"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The temporary file of `--out` goes into the result's own directory, not the working
/// directory: run from one where nothing can be created (`/proc`, even for root), a shard is
/// still written into another directory, and a bare file name goes into the working directory.
#[cfg(target_os = "linux")]
#[test]
fn a_shard_file_is_made_in_its_own_directory() {
    let dir = fresh_dir("own-directory");
    let out = dir.join("s0.json");
    let stdout = ok_in(
        Path::new("/proc"),
        &["rotation", "count", "10", "--shard", "0/1", "--out", out.to_str().unwrap()],
    );
    assert!(stdout.contains("288 solutions"), "{stdout}");
    assert_eq!(
        serde_json::from_str::<Value>(&std::fs::read_to_string(&out).unwrap()).unwrap()["total"],
        "288"
    );
    // A bare name: the file and nothing else lands in the working directory.
    ok_in(&dir, &["rotation", "count", "10", "--shard", "0/1", "--out", "bare.json"]);
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, ["bare.json", "s0.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's way to run shards side by side with nothing but POSIX tools: `xargs -P`.
#[test]
fn four_shards_of_n_14_through_xargs_merge_to_the_published_count() {
    let dir = fresh_dir("xargs");
    let games = env!("CARGO_BIN_EXE_games");
    let shards = |dir: &Path| {
        let script = format!(
            "printf '%s\\n' 0 1 2 3 | xargs -P 2 -I{{}} '{games}' rotation count 14 --shard {{}}/4 --out shard-{{}}-of-4.json"
        );
        let out = Command::new("sh").arg("-c").arg(script).current_dir(dir).output().expect("sh runs");
        assert!(out.status.success(), "xargs failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    four_shards_of_14_run_resume_and_merge(&dir, shards);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `scripts/slurm/count-shards.sbatch` is a bash script that Slurm runs once per array task
/// with `SLURM_ARRAY_TASK_ID` set: run it that way (no Slurm needed) for each task of an array
/// of 3 over n = 12, again to see every shard kept, and with a task outside the array.
#[test]
fn the_slurm_batch_script_run_as_its_array_tasks_writes_shards_that_merge() {
    let dir = fresh_dir("slurm");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/slurm/count-shards.sbatch");
    let task = |i: u32| {
        Command::new("bash")
            .arg(&script)
            .args(["12", "3", "counts"])
            .env("SLURM_ARRAY_TASK_ID", i.to_string())
            .env("GAMES", env!("CARGO_BIN_EXE_games"))
            .current_dir(&dir)
            .output()
            .expect("bash runs")
    };
    for round in ["written to", "not counted again"] {
        for i in 0..3 {
            let out = task(i);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "task {i}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(stdout.contains(round), "task {i}: {stdout}");
        }
    }
    let outside = task(3);
    assert_eq!(outside.status.code(), Some(2), "task 3 of an array of 3");
    assert!(String::from_utf8_lossy(&outside.stderr).contains("not a shard of 3"));
    let files: Vec<String> = (0..3).map(|i| format!("counts/shard-{i}-of-3.json")).collect();
    assert_eq!(decimal(&merged_json(&dir, &files)["total"]), published(12));
    let _ = std::fs::remove_dir_all(&dir);
}
