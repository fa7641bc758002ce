//! Reports kept as [insta](https://insta.rs) snapshots: `<dir>/<claim>.snap`, insta's file
//! format (a metadata header, then the report as pretty JSON), stored and compared by insta's
//! `assert_snapshot!`; and [`verify`]: run claims and check them against their snapshots in one
//! call.
//!
//! Whether insta writes a snapshot that is missing or differs is insta's choice, from its
//! environment: `INSTA_UPDATE=always` accepts every new report, `INSTA_UPDATE=no` (or the
//! default under `CI=true`) writes nothing and fails, and the default elsewhere writes a
//! `<claim>.snap.new` beside the snapshot for review (`cargo insta review`, or accept them all by
//! running again with `INSTA_UPDATE=always`). Before insta compares, this module reads the stored
//! report itself, so that a difference is named field by field (`digest: "1a2b.." -> "3c4d.."`)
//! rather than only as a text diff.
//!
//! **A report that does not pass is never written as a snapshot**: it is not shown to insta at
//! all, so no update mode can accept it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::runner::{Timed, run_claims};
use crate::{Claim, Report, Scale};

/// The environment variable that makes insta accept every new or changed snapshot:
/// `INSTA_UPDATE=always`. Named in error messages, so that a user outside this workspace knows
/// how to write the snapshots of their own claims.
pub const ACCEPT_SNAPSHOTS: &str = "INSTA_UPDATE=always";

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
    /// Two claims share an id: their snapshots would overwrite each other.
    #[error("two claims have the id {id:?} (ids name snapshot files, so each must be unique)")]
    DuplicateClaim {
        /// The id given twice.
        id: String,
    },
    /// Some claims did not get their expected verdict.
    #[error("claims that failed: {}", .claims.join("; "))]
    Failed {
        /// Each failed claim with the reason (see [`Report::failure`]).
        claims: Vec<String>,
    },
    /// Some snapshots are missing or differ from the recomputed reports.
    #[error(
        "snapshots in {} differ from the recomputed reports: {}; if the change is intended, rewrite them with `{}`",
        .dir.display(), .differences.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "), .rewrite
    )]
    SnapshotsDiffer {
        /// The snapshot directory.
        dir: PathBuf,
        /// What differs.
        differences: Vec<SnapshotDifference>,
        /// The command that rewrites them.
        rewrite: String,
    },
    /// Snapshot files that belong to no claim: left over from a removed or renamed claim.
    #[error("snapshots of no claim (remove them): {}", .paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))]
    StaleSnapshots {
        /// The files.
        paths: Vec<PathBuf>,
    },
    /// An environment variable that steers a [`crate::ClaimsTest`] has a value it does not take.
    #[error("{variable}={value:?}: expected {expected}")]
    BadEnvironment {
        /// The variable.
        variable: &'static str,
        /// Its value.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// A snapshot file or its directory could not be read or written.
    #[error("{}: {message}", .path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// The snapshot's body for a report: pretty JSON. Deterministic.
pub fn snapshot_text(report: &Report) -> String {
    serde_json::to_string_pretty(report).expect("a report always serialises")
}

/// The path of a claim's snapshot in `dir`.
pub fn snapshot_path(dir: &Path, claim: &str) -> PathBuf {
    dir.join(format!("{claim}.snap"))
}

/// The report stored in the snapshot of `claim` in `dir` (insta's file, read by insta), as JSON;
/// `None` if there is no such file.
///
/// # Errors
/// [`VerifyError::Io`] if the file exists but is not an insta snapshot of a JSON report.
pub fn read_snapshot(dir: &Path, claim: &str) -> Result<Option<Value>, VerifyError> {
    let path = snapshot_path(dir, claim);
    if !path.exists() {
        return Ok(None);
    }
    let error = |message: String| VerifyError::Io { path: path.clone(), message };
    let snapshot = insta::Snapshot::from_file(&path).map_err(|e| error(e.to_string()))?;
    let text = snapshot
        .contents()
        .as_text()
        .ok_or_else(|| error("a binary snapshot, not a report".into()))?
        .to_string();
    serde_json::from_str(&text).map(Some).map_err(|e| error(format!("not a report: {e}")))
}

/// Field-by-field differences between the stored report and the recomputed one, or `None` if
/// they are equal.
fn differences(stored: &Value, report: &Report) -> Option<Vec<String>> {
    let fresh = serde_json::to_value(report).expect("a report always serialises");
    if *stored == fresh {
        return None;
    }
    let (Value::Object(old), Value::Object(fresh)) = (stored, &fresh) else {
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

/// Shows one passing report to insta as the snapshot `<dir>/<claim>.snap`. Returns what differed
/// from the stored snapshot before insta acted (`None`: nothing), and whether insta accepted the
/// report (it did if nothing differed, or if its update mode wrote the new snapshot).
fn compare_with_insta(dir: &Path, report: &Report) -> Result<(Option<Vec<String>>, bool), VerifyError> {
    let difference = match read_snapshot(dir, &report.claim) {
        Ok(Some(stored)) => differences(&stored, report),
        Ok(None) => Some(vec!["missing".to_string()]),
        Err(VerifyError::Io { message, .. }) => Some(vec![format!("not readable: {message}")]),
        Err(other) => return Err(other),
    };
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.set_description(report.statement.clone());
    let text = snapshot_text(report);
    let name = report.claim.as_str();
    let accepted =
        settings.bind(|| catch_unwind(AssertUnwindSafe(|| insta::assert_snapshot!(name, text))).is_ok());
    Ok((difference, accepted))
}

/// Snapshot files in `dir` (`*.snap`, and insta's pending `*.snap.new`) that belong to none of
/// `claims`: left over from a removed or renamed claim. A missing directory has none.
///
/// # Errors
/// [`VerifyError::Io`] if the directory exists but cannot be read.
pub fn stale_snapshots(dir: &Path, claims: &[Claim]) -> Result<Vec<PathBuf>, VerifyError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(VerifyError::Io { path: dir.to_path_buf(), message: e.to_string() }),
    };
    let mut stale: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|s| s.to_str()).unwrap_or("");
            let id = name.strip_suffix(".snap").or_else(|| name.strip_suffix(".snap.new"));
            id.is_some_and(|id| !claims.iter().any(|c| c.id == id))
        })
        .collect();
    stale.sort();
    Ok(stale)
}

