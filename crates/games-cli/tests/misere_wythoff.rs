//! `wythoff moves --misere` and `play wythoff --misere` against the misère outcomes of the
//! explicit game graph (game-core's `misere_outcomes` on game-wythoff's `board_graph`), which
//! shares no code with the rule the binary uses.

use std::collections::BTreeSet;

use game_core::{Outcome, misere_outcomes};
use serde_json::Value;

mod common;
use common::{games, json, pairs};

const SIDE: u64 = 14;

/// A position, its misère outcome and its winning moves.
type Analysed = ((u64, u64), Outcome, BTreeSet<(u64, u64)>);

/// Outcome and winning moves of every position below SIDE, from the explicit graph.
fn from_graph() -> Vec<Analysed> {
    let graph = game_wythoff::board_graph(SIDE, 1_000_000).unwrap();
    let outcome = misere_outcomes(&graph.graph).unwrap();
    graph
        .graph
        .node_indices()
        .map(|node| {
            let wins = graph
                .graph
                .neighbors(node)
                .filter(|option| outcome[option.index()] == Outcome::P)
                .map(|option| *graph.position(option))
                .collect();
            (*graph.position(node), outcome[node.index()], wins)
        })
        .collect()
}

#[test]
fn misere_moves_agree_with_the_explicit_graph() {
    let expected = from_graph();
    assert_eq!(expected.len() as u64, SIDE * SIDE);
    let mut p_positions = 0;
    for ((x, y), outcome, wins) in expected {
        let v = json(&["wythoff", "moves", &x.to_string(), &y.to_string(), "--misere"]);
        let want = if outcome == Outcome::P { "P" } else { "N" };
        assert_eq!(v["outcome"], want, "({x}, {y})");
        let got: BTreeSet<(u64, u64)> = pairs(&v["winning_moves"]).into_iter().collect();
        assert_eq!(got, wins, "({x}, {y})");
        p_positions += usize::from(outcome == Outcome::P);
    }
    // (0, 1), (1, 0), (2, 2), (3, 5), (5, 3), (4, 7), (7, 4), (6, 10), (10, 6), (8, 13), (13, 8).
    assert_eq!(p_positions, 11);
}

/// Scripted misère games: every reply of the program to an N-position is a misère winning move
/// of the explicit graph, and the human who takes the last counter loses.
#[test]
fn misere_play_replies_win() {
    let table = from_graph();
    let wins_of =
        |x: u64, y: u64| table.iter().find(|(p, _, _)| *p == (x, y)).map(|(_, o, w)| (*o, w.clone()));
    for (x, y) in [(4u64, 5u64), (6, 2), (9, 9), (1, 1), (3, 0)] {
        // The human always takes one counter from the larger heap.
        let mut script = String::new();
        let (mut hx, mut hy) = (x, y);
        let mut replies = Vec::new();
        for _ in 0..40 {
            if (hx, hy) == (0, 0) {
                break;
            }
            if hx >= hy {
                hx -= 1
            } else {
                hy -= 1
            }
            script.push_str(&format!("{hx} {hy}\n"));
            if (hx, hy) == (0, 0) {
                break;
            }
            let (outcome, wins) = wins_of(hx, hy).unwrap();
            replies.push((hx, hy, outcome, wins.clone()));
            // The program's reply: a winning move if any (checked below from its output).
            match wins.iter().next() {
                Some(&next) => (hx, hy) = next,
                None => break,
            }
        }
        let out = games()
            .args(["--json", "play", "wythoff", &x.to_string(), &y.to_string(), "--misere"])
            .write_stdin(script)
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let says: Vec<String> = v["transcript"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["say"].as_str().map(String::from))
            .filter(|s| s.starts_with("I move to"))
            .collect();
        for ((hx, hy, outcome, wins), say) in replies.iter().zip(&says) {
            if *outcome == Outcome::N {
                let target = say.trim_start_matches("I move to (").split(')').next().unwrap();
                let (a, b) = target.split_once(", ").unwrap();
                let target = (a.parse::<u64>().unwrap(), b.parse::<u64>().unwrap());
                assert!(wins.contains(&target), "from ({hx}, {hy}) the program moved to {target:?}: {say}");
            }
        }
        assert!(!says.is_empty() || (x, y) == (1, 1) || (x, y) == (3, 0), "{v}");
        assert_ne!(v["result"], "", "{v}");
    }
}
