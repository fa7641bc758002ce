//! The octal table in shards: shard `I` of `K` classifies the codes whose place in
//! [`octal_codes_up_to_three_digits`] is `I` modulo `K` (every `K`-th code, so the costly
//! unsolved codes spread over the shards), and [`merge_table_shards`] joins `K` shards into the
//! table that [`super::octal_table`] gives in one run, refusing anything incomplete or mixed.
//!
//! A shard keeps, for each code, the values the grouping reads (one pre-period and period of a
//! proven code, every heap computed of an unsolved one), so the merge groups the codes by their
//! values exactly as one run does. The merge recomputes each code's figures from those values
//! and refuses a shard whose figures do not follow from them; it does not compute the values
//! again (that is the shards' work): a shard's file carries a SHA-256 of its content
//! ([`TableShard::to_file_text`]), which refuses a value changed in the file, and `cargo xtask
//! records --octal-table` compares the merged table with the record of a run.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::TableBounds;
use super::build::{OctalTable, classify_codes};
use super::classify::{ClassifiedCode, CodeClass, KnownValues};
use super::codes::octal_codes_up_to_three_digits;
use crate::sparse::{Cells, GrundyTable};
use crate::{Limits, NimError, Periodicity, ValueStatistics};

/// The `format` of a [`TableShard`].
pub const TABLE_SHARD_FORMAT: &str = "game-nim octal table shard";
/// The `version` of a [`TableShard`].
pub const TABLE_SHARD_VERSION: u32 = 1;

/// One shard of the octal table: shard `index` of `count`, the codes of
/// [`octal_codes_up_to_three_digits`] whose place is `index` modulo `count`, classified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableShard {
    /// [`TABLE_SHARD_FORMAT`].
    pub format: String,
    /// [`TABLE_SHARD_VERSION`].
    pub version: u32,
    /// The bounds of the classification (equal in every shard of one table).
    pub bounds: TableBounds,
    /// This shard's index, `0..count`.
    pub index: usize,
    /// The number of shards of the table.
    pub count: usize,
    /// The codes of the shard, in table order.
    pub codes: Vec<ShardCode>,
}

impl TableShard {
    /// The shard as the text of its file: its JSON on one line, sealed with a SHA-256 of its
    /// content (game-core's [`sealed_json`](game_core::sealed_json)). The merge checks that a
    /// code's figures follow from its values, but not the values themselves (that would be
    /// the shard's work again): the digest is what refuses a changed value.
    pub fn to_file_text(&self) -> String {
        game_core::sealed_json::seal(self, false)
    }

    /// The shard in the text of its file ([`TableShard::to_file_text`]), once its digest
    /// matches its content.
    ///
    /// # Errors
    /// The [`SealError`](game_core::sealed_json::SealError) of a text that is not a sealed
    /// shard, among them `NoDigest` for a file written before shard files carried a digest.
    pub fn from_file_text(text: &str) -> Result<Self, game_core::sealed_json::SealError> {
        game_core::sealed_json::open(text)
    }
}

/// One code of a [`TableShard`]: its classification and the values the grouping reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardCode {
    /// The code in its shortest form.
    pub code: String,
    /// Its class.
    pub class: CodeClass,
    /// Its proven pre-period and period (trivial and solved codes).
    pub periodicity: Option<Periodicity>,
    /// The heaps computed: `0..heaps_computed`.
    pub heaps_computed: u64,
    /// Its figures, as in [`ClassifiedCode::statistics`].
    pub statistics: ValueStatistics,
    /// The values of heaps `0..preperiod + period` of a proven code, of every heap computed
    /// of an unsolved one.
    pub values: Vec<u32>,
}

