//! Project tasks, run as `cargo xtask TASK` (an alias in `.cargo/config.toml`). One module per
//! task; this file only parses the command line and dispatches.
//!
//! * `cargo xtask verify` — [`verify`]: every claim of the sources, snapshots in
//!   `tests/snapshots/`.
//! * `cargo xtask mutants` — [`mutants`]: mutation testing of the game crates' fast methods.
//! * `cargo xtask records` — [`records`]: the long recomputations of the records (`records/`),
//!   checked by the `fresh_*` tests of `tests/records/`.
//! * `cargo xtask man` — [`man`]: man pages of the `games` binary (clap_mangen).
//! * `cargo xtask bench` — [`bench`](mod@bench): runs the criterion benches and writes `BENCHMARKS.md`.
//! * `cargo xtask new-game NAME [--path DIR]` — [`new_game`]: a new game crate from
//!   `xtask/templates/game/`, in the workspace or in a folder of the user's choice.

mod bench;
mod man;
mod mutants;
mod new_game;
mod records;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Project tasks for impartial-games")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Check every claim of the sources by exhaustion and rewrite tests/snapshots/full/.
    Verify(verify::Args),
    /// Mutation testing (cargo-mutants) of the game crates' fast methods, with the crates' tests
    /// and the quick proofs as the test suite.
    Mutants(mutants::Args),
    /// Recompute the records of long computations in records/ and check them by their tests.
    Records(records::Args),
    /// Write a new game crate crates/game-NAME from xtask/templates/game/ (never overwrites).
    NewGame {
        /// Lowercase letters and digits, words joined by hyphens (e.g. `dawson`, `take-away`).
        name: String,
        /// Write the crate into this new folder instead, as a crate of its own that depends on
        /// this workspace's crates by path.
        #[arg(long, value_name = "DIR")]
        path: Option<std::path::PathBuf>,
    },
    /// Write the man pages of `games` (games.1 and one per subcommand) to target/man/.
    Man {
        /// Write them to this directory instead.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
    },
    /// Run the criterion benches and write BENCHMARKS.md (per group: median, mean, ratio to the
    /// group's baseline, and the machine the run had).
    Bench(bench::Args),
}

fn main() -> ExitCode {
    match Cli::parse().task {
        Task::Verify(args) => verify::run(&args),
        Task::Mutants(args) => mutants::run(&args),
        Task::Records(args) => records::run(&args),
        Task::NewGame { name, path } => new_game::main(&name, path.as_deref()),
        Task::Man { out } => man::main(out.as_deref()),
        Task::Bench(args) => bench::run(&args),
    }
}

/// The workspace root (the parent of xtask's own directory).
fn workspace_root() -> PathBuf {
    let xtask_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    xtask_dir.parent().map(PathBuf::from).unwrap_or(xtask_dir)
}
