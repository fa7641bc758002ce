//! The one error type of game-takebreak.

use thiserror::Error;

/// What can go wrong in this crate: a table too large for the memory or the effort allowed,
/// or a move that is not a move of the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TakeBreakError {
    /// The table of values would need more memory than the caller allows (estimated before
    /// anything is allocated).
    #[error(
        "the table of heaps 0..={up_to} needs up to {needed} bytes, more than the limit of {limit} bytes"
    )]
    MemoryLimit {
        /// The largest heap asked for.
        up_to: u64,
        /// The estimated worst case, in bytes (saturated at `u64::MAX`).
        needed: u64,
        /// The caller's limit, in bytes.
        limit: u64,
    },
    /// A heap larger than the tables support (indices are stored as `u32`).
    #[error("heap size {heap} is too large for a table of values (maximum {max})")]
    HeapTooLarge {
        /// The heap size asked for.
        heap: u64,
        /// The largest supported heap size.
        max: u64,
    },
    /// The plain method is quadratic; it refuses tables whose work would take minutes.
    #[error(
        "the plain method refuses heaps beyond {max} (quadratic work); asked for {up_to}; use grundy_values"
    )]
    TooMuchWork {
        /// The largest heap asked for.
        up_to: u64,
        /// The largest heap the plain method accepts.
        max: u64,
    },
    /// A split that is not a move: the parts must be nonempty, unequal and add up to the heap.
    #[error(
        "illegal split of heap {heap} (size {size}) into {left} + {right}: the parts must be nonempty, unequal and add up to {size}"
    )]
    IllegalSplit {
        /// Index of the heap in the position (from 0).
        heap: usize,
        /// Its size.
        size: u64,
        /// The first part asked for.
        left: u64,
        /// The second part asked for.
        right: u64,
    },
    /// A stored value (of a table resumed from a file) that the check on load finds wrong: a
    /// file of another game, or a damaged one.
    #[error(
        "heap {heap} is stored with the value {stored}, but its splits give {computed}: not Grundy's game's values (a damaged file?)"
    )]
    WrongStoredValue {
        /// The heap.
        heap: u64,
        /// The value stored for it.
        stored: u32,
        /// The value its splits give, from the stored values of smaller heaps.
        computed: u32,
    },
    /// A move names a heap that does not exist.
    #[error("heap index {heap} out of range (there are {heaps} heaps)")]
    NoSuchHeap {
        /// The index given.
        heap: usize,
        /// The number of heaps.
        heaps: usize,
    },
}
