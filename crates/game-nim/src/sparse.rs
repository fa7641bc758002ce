//! The rare/common ("sparse space") kernel behind [`crate::OctalGame::grundy_values`] and
//! [`crate::OctalGame::grundy_table_within`], over narrow value storage.
//!
//! # Narrow storage
//!
//! Values are kept one byte a heap while they stay below 256, two bytes below 65 536, four bytes
//! beyond ([`CellWidth`]). The table starts narrow and is widened (copied into the next width)
//! exactly when a value does not fit; the heap whose value did not fit is then computed again in
//! the wider table, so no value is ever truncated. Narrow cells also keep the working set of the
//! inner loop (the values a rare heap's splits read, just below the current heap) small.
//!
//! # Rare and common
//!
//! Fix a mask `M` over the value bits and a flag `P` (allowed only when every take that splits a
//! heap has the same parity `s`). The *label* of heap `i` is `parity(g(i) & M) ^ (P & (i ^ s) & 1)`
//! (with `P` set, flipped on the heaps whose parity differs from the split takes'); a heap with
//! label 0 is *rare*. For a split of `rest = a + b` counters,
//! `label(a) ^ label(b) = parity((g(a) ^ g(b)) & M) ^ (P & rest & 1)`, and `rest & 1` is the same
//! for every split take of heap `n` when `P` is set. So two heaps of label 1 can only give values
//! `x` with `parity(x & M) = P & rest & 1` (*rare for `n`*); every other option value (*common
//! for `n`*) comes from a split with a rare part, or from a move leaving at most one heap. Hence
//! per heap `n`:
//!
//! 1. mark the options leaving zero or one heap, and every split with a rare part: O(rare heaps);
//! 2. the least unmarked common value `c` bounds the mex; the rare-for-`n` values below `c` that
//!    are still unmarked are looked for in one walk over all splits `(a, rest - a)`, `a = 1, 2,
//!    ...`, which stops as soon as the last of them is seen (usually after a few steps);
//! 3. the mex is the least of them not found, or `c`.
//!
//! This is exact for every choice of `(M, P)`; the choice only decides the speed. The flip by
//! `s` is what makes it fast: a common heap `n` (label 1) has `parity(g(n) & M) = 1 ^ (P & (n ^ s)
//! & 1)`, which is the parity of the values common for `n`, so the usual heap's value is settled
//! by step 1 and the least unmarked common value, and the walk of step 2 stops early. Flipping
//! the odd heaps whatever `s` (as this kernel did before) makes, when the split takes are odd,
//! every common heap's value rare for it, and the walk looks at every split of nearly every heap
//! (on `0.106` a thousand times slower; the figures are in `docs/records.md`). The choice is
//! made at heap sizes 64, 128, 256, ... as the one with the fewest rare heaps, counted for all
//! masks at once by a Walsh-Hadamard transform of the histogram of `(g(i), i & 1)` (the method of
//! Gangolli-Plambeck and Flammenkamp; the position parity is the refinement used by Flammenkamp
//! and others for codes whose split takes share a parity, e.g. `0.137`).
//!
//! # Memory
//!
//! Every allocation that grows with the heap count is checked against the caller's
//! [`Limits`] before it is made, with the bytes that will be held at the peak (old and new buffer
//! while a table is widened): the table itself ([`narrow_table_bytes`]), the list of rare heaps
//! (4 bytes for the heap, 8 when the table reaches beyond 2^32 heaps, and one cell for its
//! value, grown by doubling) and the marks (13 bytes
//! per value below twice the largest value's power of two).

use std::ops::BitXor;

use serde::Serialize;

use crate::NimError;
use crate::limits::{Effort, Limits};
use crate::period::{Periodicity, guy_smith_search};

/// The bytes a value occupies in a [`GrundyTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[non_exhaustive]
pub enum CellWidth {
    /// One byte a heap: every value below 256.
    U8,
    /// Two bytes a heap: every value below 65 536.
    U16,
    /// Four bytes a heap.
    U32,
}

impl CellWidth {
    /// The bytes of one cell (1, 2 or 4).
    pub fn bytes(self) -> u8 {
        match self {
            CellWidth::U8 => 1,
            CellWidth::U16 => 2,
            CellWidth::U32 => 4,
        }
    }

    /// The narrowest width that holds `value`.
    pub fn for_value(value: u32) -> CellWidth {
        if value <= u8::MAX as u32 {
            CellWidth::U8
        } else if value <= u16::MAX as u32 {
            CellWidth::U16
        } else {
            CellWidth::U32
        }
    }
}

/// The bytes of the value table of heaps `0..=up_to` at `width`, with a first block of scratch
/// space: `(up_to + 1) * width + 64 KiB`. Exact `u128` arithmetic.
///
/// The scratch space grows with the values and the rare heaps, and each growth is checked
/// against the budget before it is allocated: the marks take 13 bytes per value below
/// `2^(bits + 1)` where every value so far is below `2^bits` (6.5 KiB while values stay below
/// 256, 1.6 MiB below 65 536), the rare heaps' list `4 + width` bytes per rare heap (`8 + width`
/// when the table reaches beyond 2^32 heaps), grown by
/// doubling (`0.6` has 1584 rare heaps: 2048 places of 6 bytes, 12 KiB).
///
/// For 2^32 heaps (`up_to = 2^32 - 1`): `2^32 * 1 = 4 GiB` while every value is below 256,
/// `2^32 * 2 = 8 GiB` below 65 536 (plus the scratch: 25 KiB for `0.6`, whose values stay below 512). A
/// table is widened by copying, so both widths are held at that moment: widening one-byte cells
/// at heap `n` peaks at `n + 2 * 2^32` bytes.
pub fn narrow_table_bytes(up_to: u64, width: CellWidth) -> u128 {
    (up_to as u128 + 1) * width.bytes() as u128 + SCRATCH_BYTES
}

/// The first block of scratch space in [`narrow_table_bytes`].
const SCRATCH_BYTES: u128 = 64 << 10;

/// Grundy values of heaps `0..len`, one cell of the narrowest sufficient width per heap (see
/// [`crate::OctalGame::grundy_table_within`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    cells: Cells,
}

