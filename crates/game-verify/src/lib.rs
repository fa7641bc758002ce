//! The claims of the source documents, each checked by exhaustion against the generic engine,
//! and the machinery to verify any set of claims — this crate's or your own.
//!
//! Every [`Claim`] has an id: those of the project's list of claims (`docs/claims.md`: W1..W11,
//! Y1..Y4, N1..N6, R1..R9) or our own (C1..C4 for the common ground of game graphs, NS and NO..
//! for sums and Nim's outcomes, WG and WM for Wythoff's Grundy values and misère play). Ids with
//! an `X` (X1, WX, NX, RX) are claims that are *false* on purpose and must be refuted by the
//! counterexample they name, showing that the checker can fail. A check computes its answer by
//! two methods that share no code on the path being checked — named in [`Claim::methods`] — and
//! compares them over a bound that depends on the [`Scale`]: [`Scale::Quick`] for `cargo test`,
//! [`Scale::Full`] for `cargo xtask verify`. [`registry`] lists them grouped as in
//! `docs/claims.md` (game graphs, Wythoff and Chang, Nim, rotation), each false claim within its
//! group.
//!
//! The result is a [`Report`]: claim, methods, bound, cases checked, [`Verdict`], a digest
//! (SHA-256 prefix) of every computed object, and on failure the smallest counterexample.
//! Reports contain no timings, so they are deterministic and are kept as
//! [insta](https://insta.rs) snapshots (`<id>.snap`). A report [passes](Report::passed) only if
//! its verdict is the expected one: a check that panics or checks no case never passes, and a
//! false claim passes only when refuted by exactly the counterexample it names.
//!
//! ```
//! use game_verify::{registry, run, Scale, Verdict};
//! let claim = registry().into_iter().find(|c| c.id == "C2").unwrap();
//! let report = run(&claim, Scale::Quick);
//! assert_eq!(report.verdict, Verdict::Holds);
//! assert!(report.passed());
//! ```
//!
//! # Verifying your own claims
//!
//! A crate outside this workspace writes its claims as [`Claim`]s and checks them from one test
//! with [`ClaimsTest`]: it runs them in parallel, compares each report with its insta snapshot in
//! `tests/snapshots/quick/` (or `full/` with `GAME_VERIFY_SCALE=full`), and fails with a
//! one-line reason per failed claim or changed snapshot. The first run has no snapshots: it
//! fails and says how to write them (`INSTA_UPDATE=always cargo test`, or review the pending
//! `.snap.new` files with `cargo insta review`). [`verify`] does the same for any directory.
//!
//! ```
//! use game_verify::{Claim, Evidence, Expected, Scale, Tally, verify};
//!
//! fn squares_are_sums_of_odd_numbers(scale: Scale) -> Evidence {
//!     let up_to = scale.pick(100u64, 10_000);
//!     let mut tally = Tally::new();
//!     let mut sum = 0;
//!     for n in 1..=up_to {
//!         sum += 2 * n - 1; // method 1: add the odd numbers
//!         tally.record(&(n, sum));
//!         tally.case(sum == n * n, || format!("n = {n}: sum {sum}")); // method 2: n * n
//!     }
//!     Evidence { bound: format!("n <= {up_to}"), tally }
//! }
//!
//! let claims = [Claim {
//!     id: "Q1",
//!     statement: "1 + 3 + ... + (2n - 1) = n^2",
//!     source: "folklore",
//!     methods: ["running sum of odd numbers", "n * n"],
//!     expected: Expected::Holds,
//!     check: squares_are_sums_of_odd_numbers,
//! }];
//! let dir = std::env::temp_dir().join(format!("game-verify-doc-{}", std::process::id()));
//! // No snapshot yet: the claim holds, but the check fails until the snapshot is written
//! // (insta writes it when run with INSTA_UPDATE=always; otherwise it leaves Q1.snap.new).
//! let first = verify(&claims, Scale::Quick, &dir)?;
//! assert!(first.failed.is_empty());
//! assert_eq!(first.changed[0].fields, ["missing"]);
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), game_verify::VerifyError>(())
//! ```

#![deny(missing_docs)]

mod claims;
mod claims_test;
mod runner;
mod snapshots;
mod tally;

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

pub use claims_test::{CLAIMS_ENV, ClaimsTest, ClaimsTestOutcome, LIST_ENV, RESULTS_ENV, SCALE_ENV};
pub use runner::{Timed, run_claims, select, table};
pub use snapshots::{
    ACCEPT_SNAPSHOTS, SnapshotDifference, Verification, VerifyError, read_snapshot, snapshot_path,
    snapshot_text, stale_snapshots, unique_ids, verify, verify_with,
};
pub use tally::Tally;

