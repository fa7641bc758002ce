//! Checks of the rules that tie a game's search methods together, for a game crate's tests:
//! one call, [`check_search_rules`], on positions of the game.
//!
//! The search engine trusts a game's optional methods ([`SearchGame::components`],
//! [`SearchGame::canonical`], [`SearchGame::option_parts`], [`SearchGame::dense_index`],
//! [`SearchGame::known_outcome`]) to agree with its rules ([`Game::moves`](crate::Game::moves)); a method that disagrees
//! gives wrong values without any error. The rules are stated on each method; this module
//! checks them on the positions given, against the definition:
//!
//! * every part [`SearchGame::components`] writes is written canonically (`canonical(part) == part`);
//! * [`SearchGame::option_parts`] of every component visits exactly the options of
//!   [`Game::moves`](crate::Game::moves), each split as [`SearchGame::components`] splits it (as multisets: the order
//!   of the options and of an option's parts is free, and two equal parts of an option may
//!   cancel, G + G = 0, as the search cancels them anyway; an option that is the mirror image
//!   of another is still an option of its own and must be visited);
//! * [`SearchGame::dense_index`] never gives one index to two different components;
//! * [`SearchGame::known_outcome`] is the outcome of the explicit graph of every component it
//!   answers for (components whose graph has at most [`MAX_CHECKED_NODES`] positions; the
//!   report counts them, so a test can see that some were checked).
//!
//! ```
//! use game_core::{Game, SearchGame};
//! use game_core::testing::check_search_rules;
//!
//! /// Kayles rows as components.
//! struct Kayles;
//! impl Game for Kayles {
//!     type Position = Vec<u32>;
//!     fn moves(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
//!         let mut out = Vec::new();
//!         for (i, &n) in rows.iter().enumerate() {
//!             for take in 1..=2.min(n) {
//!                 for left in 0..=(n - take) {
//!                     let mut next = rows.clone();
//!                     next[i] = left;
//!                     next.push(n - take - left);
//!                     out.push(next);
//!                 }
//!             }
//!         }
//!         out
//!    }
//!}
//!impl SearchGame for Kayles {
//!    fn components(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         out.extend(rows.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
//!     }
//!     fn dense_index(&self, part: &Vec<u32>) -> Option<usize> {
//!         (part.len() == 1).then(|| part[0] as usize)
//!     }
//! }
//! let report = check_search_rules(&Kayles, (0..12).map(|n| vec![n, 3])).unwrap();
//! assert!(report.options > 100);
//! ```

use std::collections::HashMap;
use std::fmt::Debug;
use std::ops::ControlFlow;

use thiserror::Error;

use crate::{Outcome, SearchGame, explore, grundy_values};

/// The most positions of a component's explicit graph for [`SearchGame::known_outcome`] to be
/// checked against it.
pub const MAX_CHECKED_NODES: usize = 100_000;

/// What [`check_search_rules`] checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchRulesReport {
    /// Positions given.
    pub positions: usize,
    /// Distinct components whose options were compared.
    pub components: usize,
    /// Options compared.
    pub options: usize,
    /// Distinct components with a dense index.
    pub dense_indices: usize,
    /// Components whose known outcome was compared with their explicit graph.
    pub known_outcomes: usize,
}

/// A rule between a game's methods that does not hold, with the position where it fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SearchRuleError {
    /// A part written by `components` that `canonical` writes otherwise.
    #[error("components wrote the part {part}, but canonical writes it {canonical}")]
    NotCanonical {
        /// The part, as `{:?}` writes it.
        part: String,
        /// Its canonical form.
        canonical: String,
    },
    /// `option_parts` and `moves` + `components` disagree about the options of a component.
    #[error(
        "option_parts of {component} visits {found}, which moves and components do not give ({expected} options by them)"
    )]
    OptionParts {
        /// The component.
        component: String,
        /// The first option (its parts) that does not match, or what is missing.
        found: String,
        /// How many options `moves` gives.
        expected: usize,
    },
    /// Two different components with one dense index.
    #[error("dense_index gives {index} to both {first} and {second}")]
    DenseIndexRepeated {
        /// The index.
        index: usize,
        /// One component.
        first: String,
        /// Another.
        second: String,
    },
    /// `known_outcome` disagrees with the explicit graph.
    #[error("known_outcome says {claimed} for {component}, the explicit graph {actual}")]
    WrongOutcome {
        /// The component.
        component: String,
        /// What the game said.
        claimed: Outcome,
        /// What the graph says.
        actual: Outcome,
    },
}

