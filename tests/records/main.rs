//! Every record of `records/` re-checked, one module per record (`docs/records.md` lists them).
//!
//! Each module checks what is kept: a record against the published values it quotes, the kept
//! output of its run against the record, a finished shard set against its merge. The long
//! recomputations are the `fresh_*` tests, ignored by a plain `cargo test`: `cargo xtask records`
//! runs the examples in release, writes their output under [`FRESH_DIR`] and then runs exactly
//! those tests, which check the fresh output as the kept one is checked (a fresh test without its
//! output fails; it never passes by finding nothing).
//!
//! A published statement that the computation contradicts is kept in its record with
//! `expected_difference`, naming the fields that differ ([`statement::compare`]): the check fails
//! if they agree after all, or if anything else differs.

mod cram;
mod cram_5x11;
mod grundy_game;
mod kayles;
mod octal_frequencies;
mod octal_lookup;
mod octal_periods;
mod octal_table;
mod octal_unsolved;
mod octal_unsolved_tczajka;
mod octal_values_output;
mod officers;
mod rotation_22;
mod rotation_start_angles;
mod statement;

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

/// The environment variable through which `cargo xtask records` names the directory of fresh
/// outputs (absolute).
pub const FRESH_DIR: &str = "RECORDS_FRESH_DIR";

/// `file`, relative to the workspace root, as a path.
pub fn path(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

/// The text of `file` (relative to the workspace root); panics with the file's name.
pub fn read_text(file: &str) -> String {
    std::fs::read_to_string(path(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// `file` (relative to the workspace root) read as JSON into `T`; panics with the file's name.
pub fn read_json<T: DeserializeOwned>(file: &str) -> T {
    serde_json::from_str(&read_text(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The fresh output `name` that `cargo xtask records` wrote; panics when there is none, so a
/// fresh test run without its recomputation fails.
pub fn fresh_output(name: &str) -> PathBuf {
    let dir = std::env::var_os(FRESH_DIR)
        .unwrap_or_else(|| panic!("{FRESH_DIR} is not set: run this test by `cargo xtask records`"));
    let file = Path::new(&dir).join(name);
    assert!(file.exists(), "no fresh output {}: run this test by `cargo xtask records`", file.display());
    file
}

/// The text of the fresh output `name` ([`fresh_output`]).
pub fn fresh_text(name: &str) -> String {
    let file = fresh_output(name);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Panics listing `mismatches` under `what` unless there are none.
pub fn assert_none(what: &str, mismatches: &[String]) {
    assert!(mismatches.is_empty(), "{what}:\n{}", mismatches.join("\n"));
}

/// The shards of a finished set, kept packed in `DIR/shards.jsonl`: one shard file a line, in
/// the order of their indices, each read by `read` (given the name the shard had as a file,
/// `shard-I-of-K.json`), as (that name, shard). A line that does not read panics with its number.
///
/// A set of hundreds of small files is kept as one file so that `records/` stays small on disk;
/// to get the files back (for `games rotation merge` or `games cram --merge`), write each line
/// to `shard-I-of-K.json`, I counted from 0.
pub fn packed_shards<T>(
    dir: &str,
    k: usize,
    read: impl Fn(&Path, &str) -> Result<T, String>,
) -> Vec<(String, T)> {
    let file = format!("{dir}/shards.jsonl");
    read_text(&file)
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let name = format!("shard-{i}-of-{k}.json");
            let shard =
                read(Path::new(&name), line).unwrap_or_else(|e| panic!("{file}, line {}: {e}", i + 1));
            (name, shard)
        })
        .collect()
}
