//! Shard result files: one count of the standard puzzle split into shards `0/K .. K-1/K` (see
//! [`Shard`]), each shard run as an independent batch job that leaves one JSON file, and the
//! exact merge of those files.
//!
//! A [`ShardRecord`] holds what one shard found (total and class counts, as decimal strings
//! because counts pass 2^53), with what makes shards comparable (n, method, library version,
//! shard count, prefix depth) and how it ran (wall and CPU seconds, host). Files are written
//! atomically ([`ShardRecord::write_new`]: a temporary file in the same directory, fsync,
//! rename without replacing), so a job killed half-way leaves no file and the next run of the
//! same shard starts again; a file that exists is read back and checked
//! ([`read_shard_file`], [`ShardRecord::check_is`]) instead of being recomputed or overwritten.
//! [`merge_shards`] refuses mixed or duplicate shards and names the missing ones.
//!
//! Class counts come from the same search, at no extra cost: by first rotation (each searched
//! pair (first, last) counted for every pair of its orbit under the units of Z_n and reversal,
//! as in [`count_solutions`](crate::count_solutions)) and by white-pin slot (R8, the reversal
//! relabelling of the former). In one shard they are that
//! shard's *contributions*; only their sums over all shards are the counts of the classes.
//!
//! A count by start angle (R9, [`count_start_angles`](crate::count_start_angles)) is a count of
//! its own, sharded the same way: its records carry `by_start_angle` (this shard's contribution
//! to the solutions of each angle) instead of the counts by first rotation and white-pin slot,
//! which are then empty, and `total` is the sum over the angles. Shards of the two kinds are
//! never merged together.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use game_core::sealed_json::SealError;

use crate::{AngleCountReport, CountReport, MAX_COUNT_N, Shard, by_white_slot_from_first};

/// Format number written to every shard file; files of another format are refused.
pub const SHARD_FILE_FORMAT: u32 = 1;

/// The default counting method of shard files for 4 <= n <= 32:
/// [`count_solutions`](crate::count_solutions) on the standard puzzle by
/// [`CountMethod::TwoEnded`](crate::CountMethod) (the name used in
/// `records/rotation-counts.json`). Other n, and counts asked for the one-ended kernel, carry
/// `depth-first`.
pub const SHARD_METHOD: &str = "two-ended";

/// The version of this library, written to every shard file: shards of different versions
/// are not merged.
pub const LIBRARY_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Largest shard count K accepted (the merge lists missing shards in time linear in K).
pub const MAX_SHARD_COUNT: usize = 1_000_000;

/// Largest prefix depth accepted: the task list holds up to about n^depth prefixes.
pub const MAX_PREFIX_DEPTH: usize = 6;

/// Largest shard file read, in bytes (a real one for n = 64 has under 10 KB).
pub const MAX_SHARD_FILE_BYTES: u64 = 1 << 20;

/// Most missing shards named in an error message; the rest are counted.
const MISSING_LISTED: usize = 20;

/// What can go wrong with shard files. Every message is one line and names the file.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ShardFileError {
    /// A file could not be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A file that is not a valid shard file (bad JSON, missing or unknown field, a count that
    /// is not a decimal string, class counts that do not add up, ...).
    #[error("{path}: not a valid shard file: {reason}")]
    Malformed {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// A file holds another shard or another count than the one asked for.
    #[error("{path} holds {found}, not {expected}; remove it or choose another file")]
    NotThisShard {
        /// The file.
        path: String,
        /// What the file holds.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// Two files to merge differ in a field that must be equal.
    #[error("cannot merge: {path} has {field} {found}, but {first_path} has {expected}")]
    Mixed {
        /// The field: n, method, version, shard count, prefix depth, format or kind (a count by
        /// start angle or of the standard puzzle).
        field: &'static str,
        /// The file that differs.
        path: String,
        /// Its value.
        found: String,
        /// The first file.
        first_path: String,
        /// The first file's value.
        expected: String,
    },
    /// The same shard is given twice.
    #[error("cannot merge: shard {index}/{count} is given twice: {first_path} and {path}")]
    Duplicate {
        /// The shard index.
        index: usize,
        /// The shard count.
        count: usize,
        /// The first file holding it.
        first_path: String,
        /// The second.
        path: String,
    },
    /// Some shards of `0/K .. K-1/K` are missing.
    #[error("cannot merge: {missing} of {count} shards missing: {listed}")]
    Missing {
        /// The shard count K.
        count: usize,
        /// How many are missing.
        missing: usize,
        /// The first missing shards, as `i/K`, comma-separated.
        listed: String,
    },
    /// Nothing to merge.
    #[error("cannot merge: no shard files given")]
    NoFiles,
    /// A sum exceeded u128.
    #[error("arithmetic overflow while adding {what}")]
    Overflow {
        /// What was being added.
        what: &'static str,
    },
    /// The merged counts of a class split do not add up to the merged total.
    #[error("merged counts by {class} add up to {sum}, not to the merged total {total}")]
    ClassSum {
        /// The class split.
        class: &'static str,
        /// Their sum.
        sum: u128,
        /// The total.
        total: u128,
    },
    /// A file for this shard appeared while it was being counted and disagrees with this run.
    #[error("{path} appeared while counting and says {found}, but this run found {computed}")]
    Disagree {
        /// The file.
        path: String,
        /// Its total.
        found: u128,
        /// This run's total.
        computed: u128,
    },
}

/// One shard's result, as stored in its JSON file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardRecord {
    /// File format, [`SHARD_FILE_FORMAT`].
    pub format: u32,
    /// Number of slots of the (standard) puzzle.
    pub n: usize,
    /// Counting method: the [`CountMethod::name`](crate::CountMethod::name) of the kernel that
    /// counted ([`SHARD_METHOD`] by default).
    pub method: String,
    /// Version of game-rotation that counted, [`LIBRARY_VERSION`].
    pub version: String,
    /// Shard index i.
    pub shard_index: usize,
    /// Shard count K.
    pub shard_count: usize,
    /// Depth at which the search tree was cut into tasks.
    pub prefix_depth: usize,
    /// Tasks this shard ran.
    pub tasks: usize,
    /// Solutions found by this shard.
    #[serde(with = "decimal")]
    pub total: u128,
    /// `by_first[k]`: this shard's contribution to the solutions starting with rotation k.
    #[serde(with = "decimal_list")]
    pub by_first: Vec<u128>,
    /// `by_white_slot[w]`: this shard's contribution to the solutions with the white pin in
    /// disc slot w (R8).
    #[serde(with = "decimal_list")]
    pub by_white_slot: Vec<u128>,
    /// `by_start_angle[a]`: in a count by start angle (R9), this shard's contribution to the
    /// solutions with the disc's blue pin in disc slot a; `by_first` and `by_white_slot` are then
    /// empty. Empty (and absent from the file) in a count of the standard puzzle.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "decimal_list")]
    pub by_start_angle: Vec<u128>,
    /// Wall-clock seconds of the count.
    pub wall_seconds: f64,
    /// CPU seconds of the count (all threads).
    pub cpu_seconds: f64,
    /// The machine that counted.
    pub host: String,
}

