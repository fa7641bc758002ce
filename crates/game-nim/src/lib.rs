//! Heap games: Nim and misère Nim (seed 003, claims N1-N6), subtraction games with proven exact
//! periods, and octal games with a fast Grundy computation and proven periods.
//!
//! * **Nim** on any number of `u64` heaps: [`nim_sum`], [`nim_outcome`] (Bouton, N2),
//!   [`nim_winning_moves`] (every winning move, N3), the misère rule of N4
//!   ([`misere_nim_outcome`], [`misere_nim_winning_moves`]), named starts ([`marienbad`],
//!   [`equal_heaps`], [`staircase`]) and [`Nim`] as a [`game_core::Game`].
//! * **Subtraction games** ([`SubtractionSet`]): Grundy and misère sequences, the exact
//!   pre-period and period proven by the window argument ([`window_periodicity`]), sums of heaps.
//! * **Octal games** ([`OctalGame`]): code parsing, Grundy values by the definition and by the
//!   rare/common ("sparse space") method, exact periods proven by the Guy-Smith theorem
//!   ([`guy_smith_periodicity`]). Long tables are kept one or two bytes a value
//!   ([`OctalGame::grundy_table_within`]), beyond 2^32 heaps as far as the memory budget allows,
//!   and can be streamed to a file and resumed ([`OctalGame::grundy_file_within`]); the value
//!   frequencies of every prefix of `2^k` heaps are counted as the values are computed
//!   ([`OctalGame::frequencies_at_powers_of_two`]).
//! * **The octal table** ([`octal_table`]): every code with up to three digits after the point
//!   ([`octal_codes_up_to_three_digits`]) classified trivial, solved or unsolved
//!   ([`classify_code`]), codes with equal value sequences grouped; a shift between two codes
//!   proven from their moves ([`shift_proven_by_options`]).
//!
//! Every game here also implements [`game_core::Game`] on canonical positions (heap sizes sorted
//! ascending, empty heaps dropped, see [`canonical_heaps`]), so its explicit graph can be built
//! with [`game_core::explore`] and checked against game-core's analyses.
//!
//! # Example
//!
//! ```
//! use game_core::Outcome;
//! use game_nim::{nim_winning_moves, misere_nim_outcome, NimMove, OctalGame, SubtractionSet};
//!
//! // The seed's position S1 = (22, 5, 13, 27): three winning moves (N3).
//! let moves = nim_winning_moves(&[22, 5, 13, 27]);
//! assert_eq!(moves.len(), 3);
//! assert_eq!(moves[0], NimMove { heap: 0, new_size: 19 });
//! // Marienbad (1, 3, 5, 7) is lost for the player to move under the misère rule.
//! assert_eq!(misere_nim_outcome(&[1, 3, 5, 7]), Outcome::P);
//!
//! // The "Bubi" subtraction set {1, 3, 5}: values 0 1 0 1 ..., period 2, proven.
//! let bubi = SubtractionSet::new([1, 3, 5])?;
//! let analysis = bubi.analyse_normal(1_000)?;
//! assert_eq!(analysis.periodicity.period, 2);
//! assert_eq!(analysis.grundy_of_heaps(&[7, 10, 1_000_000_000_001]), 1 ^ 0 ^ 1);
//!
//! // Kayles: period 12 from heap 71 on, proven by the Guy-Smith theorem.
//! let kayles: OctalGame = "0.77".parse()?;
//! let period = kayles.periodicity(1_000)?;
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! # Ok::<(), game_nim::NimError>(())
//! ```
#![deny(missing_docs)]

mod error;
mod frequencies;
mod limits;
mod nim;
mod observed;
mod octal;
mod octal_file;
mod period;
mod sparse;
mod statistics;
mod subtraction;
mod table;

pub use error::NimError;
pub use frequencies::PrefixFrequencies;
pub use limits::{Limits, system_can_allocate};
pub use nim::{
    Nim, NimMove, PlayRule, apply_move, canonical_heaps, equal_heaps, marienbad, misere_nim_outcome,
    misere_nim_winning_moves, nim_outcome, nim_sum, nim_winning_moves, outcome, staircase, winning_moves,
};
pub use observed::Progress;
pub use octal::{MAX_CODE_DIGITS, MAX_NARROW_TABLE_HEAP, MAX_TABLE_HEAP, OctalGame, grundy_values_many};
pub use octal_file::{FileRun, VALUE_FILE_MAGIC, VALUE_FILE_VERSION};
pub use period::{
    Periodicity, guy_smith_periodicity, guy_smith_periodicity_within, minimise_period, window_periodicity,
};
pub use sparse::{CellWidth, GrundyTable, narrow_table_bytes};
pub use statistics::{RareSplit, ValueStatistics};
pub use subtraction::{GraphEstimate, SubtractionAnalysis, SubtractionSet};
pub use table::{
    ClassifiedCode, CodeClass, CodeGroup, GroupAgreement, MAX_SHIFT, MAX_TABLE_BOUND, OctalTable, ShardCode,
    ShiftedCodes, TABLE_SHARD_FORMAT, TABLE_SHARD_VERSION, TableBounds, TableShard, TableShardError,
    classify_code, merge_table_shards, octal_codes_up_to_three_digits, octal_table, octal_table_shard,
    shift_proven_by_options,
};
