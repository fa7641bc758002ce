//! The error type of game-wythoff.

use thiserror::Error;

/// What can go wrong in this crate. Every fallible function returns it instead of panicking.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WythoffError {
    /// A table or search would need more cells than the caller allowed.
    #[error("the computation needs {cells} cells, more than the limit {limit}")]
    TooLarge {
        /// Cells (positions) the computation would have to evaluate.
        cells: u128,
        /// The limit that was passed or built in.
        limit: u128,
    },
    /// A coordinate does not fit the index type of the host (`usize`).
    #[error("coordinate {value} does not fit in usize on this platform")]
    CoordinateTooLarge {
        /// The coordinate given.
        value: u64,
    },
    /// The explicit game graph could not be built or analysed by game-core.
    #[error(transparent)]
    Graph(#[from] game_core::GameError),
}
