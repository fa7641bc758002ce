//! The canonical form of a board: the least of its images under the symmetries of its
//! rectangle, computed on the word its cells fit in.

use super::CramBoard;
use super::shape::{Cells, for_each_bit, low_bits};

/// Cells of a `rows` x `cols` board, as the canonical form works on them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Image<B> {
    rows: usize,
    cols: usize,
    free: B,
}

/// The least of `board`'s images (see [`CramBoard::canonical`]); its cells must fit in `B`.
pub(super) fn canonical<B: Cells>(board: &CramBoard) -> CramBoard {
    let image = Image { rows: board.rows(), cols: board.cols(), free: B::from_u128(board.free) };
    // Boards order by rows first: a transposed image wins only when it has fewer rows, and
    // both orientations compete only on a square.
    let least = match image.rows.cmp(&image.cols) {
        std::cmp::Ordering::Less => least_reflection(image),
        std::cmp::Ordering::Greater => least_reflection(transposed(image)),
        std::cmp::Ordering::Equal => least_reflection(image).min(least_reflection(transposed(image))),
    };
    CramBoard { rows: least.rows as u8, cols: least.cols as u8, free: least.free.as_() }
}

/// The board turned about its main diagonal (cell (r, c) to (c, r)).
fn transposed<B: Cells>(image: Image<B>) -> Image<B> {
    let Image { rows, cols, free } = image;
    let row: B = low_bits(cols);
    let mut transposed = B::zero();
    for r in 0..rows {
        for_each_bit(free >> (r * cols) & row, |c| transposed = transposed | B::one() << (c * rows + r));
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
