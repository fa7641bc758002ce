//! Exact eventual periods of value sequences, and the two arguments that prove them.
//!
//! A sequence `g` is *periodic from `n0` with period `p`* if `g(n + p) = g(n)` for every
//! `n >= n0`. The *pre-period* is the least such `n0` for the least such `p`. Both are unique:
//! every eventual period is a multiple of the least one `q`, and the least `n0` is the same for
//! `q` and for its multiples (if `g(n0 - 1 + q) != g(n0 - 1)` then also
//! `g(n0 - 1 + kq) = g(n0 - 1 + q) != g(n0 - 1)`).
//!
//! Values computed up to a finite bound can only suggest a period; the functions here return a
//! period only with a proof:
//!
//! * [`window_periodicity`] — for sequences where `g(n)` for `n >= w` is a function of the `w`
//!   values before it (subtraction games, `w = max S`): two equal windows of `w` consecutive
//!   values at `a` and `a + p` force `g(n + p) = g(n)` for all `n >= a`, by induction.
//! * [`guy_smith_periodicity`] — the Guy-Smith theorem for octal games (see the function).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::NimError;
use crate::limits::{Effort, Limits};

/// An eventual period and the pre-period, both exact (least possible).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Periodicity {
    /// The least `n0` with `g(n + period) = g(n)` for all `n >= n0`.
    pub preperiod: usize,
    /// The least eventual period.
    pub period: usize,
}

impl Periodicity {
    /// The index in `0..preperiod + period` whose value equals `g(n)`, for any `n`.
    pub fn reduce(&self, n: u64) -> usize {
        let start = self.preperiod as u64;
        if n < start {
            n as usize
        } else {
            // (n - start) % period < period fits in usize because period does.
            self.preperiod + ((n - start) % self.period as u64) as usize
        }
    }
}

/// Given that `values` is periodic from `start` with period `proven` (a proven, not necessarily
/// least, period), returns the exact least period and pre-period.
///
/// Requires `values.len() >= start + proven`. O(d(proven) * proven + start).
pub fn minimise_period(values: &[u32], start: usize, proven: usize) -> Periodicity {
    debug_assert!(proven >= 1 && values.len() >= start + proven);
    // The least period q divides `proven`; since the tail from `start` is `proven`-periodic,
    // q is a period of that tail iff g(n + q) = g(n) on one block n in start..start + proven,
    // reading g(m) for m >= start + proven as g(m - proven).
    let at = |m: usize| if m < start + proven { values[m] } else { values[m - proven] };
    let period = (1..=proven)
        .filter(|&q| proven.is_multiple_of(q))
        .find(|&q| (start..start + proven).all(|n| at(n + q) == values[n]))
        .expect("proven itself is a period");
    // Walk the start back while g(n + q) = g(n) still holds.
    let mut preperiod = start;
    while preperiod > 0 && values[preperiod - 1] == at(preperiod - 1 + period) {
        preperiod -= 1;
    }
    Periodicity { preperiod, period }
}

/// The proven exact periodicity of a sequence in which every `g(n)` with `n >= window` is a
/// function of the `window` values `g(n - window) .. g(n - 1)` alone, or `None` if no two equal
/// windows occur in `values`.
///
/// Proof of the window argument: if the windows at `a` and `a + p` are equal, then `g(a + window)`
/// and `g(a + p + window)` are the same function of equal windows, so the windows at `a + 1` and
/// `a + p + 1` are equal too; by induction `g(n + p) = g(n)` for all `n >= a`. The period found
/// from the first repeated window is then minimised exactly by [`minimise_period`].
///
/// `window` must be at least 1. Expected O(len * window) worst case for hash collisions; a
/// rolling hash filters windows and every match is verified by comparison, so the result never
/// depends on the hash.
pub fn window_periodicity(values: &[u32], window: usize) -> Option<Periodicity> {
    let window = window.max(1);
    if values.len() < window {
        return None;
    }
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let top_power = (1..window).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let mut hash =
        values[..window].iter().fold(0u64, |acc, &v| acc.wrapping_mul(BASE).wrapping_add(v as u64));
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    for start in 0..=values.len() - window {
        if start > 0 {
            // Slide: drop values[start - 1], append values[start + window - 1].
            hash = hash
                .wrapping_sub((values[start - 1] as u64).wrapping_mul(top_power))
                .wrapping_mul(BASE)
                .wrapping_add(values[start + window - 1] as u64);
        }
        let current = &values[start..start + window];
        let bucket = seen.entry(hash).or_default();
        if let Some(&earlier) = bucket.iter().find(|&&e| &values[e..e + window] == current) {
            return Some(minimise_period(values, earlier, start - earlier));
        }
        bucket.push(start);
    }
    None
}

