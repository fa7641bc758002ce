//! `games play octal CODE H... --misere`: sessions typed on stdin, the program's moves and
//! advice (read from game-misere's misère quotient) checked against methods that share no code
//! with it: game-core's misère outcomes on the explicit game graph of game-nim's `OctalGame`
//! (its own reading of the code), and misère Nim's rule (game-nim) where the game is Nim.

mod common;

use std::collections::HashMap;

use common::{error_line, games};
use game_core::{Game, Outcome, explore, misere_outcomes};
use game_nim::{OctalGame, PlayRule, canonical_heaps};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Misère outcomes of every position reachable from `start`, on the explicit graph.
struct Explicit {
    game: OctalGame,
    outcome: HashMap<Vec<u64>, Outcome>,
}

impl Explicit {
    fn new(code: &str, start: &[u64]) -> Self {
        let game: OctalGame = code.parse().unwrap();
        let graph = explore(&game, [canonical_heaps(start)], 2_000_000).unwrap();
        let table = misere_outcomes(&graph.graph).unwrap();
        let outcome =
            graph.graph.node_indices().map(|n| (graph.position(n).clone(), table[n.index()])).collect();
        Explicit { game, outcome }
    }

    fn outcome(&self, heaps: &[u64]) -> Outcome {
        self.outcome[&canonical_heaps(heaps)]
    }

    fn is_move(&self, from: &[u64], to: &[u64]) -> bool {
        self.game.moves(&canonical_heaps(from)).contains(&canonical_heaps(to))
    }
}

