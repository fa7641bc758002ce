//! The figures tczajka's `UnsolvedGames.md` gives for .04 and .06 (largest value and its first
//! heap, the rare heaps under its mask, among heaps `0..2^17`), against game-nim's example
//! `octal_values` (`records/octal-unsolved-tczajka.json`). The table's figures of .6 and
//! Grundy's game are compared by the Officers and Grundy records.
//!
//! `cargo test -p xtask` checks the kept output of each run against the published figures and
//! the record's own; `cargo xtask records --octal-unsolved` runs `octal_values` again ([`run`]).

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::{Statement, compare, parse_octal_values, read_record, run_octal_values};

/// The record, relative to the workspace root.
const OCTAL_UNSOLVED: &str = "records/octal-unsolved-tczajka.json";

/// `records/octal-unsolved-tczajka.json`.
#[derive(Deserialize)]
struct UnsolvedRecord {
    games: Vec<UnsolvedGame>,
}

/// One code: the run's arguments, the published figures, the run's own figures and its output.
#[derive(Deserialize)]
struct UnsolvedGame {
    code: String,
    heaps: u64,
    rare_mask: String,
    /// Figures among heaps `0..heaps`.
    published: Statement,
    result: Statement,
    /// The standard output of the kept run, one line an entry.
    output: Vec<String>,
}

/// The mismatches of one game's figures (parsed from `octal_values`' output): the published
/// figures among the run's `heaps` heaps (a power of two) and the record's own.
fn check_game(game: &UnsolvedGame, computed: &Value) -> Vec<String> {
    let mut mismatches = compare(&format!("{} (record)", game.code), computed, &game.result);
    if computed["heaps"].as_u64() != Some(game.heaps) {
        mismatches.push(format!("{}: the run is not of {} heaps", game.code, game.heaps));
        return mismatches;
    }
    let Some(at) = computed["powers_of_two"]
        .as_array()
        .and_then(|all| all.iter().find(|x| x["heaps"].as_u64() == Some(game.heaps)))
    else {
        mismatches.push(format!("{}: no figures at {} heaps", game.code, game.heaps));
        return mismatches;
    };
    let mut at = at.clone();
    at["rare_heaps"] = computed["rare_heaps"].clone();
    at["last_rare_heap"] = computed["last_rare_heap"].clone();
    mismatches.extend(compare(&game.code, &at, &game.published));
    mismatches
}

/// Runs `octal_values` for every game of the record and compares its figures with the
/// published ones, the record's and those of the kept output.
pub(crate) fn run(root: &Path) -> Result<Vec<String>, String> {
    let record: UnsolvedRecord = read_record(root, OCTAL_UNSOLVED)?;
    let mut mismatches = Vec::new();
    for game in &record.games {
        let args = [game.code.clone(), game.heaps.to_string(), game.rare_mask.clone()];
        let computed = run_octal_values(&args, format!("{}: {} heaps", game.code, game.heaps))?;
        let mut found = check_game(game, &computed);
        if parse_octal_values(&game.output.join("\n"))? != computed {
            found.push(format!("{}: the run differs from the kept output", game.code));
        }
        if found.is_empty() {
            println!(
                "{}: {} heaps, figures as UnsolvedGames.md states them ({} rare heaps under mask {})",
                game.code, game.heaps, computed["rare_heaps"], game.rare_mask
            );
        }
        mismatches.extend(found);
    }
    Ok(mismatches)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept output of every run satisfies the published figures and the record, and a
    /// changed figure is caught.
    #[test]
    fn the_kept_runs_satisfy_the_published_figures() {
        let record: UnsolvedRecord = read_record(&crate::workspace_root(), OCTAL_UNSOLVED).unwrap();
        let codes: Vec<&str> = record.games.iter().map(|g| g.code.as_str()).collect();
        assert_eq!(codes, ["0.04", "0.06"]);
        for game in &record.games {
            let text = game.output.join("\n");
            let computed = parse_octal_values(&text).unwrap();
            assert_eq!(check_game(game, &computed), Vec::<String>::new(), "{}", game.code);
            let changed = text.replace("num_rare=", "num_rare=1");
            assert_ne!(changed, text);
            assert!(!check_game(game, &parse_octal_values(&changed).unwrap()).is_empty());
            let largest = format!("n=2^17 largest G[{}]", game.published.figures["largest_heap"]);
            let changed = text.replace(&largest, "n=2^17 largest G[1]");
            assert_ne!(changed, text, "{}", game.code);
            assert!(!check_game(game, &parse_octal_values(&changed).unwrap()).is_empty());
        }
    }
}
