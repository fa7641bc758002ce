//! Chomp: a bar of chocolate whose corner square is poisoned. Players in turn take a square and
//! every square above and to the right of it (in this crate: every square in its row and below,
//! from its column on); who must take the poisoned square loses. Played as a normal-play game,
//! the poisoned square is never taken and who cannot move loses.
//!
//! A position never falls apart (one bite reaches across the whole board), so the search engine
//! works on whole positions: it gains from its table, from the transposition symmetry and from
//! the outcomes the theorems below give without search ([`SearchGame::known_outcome`]).

use game_core::{Game, Outcome, SearchGame};

use crate::PlacementError;

/// The most rows, and the most columns, of a Chomp board.
pub const MAX_CHOMP_SIDE: usize = 32;

/// A Chomp position: the lengths of its rows, the first row holding the poisoned square at
/// column 0. Lengths never grow from one row to the next (every bite takes a square with
/// everything below and to the right of it), so a position is a Young diagram; rows of length
/// 0 are kept as zeros after the last row.
///
/// ```
/// use game_placement::ChompBoard;
///
/// let board = ChompBoard::rectangle(3, 4)?;
/// // Taking the square at row 1, column 2 takes columns 2 and 3 of rows 1 and 2.
/// let bitten = board.bite(1, 2).unwrap();
/// assert_eq!(bitten.row_lengths(), vec![4, 2, 2]);
/// assert_eq!(bitten.transpose().row_lengths(), vec![3, 3, 1, 1]);
/// assert!(board.bite(0, 0).is_none()); // the poisoned square is never taken
/// # Ok::<(), game_placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompBoard {
    rows: [u8; MAX_CHOMP_SIDE],
}

impl ChompBoard {
    /// The full board of `rows` x `cols` squares.
    ///
    /// # Errors
    /// [`PlacementError::ChompSize`] unless both sides are 1 to [`MAX_CHOMP_SIDE`].
    pub fn rectangle(rows: usize, cols: usize) -> Result<Self, PlacementError> {
        if rows == 0 || cols == 0 || rows > MAX_CHOMP_SIDE || cols > MAX_CHOMP_SIDE {
            return Err(PlacementError::ChompSize { rows, cols, max_side: MAX_CHOMP_SIDE });
        }
        Self::from_row_lengths(&vec![cols; rows])
    }

    /// The position whose rows have these lengths, the first holding the poisoned square.
    ///
    /// # Errors
    /// [`PlacementError::ChompShape`] unless the lengths never grow, the first is at least 1,
    /// and there are at most [`MAX_CHOMP_SIDE`] rows of at most [`MAX_CHOMP_SIDE`] squares.
    /// Rows of length 0 at the end are allowed and dropped.
    pub fn from_row_lengths(lengths: &[usize]) -> Result<Self, PlacementError> {
        let used = lengths.iter().rposition(|&l| l > 0).map_or(0, |last| last + 1);
        let fits = (1..=MAX_CHOMP_SIDE).contains(&used)
            && lengths[0] <= MAX_CHOMP_SIDE
            && lengths.windows(2).all(|pair| pair[0] >= pair[1]);
        if !fits {
            return Err(PlacementError::ChompShape {
                rows: lengths.iter().copied().take(MAX_CHOMP_SIDE + 1).collect(),
            });
        }
        let mut rows = [0u8; MAX_CHOMP_SIDE];
        for (row, &length) in rows.iter_mut().zip(&lengths[..used]) {
            *row = length as u8; // at most MAX_CHOMP_SIDE, checked above
        }
        Ok(ChompBoard { rows })
    }

    /// The lengths of the nonempty rows, first row first.
    pub fn row_lengths(&self) -> Vec<usize> {
        self.rows.iter().take_while(|&&l| l > 0).map(|&l| usize::from(l)).collect()
    }

    /// Number of squares left, the poisoned one included.
    pub fn squares(&self) -> usize {
        self.rows.iter().map(|&l| usize::from(l)).sum()
    }

    /// The same position with rows and columns exchanged (the same game: Chomp is symmetric
    /// in the diagonal through the poisoned square).
    pub fn transpose(&self) -> ChompBoard {
        let mut rows = [0u8; MAX_CHOMP_SIDE];
        for (col, out) in rows.iter_mut().enumerate().take(usize::from(self.rows[0])) {
            // Column `col` is as high as the number of rows longer than `col`.
            *out = self.rows.iter().take_while(|&&l| usize::from(l) > col).count() as u8;
        }
        ChompBoard { rows }
    }

