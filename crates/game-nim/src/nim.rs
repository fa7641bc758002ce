//! Nim on any number of heaps (seed 003, claims N1-N5): nim-sum, outcome and every winning move
//! under the normal and the misère rule, the named starting positions, and [`Nim`] as a
//! [`game_core::Game`] for cross-checks on the explicit graph.

use game_core::{Game, Outcome, heap_sum_moves};
use serde::Serialize;

use crate::NimError;

/// Who wins when the last move is made: the mover (normal play) or the other player (misère).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum PlayRule {
    /// The player who makes the last move wins (N1).
    Normal,
    /// The player who makes the last move loses (N4, Marienbad).
    Misere,
}

/// One move of Nim: heap number `heap` (0-based index into the position) goes to `new_size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct NimMove {
    /// Index of the heap the move takes from.
    pub heap: usize,
    /// Size of that heap after the move (strictly smaller than before).
    pub new_size: u64,
}

/// The nim-sum (bitwise XOR) of the heap sizes (N2). O(number of heaps).
///
/// ```
/// assert_eq!(game_nim::nim_sum(&[22, 5, 13, 27]), 5);
/// ```
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}

/// Normal-play outcome by Bouton's theorem (N2): `P` iff the nim-sum is 0. O(heaps).
pub fn nim_outcome(heaps: &[u64]) -> Outcome {
    if nim_sum(heaps) == 0 { Outcome::P } else { Outcome::N }
}

/// Every winning move in normal play (N3), in heap order: for each heap `h` with
/// `h XOR s < h` (`s` the nim-sum, i.e. `h` has a 1 at the top bit of `s`), the move `h -> h XOR s`.
/// Empty iff the position is P. The number of moves is odd (the count of heaps with that bit set,
/// which is odd because that bit of `s` is 1). O(heaps).
///
/// ```
/// use game_nim::{nim_winning_moves, NimMove};
/// let moves = nim_winning_moves(&[22, 5, 13, 27]);
/// assert_eq!(moves, vec![
///     NimMove { heap: 0, new_size: 19 },
///     NimMove { heap: 1, new_size: 0 },
///     NimMove { heap: 2, new_size: 8 },
/// ]);
/// ```
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let sum = nim_sum(heaps);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ sum < h)
        .map(|(heap, &h)| NimMove { heap, new_size: h ^ sum })
        .collect()
}

/// Number of heaps with at least two counters, and number of heaps with exactly one.
fn big_and_single_counts(heaps: &[u64]) -> (usize, usize) {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let single = heaps.iter().filter(|&&h| h == 1).count();
    (big, single)
}

/// Misère-play outcome by the rule of N4. O(heaps).
///
/// * at least two heaps of size >= 2 (case A): as in normal play, `P` iff the nim-sum is 0;
/// * exactly one heap of size >= 2 (case B): always `N`;
/// * all heaps <= 1 (case C): `P` iff the number of 1-heaps is odd (the mover takes the last one).
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let (big, single) = big_and_single_counts(heaps);
    // Case B needs no arm of its own: one heap >= 2 beside heaps <= 1 has a bit above the
    // lowest that nothing cancels, so its nim-sum is nonzero and the normal rule says N.
    let losing = if big == 0 { single % 2 == 1 } else { nim_sum(heaps) == 0 };
    if losing { Outcome::P } else { Outcome::N }
}

/// Every winning move in misère play, by the rule of N4, in heap order. O(heaps).
///
/// * case A (two or more heaps >= 2): the normal-play winning moves. (A move to nim-sum 0 keeps
///   two heaps >= 2: leaving one heap >= 2 beside heaps <= 1 gives a nonzero nim-sum.)
/// * case B (one heap >= 2): the unique move that reduces it to 0 or 1 so that an odd number of
///   1-heaps remains;
/// * case C (all <= 1): with an even, nonzero number of 1-heaps, taking any 1-heap wins.
///
/// At the end of the game (no counters left) the list is empty although the position is a
/// misère N-position: the player to move has already won.
pub fn misere_nim_winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let (big, single) = big_and_single_counts(heaps);
    match big {
        0 if single % 2 == 0 => heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h == 1)
            .map(|(heap, _)| NimMove { heap, new_size: 0 })
            .collect(),
        0 => Vec::new(),
        1 => {
            let heap = heaps.iter().position(|&h| h >= 2).expect("exactly one heap >= 2");
            // Leave an odd number of 1-heaps: with `single` already odd remove the big heap,
            // with `single` even leave one counter in it.
            let new_size = if single % 2 == 1 { 0 } else { 1 };
            vec![NimMove { heap, new_size }]
        }
        _ => nim_winning_moves(heaps),
    }
}

