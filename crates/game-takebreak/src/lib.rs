//! Take-and-break games: Grundy's game, where a move splits one heap into two nonempty heaps of
//! different sizes, and the player who cannot move loses.
//!
//! This crate is also the worked example of `docs/adding-a-game.md`: a game crate of the
//! workspace, with the game as a [`game_core::Game`], a fast exact method, typed errors, and its
//! claims checked by game-verify from its tests (`tests/claims.rs`).
//!
//! * [`GrundysGame`] is the game on any number of heaps, for game-core's explicit-graph analyses.
//! * [`grundy_values`] gives the one-heap values `g(0..=n)` (OEIS A002188) by the rare/common
//!   ("sparse space") method, [`grundy_values_plain`] by the definition (quadratic; the baseline).
//!   The memory a table needs is estimated before it is allocated ([`estimated_bytes`]) and
//!   checked against a limit ([`grundy_values_within`]). [`GrundyValueTable`] computes them heap
//!   after heap, stops anywhere and goes on later, also from values stored by an earlier run
//!   (checked on load), so a long computation written to a file can be resumed.
//! * [`position_value`], [`winning_moves`] and [`apply`] play positions of several heaps.
//!
//! # Rare and common values
//!
//! Call a value `v` *rare* when `v` without its lowest bit has an even number of one bits, and
//! *common* otherwise. In Grundy's game almost every heap has a common value (Flammenkamp counted
//! 1287 rare heaps in his whole computation), and the XOR of two common values is rare, so the
//! common options of a heap all come from its few splits with a rare part. That makes the table
//! roughly linear in practice instead of quadratic; see [`grundy_values_within`].
//!
//! # Example
//!
//! ```
//! use game_core::{explore, grundy_values as engine_values};
//! use game_takebreak::{canonical_heaps, grundy_values, winning_moves, GrundysGame, Split};
//!
//! // The first values (OEIS A002188): heaps 1, 2, 4, 7, 10 are lost for the player to move.
//! let table = grundy_values(13)?;
//! assert_eq!(table, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
//!
//! // The same value from game-core's engine on the explicit game graph of heap 13.
//! let graph = explore(&GrundysGame, [canonical_heaps(&[13])], 10_000).expect("small graph");
//! let values = engine_values(&graph.graph).expect("acyclic");
//! assert_eq!(values[graph.node(&vec![13]).unwrap().index()], 3);
//!
//! // Heaps 5 and 6 (values 2 and 1, sum 3): split 5 into 2 + 3 (values 0 ^ 1) to leave 1 ^ 1,
//! // or 6 into 1 + 5 (values 0 ^ 2) to leave 2 ^ 2. Either leaves value 0.
//! let expected = [Split { heap: 0, parts: (2, 3) }, Split { heap: 1, parts: (1, 5) }];
//! assert_eq!(winning_moves(&[5, 6])?, expected);
//! # Ok::<(), game_takebreak::TakeBreakError>(())
//! ```

#![deny(missing_docs)]

mod error;
mod grundy;

pub use error::TakeBreakError;
pub use grundy::{
    DEFAULT_MEMORY_LIMIT, GrundyValueTable, GrundysGame, MAX_PLAIN_HEAP, MAX_TABLE_HEAP, Split, apply,
    canonical_heaps, estimated_bytes, grundy_values, grundy_values_plain, grundy_values_within,
    position_value, winning_moves,
};
