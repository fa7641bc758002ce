//! The value frequencies of every prefix of `2^k` heaps, the files other octal programs publish
//! (rogalski-wmii-uni-lodz-pl/octal's `results/CODE/N`): counted in one pass as the values are
//! computed ([`OctalGame::frequencies_at_powers_of_two`]) or over a finished table
//! ([`GrundyTable::frequencies_at_powers_of_two`]), never counted again for each power.

use std::ops::ControlFlow;

use serde::Serialize;

use crate::observed::{Progress, extend_in_chunks};
use crate::sparse::{Cells, GrundyTable};
use crate::{Limits, NimError, OctalGame};

/// How often each value occurs among heaps `1..=heaps` of a table (heap 0, always 0, left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrefixFrequencies {
    /// The last heap counted: heaps `1..=heaps`.
    pub heaps: u64,
    /// `frequencies[v]`: the number of heaps in `1..=heaps` whose value is `v`, for every `v`
    /// from 0 to the largest value among them.
    pub frequencies: Vec<u64>,
}

impl PrefixFrequencies {
    /// The frequencies as text, one line `value frequency` per value from 0 to the largest
    /// (the layout of the frequency files of rogalski-wmii-uni-lodz-pl/octal).
    ///
    /// ```
    /// let kayles = game_nim::PrefixFrequencies { heaps: 4, frequencies: vec![0, 2, 1, 1] };
    /// assert_eq!(kayles.to_lines(), "0 0\n1 2\n2 1\n3 1\n");
    /// ```
    pub fn to_lines(&self) -> String {
        self.frequencies.iter().enumerate().map(|(v, f)| format!("{v} {f}\n")).collect()
    }
}

/// Running counts over heaps `1..counted`, copied at each power of two from 2 to `last`.
struct PowerCounter {
    counts: Vec<u64>,
    /// The next heap to count (heap 0 is never counted).
    counted: usize,
    /// The last heap whose prefix is copied.
    last: usize,
}

impl PowerCounter {
    fn new(last: usize) -> Self {
        PowerCounter { counts: Vec::new(), counted: 1, last }
    }

    /// The bytes the counts and one copy per power take when values go up to `largest`.
    fn bytes(&self, largest: u32) -> u128 {
        let powers = u128::from(self.last.checked_ilog2().unwrap_or(0));
        (u128::from(largest) + 1) * 8 * (powers + 1)
    }

    /// Counts the heaps of `table` not counted yet (up to `last`), giving `found` each prefix
    /// of `2^k` heaps as it is complete. Growing the counts is checked against `limits` first.
    fn count(
        &mut self,
        table: &GrundyTable,
        limits: &Limits,
        found: &mut dyn FnMut(PrefixFrequencies),
    ) -> Result<(), NimError> {
        let end = table.len().min(self.last + 1);
        if self.counted >= end {
            return Ok(());
        }
        for n in self.counted..end {
            let v = table.get(n).unwrap_or(0) as usize;
            if v >= self.counts.len() {
                limits.check_bytes(
                    || "the frequencies at every power of two".to_string(),
                    self.bytes(v as u32),
                )?;
                self.counts.resize(v + 1, 0);
            }
            self.counts[v] += 1;
            if n >= 2 && n.is_power_of_two() {
                // The counts end at the largest value among heaps 1..=n, as they grow.
                found(PrefixFrequencies { heaps: n as u64, frequencies: self.counts.clone() });
            }
        }
        self.counted = end;
        Ok(())
    }
}

impl GrundyTable {
    /// The value frequencies of heaps `1..=2^k` for every `k >= 1` with `2^k < len()` (the
    /// prefixes of 2, 4, 8, ... heaps that the table holds), in one pass over the table: the
    /// counts grow heap by heap and are copied at each power of two.
    ///
    /// The counts and their copies (8 bytes per value up to the largest, for each power) are
    /// checked against `limits` before they are allocated.
    ///
    /// # Errors
    /// [`NimError::OverMemoryBudget`] or [`NimError::OutOfMemory`] if they would not fit.
    ///
    /// ```
    /// use game_nim::{Limits, OctalGame};
    /// // Kayles: values 0 1 2 3 1 4 3 2 1 for heaps 0..=8.
    /// let kayles: OctalGame = "0.77".parse().unwrap();
    /// let table = kayles.grundy_table_within(8, &Limits::UNLIMITED)?;
    /// let at = table.frequencies_at_powers_of_two(&Limits::UNLIMITED)?;
    /// assert_eq!(at.iter().map(|p| p.heaps).collect::<Vec<_>>(), [2, 4, 8]);
    /// assert_eq!(at[0].frequencies, [0, 1, 1]);
    /// assert_eq!(at[1].frequencies, [0, 2, 1, 1]);
    /// assert_eq!(at[2].frequencies, [0, 3, 2, 2, 1]);
    /// # Ok::<(), game_nim::NimError>(())
    /// ```
    pub fn frequencies_at_powers_of_two(&self, limits: &Limits) -> Result<Vec<PrefixFrequencies>, NimError> {
        let mut found = Vec::new();
        PowerCounter::new(self.len().saturating_sub(1)).count(self, limits, &mut |p| found.push(p))?;
        Ok(found)
    }
}

