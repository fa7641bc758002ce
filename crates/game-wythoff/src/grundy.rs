//! Sprague-Grundy values of Wythoff's game: the `side x side` table (for sums of Wythoff games)
//! and single values on demand.
//!
//! `G(x, y) = mex` of the values to the left in the row, below in the column and down-left on the
//! diagonal. The fast table keeps one bitset of the values seen so far per column and per
//! diagonal (and one for the current row), so a cell costs one word-wise OR scan starting at the
//! largest of the three lines' own mexes, instead of visiting its `x + y + min(x, y)` options.

use crate::WythoffError;

/// Largest side accepted by the table builders: the table holds `side^2` `u32` values
/// (4 GiB at this limit); larger requests are refused with [`WythoffError::TooLarge`].
pub const MAX_TABLE_SIDE: usize = 1 << 15;

/// The Grundy values `G(x, y)` for `0 <= x, y < side`, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    side: usize,
    values: Vec<u32>,
}

impl GrundyTable {
    /// The side length `N` of the `N x N` table.
    pub fn side(&self) -> usize {
        self.side
    }

    /// `G(x, y)`, or `None` outside the table.
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        (x < self.side && y < self.side).then(|| self.values[x * self.side + y])
    }

    /// Row `x`: `G(x, 0), ..., G(x, side - 1)`, or `None` outside the table.
    pub fn row(&self, x: usize) -> Option<&[u32]> {
        (x < self.side).then(|| &self.values[x * self.side..(x + 1) * self.side])
    }

    /// All values, row-major (`G(x, y)` at `x * side + y`).
    pub fn values(&self) -> &[u32] {
        &self.values
    }
}

fn check_side(side: usize) -> Result<(), WythoffError> {
    if side > MAX_TABLE_SIDE {
        let cells = (side as u128) * (side as u128);
        let limit = (MAX_TABLE_SIDE as u128) * (MAX_TABLE_SIDE as u128);
        return Err(WythoffError::TooLarge { cells, limit });
    }
    Ok(())
}

/// Sets bit `value` and advances the line's own mex past the bits now set.
#[inline]
fn insert(bits: &mut [u64], mex: &mut usize, value: usize) {
    bits[value / 64] |= 1 << (value % 64);
    if value == *mex {
        while bits[*mex / 64] >> (*mex % 64) & 1 == 1 {
            *mex += 1;
        }
    }
}

/// The `side x side` Grundy table of Wythoff's game, fast.
///
/// Computes the half `y >= x` row by row and mirrors it (the game is symmetric, W1). Row `x`'s
/// values left of the diagonal are, by symmetry, column `x`'s values so far, so the row bitset
/// starts as a copy of it. A value is at most the number of options, `3 (side - 1)`, which fixes
/// the bitset width. Time O(side^2 * s / 64) where `s` is the distance scanned between the lines'
/// own mexes and the cell's value (small in practice); memory O(side^2 / 64) words besides the
/// `side^2` result.
///
/// # Errors
/// [`WythoffError::TooLarge`] if `side > MAX_TABLE_SIDE`.
///
/// ```
/// let t = game_wythoff::grundy_table(4)?;
/// assert_eq!(t.row(1), Some(&[1, 2, 0, 4][..]));
/// assert_eq!(t.get(3, 3), Some(6));
/// # Ok::<(), game_wythoff::WythoffError>(())
/// ```
pub fn grundy_table(side: usize) -> Result<GrundyTable, WythoffError> {
    check_side(side)?;
    let last = side.saturating_sub(1) as u128;
    // Below 3 * 2^15 / 64 + 1 (the side was checked), so the cast is exact.
    let width = bitset_words(last, last) as usize;
    let mut values = vec![0u32; side * side];
    half_sweep(side, side, width, |x, y, value| {
        values[x * side + y] = value as u32;
        values[y * side + x] = value as u32;
    });
    Ok(GrundyTable { side, values })
}

