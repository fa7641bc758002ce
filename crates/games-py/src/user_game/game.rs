//! [`PyGame`]: a game written in Python as game-core's `Game` (the only implementation of the
//! trait in this crate). Each method calls the user's code; an exception it raises is kept
//! ([`crate::pending`]), the method answers as if the position had no move, and the engine is
//! stopped by its interrupt hook (the search) or by the empty answers (the explicit graph).
//!
//! The search asks a component's options through `SearchGame::option_parts`. Without the user's
//! `option_parts` that is one call of `moves` and then one of `components` per option (and one
//! of `canonical` per part): Python calls per option, which cost more than the search itself
//! (`benchmarks/user_games.py`). With it, one call per component gives every option already
//! split into its parts, as lists or as one numpy array of integers ([`super::options`]).

use std::cell::Cell;
use std::ops::ControlFlow;

use game_core::{Game, SearchGame};
use pyo3::prelude::*;

use super::options;
use super::position::PyPosition;
use crate::pending;

/// Calls of the user's code between two looks at Ctrl-C (the explicit graph has no interrupt
/// hook of its own; the search asks its hook besides, but only every 16 384 positions, each of
/// which may call Python many times).
const CALLS_PER_SIGNAL_CHECK: u32 = 1024;

/// A game written in Python.
pub struct PyGame<'py> {
    moves: Bound<'py, PyAny>,
    components: Option<Bound<'py, PyAny>>,
    canonical: Option<Bound<'py, PyAny>>,
    option_parts: Option<Bound<'py, PyAny>>,
    calls: Cell<u32>,
}

impl<'py> PyGame<'py> {
    /// The game `game`: an object with a `moves` method (and optionally `components`,
    /// `canonical` and `option_parts`), or a function giving the moves.
    pub fn from_object(game: &Bound<'py, PyAny>) -> PyResult<Self> {
        let optional = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            match game.getattr_opt(name)? {
                Some(method) if method.is_callable() => Ok(Some(method)),
                Some(method) if method.is_none() => Ok(None),
                Some(_) => {
                    Err(pyo3::exceptions::PyTypeError::new_err(format!("the game's {name} is not callable")))
                }
                None => Ok(None),
            }
        };
        let moves = match optional("moves")? {
            Some(moves) => moves,
            None if game.is_callable() => game.clone(),
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
            option_parts: optional("option_parts")?,
            calls: 0.into(),
        })
    }

    /// Whether the engine should stop: an exception kept, or (every so many calls) Ctrl-C.
    fn stopped(&self) -> bool {
        if pending::is_set() {
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        calls.is_multiple_of(CALLS_PER_SIGNAL_CHECK) && pending::check_signals()
    }

    /// `function(position)`, or `None` with the exception kept.
    fn call(&self, function: &Bound<'py, PyAny>, position: &PyPosition) -> Option<Bound<'py, PyAny>> {
        if self.stopped() {
            return None;
        }
        function.call1((position.to_object(function.py()),)).map_err(pending::record).ok()
    }

    /// Positions from the iterable `function(position)` returns; an exception is kept and
    /// none returned.
    fn call_for_positions(&self, function: &Bound<'py, PyAny>, position: &PyPosition) -> Vec<PyPosition> {
        let Some(iterable) = self.call(function, position) else {
            return Vec::new();
        };
        let listed = || -> PyResult<Vec<PyPosition>> {
            iterable.try_iter()?.map(|item| PyPosition::new(item?)).collect()
        };
        listed().unwrap_or_else(|err| {
            pending::record(err);
            Vec::new()
        })
    }
}

impl Game for PyGame<'_> {
    type Position = PyPosition;

    fn moves(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.call_for_positions(&self.moves, position)
    }

    fn position_bytes(&self, _position: &PyPosition) -> usize {
        // The handle and a small Python object behind it (a tuple of a few ints): an
        // estimate, since Python's own memory is not the search's to count.
        std::mem::size_of::<PyPosition>() + 64
    }
}

impl SearchGame for PyGame<'_> {
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
        let canonical = self.call(canonical, position).map(|c| PyPosition::new(c).map_err(pending::record));
        match canonical {
            Some(Ok(canonical)) => canonical,
            _ => position.clone(),
        }
    }

    // The search's methods (`SearchGame` once game-core splits the trait).

    fn dense_index(&self, component: &PyPosition) -> Option<usize> {
        component.dense_index()
    }

    fn option_parts(&self, component: &PyPosition, visit: &mut dyn FnMut(&[PyPosition]) -> ControlFlow<()>) {
        let Some(option_parts) = &self.option_parts else {
            // game-core's default: the moves, each split by `components`.
            let mut parts = Vec::new();
            for option in self.moves(component) {
                parts.clear();
                self.components(&option, &mut parts);
                if pending::is_set() || visit(&parts).is_break() {
                    return;
                }
            }
            return;
        };
        if let Some(listed) = self.call(option_parts, component)
            && let Err(err) = options::visit_parts(&listed, visit)
        {
            pending::record(err);
        }
    }
}
