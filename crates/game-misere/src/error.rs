//! The one error type of game-misere.

use thiserror::Error;

/// What can go wrong: bad game descriptions, bad notation, a computation that went beyond the
/// caller's limits, a persisted quotient that does not check.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MisereError {
    /// An octal code that cannot be parsed; `reason` says why.
    #[error("bad octal code {code:?}: {reason}")]
    BadOctalCode {
        /// The code as given.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A subtraction set that is empty or contains 0.
    #[error("bad subtraction set: {reason}")]
    BadSubtractionSet {
        /// What is wrong with it.
        reason: String,
    },
    /// A heap game listed an option of heap `heap` containing a part that is not smaller than
    /// the heap: the heap-by-heap computation needs every part to be smaller.
    #[error("heap {heap} has an option with a part {part} that is not smaller than the heap")]
    PartNotSmaller {
        /// The heap.
        heap: u32,
        /// The offending part.
        part: u32,
    },
    /// A heap larger than the computation (or the quotient) covers.
    #[error("heap {heap} is beyond the largest heap {max} this quotient covers")]
    HeapBeyondQuotient {
        /// The heap asked for.
        heap: u64,
        /// The largest heap covered.
        max: u64,
    },
    /// The computation would need more memory than the budget allows (estimated before
    /// allocating).
    #[error("heap {heap}: the computation needs about {needed} bytes, over the budget of {budget}")]
    MemoryBudgetExceeded {
        /// The heap being added.
        heap: u32,
        /// Estimated bytes needed.
        needed: u128,
        /// The caller's budget.
        budget: u128,
    },
    /// The computation did more work than the effort limit allows. Partial quotients that grow
    /// without end (0.3122 at heap 7) end here.
    #[error(
        "heap {heap}: effort limit of {limit} steps reached (last complete partial quotient: Q_{last_heap} of order {last_order})"
    )]
    EffortExceeded {
        /// The heap being added.
        heap: u32,
        /// The limit given.
        limit: u64,
        /// The last heap whose partial quotient was complete.
        last_heap: u32,
        /// Its order.
        last_order: usize,
    },
    /// The caller's interrupt ([`crate::QuotientSolver::with_interrupt`]) stopped the
    /// computation.
    #[error(
        "heap {heap}: stopped on request (last complete partial quotient: Q_{last_heap} of order {last_order})"
    )]
    Interrupted {
        /// The heap being added.
        heap: u32,
        /// The last heap whose partial quotient was complete.
        last_heap: u32,
        /// Its order.
        last_order: usize,
    },
    /// The quotient would have more elements than the limit allows.
    #[error("heap {heap}: a candidate quotient of {order} elements exceeds the limit of {limit}")]
    QuotientTooLarge {
        /// The heap being added.
        heap: u32,
        /// Order of the candidate.
        order: u128,
        /// The limit.
        limit: usize,
    },
    /// Every recalibration tried for heap `heap` failed to classify the failure position.
    #[error("heap {heap}: no recalibration classifies the position {position:?} correctly")]
    NoRecalibration {
        /// The heap being added.
        heap: u32,
        /// The misclassified position (heap sizes).
        position: Vec<u32>,
    },
    /// A nimber-list notation such as `*[[2],2,1,0]` that cannot be parsed.
    #[error("bad misère game notation at byte {at}: {reason}")]
    BadNotation {
        /// Byte offset of the problem.
        at: usize,
        /// What is wrong.
        reason: String,
    },
    /// A game, sum or canonical form larger than the caller's limit.
    #[error("the game is too large: more than {limit} {what}")]
    GameTooLarge {
        /// What was counted.
        what: &'static str,
        /// The limit.
        limit: u64,
    },
    /// A persisted quotient that cannot be read or does not check.
    #[error("bad quotient file: {reason}")]
    BadQuotientFile {
        /// What is wrong.
        reason: String,
    },
    /// An error of the explicit-graph engine.
    #[error(transparent)]
    Game(#[from] game_core::GameError),
}