/// The same table by the obvious method: for each cell collect the values of all
/// `x + y + min(x, y)` options and take the mex. O(side^3); the baseline and the independent
/// check for [`grundy_table`] (it uses no symmetry and no bitsets).
///
/// # Errors
/// [`WythoffError::TooLarge`] if `side > MAX_TABLE_SIDE`.
pub fn naive_grundy_table(side: usize) -> Result<GrundyTable, WythoffError> {
    check_side(side)?;
    let mut values = vec![0u32; side * side];
    // seen[v] == stamp  <=>  v is the value of an option of the current cell.
    let mut seen = vec![usize::MAX; 3 * side + 1];
    for x in 0..side {
        for y in 0..side {
            let stamp = x * side + y;
            for x2 in 0..x {
                seen[values[x2 * side + y] as usize] = stamp;
            }
            for y2 in 0..y {
                seen[values[x * side + y2] as usize] = stamp;
            }
            for t in 1..=x.min(y) {
                seen[values[(x - t) * side + (y - t)] as usize] = stamp;
            }
            let mut mex = 0;
            while seen[mex] == stamp {
                mex += 1;
            }
            values[stamp] = mex as u32;
        }
    }
    Ok(GrundyTable { side, values })
}

/// What one value `G(x, y)` costs by the method [`grundy_value`] chooses for it: an estimate
/// computed before anything is allocated, so that callers can refuse a request up front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrundyValueCost {
    /// Cells of the rectangle `[0, min] x [0, max]` the value depends on.
    pub cells: u128,
    /// Elementary steps (word operations), an upper estimate.
    pub steps: u128,
    /// Bytes allocated at once.
    pub bytes: u128,
    /// `true` for the bitset method of [`grundy_table`] over the rectangle, `false` for the
    /// thin-rectangle method (values kept, options scanned).
    pub uses_table_method: bool,
}

/// Words of one bitset of the rectangle `[0, small] x [0, large]`: a value is at most the number
/// of options, `2 small + large`, and a line's own mex may reach one more. The memory estimate
/// and the allocation both use it, so they cannot disagree.
fn bitset_words(small: u128, large: u128) -> u128 {
    (2 * small + large + 1) / 64 + 1
}

/// The cost of both methods for the rectangle `[0, small] x [0, large]`: (thin, table), or
/// `None` if a number does not fit in `u128`.
fn method_costs(small: u64, large: u64) -> Option<(GrundyValueCost, GrundyValueCost)> {
    let (s, l) = (u128::from(small), u128::from(large));
    let cells = (s + 1).checked_mul(l + 1)?;
    let words = bitset_words(s, l);
    let thin = GrundyValueCost {
        cells,
        // Each cell marks and clears its column and diagonal values (up to 2 min of them).
        steps: cells.checked_mul(4 * s + 3)?,
        bytes: cells.checked_mul(4)?.checked_add(16 * words)?,
        uses_table_method: false,
    };
    let table = GrundyValueCost {
        cells,
        // A few word operations per cell: the scan starts at the lines' own mexes.
        steps: cells.checked_mul(8)?,
        // One bitset per column and per diagonal, plus their mexes.
        bytes: (l + 1).checked_mul(16)?.checked_mul(words + 1)?.checked_add(8 * words)?,
        uses_table_method: true,
    };
    Some((thin, table))
}

/// The cost of [`grundy_value`]`(x, y, ..)` by the method it would choose: the one with the
/// smaller total of steps and words touched. Exact `u128` arithmetic, no allocation; `None` if
/// the numbers exceed `u128` (only near `x = y = 2^64 - 1`).
///
/// ```
/// let cost = game_wythoff::grundy_value_cost(2000, 2000).unwrap();
/// assert!(cost.uses_table_method && cost.bytes < 4_000_000);
/// let thin = game_wythoff::grundy_value_cost(0, 1_000_000).unwrap();
/// assert!(!thin.uses_table_method && thin.bytes < 5_000_000);
/// assert!(game_wythoff::grundy_value_cost(u64::MAX, u64::MAX).is_none());
/// ```
pub fn grundy_value_cost(x: u64, y: u64) -> Option<GrundyValueCost> {
    let (thin, table) = method_costs(x.min(y), x.max(y))?;
    let total = |c: &GrundyValueCost| c.steps.checked_add(c.bytes / 8);
    match (total(&thin), total(&table)) {
        (Some(a), Some(b)) if b <= a => Some(table),
        (None, Some(_)) => Some(table),
        (Some(_), _) => Some(thin),
        (None, None) => None,
    }
}

