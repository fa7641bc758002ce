//! Octal games (take-and-break games), e.g. `0.77` Kayles, `0.07` Dawson's Kayles, `0.137`
//! Dawson's chess, `0.6` Officers, `4.07`.
//!
//! # The code
//!
//! A code `d0.d1 d2 d3 ...` has one octal digit `d_k` per number `k` of counters a move removes
//! from one heap. The bits of `d_k` say what may be left of that heap after removing `k`:
//! bit 1 — nothing (only when the heap had exactly `k`), bit 2 — one nonempty heap, bit 4 — two
//! nonempty heaps. The digit before the point is for `k = 0`; only 0 or 4 make sense there (4:
//! split a heap into two nonempty heaps without removing any; 1 or 2 would allow taking nothing
//! from an empty heap or a pass, and are rejected). The largest `k` with `d_k != 0` is `t`, the
//! largest take.
//!
//! # Computing values
//!
//! [`OctalGame::grundy_values_plain`] follows the definition: heap `n` has O(n) split options,
//! so `N` values cost O(N^2). [`OctalGame::grundy_values`] uses the *rare/common* ("sparse
//! space") technique of Gangolli-Plambeck and Flammenkamp; see its documentation. Both return
//! the same values (tested over many codes); only the speed differs.
//!
//! # Periods
//!
//! [`OctalGame::periodicity`] proves the exact period and pre-period by the Guy-Smith
//! periodicity theorem, stated in [`crate::guy_smith_periodicity`].

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use game_core::Game;
use rayon::prelude::*;
use serde::Serialize;

use crate::NimError;
use crate::limits::Limits;
use crate::observed::{Progress, extend_in_chunks};
use crate::period::Periodicity;
use crate::sparse::{self, CellWidth, Cells, GrundyTable, Mode, Moves, narrow_table_bytes};

/// Leave nothing: remove the whole heap (of exactly `k` counters).
const LEAVE_NONE: u8 = 1;
/// Leave one nonempty heap.
const LEAVE_ONE: u8 = 2;
/// Leave two nonempty heaps.
const LEAVE_TWO: u8 = 4;

/// The most digits after the point accepted in a code.
pub const MAX_CODE_DIGITS: usize = 64;

/// The largest heap size the value tables support (values and indices stay far from overflow).
pub const MAX_TABLE_HEAP: usize = 1 << 31;

/// One more than the largest heap [`OctalGame::grundy_table_within`] accepts: 2^40 heaps
/// (`0 ..= 2^40 - 1`). A table that long takes 1 TiB at one byte a heap, so in practice the
/// memory budget ([`Limits`]) is the bound; this one keeps every size arithmetic far from
/// overflow. Heaps from 2^32 on are numbered in 8 bytes in the list of rare heaps, 4 below.
pub const MAX_NARROW_TABLE_HEAP: u64 = 1 << 40;

/// An octal game given by its code. Parse with [`OctalGame::parse`] or `str::parse`.
///
/// ```
/// use game_nim::OctalGame;
/// let kayles: OctalGame = "0.77".parse().unwrap();
/// assert_eq!(kayles.grundy_values(11).unwrap(), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// assert_eq!(kayles.to_string(), "0.77");
/// assert!("0.78".parse::<OctalGame>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct OctalGame {
    /// `digits[k]` is the digit for removing `k` counters; the last one is nonzero (or the
    /// vector is `[0]` for the game without moves).
    digits: Vec<u8>,
}

