//! The limits every command runs under: a memory budget (global option `--memory MIB`) and
//! effort and size limits for the computations whose work can explode. Sizes are estimated
//! before anything is allocated; a request over a limit is a one-line error that says what it
//! would need. The effort and size limits are chosen so that the defaults answer in seconds;
//! the global flag `--allow-long` lifts every one of them (long work then shows a progress bar
//! and stops cleanly on Ctrl-C), while the memory budget stays the hard limit. The numbers here
//! are listed in the command reference (docs/commands.md).

use crate::error::CliError;

/// Default memory budget, MiB (4 GiB: fits a 24 GB machine with room to spare).
pub const DEFAULT_MEMORY_MIB: u64 = 4096;

/// Largest `--memory` accepted, MiB (1 TiB; the estimate is still checked against it).
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// Steps (option evaluations) allowed to one octal computation without `--allow-long` (codes
/// without the rare/common structure are quadratic and reach it).
pub const OCTAL_STEPS: u128 = 5_000_000_000;

/// Steps (heaps times amounts) allowed to one subtraction period search without
/// `--allow-long`.
pub const SUBTRACTION_STEPS: u128 = 2_000_000_000;

/// Steps allowed to building and analysing one misère game graph without `--allow-long`.
pub const GRAPH_STEPS: u128 = 80_000_000;

/// Steps (word operations, estimated) allowed to one Wythoff Grundy value without
/// `--allow-long`.
pub const WYTHOFF_GRUNDY_STEPS: u128 = 200_000_000;

/// The flag that lifts every effort and size limit, as the messages name it.
pub const LONG_FLAG: &str = "--allow-long";

/// The budget of one run: the memory it may take, and whether long work was asked for.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Bytes one computation may allocate.
    pub memory_bytes: u128,
    /// `--allow-long`: every effort and size limit is lifted (not the memory budget).
    pub long_work: bool,
}

impl Budget {
    /// The budget from `--memory MIB`, without `--allow-long`.
    pub fn from_mib(mib: u64) -> Self {
        Budget { memory_bytes: u128::from(mib) << 20, long_work: false }
    }

    /// This budget with `--allow-long` given or not.
    pub fn with_long_work(self, long_work: bool) -> Self {
        Budget { long_work, ..self }
    }

    /// The step limit of a computation whose default limit is `default`: none with
    /// `--allow-long`.
    pub fn steps(&self, default: u128) -> u128 {
        if self.long_work { u128::MAX } else { default }
    }

    /// The game-nim limits with this memory budget and the step limit of [`Self::steps`].
    pub fn nim_limits(&self, default_steps: u128) -> game_nim::Limits {
        game_nim::Limits { max_bytes: self.memory_bytes, max_steps: self.steps(default_steps) }
    }

    /// Refuses `needed` bytes for `what` if over the budget.
    pub fn check(&self, what: impl FnOnce() -> String, needed: u128) -> Result<(), CliError> {
        if needed > self.memory_bytes {
            return Err(CliError::OverMemoryBudget { what: what(), needed, budget: self.memory_bytes });
        }
        // A budget above what the machine grants: refuse rather than abort later.
        if !game_nim::system_can_allocate(needed) {
            return Err(game_nim::NimError::OutOfMemory { what: what(), needed }.into());
        }
        Ok(())
    }

    /// Refuses a size `value` of `what` above `limit` unless `--allow-long` was given; the error
    /// names the flag.
    pub fn check_size(
        &self,
        what: impl FnOnce() -> String,
        value: u128,
        limit: u128,
    ) -> Result<(), CliError> {
        if value > limit && !self.long_work {
            return Err(CliError::TooLarge { what: what(), value, limit });
        }
        Ok(())
    }

    /// Refuses an estimated `steps` for `what` above `limit` unless `--allow-long` was given.
    pub fn check_steps(
        &self,
        what: impl FnOnce() -> String,
        steps: u128,
        limit: u128,
    ) -> Result<(), CliError> {
        if steps > self.steps(limit) {
            return Err(CliError::TooMuchWork { what: what(), steps, limit });
        }
        Ok(())
    }
}

/// Bytes one winning move takes in an answer, an upper estimate: the move, its line of text and
/// its JSON object (measured: 1.8 KB a move of `games misere` for 16 662 and for 33 339 moves,
/// most of it the JSON object).
pub const ANSWER_MOVE_BYTES: u128 = 2048;

/// Bytes one heap of a position takes in an answer: its place in the text and the JSON list,
/// and what the computation keeps per heap.
pub const ANSWER_HEAP_BYTES: u128 = 64;

impl Budget {
    /// Refuses the answer about a position of `heaps` heaps with at most `moves` winning moves
    /// (text and JSON, [`ANSWER_MOVE_BYTES`] a move) if it would pass the budget.
    pub fn check_answer(
        &self,
        what: impl FnOnce() -> String,
        heaps: usize,
        moves: u128,
    ) -> Result<(), CliError> {
        self.check(what, moves * ANSWER_MOVE_BYTES + heaps as u128 * ANSWER_HEAP_BYTES)
    }
}

/// `bytes` in MiB, rounded up (exact integer arithmetic), for messages.
pub fn mib(bytes: u128) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// Largest `--budget` of the rotation searches (steps or nodes) without `--allow-long`, and the
/// default.
pub const MAX_SEARCH_BUDGET: u64 = 20_000_000;

/// Largest n counted without `--allow-long` by the fast kernel (n = 18 takes seconds; each
/// step of 2 costs about 50 times more); the slower counts stop 2 below.
pub const QUICK_COUNT_N: u64 = 18;