/// A single value `G(x, y)`, computing only the rectangle `[0, min] x [0, max]` it depends on,
/// by the cheaper of two methods (see [`grundy_value_cost`]):
///
/// * the **table method** of [`grundy_table`] restricted to the rectangle (one bitset per column
///   and per diagonal, no values kept): a few word operations per cell, memory
///   O(max * (2 min + max) / 64) words — for near-square rectangles, so one value never costs
///   more than the table that contains it;
/// * the **thin method**: keeps the rectangle's values (4 bytes per cell) and marks a cell's
///   column and diagonal values (at most `2 min`) in a scratch bitset — for rectangles much
///   longer than wide. Time O(min^2 * max), memory O(min * max).
///
/// # Errors
/// [`WythoffError::TooLarge`] if the rectangle has more than `max_cells` cells;
/// [`WythoffError::CoordinateTooLarge`] if a coordinate does not fit in `usize`.
///
/// ```
/// assert_eq!(game_wythoff::grundy_value(3, 3, 1_000)?, 6);
/// assert_eq!(game_wythoff::grundy_value(0, 1_000_000, 10_000_000)?, 1_000_000); // one Nim heap
/// assert!(game_wythoff::grundy_value(1_000, 1_000, 1_000).is_err());
/// # Ok::<(), game_wythoff::WythoffError>(())
/// ```
pub fn grundy_value(x: u64, y: u64, max_cells: u64) -> Result<u32, WythoffError> {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    // A value is at most the number of options, 2 min + max; it must fit the u32 result.
    // (Checked first: then the cell count below is exact, far from overflowing u128.)
    let bound = small as u128 * 2 + large as u128;
    if bound >= u32::MAX as u128 {
        return Err(WythoffError::TooLarge { cells: bound, limit: u32::MAX as u128 });
    }
    let cells = (small as u128 + 1) * (large as u128 + 1);
    if cells > max_cells as u128 {
        return Err(WythoffError::TooLarge { cells, limit: max_cells as u128 });
    }
    let to_usize = |v: u64| usize::try_from(v).map_err(|_| WythoffError::CoordinateTooLarge { value: v });
    // Both coordinates are below 2^32 here, so the estimate exists.
    let table_method = grundy_value_cost(x, y).is_some_and(|c| c.uses_table_method);
    // Below 2^32 / 64 + 1 (the bound was checked), so the cast is exact.
    let width = bitset_words(u128::from(small), u128::from(large)) as usize;
    let (small, large) = (to_usize(small)?, to_usize(large)?);
    if table_method {
        Ok(rectangle_by_table_method(small, large, width))
    } else {
        Ok(rectangle_by_thin_method(small, large, width))
    }
}

/// `G(small, large)` by [`grundy_table`]'s method over rows `0..=small`, columns `x..=large`.
fn rectangle_by_table_method(small: usize, large: usize, width: usize) -> u32 {
    let mut last = 0;
    half_sweep(small + 1, large + 1, width, |_, _, value| last = value);
    // The last cell computed is (small, large).
    last as u32
}

/// The bitset sweep of [`grundy_table`] over the half `x <= y` of rows `0..rows` and columns
/// `0..columns` (`rows <= columns`), row by row, calling `visit(x, y, G(x, y))` for each cell.
/// `width` words per bitset must hold every value plus one (values are below `2 rows + columns`).
///
/// Row `x`'s values left of the diagonal are, by symmetry, column `x`'s values so far, so the
/// row bitset starts as a copy of it; every value below each line's own mex is in the union of
/// the three lines, so the scan for the cell's mex starts at the largest of the three mexes.
fn half_sweep(rows: usize, columns: usize, width: usize, mut visit: impl FnMut(usize, usize, usize)) {
    // column[y]: values G(i, y), i < current row; diagonal[d]: values G(i, i + d), i < current row.
    let mut column = vec![0u64; columns * width];
    let mut diagonal = vec![0u64; columns * width];
    let mut column_mex = vec![0usize; columns];
    let mut diagonal_mex = vec![0usize; columns];
    let mut row = vec![0u64; width];
    for x in 0..rows {
        row.copy_from_slice(&column[x * width..(x + 1) * width]);
        let mut row_mex = column_mex[x];
        for y in x..columns {
            let d = y - x;
            let col = &column[y * width..(y + 1) * width];
            let diag = &diagonal[d * width..(d + 1) * width];
            let start = row_mex.max(column_mex[y]).max(diagonal_mex[d]);
            let mut word_index = start / 64;
            let value = loop {
                let union = row[word_index] | col[word_index] | diag[word_index];
                if union != u64::MAX {
                    break word_index * 64 + union.trailing_ones() as usize;
                }
                word_index += 1;
            };
            visit(x, y, value);
            insert(&mut row, &mut row_mex, value);
            insert(&mut column[y * width..(y + 1) * width], &mut column_mex[y], value);
            insert(&mut diagonal[d * width..(d + 1) * width], &mut diagonal_mex[d], value);
        }
    }
}

