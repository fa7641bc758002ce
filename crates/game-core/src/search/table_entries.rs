//! The table's values out and in: the hooks through which a caller keeps what a search found
//! beyond one process (a table file of the `game-search-runs` crate, another store of its
//! own), so that the solver never touches a file.
//!
//! What goes out and in: the entries of the table's slots, each a component, its nimber and
//! its *work* (the positions its search expanded, saturated at `u32::MAX`: what finding it
//! again would cost, and what the table keeps first when it is full). Not the values of
//! components with a dense index ([`SearchGame::dense_index`]: the index does not give back the
//! component, and such components are the small ones, quick to find again), nor the cache of
//! values refuted. A value is the nimber of its component whatever search found it, so values
//! of earlier searches, of other positions of the same game and of several searches together
//! all serve.

use super::{Search, SearchError};
use crate::SearchGame;

impl<G: SearchGame> Search<'_, G> {
    /// The entries of the table's slots: each component with its nimber and work, in the
    /// table's order. Cost: one pass over the slots.
    pub fn table_entries(&self) -> impl Iterator<Item = (&G::Position, u32, u32)> {
        self.table.slot_entries()
    }

    /// How many entries [`Search::table_entries`] gives.
    pub fn table_entry_count(&self) -> usize {
        self.table.slot_len()
    }

    /// Prepares an empty table for about `entries` values to come by [`Search::preload`]: its
    /// slots allocated once, for half load within the budget, instead of doubling into it.
    /// Does nothing once the table holds a value. A count larger than the truth costs at most
    /// the budget's slots.
    pub fn reserve_table(&mut self, entries: u64) {
        if self.table.presize(entries) {
            self.stats.table_bytes = self.table.slot_bytes() as u64;
        }
    }

    /// Stores a value found earlier: `nimber` is the nimber of `component` (written
    /// canonically, as [`SearchGame::components`] writes it), found after `work` positions. Stored
    /// as a search stores it, within the budget (a full table keeps the costlier entries) and
    /// counted in the statistics. The value is taken as given: a caller that reads values from
    /// a file must refuse damage first. Refused (`false`) for a nimber no component has here:
    /// `u32::MAX - 1` and `u32::MAX`, the table's own marks.
    #[must_use]
    pub fn preload(&mut self, component: &G::Position, nimber: u32, work: u64) -> bool {
        if nimber >= u32::MAX - 1 {
            return false;
        }
        self.remember(component, nimber, work);
        true
    }

    /// Empties the table (its first slots only, the same bounds): for a caller that finds its
    /// values damaged part of the way through preloading them.
    ///
    /// # Errors
    /// [`SearchError::AllocationFailed`] when the system refuses the first slots.
    pub fn clear_table(&mut self) -> Result<(), SearchError> {
        self.table = self.table.emptied()?;
        self.stats.components_cached = self.table.len() as u64;
        self.stats.table_bytes = self.table.slot_bytes() as u64;
        Ok(())
    }
}
