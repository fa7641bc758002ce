//! [`ClaimsTest`]: a crate's claims checked from one test function, the way every crate of
//! this workspace (and a user's own crate) does it, steered by environment variables so that
//! `cargo xtask verify` can run every crate's claims at full bounds without knowing them.
//!
//! Steering, all optional (a plain `cargo test` checks every claim at quick bounds):
//!
//! | variable | meaning |
//! | --- | --- |
//! | `GAME_VERIFY_SCALE` | `quick` (default) or `full` |
//! | `GAME_VERIFY_CLAIMS` | ids to run, separated by commas or spaces; ids of other crates are ignored |
//! | `GAME_VERIFY_LIST` | a file: write the ids of the claims (JSON list) there and run nothing |
//! | `GAME_VERIFY_RESULTS` | a file: write the outcome there as JSON (the table, the failures, the changed and stale snapshots) and print `game-verify: done ID` on standard error after each claim |
//!
//! Whether snapshots are written is insta's business (`INSTA_UPDATE`; see [`crate::verify`]).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::runner::table;
use crate::snapshots::{VerifyError, stale_snapshots, unique_ids, verify_with};
use crate::{Claim, Scale};

/// The environment variable that chooses the scale: `quick` (default) or `full`.
pub const SCALE_ENV: &str = "GAME_VERIFY_SCALE";
/// The environment variable that selects claims by id.
pub const CLAIMS_ENV: &str = "GAME_VERIFY_CLAIMS";
/// The environment variable naming a file to list the claims' ids in (nothing runs).
pub const LIST_ENV: &str = "GAME_VERIFY_LIST";
/// The environment variable naming a file to write the outcome to, as JSON.
pub const RESULTS_ENV: &str = "GAME_VERIFY_RESULTS";

/// The outcome of one [`ClaimsTest`], as written to the file named by [`RESULTS_ENV`].
#[derive(Debug, Clone, Serialize)]
pub struct ClaimsTestOutcome {
    /// How many claims ran.
    pub claims: usize,
    /// The table of results ([`crate::table`]).
    pub table: String,
    /// Each claim that ran with the wall-clock seconds its check took, in the order of the
    /// claims (what `cargo xtask verify` ranks to show the slowest; never part of a report).
    pub seconds: Vec<(String, f64)>,
    /// The error that fails the test, if any, in one line.
    pub error: Option<String>,
}

/// A crate's claims, checked from one test against insta snapshots in
/// `<crate>/tests/snapshots/{quick,full}/`.
///
/// ```no_run
/// # fn claims() -> Vec<game_verify::Claim> { Vec::new() }
/// #[test]
/// fn claims_hold_and_match_their_snapshots() {
///     game_verify::ClaimsTest::new(claims(), env!("CARGO_MANIFEST_DIR")).run();
/// }
/// ```
#[derive(Debug)]
pub struct ClaimsTest {
    claims: Vec<Claim>,
    snapshots: PathBuf,
    rewrite: Option<[String; 2]>,
}

impl ClaimsTest {
    /// The claims of the crate whose manifest directory is `manifest_dir` (pass
    /// `env!("CARGO_MANIFEST_DIR")`); their snapshots live in its `tests/snapshots/`.
    pub fn new(claims: Vec<Claim>, manifest_dir: impl AsRef<Path>) -> Self {
        Self { claims, snapshots: manifest_dir.as_ref().join("tests/snapshots"), rewrite: None }
    }

    /// Names the commands that rewrite the snapshots at quick and at full bounds, for the error
    /// message (by default: `INSTA_UPDATE=always cargo test`, with `GAME_VERIFY_SCALE=full` for
    /// the full bounds).
    pub fn rewrite_commands(mut self, quick: impl Into<String>, full: impl Into<String>) -> Self {
        self.rewrite = Some([quick.into(), full.into()]);
        self
    }

    /// The snapshot directory at `scale`.
    pub fn snapshot_dir(&self, scale: Scale) -> PathBuf {
        self.snapshots.join(scale.name())
    }

