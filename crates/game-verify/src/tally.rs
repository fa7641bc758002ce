//! Counting cases, hashing computed objects, keeping the smallest counterexample.

use sha2::{Digest, Sha256};

/// Accumulates the cases of a check.
///
/// Feed cases in increasing order of size: the first failing case is kept as the smallest
/// counterexample. Everything computed that the claim is about goes into the digest with
/// [`Tally::record`], so two runs that compute different objects get different digests.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    cases: u64,
    hasher: Sha256,
    counterexample: Option<String>,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one case; `ok == false` makes it a counterexample (the first one is kept).
    pub fn case(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.cases += 1;
        if !ok && self.counterexample.is_none() {
            self.counterexample = Some(describe());
        }
    }

    /// Adds `n` passing cases at once (for checks that compare whole tables).
    pub fn passed(&mut self, n: u64) {
        self.cases += n;
    }

    /// Hashes a computed object into the digest (its `Debug` text, which is canonical for the
    /// plain integers, tuples and vectors recorded here).
    pub fn record<T: std::fmt::Debug + ?Sized>(&mut self, object: &T) {
        self.hasher.update(format!("{object:?}\n").as_bytes());
    }

    /// Merges a tally computed in parallel for a later part of the range.
    pub fn absorb(&mut self, later: Tally) {
        self.cases += later.cases;
        self.hasher.update(later.hasher.finalize());
        if self.counterexample.is_none() {
            self.counterexample = later.counterexample;
        }
    }

    /// Cases counted so far.
    pub fn cases(&self) -> u64 {
        self.cases
    }

    /// The first counterexample, if any.
    pub fn counterexample(&self) -> Option<&str> {
        self.counterexample.as_deref()
    }

    /// First 16 hex digits of the SHA-256 of everything recorded.
    pub fn digest(&self) -> String {
        let hash = self.hasher.clone().finalize();
        hash.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}