/// How far a check goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Scale {
    /// Small bounds, for `cargo test`.
    Quick,
    /// The full bounds of `cargo xtask verify`.
    Full,
}

impl Scale {
    /// Picks the bound for this scale.
    pub fn pick<T>(self, quick: T, full: T) -> T {
        match self {
            Scale::Quick => quick,
            Scale::Full => full,
        }
    }

    /// `"quick"` or `"full"`, used in snapshot paths.
    pub fn name(self) -> &'static str {
        self.pick("quick", "full")
    }
}

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum Verdict {
    /// At least one case was checked and every case agreed.
    Holds,
    /// At least one case disagreed; the report carries the first (smallest) one.
    Refuted,
    /// The check counted no case: it proves nothing, so it never passes.
    Empty,
    /// The check panicked (a bug in a checked crate or in the check): never passes.
    Panicked,
}

/// The verdict a claim should get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Expected {
    /// Every case agrees.
    Holds,
    /// The claim is false on purpose: it must be refuted, and its first counterexample must be
    /// exactly this text (so a different failure, or a panic, does not count as the refutation).
    Refuted {
        /// The report's expected counterexample, word for word.
        counterexample: &'static str,
    },
}

/// One claim of a source (or of our own), with its check.
#[derive(Clone)]
pub struct Claim {
    /// Id from the list of claims (W1, Y3, N3, R5, ...) or our own (C1.., WX, ...): unique
    /// among the claims verified together, since it names the snapshot file.
    pub id: &'static str,
    /// What is claimed, in one sentence.
    pub statement: &'static str,
    /// Where it is claimed (seed and section, or a paper).
    pub source: &'static str,
    /// The two independent methods the check compares, in words (they share no code on the
    /// path being checked).
    pub methods: [&'static str; 2],
    /// The verdict we expect: `Refuted` with its counterexample for the false claims kept to
    /// show that the checker can fail.
    pub expected: Expected,
    /// The check: computes everything twice over the bound for the scale and tallies the cases.
    pub check: fn(Scale) -> Evidence,
}

impl std::fmt::Debug for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Claim").field("id", &self.id).field("statement", &self.statement).finish()
    }
}

/// What a check returns: the bound it covered, in words, and its tally of cases.
#[derive(Debug)]
pub struct Evidence {
    /// The bound, e.g. `"boards 0 <= x, y < 500"`.
    pub bound: String,
    /// Cases, digest and the first counterexample.
    pub tally: Tally,
}

/// The outcome of running one claim's check. Deterministic: no timings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The claim's id.
    pub claim: String,
    /// The claim's statement.
    pub statement: String,
    /// Where the claim comes from.
    pub source: String,
    /// The two methods compared.
    pub methods: [String; 2],
    /// The bound checked.
    pub bound: String,
    /// Number of cases checked.
    pub cases: u64,
    /// What the check found.
    pub verdict: Verdict,
    /// What we expected to find.
    pub expected: Expected,
    /// SHA-256 (first 16 hex digits) of the computed objects and case outcomes, in a canonical
    /// order.
    pub digest: String,
    /// The first counterexample found (or the panic message).
    pub counterexample: Option<String>,
}

impl Report {
    /// True if the verdict is the expected one: `Holds` for a true claim; `Refuted` with exactly
    /// the named counterexample for a false one. `Empty` and `Panicked` never pass.
    pub fn passed(&self) -> bool {
        match (self.expected, self.verdict) {
            (Expected::Holds, Verdict::Holds) => true,
            (Expected::Refuted { counterexample }, Verdict::Refuted) => {
                self.counterexample.as_deref() == Some(counterexample)
            }
            _ => false,
        }
    }

    /// Why the report does not pass, in words (`None` if it [passes](Report::passed)): a true
    /// claim refuted or with no case, a false claim that held or was refuted by another
    /// counterexample than the one it names (`expected counterexample "X", got "Y"`), a panic.
    pub fn failure(&self) -> Option<String> {
        if self.passed() {
            return None;
        }
        let found = self.counterexample.as_deref().unwrap_or("none");
        Some(match (self.expected, self.verdict) {
            (_, Verdict::Panicked) => found.to_string(),
            (_, Verdict::Empty) => "the check counted no case, so it proves nothing".to_string(),
            (Expected::Holds, _) => format!("refuted: {found}"),
            (Expected::Refuted { counterexample }, Verdict::Refuted) => {
                format!("expected counterexample {counterexample:?}, got {found:?}")
            }
            (Expected::Refuted { counterexample }, _) => {
                format!("expected to be refuted by {counterexample:?}, but every case held")
            }
        })
    }
}

/// Every claim of this crate, grouped as in `docs/claims.md`: game graphs (C1..C4, X1),
/// Wythoff and Chang (W.., Y.., WM, WG, WX), Nim (N.., NS, NO.., NX), rotation (R.., RX); each
/// false claim within its group.
pub fn registry() -> Vec<Claim> {
    claims::all()
}

