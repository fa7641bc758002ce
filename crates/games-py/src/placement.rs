//! Games solved by game-core's search over components (game-placement): Cram, Chomp and
//! Node-Kayles. The rules are game-placement's; this module reads the arguments, sets the
//! limits (those of `games cram`, `games chomp`, `games node-kayles`) and answers. The
//! searches run without the interpreter's lock (other Python threads go on), taking it back
//! only to look at Ctrl-C.

use game_core::search::Search;
use game_placement::{
    Chomp, ChompBoard, Cram, CramBoard, KaylesGraph, NodeKayles, cram_winning_domino,
    node_kayles_winning_vertex,
};
use pyo3::prelude::*;

use crate::errors::Outcome;
use crate::search::{self, Effort, Method, SearchResult};

/// The nimber (or with `method="outcome"` only the outcome) of Cram on the empty
/// `rows x cols` board (at most 128 cells) and, with `winning_move=True` on an N-position, a
/// winning domino `((row, col), (row, col))`, cells counted from 0 (game-placement's
/// `cram_winning_domino`).
#[pyfunction]
#[pyo3(signature = (rows, cols, *, method = "pruned", winning_move = false, memory = 4096, max_nodes = None, max_seconds = None, allow_long = false))]
#[allow(clippy::too_many_arguments)]
pub fn cram(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    method: &str,
    winning_move: bool,
    memory: u64,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    allow_long: bool,
) -> Outcome<SearchResult> {
    let method = Method::parse(method)?;
    let effort = Effort::new(memory, max_nodes, max_seconds, allow_long)?;
    let board = CramBoard::empty(rows, cols)?;
    let what = format!("Cram {rows} x {cols}");
    let ((nimber, outcome, domino), stats) = py.detach(|| {
        search::run(&Cram, &effort, &what, |s| {
            let winning = winning_move.then_some(|s: &mut _| cram_winning_domino(s, &board));
            search::answer_and_move(s, &board, method, winning)
        })
    })?;
    let domino = domino.map(|[a, b]| (a, b).into_pyobject(py).map(|t| t.into_any().unbind())).transpose()?;
    Ok(search::result(py, nimber, outcome, domino, &stats)?)
}

/// The nimber (or outcome) of Chomp on the full `rows x cols` board and, on an N-position, a
/// winning bite `(row, col)` counted from 0, the poisoned square at `(0, 0)` (the first such
/// bite in row order).
#[pyfunction]
#[pyo3(signature = (rows, cols, *, method = "pruned", memory = 4096, max_nodes = None, max_seconds = None, allow_long = false))]
#[allow(clippy::too_many_arguments)]
pub fn chomp(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    method: &str,
    memory: u64,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    allow_long: bool,
) -> Outcome<SearchResult> {
    let method = Method::parse(method)?;
    let effort = Effort::new(memory, max_nodes, max_seconds, allow_long)?;
    let board = ChompBoard::rectangle(rows, cols)?;
    let what = format!("Chomp {rows} x {cols}");
    let ((nimber, outcome, next), stats) = py.detach(|| {
        search::run(&Chomp, &effort, &what, |s| {
            search::answer_and_move(
                s,
                &board,
                method,
                Some(|s: &mut Search<'_, Chomp>| s.winning_move(&board)),
            )
        })
    })?;
    let bite = next.and_then(|next| board.bites().find(|&(_, _, b)| b == next)).map(|(r, c, _)| (r, c));
    let bite = bite.map(|b| b.into_pyobject(py).map(|t| t.into_any().unbind())).transpose()?;
    Ok(search::result(py, nimber, outcome, bite, &stats)?)
}

/// The nimber (or outcome) of Node-Kayles on the graph with vertices `0..n` and the given
/// edges (undirected; loops and repeated edges ignored). A move takes a vertex and its
/// neighbours away. With `winning_move=True` on an N-position, a winning vertex to take
/// (game-placement's `node_kayles_winning_vertex`): `labels[v]` when `labels` is given (the
/// caller's names of the vertices), else `v`.
#[pyfunction]
#[pyo3(signature = (n, edges, *, method = "pruned", winning_move = false, labels = None, memory = 4096, max_nodes = None, max_seconds = None, allow_long = false))]
#[allow(clippy::too_many_arguments)]
pub fn node_kayles(
    py: Python<'_>,
    n: usize,
    edges: Vec<(usize, usize)>,
    method: &str,
    winning_move: bool,
    labels: Option<Vec<Py<PyAny>>>,
    memory: u64,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    allow_long: bool,
) -> Outcome<SearchResult> {
    let method = Method::parse(method)?;
    let effort = Effort::new(memory, max_nodes, max_seconds, allow_long)?;
    if labels.as_ref().is_some_and(|l| l.len() != n) {
        return Err(crate::errors::Failure::bad(format!(
            "labels: give one label for each of the {n} vertices"
        )));
    }
    let graph = KaylesGraph::from_edges(n, edges)?;
    let what = format!("Node-Kayles ({} vertices, {} edges)", graph.vertex_count(), graph.edge_count());
    let ((nimber, outcome, vertex), stats) = py.detach(|| {
        search::run(&NodeKayles, &effort, &what, |s| {
            let winning = winning_move.then_some(|s: &mut _| node_kayles_winning_vertex(s, &graph));
            search::answer_and_move(s, &graph, method, winning)
        })
    })?;
    let vertex = match (vertex, &labels) {
        (Some(v), Some(labels)) => Some(labels[v].clone_ref(py)),
        (Some(v), None) => Some(v.into_pyobject(py).map_or_else(|e| match e {}, |v| v.into_any().unbind())),
        (None, _) => None,
    };
    Ok(search::result(py, nimber, outcome, vertex, &stats)?)
}
