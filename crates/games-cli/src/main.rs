//! `games`: exact answers about impartial games from a terminal.
//!
//! Every subcommand prints a short human-readable answer, or with the global `--json` flag one
//! JSON object whose field names are stable (listed in the workspace README). Errors go to stderr as
//! one line `error: <reason>` with exit code 2; the program never panics on bad input.
//!
//! Subcommand families, one module each: [`wythoff`], [`heaps`] (Nim, subtraction and octal
//! games), [`grundy_game`] (Grundy's game), [`misere`] (misère quotients), [`rotation`],
//! [`graph`] (a user's own game from a file), [`placement`] (Cram, Chomp and Node-Kayles by search)
//! and [`play`] (interactive
//! dialogue over stdin/stdout). [`svg`] draws the pictures, [`error`] holds the error type.
//!
//! ```text
//! games wythoff moves 4 5
//! games --json nim moves 22 5 13 27
//! games rotation solve 12 --method empty
//! ```

mod files;
mod graph;
mod grundy_game;
mod heaps;
mod misere;
mod output;
mod placement;
mod play;
mod rotation;
mod svg;
mod table;
mod work;
mod wythoff;

use std::process::ExitCode;

use clap::Parser;
// The declaration of the command line, its limits and its error type live in the library
// target (so that `cargo xtask man` and the tests see the same command); the other modules
// reach them as `crate::cli`, `crate::limits` and `crate::error`.
use games_cli::{cli, error, limits};

use crate::cli::{Cli, Command};
use crate::error::CliError;
use crate::limits::Budget;
use crate::output::Output;

/// Writes one line to stderr. A closed or broken stderr is ignored (`eprintln!` would panic and
/// turn exit code 2 into 101).
pub(crate) fn error_line(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}").and_then(|()| err.flush());
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return report_clap_error(&err),
    };
    match run(&cli) {
        // An answer that did not reach its reader (a closed pipe: `games ... | head -c0`) is
        // an error: a script must not take a lost answer for a given one.
        Ok(output) => match output.print(cli.json) {
            Err(err) => {
                error_line(&format!("error: cannot write the answer to standard output: {err}"));
                ExitCode::from(2)
            }
            Ok(()) => ExitCode::SUCCESS,
        },
        Err(err) => {
            // One line, whatever the message holds (an OS error, a file name or a field read
            // from a file with control characters), and never kilobytes of it.
            error_line(&format!("error: {}", output::elided(&err.to_string(), output::MAX_ERROR_CHARS)));
            ExitCode::from(err.exit_code())
        }
    }
}

/// Runs one subcommand; on a terminal, long work shows a spinner with the elapsed time on
/// stderr (cleared before the answer or the error is printed). `play` talks to the terminal
/// itself; `rotation count` and the values of octal and subtraction games draw their own
/// progress bar with the time left, and the latter stop cleanly on Ctrl-C.
fn run(cli: &Cli) -> Result<Output, CliError> {
    use std::io::IsTerminal;
    let polls_ctrl_c = matches!(&cli.command, Command::Octal(args) if args.values.is_some())
        || matches!(&cli.command, Command::Subtraction(args) if args.values.is_some())
        || matches!(&cli.command, Command::Grundy(args) if args.values.is_some());
    // Searches and misère quotients poll the stop flag too, and say how far they got.
    let polls = polls_ctrl_c
        || matches!(
            cli.command,
            Command::Cram(_) | Command::Chomp(_) | Command::NodeKayles(_) | Command::Misere(_)
        );
    if polls {
        work::catch_ctrl_c();
    } else if !matches!(cli.command, Command::Play(_)) {
        // `play` is a dialogue: Ctrl-C there leaves it as any terminal program is left.
        work::catch_signals();
    }
    let own_display = polls_ctrl_c
        || matches!(
            cli.command,
            Command::Play(_)
                | Command::Rotation(cli::RotationCommand::Count { .. })
                | Command::Cram(_)
                | Command::Chomp(_)
                | Command::NodeKayles(_)
        );
    if own_display || !std::io::stderr().is_terminal() {
        return run_command(cli);
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_style(
        indicatif::ProgressStyle::with_template("{spinner} working ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let result = run_command(cli);
    spinner.finish_and_clear();
    result
}

/// Runs one subcommand and returns what it has to say.
fn run_command(cli: &Cli) -> Result<Output, CliError> {
    let budget = Budget::from_mib(cli.memory).with_long_work(cli.allow_long);
    match &cli.command {
        Command::Wythoff(args) => wythoff::run(args, &budget),
        Command::Nim(args) => heaps::run_nim(args, &budget),
        Command::Subtraction(args) => heaps::run_subtraction(args, &budget),
        Command::Octal(args) => heaps::run_octal(args, &budget),
        Command::Misere(args) => misere::run(args, &budget),
        Command::Grundy(args) => grundy_game::run(args, &budget),
        Command::Rotation(args) => rotation::run(args, &budget),
        Command::Graph(args) => graph::run(args, &budget),
        Command::Cram(args) => placement::run_cram(args, &budget),
        Command::Chomp(args) => placement::run_chomp(args, &budget),
        Command::NodeKayles(args) => placement::run_node_kayles(args, &budget),
        Command::Table(args) => table::run(args),
        Command::Play(args) => play::run(args, cli.json, &budget),
        Command::Completions { shell } => Ok(completions(*shell)),
    }
}

/// Help and version go to stdout as clap renders them; usage errors become one line on stderr
/// (clap's first line, which already starts with `error:`) and exit code 2.
fn report_clap_error(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            use std::io::Write;
            let text = err.render().to_string();
            // With --json every answer is one JSON object, help and version too.
            let json = std::env::args_os().take_while(|a| a != "--").any(|a| a == "--json");
            let _ = if json {
                let key = if err.kind() == ErrorKind::DisplayHelp { "help" } else { "version" };
                writeln!(std::io::stdout(), "{}", serde_json::json!({ key: text.trim_end() }))
            } else {
                write!(std::io::stdout(), "{text}")
            };
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            error_line("error: a subcommand is missing (try --help)");
            ExitCode::from(2)
        }
        _ => {
            // clap's first paragraph, joined into one line: a missing argument is listed on the
            // lines after "the following required arguments were not provided:".
            let rendered = err.render().to_string();
            let paragraph: Vec<&str> = rendered
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            // The paragraph quotes the argument as given: escaped and cut like any name.
            let joined = output::elided(&paragraph.join(" "), output::MAX_ERROR_CHARS);
            let first = if joined.is_empty() { "error: bad usage" } else { joined.as_str() };
            if first.starts_with("error:") {
                error_line(&format!("{first} (try --help)"));
            } else {
                error_line(&format!("error: {first} (try --help)"));
            }
            ExitCode::from(2)
        }
    }
}

/// The completion script for `shell` (`games completions bash`); with `--json` the object
/// `{"shell": ..., "script": ...}`.
fn completions(shell: clap_complete::Shell) -> Output {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut games_cli::command(), "games", &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    let json = serde_json::json!({ "shell": shell.to_string(), "script": script });
    Output::new(script, json)
}
