//! game-core's search over components, for the built-in games (Cram, Chomp, Node-Kayles) and
//! for games written in Python alike: the limits (`memory`, `max_nodes`, `max_seconds`,
//! `allow_long`, with the command line's meaning and defaults), the method, and a stop on
//! Ctrl-C or on an exception of the user's code, checked from the search's interrupt hook.

use std::time::{Duration, Instant};

use game_core::Outcome as Who;
use game_core::search::{Search, SearchError, SearchLimits, SearchStats};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Kind, Outcome};
use crate::pending;

/// Seconds a search may run unless `max_seconds` or `allow_long` says otherwise (the command
/// line's default).
pub const DEFAULT_MAX_SECONDS: f64 = 10.0;

/// What one search may spend.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    limits: SearchLimits,
    deadline: Option<(Instant, f64)>,
}

impl Effort {
    /// The limits from the keyword arguments.
    pub fn new(
        memory: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        allow_long: bool,
    ) -> Outcome<Self> {
        let bytes = crate::limits::memory_bytes(memory)?;
        let limits =
            SearchLimits::new(usize::try_from(bytes).unwrap_or(usize::MAX), max_nodes.unwrap_or(u64::MAX));
        let seconds = max_seconds.or((!allow_long).then_some(DEFAULT_MAX_SECONDS));
        let deadline = match seconds {
            None => None,
            Some(s) if (0.0..=1e9).contains(&s) => {
                Instant::now().checked_add(Duration::from_secs_f64(s)).map(|at| (at, s))
            }
            Some(s) => {
                return Err(Failure::bad(format!(
                    "max_seconds={s}: give a number of seconds from 0 to 10^9"
                )));
            }
        };
        Ok(Effort { limits, deadline })
    }

    fn expired(&self) -> bool {
        self.deadline.is_some_and(|(at, _)| Instant::now() >= at)
    }

    /// A search error in Python's terms.
    fn refused(&self, what: &str, error: SearchError) -> Failure {
        match error {
            SearchError::EffortExceeded { limit } => Failure::new(
                Kind::Effort,
                format!("{what}: gave up after {limit} positions searched (raise max_nodes)"),
            ),
            SearchError::Interrupted { nodes } if self.expired() => Failure::new(
                Kind::Effort,
                format!(
                    "{what}: gave up after {} s ({nodes} positions searched; raise max_seconds or pass allow_long=True)",
                    self.deadline.map_or(0.0, |(_, s)| s)
                ),
            ),
            SearchError::MemoryExceeded { .. }
            | SearchError::BudgetTooSmall { .. }
            | SearchError::AllocationFailed { .. } => {
                Failure::new(Kind::Budget, format!("{what}: {error} (raise memory=, in MiB)"))
            }
            other => Failure::bad(format!("{what}: {other}")),
        }
    }
}

/// How the nimber is found: the methods of game-core's [`Search`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// [`Search::nimber`]: the pruned search (the default).
    Pruned,
    /// [`Search::nimber_by_aspiration`].
    Aspiration,
    /// [`Search::nimber_by_mex`]: every option valued.
    Mex,
    /// [`Search::outcome`]: only who wins, no nimber.
    Outcome,
}

impl Method {
    /// The method named `name` ("pruned", "aspiration", "mex", "outcome").
    pub fn parse(name: &str) -> Outcome<Self> {
        Ok(match name {
            "pruned" => Method::Pruned,
            "aspiration" => Method::Aspiration,
            "mex" => Method::Mex,
            "outcome" => Method::Outcome,
            other => {
                return Err(Failure::bad(format!(
                    "method={other:?}: give \"pruned\", \"aspiration\", \"mex\" or \"outcome\""
                )));
            }
        })
    }
}

