//! Quotients against brute force (proptest: random sums of heaps, the quotient's outcome and
//! winning moves against the explicit graph), hostile input ending in typed refusals, and the
//! persisted format refusing edited files.

use game_core::{Outcome, explore, misere_outcomes};
use game_misere::{
    HeapGame, Limits, MisereError, MisereQuotient, OctalCode, OptionTable, QuotientSolver, StopReason,
    SubtractionGame, quotient_of,
};
use proptest::prelude::*;

mod common;
use common::OctalRules;
use game_core::Game;

const CODES: [&str; 8] = ["0.75", "0.77", "0.123", "0.31", "0.34", "0.53", "0.72", "0.15"];

fn solved(code: &str) -> MisereQuotient {
    let (q, stop) = quotient_of(code.parse::<OctalCode>().unwrap(), Limits::default()).unwrap();
    assert_eq!(stop, StopReason::Periodic);
    q
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn outcome_and_winning_moves_match_the_explicit_graph(code in 0..CODES.len(), heaps in prop::collection::vec(1u64..14, 0..4)) {
        let code = CODES[code];
        let q = solved(code);
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let game = OctalRules::new(code);
        let graph = explore(&game, [sorted.clone()], 1_000_000).unwrap();
        let outcomes = misere_outcomes(&graph.graph).unwrap();
        let root = graph.node(&sorted).unwrap();
        prop_assert_eq!(q.outcome(&heaps).unwrap(), outcomes[root.index()]);
        // Winning moves: each leads to a P-position of the graph, and there is one iff N.
        let ours = q.winning_moves(&code.parse::<OctalCode>().unwrap(), &sorted).unwrap();
        let misere_p_options = graph.graph.neighbors(root).filter(|o| outcomes[o.index()] == Outcome::P).count();
        prop_assert_eq!(ours.is_empty(), misere_p_options == 0);
        for (i, parts) in ours {
            let mut next: Vec<u64> = sorted.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(parts);
            next.sort_unstable();
            let node = graph.node(&next).unwrap();
            prop_assert_eq!(outcomes[node.index()], Outcome::P);
        }
    }

    #[test]
    fn partial_quotients_of_random_codes_match_the_explicit_graph(digits in prop::collection::vec(0u8..8, 1..4)) {
        let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
        let limits = Limits { max_heap: 12, max_order: 2048, effort: 50_000_000, ..Limits::default() };
        let result = quotient_of(code.parse::<OctalCode>().unwrap(), limits);
        // A refusal (a candidate beyond the limits) is allowed; a computed quotient must be right.
        prop_assume!(result.is_ok());
        let (q, _) = result.unwrap();
        let game = OctalRules::new(&code);
        let mut positions: Vec<Vec<u64>> = vec![vec![]];
        let mut i = 0;
        while i < positions.len() {
            let current = positions[i].clone();
            let total: u64 = current.iter().sum();
            for h in current.last().copied().unwrap_or(1)..=12u64.min(16 - total) {
                let mut next = current.clone();
                next.push(h);
                positions.push(next);
            }
            i += 1;
        }
        let graph = explore(&game, positions.clone(), 5_000_000).unwrap();
        let outcomes = misere_outcomes(&graph.graph).unwrap();
        prop_assert!(q.is_reduced() && q.pretending_is_onto());
        for heaps in &positions {
            let expected = outcomes[graph.node(heaps).unwrap().index()];
            prop_assert_eq!(q.outcome(heaps).unwrap(), expected, "{} {:?}", code, heaps);
        }
    }

    #[test]
    fn subtraction_quotients_match_the_explicit_graph(set in prop::collection::btree_set(1u32..6, 1..4), heaps in prop::collection::vec(1u64..16, 0..4)) {
        let game = SubtractionGame::new(set.iter().copied()).unwrap();
        let (q, stop) = quotient_of(&game, Limits::default()).unwrap();
        prop_assert_eq!(stop, StopReason::Periodic);
        let rules = SubtractionRules(set.iter().map(|&s| u64::from(s)).collect());
        let mut sorted: Vec<u64> = heaps.clone();
        sorted.sort_unstable();
        let graph = explore(&rules, [sorted.clone()], 1_000_000).unwrap();
        let expected = misere_outcomes(&graph.graph).unwrap()[graph.node(&sorted).unwrap().index()];
        prop_assert_eq!(q.outcome(&heaps).unwrap(), expected);
    }

    #[test]
    fn persisted_quotients_read_back(code in 0..CODES.len()) {
        let q = solved(CODES[code]);
        prop_assert_eq!(MisereQuotient::from_json(&q.to_json()).unwrap(), q);
    }
}

