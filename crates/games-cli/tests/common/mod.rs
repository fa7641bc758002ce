//! What every test of the `games` binary needs: running it, reading its one JSON line, checking
//! the one-line error of bad input, and a fresh scratch directory. One copy, so that the
//! contract (exit code 2, one `error:` line, never a panic) is checked the same way everywhere.

// Each test file uses only part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

/// The `games` binary of this build.
pub fn games() -> Command {
    Command::cargo_bin("games").expect("the games binary is built")
}

/// Runs `games ARGS`, which must succeed; returns stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = games().args(args).output().expect("games runs");
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Runs `games --json ARGS`, which must succeed, and parses the one JSON line printed.
pub fn json(args: &[&str]) -> Value {
    let mut with_json = vec!["--json"];
    with_json.extend_from_slice(args);
    let text = stdout_of(&with_json);
    assert_eq!(text.trim().lines().count(), 1, "one JSON line: {text}");
    serde_json::from_str(&text).expect("valid JSON")
}

/// Runs `games ARGS`, which must fail as bad input does: exit code 2, nothing on stdout, one
/// line `error: ...` on stderr, no panic. Returns that line.
pub fn error_line(args: &[&str]) -> String {
    let out = games().args(args).output().expect("games runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: exit code, stderr {stderr:?}");
    assert!(out.stdout.is_empty(), "{args:?}: partial output {:?}", String::from_utf8_lossy(&out.stdout));
    assert!(stderr.starts_with("error: ") && stderr.ends_with('\n'), "{args:?}: {stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr:?}");
    stderr
}

/// The `[x, y]` pairs of a JSON array (Wythoff's winning moves).
pub fn pairs(moves: &Value) -> Vec<(u64, u64)> {
    let pair = |m: &Value| (m[0].as_u64().expect("x"), m[1].as_u64().expect("y"));
    moves.as_array().expect("an array of moves").iter().map(pair).collect()
}

/// A fresh, empty directory `KIND-NAME-PID` under the build's scratch directory.
pub fn scratch(kind: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{kind}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test can create its directory");
    dir
}

/// The `value frequency` lines of a statistics answer (two numbers each).
pub fn frequency_lines(text: &str) -> Vec<String> {
    let numbers = |line: &&str| {
        let words: Vec<&str> = line.split(' ').collect();
        words.len() == 2 && words.iter().all(|w| w.parse::<u64>().is_ok())
    };
    text.lines().filter(numbers).map(str::to_string).collect()
}

/// A value file written by hand as docs/value-files.md describes it (layout 2): the header and
/// its CRC-32, then blocks of 2^16 values of `width` bytes, each followed by its count and the
/// CRC-32 of its values, the header's CRC, its number and its count.
pub fn value_file(name: &str, width: u8, values: &[u32]) -> Vec<u8> {
    let mut bytes = b"IGOCTAL\x1a".to_vec();
    bytes.extend_from_slice(&[2, width, name.len() as u8]);
    bytes.extend_from_slice(name.as_bytes());
    let header_crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&header_crc.to_le_bytes());
    for (block, chunk) in values.chunks(1 << 16).enumerate() {
        let payload: Vec<u8> =
            chunk.iter().flat_map(|v| v.to_le_bytes()[..usize::from(width)].to_vec()).collect();
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&payload);
        hasher.update(&header_crc.to_le_bytes());
        hasher.update(&(block as u64).to_le_bytes());
        hasher.update(&(chunk.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes.extend_from_slice(&(chunk.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&hasher.finalize().to_le_bytes());
    }
    bytes
}

/// The length of the header of a value file named `name` (layout 2).
pub fn value_file_header_len(name: &str) -> usize {
    11 + name.len() + 4
}
