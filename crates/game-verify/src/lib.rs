//! The claims of the source documents, each checked by exhaustion against the generic engine.
//!
//! Every [`Claim`] has an id from `shared/seed-digest.md` (W1..W11, Y1..Y4, N1..N6, R1..R9) or
//! one of our own (C.. for the common ground of game graphs, X.. for claims that are *false* and
//! must be refuted, showing that the checker can fail). A check computes its answer twice — by the
//! closed form or a game crate's fast method, and by game-core on the explicit game graph or by
//! brute force — and compares, over a bound that depends on the [`Scale`]:
//! [`Scale::Quick`] for `cargo test`, [`Scale::Full`] for `cargo xtask verify`.
//!
//! The result is a [`Report`]: claim, bound, cases checked, verdict, a digest (SHA-256 prefix)
//! of the computed objects, and on failure the smallest counterexample. Reports contain no
//! timings, so they are deterministic and can be kept as snapshots.
//!
//! ```
//! use game_verify::{registry, run, Scale, Verdict};
//! let claim = registry().into_iter().find(|c| c.id == "C2").unwrap();
//! let report = run(&claim, Scale::Quick);
//! assert_eq!(report.verdict, Verdict::Holds);
//! assert!(report.passed());
//! ```

mod claims;
mod tally;

use serde::Serialize;

pub use tally::Tally;

/// How far a check goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Scale {
    /// Small bounds, for `cargo test` (seconds for the whole registry).
    Quick,
    /// The full bounds of `cargo xtask verify` (minutes for the whole registry, on 2 cores).
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

/// Whether the checked statement held on every case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// Every case agreed.
    Holds,
    /// At least one case disagreed; the report carries the smallest counterexample.
    Refuted,
}

/// One claim of a source (or of our own), with its check.
#[derive(Clone)]
pub struct Claim {
    /// Id from the seed digest (W1, Y4, N3, R5, ...) or our own (C1.., X1..).
    pub id: &'static str,
    /// What is claimed, in one sentence.
    pub statement: &'static str,
    /// Where it is claimed (seed and section, or a paper).
    pub source: &'static str,
    /// The verdict we expect: `Refuted` for the false claims kept to show the checker can fail.
    pub expected: Verdict,
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
    /// The bound checked.
    pub bound: String,
    /// Number of cases checked.
    pub cases: u64,
    /// What the check found.
    pub verdict: Verdict,
    /// What we expected to find.
    pub expected: Verdict,
    /// SHA-256 (first 16 hex digits) of the computed objects, in a canonical order.
    pub digest: String,
    /// The smallest counterexample found, if the claim was refuted.
    pub counterexample: Option<String>,
}

impl Report {
    /// True if the verdict is the expected one.
    pub fn passed(&self) -> bool {
        self.verdict == self.expected
    }
}

/// Every registered claim, ordered by id group (common ground, Wythoff, Nim, rotation, refuted).
pub fn registry() -> Vec<Claim> {
    claims::all()
}

/// Runs one claim's check at the given scale.
///
/// A check that panics (a bug in a checked crate or in the check) is reported as refuted, with the
/// panic message as its counterexample, so one broken claim cannot hide the others.
pub fn run(claim: &Claim, scale: Scale) -> Report {
    let check = claim.check;
    let Evidence { bound, tally } = std::panic::catch_unwind(move || check(scale)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        let mut tally = Tally::new();
        tally.case(false, || format!("the check panicked: {message}"));
        Evidence { bound: "(the check panicked)".into(), tally }
    });
    let verdict = if tally.counterexample().is_some() { Verdict::Refuted } else { Verdict::Holds };
    Report {
        claim: claim.id.to_string(),
        statement: claim.statement.to_string(),
        source: claim.source.to_string(),
        bound,
        cases: tally.cases(),
        verdict,
        expected: claim.expected,
        digest: tally.digest(),
        counterexample: tally.counterexample().map(str::to_string),
    }
}
