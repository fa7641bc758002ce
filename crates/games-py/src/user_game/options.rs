//! What the user's `option_parts(component)` returns, visited option by option as game-core's
//! `SearchGame::option_parts` asks: either an iterable of options, each an iterable of its parts
//! (hashable positions), or a numpy array of integers, one row per option and one integer
//! position per column, negative entries standing for no part (a 1-D array: one part per
//! option). The array is read in place, with no Python call per option: for a heap game the
//! whole list of options costs a few numpy operations (`benchmarks/user_games.py`).

use std::ops::ControlFlow;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArray};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::position::PyPosition;

/// Calls `visit` with the parts of each option that `listed` gives, until it says stop.
pub fn visit_parts(
    listed: &Bound<'_, PyAny>,
    visit: &mut dyn FnMut(&[PyPosition]) -> ControlFlow<()>,
) -> PyResult<()> {
    let mut parts = Vec::new();
    if listed.is_instance_of::<PyUntypedArray>() {
        return visit_array(listed, &mut parts, visit);
    }
    for option in listed.try_iter()? {
        parts.clear();
        for part in option?.try_iter()? {
            parts.push(PyPosition::new(part?)?);
        }
        if visit(&parts).is_break() {
            break;
        }
    }
    Ok(())
}

/// [`visit_parts`] for a numpy array of integers (any integer dtype that casts safely to
/// `int64`; others are a `TypeError`, numpy's).
fn visit_array(
    array: &Bound<'_, PyAny>,
    parts: &mut Vec<PyPosition>,
    visit: &mut dyn FnMut(&[PyPosition]) -> ControlFlow<()>,
) -> PyResult<()> {
    let py = array.py();
    let safe = PyDict::new(py);
    safe.set_item("casting", "safe")?;
    safe.set_item("copy", false)?;
    let array = array.call_method("astype", ("int64",), Some(&safe))?;
    let mut option = |row: &mut dyn Iterator<Item = i64>| {
        parts.clear();
        parts.extend(row.filter(|&n| n >= 0).map(PyPosition::Int));
        visit(parts)
    };
    if let Ok(rows) = array.cast::<PyArray2<i64>>() {
        let rows = rows.readonly();
        for row in rows.as_array().rows() {
            if option(&mut row.iter().copied()).is_break() {
                break;
            }
        }
    } else if let Ok(column) = array.cast::<PyArray1<i64>>() {
        let column = column.readonly();
        for &part in column.as_array() {
            if option(&mut std::iter::once(part)).is_break() {
                break;
            }
        }
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "option_parts gave an array of more than 2 dimensions: give one row per option",
        ));
    }
    Ok(())
}
