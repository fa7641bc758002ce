//! Subtraction games (N5): heaps of counters, a move takes `s` counters from one heap for some
//! `s` in a finite set `S` of positive amounts. Bachet's game is `S = {1..k}`, the seed's "Bubi"
//! variant `S = {1, 3, 5}`.
//!
//! One heap's values depend only on the previous `max S` values once `n >= max S`, so the
//! sequences are eventually periodic and the window argument ([`window_periodicity`]) proves the
//! exact period. Normal play combines heaps by XOR of Grundy values (Sprague-Grundy). Misère play
//! does not combine that way; for one heap this module proves the period of the misère outcome,
//! for several heaps it answers on the explicit graph ([`SubtractionSet::misere_outcome_explicit`]).

use game_core::{Game, Outcome, explore, misere_outcomes};
use serde::Serialize;

use crate::NimError;
use crate::limits::{Effort, Limits};
use crate::period::{Periodicity, window_periodicity};

/// A finite set of positive amounts that a move may take from one heap: sorted, without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct SubtractionSet {
    amounts: Vec<u64>,
}

impl SubtractionSet {
    /// Builds the set; repeated amounts are merged.
    ///
    /// # Errors
    /// [`NimError::EmptySubtractionSet`] if no amount is given, [`NimError::ZeroAmount`] if 0 is.
    ///
    /// ```
    /// use game_nim::{NimError, SubtractionSet};
    /// assert_eq!(SubtractionSet::new([5, 1, 3, 3]).unwrap().amounts(), &[1, 3, 5]);
    /// assert_eq!(SubtractionSet::new([]), Err(NimError::EmptySubtractionSet));
    /// assert_eq!(SubtractionSet::new([0, 2]), Err(NimError::ZeroAmount));
    /// ```
    pub fn new(amounts: impl IntoIterator<Item = u64>) -> Result<Self, NimError> {
        let mut amounts: Vec<u64> = amounts.into_iter().collect();
        if amounts.is_empty() {
            return Err(NimError::EmptySubtractionSet);
        }
        if amounts.contains(&0) {
            return Err(NimError::ZeroAmount);
        }
        amounts.sort_unstable();
        amounts.dedup();
        Ok(Self { amounts })
    }

    /// Bachet's game (N5, "Ziel 100"): take 1 to `max_take` counters.
    ///
    /// # Errors
    /// [`NimError::EmptySubtractionSet`] if `max_take == 0`.
    pub fn bachet(max_take: u64) -> Result<Self, NimError> {
        Self::new(1..=max_take)
    }

    /// The amounts, ascending.
    pub fn amounts(&self) -> &[u64] {
        &self.amounts
    }

    /// The largest amount, `max S` (the window of the periodicity argument).
    pub fn max_amount(&self) -> u64 {
        *self.amounts.last().expect("a subtraction set is never empty")
    }

    /// The same game as an octal code (normal play): taking `s` in `S` may leave nothing or one
    /// heap, so digit `s` is 3 and every other digit 0; `None` when an amount is beyond the
    /// [`crate::MAX_CODE_DIGITS`] digits of a code. The octal machinery (narrow tables, value
    /// files, progress) then applies to the subtraction game.
    ///
    /// ```
    /// use game_nim::{OctalGame, SubtractionSet};
    /// let set = SubtractionSet::new([1, 3, 4]).unwrap();
    /// let code: OctalGame = set.as_octal().unwrap();
    /// assert_eq!(code.to_string(), "0.3033");
    /// assert_eq!(code.grundy_values(100).unwrap(), set.grundy_sequence(100).unwrap());
    /// assert!(SubtractionSet::new([65]).unwrap().as_octal().is_none());
    /// ```
    pub fn as_octal(&self) -> Option<crate::OctalGame> {
        let last = usize::try_from(self.max_amount()).ok().filter(|&t| t <= crate::MAX_CODE_DIGITS)?;
        let mut digits = vec![b'0'; last];
        for &s in &self.amounts {
            digits[s as usize - 1] = b'3';
        }
        format!("0.{}", String::from_utf8_lossy(&digits)).parse().ok()
    }