/// Runs one claim's check at the given scale.
///
/// A check that panics is reported with the verdict [`Verdict::Panicked`] and the panic message
/// as its counterexample, so one broken claim cannot hide the others and never passes.
pub fn run(claim: &Claim, scale: Scale) -> Report {
    let check = claim.check;
    let outcome = catch_unwind(AssertUnwindSafe(move || check(scale)));
    let methods = claim.methods.map(str::to_string);
    let (bound, cases, verdict, digest, counterexample) = match outcome {
        Ok(Evidence { bound, tally }) => {
            let verdict = if tally.counterexample().is_some() {
                Verdict::Refuted
            } else if tally.cases() == 0 {
                Verdict::Empty
            } else {
                Verdict::Holds
            };
            (bound, tally.cases(), verdict, tally.digest(), tally.counterexample().map(str::to_string))
        }
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            let counterexample = Some(format!("the check panicked: {message}"));
            ("(the check panicked)".to_string(), 0, Verdict::Panicked, String::new(), counterexample)
        }
    };
    Report {
        claim: claim.id.to_string(),
        statement: claim.statement.to_string(),
        source: claim.source.to_string(),
        methods,
        bound,
        cases,
        verdict,
        expected: claim.expected,
        digest,
        counterexample,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(expected: Expected, check: fn(Scale) -> Evidence) -> Claim {
        Claim {
            id: "T",
            statement: "a test claim",
            source: "this test",
            methods: ["one", "two"],
            expected,
            check,
        }
    }

    fn panics(_: Scale) -> Evidence {
        panic!("a bug in the check")
    }

    fn no_cases(_: Scale) -> Evidence {
        Evidence { bound: "nothing".into(), tally: Tally::new() }
    }

    fn fails_at_three(scale: Scale) -> Evidence {
        let mut tally = Tally::new();
        for n in 0..scale.pick(5, 10) {
            tally.record(&n);
            tally.case(n != 3, || format!("n = {n}"));
        }
        Evidence { bound: "n < 5".into(), tally }
    }

    fn holds(scale: Scale) -> Evidence {
        let mut tally = Tally::new();
        for n in 0..scale.pick(5u32, 10) {
            tally.record(&n);
            tally.case(n * n >= n, || format!("n = {n}"));
        }
        Evidence { bound: format!("n < {}", scale.pick(5, 10)), tally }
    }

    #[test]
    fn a_panicking_check_fails_whatever_was_expected() {
        for expected in [Expected::Holds, Expected::Refuted { counterexample: "a bug in the check" }] {
            let report = run(&claim(expected, panics), Scale::Quick);
            assert_eq!(report.verdict, Verdict::Panicked);
            assert!(!report.passed(), "{report:?}");
        }
    }

    #[test]
    fn an_empty_check_fails() {
        let report = run(&claim(Expected::Holds, no_cases), Scale::Quick);
        assert_eq!(report.verdict, Verdict::Empty);
        assert!(!report.passed());
    }

    #[test]
    fn a_refuted_claim_passes_only_with_its_named_counterexample() {
        let right = run(&claim(Expected::Refuted { counterexample: "n = 3" }, fails_at_three), Scale::Quick);
        assert!(right.passed(), "{right:?}");
        let wrong = run(&claim(Expected::Refuted { counterexample: "n = 4" }, fails_at_three), Scale::Quick);
        assert_eq!(wrong.verdict, Verdict::Refuted);
        assert!(!wrong.passed());
        let not_refuted = run(&claim(Expected::Refuted { counterexample: "n = 3" }, holds), Scale::Quick);
        assert_eq!(not_refuted.verdict, Verdict::Holds);
        assert!(!not_refuted.passed());
        let refuted_true_claim = run(&claim(Expected::Holds, fails_at_three), Scale::Quick);
        assert!(!refuted_true_claim.passed());
    }

    #[test]
    fn quick_and_full_digests_differ() {
        let quick = run(&claim(Expected::Holds, holds), Scale::Quick);
        let full = run(&claim(Expected::Holds, holds), Scale::Full);
        assert!(quick.passed() && full.passed());
        assert_ne!(quick.digest, full.digest);
    }

    #[test]
    fn every_registered_claim_names_two_distinct_methods_and_a_unique_id() {
        let claims = registry();
        let mut ids: Vec<&str> = claims.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), claims.len(), "duplicate ids");
        for c in &claims {
            let [a, b] = c.methods;
            assert!(
                !a.trim().is_empty() && !b.trim().is_empty() && a != b,
                "{}: methods {:?}",
                c.id,
                c.methods
            );
        }
    }
}
