//! Every command's `--help` ends with one example line `Example: games ...`, for that very
//! command, and the example runs and exits 0.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every command's path and its example line, e.g. (`["wythoff", "pair"]`, `"games wythoff pair 5"`).
fn collect_examples(cmd: &clap::Command, prefix: &[String], found: &mut Vec<(Vec<String>, Option<String>)>) {
    let example = cmd.get_after_help().map(|help| help.to_string());
    let lines: Vec<String> = example
        .iter()
        .flat_map(|help| {
            help.lines().filter_map(|l| l.strip_prefix("Example: ")).map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    assert!(lines.len() <= 1, "{prefix:?} {}: more than one example", cmd.get_name());
    found.push((prefix.to_vec(), lines.into_iter().next()));
    for sub in cmd.get_subcommands() {
        let mut path = prefix.to_vec();
        path.push(sub.get_name().to_string());
        collect_examples(sub, &path, found);
    }
}

#[test]
fn every_help_ends_with_an_example_of_that_command_that_runs() {
    let mut found = Vec::new();
    collect_examples(&games_cli::command(), &[], &mut found);
    assert!(found.len() >= 20, "only {} commands", found.len());
    let games = PathBuf::from(env!("CARGO_BIN_EXE_games"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("help-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test can create its directory");
    // The file of `games graph`'s example.
    std::fs::write(dir.join("game.txt"), "a b\nb c\n").expect("the test can write game.txt");
    // The table files of `games table`'s examples, written by searches as a user's would be.
    for (rows, file) in [("4", "cram.tbl"), ("3", "shard-0.tbl"), ("2", "shard-1.tbl")] {
        let made = Command::new(&games).args(["cram", rows, "5", "--table", file]).current_dir(&dir).output();
        assert!(made.expect("games runs").status.success(), "{file}");
    }
    let path = std::env::join_paths(
        std::iter::once(games.parent().expect("a directory").to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("PATH can be joined");
    for (command_path, example) in &found {
        let example =
            example.as_deref().unwrap_or_else(|| panic!("games {command_path:?} has no example line"));
        let expected_start = std::iter::once("games")
            .chain(command_path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            example.starts_with(&expected_start),
            "the example `{example}` is not one of `{expected_start}`"
        );

        // The binary prints it as the last line of --help.
        let help = Command::new(&games).args(command_path).arg("--help").output().expect("games runs");
        assert!(help.status.success());
        let help = String::from_utf8_lossy(&help.stdout);
        assert_eq!(
            help.lines().last(),
            Some(format!("Example: {example}").as_str()),
            "{expected_start} --help"
        );

        // The example runs (stdin closed: `play` ends at once).
        let run = Command::new("sh")
            .arg("-c")
            .arg(example)
            .current_dir(&dir)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        assert!(
            run.status.success(),
            "`{example}` failed: {}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            !run.stdout.is_empty() || example.contains('>') || example.contains("--svg"),
            "`{example}` printed nothing"
        );
    }
    assert!(dir.join("games.bash").exists() && dir.join("rotation8.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
