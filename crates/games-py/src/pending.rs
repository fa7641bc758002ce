//! The first Python exception raised inside an engine's run (by the user's `moves`, a
//! position's `__eq__`, or a signal handler), kept until the engine returns.
//!
//! The engines call the user's code through game-core's `Game` trait, whose methods cannot
//! fail; an exception is kept here, the engine is asked to stop (its interrupt hook sees it),
//! and the binding raises the exception instead of any result.

use std::cell::RefCell;

use pyo3::prelude::*;

thread_local! {
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Keeps `err` unless an earlier exception is kept already (the first one is the cause).
pub fn record(err: PyErr) {
    PENDING.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Some(err);
        }
    });
}

/// Whether an exception is kept.
pub fn is_set() -> bool {
    PENDING.with(|slot| slot.borrow().is_some())
}

/// The kept exception, if any, leaving none.
pub fn take() -> Option<PyErr> {
    PENDING.with(|slot| slot.borrow_mut().take())
}

/// Runs the signal handlers (Ctrl-C raises `KeyboardInterrupt` there); an exception is kept.
/// Returns whether the engine should stop.
pub fn check_signals() -> bool {
    if is_set() {
        return true;
    }
    if let Err(err) = Python::attach(|py| py.check_signals()) {
        record(err);
        return true;
    }
    false
}