/// The storage of a [`GrundyTable`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cells {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl GrundyTable {
    pub(crate) fn from_cells(cells: Cells) -> Self {
        GrundyTable { cells }
    }

    /// The number of heaps (the table covers heaps `0..len()`).
    pub fn len(&self) -> usize {
        match &self.cells {
            Cells::U8(v) => v.len(),
            Cells::U16(v) => v.len(),
            Cells::U32(v) => v.len(),
        }
    }

    /// Whether the table has no heap at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The width of the cells.
    pub fn width(&self) -> CellWidth {
        match &self.cells {
            Cells::U8(_) => CellWidth::U8,
            Cells::U16(_) => CellWidth::U16,
            Cells::U32(_) => CellWidth::U32,
        }
    }

    /// The value of heap `n`, or `None` beyond the table.
    pub fn get(&self, n: usize) -> Option<u32> {
        match &self.cells {
            Cells::U8(v) => v.get(n).map(|&x| x as u32),
            Cells::U16(v) => v.get(n).map(|&x| x as u32),
            Cells::U32(v) => v.get(n).copied(),
        }
    }

    /// The values in heap order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match &self.cells {
            Cells::U8(v) => Box::new(v.iter().map(|&x| x as u32)),
            Cells::U16(v) => Box::new(v.iter().map(|&x| x as u32)),
            Cells::U32(v) => Box::new(v.iter().copied()),
        }
    }

    /// The values as `u32`, one per heap (4 bytes a heap).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The values as little-endian bytes of the table's width, heap after heap (a copy of the
    /// whole table; [`crate::OctalGame::grundy_file_within`] writes its files without one).
    pub fn to_le_bytes(&self) -> Vec<u8> {
        match &self.cells {
            Cells::U8(v) => v.clone(),
            Cells::U16(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            Cells::U32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }

    /// Writes the values of heaps `from..` as little-endian bytes of the table's width, through
    /// a buffer of 16 Ki values (no copy of the table).
    pub(crate) fn write_le_bytes(&self, from: usize, out: &mut impl std::io::Write) -> std::io::Result<()> {
        self.write_le_bytes_between(from, self.len(), out)
    }

    /// [`Self::write_le_bytes`] for the heaps `from..to` only (`to` at most the length).
    pub(crate) fn write_le_bytes_between(
        &self,
        from: usize,
        to: usize,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        fn chunked<T: Copy, const N: usize>(
            values: &[T],
            bytes: fn(T) -> [u8; N],
            out: &mut impl std::io::Write,
        ) -> std::io::Result<()> {
            // 16 Ki values: at most 64 KiB a write.
            const VALUES: usize = 1 << 14;
            let mut buffer = Vec::with_capacity(VALUES * N);
            for chunk in values.chunks(VALUES) {
                buffer.clear();
                buffer.extend(chunk.iter().flat_map(|&x| bytes(x)));
                out.write_all(&buffer)?;
            }
            Ok(())
        }
        let to = to.min(self.len());
        let from = from.min(to);
        match &self.cells {
            Cells::U8(v) => out.write_all(&v[from..to]),
            Cells::U16(v) => chunked(&v[from..to], u16::to_le_bytes, out),
            Cells::U32(v) => chunked(&v[from..to], u32::to_le_bytes, out),
        }
    }

    /// The heaps the table has room for without reallocating.
    pub(crate) fn capacity(&self) -> usize {
        match &self.cells {
            Cells::U8(v) => v.capacity(),
            Cells::U16(v) => v.capacity(),
            Cells::U32(v) => v.capacity(),
        }
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        match &mut self.cells {
            Cells::U8(v) => v.truncate(len),
            Cells::U16(v) => v.truncate(len),
            Cells::U32(v) => v.truncate(len),
        }
    }

    pub(crate) fn cells_ref(&self) -> &Cells {
        &self.cells
    }

    pub(crate) fn into_cells(self) -> Cells {
        self.cells
    }

    pub(crate) fn into_vec(self) -> Vec<u32> {
        match self.cells {
            Cells::U32(v) => v,
            other => GrundyTable { cells: other }.to_vec(),
        }
    }
}

/// One heap's value in a narrow table.
pub(crate) trait Cell: Copy + Eq + BitXor<Output = Self> {
    const WIDTH: CellWidth;
    /// `value` in this width, or `None` if it does not fit.
    fn narrow(value: u32) -> Option<Self>;
    fn wide(self) -> u32;
    fn index(self) -> usize;
}

macro_rules! cell {
    ($t:ty, $w:expr) => {
        impl Cell for $t {
            const WIDTH: CellWidth = $w;
            #[inline(always)]
            fn narrow(value: u32) -> Option<Self> {
                <$t>::try_from(value).ok()
            }
            #[inline(always)]
            fn wide(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    };
}
cell!(u8, CellWidth::U8);
cell!(u16, CellWidth::U16);
cell!(u32, CellWidth::U32);

/// The number of a heap in the rare heaps' list: `u32` (4 bytes) when every heap of the
/// computation is below 2^32, `u64` (8 bytes) beyond. The width is chosen once per computation,
/// from the last heap asked for, so tables below 2^32 heaps keep the shorter list.
pub(crate) trait HeapNumber: Copy {
    /// The bytes of one number.
    const BYTES: u8;
    /// Heap `n`; the caller has chosen a width that holds every heap of the computation.
    fn of(n: usize) -> Self;
    fn heap(self) -> usize;
}

impl HeapNumber for u32 {
    const BYTES: u8 = 4;
    #[inline(always)]
    fn of(n: usize) -> Self {
        // Chosen only when the last heap is below 2^32 (`run_at_heap_width`).
        u32::try_from(n).expect("a u32 heap list is used only below 2^32 heaps")
    }
    #[inline(always)]
    fn heap(self) -> usize {
        self as usize
    }
}

impl HeapNumber for u64 {
    const BYTES: u8 = 8;
    #[inline(always)]
    fn of(n: usize) -> Self {
        n as u64 // usize is at most 64 bits on every target Rust supports
    }
    #[inline(always)]
    fn heap(self) -> usize {
        // A heap number was made from a usize by `of`, so it fits.
        self as usize
    }
}

/// How far the computation goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Every heap up to the end; a proven period fills the rest by copying.
    Fill,
    /// Every heap computed from its options (no period shortcut).
    NoShortcut,
    /// Stop where a period is proven.
    StopAtPeriod,
}

/// The moves of an octal code, by kind.
#[derive(Debug, Clone)]
pub(crate) struct Moves {
    /// Takes `k` that may remove a whole heap of exactly `k`.
    pub whole: Vec<usize>,
    /// Takes `k` that leave one nonempty heap.
    pub single: Vec<usize>,
    /// Takes `k` that leave two nonempty heaps, ascending.
    pub splits: Vec<usize>,
    /// The largest take (for the Guy-Smith theorem).
    pub max_take: usize,
}

/// Bytes held by the computation, checked against the limits before each growth.
struct Memory<'a> {
    limits: &'a Limits,
    held: u128,
    /// The most bytes checked so far (held at one moment).
    peak: u128,
}

impl<'a> Memory<'a> {
    fn new(limits: &'a Limits) -> Self {
        Memory { limits, held: 0, peak: 0 }
    }

    /// Replace a buffer of `old` bytes by one of `new` bytes: both are held at the peak.
    fn regrow(&mut self, what: &dyn Fn() -> String, old: u128, new: u128) -> Result<(), NimError> {
        let peak = self.held + new;
        self.limits.check_bytes(what, peak)?;
        self.peak = self.peak.max(peak);
        self.held = peak - old.min(self.held);
        Ok(())
    }
}

/// What a computation returns: the values, the period if one was proven, and the most bytes it
/// held at once by its own account (the figure a budget must allow).
#[derive(Debug)]
pub(crate) struct Computed {
    pub cells: Cells,
    pub periodicity: Option<Periodicity>,
    #[allow(dead_code)] // read by the tests: the least budget under which the computation runs
    pub peak_bytes: u128,
    /// The steps counted against [`Limits::max_steps`].
    pub steps: u128,
}

/// The rare/common choice: mask over the value bits and position-parity flag, with the parity
/// `split_parity` of the split takes that the flag compares a heap's parity with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Selection {
    mask: u32,
    parity: bool,
    split_parity: u32,
}

impl Selection {
    /// Every heap rare: the plain method.
    const ALL_RARE: Selection = Selection { mask: 0, parity: false, split_parity: 0 };

    #[inline(always)]
    fn label(self, heap: usize, value: u32) -> u32 {
        ((value & self.mask).count_ones() ^ (self.parity as u32 & (heap as u32 ^ self.split_parity))) & 1
    }
}

/// The result of one pass at one width.
enum Pass {
    Done(Option<Periodicity>),
    /// The value of the next heap does not fit: widen to at least this width.
    Widen(CellWidth),
}