/// How a shard ran, for its record.
#[derive(Debug, Clone, PartialEq)]
pub struct RunInfo {
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// CPU seconds, all threads.
    pub cpu_seconds: f64,
    /// Host name.
    pub host: String,
}

/// What [`ShardRecord::write_new`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum WriteOutcome {
    /// The file was written.
    Written,
    /// Another run wrote the same shard meanwhile, with the same counts; it was left alone.
    AlreadyPresent(Box<ShardRecord>),
}

/// ` by start angle` for a count by start angle, else nothing: the words that tell the two
/// kinds of count apart in messages.
fn angle_words(by_start_angle: bool) -> &'static str {
    if by_start_angle { " by start angle" } else { "" }
}

fn checked_sum(values: &[u128]) -> Option<u128> {
    values.iter().try_fold(0u128, |s, c| s.checked_add(*c))
}

impl ShardRecord {
    /// The record of shard `shard` of the standard puzzle with `n` slots, cut at `prefix_depth`,
    /// from its [`CountReport`].
    ///
    /// # Errors
    /// [`ShardFileError::Malformed`] (with path `"(new record)"`) if the result is not a valid
    /// record, e.g. a report of another n.
    pub fn from_report(
        n: usize,
        shard: Shard,
        prefix_depth: usize,
        report: &CountReport,
        run: RunInfo,
    ) -> Result<Self, ShardFileError> {
        let malformed = |reason: String| ShardFileError::Malformed { path: "(new record)".into(), reason };
        if report.by_first.len() != n {
            return Err(malformed(format!(
                "the report has {} first rotations for n = {n}",
                report.by_first.len()
            )));
        }
        let by_white_slot = by_white_slot_from_first(n, &report.by_first)
            .ok_or(ShardFileError::Overflow { what: "counts by white-pin slot" })?;
        let record = ShardRecord {
            total: report.total,
            by_first: report.by_first.clone(),
            by_white_slot,
            ..Self::without_counts(n, shard, prefix_depth, report.method, report.tasks, run)
        };
        record.validate().map_err(malformed)?;
        Ok(record)
    }

    /// The record of shard `shard` of the count by start angle with `n` slots, cut at
    /// `prefix_depth`, from its [`AngleCountReport`].
    ///
    /// # Errors
    /// [`ShardFileError::Malformed`] (with path `"(new record)"`) if the result is not a valid
    /// record, e.g. a report of another n; [`ShardFileError::Overflow`] if its total overflows.
    pub fn from_angle_report(
        n: usize,
        shard: Shard,
        prefix_depth: usize,
        report: &AngleCountReport,
        run: RunInfo,
    ) -> Result<Self, ShardFileError> {
        let total = checked_sum(&report.by_angle)
            .ok_or(ShardFileError::Overflow { what: "counts by start angle" })?;
        let record = ShardRecord {
            total,
            by_start_angle: report.by_angle.clone(),
            ..Self::without_counts(n, shard, prefix_depth, report.method, report.tasks, run)
        };
        record
            .validate()
            .map_err(|reason| ShardFileError::Malformed { path: "(new record)".into(), reason })?;
        Ok(record)
    }

    /// A record of this library's version with every count still 0 or empty: what both kinds
    /// of record share.
    fn without_counts(
        n: usize,
        shard: Shard,
        prefix_depth: usize,
        method: crate::CountMethod,
        tasks: usize,
        run: RunInfo,
    ) -> Self {
        ShardRecord {
            format: SHARD_FILE_FORMAT,
            n,
            method: method.name().to_string(),
            version: LIBRARY_VERSION.to_string(),
            shard_index: shard.index(),
            shard_count: shard.count(),
            prefix_depth,
            tasks,
            total: 0,
            by_first: Vec::new(),
            by_white_slot: Vec::new(),
            by_start_angle: Vec::new(),
            wall_seconds: run.wall_seconds,
            cpu_seconds: run.cpu_seconds,
            host: run.host,
        }
    }

    /// Whether this is a shard of a count by start angle (else of the standard puzzle).
    pub fn counts_start_angles(&self) -> bool {
        !self.by_start_angle.is_empty()
    }

    /// The shard of this record.
    ///
    /// # Errors
    /// [`ShardFileError::Malformed`] if its index is not below its count.
    pub fn shard(&self) -> Result<Shard, ShardFileError> {
        Shard::new(self.shard_index, self.shard_count)
            .map_err(|e| ShardFileError::Malformed { path: "(record)".into(), reason: e.to_string() })
    }

    /// Checks every rule a record obeys; `Err` holds the first broken one.
    fn validate(&self) -> Result<(), String> {
        if self.format != SHARD_FILE_FORMAT {
            return Err(format!(
                "format {} is not supported (this version reads format {SHARD_FILE_FORMAT})",
                self.format
            ));
        }
        if self.n < 2 || self.n % 2 == 1 || self.n > MAX_COUNT_N {
            return Err(format!("n = {} is not an even number in 2..={MAX_COUNT_N}", self.n));
        }
        if self.shard_count == 0 || self.shard_count > MAX_SHARD_COUNT || self.shard_index >= self.shard_count
        {
            return Err(format!(
                "shard {}/{} is not i/K with 0 <= i < K <= {MAX_SHARD_COUNT}",
                self.shard_index, self.shard_count
            ));
        }
        if self.prefix_depth == 0 || self.prefix_depth > MAX_PREFIX_DEPTH {
            return Err(format!("prefix depth {} is not in 1..={MAX_PREFIX_DEPTH}", self.prefix_depth));
        }
        if self.counts_start_angles() {
            self.validate_start_angles()?;
        } else {
            self.validate_classes()?;
        }
        let seconds_ok = |s: f64| s.is_finite() && s >= 0.0;
        if !(seconds_ok(self.wall_seconds) && seconds_ok(self.cpu_seconds)) {
            return Err("seconds must be finite and not negative".into());
        }
        if self.host.len() > 255 || self.host.chars().any(char::is_control) {
            return Err("the host name is longer than 255 bytes or has control characters".into());
        }
        Ok(())
    }

