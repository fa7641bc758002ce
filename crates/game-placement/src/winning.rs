//! Winning moves named as a player makes them: the domino of a Cram board, the vertex of a
//! Node-Kayles graph. A move wins when the position it leaves is a P-position: the XOR of its
//! components' nimbers is 0, which the search answers from the table its nimber left behind
//! (`Search::outcome` of each option in turn, as `Search::winning_move`).

use game_core::Outcome;
use game_core::search::{Search, SearchError};

use crate::{Cram, CramBoard, KaylesGraph, NodeKayles};

/// The first of `moves` (a label and the position it leaves) whose position is a P-position.
fn first_winning<G: game_core::SearchGame, L>(
    search: &mut Search<'_, G>,
    moves: Vec<(L, G::Position)>,
) -> Result<Option<L>, SearchError> {
    for (label, option) in moves {
        if search.outcome(&option)? == Outcome::P {
            return Ok(Some(label));
        }
    }
    Ok(None)
}

/// A winning domino of `board` (its two cells, as [`CramBoard::placements`] names them), or
/// `None` when `board` is a P-position.
///
/// # Errors
/// The search's, over its limits or interrupted.
pub fn cram_winning_domino(
    search: &mut Search<'_, Cram>,
    board: &CramBoard,
) -> Result<Option<[(usize, usize); 2]>, SearchError> {
    first_winning(search, board.placements())
}

/// A winning vertex of `graph` to pick, or `None` when `graph` is a P-position.
///
/// # Errors
/// The search's, over its limits or interrupted.
pub fn node_kayles_winning_vertex(
    search: &mut Search<'_, NodeKayles>,
    graph: &KaylesGraph,
) -> Result<Option<usize>, SearchError> {
    first_winning(search, graph.picks())
}
