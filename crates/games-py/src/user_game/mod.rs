//! Games written in Python, solved by game-core: an object with `moves(position)` (or a plain
//! function giving the moves) and, optionally, `components(position)`, `canonical(position)`
//! and `option_parts(component)`; positions are any hashable Python objects
//! ([`position`]). [`game`] turns such an object into game-core's `Game`; this module holds
//! the bindings (the explicit graph and the search).

mod game;
mod options;
mod position;

use game_core::search::Search;
use game_core::{grundy_values, loopy_outcomes, winning_moves as graph_winning_moves};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, Outcome};
use crate::pending;
use crate::search::{self, Effort, Method, SearchResult};
use game::PyGame;
use position::PyPosition;

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
        dict.set_item(position.to_object(py), table[node.index()].clone())?;
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
        Ok(wins.into_iter().map(|n| graph.position(n).to_object(py)).collect())
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
        let winning = winning_move.then_some(|s: &mut Search<'_, PyGame<'_>>| s.winning_move(&root));
        search::answer_and_move(s, &root, method, winning)
    })?;
    let win = win.map(|p| p.to_object(py));
    Ok(search::result(py, nimber, outcome, win, &stats)?)
}