    /// The rules of the counts by start angle: one per angle, none for angle 0 (no pin can
    /// move), adding up to the total; no counts by first rotation or white-pin slot.
    fn validate_start_angles(&self) -> Result<(), String> {
        if self.by_start_angle.len() != self.n {
            return Err(format!("{} counts by start angle, expected {}", self.by_start_angle.len(), self.n));
        }
        if !(self.by_first.is_empty() && self.by_white_slot.is_empty()) {
            return Err("a count by start angle has no counts by first rotation or white-pin slot".into());
        }
        if self.by_start_angle[0] != 0 {
            return Err(format!(
                "{} solutions for start angle 0, where no pin can move",
                self.by_start_angle[0]
            ));
        }
        match checked_sum(&self.by_start_angle) {
            Some(sum) if sum == self.total => Ok(()),
            Some(sum) => {
                Err(format!("the counts by start angle add up to {sum}, not to the total {}", self.total))
            }
            None => Err("the counts by start angle overflow u128".into()),
        }
    }

    /// The rules of the class counts of the standard puzzle: by first rotation, adding up to the
    /// total, and by white-pin slot, their reversal relabelling.
    fn validate_classes(&self) -> Result<(), String> {
        if self.by_first.len() != self.n || self.by_white_slot.len() != self.n {
            return Err(format!(
                "{} counts by first rotation and {} by white-pin slot, expected {} each",
                self.by_first.len(),
                self.by_white_slot.len(),
                self.n
            ));
        }
        if self.by_first[0] != 0 {
            return Err(format!("{} solutions start with rotation 0, which is no move", self.by_first[0]));
        }
        match checked_sum(&self.by_first) {
            Some(sum) if sum == self.total => {}
            Some(sum) => {
                return Err(format!(
                    "the counts by first rotation add up to {sum}, not to the total {}",
                    self.total
                ));
            }
            None => return Err("the counts by first rotation overflow u128".into()),
        }
        if by_white_slot_from_first(self.n, &self.by_first).as_deref() != Some(&self.by_white_slot[..]) {
            return Err(
                "the counts by white-pin slot are not the reversal relabelling of those by first rotation"
                    .into(),
            );
        }
        Ok(())
    }

    /// What identifies the count a record belongs to, for messages: `shard 2/4 of n = 14
    /// (two-ended, game-rotation 0.1.0, prefix depth 3)`, with `by start angle` after n in a
    /// count by start angle.
    pub fn describe(&self) -> String {
        format!(
            "shard {}/{} of n = {}{} ({}, game-rotation {}, prefix depth {})",
            self.shard_index,
            self.shard_count,
            self.n,
            angle_words(self.counts_start_angles()),
            self.method,
            self.version,
            self.prefix_depth
        )
    }

    /// Checks that this record (read from `path`) is shard `shard` of the count of `n` at
    /// `prefix_depth` by the method named `method` (the
    /// [`CountMethod::name`](crate::CountMethod::name) of the method that runs for n) and by this
    /// version, by start angle or not as `by_start_angle` says: the test before a run is skipped.
    ///
    /// # Errors
    /// [`ShardFileError::NotThisShard`] naming both.
    pub fn check_is(
        &self,
        path: &Path,
        n: usize,
        shard: Shard,
        prefix_depth: usize,
        method: &str,
        by_start_angle: bool,
    ) -> Result<(), ShardFileError> {
        let same = self.n == n
            && self.counts_start_angles() == by_start_angle
            && self.shard_index == shard.index()
            && self.shard_count == shard.count()
            && self.prefix_depth == prefix_depth
            && self.method == method
            && self.version == LIBRARY_VERSION;
        if same {
            return Ok(());
        }
        let expected = format!(
            "shard {}/{} of n = {n}{} ({method}, game-rotation {LIBRARY_VERSION}, prefix depth {prefix_depth})",
            shard.index(),
            shard.count(),
            angle_words(by_start_angle),
        );
        Err(ShardFileError::NotThisShard {
            path: path.display().to_string(),
            found: self.describe(),
            expected,
        })
    }

    /// The record as the JSON text of its file (pretty-printed, one field a line, final
    /// newline), sealed with a SHA-256 of its content (game-core's
    /// [`sealed_json`](game_core::sealed_json)): [`parse_shard_file`] refuses the file if any
    /// count in it changes, even one that keeps the class sums.
    pub fn to_json(&self) -> String {
        let mut text = game_core::sealed_json::seal(self, true);
        text.push('\n');
        text
    }

    /// Writes the record to `path` atomically, never replacing a file: the JSON goes to a
    /// temporary file in the same directory, is flushed to disk (fsync), and is renamed to
    /// `path` only if `path` does not exist. If another run wrote `path` meanwhile, that file is
    /// read back: the same shard with the same counts is [`WriteOutcome::AlreadyPresent`],
    /// anything else an error.
    ///
    /// # Errors
    /// [`ShardFileError::Write`], or the errors of [`read_shard_file`] and
    /// [`ShardRecord::check_is`] for a file that appeared meanwhile, or
    /// [`ShardFileError::Disagree`] if its counts differ.
    pub fn write_new(&self, path: &Path) -> Result<WriteOutcome, ShardFileError> {
        let write_error = |source| ShardFileError::Write { path: path.display().to_string(), source };
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".shard-").suffix(".tmp");
        // A temporary file is private (0600); a result file is read by whoever merges, so it
        // gets the mode of an ordinary new file (0666 less the umask).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let mut temp = builder.tempfile_in(dir).map_err(write_error)?;
        temp.write_all(self.to_json().as_bytes()).map_err(write_error)?;
        temp.as_file().sync_all().map_err(write_error)?;
        match temp.persist_noclobber(path) {
            Ok(_) => {
                // Make the rename itself durable. Some file systems cannot fsync a directory;
                // the file is complete either way, so that failure is not an error.
                if let Ok(d) = std::fs::File::open(dir) {
                    let _ = d.sync_all();
                }
                Ok(WriteOutcome::Written)
            }
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
                let existing = read_shard_file(path)?;
                existing.check_is(
                    path,
                    self.n,
                    self.shard()?,
                    self.prefix_depth,
                    &self.method,
                    self.counts_start_angles(),
                )?;
                let same_counts = (existing.total, &existing.by_first, &existing.by_start_angle)
                    == (self.total, &self.by_first, &self.by_start_angle);
                if !same_counts {
                    return Err(ShardFileError::Disagree {
                        path: path.display().to_string(),
                        found: existing.total,
                        computed: self.total,
                    });
                }
                Ok(WriteOutcome::AlreadyPresent(Box::new(existing)))
            }
            Err(e) => Err(write_error(e.error)),
        }
    }
}

