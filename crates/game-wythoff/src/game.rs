//! Wythoff's game as a game-core [`Game`], for explicit-graph cross-checks.

use game_core::{Game, GameGraph, explore};

use crate::WythoffError;

/// Wythoff's game (Laeuchli's lattice game, seed 000; two heaps, seed 002).
///
/// A position `(x, y)` is a point of the lattice / two heap sizes. A move goes to any point
/// to the left in the same row, below in the same column, or down-left on the same diagonal:
/// take any positive amount from one heap, or the same positive amount from both.
///
/// `moves` lists all `x + y + min(x, y)` options, so it is meant for small positions (explicit
/// graphs via [`board_graph`], which checks the size first); for large ones use the O(1)
/// functions of [`crate::exact`].
///
/// ```
/// use game_core::Game;
/// use game_wythoff::Wythoff;
/// let mut options = Wythoff.moves(&(1, 2));
/// options.sort();
/// assert_eq!(options, vec![(0, 1), (0, 2), (1, 0), (1, 1)]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);

    /// Row moves, then column moves, then diagonal moves; `x + y + min(x, y)` options.
    fn moves(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let diagonal = x.min(y);
        let mut out = Vec::new();
        out.extend((0..x).map(|x2| (x2, y)));
        out.extend((0..y).map(|y2| (x, y2)));
        out.extend((1..=diagonal).map(|t| (x - t, y - t)));
        out
    }
}

/// The explicit game graph of the board `[0, side) x [0, side)` (every position with both
/// coordinates below `side`), built by game-core's [`explore`] from the corner `(side-1, side-1)`.
///
/// O(side^3) arcs; intended for cross-checks on small boards.
///
/// # Errors
/// [`WythoffError::TooLarge`] if `side^2` exceeds `node_limit`.
pub fn board_graph(side: u64, node_limit: usize) -> Result<GameGraph<(u64, u64)>, WythoffError> {
    if side == 0 {
        return Ok(explore(&Wythoff, std::iter::empty(), node_limit)?);
    }
    let cells = (side as u128) * (side as u128);
    if cells > node_limit as u128 {
        return Err(WythoffError::TooLarge { cells, limit: node_limit as u128 });
    }
    Ok(explore(&Wythoff, [(side - 1, side - 1)], node_limit)?)
}