/// Per-computation state that survives widening.
struct Sweep<'a> {
    moves: &'a Moves,
    up_to: usize,
    mode: Mode,
    effort: Effort,
    memory: Memory<'a>,
    what: &'a dyn Fn() -> String,
    selection: Selection,
    next_choice: usize,
    next_period_check: usize,
    /// Choose the selection before the first heap (when resuming from given values).
    choose_first: bool,
    /// `stamps[x] == stamp`: value `x` is an option of the current heap.
    stamps: Vec<u32>,
    stamp: u32,
    /// `bits`: every value so far is below `2^bits`.
    bits: u32,
    /// Values below `2^(bits + 1)` by class: `by_class[t]` holds, ascending, those with
    /// `parity(x & mask) != t` (common for a heap whose target parity is `t`), then
    /// `rare_by_class[t]` those with parity `t`.
    common_by_class: [Vec<u32>; 2],
    rare_by_class: [Vec<u32>; 2],
    rests: Vec<usize>,
    needed: Vec<u32>,
    /// `wanted[x] != 0`: `x` is needed by the current walk (all zero between walks).
    wanted: Vec<u8>,
    /// The bytes of the rare heaps' list (heaps and values), as accounted.
    rare_bytes: u128,
    /// The caller's own estimate of the bytes for a table of so many heaps, checked too when the
    /// table grows in [`Mode::StopAtPeriod`] (the `u32` API counts its output there).
    growth_estimate: Option<&'a dyn Fn(usize) -> u128>,
    /// Asked every [`INTERRUPT_HEAPS`] heaps (given the heaps done) whether to stop at once:
    /// the sweep then ends with the values so far, as if it had been asked for no more.
    interrupt: Option<Interrupt<'a>>,
}

/// A caller's question "stop now?", given the heaps done.
pub(crate) type Interrupt<'a> = &'a mut (dyn FnMut(usize) -> bool + 'a);

/// Heaps between two questions to the interrupt: even a quadratic code at 10^7 heaps answers
/// within a fraction of a second (the stop of a long run within a second on Ctrl-C).
const INTERRUPT_HEAPS: usize = 1 << 10;

/// Computes the values of heaps `0..=up_to` (or up to a proven period) in the narrowest width.
pub(crate) fn compute(
    moves: &Moves,
    up_to: usize,
    mode: Mode,
    limits: &Limits,
    what: &dyn Fn() -> String,
    growth_estimate: Option<&dyn Fn(usize) -> u128>,
) -> Result<Computed, NimError> {
    let (cells, memory) = first_block(up_to, mode, limits, what)?;
    run_at_heap_width(up_to)(
        moves,
        cells,
        up_to,
        mode,
        memory,
        what,
        Hooks { growth_estimate, interrupt: None },
    )
}

/// The empty table of a fresh computation, with room for all of it (or, when it stops at a
/// period, for a first block of 1024 heaps), checked against `limits`.
fn first_block<'a>(
    up_to: usize,
    mode: Mode,
    limits: &'a Limits,
    what: &dyn Fn() -> String,
) -> Result<(Cells, Memory<'a>), NimError> {
    let first = if mode == Mode::StopAtPeriod { 1024.min(up_to + 1) } else { up_to + 1 };
    let mut memory = Memory::new(limits);
    memory.regrow(what, 0, first as u128)?;
    Ok((Cells::U8(Vec::with_capacity(first)), memory))
}

/// Continues `start` (the values of heaps `0..start.len()`, taken as exact) up to heap `up_to`
/// in [`Mode::Fill`], at the width of `start` or wider; or fewer heaps, if `interrupt` asks to
/// stop.
pub(crate) fn compute_from<'a>(
    moves: &'a Moves,
    mut start: Cells,
    up_to: usize,
    limits: &'a Limits,
    what: &'a dyn Fn() -> String,
    interrupt: Option<Interrupt<'a>>,
) -> Result<Computed, NimError> {
    let table = GrundyTable::from_cells(start);
    let (len, width, capacity) = (table.len(), table.width(), table.capacity());
    start = table.cells;
    if len > up_to {
        return Ok(Computed { cells: start, periodicity: None, peak_bytes: 0, steps: 0 });
    }
    let mut memory = Memory::new(limits);
    let cell = width.bytes() as u128;
    if capacity > up_to {
        // The given buffer already has room for every heap.
        memory.regrow(what, 0, capacity as u128 * cell)?;
    } else {
        // The given values and the longer buffer they move to are both held for a moment.
        memory.regrow(what, 0, (capacity as u128 + up_to as u128 + 1) * cell)?;
        memory.regrow(what, capacity as u128 * cell, 0)?;
    }
    match &mut start {
        Cells::U8(v) => v.reserve_exact(up_to + 1 - len),
        Cells::U16(v) => v.reserve_exact(up_to + 1 - len),
        Cells::U32(v) => v.reserve_exact(up_to + 1 - len),
    }
    run_at_heap_width(up_to)(
        moves,
        start,
        up_to,
        Mode::Fill,
        memory,
        what,
        Hooks { growth_estimate: None, interrupt },
    )
}

/// [`run`] at one width of heap numbers.
type Run = for<'a> fn(
    &'a Moves,
    Cells,
    usize,
    Mode,
    Memory<'a>,
    &'a dyn Fn() -> String,
    Hooks<'a>,
) -> Result<Computed, NimError>;

/// What a caller may add to a sweep: its own estimate of the bytes of a table of so many heaps
/// (see [`Sweep`]'s `growth_estimate`), and a question whether to stop now.
struct Hooks<'a> {
    growth_estimate: Option<&'a dyn Fn(usize) -> u128>,
    interrupt: Option<Interrupt<'a>>,
}

/// [`run`] with the rare heaps numbered in `u32` when every heap up to `up_to` fits, else `u64`.
fn run_at_heap_width(up_to: usize) -> Run {
    if u32::try_from(up_to).is_ok() { run::<u32> } else { run::<u64> }
}

/// The sweep from the values in `cells` on, the rare heaps numbered in `H`.
fn run<'a, H: HeapNumber>(
    moves: &'a Moves,
    mut cells: Cells,
    up_to: usize,
    mode: Mode,
    memory: Memory<'a>,
    what: &'a dyn Fn() -> String,
    hooks: Hooks<'a>,
) -> Result<Computed, NimError> {
    let table = GrundyTable::from_cells(cells);
    let (len, largest) = (table.len(), table.iter().max().unwrap_or(0));
    cells = table.cells;
    let mut sweep = Sweep::new(moves, up_to, mode, memory, what, hooks.growth_estimate, len);
    sweep.interrupt = hooks.interrupt;
    sweep.grow_marks(32 - largest.leading_zeros())?;
    loop {
        let pass = match &mut cells {
            Cells::U8(v) => sweep.extend::<_, H>(v)?,
            Cells::U16(v) => sweep.extend::<_, H>(v)?,
            Cells::U32(v) => sweep.extend::<_, H>(v)?,
        };
        match pass {
            Pass::Done(periodicity) => {
                let steps = sweep.effort.spent();
                return Ok(Computed { cells, periodicity, peak_bytes: sweep.memory.peak, steps });
            }
            Pass::Widen(width) => cells = sweep.widen(cells, width)?,
        }
    }
}

