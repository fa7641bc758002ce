//! Counting cases, hashing computed objects, keeping the smallest counterexample.

use sha2::{Digest, Sha256};

/// Accumulates the cases of a check.
///
/// Feed cases in increasing order of size: the first failing case is kept as the smallest
/// counterexample. Everything computed that the claim is about goes into the digest with
/// [`Tally::record`], so two runs that compute different objects get different digests.
///
/// Two kinds of case: [`Tally::case`] tests the claim itself; [`Tally::require`] tests that the
/// two methods agree where the claim does not speak (for a false claim: that its counterexample
/// is genuine). A failed `require` is reported in place of any counterexample, prefixed with
/// `inconsistent:`, so a claim kept false on purpose cannot pass while its methods disagree.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    cases: u64,
    hasher: Sha256,
    failures: u64,
    counterexample: Option<String>,
    inconsistency: Option<String>,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one case of the claim; `ok == false` makes it a counterexample (the first one is
    /// kept). The number of failed cases goes into the digest.
    pub fn case(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.cases += 1;
        self.failures += u64::from(!ok);
        if !ok && self.counterexample.is_none() {
            self.counterexample = Some(describe());
        }
    }

    /// Counts one consistency case: the two methods must agree here whatever the claim says.
    /// A failure overrides every counterexample (see the type's documentation).
    pub fn require(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.cases += 1;
        self.failures += u64::from(!ok);
        if !ok && self.inconsistency.is_none() {
            self.inconsistency = Some(format!("inconsistent: {}", describe()));
        }
    }

    /// Hashes a computed object into the digest (its `Debug` text, which is canonical for the
    /// plain integers, tuples and vectors recorded here). Record whole objects, not summaries:
    /// the digest must change when anything computed changes.
    pub fn record<T: std::fmt::Debug + ?Sized>(&mut self, object: &T) {
        self.hasher.update(format!("{object:?}\n").as_bytes());
    }

    /// Merges a tally computed in parallel for a later part of the range.
    pub fn absorb(&mut self, later: Tally) {
        self.cases += later.cases;
        self.failures += later.failures;
        self.hasher.update(later.hasher.finalize());
        if self.counterexample.is_none() {
            self.counterexample = later.counterexample;
        }
        if self.inconsistency.is_none() {
            self.inconsistency = later.inconsistency;
        }
    }

    /// Cases counted so far.
    pub fn cases(&self) -> u64 {
        self.cases
    }

    /// The first inconsistency if any, else the first counterexample, if any.
    pub fn counterexample(&self) -> Option<&str> {
        self.inconsistency.as_deref().or(self.counterexample.as_deref())
    }

    /// First 16 hex digits of the SHA-256 of everything recorded, the number of cases and the
    /// number of failed cases.
    pub fn digest(&self) -> String {
        let mut hasher = self.hasher.clone();
        hasher.update(format!("cases {} failures {}\n", self.cases, self.failures).as_bytes());
        let hash = hasher.finalize();
        hash.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_counterexample_is_kept_and_an_inconsistency_overrides_it() {
        let mut tally = Tally::new();
        tally.case(true, || unreachable!());
        tally.case(false, || "first".into());
        tally.case(false, || "second".into());
        assert_eq!(tally.counterexample(), Some("first"));
        tally.require(false, || "methods disagree".into());
        assert_eq!(tally.counterexample(), Some("inconsistent: methods disagree"));
        assert_eq!(tally.cases(), 4);
    }

    #[test]
    fn the_digest_changes_with_every_recorded_object_and_case() {
        let digest = |objects: &[u32], ok: bool| {
            let mut tally = Tally::new();
            tally.record(objects);
            tally.case(ok, String::new);
            tally.digest()
        };
        assert_ne!(digest(&[1, 2, 3], true), digest(&[1, 2, 4], true));
        assert_ne!(digest(&[1, 2, 3], true), digest(&[1, 2, 3], false));
    }
}
