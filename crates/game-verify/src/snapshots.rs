//! Reports kept as snapshot files (`<dir>/<claim>.json`, pretty JSON), written or compared
//! field by field, and [`verify`]: run claims and check them against their snapshots in one call.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::runner::{Timed, run_claims};
use crate::{Claim, Report, Scale};

/// What to do with the snapshot files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnapshotMode {
    /// Rewrite every snapshot that differs from its recomputed report.
    Write,
    /// Write nothing; report every snapshot that is missing or differs.
    Check,
}

impl SnapshotMode {
    /// The environment variable that chooses the mode in tests: `GAME_VERIFY=write` rewrites the
    /// snapshots after a deliberate change; anything else (or unset) checks them.
    pub const ENV: &'static str = "GAME_VERIFY";

    /// [`SnapshotMode::Write`] if the environment variable [`SnapshotMode::ENV`] is `write`,
    /// else [`SnapshotMode::Check`]: tests check by default, so CI never rewrites a proof.
    pub fn from_env() -> Self {
        match std::env::var(Self::ENV) {
            Ok(value) if value == "write" => SnapshotMode::Write,
            _ => SnapshotMode::Check,
        }
    }
}

/// A snapshot that is missing or differs from its recomputed report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotDifference {
    /// The claim's id.
    pub claim: String,
    /// What differs, one entry per field (`"digest: 1a2b.. -> 3c4d.."`), or why the file could
    /// not be compared (`"missing"`, `"not a report: ..."`).
    pub fields: Vec<String>,
}

impl std::fmt::Display for SnapshotDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.claim, self.fields.join("; "))
    }
}

/// Why a verification did not succeed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// An id given to select claims names no claim.
    #[error("no claim with id {id:?}; the ids are: {known}")]
    UnknownClaim {
        /// The id asked for.
        id: String,
        /// Every id, separated by spaces.
        known: String,
    },
    /// Some claims did not get their expected verdict.
    #[error("claims that failed (verdict not the expected one): {}", .claims.join(", "))]
    Failed {
        /// Each failed claim with its verdict and counterexample.
        claims: Vec<String>,
    },
    /// Some snapshots are missing or differ from the recomputed reports.
    #[error(
        "snapshots in {} differ from the recomputed reports: {}; if the change is intended, rewrite them \
         (in this workspace: `cargo xtask verify`, with `--quick` for tests/snapshots/quick/)",
        .dir.display(), .differences.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    )]
    SnapshotsDiffer {
        /// The snapshot directory.
        dir: PathBuf,
        /// What differs.
        differences: Vec<SnapshotDifference>,
    },
    /// A snapshot file or its directory could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// The snapshot file's text for a report: pretty JSON with a final newline. Deterministic.
pub fn snapshot_text(report: &Report) -> String {
    let mut text = serde_json::to_string_pretty(report).expect("a report always serialises");
    text.push('\n');
    text
}

fn snapshot_path(dir: &Path, claim: &str) -> PathBuf {
    dir.join(format!("{claim}.json"))
}

/// Field-by-field differences between the stored snapshot text and the report, or `None` if
/// they are equal.
fn differences(stored: &str, report: &Report) -> Option<Vec<String>> {
    let fresh = serde_json::to_value(report).expect("a report always serialises");
    let old: Value = match serde_json::from_str(stored) {
        Ok(v) => v,
        Err(e) => return Some(vec![format!("not a report: {e}")]),
    };
    if old == fresh {
        return None;
    }
    let (Value::Object(old), Value::Object(fresh)) = (&old, &fresh) else {
        return Some(vec!["not a report: not a JSON object".into()]);
    };
    let mut fields: Vec<String> = fresh
        .iter()
        .filter(|(k, v)| old.get(*k) != Some(v))
        .map(|(k, v)| match old.get(k) {
            Some(o) => format!("{k}: {o} -> {v}"),
            None => format!("{k}: missing -> {v}"),
        })
        .collect();
    fields.extend(old.keys().filter(|k| !fresh.contains_key(*k)).map(|k| format!("{k}: no longer a field")));
    Some(fields)
}

/// Compares each report with its snapshot in `dir`; with [`SnapshotMode::Write`] also rewrites
/// those that differ (creating `dir` if needed). Returns the differences found (before writing).
///
/// # Errors
/// [`VerifyError::Io`] if a file cannot be read (other than missing) or written.
pub fn apply_snapshots(
    dir: &Path,
    reports: &[&Report],
    mode: SnapshotMode,
) -> Result<Vec<SnapshotDifference>, VerifyError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| VerifyError::Io { path, source }
    };
    let mut found = Vec::new();
    for report in reports {
        let path = snapshot_path(dir, &report.claim);
        let fields = match std::fs::read_to_string(&path) {
            Ok(stored) => differences(&stored, report),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(vec!["missing".to_string()]),
            Err(e) => return Err(io(&path)(e)),
        };
        let Some(fields) = fields else { continue };
        if mode == SnapshotMode::Write {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
            std::fs::write(&path, snapshot_text(report)).map_err(io(&path))?;
        }
        found.push(SnapshotDifference { claim: report.claim.clone(), fields });
    }
    Ok(found)
}