impl<'a> Sweep<'a> {
    /// A sweep that continues a table of `len` values, with empty marks and every heap rare.
    fn new(
        moves: &'a Moves,
        up_to: usize,
        mode: Mode,
        memory: Memory<'a>,
        what: &'a dyn Fn() -> String,
        growth_estimate: Option<&'a dyn Fn(usize) -> u128>,
        len: usize,
    ) -> Self {
        Sweep {
            moves,
            up_to,
            mode,
            effort: Effort::new(memory.limits),
            memory,
            what,
            selection: Selection::ALL_RARE,
            // Mask choices and period checks at 64 (128), then each power of two: from the first
            // one not passed yet when resuming (a mask chosen now, from the values given).
            next_choice: if moves.splits.is_empty() { usize::MAX } else { len.next_power_of_two().max(64) },
            next_period_check: len.next_power_of_two().max(128),
            choose_first: !moves.splits.is_empty() && len > 64,
            stamps: Vec::new(),
            stamp: 0,
            bits: 0,
            common_by_class: [Vec::new(), Vec::new()],
            rare_by_class: [Vec::new(), Vec::new()],
            rests: Vec::new(),
            needed: Vec::new(),
            wanted: Vec::new(),
            rare_bytes: 0,
            growth_estimate,
            interrupt: None,
        }
    }
}

