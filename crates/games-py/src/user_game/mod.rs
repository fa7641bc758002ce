//! Games written in Python, solved by game-core: an object with `moves(position)` (or a plain
//! function giving the moves) and, optionally, `components(position)` and
//! `canonical(position)`; positions are any hashable Python objects.
//!
//! [`PyGame`] implements game-core's `Game` (this module is the only place that does): each
//! method calls the user's code; positions are [`PyPosition`]s, hashed once by Python's `hash`
//! and compared by Python's `==`. The trait's methods cannot fail, so an exception raised by
//! the user's code is kept ([`crate::pending`]), the method answers as if the position had no
//! move, and the engine is stopped by its interrupt hook (the search) or by the empty answers
//! (the explicit graph); the binding then raises that exception, never a result.

use std::fmt;
use std::hash::{Hash, Hasher};

use game_core::{Game, grundy_values, loopy_outcomes, winning_moves as graph_winning_moves};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Outcome};
use crate::pending;
use crate::search::{self, Effort, Method, SearchResult};

/// A Python object as a position: hashed once, compared by `==`.
pub struct PyPosition {
    object: Py<PyAny>,
    hash: isize,
}

impl PyPosition {
    /// `object` as a position; an unhashable object is an error (Python's `TypeError`).
    fn new(object: Bound<'_, PyAny>) -> PyResult<Self> {
        let hash = object.hash()?;
        Ok(PyPosition { object: object.unbind(), hash })
    }
}

impl Clone for PyPosition {
    fn clone(&self) -> Self {
        Python::attach(|py| PyPosition { object: self.object.clone_ref(py), hash: self.hash })
    }
}

impl PartialEq for PyPosition {
    fn eq(&self, other: &Self) -> bool {
        if self.hash != other.hash {
            return false;
        }
        if self.object.is(&other.object) {
            return true;
        }
        Python::attach(|py| match self.object.bind(py).eq(other.object.bind(py)) {
            Ok(equal) => equal,
            Err(err) => {
                pending::record(err);
                false
            }
        })
    }
}

impl Eq for PyPosition {}

impl Hash for PyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

impl fmt::Debug for PyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Python::attach(|py| match self.object.bind(py).repr() {
            Ok(text) => f.write_str(&text.to_string_lossy()),
            Err(_) => f.write_str("<position>"),
        })
    }
}

/// Calls the user's code between two looks at Ctrl-C (the explicit graph has no interrupt
/// hook of its own; the search asks its hook besides).
const CALLS_PER_SIGNAL_CHECK: u32 = 1024;

/// A game written in Python.
pub struct PyGame {
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    canonical: Option<Py<PyAny>>,
    calls: std::cell::Cell<u32>,
}

impl PyGame {
    /// The game `game`: an object with a `moves` method (and optionally `components` and
    /// `canonical`), or a function giving the moves.
    pub fn from_object(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let optional = |name: &str| -> PyResult<Option<Py<PyAny>>> {
            match game.getattr_opt(name)? {
                Some(method) if method.is_callable() => Ok(Some(method.unbind())),
                Some(method) if method.is_none() => Ok(None),
                Some(_) => {
                    Err(pyo3::exceptions::PyTypeError::new_err(format!("the game's {name} is not callable")))
                }
                None => Ok(None),
            }
        };
        let moves = match optional("moves")? {
            Some(moves) => moves,
            None if game.is_callable() => game.clone().unbind(),
            None => {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "a game is an object with a moves(position) method, or a function moves(position)",
                ));
            }
        };
        Ok(PyGame {
            moves,
            components: optional("components")?,
            canonical: optional("canonical")?,
            calls: 0.into(),
        })
    }

    /// Positions from the iterable `function(position)` returns; an exception is kept and
    /// none returned.
    fn call_for_positions(&self, function: &Py<PyAny>, position: &PyPosition) -> Vec<PyPosition> {
        if pending::is_set() {
            return Vec::new();
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if calls.is_multiple_of(CALLS_PER_SIGNAL_CHECK) && pending::check_signals() {
            return Vec::new();
        }
        Python::attach(|py| {
            let listed = || -> PyResult<Vec<PyPosition>> {
                let iterable = function.bind(py).call1((position.object.bind(py),))?;
                iterable.try_iter()?.map(|item| PyPosition::new(item?)).collect()
            };
            listed().unwrap_or_else(|err| {
                pending::record(err);
                Vec::new()
            })
        })
    }
}

impl Game for PyGame {
    type Position = PyPosition;

    fn moves(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.call_for_positions(&self.moves, position)
    }

    fn position_bytes(&self, _position: &PyPosition) -> usize {
        // The handle and a small Python object behind it (a tuple of a few ints): an
        // estimate, since Python's own memory is not the search's to count.
        std::mem::size_of::<PyPosition>() + 64
    }

    fn components(&self, position: &PyPosition, out: &mut Vec<PyPosition>) {
        match &self.components {
            Some(components) => {
                for part in self.call_for_positions(components, position) {
                    out.push(self.canonical(&part));
                }
            }
            None => out.push(self.canonical(position)),
        }
    }

