//! The whole table: every code classified, then grouped.

use serde::Serialize;

use super::TableBounds;
use super::classify::{ClassifiedCode, classify_code};
use super::groups::{CodeGroup, group_codes};
use super::shifted::{ShiftedCodes, shifted_codes};
use crate::{Limits, NimError, OctalGame};

/// The octal table: the bounds, every code classified (in the order given) and the groups of
/// codes with equal value sequences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OctalTable {
    /// The bounds used.
    pub bounds: TableBounds,
    /// Every code, classified.
    pub codes: Vec<ClassifiedCode>,
    /// Groups of two or more codes with equal sequences (see [`CodeGroup`]).
    pub groups: Vec<CodeGroup>,
    /// Proven codes whose sequences agree after a shift (see [`ShiftedCodes`]).
    pub shifted: Vec<ShiftedCodes>,
}

impl OctalTable {
    /// The table of `codes` (in table order): grouped, and the shifted agreements found.
    pub(crate) fn from_codes(bounds: TableBounds, codes: Vec<ClassifiedCode>) -> Self {
        let groups = group_codes(&codes);
        let shifted = shifted_codes(&codes, &groups);
        OctalTable { bounds, codes, groups, shifted }
    }
}

/// Classifies `games` ([`classify_code`]) and groups them. The values of every unsolved code
/// are kept until the grouping (one or two bytes a heap): before each code, the bytes kept so
/// far plus [`TableBounds::bytes_per_code`] are checked against `limits.max_bytes`. `limits`
/// bounds each code's work as in [`classify_code`]. `progress` is told each code when it is
/// classified (index, code).
///
/// # Errors
/// As [`classify_code`], the first error of any code; [`NimError::OverMemoryBudget`] when the
/// kept values would pass the budget.
///
/// ```
/// use game_nim::{GroupAgreement, Limits, TableBounds, octal_table};
/// let games = ["0.02", "0.07", "0.021", "0.6"].map(|c| c.parse().unwrap());
/// let bounds = TableBounds { trivial_heaps: 1000, heaps: 1 << 12 };
/// let table = octal_table(&games, &bounds, &Limits::UNLIMITED, &mut |_, _| {})?;
/// // 0.02 and 0.021 have equal values at every heap, proven.
/// assert_eq!(table.groups.len(), 1);
/// assert_eq!(table.groups[0].codes, ["0.02", "0.021"]);
/// assert_eq!(table.groups[0].agreement, GroupAgreement::Proven);
/// # Ok::<(), game_nim::NimError>(())
/// ```
pub fn octal_table(
    games: &[OctalGame],
    bounds: &TableBounds,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, &ClassifiedCode),
) -> Result<OctalTable, NimError> {
    let codes = classify_codes(games, bounds, limits, progress)?;
    Ok(OctalTable::from_codes(*bounds, codes))
}

/// Classifies `games` in order, the values of every unsolved code kept (see [`octal_table`]).
pub(crate) fn classify_codes(
    games: &[OctalGame],
    bounds: &TableBounds,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, &ClassifiedCode),
) -> Result<Vec<ClassifiedCode>, NimError> {
    bounds.check()?;
    let mut kept: u128 = 0;
    let mut codes = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        limits.check_bytes(
            || format!("the octal table, {i} codes kept, then {game}"),
            kept.saturating_add(bounds.bytes_per_code()),
        )?;
        let classified =
            classify_code(game, bounds, &Limits { max_bytes: limits.max_bytes - kept, ..*limits })?;
        kept = kept.saturating_add(classified.values.kept_bytes());
        progress(i, &classified);
        codes.push(classified);
    }
    Ok(codes)
}