/// Why shards do not make one table ([`merge_table_shards`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableShardError {
    /// No shard was given.
    #[error("no shard to merge")]
    NoShards,
    /// A shard of another format or version.
    #[error(
        "shard {index}: format {format:?} version {version}, not {TABLE_SHARD_FORMAT:?} version {TABLE_SHARD_VERSION}"
    )]
    UnknownFormat {
        /// The shard's index.
        index: usize,
        /// Its format.
        format: String,
        /// Its version.
        version: u32,
    },
    /// A shard with other bounds than the first.
    #[error("shard {index} was computed with bounds {found:?}, the first shard with {expected:?}")]
    MismatchedBounds {
        /// The shard's index.
        index: usize,
        /// The first shard's bounds.
        expected: TableBounds,
        /// This shard's.
        found: TableBounds,
    },
    /// A shard of a table cut into another number of shards.
    #[error("shard {index} is one of {found} shards, the first shard one of {expected}")]
    MixedShardCounts {
        /// The shard's index.
        index: usize,
        /// The first shard's count.
        expected: usize,
        /// This shard's.
        found: usize,
    },
    /// An index that is not below the count.
    #[error("shard index {index} is not below the number of shards {count}")]
    BadShardIndex {
        /// The index.
        index: usize,
        /// The count.
        count: usize,
    },
    /// The same shard given twice.
    #[error("shard {index} is given twice")]
    DuplicateShard {
        /// The index.
        index: usize,
    },
    /// A shard not given.
    #[error("shard {index} of {count} is missing")]
    MissingShard {
        /// The index.
        index: usize,
        /// The count.
        count: usize,
    },
    /// A code found twice among the shards.
    #[error("code {code} appears more than once in the shards")]
    DuplicateCode {
        /// The code.
        code: String,
    },
    /// A shard that does not hold exactly the codes of its place.
    #[error("shard {index} of {count} does not hold exactly its codes: {reason}")]
    WrongCodes {
        /// The shard's index.
        index: usize,
        /// The count.
        count: usize,
        /// What is wrong.
        reason: String,
    },
    /// A code whose figures do not follow from its values.
    #[error("code {code}: {reason}")]
    InconsistentCode {
        /// The code.
        code: String,
        /// What does not follow.
        reason: String,
    },
    /// Recomputing a code's figures passed the budget.
    #[error(transparent)]
    Nim(#[from] NimError),
}

/// The codes of shard `index` of `count`, in table order (every `count`-th code from `index`).
fn shard_codes(index: usize, count: usize) -> Vec<String> {
    octal_codes_up_to_three_digits().iter().skip(index).step_by(count.max(1)).map(|g| g.to_string()).collect()
}

/// Classifies the codes of shard `index` of `count` ([`super::octal_table`]'s classification,
/// the same `limits`; `progress` is told each code with its place in the shard).
///
/// # Errors
/// [`NimError::BadTableBounds`] when `count` is 0 or `index >= count`; as
/// [`super::octal_table`] otherwise.
///
/// ```
/// use game_nim::{Limits, TableBounds, merge_table_shards, octal_table, octal_table_shard};
/// let bounds = TableBounds { trivial_heaps: 200, heaps: 1 << 10 };
/// let shards: Vec<_> = (0..3)
///     .map(|i| octal_table_shard(i, 3, &bounds, &Limits::UNLIMITED, &mut |_, _| {}))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(shards[1].codes[0].code, "0.001");
/// let merged = merge_table_shards(shards, &Limits::UNLIMITED).unwrap();
/// let games = game_nim::octal_codes_up_to_three_digits();
/// assert_eq!(merged, octal_table(&games, &bounds, &Limits::UNLIMITED, &mut |_, _| {})?);
/// # Ok::<(), game_nim::NimError>(())
/// ```
pub fn octal_table_shard(
    index: usize,
    count: usize,
    bounds: &TableBounds,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, &ClassifiedCode),
) -> Result<TableShard, NimError> {
    if index >= count {
        return Err(NimError::BadTableBounds { reason: format!("shard {index} of {count}: not a shard") });
    }
    let games: Vec<_> = octal_codes_up_to_three_digits().into_iter().skip(index).step_by(count).collect();
    let codes = classify_codes(&games, bounds, limits, progress)?;
    Ok(TableShard {
        format: TABLE_SHARD_FORMAT.to_string(),
        version: TABLE_SHARD_VERSION,
        bounds: *bounds,
        index,
        count,
        codes: codes.into_iter().map(shard_code).collect(),
    })
}

