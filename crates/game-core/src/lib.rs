//! Generic impartial games on directed graphs.
//!
//! A game is a directed graph: positions are nodes, moves are arcs, and both players have the
//! same moves. This crate knows no concrete game. It gives
//!
//! * the [`Game`] trait for a game given implicitly, [`explore`] / [`explore_with`] to
//!   materialise its reachable positions into a petgraph graph under a node limit and a memory
//!   limit ([`GameGraph`] iterates in node-index order, deterministically), and the disjunctive
//!   [`Sum`] of games, and [`heap_sum_moves`] for a sum of heaps kept as one list of sizes;
//! * for acyclic graphs, in O(V + E) and without recursion: [`grundy_values`], the kernel
//!   ([`p_positions`]), [`outcomes`], [`misere_outcomes`], [`winning_moves`], [`moves_to_value`];
//! * for graphs with cycles: [`loopy_outcomes`] (P / N / draw, O(V + E)) and the generalised
//!   Sprague-Grundy function [`generalized_grundy`] (O((γmax + 2)(V + E)));
//! * for any digraph: [`is_kernel`], listing [`kernels`] and counting them exactly with
//!   [`count_kernels`] (weakly connected components multiply; exponential in general, linear on
//!   acyclic graphs; both under a step limit);
//! * graph files, both directions in one module: [`read_graph`] reads edge lists and Graphviz DOT
//!   digraphs (linear time, bounded by [`ReadLimits`], typed [`ReadError`]s with line numbers),
//!   [`to_dot`] and [`named_to_dot`] write DOT that [`read_graph`] reads back;
//! * for games too large for their explicit graph, the [`search`] engine: nimbers and outcomes
//!   by depth-first search over the independent components of a position
//!   ([`SearchGame::components`]), with a transposition table bounded by the caller's memory budget,
//!   pruning after Beling and Rogalski, effort limits and statistics ([`Search`]);
//! * [`testing`]: [`testing::check_search_rules`], one call from a game crate's tests that
//!   checks its search methods against its rules (`option_parts` against `moves` and
//!   `components`, `dense_index`, `known_outcome`, canonical parts);
//! * [`sealed_json`]: JSON records that carry a SHA-256 of their content, refused when read
//!   back changed (the shard files of long runs);
//! * [`value_file`]: values indexed by heap, written to a file as a long computation goes and
//!   read back (checked sizes, typed errors) to resume it, for any game that names itself.
//!
//! Analyses are free functions over petgraph's graph traits (as in `petgraph::algo`), so any
//! petgraph graph can be passed directly. Results are vectors indexed by
//! `NodeIndexable::to_index`.
//!
//! Speed: [`grundy_values`] makes one pass over the arcs when options have smaller indices.
//! On a `DiGraph` it runs as fast as petgraph can walk the successor lists (linked lists of
//! 16-byte edges); a `petgraph::csr::Csr` of the same graph, with contiguous successor arrays,
//! is faster to analyse, close to a hand-written `Vec<Vec<u32>>` loop (`benches/grundy.rs`; the
//! measured ratios are in BENCHMARKS.md at the repository root).
//!
//! # Example: a subtraction game in a few lines
//!
//! ```
//! use game_core::{explore, grundy_values, p_positions, Game};
//!
//! /// One heap; a move takes 1, 3 or 4 counters.
//! struct Subtraction(Vec<u32>);
//!
//! impl Game for Subtraction {
//!     type Position = u32;
//!     fn moves(&self, heap: &u32) -> Vec<u32> {
//!         self.0.iter().filter(|&&s| s <= *heap).map(|&s| heap - s).collect()
//!     }
//! }
//!
//! let game = Subtraction(vec![1, 3, 4]);
//! let graph = explore(&game, [20u32], 1_000)?;
//! let values = grundy_values(&graph.graph)?;
//! let value_of = |h: u32| values[graph.node(&h).unwrap().index()];
//! // The Grundy sequence of {1, 3, 4} is 0 1 0 1 2 3 2 with period 7.
//! assert_eq!((0..7).map(value_of).collect::<Vec<_>>(), vec![0, 1, 0, 1, 2, 3, 2]);
//! let mut losing: Vec<u32> = p_positions(&graph.graph)?
//!     .into_iter()
//!     .map(|i| *graph.position(petgraph::graph::NodeIndex::new(i)))
//!     .collect();
//! losing.sort();
//! assert_eq!(losing, vec![0, 2, 7, 9, 14, 16]);
//! # Ok::<(), game_core::GameError>(())
//! ```

#![deny(missing_docs)]

mod acyclic;
mod error;
mod game;
mod graph_io;
mod kernel;
mod loopy;
pub mod sealed_json;
pub mod search;
mod search_game;
pub mod testing;
pub mod value_file;

use serde::Serialize;

pub use acyclic::{
    grundy_values, misere_outcomes, moves_to_value, outcomes, p_positions, reverse_topological_order,
    winning_moves,
};
pub use error::GameError;
pub use game::{
    ARC_BYTES, ExploreLimits, Game, GameGraph, NODE_OVERHEAD_BYTES, Sum, explore, explore_with,
    heap_sum_moves,
};
pub use graph_io::{
    GraphFormat, MAX_SUBGRAPH_NESTING, NamedGraph, ReadError, ReadErrorKind, ReadLimits, named_to_dot,
    read_graph, read_graph_bytes, to_dot,
};
pub use kernel::{KernelList, count_kernels, is_kernel, kernels};
pub use loopy::{Gamma, generalized_grundy, generalized_grundy_limited, loopy_outcomes};
pub use search::{Search, SearchError, SearchLimits, SearchStats, search_nimber, search_outcome};
pub use search_game::SearchGame;

/// Who wins a position with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Outcome {
    /// The previous player (who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win; with perfect play the game never ends (loopy games only).
    Draw,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::Draw => "D",
        })
    }
}
