//! `cargo xtask man [--out DIR]`: the man pages of the `games` binary, rendered by clap_mangen
//! from the same clap declaration the binary parses (`games_cli::command()`): `games.1` and one
//! page per subcommand (`games-wythoff.1`, `games-wythoff-pair.1`, ...), in `target/man/` by
//! default.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The default output directory: `target/man/` of the workspace.
fn default_out() -> PathBuf {
    let xtask_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask_dir.parent().unwrap_or(xtask_dir).join("target").join("man")
}

/// Writes every page into `out` (created if missing); returns the files written, sorted.
#[cfg(any(test, feature = "man"))]
fn write_pages(out: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out)?;
    clap_mangen::generate_to(games_cli::command(), out)?;
    let mut pages: Vec<PathBuf> = std::fs::read_dir(out)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("games") && n.ends_with(".1"))
        })
        .collect();
    pages.sort();
    Ok(pages)
}

/// Runs the task: writes the pages and says where they are.
#[cfg(feature = "man")]
pub fn main(out: Option<&Path>) -> ExitCode {
    let out = out.map_or_else(default_out, Path::to_path_buf);
    match write_pages(&out) {
        Ok(pages) => {
            println!(
                "wrote {} man pages to {} (read one with `man {}`)",
                pages.len(),
                out.display(),
                out.join("games.1").display()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("xtask man: cannot write the man pages to {}: {err}", out.display());
            ExitCode::FAILURE
        }
    }
}

/// Runs the task in xtask built with its feature `man` (the only task that needs games-cli):
/// `cargo run --profile xtask -p xtask --features man -- man`, with the output directory.
#[cfg(not(feature = "man"))]
pub fn main(out: Option<&Path>) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = out.map_or_else(default_out, Path::to_path_buf);
    let status = std::process::Command::new(cargo)
        .args([
            "run",
            "--quiet",
            "--profile",
            "xtask",
            "--package",
            "xtask",
            "--features",
            "man",
            "--",
            "man",
        ])
        .arg("--out")
        .arg(&out)
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("xtask man: xtask with its feature `man` failed ({status})");
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("xtask man: cannot run cargo: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (sub)command's path, e.g. `["games", "wythoff", "pair"]`.
    fn command_paths(cmd: &clap::Command, prefix: &[String], paths: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        path.push(cmd.get_name().to_string());
        for sub in cmd.get_subcommands() {
            command_paths(sub, &path, paths);
        }
        paths.push(path);
    }

    #[test]
    fn every_subcommand_has_a_page_that_names_it() {
        let out = std::env::temp_dir().join(format!("xtask-man-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let pages = write_pages(&out).expect("the pages can be written");
        let mut paths = Vec::new();
        command_paths(&games_cli::command(), &[], &mut paths);
        assert!(paths.len() >= 20, "only {} commands found", paths.len());
        assert_eq!(pages.len(), paths.len(), "one page per command: {pages:?}");
        let main_page = std::fs::read_to_string(out.join("games.1")).expect("games.1 is written");
        for path in &paths {
            let name = path.join("-");
            let page = std::fs::read_to_string(out.join(format!("{name}.1")))
                .unwrap_or_else(|e| panic!("no page {name}.1: {e}"));
            // roff escapes the hyphens of the title: games\-wythoff\-pair
            assert!(page.contains(&name.replace('-', "\\-")), "{name}.1 does not name {name}");
            if path.len() == 2 {
                // roff escapes hyphens here too: node\-kayles
                let listed = path[1].replace('-', "\\-");
                assert!(main_page.contains(&listed), "games.1 does not list the subcommand {}", path[1]);
            }
        }
        assert!(main_page.contains("Example: games wythoff moves 4 5"));
        let _ = std::fs::remove_dir_all(&out);
    }
}