impl OctalGame {
    /// The value frequencies of heaps `1..=2^k` for k = 1 to `max_power`, counted while the
    /// values of heaps `0..=2^max_power` are computed ([`Self::grundy_table_observed`]: the same
    /// kernel, chunks, memory checks and effort limit): after each chunk the new heaps are
    /// counted, and each prefix is given to `found` as soon as the table has passed it, so a run
    /// stopped early has delivered every power it reached. `observer` sees the progress before
    /// each chunk and may stop the run.
    ///
    /// # Errors
    /// [`NimError::HeapTooLarge`] unless `2^max_power` is below
    /// [`crate::MAX_NARROW_TABLE_HEAP`]; as [`Self::grundy_table_observed`] otherwise, and as
    /// [`GrundyTable::frequencies_at_powers_of_two`] for the counts.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use game_nim::{Limits, OctalGame};
    /// let officers: OctalGame = "0.6".parse().unwrap();
    /// let mut written = Vec::new();
    /// officers.frequencies_at_powers_of_two(17, &Limits::UNLIMITED, &mut |_| ControlFlow::Continue(()), &mut |p| {
    ///     written.push(p)
    /// })?;
    /// let table = officers.grundy_table_within(1 << 17, &Limits::UNLIMITED)?;
    /// assert_eq!(written, table.frequencies_at_powers_of_two(&Limits::UNLIMITED)?);
    /// assert_eq!(written.len(), 17);
    /// # Ok::<(), game_nim::NimError>(())
    /// ```
    pub fn frequencies_at_powers_of_two(
        &self,
        max_power: u32,
        limits: &Limits,
        observer: &mut dyn FnMut(Progress) -> ControlFlow<()>,
        found: &mut dyn FnMut(PrefixFrequencies),
    ) -> Result<(), NimError> {
        let too_large = NimError::HeapTooLarge { size: u64::MAX, max: crate::MAX_NARROW_TABLE_HEAP - 1 };
        let up_to =
            1u64.checked_shl(max_power).filter(|&n| n < crate::MAX_NARROW_TABLE_HEAP).ok_or(too_large)?;
        let heaps = self.narrow_table_heaps(up_to, limits)?;
        let what = || format!("the frequencies of octal game {self} up to heap {up_to}");
        let mut counter = PowerCounter::new(heaps);
        let empty = GrundyTable::from_cells(Cells::U8(Vec::with_capacity(heaps + 1)));
        extend_in_chunks(
            &self.moves_by_kind(),
            empty,
            heaps,
            limits,
            &what,
            observer,
            &mut |table, _, _| counter.count(table, limits, found),
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ValueStatistics;
    use crate::period::Periodicity;

    /// Each prefix's frequencies equal the statistics of that prefix counted on its own, from a
    /// finished table and while the table is computed.
    #[test]
    fn frequencies_at_powers_equal_each_prefix_counted_alone() {
        for (code, heaps) in
            [("0.6", 5000), ("0.161", 4096), ("0.77", 3), ("0.77", 2), ("0.0", 1), ("4.7", 1025)]
        {
            let game: OctalGame = code.parse().unwrap();
            let table = game.grundy_table_within(heaps, &Limits::UNLIMITED).unwrap();
            let values = table.to_vec();
            let at = table.frequencies_at_powers_of_two(&Limits::UNLIMITED).unwrap();
            let expected: Vec<u64> = (1..64).map(|k| 1u64 << k).take_while(|&n| n <= heaps).collect();
            assert_eq!(at.iter().map(|p| p.heaps).collect::<Vec<_>>(), expected, "{code} {heaps}");
            for p in &at {
                let alone =
                    ValueStatistics::of_values(&values[..=p.heaps as usize], &Limits::UNLIMITED).unwrap();
                assert_eq!(p.frequencies, alone.frequencies, "{code} at {}", p.heaps);
            }
        }
    }

    /// Computed in chunks (2^18 heaps: four chunks of 2^16), the prefixes equal those of the
    /// finished table, each delivered once the table passed it; a stop keeps what came before.
    #[test]
    fn frequencies_while_computing_equal_those_of_the_table() {
        let game: OctalGame = "0.161".parse().unwrap();
        let mut seen = Vec::new();
        let mut delivered_at = Vec::new();
        let done = std::cell::Cell::new(0);
        game.frequencies_at_powers_of_two(
            18,
            &Limits::UNLIMITED,
            &mut |p| {
                done.set(p.done);
                ControlFlow::Continue(())
            },
            &mut |p| {
                delivered_at.push((p.heaps, done.get()));
                seen.push(p)
            },
        )
        .unwrap();
        let table = game.grundy_table_within(1 << 18, &Limits::UNLIMITED).unwrap();
        assert_eq!(seen, table.frequencies_at_powers_of_two(&Limits::UNLIMITED).unwrap());
        assert_eq!(seen.len(), 18);
        // 2^17 is delivered after the chunk ending at 2^17 + ..., not at the end of the run.
        assert!(
            delivered_at.iter().any(|&(heaps, done)| heaps == 1 << 17 && done < 1 << 18),
            "{delivered_at:?}"
        );
        let mut kept = Vec::new();
        let stopped = game.frequencies_at_powers_of_two(
            18,
            &Limits::UNLIMITED,
            &mut |p| if p.done >= 1 << 17 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) },
            &mut |p| kept.push(p),
        );
        assert!(matches!(stopped, Err(NimError::Stopped { .. })));
        assert_eq!(kept[..], seen[..kept.len()]);
        assert!(kept.len() >= 16, "{}", kept.len());
    }

