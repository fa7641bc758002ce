//! Grundy's game: a move splits one heap into two nonempty heaps of different sizes.
//!
//! Heaps of 1 or 2 counters cannot be split, so a position where every heap has at most 2
//! counters is lost for the player to move (normal play). By the Sprague-Grundy theorem the value
//! of a position is the XOR of the values of its heaps, so everything follows from the table
//! `g(0), g(1), ...` of one-heap values (OEIS A002188), with
//! `g(n) = mex { g(a) XOR g(n - a) : 1 <= a < n - a }`.

use game_core::Game;

use crate::TakeBreakError;

/// The largest heap a table can go to: heap sizes are stored as `u32`.
pub const MAX_TABLE_HEAP: u64 = u32::MAX as u64 - 1;

/// The largest heap [`grundy_values_plain`] accepts: its work grows as the square of the heap
/// (`n^2 / 4` XORs for heaps up to `n`), so it is kept for cross-checks on small tables.
pub const MAX_PLAIN_HEAP: u64 = 1 << 16;

/// The memory [`grundy_values`] may use: 1 GiB, enough for heaps up to 2^25 (the work grows
/// linearly with the heap; ask [`grundy_values_within`] for more).
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

/// Mask of the rare/common split: a value `v` is *rare* when `v & RARE_MASK` has an even number
/// of one bits (every bit but the lowest counts). Flammenkamp found this mask for Grundy's game:
/// with it only a few hundred heaps below 2^20 are rare. The method is exact for any mask; the
/// mask only decides the speed.
const RARE_MASK: u32 = !1;

fn is_rare(value: u32) -> bool {
    (value & RARE_MASK).count_ones().is_multiple_of(2)
}

/// Grundy's game on any number of heaps, as a [`game_core::Game`].
///
/// Positions are canonical: heap sizes sorted ascending, heaps of size 0, 1 or 2 dropped (they
/// have no move and value 0). Make a start position canonical with [`canonical_heaps`]; the
/// moves returned are canonical.
///
/// This is the game for game-core's explicit-graph analyses, whose node limit bounds the graph;
/// but a heap of `h` counters has `(h - 1) / 2` options, all listed at once by
/// [`Game::moves`], which cannot fail. Give it heaps whose options fit in memory (thousands,
/// not billions); for large heaps use [`grundy_values`] and [`winning_moves`], which check
/// their memory first.
///
/// ```
/// use game_core::Game;
/// use game_takebreak::GrundysGame;
/// // A heap of 7 splits into 1 + 6, 2 + 5 or 3 + 4 (the 1s and 2s are dropped).
/// assert_eq!(GrundysGame.moves(&vec![7]), vec![vec![6], vec![5], vec![3, 4]]);
/// assert!(GrundysGame.moves(&vec![]).is_empty());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

impl Game for GrundysGame {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        // A heap splits into two unequal heaps.
        let splits =
            |size: u64| (1..).take_while(move |&part| 2 * part < size).map(move |part| [part, size - part]);
        game_core::heap_sum_moves(heaps, splits, canonical_heaps)
    }
}

/// The canonical form of a position: heap sizes sorted ascending, heaps below 3 dropped.
///
/// ```
/// assert_eq!(game_takebreak::canonical_heaps(&[5, 1, 3, 2, 0]), vec![3, 5]);
/// ```
pub fn canonical_heaps(heaps: &[u64]) -> Vec<u64> {
    let mut canonical: Vec<u64> = heaps.iter().copied().filter(|&h| h >= 3).collect();
    canonical.sort_unstable();
    canonical
}

/// A move: split heap number `heap` (from 0, in the order given) into `parts.0 + parts.1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Split {
    /// Index of the heap that is split.
    pub heap: usize,
    /// The two new heaps, smaller first.
    pub parts: (u64, u64),
}

