//! Misère canonical forms against brute force: games equal by their simplest forms have the
//! same misère outcome in every context tried, and games with different simplest forms are
//! told apart by some context; notation round trips; sums and outcomes against the
//! definition.

use std::collections::HashMap;

use game_core::Outcome;
use game_misere::{CanonicalGames, GameId, MisereError, Phylum};
use proptest::prelude::*;

/// Raw games (no simplification): `options[g]` lists raw game ids.
struct Raw {
    options: Vec<Vec<usize>>,
    outcome: HashMap<Vec<usize>, bool>,
}

impl Raw {
    /// Every game whose options are a set of games of the previous generation, three
    /// generations deep (1, 2, 4, 16 games).
    fn three_generations() -> Self {
        let mut options: Vec<Vec<usize>> = vec![vec![]];
        let mut generation: Vec<usize> = vec![0];
        for _ in 0..3 {
            let mut next = Vec::new();
            for mask in 0u32..(1 << generation.len()) {
                let set: Vec<usize> = generation
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &g)| g)
                    .collect();
                let id = match options.iter().position(|o| *o == set) {
                    Some(id) => id,
                    None => {
                        options.push(set);
                        options.len() - 1
                    }
                };
                next.push(id);
            }
            generation = next;
        }
        Raw { options, outcome: HashMap::new() }
    }

    /// Misère outcome (true: P) of a sum of raw games, by the definition.
    fn is_p(&mut self, sum: &[usize]) -> bool {
        let mut key: Vec<usize> = sum.iter().copied().filter(|&g| g != 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.outcome.get(&key) {
            return p;
        }
        let mut followers = Vec::new();
        for i in 0..key.len() {
            for &o in &self.options[key[i]] {
                let mut f = key.clone();
                f[i] = o;
                followers.push(f);
            }
        }
        let p = !followers.is_empty() && followers.iter().all(|f| !self.is_p(f));
        self.outcome.insert(key, p);
        p
    }

    fn canonical(&self, games: &mut CanonicalGames, g: usize) -> GameId {
        let options: Vec<GameId> = self.options[g].iter().map(|&o| self.canonical(games, o)).collect();
        games.game_with_options(&options).expect("small games")
    }
}

#[test]
fn simplest_forms_agree_with_outcomes_in_every_context() {
    let mut raw = Raw::three_generations();
    let mut games = CanonicalGames::new(100_000);
    let n = raw.options.len();
    let ids: Vec<GameId> = (0..n).map(|g| raw.canonical(&mut games, g)).collect();
    // Contexts: every sum of at most two raw games.
    let mut contexts: Vec<Vec<usize>> = vec![vec![]];
    for a in 0..n {
        for b in a..n {
            contexts.push(vec![a, b]);
        }
        contexts.push(vec![a]);
    }
    let mut distinct_pairs = 0;
    for g in 0..n {
        for h in g + 1..n {
            let told_apart = contexts.iter().any(|x| {
                let mut with_g = x.clone();
                with_g.push(g);
                let mut with_h = x.clone();
                with_h.push(h);
                raw.is_p(&with_g) != raw.is_p(&with_h)
            });
            assert_eq!(
                told_apart,
                ids[g] != ids[h],
                "raw games {g} and {h}: {:?} / {:?}",
                raw.options[g],
                raw.options[h]
            );
            distinct_pairs += usize::from(told_apart);
        }
    }
    assert!(distinct_pairs > 0);
    // Each simplest form keeps the outcome.
    for (g, &id) in ids.iter().enumerate() {
        let outcome = if raw.is_p(&[g]) { Outcome::P } else { Outcome::N };
        assert_eq!(games.outcome(id), outcome, "raw game {g}");
    }
}