    /// Runs the claims as the environment asks (see the module doc), prints the table of
    /// results and returns the outcome.
    ///
    /// # Errors
    /// A bad environment variable, duplicate ids, failed claims, snapshots insta did not accept,
    /// stale snapshots (when every claim ran), or a file that could not be written.
    pub fn outcome(&self) -> Result<ClaimsTestOutcome, VerifyError> {
        unique_ids(&self.claims)?;
        if let Some(path) = std::env::var_os(LIST_ENV) {
            let ids: Vec<&str> = self.claims.iter().map(|c| c.id).collect();
            write_json(Path::new(&path), &ids)?;
            return Ok(ClaimsTestOutcome {
                claims: 0,
                table: String::new(),
                seconds: Vec::new(),
                error: None,
            });
        }
        let scale = match std::env::var(SCALE_ENV).as_deref() {
            Err(_) | Ok("quick") => Scale::Quick,
            Ok("full") => Scale::Full,
            Ok(other) => {
                return Err(VerifyError::BadEnvironment {
                    variable: SCALE_ENV,
                    value: other.to_string(),
                    expected: "quick or full",
                });
            }
        };
        let selection: Vec<String> = std::env::var(CLAIMS_ENV)
            .unwrap_or_default()
            .split([',', ' '])
            .filter(|id| !id.is_empty())
            .map(str::to_string)
            .collect();
        let chosen: Vec<Claim> = self
            .claims
            .iter()
            .filter(|c| selection.is_empty() || selection.iter().any(|id| id == c.id))
            .cloned()
            .collect();
        let progress = std::env::var_os(RESULTS_ENV).is_some();
        let on_done = |report: &crate::Report| {
            if progress {
                eprintln!("game-verify: done {}", report.claim);
            }
        };
        let dir = self.snapshot_dir(scale);
        let mut verification = verify_with(&chosen, scale, &dir, &on_done)?;
        let table = table(&verification.results);
        let claims = verification.results.len();
        let seconds =
            verification.results.iter().map(|timed| (timed.report.claim.clone(), timed.seconds)).collect();
        let default_rewrite = match scale {
            Scale::Quick => format!("{} cargo test", crate::ACCEPT_SNAPSHOTS),
            Scale::Full => format!("{} {SCALE_ENV}=full cargo test --release", crate::ACCEPT_SNAPSHOTS),
        };
        verification.rewrite = match &self.rewrite {
            Some([quick, full]) => scale.pick(quick, full).clone(),
            None => default_rewrite,
        };
        let mut result = verification.into_result();
        if result.is_ok() && selection.is_empty() {
            let stale = stale_snapshots(&dir, &self.claims)?;
            if !stale.is_empty() {
                result = Err(VerifyError::StaleSnapshots { paths: stale });
            }
        }
        let outcome = ClaimsTestOutcome {
            claims,
            table,
            seconds,
            error: result.as_ref().err().map(ToString::to_string),
        };
        if let Some(path) = std::env::var_os(RESULTS_ENV) {
            write_json(Path::new(&path), &outcome)?;
        }
        print!("{}", outcome.table);
        result.map(|()| outcome)
    }

    /// [`ClaimsTest::outcome`] as a test: prints the table, panics with the one-line error.
    ///
    /// # Panics
    /// Whenever [`ClaimsTest::outcome`] fails: that is the test failing.
    pub fn run(&self) {
        if let Err(error) = self.outcome() {
            panic!("{error}");
        }
    }
}

