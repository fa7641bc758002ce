//! Cram: players in turn place a domino on two free adjacent cells of a board; who cannot
//! place one loses. Positions are bitboards; the components are the connected regions of free
//! cells after the value-keeping reductions (`reduce.rs`) and cuts (`split.rs`), each written
//! canonically under the symmetries of its bounding box (`canonical.rs`).

mod canonical;
mod reduce;
mod shape;
mod split;

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use game_core::{Game, Outcome, SearchGame};
use serde::{Deserialize, Serialize};

use shape::{Cells, Shape, for_each_bit};
use split::split_into;

use crate::PlacementError;

/// The most cells of a board (the bits of a `u128`).
pub const MAX_CELLS: usize = 128;

/// A Cram board: `rows` x `cols` cells, bit `r * cols + c` of its free cells set when cell
/// (r, c) is free.
///
/// The free cells are kept as two `u64` words, high word first (the order of the `u128` they
/// make), rather than one `u128`: a `u128` would align the board to 16 bytes and make it 32
/// bytes where 24 do, and the search's table holds hundreds of millions of boards.
///
/// Serde writes a board as its rows, columns and two words of free cells, and reads one only
/// if it is a board ([`CramBoard::with_free_cells`]'s conditions, with no free cell beyond the
/// board): search tables saved to a file hold boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "BoardFields", try_from = "BoardFields")]
pub struct CramBoard {
    rows: u8,
    cols: u8,
    free_high: u64,
    free_low: u64,
}

/// A board as serde writes it.
#[derive(Clone, Copy, Serialize, Deserialize)]
struct BoardFields {
    rows: u8,
    cols: u8,
    free_high: u64,
    free_low: u64,
}

impl From<CramBoard> for BoardFields {
    fn from(board: CramBoard) -> Self {
        BoardFields {
            rows: board.rows,
            cols: board.cols,
            free_high: board.free_high,
            free_low: board.free_low,
        }
    }
}

impl TryFrom<BoardFields> for CramBoard {
    type Error = PlacementError;
    fn try_from(fields: BoardFields) -> Result<Self, PlacementError> {
        let BoardFields { rows, cols, free_high, free_low } = fields;
        let unchecked = CramBoard { rows, cols, free_high, free_low };
        let board = CramBoard::with_free_cells(unchecked.rows(), unchecked.cols(), unchecked.free_cells())?;
        if board != unchecked {
            return Err(PlacementError::CellsOffTheBoard { rows: board.rows(), cols: board.cols() });
        }
        Ok(board)
    }
}

/// One word for the hasher (the search hashes a board at every table lookup): the shape in
/// the top bits, which only boards of more than 112 cells use (a collision there costs a key
/// comparison, never a wrong answer).
impl Hash for CramBoard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.free_cells() ^ u128::from(self.rows) << 120 ^ u128::from(self.cols) << 112);
    }
}

impl CramBoard {
    /// The board of `rows` x `cols` cells whose free cells are `free`, unchecked.
    pub(super) const fn of(rows: u8, cols: u8, free: u128) -> Self {
        CramBoard { rows, cols, free_high: (free >> 64) as u64, free_low: free as u64 }
    }

    /// This board with the free cells `free`.
    const fn with_free(self, free: u128) -> Self {
        CramBoard::of(self.rows, self.cols, free)
    }

    /// The empty `rows` x `cols` board (every cell free).
    ///
    /// # Errors
    /// [`PlacementError::BoardSize`] if a side is 0 or the board has more than [`MAX_CELLS`] cells.
    pub fn empty(rows: usize, cols: usize) -> Result<Self, PlacementError> {
        let cells = rows.checked_mul(cols).filter(|&c| rows > 0 && cols > 0 && c <= MAX_CELLS);
        let Some(cells) = cells else {
            return Err(PlacementError::BoardSize { rows, cols, max_cells: MAX_CELLS });
        };
        let free = if cells == 128 { u128::MAX } else { (1u128 << cells) - 1 };
        Ok(CramBoard::of(rows as u8, cols as u8, free))
    }

