//! Placement games, solved by game-core's search engine over components: [`Cram`] on any board,
//! [`NodeKayles`] on any graph, and [`LaskersNim`], the worked example of components; and
//! [`Chomp`], which never falls apart, solved on whole positions.
//!
//! Each game is a [`game_core::Game`] whose positions say how they fall apart into independent
//! components ([`SearchGame::components`](game_core::SearchGame::components)): the regions of free cells of
//! a Cram board, the connected components of a Node-Kayles graph, the heaps of Lasker's Nim. The
//! same rules run on game-core's explicit-graph engine (`explore` and `grundy_values`, the
//! reference on small positions) and on its search engine (`game_core::search`), which reaches
//! positions whose explicit graph would never fit.
//!
//! ```
//! use game_core::search::{Search, SearchLimits};
//! use game_core::{explore, grundy_values};
//! use game_placement::{Cram, CramBoard};
//!
//! let board = CramBoard::empty(3, 4)?;
//! let mut search = Search::new(&Cram, SearchLimits::default()).unwrap();
//! let nimber = search.nimber(&board).unwrap();
//! // The explicit graph of every position agrees.
//! let graph = explore(&Cram, [board], 1_000_000).unwrap();
//! let values = grundy_values(&graph.graph).unwrap();
//! assert_eq!(values[graph.node(&board).unwrap().index()], nimber);
//! println!("3 x 4 Cram: nimber {nimber}, {} nodes searched", search.stats().nodes);
//! # Ok::<(), game_placement::PlacementError>(())
//! ```

#![deny(missing_docs)]

mod chomp;
mod cram;
mod error;
mod lasker;
mod node_kayles;
mod winning;

pub use chomp::{Chomp, ChompBoard, MAX_CHOMP_SIDE};
pub use cram::{Cram, CramBoard, MAX_CELLS};
pub use error::PlacementError;
pub use lasker::LaskersNim;
pub use node_kayles::{KaylesGraph, MAX_VERTICES, NodeKayles};
pub use winning::{cram_winning_domino, node_kayles_winning_vertex};
