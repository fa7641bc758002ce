//! The masks of a board's shape and the shifts that find a cell's neighbours, computed once per
//! component and shared by every option of it.
//!
//! Generic over the word that holds the cells ([`Cells`]): boards of at most 64 cells (every
//! board of the published tables) run on `u64`, whose shifts and masks cost half those of the
//! `u128` that larger boards need.

use num_traits::{AsPrimitive, CheckedShl, CheckedShr, PrimInt, WrappingNeg};

use super::CramBoard;

/// A word of cells: `u64` or `u128`.
pub(super) trait Cells:
    PrimInt + CheckedShl + CheckedShr + WrappingNeg + AsPrimitive<u128> + 'static
{
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
    /// Every cell of the board.
    pub(super) cells: B,
    first_column: B,
    last_column: B,
    /// The cells of the first row.
    pub(super) row: B,
}

impl<B: Cells> Shape<B> {
    /// The masks of `board`'s shape; the board's cells must fit in `B`.
    pub(super) fn of(board: &CramBoard) -> Shape<B> {
        let (rows, cols) = (board.rows(), board.cols());
        debug_assert!(rows * cols <= B::BITS);
        let first_column = (0..rows).fold(B::zero(), |mask, r| mask | B::one() << (r * cols));
        Shape {
            cols,
            cells: low_bits(rows * cols),
            first_column,
            last_column: first_column << (cols - 1),
            row: low_bits(cols),
        }
    }

    /// The cells whose neighbour below is in `p`.
    pub(super) fn below_in(&self, p: B) -> B {
        p.checked_shr(self.cols as u32).unwrap_or(B::zero())
    }

    /// The cells whose neighbour above is in `p`.
    pub(super) fn above_in(&self, p: B) -> B {
        p.checked_shl(self.cols as u32).unwrap_or(B::zero()) & self.cells
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
        self.region_within_links(seed, within, B::zero())
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