    /// The `rows` x `cols` board whose free cells are the set bits of `free` (bit `r * cols + c`
    /// for cell (r, c); bits beyond the board are ignored).
    ///
    /// # Errors
    /// As [`CramBoard::empty`].
    pub fn with_free_cells(rows: usize, cols: usize, free: u128) -> Result<Self, PlacementError> {
        let board = CramBoard::empty(rows, cols)?;
        Ok(board.with_free(free & board.free_cells()))
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The free cells, bit `r * cols + c` for cell (r, c).
    pub const fn free_cells(&self) -> u128 {
        (self.free_high as u128) << 64 | self.free_low as u128
    }

    /// Is cell (`row`, `col`) on the board and free?
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols() && self.free_cells() >> (row * self.cols() + col) & 1 == 1
    }

    /// The least of the board's images under the symmetries of its rectangle (4 reflections
    /// and rotations by a half turn; 8 with the quarter turns when it is square or when the
    /// transposed board fits).
    ///
    /// Row by row: the reflections reverse each row's bits or the order of the rows, so the
    /// four images of a board and the four of its transpose cost one pass over the cells (the
    /// transpose) and a few operations per row.
    pub fn canonical(&self) -> CramBoard {
        if self.rows() * self.cols() <= 64 {
            canonical::canonical::<u64>(self)
        } else {
            canonical::canonical::<u128>(self)
        }
    }

    /// Every domino that can be placed, as its two cells `(row, col)` (the first above or left
    /// of the second), with the board it leaves: horizontal dominoes by their first cell, then
    /// vertical ones, the order of [`Cram`]'s `moves`. A front end names a move by its cells.
    pub fn placements(&self) -> Vec<([(usize, usize); 2], CramBoard)> {
        let cols = self.cols();
        let first = (0..self.rows()).fold(0u128, |mask, r| mask | 1u128 << (r * cols));
        let last = first << (cols - 1);
        let cell = |i: usize| (i / cols, i % cols);
        let mut out = Vec::new();
        // Cells whose right neighbour is free too: a horizontal domino starts there.
        let free = self.free_cells();
        let horizontal = free & !last & (free >> 1);
        for_each_bit(horizontal, |i| {
            out.push(([cell(i), cell(i + 1)], self.with_free(free & !(3u128 << i))))
        });
        let vertical = if cols < MAX_CELLS { free & (free >> cols) } else { 0 };
        for_each_bit(vertical, |i| {
            let option = self.with_free(free & !(1u128 << i) & !(1u128 << (i + cols)));
            out.push(([cell(i), cell(i + cols)], option));
        });
        out
    }

    /// The connected regions of free cells (4-neighbourhood) as bit masks of this board,
    /// in the order of their lowest cell.
    pub fn regions(&self) -> Vec<u128> {
        let shape = Shape::<u128>::of(self);
        let mut rest = self.free_cells();
        let mut out = Vec::new();
        while rest != 0 {
            let region = shape.region(rest & rest.wrapping_neg(), rest);
            rest &= !region;
            out.push(region);
        }
        out
    }
}

/// Cram on any board of at most [`MAX_CELLS`] cells.
///
/// Components are the connected regions of free cells with at least two cells (a lone cell
/// takes no domino), found after taking off cells that do not change the value and without
/// crossing links that do not matter (claim PL6 checks both), each cropped to its bounding box
/// and written as the least of its images under the board's symmetries
/// ([`CramBoard::canonical`]).
///
/// ```
/// use game_core::search::{search_nimber, SearchLimits};
/// use game_placement::{Cram, CramBoard};
///
/// // A 1 x n strip is Dawson's Kayles (octal 0.07): heap 7 has nimber 1.
/// let strip = CramBoard::empty(1, 7)?;
/// assert_eq!(search_nimber(&Cram, &strip, SearchLimits::default()).unwrap(), 1);
/// // 4 x 5 has nimber 2 (the published table, Lemoine and Viennot; Beling).
/// let board = CramBoard::empty(4, 5)?;
/// assert_eq!(search_nimber(&Cram, &board, SearchLimits::default()).unwrap(), 2);
/// # Ok::<(), game_placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cram;

