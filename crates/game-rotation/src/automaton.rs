//! The finite-automaton view (R2): states are the puzzle's states, the alphabet is the rotations
//! `1..n`, the accepting states are the won ones; the solutions are the automaton's language,
//! i.e. the accepted paths from the start. Built explicitly through game-core.

use game_core::{Game, GameGraph, explore, reverse_topological_order};

use crate::{Puzzle, RotationError, State};

/// The puzzle as a [`Game`]: the options of a state are the states after each legal rotation.
/// Lost and won states have no options. (Read as a two-player game, players alternately turn the
/// disc and who cannot move loses; game-core's analyses apply to it too.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RotationAutomaton(pub Puzzle);

impl Game for RotationAutomaton {
    type Position = State;

    fn moves(&self, state: &State) -> Vec<State> {
        state.legal_rotations().into_iter().filter_map(|k| state.after(k).ok()).collect()
    }
}

/// The reachable states of `puzzle` as an explicit graph (R2), at most `node_limit` states.
///
/// # Errors
/// [`RotationError::Graph`] if there are more than `node_limit` states.
pub fn automaton_graph(puzzle: &Puzzle, node_limit: usize) -> Result<GameGraph<State>, RotationError> {
    Ok(explore(&RotationAutomaton(*puzzle), [puzzle.start()], node_limit)?)
}

/// Counts the accepted paths (start to a won state) of the explicit automaton by dynamic
/// programming over its acyclic graph: `paths(v) = [v won] + sum of paths(w)` over arcs `v -> w`.
/// Each path spells a distinct rotation sequence (the rotation of an arc is the board slot it
/// fills), so this is the number of solutions. O(V + E) after building the graph.
///
/// # Errors
/// [`RotationError::Graph`] if the graph exceeds `node_limit`; [`RotationError::Overflow`].
pub fn count_accepted_paths(puzzle: &Puzzle, node_limit: usize) -> Result<u128, RotationError> {
    let graph = automaton_graph(puzzle, node_limit)?;
    let order = reverse_topological_order(&graph.graph)?;
    let mut paths = vec![0u128; graph.graph.node_count()];
    for i in order {
        let node = petgraph::graph::NodeIndex::new(i);
        let mut total = u128::from(graph.graph[node].is_won());
        for w in graph.graph.neighbors(node) {
            total = total
                .checked_add(paths[w.index()])
                .ok_or(RotationError::Overflow { what: "counting paths" })?;
        }
        paths[i] = total;
    }
    let start = graph.node(&puzzle.start()).map(|s| paths[s.index()]).unwrap_or(0);
    Ok(start)
}
