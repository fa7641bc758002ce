//! The octal table: every octal code with up to three digits after the point classified as
//! trivial, solved or unsolved, and codes with equal value sequences grouped.
//!
//! * [`octal_codes_up_to_three_digits`] lists the 1024 codes `0.d1d2d3` and `4.d1d2d3` (each in
//!   its shortest form: `0.100` is the game `0.1`).
//! * [`classify_code`] computes one code's values and decides its [`CodeClass`].
//! * [`octal_table`] classifies a list of codes and groups them ([`CodeGroup`]).
//! * Proven codes whose sequences agree after a shift of up to [`MAX_SHIFT`] heaps are listed
//!   ([`ShiftedCodes`], decided exactly from their periods); [`shift_proven_by_options`] proves
//!   a shift from the moves of two codes, unsolved ones included.
//! * [`octal_table_shard`] classifies one shard of the codes (every `K`-th), and
//!   [`merge_table_shards`] joins `K` shards into the table of one run, refusing missing,
//!   repeated or mixed shards ([`TableShardError`]).
//!
//! The classes, for [`TableBounds`] `trivial_heaps` (1000 by default) and `heaps` (2^20):
//!
//! * **trivial**: the Guy-Smith theorem ([`crate::guy_smith_periodicity`]) proves the period
//!   from the values of heaps `0..trivial_heaps`;
//! * **solved**: it proves the period from the values of heaps `0..=heaps`, not from fewer
//!   than `trivial_heaps`;
//! * **unsolved**: no period is proven from heaps `0..=heaps`; the figures of those heaps
//!   ([`crate::ValueStatistics`]) are kept.

mod build;
mod classify;
mod codes;
mod groups;
mod option_shift;
mod shard;
mod shifted;

pub use build::{OctalTable, octal_table};
pub use classify::{ClassifiedCode, CodeClass, classify_code};
pub use codes::octal_codes_up_to_three_digits;
pub use groups::{CodeGroup, GroupAgreement};
pub use option_shift::shift_proven_by_options;
pub use shard::{
    ShardCode, TABLE_SHARD_FORMAT, TABLE_SHARD_VERSION, TableShard, TableShardError, merge_table_shards,
    octal_table_shard,
};
pub use shifted::{MAX_SHIFT, ShiftedCodes};

use serde::{Deserialize, Serialize};

use crate::NimError;

/// The heap bounds of the classification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableBounds {
    /// A period proven from the values of heaps `0..trivial_heaps` makes a code trivial.
    pub trivial_heaps: usize,
    /// The last heap computed for a code that is not trivial (heaps `0..=heaps`).
    pub heaps: u64,
}

impl Default for TableBounds {
    /// Trivial below 1000 heaps, solved or unsolved at 2^20 heaps (heaps `0..=2^20`).
    fn default() -> Self {
        TableBounds { trivial_heaps: 1000, heaps: 1 << 20 }
    }
}

/// The largest `heaps` bound accepted (2^32): the Guy-Smith search reads the values as `u32`s,
/// 4 bytes a heap.
pub const MAX_TABLE_BOUND: u64 = 1 << 32;

impl TableBounds {
    /// Checks the bounds.
    ///
    /// # Errors
    /// [`NimError::BadTableBounds`] unless `1 <= trivial_heaps <= heaps + 1` and
    /// `heaps <= MAX_TABLE_BOUND`.
    pub fn check(&self) -> Result<(), NimError> {
        let bad = |reason: String| Err(NimError::BadTableBounds { reason });
        if self.trivial_heaps == 0 {
            return bad("trivial_heaps must be at least 1".to_string());
        }
        if self.heaps > MAX_TABLE_BOUND {
            return bad(format!("heaps {} is above the maximum {MAX_TABLE_BOUND}", self.heaps));
        }
        if self.trivial_heaps as u128 > u128::from(self.heaps) + 1 {
            return bad(format!(
                "trivial_heaps {} is above heaps + 1 = {}",
                self.trivial_heaps,
                u128::from(self.heaps) + 1
            ));
        }
        Ok(())
    }

    /// An upper estimate of the bytes one code needs while it is classified: its table (two
    /// bytes a heap while every value is below 65 536, with scratch) and the `u32` copy the
    /// Guy-Smith search reads (four bytes a heap).
    pub fn bytes_per_code(&self) -> u128 {
        crate::narrow_table_bytes(self.heaps, crate::CellWidth::U16) + (u128::from(self.heaps) + 1) * 4
    }
}