    /// Checks that `up_to` can index a table in memory.
    fn table_len(up_to: u64) -> Result<usize, NimError> {
        const MAX: u64 = 1 << 32;
        if up_to >= MAX {
            return Err(NimError::HeapTooLarge { size: up_to, max: MAX - 1 });
        }
        Ok(up_to as usize + 1)
    }

    /// Normal-play Grundy values `g(0), ..., g(up_to)` of one heap:
    /// `g(n) = mex { g(n - s) : s in S, s <= n }`. Values are at most `|S|`.
    /// O(up_to * |S|).
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= 2^32`.
    ///
    /// ```
    /// let bubi = game_nim::SubtractionSet::new([1, 3, 5]).unwrap();
    /// assert_eq!(bubi.grundy_sequence(5).unwrap(), vec![0, 1, 0, 1, 0, 1]);
    /// ```
    pub fn grundy_sequence(&self, up_to: u64) -> Result<Vec<u32>, NimError> {
        Ok(self.sequence(Self::table_len(up_to)?, Rule::Normal))
    }

    /// Misère Grundy values `g⁻(0), ..., g⁻(up_to)` of one heap: `g⁻(n) = 1` if no move is
    /// possible (`n < min S`), else `mex { g⁻(n - s) }`. By induction `g⁻(n) = 0` iff one heap
    /// of `n` is a misère P-position (a terminal heap is won by the player to move). Unlike normal
    /// values these do not add by XOR over several heaps. O(up_to * |S|).
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= 2^32`.
    pub fn misere_grundy_sequence(&self, up_to: u64) -> Result<Vec<u32>, NimError> {
        Ok(self.sequence(Self::table_len(up_to)?, Rule::Misere))
    }

    /// Misère outcomes of one heap of `0..=up_to` counters (from [`Self::misere_grundy_sequence`]).
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= 2^32`.
    pub fn misere_outcome_sequence(&self, up_to: u64) -> Result<Vec<Outcome>, NimError> {
        Ok(self
            .misere_grundy_sequence(up_to)?
            .into_iter()
            .map(|v| if v == 0 { Outcome::P } else { Outcome::N })
            .collect())
    }