impl Sweep<'_> {
    /// Copies the table into `width` cells, the capacity kept, after checking the peak bytes.
    fn widen(&mut self, cells: Cells, width: CellWidth) -> Result<Cells, NimError> {
        let table = GrundyTable::from_cells(cells);
        let capacity = table.capacity();
        let old = capacity as u128 * table.width().bytes() as u128;
        let new = capacity as u128 * width.bytes() as u128;
        self.memory.regrow(self.what, old, new)?;
        Ok(match width {
            CellWidth::U8 => unreachable!("widening never narrows"),
            CellWidth::U16 => {
                let mut v = Vec::with_capacity(capacity);
                v.extend(table.iter().map(|x| x as u16));
                Cells::U16(v)
            }
            CellWidth::U32 => {
                let mut v = Vec::with_capacity(capacity);
                v.extend(table.iter());
                Cells::U32(v)
            }
        })
    }

    /// Makes room in the marks and class lists for values below `2^(bits + 1)`.
    fn grow_marks(&mut self, bits: u32) -> Result<(), NimError> {
        if bits >= 31 {
            // Values near 2^31 would need 2^32-entry marks of 13 bytes: beyond any machine here.
            return Err(NimError::OutOfMemory { what: (self.what)(), needed: 1 << 36 });
        }
        let size = 1usize << (bits + 1);
        if size > self.stamps.len() {
            // Stamps (4 bytes), the walk's wants (1) and the four class lists (each value in two
            // of them, 8): 13 bytes a value.
            self.memory.regrow(self.what, self.stamps.len() as u128 * 13, size as u128 * 13)?;
            self.stamps.resize(size, 0);
            self.wanted.resize(size, 0);
        }
        self.bits = bits;
        self.rebuild_classes();
        Ok(())
    }

    fn rebuild_classes(&mut self) {
        let size = 1u32 << (self.bits + 1);
        for t in 0..2u32 {
            let (common, rare) = (0..size).partition(|&x| (x & self.selection.mask).count_ones() & 1 != t);
            self.common_by_class[t as usize] = common;
            self.rare_by_class[t as usize] = rare;
        }
    }

    /// Next stamp; after 2^32 - 1 heaps the marks are cleared so an old stamp never matches.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Chooses the selection with the fewest rare heaps among `values`.
    fn choose<T: Cell>(&mut self, values: &[T]) {
        const MAX_BITS: u32 = 14;
        let bits = self.bits.min(MAX_BITS);
        let low = (1u32 << bits) - 1;
        let split_parity = self.moves.splits.first().map_or(0, |&k| k as u32 & 1);
        let mut histogram = vec![0i64; 1 << (bits + 1)];
        for (i, v) in values.iter().enumerate().skip(1) {
            histogram[(((v.wide() & low) << 1) | ((i as u32 ^ split_parity) & 1)) as usize] += 1;
        }
        walsh_hadamard(&mut histogram);
        let parity_allowed = self.moves.splits.iter().all(|&k| k % 2 == self.moves.splits[0] % 2);
        // Rare heaps for index j = (mask << 1) | parity: (heaps + H[j]) / 2; minimise H[j].
        let best = (0..histogram.len())
            .filter(|&j| parity_allowed || j & 1 == 0)
            .min_by_key(|&j| histogram[j])
            .unwrap_or(0);
        self.selection = Selection { mask: (best >> 1) as u32, parity: best & 1 == 1, split_parity };
        self.rebuild_classes();
    }

    /// The rare heaps among `values[1..]` under the current selection, checked against memory.
    fn rare_heaps<T: Cell, H: HeapNumber>(&mut self, values: &[T]) -> Result<(Vec<H>, Vec<T>), NimError> {
        let selection = self.selection;
        // Only the splits read the rare heaps: a game without splits keeps none (a fresh run
        // never lists any, and a resumed one must not list every stored heap as rare).
        let has_splits = !self.moves.splits.is_empty();
        let is_rare = |i: usize| has_splits && selection.label(i, values[i].wide()) == 0;
        // Counted first, so the lists are checked against the budget before they are allocated.
        let count = (1..values.len()).filter(|&i| is_rare(i)).count();
        let capacity = count.max(256).next_power_of_two();
        let bytes = capacity as u128 * (T::WIDTH.bytes() as u128 + H::BYTES as u128);
        self.memory.regrow(self.what, self.rare_bytes, bytes)?;
        self.rare_bytes = bytes;
        let mut rare_heaps = Vec::with_capacity(capacity);
        rare_heaps.extend((1..values.len()).filter(|&i| is_rare(i)).map(H::of));
        let mut rare_values = Vec::with_capacity(capacity);
        rare_values.extend(rare_heaps.iter().map(|&i: &H| values[i.heap()]));
        Ok((rare_heaps, rare_values))
    }

    /// Extends `values` up to `up_to` (or a proven period), or stops when a value does not fit.
    fn extend<T: Cell, H: HeapNumber>(&mut self, values: &mut Vec<T>) -> Result<Pass, NimError> {
        let what = self.what;
        let moves = self.moves;
        if self.choose_first {
            self.choose(values);
            self.choose_first = false;
        }
        let (mut rare_heaps, mut rare_values) = self.rare_heaps::<T, H>(values)?;
        debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
        let split_parity = moves.splits.first().map_or(0, |&k| k & 1);
        let first = values.len();
        for n in first..=self.up_to {
            if n.is_multiple_of(INTERRUPT_HEAPS)
                && n > first
                && self.interrupt.as_mut().is_some_and(|interrupt| interrupt(n))
            {
                return Ok(Pass::Done(None));
            }
            if n == self.next_choice {
                self.choose(values);
                (rare_heaps, rare_values) = self.rare_heaps::<T, H>(values)?;
                debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
                self.next_choice = self.next_choice.saturating_mul(2);
            }
            if self.mode != Mode::NoShortcut && n == self.next_period_check {
                self.next_period_check = self.next_period_check.saturating_mul(2);
                // Guy-Smith: a period seen over enough values holds forever (exact, see
                // `guy_smith_periodicity`), so the rest of the table is a copy. Each comparison
                // of the search is a step of the effort limit.
                if let Some(periodicity) = guy_smith_search(values, moves.max_take, &mut self.effort, what)? {
                    if self.mode == Mode::Fill {
                        fill_periodic(values, periodicity, self.up_to + 1);
                    }
                    return Ok(Pass::Done(Some(periodicity)));
                }
                if self.mode == Mode::StopAtPeriod {
                    // The table is about to grow to the next check: estimate before allocating.
                    let next = self.next_period_check.min(self.up_to);
                    if let Some(estimate) = self.growth_estimate {
                        self.memory.limits.check_bytes(what, estimate(next))?;
                    }
                    // The first block (1024 heaps) may already hold it.
                    if next + 1 > values.capacity() {
                        let old = values.capacity() as u128 * T::WIDTH.bytes() as u128;
                        let new = (next + 1) as u128 * T::WIDTH.bytes() as u128;
                        self.memory.regrow(what, old, new)?;
                        values.reserve_exact(next + 1 - values.len());
                        debug_assert_eq!(
                            self.memory.held,
                            self.bytes_held(values, &rare_heaps, &rare_values)
                        );
                    }
                }
            }
            self.next_stamp();
            let stamp = self.stamp;
            let marks_mask = self.stamps.len() - 1; // a power of two
            let stamps: &mut [u32] = &mut self.stamps[..=marks_mask];
            for &k in &moves.whole {
                if n == k {
                    stamps[0] = stamp;
                }
            }
            for &k in &moves.single {
                if n > k {
                    stamps[values[n - k].index()] = stamp;
                }
            }
            let mut work = moves.whole.len() + moves.single.len();
            let value = if moves.splits.is_empty() {
                first_unmarked(stamps, stamp)
            } else {
                // 1. Every split with a rare part.
                for &k in &moves.splits {
                    if n < k + 2 {
                        break;
                    }
                    let rest = n - k;
                    let count = rare_heaps.partition_point(|&r| r.heap() < rest);
                    work += count;
                    let below = &values[..rest];
                    for (&r, &v) in rare_heaps[..count].iter().zip(&rare_values[..count]) {
                        // The mask keeps every value (all are below 2^bits) and lets the compiler
                        // see the index in bounds.
                        stamps[(v ^ below[rest - r.heap()]).index() & marks_mask] = stamp;
                    }
                }
                // 2. The least unmarked common value, and the unmarked rare ones below it.
                let target = (self.selection.parity as usize) & ((n ^ split_parity) & 1);
                let common = &self.common_by_class[target];
                let position = common.iter().position(|&x| stamps[x as usize] != stamp);
                work += position.unwrap_or(common.len());
                let common_mex = position.map_or(1 << (self.bits + 1), |i| common[i]);
                self.needed.clear();
                for &x in self.rare_by_class[target].iter().take_while(|&&x| x < common_mex) {
                    if stamps[x as usize] != stamp {
                        self.needed.push(x);
                    }
                }
                work += self.needed.len();
                if self.needed.is_empty() {
                    common_mex
                } else if self.selection == Selection::ALL_RARE {
                    // Every split was marked in step 1.
                    self.needed[0]
                } else {
                    let (walked, unseen) = self.walk(values, n);
                    work += walked;
                    unseen.unwrap_or(common_mex)
                }
            };
            self.effort.spend(work, what)?;
            let Some(cell) = T::narrow(value) else {
                debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
                return Ok(Pass::Widen(CellWidth::for_value(value)));
            };
            if value >> self.bits != 0 {
                self.grow_marks(32 - value.leading_zeros())?;
                debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
            }
            if n >= 1 && !moves.splits.is_empty() && self.selection.label(n, value) == 0 {
                if rare_heaps.len() == rare_heaps.capacity() {
                    // Doubled: the old and the new lists are both held during the copy.
                    let old = self.rare_bytes;
                    self.memory.regrow(what, old, old * 2)?;
                    self.rare_bytes = old * 2;
                    rare_heaps.reserve_exact(rare_heaps.len());
                    rare_values.reserve_exact(rare_values.len());
                    debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
                }
                rare_heaps.push(H::of(n));
                rare_values.push(cell);
            }
            values.push(cell);
        }
        debug_assert_eq!(self.memory.held, self.bytes_held(values, &rare_heaps, &rare_values));
        let periodicity = if self.mode == Mode::StopAtPeriod {
            guy_smith_search(values, moves.max_take, &mut self.effort, self.what)?
        } else {
            None
        };
        Ok(Pass::Done(periodicity))
    }

    /// The bytes actually allocated for the table, the rare heaps' list, the marks and the class
    /// lists, from the buffers' own capacities: the debug builds (every test) check that the
    /// memory account equals it at each growth, so the figure checked against the budget is the
    /// one allocated.
    #[allow(clippy::ptr_arg)] // the capacities of the vectors are what is measured
    fn bytes_held<T: Cell, H: HeapNumber>(
        &self,
        values: &Vec<T>,
        rare_heaps: &Vec<H>,
        rare_values: &Vec<T>,
    ) -> u128 {
        let cell = T::WIDTH.bytes() as usize;
        let classes: usize = self.common_by_class.iter().chain(&self.rare_by_class).map(Vec::len).sum();
        let bytes = values.capacity() * cell
            + rare_heaps.capacity() * H::BYTES as usize
            + rare_values.capacity() * cell
            + self.stamps.len() * 4
            + self.wanted.len()
            + classes * 4;
        bytes as u128
    }

    /// Walks the splits `(a, rest - a)` of heap `n` by the smaller part `a`, all split takes in
    /// step (in blocks of `a`, so each inner loop runs over two contiguous slices), looking for
    /// the values in `needed` (ascending), and stops when all are seen: they usually sit at small
    /// `a`. Returns the splits looked at and the least needed value not seen.
    fn walk<T: Cell>(&mut self, values: &[T], n: usize) -> (usize, Option<u32>) {
        const BLOCK: usize = 512;
        const WALK_CHUNK: usize = 16;
        self.rests.clear();
        self.rests.extend(self.moves.splits.iter().take_while(|&&k| n >= k + 2).map(|&k| n - k));
        let marks_mask = self.wanted.len() - 1; // a power of two
        let wanted: &mut [u8] = &mut self.wanted[..=marks_mask];
        for &x in &self.needed {
            wanted[x as usize] = 1;
        }
        let mut missing = self.needed.len();
        let mut walked = 0;
        let longest = self.rests.first().map_or(0, |&rest| rest / 2);
        let mut start = 1;
        'walk: while start <= longest {
            // `rests` is descending: once `start` passes half of one rest it passes the rest after it.
            for &rest in &self.rests {
                let end = (start + BLOCK - 1).min(rest / 2);
                if start > end {
                    break;
                }
                let low = &values[start..=end];
                let high = &values[rest - end..=rest - start];
                let last = low.len() - 1;
                assert_eq!(high.len(), low.len());
                // Branch-free within a chunk (a wanted value is rare among the splits, and a
                // branch on each would be mispredicted at every hit); the count of wanted values
                // left is looked at once a chunk.
                let mut chunk_start = 0;
                while chunk_start <= last {
                    let chunk_end = (chunk_start + WALK_CHUNK).min(last + 1);
                    let lows = &low[chunk_start..chunk_end];
                    let highs = &high[last + 1 - chunk_end..last + 1 - chunk_start];
                    for (&lo, &hi) in lows.iter().zip(highs.iter().rev()) {
                        // The mask keeps every value (all are below 2^bits); see step 1.
                        let x = (lo ^ hi).index() & marks_mask;
                        missing -= wanted[x] as usize;
                        wanted[x] = 0;
                    }
                    if missing == 0 {
                        walked += chunk_end;
                        break 'walk;
                    }
                    chunk_start = chunk_end;
                }
                walked += end + 1 - start;
            }
            start += BLOCK;
        }
        let unseen = self.needed.iter().copied().find(|&x| wanted[x as usize] != 0);
        for &x in &self.needed {
            wanted[x as usize] = 0;
        }
        (walked, unseen)
    }
}