/// Outcome under the given rule: [`nim_outcome`] or [`misere_nim_outcome`].
pub fn outcome(heaps: &[u64], rule: PlayRule) -> Outcome {
    match rule {
        PlayRule::Normal => nim_outcome(heaps),
        PlayRule::Misere => misere_nim_outcome(heaps),
    }
}

/// Winning moves under the given rule: [`nim_winning_moves`] or [`misere_nim_winning_moves`].
pub fn winning_moves(heaps: &[u64], rule: PlayRule) -> Vec<NimMove> {
    match rule {
        PlayRule::Normal => nim_winning_moves(heaps),
        PlayRule::Misere => misere_nim_winning_moves(heaps),
    }
}

/// The position after `mv`, checked: the heap must exist and must shrink.
///
/// # Errors
/// [`NimError::NoSuchHeap`] or [`NimError::IllegalMove`].
pub fn apply_move(heaps: &[u64], mv: NimMove) -> Result<Vec<u64>, NimError> {
    let size = *heaps.get(mv.heap).ok_or(NimError::NoSuchHeap { heap: mv.heap, heaps: heaps.len() })?;
    if mv.new_size >= size {
        return Err(NimError::IllegalMove { heap: mv.heap, size, new_size: mv.new_size });
    }
    let mut next = heaps.to_vec();
    next[mv.heap] = mv.new_size;
    Ok(next)
}

/// Marienbad's starting rows 1, 3, 5, 7 (N5; played misère). A misère P-position.
pub fn marienbad() -> Vec<u64> {
    vec![1, 3, 5, 7]
}

/// `count` rows of `size` counters each (N5, "all rows equal").
pub fn equal_heaps(count: usize, size: u64) -> Vec<u64> {
    vec![size; count]
}

/// Rows 1, 2, ..., `rows` (N5). Its nim-sum is `rows`, 1, `rows + 1`, 0 for `rows mod 4`
/// = 0, 1, 2, 3, so it is a normal-play P-position iff `rows mod 4 == 3` (or `rows == 0`).
pub fn staircase(rows: u64) -> Vec<u64> {
    (1..=rows).collect()
}

/// The canonical form of a Nim position used by [`Nim`]: heaps sorted ascending, empty heaps
/// dropped. Positions with the same canonical form are the same game.
pub fn canonical_heaps(heaps: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    out.sort_unstable();
    out
}

