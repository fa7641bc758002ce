//! Values of games too large for their explicit graph, by depth-first search over components.
//!
//! The explicit-graph engine ([`explore`](crate::explore) and [`grundy_values`](crate::grundy_values))
//! stores every reachable *whole position*. A position that falls apart into independent parts
//! (heaps after a split, regions of a board cut in two, components of a graph) has as many
//! whole positions as combinations of parts: the graph explodes while the parts stay few. This
//! module searches the parts instead. A game says how a position falls apart
//! ([`Game::components`]), how to write a part canonically ([`Game::canonical`]: one
//! representative per symmetry class) and in which order to try moves
//! ([`Game::order_moves`]); the same [`Game`] serves both engines. Two more methods make a
//! game fast without changing its rules: [`Game::dense_index`] numbers small parts so their
//! values live in a plain array instead of the hash table, and [`Game::option_parts`] hands
//! the engine each option already split into parts, from buffers the game reuses, so that
//! nothing is allocated per option. By the Sprague-Grundy theorem the nimber of a sum is the
//! XOR of its components' nimbers, and two equal components cancel.
//!
//! [`Search`] holds a transposition table of component nimbers and offers
//!
//! * [`Search::nimber`]: the pruned nimber search of Beling and Rogalski ("On pruning search
//!   trees of impartial games", Artificial Intelligence 283, 2020): an option is only asked
//!   whether its value lies among the candidates still open, and a component stops as soon as
//!   the question asked of it is settled (see `pruned.rs` for the method and why it is right);
//! * [`Search::is_p_position_plus`] (is G + *k a P-position?) and [`Search::outcome`]: the
//!   outcome search in the style of Lemoine and Viennot ("Nimbers are inevitable", Theoretical
//!   Computer Science 462, 2012), asking one value only;
//! * [`Search::nimber_by_aspiration`]: Beling's aspiration sets, the default of his `igsolve`:
//!   "is the nimber 0? 1? 2? ..." in turn, each question put to the options as one value, so
//!   that the pruned search below answers one-value questions (fewer nodes when nimbers are
//!   small, as in Cram and Node-Kayles);
//! * [`Search::nimber_by_mex`]: the plain method, the mex of every option's value, as a second
//!   method to compare with.
//!
//! and the free functions [`search_nimber`] and [`search_outcome`] for one question. A search
//! too long for one machine is cut into shards at the root ([`Search::root_shard`], merged by
//! [`merge_root_shards`]).
//!
//! **Cost.** Time: every distinct component reached is expanded once while the table holds it
//! (its moves generated, each option split into components), so the plain search costs
//! O(Σ options × components per option) table operations over the distinct components reached;
//! pruning expands a subset of those, but a component asked different questions may be
//! expanded again (only exact values go to the table; the values known not to be its nimber,
//! its options' values seen and the sets it answered "not in", are kept in a cache,
//! `refutations.rs`, which answers a question about those values without expanding it again),
//! and with a table too small for the game any method is exponential in
//! the game's depth. Memory: bounded up front by [`SearchLimits`]
//! (table, the positions it owns, the stack); a full table replaces entries, it never aborts.
//! Depth: the stack is a vector, so deep games need memory, not call stack.
//!
//! **Assumptions.** The game is short: finite, no position repeats (a game with a cycle runs
//! until the effort or the stack's memory limit stops it). `components` must split a position
//! into parts that are played as a disjunctive sum.
//!
//! ```
//! use game_core::{explore, grundy_values, Game};
//! use game_core::search::{search_nimber, SearchLimits};
//!
//! /// Lasker's Nim: take any counters from one heap, or split a heap into two nonempty ones.
//! struct Lasker;
//! impl Game for Lasker {
//!     type Position = Vec<u64>; // heaps
//!     fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
//!         let mut out = Vec::new();
//!         for (i, &h) in heaps.iter().enumerate() {
//!             let rest = || heaps.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &x)| x);
//!             out.extend((0..h).map(|left| rest().chain([left]).collect()));
//!             out.extend((1..=h / 2).map(|a| rest().chain([a, h - a]).collect()));
//!         }
//!         out
//!     }
//!     fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
//!         out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
//!     }
//! }
//! // g(4k+3) = 4k+4: heap 7 has nimber 8; heaps 7 and 8 together 8 XOR 7.
//! assert_eq!(search_nimber(&Lasker, &vec![7, 8], SearchLimits::default())?, 8 ^ 7);
//! // The explicit graph agrees on a small position.
//! let graph = explore(&Lasker, [vec![3, 4]], 100_000).unwrap();
//! let values = grundy_values(&graph.graph).unwrap();
//! assert_eq!(values[graph.node(&vec![3, 4]).unwrap().index()], 4 ^ 3);
//! # Ok::<(), game_core::search::SearchError>(())
//! ```

mod aspiration;
mod checkpoint;
mod costly;
mod limits;
mod mex;
mod nimber_set;
mod outcome;
mod pruned;
mod refutations;
mod shard;
mod solver;
mod stats;
mod table;
mod table_file;
mod table_merge;

pub use costly::{EntryCount, TableWorkProfile, WORK_CLASSES, save_costly_entries};
pub use limits::{SearchError, SearchLimits};
pub use shard::{RootMerge, RootShard, RootShardError, ShardCut, ShardQuestion, merge_root_shards};
pub use solver::{PREFETCH_FROM_BYTES, Search};
pub use stats::{PathStep, SearchPath, SearchStats};
pub use table_file::{
    MAX_NOTE_BYTES, TABLE_FILE_MAGIC, TABLE_FILE_VERSION, TableFileError, TableFileHeader, TableFileInfo,
    note_with_run, read_table_file_header,
};
pub use table_merge::merge_table_files;

use crate::{Game, Outcome};

/// The nimber of `position` by the pruned search ([`Search::nimber`]) within `limits`.
pub fn search_nimber<G: Game>(
    game: &G,
    position: &G::Position,
    limits: SearchLimits,
) -> Result<u32, SearchError> {
    Search::new(game, limits)?.nimber(position)
}

/// The outcome of `position` (normal play) by the outcome search ([`Search::outcome`]) within
/// `limits`.
pub fn search_outcome<G: Game>(
    game: &G,
    position: &G::Position,
    limits: SearchLimits,
) -> Result<Outcome, SearchError> {
    Search::new(game, limits)?.outcome(position)
}
