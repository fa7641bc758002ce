//! The figures octal programs print about a table of values ([`GrundyTable::statistics`]): how
//! often each value occurs, the largest value and where it first occurs, and the rare/common
//! split that makes the fewest heaps rare.

use serde::{Deserialize, Serialize};

use crate::sparse::GrundyTable;
use crate::{Limits, NimError};

/// The most value bits the rare mask is searched over (a transform of `2^20` entries).
const MAX_MASK_BITS: u32 = 20;

/// Figures about the values of heaps `1..=heaps` of a table (heap 0, always 0, is left out, as
/// the frequency files of other octal programs do).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueStatistics {
    /// The last heap counted: heaps `1..=heaps`.
    pub heaps: u64,
    /// `frequencies[v]`: the number of heaps in `1..=heaps` whose value is `v`, for every `v`
    /// from 0 to the largest value (not written out when left empty).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub frequencies: Vec<u64>,
    /// The largest value among heaps `1..=heaps` (0 if there is none).
    pub largest: u32,
    /// The first heap with the largest value (0 if there is none).
    pub largest_at: u64,
    /// The split into rare and common values with the fewest rare heaps; `None` when the values
    /// have more than 20 bits or every value is 0.
    pub rare: Option<RareSplit>,
}

/// A rare/common split of the values: value `v` is *rare* when `v & mask` has an even number of
/// one bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareSplit {
    /// The mask with the fewest rare heaps among heaps `1..=heaps` (the smallest such mask if
    /// several tie; never 0).
    pub mask: u32,
    /// The number of rare heaps.
    pub count: u64,
    /// The last rare heap, if there is one.
    pub last: Option<u64>,
}

impl GrundyTable {
    /// The statistics of heaps `1..len()`. The frequency table (8 bytes per value up to the
    /// largest) is checked against `limits` before it is allocated.
    ///
    /// The rare mask is found for all masks at once: with `f` the frequencies and `H` their
    /// Walsh-Hadamard transform, mask `m` makes `(heaps + H[m]) / 2` heaps rare.
    ///
    /// # Errors
    /// [`NimError::OverMemoryBudget`] or [`NimError::OutOfMemory`] if the frequency table would
    /// not fit.
    ///
    /// ```
    /// use game_nim::{Limits, OctalGame};
    /// // Kayles: values 0 1 2 3 1 4 3 2 1 4 2 6 for heaps 0..=11.
    /// let kayles: OctalGame = "0.77".parse().unwrap();
    /// let stats = kayles.grundy_table_within(11, &Limits::UNLIMITED)?.statistics(&Limits::UNLIMITED)?;
    /// assert_eq!(stats.frequencies, [0, 3, 3, 2, 2, 0, 1]);
    /// assert_eq!((stats.largest, stats.largest_at), (6, 11));
    /// let rare = stats.rare.unwrap();
    /// // Mask 5: rare values have bits 0 and 2 equal (here 2): heaps 2, 7 and 10.
    /// assert_eq!((rare.mask, rare.count, rare.last), (5, 3, Some(10)));
    /// # Ok::<(), game_nim::NimError>(())
    /// ```
    pub fn statistics(&self, limits: &Limits) -> Result<ValueStatistics, NimError> {
        statistics(self.len(), || self.iter(), |n| self.get(n).unwrap_or(0), limits)
    }
}

impl ValueStatistics {
    /// The statistics of heaps `1..values.len()` of any table of values `values[n]` (heap 0
    /// first), as [`GrundyTable::statistics`] gives them for an octal game's: for the values of
    /// another game, e.g. Grundy's game, in the same layout.
    ///
    /// ```
    /// use game_nim::{Limits, ValueStatistics};
    /// // Grundy's game, heaps 0..=10 (OEIS A002188).
    /// let stats = ValueStatistics::of_values(&[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0], &Limits::UNLIMITED)?;
    /// assert_eq!(stats.frequencies, [5, 3, 2]);
    /// assert_eq!((stats.largest, stats.largest_at), (2, 5));
    /// # Ok::<(), game_nim::NimError>(())
    /// ```
    ///
    /// # Errors
    /// As [`GrundyTable::statistics`].
    pub fn of_values(values: &[u32], limits: &Limits) -> Result<Self, NimError> {
        statistics(values.len(), || Box::new(values.iter().copied()), |n| values[n], limits)
    }
}