/// The exact periodicity of an octal game's Grundy values, proven by the Guy-Smith theorem, or
/// `None` if `values` (for heaps `0..values.len()`) is too short to prove any period.
///
/// **Theorem (Guy and Smith 1956).** Let an octal game have a finite code whose last nonzero
/// digit is at position `t` (the largest number of counters a move may take). If for some
/// `n0 >= 0` and `p >= 1`, `g(n + p) = g(n)` for all `n0 <= n < 2 n0 + p + t`, then
/// `g(n + p) = g(n)` for all `n >= n0`.
///
/// Proof sketch (it also covers a first digit 4, splitting a heap without taking, as `k = 0`):
/// for `n >= 2 n0 + p + t`, every option of `n + p` takes `k <= t` and leaves heaps `a <= b`
/// with `a + b = n + p - k`, so `b >= n0 + p` and `(a, b - p)` is an option of `n` with the same
/// value by induction; conversely an option `(a, b)` of `n` has `b >= n0` and gives `(a, b + p)`.
/// Taking a whole heap (`n = k`) cannot occur at these sizes since `n > t`.
///
/// This function tries `p = 1, 2, ...` and for each finds the least `n0` consistent with the data
/// (one past the last mismatch), accepting the first `p` whose theorem range `2 n0 + 2p + t - 1`
/// fits in the data. That `p` is the least eventual period and `n0` the exact pre-period, because
/// the least period needs no more data than any of its multiples. O(len * average mismatch
/// distance), typically near-linear.
pub fn guy_smith_periodicity<V: Eq>(values: &[V], max_take: usize) -> Option<Periodicity> {
    // An unlimited effort is never exceeded, so the search always answers.
    guy_smith_search(values, max_take, &mut Effort::new(&Limits::UNLIMITED), &search_name).unwrap_or(None)
}

/// [`guy_smith_periodicity`] within an effort limit: each comparison of two values is a step,
/// and the search stops with [`NimError::EffortExceeded`] past `limits.max_steps`. The search
/// is near-linear on real games, and stays so on data with a long pre-period and a short period
/// whose proof needs more heaps than given: the multiples of a period that failed are not
/// scanned (they share its pre-period, see the module doc, so they fail too). Scanning them cost
/// about `(len - n0)^2 / (2 p)` comparisons, as when the kernel checked `0.376` at heap 2^22.
///
/// # Errors
/// [`NimError::EffortExceeded`] past the step limit.
///
/// ```
/// use game_nim::{Limits, Periodicity, guy_smith_periodicity_within};
/// let values = [0, 1, 0, 1, 0];
/// let p = guy_smith_periodicity_within(&values, 1, &Limits::UNLIMITED)?;
/// assert_eq!(p, Some(Periodicity { preperiod: 0, period: 2 }));
/// let tight = Limits { max_steps: 2, ..Limits::UNLIMITED };
/// assert!(guy_smith_periodicity_within(&values, 1, &tight).is_err());
/// # Ok::<(), game_nim::NimError>(())
/// ```
pub fn guy_smith_periodicity_within<V: Eq>(
    values: &[V],
    max_take: usize,
    limits: &Limits,
) -> Result<Option<Periodicity>, NimError> {
    guy_smith_search(values, max_take, &mut Effort::new(limits), &search_name)
}

fn search_name() -> String {
    "the Guy-Smith period search".to_string()
}

/// The search of [`guy_smith_periodicity`], spending one step of `effort` per comparison; an
/// error names `what` past the limit.
pub(crate) fn guy_smith_search<V: Eq>(
    values: &[V],
    max_take: usize,
    effort: &mut Effort,
    what: &dyn Fn() -> String,
) -> Result<Option<Periodicity>, NimError> {
    let len = values.len();
    let mut failed = FailedPeriods::default();
    for period in 1..len {
        if 2 * period + max_take > len {
            return Ok(None); // this period and every larger one need more data than given
        }
        if failed.divides(period) {
            continue;
        }
        // Least n0 with g(n + p) = g(n) for all n0 <= n < len - p: one past the last mismatch.
        let mut preperiod = 0;
        let mut compared = 0;
        for n in (0..len - period).rev() {
            compared += 1;
            if values[n] != values[n + period] {
                preperiod = n + 1;
                break;
            }
        }
        effort.spend(compared, what)?;
        // The theorem needs indices up to 2 n0 + 2 p + t - 1.
        if 2 * preperiod + 2 * period + max_take > len {
            // Here n0 >= 1 (with n0 = 0 the period would have been proven).
            failed.push(period, len - preperiod);
            continue;
        }
        return Ok(Some(Periodicity { preperiod, period }));
    }
    Ok(None)
}