#[test]
fn misere_nim_genus_follows_the_known_rule() {
    let mut games = CanonicalGames::new(100_000);
    for a in 0..4u32 {
        for b in 0..4u32 {
            for c in 0..3u32 {
                let heaps = [a, b, c];
                let mut sum = games.zero();
                for &h in &heaps {
                    let heap = games.nim_heap(h).unwrap();
                    sum = games.sum(sum, heap).unwrap();
                }
                let genus = games.genus(sum).unwrap().to_string();
                let x = a ^ b ^ c;
                let expected = if heaps.iter().all(|&h| h <= 1) {
                    if x == 0 { "0^120".to_string() } else { "1^031".to_string() }
                } else {
                    format!("{x}^{x}{}", x ^ 2)
                };
                assert_eq!(genus, expected, "heaps {heaps:?}");
                assert_eq!(games.phylum(sum).unwrap(), Phylum::Tame);
            }
        }
    }
}

#[test]
fn bad_notation_is_refused_with_a_position() {
    let mut games = CanonicalGames::new(1000);
    for (text, at) in
        [("*[1,", 4), ("*[1,,2]", 4), ("*[x]", 2), ("[1]]", 3), ("*[1 2]", 4), ("", 0), ("+1", 0)]
    {
        match games.parse(text) {
            Err(MisereError::BadNotation { at: found, .. }) => assert_eq!(found, at, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let deep = "[".repeat(100) + &"]".repeat(100);
    assert!(matches!(games.parse(&deep), Err(MisereError::BadNotation { .. })));
    assert!(matches!(CanonicalGames::new(3).parse("*5"), Err(MisereError::GameTooLarge { .. })));
}

fn arbitrary_notation() -> impl Strategy<Value = String> {
    let leaf = (0u32..4).prop_map(|n| n.to_string());
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(|elements| format!("[{}]", elements.join(",")))
    })
    .prop_map(|element| format!("*[{element}]"))
}

proptest! {
    #[test]
    fn display_reads_back(text in arbitrary_notation()) {
        let mut games = CanonicalGames::new(100_000);
        let g = games.parse(&text).unwrap();
        let shown = games.display(g);
        prop_assert_eq!(games.parse(&shown).unwrap(), g, "{} shown as {}", text, shown);
    }

    #[test]
    fn sums_commute_and_outcomes_follow_the_definition(a in arbitrary_notation(), b in arbitrary_notation()) {
        let mut games = CanonicalGames::new(100_000);
        let (g, h) = (games.parse(&a).unwrap(), games.parse(&b).unwrap());
        let gh = games.sum(g, h).unwrap();
        prop_assert_eq!(gh, games.sum(h, g).unwrap());
        // Outcome of the sum by the definition over the (simplest-form) options of both.
        let mut options: Vec<GameId> = Vec::new();
        for o in games.options(g) {
            options.push(games.sum(o, h).unwrap());
        }
        for o in games.options(h) {
            options.push(games.sum(g, o).unwrap());
        }
        let by_definition = if !options.is_empty() && options.iter().all(|&o| games.outcome(o) == Outcome::N) { Outcome::P } else { Outcome::N };
        prop_assert_eq!(games.outcome(gh), by_definition);
    }
}

/// Nim on a sorted list of heaps, as a game-core game.
struct NimHeaps;

impl game_core::Game for NimHeaps {
    type Position = Vec<u32>;
    fn moves(&self, heaps: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }
}

#[test]
fn a_game_core_position_gets_the_simplest_form_of_its_sum() {
    let mut games = CanonicalGames::new(100_000);
    for heaps in [vec![0u32], vec![1, 1], vec![2, 2], vec![1, 2, 3], vec![2, 3, 4]] {
        let from_graph = games.from_game(&NimHeaps, heaps.clone(), 100_000).unwrap();
        let mut sum = games.zero();
        for &h in &heaps {
            let heap = games.nim_heap(h).unwrap();
            sum = games.sum(sum, heap).unwrap();
        }
        assert_eq!(from_graph, sum, "{heaps:?}");
    }
    assert!(matches!(games.from_game(&NimHeaps, vec![9, 9, 9], 10), Err(MisereError::Game(_))));
}
