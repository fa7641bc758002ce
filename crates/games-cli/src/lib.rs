//! The command line of the `games` binary, as a library: its clap declaration ([`cli`]), the
//! limits it runs under ([`limits`]) and its error type ([`error`]).
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