impl Game for Cram {
    type Position = CramBoard;

    /// Horizontal dominoes first, each row from the left, then vertical ones (the rules alone:
    /// the explicit-graph engine's moves, written without the search's helpers).
    fn moves(&self, board: &CramBoard) -> Vec<CramBoard> {
        board.placements().into_iter().map(|(_, option)| option).collect()
    }
}

impl SearchGame for Cram {
    /// The connected regions of the board after the reductions of `reduce.rs` (cells whose
    /// removal keeps the value), each of at least two cells, cropped and canonical.
    fn components(&self, board: &CramBoard, out: &mut Vec<CramBoard>) {
        if board.rows() * board.cols() <= 64 {
            split_into(&Shape::<u64>::of(board), board.free_low, out)
        } else {
            split_into(&Shape::<u128>::of(board), board.free_cells(), out)
        }
    }

    /// Vertical dominoes from the middle column outwards, then horizontal ones from the middle
    /// row outwards, as `igs` generates them; each option split as [`SearchGame::components`] splits
    /// it, and only when the search asks for it.
    fn option_parts(&self, component: &CramBoard, visit: &mut dyn FnMut(&[CramBoard]) -> ControlFlow<()>) {
        if component.rows() * component.cols() <= 64 {
            visit_options::<u64>(component, visit)
        } else {
            visit_options::<u128>(component, visit)
        }
    }

    /// The square of the cells, as `igs`'s "smaller components first" has it.
    fn difficulty(&self, component: &CramBoard) -> u64 {
        u64::from(component.free_cells().count_ones()).pow(2)
    }

    fn canonical(&self, board: &CramBoard) -> CramBoard {
        board.canonical()
    }

    /// The outcome by the half turn about the board's centre, when the free cells are their own
    /// image under it: the second player answers each domino by its image, which is free (the
    /// position before the move was symmetric) and disjoint from it unless the domino touches
    /// the centre. A domino meets its image only if it is its own image (its middle is the
    /// centre: the two middle cells of the middle line when one side is odd and the other even)
    /// or it covers the centre cell (both sides odd). So a symmetric position is a P-position
    /// when the centre is a corner of four cells (both sides even), when the centre cell is
    /// taken (both sides odd), or when the centre domino is (one side odd); with the centre
    /// domino free it is an N-position: the first player covers it and then copies. Odd by odd
    /// boards with a free centre cell, and positions that are not symmetric, are left to the
    /// search. The full even by even and even by odd rectangles are the classical cases.
    fn known_outcome(&self, board: &CramBoard) -> Option<Outcome> {
        let (rows, cols) = (board.rows(), board.cols());
        let cells = rows * cols; // 1 to 128: a board has at least one cell
        let free = board.free_cells();
        // The half turn sends cell i to cell cells - 1 - i: the bits reversed within the board.
        if free.reverse_bits() >> (128 - cells) != free {
            return None;
        }
        let is_free = |cell: usize| free >> cell & 1 == 1;
        match (rows % 2, cols % 2) {
            // Both sides odd: the centre cell.
            (1, 1) if is_free(cells / 2) => None,
            // One side odd: the centre domino, two middle cells of the middle row (or column),
            // the second of them in both cases. It is its own image: both free or both taken.
            (1, 0) | (0, 1) if is_free(rows / 2 * cols + cols / 2) => Some(Outcome::N),
            // Both sides even (the centre is a corner of four cells), or the centre taken.
            _ => Some(Outcome::P),
        }
    }
}

/// What [`visit_options`] keeps between calls so that a node allocates nothing: the dominoes
/// of each board shape met, in the order they are tried, and an option's parts.
#[derive(Default)]
struct Buffers {
    dominoes: HashMap<(u8, u8), Vec<u128>>,
    parts: Vec<CramBoard>,
}

thread_local! {
    static BUFFERS: RefCell<Option<Buffers>> = const { RefCell::new(None) };
}