/// The least period and pre-period that the Guy-Smith theorem proves from the values in
/// `cells` alone (see [`guy_smith_search`]), each comparison a step of `limits`: how a run
/// resumed from stored values finds the period that the run which stored them had proven.
pub(crate) fn proven_periodicity(
    cells: &Cells,
    max_take: usize,
    limits: &Limits,
    what: &dyn Fn() -> String,
) -> Result<Option<Periodicity>, NimError> {
    let mut effort = Effort::new(limits);
    match cells {
        Cells::U8(v) => guy_smith_search(v, max_take, &mut effort, what),
        Cells::U16(v) => guy_smith_search(v, max_take, &mut effort, what),
        Cells::U32(v) => guy_smith_search(v, max_take, &mut effort, what),
    }
}

/// Extends the values in `cells` to heaps `0..len` by their proven period ([`fill_periodic`]).
pub(crate) fn fill_cells_periodic(cells: &mut Cells, periodicity: Periodicity, len: usize) {
    match cells {
        Cells::U8(v) => fill_periodic(v, periodicity, len),
        Cells::U16(v) => fill_periodic(v, periodicity, len),
        Cells::U32(v) => fill_periodic(v, periodicity, len),
    }
}

/// Extends `values` to `len` by its proven period: `g(m) = g(m - block)` for every multiple
/// `block` of the period with `m - block >= preperiod`, so the table is copied from itself in
/// blocks that double as it grows. Requires `values.len() >= preperiod + period`.
fn fill_periodic<T: Cell>(values: &mut Vec<T>, periodicity: Periodicity, len: usize) {
    let Periodicity { preperiod, period } = periodicity;
    while values.len() < len {
        let done = values.len();
        let block = (done - preperiod) / period * period;
        let take = block.min(len - done);
        values.extend_from_within(done - block..done - block + take);
    }
}

/// The least value whose stamp is not `stamp` (the marks always have an unmarked entry: they
/// cover twice the values that can occur).
fn first_unmarked(stamps: &[u32], stamp: u32) -> u32 {
    stamps.iter().position(|&s| s != stamp).unwrap_or(stamps.len()) as u32
}

