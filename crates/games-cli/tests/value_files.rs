//! Value files that prove their integrity, through the `games` binary: every class of damage
//! (the header, each block, the last partial block, bytes appended, a cut inside a value) is
//! refused with one line naming the block and its heaps, and `--repair` gives back the file of a
//! fresh run byte for byte, for `games octal`, `games subtraction` and `games grundy`; a file
//! without checksums (layout 1) is refused and repaired; a second run on a file being written is
//! refused in one line; Ctrl-C stops a Grundy's game run within a second, the file valid.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{error_line, json, scratch, value_file, value_file_header_len};

/// One command writing a value file, the values a fresh run writes, and the file's name.
struct Command {
    args: Vec<String>,
    name: &'static str,
    width: u8,
    values: Vec<u32>,
}

/// The commands under test, each to 140 000 heaps (two full blocks and a partial one), with the
/// values computed here by the libraries (the files' contents are checked against them by
/// the layout written out in `common::value_file`).
fn commands(path: &str) -> Vec<Command> {
    let n = 140_000u64;
    let octal = |code: &str| {
        let game: game_nim::OctalGame = code.parse().unwrap();
        game.grundy_table_within(n, &game_nim::Limits::UNLIMITED).unwrap().to_vec()
    };
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    vec![
        Command {
            args: owned(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--allow-long"]),
            name: "0.6",
            width: 2,
            values: octal("0.6"),
        },
        Command {
            args: owned(&["subtraction", "1,3,4", "--values", &n.to_string(), "--out", path]),
            name: "0.3033",
            width: 1,
            values: octal("0.3033"),
        },
        Command {
            args: owned(&["grundy", "--values", &n.to_string(), "--out", path]),
            name: "grundy",
            width: 1,
            values: game_takebreak::grundy_values(n).unwrap(),
        },
    ]
}

/// Runs `args` and `extra`, which must succeed (JSON output).
fn run(args: &[String], extra: &[&str]) -> serde_json::Value {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    json(&all)
}

#[test]
fn every_class_of_damage_is_refused_and_repaired_to_a_fresh_runs_file() {
    let dir = scratch("value-files", "damage");
    let file = dir.join("values.bin");
    let path = file.to_str().unwrap();
    for command in commands(path) {
        let _ = std::fs::remove_file(&file);
        run(&command.args, &[]);
        let fresh = std::fs::read(&file).unwrap();
        assert_eq!(fresh, value_file(command.name, command.width, &command.values), "{}", command.name);
        let w = usize::from(command.width);
        let head = value_file_header_len(command.name);
        let stride = (1 << 16) * w + 8;
        let last_heap = command.values.len() - 1;
        let flip = |at: usize| {
            let mut bytes = fresh.clone();
            bytes[at] ^= 0x20;
            bytes
        };
        let block = |b: usize, last: usize| {
            format!("block {b} (heaps {} to {last}) does not match its checksum", b << 16)
        };
        let classes: Vec<(&str, Vec<u8>, String, usize)> = vec![
            ("the header's name", flip(12), "the header does not match its checksum".into(), 0),
            ("the header's checksum", flip(head - 2), "the header does not match its checksum".into(), 0),
            ("a value of block 0", flip(head + 1000 * w), block(0, 65_535), 0),
            ("block 0's trailer", flip(head + stride - 1), block(0, 65_535), 0),
            ("a value of block 1", flip(head + stride + 5), block(1, 131_071), 65_536),
            (
                "a value of the last, partial block",
                flip(head + 2 * stride + 7 * w),
                block(2, last_heap),
                131_072,
            ),
            ("the last byte", flip(fresh.len() - 1), block(2, last_heap), 131_072),
            ("garbage appended", [&fresh[..], b"garbage!"].concat(), block(2, last_heap + 8 / w), 131_072),
            (
                "the file cut inside a value of block 1",
                fresh[..head + stride + 4000 * w + w - 1].to_vec(),
                block(1, 65_536 + (4000 * w + w - 1 - 8) / w - 1),
                65_536,
            ),
        ];
        for (what, bytes, refused, from) in classes {
            std::fs::write(&file, &bytes).unwrap();
            let mut args: Vec<&str> = command.args.iter().map(String::as_str).collect();
            let error = error_line(&args);
            assert!(error.contains(&refused), "{} {what}: {error}", command.name);
            assert!(
                error.contains(&format!(
                    "run the same command with --repair to compute heaps {from} on again"
                )),
                "{} {what}: {error}",
                command.name
            );
            // Refused means untouched.
            assert_eq!(std::fs::read(&file).unwrap(), bytes, "{} {what}", command.name);
            args.push("--repair");
            let repaired = json(&args);
            assert!(repaired["repaired"].as_str().unwrap().contains(&refused), "{} {what}", command.name);
            assert_eq!(std::fs::read(&file).unwrap(), fresh, "{} {what}: repaired", command.name);
        }
        // Statistics are never read from a damaged file either.
        std::fs::write(&file, flip(head + stride + 5)).unwrap();
        let mut stats: Vec<&str> = command.args.iter().map(String::as_str).collect();
        stats.push("--stats");
        assert!(error_line(&stats).contains(&block(1, 131_071)), "{}", command.name);
    }
}

/// A file of layout 1 (no checksums) is refused with what to do; `--repair` computes it anew.
#[test]
fn files_without_checksums_are_refused_and_repaired() {
    let dir = scratch("value-files", "old");
    let file = dir.join("old.bin");
    let path = file.to_str().unwrap();
    let mut old = b"IGOCTAL\x1a".to_vec();
    old.extend_from_slice(&[1, 1, 6]);
    old.extend_from_slice(b"grundy");
    old.extend_from_slice(&[0, 0, 0, 1, 0, 2, 1, 0]);
    std::fs::write(&file, &old).unwrap();
    let error = error_line(&["grundy", "--values", "1000", "--out", path]);
    assert!(error.contains("written by an older version without checksums (layout version 1)"), "{error}");
    assert!(
        error.contains("remove it, or run the same command with --repair, to compute them anew"),
        "{error}"
    );
    let repaired = json(&["grundy", "--values", "1000", "--out", path, "--repair"]);
    assert!(repaired["repaired"].as_str().unwrap().contains("layout version 1"));
    let values = game_takebreak::grundy_values(1000).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), value_file("grundy", 1, &values));
    // --repair needs a file to repair.
    let error = error_line(&["grundy", "--values", "10", "--repair"]);
    assert!(error.contains("--out"), "{error}");
}

