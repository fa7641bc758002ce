//! Misère Wythoff: the player who makes the last move loses.
//!
//! The P-positions are `(0, 1)`, `(1, 0)`, `(2, 2)` and then the normal ones `(a_n, b_n)`,
//! `(b_n, a_n)` for `n >= 2`. [`misere_p_positions_from_graph`] derives them from the explicit
//! graph with game-core; [`is_misere_p_position`] is the O(1) rule, and the tests check one
//! against the other.

use game_core::{Outcome, misere_outcomes};

use crate::{WythoffError, board_graph, is_p_position, p_pair};

/// Whether `(x, y)` is a P-position of misère Wythoff (the player to move loses when the
/// last mover loses). O(1): the normal rule with `(0,0), (1,2), (2,1)` replaced by
/// `(0,1), (1,0), (2,2)`.
///
/// ```
/// use game_wythoff::is_misere_p_position;
/// assert!(is_misere_p_position(1, 0) && is_misere_p_position(2, 2) && is_misere_p_position(3, 5));
/// assert!(!is_misere_p_position(0, 0) && !is_misere_p_position(1, 2));
/// ```
pub fn is_misere_p_position(x: u64, y: u64) -> bool {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    match (small, large) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => is_p_position(x, y),
    }
}

/// The misère P-positions with both coordinates below `side`, computed on the explicit game
/// graph by game-core's [`misere_outcomes`]; sorted. O(side^3) (the graph's arcs).
///
/// # Errors
/// [`WythoffError::TooLarge`] if `side^2 > node_limit`.
pub fn misere_p_positions_from_graph(side: u64, node_limit: usize) -> Result<Vec<(u64, u64)>, WythoffError> {
    let graph = board_graph(side, node_limit)?;
    let outcome = misere_outcomes(&graph.graph)?;
    let mut found: Vec<(u64, u64)> = graph
        .graph
        .node_indices()
        .filter(|n| outcome[n.index()] == Outcome::P)
        .map(|n| *graph.position(n))
        .collect();
    found.sort_unstable();
    Ok(found)
}

/// The normal-play P-positions with both coordinates below `side`, from the closed form; sorted.
/// O(side).
///
/// ```
/// assert_eq!(game_wythoff::p_positions_below(4), vec![(0, 0), (1, 2), (2, 1)]);
/// ```
pub fn p_positions_below(side: u64) -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    for n in 0.. {
        // a_n >= n, so once a_n >= side no later pair has a point inside.
        let Some((a, b)) = p_pair(n) else { break };
        if a >= side {
            break;
        }
        if b < side {
            found.push((a, b));
            if n > 0 {
                found.push((b, a));
            }
        }
    }
    found.sort_unstable();
    found
}

/// The misère P-positions with both coordinates below `side`, from the rule of
/// [`is_misere_p_position`]; sorted. O(side).
///
/// ```
/// assert_eq!(game_wythoff::misere_p_positions(4), vec![(0, 1), (1, 0), (2, 2)]);
/// ```
pub fn misere_p_positions(side: u64) -> Vec<(u64, u64)> {
    let mut found: Vec<(u64, u64)> =
        p_positions_below(side).into_iter().filter(|&(x, y)| x.max(y) > 2).collect();
    found.extend([(0, 1), (1, 0), (2, 2)].into_iter().filter(|&(x, y)| x.max(y) < side));
    found.sort_unstable();
    found
}