/// The worst-case memory, in bytes, of [`grundy_values_within`] for heaps `0..=up_to`:
/// per heap 4 bytes of value, 8 of rare heaps and their values, 16 of two mark tables (values
/// are at most `n / 2`, so XORs of two values stay below `2n`) and 2 of the list of values
/// searched for (at most `n / 2` of 4 bytes); saturates at `u64::MAX`.
pub fn estimated_bytes(up_to: u64) -> u64 {
    up_to.saturating_add(1).saturating_mul(30).saturating_add(4096)
}

fn check_table(up_to: u64, memory_limit: u64) -> Result<usize, TakeBreakError> {
    if up_to > MAX_TABLE_HEAP {
        return Err(TakeBreakError::HeapTooLarge { heap: up_to, max: MAX_TABLE_HEAP });
    }
    let needed = estimated_bytes(up_to);
    if needed > memory_limit {
        return Err(TakeBreakError::MemoryLimit { up_to, needed, limit: memory_limit });
    }
    usize::try_from(up_to).map_err(|_| TakeBreakError::HeapTooLarge { heap: up_to, max: usize::MAX as u64 })
}

/// Grundy values of heaps `0..=up_to`, fast, within [`DEFAULT_MEMORY_LIMIT`].
///
/// See [`grundy_values_within`] for the method.
///
/// # Errors
/// As for [`grundy_values_within`].
pub fn grundy_values(up_to: u64) -> Result<Vec<u32>, TakeBreakError> {
    grundy_values_within(up_to, DEFAULT_MEMORY_LIMIT)
}

/// Grundy values of heaps `0..=up_to` by the rare/common ("sparse space") method, using at most
/// `memory_limit` bytes (estimated by [`estimated_bytes`] before anything is allocated).
///
/// A value is *rare* or *common* by the parity of its bits under a fixed mask (see the crate
/// doc). The XOR of two common values is rare, so every common option of heap `n` comes from a
/// split with a rare part. For each `n`:
///
/// 1. mark the options `g(r) XOR g(n - r)` for every rare heap `r` — few, in Grundy's game;
/// 2. the least unmarked common value `c` is not an option, so the mex is at most `c`; the rare
///    values below `c` that are still unmarked are looked for in one walk over all splits, which
///    stops as soon as the last of them is found (in Grundy's game after a few thousand splits
///    at most, whatever the heap). The value is the least rare value not found, or `c`.
///
/// The walk runs to the end only when the value is rare, which is rare: the work per heap stays
/// about constant instead of growing with the heap. Exact for any mask.
///
/// # Errors
/// [`TakeBreakError::HeapTooLarge`] beyond [`MAX_TABLE_HEAP`];
/// [`TakeBreakError::MemoryLimit`] if the estimate exceeds `memory_limit`.
pub fn grundy_values_within(up_to: u64, memory_limit: u64) -> Result<Vec<u32>, TakeBreakError> {
    let last = check_table(up_to, memory_limit)?;
    let mut values: Vec<u32> = Vec::with_capacity(last + 1);
    // The rare heaps so far and their values, side by side so the marking loop reads both
    // lists in order instead of looking each rare heap's value up in the whole table.
    let mut rare_heaps: Vec<u32> = Vec::new();
    let mut rare_values: Vec<u32> = Vec::new();
    let mut marks = Marks::default();
    let mut seen = Marks::default();
    let mut needed: Vec<u32> = Vec::new();
    // Every value so far is below `value_bound`, a power of two, so every XOR of two is too:
    // the mark tables are kept that long and are indexed without growing in the loops.
    let mut value_bound: usize = 1;
    for n in 0..=last {
        marks.next_position();
        let (table, stamp) = marks.table();
        for (&rare, &rare_value) in rare_heaps.iter().zip(&rare_values) {
            let rare = rare as usize;
            let other = n - rare; // rare < n: every heap in the list is an earlier one
            if other != rare {
                table[(rare_value ^ values[other]) as usize] = stamp;
            }
        }
        let common_mex = (0u32..).find(|&v| !is_rare(v) && !marks.is_marked(v)).expect("a value is free");
        // The rare values below the common mex that are not marked yet, ascending.
        needed.clear();
        needed.extend((0..common_mex).filter(|&v| is_rare(v) && !marks.is_marked(v)));
        let value = first_missing_split_value(&values, n, &mut needed, &mut seen).unwrap_or(common_mex);
        if value as usize >= value_bound {
            value_bound = (value as usize + 1).next_power_of_two();
            marks.grow_to(value_bound);
            seen.grow_to(value_bound);
        }
        if n >= 1 && is_rare(value) {
            rare_heaps.push(n as u32); // n <= MAX_TABLE_HEAP < 2^32
            rare_values.push(value);
        }
        values.push(value);
    }
    Ok(values)
}

