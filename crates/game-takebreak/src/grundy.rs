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
    let mut table = GrundyValueTable::resume(Vec::new(), up_to, memory_limit)?;
    table.extend_to(up_to);
    Ok(table.into_values())
}

/// Heaps below this are all checked when a table is resumed from stored values.
const CHECKED_FIRST_HEAPS: usize = 1024;

/// Heaps checked beyond the first ones, spread evenly up to the last stored heap.
const CHECKED_SPREAD_HEAPS: usize = 8;

/// The table of one-heap values of Grundy's game being computed heap after heap by the method
/// of [`grundy_values_within`], which can stop at any heap and go on later, also from values
/// stored by an earlier run ([`GrundyValueTable::resume`]): a long computation written to a
/// file as it goes is continued, not started again.
///
/// ```
/// use game_takebreak::{grundy_values, GrundyValueTable, DEFAULT_MEMORY_LIMIT};
/// let mut table = GrundyValueTable::resume(Vec::new(), 100, DEFAULT_MEMORY_LIMIT)?;
/// table.extend_to(40); // heaps 0..=40, then stop (e.g. to save them)
/// let saved = table.values().to_vec();
/// let mut resumed = GrundyValueTable::resume(saved, 100, DEFAULT_MEMORY_LIMIT)?;
/// resumed.extend_to(100);
/// assert_eq!(resumed.values(), grundy_values(100)?);
/// # Ok::<(), game_takebreak::TakeBreakError>(())
/// ```
#[derive(Debug)]
pub struct GrundyValueTable {
    values: Vec<u32>,
    /// The last heap the table may reach (its memory was checked for it).
    last: usize,
    // The rare heaps so far and their values, side by side so the marking loop reads both
    // lists in order instead of looking each rare heap's value up in the whole table.
    rare_heaps: Vec<u32>,
    rare_values: Vec<u32>,
    marks: Marks,
    seen: Marks,
    needed: Vec<u32>,
    // Every value so far is below `value_bound`, a power of two, so every XOR of two is too:
    // the mark tables are kept that long and are indexed without growing in the loops.
    value_bound: usize,
}

impl GrundyValueTable {
    /// A table for heaps up to `up_to` within `memory_limit` bytes (estimated by
    /// [`estimated_bytes`] before anything is allocated), holding first the values `stored`
    /// of heaps `0..stored.len()` (an empty vector to start from heap 0; values beyond `up_to`
    /// are dropped).
    ///
    /// Stored values are checked before they are used: every value must be below half its
    /// heap (a heap of `n` counters has fewer than `n / 2` options), and the values of the
    /// first 1024 heaps and of eight heaps spread up to the last are computed again by the
    /// definition from the stored ones. Values of another game, or a file damaged in those
    /// places, are refused (checking every value would cost as much as computing them again).
    ///
    /// # Errors
    /// [`TakeBreakError::HeapTooLarge`] beyond [`MAX_TABLE_HEAP`];
    /// [`TakeBreakError::MemoryLimit`] if the estimate exceeds `memory_limit`;
    /// [`TakeBreakError::WrongStoredValue`] for a stored value that the checks find wrong.
    pub fn resume(mut stored: Vec<u32>, up_to: u64, memory_limit: u64) -> Result<Self, TakeBreakError> {
        let last = check_table(up_to, memory_limit)?;
        stored.truncate(last + 1);
        check_stored(&stored)?;
        let known = stored.len();
        let mut table = Self {
            values: stored,
            last,
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            marks: Marks::default(),
            seen: Marks::default(),
            needed: Vec::new(),
            value_bound: 1,
        };
        table.values.reserve_exact(last + 1 - known);
        for n in 0..known {
            table.note(n, table.values[n]);
        }
        Ok(table)
    }

    /// The values of heaps `0..len` computed or stored so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The values, for heaps `0..len`.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Computes the values of the heaps after the last one known, up to `heap` (at most the
    /// table's `up_to`; a smaller `heap` than known does nothing).
    pub fn extend_to(&mut self, heap: u64) {
        let end = usize::try_from(heap).unwrap_or(usize::MAX).min(self.last);
        while self.values.len() <= end {
            let n = self.values.len();
            let value = self.next_value(n);
            self.push(value);
        }
    }

    /// The value of heap `n = values.len()`, from the values before it.
    fn next_value(&mut self, n: usize) -> u32 {
        self.marks.next_position();
        let (table, stamp) = self.marks.table();
        for (&rare, &rare_value) in self.rare_heaps.iter().zip(&self.rare_values) {
            let rare = rare as usize;
            let other = n - rare; // rare < n: every heap in the list is an earlier one
            if other != rare {
                table[(rare_value ^ self.values[other]) as usize] = stamp;
            }
        }
        let marks = &self.marks;
        let common_mex = (0u32..).find(|&v| !is_rare(v) && !marks.is_marked(v)).expect("a value is free");
        // The rare values below the common mex that are not marked yet, ascending.
        self.needed.clear();
        self.needed.extend((0..common_mex).filter(|&v| is_rare(v) && !marks.is_marked(v)));
        first_missing_split_value(&self.values, n, &mut self.needed, &mut self.seen).unwrap_or(common_mex)
    }

