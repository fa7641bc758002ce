//! The one error type of game-core.

use thiserror::Error;

/// What can go wrong when a game graph is built or analysed.
///
/// Node numbers in errors are `NodeIndexable::to_index` values of the graph the routine was given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Materialising a game reached more positions than the caller allowed.
    #[error("the game graph has more than {limit} positions (the caller's node limit)")]
    NodeLimitExceeded {
        /// The limit that was passed.
        limit: usize,
    },
    /// Materialising a game would need more memory than the caller allowed (an estimate, see
    /// `ExploreLimits`).
    #[error(
        "the game graph needs more than {limit} bytes ({needed} estimated for the positions found so far; the caller's memory limit)"
    )]
    MemoryLimitExceeded {
        /// The limit that was passed, in bytes.
        limit: usize,
        /// Estimated bytes needed when the limit was hit (positions and arcs found so far).
        needed: usize,
    },
    /// An acyclic-only routine was given a graph with a cycle.
    #[error("the graph has a cycle ({} positions: {cycle:?}); use the loopy routines", cycle.len())]
    Cycle {
        /// One cycle as a witness: `cycle[i] -> cycle[i+1]` and `cycle[last] -> cycle[0]` are arcs.
        cycle: Vec<usize>,
    },
    /// The graph has more nodes than the routine's `u32` results can number (over 2^32 - 1).
    #[error("the graph has {nodes} node slots; at most {max} are supported here")]
    GraphTooLarge {
        /// The graph's node bound.
        nodes: usize,
        /// The largest supported node bound.
        max: usize,
    },
    /// A node index that does not belong to the graph.
    #[error("node {node} is not in the graph (node bound {bound})")]
    UnknownNode {
        /// The index given.
        node: usize,
        /// The graph's node bound.
        bound: usize,
    },
    /// A search that can take exponential time gave up at the caller's step limit.
    #[error("gave up after {limit} steps (the caller's step limit); the search can take exponential time")]
    StepLimitExceeded {
        /// The limit that was passed.
        limit: u64,
    },
}
