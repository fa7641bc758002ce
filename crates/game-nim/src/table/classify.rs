//! One code of the table: its values computed and its class decided.

use serde::{Deserialize, Serialize};

use super::TableBounds;
use crate::sparse::Cells;
use crate::{
    GrundyTable, Limits, NimError, OctalGame, Periodicity, ValueStatistics, guy_smith_periodicity_within,
};

/// The class of a code, for the bounds of [`TableBounds`] (see [`classify_code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CodeClass {
    /// Period proven from the values of heaps `0..trivial_heaps`.
    Trivial,
    /// Period proven from the values of heaps `0..=heaps`, not from fewer than `trivial_heaps`.
    Solved,
    /// No period proven from the values of heaps `0..=heaps`.
    Unsolved,
}

/// One code classified, with the figures of the heaps computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassifiedCode {
    /// The code in its shortest form.
    pub code: String,
    /// Its class.
    pub class: CodeClass,
    /// The exact pre-period and period, proven (trivial and solved codes).
    pub periodicity: Option<Periodicity>,
    /// The heaps whose values were computed: `0..heaps_computed`.
    pub heaps_computed: u64,
    /// The figures of heaps `1..preperiod + period` of a code with a proven period (one
    /// period after the pre-period: every value and its first heap), of heaps
    /// `1..heaps_computed` otherwise: largest value and its first heap, the rare split with the
    /// fewest rare heaps (`frequencies` left empty, to keep the table small).
    pub statistics: ValueStatistics,
    /// The values of heaps `0..preperiod + period` of a code with a proven period, or of every
    /// heap computed otherwise (kept to group codes, not written out).
    #[serde(skip)]
    pub(crate) values: KnownValues,
}

/// What is known of a code's value sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum KnownValues {
    /// Every value: those of heaps `0..preperiod + period`, then periodic.
    Periodic(Periodicity, Vec<u32>),
    /// The values of the heaps computed, nothing beyond.
    Computed(GrundyTable),
}

impl KnownValues {
    /// The value of heap `n`, if known.
    pub(crate) fn get(&self, n: u64) -> Option<u32> {
        match self {
            KnownValues::Periodic(p, prefix) => Some(prefix[p.reduce(n)]),
            KnownValues::Computed(table) => usize::try_from(n).ok().and_then(|n| table.get(n)),
        }
    }

    /// The bytes these values hold (an upper estimate).
    pub(crate) fn kept_bytes(&self) -> u128 {
        match self {
            KnownValues::Periodic(_, prefix) => prefix.len() as u128 * 4,
            KnownValues::Computed(table) => crate::narrow_table_bytes(table.len() as u64, table.width()),
        }
    }

    /// The number of heaps known from 0 (`None`: all of them).
    pub(crate) fn known(&self) -> Option<u64> {
        match self {
            KnownValues::Periodic(..) => None,
            KnownValues::Computed(table) => Some(table.len() as u64),
        }
    }
}

/// Classifies one code: values of heaps `0..trivial_heaps` first, and if the Guy-Smith theorem
/// proves no period from them, values of heaps `0..=heaps` (the library's rare/common kernel,
/// [`OctalGame::grundy_table_within`]) and the search again. `limits` bounds each table (its
/// bytes, estimated before allocation, and its option evaluations) and each period search (its
/// comparisons).
///
/// # Errors
/// [`NimError::BadTableBounds`] for bad bounds; [`NimError::OverMemoryBudget`],
/// [`NimError::OutOfMemory`] or [`NimError::EffortExceeded`] past `limits`.
///
/// ```
/// use game_nim::{CodeClass, Limits, TableBounds, classify_code};
/// let bounds = TableBounds { trivial_heaps: 1000, heaps: 1 << 14 };
/// let kayles = classify_code(&"0.77".parse()?, &bounds, &Limits::UNLIMITED)?;
/// assert_eq!(kayles.class, CodeClass::Trivial);
/// assert_eq!(kayles.periodicity.map(|p| (p.preperiod, p.period)), Some((71, 12)));
/// let dawson = classify_code(&"0.45".parse()?, &bounds, &Limits::UNLIMITED)?;
/// assert_eq!(dawson.class, CodeClass::Solved);
/// assert_eq!(dawson.periodicity.map(|p| (p.preperiod, p.period)), Some((498, 20)));
/// let officers = classify_code(&"0.6".parse()?, &bounds, &Limits::UNLIMITED)?;
/// assert_eq!((officers.class, officers.heaps_computed), (CodeClass::Unsolved, (1 << 14) + 1));
/// # Ok::<(), game_nim::NimError>(())
/// ```
pub fn classify_code(
    game: &OctalGame,
    bounds: &TableBounds,
    limits: &Limits,
) -> Result<ClassifiedCode, NimError> {
    bounds.check()?;
    limits.check_bytes(|| format!("classifying octal game {game}"), bounds.bytes_per_code())?;
    let first = game.grundy_table_within(bounds.trivial_heaps as u64 - 1, limits)?;
    if let Some(found) = prove_period(game, &first, limits)? {
        return classified(game, CodeClass::Trivial, Some(found), first, limits);
    }
    drop(first);
    let table = game.grundy_table_within(bounds.heaps, limits)?;
    let found = prove_period(game, &table, limits)?;
    let class = if found.is_some() { CodeClass::Solved } else { CodeClass::Unsolved };
    classified(game, class, found, table, limits)
}

fn prove_period(
    game: &OctalGame,
    table: &GrundyTable,
    limits: &Limits,
) -> Result<Option<Periodicity>, NimError> {
    guy_smith_periodicity_within(&table.to_vec(), game.max_take(), limits)
}

fn classified(
    game: &OctalGame,
    class: CodeClass,
    periodicity: Option<Periodicity>,
    table: GrundyTable,
    limits: &Limits,
) -> Result<ClassifiedCode, NimError> {
    let heaps_computed = table.len() as u64;
    let (mut statistics, values) = match periodicity {
        Some(p) => {
            // One pre-period and one period: every value of the sequence and its first heap.
            let prefix: Vec<u32> = table.iter().take(p.preperiod + p.period).collect();
            let statistics = GrundyTable::from_cells(Cells::U32(prefix.clone())).statistics(limits)?;
            (statistics, KnownValues::Periodic(p, prefix))
        }
        None => (table.statistics(limits)?, KnownValues::Computed(table)),
    };
    statistics.frequencies = Vec::new();
    Ok(ClassifiedCode { code: game.to_string(), class, periodicity, heaps_computed, statistics, values })
}