/// `parts` with equal pairs cancelled (G + G = 0), in any order.
fn cancelled<P: PartialEq + Clone>(parts: &[P]) -> Vec<P> {
    let mut out: Vec<P> = Vec::with_capacity(parts.len());
    for part in parts {
        match out.iter().position(|p| p == part) {
            Some(i) => drop(out.swap_remove(i)),
            None => out.push(part.clone()),
        }
    }
    out
}

/// Whether `a` and `b` hold the same parts, each as often.
fn same_parts<P: PartialEq>(a: &[P], b: &[P]) -> bool {
    let mut used = vec![false; b.len()];
    a.len() == b.len()
        && a.iter().all(|part| match (0..b.len()).find(|&j| !used[j] && b[j] == *part) {
            Some(j) => {
                used[j] = true;
                true
            }
            None => false,
        })
}

/// Checks the rules between the search methods of `game` (see the module doc) on every
/// position of `positions` and on every component of them, their options and their options'
/// parts. Cost: per component, its options compared pairwise (O(options² × parts²)), and
/// one explicit graph per component with a known outcome: for the small positions of a test.
///
/// # Errors
/// The first rule found broken, with the positions involved.
pub fn check_search_rules<G: SearchGame>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
) -> Result<SearchRulesReport, SearchRuleError> {
    let mut report = SearchRulesReport::default();
    let mut dense: HashMap<usize, G::Position> = HashMap::new();
    let mut seen: HashMap<G::Position, ()> = HashMap::new();
    let mut parts = Vec::new();
    for position in positions {
        report.positions += 1;
        parts.clear();
        game.components(&position, &mut parts);
        let components = parts.clone();
        for component in components {
            check_part(game, &component, &mut dense, &mut report)?;
            if seen.insert(component.clone(), ()).is_some() {
                continue;
            }
            report.components += 1;
            check_options(game, &component, &mut dense, &mut report)?;
        }
    }
    Ok(report)
}

/// The rules of one part: canonical, its dense index its own, its known outcome right.
fn check_part<G: SearchGame>(
    game: &G,
    part: &G::Position,
    dense: &mut HashMap<usize, G::Position>,
    report: &mut SearchRulesReport,
) -> Result<(), SearchRuleError> {
    let canonical = game.canonical(part);
    if canonical != *part {
        return Err(SearchRuleError::NotCanonical { part: shown(part), canonical: shown(&canonical) });
    }
    if let Some(index) = game.dense_index(part) {
        match dense.get(&index) {
            Some(first) if first != part => {
                return Err(SearchRuleError::DenseIndexRepeated {
                    index,
                    first: shown(first),
                    second: shown(part),
                });
            }
            Some(_) => {}
            None => {
                dense.insert(index, part.clone());
                report.dense_indices += 1;
            }
        }
    }
    if let Some(claimed) = game.known_outcome(part)
        && let Ok(graph) = explore(game, [part.clone()], MAX_CHECKED_NODES)
    {
        // The explicit graph of a short game is acyclic; a cycle leaves the claim unchecked.
        if let Ok(values) = grundy_values(&graph.graph) {
            let node = graph.node(part).expect("the root is in its graph");
            let actual = if values[node.index()] == 0 { Outcome::P } else { Outcome::N };
            if actual != claimed {
                return Err(SearchRuleError::WrongOutcome { component: shown(part), claimed, actual });
            }
            report.known_outcomes += 1;
        }
    }
    Ok(())
}

/// `option_parts` of `component` against `moves` and `components`, and the rules of every
/// part visited.
fn check_options<G: SearchGame>(
    game: &G,
    component: &G::Position,
    dense: &mut HashMap<usize, G::Position>,
    report: &mut SearchRulesReport,
) -> Result<(), SearchRuleError> {
    let expected: Vec<Vec<G::Position>> = game
        .moves(component)
        .iter()
        .map(|option| {
            let mut parts = Vec::new();
            game.components(option, &mut parts);
            cancelled(&parts)
        })
        .collect();
    let mut visited: Vec<Vec<G::Position>> = Vec::new();
    game.option_parts(component, &mut |parts| {
        visited.push(parts.to_vec());
        ControlFlow::Continue(())
    });
    let mut used = vec![false; expected.len()];
    for parts in &visited {
        report.options += 1;
        for part in parts {
            check_part(game, part, dense, report)?;
        }
        let parts = &cancelled(parts);
        match (0..expected.len()).find(|&j| !used[j] && same_parts(&expected[j], parts)) {
            Some(j) => used[j] = true,
            None => {
                return Err(SearchRuleError::OptionParts {
                    component: shown(component),
                    found: shown(parts),
                    expected: expected.len(),
                });
            }
        }
    }
    if let Some(j) = used.iter().position(|&u| !u) {
        return Err(SearchRuleError::OptionParts {
            component: shown(component),
            found: format!("no option {} (of moves)", shown(&expected[j])),
            expected: expected.len(),
        });
    }
    Ok(())
}

