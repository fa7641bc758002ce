//! What a search did, in numbers a user can read: [`SearchStats`].

use std::fmt;

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
    /// expanding the component, because every one of the values was known not to be its
    /// nimber: the value of one of its options seen in an earlier expansion, or in a set an
    /// earlier question about it was answered "not in" (not counted in `nodes`).
    pub refuted: u64,
    /// Pairs of equal components cancelled (G + G = 0) before any search.
    pub pairs_cancelled: u64,
    /// Deepest stack reached (positions being expanded at once).
    pub max_depth: u64,
    /// Bytes charged to the search stack now (the frames of the positions being expanded and
    /// their options waiting to be searched; [`SearchLimits`](super::SearchLimits) says what
    /// it may hold):
    /// 0 once a question is answered, since every frame gives back what it was charged; after
    /// an error, what the stopped search held, until the next question starts afresh.
    pub stack_bytes: u64,
    /// The most bytes the search stack was charged at once, over every question so far: at
    /// most its quarter of the budget and what the table had not yet taken of its half.
    pub peak_stack_bytes: u64,
    /// Where the search is now (for a progress callback); empty once it has answered.
    pub path: SearchPath,
}

/// Where a search is now: from the root down, at each level the option being searched and
/// how many there are, for a user watching a long search (see [`SearchStats::path`]).
///
/// The pruned and plain searches give one level per component being expanded: its option
/// being searched among the options whose value the table did not know. The aspiration
/// method gives two levels for the root component first: the question being asked ("is the
/// nimber r?", as the option r of the possible values 0 to the number of options) and the
/// option being asked among those still open for it. Only the first [`SearchPath::MAX_LEVELS`]
/// levels are kept. Empty when no search is running.
///
/// A search of hours spends most of its time deep down, so the first levels move slowly: a
/// root that stays at the same option across sittings of a search is no sign of a stall, but
/// one whose option goes back is (the table lost what it had found).
#[derive(Clone, Copy, Default)]
pub struct SearchPath {
    levels: u8,
    steps: [PathStep; SearchPath::MAX_LEVELS],
}

/// One level of a [`SearchPath`]: option `option` (from 0) of `options`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PathStep {
    /// The option being searched, counted from 0.
    pub option: u32,
    /// The options of this level.
    pub options: u32,
}

impl SearchPath {
    /// The most levels a path keeps.
    pub const MAX_LEVELS: usize = 8;

    /// The levels kept, root first.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps[..usize::from(self.levels)]
    }

    /// Records that level `level` searches option `option` of `options`: the levels below it
    /// are done with. Levels from [`SearchPath::MAX_LEVELS`] on are not kept.
    #[inline]
    pub(crate) fn record(&mut self, level: usize, option: usize, options: usize) {
        if level < Self::MAX_LEVELS {
            // Options number fewer than u32::MAX (`Search::expand` refuses more).
            self.steps[level] = PathStep { option: option as u32, options: options as u32 };
            self.levels = level as u8 + 1;
        }
    }

    /// Forgets the levels from `level` on (a search at that level answered).
    #[inline]
    pub(crate) fn truncate(&mut self, level: usize) {
        if level < usize::from(self.levels) {
            self.levels = level as u8;
        }
    }
}

impl PartialEq for SearchPath {
    fn eq(&self, other: &Self) -> bool {
        self.steps() == other.steps()
    }
}

impl Eq for SearchPath {}

impl fmt::Debug for SearchPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.steps()).finish()
    }
}

/// Each level as `option/options`, counting options from 1, root first: `2/4 > 17/28 > 3/40`.
impl fmt::Display for SearchPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" > ")?;
            }
            write!(f, "{}/{}", u64::from(step.option) + 1, step.options)?;
        }
        Ok(())
    }
}

/// As the list of its levels.
impl Serialize for SearchPath {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.steps())
    }
}

#[cfg(test)]
mod tests {
    use super::{PathStep, SearchPath};

    #[test]
    fn a_path_keeps_its_first_levels_and_forgets_those_below_a_new_option() {
        let mut path = SearchPath::default();
        assert_eq!((path.steps(), path.to_string()), (&[][..], String::new()));
        path.record(0, 1, 4);
        path.record(1, 16, 28);
        path.record(2, 2, 40);
        assert_eq!(path.to_string(), "2/4 > 17/28 > 3/40");
        path.record(1, 17, 28);
        assert_eq!(path.steps(), [PathStep { option: 1, options: 4 }, PathStep { option: 17, options: 28 }]);
        for level in 2..SearchPath::MAX_LEVELS + 3 {
            path.record(level, 0, 2);
        }
        assert_eq!(path.steps().len(), SearchPath::MAX_LEVELS);
        path.truncate(SearchPath::MAX_LEVELS + 1);
        assert_eq!(path.steps().len(), SearchPath::MAX_LEVELS);
        path.truncate(1);
        assert_eq!(path.to_string(), "2/4");
        assert_eq!(serde_json::to_string(&path).unwrap(), r#"[{"option":1,"options":4}]"#);
    }

    #[test]
    fn paths_are_equal_by_their_levels_only() {
        let (mut long, mut short) = (SearchPath::default(), SearchPath::default());
        long.record(0, 3, 5);
        long.record(1, 4, 5);
        long.truncate(1);
        short.record(0, 3, 5);
        assert_eq!(long, short);
        assert_eq!(format!("{long:?}"), "[PathStep { option: 3, options: 5 }]");
        short.record(0, 2, 5);
        assert_ne!(long, short);
    }
}