/// The statistics of heaps `1..len` of a table whose values `iter` lists in order and `get`
/// gives one by one.
fn statistics<'a>(
    len: usize,
    iter: impl Fn() -> Box<dyn Iterator<Item = u32> + 'a>,
    get: impl Fn(usize) -> u32,
    limits: &Limits,
) -> Result<ValueStatistics, NimError> {
    let heaps = len.saturating_sub(1) as u64;
    let mut largest = 0;
    let mut largest_at = 0;
    for (n, v) in iter().enumerate().skip(1) {
        if v > largest {
            largest = v;
            largest_at = n as u64;
        }
    }
    limits.check_bytes(|| "the frequency table".to_string(), (u128::from(largest) + 1) * 8)?;
    let mut frequencies = vec![0u64; largest as usize + 1];
    iter().skip(1).for_each(|v| frequencies[v as usize] += 1);
    let rare = rare_split(&frequencies).map(|(mask, count)| RareSplit {
        mask,
        count,
        last: (1..len).rev().find(|&n| (get(n) & mask).count_ones().is_multiple_of(2)).map(|n| n as u64),
    });
    Ok(ValueStatistics { heaps, frequencies, largest, largest_at, rare })
}

/// The nonzero mask with the fewest rare heaps and that number, from the value frequencies;
/// `None` beyond [`MAX_MASK_BITS`] bits or when every value is 0.
fn rare_split(frequencies: &[u64]) -> Option<(u32, u64)> {
    let bits = usize::BITS - (frequencies.len() - 1).leading_zeros();
    if bits == 0 || bits > MAX_MASK_BITS {
        return None;
    }
    let heaps: u64 = frequencies.iter().sum();
    let mut transform: Vec<i128> = vec![0; 1 << bits];
    for (v, &f) in frequencies.iter().enumerate() {
        transform[v] = i128::from(f);
    }
    let mut half = 1;
    while half < transform.len() {
        for block in transform.chunks_exact_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    // transform[m] = rare - common for mask m, so rare = (heaps + transform[m]) / 2.
    let (mask, &best) = transform.iter().enumerate().skip(1).min_by_key(|&(m, &t)| (t, m))?;
    let rare = (i128::from(heaps) + best) / 2;
    Some((mask as u32, rare as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OctalGame;

    /// The transform against counting every mask by hand.
    #[test]
    fn the_rare_mask_is_the_best_of_all_masks() {
        for code in ["0.6", "0.137", "0.77", "0.14", "4.7"] {
            let game: OctalGame = code.parse().unwrap();
            let table = game.grundy_table_within(3000, &Limits::UNLIMITED).unwrap();
            let stats = table.statistics(&Limits::UNLIMITED).unwrap();
            let values = table.to_vec();
            assert_eq!(ValueStatistics::of_values(&values, &Limits::UNLIMITED).unwrap(), stats, "{code}");
            let rare_count = |mask: u32| {
                values[1..].iter().filter(|&&v| (v & mask).count_ones().is_multiple_of(2)).count() as u64
            };
            let bound = (stats.largest + 1).next_power_of_two();
            let best = (1..bound).min_by_key(|&m| (rare_count(m), m)).unwrap();
            let rare = stats.rare.unwrap();
            assert_eq!((rare.mask, rare.count), (best, rare_count(best)), "{code}");
            let last = (1..values.len()).rev().find(|&n| (values[n] & best).count_ones().is_multiple_of(2));
            assert_eq!(rare.last, last.map(|n| n as u64), "{code}");
            assert_eq!(stats.frequencies.iter().sum::<u64>(), 3000, "{code}");
            assert_eq!(stats.largest, *values[1..].iter().max().unwrap());
            assert_eq!(values[stats.largest_at as usize], stats.largest);
            assert!(values[1..stats.largest_at as usize].iter().all(|&v| v < stats.largest));
        }
    }

    #[test]
    fn tables_without_values_have_no_split() {
        let table = "0.0".parse::<OctalGame>().unwrap().grundy_table_within(5, &Limits::UNLIMITED).unwrap();
        let stats = table.statistics(&Limits::UNLIMITED).unwrap();
        assert_eq!(stats.heaps, 5);
        assert_eq!(stats.rare, None);
    }
}