/// [`Cram`]'s `option_parts` on the word `B` that `component`'s cells fit in.
fn visit_options<B: Cells>(component: &CramBoard, visit: &mut dyn FnMut(&[CramBoard]) -> ControlFlow<()>) {
    BUFFERS.with(|buffers| match buffers.try_borrow_mut() {
        Ok(mut buffers) => {
            visit_options_with::<B>(component, visit, buffers.get_or_insert_with(Buffers::default))
        }
        // Only if `visit` itself asks for options: fresh buffers then.
        Err(_) => visit_options_with::<B>(component, visit, &mut Buffers::default()),
    })
}

/// The dominoes of a full `rows` x `cols` board in the order they are tried: vertical ones
/// from the middle column outwards, then horizontal ones from the middle row outwards (ties by
/// cell).
fn dominoes_in_order(rows: usize, cols: usize) -> Vec<u128> {
    let mut keyed = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if r + 1 < rows {
                keyed.push(((0, (2 * c).abs_diff(cols - 1), cell), 1u128 << cell | 1u128 << (cell + cols)));
            }
            if c + 1 < cols {
                keyed.push(((1, (2 * r).abs_diff(rows - 1), cell), 3u128 << cell));
            }
        }
    }
    keyed.sort_unstable_by_key(|&(key, _)| key);
    keyed.into_iter().map(|(_, domino)| domino).collect()
}

