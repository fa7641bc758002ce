//! The command line of the `games` binary, as a library: its clap declaration ([`cli`]), the
//! limits it runs under ([`limits`]), its error type ([`error`]) and the name its Cram table
//! files carry ([`CRAM_TABLE_NAME`]).
//!
//! The binary (`src/main.rs`) is the program; this library exists so that `cargo xtask man`
//! can render the man page and the tests can walk every subcommand from the same declaration
//! ([`command`]).

#![deny(missing_docs)]

pub mod cli;
pub mod error;
pub mod limits;

/// The full clap command of `games`, with every subcommand, as the binary parses it.
pub fn command() -> clap::Command {
    <cli::Cli as clap::CommandFactory>::command()
}

/// The name under which `games cram --table` (and the example `cram_record`) saves and loads
/// Cram's search tables (game-search-runs' table files): their values are those of
/// game-placement's `CramBoard` components, so one name serves every board, and a file of
/// another game is refused by it.
pub const CRAM_TABLE_NAME: &str = "cram (game-placement CramBoard components)";