/// Runs `ask` on a search of `game` within `effort`, stopped by Ctrl-C, by the deadline or by
/// an exception of the user's code (raised in its place); `what` names the work in messages.
pub fn run<G: game_core::SearchGame, T>(
    game: &G,
    effort: &Effort,
    what: &str,
    ask: impl FnOnce(&mut Search<'_, G>) -> Result<T, SearchError>,
) -> Outcome<(T, SearchStats)> {
    drop(pending::take());
    let deadline = *effort;
    let search = Search::new(game, effort.limits).map_err(|e| effort.refused(what, e));
    let result = search.and_then(|search| {
        let mut search = search.with_interrupt(move || pending::check_signals() || deadline.expired());
        let answer = ask(&mut search).map_err(|e| effort.refused(what, e))?;
        Ok((answer, *search.stats()))
    });
    match pending::take() {
        Some(err) => Err(Failure::Python(err)),
        None => result,
    }
}

/// The nimber (none for [`Method::Outcome`]) and the outcome of `position`.
pub fn answer<G: game_core::SearchGame>(
    search: &mut Search<'_, G>,
    position: &G::Position,
    method: Method,
) -> Result<(Option<u32>, Who), SearchError> {
    let nimber = match method {
        Method::Pruned => search.nimber(position)?,
        Method::Aspiration => search.nimber_by_aspiration(position)?,
        Method::Mex => search.nimber_by_mex(position)?,
        Method::Outcome => return Ok((None, search.outcome(position)?)),
    };
    Ok((Some(nimber), if nimber == 0 { Who::P } else { Who::N }))
}

/// [`answer`], then, when `winning` is given, a winning move found by it on the same search
/// (whose table answers most of the options by then).
pub fn answer_and_move<'g, G: game_core::SearchGame, T>(
    search: &mut Search<'g, G>,
    position: &G::Position,
    method: Method,
    winning: Option<impl FnOnce(&mut Search<'g, G>) -> Result<Option<T>, SearchError>>,
) -> Result<(Option<u32>, Who, Option<T>), SearchError> {
    let (nimber, outcome) = answer(search, position, method)?;
    let win = match winning {
        Some(find) => find(search)?,
        None => None,
    };
    Ok((nimber, outcome, win))
}

/// What a search found: the nimber (`None` when only the outcome was asked), the outcome
/// (`"P"`: the player to move loses, `"N"`: wins), a winning move when one was asked for and
/// exists, and the search's statistics.
#[pyclass(module = "impartial_games", frozen, get_all)]
pub struct SearchResult {
    /// The nimber, or `None` for `method="outcome"`.
    pub nimber: Option<u32>,
    /// `"P"` or `"N"`.
    pub outcome: String,
    /// A winning move (a position), or `None` (a P-position, or not asked).
    pub winning_move: Option<Py<PyAny>>,
    /// The search's statistics: `nodes` (positions expanded), `table_hits`, `pruned`, ...
    pub stats: Py<PyDict>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        let nimber = self.nimber.map_or_else(|| "None".to_string(), |n| n.to_string());
        let winning = match &self.winning_move {
            Some(m) => m.bind(py).repr().map_or_else(|_| "?".to_string(), |r| r.to_string()),
            None => "None".to_string(),
        };
        format!("SearchResult(nimber={nimber}, outcome={:?}, winning_move={winning})", self.outcome)
    }
}

/// A [`SearchResult`] from what a search found.
pub fn result(
    py: Python<'_>,
    nimber: Option<u32>,
    outcome: Who,
    winning_move: Option<Py<PyAny>>,
    stats: &SearchStats,
) -> PyResult<SearchResult> {
    let dict = PyDict::new(py);
    dict.set_item("nodes", stats.nodes)?;
    dict.set_item("table_hits", stats.table_hits)?;
    dict.set_item("table_stores", stats.table_stores)?;
    dict.set_item("components_cached", stats.components_cached)?;
    dict.set_item("pruned", stats.pruned)?;
    dict.set_item("max_depth", stats.max_depth)?;
    Ok(SearchResult { nimber, outcome: outcome.to_string(), winning_move, stats: dict.unbind() })
}