fn visit_options_with<B: Cells>(
    component: &CramBoard,
    visit: &mut dyn FnMut(&[CramBoard]) -> ControlFlow<()>,
    buffers: &mut Buffers,
) {
    let shape = Shape::<B>::of(component);
    let free = component.free_cells();
    let dominoes = buffers
        .dominoes
        .entry((component.rows, component.cols))
        .or_insert_with(|| dominoes_in_order(component.rows(), component.cols()));
    for &domino in dominoes.iter() {
        if free & domino != domino {
            continue;
        }
        buffers.parts.clear();
        split_into(&shape, B::from_u128(free & !domino), &mut buffers.parts);
        if visit(&buffers.parts).is_break() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(CramBoard::empty(0, 3).is_err());
        assert!(CramBoard::empty(12, 11).is_err());
        assert!(CramBoard::empty(usize::MAX, 2).is_err());
        assert_eq!(CramBoard::empty(8, 16).unwrap().free_cells(), u128::MAX);
    }

    #[test]
    fn a_board_takes_24_bytes_and_orders_as_its_free_cells() {
        // The search's table holds boards by the hundred million: two words, not a u128
        // aligned to 16 bytes.
        assert_eq!(std::mem::size_of::<CramBoard>(), 24);
        let low = CramBoard::with_free_cells(8, 16, u128::from(u64::MAX)).unwrap();
        let high = CramBoard::with_free_cells(8, 16, 1u128 << 64).unwrap();
        assert!(low < high);
        assert_eq!(high.free_cells(), 1u128 << 64);
        assert!(high.is_free(4, 0) && !high.is_free(3, 15));
    }

    #[test]
    fn serde_reads_only_boards() {
        let fields = |rows, cols, free_high, free_low| BoardFields { rows, cols, free_high, free_low };
        let board = CramBoard::try_from(fields(2, 3, 0, 0b101_101)).unwrap();
        assert_eq!((board.rows(), board.cols(), board.free_cells()), (2, 3, 0b101_101));
        let back = BoardFields::from(board);
        assert_eq!((back.rows, back.cols, back.free_high, back.free_low), (2, 3, 0, 0b101_101));
        let wide = CramBoard::try_from(fields(8, 16, 1 << 63, 1)).unwrap();
        assert_eq!(wide.free_cells(), 1u128 << 127 | 1);
        assert_eq!(
            CramBoard::try_from(fields(2, 3, 0, 0b1_000_000)),
            Err(PlacementError::CellsOffTheBoard { rows: 2, cols: 3 })
        );
        assert_eq!(
            CramBoard::try_from(fields(2, 3, 1, 0)),
            Err(PlacementError::CellsOffTheBoard { rows: 2, cols: 3 })
        );
        assert!(matches!(CramBoard::try_from(fields(0, 3, 0, 0)), Err(PlacementError::BoardSize { .. })));
        assert!(matches!(CramBoard::try_from(fields(12, 11, 0, 0)), Err(PlacementError::BoardSize { .. })));
    }

    #[test]
    fn moves_of_a_two_by_two_board() {
        let board = CramBoard::empty(2, 2).unwrap();
        assert_eq!(Cram.moves(&board).len(), 4);
        // The 2 x 2 block with its corners closed by the edges is cut into two dominoes.
        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        assert_eq!(parts, vec![CramBoard::empty(1, 2).unwrap(); 2]);
    }

    /// The least of the eight images, each computed cell by cell (the definition).
    fn canonical_cell_by_cell(board: &CramBoard) -> CramBoard {
        let (rows, cols) = (board.rows(), board.cols());
        let mut best = *board;
        for symmetry in 1..8u8 {
            let transposed = symmetry & 4 != 0;
            let (new_rows, new_cols) = if transposed { (cols, rows) } else { (rows, cols) };
            let mut free = 0u128;
            for r in 0..rows {
                for c in 0..cols {
                    if !board.is_free(r, c) {
                        continue;
                    }
                    let mut r2 = if symmetry & 1 != 0 { rows - 1 - r } else { r };
                    let mut c2 = if symmetry & 2 != 0 { cols - 1 - c } else { c };
                    if transposed {
                        (r2, c2) = (c2, r2);
                    }
                    free |= 1u128 << (r2 * new_cols + c2);
                }
            }
            best = best.min(CramBoard::of(new_rows as u8, new_cols as u8, free));
        }
        best
    }

    #[test]
    fn canonical_by_rows_equals_the_cell_by_cell_definition() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u128;
        for (rows, cols) in
            [(1, 1), (1, 7), (2, 3), (3, 2), (4, 5), (5, 4), (4, 4), (1, 128), (128, 1), (8, 16), (11, 11)]
        {
            for _ in 0..200 {
                seed = seed
                    .wrapping_mul(0x2545_f491_4f6c_dd1d_0000_0000_0000_0001)
                    .wrapping_add(0x1405_7b7e_f767_814f);
                let board = CramBoard::with_free_cells(rows, cols, seed ^ (seed >> 64)).unwrap();
                assert_eq!(board.canonical(), canonical_cell_by_cell(&board), "{rows} x {cols}: {board:?}");
            }
        }
    }

    #[test]
    fn canonical_forms_of_reflected_regions_agree() {
        // An L tromino in each corner of a 3 x 3 board: one canonical form.
        let corners = [0b000_001_011u128, 0b000_100_110, 0b011_001_000, 0b110_100_000];
        let forms: Vec<CramBoard> = corners
            .iter()
            .map(|&free| {
                let mut parts = Vec::new();
                Cram.components(&CramBoard::with_free_cells(3, 3, free).unwrap(), &mut parts);
                assert_eq!(parts.len(), 1);
                parts[0]
            })
            .collect();
        assert!(forms.iter().all(|f| *f == forms[0]), "{forms:?}");
        // Its two ends are tufts of one star: one is taken off, a domino is left.
        assert_eq!(forms[0], CramBoard::empty(1, 2).unwrap());
    }

    #[test]
    fn regions_split_at_a_full_column() {
        // 2 x 5 with the middle column filled: two 2 x 2 regions; each is a block whose
        // opposite corners are closed off, so it is cut into two vertical dominoes.
        let board = CramBoard::with_free_cells(2, 5, 0b11011_11011).unwrap();
        assert_eq!(board.regions().len(), 2);
        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        assert_eq!(parts, vec![CramBoard::empty(1, 2).unwrap(); 4]);
        // A 2 x 3 region has no such block: one component.
        let board = CramBoard::with_free_cells(2, 4, 0b0111_0111).unwrap();
        parts.clear();
        Cram.components(&board, &mut parts);
        assert_eq!(parts, vec![CramBoard::empty(2, 3).unwrap()]);
    }
}