/// Parses and checks the JSON text of a shard file: its SHA-256 digest (a file without one,
/// written before shard files carried it, is refused), then every rule of a record; `path` is
/// for messages.
///
/// # Errors
/// [`ShardFileError::Malformed`] with the first problem.
pub fn parse_shard_file(path: &Path, text: &str) -> Result<ShardRecord, ShardFileError> {
    let malformed = |reason: String| ShardFileError::Malformed { path: path.display().to_string(), reason };
    let record: ShardRecord = game_core::sealed_json::open(text).map_err(|e| {
        malformed(match e {
            SealError::NoDigest => format!("{e}; count the shard again"),
            e => e.to_string(),
        })
    })?;
    record.validate().map_err(malformed)?;
    Ok(record)
}

/// Reads and checks one shard file (at most [`MAX_SHARD_FILE_BYTES`]).
///
/// # Errors
/// [`ShardFileError::Read`] if it cannot be read, [`ShardFileError::Malformed`] if it is not a
/// regular file (a directory, a FIFO, a device), too large, not UTF-8 or not a valid shard file.
pub fn read_shard_file(path: &Path) -> Result<ShardRecord, ShardFileError> {
    let shown = || path.display().to_string();
    // Opening a FIFO or a device could block or never end: only regular files are read.
    let metadata =
        std::fs::metadata(path).map_err(|source| ShardFileError::Read { path: shown(), source })?;
    if !metadata.is_file() {
        let kind = if metadata.is_dir() { "a directory" } else { "not a regular file" };
        return Err(ShardFileError::Malformed { path: shown(), reason: kind.into() });
    }
    let file = std::fs::File::open(path).map_err(|source| ShardFileError::Read { path: shown(), source })?;
    let mut bytes = Vec::new();
    file.take(MAX_SHARD_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| ShardFileError::Read { path: shown(), source })?;
    if bytes.len() as u64 > MAX_SHARD_FILE_BYTES {
        return Err(ShardFileError::Malformed {
            path: shown(),
            reason: format!("larger than {MAX_SHARD_FILE_BYTES} bytes"),
        });
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| ShardFileError::Malformed { path: shown(), reason: "not UTF-8 text".into() })?;
    parse_shard_file(path, &text)
}

/// The sum of all shards of one count.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MergedCount {
    /// Number of slots.
    pub n: usize,
    /// Counting method.
    pub method: String,
    /// Library version that counted.
    pub version: String,
    /// Shard count K (every shard `0/K .. K-1/K` was merged).
    pub shard_count: usize,
    /// Prefix depth of the shards.
    pub prefix_depth: usize,
    /// Tasks of all shards.
    pub tasks: usize,
    /// Solutions.
    #[serde(with = "decimal")]
    pub total: u128,
    /// Solutions by first rotation.
    #[serde(with = "decimal_list")]
    pub by_first: Vec<u128>,
    /// Solutions by white-pin disc slot (R8).
    #[serde(with = "decimal_list")]
    pub by_white_slot: Vec<u128>,
    /// In a count by start angle (R9), solutions by start angle (`by_first` and
    /// `by_white_slot` are then empty); else empty and not serialized.
    #[serde(skip_serializing_if = "Vec::is_empty", with = "decimal_list")]
    pub by_start_angle: Vec<u128>,
    /// Wall seconds of the shards, added.
    pub wall_seconds: f64,
    /// CPU seconds of the shards, added.
    pub cpu_seconds: f64,
    /// The hosts that counted, sorted, each once.
    pub hosts: Vec<String>,
}

fn add_into(sum: &mut [u128], part: &[u128], what: &'static str) -> Result<(), ShardFileError> {
    for (s, p) in sum.iter_mut().zip(part) {
        *s = s.checked_add(*p).ok_or(ShardFileError::Overflow { what })?;
    }
    Ok(())
}

