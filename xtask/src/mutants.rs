//! `cargo xtask mutants`: mutation testing with cargo-mutants. Each mutant (a small change to
//! the code: a replaced return value, an operator swapped, ...) is built and tested with the
//! mutated crates' own tests plus the quick proofs (`tests/claims.rs` of the root package); a
//! mutant that no test catches points at code the tests do not pin down.
//!
//! Needs cargo-mutants: `cargo install --locked cargo-mutants`. Results go to `mutants.out/`
//! (caught, missed, unviable, timeout lists).

use std::process::{Command, ExitCode};

/// The files mutated by default: the game crates' fast methods.
const DEFAULT_FILES: [&str; 3] =
    ["crates/game-wythoff/src/**", "crates/game-nim/src/**", "crates/game-rotation/src/count.rs"];

/// The package whose tests include the quick proofs (`tests/claims.rs`).
const PROOFS_PACKAGE: &str = "impartial-games";

/// Options of `cargo xtask mutants`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Mutate only this file or glob under crates/PACKAGE/ (repeatable). Default: every file of
    /// game-wythoff and game-nim, and game-rotation's src/count.rs.
    #[arg(long, value_name = "FILE")]
    file: Vec<String>,
    /// Mutants built and tested at once (each builds its own copy of the workspace).
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// Seconds the tests of one mutant may take before it counts as timed out.
    #[arg(long, default_value_t = 600)]
    timeout: u32,
    /// Only list the mutants, build and test nothing.
    #[arg(long)]
    list: bool,
    /// Install cargo-mutants first if it is missing (`cargo install --locked cargo-mutants`,
    /// a few minutes of compiling).
    #[arg(long)]
    install: bool,
    /// Arguments for `cargo test`, after `--` (e.g. `-- --lib --tests` to skip the doctests,
    /// which are slow to build for every mutant).
    #[arg(last = true, value_name = "CARGO_TEST_ARGS")]
    cargo_test_args: Vec<String>,
}

/// The package of a file under `crates/<package>/`, if any.
fn package_of(file: &str) -> Option<&str> {
    file.strip_prefix("crates/")?.split('/').next().filter(|p| !p.is_empty() && !p.contains('*'))
}

/// The arguments given to `cargo mutants`.
fn mutants_args(args: &Args) -> Result<Vec<String>, String> {
    let files: Vec<String> =
        if args.file.is_empty() { DEFAULT_FILES.map(String::from).to_vec() } else { args.file.clone() };
    let mut packages: Vec<&str> = Vec::new();
    for file in &files {
        let package = package_of(file).ok_or_else(|| {
            format!("{file:?} is not under crates/<package>/ (e.g. crates/game-wythoff/src/exact.rs)")
        })?;
        if !packages.contains(&package) {
            packages.push(package);
        }
    }
    let mut out: Vec<String> = Vec::new();
    for package in &packages {
        out.extend(["--package".into(), package.to_string()]);
    }
    for file in &files {
        out.extend(["--file".into(), file.clone()]);
    }
    if args.list {
        out.push("--list".into());
        return Ok(out);
    }
    for package in packages.iter().copied().chain([PROOFS_PACKAGE]) {
        out.extend(["--test-package".into(), package.to_string()]);
    }
    out.extend(["--jobs".into(), args.jobs.to_string(), "--timeout".into(), args.timeout.to_string()]);
    if !args.cargo_test_args.is_empty() {
        out.push("--".into());
        out.extend(args.cargo_test_args.iter().cloned());
    }
    Ok(out)
}

pub(crate) fn run(args: &Args) -> ExitCode {
    let installed =
        || Command::new("cargo").args(["mutants", "--version"]).output().is_ok_and(|o| o.status.success());
    if !installed() && args.install {
        println!("installing cargo-mutants: cargo install --locked cargo-mutants");
        let status = Command::new("cargo").args(["install", "--locked", "cargo-mutants"]).status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("error: `cargo install --locked cargo-mutants` failed");
            return ExitCode::FAILURE;
        }
    }
    if !installed() {
        eprintln!(
            "error: cargo-mutants is not installed; install it with `cargo install --locked cargo-mutants` (or pass --install)"
        );
        return ExitCode::FAILURE;
    }
    let mutants_args = match mutants_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("cargo mutants {}", mutants_args.join(" "));
    match Command::new("cargo")
        .arg("mutants")
        .args(&mutants_args)
        .current_dir(crate::workspace_root())
        .status()
    {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => {
            eprintln!("cargo mutants found missed mutants or failed; see mutants.out/missed.txt");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: cannot run cargo mutants: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(files: &[&str]) -> Args {
        Args {
            file: files.iter().map(|f| f.to_string()).collect(),
            jobs: 1,
            timeout: 60,
            list: false,
            install: false,
            cargo_test_args: vec![],
        }
    }

    #[test]
    fn the_default_mutates_the_three_crates_and_tests_them_with_the_proofs() {
        let a = mutants_args(&args(&[])).unwrap().join(" ");
        for expected in [
            "--package game-wythoff",
            "--package game-nim",
            "--package game-rotation",
            "--file crates/game-rotation/src/count.rs",
            "--test-package impartial-games",
            "--jobs 1 --timeout 60",
        ] {
            assert!(a.contains(expected), "{a}");
        }
    }

    #[test]
    fn a_file_outside_the_crates_is_refused() {
        assert!(mutants_args(&args(&["src/lib.rs"])).is_err());
        let a = mutants_args(&args(&["crates/game-wythoff/src/exact.rs"])).unwrap().join(" ");
        assert!(a.contains("--package game-wythoff --file crates/game-wythoff/src/exact.rs"), "{a}");
        assert!(!a.contains("game-nim"), "{a}");
    }
}
