//! Wythoff's game, exactly, for every position a `u64` pair can hold.
//!
//! Seed 000 (Laeuchli, "Das Gitterspiel") plays it on lattice points: from `(x, y)` move left
//! in the row, down in the column, or down-left on the diagonal. Seed 002 plays it with two heaps:
//! take any amount from one heap or the same amount from both. The last mover wins.
//!
//! * [`Wythoff`] is the game as a [`game_core::Game`]; [`board_graph`] materialises a board for
//!   the explicit-graph analyses of game-core.
//! * Closed forms ([`exact`]), integer-only and O(1): the n-th P-position [`p_pair`]
//!   `(floor(n phi), floor(n phi^2))` up to [`MAX_PAIR_INDEX`] (then `None`), [`lower`], [`upper`],
//!   [`floor_mul_q`] (W8, W10), the inverse [`classify`] and [`partner`], Laeuchli's test
//!   [`laeuchli_upper_index`] (W11), [`is_p_position`], all [`winning_moves`] and the move of the
//!   proof of Y4 ([`y4_winning_move`]). f64 gets `floor(n phi)` wrong from `n = F_40 =
//!   102_334_155` on; here one 64 x 192-bit fixed-point product is provably exact (see [`exact`]).
//! * Constructions to compare with them ([`words`]): Y2's mex construction [`mex_pairs`], the step
//!   word F from the P-positions (W3), from the tape automaton (W4) and from the substitution
//!   (W6), with helpers for W5, W7 and W8.
//! * Sprague-Grundy values ([`grundy`]): the `N x N` [`grundy_table`] with bitsets, the naive
//!   [`naive_grundy_table`] baseline, and [`grundy_value`] for one cell.
//! * Misère play ([`misere`]): [`is_misere_p_position`] and [`misere_p_positions_from_graph`].
//!
//! # Example
//!
//! ```
//! use game_wythoff::{classify, grundy_table, is_p_position, p_pair, winning_moves, WythoffNumber};
//!
//! // Y2: the first safe pairs; (3, 5) is a P-position, (4, 5) is not.
//! assert_eq!((1..=4).map(|n| p_pair(n).unwrap()).collect::<Vec<_>>(), [(1, 2), (3, 5), (4, 7), (6, 10)]);
//! assert!(is_p_position(3, 5) && !is_p_position(4, 5));
//!
//! // Exact far beyond f64: the pair at the Fibonacci index F_80.
//! let f80 = 23_416_728_348_467_685u64;
//! let (a, b) = p_pair(f80).unwrap();
//! assert_eq!((a, b), (37_889_062_373_143_905, 61_305_790_721_611_590)); // (F_81 - 1, F_82 - 1)
//! assert_eq!(classify(b), WythoffNumber::Upper(f80));
//!
//! // From (4, 5) two moves leave a P-position: 4 -> 3 in the row (5's partner is 3) and
//! // 3 from both heaps along the diagonal (difference 1, so (a_1, b_1) = (1, 2)).
//! assert_eq!(winning_moves(4, 5), vec![(1, 2), (3, 5)]);
//!
//! // Sprague-Grundy values: each row of the table is a permutation, the table is symmetric.
//! let table = grundy_table(64)?;
//! assert_eq!(table.row(0).unwrap()[..5], [0, 1, 2, 3, 4]);
//! assert_eq!(table.get(2, 1), Some(0));
//! # Ok::<(), game_wythoff::WythoffError>(())
//! ```

#![deny(missing_docs)]

pub mod exact;
pub mod grundy;
pub mod misere;
pub mod words;

mod error;
mod game;

pub use error::WythoffError;
pub use exact::{
    MAX_LOWER_INDEX, MAX_PAIR_INDEX, Q_FIXED_192, WythoffNumber, classify, floor_mul_q, is_p_position,
    laeuchli_upper_index, lower, p_pair, partner, upper, winning_moves, y4_winning_move,
};
pub use game::{Wythoff, board_graph};
pub use grundy::{
    GrundyTable, GrundyValueCost, MAX_TABLE_SIDE, grundy_table, grundy_value, grundy_value_cost,
    naive_grundy_table,
};
pub use misere::{
    is_misere_p_position, misere_p_positions, misere_p_positions_from_graph, p_positions_below,
};
pub use words::{
    eventual_period, longest_runs, mex_pairs, ones_prefix_counts, step_word_from_pairs, substitute,
    substitution_word, tape_automaton_word,
};
