//! Every typed error of the game crates as one of the Python exception classes of
//! `impartial_games.errors` (defined in Python, so that a class can have two bases, such as
//! `BudgetError(GameError, MemoryError)`).
//!
//! [`Failure`] is what every binding returns on error: either a Python exception already
//! raised (by user code, by argument conversion, or `KeyboardInterrupt`), or a class of the
//! hierarchy and a one-line message, turned into the exception when it reaches Python.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes of `impartial_games.errors`, by what went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `GameError(ValueError)`: input the engines refuse (a bad code, an out-of-range size).
    Game,
    /// `BudgetError(GameError, MemoryError)`: over the `memory=` budget.
    Budget,
    /// `EffortError(GameError, TimeoutError)`: over `max_nodes=`, `max_steps=` or `max_seconds=`.
    Effort,
    /// `CycleError(GameError)`: a routine for acyclic games given a game with a cycle.
    Cycle,
    /// `PeriodNotFoundError(GameError)`: no period proven within the heaps searched.
    PeriodNotFound,
    /// `IllegalMoveError(GameError)`: a move that the rules do not allow.
    IllegalMove,
    /// `FileError(GameError, OSError)`: a file that cannot be read, written or trusted.
    File,
}

impl Kind {
    fn class_name(self) -> &'static str {
        match self {
            Kind::Game => "GameError",
            Kind::Budget => "BudgetError",
            Kind::Effort => "EffortError",
            Kind::Cycle => "CycleError",
            Kind::PeriodNotFound => "PeriodNotFoundError",
            Kind::IllegalMove => "IllegalMoveError",
            Kind::File => "FileError",
        }
    }
}

/// Why a binding failed.
#[derive(Debug)]
pub enum Failure {
    /// A Python exception, raised as it is (its traceback kept).
    Python(PyErr),
    /// A refusal of the engines: the class and the message.
    Refused(Kind, String),
}

/// The result type of every binding.
pub type Outcome<T> = Result<T, Failure>;

impl Failure {
    /// A refusal of kind `kind` saying `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Failure::Refused(kind, message.into())
    }

    /// A [`Kind::Game`] refusal: bad input.
    pub fn bad(message: impl Into<String>) -> Self {
        Failure::new(Kind::Game, message)
    }
}

impl From<PyErr> for Failure {
    fn from(err: PyErr) -> Self {
        Failure::Python(err)
    }
}

/// The class `impartial_games.errors.<name>`, imported once.
fn class(py: Python<'_>, kind: Kind) -> PyResult<Bound<'_, PyType>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    let module = MODULE.get_or_try_init(py, || py.import("impartial_games.errors").map(Bound::unbind))?;
    Ok(module.bind(py).getattr(kind.class_name())?.cast_into::<PyType>()?)
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Python(err) => err,
            Failure::Refused(kind, message) => Python::attach(|py| match class(py, kind) {
                Ok(class) => PyErr::from_type(class, message),
                Err(err) => err,
            }),
        }
    }
}

impl From<game_core::GameError> for Failure {
    fn from(err: game_core::GameError) -> Self {
        use game_core::GameError as E;
        let kind = match err {
            E::NodeLimitExceeded { .. } | E::StepLimitExceeded { .. } => Kind::Effort,
            E::MemoryLimitExceeded { .. } => Kind::Budget,
            E::Cycle { .. } => Kind::Cycle,
            _ => Kind::Game,
        };
        Failure::new(kind, err.to_string())
    }
}

impl From<game_nim::NimError> for Failure {
    fn from(err: game_nim::NimError) -> Self {
        use game_nim::NimError as E;
        let kind = match err {
            E::Graph(inner) => return inner.into(),
            E::OverMemoryBudget { .. } | E::OutOfMemory { .. } => Kind::Budget,
            E::EffortExceeded { .. } => Kind::Effort,
            E::PeriodNotFound { .. } => Kind::PeriodNotFound,
            E::IllegalMove { .. } => Kind::IllegalMove,
            E::ValueFile { .. } | E::ValueFileRefused { .. } => Kind::File,
            _ => Kind::Game,
        };
        Failure::new(kind, err.to_string())
    }
}

impl From<game_wythoff::WythoffError> for Failure {
    fn from(err: game_wythoff::WythoffError) -> Self {
        match err {
            game_wythoff::WythoffError::Graph(inner) => inner.into(),
            other => Failure::bad(other.to_string()),
        }
    }
}

impl From<game_misere::MisereError> for Failure {
    fn from(err: game_misere::MisereError) -> Self {
        use game_misere::MisereError as E;
        let kind = match err {
            E::Game(inner) => return inner.into(),
            E::MemoryBudgetExceeded { .. } => Kind::Budget,
            E::EffortExceeded { .. } | E::QuotientTooLarge { .. } => Kind::Effort,
            E::BadQuotientFile { .. } => Kind::File,
            _ => Kind::Game,
        };
        Failure::new(kind, err.to_string())
    }
}

impl From<game_takebreak::TakeBreakError> for Failure {
    fn from(err: game_takebreak::TakeBreakError) -> Self {
        use game_takebreak::TakeBreakError as E;
        let kind = match err {
            E::MemoryLimit { .. } => Kind::Budget,
            E::TooMuchWork { .. } => Kind::Effort,
            E::IllegalSplit { .. } => Kind::IllegalMove,
            E::WrongStoredValue { .. } => Kind::File,
            _ => Kind::Game,
        };
        Failure::new(kind, err.to_string())
    }
}

impl From<game_rotation::RotationError> for Failure {
    fn from(err: game_rotation::RotationError) -> Self {
        use game_rotation::RotationError as E;
        let kind = match err {
            E::Graph(inner) => return inner.into(),
            E::MemoryBudget { .. } => Kind::Budget,
            E::SearchGaveUp { .. } => Kind::Effort,
            _ => Kind::Game,
        };
        Failure::new(kind, err.to_string())
    }
}

impl From<game_placement::PlacementError> for Failure {
    fn from(err: game_placement::PlacementError) -> Self {
        Failure::bad(err.to_string())
    }
}

impl From<game_core::value_file::ValueFileError> for Failure {
    fn from(err: game_core::value_file::ValueFileError) -> Self {
        Failure::new(Kind::File, err.to_string())
    }
}
