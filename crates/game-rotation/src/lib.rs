//! The rotation puzzle of seed 001 ("Zum Rotationsspiel", L. Mueller 2020): its model, every
//! solver of the seed, and exact counting beyond the seed's table.
//!
//! A board with `n` slots (n even) carries a rotating disc with `n` slots. The board's blue pin is
//! at the top, the disc's blue pin opposite it, and the other `n - 1` disc slots hold red pins.
//! Each move turns the disc by `k` in `1..n` and plugs the red pin from under the top into board
//! slot `k`, which must be free; the game is won when all red pins are on the board. The
//! solutions are exactly the *sequencings* of Z_n: orderings of `1..n` whose partial sums are
//! distinct mod n (claim R1 of `docs/claims.md`). Odd n has none (Gordon 1961).
//! Coordinates and the precise rules are in the documentation of [`Puzzle`].
//!
//! * Model: [`Puzzle`] (size, optional white pin, optional start angle), [`State`] with
//!   [`State::apply`] returning a [`RotationError`] that names the broken rule, [`Status`].
//! * Automaton view (R2): [`RotationAutomaton`] is a [`game_core::Game`];
//!   [`count_accepted_paths`] counts the accepted paths of the explicit state graph.
//! * Solvers, all re-checked on the state machine: [`filling`] (R4), [`emptying`] with its
//!   closed form [`emptying_position`] and inverse [`emptying_step`] (R5),
//!   [`backtracking_search`] (R3: depth-first search with Warnsdorff's rule and restarts, no
//!   construction), [`find_solution`] (any variant: constructions first, then backtracking),
//!   [`permuting`] (R6: local search on an ordering towards fewer collisions; `cargo xtask
//!   verify` runs it on every even n up to 200 from five seeds each), [`solutions`] (all, as an
//!   iterator),
//!   [`construct_solution`] (emptying times a unit, for white pins),
//!   [`sequencing_ending_with`] (a white pin in any slot, from a symmetric sequencing lifted from
//!   a Bailey terrace of Z_{n/2}) and [`solve`] (the fastest applicable of these).
//! * Counting: [`count_sequencings`], [`count_solutions`] (any variant, shards, progress; the
//!   two-ended kernel by default, the one-ended one as [`CountMethod::OneEnded`]),
//!   [`count_by_white_slot`] (R8), [`count_by_start_angle`] and [`count_start_angles`] (R9),
//!   the second, independent
//!   counter [`count_sequencings_meet_in_middle`] (no search code shared with the first) and its
//!   count of every start angle [`count_start_angles_meet_in_middle`], and
//!   the slow references [`count_sequencings_baseline`] and [`count_by_permutations`].
//! * Counting on many machines: [`ShardRecord`] is one shard's result file (written atomically,
//!   resumable), [`merge_shards`] adds the shards of one count exactly and refuses mixed,
//!   duplicate or missing ones.
//!
//! # Example
//!
//! ```
//! use game_rotation::{Puzzle, RotationError, count_sequencings, emptying};
//!
//! // The seed's puzzle has 12 slots; Gordon's "emptying" solves it.
//! let puzzle = Puzzle::new(12)?;
//! let solution = emptying(12)?;
//! assert_eq!(solution, vec![1, 10, 3, 8, 5, 6, 7, 4, 9, 2, 11]);
//! assert!(puzzle.play(&solution)?.is_won());
//!
//! // A wrong move is refused with the rule it breaks.
//! let mut state = puzzle.start();
//! state.apply(3)?;
//! assert_eq!(state.apply(3), Err(RotationError::BoardSlotTaken { slot: 3 }));
//!
//! // The number of solutions (R3's table, OEIS A141599).
//! assert_eq!(count_sequencings(12)?, 3856);
//! assert!(matches!(Puzzle::new(11), Err(RotationError::OddSize { n: 11 })));
//! # Ok::<(), RotationError>(())
//! ```
//!
//! # R9: which start angles can be solved
//!
//! Every start angle except `a = 0` (the blue pins aligned: no pin can ever move). Computed, not
//! assumed: [`count_by_start_angle`] gives a positive count for every `a != 0` for every even
//! n <= 18, and [`find_solution`] solves every angle `a != 0` for every even n up to 200
//! (example `start_angles`). Beyond n = 40 it uses a sequencing `k` starting with
//! `n - a`: then `k_2, ..., k_{n-1}, k_1` empties every disc slot but `-k_1 = a`. `cargo xtask verify` (claim R9) checks the answer for n <= 12 against the
//! direct count and brute force, and solves every angle up to n = 200, each solution checked by
//! the rule (distinct emptied slots, none of them `a`) and on the state machine. For n = 12 the
//! counts by angle 0..11 are 0 4104 3964 3944 3908 4104 3856 4104 3908 3944 3964 4104.
//!
//! [`count_start_angles`] counts all angles in one search, about n times the work of one count:
//! besides the units of Z_n it uses a reversal that maps one angle onto another (reverse the
//! first `n - 2` rotations, keep the last), so the two-ended kernel searches one pair (angle,
//! last rotation) per orbit of both. With [`CountMethod::OneEnded`] it searches each angle
//! `a | n` on its own instead, sharing no search code. A third method,
//! [`count_start_angles_meet_in_middle`], meets in the middle and credits each solution to the
//! one slot neither half visits, all angles in one meeting. All three agree for every even
//! n <= 18 (`records/rotation-start-angles.json`).
//!
//! # R8: a white pin in any slot
//!
//! The white pin in disc slot `w` forces the last rotation `l = n/2 - w`. Slot 0 is under the top
//! at the start, so that slot never works; every other slot does, for every even n >= 14 tried
//! (all up to 200, and every 22nd n up to 400). A unit `l` multiplies emptying. Any other `l` comes
//! from a symmetric sequencing lifted from a Bailey terrace of Z_{n/2}, found by a random walk
//! in which every move keeps a terrace ([`sequencing_ending_with`]; the proof is in its module).
//!
//! ```
//! use game_rotation::{Puzzle, solve, white_slot_of};
//!
//! // l = 100 - 50 = 50 shares the factor 50 with n = 200: no multiple of emptying ends with it.
//! let puzzle = Puzzle::new(200)?.with_white_pin(50)?;
//! let solution = solve(&puzzle, 1, 1_000_000)?;
//! assert!(puzzle.play(&solution)?.is_won());
//! assert_eq!(white_slot_of(200, &solution), Some(50));
//! # Ok::<(), game_rotation::RotationError>(())
//! ```
//!
//! # R7: left out
//!
//! The seed's "group comparison" method is said to work for n = 12 "and a few others", but the
//! seed gives no rule precise enough to implement (digest R7). A solver would have to invent the
//! rule, and a test could then only check our invention, not the seed's claim; so there is no
//! solver and no claim for it (`game-verify`'s rotation claims say so).
//!
//! # Counting: how, and the plan for n >= 22
//!
//! Known counts (number of sequencings of Z_n, OEIS A141599, <http://oeis.org/A141599>):
//! n = 2..18: 1, 2, 4, 24, 288, 3856, 89328, 2755968, 103653120; the tests check n <= 10 against
//! all permutations and n <= 16 against this table, `cargo xtask verify` n = 18 too.
//! Beyond the published record: n = 20 has 5 074 931 072 sequencings, found by this counter and
//! confirmed by a second method that shares no search code,
//! [`count_sequencings_meet_in_middle`] (prefixes of n/2 rotations in a hash table, suffixes read
//! backwards from n/2 looked up by their complementary rotation and slot sets, the work split
//! into parts that fit a memory budget); it also agrees with the published counts up to
//! n = 18. The records of long counts, with both methods and their run times, are in
//! `records/rotation-counts.json`; `cargo xtask records` re-runs and checks them and says for
//! every n whether two methods agree. OEIS A364237 (<https://oeis.org/A364237>) lists
//! the classes under units and reversal (1, 1, 2, 4, 42, 504, 7492, 172480, ... for n = 2, 4, ...).
//!
//! The default counter (module `two_ended`) fixes the first rotation f and the last rotation
//! l, so both end sums (`f` and `n/2 - l`) are known, and grows the sequence at whichever end
//! has fewer choices (the back as the front of the node's mirror image: sums negated, ends
//! swapped, the same completions). With m rotations left exactly m - 1 sums are free; the
//! count of the last three levels is a closed form (`|X| |Z| - |X ∩ Z|` for the front and back choices with three
//! left), and a necessary condition (every free sum has a predecessor and a successor one
//! remaining rotation away, every remaining rotation joins two such sums) cuts most dead ends
//! with 5 to 8 rotations left. Multiplying a solution by a unit of Z_n, and reversing it, give
//! solutions, so the count of a pair (f, l) is that of its whole orbit under the group they
//! generate (2 phi(n) elements): one pair per orbit is searched and weighted by the orbit's
//! size. Masks are doubled (bit x and x + n), so n <= 32; the bit instructions popcnt, BMI1,
//! BMI2 and LZCNT are used when the processor has them (detected at run time). The tree is cut at a fixed depth into tasks, run on rayon and
//! dealt to shards `i/N` by task number mod N. The one-ended counter it replaced
//! ([`CountMethod::OneEnded`]: rotations placed from the front, first rotations `d | n`
//! weighted by phi(n/d)) stays as the baseline; the run times of both are in
//! `records/rotation-counts.json` and the benchmark ratios in `BENCHMARKS.md`.
//!
//! The work grows fifty- to sixty-fold per step of 2 in n (the run times are in
//! `records/rotation-counts.json`), so n = 22 runs as shards: each a batch job writing its
//! [`ShardRecord`], added with [`merge_shards`] (`games rotation count --out`, `games rotation
//! merge`, `scripts/count-n22.sh`). n = 22 has 298 557 044 000 sequencings, counted so by
//! both counters, which share no search code (`records/rotation-22/`,
//! `records/rotation-22-depth-first/`).
#![deny(missing_docs)]

