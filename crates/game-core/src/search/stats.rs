//! What a search did, in numbers a user can read: [`SearchStats`].

use serde::Serialize;

/// Counters of one [`Search`](super::Search), cumulative over its calls. Deterministic: the same
/// calls with the same limits give the same counts (the table's hash has a fixed seed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SearchStats {
    /// Positions whose moves were generated (the effort measure of [`SearchLimits`](super::SearchLimits)).
    pub nodes: u64,
    /// Components whose value the transposition table knew.
    pub table_hits: u64,
    /// Values stored in the table.
    pub table_stores: u64,
    /// Stored values that replaced another entry (the table was full).
    pub table_replacements: u64,
    /// Values not stored because the positions' own memory would pass its share of the budget.
    pub table_refusals: u64,
    /// Entries in the table now: the components whose value is cached.
    pub components_cached: u64,
    /// Bytes of the table's slots now.
    pub table_bytes: u64,
    /// Options never examined because the pruned search had already settled their position.
    pub pruned: u64,
    /// Components whose question was settled while their options were still being produced
    /// (every value asked about is the value of an option already known), the rest never
    /// generated.
    pub cut_while_expanding: u64,
    /// Questions "is the nimber of this component among these values?" answered without
    /// expanding the component, because an earlier expansion had shown every one of the values
    /// to be the value of one of its options (not counted in `nodes`).
    pub refuted: u64,
    /// Pairs of equal components cancelled (G + G = 0) before any search.
    pub pairs_cancelled: u64,
    /// Deepest stack reached (positions being expanded at once).
    pub max_depth: u64,
}
