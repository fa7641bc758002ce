//! One import for the whole library: the generic engine and every game crate.
//!
//! ```
//! use impartial_games::core::{explore, grundy_values, Game, Sum};
//! struct Nim1;
//! impl Game for Nim1 {
//!     type Position = u8;
//!     fn moves(&self, h: &u8) -> Vec<u8> { (0..*h).collect() }
//! }
//! let g = explore(&Sum(Nim1, Nim1), [(6u8, 3u8)], 1_000)?;
//! let values = grundy_values(&g.graph)?;
//! assert_eq!(values[g.node(&(6, 3)).unwrap().index()], 6 ^ 3);
//! # Ok::<(), impartial_games::core::GameError>(())
//! ```
//!
//! The examples of the project README follow; they are compiled and run as doctests.
#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub use game_core as core;
pub use game_misere as misere;
pub use game_nim as nim;
pub use game_placement as placement;
pub use game_rotation as rotation;
pub use game_search_runs as search_runs;
pub use game_takebreak as takebreak;
pub use game_wythoff as wythoff;

/// The guide `docs/adding-a-game.md`, included here so that its Rust examples are compiled and
/// run as doctests. (The guide shows a crate's test function as it is written, `#[test]` and
/// all; as a doctest it is compiled, not run as a test.)
#[doc = include_str!("../docs/adding-a-game.md")]
#[allow(clippy::test_attr_in_doctest)]
pub mod adding_a_game {}
