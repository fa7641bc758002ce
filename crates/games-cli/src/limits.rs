//! The limits every command runs under: a memory budget (global option `--memory MIB`) and
//! effort limits for the computations whose work can explode. Sizes are estimated before
//! anything is allocated; a request over a limit is a one-line error that says what it would
//! need. The numbers here are documented in the workspace README.

use crate::error::CliError;

/// Default memory budget, MiB (4 GiB: fits a 24 GB machine with room to spare).
pub const DEFAULT_MEMORY_MIB: u64 = 4096;

/// Largest `--memory` accepted, MiB (1 TiB; the estimate is still checked against it).
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// Steps (option evaluations) allowed to one octal computation (codes without the rare/common
/// structure are quadratic and reach it; the README says how far they get).
pub const OCTAL_STEPS: u128 = 1_000_000_000;

/// Steps (heaps times amounts) allowed to one subtraction period search.
pub const SUBTRACTION_STEPS: u128 = 2_000_000_000;

/// Steps allowed to building and analysing one misère game graph.
pub const GRAPH_STEPS: u128 = 80_000_000;

/// Steps (word operations, estimated) allowed to one Wythoff Grundy value.
pub const WYTHOFF_GRUNDY_STEPS: u128 = 200_000_000;

/// The budget of one run.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Bytes one computation may allocate.
    pub memory_bytes: u128,
}

impl Budget {
    /// The budget from `--memory MIB`.
    pub fn from_mib(mib: u64) -> Self {
        Budget { memory_bytes: u128::from(mib) << 20 }
    }

    /// The game-nim limits with this memory budget and `steps`.
    pub fn nim_limits(&self, steps: u128) -> game_nim::Limits {
        game_nim::Limits { max_bytes: self.memory_bytes, max_steps: steps }
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
}

/// Refuses an estimated `steps` for `what` above `limit`.
pub fn check_steps(what: impl FnOnce() -> String, steps: u128, limit: u128) -> Result<(), CliError> {
    if steps > limit {
        return Err(CliError::TooMuchWork { what: what(), steps, limit });
    }
    Ok(())
}

/// `bytes` in MiB, rounded up (exact integer arithmetic), for messages.
pub fn mib(bytes: u128) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// Largest `--budget` of the rotation searches (steps or nodes), and the default.
pub const MAX_SEARCH_BUDGET: u64 = 20_000_000;

/// Largest n counted without `--allow-long` (each step of 2 costs about 50 times more).
pub const QUICK_COUNT_N: u64 = 16;
