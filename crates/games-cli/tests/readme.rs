//! Executable documentation: every ```` ```console ```` block of the workspace README, of the
//! markdown files in `docs/` and of the files in `tests/cmd/` runs here, so a changed output
//! fails `cargo test`.
//!
//! trycmd's markdown mode runs only registered binaries, without pipes and without files shown
//! by `cat`, and the README's examples use both; so this small runner reads the blocks itself.
//! In a block, a line `$ COMMAND` is run with `sh -c` in a fresh directory (one per block) with
//! the freshly built `games` first on `PATH`; the lines up to the next `$ ` are its expected
//! stdout and stderr together, compared exactly. `$ cat FILE` shows the file the next commands
//! read: its lines are written to FILE first. A command whose expected output starts with
//! `error:` must exit with code 2, every other with 0. A block that cannot run is marked
//! ```` ```console,ignore ```` and counted; the count may not grow.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How long one example command may run (every README example takes well under a second).
const EXAMPLE_TIMEOUT: Duration = Duration::from_secs(60);

/// Blocks of the README and `docs/*.md` marked `console,ignore`: none, every example runs.
const IGNORED_BLOCKS: usize = 0;

/// One `$ COMMAND` line with the output shown under it.
struct Step {
    /// 1-based line of the `$ ` in its file.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The ```` ```console ```` blocks of a markdown text: the runnable ones, and how many were
/// marked `ignore`.
fn console_blocks(markdown: &str) -> (Vec<Vec<Step>>, usize) {
    let mut blocks = Vec::new();
    let mut ignored = 0;
    let mut current: Option<Vec<Step>> = None;
    // A fence may be indented (a block inside a list item); its lines carry the same indent.
    let mut indent = "";
    for (index, raw_line) in markdown.lines().enumerate() {
        match &mut current {
            None => {
                let trimmed = raw_line.trim_start_matches(' ');
                indent = &raw_line[..raw_line.len() - trimmed.len()];
                let Some(info) = trimmed.strip_prefix("```") else { continue };
                let mut words = info.split(',').map(str::trim);
                if words.next() == Some("console") {
                    if words.any(|w| w == "ignore") {
                        ignored += 1;
                    } else {
                        current = Some(Vec::new());
                    }
                }
            }
            Some(steps) => {
                let line = raw_line.strip_prefix(indent).unwrap_or(raw_line);
                if line.starts_with("```") {
                    blocks.push(current.take().unwrap_or_default());
                } else if let Some(command) = line.strip_prefix("$ ") {
                    steps.push(Step { line: index + 1, command: command.to_string(), expected: Vec::new() });
                } else {
                    let step = steps.last_mut().unwrap_or_else(|| {
                        panic!("line {}: output before the first `$ ` of a console block", index + 1)
                    });
                    step.expected.push(line.to_string());
                }
            }
        }
    }
    assert!(current.is_none(), "a console block is not closed");
    (blocks, ignored)
}

/// A fresh, empty directory for one block.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test can create its directory");
    dir
}

