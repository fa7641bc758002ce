//! A position's components: reduced ([`super::reduce`]), cut into connected regions of at
//! least two cells (not crossing the links [`cut_links`] cuts), each cropped to its bounding
//! box and written canonically.
//!
//! The cut is the one rule here without a proof of ours: it is `igs`'s, and claim PL6 checks
//! it on every position of every board of at most 16 cells against the definition.

use super::CramBoard;
use super::canonical::canonical_of;
use super::reduce::reduced;
use super::shape::{Cells, Shape};

/// Appends to `out` the components of the cells `free` of a board of shape `shape`.
///
/// Regions are found without crossing the horizontal links that [`cut_links`] cuts; a region
/// cut off that way is reduced again, and split again if the reduction took cells off (each
/// level takes at least one cell, so the recursion is at most 128 deep). Without a cut no
/// region is reduced again: the reductions look only at a cell's free neighbours, which all lie
/// in its region, so a region of a reduced position is reduced.
pub(super) fn split_into<B: Cells>(shape: &Shape<B>, free: B, out: &mut Vec<CramBoard>) {
    let whole = reduced(shape, free);
    let cut = cut_links(shape, whole);
    let mut rest = whole;
    while rest != B::zero() {
        let seed = rest & rest.wrapping_neg();
        if cut == B::zero() {
            let region = shape.region(seed, rest);
            rest = rest & !region;
            // The reduction took off every isolated cell: a region has at least two cells.
            out.push(canonical_region(shape, region));
            continue;
        }
        let region = shape.region_within_links(seed, rest, cut);
        rest = rest & !region;
        if region != whole {
            let again = reduced(shape, region);
            if again != region {
                split_into(shape, again, out);
                continue;
            }
        }
        out.push(canonical_region(shape, region));
    }
}

/// The free cells of `free` whose link to their right neighbour does not matter: the two
/// rows of a 2 x 2 block of free cells whose opposite corners are closed off, one on its top
/// and left sides and the other on its bottom and right sides (or top and right, bottom and
/// left). Playing a horizontal domino in such a block is never better than the other moves
/// (`igs` splits components there; claim PL6 checks the values).
fn cut_links<B: Cells>(shape: &Shape<B>, free: B) -> B {
    let right_free = shape.right_in(free);
    let left_free = shape.left_in(free);
    let below_free = shape.below_in(free);
    let above_free = shape.above_in(free);
    let left_closed = free & right_free & !left_free;
    let right_closed = free & left_free & !right_free;
    let top_closed = below_free & !above_free;
    let bottom_closed = above_free & !below_free;
    // The bottom-left cell c of the block a b / c d.
    let falling = shape.above_in(left_closed & top_closed) & shape.right_in(right_closed & bottom_closed);
    let rising = shape.above_in(shape.right_in(right_closed & top_closed)) & left_closed & bottom_closed;
    let bottom = falling | rising;
    bottom | shape.below_in(bottom)
}