    /// Appends the value of the next heap.
    fn push(&mut self, value: u32) {
        self.note(self.values.len(), value);
        self.values.push(value);
    }

    /// Updates the rare lists and the mark tables for heap `n` of value `value`.
    fn note(&mut self, n: usize, value: u32) {
        if value as usize >= self.value_bound {
            self.value_bound = (value as usize + 1).next_power_of_two();
            self.marks.grow_to(self.value_bound);
            self.seen.grow_to(self.value_bound);
        }
        if n >= 1 && is_rare(value) {
            self.rare_heaps.push(n as u32); // n <= MAX_TABLE_HEAP < 2^32
            self.rare_values.push(value);
        }
    }
}

/// Checks stored values before a table goes on from them (see [`GrundyValueTable::resume`]).
fn check_stored(stored: &[u32]) -> Result<(), TakeBreakError> {
    let wrong = |heap: usize, computed: u32| TakeBreakError::WrongStoredValue {
        heap: heap as u64,
        stored: stored[heap],
        computed,
    };
    // Heap n has at most (n - 1) / 2 options, so its value is at most that: this bounds the
    // flags below (and the mark tables) by the table's length.
    if let Some(heap) = (0..stored.len()).find(|&n| stored[n] as usize > n.saturating_sub(1) / 2) {
        return Err(wrong(heap, value_by_definition(stored, heap)));
    }
    let Some(last) = stored.len().checked_sub(1) else { return Ok(()) };
    let spread = (1..=CHECKED_SPREAD_HEAPS).map(|i| last * i / CHECKED_SPREAD_HEAPS);
    for n in (0..stored.len().min(CHECKED_FIRST_HEAPS)).chain(spread) {
        let computed = value_by_definition(stored, n);
        if computed != stored[n] {
            return Err(wrong(n, computed));
        }
    }
    Ok(())
}

/// The mex of the splits of heap `n` by the definition, from the values of smaller heaps.
fn value_by_definition(values: &[u32], n: usize) -> u32 {
    let mut is_option = vec![false; n / 2 + 1];
    for part in (1..).take_while(|&part| 2 * part < n) {
        if let Some(slot) = is_option.get_mut((values[part] ^ values[n - part]) as usize) {
            *slot = true;
        }
    }
    is_option.iter().position(|&x| !x).unwrap_or(is_option.len()) as u32
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

    /// A table stopped anywhere and resumed from its values (as a file would hold them) gives
    /// the plain method's values; stored values are cut to the heaps asked for.
    #[test]
    fn resumed_tables_equal_the_plain_values() {
        let plain = grundy_values_plain(5_000).unwrap();
        for stop in [0usize, 1, 2, 3, 17, 1023, 1024, 1025, 4_999, 5_000] {
            let stored = plain[..stop].to_vec();
            let mut table = GrundyValueTable::resume(stored, 5_000, DEFAULT_MEMORY_LIMIT).unwrap();
            assert_eq!(table.values().len(), stop);
            table.extend_to(2_500);
            assert_eq!(table.values().len(), stop.max(2_501));
            table.extend_to(u64::MAX); // stops at the table's last heap
            assert_eq!(table.into_values(), plain, "stopped at {stop}");
        }
        let longer = GrundyValueTable::resume(plain.clone(), 100, DEFAULT_MEMORY_LIMIT).unwrap();
        assert_eq!(longer.values(), &plain[..=100]);
    }

    /// Stored values that are not Grundy's game's are refused with the heap that is wrong: one
    /// changed among the first 1024 heaps, one at a spread heap beyond them, one too large for
    /// its heap (which would otherwise size the mark tables), another game's values.
    #[test]
    fn wrong_stored_values_are_refused() {
        let plain = grundy_values_plain(4_000).unwrap();
        let resume = |stored: Vec<u32>| GrundyValueTable::resume(stored, 4_000, DEFAULT_MEMORY_LIMIT);
        for heap in [13usize, 1000, 3500, 4000] {
            let mut stored = plain.clone();
            stored[heap] ^= 1;
            match resume(stored) {
                Err(TakeBreakError::WrongStoredValue { heap: h, stored: s, computed }) => {
                    assert_eq!((h, s, computed), (heap as u64, plain[heap] ^ 1, plain[heap]));
                }
                other => panic!("heap {heap}: expected a wrong value, got {other:?}"),
            }
        }
        let mut stored = plain[..2000].to_vec();
        stored[1500] = u32::MAX;
        assert!(matches!(resume(stored), Err(TakeBreakError::WrongStoredValue { heap: 1500, .. })));
        // Kayles' values (0.77) are not Grundy's game's.
        assert!(matches!(
            resume(vec![0, 1, 2, 3, 1, 4]),
            Err(TakeBreakError::WrongStoredValue { heap: 1, .. })
        ));
        assert!(matches!(
            GrundyValueTable::resume(plain, 4_000, 1_000),
            Err(TakeBreakError::MemoryLimit { .. })
        ));
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