/// Snapshot files in `dir` (`*.json`) that belong to none of `claims`: left over from a removed
/// or renamed claim. A missing directory has none.
///
/// # Errors
/// [`VerifyError::Io`] if the directory exists but cannot be read.
pub fn stale_snapshots(dir: &Path, claims: &[Claim]) -> Result<Vec<PathBuf>, VerifyError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(VerifyError::Io { path: dir.to_path_buf(), source }),
    };
    let mut stale: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            !claims.iter().any(|c| c.id == stem)
        })
        .collect();
    stale.sort();
    Ok(stale)
}

/// The result of [`verify`]: every report with its time, the claims that failed and the
/// snapshots that differed (rewritten in [`SnapshotMode::Write`]).
#[derive(Debug)]
pub struct Verification {
    /// Reports in the order of the claims, with seconds.
    pub results: Vec<Timed>,
    /// Claims whose verdict is not the expected one: `"id: verdict (counterexample)"`.
    pub failed: Vec<String>,
    /// Snapshots that were missing or differed.
    pub changed: Vec<SnapshotDifference>,
    /// The snapshot directory.
    pub dir: PathBuf,
    /// The mode used.
    pub mode: SnapshotMode,
}

impl Verification {
    /// Ok if every claim passed and, in [`SnapshotMode::Check`], no snapshot differed.
    ///
    /// # Errors
    /// [`VerifyError::Failed`] first, then [`VerifyError::SnapshotsDiffer`].
    pub fn into_result(self) -> Result<(), VerifyError> {
        if !self.failed.is_empty() {
            return Err(VerifyError::Failed { claims: self.failed });
        }
        if self.mode == SnapshotMode::Check && !self.changed.is_empty() {
            return Err(VerifyError::SnapshotsDiffer { dir: self.dir, differences: self.changed });
        }
        Ok(())
    }
}

/// Runs `claims` at `scale` in parallel and writes or checks their snapshots in `dir`
/// (`<dir>/<id>.json`). Failed claims are in the result, not an error: call
/// [`Verification::into_result`] to turn them (and, when checking, changed snapshots) into one.
///
/// # Errors
/// [`VerifyError::Io`] if a snapshot cannot be read or written.
pub fn verify(
    claims: &[Claim],
    scale: Scale,
    dir: &Path,
    mode: SnapshotMode,
) -> Result<Verification, VerifyError> {
    verify_with(claims, scale, dir, mode, &|_| {})
}

/// [`verify`], calling `on_done` after each claim's check (e.g. to advance a progress bar).
///
/// # Errors
/// [`VerifyError::Io`] if a snapshot cannot be read or written.
pub fn verify_with(
    claims: &[Claim],
    scale: Scale,
    dir: &Path,
    mode: SnapshotMode,
    on_done: &(dyn Fn(&Report) + Sync),
) -> Result<Verification, VerifyError> {
    let results = run_claims(claims, scale, on_done);
    let reports: Vec<&Report> = results.iter().map(|t| &t.report).collect();
    let changed = apply_snapshots(dir, &reports, mode)?;
    let failed = results
        .iter()
        .filter(|t| !t.report.passed())
        .map(|t| {
            let r = &t.report;
            match &r.counterexample {
                Some(c) => format!("{}: {:?} ({c})", r.claim, r.verdict),
                None => format!("{}: {:?}", r.claim, r.verdict),
            }
        })
        .collect();
    Ok(Verification { results, failed, changed, dir: dir.to_path_buf(), mode })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evidence, Expected, Tally};

    fn check(scale: Scale) -> Evidence {
        let mut tally = Tally::new();
        let up_to = scale.pick(3u32, 4);
        for n in 0..up_to {
            tally.record(&n);
            tally.case(true, String::new);
        }
        Evidence { bound: format!("n < {up_to}"), tally }
    }

    fn claims() -> Vec<Claim> {
        vec![Claim {
            id: "T1",
            statement: "a test claim",
            source: "this test",
            methods: ["one", "two"],
            expected: Expected::Holds,
            check,
        }]
    }

    #[test]
    fn a_written_snapshot_checks_clean_and_a_changed_one_names_its_fields() {
        let dir = std::env::temp_dir().join(format!("game-verify-snapshots-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let written = verify(&claims(), Scale::Quick, &dir, SnapshotMode::Write).unwrap();
        assert_eq!(written.changed.len(), 1, "missing at first");
        verify(&claims(), Scale::Quick, &dir, SnapshotMode::Check).unwrap().into_result().unwrap();
        let full = verify(&claims(), Scale::Full, &dir, SnapshotMode::Check).unwrap();
        let fields = &full.changed[0].fields;
        assert!(fields.iter().any(|f| f.starts_with("bound:")), "{fields:?}");
        assert!(fields.iter().any(|f| f.starts_with("cases:")), "{fields:?}");
        assert!(fields.iter().any(|f| f.starts_with("digest:")), "{fields:?}");
        let message = full.into_result().unwrap_err().to_string();
        assert!(message.contains("cargo xtask verify"), "{message}");
        std::fs::write(dir.join("GONE.json"), "{}").unwrap();
        assert_eq!(stale_snapshots(&dir, &claims()).unwrap(), vec![dir.join("GONE.json")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
