//! The canonical form of a board: the least of its images under the symmetries of its
//! rectangle, computed on the word its cells fit in.

use super::CramBoard;
use super::shape::{Cells, low_bits};

/// Cells of a `rows` x `cols` board, as the canonical form works on them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Image<B> {
    rows: usize,
    cols: usize,
    free: B,
}

/// The least of `board`'s images (see [`CramBoard::canonical`]); its cells must fit in `B`.
pub(super) fn canonical<B: Cells>(board: &CramBoard) -> CramBoard {
    canonical_of(board.rows(), board.cols(), B::from_u128(board.free_cells()))
}

/// The least of the images of the `rows` x `cols` board whose free cells are `free`.
#[inline]
pub(super) fn canonical_of<B: Cells>(rows: usize, cols: usize, free: B) -> CramBoard {
    let image = Image { rows, cols, free };
    // Boards order by rows first: a transposed image wins only when it has fewer rows, and
    // both orientations compete only on a square.
    let least = match image.rows.cmp(&image.cols) {
        std::cmp::Ordering::Less => least_reflection(image),
        std::cmp::Ordering::Greater => least_reflection(transposed(image)),
        std::cmp::Ordering::Equal => least_reflection(image).min(least_reflection(transposed(image))),
    };
    CramBoard::of(least.rows as u8, least.cols as u8, least.free.as_())
}

/// The board turned about its main diagonal (cell (r, c) to (c, r)); it must have at least as
/// many rows as columns.
///
/// Row by row: cell c of a row goes to bit c * rows of the transpose (then shifted by the
/// row's index). For the columns but the last, one multiplication puts them there: the
/// product of the row's bits by the sum of 2^(k * (rows - 1)) over k < cols - 1 is the sum of
/// copies of the row shifted by k * (rows - 1), which do not overlap (a copy has cols - 1 <=
/// rows - 1 bits), so it has no carries; copy k holds cell c at bit c + k * (rows - 1), which
/// is c * rows exactly when k = c (for k != c it is off by a nonzero multiple of rows - 1, at
/// least cols - 1, more than a cell's distance to a multiple of rows), so masking with the
/// bits c * rows keeps cell c of copy c. The last column is moved by a shift.
fn transposed<B: Cells>(image: Image<B>) -> Image<B> {
    let Image { rows, cols, free } = image;
    debug_assert!(rows >= cols);
    let row: B = low_bits(cols);
    let but_last: B = low_bits(cols - 1);
    let (mut spread, mut targets) = (B::zero(), B::zero());
    for k in 0..cols - 1 {
        spread = spread | B::one() << (k * (rows - 1));
        targets = targets | B::one() << (k * rows);
    }
    let last = (cols - 1) * rows;
    let mut transposed = B::zero();
    for r in 0..rows {
        let bits = free >> (r * cols) & row;
        let moved = ((bits & but_last).wrapping_mul(&spread) & targets) | (bits >> (cols - 1)) << last;
        transposed = transposed | moved << r;
    }
    Image { rows: cols, cols: rows, free: transposed }
}

/// The least of the board and its images under the reflections of its rows, of its columns
/// and both (the half turn).
fn least_reflection<B: Cells>(image: Image<B>) -> Image<B> {
    let Image { rows, cols, free } = image;
    let row: B = low_bits(cols);
    // Reversing all the word's bits turns the board by a half turn; reversing the order of
    // the rows of the board and of its half turn gives the other two images.
    let turned = free.reverse_bits() >> (B::BITS - rows * cols);
    let mut flipped = B::zero(); // the rows in reverse order
    let mut mirrored = B::zero(); // each row reversed: the half turn's rows in reverse order
    for r in 0..rows {
        let to = (rows - 1 - r) * cols;
        flipped = flipped | (free >> (r * cols) & row) << to;
        mirrored = mirrored | (turned >> (r * cols) & row) << to;
    }
    let least = free.min(mirrored).min(flipped).min(turned);
    Image { free: least, ..image }
}