/// Runs `games --json play octal CODE HEAPS --misere` on `input`; the JSON object printed.
fn session(code: &str, heaps: &[u64], input: &str) -> Value {
    let mut args = vec!["--json".to_string(), "play".into(), "octal".into(), code.into()];
    args.extend(heaps.iter().map(u64::to_string));
    args.push("--misere".into());
    let out = games().args(&args).write_stdin(input).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn heaps_of(value: &Value) -> Vec<u64> {
    value.as_array().expect("heaps").iter().map(|h| h.as_u64().expect("a heap")).collect()
}

/// The typed move (`heap take [part]`, heap from 1) that turns heap `index` into `parts`.
fn typed_move(heaps: &[u64], index: usize, parts: &[u64]) -> String {
    let left: u64 = parts.iter().sum();
    match parts {
        [a, _] => format!("{} {} {a}", index + 1, heaps[index] - left),
        _ => format!("{} {}", index + 1, heaps[index] - left),
    }
}

/// Every move of the human at `heaps` as (typed line, position after), from the explicit game:
/// one heap replaced by one of its options.
fn human_moves(explicit: &Explicit, heaps: &[u64]) -> Vec<(String, Vec<u64>)> {
    let mut moves = Vec::new();
    for (index, &h) in heaps.iter().enumerate() {
        for option in explicit.game.moves(&vec![h]) {
            let mut after = heaps[..index].to_vec();
            after.extend(&option);
            after.extend_from_slice(&heaps[index + 1..]);
            moves.push((typed_move(heaps, index, &option), after));
        }
    }
    moves
}

/// Plays whole games of `code` from `start`: the human (this test) picks its moves from the
/// explicit graph (a winning one or any, at random), the session is run again with every line
/// typed so far, and at the end every move of the program is checked: legal, winning whenever
/// the position it moved from is a misère N-position, and the advice it printed (the outcome of
/// the position left to the human) equal to the explicit graph's.
fn check_games(code: &str, start: &[u64], seed: u64) -> usize {
    let explicit = Explicit::new(code, start);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut typed = String::new();
    let mut checked = 0;
    loop {
        let object = session(code, start, &typed);
        let result = object["result"].as_str().unwrap().to_string();
        let heaps = heaps_of(&object["final_heaps"]);
        if result != "eof" {
            // The game ended: check the whole transcript.
            let mut position = start.to_vec();
            let mut human_turn = true;
            for entry in object["transcript"].as_array().unwrap() {
                if let Some(line) = entry.get("input").and_then(Value::as_str) {
                    assert!(human_turn, "{code} {start:?}: two human moves in a row");
                    let (_, after) = human_moves(&explicit, &position)
                        .into_iter()
                        .find(|(l, _)| l == line)
                        .expect("the human's lines are legal moves");
                    position = after;
                    human_turn = false;
                }
                if entry.get("computer").is_some() {
                    let after = heaps_of(&entry["heaps"]);
                    assert!(
                        explicit.is_move(&position, &after),
                        "{code}: {position:?} -> {after:?} is no move"
                    );
                    if explicit.outcome(&position) == Outcome::N {
                        assert_eq!(
                            explicit.outcome(&after),
                            Outcome::P,
                            "{code}: from the N-position {position:?} the program moved to {after:?}"
                        );
                    }
                    let advice = if entry["outcome"] == "P" { Outcome::P } else { Outcome::N };
                    assert_eq!(advice, explicit.outcome(&after), "{code}: advice at {after:?}");
                    position = after;
                    human_turn = true;
                    checked += 1;
                }
            }
            assert_eq!(canonical_heaps(&position), canonical_heaps(&heaps));
            // The human wins exactly when the last move was the program's (or nobody moved).
            let expected = if human_turn { "human_won" } else { "computer_won" };
            assert_eq!(result, expected, "{code} {start:?}");
            return checked;
        }
        let moves = human_moves(&explicit, &heaps);
        assert!(!moves.is_empty(), "the session waits for a move only when there is one");
        let winning: Vec<_> =
            moves.iter().filter(|(_, after)| explicit.outcome(after) == Outcome::P).collect();
        let (line, _) = if !winning.is_empty() && rng.random_bool(0.5) {
            winning[rng.random_range(0..winning.len())]
        } else {
            &moves[rng.random_range(0..moves.len())]
        };
        typed.push_str(line);
        typed.push('\n');
    }
}

/// Kayles (0.77) and 0.75 (the wild quotient R8), and 0.07 (Dawson's Kayles), from several
/// starts, each played several times with different choices of the human.
#[test]
fn program_moves_match_the_explicit_misere_graph() {
    let mut checked = 0;
    for (code, starts) in [
        ("0.77", vec![vec![5, 3], vec![4, 4, 1], vec![9], vec![2, 6, 3], vec![1, 1, 7]]),
        ("0.75", vec![vec![6, 2], vec![3, 3, 3], vec![10], vec![1, 4, 5]]),
        ("0.07", vec![vec![8, 3], vec![5, 5], vec![11]]),
    ] {
        for start in starts {
            for seed in 0..3 {
                checked += check_games(code, &start, seed);
            }
        }
    }
    assert!(checked >= 60, "only {checked} program moves checked");
}

/// Where the octal game is Nim (0.3333 takes 1 to 4 counters, leaving one heap or none: on
/// heaps up to 4, any number), the program's advice follows misère Nim's rule: with every heap
/// at most 1 the player to move loses exactly when the number of heaps of 1 is odd.
#[test]
fn misere_nim_positions_follow_the_rule() {
    // Three heaps of 1 (a P-position): the human takes one, the program one, the human the last.
    let object = session("0.3333", &[1, 1, 1], "1 1\n1 1\n");
    assert_eq!(object["result"], "computer_won");
    let say = |o: &Value| {
        o["transcript"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["say"].as_str().map(String::from))
            .collect::<Vec<_>>()
    };
    assert!(say(&object)[0].contains("You start: a P-position for you"), "{:?}", say(&object));
    // Two heaps of 1: after the human's move the program must take the last one and loses.
    let object = session("0.77", &[1, 1], "2 1\n");
    assert_eq!(object["result"], "human_won");
    assert_eq!(heaps_of(&object["final_heaps"]), Vec::<u64>::new());
    // Advice against game-nim's misère Nim rule on every position the program leaves.
    for start in [vec![1, 2, 3], vec![4, 4], vec![2, 2, 1], vec![3, 1, 1, 1]] {
        for seed in 0..4 {
            let explicit = Explicit::new("0.3333", &start);
            let mut rng = StdRng::seed_from_u64(seed);
            let mut typed = String::new();
            loop {
                let object = session("0.3333", &start, &typed);
                for entry in object["transcript"].as_array().unwrap() {
                    if entry.get("computer").is_some() {
                        let after = heaps_of(&entry["heaps"]);
                        let rule = game_nim::outcome(&after, PlayRule::Misere);
                        assert_eq!(entry["outcome"].as_str().unwrap(), rule.to_string(), "{after:?}");
                    }
                }
                if object["result"] != "eof" {
                    break;
                }
                let moves = human_moves(&explicit, &heaps_of(&object["final_heaps"]));
                typed.push_str(&moves[rng.random_range(0..moves.len())].0);
                typed.push('\n');
            }
        }
    }
}

/// Bad codes, too many heaps or counters, a quotient that cannot be computed within the limits,
/// normal play: one line each. Bad lines while playing are explained and the game goes on; the
/// end of input ends it cleanly.
#[test]
fn hostile_input_is_refused_or_explained() {
    assert!(error_line(&["play", "octal", "0.8", "3", "--misere"]).contains("octal"));
    assert!(error_line(&["play", "octal", "077", "3", "--misere"]).contains("point"));
    assert!(error_line(&["play", "octal", "0.77", "3"]).contains("--misere"));
    assert!(error_line(&["play", "octal", "0.77", "100001", "--misere"]).contains("at most 100000"));
    assert!(
        error_line(&["play", "octal", "0.77", "18446744073709551615", "1", "--misere"]).contains("counters")
    );
    let many: Vec<String> = std::iter::repeat_n("1".to_string(), 1001).collect();
    let mut args = vec!["play", "octal", "0.77"];
    args.extend(many.iter().map(String::as_str));
    args.push("--misere");
    assert!(error_line(&args).contains("at most 1000"));
    // 0.3122's partial quotients grow without end from heap 7: a typed refusal at heap 7, by
    // the size of a candidate quotient, or sooner by a small memory budget.
    let line = error_line(&["play", "octal", "0.3122", "9", "--misere"]);
    assert!(line.contains("heap 7: a candidate quotient of"), "{line}");
    let line = error_line(&["--memory", "1", "play", "octal", "0.3122", "9", "--misere"]);
    assert!(line.contains("over the budget"), "{line}");
    // Heaps below 7 are within reach: the partial quotient Q_6 answers them.
    assert_eq!(session("0.3122", &[6, 5], "")["result"], "eof");

    let object = session("0.77", &[5, 3], "");
    assert_eq!(object["result"], "eof");
    // Every line illegal at heaps 5 and 3 of Kayles (take 1 or 2, leaving up to two heaps).
    let text = "0 1\n3 1\n1 9\n1 3\n1 3 1\n1 1 4\n1\nfoo bar\n\u{1b}[2J\n1 1 3 4\n-1 1\n";
    let object = session("0.77", &[5, 3], text);
    assert_eq!(object["result"], "eof");
    assert_eq!(heaps_of(&object["final_heaps"]), [5, 3]);
    let says: Vec<&str> =
        object["transcript"].as_array().unwrap().iter().filter_map(|e| e["say"].as_str()).collect();
    let complaints = says.iter().filter(|s| s.starts_with("? ")).count();
    assert_eq!(complaints, 11, "{says:?}");
    for expected in [
        "there is no heap 0",
        "there is no heap 3",
        "take at most 5",
        "cannot become 2 (taking 3)",
        "cannot become 1 + 1 (taking 3)",
        "the part split off must be 1 to 3",
        "expected `heap take` or `heap take part`",
        "\"foo\" is not a whole number",
    ] {
        assert!(says.iter().any(|s| s.contains(expected)), "{expected}: {says:?}");
    }
    // Text mode: the same dialogue on stdout, one reply a line.
    let out = games().args(["play", "octal", "0.77", "2", "--misere"]).write_stdin("1 1\n").output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Octal game 0.77 in misère play"), "{stdout}");
    assert!(stdout.contains("you made the last move") || stdout.contains("I move"), "{stdout}");
}