    fn sequence(&self, len: usize, rule: Rule) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::with_capacity(len);
        let mut seen = vec![usize::MAX; self.amounts.len() + 2];
        for n in 0..len {
            let mut has_move = false;
            for &s in &self.amounts {
                if s as usize > n {
                    break; // amounts are ascending
                }
                has_move = true;
                seen[values[n - s as usize] as usize] = n;
            }
            let value = if !has_move && rule == Rule::Misere {
                1
            } else {
                let mut mex = 0;
                while seen[mex] == n {
                    mex += 1;
                }
                mex as u32
            };
            values.push(value);
        }
        values
    }

    /// The proven exact periodicity of the normal-play Grundy sequence, searching heaps up to
    /// `search_limit`.
    ///
    /// Proof: for `n >= max S` every amount is available, so `g(n)` is a function of the window
    /// `g(n - max S) .. g(n - 1)`; [`window_periodicity`] finds two equal windows, which proves
    /// the period, and minimises it exactly. A repeat is certain within `(|S| + 1)^max S + max S`
    /// values (pigeonhole on windows), usually far sooner.
    ///
    /// # Errors
    /// [`NimError::PeriodNotFound`] if no window repeats up to `search_limit`;
    /// [`NimError::HeapTooLarge`] if `search_limit >= 2^32`.
    ///
    /// ```
    /// let game = game_nim::SubtractionSet::new([2, 3, 7]).unwrap();
    /// let analysis = game.analyse_normal(10_000).unwrap();
    /// assert_eq!((analysis.periodicity.preperiod, analysis.periodicity.period), (0, 5));
    /// assert_eq!(analysis.value(1_000_000_000_000), 0);
    /// ```
    pub fn analyse_normal(&self, search_limit: u64) -> Result<SubtractionAnalysis, NimError> {
        self.analyse(search_limit, Rule::Normal, &Limits::UNLIMITED)
    }

    /// [`Self::analyse_normal`] (or, with `misere`, [`Self::analyse_misere`]) within `limits`:
    /// the table grows by doubling from `4 max S + 64` heaps, and each growth is estimated
    /// ([`Self::period_search_bytes`]) and checked against the budget before it is allocated;
    /// the work (heaps times amounts) is counted against `limits.max_steps`.
    ///
    /// # Errors
    /// As [`Self::analyse_normal`], and [`NimError::OverMemoryBudget`] or
    /// [`NimError::EffortExceeded`] if no period is proven within the limits.
    pub fn analyse_within(
        &self,
        search_limit: u64,
        misere: bool,
        limits: &Limits,
    ) -> Result<SubtractionAnalysis, NimError> {
        self.analyse(search_limit, if misere { Rule::Misere } else { Rule::Normal }, limits)
    }

    /// An upper estimate of the bytes one pass of the period search over `heaps` heaps
    /// allocates: 4 bytes a value and about 96 for the window index (a hash map entry and its
    /// list of starts). Exact `u128` arithmetic.
    pub fn period_search_bytes(heaps: u64) -> u128 {
        u128::from(heaps) * 100 + (1 << 16)
    }

    /// The proven exact periodicity of the misère Grundy values of one heap (hence of the misère
    /// outcome of one heap), searching up to `search_limit`.
    ///
    /// Proof: for `n >= max S` a heap has every move, so it is not terminal and `g⁻(n)` is the
    /// mex of the window of the previous `max S` values, exactly as in normal play; the window
    /// argument applies unchanged. (Only the start differs: `g⁻(n) = 1` for `n < min S`.)
    ///
    /// # Errors
    /// As [`Self::analyse_normal`].
    pub fn analyse_misere(&self, search_limit: u64) -> Result<SubtractionAnalysis, NimError> {
        self.analyse(search_limit, Rule::Misere, &Limits::UNLIMITED)
    }

    fn analyse(
        &self,
        search_limit: u64,
        rule: Rule,
        limits: &Limits,
    ) -> Result<SubtractionAnalysis, NimError> {
        let len = Self::table_len(search_limit)?;
        let mut effort = Effort::new(limits);
        let window = usize::try_from(self.max_amount()).unwrap_or(usize::MAX);
        if window >= len {
            return Err(NimError::PeriodNotFound { limit: len - 1 });
        }
        // Grow the table by doubling so easy games stay cheap.
        let mut current = window.saturating_mul(4).saturating_add(64).min(len);
        loop {
            limits.check_bytes(
                || {
                    format!(
                        "the period search of subtraction set {:?} up to heap {search_limit}",
                        self.amounts
                    )
                },
                Self::period_search_bytes(current as u64),
            )?;
            effort.spend(current.saturating_mul(self.amounts.len() + 1), || {
                format!("the period search of subtraction set {:?} up to heap {search_limit}", self.amounts)
            })?;
            let values = self.sequence(current, rule);
            // Windows starting below... any start >= 0 is valid: the window at a is followed by
            // index a + window >= window, where the recursion uses all of S.
            if let Some(periodicity) = window_periodicity(&values, window) {
                let keep = periodicity.preperiod + periodicity.period;
                let mut values = values;
                values.truncate(keep);
                return Ok(SubtractionAnalysis { values, periodicity });
            }
            if current == len {
                return Err(NimError::PeriodNotFound { limit: len - 1 });
            }
            current = current.saturating_mul(2).min(len);
        }
    }

    /// Misère outcome of a sum of heaps, decided on the explicit game graph (game-core's
    /// [`misere_outcomes`]); for small positions only.
    ///
    /// # Errors
    /// [`NimError::Graph`] if more than `node_limit` positions are reachable.
    pub fn misere_outcome_explicit(&self, heaps: &[u64], node_limit: usize) -> Result<Outcome, NimError> {
        let root = canonical(heaps);
        let graph = explore(self, [root.clone()], node_limit)?;
        let table = misere_outcomes(&graph.graph)?;
        let node = graph.node(&root).expect("the root is in its own graph");
        Ok(table[node.index()])
    }

    /// An upper estimate of the explicit game graph that [`game_core::explore`] builds from
    /// `heaps` (canonical positions), computed before anything is allocated, with the number of
    /// positions capped at `node_limit + 1` (explore stops there).
    ///
    /// Positions: a reachable position lowers each heap independently, so the `m` heaps of one
    /// starting size `h` become a multiset of `m` sizes in `0..=h`: at most `C(m + h, m)`
    /// choices, and the positions are at most the product of these over the distinct sizes.
    /// Every position has at most (nonzero heaps) x (amounts) moves. Bytes count each position
    /// twice (graph and index) with its heap vector, and 48 bytes an arc (the graph's arc,
    /// growth slack and the misère analysis); steps count building each option (a copy and a
    /// sort of the heap vector).
    pub fn explicit_graph_estimate(&self, heaps: &[u64], node_limit: usize) -> GraphEstimate {
        let cap = node_limit as u128 + 1;
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        let mut positions: u128 = 1;
        for group in sorted.chunk_by(|a, b| a == b) {
            let (m, h) = (group.len() as u128, u128::from(group[0]));
            // C(m + h, m) = prod (h + i) / i, exact at every step, stopped at the cap.
            let mut choose: u128 = 1;
            for i in 1..=m {
                // An overflow of the product means the binomial is far above the cap.
                choose = choose.checked_mul(h + i).map_or(cap, |product| product / i);
                if choose >= cap {
                    break;
                }
            }
            positions = positions.saturating_mul(choose).min(cap);
        }
        let k = sorted.len() as u128;
        let largest = sorted.last().copied().unwrap_or(0);
        let amounts = self.amounts.iter().take_while(|&&a| a <= largest).count() as u128;
        // Saturating: only absurd inputs (2^64 heaps) could reach u128::MAX, and then the
        // estimate is over every budget anyway.
        let moves_per_position = k.saturating_mul(amounts);
        let arcs = positions.saturating_mul(moves_per_position);
        let position_bytes = 2 * (32 + 8 * k) + 96;
        let bytes = positions
            .saturating_mul(position_bytes)
            .saturating_add(arcs.saturating_mul(48))
            .saturating_add(moves_per_position.saturating_mul(32 + 8 * k));
        let steps = arcs.saturating_mul(2 * k + 8);
        GraphEstimate { positions, over_node_limit: positions > node_limit as u128, arcs, bytes, steps }
    }

    /// Every winning normal-play move from a sum of heaps, as (heap index, amount taken), using
    /// a proven periodicity for the values. O(heaps * |S|).
    pub fn winning_moves(&self, analysis: &SubtractionAnalysis, heaps: &[u64]) -> Vec<(usize, u64)> {
        let total = analysis.grundy_of_heaps(heaps);
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let target = total ^ analysis.value(h);
            for &s in self.amounts.iter().take_while(|&&s| s <= h) {
                if analysis.value(h - s) == target {
                    out.push((i, s));
                }
            }
        }
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Normal,
    Misere,
}

