//! `games`: exact answers about impartial games from a terminal.
//!
//! Every subcommand prints a short human-readable answer, or with the global `--json` flag one
//! JSON object whose field names are stable (listed in the workspace README). Errors go to stderr as
//! one line `error: <reason>` with exit code 2; the program never panics on bad input.
//!
//! Subcommand families, one module each: [`wythoff`], [`heaps`] (Nim, subtraction and octal
//! games), [`rotation`], [`graph`] (a user's own game from a file) and [`play`] (interactive
//! dialogue over stdin/stdout). [`svg`] draws the pictures, [`error`] holds the error type.
//!
//! ```text
//! games wythoff moves 4 5
//! games --json nim moves 22 5 13 27
//! games rotation solve 12 --method empty
//! ```

mod cli;
mod error;
mod graph;
mod heaps;
mod output;
mod play;
mod rotation;
mod svg;
mod wythoff;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::error::CliError;
use crate::output::Output;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return report_clap_error(&err),
    };
    match run(&cli) {
        Ok(output) => match output.print(cli.json) {
            // A reader that stops early (`games ... | head`) is not an error of ours.
            Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                eprintln!("error: cannot write the answer: {err}");
                ExitCode::from(2)
            }
            _ => ExitCode::SUCCESS,
        },
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

/// Runs one subcommand and returns what it has to say.
fn run(cli: &Cli) -> Result<Output, CliError> {
    match &cli.command {
        Command::Wythoff(args) => wythoff::run(args),
        Command::Nim(args) => heaps::run_nim(args),
        Command::Subtraction(args) => heaps::run_subtraction(args),
        Command::Octal(args) => heaps::run_octal(args),
        Command::Rotation(args) => rotation::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Play(args) => play::run(args, cli.json),
    }
}

/// Help and version go to stdout as clap renders them; usage errors become one line on stderr
/// (clap's first line, which already starts with `error:`) and exit code 2.
fn report_clap_error(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            use std::io::Write;
            let _ = write!(std::io::stdout(), "{}", err.render());
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("error: a subcommand is missing (try --help)");
            ExitCode::from(2)
        }
        _ => {
            let rendered = err.render().to_string();
            let first = rendered.lines().find(|l| !l.trim().is_empty()).unwrap_or("error: bad usage");
            let first = first.trim();
            if first.starts_with("error:") {
                eprintln!("{first} (try --help)");
            } else {
                eprintln!("error: {first} (try --help)");
            }
            ExitCode::from(2)
        }
    }
}