/// While one run holds a value file's lock, a second one on the same file is refused at once,
/// in one line, and the file is left as it was.
#[test]
fn a_second_run_on_the_same_file_is_refused() {
    let dir = scratch("value-files", "lock");
    let file = dir.join("kayles.bin");
    let path = file.to_str().unwrap();
    json(&["octal", "0.77", "--values", "1000", "--out", path]);
    let before = std::fs::read(&file).unwrap();
    let held = game_core::value_file::lock(&file).unwrap();
    for args in [
        vec!["octal", "0.77", "--values", "5000", "--out", path],
        vec!["subtraction", "1,3,4", "--values", "5000", "--out", path],
        vec!["grundy", "--values", "5000", "--out", path],
    ] {
        let error = error_line(&args);
        assert!(error.contains("another run is writing this value file"), "{args:?}: {error}");
        assert!(error.contains("kayles.bin.lock"), "{error}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);
    drop(held);
    json(&["octal", "0.77", "--values", "5000", "--out", path]);
}

/// Ctrl-C (SIGINT) in the middle of a long Grundy's game run: the program ends within a second
/// with the "stopped" line and exit code 130, and the file holds valid values that the same
/// command continues. (The checkpoints are 2^21 heaps apart at this size; the stop does not
/// wait for the next one.)
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_grundy_run_within_a_second() {
    let dir = scratch("value-files", "ctrl-c");
    let file = dir.join("grundy.bin");
    let path = file.to_str().unwrap();
    let n = (1u64 << 28).to_string();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("games"))
        .args(["grundy", "--values", &n, "--out", path, "--allow-long", "--memory", "8192"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Let it work for a while past its first look at the file.
    let start = Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) == 0 {
        assert!(start.elapsed() < Duration::from_secs(60), "no file written");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(1500));
    let signalled = Instant::now();
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let took = signalled.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(took < Duration::from_secs(1), "the stop took {took:?}");
    assert!(stderr.starts_with("error: stopped (Ctrl-C, SIGTERM or SIGHUP) after "), "{stderr}");
    let done: usize = stderr["error: stopped (Ctrl-C, SIGTERM or SIGHUP) after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(done > 0);
    let values = game_takebreak::grundy_values(done as u64 - 1).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), value_file("grundy", 1, &values));
    let more = (done + 1000).to_string();
    json(&["grundy", "--values", &more, "--out", path]);
    let values = game_takebreak::grundy_values(done as u64 + 1000).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), value_file("grundy", 1, &values));
}
