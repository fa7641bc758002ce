//! Two octal codes whose values agree after a shift, proven from their moves: a rule that
//! decides unsolved codes too, where [`super::ShiftedCodes`] (which needs proven periods)
//! cannot.
//!
//! The lookup tables of octal games (Winning Ways' game locator, Flammenkamp's and tczajka's
//! tables) map a code in which small heaps are dead to one played on heaps `shift` smaller:
//! Dawson's chess `0.137` on heap `n` is Dawson's Kayles `0.07` on heap `n + 1`. In our words, the
//! argument, for a code `larger` (its values `L`), a code `smaller` (values `S`), a shift `s`
//! and the map `φ(a) = max(a - s, 0)` on heap sizes:
//!
//! 1. If `L(a) = 0` for every heap `a <= s` and `L(n + s) = S(n)` for every `n`, then every
//!    position of `larger` (heaps `a1, a2`) has the value of the position `φ(a1), φ(a2)` of
//!    `smaller`; and a position's value does not change when two equal heaps are removed (their
//!    values cancel in the nim-sum). Call `ν(P)` the position `P` mapped by `φ`, with empty
//!    heaps and pairs of equal heaps removed.
//! 2. So by induction on `n`: if `L(a) = 0` for `a <= s` and `L(n + s) = S(n)` for `n < B`,
//!    and for every `n >= B` the options of heap `n` of `smaller` are, after `ν`, the options
//!    of heap `n + s` of `larger` after `ν` (equal as sets of positions), then the option
//!    values of the two heaps are the same sets, so are their mexes, for every `n`.
//! 3. The options for `n >= B = t + s + 3` (`t` the larger of the two largest takes) follow
//!    one pattern, decided at the single heap `n = B`: no move there takes a whole heap; a
//!    move of `smaller` taking `k` and leaving one heap leaves `n - k >= 3`, one leaving two
//!    heaps leaves every pair summing to `n - k >= 3`; a move of `larger` taking `k` from
//!    `n + s` and leaving `n + s - k` is `n - k` after `φ`, and one leaving two heaps `a <= b`
//!    is, after `φ`, one heap `n - k - a` when `a <= s` (then `b > s`), or a pair summing to
//!    `n - k - s` when `a > s`. After `ν` each side is the single heaps `n - j` for `j` in a
//!    set `K2`, the unequal pairs summing to `n - j` for `j` in a set `K4`, and the empty
//!    position exactly when some `n - j`, `j` in `K4`, is even. Every sum is at least 3, so
//!    each `j` of `K4` shows as the pair `(1, n - j - 1)`: the set at `n = B` gives back `K2`
//!    and `K4`, and two equal sets at `B` have the same `K2` and `K4`, hence are equal at
//!    every `n >= B`.
//!
//! [`shift_proven_by_options`] checks the hypotheses: the values of heaps below `B + s` by
//! the definition, and the two option sets at heap `B`. It answers `true` only when they hold;
//! `false` says nothing (the codes may still agree, e.g. by their periods).

use std::collections::BTreeSet;

use super::MAX_SHIFT;
use crate::{NimError, OctalGame};

/// Whether `g_smaller(n) = g_larger(n + shift)` for every heap `n >= 0` is proven by the
/// options rule of this module (see the module doc): `larger`'s heaps `0..=shift` have value
/// 0, the values agree shifted below `B = t + shift + 3` (`t` the larger largest take), and the
/// options of heap `B` of `smaller` are those of heap `B + shift` of `larger` mapped down by
/// `shift`, modulo empty heaps and pairs of equal heaps. `false` when a hypothesis fails: the
/// codes may still agree (the rule is sufficient, not necessary).
///
/// # Errors
/// [`NimError::BadShift`] unless `1 <= shift <= MAX_SHIFT`.
///
/// ```
/// use game_nim::{OctalGame, shift_proven_by_options};
/// let dawsons_kayles: OctalGame = "0.07".parse()?;
/// let dawsons_chess: OctalGame = "0.137".parse()?;
/// // Dawson's chess on heap n is Dawson's Kayles on heap n + 1.
/// assert!(shift_proven_by_options(&dawsons_chess, &dawsons_kayles, 1)?);
/// assert!(!shift_proven_by_options(&dawsons_kayles, &dawsons_chess, 1)?);
/// // Officers 0.6 and 0.37, neither solved: proven at every heap all the same.
/// assert!(shift_proven_by_options(&"0.37".parse()?, &"0.6".parse()?, 1)?);
/// # Ok::<(), game_nim::NimError>(())
/// ```
pub fn shift_proven_by_options(
    smaller: &OctalGame,
    larger: &OctalGame,
    shift: u64,
) -> Result<bool, NimError> {
    if !(1..=MAX_SHIFT).contains(&shift) {
        return Err(NimError::BadShift { shift, max: MAX_SHIFT });
    }
    let s = shift as usize;
    let boundary = smaller.max_take().max(larger.max_take()) + s + 3;
    let small_values = smaller.grundy_values_plain(boundary)?;
    let large_values = larger.grundy_values_plain(boundary + s)?;
    if large_values[..=s].iter().any(|&v| v != 0) {
        return Ok(false);
    }
    if (0..boundary).any(|n| small_values[n] != large_values[n + s]) {
        return Ok(false);
    }
    let at = boundary as u64;
    let small_options: BTreeSet<Vec<u64>> =
        smaller.heap_options(at).into_iter().map(|p| reduced(&p, 0)).collect();
    let large_options: BTreeSet<Vec<u64>> =
        larger.heap_options(at + shift).into_iter().map(|p| reduced(&p, shift)).collect();
    Ok(small_options == large_options)
}