/// Splits examined between two tests of whether every needed value has been seen.
const WALK_BLOCK: usize = 256;

/// The least of the ascending values `needed` that no split of heap `n` has as its value, or
/// `None` if every needed value occurs. Walks the splits by the smaller part, in blocks: each
/// block only stamps the values it sees in `seen` (independent stores, no branch on the value),
/// then the needed values seen are dropped, and the walk stops when none is left. Needed values
/// are usually all seen within a few thousand splits; the walk runs to the end only when the
/// value of `n` is rare.
fn first_missing_split_value(
    values: &[u32],
    n: usize,
    needed: &mut Vec<u32>,
    seen: &mut Marks,
) -> Option<u32> {
    seen.next_position();
    // Splits a + (n - a) with 1 <= a < n - a, i.e. a <= (n - 1) / 2: the smaller parts
    // ascending, zipped with the larger parts descending.
    let half = n.saturating_sub(1) / 2;
    let smaller = values.get(1..=half).unwrap_or_default();
    let larger = values.get(n - half..n).unwrap_or_default();
    let mut start = 0;
    while !needed.is_empty() && start < half {
        let end = (start + WALK_BLOCK).min(half);
        let (table, stamp) = seen.table();
        for (&a, &b) in smaller[start..end].iter().zip(larger[half - end..half - start].iter().rev()) {
            table[(a ^ b) as usize] = stamp;
        }
        needed.retain(|&v| !seen.is_marked(v));
        start = end;
    }
    needed.first().copied()
}

/// Grundy values of heaps `0..=up_to` by the definition: for each heap, every split, then the
/// mex. `O(up_to^2)`; the baseline for [`grundy_values`].
///
/// # Errors
/// [`TakeBreakError::TooMuchWork`] beyond [`MAX_PLAIN_HEAP`].
pub fn grundy_values_plain(up_to: u64) -> Result<Vec<u32>, TakeBreakError> {
    if up_to > MAX_PLAIN_HEAP {
        return Err(TakeBreakError::TooMuchWork { up_to, max: MAX_PLAIN_HEAP });
    }
    let last = up_to as usize; // at most 2^16
    let mut values: Vec<u32> = Vec::with_capacity(last + 1);
    let mut is_option: Vec<bool> = Vec::new();
    for n in 0..=last {
        // Heap n has fewer than n / 2 + 1 options, so its mex is below that.
        is_option.clear();
        is_option.resize(n / 2 + 1, false);
        for part in (1..).take_while(|&part| 2 * part < n) {
            if let Some(slot) = is_option.get_mut((values[part] ^ values[n - part]) as usize) {
                *slot = true;
            }
        }
        let mex = is_option.iter().position(|&x| !x).expect("fewer options than slots");
        values.push(mex as u32);
    }
    Ok(values)
}

/// The Grundy value of a position (any heaps): the XOR of the one-heap values.
///
/// ```
/// use game_takebreak::position_value;
/// assert_eq!(position_value(&[13])?, 3);
/// assert_eq!(position_value(&[5, 7, 13])?, 2 ^ 0 ^ 3);
/// # Ok::<(), game_takebreak::TakeBreakError>(())
/// ```
///
/// # Errors
/// As for [`grundy_values`], for a table up to the largest heap.
pub fn position_value(heaps: &[u64]) -> Result<u32, TakeBreakError> {
    let table = grundy_values(heaps.iter().copied().max().unwrap_or(0))?;
    Ok(heaps.iter().fold(0, |acc, &h| acc ^ table[h as usize]))
}

