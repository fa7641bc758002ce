//! The masks of a board's shape and the shifts that find a cell's neighbours, computed once per
//! component and shared by every option of it.
//!
//! Generic over the word that holds the cells ([`Cells`]): boards of at most 64 cells (every
//! board of the published tables) run on `u64`, whose shifts and masks cost half those of the
//! `u128` that larger boards need.

use num_traits::{AsPrimitive, PrimInt, WrappingMul, WrappingNeg};

use super::CramBoard;

/// A word of cells: `u64` or `u128`.
pub(super) trait Cells: PrimInt + WrappingNeg + WrappingMul + AsPrimitive<u128> + 'static {
    /// Bits in the word.
    const BITS: usize;
    /// The low bits of a `u128` (the caller knows the rest are zero).
    fn from_u128(bits: u128) -> Self;
}

impl Cells for u64 {
    const BITS: usize = 64;
    fn from_u128(bits: u128) -> Self {
        bits as u64
    }
}

impl Cells for u128 {
    const BITS: usize = 128;
    fn from_u128(bits: u128) -> Self {
        bits
    }
}

/// The masks of a `rows` x `cols` board (bit `r * cols + c` for cell (r, c)).
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape<B> {
    pub(super) cols: usize,
    first_column: B,
    last_column: B,
    /// Every cell but those of the first row, and of the last row: the cells that have a
    /// neighbour above, and below.
    below_first_row: B,
    above_last_row: B,
    /// The shift between vertical neighbours: `cols`, or 0 on a board of one row of all the
    /// word's bits (where no cell has a vertical neighbour, and the masks above are empty).
    vertical: u32,
    /// ceil(2^16 / cols): `cell * row_reciprocal >> 16` is the row of `cell` (see [`Shape::row_of`]).
    row_reciprocal: u32,
    /// The cells of the first row.
    pub(super) row: B,
}

impl<B: Cells> Shape<B> {
    /// The masks of `board`'s shape; the board's cells must fit in `B`.
    pub(super) fn of(board: &CramBoard) -> Shape<B> {
        let (rows, cols) = (board.rows(), board.cols());
        debug_assert!(rows * cols <= B::BITS);
        let first_column = (0..rows).fold(B::zero(), |mask, r| mask | B::one() << (r * cols));
        let cells: B = low_bits(rows * cols);
        let row: B = low_bits(cols);
        let last_row = row << ((rows - 1) * cols);
        Shape {
            cols,
            first_column,
            last_column: first_column << (cols - 1),
            below_first_row: cells & !row,
            above_last_row: cells & !last_row,
            vertical: (cols % B::BITS) as u32,
            row_reciprocal: (1u32 << 16).div_ceil(cols as u32),
            row,
        }
    }

    /// The row of cell `cell` (below 128): cell / cols without a division. Exact because
    /// cell * (2^16 / cols) and cell / cols differ by less than 128 / 2^16, less than 1 / cols,
    /// and the fraction of cell / cols is at most 1 - 1 / cols.
    pub(super) fn row_of(&self, cell: usize) -> usize {
        ((cell as u32 * self.row_reciprocal) >> 16) as usize
    }

    /// The cells whose neighbour below is in `p`.
    pub(super) fn below_in(&self, p: B) -> B {
        (p & self.below_first_row) >> self.vertical as usize
    }

    /// The cells whose neighbour above is in `p`.
    pub(super) fn above_in(&self, p: B) -> B {
        (p & self.above_last_row) << self.vertical as usize
    }

    /// The cells whose right neighbour is in `p`.
    pub(super) fn right_in(&self, p: B) -> B {
        (p & !self.first_column) >> 1usize
    }

    /// The cells whose left neighbour is in `p`.
    pub(super) fn left_in(&self, p: B) -> B {
        (p & !self.last_column) << 1usize
    }

    /// The cells next to a cell of `p` (4-neighbourhood).
    pub(super) fn neighbours(&self, p: B) -> B {
        self.below_in(p) | self.above_in(p) | self.right_in(p) | self.left_in(p)
    }

    /// The connected region of `within` that holds the cells of `seed`, the links from each
    /// cell of `cut` to its right neighbour left out.
    pub(super) fn region_within_links(&self, seed: B, within: B, cut: B) -> B {
        let mut region = seed & within;
        loop {
            let across = self.below_in(region) | self.above_in(region);
            let sideways = (self.right_in(region) & !cut) | self.left_in(region & !cut);
            let grown = region | ((across | sideways) & within);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The connected region of `within` that holds the cells of `seed`.
    pub(super) fn region(&self, seed: B, within: B) -> B {
        let mut region = seed & within;
        loop {
            let grown = region | (self.neighbours(region) & within);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The `n` lowest bits set (`n` up to the word's bits).
pub(super) fn low_bits<B: Cells>(n: usize) -> B {
    if n >= B::BITS { B::max_value() } else { (B::one() << n) - B::one() }
}

/// Calls `f` with the index of every set bit of `bits`, lowest first.
pub(super) fn for_each_bit<B: Cells>(mut bits: B, mut f: impl FnMut(usize)) {
    while bits != B::zero() {
        f(bits.trailing_zeros() as usize);
        bits = bits & (bits - B::one());
    }
}