/// Nim as a [`game_core::Game`], for explicit-graph cross-checks.
///
/// Positions are *canonical* (see [`canonical_heaps`]): sorted ascending, no empty heaps, so
/// permutations of one multiset of heaps are one node. Pass canonical roots to
/// [`game_core::explore`]. The graph of heaps `h_1..h_k` has at most `prod (h_i + 1)` nodes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        heap_sum_moves(heaps, |h| (0..h).map(|new_size| [new_size]), canonical_heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{explore, misere_outcomes, outcomes};
    use proptest::prelude::*;

    /// N3: the seed's example S1 = (22, 5, 13, 27): nim-sum 5 and exactly three winning moves,
    /// 22 -> 19 (take 3 from row 1), 5 -> 0 and 13 -> 8 (take 5 from row 2 or row 3).
    #[test]
    fn n3_seed_example_s1_has_three_winning_moves() {
        let s1 = [22, 5, 13, 27];
        assert_eq!(nim_sum(&s1), 0b00101);
        let moves = nim_winning_moves(&s1);
        let taken: Vec<(usize, u64)> = moves.iter().map(|m| (m.heap, s1[m.heap] - m.new_size)).collect();
        assert_eq!(taken, vec![(0, 3), (1, 5), (2, 5)]);
    }

    /// N3 / N4: the seed's line of play S1 .. S9. Player A always plays a winning move (checked
    /// to be among ours), B plays the seed's moves; the outcome of every S_i is the seed's
    /// ("C" = N, "Z" = P). The line forks at S7 into the normal and the misère rule.
    #[test]
    fn n3_n4_seed_line_of_play() {
        use Outcome::{N, P};
        // (position, outcome under the rule in force, whether A moves next)
        let common: [([u64; 4], Outcome); 7] = [
            ([22, 5, 13, 27], N),
            ([19, 5, 13, 27], P),
            ([19, 5, 13, 0], N),
            ([8, 5, 13, 0], P),
            ([8, 5, 4, 0], N),
            ([1, 5, 4, 0], P),
            ([1, 5, 0, 0], N),
        ];
        for (i, (s, expected)) in common.iter().enumerate() {
            assert_eq!(nim_outcome(s), *expected, "S{}", i + 1);
            // Every S_i up to S7 has two heaps >= 2 or is N: the misère rule agrees (N4 case A/B).
            assert_eq!(misere_nim_outcome(s), *expected, "S{} misère", i + 1);
        }
        // A's moves S1->S2, S3->S4, S5->S6 are winning moves, in both rules.
        for (from, to) in [(0, 1), (2, 3), (4, 5)] {
            let (a, b) = (common[from].0, common[to].0);
            let mv = a.iter().zip(b.iter()).position(|(x, y)| x != y).unwrap();
            let wanted = NimMove { heap: mv, new_size: b[mv] };
            assert!(nim_winning_moves(&a).contains(&wanted), "S{} -> S{}", from + 1, to + 1);
            assert!(misere_nim_winning_moves(&a).contains(&wanted));
        }
        // S7 = (1, 5): case B. Normal rule: A plays 5 -> 1 (S8 = (1, 1), P), B takes one (S9, N).
        let s7 = [1, 5];
        assert_eq!(nim_winning_moves(&s7), vec![NimMove { heap: 1, new_size: 1 }]);
        let s8 = apply_move(&s7, NimMove { heap: 1, new_size: 1 }).unwrap();
        assert_eq!(nim_outcome(&s8), P);
        let s9 = apply_move(&s8, NimMove { heap: 1, new_size: 0 }).unwrap();
        assert_eq!(nim_outcome(&s9), N);
        assert_eq!(nim_winning_moves(&s9), vec![NimMove { heap: 0, new_size: 0 }]);
        // Misère rule: the unique winning move is 5 -> 0 (S8 = (1, 0), a misère P-position).
        assert_eq!(misere_nim_winning_moves(&s7), vec![NimMove { heap: 1, new_size: 0 }]);
        let s8m = apply_move(&s7, NimMove { heap: 1, new_size: 0 }).unwrap();
        assert_eq!(misere_nim_outcome(&s8m), P);
        // B must take the last match and so loses.
        assert_eq!(misere_nim_outcome(&[0, 0]), N);
    }

    #[test]
    fn n5_marienbad_and_named_starts() {
        assert_eq!(misere_nim_outcome(&marienbad()), Outcome::P);
        assert_eq!(nim_outcome(&marienbad()), Outcome::P);
        assert_eq!(nim_outcome(&equal_heaps(4, 9)), Outcome::P);
        assert_eq!(nim_outcome(&equal_heaps(3, 9)), Outcome::N);
        assert_eq!(misere_nim_outcome(&equal_heaps(3, 1)), Outcome::P);
        assert_eq!(misere_nim_outcome(&equal_heaps(2, 1)), Outcome::N);
        for rows in 0..40u64 {
            // Independent: XOR of 1..=rows by a loop, against the closed form in the doc.
            let expected = match rows % 4 {
                0 => rows,
                1 => 1,
                2 => rows + 1,
                _ => 0,
            };
            assert_eq!(nim_sum(&staircase(rows)), expected);
        }
    }

    #[test]
    fn bad_moves_are_typed_errors() {
        assert_eq!(
            apply_move(&[3], NimMove { heap: 1, new_size: 0 }),
            Err(NimError::NoSuchHeap { heap: 1, heaps: 1 })
        );
        assert_eq!(
            apply_move(&[3], NimMove { heap: 0, new_size: 3 }),
            Err(NimError::IllegalMove { heap: 0, size: 3, new_size: 3 })
        );
    }

    /// N2, N4, N6: on every position with up to 4 heaps of size <= 6, the numerical rules agree
    /// with game-core's normal and misère outcomes on the explicit graph, and our winning moves
    /// lead exactly to the graph's winning successors.
    #[test]
    fn n6_nim_rules_agree_with_explicit_graph() {
        let root = vec![6u64, 6, 6, 6];
        let graph = explore(&Nim, [root], 100_000).unwrap();
        let normal = outcomes(&graph.graph).unwrap();
        let misere = misere_outcomes(&graph.graph).unwrap();
        assert_eq!(graph.len(), 210); // multisets of 4 sizes from 0..=6: C(10, 4)
        for node in graph.graph.node_indices() {
            let heaps = graph.position(node);
            assert_eq!(nim_outcome(heaps), normal[node.index()], "{heaps:?}");
            assert_eq!(misere_nim_outcome(heaps), misere[node.index()], "{heaps:?} misère");
            for (rule, table) in [(PlayRule::Normal, &normal), (PlayRule::Misere, &misere)] {
                let mut ours: Vec<Vec<u64>> = winning_moves(heaps, rule)
                    .into_iter()
                    .map(|m| canonical_heaps(&apply_move(heaps, m).unwrap()))
                    .collect();
                ours.sort();
                ours.dedup();
                let mut theirs: Vec<Vec<u64>> = graph
                    .graph
                    .neighbors(node)
                    .filter(|w| table[w.index()] == Outcome::P)
                    .map(|w| graph.position(w).clone())
                    .collect();
                theirs.sort();
                theirs.dedup();
                assert_eq!(ours, theirs, "{heaps:?} {rule:?}");
            }
        }
    }

    /// Equal heaps give each option once: from 3 3 a move leaves 0..=2 beside a 3 (listed by
    /// hand), not twice each.
    #[test]
    fn equal_heaps_list_each_option_once() {
        assert_eq!(Nim.moves(&vec![3, 3]), vec![vec![3], vec![1, 3], vec![2, 3]]);
        assert_eq!(Nim.moves(&vec![1, 1, 2]), vec![vec![1, 2], vec![1, 1], vec![1, 1, 1]]);
    }

    proptest! {
        /// N3: from an N-position the winning moves are odd in number, one per heap with the
        /// nim-sum's top bit, each unique, each reaching nim-sum 0.
        #[test]
        fn n3_winning_moves_are_odd_and_correct(heaps in proptest::collection::vec(any::<u64>(), 0..8)) {
            let sum = nim_sum(&heaps);
            let moves = nim_winning_moves(&heaps);
            if sum == 0 {
                prop_assert!(moves.is_empty());
            } else {
                prop_assert_eq!(moves.len() % 2, 1);
                let top = 63 - sum.leading_zeros();
                let with_top = heaps.iter().filter(|&&h| h >> top & 1 == 1).count();
                prop_assert_eq!(moves.len(), with_top);
                for m in moves {
                    let next = apply_move(&heaps, m).unwrap();
                    prop_assert_eq!(nim_sum(&next), 0);
                }
            }
        }

        /// N4: misère winning moves lead to misère P-positions, and exist iff the position is N
        /// (except at the end of the game: no heap left is a misère N-position without moves).
        #[test]
        fn n4_misere_moves_lead_to_p(heaps in proptest::collection::vec(0u64..4, 0..7)) {
            let moves = misere_nim_winning_moves(&heaps);
            let terminal = heaps.iter().all(|&h| h == 0);
            prop_assert_eq!(moves.is_empty(), terminal || misere_nim_outcome(&heaps) == Outcome::P);
            for m in moves {
                let next = apply_move(&heaps, m).unwrap();
                prop_assert_eq!(misere_nim_outcome(&next), Outcome::P);
            }
        }
    }
}
