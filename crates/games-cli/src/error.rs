//! The CLI's error type: bad input of its own, and the typed errors of the game crates.

use thiserror::Error;

/// Everything that makes a subcommand fail. Printed as one line `error: <reason>`, exit code 2.
#[derive(Debug, Error)]
pub enum CliError {
    /// A value on the command line that is out of range or malformed.
    #[error("{0}")]
    BadInput(String),
    /// PNG pictures are not produced (no raster dependency); SVG is.
    #[error("PNG output is not supported; use --svg FILE (convert it with any SVG tool if needed)")]
    PngNotSupported,
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A graph file that cannot be parsed.
    #[error("{path}:{line}: {reason}")]
    Parse {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Wythoff's game refused the request.
    #[error(transparent)]
    Wythoff(#[from] game_wythoff::WythoffError),
    /// Nim, subtraction or octal games refused the request.
    #[error(transparent)]
    Nim(#[from] game_nim::NimError),
    /// The rotation puzzle refused the request.
    #[error(transparent)]
    Rotation(#[from] game_rotation::RotationError),
    /// The graph engine refused the request.
    #[error(transparent)]
    Graph(#[from] game_core::GameError),
}

impl CliError {
    /// A [`CliError::BadInput`] with this reason.
    pub fn bad(reason: impl Into<String>) -> Self {
        CliError::BadInput(reason.into())
    }
}

/// Converts a `u64` from the command line to `usize`, or a one-line error naming it.
pub fn to_usize(value: u64, what: &str) -> Result<usize, CliError> {
    usize::try_from(value).map_err(|_| CliError::bad(format!("{what} {value} is too large for this machine")))
}