/// Refuses a list of claims in which two share an id.
///
/// # Errors
/// [`VerifyError::DuplicateClaim`] naming the first id given twice.
pub fn unique_ids(claims: &[Claim]) -> Result<(), VerifyError> {
    let mut seen = std::collections::BTreeSet::new();
    match claims.iter().find(|c| !seen.insert(c.id)) {
        Some(twice) => Err(VerifyError::DuplicateClaim { id: twice.id.to_string() }),
        None => Ok(()),
    }
}

/// The result of [`verify`]: every report with its time, the claims that failed and the
/// snapshots that were missing or differed.
#[derive(Debug)]
pub struct Verification {
    /// Reports in the order of the claims, with seconds.
    pub results: Vec<Timed>,
    /// Claims whose verdict is not the expected one: `"id: reason"` ([`Report::failure`]).
    pub failed: Vec<String>,
    /// Snapshots of passing claims that were missing or differed from the recomputed report.
    pub changed: Vec<SnapshotDifference>,
    /// The ids among [`Verification::changed`] whose new report insta did not accept (its
    /// update mode wrote nothing, or only a pending `.snap.new` file).
    pub rejected: Vec<String>,
    /// The snapshot directory.
    pub dir: PathBuf,
    /// The command that rewrites the snapshots, named in the error (by default
    /// `INSTA_UPDATE=always cargo test`).
    pub rewrite: String,
}

impl Verification {
    /// Ok if every claim passed and insta accepted every report.
    ///
    /// # Errors
    /// [`VerifyError::Failed`] first, then [`VerifyError::SnapshotsDiffer`] for the snapshots
    /// insta did not accept.
    pub fn into_result(self) -> Result<(), VerifyError> {
        if !self.failed.is_empty() {
            return Err(VerifyError::Failed { claims: self.failed });
        }
        if !self.rejected.is_empty() {
            let differences = self.changed.into_iter().filter(|d| self.rejected.contains(&d.claim)).collect();
            return Err(VerifyError::SnapshotsDiffer { dir: self.dir, differences, rewrite: self.rewrite });
        }
        Ok(())
    }
}

/// Runs `claims` at `scale` in parallel and compares every passing report with its insta
/// snapshot `<dir>/<id>.snap` (insta writes or refuses to write as its environment says: see the
/// module doc). Failed claims are in the result, not an error: call
/// [`Verification::into_result`] to turn them (and snapshots insta did not accept) into one.
///
/// # Errors
/// [`VerifyError::DuplicateClaim`] if two claims share an id (before anything runs).
pub fn verify(claims: &[Claim], scale: Scale, dir: &Path) -> Result<Verification, VerifyError> {
    verify_with(claims, scale, dir, &|_| {})
}