mod angles;
mod arith;
mod automaton;
mod count;
mod error;
mod meet;
mod puzzle;
mod shard_file;
mod solve;
mod terrace;
mod two_ended;

pub use angles::{
    AngleCountReport, count_by_start_angle, count_by_start_angle_direct, count_start_angles,
    start_angle_prefix_depth, start_angle_task_list_bytes,
};
pub use automaton::{RotationAutomaton, automaton_graph, count_accepted_paths};
pub use count::{
    CountMethod, CountOptions, CountReport, MAX_COUNT_N, Progress, Shard, by_white_slot_from_first,
    count_by_permutations, count_by_white_slot, count_classes, count_sequencings, count_sequencings_baseline,
    count_solutions, count_solutions_until, count_with_white_pin, default_prefix_depth, task_list_bytes,
};
pub use error::RotationError;
pub use meet::{
    MAX_MEET_N, MeetAnglesReport, MeetReport, count_sequencings_meet_in_middle,
    count_start_angles_meet_in_middle,
};
pub use puzzle::{LossReason, Puzzle, State, Status, check_size};
pub use shard_file::{
    LIBRARY_VERSION, MAX_PREFIX_DEPTH, MAX_SHARD_COUNT, MAX_SHARD_FILE_BYTES, MergedCount, RunInfo,
    SHARD_FILE_FORMAT, SHARD_METHOD, ShardFileError, ShardRecord, WriteOutcome, merge_shards,
    parse_shard_file, read_shard_file,
};
pub use solve::{
    Solutions, backtracking_search, check_emptying_range, construct_solution, emptying, emptying_position,
    emptying_step, filling, find_solution, is_sequencing, partial_sums, permuting, solutions, solve,
    white_slot_of,
};
pub use terrace::{
    is_bailey_terrace, sequencing_ending_with, symmetric_sequencing, terrace_walk, zigzag_terrace,
};
