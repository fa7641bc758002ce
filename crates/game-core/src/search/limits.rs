//! What a search may spend ([`SearchLimits`]) and the typed refusals when it would spend more
//! ([`SearchError`]).

use thiserror::Error;

/// The bounds of one [`Search`](super::Search): memory in bytes and effort in nodes.
///
/// **Memory.** `max_bytes` is split up front: half for the transposition table's slots (the
/// table starts small and doubles while it fits, then replaces entries instead of growing), a
/// quarter for the memory the stored positions own besides their slot (a position that owns a
/// `Vec`, see [`Game::position_bytes`](crate::Game::position_bytes); past it, new entries are not
/// stored), and a quarter for the search stack (the options of every position being expanded,
/// charged as each option comes). A stack that needs more borrows what the table has not yet
/// allocated of its half (the table then grows only within what is left, and gets it back
/// when the stack is empty); past that, the search stops with [`SearchError::MemoryExceeded`]. The cache of values known not to be a component's nimber
/// takes what the table's slots can never use of their half (the slot array doubles, so up to
/// half of that share; at least a sixteenth, none when the table could not spare it), and a
/// sixteenth of the owned share; it grows with the table. So the search never asks for more
/// than `max_bytes` of its own (plus the game's temporary vectors).
///
/// **Effort.** A *node* is one position whose moves were generated. Past `max_nodes` the search
/// stops with [`SearchError::EffortExceeded`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Most bytes the search may hold (table, positions it owns, stack).
    pub max_bytes: usize,
    /// Most nodes (positions expanded).
    pub max_nodes: u64,
}

impl SearchLimits {
    /// `max_bytes` bytes and `max_nodes` nodes.
    pub const fn new(max_bytes: usize, max_nodes: u64) -> Self {
        SearchLimits { max_bytes, max_nodes }
    }
}

impl Default for SearchLimits {
    /// 64 MiB and 100 million nodes: enough for every small example, and a bounded failure
    /// for everything else.
    fn default() -> Self {
        SearchLimits { max_bytes: 64 << 20, max_nodes: 100_000_000 }
    }
}

/// Why a search refused or stopped. Nothing is ever aborted: every limit gives one of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The search expanded `limit` nodes without finishing (the caller's effort limit).
    #[error("the search expanded {limit} positions without an answer (the caller's effort limit)")]
    EffortExceeded {
        /// The limit that was passed.
        limit: u64,
    },
    /// The caller asked the search to stop (see [`Search::with_interrupt`](super::Search::with_interrupt)):
    /// what it found so far stays in its table.
    #[error("the search was interrupted after {nodes} positions")]
    Interrupted {
        /// Positions expanded when it stopped.
        nodes: u64,
    },
    /// The caller's checkpoint (see [`Search::with_checkpoint`](super::Search::with_checkpoint))
    /// failed, and the search stopped there: what it found so far stays in its table.
    #[error("the checkpoint failed: {message}")]
    CheckpointFailed {
        /// Why, as the checkpoint said it.
        message: String,
    },
    /// The positions being expanded need more memory than the stack's share of the budget.
    #[error(
        "the search stack needs {needed} bytes, over its share of {limit} bytes of the caller's memory budget"
    )]
    MemoryExceeded {
        /// The stack's share of the budget, in bytes.
        limit: usize,
        /// Bytes the stack would have needed.
        needed: usize,
    },
    /// The budget cannot hold the smallest transposition table.
    #[error("a memory budget of {budget} bytes is too small; the search needs at least {needed}")]
    BudgetTooSmall {
        /// The budget that was passed, in bytes.
        budget: usize,
        /// The least budget the search accepts for this game's positions.
        needed: usize,
    },
    /// The system refused memory that the budget allowed.
    #[error("the system refused {bytes} bytes for the transposition table")]
    AllocationFailed {
        /// Bytes asked for.
        bytes: usize,
    },
    /// A position has more options than nimbers can number here.
    #[error("a position has {moves} moves; the search supports at most {max}")]
    TooManyMoves {
        /// Moves of the position.
        moves: usize,
        /// The largest number of moves supported.
        max: usize,
    },
}