/// The periods that [`guy_smith_search`] found not proven, with the multiples it need not scan.
///
/// If `p` has its last mismatch at `n0 - 1` (so `n0 >= 1`), a multiple `q = kp` with
/// `n0 - 1 + q < len` has its last mismatch there too (the module doc: `g(n0 - 1 + q) =
/// g(n0 - 1 + p) != g(n0 - 1)`, and `g(n + q) = g(n)` above it by `k` steps of `p`), so it needs
/// `2 n0 + 2q + t > 2 n0 + 2p + t` values, more than `p` did: it fails too. Multiples beyond
/// `len - n0` are scanned, since their window ends before `n0 - 1`.
#[derive(Default)]
struct FailedPeriods {
    /// Per failed period `p` whose skipped multiples are not all passed: `(p, next multiple,
    /// last multiple that may be skipped)`.
    open: Vec<(usize, usize, usize)>,
}

impl FailedPeriods {
    /// Records the failed `period` whose pre-period leaves `tail = len - n0` values after it.
    fn push(&mut self, period: usize, tail: usize) {
        if 2 * period <= tail {
            self.open.push((period, 2 * period, tail));
        }
    }

    /// Whether `period`, asked in increasing order from 1, is a skipped multiple of a failed one.
    fn divides(&mut self, period: usize) -> bool {
        let mut skipped = false;
        for (step, next, _) in &mut self.open {
            if *next == period {
                skipped = true;
                *next += *step;
            }
        }
        self.open.retain(|&(_, next, last)| next <= last);
        skipped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimise_finds_least_period_and_preperiod() {
        // 5 7 | 1 2 1 2 1 2 ... proven with period 4 from index 4.
        let v = [5, 7, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
        assert_eq!(minimise_period(&v, 4, 4), Periodicity { preperiod: 2, period: 2 });
        // The last value before the period equals the period's last value: pre-period shrinks.
        let w = [9, 2, 1, 2, 1, 2, 1, 2];
        assert_eq!(minimise_period(&w, 2, 2), Periodicity { preperiod: 1, period: 2 });
    }

    #[test]
    fn window_argument_needs_a_full_repeated_window() {
        // Window 3: 0 0 1 | 0 0 1 repeats after 3.
        assert_eq!(window_periodicity(&[0, 0, 1, 0, 0, 1], 3), Some(Periodicity { preperiod: 0, period: 3 }));
        // No window of length 3 repeats.
        assert_eq!(window_periodicity(&[0, 0, 1, 0, 0, 2], 3), None);
        assert_eq!(Periodicity { preperiod: 2, period: 3 }.reduce(10), 2 + (8 % 3));
        assert_eq!(Periodicity { preperiod: 2, period: 3 }.reduce(1), 1);
    }

    #[test]
    fn guy_smith_requires_enough_data() {
        // Constant 0 1 sequence with t = 1: period 2 from 0 needs 2*0 + 4 + 1 = 5 values.
        let v = [0, 1, 0, 1, 0];
        assert_eq!(guy_smith_periodicity(&v, 1), Some(Periodicity { preperiod: 0, period: 2 }));
        assert_eq!(guy_smith_periodicity(&v[..4], 1), None);
    }

    /// The effort counts every comparison: 0.127-like data (pre-period 40, period 4) cut short
    /// of its proof makes the search scan period 4 back to heap 40, and no multiple of 4.
    #[test]
    fn guy_smith_effort_counts_every_comparison() {
        // 40 distinct values, then 0 1 2 3 repeated: proof of period 4 from 40 needs
        // 2 * 40 + 8 + 1 = 89 values; give 88.
        let values: Vec<u32> = (100..140).chain((0..48).map(|i| i % 4)).collect();
        assert_eq!(guy_smith_periodicity(&values, 1), None);
        let mut effort = Effort::new(&Limits::UNLIMITED);
        assert_eq!(guy_smith_search(&values, 1, &mut effort, &search_name).unwrap(), None);
        // Period 4 scans from 83 down to 39 (45 comparisons); its multiples 8..=40 share its
        // pre-period and are not scanned; p = 4k + r (r != 0) mismatches at once; the search
        // stops at 44 (a period of 44 needs 2 * 44 + 1 = 89 > 88 values).
        let others = (1..44).filter(|p| p % 4 != 0).count();
        let steps = 45 + others;
        let exact = Limits { max_steps: steps as u128, ..Limits::UNLIMITED };
        assert_eq!(guy_smith_periodicity_within(&values, 1, &exact), Ok(None));
        let one_less = Limits { max_steps: steps as u128 - 1, ..Limits::UNLIMITED };
        assert!(matches!(
            guy_smith_periodicity_within(&values, 1, &one_less),
            Err(NimError::EffortExceeded { .. })
        ));
        // One more value proves period 4 from 40.
        let mut longer = values.clone();
        longer.push(0);
        assert_eq!(guy_smith_periodicity(&longer, 1), Some(Periodicity { preperiod: 40, period: 4 }));
    }

    /// Fewer values than one window: no window, no period (and no underflow).
    #[test]
    fn window_longer_than_the_data() {
        assert_eq!(window_periodicity(&[1, 2], 5), None);
        assert_eq!(window_periodicity(&[1, 2], 2), None);
    }

    /// The effort error names the period search.
    #[test]
    fn the_effort_error_names_the_search() {
        let tight = Limits { max_steps: 0, ..Limits::UNLIMITED };
        assert_eq!(
            guy_smith_periodicity_within(&[0, 1, 0, 1, 0], 1, &tight),
            Err(NimError::EffortExceeded { what: "the Guy-Smith period search".into(), steps: 0 })
        );
    }

    /// The exact periodicity of `prefix` followed by `block` repeated four times, by the
    /// definition: the least q dividing the block's length that is a cyclic period of the
    /// block, and one past the last n with g(n) != g(n + q).
    fn periodicity_by_definition(values: &[u32], block: &[u32]) -> Periodicity {
        let b = block.len();
        let period = (1..=b)
            .filter(|&q| b.is_multiple_of(q))
            .find(|&q| (0..b).all(|i| block[i] == block[(i + q) % b]))
            .expect("b is a cyclic period");
        let preperiod =
            (0..values.len() - period).rev().find(|&n| values[n] != values[n + period]).map_or(0, |n| n + 1);
        Periodicity { preperiod, period }
    }

    /// Every period in turn, scanned in full: the search before multiples of a failed period
    /// were skipped.
    fn guy_smith_every_period(values: &[u32], max_take: usize) -> Option<Periodicity> {
        let len = values.len();
        (1..len).take_while(|&p| 2 * p + max_take <= len).find_map(|period| {
            let preperiod =
                (0..len - period).rev().find(|&n| values[n] != values[n + period]).map_or(0, |n| n + 1);
            (2 * preperiod + 2 * period + max_take <= len).then_some(Periodicity { preperiod, period })
        })
    }

    /// A long pre-period and period 4, cut short of the proof, as the kernel's check at heap
    /// 2^22 sees `0.376` (pre-period 2268248): a few comparisons per value, not one per value
    /// and multiple of 4.
    #[test]
    fn a_short_period_cut_short_of_its_proof_is_searched_in_linear_steps() {
        let preperiod = 60_000;
        let values: Vec<u32> =
            (0..preperiod).map(|n| 4 + n * n % 1009).chain((0..50_000).map(|n| n % 4)).collect();
        let steps = 3 * values.len() as u128;
        let limits = Limits { max_steps: steps, ..Limits::UNLIMITED };
        assert_eq!(guy_smith_periodicity_within(&values, 3, &limits), Ok(None));
        assert_eq!(guy_smith_every_period(&values, 3), None);
    }

    proptest::proptest! {
        /// The search equals the plain one over every period, on a prefix and a repeated block
        /// cut anywhere (often short of the proof, where multiples of the period are skipped).
        #[test]
        fn skipping_multiples_of_failed_periods_changes_no_answer(
            prefix in proptest::collection::vec(0u32..3, 0..40),
            block in proptest::collection::vec(0u32..3, 1..6),
            repeats in 1usize..30,
            cut in 0usize..6,
            max_take in 0usize..4,
        ) {
            let mut values = prefix.clone();
            for _ in 0..repeats {
                values.extend_from_slice(&block);
            }
            values.truncate(values.len().saturating_sub(cut));
            proptest::prop_assert_eq!(
                guy_smith_periodicity(&values, max_take),
                guy_smith_every_period(&values, max_take)
            );
        }

        /// `minimise_period` from a proven (block-length) period, including data that ends
        /// exactly at `start + proven`, against the definition on four repetitions.
        #[test]
        fn minimise_period_matches_the_definition(
            prefix in proptest::collection::vec(0u32..3, 0..6),
            block in proptest::collection::vec(0u32..3, 1..7),
        ) {
            let mut values = prefix.clone();
            for _ in 0..4 {
                values.extend_from_slice(&block);
            }
            let expected = periodicity_by_definition(&values, &block);
            let (start, proven) = (prefix.len(), block.len());
            proptest::prop_assert_eq!(minimise_period(&values, start, proven), expected);
            // Only the values up to start + proven are needed.
            proptest::prop_assert_eq!(minimise_period(&values[..start + proven], start, proven), expected);
        }
    }
}