/// Runs every block of `file`; returns (blocks run, lines run, blocks ignored, failures).
fn run_markdown(file: &Path) -> (usize, usize, usize, Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let (blocks, ignored) = console_blocks(&text);
    let games = PathBuf::from(env!("CARGO_BIN_EXE_games"));
    let bin_dir = games.parent().expect("the binary is in a directory");
    let path = std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("PATH can be joined");
    let mut failures = Vec::new();
    let mut lines = 0;
    for (number, block) in blocks.iter().enumerate() {
        let dir = fresh_dir(&format!("{}-{number}", file.file_stem().unwrap_or_default().to_string_lossy()));
        for step in block {
            lines += 1;
            if let Some(name) = step.command.strip_prefix("cat ") {
                let mut content = step.expected.join("\n");
                content.push('\n');
                std::fs::write(dir.join(name.trim()), content).expect("the test can write the file shown");
            }
            let mut shell = Command::new("sh");
            shell
                .arg("-c")
                .arg(format!("{{ {}\n}} 2>&1", step.command))
                .current_dir(&dir)
                .env("PATH", &path)
                .env("NO_COLOR", "1");
            // A hanging example fails (killed at the timeout, so its status is a signal) instead
            // of hanging the test suite.
            let output =
                assert_cmd::Command::from_std(shell).timeout(EXAMPLE_TIMEOUT).output().expect("sh runs");
            let actual = String::from_utf8_lossy(&output.stdout);
            let actual: Vec<&str> = actual.lines().collect();
            let wants_error = step.expected.first().is_some_and(|l| l.starts_with("error:"));
            let code_ok = if wants_error { output.status.code() == Some(2) } else { output.status.success() };
            if actual != step.expected || !code_ok {
                failures.push(format!(
                    "{}:{}: $ {}\n--- expected (exit {})\n{}\n--- actual ({})\n{}\n",
                    file.display(),
                    step.line,
                    step.command,
                    if wants_error { "2" } else { "0" },
                    step.expected.join("\n"),
                    output.status,
                    actual.join("\n")
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    (blocks.len(), lines, ignored, failures)
}

/// The workspace README and every markdown file of `docs/` (the guide among them).
fn documentation_files() -> Vec<PathBuf> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut docs: Vec<PathBuf> = std::fs::read_dir(workspace.join("docs"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    docs.retain(|p| p.extension().is_some_and(|e| e == "md"));
    docs.sort();
    std::iter::once(workspace.join("README.md")).chain(docs).collect()
}

#[test]
fn documentation_console_blocks_give_the_output_shown() {
    let (mut blocks, mut lines, mut ignored, mut failures) = (0, 0, 0, Vec::new());
    for file in documentation_files() {
        let (file_blocks, file_lines, file_ignored, file_failures) = run_markdown(&file);
        eprintln!(
            "{}: {file_blocks} console blocks, {file_lines} commands run, {file_ignored} ignored",
            file.display()
        );
        blocks += file_blocks;
        lines += file_lines;
        ignored += file_ignored;
        failures.extend(file_failures);
    }
    assert!(
        blocks >= 10 && lines >= 30,
        "only {blocks} blocks and {lines} lines ran: the parser lost the README"
    );
    assert!(
        ignored == IGNORED_BLOCKS,
        "{ignored} console blocks are marked ignore, expected {IGNORED_BLOCKS} (an example that cannot run is a defect: make it run)"
    );
    assert!(
        failures.is_empty(),
        "{} documentation example(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn cmd_cases_give_the_output_shown() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmd");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/cmd exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in tests/cmd");
    let mut all_failures = Vec::new();
    for file in &files {
        let (blocks, _, ignored, failures) = run_markdown(file);
        assert!(blocks > 0 && ignored == 0, "{}: {blocks} blocks ran, {ignored} ignored", file.display());
        all_failures.extend(failures);
    }
    assert!(all_failures.is_empty(), "{} case(s) differ:\n{}", all_failures.len(), all_failures.join("\n"));
}

#[test]
fn the_block_parser_finds_commands_outputs_and_ignored_blocks() {
    let markdown = "text\n```console\n$ games a\nout 1\nout 2\n$ games b\n```\n```console,ignore\n$ x\n```\n```sh\n$ y\n```\n* item\n\n  ```console\n  $ games c\n  out  3\n  ```\n";
    let (blocks, ignored) = console_blocks(markdown);
    assert_eq!(ignored, 1);
    assert_eq!(blocks.len(), 2);
    assert_eq!(
        (blocks[1][0].command.as_str(), blocks[1][0].expected.as_slice()),
        ("games c", &["out  3".to_string()][..])
    );
    let steps = &blocks[0];
    assert_eq!(steps.len(), 2);
    assert_eq!((steps[0].line, steps[0].command.as_str()), (3, "games a"));
    assert_eq!(steps[0].expected, ["out 1", "out 2"]);
    assert!(steps[1].expected.is_empty());
}