fn write_json<T: Serialize + ?Sized>(path: &Path, value: &T) -> Result<(), VerifyError> {
    let text = serde_json::to_string_pretty(value).expect("plain data always serialises");
    std::fs::write(path, text)
        .map_err(|e| VerifyError::Io { path: path.to_path_buf(), message: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evidence, Expected, Tally};

    fn holds(_: Scale) -> Evidence {
        let mut tally = Tally::new();
        tally.record(&1u8);
        tally.case(true, String::new);
        Evidence { bound: "one case".into(), tally }
    }

    fn claim(id: &'static str) -> Claim {
        Claim {
            id,
            statement: "a claim",
            source: "this test",
            methods: ["one", "two"],
            expected: Expected::Holds,
            check: holds,
        }
    }

    fn scratch(label: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("game-verify-claims-test-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_first_run_of_a_users_crate_says_how_to_write_its_snapshots() {
        let dir = scratch("first-run");
        if std::env::var("INSTA_UPDATE").as_deref() == Ok("always") {
            // Told to accept everything (a user writing their snapshots), insta writes them.
            ClaimsTest::new(vec![claim("U1")], &dir).outcome().unwrap();
            assert!(dir.join("tests/snapshots/quick/U1.snap").is_file());
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
        let error = ClaimsTest::new(vec![claim("U1")], &dir).outcome().unwrap_err().to_string();
        assert!(
            error.contains("U1 (missing)") && error.contains("INSTA_UPDATE=always cargo test"),
            "{error}"
        );
        assert!(!error.contains("xtask"), "{error}");
        let ours =
            ClaimsTest::new(vec![claim("U1")], &dir).rewrite_commands("cargo xtask verify --quick", "x");
        assert!(ours.outcome().unwrap_err().to_string().contains("`cargo xtask verify --quick`"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn duplicate_ids_fail_the_test() {
        let dir = scratch("duplicate");
        let error = ClaimsTest::new(vec![claim("U1"), claim("U1")], &dir).outcome().unwrap_err();
        assert!(matches!(error, VerifyError::DuplicateClaim { ref id } if id == "U1"), "{error}");
    }

    #[test]
    fn snapshots_live_in_the_crates_tests_folder_by_scale() {
        let test = ClaimsTest::new(vec![claim("U1")], "/crate");
        assert_eq!(test.snapshot_dir(Scale::Quick), Path::new("/crate/tests/snapshots/quick"));
        assert_eq!(test.snapshot_dir(Scale::Full), Path::new("/crate/tests/snapshots/full"));
    }

    #[test]
    #[should_panic(expected = "two claims have the id")]
    fn run_panics_with_the_error() {
        ClaimsTest::new(vec![claim("U1"), claim("U1")], scratch("run")).run();
    }

    /// The environment variable that makes [`the_environment_steers_the_test`] a child run.
    const CHILD: &str = "GAME_VERIFY_CLAIMS_TEST_CHILD";

    fn two_cases(scale: Scale) -> Evidence {
        let mut tally = Tally::new();
        for n in 0..scale.pick(2u8, 3) {
            tally.record(&n);
            tally.case(true, String::new);
        }
        Evidence { bound: format!("n < {}", scale.pick(2, 3)), tally }
    }

    fn child_claims() -> Vec<Claim> {
        vec![claim("U1"), Claim { id: "U2", check: two_cases, ..claim("U2") }]
    }

    /// Runs this test again as a child with `env` (insta accepting every report) on the crate
    /// folder `dir`; returns the child's outcome line (`ok` or the error) and its stderr.
    fn child(dir: &Path, env: &[(&str, &str)]) -> (String, String) {
        let out_file = dir.join("child-outcome.txt");
        let mut command = std::process::Command::new(std::env::current_exe().unwrap());
        command
            .args(["claims_test::tests::the_environment_steers_the_test", "--exact", "--nocapture"])
            .env(CHILD, dir)
            .env("INSTA_UPDATE", "always")
            .env_remove(SCALE_ENV)
            .env_remove(CLAIMS_ENV)
            .env_remove(LIST_ENV)
            .env_remove(RESULTS_ENV);
        for (name, value) in env {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        (std::fs::read_to_string(out_file).unwrap(), String::from_utf8_lossy(&output.stderr).into_owned())
    }

    #[test]
    fn the_environment_steers_the_test() {
        if let Some(dir) = std::env::var_os(CHILD) {
            let dir = PathBuf::from(dir);
            let outcome = match ClaimsTest::new(child_claims(), &dir).outcome() {
                Ok(outcome) => format!("ok {}", outcome.claims),
                Err(error) => error.to_string(),
            };
            std::fs::write(dir.join("child-outcome.txt"), outcome).unwrap();
            return;
        }
        let dir = scratch("steered");
        std::fs::create_dir_all(&dir).unwrap();
        let snapshots = |scale: &str| {
            let mut names: Vec<String> = std::fs::read_dir(dir.join("tests/snapshots").join(scale))
                .map(|entries| {
                    entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
                })
                .unwrap_or_default();
            names.sort();
            names
        };
        // A list: the ids, and nothing runs.
        let list = dir.join("ids.json");
        let (outcome, _) = child(&dir, &[(LIST_ENV, list.to_str().unwrap())]);
        assert_eq!(outcome, "ok 0");
        assert_eq!(
            serde_json::from_str::<Vec<String>>(&std::fs::read_to_string(&list).unwrap()).unwrap(),
            ["U1", "U2"]
        );
        assert!(snapshots("quick").is_empty());
        // A selection at full scale, with a results file and progress lines.
        let results = dir.join("results.json");
        let (outcome, stderr) = child(
            &dir,
            &[(SCALE_ENV, "full"), (CLAIMS_ENV, "U2,OTHER"), (RESULTS_ENV, results.to_str().unwrap())],
        );
        assert_eq!(outcome, "ok 1");
        assert_eq!((snapshots("full"), snapshots("quick")), (vec!["U2.snap".to_string()], vec![]));
        assert!(stderr.contains("game-verify: done U2") && !stderr.contains("done U1"), "{stderr}");
        let written: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
        assert_eq!((written["claims"].as_u64(), written["error"].is_null()), (Some(1), true));
        let timed = written["seconds"].as_array().unwrap();
        assert_eq!((timed.len(), timed[0][0].as_str()), (1, Some("U2")), "{written}");
        assert!(timed[0][1].as_f64().is_some_and(|s| s >= 0.0), "{written}");
        assert!(written["table"].as_str().unwrap().contains("U2     n < 3"), "{written}");
        // Everything at quick scale; then a stale snapshot fails the whole run, not a selection.
        assert_eq!(child(&dir, &[]).0, "ok 2");
        assert_eq!(snapshots("quick"), ["U1.snap", "U2.snap"]);
        std::fs::write(dir.join("tests/snapshots/quick/GONE.snap"), "x").unwrap();
        assert!(child(&dir, &[]).0.starts_with("snapshots of no claim (remove them)"));
        assert_eq!(child(&dir, &[(CLAIMS_ENV, "U1")]).0, "ok 1");
        // A scale it does not know.
        assert_eq!(
            child(&dir, &[(SCALE_ENV, "huge")]).0,
            "GAME_VERIFY_SCALE=\"huge\": expected quick or full"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
