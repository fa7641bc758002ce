//! Misère play beyond Nim: misère quotients of heap games and misère canonical forms.
//!
//! In misère play the player who makes the last move loses, and the nim-sum rule fails. Two
//! theories answer misère questions:
//!
//! * the **misère quotient** (Plambeck 2005; Plambeck and Siegel 2008) of a heap game: a
//!   finite commutative monoid `Q` with a P-portion `P` and a pretending function `Φ` from
//!   heaps to `Q` such that a sum of heaps is a misère P-position exactly when the product of
//!   its heaps' images lies in `P`. [`QuotientSolver`] computes the partial quotients `Q_n`
//!   heap by heap for any [`HeapGame`] ([`OctalCode`], [`SubtractionGame`], [`Nim`],
//!   [`OptionTable`]), proves each one, and stops when the misère periodicity test proves the
//!   whole quotient, or with a typed error at the effort limit or memory budget. A
//!   [`MisereQuotient`] then answers the outcome of any sum in time linear in its number of
//!   heaps, lists winning moves, gives its [`Presentation`], and is saved and read back as
//!   versioned, checked JSON ([`MisereQuotient::to_json`], [`MisereQuotient::from_json`]).
//! * **misère canonical forms** (Conway): [`CanonicalGames`] simplifies impartial games by the
//!   Grundy-Smith rule, and gives birthdays, genera, outcomes, sums and the tame / restive /
//!   restless classification; games come from a [`game_core::Game`] position or from the
//!   nimber-list notation `*[[2],2,1,0]`.
//!
//! # Example: Kayles in misère play
//!
//! ```
//! use game_core::Outcome;
//! use game_misere::{quotient_of, Limits, OctalCode, StopReason};
//!
//! let kayles: OctalCode = "0.77".parse()?;
//! let (q, stop) = quotient_of(&kayles, Limits::default())?;
//! assert_eq!(stop, StopReason::Periodic);
//! assert_eq!((q.order(), q.p_portion()), (40, 9));
//! // Two heaps of 2, or one of 4, are P; so is 1 + 2 + 3 (each in misère play).
//! assert_eq!(q.outcome(&[2, 2])?, Outcome::P);
//! assert_eq!(q.outcome(&[1, 2, 3])?, Outcome::P);
//! // From 1 + 2 + 2, the winning move takes the heap of 1.
//! assert_eq!(q.winning_moves(&kayles, &[1, 2, 2])?, vec![(0, vec![])]);
//! # Ok::<(), game_misere::MisereError>(())
//! ```

#![deny(missing_docs)]

mod canonical;
mod closure;
mod error;
mod heap_game;
mod monoid;
mod persist;
mod quotient;
mod solver;

pub use canonical::{CanonicalGames, GameId, Genus, MAX_NOTATION_BYTES, MAX_NOTATION_DEPTH, Phylum};
pub use error::MisereError;
pub use heap_game::{
    HeapGame, MAX_CODE_DIGITS, Nim, OctalCode, OptionTable, PeriodicityRule, SubtractionGame,
};
pub use persist::{MAX_FILE_HEAPS, MAX_FILE_ORDER, QUOTIENT_FORMAT, QUOTIENT_FORMAT_VERSION};
pub use quotient::{Generator, MisereQuotient, PartialOrder, Periodicity, Presentation, quotient_of};
pub use solver::{Limits, QuotientSolver, StopReason};