fn shard_code(c: ClassifiedCode) -> ShardCode {
    let values = match &c.values {
        KnownValues::Periodic(_, prefix) => prefix.clone(),
        KnownValues::Computed(table) => table.to_vec(),
    };
    ShardCode {
        code: c.code,
        class: c.class,
        periodicity: c.periodicity,
        heaps_computed: c.heaps_computed,
        statistics: c.statistics,
        values,
    }
}

/// Joins shards into the table (codes in table order, grouped as [`super::octal_table`] groups
/// them). Every shard must have the format, the bounds and the count of the first; every index
/// `0..count` must be there once; every code once, each in the shard of its place; and every
/// code's figures must follow from its values (recomputed here, within `limits`).
///
/// # Errors
/// The first [`TableShardError`] found, checked in that order ([`TableShardError::Nim`] for
/// bounds that [`TableBounds::check`] refuses or figures past the budget).
pub fn merge_table_shards(
    mut shards: Vec<TableShard>,
    limits: &Limits,
) -> Result<OctalTable, TableShardError> {
    let first = shards.first().ok_or(TableShardError::NoShards)?;
    let (bounds, count) = (first.bounds, first.count);
    // Bounds up to MAX_TABLE_BOUND: the sizes below cannot overflow.
    bounds.check()?;
    for s in &shards {
        if s.format != TABLE_SHARD_FORMAT || s.version != TABLE_SHARD_VERSION {
            let (format, version) = (s.format.clone(), s.version);
            return Err(TableShardError::UnknownFormat { index: s.index, format, version });
        }
        if s.bounds != bounds {
            return Err(TableShardError::MismatchedBounds {
                index: s.index,
                expected: bounds,
                found: s.bounds,
            });
        }
        if s.count != count {
            return Err(TableShardError::MixedShardCounts {
                index: s.index,
                expected: count,
                found: s.count,
            });
        }
        if s.index >= count {
            return Err(TableShardError::BadShardIndex { index: s.index, count });
        }
    }
    let mut seen = BTreeSet::new();
    for s in &shards {
        if !seen.insert(s.index) {
            return Err(TableShardError::DuplicateShard { index: s.index });
        }
    }
    if let Some(index) = (0..count).find(|i| !seen.contains(i)) {
        return Err(TableShardError::MissingShard { index, count });
    }
    let mut codes = BTreeSet::new();
    for c in shards.iter().flat_map(|s| &s.codes) {
        if !codes.insert(c.code.as_str()) {
            return Err(TableShardError::DuplicateCode { code: c.code.clone() });
        }
    }
    for s in &shards {
        let expected = shard_codes(s.index, count);
        let found: Vec<&str> = s.codes.iter().map(|c| c.code.as_str()).collect();
        if found != expected {
            let reason = match expected.iter().zip(&found).find(|(e, f)| e != f) {
                Some((e, f)) => format!("{f} where {e} belongs"),
                None => format!("{} codes, not {}", found.len(), expected.len()),
            };
            return Err(TableShardError::WrongCodes { index: s.index, count, reason });
        }
    }
    // Back in table order: code i of the table is code i / count of shard i % count.
    shards.sort_by_key(|s| s.index);
    let mut per_shard: Vec<std::vec::IntoIter<ShardCode>> =
        shards.into_iter().map(|s| s.codes.into_iter()).collect();
    let total: usize = per_shard.iter().map(ExactSizeIterator::len).sum();
    let mut table = Vec::with_capacity(total);
    for i in 0..total {
        let c = per_shard[i % count].next().expect("the shards hold the codes of their places");
        table.push(classified_code(c, &bounds, limits)?);
    }
    Ok(OctalTable::from_codes(bounds, table))
}