/// An upper estimate of an explicit game graph, from
/// [`SubtractionSet::explicit_graph_estimate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphEstimate {
    /// Positions (at most the node limit plus one).
    pub positions: u128,
    /// `true` if the bound on positions is above the node limit (explore may then stop).
    pub over_node_limit: bool,
    /// Arcs (moves) at most.
    pub arcs: u128,
    /// Bytes at most.
    pub bytes: u128,
    /// Elementary steps at most.
    pub steps: u128,
}

/// A proven periodic description of a one-heap value sequence (normal or misère Grundy values).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubtractionAnalysis {
    /// The values of heaps `0 .. preperiod + period`; they determine all others.
    pub values: Vec<u32>,
    /// Exact pre-period and period.
    pub periodicity: Periodicity,
}

impl SubtractionAnalysis {
    /// The value of a heap of any size. O(1).
    pub fn value(&self, heap: u64) -> u32 {
        self.values[self.periodicity.reduce(heap)]
    }

    /// Normal-play Grundy value of a sum of heaps (for an analysis from
    /// [`SubtractionSet::analyse_normal`]): the XOR of one-heap values (Sprague-Grundy).
    /// Any `u64` sizes work. O(heaps).
    pub fn grundy_of_heaps(&self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |acc, &h| acc ^ self.value(h))
    }
}

/// Heaps sorted ascending with empty heaps dropped: the canonical positions of the
/// [`SubtractionSet`] game (permutations of a multiset are one node).
fn canonical(heaps: &[u64]) -> Vec<u64> {
    crate::nim::canonical_heaps(heaps)
}