    /// The progress reports the period the kernel proves on the way: 0.127's (published:
    /// pre-period 46 578, period 4, so the proof reads 2 * 46 578 + 2 * 4 + 3 heaps) from the
    /// first report past 2^17 heaps on, none before; 0.6 (no period known) none at any report,
    /// as the Guy-Smith search over the finished values says.
    #[test]
    fn progress_reports_the_period_proven_on_the_way() {
        let published = Periodicity { preperiod: 46_578, period: 4 };
        let mut reports = Vec::new();
        let game: OctalGame = "0.127".parse().unwrap();
        game.frequencies_at_powers_of_two(
            18,
            &Limits::UNLIMITED,
            &mut |p| {
                reports.push((p.done, p.periodicity));
                ControlFlow::Continue(())
            },
            &mut |_| {},
        )
        .unwrap();
        assert!(reports.len() > 3, "{reports:?}");
        for &(done, periodicity) in &reports {
            let expected = (done > 1 << 17).then_some(published);
            assert_eq!(periodicity, expected, "at {done} heaps: {reports:?}");
        }
        let officers: OctalGame = "0.6".parse().unwrap();
        let mut seen = Vec::new();
        officers
            .frequencies_at_powers_of_two(
                17,
                &Limits::UNLIMITED,
                &mut |p| {
                    seen.push(p.periodicity);
                    ControlFlow::Continue(())
                },
                &mut |_| {},
            )
            .unwrap();
        assert!(seen.len() > 2 && seen.iter().all(Option::is_none), "{seen:?}");
        let values = officers.grundy_table_within(1 << 17, &Limits::UNLIMITED).unwrap().to_vec();
        assert_eq!(crate::guy_smith_periodicity(&values[..1 << 17], officers.max_take()), None);
    }

    #[test]
    fn budgets_and_bounds_are_checked() {
        let table =
            "0.6".parse::<OctalGame>().unwrap().grundy_table_within(1 << 12, &Limits::UNLIMITED).unwrap();
        let tight = Limits { max_bytes: 64, max_steps: u128::MAX };
        assert!(matches!(table.frequencies_at_powers_of_two(&tight), Err(NimError::OverMemoryBudget { .. })));
        let game: OctalGame = "0.6".parse().unwrap();
        let mut none = |_: PrefixFrequencies| panic!("nothing is counted");
        let mut go = |_: Progress| ControlFlow::Continue(());
        for max_power in [40, 64, 200] {
            let error = game.frequencies_at_powers_of_two(max_power, &Limits::UNLIMITED, &mut go, &mut none);
            assert!(matches!(error, Err(NimError::HeapTooLarge { .. })), "{max_power}: {error:?}");
        }
        let error = game.frequencies_at_powers_of_two(30, &tight, &mut go, &mut none);
        assert!(matches!(error, Err(NimError::OverMemoryBudget { .. })), "{error:?}");
    }
}