/// A shard's code as it was classified, once its figures are found to follow from its values.
fn classified_code(
    c: ShardCode,
    bounds: &TableBounds,
    limits: &Limits,
) -> Result<ClassifiedCode, TableShardError> {
    let inconsistent = |reason: String| TableShardError::InconsistentCode { code: c.code.clone(), reason };
    let proven = matches!(c.class, CodeClass::Trivial | CodeClass::Solved);
    if proven != c.periodicity.is_some() {
        return Err(inconsistent(format!("class {:?} with periodicity {:?}", c.class, c.periodicity)));
    }
    let expected_len = match c.periodicity {
        Some(p) => p.preperiod as u128 + p.period as u128,
        None => u128::from(bounds.heaps) + 1,
    };
    if c.values.len() as u128 != expected_len {
        return Err(inconsistent(format!("{} values kept, not {expected_len}", c.values.len())));
    }
    if c.periodicity.is_none() && c.heaps_computed != bounds.heaps + 1 {
        return Err(inconsistent(format!("{} heaps computed, not {}", c.heaps_computed, bounds.heaps + 1)));
    }
    let largest = c.values.iter().copied().max().unwrap_or(0);
    let cells = match largest {
        0..=255 => Cells::U8(c.values.iter().map(|&v| v as u8).collect()),
        256..=65_535 => Cells::U16(c.values.iter().map(|&v| v as u16).collect()),
        _ => Cells::U32(c.values.clone()),
    };
    let table = GrundyTable::from_cells(cells);
    let mut statistics = table.statistics(limits)?;
    statistics.frequencies = Vec::new();
    if statistics != c.statistics {
        return Err(inconsistent(format!("figures {:?}, but the values give {statistics:?}", c.statistics)));
    }
    let values = match c.periodicity {
        Some(p) => KnownValues::Periodic(p, c.values),
        None => KnownValues::Computed(table),
    };
    Ok(ClassifiedCode {
        code: c.code,
        class: c.class,
        periodicity: c.periodicity,
        heaps_computed: c.heaps_computed,
        statistics,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> TableBounds {
        TableBounds { trivial_heaps: 200, heaps: 1 << 9 }
    }

    fn shards(count: usize) -> Vec<TableShard> {
        (0..count)
            .map(|i| octal_table_shard(i, count, &bounds(), &Limits::UNLIMITED, &mut |_, _| {}).unwrap())
            .collect()
    }

    fn merge(shards: Vec<TableShard>) -> Result<OctalTable, TableShardError> {
        merge_table_shards(shards, &Limits::UNLIMITED)
    }

    /// Any number of shards, in any order, merge to the table of one run (codes, values and
    /// groups).
    #[test]
    fn shards_merge_to_the_table_of_one_run() {
        let games = octal_codes_up_to_three_digits();
        let whole = super::super::octal_table(&games, &bounds(), &Limits::UNLIMITED, &mut |_, _| {}).unwrap();
        assert!(!whole.groups.is_empty());
        for count in [1, 2, 7, 1024] {
            let mut parts = shards(count);
            parts.reverse();
            assert_eq!(merge(parts).unwrap(), whole, "{count} shards");
        }
        assert!(matches!(
            octal_table_shard(5, 5, &bounds(), &Limits::UNLIMITED, &mut |_, _| {}),
            Err(NimError::BadTableBounds { .. })
        ));
        assert!(matches!(
            octal_table_shard(0, 0, &bounds(), &Limits::UNLIMITED, &mut |_, _| {}),
            Err(NimError::BadTableBounds { .. })
        ));
    }

    /// A shard's file reads back as the shard; a value changed in it (even one whose figures
    /// the merge would find consistent) is refused by its digest, and so is a file without one.
    #[test]
    fn a_shard_file_refuses_any_changed_value() {
        use game_core::sealed_json::SealError;
        let shard = shards(3).swap_remove(1);
        let text = shard.to_file_text();
        assert_eq!(TableShard::from_file_text(&text), Ok(shard.clone()));
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let code = shard.codes.iter().position(|c| c.values.len() > 10).unwrap();
        let last = shard.codes[code].values.len() - 1;
        let old = shard.codes[code].values[last];
        value["codes"][code]["values"][last] = (old ^ 1).into();
        assert_eq!(TableShard::from_file_text(&value.to_string()), Err(SealError::Mismatch));
        value["codes"][code]["values"][last] = old.into();
        value["codes"][code]["heaps_computed"] = (shard.codes[code].heaps_computed + 1).into();
        assert_eq!(TableShard::from_file_text(&value.to_string()), Err(SealError::Mismatch));
        let unsealed = serde_json::to_string(&shard).unwrap();
        assert_eq!(TableShard::from_file_text(&unsealed), Err(SealError::NoDigest));
    }

    #[test]
    fn incomplete_or_mixed_shards_are_refused() {
        let parts = shards(4);
        assert_eq!(merge(Vec::new()), Err(TableShardError::NoShards));
        // Missing.
        let mut missing = parts.clone();
        missing.remove(2);
        assert_eq!(merge(missing), Err(TableShardError::MissingShard { index: 2, count: 4 }));
        // Given twice.
        let mut twice = parts.clone();
        twice.push(parts[1].clone());
        assert_eq!(merge(twice), Err(TableShardError::DuplicateShard { index: 1 }));
        // A code of shard 0 also in shard 1.
        let mut duplicate = parts.clone();
        let stolen = duplicate[0].codes[5].clone();
        duplicate[1].codes.push(stolen.clone());
        assert_eq!(merge(duplicate), Err(TableShardError::DuplicateCode { code: stolen.code.clone() }));
        // A code moved from shard 0 to shard 1.
        let mut moved = parts.clone();
        let code = moved[0].codes.remove(5);
        moved[1].codes.push(code);
        assert!(matches!(merge(moved), Err(TableShardError::WrongCodes { index: 0, count: 4, .. })));
        // A code missing altogether.
        let mut lost = parts.clone();
        lost[3].codes.pop();
        assert!(matches!(merge(lost), Err(TableShardError::WrongCodes { index: 3, .. })));
        // Other bounds, another count, a bad index, another format.
        let mut other = parts.clone();
        other[2] = octal_table_shard(
            2,
            4,
            &TableBounds { heaps: 1 << 10, ..bounds() },
            &Limits::UNLIMITED,
            &mut |_, _| {},
        )
        .unwrap();
        assert!(matches!(merge(other), Err(TableShardError::MismatchedBounds { index: 2, .. })));
        let mut mixed = parts.clone();
        mixed[3].count = 5;
        assert_eq!(merge(mixed), Err(TableShardError::MixedShardCounts { index: 3, expected: 4, found: 5 }));
        let mut bad = parts.clone();
        for s in &mut bad {
            s.count = 3;
        }
        assert_eq!(merge(bad), Err(TableShardError::BadShardIndex { index: 3, count: 3 }));
        let mut old = parts.clone();
        old[0].version = 0;
        assert!(matches!(merge(old), Err(TableShardError::UnknownFormat { index: 0, .. })));
    }

    #[test]
    fn figures_that_do_not_follow_from_the_values_are_refused() {
        let parts = shards(2);
        let find = |parts: &mut Vec<TableShard>, class| -> (usize, usize) {
            for (s, shard) in parts.iter().enumerate() {
                if let Some(c) = shard.codes.iter().position(|c| c.class == class && c.statistics.largest > 1)
                {
                    return (s, c);
                }
            }
            panic!("no {class:?} code")
        };
        for class in [CodeClass::Trivial, CodeClass::Unsolved] {
            let mut edited = parts.clone();
            let (s, c) = find(&mut edited, class);
            edited[s].codes[c].statistics.largest += 1;
            assert!(matches!(merge(edited), Err(TableShardError::InconsistentCode { .. })), "{class:?}");
            let mut edited = parts.clone();
            edited[s].codes[c].values.pop();
            assert!(matches!(merge(edited), Err(TableShardError::InconsistentCode { .. })), "{class:?}");
            let mut edited = parts.clone();
            edited[s].codes[c].periodicity = match class {
                CodeClass::Unsolved => Some(Periodicity { preperiod: 0, period: 1 }),
                _ => None,
            };
            assert!(matches!(merge(edited), Err(TableShardError::InconsistentCode { .. })), "{class:?}");
        }
    }
}