    /// The position after taking the square at `row`, `col` (counted from the poisoned square
    /// at 0, 0) with every square in the rows from `row` on and the columns from `col` on; `None`
    /// when there is no such square or it is the poisoned one.
    pub fn bite(&self, row: usize, col: usize) -> Option<ChompBoard> {
        if (row, col) == (0, 0) || row >= MAX_CHOMP_SIDE || col >= usize::from(self.rows[row]) {
            return None;
        }
        let mut next = *self;
        for length in &mut next.rows[row..] {
            *length = (*length).min(col as u8); // col < rows[row] <= MAX_CHOMP_SIDE
        }
        Some(next)
    }

    /// Every legal bite, row by row and column by column: the square taken and the position
    /// it leaves.
    pub fn bites(&self) -> impl Iterator<Item = (usize, usize, ChompBoard)> + '_ {
        (0..MAX_CHOMP_SIDE)
            .take_while(|&row| self.rows[row] > 0)
            .flat_map(move |row| (0..usize::from(self.rows[row])).map(move |col| (row, col)))
            .filter_map(|(row, col)| self.bite(row, col).map(|next| (row, col, next)))
    }

    /// Every row has the same length.
    pub fn is_rectangle(&self) -> bool {
        self.rows.iter().take_while(|&&l| l > 0).all(|&l| l == self.rows[0])
    }
}

/// Chomp on any board up to [`MAX_CHOMP_SIDE`] x [`MAX_CHOMP_SIDE`]: positions are
/// [`ChompBoard`]s, moves are [`ChompBoard::bites`].
///
/// Three theorems give outcomes without search ([`SearchGame::known_outcome`]); each is checked
/// against the explicit graph of every position up to 10 x 10 (claim PL9):
/// * a full rectangle of two or more squares is an N-position (strategy stealing: if taking
///   the far corner lost, the winning answer to it was a first move from the full board);
/// * an L (one row of `a` squares and one column of `b`, sharing the poisoned square) is two
///   Nim heaps of `a - 1` and `b - 1`: nimber `(a - 1) XOR (b - 1)`, a P-position when `a = b`;
/// * a position of two rows, of lengths `a` and `b`, is a P-position exactly when `a = b + 1`
///   (from every such position a bite leaves two rows that differ by other than one, and from
///   every other two-row position one bite restores the difference of one).
///
/// ```
/// use game_core::search::{Search, SearchLimits};
/// use game_placement::{Chomp, ChompBoard};
///
/// let mut search = Search::new(&Chomp, SearchLimits::default())?;
/// let board = ChompBoard::rectangle(4, 5).unwrap();
/// assert_ne!(search.nimber(&board)?, 0); // the first player wins every rectangle
/// let winning = search.winning_move(&board)?.expect("an N-position has a winning move");
/// assert_eq!(search.nimber(&winning)?, 0);
/// # Ok::<(), game_core::search::SearchError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Chomp;

impl Chomp {
    /// The nimber of an L-shaped position, one row of `a` squares and one column of `b`
    /// (both at least 1, sharing the poisoned square), by the closed form `(a - 1) XOR (b - 1)`.
    pub fn l_shape_nimber(a: u64, b: u64) -> u64 {
        a.saturating_sub(1) ^ b.saturating_sub(1)
    }
}

impl Game for Chomp {
    type Position = ChompBoard;

    fn moves(&self, board: &ChompBoard) -> Vec<ChompBoard> {
        board.bites().map(|(_, _, next)| next).collect()
    }
}

impl SearchGame for Chomp {
    /// The smaller of the board and its transpose (in the order of their row lengths).
    fn canonical(&self, board: &ChompBoard) -> ChompBoard {
        (*board).min(board.transpose())
    }

    fn known_outcome(&self, board: &ChompBoard) -> Option<Outcome> {
        let lengths = board.row_lengths();
        let p = |is_p: bool| Some(if is_p { Outcome::P } else { Outcome::N });
        match lengths[..] {
            [a] => p(a == 1),
            [a, b] => p(a == b + 1),
            _ if lengths[1] == 1 => p(lengths[0] == lengths.len()),
            _ if board.is_rectangle() => Some(Outcome::N),
            _ => None,
        }
    }

    /// The squares left: smaller positions first.
    fn difficulty(&self, board: &ChompBoard) -> u64 {
        board.squares() as u64
    }
}