/// A position as `{:?}` writes it, cut to a line of a message.
fn shown(value: &impl Debug) -> String {
    let text = format!("{value:?}");
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// Lasker's Nim: a heap; take any counters or split it in two. Each flag breaks one rule.
    #[derive(Default)]
    struct Lasker {
        wrong_split: bool,
        skip_mirror: bool,
        shared_index: bool,
        claims_p: bool,
        not_canonical: bool,
    }

    impl Game for Lasker {
        type Position = Vec<u32>;
        fn moves(&self, heaps: &Vec<u32>) -> Vec<Vec<u32>> {
            let mut out = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                let rest = || heaps.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &x)| x);
                out.extend((0..h).map(|left| rest().chain([left]).collect()));
                out.extend((1..h).map(|a| rest().chain([a, h - a]).collect()));
            }
            out
        }
    }

    impl SearchGame for Lasker {
        fn components(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            let shown = |h: u32| if self.not_canonical { vec![h, 0] } else { vec![h] };
            out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| shown(h)));
        }
        fn canonical(&self, heaps: &Vec<u32>) -> Vec<u32> {
            heaps.iter().copied().filter(|&h| h > 0).collect()
        }
        fn option_parts(&self, heap: &Vec<u32>, visit: &mut dyn FnMut(&[Vec<u32>]) -> ControlFlow<()>) {
            let h = heap[0];
            for left in 0..h {
                let parts: Vec<Vec<u32>> = (left > 0).then(|| vec![left]).into_iter().collect();
                let _ = visit(&parts);
            }
            let last = if self.skip_mirror { h / 2 } else { h - 1 };
            for a in 1..=last {
                let b = if self.wrong_split { h - a + 1 } else { h - a };
                let _ = visit(&[vec![a], vec![b]]);
            }
        }
        fn dense_index(&self, part: &Vec<u32>) -> Option<usize> {
            Some(if self.shared_index { part[0] as usize / 2 } else { part[0] as usize })
        }
        fn known_outcome(&self, part: &Vec<u32>) -> Option<Outcome> {
            (self.claims_p && part[0] == 3).then_some(Outcome::P)
        }
    }

    fn check(game: &Lasker) -> Result<SearchRulesReport, SearchRuleError> {
        check_search_rules(game, (1..7).map(|h| vec![h, 2]))
    }

    #[test]
    fn a_game_that_keeps_the_rules_passes_and_each_broken_rule_is_named() {
        let report = check(&Lasker::default()).unwrap();
        assert_eq!((report.positions, report.components), (6, 6));
        assert_eq!(report.dense_indices, 6);
        assert!(report.options > 30);
        let broken = |game: Lasker| check(&game).unwrap_err();
        assert!(matches!(
            broken(Lasker { wrong_split: true, ..Lasker::default() }),
            SearchRuleError::OptionParts { .. }
        ));
        let mirror = broken(Lasker { skip_mirror: true, ..Lasker::default() });
        assert!(
            matches!(&mirror, SearchRuleError::OptionParts { found, .. } if found.starts_with("no option")),
            "{mirror}"
        );
        assert!(matches!(
            broken(Lasker { shared_index: true, ..Lasker::default() }),
            SearchRuleError::DenseIndexRepeated { .. }
        ));
        let outcome = broken(Lasker { claims_p: true, ..Lasker::default() });
        assert_eq!(
            outcome,
            SearchRuleError::WrongOutcome {
                component: "[3]".into(),
                claimed: Outcome::P,
                actual: Outcome::N
            }
        );
        assert!(matches!(
            broken(Lasker { not_canonical: true, ..Lasker::default() }),
            SearchRuleError::NotCanonical { .. }
        ));
    }

    /// `&T` is the game's rules (both methods forwarded); the search layer is asked of the game
    /// itself, which the search borrows, so no reference impl can drop an override.
    #[test]
    fn a_reference_to_a_game_has_the_games_rules() {
        let game = Lasker { shared_index: true, claims_p: true, ..Lasker::default() };
        let by_ref = &game;
        let heap = vec![6];
        assert_eq!(Game::moves(&by_ref, &heap), game.moves(&heap));
        assert_eq!(Game::position_bytes(&by_ref, &heap), game.position_bytes(&heap));
    }
}