impl OctalGame {
    /// Parses a code such as `"0.07"`, `".77"`, `"4.07"`, `"0.6"`.
    ///
    /// # Errors
    /// [`NimError::BadOctalCode`]: no point, no digit after it, a digit that is not octal,
    /// a first digit other than 0 or 4, more than [`MAX_CODE_DIGITS`] digits.
    pub fn parse(code: &str) -> Result<Self, NimError> {
        let bad =
            |reason: &str| NimError::BadOctalCode { code: code.to_string(), reason: reason.to_string() };
        let trimmed = code.trim();
        let (before, after) =
            trimmed.split_once('.').ok_or_else(|| bad("missing the point, write e.g. 0.77"))?;
        let first = match before {
            "" | "0" => 0,
            "4" => LEAVE_TWO,
            _ => return Err(bad("the digit before the point must be 0 or 4")),
        };
        if after.is_empty() {
            return Err(bad("no digit after the point"));
        }
        if after.len() > MAX_CODE_DIGITS {
            return Err(bad("too many digits"));
        }
        let mut digits = vec![first];
        for c in after.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(bad("digits after the point must be octal (0 to 7)")),
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Self { digits })
    }

    /// The largest number of counters a move can remove, `t` (0 for codes like `4.0`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The digit for removing `k` counters (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    fn check_size(up_to: usize) -> Result<(), NimError> {
        if up_to >= MAX_TABLE_HEAP {
            return Err(NimError::HeapTooLarge { size: up_to as u64, max: MAX_TABLE_HEAP as u64 - 1 });
        }
        Ok(())
    }

    /// Grundy values of heaps `0..=up_to` by the definition: O(up_to^2) for games that split
    /// heaps, O(up_to * t) otherwise. The baseline for [`Self::grundy_values`].
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= MAX_TABLE_HEAP`.
    pub fn grundy_values_plain(&self, up_to: usize) -> Result<Vec<u32>, NimError> {
        Self::check_size(up_to)?;
        let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
        let mut marks = Marks::default();
        for n in 0..=up_to {
            marks.next_position();
            self.mark_whole_and_single(&values, n, &mut marks);
            for (k, &d) in self.digits.iter().enumerate() {
                if d & LEAVE_TWO != 0 && n >= k + 2 {
                    let rest = n - k;
                    for a in 1..=rest / 2 {
                        marks.mark(values[a] ^ values[rest - a]);
                    }
                }
            }
            let value = (0..).find(|&v| !marks.is_marked(v)).expect("some value is free");
            marks.note_value(value);
            values.push(value);
        }
        Ok(values)
    }

    /// The value of heap `n` by the definition, from the values of heaps `0..n` in `table`:
    /// the mex of its options, found in `seen` (a scratch of flags; an option value at or beyond
    /// its length is ignored, so the answer is exact when it is below `seen.len() - 1`, else it
    /// is `seen.len()`). For checking stored values: O(n) per split digit.
    pub(crate) fn value_by_definition(&self, table: &GrundyTable, n: usize, seen: &mut [bool]) -> u32 {
        seen.iter_mut().for_each(|s| *s = false);
        let value = |heap: usize| table.get(heap).unwrap_or(u32::MAX) as usize;
        let mut mark = |v: usize| {
            if let Some(slot) = seen.get_mut(v) {
                *slot = true;
            }
        };
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            if d & LEAVE_NONE != 0 && n == k {
                mark(0);
            }
            if d & LEAVE_ONE != 0 && n > k {
                mark(value(n - k));
            }
            if d & LEAVE_TWO != 0 && n >= k + 2 {
                let rest = n - k;
                for a in 1..=rest / 2 {
                    mark(value(a) ^ value(rest - a));
                }
            }
        }
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    }

    /// Marks the options that leave nothing or one heap.
    fn mark_whole_and_single(&self, values: &[u32], n: usize, marks: &mut Marks) {
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            if d & LEAVE_NONE != 0 && n == k {
                marks.mark(0);
            }
            if d & LEAVE_ONE != 0 && n > k {
                marks.mark(values[n - k]);
            }
        }
    }

    /// The moves of the code by kind, for the rare/common kernel.
    pub(crate) fn moves_by_kind(&self) -> Moves {
        let takes = |bit: u8| -> Vec<usize> {
            self.digits.iter().enumerate().filter(|&(_, &d)| d & bit != 0).map(|(k, _)| k).collect()
        };
        Moves {
            whole: takes(LEAVE_NONE),
            single: takes(LEAVE_ONE),
            splits: takes(LEAVE_TWO),
            max_take: self.max_take(),
        }
    }

    /// Grundy values of heaps `0..=up_to`, fast: the rare/common ("sparse space") technique.
    ///
    /// Fix a bit mask `M` and call a value *rare* if `popcount(v & M)` is even, *common* if odd.
    /// The XOR of two common values is rare, so a common value among the split options of heap
    /// `n` always comes from a split with at least one *rare heap* (a heap whose value is rare).
    /// For most games few heaps are rare, so:
    ///
    /// 1. mark the options leaving zero or one heap, and every split `(r, n - k - r)` with `r`
    ///    a rare heap — O(number of rare heaps) instead of O(n);
    /// 2. the least unmarked common value `c` bounds the mex (every common option is marked);
    ///    the unmarked rare values below `c` are looked for in one walk over all splits, which
    ///    stops as soon as the last of them is seen (usually at once). The mex is the least
    ///    rare value not found, or `c`.
    ///
    /// This is exact for every mask; the mask only decides the speed. It is chosen from the values
    /// so far, at heap sizes 64, 128, 256, ..., as the mask that makes the fewest heaps rare
    /// (all masks are counted at once by a Walsh-Hadamard transform). When every take that
    /// splits a heap has the same parity, the heap's parity may join the mask (a heap is then
    /// rare by `popcount(v & M) + (n & 1)`), which helps codes like `0.137`. For `0.6` the rare
    /// heaps are finitely many as far as is known, and the cost is about O(up_to); for codes
    /// without such structure it degrades gracefully towards O(up_to^2). The values are kept in
    /// the narrowest cells that hold them (see [`Self::grundy_table_within`]).
    ///
    /// Periodicity shortcut: at heap sizes 128, 256, 512, ... the values so far are tested by the
    /// Guy-Smith theorem ([`crate::guy_smith_periodicity`]); once a period is proven, the rest of
    /// the table is filled by it — exact by the theorem. Kayles (period 12 from 71) and Dawson's
    /// Kayles (period 34 from 53) are proven at 256. [`Self::grundy_values_sparse`] is the
    /// method without the shortcut.
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= MAX_TABLE_HEAP`.
    pub fn grundy_values(&self, up_to: usize) -> Result<Vec<u32>, NimError> {
        self.grundy_values_within(up_to, &Limits::UNLIMITED)
    }

    /// [`Self::grundy_values`] within `limits`: the table's memory is estimated before it is
    /// allocated ([`Self::table_bytes`]), and the work is counted as it is done.
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= MAX_TABLE_HEAP`; [`NimError::OverMemoryBudget`]
    /// if the table would not fit `limits.max_bytes`; [`NimError::EffortExceeded`] after
    /// `limits.max_steps` option evaluations (codes without structure are quadratic).
    pub fn grundy_values_within(&self, up_to: usize, limits: &Limits) -> Result<Vec<u32>, NimError> {
        Self::check_size(up_to)?;
        limits.check_bytes(
            || format!("the values of octal game {self} up to heap {up_to}"),
            Self::table_bytes(up_to),
        )?;
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let computed = sparse::compute(&self.moves_by_kind(), up_to, Mode::Fill, limits, &what, None)?;
        Ok(GrundyTable::from_cells(computed.cells).into_vec())
    }

    /// An upper estimate of the bytes [`Self::grundy_values_within`] allocates for heaps
    /// `0..=up_to`: the returned values (4 bytes a heap), the narrow table they are computed in
    /// (at most 4 bytes a heap, twice while it is widened), the list of rare heaps (8 bytes a
    /// heap at most) and the scratch marks. Exact `u128` arithmetic.
    pub fn table_bytes(up_to: usize) -> u128 {
        (up_to as u128 + 1) * 20 + (1 << 16)
    }

    /// Grundy values of heaps `0..=up_to` in the narrowest cells that hold them (one byte a heap
    /// while every value is below 256, two below 65 536, else four; see [`GrundyTable`]), by the
    /// method of [`Self::grundy_values`] with its periodicity shortcut. Up to 2^40 heaps, as
    /// far as the memory budget allows (2^33 heaps of one byte: 8 GiB).
    /// [`Self::grundy_table_sparse_within`] is the same without the shortcut.
    ///
    /// Memory is stated before it is allocated: [`narrow_table_bytes`]`(up_to, CellWidth::U8)`
    /// is checked against `limits.max_bytes` first, and every later growth (a wider table when a
    /// value outgrows its cells, both held during the copy; more marks; a longer list of rare
    /// heaps) is checked again before it is made. 2^32 heaps of a code whose values stay below
    /// 65 536 take `2^32 * 2` bytes = 8 GiB, plus the scratch.
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= MAX_NARROW_TABLE_HEAP` (or beyond `usize`);
    /// [`NimError::OverMemoryBudget`] or [`NimError::OutOfMemory`] before an allocation that
    /// would not fit; [`NimError::EffortExceeded`] after `limits.max_steps` option evaluations.
    ///
    /// ```
    /// use game_nim::{CellWidth, Limits, OctalGame};
    /// let officers: OctalGame = "0.6".parse().unwrap();
    /// let table = officers.grundy_table_within(3000, &Limits::UNLIMITED).unwrap();
    /// assert_eq!(table.len(), 3001);
    /// assert_eq!(table.width(), CellWidth::U8);
    /// assert_eq!(table.to_vec(), officers.grundy_values_plain(3000).unwrap());
    /// ```
    pub fn grundy_table_within(&self, up_to: u64, limits: &Limits) -> Result<GrundyTable, NimError> {
        self.narrow_table(up_to, limits, Mode::Fill)
    }

    /// [`Self::grundy_table_within`] for long runs: the work is cut into chunks (a 128th of the
    /// heaps asked for, at least 2^16 heaps), and before each chunk `observer` is told how far
    /// it has come ([`Progress`]) and may stop it by returning [`ControlFlow::Break`]. The
    /// values, memory checks and effort limit (all chunks together) are those of
    /// [`Self::grundy_table_within`].
    ///
    /// # Errors
    /// As [`Self::grundy_table_within`], and [`NimError::Stopped`] when the observer stops it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use game_nim::{Limits, NimError, OctalGame};
    /// let kayles: OctalGame = "0.77".parse().unwrap();
    /// let mut seen = Vec::new();
    /// let table = kayles
    ///     .grundy_table_observed(200_000, &Limits::UNLIMITED, &mut |p| {
    ///         seen.push(p.done);
    ///         ControlFlow::Continue(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(table, kayles.grundy_table_within(200_000, &Limits::UNLIMITED).unwrap());
    /// assert_eq!(seen, [0, 65_536, 131_072, 196_608, 200_001]);
    /// // Stopped by the observer after the first chunk.
    /// let stopped = kayles.grundy_table_observed(200_000, &Limits::UNLIMITED, &mut |p| {
    ///     if p.done > 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert!(matches!(stopped, Err(NimError::Stopped { done: 65_536, .. })));
    /// ```
    pub fn grundy_table_observed(
        &self,
        up_to: u64,
        limits: &Limits,
        observer: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<GrundyTable, NimError> {
        let heaps = self.narrow_table_heaps(up_to, limits)?;
        let what = || format!("octal game {self}, heaps up to {up_to}");
        // Room for every heap at once: no chunk copies the table (unless it is widened).
        let empty = GrundyTable::from_cells(Cells::U8(Vec::with_capacity(heaps + 1)));
        extend_in_chunks(&self.moves_by_kind(), empty, heaps, limits, &what, observer, &mut |_, _, _| Ok(()))
    }

    /// [`Self::grundy_table_within`] without the periodicity shortcut: every value is computed
    /// from its options by the rare/common method, as [`Self::grundy_values_sparse`] does, in
    /// narrow cells and up to 2^40 heaps. For runs that exercise the method itself on long
    /// tables (a proven period makes the shortcut copy the rest).
    ///
    /// # Errors
    /// As [`Self::grundy_table_within`].
    ///
    /// ```
    /// use game_nim::{Limits, OctalGame};
    /// let kayles: OctalGame = "0.77".parse().unwrap();
    /// let table = kayles.grundy_table_sparse_within(5000, &Limits::UNLIMITED).unwrap();
    /// assert_eq!(table, kayles.grundy_table_within(5000, &Limits::UNLIMITED).unwrap());
    /// ```
    pub fn grundy_table_sparse_within(&self, up_to: u64, limits: &Limits) -> Result<GrundyTable, NimError> {
        self.narrow_table(up_to, limits, Mode::NoShortcut)
    }

    /// The last heap of a narrow table up to `up_to` as an index, once the heap bound and the
    /// memory budget allow the table (shared by every narrow-table entry point).
    pub(crate) fn narrow_table_heaps(&self, up_to: u64, limits: &Limits) -> Result<usize, NimError> {
        let too_large = || NimError::HeapTooLarge { size: up_to, max: MAX_NARROW_TABLE_HEAP - 1 };
        if up_to >= MAX_NARROW_TABLE_HEAP {
            return Err(too_large());
        }
        let heaps = usize::try_from(up_to).map_err(|_| too_large())?;
        limits.check_bytes(
            || format!("the values of octal game {self} up to heap {up_to}"),
            narrow_table_bytes(up_to, CellWidth::U8),
        )?;
        Ok(heaps)
    }

    fn narrow_table(&self, up_to: u64, limits: &Limits, mode: Mode) -> Result<GrundyTable, NimError> {
        let heaps = self.narrow_table_heaps(up_to, limits)?;
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let computed = sparse::compute(&self.moves_by_kind(), heaps, mode, limits, &what, None)?;
        Ok(GrundyTable::from_cells(computed.cells))
    }

    /// Grundy values of heaps `0..=up_to` by the rare/common method alone, without the
    /// periodicity shortcut of [`Self::grundy_values`] (every value computed from its options).
    /// For measuring the method and for cross-checks.
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] if `up_to >= MAX_TABLE_HEAP`.
    pub fn grundy_values_sparse(&self, up_to: usize) -> Result<Vec<u32>, NimError> {
        Self::check_size(up_to)?;
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let computed =
            sparse::compute(&self.moves_by_kind(), up_to, Mode::NoShortcut, &Limits::UNLIMITED, &what, None)?;
        Ok(GrundyTable::from_cells(computed.cells).into_vec())
    }

    /// The exact period and pre-period of the Grundy values, proven by the Guy-Smith theorem
    /// (see [`crate::guy_smith_periodicity`]) from the values of heaps `0..=up_to`.
    ///
    /// # Errors
    /// [`NimError::PeriodNotFound`] if the values up to `up_to` prove no period (the game may
    /// still be periodic later, or never, like `0.6` as far as is known);
    /// [`NimError::HeapTooLarge`] as for [`Self::grundy_values`].
    ///
    /// ```
    /// let kayles: game_nim::OctalGame = "0.77".parse().unwrap();
    /// let p = kayles.periodicity(1000).unwrap();
    /// assert_eq!((p.preperiod, p.period), (71, 12));
    /// ```
    pub fn periodicity(&self, up_to: usize) -> Result<Periodicity, NimError> {
        self.periodicity_within(up_to, &Limits::UNLIMITED).map(|(p, _)| p)
    }

    /// [`Self::periodicity`] within `limits`, with the values of heaps `0 .. preperiod + period`.
    /// Computing stops as soon as a period is proven (checked at heap sizes 128, 256, 512, ...),
    /// so a large `up_to` costs nothing for a game that is periodic early; the table grows by
    /// doubling and each growth is checked against `limits.max_bytes` before it is allocated.
    ///
    /// # Errors
    /// As [`Self::periodicity`], and [`NimError::OverMemoryBudget`] or
    /// [`NimError::EffortExceeded`] if the search outgrows `limits` before a period is proven.
    pub fn periodicity_within(
        &self,
        up_to: usize,
        limits: &Limits,
    ) -> Result<(Periodicity, Vec<u32>), NimError> {
        Self::check_size(up_to)?;
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let estimate = |heaps: usize| Self::table_bytes(heaps);
        let computed = sparse::compute(
            &self.moves_by_kind(),
            up_to,
            Mode::StopAtPeriod,
            limits,
            &what,
            Some(&estimate),
        )?;
        let mut values = GrundyTable::from_cells(computed.cells).into_vec();
        let periodicity = computed.periodicity.ok_or(NimError::PeriodNotFound { limit: up_to })?;
        values.truncate(periodicity.preperiod + periodicity.period);
        Ok((periodicity, values))
    }
}

