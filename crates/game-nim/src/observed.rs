//! Long octal computations cut into chunks, so that a caller sees how far they have come and can
//! stop them between two chunks ([`crate::OctalGame::grundy_table_observed`],
//! [`crate::OctalGame::grundy_file_observed`]).
//!
//! A chunk is a call of the rare/common kernel that continues the table from the values so far
//! (`sparse::compute_from`): the values are the same as in one call, the cost of a restart is one
//! pass over the table (the rare heaps are listed again), and the effort limit counts the steps of
//! all chunks together.
//!
//! A chunk that starts at or passes a power of two `2^k` runs the kernel's Guy-Smith search over
//! heaps `0..2^k`; what it proves reaches the caller as [`Progress::periodicity`].

use std::ops::ControlFlow;

use crate::period::Periodicity;
use crate::sparse::{self, CellWidth, GrundyTable, Moves};
use crate::{Limits, NimError};

/// How far a long computation has come: `done` heaps of `total` (heaps `0..done` have their
/// values), and the period proven so far, if any.
///
/// The kernel searches for a period by the Guy-Smith theorem each time it passes a power of two
/// `2^k` (over the values of heaps `0..2^k`). A computation that passed `2^k` with
/// `periodicity` still `None` has therefore shown that no period `p` with pre-period `n0` and
/// `2 n0 + 2 p + t <= 2^k` exists, `t` the largest take (see [`crate::guy_smith_periodicity`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Heaps whose values are known.
    pub done: u64,
    /// Heaps asked for (`up_to + 1`).
    pub total: u64,
    /// The least period and exact pre-period once the kernel's Guy-Smith search has proven
    /// them, else `None`.
    pub periodicity: Option<Periodicity>,
}

/// The fewest heaps in one chunk.
const MIN_CHUNK: usize = 1 << 16;

/// Chunks per computation: a stop waits at most for one of them to finish.
const CHUNKS: usize = 128;

/// The number of heaps done after the next chunk, from `done`: a 128th of the heaps asked for,
/// but never more than the heaps already done, at least [`MIN_CHUNK`], at most every heap up to
/// `up_to`. A chunk thus at most doubles the table: a stop (a time budget, say) waits at most
/// about as long as the work so far took for codes whose heaps cost the same, and the first
/// powers of two are passed (and delivered) early even when `up_to` is far.
pub(crate) fn next_stop(done: usize, up_to: usize) -> usize {
    let chunk = (up_to / CHUNKS).min(done).max(MIN_CHUNK);
    done.saturating_add(chunk).min(up_to + 1)
}

/// Continues `table` up to heap `up_to`, chunk by chunk. Before each chunk, and every 1024 heaps
/// within one, `observer` is told the progress and may stop the work ([`NimError::Stopped`],
/// after the checkpoint of the heaps done); after each chunk `checkpoint` is given
/// the table, the width it had before the chunk and the heaps it held then (to save the new
/// values). The steps of every chunk count against `limits.max_steps` together.
pub(crate) fn extend_in_chunks(
    moves: &Moves,
    mut table: GrundyTable,
    up_to: usize,
    limits: &Limits,
    what: &dyn Fn() -> String,
    observer: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    checkpoint: &mut dyn FnMut(&GrundyTable, CellWidth, usize) -> Result<(), NimError>,
) -> Result<GrundyTable, NimError> {
    let total = up_to as u64 + 1;
    let mut spent: u128 = 0;
    // Values given (read from a file) may already show their period: found now, the run only
    // copies it, as the run that stored them did once it had proven it.
    let mut periodicity = if table.len() > up_to || table.is_empty() {
        None
    } else {
        sparse::proven_periodicity(table.cells_ref(), moves.max_take, limits, what)?
    };
    while table.len() <= up_to {
        let done = table.len();
        if observer(Progress { done: done as u64, total, periodicity }).is_break() {
            return Err(NimError::Stopped { what: what(), done: done as u64 });
        }
        let width = table.width();
        let stop = next_stop(done, up_to);
        if let Some(proven) = periodicity {
            // A proven period holds for every heap (Guy-Smith): the chunk is a copy.
            let mut cells = table.into_cells();
            sparse::fill_cells_periodic(&mut cells, proven, stop);
            table = GrundyTable::from_cells(cells);
            checkpoint(&table, width, done)?;
            continue;
        }
        let chunk_limits = Limits { max_steps: limits.max_steps.saturating_sub(spent), ..*limits };
        // Asked within the chunk too, so that a stop does not wait for the chunk's end.
        let mut interrupt =
            |heaps: usize| observer(Progress { done: heaps as u64, total, periodicity: None }).is_break();
        let computed = sparse::compute_from(
            moves,
            table.into_cells(),
            stop - 1,
            &chunk_limits,
            what,
            Some(&mut interrupt),
        )
        .map_err(|err| match err {
            // The limit of the whole computation, not what was left of it for this chunk.
            NimError::EffortExceeded { what, .. } => {
                NimError::EffortExceeded { what, steps: limits.max_steps }
            }
            other => other,
        })?;
        spent = spent.saturating_add(computed.steps);
        // Every later proof finds the same least period and pre-period: keep the first.
        periodicity = periodicity.or(computed.periodicity);
        table = GrundyTable::from_cells(computed.cells);
        checkpoint(&table, width, done)?;
    }
    // The end is reached: a stop asked for now has nothing left to stop.
    let _ = observer(Progress { done: table.len() as u64, total, periodicity });
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_a_128th_of_the_run_at_most_the_heaps_done_and_at_least_2_16_heaps() {
        assert_eq!(next_stop(0, 10), 11);
        assert_eq!(next_stop(0, 1 << 20), 1 << 16);
        assert_eq!(next_stop(5, 1 << 24), 5 + (1 << 16));
        assert_eq!(next_stop(1 << 17, 1 << 24), 1 << 18);
        assert_eq!(next_stop(1 << 18, 1 << 24), (1 << 18) + (1 << 17));
        assert_eq!(next_stop(1 << 18, 1 << 28), 1 << 19);
        assert_eq!(next_stop((1 << 24) - 3, 1 << 24), (1 << 24) + 1);
        assert_eq!(next_stop(usize::MAX - 1, usize::MAX - 1), usize::MAX);
    }
}
