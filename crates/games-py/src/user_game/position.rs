//! A position of a game written in Python, as the Rust engines hold it: a Python `int` that
//! fits in 64 bits is kept as a Rust integer (hashed, compared and cloned without calling
//! Python, and, when small, given a dense index so the search keeps its value in a plain
//! array); any other hashable object is kept as a handle, hashed once by Python's `hash` and
//! compared by Python's `==`.
//!
//! Only exact `int`s become integers: an object equal to an int but of another type (`True`,
//! `1.0`, `numpy.int64(1)`) stays an object, so it is a different key of the search's table
//! from the int. That costs a second table entry with the same value, never a wrong value: a
//! position's value does not depend on which of two equal keys the table holds it under.

use std::fmt;
use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::pending;

/// Integer positions below this get a dense index (the search's array of values then holds at
/// most this many entries, 4 MiB, whatever the budget): heap sizes and small counters, while
/// large integers (bit masks of a board) go to the hash table, where they take no array space.
pub const DENSE_POSITIONS: i64 = 1 << 20;

/// A Python object as a position.
pub enum PyPosition {
    /// An exact Python `int` that fits in an `i64`.
    Int(i64),
    /// Any other hashable object, with its Python hash.
    Object {
        /// The object.
        object: Py<PyAny>,
        /// `hash(object)`, asked once.
        hash: isize,
    },
}

impl PyPosition {
    /// `object` as a position; an unhashable object is an error (Python's `TypeError`).
    pub fn new(object: Bound<'_, PyAny>) -> PyResult<Self> {
        if object.is_exact_instance_of::<PyInt>()
            && let Ok(n) = object.extract::<i64>()
        {
            return Ok(PyPosition::Int(n));
        }
        let hash = object.hash()?;
        Ok(PyPosition::Object { object: object.unbind(), hash })
    }

    /// The position as a Python object (the same object for an object, an equal `int` for an
    /// integer).
    pub fn to_object(&self, py: Python<'_>) -> Py<PyAny> {
        match self {
            PyPosition::Int(n) => n.into_pyobject(py).map_or_else(|e| match e {}, |n| n.into_any().unbind()),
            PyPosition::Object { object, .. } => object.clone_ref(py),
        }
    }

    /// The dense index of an integer position in `0..DENSE_POSITIONS` (game-core's
    /// `SearchGame::dense_index`: distinct positions never share one).
    pub fn dense_index(&self) -> Option<usize> {
        match *self {
            PyPosition::Int(n) if (0..DENSE_POSITIONS).contains(&n) => usize::try_from(n).ok(),
            _ => None,
        }
    }
}

impl Clone for PyPosition {
    fn clone(&self) -> Self {
        match self {
            PyPosition::Int(n) => PyPosition::Int(*n),
            PyPosition::Object { object, hash } => {
                Python::attach(|py| PyPosition::Object { object: object.clone_ref(py), hash: *hash })
            }
        }
    }
}

impl PartialEq for PyPosition {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PyPosition::Int(a), PyPosition::Int(b)) => a == b,
            (PyPosition::Object { object: a, hash: ha }, PyPosition::Object { object: b, hash: hb }) => {
                if ha != hb {
                    return false;
                }
                if a.is(b) {
                    return true;
                }
                Python::attach(|py| match a.bind(py).eq(b.bind(py)) {
                    Ok(equal) => equal,
                    Err(err) => {
                        pending::record(err);
                        false
                    }
                })
            }
            _ => false,
        }
    }
}

impl Eq for PyPosition {}

impl Hash for PyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            PyPosition::Int(n) => state.write_i64(*n),
            PyPosition::Object { hash, .. } => state.write_isize(*hash),
        }
    }
}

impl fmt::Debug for PyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PyPosition::Int(n) => write!(f, "{n}"),
            PyPosition::Object { object, .. } => Python::attach(|py| match object.bind(py).repr() {
                Ok(text) => f.write_str(&text.to_string_lossy()),
                Err(_) => f.write_str("<position>"),
            }),
        }
    }
}
