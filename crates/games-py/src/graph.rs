//! Graphs of your own (game-core): a directed graph on vertices `0..n` given by its arcs
//! (a move from `u` to `v`), analysed as a game: Grundy values, outcomes with cycles (draws),
//! kernels.

use petgraph::graph::DiGraph;
use pyo3::prelude::*;

use crate::errors::{Failure, Outcome};

/// Largest number of vertices accepted (petgraph's `u32` node indices).
const MAX_VERTICES: usize = u32::MAX as usize - 1;

fn digraph(n: usize, arcs: &[(usize, usize)]) -> Outcome<DiGraph<(), ()>> {
    if n > MAX_VERTICES {
        return Err(Failure::bad(format!("{n} vertices: at most {MAX_VERTICES}")));
    }
    if let Some(&(u, v)) = arcs.iter().find(|&&(u, v)| u >= n || v >= n) {
        return Err(Failure::bad(format!("arc ({u}, {v}) names a vertex not in 0..{n}")));
    }
    let mut graph = DiGraph::with_capacity(n, arcs.len());
    for _ in 0..n {
        graph.add_node(());
    }
    for &(u, v) in arcs {
        graph.add_edge((u as u32).into(), (v as u32).into(), ());
    }
    Ok(graph)
}

/// The Grundy value of each vertex of the acyclic digraph (a cycle raises `CycleError`).
#[pyfunction]
pub fn digraph_grundy_values(n: usize, arcs: Vec<(usize, usize)>) -> Outcome<Vec<u32>> {
    Ok(game_core::grundy_values(&digraph(n, &arcs)?)?)
}

/// The outcome of each vertex, cycles allowed: `"P"`, `"N"` or `"D"` (a draw).
#[pyfunction]
pub fn digraph_loopy_outcomes(n: usize, arcs: Vec<(usize, usize)>) -> Outcome<Vec<String>> {
    Ok(game_core::loopy_outcomes(&digraph(n, &arcs)?).into_iter().map(|o| o.to_string()).collect())
}

/// Kernels of the digraph (independent sets that every other vertex has an arc into), at
/// most `max_kernels`, within `max_steps`: `(kernels, complete)`, `complete` saying the list
/// is all of them.
#[pyfunction]
#[pyo3(signature = (n, arcs, *, max_kernels = 1000, max_steps = 100_000_000))]
pub fn digraph_kernels(
    n: usize,
    arcs: Vec<(usize, usize)>,
    max_kernels: usize,
    max_steps: u64,
) -> Outcome<(Vec<Vec<usize>>, bool)> {
    let list = game_core::kernels(&digraph(n, &arcs)?, max_kernels, max_steps)?;
    Ok((list.kernels, list.complete))
}