/// A set of small values, cleared in O(1) per position by stamping.
#[derive(Debug, Default)]
struct Marks {
    stamp_of: Vec<u32>,
    stamp: u32,
}

impl Marks {
    fn next_position(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 positions reset, so an old stamp is never mistaken for the current one.
            self.stamp_of.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Grow so that every XOR of two values up to `value` fits, plus room for the mex.
    fn note_value(&mut self, value: u32) {
        let needed = (value as usize + 1).next_power_of_two() * 2 + 1;
        if self.stamp_of.len() < needed {
            self.stamp_of.resize(needed, 0);
        }
    }

    fn mark(&mut self, value: u32) {
        let v = value as usize;
        if v >= self.stamp_of.len() {
            self.stamp_of.resize(v * 2 + 2, 0);
        }
        self.stamp_of[v] = self.stamp;
    }

    fn is_marked(&self, value: u32) -> bool {
        self.stamp_of.get(value as usize) == Some(&self.stamp)
    }
}

impl FromStr for OctalGame {
    type Err = NimError;
    fn from_str(code: &str) -> Result<Self, NimError> {
        Self::parse(code)
    }
}

impl fmt::Display for OctalGame {
    /// The canonical code: first digit, point, the digits up to the last nonzero one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Grundy values of heaps `0..=up_to` for several games at once, one game per rayon task
/// (the sparse method is sequential within a game: each value needs the ones before it).
///
/// # Errors
/// The first error of any game, as for [`OctalGame::grundy_values`].
pub fn grundy_values_many(games: &[OctalGame], up_to: usize) -> Result<Vec<Vec<u32>>, NimError> {
    games.par_iter().map(|g| g.grundy_values(up_to)).collect()
}

/// An octal game on several heaps, as a [`game_core::Game`]. Positions are canonical: heap
/// sizes sorted ascending, empty heaps dropped (see [`crate::canonical_heaps`]).
impl Game for OctalGame {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        game_core::heap_sum_moves(heaps, |h| self.heap_options(h), crate::nim::canonical_heaps)
    }
}

impl OctalGame {
    /// What one heap of `h` counters may become: for each take `k` its digit allows, the heaps
    /// left (none, one, or two nonempty heaps, smaller first), takes in increasing order.
    pub(crate) fn heap_options(&self, h: u64) -> Vec<Vec<u64>> {
        let mut options: Vec<Vec<u64>> = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > h {
                break;
            }
            if d & LEAVE_NONE != 0 && h == k {
                options.push(vec![]);
            }
            if d & LEAVE_ONE != 0 && h > k {
                options.push(vec![h - k]);
            }
            if d & LEAVE_TWO != 0 && h >= k + 2 {
                options.extend((1..=(h - k) / 2).map(|a| vec![a, h - k - a]));
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{explore, grundy_values as graph_grundy};
    use proptest::prelude::*;

    /// The accessors and refusals at their bounds, by hand: 0.137 takes at most 3 counters with
    /// digits 1, 3, 7; 64 digits after the point are accepted and 65 refused; the tables refuse
    /// the first heap past their limit, naming the last heap allowed.
    #[test]
    fn accessors_and_bounds_by_hand() {
        let game: OctalGame = "0.137".parse().unwrap();
        assert_eq!(game.max_take(), 3);
        assert_eq!((0..5).map(|k| game.digit(k)).collect::<Vec<_>>(), vec![0, 1, 3, 7, 0]);
        let split: OctalGame = "4.0".parse().unwrap();
        assert_eq!((split.max_take(), split.digit(0)), (0, 4));
        let longest = format!("0.{}", "1".repeat(MAX_CODE_DIGITS));
        assert_eq!(longest.parse::<OctalGame>().unwrap().max_take(), MAX_CODE_DIGITS);
        assert!(format!("0.{}", "1".repeat(MAX_CODE_DIGITS + 1)).parse::<OctalGame>().is_err());
        assert_eq!(OctalGame::table_bytes(10), 11 * 20 + 65_536);
        assert_eq!(
            game.grundy_values(MAX_TABLE_HEAP),
            Err(NimError::HeapTooLarge { size: MAX_TABLE_HEAP as u64, max: MAX_TABLE_HEAP as u64 - 1 })
        );
        assert_eq!(
            game.grundy_table_within(MAX_NARROW_TABLE_HEAP, &Limits::UNLIMITED).map(|t| t.len()),
            Err(NimError::HeapTooLarge { size: MAX_NARROW_TABLE_HEAP, max: MAX_NARROW_TABLE_HEAP - 1 })
        );
    }

    /// Equal heaps give each option once: Kayles (0.77) from 2 2 can take one counter (leaving
    /// 1 2) or two (leaving 2), nothing else.
    #[test]
    fn equal_heaps_list_each_option_once() {
        let kayles: OctalGame = "0.77".parse().unwrap();
        let mut moves = kayles.moves(&vec![2, 2]);
        moves.sort();
        assert_eq!(moves, vec![vec![1, 2], vec![2]]);
    }

    /// OEIS A002186, "Sprague-Grundy values for the game of Kayles (octal games .77 and .771)",
    /// offset 0, as printed at https://oeis.org/A002186 (105 terms). FORMULA there: "From n=71
    /// on, the sequence is periodic with period 12. The only exceptions are n=0, 3, 6, 9, 11, 15,
    /// 18, 21, 22, 28, 34, 39, 57 and 70."
    const A002186: [u32; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
        6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
        1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1,
    ];

    /// OEIS A002187, "Sprague-Grundy values for Dawson's Chess (octal game .137)", offset 0, as
    /// printed at https://oeis.org/A002187 (132 terms). COMMENTS: "Octal game .07 (Dawson's
    /// Kayles) has values a(n-1)." FORMULA: "Has period 34 with the only exceptions at n=0, 14,
    /// 16, 17, 31, 34 and 51."
    const A002187: [u32; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
        8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
        8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    /// OEIS A071453, "Sprague-Grundy values for octal game .117", offset 1 (105 terms).
    /// "Sequence is eventually periodic with period 48. The only exceptions are n=2, 6, 7, 12,
    /// 16, 22, 26, 36 and 46."
    const A071453: [u32; 105] = [
        1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0, 4, 3,
        2, 2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0, 1, 0, 1, 3, 2, 3, 2, 3, 4, 0,
        1, 0, 4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1, 0, 1, 0, 4, 3, 2, 3, 4, 0, 1, 0, 1, 0, 2, 3,
        2, 3, 4,
    ];

    fn game(code: &str) -> OctalGame {
        code.parse().unwrap()
    }

    #[test]
    fn kayles_matches_oeis_a002186_and_has_period_12_from_71() {
        for code in ["0.77", "0.771", ".77"] {
            let values = game(code).grundy_values(104).unwrap();
            assert_eq!(values[..40], A002186[..40], "{code}: first 40");
            assert_eq!(values, A002186, "{code}");
        }
        let p = game("0.77").periodicity(2000).unwrap();
        assert_eq!(p, Periodicity { preperiod: 71, period: 12 });
        // "Octal games 4.4, ..., 4.6 have values a(n-1)": checks the leading digit 4.
        for code in ["4.4", "4.6", "4.63"] {
            let values = game(code).grundy_values(105).unwrap();
            assert_eq!(values[0], 0);
            assert_eq!(values[1..], A002186, "{code}");
            assert_eq!(game(code).periodicity(2000).unwrap(), Periodicity { preperiod: 72, period: 12 });
        }
    }

    #[test]
    fn dawson_matches_oeis_a002187_and_has_period_34() {
        let chess = game("0.137").grundy_values(131).unwrap();
        assert_eq!(chess[..40], A002187[..40]);
        assert_eq!(chess, A002187);
        // Last exception at n = 51, so the pre-period of 0.137 is 52.
        assert_eq!(game("0.137").periodicity(2000).unwrap(), Periodicity { preperiod: 52, period: 34 });
        // Dawson's Kayles 0.07: g(n) = a(n - 1), so everything shifts by one.
        let kayles = game("0.07").grundy_values(132).unwrap();
        assert_eq!(kayles[0], 0);
        assert_eq!(kayles[1..], A002187);
        assert_eq!(game("0.07").periodicity(2000).unwrap(), Periodicity { preperiod: 53, period: 34 });
        // ".4 ... have values a(n-2)".
        let four = game("0.4").grundy_values(133).unwrap();
        assert_eq!(four[2..], A002187);
    }

    #[test]
    fn game_117_matches_oeis_a071453() {
        let values = game("0.117").grundy_values(105).unwrap();
        assert_eq!(values[1..], A071453);
        // Last exception at n = 46: pre-period 47, period 48.
        assert_eq!(game("0.117").periodicity(3000).unwrap(), Periodicity { preperiod: 47, period: 48 });
    }

    #[test]
    fn bad_codes_are_typed_errors() {
        for code in ["", "077", "0.", "0.8", "1.07", "2.7", "0.7a", "x.1", "0.1.2"] {
            assert!(matches!(OctalGame::parse(code), Err(NimError::BadOctalCode { .. })), "{code:?}");
        }
        let long = format!("0.{}", "7".repeat(MAX_CODE_DIGITS + 1));
        assert!(matches!(OctalGame::parse(&long), Err(NimError::BadOctalCode { .. })));
        assert_eq!(game("0.0700").to_string(), "0.07");
        assert_eq!(game("4.0").to_string(), "4.0");
        assert_eq!(game("4.0").max_take(), 0);
        assert!(matches!(game("0.6").periodicity(100), Err(NimError::PeriodNotFound { limit: 100 })));
        assert!(matches!(game("0.6").grundy_values(MAX_TABLE_HEAP), Err(NimError::HeapTooLarge { .. })));
    }

    /// N6 for octal games: one heap and sums of two heaps against game-core's Grundy values on
    /// the explicit graph.
    #[test]
    fn octal_values_agree_with_explicit_graph() {
        for code in ["0.77", "0.07", "0.137", "0.6", "4.07", "0.31", "0.14", "0.51", "4.0", "0.007"] {
            let g = game(code);
            let values = g.grundy_values(14).unwrap();
            let graph = explore(&g, [vec![14u64], vec![6, 9]], 200_000).unwrap();
            let table = graph_grundy(&graph.graph).unwrap();
            for node in graph.graph.node_indices() {
                let heaps = graph.position(node);
                let xor = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
                assert_eq!(xor, table[node.index()], "{code} {heaps:?}");
            }
        }
    }

    #[test]
    fn sparse_equals_plain_on_long_runs() {
        for code in ["0.77", "0.07", "0.6", "0.137", "4.07", "0.165", "0.356", "0.26", "0.4", "0.54"] {
            let g = game(code);
            let plain = g.grundy_values_plain(3000).unwrap();
            assert_eq!(g.grundy_values_sparse(3000).unwrap(), plain, "{code} sparse");
            // With the periodicity shortcut (proven periods are filled in, not computed).
            assert_eq!(g.grundy_values(3000).unwrap(), plain, "{code}");
        }
    }

    #[test]
    fn many_codes_in_parallel() {
        let games: Vec<OctalGame> = ["0.77", "0.07"].iter().map(|c| game(c)).collect();
        let all = grundy_values_many(&games, 104).unwrap();
        assert_eq!(all[0], A002186);
        assert_eq!(all[1][1..], A002187[..104]);
    }

    proptest! {
        /// The sparse computation equals the plain one for random codes.
        #[test]
        fn sparse_equals_plain(first in prop_oneof![Just(0u8), Just(4u8)],
                               digits in proptest::collection::vec(0u8..8, 1..5)) {
            let mut code = format!("{first}.");
            for d in &digits {
                code.push(char::from(b'0' + d));
            }
            let g = game(&code);
            let plain = g.grundy_values_plain(400).unwrap();
            prop_assert_eq!(&g.grundy_values_sparse(400).unwrap(), &plain, "{} sparse", code);
            prop_assert_eq!(&g.grundy_values(400).unwrap(), &plain, "{}", code);
        }
    }
}
