//! The CLI's error type: bad input of its own, and the typed errors of the game crates.

use thiserror::Error;

/// Everything that makes a subcommand fail. Printed as one line `error: <reason>`, exit code 2.
#[derive(Debug, Error)]
#[non_exhaustive]
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
    /// A computation would need more memory than the budget (`--memory`).
    #[error("{what} would need {needed} bytes ({}), more than the memory budget of {} (raise it with --memory MIB)", crate::limits::mib(*needed), crate::limits::mib(*budget))]
    OverMemoryBudget {
        /// What was asked for.
        what: String,
        /// Bytes needed (an estimate that errs on the high side).
        needed: u128,
        /// The budget in bytes.
        budget: u128,
    },
    /// A computation would take more steps than its effort limit; refused before starting.
    #[error(
        "{what} would take about {steps} steps, more than the limit of {limit} (pass --allow-long to start it anyway)"
    )]
    TooMuchWork {
        /// What was asked for.
        what: String,
        /// Estimated steps.
        steps: u128,
        /// The limit.
        limit: u128,
    },
    /// A size over the limit that keeps the default answers quick; `--allow-long` lifts it.
    #[error("{what} is {value}, more than {limit} (pass --allow-long to go further)")]
    TooLarge {
        /// What is too large.
        what: String,
        /// Its size.
        value: u128,
        /// The limit without `--allow-long`.
        limit: u128,
    },
    /// A computation reached its effort limit while running.
    #[error("{what}: gave up after {steps} steps (pass --allow-long to lift the limit)")]
    GaveUp {
        /// What was being computed.
        what: String,
        /// The limit reached.
        steps: u128,
    },
    /// Long work stopped on Ctrl-C (or SIGTERM or SIGHUP); `saved` says where the work so far is kept, if anywhere.
    #[error("stopped (Ctrl-C, SIGTERM or SIGHUP) after {done} of {total} heaps{}", saved.as_ref().map_or_else(String::new, |path| format!("; the values so far are in {path}: run the same command again to continue")))]
    Stopped {
        /// Heaps whose values were known.
        done: u64,
        /// Heaps asked for.
        total: u64,
        /// The value file that holds them.
        saved: Option<String>,
    },
    /// A search stopped on Ctrl-C (or SIGTERM or SIGHUP), its values saved in a table file.
    #[error(
        "{what}: stopped (Ctrl-C, SIGTERM or SIGHUP) after {}; {} in {file}: run the same command again to continue",
        plural(*nodes, "position expanded", "positions expanded"), plural(*values, "value is", "values are")
    )]
    SearchStopped {
        /// What was being searched.
        what: String,
        /// Positions expanded.
        nodes: u64,
        /// Values saved.
        values: u64,
        /// The table file.
        file: String,
    },
    /// A shard of a search stopped on Ctrl-C (or SIGTERM or SIGHUP); `kept` says what was saved where.
    #[error(
        "{what}: stopped (Ctrl-C, SIGTERM or SIGHUP) after {}; {kept}: run the same command again to continue",
        plural(*nodes, "position expanded", "positions expanded")
    )]
    ShardStopped {
        /// The shard being searched.
        what: String,
        /// Positions expanded in this run.
        nodes: u64,
        /// What is saved, and where.
        kept: String,
    },
    /// Work with nothing to keep stopped on Ctrl-C (or SIGTERM or SIGHUP).
    #[error("{what}: stopped (Ctrl-C, SIGTERM or SIGHUP) {progress}; nothing was saved")]
    Interrupted {
        /// What was being computed.
        what: String,
        /// How far it got ("after 1200 positions expanded").
        progress: String,
    },
    /// Wythoff's game refused the request.
    #[error(transparent)]
    Wythoff(#[from] game_wythoff::WythoffError),
    /// Nim, subtraction or octal games refused the request.
    #[error(transparent)]
    Nim(game_nim::NimError),
    /// The rotation puzzle refused the request.
    #[error(transparent)]
    Rotation(#[from] game_rotation::RotationError),
    /// A shard file of `rotation count --out` or `rotation merge` was refused.
    #[error(transparent)]
    ShardFile(#[from] game_rotation::ShardFileError),
    /// A misère quotient could not be computed within the limits, or the input was refused.
    #[error(transparent)]
    Misere(#[from] game_misere::MisereError),
    /// Grundy's game refused the request (a stored value wrong, a heap too large).
    #[error(transparent)]
    TakeBreak(game_takebreak::TakeBreakError),
    /// A value file (game-core's layout) could not be read, written or used.
    #[error("value file {}", value_file_message(path, source))]
    ValueFile {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: game_core::value_file::ValueFileError,
    },
    /// The graph engine refused the request.
    #[error(transparent)]
    Graph(#[from] game_core::GameError),
}

impl From<game_nim::NimError> for CliError {
    /// A budget error of game-nim becomes the CLI's own (whose message names `--memory`).
    fn from(err: game_nim::NimError) -> Self {
        match err {
            game_nim::NimError::OverMemoryBudget { what, needed, budget } => {
                CliError::OverMemoryBudget { what, needed, budget }
            }
            game_nim::NimError::EffortExceeded { what, steps } => CliError::GaveUp { what, steps },
            game_nim::NimError::ValueFileRefused { path, source } => CliError::ValueFile { path, source },
            other => CliError::Nim(other),
        }
    }
}

/// "PATH: REASON", the path named once (the system's errors of game-core already name it),
/// and for damage that `--repair` mends, what it would compute again.
fn value_file_message(path: &str, error: &game_core::value_file::ValueFileError) -> String {
    use game_core::value_file::ValueFileError;
    match error {
        ValueFileError::Io { .. } => error.to_string(),
        ValueFileError::Unchecked { .. } => {
            format!("{path}: {error}; remove it, or run the same command with --repair, to compute them anew")
        }
        _ => match error.repaired_from() {
            Some(heap) => format!(
                "{path}: {error}; run the same command with --repair to compute heaps {heap} on again"
            ),
            None => format!("{path}: {error}"),
        },
    }
}

impl From<game_takebreak::TakeBreakError> for CliError {
    /// A memory error of game-takebreak becomes the CLI's own (whose message names `--memory`).
    fn from(err: game_takebreak::TakeBreakError) -> Self {
        match err {
            game_takebreak::TakeBreakError::MemoryLimit { up_to, needed, limit } => {
                CliError::OverMemoryBudget {
                    what: format!("the values of Grundy's game, heaps 0..={up_to}"),
                    needed: u128::from(needed),
                    budget: u128::from(limit),
                }
            }
            other => CliError::TakeBreak(other),
        }
    }
}

impl CliError {
    /// A [`CliError::BadInput`] with this reason.
    pub fn bad(reason: impl Into<String>) -> Self {
        CliError::BadInput(reason.into())
    }

    /// The exit code: 130 for work stopped on Ctrl-C, SIGTERM or SIGHUP (as a shell reports
    /// an interrupted program), 2 for every other error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Stopped { .. }
            | CliError::SearchStopped { .. }
            | CliError::ShardStopped { .. }
            | CliError::Interrupted { .. } => 130,
            _ => 2,
        }
    }
}

/// "1 position", "2 positions" (the library target's own copy of the binary's `count`).
fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

/// Converts a `u64` from the command line to `usize`, or a one-line error naming it.
pub fn to_usize(value: u64, what: &str) -> Result<usize, CliError> {
    usize::try_from(value).map_err(|_| CliError::bad(format!("{what} {value} is too large for this machine")))
}
