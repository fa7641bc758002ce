//! The one error type of game-nim.

use thiserror::Error;

/// What can go wrong in this crate: bad game descriptions, bad moves, searches that found
/// nothing within the caller's limit, and errors of the explicit-graph engine.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NimError {
    /// A subtraction set must allow at least one move.
    #[error("the subtraction set is empty: no move would ever be possible")]
    EmptySubtractionSet,
    /// Taking 0 counters is not a move (it would make the game loopy).
    #[error("a subtraction set may not contain 0 (taking nothing is not a move)")]
    ZeroAmount,
    /// An octal code that cannot be parsed; `reason` says why.
    #[error("bad octal code {code:?}: {reason}")]
    BadOctalCode {
        /// The code as given.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A move names a heap that does not exist.
    #[error("heap index {heap} out of range (there are {heaps} heaps)")]
    NoSuchHeap {
        /// The index given.
        heap: usize,
        /// The number of heaps.
        heaps: usize,
    },
    /// A move that does not shrink its heap (Nim needs at least one counter taken).
    #[error("illegal move: heap {heap} has {size} counters, cannot go to {new_size}")]
    IllegalMove {
        /// The heap index.
        heap: usize,
        /// Its current size.
        size: u64,
        /// The size the move asked for.
        new_size: u64,
    },
    /// No period was proven among the values computed up to the caller's limit.
    #[error("no period proven for heaps up to {limit}")]
    PeriodNotFound {
        /// The largest heap size examined.
        limit: usize,
    },
    /// A heap size beyond what a table-based computation supports.
    #[error("heap size {size} is too large for this computation (maximum {max})")]
    HeapTooLarge {
        /// The size asked for.
        size: u64,
        /// The supported maximum.
        max: u64,
    },
    /// A computation would allocate more memory than the caller's budget (estimated before
    /// allocating).
    #[error("{what} would need {needed} bytes ({}), more than the memory budget of {budget} bytes ({})", mib(*needed), mib(*budget))]
    OverMemoryBudget {
        /// What was asked for.
        what: String,
        /// The bytes it would need (an estimate that errs on the high side).
        needed: u128,
        /// The budget.
        budget: u128,
    },
    /// Within the budget, but the system would not grant the memory (a budget above what the
    /// machine or its limits allow).
    #[error("{what} would need {needed} bytes ({}), which the system cannot allocate now", mib(*needed))]
    OutOfMemory {
        /// What was asked for.
        what: String,
        /// The bytes it would need.
        needed: u128,
    },
    /// A computation was stopped at the caller's effort limit.
    #[error("{what}: gave up after {steps} steps (the effort limit)")]
    EffortExceeded {
        /// What was being computed.
        what: String,
        /// The steps taken (the limit).
        steps: u128,
    },
    /// A computation was stopped by its caller (the observer of
    /// [`crate::OctalGame::grundy_table_observed`] asked for it) before it was done.
    #[error("{what}: stopped after {done} heaps")]
    Stopped {
        /// What was being computed.
        what: String,
        /// Heaps whose values were known when it stopped (saved, for a value file).
        done: u64,
    },
    /// A file of octal Grundy values could not be read, written or used (see
    /// [`crate::OctalGame::grundy_file_within`]).
    #[error("octal value file {path}: {reason}")]
    ValueFile {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// A value file refused by game-core's checks ([`game_core::value_file`]): damaged (a
    /// block or the header fails its checksum), written without checksums, of another game, or
    /// locked by another run.
    #[error("octal value file {path}: {source}")]
    ValueFileRefused {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: game_core::value_file::ValueFileError,
    },
    /// Bounds of the octal table ([`crate::TableBounds`]) that cannot be used.
    #[error("bad octal table bounds: {reason}")]
    BadTableBounds {
        /// What is wrong with them.
        reason: String,
    },
    /// A shift between two octal codes outside `1..=max` ([`crate::shift_proven_by_options`]).
    #[error("shift {shift} is outside 1..={max}")]
    BadShift {
        /// The shift given.
        shift: u64,
        /// The largest shift accepted ([`crate::MAX_SHIFT`]).
        max: u64,
    },
    /// The explicit game graph could not be built or analysed.
    #[error(transparent)]
    Graph(#[from] game_core::GameError),
}

/// `bytes` in MiB, rounded up, for messages ("12 MiB"); exact integer arithmetic.
fn mib(bytes: u128) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}