/// Every winning move of a position: the splits after which the position's value is 0.
/// Empty if the position is a P-position (the player to move loses).
///
/// ```
/// use game_takebreak::{winning_moves, Split};
/// // A heap of 13 (value 3) and one of 8 (value 2): split 13 into 2 + 11 (values 0 and 2),
/// // or 8 into 3 + 5 (values 1 and 2).
/// let moves = winning_moves(&[13, 8])?;
/// assert_eq!(moves, vec![Split { heap: 0, parts: (2, 11) }, Split { heap: 1, parts: (3, 5) }]);
/// assert!(winning_moves(&[4])?.is_empty()); // 4 = 1 + 3 only, value 1: heap 4 is lost
/// # Ok::<(), game_takebreak::TakeBreakError>(())
/// ```
///
/// # Errors
/// As for [`grundy_values`], for a table up to the largest heap.
pub fn winning_moves(heaps: &[u64]) -> Result<Vec<Split>, TakeBreakError> {
    let table = grundy_values(heaps.iter().copied().max().unwrap_or(0))?;
    let value = |h: u64| table[h as usize];
    let total = heaps.iter().fold(0, |acc, &h| acc ^ value(h));
    let mut moves = Vec::new();
    for (heap, &size) in heaps.iter().enumerate() {
        let target = total ^ value(size);
        for part in (1..).take_while(|&part| 2 * part < size) {
            if value(part) ^ value(size - part) == target {
                moves.push(Split { heap, parts: (part, size - part) });
            }
        }
    }
    Ok(moves)
}

/// The position after a split: the heaps in the given order, the split heap replaced by its two
/// parts (smaller first) in place.
///
/// ```
/// use game_takebreak::{apply, Split};
/// assert_eq!(apply(&[4, 7], Split { heap: 1, parts: (2, 5) })?, vec![4, 2, 5]);
/// assert!(apply(&[4, 7], Split { heap: 0, parts: (2, 2) }).is_err()); // equal parts
/// # Ok::<(), game_takebreak::TakeBreakError>(())
/// ```
///
/// # Errors
/// [`TakeBreakError::NoSuchHeap`] for a heap index out of range; [`TakeBreakError::IllegalSplit`]
/// unless the parts are nonempty, unequal and add up to the heap.
pub fn apply(heaps: &[u64], split: Split) -> Result<Vec<u64>, TakeBreakError> {
    let size =
        *heaps.get(split.heap).ok_or(TakeBreakError::NoSuchHeap { heap: split.heap, heaps: heaps.len() })?;
    let (left, right) = split.parts;
    let legal = left >= 1 && right >= 1 && left != right && left.checked_add(right) == Some(size);
    if !legal {
        return Err(TakeBreakError::IllegalSplit { heap: split.heap, size, left, right });
    }
    let mut after = heaps.to_vec();
    after.splice(split.heap..=split.heap, [left.min(right), left.max(right)]);
    Ok(after)
}

/// A set of small values, cleared in O(1) per heap by stamping: value `v` is in the set when
/// `stamp_of[v]` is the current stamp.
#[derive(Debug)]
struct Marks {
    stamp_of: Vec<u32>,
    stamp: u32,
}

impl Default for Marks {
    fn default() -> Self {
        Self { stamp_of: vec![0; 1], stamp: 0 }
    }
}