#[test]
fn an_infinite_partial_quotient_ends_in_a_typed_refusal() {
    // 0.3122 at heap 7 is infinite (Weimerskirch 2015): the effort limit ends it.
    let limits = Limits { effort: 5_000_000, ..Limits::default() };
    let mut solver = QuotientSolver::new("0.3122".parse::<OctalCode>().unwrap(), limits);
    match solver.run(|_, _| {}) {
        Err(MisereError::EffortExceeded { heap: 7, last_heap: 6, last_order: 52, .. }) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!((solver.quotient().order(), solver.quotient().p_portion()), (52, 10));
    // A refused heap leaves the solver as it was: asking again refuses again, the same way.
    assert!(matches!(solver.step(), Err(MisereError::EffortExceeded { heap: 7, .. })));
    assert_eq!(solver.heap(), 6);
    // The order limit ends it too.
    let limits = Limits { max_order: 1000, ..Limits::default() };
    let result = quotient_of("0.3122".parse::<OctalCode>().unwrap(), limits);
    assert!(matches!(result, Err(MisereError::QuotientTooLarge { heap: 7, .. })), "{result:?}");
    // And the memory budget.
    let limits = Limits { memory_bytes: 100_000, ..Limits::default() };
    let result = quotient_of("0.3122".parse::<OctalCode>().unwrap(), limits);
    assert!(matches!(result, Err(MisereError::MemoryBudgetExceeded { .. })), "{result:?}");
}

#[test]
fn bad_games_are_refused() {
    for code in ["0.8", "1.2", "077", "0.", "0.7x", &format!("0.{}", "7".repeat(40))] {
        assert!(matches!(code.parse::<OctalCode>(), Err(MisereError::BadOctalCode { .. })), "{code}");
    }
    assert!(SubtractionGame::new([]).is_err());
    assert!(SubtractionGame::new([0, 1]).is_err());
    let table = OptionTable { name: "loop".into(), options: vec![vec![], vec![vec![1]]] };
    assert_eq!(
        quotient_of(&table, Limits::default()).unwrap_err(),
        MisereError::PartNotSmaller { heap: 1, part: 1 }
    );
    assert_eq!(table.name(), "loop");
}

#[test]
fn heaps_beyond_a_partial_quotient_are_refused() {
    let (q, stop) =
        quotient_of("0.07".parse::<OctalCode>().unwrap(), Limits { max_heap: 10, ..Limits::default() })
            .unwrap();
    assert_eq!(stop, StopReason::HeapBound);
    assert_eq!(q.outcome(&[11]).unwrap_err(), MisereError::HeapBeyondQuotient { heap: 11, max: 10 });
}

#[test]
fn edited_quotient_files_are_refused() {
    let q = solved("0.77");
    let text = q.to_json();
    let refused =
        |edited: &str| matches!(MisereQuotient::from_json(edited), Err(MisereError::BadQuotientFile { .. }));
    assert!(refused(&text[..text.len() / 2]), "cut short");
    assert!(refused(&text.replacen("\"version\": 1", "\"version\": 2", 1)), "other version");
    assert!(refused(&text.replacen("\"game\": \"0.77\"", "\"game\": \"0.76\"", 1)), "edited name");
    assert!(refused(&text.replacen("\"p_portion\": [", "\"p_portion\": [0, ", 1)), "identity in P");
    assert!(refused(&text.replacen("{", "{\"extra\": 1, ", 1)), "unknown field");
    assert!(refused("[]"), "not an object");
    assert_eq!(MisereQuotient::from_json(&text).unwrap(), q);
}

/// A subtraction game on sorted lists of heaps (empty heaps dropped).
pub struct SubtractionRules(pub Vec<u64>);

impl Game for SubtractionRules {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for &s in self.0.iter().filter(|&&s| s <= h) {
                let mut next = heaps.clone();
                next[i] = h - s;
                next.retain(|&x| x > 0);
                next.sort_unstable();
                out.push(next);
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

#[test]
fn option_counts_match_the_listed_options() {
    // The count is a formula (for octal codes) and the listing a loop: callers check the count
    // against their limits before visiting the options, so the two must agree.
    let games: Vec<Box<dyn HeapGame>> = vec![
        Box::new("0.77".parse::<OctalCode>().unwrap()),
        Box::new("4.07".parse::<OctalCode>().unwrap()),
        Box::new("0.123".parse::<OctalCode>().unwrap()),
        Box::new("0.6".parse::<OctalCode>().unwrap()),
        Box::new(game_misere::Nim),
        Box::new(SubtractionGame::new([1, 3, 4]).unwrap()),
    ];
    for game in &games {
        for heap in 0..40 {
            let listed = game.heap_options(heap);
            assert_eq!(game.option_count(heap), listed.len() as u64, "{} heap {heap}", game.name());
            let mut visited = Vec::new();
            game.for_each_option(heap, &mut |parts| visited.push(parts.to_vec()));
            assert_eq!(visited, listed, "{} heap {heap}", game.name());
        }
    }
    // A heap of 10^8 of Kayles: counted without listing its options (take one counter: one heap
    // left or 49 999 999 splits; take two: the same).
    let kayles: OctalCode = "0.77".parse().unwrap();
    assert_eq!(kayles.option_count(100_000_000), 2 * (1 + 49_999_999));
}

#[test]
fn winning_moves_are_counted_before_they_are_listed() {
    let kayles: OctalCode = "0.77".parse().unwrap();
    let q = solved("0.77");
    for heaps in [vec![1, 2, 2], vec![5, 9, 14], vec![1000], vec![3, 3]] {
        let moves = q.winning_moves(&kayles, &heaps).unwrap();
        assert_eq!(q.winning_move_count(&kayles, &heaps).unwrap(), moves.len() as u64, "{heaps:?}");
    }
    assert_eq!(MisereQuotient::option_count(&kayles, &[3, 1000]), 3 + 1000);
}

#[test]
fn an_interrupt_stops_the_solver_and_keeps_the_last_quotient() {
    let dawson: OctalCode = "0.07".parse().unwrap();
    let mut solver = QuotientSolver::new(dawson, Limits::default()).with_interrupt(|| true);
    match solver.run(|_, _| {}) {
        Err(MisereError::Interrupted { heap: 1, last_heap: 0, last_order: 1 }) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(solver.quotient().order(), 1);
}

#[test]
fn the_options_kept_for_every_heap_count_against_the_budget() {
    // Kayles keeps about n options for heap n: to its proof (heap 100 or so) about 5 000
    // options of 64 bytes, over a budget of 200 000 bytes that its tables alone fit.
    let kayles: OctalCode = "0.77".parse().unwrap();
    let result = quotient_of(&kayles, Limits { memory_bytes: 200_000, ..Limits::default() });
    assert!(matches!(result, Err(MisereError::MemoryBudgetExceeded { .. })), "{:?}", result.err());
    let (q, stop) = quotient_of(&kayles, Limits { memory_bytes: 2_000_000, ..Limits::default() }).unwrap();
    assert_eq!((stop, q.order()), (StopReason::Periodic, 40));
}
