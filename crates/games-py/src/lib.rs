//! `impartial_games._native`: the Python extension of the workspace, built by maturin from
//! this crate (`pip install crates/games-py`). Like the command line it holds no game rules:
//! every answer comes from the game crates, and the pure-Python layer (`python/`) only adds
//! conveniences (networkx graphs, pictures).
//!
//! One module per engine family; `errors` maps every typed error of the game crates to the
//! exception classes of `impartial_games.errors`, and `user_game` runs games written in
//! Python on game-core's engines.

#![deny(missing_docs)]

mod errors;
mod graph;
mod heaps;
mod limits;
mod misere;
mod pending;
mod placement;
mod rotation;
mod search;
mod user_game;
mod wythoff;

use pyo3::prelude::*;

/// The compiled part of `impartial_games`; use the package, not this module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wythoff::wythoff_pair, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_is_p_position, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_winning_moves, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_grundy_table, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_max_pair_index, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::nim_sum, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::nim_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::nim_winning_moves, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::grundys_game_values, m)?)?;
    m.add_class::<heaps::Subtraction>()?;
    m.add_class::<heaps::Octal>()?;
    m.add_function(wrap_pyfunction!(misere::misere_quotient, m)?)?;
    m.add_class::<misere::MisereQuotient>()?;
    m.add_function(wrap_pyfunction!(placement::cram, m)?)?;
    m.add_function(wrap_pyfunction!(placement::chomp, m)?)?;
    m.add_function(wrap_pyfunction!(placement::node_kayles, m)?)?;
    m.add_function(wrap_pyfunction!(rotation::rotation_solve, m)?)?;
    m.add_function(wrap_pyfunction!(rotation::rotation_count, m)?)?;
    m.add_function(wrap_pyfunction!(graph::digraph_grundy_values, m)?)?;
    m.add_function(wrap_pyfunction!(graph::digraph_loopy_outcomes, m)?)?;
    m.add_function(wrap_pyfunction!(graph::digraph_kernels, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::game_grundy_values, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::game_loopy_outcomes, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::game_winning_moves, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::game_search, m)?)?;
    m.add_class::<search::SearchResult>()?;
    Ok(())
}
