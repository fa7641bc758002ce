//! A position's components: reduced ([`super::reduce`]), cut into connected regions of at
//! least two cells, each cropped to its bounding box and written canonically.

use super::CramBoard;
use super::reduce::reduced;
use super::shape::{Cells, Shape};

/// Appends to `out` the components of the cells `free` of a board of shape `shape`.
pub(super) fn split_into<B: Cells>(shape: &Shape<B>, free: B, out: &mut Vec<CramBoard>) {
    let mut rest = reduced(shape, free);
    while rest != B::zero() {
        let region = shape.region(rest & rest.wrapping_neg(), rest);
        rest = rest & !region;
        // The reduction took off every isolated cell: a region has at least two cells.
        out.push(crop(shape, region).canonical());
    }
}

/// The cells `region` (not empty) of a board of shape `shape`, copied onto a board of its
/// bounding box.
fn crop<B: Cells>(shape: &Shape<B>, region: B) -> CramBoard {
    let cols = shape.cols;
    let top = region.trailing_zeros() as usize / cols;
    let bottom = (B::BITS - 1 - region.leading_zeros() as usize) / cols;
    let mut columns = B::zero();
    for r in top..=bottom {
        columns = columns | (region >> (r * cols) & shape.row);
    }
    let left = columns.trailing_zeros() as usize;
    let width = B::BITS - columns.leading_zeros() as usize - left;
    let mut free = B::zero();
    for r in top..=bottom {
        free = free | ((region >> (r * cols) & shape.row) >> left << ((r - top) * width));
    }
    CramBoard { rows: (bottom - top + 1) as u8, cols: width as u8, free: free.as_() }
}
