//! Misère quotients of octal games (game-misere): order, P-portion, presentation, outcome of
//! a sum of heaps and its winning moves.

use game_misere::{Limits, OctalCode, QuotientSolver, StopReason};
use pyo3::prelude::*;

use crate::errors::{Failure, Outcome};
use crate::limits::{check_size, memory_bytes};
use crate::pending;

/// Largest `max_heap` without `allow_long` (the command line's).
const MAX_HEAP: u32 = 10_000;

/// Work steps of one quotient without `allow_long` (the command line's).
const MISERE_STEPS: u64 = 2_000_000_000;

/// The misère quotient of an octal game, computed heap by heap up to `max_heap` or until a
/// period proves it for every heap.
#[pyclass(module = "impartial_games", frozen)]
pub struct MisereQuotient {
    game: OctalCode,
    quotient: game_misere::MisereQuotient,
    stop: StopReason,
}

/// The misère quotient of the octal game `code` (`"0.77"`, ...), proven for every heap when
/// its period is found by heap `max_heap`, else the partial quotient up to `max_heap`.
#[pyfunction]
#[pyo3(signature = (code, *, max_heap = 1000, memory = 4096, max_steps = None, allow_long = false))]
pub fn misere_quotient(
    py: Python<'_>,
    code: &str,
    max_heap: u32,
    memory: u64,
    max_steps: Option<u64>,
    allow_long: bool,
) -> Outcome<MisereQuotient> {
    let game: OctalCode = code.parse()?;
    check_size("max_heap", u128::from(max_heap), u128::from(MAX_HEAP), allow_long)?;
    let effort = max_steps.unwrap_or(if allow_long { u64::MAX } else { MISERE_STEPS });
    let limits = Limits { max_heap, memory_bytes: memory_bytes(memory)?, effort, ..Limits::default() };
    // game-misere asks the interrupt every few milliseconds of work, and the run lets other
    // Python threads go on (the lock is taken back only to look at Ctrl-C): Ctrl-C stops a
    // long quotient within a second (test_user_games.py).
    drop(pending::take());
    let solver = QuotientSolver::new(game.clone(), limits).with_interrupt(pending::check_signals);
    let run = py.detach(move || {
        let mut solver = solver;
        solver.run(|_, _| {})
    });
    if let Some(err) = pending::take() {
        return Err(Failure::Python(err));
    }
    let (quotient, stop) = run?;
    Ok(MisereQuotient { game, quotient, stop })
}

#[pymethods]
impl MisereQuotient {
    /// The octal code.
    #[getter]
    fn code(&self) -> String {
        self.quotient.game().to_string()
    }

    /// |Q|, the number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.quotient.order()
    }

    /// |P|, the number of P-elements.
    #[getter]
    fn p_portion(&self) -> usize {
        self.quotient.p_portion()
    }

    /// Whether the quotient is tame (that of misère Nim or a part of it).
    #[getter]
    fn is_tame(&self) -> bool {
        self.quotient.is_tame()
    }

    /// Whether a period proves the quotient for every heap (else it is the partial quotient
    /// up to `max_heap`).
    #[getter]
    fn proven(&self) -> bool {
        self.quotient.periodicity().is_some()
    }

    /// The largest heap added.
    #[getter]
    fn max_heap(&self) -> u32 {
        self.quotient.max_heap()
    }

    /// `(preperiod, period)` of the pretending function when proven, else `None`.
    #[getter]
    fn period(&self) -> Option<(u32, u32)> {
        self.quotient.periodicity().map(|p| (p.preperiod, p.period))
    }

    /// The presentation: generators and relations, as text (`"<a, b, c | a^2 = 1, ...>"`).
    #[getter]
    fn presentation(&self) -> String {
        self.quotient.presentation().to_string()
    }

    /// The P-portion as words of the presentation.
    #[getter]
    fn p_portion_words(&self) -> String {
        self.quotient.p_portion_text()
    }

    /// The pretending function: the element of each heap 0, 1, ..., as words.
    #[getter]
    fn pretending(&self) -> Vec<String> {
        self.quotient.pretending_text()
    }

    /// The outcome of the sum of `heaps` in misère play: `"P"` or `"N"`.
    fn outcome(&self, heaps: Vec<u64>) -> Outcome<String> {
        Ok(self.quotient.outcome(&heaps)?.to_string())
    }

    /// The winning moves of the sum of `heaps` in misère play: `(index of the heap moved,
    /// the heaps it becomes)` pairs, heaps counted from 0.
    fn winning_moves(&self, heaps: Vec<u64>) -> Outcome<Vec<(usize, Vec<u64>)>> {
        Ok(self.quotient.winning_moves(&self.game, &heaps)?)
    }

    fn __repr__(&self) -> String {
        let proven = match self.quotient.periodicity() {
            Some(_) => "proven".to_string(),
            None if self.stop == StopReason::HeapBound => {
                format!("partial, heaps 0..={}", self.quotient.max_heap())
            }
            None => "partial".to_string(),
        };
        format!(
            "MisereQuotient(code={:?}, order={}, p_portion={}, {proven})",
            self.quotient.game(),
            self.quotient.order(),
            self.quotient.p_portion()
        )
    }
}
