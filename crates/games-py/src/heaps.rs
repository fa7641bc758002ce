//! Heap games through game-nim and game-takebreak: Nim and misère Nim, subtraction games,
//! octal games (values as numpy arrays, proven periods, statistics, value files) and Grundy's
//! game.

use std::ops::ControlFlow;
use std::path::PathBuf;

use game_nim::{NimError, OctalGame, PlayRule, SubtractionSet};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Kind, Outcome};
use crate::limits::{check_size, nim_limits};
use crate::pending;

/// Steps (option evaluations) of one octal computation without `allow_long` (the command
/// line's limit).
const OCTAL_STEPS: u128 = 5_000_000_000;

/// Steps (heaps times amounts) of one subtraction computation without `allow_long`.
const SUBTRACTION_STEPS: u128 = 2_000_000_000;

/// Heaps of Grundy's game computed between two looks at Ctrl-C: few enough that a chunk takes a
/// small part of a second at the heaps where a long run spends its time.
const GRUNDY_CHUNK: u64 = 1 << 12;

fn rule(misere: bool) -> PlayRule {
    if misere { PlayRule::Misere } else { PlayRule::Normal }
}

/// The nim-sum (XOR) of the heaps.
#[pyfunction]
pub fn nim_sum(heaps: Vec<u64>) -> u64 {
    game_nim::nim_sum(&heaps)
}

/// The outcome of a Nim position: `"P"` (the player to move loses) or `"N"`.
#[pyfunction]
#[pyo3(signature = (heaps, *, misere = false))]
pub fn nim_outcome(heaps: Vec<u64>, misere: bool) -> String {
    game_nim::outcome(&heaps, rule(misere)).to_string()
}

/// Every winning move of a Nim position as `(heap index, new size)` pairs, heaps counted
/// from 0.
#[pyfunction]
#[pyo3(signature = (heaps, *, misere = false))]
pub fn nim_winning_moves(heaps: Vec<u64>, misere: bool) -> Vec<(usize, u64)> {
    game_nim::winning_moves(&heaps, rule(misere)).into_iter().map(|m| (m.heap, m.new_size)).collect()
}

/// A subtraction game: a move takes one of the given amounts from one heap.
#[pyclass(module = "impartial_games", frozen)]
pub struct Subtraction {
    set: SubtractionSet,
}

#[pymethods]
impl Subtraction {
    #[new]
    fn new(amounts: Vec<u64>) -> Outcome<Self> {
        Ok(Subtraction { set: SubtractionSet::new(amounts)? })
    }

    /// The amounts, sorted.
    #[getter]
    fn amounts(&self) -> Vec<u64> {
        self.set.amounts().to_vec()
    }

    /// The values of heaps `0..=n` (misère: the misère Grundy values, 0 for a P-position) as
    /// a numpy array of `uint32`.
    #[pyo3(signature = (n, *, misere = false, memory = 4096, max_steps = None, allow_long = false))]
    fn values<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        misere: bool,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<Bound<'py, PyArray1<u32>>> {
        let limits = nim_limits(memory, max_steps, SUBTRACTION_STEPS, allow_long)?;
        let bytes = (u128::from(n) + 1) * 4 + (self.set.amounts().len() as u128 + 2) * 8;
        limits.check_bytes(
            || format!("the values of {self:?} up to heap {n}", self = self.set.amounts()),
            bytes,
        )?;
        let steps = (u128::from(n) + 1) * (self.set.amounts().len() as u128 + 1);
        if steps > limits.max_steps {
            return Err(NimError::EffortExceeded {
                what: format!("the values up to heap {n}"),
                steps: limits.max_steps,
            }
            .into());
        }
        let values =
            if misere { self.set.misere_grundy_sequence(n)? } else { self.set.grundy_sequence(n)? };
        Ok(PyArray1::from_vec(py, values))
    }

    /// The proven pre-period and period of the values (found by searching heaps up to
    /// `max`), and the values of heaps `0 .. preperiod + period`, which give every other:
    /// `(preperiod, period, values)`.
    #[pyo3(signature = (*, max = 100_000, misere = false, memory = 4096, max_steps = None, allow_long = false))]
    fn period(
        &self,
        max: u64,
        misere: bool,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<(usize, usize, Vec<u32>)> {
        let limits = nim_limits(memory, max_steps, SUBTRACTION_STEPS, allow_long)?;
        let analysis = self.set.analyse_within(max, misere, &limits)?;
        Ok((analysis.periodicity.preperiod, analysis.periodicity.period, analysis.values))
    }

    fn __repr__(&self) -> String {
        format!("Subtraction({:?})", self.set.amounts())
    }
}

/// An octal game given by its code (`"0.77"` is Kayles, `"0.07"` Dawson's Kayles, `"4.07"`
/// ...).
#[pyclass(module = "impartial_games", frozen)]
pub struct Octal {
    game: OctalGame,
}

/// Runs an octal computation without the interpreter's lock (other Python threads go on),
/// with Ctrl-C checked between its chunks.
fn observed<T: Send>(
    py: Python<'_>,
    run: impl FnOnce(&mut dyn FnMut(game_nim::Progress) -> ControlFlow<()>) -> Result<T, NimError> + Send,
) -> Outcome<T> {
    py.detach(|| {
        drop(pending::take());
        let mut observer =
            |_| if pending::check_signals() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) };
        let result = run(&mut observer);
        match pending::take() {
            Some(err) => Err(Failure::Python(err)),
            None => Ok(result?),
        }
    })
}