/// In-place Walsh-Hadamard transform: `data[j] = sum_x (-1)^parity(x & j) data[x]`.
fn walsh_hadamard(data: &mut [i64]) {
    let mut half = 1;
    while half < data.len() {
        for block in data.chunks_mut(2 * half) {
            let (left, right) = block.split_at_mut(half);
            for (a, b) in left.iter_mut().zip(right.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OctalGame;
    use proptest::prelude::*;

    fn moves_of(code: &str) -> Moves {
        code.parse::<OctalGame>().unwrap().moves_by_kind()
    }

    fn describe() -> String {
        "test".to_string()
    }

    fn computed(code: &str, up_to: usize, mode: Mode, limits: &Limits) -> Result<Computed, NimError> {
        compute(&moves_of(code), up_to, mode, limits, &describe, None)
    }

    fn values_of(cells: &Cells) -> Vec<u32> {
        GrundyTable::from_cells(cells.clone()).to_vec()
    }

    /// The budget a computation needs is exactly its peak by its own account (checked against
    /// the allocated bytes in debug builds): one byte less is refused at that moment, with the
    /// figures in the error, and the values under the exact budget are the definition's.
    #[test]
    fn the_peak_is_exactly_the_budget_needed() {
        let cases = [
            ("0.6", 30_000, Mode::Fill), // widened to two bytes at the first value over 255
            ("0.6", 5_000, Mode::StopAtPeriod), // no period: the table grows by doubling
            ("0.07", 5_000, Mode::StopAtPeriod), // period proven inside the first block
            ("0.76", 3_000, Mode::NoShortcut), // many rare heaps: their list doubles
            ("0.33", 2_000, Mode::Fill), // no split at all
        ];
        for (code, up_to, mode) in cases {
            let free = computed(code, up_to, mode, &Limits::UNLIMITED).unwrap();
            let peak = free.peak_bytes;
            let plain = code.parse::<OctalGame>().unwrap().grundy_values_plain(up_to).unwrap();
            let values = values_of(&free.cells);
            assert_eq!(values[..], plain[..values.len()], "{code}");
            let exact = Limits { max_bytes: peak, max_steps: u128::MAX };
            let within = computed(code, up_to, mode, &exact).unwrap();
            assert_eq!(values_of(&within.cells), values, "{code}");
            let short = Limits { max_bytes: peak - 1, max_steps: u128::MAX };
            match computed(code, up_to, mode, &short) {
                Err(NimError::OverMemoryBudget { needed, budget, .. }) => {
                    assert_eq!((needed, budget), (peak, peak - 1), "{code}")
                }
                other => panic!("{code}: expected a budget error, got {other:?}"),
            }
        }
    }

    /// Heaps numbered in `u64` (the list used beyond 2^32 heaps, too large to run in a test)
    /// give the values of the `u32` list, and their account is exact too (one byte below the
    /// peak is refused); with many rare heaps the list is wider by 4 bytes a place.
    #[test]
    fn heaps_numbered_in_u64_give_the_same_values() {
        let cases = [
            ("0.6", 30_000, Mode::Fill),
            ("0.6", 5_000, Mode::StopAtPeriod),
            ("0.76", 3_000, Mode::NoShortcut),
            ("0.137", 20_000, Mode::NoShortcut),
        ];
        let wide = |code: &str, up_to: usize, mode: Mode, limits: &Limits| {
            let (cells, memory) = first_block(up_to, mode, limits, &describe)?;
            run::<u64>(
                &moves_of(code),
                cells,
                up_to,
                mode,
                memory,
                &describe,
                Hooks { growth_estimate: None, interrupt: None },
            )
        };
        for (code, up_to, mode) in cases {
            let narrow = computed(code, up_to, mode, &Limits::UNLIMITED).unwrap();
            let wide_run = wide(code, up_to, mode, &Limits::UNLIMITED).unwrap();
            assert_eq!(values_of(&wide_run.cells), values_of(&narrow.cells), "{code}");
            assert_eq!(wide_run.periodicity, narrow.periodicity, "{code}");
            assert!(wide_run.peak_bytes >= narrow.peak_bytes, "{code}");
            let peak = wide_run.peak_bytes;
            let short = Limits { max_bytes: peak - 1, max_steps: u128::MAX };
            assert!(
                matches!(wide(code, up_to, mode, &short), Err(NimError::OverMemoryBudget { needed, .. }) if needed == peak),
                "{code}"
            );
        }
        // 0.76 keeps a rare heap at about every other heap, so the list is a large part of the peak.
        let narrow = computed("0.76", 3_000, Mode::NoShortcut, &Limits::UNLIMITED).unwrap().peak_bytes;
        let wide_peak = wide("0.76", 3_000, Mode::NoShortcut, &Limits::UNLIMITED).unwrap().peak_bytes;
        // At the peak the list doubles from 1024 places to 2048, both held: 4 more bytes a place.
        assert_eq!(wide_peak - narrow, 4 * (1024 + 2048), "{wide_peak} {narrow}");
    }

    /// Widening one-byte cells to two is the peak of a long Officers table, as documented: both
    /// tables at once, the marks for values below 512 (13 bytes each) and the rare heaps' list
    /// (5 bytes a place, a power of two of at least 256 places).
    #[test]
    fn widening_is_the_documented_peak() {
        let heaps = 30_001u128;
        let peak = computed("0.6", 30_000, Mode::Fill, &Limits::UNLIMITED).unwrap().peak_bytes;
        let rare_list = peak - 3 * heaps - 13 * 512;
        assert!(rare_list.is_multiple_of(5 * 256) && (rare_list / (5 * 256)).is_power_of_two(), "{peak}");
    }

    /// Resuming from values of every width: two-byte cells as computed, and four-byte cells (the
    /// same values, widened by hand, as a file of four-byte values gives them). Each copy is
    /// charged at its width, the budget is exact, and a buffer with room for every heap is
    /// charged once, not copied.
    #[test]
    fn resuming_charges_the_width_of_the_given_values() {
        let moves = moves_of("0.6");
        let whole = values_of(&computed("0.6", 40_000, Mode::Fill, &Limits::UNLIMITED).unwrap().cells);
        let two_bytes = computed("0.6", 29_999, Mode::Fill, &Limits::UNLIMITED).unwrap().cells;
        assert!(matches!(two_bytes, Cells::U16(_)));
        let four_bytes = Cells::U32(whole[..30_000].to_vec());
        // A clone keeps the values, not the room: each run gets a fresh buffer.
        let roomy = || {
            let mut values = Vec::with_capacity(40_001);
            values.extend_from_slice(&whole[..30_000]);
            Cells::U32(values)
        };
        let starts: [(&dyn Fn() -> Cells, u128, bool); 3] =
            [(&|| two_bytes.clone(), 2, true), (&|| four_bytes.clone(), 4, true), (&roomy, 4, false)];
        for (start, cell, copied) in starts {
            let resumed = compute_from(&moves, start(), 40_000, &Limits::UNLIMITED, &describe, None).unwrap();
            assert_eq!(values_of(&resumed.cells), whole, "{cell}");
            let peak = resumed.peak_bytes;
            let table = if copied { (30_000 + 40_001) * cell } else { 40_001 * cell };
            // The marks and the rare list come on top, within the first scratch block.
            assert!(peak >= table && peak <= table + SCRATCH_BYTES, "{cell}: {peak}");
            let short = Limits { max_bytes: peak - 1, max_steps: u128::MAX };
            assert!(matches!(
                compute_from(&moves, start(), 40_000, &short, &describe, None),
                Err(NimError::OverMemoryBudget { needed, .. }) if needed == peak
            ));
            let exact = Limits { max_bytes: peak, max_steps: u128::MAX };
            assert!(compute_from(&moves, start(), 40_000, &exact, &describe, None).is_ok());
        }
    }

    /// A game without splits keeps no rare heaps, resumed or not: 300 000 values of
    /// subtraction {1, 3, 4} (0.3033) continued to 400 000 heaps (no period check between
    /// 2^18 and 2^19 in the kernel's schedule) within the table and the first scratch block,
    /// as a fresh run. Before, every stored heap was listed as rare, 5 bytes each.
    #[test]
    fn resuming_a_game_without_splits_lists_no_rare_heaps() {
        let moves = moves_of("0.3033");
        let whole = computed("0.3033", 400_000, Mode::Fill, &Limits::UNLIMITED).unwrap().cells;
        let start = || {
            let mut values = Vec::with_capacity(400_001);
            values.extend(values_of(&whole)[..300_000].iter().map(|&v| v as u8));
            Cells::U8(values)
        };
        let fresh = Limits { max_bytes: narrow_table_bytes(400_000, CellWidth::U8), max_steps: u128::MAX };
        let resumed = compute_from(&moves, start(), 400_000, &fresh, &describe, None).unwrap();
        assert_eq!(values_of(&resumed.cells), values_of(&whole));
        assert!(resumed.peak_bytes <= fresh.max_bytes, "{}", resumed.peak_bytes);
    }

    /// Resuming counts the given values and their longer copy at the moment of the move, then
    /// only the copy.
    #[test]
    fn resuming_accounts_for_the_given_values() {
        let moves = moves_of("0.6");
        let start = computed("0.6", 9_999, Mode::Fill, &Limits::UNLIMITED).unwrap().cells;
        let whole = computed("0.6", 30_000, Mode::Fill, &Limits::UNLIMITED).unwrap();
        let resumed =
            compute_from(&moves, start.clone(), 30_000, &Limits::UNLIMITED, &describe, None).unwrap();
        assert_eq!(values_of(&resumed.cells), values_of(&whole.cells));
        let peak = resumed.peak_bytes;
        assert!(peak >= 10_000 + 30_001, "{peak}");
        let short = Limits { max_bytes: peak - 1, max_steps: u128::MAX };
        assert!(matches!(
            compute_from(&moves, start.clone(), 30_000, &short, &describe, None),
            Err(NimError::OverMemoryBudget { needed, .. }) if needed == peak
        ));
        let exact = Limits { max_bytes: peak, max_steps: u128::MAX };
        assert!(compute_from(&moves, start.clone(), 30_000, &exact, &describe, None).is_ok());
        // One heap short of the end: that heap is computed.
        let last = compute_from(&moves, start.clone(), 10_000, &Limits::UNLIMITED, &describe, None).unwrap();
        assert_eq!(values_of(&last.cells), values_of(&whole.cells)[..=10_000]);
        // Given values that already reach the end are returned as they are, at no cost.
        let done = compute_from(&moves, start.clone(), 9_999, &short, &describe, None).unwrap();
        assert_eq!((done.cells, done.peak_bytes), (start, 0));
    }

    /// A sweep over `moves` with marks for values below `2^bits`, outside any computation.
    fn bare_sweep<'a>(moves: &'a Moves, bits: u32) -> Sweep<'a> {
        let mut sweep =
            Sweep::new(moves, 0, Mode::NoShortcut, Memory::new(&Limits::UNLIMITED), &describe, None, 0);
        sweep.grow_marks(bits).unwrap();
        sweep
    }

    /// The rare heaps of `values` under `(mask, parity)`, by the definition of the label: with
    /// `parity`, flipped on the heaps whose parity differs from `split_parity`'s.
    fn rare_by_definition(values: &[u32], mask: u32, parity: bool, split_parity: usize) -> Vec<u32> {
        (1..values.len())
            .filter(|&i| {
                let flipped = parity && i % 2 != split_parity;
                ((values[i] & mask).count_ones() as usize + flipped as usize).is_multiple_of(2)
            })
            .map(|i| i as u32)
            .collect()
    }

    /// The mask chosen from a table is one with the fewest rare heaps, found here by counting
    /// every mask (and heap parity, when the split takes share a parity) one by one; the rare
    /// heaps listed are the ones of that mask.
    #[test]
    fn the_chosen_mask_has_the_fewest_rare_heaps() {
        for (code, shared_parity) in [
            // Split takes 1; 3; 2; 0 and 2; 1 and 2 (Kayles); 2 and 3.
            ("0.6", true),
            ("0.137", true),
            ("0.16", true),
            ("4.07", true),
            ("0.77", false),
            ("0.165", false),
            // Split takes 1 and 3: odd both, though 1 / 2 and 3 / 2 differ.
            ("0.404", true),
        ] {
            let values = code.parse::<OctalGame>().unwrap().grundy_values_plain(3000).unwrap();
            let bits = 32 - values.iter().max().unwrap().leading_zeros();
            let moves = moves_of(code);
            let split_parity = moves.splits.first().map_or(0, |&k| k % 2);
            let mut sweep = bare_sweep(&moves, bits);
            sweep.choose(&values);
            let chosen = sweep.selection;
            let mut fewest = usize::MAX;
            for mask in 0..1u32 << bits {
                for parity in [false, true] {
                    if parity && !shared_parity {
                        continue;
                    }
                    fewest = fewest.min(rare_by_definition(&values, mask, parity, split_parity).len());
                }
            }
            let rare = rare_by_definition(&values, chosen.mask, chosen.parity, split_parity);
            assert_eq!(rare.len(), fewest, "{code}: {chosen:?}");
            assert!(shared_parity || !chosen.parity, "{code}");
            let (heaps, rare_values) = sweep.rare_heaps::<u32, u32>(&values).unwrap();
            assert_eq!(heaps, rare, "{code}");
            let (wide_heaps, _) = sweep.rare_heaps::<u32, u64>(&values).unwrap();
            assert_eq!(wide_heaps, rare.iter().map(|&i| i as u64).collect::<Vec<_>>(), "{code}");
            assert_eq!(rare_values, rare.iter().map(|&i| values[i as usize]).collect::<Vec<_>>(), "{code}");
        }
    }

    /// With odd split takes the position flag flips the even heaps (those whose parity differs
    /// from the takes'): `0.106` (split take 3), whose values are sparse under such a split
    /// (15 rare heaps, the last at 1103), then needs a few steps a heap. Flipping the odd heaps
    /// instead made nearly every value rare for its heap and the walk look at every split: the
    /// effort limit below, 64 steps a heap, stopped it long before 2^18 heaps.
    #[test]
    fn odd_split_takes_keep_the_sparse_values_sparse() {
        let game: OctalGame = "0.106".parse().unwrap();
        let heaps = 1usize << 18;
        let limits = Limits { max_bytes: 1 << 30, max_steps: 64 * heaps as u128 };
        let table = game.grundy_table_within(heaps as u64, &limits).unwrap();
        let stats = table.statistics(&Limits::UNLIMITED).unwrap();
        assert_eq!((stats.largest, stats.largest_at), (27, 52692));
        let plain = game.grundy_values_plain(4096).unwrap();
        let first: Vec<u32> = table.iter().take(plain.len()).collect();
        assert!(first == plain, "0.106 differs from the plain definition below heap 4097");
    }

    /// The labels of a selection, one heap at a time.
    #[test]
    fn labels_follow_the_definition() {
        for (mask, parity, split_parity) in
            [(0b1011, false, 0), (0b110, true, 0), (0b110, true, 1), (0, true, 1), (u32::MAX, false, 1)]
        {
            let selection = Selection { mask, parity, split_parity };
            for heap in 0..8usize {
                for value in 0..64u32 {
                    let flipped = parity && heap % 2 != split_parity as usize;
                    let expected = ((value & mask).count_ones() + flipped as u32) % 2;
                    assert_eq!(selection.label(heap, value), expected, "{mask:b} {parity} {heap} {value}");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The walk over the splits finds exactly the needed values that some split gives, and
        /// when one is missing it has looked at every split. Small values everywhere but at a
        /// few random heaps, so the needed values sit at random depths, past several blocks.
        #[test]
        fn the_walk_finds_what_some_split_gives(
            len in 2usize..2600,
            seed_values in proptest::collection::vec(0u32..4, 2600),
            special in proptest::collection::vec((0usize..2600, 4u32..64), 0..6),
            takes in proptest::collection::btree_set(0usize..6, 1..4),
            needed in proptest::collection::btree_set(0u32..64, 1..6),
        ) {
            let mut values = seed_values[..len].to_vec();
            for &(heap, value) in &special {
                if heap < len {
                    values[heap] = value;
                }
            }
            let n = len; // the heap being computed: `values` holds heaps 0..n
            let splits: Vec<usize> = takes.iter().copied().collect();
            let moves = Moves { whole: vec![], single: vec![], splits: splits.clone(), max_take: 6 };
            let mut sweep = bare_sweep(&moves, 6);
            sweep.needed = needed.iter().copied().collect();
            let (walked, unseen) = sweep.walk(&values, n);
            let mut given = std::collections::BTreeSet::new();
            let mut splits_in_all = 0;
            for &k in &splits {
                if n >= k + 2 {
                    let rest = n - k;
                    splits_in_all += rest / 2;
                    for a in 1..=rest / 2 {
                        given.insert(values[a] ^ values[rest - a]);
                    }
                }
            }
            let expected = needed.iter().copied().find(|x| !given.contains(x));
            prop_assert_eq!(unseen, expected);
            if expected.is_some() {
                prop_assert_eq!(walked, splits_in_all);
            } else {
                prop_assert!(walked <= splits_in_all);
            }
            // The walk leaves its scratch marks clear for the next heap.
            prop_assert!(sweep.wanted.iter().all(|&w| w == 0));
        }
    }

    /// The mask is chosen (and so the work is small) both in a fresh computation and at once when
    /// resuming from given values. Without a choice every heap is rare and each of 0.16's heaps
    /// `n` looks at its `n - 3` splits: over 3.4 million steps for heaps 3000 to 3999 alone, over
    /// 7.9 million from 0. With it, 0.16 has 49 rare heaps below 3000: about 150 steps a heap.
    #[test]
    fn the_mask_is_chosen_fresh_and_when_resuming() {
        let moves = moves_of("0.16");
        let plain = "0.16".parse::<OctalGame>().unwrap().grundy_values_plain(3999).unwrap();
        let given: Vec<u8> = plain[..3000].iter().map(|&v| u8::try_from(v).unwrap()).collect();
        let limits = Limits { max_bytes: u128::MAX, max_steps: 1_000_000 };
        let resumed = compute_from(&moves, Cells::U8(given), 3999, &limits, &describe, None).unwrap();
        assert_eq!(values_of(&resumed.cells), plain);
        let limits = Limits { max_bytes: u128::MAX, max_steps: 2_000_000 };
        let fresh = compute(&moves, 3999, Mode::NoShortcut, &limits, &describe, None).unwrap();
        assert_eq!(values_of(&fresh.cells), plain);
    }

    #[test]
    fn an_empty_table_is_empty() {
        assert!(GrundyTable::from_cells(Cells::U16(Vec::new())).is_empty());
        assert!(!GrundyTable::from_cells(Cells::U8(vec![0])).is_empty());
    }

    #[test]
    fn walsh_hadamard_counts_parities() {
        // Direct sum against the transform for every index.
        let data: Vec<i64> = (0..16).map(|x| (x * 7 % 5) as i64).collect();
        let mut fast = data.clone();
        walsh_hadamard(&mut fast);
        for (j, &f) in fast.iter().enumerate() {
            let direct: i64 = data
                .iter()
                .enumerate()
                .map(|(x, &c)| if (x & j).count_ones() % 2 == 0 { c } else { -c })
                .sum();
            assert_eq!(f, direct, "index {j}");
        }
    }

    #[test]
    fn periodic_fill_equals_reduce() {
        for (preperiod, period) in [(0, 1), (3, 1), (5, 7), (71, 12), (2, 40)] {
            let p = Periodicity { preperiod, period };
            let start: Vec<u32> = (0..(preperiod + period) as u32).map(|x| x * 31 % 17).collect();
            let mut filled = start.clone();
            fill_periodic(&mut filled, p, 5000);
            let reduced: Vec<u32> = (0..5000u64).map(|m| start[p.reduce(m)]).collect();
            assert_eq!(filled, reduced, "{p:?}");
        }
    }

    #[test]
    fn widths_fit_their_values() {
        assert_eq!(CellWidth::for_value(255), CellWidth::U8);
        assert_eq!(CellWidth::for_value(256), CellWidth::U16);
        assert_eq!(CellWidth::for_value(65_535), CellWidth::U16);
        assert_eq!(CellWidth::for_value(65_536), CellWidth::U32);
        assert_eq!(narrow_table_bytes((1 << 32) - 1, CellWidth::U16), (8u128 << 30) + (64 << 10));
    }
}
