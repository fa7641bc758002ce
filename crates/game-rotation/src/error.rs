//! The one error type of game-rotation.

use game_core::GameError;
use thiserror::Error;

/// Everything that can go wrong: a bad puzzle size or pin slot, a move that breaks a rule of the
/// puzzle, a solver that cannot apply or gave up, a counting request out of range.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RotationError {
    /// Fewer than two slots: there is no disc to rotate.
    #[error("n = {n} slots is too small: the puzzle needs n >= 2")]
    TooSmall {
        /// The size asked for.
        n: usize,
    },
    /// An odd number of slots: no disc slot is opposite the top, and Z_n with n odd has no
    /// sequencing (Gordon 1961), so the puzzle has no solution (R1).
    #[error("n = {n} is odd: the puzzle has no solution for odd n (Z_n is sequenceable iff n is even, R1)")]
    OddSize {
        /// The size asked for.
        n: usize,
    },
    /// The routine works with machine-word masks and supports only n up to `max`.
    #[error("n = {n} is too large for this routine (at most {max})")]
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size supported.
        max: usize,
    },
    /// A pin slot outside `0..n`.
    #[error("slot {slot} does not exist on a board of {n} slots")]
    SlotOutOfRange {
        /// The slot given.
        slot: usize,
        /// The number of slots.
        n: usize,
    },
    /// The white pin was asked for in the disc slot that holds the blue pin.
    #[error("disc slot {slot} holds the blue pin and cannot hold the white pin")]
    WhitePinOnBluePin {
        /// The slot given.
        slot: usize,
    },
    /// A rotation outside `1..n`.
    #[error("rotation {k} is not in 1..{n}")]
    RotationOutOfRange {
        /// The rotation given.
        k: usize,
        /// The number of slots.
        n: usize,
    },
    /// Rule: the pin must go into a free board slot; board slot `slot` is taken.
    #[error("board slot {slot} is already taken")]
    BoardSlotTaken {
        /// The board slot the rotation leads to.
        slot: usize,
    },
    /// Rule: a move needs a red pin under the top; the disc slot there is empty or holds the blue
    /// pin, so the game is over and lost.
    #[error("no red pin under the top (disc slot {disc_slot} {}): the game is lost", if *.blue_pin { "holds the blue pin" } else { "is empty" })]
    RedPinMissing {
        /// The disc slot under the top.
        disc_slot: usize,
        /// True if it holds the blue pin, false if it is empty.
        blue_pin: bool,
    },
    /// Rule: the white pin may only be moved last; it is under the top while other pins remain.
    #[error(
        "the white pin is under the top while {pins_left} other pins remain on the disc: the game is lost"
    )]
    WhitePinTooEarly {
        /// Movable pins on the disc other than the white one.
        pins_left: usize,
    },
    /// Every pin has been moved: the game is won and over.
    #[error("the game is already won: no pin is left to move")]
    GameAlreadyWon,
    /// A move of a played sequence broke a rule.
    #[error("move {index} (rotation {k}): {source}")]
    AtMove {
        /// 0-based index of the move in the sequence.
        index: usize,
        /// The rotation of that move.
        k: usize,
        /// The rule it broke.
        source: Box<RotationError>,
    },
    /// A sequence was played without breaking a rule but did not win.
    #[error("the sequence of {moves} moves leaves {pins_left} pins on the disc: not a solution")]
    NotWon {
        /// Number of moves played.
        moves: usize,
        /// Movable pins still on the disc.
        pins_left: usize,
    },
    /// Filling (rotate 1, 2, ..., n-1) solves the puzzle only for n a power of two (R4).
    #[error("filling solves the puzzle only when n is a power of two, not for n = {n} (R4)")]
    NotPowerOfTwo {
        /// The size asked for.
        n: usize,
    },
    /// An exhaustive search proved that the requested variant has no solution.
    #[error("no solution exists: {reason}")]
    NoSolution {
        /// Which variant was searched.
        reason: String,
    },
    /// A bounded heuristic search used its whole budget without finding a solution.
    #[error("{method} gave up after {budget} steps without a solution")]
    SearchGaveUp {
        /// The method that gave up.
        method: &'static str,
        /// Its budget.
        budget: u64,
    },
    /// A shard `index/count` with `count == 0` or `index >= count`.
    #[error("shard {index}/{count} is invalid: need 0 <= index < count")]
    InvalidShard {
        /// The shard index given.
        index: usize,
        /// The shard count given.
        count: usize,
    },
    /// A shard written other than `i/N`.
    #[error("cannot parse shard {text:?}: expected i/N, e.g. 3/16")]
    ShardSyntax {
        /// The text given.
        text: String,
    },
    /// A computation would need more memory than its budget (estimated before allocating).
    #[error("needs about {needed} bytes, more than the budget of {budget} bytes")]
    MemoryBudget {
        /// The estimated need, in bytes.
        needed: usize,
        /// The budget given, in bytes.
        budget: usize,
    },
    /// A count failed one of its own consistency checks: a fault of the program, never of the
    /// input (please report it).
    #[error("a count failed its consistency check: {what}")]
    Inconsistent {
        /// What did not hold.
        what: String,
    },
    /// The caller's stop ([`crate::count_solutions_until`]) asked the count to end.
    #[error("the count was stopped after {done} of its tasks")]
    Stopped {
        /// Tasks finished before the stop.
        done: usize,
    },
    /// A count exceeded its integer type.
    #[error("arithmetic overflow while {what}")]
    Overflow {
        /// What was being computed.
        what: &'static str,
    },
    /// The explicit automaton graph could not be built or analysed.
    #[error(transparent)]
    Graph(#[from] GameError),
}
