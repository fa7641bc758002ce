//! `games misere`: the quotient's figures, sums of Kayles heaps against the misère outcomes of
//! the explicit graph of game-nim's octal game (no code shared with game-misere), and refusals.

use game_core::{Outcome, explore, misere_outcomes};
use game_nim::OctalGame;

mod common;
use common::{error_line, json};

#[test]
fn the_quotient_of_kayles_has_forty_elements() {
    let answer = json(&["misere", "0.77", "--quotient"]);
    assert_eq!(answer["order"], 40);
    assert_eq!(answer["p_portion"], 9);
    assert_eq!(answer["proven"], true);
    assert_eq!((answer["preperiod"].as_u64(), answer["period"].as_u64()), (Some(71), Some(12)));
}

#[test]
fn sums_of_kayles_heaps_match_the_explicit_graph() {
    let game: OctalGame = "0.77".parse().unwrap();
    for heaps in [vec![1u64], vec![2, 2], vec![1, 2, 3], vec![3, 5, 8], vec![4, 4, 7], vec![6, 9]] {
        let graph = explore(&game, [heaps.clone()], 1_000_000).unwrap();
        let outcomes = misere_outcomes(&graph.graph).unwrap();
        let root = graph.node(&heaps).unwrap();
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut command = vec!["misere", "0.77", "--heaps"];
        command.extend(args.iter().map(String::as_str));
        let answer = json(&command);
        let expected = outcomes[root.index()];
        assert_eq!(answer["outcome"], expected.to_string(), "{heaps:?}");
        let wins = answer["winning_moves"].as_array().unwrap();
        assert_eq!(wins.is_empty(), expected == Outcome::P, "{heaps:?}");
        for win in wins {
            let i = win["heap"].as_u64().unwrap() as usize - 1;
            let mut next: Vec<u64> =
                heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(win["to"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap()));
            next.sort_unstable();
            assert_eq!(outcomes[graph.node(&next).unwrap().index()], Outcome::P, "{heaps:?} -> {next:?}");
        }
    }
}

#[test]
fn bad_requests_are_refused() {
    assert!(error_line(&["misere", "0.9", "--quotient"]).starts_with("error: bad octal code"));
    assert!(error_line(&["misere", "0.77"]).contains("--quotient or --heaps"));
    assert!(
        error_line(&["misere", "0.77", "--quotient", "--max-heap", "20000"])
            .contains("more than 10000 (pass --allow-long")
    );
    assert!(error_line(&["misere", "0.3122", "--quotient"]).contains("heap 7"));
}