/// The position `heaps` with every heap made `shift` smaller (heaps of at most `shift` gone)
/// and pairs of equal heaps removed, sorted: a position of the same value (see the module doc).
fn reduced(heaps: &[u64], shift: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = heaps.iter().filter(|&&a| a > shift).map(|&a| a - shift).collect();
    sizes.sort_unstable();
    let mut kept: Vec<u64> = Vec::with_capacity(sizes.len());
    for a in sizes {
        if kept.last() == Some(&a) {
            kept.pop();
        } else {
            kept.push(a);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(code: &str) -> OctalGame {
        code.parse().unwrap()
    }

    #[test]
    fn positions_are_reduced_by_the_shift_and_equal_pairs() {
        assert_eq!(reduced(&[1, 1], 1), Vec::<u64>::new());
        assert_eq!(reduced(&[3, 3], 1), Vec::<u64>::new());
        assert_eq!(reduced(&[2, 5], 1), vec![1, 4]);
        assert_eq!(reduced(&[5, 2], 2), vec![3]);
        assert_eq!(reduced(&[4], 0), vec![4]);
    }

    #[test]
    fn the_options_of_a_heap_follow_the_digits() {
        // 0.77 (Kayles), heap 4: take 1 leaving 3 or (1, 2); take 2 leaving 2 or (1, 1).
        let mut kayles = game("0.77").heap_options(4);
        kayles.sort();
        assert_eq!(kayles, vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]);
        // 4.0: only splits; heap 1 has no option, heap 2 splits into (1, 1).
        assert!(game("4.0").heap_options(1).is_empty());
        assert_eq!(game("4.0").heap_options(2), vec![vec![1, 1]]);
        // Taking the whole heap: 0.1 at heap 1 only.
        assert_eq!(game("0.1").heap_options(1), vec![Vec::<u64>::new()]);
        assert!(game("0.1").heap_options(2).is_empty());
    }

    #[test]
    fn known_shifts_are_proven_and_others_refused() {
        // Kayles is 4.4 (split or take one and split) on heaps one larger.
        assert!(shift_proven_by_options(&game("0.77"), &game("4.4"), 1).unwrap());
        // The wrong direction, the wrong shift, unrelated codes: not proven.
        assert!(!shift_proven_by_options(&game("4.4"), &game("0.77"), 1).unwrap());
        assert!(!shift_proven_by_options(&game("0.77"), &game("4.4"), 2).unwrap());
        assert!(!shift_proven_by_options(&game("0.6"), &game("0.77"), 1).unwrap());
        // 0.333 has the values of 0.26 on heaps one larger (both periodic, shown by their
        // periods), but their options differ: the rule is sufficient only, and says false.
        assert!(!shift_proven_by_options(&game("0.333"), &game("0.26"), 1).unwrap());
        let (a, b) =
            (game("0.333").grundy_values_plain(500).unwrap(), game("0.26").grundy_values_plain(501).unwrap());
        assert!((0..=500).all(|n| a[n] == b[n + 1]));
        assert_eq!(
            shift_proven_by_options(&game("0.77"), &game("4.4"), 0),
            Err(NimError::BadShift { shift: 0, max: MAX_SHIFT })
        );
        assert_eq!(
            shift_proven_by_options(&game("0.77"), &game("4.4"), MAX_SHIFT + 1),
            Err(NimError::BadShift { shift: MAX_SHIFT + 1, max: MAX_SHIFT })
        );
    }
}