impl Marks {
    /// Empties the set.
    fn next_position(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 heaps start over, so an old stamp is never taken for the current one.
            self.stamp_of.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Makes room for every value below `bound`.
    fn grow_to(&mut self, bound: usize) {
        if self.stamp_of.len() < bound {
            self.stamp_of.resize(bound, 0);
        }
    }

    /// The table and the current stamp, for loops that mark many values: a value `v` below the
    /// bound given to [`Marks::grow_to`] is marked by `table[v] = stamp`.
    fn table(&mut self) -> (&mut [u32], u32) {
        (&mut self.stamp_of, self.stamp)
    }

    fn is_marked(&self, value: u32) -> bool {
        self.stamp_of.get(value as usize) == Some(&self.stamp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// OEIS A002188, n = 0..=104, as published; checked here against both methods and, in
    /// `tests/claims.rs`, against game-core's engine.
    const A002188: [u32; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
        1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
        3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
        5, 2, 3,
    ];

    #[test]
    fn both_methods_give_oeis_a002188() {
        assert_eq!(grundy_values(104).unwrap(), A002188);
        assert_eq!(grundy_values_plain(104).unwrap(), A002188);
    }

    #[test]
    fn fast_equals_plain_on_a_long_run() {
        assert_eq!(grundy_values(20_000).unwrap(), grundy_values_plain(20_000).unwrap());
    }

    #[test]
    fn small_tables_and_empty_positions() {
        assert_eq!(grundy_values(0).unwrap(), vec![0]);
        assert_eq!(grundy_values_plain(0).unwrap(), vec![0]);
        assert_eq!(position_value(&[]).unwrap(), 0);
        assert!(winning_moves(&[]).unwrap().is_empty());
    }

    #[test]
    fn hostile_sizes_are_typed_errors_before_allocation() {
        assert_eq!(
            grundy_values(u64::MAX),
            Err(TakeBreakError::HeapTooLarge { heap: u64::MAX, max: MAX_TABLE_HEAP })
        );
        assert!(matches!(grundy_values(MAX_TABLE_HEAP), Err(TakeBreakError::MemoryLimit { .. })));
        assert!(matches!(grundy_values_within(1_000, 1_000), Err(TakeBreakError::MemoryLimit { .. })));
        assert!(grundy_values_within(1_000, estimated_bytes(1_000)).is_ok());
        // The documented reach of the default limit, without allocating it here.
        assert!(estimated_bytes(1 << 25) <= DEFAULT_MEMORY_LIMIT);
        assert!(estimated_bytes(1 << 26) > DEFAULT_MEMORY_LIMIT);
        assert_eq!(
            grundy_values_plain(MAX_PLAIN_HEAP + 1),
            Err(TakeBreakError::TooMuchWork { up_to: MAX_PLAIN_HEAP + 1, max: MAX_PLAIN_HEAP })
        );
        assert!(position_value(&[3, u64::MAX]).is_err());
        assert!(winning_moves(&[u64::MAX]).is_err());
        let message = grundy_values(u64::MAX).unwrap_err().to_string();
        assert!(!message.contains('\n') && message.contains("too large"), "{message}");
    }

    #[test]
    fn illegal_splits_are_refused() {
        assert_eq!(
            apply(&[7], Split { heap: 1, parts: (3, 4) }),
            Err(TakeBreakError::NoSuchHeap { heap: 1, heaps: 1 })
        );
        for parts in [(0, 7), (3, 3), (2, 4), (u64::MAX, 8)] {
            assert!(matches!(
                apply(&[7, 6], Split { heap: 0, parts }),
                Err(TakeBreakError::IllegalSplit { .. })
            ));
        }
        assert_eq!(apply(&[7], Split { heap: 0, parts: (5, 2) }).unwrap(), vec![2, 5]);
    }

    proptest! {
        #[test]
        fn fast_equals_plain(up_to in 0u64..3_000) {
            prop_assert_eq!(grundy_values(up_to).unwrap(), grundy_values_plain(up_to).unwrap());
        }

        /// Every winning move leads to value 0, and every split not listed does not.
        #[test]
        fn winning_moves_are_exactly_the_moves_to_zero(heaps in proptest::collection::vec(0u64..60, 0..4)) {
            let winning = winning_moves(&heaps).unwrap();
            for (heap, &size) in heaps.iter().enumerate() {
                for part in (1..).take_while(|&part| 2 * part < size) {
                    let split = Split { heap, parts: (part, size - part) };
                    let after = apply(&heaps, split).unwrap();
                    prop_assert_eq!(winning.contains(&split), position_value(&after).unwrap() == 0);
                }
            }
            // Sprague-Grundy: a nonzero value always has a move to 0.
            prop_assert_eq!(winning.is_empty(), position_value(&heaps).unwrap() == 0);
        }
    }
}