/// Adds the shards of one count exactly. `files` pairs each record with the name of its file
/// (for messages). Refuses records that differ in format, n, method, version, shard count or
/// prefix depth, a shard given twice, and missing shards (naming the first 20 of them); checks
/// that each class split adds up to the total.
///
/// # Errors
/// [`ShardFileError::NoFiles`], [`ShardFileError::Mixed`], [`ShardFileError::Duplicate`],
/// [`ShardFileError::Missing`], [`ShardFileError::Overflow`], [`ShardFileError::ClassSum`].
pub fn merge_shards(files: &[(String, ShardRecord)]) -> Result<MergedCount, ShardFileError> {
    let Some((first_path, first)) = files.first() else {
        return Err(ShardFileError::NoFiles);
    };
    let mut merged = MergedCount {
        n: first.n,
        method: first.method.clone(),
        version: first.version.clone(),
        shard_count: first.shard_count,
        prefix_depth: first.prefix_depth,
        tasks: 0,
        total: 0,
        by_first: vec![0; first.by_first.len()],
        by_white_slot: vec![0; first.by_white_slot.len()],
        by_start_angle: vec![0; first.by_start_angle.len()],
        wall_seconds: 0.0,
        cpu_seconds: 0.0,
        hosts: Vec::new(),
    };
    let mut seen: BTreeMap<usize, &str> = BTreeMap::new();
    for (path, record) in files {
        let kind = |r: &ShardRecord| {
            if r.counts_start_angles() { "a count by start angle" } else { "a count of the standard puzzle" }
        };
        let fields: [(&'static str, String, String); 7] = [
            ("format", record.format.to_string(), first.format.to_string()),
            ("kind", kind(record).into(), kind(first).into()),
            ("n", record.n.to_string(), first.n.to_string()),
            ("method", record.method.clone(), first.method.clone()),
            ("version", record.version.clone(), first.version.clone()),
            ("shard count", record.shard_count.to_string(), first.shard_count.to_string()),
            ("prefix depth", record.prefix_depth.to_string(), first.prefix_depth.to_string()),
        ];
        for (field, found, expected) in fields {
            if found != expected {
                return Err(ShardFileError::Mixed {
                    field,
                    path: path.clone(),
                    found,
                    first_path: first_path.clone(),
                    expected,
                });
            }
        }
        if let Some(earlier) = seen.insert(record.shard_index, path) {
            return Err(ShardFileError::Duplicate {
                index: record.shard_index,
                count: record.shard_count,
                first_path: earlier.to_string(),
                path: path.clone(),
            });
        }
        merged.tasks =
            merged.tasks.checked_add(record.tasks).ok_or(ShardFileError::Overflow { what: "tasks" })?;
        merged.total =
            merged.total.checked_add(record.total).ok_or(ShardFileError::Overflow { what: "totals" })?;
        add_into(&mut merged.by_first, &record.by_first, "counts by first rotation")?;
        add_into(&mut merged.by_white_slot, &record.by_white_slot, "counts by white-pin slot")?;
        add_into(&mut merged.by_start_angle, &record.by_start_angle, "counts by start angle")?;
        merged.wall_seconds += record.wall_seconds;
        merged.cpu_seconds += record.cpu_seconds;
        merged.hosts.push(record.host.clone());
    }
    let count = first.shard_count;
    if seen.len() < count {
        let missing = count - seen.len();
        let mut listed: Vec<String> = (0..count)
            .filter(|i| !seen.contains_key(i))
            .take(MISSING_LISTED)
            .map(|i| format!("{i}/{count}"))
            .collect();
        if missing > MISSING_LISTED {
            listed.push(format!("and {} more", missing - MISSING_LISTED));
        }
        return Err(ShardFileError::Missing { count, missing, listed: listed.join(", ") });
    }
    let splits = if first.counts_start_angles() {
        vec![("start angle", &merged.by_start_angle)]
    } else {
        vec![("first rotation", &merged.by_first), ("white-pin slot", &merged.by_white_slot)]
    };
    for (class, counts) in splits {
        let sum = checked_sum(counts).ok_or(ShardFileError::Overflow { what: "class counts" })?;
        if sum != merged.total {
            return Err(ShardFileError::ClassSum { class, sum, total: merged.total });
        }
    }
    merged.hosts.sort();
    merged.hosts.dedup();
    Ok(merged)
}

/// Serde for a `u128` as a decimal string: digits only, no sign, no spaces.
mod decimal {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u128, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse(&text).map_err(serde::de::Error::custom)
    }

    pub fn parse(text: &str) -> Result<u128, String> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("count {text:?} is not a decimal number"));
        }
        text.parse().map_err(|_| format!("count {text} exceeds u128"))
    }
}