    fn canonical(&self, position: &PyPosition) -> PyPosition {
        let Some(canonical) = &self.canonical else {
            return position.clone();
        };
        if pending::is_set() {
            return position.clone();
        }
        Python::attach(|py| {
            canonical.bind(py).call1((position.object.bind(py),)).and_then(PyPosition::new).unwrap_or_else(
                |err| {
                    pending::record(err);
                    position.clone()
                },
            )
        })
    }
}

/// Runs the explicit-graph engine on the positions reachable from `roots`, then `analyse`;
/// an exception of the user's code is raised in place of the answer.
fn on_graph<T>(
    game: &Bound<'_, PyAny>,
    roots: &Bound<'_, PyAny>,
    max_positions: usize,
    memory: u64,
    analyse: impl FnOnce(&game_core::GameGraph<PyPosition>) -> Outcome<T>,
) -> Outcome<T> {
    let game = PyGame::from_object(game)?;
    let roots: Vec<PyPosition> = roots.try_iter()?.map(|r| PyPosition::new(r?)).collect::<PyResult<_>>()?;
    let max_bytes = usize::try_from(crate::limits::memory_bytes(memory)?).unwrap_or(usize::MAX);
    drop(pending::take());
    let limits = game_core::ExploreLimits { max_positions, max_bytes };
    let graph = game_core::explore_with(&game, roots, limits);
    if let Some(err) = pending::take() {
        return Err(Failure::Python(err));
    }
    analyse(&graph?)
}

/// The Grundy value of every position reachable from `roots`, by the explicit game graph
/// (acyclic games; a cycle raises `CycleError`): a dict from position to value.
#[pyfunction]
#[pyo3(signature = (game, roots, *, max_positions = 1_000_000, memory = 4096))]
pub fn game_grundy_values<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    roots: &Bound<'py, PyAny>,
    max_positions: usize,
    memory: u64,
) -> Outcome<Bound<'py, PyDict>> {
    on_graph(game, roots, max_positions, memory, |graph| {
        by_position(py, graph, &grundy_values(&graph.graph)?)
    })
}

/// A dict from each position of `graph` to its entry of `table` (indexed by node).
fn by_position<'py, T: IntoPyObject<'py> + Clone>(
    py: Python<'py>,
    graph: &game_core::GameGraph<PyPosition>,
    table: &[T],
) -> Outcome<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (node, position) in graph.iter() {
        dict.set_item(position.object.bind(py), table[node.index()].clone())?;
    }
    Ok(dict)
}

/// The outcome (`"P"`, `"N"` or `"D"` for a draw) of every position reachable from `roots`,
/// by the explicit game graph, cycles allowed: a dict from position to outcome.
#[pyfunction]
#[pyo3(signature = (game, roots, *, max_positions = 1_000_000, memory = 4096))]
pub fn game_loopy_outcomes<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    roots: &Bound<'py, PyAny>,
    max_positions: usize,
    memory: u64,
) -> Outcome<Bound<'py, PyDict>> {
    on_graph(game, roots, max_positions, memory, |graph| {
        let outcomes: Vec<String> = loopy_outcomes(&graph.graph).iter().map(ToString::to_string).collect();
        by_position(py, graph, &outcomes)
    })
}

/// The winning moves of `position` by the explicit game graph: the options that are
/// P-positions (acyclic games).
#[pyfunction]
#[pyo3(signature = (game, position, *, max_positions = 1_000_000, memory = 4096))]
pub fn game_winning_moves<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: &Bound<'py, PyAny>,
    max_positions: usize,
    memory: u64,
) -> Outcome<Vec<Py<PyAny>>> {
    let root = PyPosition::new(position.clone())?;
    let roots = pyo3::types::PyTuple::new(py, [position])?;
    on_graph(game, roots.as_any(), max_positions, memory, |graph| {
        let node =
            graph.node(&root).ok_or_else(|| Failure::bad("internal: the root is missing from its graph"))?;
        let wins = graph_winning_moves(&graph.graph, node)?;
        Ok(wins.into_iter().map(|n| graph.position(n).object.clone_ref(py)).collect())
    })
}

/// The nimber of `position` by game-core's search over components (`components` and
/// `canonical` of the game used when given), with a winning move if `winning_move=True`.
#[pyfunction]
#[pyo3(signature = (game, position, *, method = "pruned", winning_move = false, memory = 4096, max_nodes = None, max_seconds = None, allow_long = false))]
#[allow(clippy::too_many_arguments)]
pub fn game_search(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    method: &str,
    winning_move: bool,
    memory: u64,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    allow_long: bool,
) -> Outcome<SearchResult> {
    let method = Method::parse(method)?;
    let effort = Effort::new(memory, max_nodes, max_seconds, allow_long)?;
    let game = PyGame::from_object(game)?;
    let root = PyPosition::new(position.clone())?;
    let ((nimber, outcome, win), stats) = search::run(&game, &effort, "the search", |s| {
        let (nimber, outcome) = search::answer(s, &root, method)?;
        let win = if winning_move { s.winning_move(&root)? } else { None };
        Ok((nimber, outcome, win))
    })?;
    let win = win.map(|p| p.object);
    Ok(search::result(py, nimber, outcome, win, &stats)?)
}