/// [`verify`], calling `on_done` after each claim's check (e.g. to advance a progress bar).
///
/// # Errors
/// [`VerifyError::DuplicateClaim`] if two claims share an id (before anything runs).
pub fn verify_with(
    claims: &[Claim],
    scale: Scale,
    dir: &Path,
    on_done: &(dyn Fn(&Report) + Sync),
) -> Result<Verification, VerifyError> {
    unique_ids(claims)?;
    let results = run_claims(claims, scale, on_done);
    let mut failed = Vec::new();
    let mut changed = Vec::new();
    let mut rejected = Vec::new();
    for Timed { report, .. } in &results {
        if let Some(reason) = report.failure() {
            failed.push(format!("{}: {reason}", report.claim));
            continue;
        }
        let (difference, accepted) = compare_with_insta(dir, report)?;
        if let Some(fields) = difference {
            changed.push(SnapshotDifference { claim: report.claim.clone(), fields });
            if !accepted {
                rejected.push(report.claim.clone());
            }
        } else if !accepted {
            // The stored report equals the new one but insta refused it: report it rather than
            // hide a disagreement between the two readings of the file.
            changed.push(SnapshotDifference {
                claim: report.claim.clone(),
                fields: vec!["insta refused a report equal to the stored one".into()],
            });
            rejected.push(report.claim.clone());
        }
    }
    Ok(Verification {
        results,
        failed,
        changed,
        rejected,
        dir: dir.to_path_buf(),
        rewrite: format!("{ACCEPT_SNAPSHOTS} cargo test"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evidence, Expected, Tally};

    fn holds(scale: Scale) -> Evidence {
        let mut tally = Tally::new();
        let up_to = scale.pick(3u32, 4);
        for n in 0..up_to {
            tally.record(&n);
            tally.case(true, String::new);
        }
        Evidence { bound: format!("n < {up_to}"), tally }
    }

    fn fails_at_one(_: Scale) -> Evidence {
        let mut tally = Tally::new();
        for n in 0..3u32 {
            tally.record(&n);
            tally.case(n != 1, || format!("n = {n}"));
        }
        Evidence { bound: "n < 3".into(), tally }
    }

    fn panics(_: Scale) -> Evidence {
        panic!("a bug in the check")
    }

    fn claim(id: &'static str, expected: Expected, check: fn(Scale) -> Evidence) -> Claim {
        Claim { id, statement: "a test claim", source: "this test", methods: ["one", "two"], expected, check }
    }

    fn scratch(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("game-verify-snapshots-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn two_claims_with_one_id_are_refused_before_anything_runs() {
        let claims = [claim("T1", Expected::Holds, holds), claim("T1", Expected::Holds, panics)];
        let dir = scratch("duplicate");
        match verify(&claims, Scale::Quick, &dir) {
            Err(VerifyError::DuplicateClaim { id }) => assert_eq!(id, "T1"),
            other => panic!("{other:?}"),
        }
        assert!(!dir.exists(), "nothing may be written");
    }

    #[test]
    fn a_missing_snapshot_is_named_and_the_error_says_how_to_write_it() {
        let dir = scratch("missing");
        let verification = verify(&[claim("T1", Expected::Holds, holds)], Scale::Quick, &dir).unwrap();
        assert!(verification.failed.is_empty());
        assert_eq!(
            verification.changed,
            [SnapshotDifference { claim: "T1".into(), fields: vec!["missing".into()] }]
        );
        if std::env::var("INSTA_UPDATE").as_deref() == Ok("always") {
            // Told to accept everything (a user writing their snapshots), insta wrote it.
            assert!(dir.join("T1.snap").is_file());
            verification.into_result().unwrap();
        } else {
            let message = verification.into_result().unwrap_err().to_string();
            assert!(message.contains("INSTA_UPDATE=always cargo test"), "{message}");
            assert!(!message.contains("xtask"), "a user outside this workspace has no xtask: {message}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_refutation_by_another_counterexample_names_both() {
        let claims = [claim("T2", Expected::Refuted { counterexample: "n = 2" }, fails_at_one)];
        let dir = scratch("counterexample");
        let verification = verify(&claims, Scale::Quick, &dir).unwrap();
        assert_eq!(verification.failed, [r#"T2: expected counterexample "n = 2", got "n = 1""#]);
        let message = verification.into_result().unwrap_err().to_string();
        assert!(!message.contains("verdict not the expected one"), "{message}");
        assert!(!dir.exists(), "a failed report is never shown to insta");
    }

    #[test]
    fn stale_snapshots_and_pending_ones_are_reported() {
        let dir = scratch("stale");
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["T1.snap", "GONE.snap", "OLD.snap.new", "notes.txt"] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        let stale = stale_snapshots(&dir, &[claim("T1", Expected::Holds, holds)]).unwrap();
        assert_eq!(stale, [dir.join("GONE.snap"), dir.join("OLD.snap.new")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The environment variable that makes [`written_only_when_passing`] the child half.
    const CHILD_DIR: &str = "GAME_VERIFY_TEST_CHILD_DIR";

    /// A failing or panicking report is never written, even when insta accepts everything
    /// (`INSTA_UPDATE=always`, set for a child run of this same test); a passing one is, in
    /// insta's format, and reads back as the report.
    #[test]
    fn written_only_when_passing() {
        let claims = [
            claim("T1", Expected::Holds, holds),
            claim("T2", Expected::Holds, fails_at_one),
            claim("T3", Expected::Holds, panics),
            claim("T4", Expected::Refuted { counterexample: "n = 2" }, fails_at_one),
        ];
        if let Some(dir) = std::env::var_os(CHILD_DIR) {
            let verification = verify(&claims, Scale::Quick, Path::new(&dir)).unwrap();
            assert_eq!(verification.failed.len(), 3, "{:?}", verification.failed);
            assert!(verification.rejected.is_empty(), "insta accepts everything here");
            return;
        }
        let dir = scratch("child");
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["snapshots::tests::written_only_when_passing", "--exact", "--nocapture"])
            .env(CHILD_DIR, &dir)
            .env("INSTA_UPDATE", "always")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&child.stdout);
        assert!(
            child.status.success() && stdout.contains("1 passed"),
            "{stdout}{}",
            String::from_utf8_lossy(&child.stderr)
        );
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        assert_eq!(files, ["T1.snap"]);
        let stored = read_snapshot(&dir, "T1").unwrap().unwrap();
        assert_eq!(stored, serde_json::to_value(crate::run(&claims[0], Scale::Quick)).unwrap());
        let text = std::fs::read_to_string(dir.join("T1.snap")).unwrap();
        assert!(text.starts_with("---\n") && text.contains("description: a test claim"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_changed_report_is_named_field_by_field() {
        let quick = crate::run(&claim("T1", Expected::Holds, holds), Scale::Quick);
        let full = crate::run(&claim("T1", Expected::Holds, holds), Scale::Full);
        let stored = serde_json::to_value(&quick).unwrap();
        assert_eq!(differences(&stored, &quick), None);
        let fields = differences(&stored, &full).unwrap();
        let names: Vec<&str> = fields.iter().map(|f| f.split(':').next().unwrap()).collect();
        assert_eq!(names, ["bound", "cases", "digest"], "{fields:?}");
        assert!(fields[1] == "cases: 3 -> 4", "{fields:?}");
        let mut edited = stored.clone();
        edited.as_object_mut().unwrap().remove("digest");
        edited["retired"] = serde_json::json!(1);
        let fields = differences(&edited, &quick).unwrap();
        assert_eq!(fields.len(), 2, "{fields:?}");
        assert!(
            fields[0].starts_with("digest: missing -> ") && fields[1] == "retired: no longer a field",
            "{fields:?}"
        );
        assert_eq!(
            differences(&serde_json::json!([1]), &quick).unwrap(),
            ["not a report: not a JSON object"]
        );
    }

    #[test]
    fn a_stored_snapshot_that_differs_is_read_through_insta_and_named() {
        let dir = scratch("differs");
        std::fs::create_dir_all(&dir).unwrap();
        let report = crate::run(&claim("T1", Expected::Holds, holds), Scale::Quick);
        let mut stored = serde_json::to_value(&report).unwrap();
        stored["digest"] = serde_json::json!("0000000000000000");
        let text = format!("---\nsource: a test\n---\n{}\n", serde_json::to_string_pretty(&stored).unwrap());
        std::fs::write(snapshot_path(&dir, "T1"), text).unwrap();
        assert_eq!(read_snapshot(&dir, "T1").unwrap(), Some(stored));
        assert_eq!(read_snapshot(&dir, "T9").unwrap(), None);
        let verification = verify(&[claim("T1", Expected::Holds, holds)], Scale::Quick, &dir).unwrap();
        let fields = &verification.changed[0].fields;
        assert_eq!(fields.len(), 1, "{fields:?}");
        assert!(fields[0].starts_with("digest: \"0000000000000000\" -> "), "{fields:?}");
        std::fs::write(snapshot_path(&dir, "T2"), "---\n---\nnot json\n").unwrap();
        assert!(matches!(read_snapshot(&dir, "T2"), Err(VerifyError::Io { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