/// Serde for a list of `u128`, each a decimal string.
mod decimal_list {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(values: &[u128], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(values.iter().map(u128::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u128>, D::Error> {
        // Bounded by the file size limit of the reader.
        let texts = Vec::<String>::deserialize(deserializer)?;
        texts
            .iter()
            .map(|t| super::decimal::parse(t))
            .collect::<Result<_, _>>()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CountOptions, Puzzle, count_by_white_slot, count_solutions};

    /// OEIS A141599: sequencings of Z_n for n = 2, 4, ..., 18.
    const A141599: [(usize, u128); 9] =
        [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968), (18, 103653120)];

    fn run() -> RunInfo {
        RunInfo { wall_seconds: 0.5, cpu_seconds: 0.25, host: "test-host".into() }
    }

    fn shard_record(n: usize, index: usize, count: usize, depth: usize) -> ShardRecord {
        let shard = Shard::new(index, count).unwrap();
        let options = CountOptions { shard, prefix_depth: Some(depth), ..CountOptions::default() };
        let report = count_solutions(&Puzzle::new(n).unwrap(), &options, None).unwrap();
        ShardRecord::from_report(n, shard, depth, &report, run()).unwrap()
    }

    fn named(records: Vec<ShardRecord>) -> Vec<(String, ShardRecord)> {
        records.into_iter().enumerate().map(|(i, r)| (format!("s{i}.json"), r)).collect()
    }

    fn all_shards(n: usize, count: usize) -> Vec<(String, ShardRecord)> {
        named((0..count).map(|i| shard_record(n, i, count, crate::default_prefix_depth(n))).collect())
    }

    #[test]
    fn merged_shards_give_the_published_counts_and_the_class_counts() {
        for (n, count) in [(10, 3), (12, 4), (14, 5), (14, 1)] {
            let merged = merge_shards(&all_shards(n, count)).unwrap();
            let published = A141599.iter().find(|(m, _)| *m == n).unwrap().1;
            assert_eq!(merged.total, published, "n = {n}, K = {count}");
            assert_eq!(merged.shard_count, count);
            let whole = count_solutions(&Puzzle::new(n).unwrap(), &CountOptions::default(), None).unwrap();
            assert_eq!(merged.by_first, whole.by_first, "n = {n}");
            assert_eq!(merged.tasks, whole.tasks, "n = {n}");
            assert_eq!(merged.by_white_slot, count_by_white_slot(n).unwrap(), "n = {n}");
            assert_eq!(merged.hosts, ["test-host"]);
            assert_eq!(merged.wall_seconds, 0.5 * count as f64);
            assert_eq!(merged.cpu_seconds, 0.25 * count as f64);
        }
    }

    #[test]
    fn small_n_and_more_shards_than_tasks_still_add_up() {
        for (n, published) in A141599.iter().take(5) {
            let merged = merge_shards(&all_shards(*n, 7)).unwrap();
            assert_eq!(merged.total, *published, "n = {n}");
        }
    }

    #[test]
    fn a_record_survives_its_file_format() {
        let record = shard_record(12, 1, 3, 2);
        let text = record.to_json();
        assert!(text.contains("\"total\": \"") && text.ends_with("}\n"), "{text}");
        assert_eq!(parse_shard_file(Path::new("x.json"), &text).unwrap(), record);
    }

    fn reason_of(text: &str) -> String {
        match parse_shard_file(Path::new("bad.json"), text) {
            Err(ShardFileError::Malformed { path, reason }) => {
                assert_eq!(path, "bad.json");
                reason
            }
            other => panic!("expected Malformed, got {other:?}"),
        }
    }

    /// The JSON of a valid record with `edit` applied to its value, sealed again when it is
    /// still a record (as a forger would), so that the rules after the digest are what refuse it.
    fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
        edited_record(&shard_record(10, 0, 2, 2), edit)
    }

    /// `record`'s file with `edit` applied, sealed again when it is still a record.
    fn edited_record(record: &ShardRecord, edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut value: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
        edit(&mut value);
        let mut unsealed = value.clone();
        unsealed.as_object_mut().unwrap().remove(game_core::sealed_json::DIGEST_FIELD);
        match serde_json::from_value::<ShardRecord>(unsealed) {
            Ok(record) => game_core::sealed_json::seal(&record, true),
            Err(_) => value.to_string(),
        }
    }

    #[test]
    fn a_changed_count_that_keeps_the_sums_is_refused_by_the_digest() {
        let record = shard_record(10, 0, 2, 2);
        let text = record.to_json();
        // A first rotation's count and the total raised together, and the white-pin slot that
        // is its relabelling: every rule of a record holds, only the digest tells.
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let raise = |v: &serde_json::Value| (v.as_str().unwrap().parse::<u128>().unwrap() + 1).to_string();
        let k = (1..10).find(|&k| record.by_first[k] > 0).unwrap();
        value["by_first"][k] = raise(&value["by_first"][k]).into();
        value["total"] = raise(&value["total"]).into();
        let by_white = by_white_slot_from_first(10, &{
            let mut first = record.by_first.clone();
            first[k] += 1;
            first
        })
        .unwrap();
        value["by_white_slot"] = serde_json::json!(by_white.iter().map(u128::to_string).collect::<Vec<_>>());
        assert!(reason_of(&value.to_string()).contains("does not match its sha256 digest"));
        // The same file resealed passes: the rules alone could not have refused it.
        assert!(parse_shard_file(Path::new("x.json"), &edited(|v| *v = value.clone())).is_ok());
        // Any one byte of a digit changed is refused.
        for (at, byte) in text.bytes().enumerate().filter(|(_, b)| b.is_ascii_digit()) {
            let mut bytes = text.clone().into_bytes();
            bytes[at] = if byte == b'9' { b'8' } else { byte + 1 };
            let changed = String::from_utf8(bytes).unwrap();
            assert!(parse_shard_file(Path::new("x.json"), &changed).is_err(), "byte {at}");
        }
        // A file written before shard files carried a digest is refused, saying so.
        let old = serde_json::to_string_pretty(&record).unwrap();
        let reason = reason_of(&old);
        assert!(
            reason.contains("no \"sha256\" field") && reason.contains("count the shard again"),
            "{reason}"
        );
    }

    #[test]
    fn malformed_files_are_refused_with_the_reason() {
        assert!(reason_of("").contains("EOF"));
        assert!(reason_of("{\"format\": 1").contains("EOF"));
        assert!(reason_of("[1, 2]").contains("not a JSON object"));
        assert!(reason_of(&edited(|v| v["total"] = serde_json::json!(5))).contains("invalid type"));
        assert!(reason_of(&edited(|v| v["total"] = "+5".into())).contains("not a decimal number"));
        assert!(reason_of(&edited(|v| v["total"] = "-5".into())).contains("not a decimal number"));
        assert!(reason_of(&edited(|v| v["total"] = "".into())).contains("not a decimal number"));
        assert!(reason_of(&edited(|v| v["total"] = "1".repeat(40).into())).contains("exceeds u128"));
        assert!(reason_of(&edited(|v| v["total"] = "287".into())).contains("add up to"));
        assert!(reason_of(&edited(|v| v["extra"] = 1.into())).contains("unknown field"));
        assert!(
            reason_of(&edited(|v| drop(v.as_object_mut().unwrap().remove("host")))).contains("missing field")
        );
        assert!(reason_of(&edited(|v| v["format"] = 2.into())).contains("format 2 is not supported"));
        assert!(reason_of(&edited(|v| v["n"] = 11.into())).contains("n = 11"));
        assert!(reason_of(&edited(|v| v["n"] = 66.into())).contains("n = 66"));
        assert!(reason_of(&edited(|v| v["shard_index"] = 2.into())).contains("shard 2/2"));
        assert!(reason_of(&edited(|v| v["shard_count"] = 2_000_000.into())).contains("K <= 1000000"));
        assert!(reason_of(&edited(|v| v["prefix_depth"] = 0.into())).contains("prefix depth 0"));
        assert!(reason_of(&edited(|v| v["prefix_depth"] = 7.into())).contains("prefix depth 7"));
        assert!(
            reason_of(&edited(|v| v["by_first"].as_array_mut().unwrap().pop().map(drop).unwrap()))
                .contains("expected 10 each")
        );
        assert!(
            reason_of(&edited(|v| {
                // The same sum, all in one slot.
                let total = v["total"].clone();
                for w in 0..10 {
                    v["by_white_slot"][w] = if w == 1 { total.clone() } else { "0".into() };
                }
            }))
            .contains("reversal relabelling")
        );
        assert!(reason_of(&edited(|v| v["wall_seconds"] = (-1.0).into())).contains("seconds"));
        assert!(reason_of(&edited(|v| v["host"] = "a\nb".into())).contains("host name"));
    }

    /// Every limit is inclusive: a record exactly at it is read, one past it is refused.
    #[test]
    fn records_at_the_limits_are_accepted() {
        let at = |edit: &dyn Fn(&mut serde_json::Value)| parse_shard_file(Path::new("x.json"), &edited(edit));
        let host = |len: usize| serde_json::Value::from("h".repeat(len));
        assert!(at(&|v| v["shard_count"] = MAX_SHARD_COUNT.into()).is_ok());
        assert!(at(&|v| v["shard_count"] = (MAX_SHARD_COUNT + 1).into()).is_err());
        assert!(at(&|v| v["prefix_depth"] = MAX_PREFIX_DEPTH.into()).is_ok());
        assert!(at(&|v| v["host"] = host(255)).is_ok());
        assert!(reason_of(&edited(|v| v["host"] = host(256))).contains("host name"));
        // n = MAX_COUNT_N, with no solutions in this shard (class counts all zero).
        let zeros = |len: usize| serde_json::Value::from(vec!["0"; len]);
        let at_max_n = |n: usize| {
            at(&|v| {
                v["n"] = n.into();
                v["total"] = "0".into();
                v["by_first"] = zeros(n);
                v["by_white_slot"] = zeros(n);
            })
        };
        assert!(at_max_n(MAX_COUNT_N).is_ok());
        assert!(at_max_n(MAX_COUNT_N + 2).unwrap_err().to_string().contains("not an even number"));
    }

    #[test]
    fn a_record_for_another_n_is_refused() {
        let report =
            CountReport { total: 1, by_first: vec![0, 1], tasks: 1, method: crate::CountMethod::OneEnded };
        assert!(matches!(
            ShardRecord::from_report(4, Shard::ALL, 1, &report, run()),
            Err(ShardFileError::Malformed { .. })
        ));
    }

    fn merge_error(records: Vec<ShardRecord>) -> String {
        merge_shards(&named(records)).unwrap_err().to_string()
    }

    #[test]
    fn merge_refuses_mixed_duplicate_and_missing_shards() {
        let a = shard_record(12, 0, 2, 2);
        let b = shard_record(12, 1, 2, 2);
        assert!(merge_shards(&named(vec![a.clone(), b.clone()])).is_ok());
        assert_eq!(merge_shards(&[]).unwrap_err().to_string(), "cannot merge: no shard files given");
        assert_eq!(
            merge_error(vec![a.clone(), shard_record(10, 1, 2, 2)]),
            "cannot merge: s1.json has n 10, but s0.json has 12"
        );
        assert_eq!(
            merge_error(vec![a.clone(), shard_record(12, 1, 3, 2)]),
            "cannot merge: s1.json has shard count 3, but s0.json has 2"
        );
        assert_eq!(
            merge_error(vec![a.clone(), shard_record(12, 1, 2, 3)]),
            "cannot merge: s1.json has prefix depth 3, but s0.json has 2"
        );
        let other_method = ShardRecord { method: "meet-in-the-middle".into(), ..b.clone() };
        assert_eq!(
            merge_error(vec![a.clone(), other_method]),
            "cannot merge: s1.json has method meet-in-the-middle, but s0.json has two-ended"
        );
        let other_version = ShardRecord { version: "0.0.9".into(), ..b.clone() };
        assert_eq!(
            merge_error(vec![a.clone(), other_version]),
            format!("cannot merge: s1.json has version 0.0.9, but s0.json has {LIBRARY_VERSION}")
        );
        assert_eq!(
            merge_error(vec![a.clone(), b.clone(), a.clone()]),
            "cannot merge: shard 0/2 is given twice: s0.json and s2.json"
        );
        assert_eq!(merge_error(vec![b.clone()]), "cannot merge: 1 of 2 shards missing: 0/2");
        let some: Vec<ShardRecord> = [3, 7].iter().map(|&i| shard_record(12, i, 30, 2)).collect();
        let listed: Vec<String> =
            (0..30).filter(|i| ![3, 7].contains(i)).take(20).map(|i| format!("{i}/30")).collect();
        assert_eq!(
            merge_error(some),
            format!("cannot merge: 28 of 30 shards missing: {}, and 8 more", listed.join(", "))
        );
        // Exactly as many missing as are listed: all named, no "and 0 more".
        let one: Vec<ShardRecord> = vec![shard_record(12, 0, 21, 2)];
        let all_listed: Vec<String> = (1..21).map(|i| format!("{i}/21")).collect();
        assert_eq!(
            merge_error(one),
            format!("cannot merge: 20 of 21 shards missing: {}", all_listed.join(", "))
        );
    }

    fn angle_record(n: usize, index: usize, count: usize, method: crate::CountMethod) -> ShardRecord {
        let shard = Shard::new(index, count).unwrap();
        let depth = crate::start_angle_prefix_depth(n, method);
        let options = CountOptions { shard, prefix_depth: Some(depth), method, ..CountOptions::default() };
        let report = crate::count_start_angles(n, &options, None).unwrap();
        ShardRecord::from_angle_report(n, shard, depth, &report, run()).unwrap()
    }

    #[test]
    fn counts_by_start_angle_shard_and_merge_like_the_whole() {
        for method in [crate::CountMethod::TwoEnded, crate::CountMethod::OneEnded] {
            for (n, count) in [(10, 3), (12, 4)] {
                let records: Vec<ShardRecord> =
                    (0..count).map(|i| angle_record(n, i, count, method)).collect();
                assert!(records.iter().all(ShardRecord::counts_start_angles));
                for record in &records {
                    let text = record.to_json();
                    assert!(
                        text.contains("\"by_start_angle\"") && text.contains("\"by_first\": []"),
                        "{text}"
                    );
                    assert_eq!(&parse_shard_file(Path::new("a.json"), &text).unwrap(), record);
                    assert!(record.describe().contains(&format!("of n = {n} by start angle")));
                }
                let merged = merge_shards(&named(records)).unwrap();
                let whole = crate::count_by_start_angle(n).unwrap();
                assert_eq!(merged.by_start_angle, whole, "n = {n}, {method:?}");
                assert_eq!(merged.total, whole.iter().sum::<u128>());
                assert!(merged.by_first.is_empty() && merged.by_white_slot.is_empty());
            }
        }
        // A count of the standard puzzle has no counts by start angle, and its file no field.
        let plain = shard_record(10, 0, 2, 2);
        assert!(!plain.counts_start_angles() && !plain.to_json().contains("by_start_angle"));
    }

    #[test]
    fn counts_by_start_angle_are_checked_and_never_mixed() {
        let record = angle_record(10, 0, 2, crate::CountMethod::TwoEnded);
        let path = Path::new("a.json");
        let edited = |edit: &dyn Fn(&mut serde_json::Value)| reason_of(&edited_record(&record, edit));
        assert!(edited(&|v| v["total"] = "1".into()).contains("by start angle add up to"));
        assert!(edited(&|v| v["by_start_angle"][0] = "1".into()).contains("start angle 0"));
        assert!(
            edited(&|v| v["by_start_angle"].as_array_mut().unwrap().pop().map(drop).unwrap())
                .contains("9 counts by start angle, expected 10")
        );
        assert!(
            edited(&|v| v["by_first"] = serde_json::json!(vec!["0"; 10]))
                .contains("no counts by first rotation")
        );
        // Asked for by kind: the same shard of the other kind is another count.
        assert!(
            record
                .check_is(path, 10, record.shard().unwrap(), record.prefix_depth, "two-ended", true)
                .is_ok()
        );
        let error = record
            .check_is(path, 10, record.shard().unwrap(), record.prefix_depth, "two-ended", false)
            .unwrap_err();
        assert!(error.to_string().contains("by start angle (two-ended"), "{error}");
        // Merged with a shard of the standard puzzle: refused, naming the kind.
        let plain = shard_record(10, 1, 2, record.prefix_depth);
        assert_eq!(
            merge_error(vec![record.clone(), plain]),
            "cannot merge: s1.json has kind a count of the standard puzzle, but s0.json has a count by start angle"
        );
        // Sums of angle shards are checked like the others.
        let mut wrong = angle_record(10, 1, 2, crate::CountMethod::TwoEnded);
        wrong.total += 1;
        assert!(merge_error(vec![record, wrong]).contains("by start angle add up to"));
    }

    #[test]
    fn merge_refuses_overflow_and_inconsistent_classes() {
        let mut big = shard_record(4, 0, 2, 1);
        big.total = u128::MAX;
        let second = ShardRecord { shard_index: 1, ..big.clone() };
        assert_eq!(merge_error(vec![big.clone(), second]), "arithmetic overflow while adding totals");
        // Records built by hand skip validation: the merged class sums are checked anyway.
        let mut a = shard_record(4, 0, 2, 1);
        let b = shard_record(4, 1, 2, 1);
        a.total += 1;
        assert!(merge_error(vec![a, b]).starts_with("merged counts by first rotation add up to"));
    }

    #[test]
    fn files_are_written_once_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s0.json");
        let record = shard_record(12, 0, 2, 2);
        assert_eq!(record.write_new(&path).unwrap(), WriteOutcome::Written);
        assert_eq!(read_shard_file(&path).unwrap(), record);
        // The file has the mode of any new file there, not the temporary file's 0600.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let ordinary = dir.path().join("ordinary");
            std::fs::write(&ordinary, b"").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&path), mode(&ordinary));
            std::fs::remove_file(&ordinary).unwrap();
        }
        // A second run of the same shard finds the file and leaves it alone.
        let again = ShardRecord { wall_seconds: 9.0, ..record.clone() };
        assert_eq!(again.write_new(&path).unwrap(), WriteOutcome::AlreadyPresent(Box::new(record.clone())));
        // Other counts for the same shard are a disagreement, not an overwrite.
        let mut wrong = record.clone();
        wrong.by_first[1] += 1;
        wrong.total += 1;
        assert!(matches!(wrong.write_new(&path), Err(ShardFileError::Disagree { .. })));
        // Another shard in that file is refused.
        let other = shard_record(12, 1, 2, 2);
        let error = other.write_new(&path).unwrap_err().to_string();
        assert!(error.contains("holds shard 0/2 of n = 12") && error.contains("not shard 1/2"), "{error}");
        assert_eq!(read_shard_file(&path).unwrap(), record);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["s0.json"]);
    }

    #[test]
    fn unreadable_and_oversized_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.json");
        assert!(matches!(read_shard_file(&missing), Err(ShardFileError::Read { .. })));
        assert_eq!(
            read_shard_file(dir.path()).unwrap_err().to_string(),
            format!("{}: not a valid shard file: a directory", dir.path().display())
        );
        #[cfg(unix)]
        assert!(
            read_shard_file(Path::new("/dev/null")).unwrap_err().to_string().contains("not a regular file")
        );
        let big = dir.path().join("big.json");
        std::fs::write(&big, vec![b' '; MAX_SHARD_FILE_BYTES as usize + 1]).unwrap();
        assert!(read_shard_file(&big).unwrap_err().to_string().contains("larger than"));
        // A valid record padded with spaces to exactly the limit is read.
        let record = shard_record(10, 0, 2, 2);
        let mut text = record.to_json().into_bytes();
        text.resize(MAX_SHARD_FILE_BYTES as usize, b' ');
        std::fs::write(&big, text).unwrap();
        assert_eq!(read_shard_file(&big).unwrap(), record);
        let binary = dir.path().join("bin.json");
        std::fs::write(&binary, [0xff, 0xfe]).unwrap();
        assert!(read_shard_file(&binary).unwrap_err().to_string().contains("not UTF-8"));
        let unwritable = dir.path().join("no-such-dir").join("s.json");
        assert!(matches!(shard_record(4, 0, 1, 1).write_new(&unwritable), Err(ShardFileError::Write { .. })));
        // The temporary file is made, but no file may have this name (longer than 255 bytes):
        // the rename fails, and that is a write error, not a file found in the way.
        let too_long = dir.path().join("s".repeat(300));
        assert!(matches!(shard_record(4, 0, 1, 1).write_new(&too_long), Err(ShardFileError::Write { .. })));
    }

    #[test]
    fn check_is_names_both_shards() {
        let record = shard_record(10, 1, 4, 2);
        let path = Path::new("f.json");
        let method = record.method.clone();
        assert!(record.check_is(path, 10, Shard::new(1, 4).unwrap(), 2, &method, false).is_ok());
        for (n, index, count, depth) in [(12, 1, 4, 2), (10, 2, 4, 2), (10, 1, 5, 2), (10, 1, 4, 3)] {
            let error = record
                .check_is(path, n, Shard::new(index, count).unwrap(), depth, &method, false)
                .unwrap_err();
            assert!(matches!(error, ShardFileError::NotThisShard { .. }), "{error}");
        }
        let other = if method == "depth-first" { "two-ended" } else { "depth-first" };
        let error = record.check_is(path, 10, Shard::new(1, 4).unwrap(), 2, other, false).unwrap_err();
        assert!(error.to_string().contains(other), "{error}");
    }
}