/// `G(small, large)` keeping the rectangle's values; cheap when `small` is much below `large`.
fn rectangle_by_thin_method(small: usize, large: usize, width: usize) -> u32 {
    let cols = large + 1;
    // grid[i * cols + j] = G(i, j) for the rows computed so far (by symmetry G(x, y) = G(y, x)).
    let mut grid = vec![0u32; (small + 1) * cols];
    let mut row = vec![0u64; width];
    let mut blocked = vec![0u64; width];
    for i in 0..=small {
        row.fill(0);
        let mut row_mex = 0usize;
        for j in 0..=large {
            // The column's values G(i', j), i' < i, and the diagonal's G(i - t, j - t).
            let column = (0..i).map(|i2| grid[i2 * cols + j]);
            let diagonal = (1..=i.min(j)).map(|t| grid[(i - t) * cols + (j - t)]);
            for v in column.clone().chain(diagonal.clone()) {
                let v = v as usize;
                if v >= row_mex {
                    blocked[v / 64] |= 1 << (v % 64);
                }
            }
            // Every value below row_mex is in the row, so the scan starts there.
            let mut word_index = row_mex / 64;
            let value = loop {
                let union = row[word_index] | blocked[word_index];
                if union != u64::MAX {
                    break word_index * 64 + union.trailing_ones() as usize;
                }
                word_index += 1;
            };
            for v in column.chain(diagonal) {
                blocked[v as usize / 64] = 0;
            }
            insert(&mut row, &mut row_mex, value);
            grid[i * cols + j] = value as u32;
        }
    }
    grid[small * cols + large]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size check accepts exactly MAX_TABLE_SIDE (building that table would take 4 GiB, so
    /// the boundary is tested on the check itself).
    #[test]
    fn check_side_accepts_the_limit_and_refuses_one_more() {
        assert!(check_side(MAX_TABLE_SIDE).is_ok());
        assert!(check_side(MAX_TABLE_SIDE + 1).is_err());
    }

    /// Both methods against the naive table (no bitsets, no symmetry) on every cell up to 70 x 70
    /// (past the 64-value word boundary where G(0, 63) once overflowed the bitset).
    #[test]
    fn both_methods_agree_with_the_naive_table() {
        let side = 100;
        let naive = naive_grundy_table(side).unwrap();
        for x in 0..side {
            for y in x..side {
                if x > 30 && y > 70 {
                    continue;
                }
                let width = bitset_words(x as u128, y as u128) as usize;
                let expected = naive.get(x, y).unwrap();
                assert_eq!(rectangle_by_table_method(x, y, width), expected, "table method ({x}, {y})");
                assert_eq!(rectangle_by_thin_method(x, y, width), expected, "thin method ({x}, {y})");
                assert_eq!(grundy_value(y as u64, x as u64, 1 << 20).unwrap(), expected, "({y}, {x})");
            }
        }
    }

    /// G(0, n) = n (one Nim heap) at every word boundary, where the panic was.
    #[test]
    fn one_heap_at_word_boundaries() {
        for k in 1..=20u64 {
            for n in [64 * k - 1, 64 * k, 64 * k + 1] {
                assert_eq!(grundy_value(0, n, 1 << 20).unwrap(), n as u32);
                assert_eq!(grundy_value(n, 0, 1 << 20).unwrap(), n as u32);
                assert_eq!(
                    grundy_value(1, n, 1 << 20).unwrap(),
                    grundy_table(n as usize + 1).unwrap().get(1, n as usize).unwrap()
                );
            }
        }
    }

    /// The table method is chosen for squares, the thin one for long thin rectangles.
    #[test]
    fn method_choice_and_costs() {
        assert!(grundy_value_cost(2000, 2000).unwrap().uses_table_method);
        assert!(!grundy_value_cost(3, 1_000_000).unwrap().uses_table_method);
        assert!(grundy_value_cost(u64::MAX, u64::MAX).is_none());
        let cost = grundy_value_cost(1 << 40, 1 << 41).unwrap();
        assert_eq!(cost.cells, ((1u128 << 40) + 1) * ((1u128 << 41) + 1));
        let table = grundy_table(300).unwrap();
        assert_eq!(grundy_value(299, 250, 1 << 20).unwrap(), table.get(299, 250).unwrap());
    }

    /// Words per bitset at the first word boundary: 2 * 10 + 43 + 1 = 64 values need 2 words,
    /// one value fewer needs 1 (figures by hand).
    #[test]
    fn bitset_words_at_the_word_boundary() {
        assert_eq!(bitset_words(10, 43), 2);
        assert_eq!(bitset_words(10, 42), 1);
        assert_eq!(bitset_words(0, 0), 1);
    }

    /// Every field of both estimates, against figures computed by hand from the documented
    /// formulas (thin: cells * (4 small + 3) steps, 4 bytes per cell plus one bitset; table:
    /// 8 steps per cell, one bitset and mex per column and diagonal plus the row's), at the
    /// word boundary and on both sides of the point where the chosen method changes.
    #[test]
    fn method_costs_match_hand_figures() {
        let cost =
            |cells, steps, bytes, table| GrundyValueCost { cells, steps, bytes, uses_table_method: table };
        // (10, 43): 11 * 44 = 484 cells, 2 words.
        let (thin, table) = method_costs(10, 43).unwrap();
        assert_eq!(thin, cost(484, 484 * 43, 484 * 4 + 16 * 2, false));
        assert_eq!(table, cost(484, 484 * 8, 44 * 16 * 3 + 8 * 2, true));
        // (3, 888): 4 * 889 = 3556 cells, (6 + 888 + 1) / 64 + 1 = 14 words. Totals (steps +
        // bytes / 8): thin 53340 + 1806 = 55146, table 28448 + 26684 = 55132, so the table.
        let (thin, table) = method_costs(3, 888).unwrap();
        assert_eq!(thin, cost(3556, 53_340, 14_448, false));
        assert_eq!(table, cost(3556, 28_448, 213_472, true));
        assert_eq!(grundy_value_cost(3, 888), Some(table));
        assert_eq!(grundy_value_cost(888, 3), Some(table));
        // (3, 889): 15 words; thin 53400 + 1810 = 55210, table 28480 + 28495 = 56975: thin.
        let (thin, table) = method_costs(3, 889).unwrap();
        assert_eq!(thin, cost(3560, 53_400, 14_480, false));
        assert_eq!(table, cost(3560, 28_480, 227_960, true));
        assert_eq!(grundy_value_cost(889, 3), Some(thin));
    }

    /// `grundy_value`'s two refusals, each exactly at its bound, told apart by their fields:
    /// the value bound `2 min + max < 2^32 - 1` and the caller's cell limit.
    #[test]
    fn grundy_value_refuses_exactly_at_its_bounds() {
        let top = u32::MAX as u64;
        // 2 * 3 + (top - 6) = top: the value would not fit.
        let value_bound = WythoffError::TooLarge { cells: top as u128, limit: top as u128 };
        assert_eq!(grundy_value(3, top - 6, u64::MAX), Err(value_bound.clone()));
        assert_eq!(grundy_value(top - 6, 3, u64::MAX), Err(value_bound));
        // One less passes the value bound and meets the cell limit: 4 * (top - 6) cells.
        let cells = WythoffError::TooLarge { cells: 4 * (top as u128 - 6), limit: 10 };
        assert_eq!(grundy_value(3, top - 7, 10), Err(cells));
        // 4 * 101 = 404 cells: accepted at a limit of 404, refused at 403.
        let expected = grundy_table(101).unwrap().get(3, 100).unwrap();
        assert_eq!(grundy_value(3, 100, 404), Ok(expected));
        assert_eq!(grundy_value(100, 3, 403), Err(WythoffError::TooLarge { cells: 404, limit: 403 }));
    }

    /// The whole table against the naive one at the sides where the bitsets gain a word
    /// (3 (side - 1) + 1 = 64 at side 22, 128 at side 43).
    #[test]
    fn table_at_the_sides_where_a_word_is_added() {
        for side in [0, 1, 21, 22, 23, 42, 43, 44] {
            assert_eq!(grundy_table(side).unwrap(), naive_grundy_table(side).unwrap(), "side {side}");
        }
    }
}