/// The cells `region` (not empty) of a board of shape `shape`, copied onto a board of its
/// bounding box and written canonically.
fn canonical_region<B: Cells>(shape: &Shape<B>, region: B) -> CramBoard {
    if region.count_ones() == 2 {
        // A region of two cells is a domino (a third of the parts in a search of 5 x 7).
        return CramBoard::of(1, 2, 0b11);
    }
    let cols = shape.cols;
    let top = shape.row_of(region.trailing_zeros() as usize);
    let bottom = shape.row_of(B::BITS - 1 - region.leading_zeros() as usize);
    let rows = region >> (top * cols);
    let mut columns = B::zero();
    for r in 0..=bottom - top {
        columns = columns | (rows >> (r * cols) & shape.row);
    }
    let left = columns.trailing_zeros() as usize;
    let width = B::BITS - columns.leading_zeros() as usize - left;
    let free = if width == cols {
        // Every column is used: the rows are already in place.
        rows
    } else {
        let mut free = B::zero();
        for r in 0..=bottom - top {
            free = free | ((rows >> (r * cols) & shape.row) >> left << (r * width));
        }
        free
    };
    canonical_of(bottom - top + 1, width, free)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut by its definition, block by block: for each 2 x 2 block a b / c d of free cells
    /// with a closed off on its top and left and d on its bottom and right, or b on its top and
    /// right and c on its bottom and left (a side is closed off when the cell beyond it is not
    /// free or off the board), the links of a and c to their right neighbours are cut.
    fn plain_cut_links(rows: usize, cols: usize, free: u128) -> u128 {
        let is_free = |r: isize, c: isize| {
            (0..rows as isize).contains(&r)
                && (0..cols as isize).contains(&c)
                && free >> (r as usize * cols + c as usize) & 1 == 1
        };
        let mut cut = 0u128;
        for r in 0..rows.saturating_sub(1) as isize {
            for c in 0..cols.saturating_sub(1) as isize {
                if !(is_free(r, c) && is_free(r, c + 1) && is_free(r + 1, c) && is_free(r + 1, c + 1)) {
                    continue;
                }
                let falling = !is_free(r - 1, c)
                    && !is_free(r, c - 1)
                    && !is_free(r + 2, c + 1)
                    && !is_free(r + 1, c + 2);
                let rising = !is_free(r - 1, c + 1)
                    && !is_free(r, c + 2)
                    && !is_free(r + 2, c)
                    && !is_free(r + 1, c - 1);
                if falling || rising {
                    let a = r as usize * cols + c as usize;
                    cut |= 1 << a | 1 << (a + cols);
                }
            }
        }
        cut
    }

    /// The region cropped to its bounding box by coordinates, as a board, written canonically.
    fn plain_canonical_region(cols: usize, region: u128) -> CramBoard {
        let cells: Vec<(usize, usize)> =
            (0..128).filter(|&i| region >> i & 1 == 1).map(|i| (i / cols, i % cols)).collect();
        let (top, bottom) =
            (cells.iter().map(|c| c.0).min().unwrap(), cells.iter().map(|c| c.0).max().unwrap());
        let (left, right) =
            (cells.iter().map(|c| c.1).min().unwrap(), cells.iter().map(|c| c.1).max().unwrap());
        let width = right - left + 1;
        let free = cells.iter().fold(0u128, |f, &(r, c)| f | 1 << ((r - top) * width + c - left));
        CramBoard::with_free_cells(bottom - top + 1, width, free).unwrap().canonical()
    }

    /// Every region of `free` cropped and written canonically as by the definition.
    fn regions_agree(rows: usize, cols: usize, free: u128) -> Result<usize, String> {
        let board = CramBoard::with_free_cells(rows, cols, free).unwrap();
        let regions = board.regions();
        for &region in &regions {
            let plain = plain_canonical_region(cols, region);
            let large = canonical_region(&Shape::<u128>::of(&board), region);
            let small =
                (rows * cols <= 64).then(|| canonical_region(&Shape::<u64>::of(&board), region as u64));
            if large != plain || small.is_some_and(|s| s != plain) {
                return Err(format!(
                    "{rows} x {cols} region {region:#x}: {large:?} / {small:?}, plain {plain:?}"
                ));
            }
        }
        Ok(regions.len())
    }

    /// Every region of every position of boards up to 16 cells.
    #[test]
    fn regions_are_cropped_as_by_their_coordinates() {
        let mut regions = 0;
        for (rows, cols) in [(4, 4), (3, 5), (5, 3), (1, 9), (8, 2)] {
            for free in 0..1u128 << (rows * cols) {
                regions += regions_agree(rows, cols, free).unwrap();
            }
        }
        assert!(regions > 100_000, "{regions}");
    }

    proptest::proptest! {
        /// Random positions of boards up to 128 cells, in the words they run on.
        #[test]
        fn regions_of_large_boards_are_cropped_as_by_their_coordinates(
            rows in 1usize..=12, cols in 1usize..=12, bits in proptest::prelude::any::<u128>()
        ) {
            proptest::prop_assume!(rows * cols <= 128);
            let all = if rows * cols == 128 { u128::MAX } else { (1u128 << (rows * cols)) - 1 };
            let agreed = regions_agree(rows, cols, bits & all);
            proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
        }
    }

    /// Every position of boards up to 16 cells, in both words; an isolated 2 x 2 block is
    /// closed off at both pairs of corners and cut.
    #[test]
    fn the_cut_follows_its_definition_on_every_small_position() {
        let mut cut_somewhere = 0;
        for (rows, cols) in [(4, 4), (3, 5), (5, 3), (2, 2), (2, 7)] {
            let board = CramBoard::empty(rows, cols).unwrap();
            let (small, large) = (Shape::<u64>::of(&board), Shape::<u128>::of(&board));
            for free in 0..1u128 << (rows * cols) {
                let plain = plain_cut_links(rows, cols, free);
                assert_eq!(u128::from(cut_links(&small, free as u64)), plain, "{rows} x {cols} {free:#x}");
                assert_eq!(cut_links(&large, free), plain, "{rows} x {cols} {free:#x}");
                cut_somewhere += usize::from(plain != 0);
            }
        }
        assert!(cut_somewhere > 1000, "{cut_somewhere}");
        let square = CramBoard::empty(2, 2).unwrap();
        assert_eq!(cut_links(&Shape::<u64>::of(&square), 0b1111), 0b0101);
    }

    /// A block a b / c d with a closed on its top and left and d on its bottom and right: the
    /// one region falls apart at the cuts (cells of a 4 x 4 board, row by row).
    #[test]
    fn a_block_with_closed_opposite_corners_is_cut() {
        // X X X X / X a b . / . c d X / . . X X
        let free: u64 = 0b0011_0111_1110_0000;
        let board = CramBoard::with_free_cells(4, 4, u128::from(free)).unwrap();
        assert_eq!(board.regions().len(), 1);
        let shape = Shape::<u64>::of(&board);
        // a = (1, 1) and c = (2, 1); the block (2, 0) (2, 1) / (3, 0) (3, 1) below-left has its
        // corners closed off too (the board's edges count as closed).
        assert_eq!(cut_links(&shape, free), 1 << 5 | 1 << 9 | 1 << 8 | 1 << 12);
        let mut parts = Vec::new();
        split_into(&shape, free, &mut parts);
        // Cut and reduced again: three dominoes (claim PL6 checks such values).
        assert_eq!(parts, vec![CramBoard::empty(1, 2).unwrap(); 3]);
        // Without the closed corner below d the block is not cut.
        let open = free | 1 << 14;
        assert_eq!(cut_links(&shape, open), 0);
    }
}