/// A subtraction game on several heaps, as a [`game_core::Game`]. Positions are canonical:
/// sorted ascending, no empty heaps (see [`crate::canonical_heaps`]).
impl Game for SubtractionSet {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let heap_options = |h: u64| self.amounts.iter().take_while(move |&&s| s <= h).map(move |&s| [h - s]);
        game_core::heap_sum_moves(heaps, heap_options, canonical)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of amounts in 1..=7 as an octal code: the same values as the subtraction game.
    #[test]
    fn subtraction_sets_as_octal_codes_have_the_same_values() {
        for bits in 1u32..1 << 7 {
            let set = SubtractionSet::new((1..=7).filter(|s| bits >> (s - 1) & 1 == 1)).unwrap();
            let code = set.as_octal().unwrap();
            assert_eq!(code.grundy_values_plain(300).unwrap(), set.grundy_sequence(300).unwrap(), "{code}");
        }
    }
    use game_core::{explore, grundy_values, misere_outcomes, outcomes};
    use proptest::prelude::*;

    /// Plain recursion-free reference: Grundy values by brute force over the definition.
    fn reference_grundy(amounts: &[u64], up_to: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=up_to {
            let options: Vec<u32> =
                amounts.iter().filter(|&&s| s as usize <= n).map(|&s| g[n - s as usize]).collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn n5_bachet_take_1_to_k_has_period_k_plus_1() {
        for k in 1..=7u64 {
            let game = SubtractionSet::bachet(k).unwrap();
            let a = game.analyse_normal(1000).unwrap();
            assert_eq!(a.periodicity, Periodicity { preperiod: 0, period: k as usize + 1 });
            // The classical rule: g(n) = n mod (k + 1).
            for n in [0u64, 1, 99, 100, 12345] {
                assert_eq!(a.value(n) as u64, n % (k + 1));
            }
            // Misère Bachet: P iff n = 1 mod (k + 1).
            let m = game.analyse_misere(1000).unwrap();
            for n in 0..200u64 {
                assert_eq!(m.value(n) == 0, n % (k + 1) == 1, "k={k} n={n}");
            }
        }
        assert_eq!(SubtractionSet::bachet(0), Err(NimError::EmptySubtractionSet));
    }

    /// N5 "Bubi": S = {1, 3, 5}, all odd, so g(n) = n mod 2.
    #[test]
    fn n5_bubi_set() {
        let game = SubtractionSet::new([1, 3, 5]).unwrap();
        let a = game.analyse_normal(1000).unwrap();
        assert_eq!(a.periodicity, Periodicity { preperiod: 0, period: 2 });
        // A Bubi set with odd and even amounts, as the seed asks: {1, 2, 5}.
        let mixed = SubtractionSet::new([1, 2, 5]).unwrap();
        let b = mixed.analyse_normal(1000).unwrap();
        let reference = reference_grundy(&[1, 2, 5], 500);
        for (n, &v) in reference.iter().enumerate() {
            assert_eq!(b.value(n as u64), v);
        }
    }

    #[test]
    fn known_periods() {
        // {2, 3, 7}: Winning Ways' example, period 5 with values 0 0 1 1 2 ... (checked below
        // against the brute-force reference, not against itself).
        let a = SubtractionSet::new([2, 3, 7]).unwrap().analyse_normal(1000).unwrap();
        let reference = reference_grundy(&[2, 3, 7], 400);
        for (n, &v) in reference.iter().enumerate() {
            assert_eq!(a.value(n as u64), v);
        }
        // The period and pre-period are least: check directly on the reference values.
        let Periodicity { preperiod, period } = a.periodicity;
        for n in preperiod..300 {
            assert_eq!(reference[n], reference[n + period]);
        }
        if preperiod > 0 {
            assert_ne!(reference[preperiod - 1], reference[preperiod - 1 + period]);
        }
        for q in 1..period {
            assert!((preperiod..300).any(|n| reference[n] != reference[n + q]));
        }
    }

    #[test]
    fn typed_errors() {
        assert_eq!(SubtractionSet::new(Vec::new()), Err(NimError::EmptySubtractionSet));
        assert_eq!(SubtractionSet::new([3, 0]), Err(NimError::ZeroAmount));
        let game = SubtractionSet::new([50]).unwrap();
        assert_eq!(game.analyse_normal(10), Err(NimError::PeriodNotFound { limit: 10 }));
        assert!(matches!(game.grundy_sequence(1 << 40), Err(NimError::HeapTooLarge { .. })));
        let take_one = SubtractionSet::new([1]).unwrap();
        assert!(matches!(take_one.misere_outcome_explicit(&[200, 200, 200], 100), Err(NimError::Graph(_))));
    }

    /// N6: one-heap values, multi-heap XOR values and outcomes (normal and misère) against
    /// game-core on the explicit graph, for several sets.
    #[test]
    fn n6_subtraction_agrees_with_explicit_graph() {
        let sets: [&[u64]; 5] = [&[1, 3, 5], &[2, 3, 7], &[1, 2, 3], &[1, 4], &[3, 5, 6]];
        for amounts in sets {
            let game = SubtractionSet::new(amounts.iter().copied()).unwrap();
            let normal = game.analyse_normal(10_000).unwrap();
            let misere = game.analyse_misere(10_000).unwrap();
            let graph = explore(&game, [vec![9u64, 11, 13]], 100_000).unwrap();
            let values = grundy_values(&graph.graph).unwrap();
            let normal_outcomes = outcomes(&graph.graph).unwrap();
            let misere_table = misere_outcomes(&graph.graph).unwrap();
            for node in graph.graph.node_indices() {
                let heaps = graph.position(node);
                let i = node.index();
                assert_eq!(normal.grundy_of_heaps(heaps), values[i], "{amounts:?} {heaps:?}");
                assert_eq!(values[i] == 0, normal_outcomes[i] == Outcome::P);
                if heaps.len() <= 1 {
                    let h = heaps.first().copied().unwrap_or(0);
                    let misere_p = misere.value(h) == 0;
                    assert_eq!(misere_p, misere_table[i] == Outcome::P, "{amounts:?} misère {h}");
                }
                // Winning moves lead to P, and there is one iff the position is N.
                let moves = game.winning_moves(&normal, heaps);
                assert_eq!(moves.is_empty(), values[i] == 0);
                for (heap, s) in moves {
                    let mut next = heaps.clone();
                    next[heap] -= s;
                    assert_eq!(normal.grundy_of_heaps(&next), 0);
                }
            }
            assert_eq!(
                game.misere_outcome_explicit(&[9, 11, 13], 100_000).unwrap(),
                misere_table[graph.node(&vec![9, 11, 13]).unwrap().index()]
            );
        }
    }

    proptest! {
        /// The proven periodicity reproduces a long brute-force sequence, and it is exact.
        #[test]
        fn proven_period_matches_reference(amounts in proptest::collection::btree_set(1u64..9, 1..4)) {
            let amounts: Vec<u64> = amounts.into_iter().collect();
            let game = SubtractionSet::new(amounts.iter().copied()).unwrap();
            let a = game.analyse_normal(100_000).unwrap();
            let reference = reference_grundy(&amounts, 1500);
            for (n, &v) in reference.iter().enumerate() {
                prop_assert_eq!(a.value(n as u64), v);
            }
            let Periodicity { preperiod, period } = a.periodicity;
            prop_assert!(preperiod + 2 * period < 1400);
            if preperiod > 0 {
                prop_assert_ne!(reference[preperiod - 1], reference[preperiod - 1 + period]);
            }
            for q in 1..period {
                prop_assert!((preperiod..1400 - period).any(|n| reference[n] != reference[n + q]));
            }
            // Misère single heap: against a direct recursion on outcomes.
            let m = game.analyse_misere(100_000).unwrap();
            let mut p = Vec::new();
            for n in 0..1500usize {
                let options: Vec<bool> =
                    amounts.iter().filter(|&&s| s as usize <= n).map(|&s| p[n - s as usize]).collect();
                // terminal: N (mover wins in misère); else P iff all options are N.
                let is_p = !options.is_empty() && options.iter().all(|&o| !o);
                p.push(is_p);
                prop_assert_eq!(m.value(n as u64) == 0, is_p);
            }
        }
    }

    /// Misère values of one heap by hand for S = {1, 2}: g(0) = 1 (no move), then mex over
    /// g(n - 1), g(n - 2): 0, 2, 1, 0, 2, 1.
    #[test]
    fn misere_values_by_hand() {
        let set = SubtractionSet::new([2, 1]).unwrap();
        assert_eq!(set.amounts(), &[1, 2]);
        assert_eq!(set.misere_grundy_sequence(6).unwrap(), vec![1, 0, 2, 1, 0, 2, 1]);
    }

    /// Misère outcomes and values of one heap against game-core's misère outcomes of the
    /// explicit graph (no code shared with the sequence): value 0 exactly at P-positions.
    #[test]
    fn misere_sequences_match_the_explicit_graph() {
        let up_to = 30u64;
        for amounts in [vec![1, 2], vec![1, 3, 4], vec![2, 5], vec![3]] {
            let set = SubtractionSet::new(amounts.clone()).unwrap();
            let roots = (0..=up_to).map(|n| canonical(&[n]));
            let graph = explore(&set, roots, 10_000).unwrap();
            let misere = misere_outcomes(&graph.graph).unwrap();
            let expected: Vec<Outcome> = (0..=up_to)
                .map(|n| {
                    let node = graph.graph.node_indices().find(|&i| graph.position(i) == &canonical(&[n]));
                    misere[node.expect("every heap is a root").index()]
                })
                .collect();
            assert_eq!(set.misere_outcome_sequence(up_to).unwrap(), expected, "{amounts:?}");
            let values = set.misere_grundy_sequence(up_to).unwrap();
            let zeros: Vec<bool> = values.iter().map(|&v| v == 0).collect();
            let p: Vec<bool> = expected.iter().map(|&o| o == Outcome::P).collect();
            assert_eq!(zeros, p, "{amounts:?}");
        }
    }

    /// The memory estimates, by hand. Period search: 100 bytes a heap plus 64 KiB. Graph of
    /// S = {1, 3} from heaps 2 2 5: C(2 + 2, 2) * C(5 + 1, 1) = 6 * 6 = 36 positions, 3 heaps x
    /// 2 amounts = 6 moves each, 216 arcs; bytes 36 * (2 * (32 + 24) + 96) + 216 * 48 +
    /// 6 * (32 + 24) = 7488 + 10368 + 336; steps 216 * (2 * 3 + 8).
    #[test]
    fn estimates_by_hand() {
        assert_eq!(SubtractionSet::period_search_bytes(10), 1000 + 65_536);
        let set = SubtractionSet::new([1, 3]).unwrap();
        let estimate = set.explicit_graph_estimate(&[2, 5, 0, 2], 36);
        assert_eq!(estimate.positions, 36);
        assert_eq!(estimate.arcs, 216);
        assert_eq!(estimate.bytes, 7488 + 10_368 + 336);
        assert_eq!(estimate.steps, 216 * 14);
        assert!(!estimate.over_node_limit);
        assert!(set.explicit_graph_estimate(&[2, 5, 0, 2], 35).over_node_limit);
        // An upper estimate: the real graph has 28 positions (a 5 lowered to 2 or 1 merges with
        // the 2s' multisets).
        assert!(explore(&set, [vec![2, 2, 5]], 1000).unwrap().len() <= 36);
    }

    /// The refusals name their bounds: a heap past 2^32 - 1, and a period not found by the
    /// last heap searched (S = {5} to heap 6: values 0 0 0 0 0 1 1, no window of 5 repeats).
    #[test]
    fn refusals_name_their_bounds() {
        let set = SubtractionSet::new([5]).unwrap();
        assert_eq!(
            set.grundy_sequence(1 << 32),
            Err(NimError::HeapTooLarge { size: 1 << 32, max: (1 << 32) - 1 })
        );
        assert_eq!(set.analyse_normal(6), Err(NimError::PeriodNotFound { limit: 6 }));
        assert_eq!(set.analyse_normal(4), Err(NimError::PeriodNotFound { limit: 4 }));
    }

    /// Equal heaps give each option once: S = {1, 2} from 2 2 leaves 1 2 or 2 (by hand).
    #[test]
    fn equal_heaps_list_each_option_once() {
        let set = SubtractionSet::new([1, 2]).unwrap();
        assert_eq!(set.moves(&vec![2, 2]), vec![vec![1, 2], vec![2]]);
    }
}
