//! The one error type of game-placement.

use thiserror::Error;

/// Bad sizes given to the games of this crate.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlacementError {
    /// A Cram board must have at least one row and one column and fit the bitboard.
    #[error(
        "a Cram board has 1 or more rows and columns and at most {max_cells} cells; {rows} x {cols} does not fit"
    )]
    BoardSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The most cells a board may have.
        max_cells: usize,
    },
    /// A Cram board read from a file whose free cells are not all on the board.
    #[error("a {rows} x {cols} Cram board has free cells off the board")]
    CellsOffTheBoard {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A Node-Kayles graph with more vertices than positions can number.
    #[error("a Node-Kayles graph has at most {max} vertices; this one has {vertices}")]
    TooManyVertices {
        /// Vertices of the graph given.
        vertices: usize,
        /// The most vertices supported.
        max: usize,
    },
    /// A Chomp board must have 1 to [`MAX_CHOMP_SIDE`](crate::MAX_CHOMP_SIDE) rows and columns.
    #[error("a Chomp board has 1 to {max_side} rows and columns; {rows} x {cols} does not fit")]
    ChompSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The most rows, and the most columns.
        max_side: usize,
    },
    /// A Chomp position whose row lengths do not make a board.
    #[error(
        "a Chomp position has 1 to 32 rows of at most 32 squares, the first row nonempty and no row longer than the one before; row lengths {rows:?} do not fit"
    )]
    ChompShape {
        /// The row lengths given (at most 33 of them).
        rows: Vec<usize>,
    },
}