#[pymethods]
impl Octal {
    #[new]
    fn new(code: &str) -> Outcome<Self> {
        Ok(Octal { game: code.parse()? })
    }

    /// The code, as written canonically.
    #[getter]
    fn code(&self) -> String {
        self.game.to_string()
    }

    /// The Grundy values of heaps `0..=n` as a numpy array of `uint32` (Ctrl-C stops it).
    #[pyo3(signature = (n, *, memory = 4096, max_steps = None, allow_long = false))]
    fn values<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<Bound<'py, PyArray1<u32>>> {
        let limits = nim_limits(memory, max_steps, OCTAL_STEPS, allow_long)?;
        let table = observed(py, |observer| self.game.grundy_table_observed(n, &limits, observer))?;
        Ok(PyArray1::from_vec(py, table.to_vec()))
    }

    /// The proven period (Guy-Smith): `(preperiod, period, values)`, the values of heaps
    /// `0 .. preperiod + period`; searched up to heap `max`.
    #[pyo3(signature = (*, max = 100_000, memory = 4096, max_steps = None, allow_long = false))]
    fn period(
        &self,
        max: usize,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<(usize, usize, Vec<u32>)> {
        let limits = nim_limits(memory, max_steps, OCTAL_STEPS, allow_long)?;
        let (p, mut values) = self.game.periodicity_within(max, &limits)?;
        values.truncate(p.preperiod + p.period);
        Ok((p.preperiod, p.period, values))
    }

    /// The statistics of the values of heaps `1..=n`, as the octal programs print them:
    /// `frequencies` (of each value), `largest`, `largest_at` and the rare/common split
    /// (`rare_mask`, `rare_count`, `last_rare`; `None` when there is none). With `path`, the
    /// values are also written to (or continued from) that value file.
    #[pyo3(signature = (n, *, path = None, memory = 4096, max_steps = None, allow_long = false))]
    fn statistics<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        path: Option<PathBuf>,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<Bound<'py, PyDict>> {
        let limits = nim_limits(memory, max_steps, OCTAL_STEPS, allow_long)?;
        if let Some(path) = &path {
            regular_file(path)?;
        }
        let table = observed(py, |observer| match &path {
            Some(path) => self.game.grundy_file_observed(n, path, &limits, observer),
            None => self.game.grundy_table_observed(n, &limits, observer),
        })?;
        statistics_dict(py, &table.statistics(&limits)?)
    }

    /// Writes the values of heaps `0..=n` to the value file `path` (continued if it holds
    /// some; a damaged file is refused with `FileError`); Ctrl-C stops with the values so far
    /// kept there.
    #[pyo3(signature = (n, path, *, memory = 4096, max_steps = None, allow_long = false))]
    fn write_values(
        &self,
        py: Python<'_>,
        n: u64,
        path: PathBuf,
        memory: u64,
        max_steps: Option<u128>,
        allow_long: bool,
    ) -> Outcome<()> {
        let limits = nim_limits(memory, max_steps, OCTAL_STEPS, allow_long)?;
        regular_file(&path)?;
        observed(py, |observer| self.game.grundy_file_observed(n, &path, &limits, observer))?;
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!("Octal({:?})", self.game.to_string())
    }
}

/// Refuses a value file that exists and is not a regular file, as the command line does
/// before it reads one: a FIFO would block the read for ever (Ctrl-C cannot end a blocked
/// open), a device such as `/dev/zero` never ends.
fn regular_file(path: &std::path::Path) -> Outcome<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(Failure::new(
            Kind::File,
            format!(
                "{}: not a regular file (a FIFO, device or directory cannot be a value file)",
                path.display()
            ),
        )),
        _ => Ok(()),
    }
}

fn statistics_dict<'py>(py: Python<'py>, stats: &game_nim::ValueStatistics) -> Outcome<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("heaps", stats.heaps)?;
    dict.set_item("frequencies", stats.frequencies.clone())?;
    dict.set_item("largest", stats.largest)?;
    dict.set_item("largest_at", stats.largest_at)?;
    dict.set_item("rare_mask", stats.rare.map(|r| r.mask))?;
    dict.set_item("rare_count", stats.rare.map(|r| r.count))?;
    dict.set_item("last_rare", stats.rare.and_then(|r| r.last))?;
    Ok(dict)
}

/// The Grundy values of Grundy's game (split a heap into two unequal heaps) for heaps
/// `0..=n`, as a numpy array of `uint32` (OEIS A002188); Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (n, *, memory = 4096, allow_long = false))]
pub fn grundys_game_values(
    py: Python<'_>,
    n: u64,
    memory: u64,
    allow_long: bool,
) -> Outcome<Bound<'_, PyArray1<u32>>> {
    let budget = crate::limits::memory_bytes(memory)?;
    check_size("the number of heaps", u128::from(n), 1 << 26, allow_long)?;
    let memory_limit = u64::try_from(budget).unwrap_or(u64::MAX);
    let mut table = game_takebreak::GrundyValueTable::resume(Vec::new(), n, memory_limit)?;
    // Without the interpreter's lock (other Python threads go on), Ctrl-C checked per chunk.
    py.detach(|| {
        drop(pending::take());
        loop {
            let done = table.values().len() as u64;
            if done > n {
                return Ok::<(), Failure>(());
            }
            if pending::check_signals() {
                return Err(Failure::Python(
                    pending::take()
                        .unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped")),
                ));
            }
            table.extend_to(done.saturating_add(GRUNDY_CHUNK - 1).min(n));
        }
    })?;
    Ok(PyArray1::from_vec(py, table.values().to_vec()))
}
