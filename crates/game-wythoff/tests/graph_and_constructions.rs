//! Small cases against game-core on the explicit game graph, and the closed forms against the
//! constructions of the seeds (Y2 mex, W3 steps, W4 tape, W6 substitution, W8 counts).

use game_core::{Outcome, grundy_values, outcomes, winning_moves as graph_winning_moves};
use game_wythoff::{
    Wythoff, WythoffNumber, board_graph, classify, eventual_period, floor_mul_q, grundy_table, grundy_value,
    is_misere_p_position, is_p_position, laeuchli_upper_index, longest_runs, mex_pairs, misere_p_positions,
    misere_p_positions_from_graph, naive_grundy_table, ones_prefix_counts, p_pair, p_positions_below,
    step_word_from_pairs, substitute, substitution_word, tape_automaton_word, winning_moves, y4_winning_move,
};
use proptest::prelude::*;

const SIDE: u64 = 40;

#[test]
fn w1_w2_y4_p_positions_equal_the_graph_kernel() {
    let graph = board_graph(SIDE, 10_000).unwrap();
    assert_eq!(graph.len() as u64, SIDE * SIDE);
    let outcome = outcomes(&graph.graph).unwrap();
    let mut kernel = Vec::new();
    for node in graph.graph.node_indices() {
        let (x, y) = *graph.position(node);
        assert_eq!(outcome[node.index()] == Outcome::P, is_p_position(x, y), "({x}, {y})");
        if outcome[node.index()] == Outcome::P {
            kernel.push((x, y));
        }
    }
    kernel.sort_unstable();
    assert_eq!(kernel, p_positions_below(SIDE));
    // W1: exactly one black point per row and column (inside a board each row x with partner < SIDE).
    for x in 0..SIDE {
        let in_row = kernel.iter().filter(|p| p.0 == x).count();
        let partner_inside = kernel.iter().any(|p| p.0 == x);
        assert!(in_row <= 1 && (in_row == 1) == partner_inside);
    }
}

#[test]
fn y4_all_winning_moves_equal_game_core_winning_moves() {
    let graph = board_graph(SIDE, 10_000).unwrap();
    for node in graph.graph.node_indices() {
        let (x, y) = *graph.position(node);
        let mut expected: Vec<(u64, u64)> = graph_winning_moves(&graph.graph, node)
            .unwrap()
            .into_iter()
            .map(|n| *graph.position(n))
            .collect();
        expected.sort_unstable();
        assert_eq!(winning_moves(x, y), expected, "({x}, {y})");
        // The move of Y4's proof is one of them, and exists iff the position is N.
        match y4_winning_move(x, y) {
            Some(m) => assert!(expected.contains(&m), "({x}, {y}) -> {m:?}"),
            None => assert!(expected.is_empty()),
        }
    }
}

#[test]
fn y1_small_positions() {
    for n in 1..100 {
        assert!(!is_p_position(0, n) && !is_p_position(n, 0) && !is_p_position(n, n));
    }
    assert!(is_p_position(1, 2) && is_p_position(3, 5));
}

#[test]
fn grundy_table_equals_game_core_on_the_graph() {
    let side = 30;
    let graph = board_graph(side, 10_000).unwrap();
    let values = grundy_values(&graph.graph).unwrap();
    let table = grundy_table(side as usize).unwrap();
    for node in graph.graph.node_indices() {
        let (x, y) = *graph.position(node);
        assert_eq!(table.get(x as usize, y as usize), Some(values[node.index()]), "({x}, {y})");
        assert_eq!(grundy_value(x, y, 10_000).unwrap(), values[node.index()]);
    }
}

#[test]
fn grundy_fast_equals_naive_and_rows_are_permutations() {
    let side = 160;
    let fast = grundy_table(side).unwrap();
    assert_eq!(fast, naive_grundy_table(side).unwrap());
    for x in 0..side {
        let row = fast.row(x).unwrap();
        // Symmetric table; zeros exactly at P-positions.
        for (y, &value) in row.iter().enumerate() {
            assert_eq!(fast.get(y, x), Some(value));
            assert_eq!(value == 0, is_p_position(x as u64, y as u64));
        }
        // Row x is a permutation of the naturals: no value twice, and the prefix of the row holds
        // every small value (checked loosely: all values below side - 3x appear).
        let mut seen = vec![false; 3 * side];
        for &value in row {
            assert!(!std::mem::replace(&mut seen[value as usize], true), "row {x} repeats {value}");
        }
        let covered = seen.iter().take_while(|&&s| s).count();
        assert!(covered + 3 * x >= side, "row {x} covers only 0..{covered}");
    }
}

#[test]
fn grundy_value_on_demand_matches_table_off_the_square() {
    let table = grundy_table(200).unwrap();
    for (x, y) in [(0, 199), (1, 150), (7, 199), (199, 3), (120, 121), (199, 199)] {
        assert_eq!(grundy_value(x, y, 1_000_000).unwrap(), table.get(x as usize, y as usize).unwrap());
    }
    assert!(grundy_value(10_000, 10_000, 1_000_000).is_err());
    assert!(grundy_table(game_wythoff::MAX_TABLE_SIDE + 1).is_err());
}

#[test]
fn misere_p_positions_from_graph_equal_the_rule() {
    let from_graph = misere_p_positions_from_graph(SIDE, 10_000).unwrap();
    assert_eq!(from_graph, misere_p_positions(SIDE));
    // The seed-free statement in the issue: (0,1), (2,2), then the normal pairs from n = 2 on.
    let mut expected = vec![(0, 1), (1, 0), (2, 2)];
    for n in 2.. {
        let (a, b) = p_pair(n).unwrap();
        if b >= SIDE {
            break;
        }
        expected.extend([(a, b), (b, a)]);
    }
    expected.sort_unstable();
    assert_eq!(from_graph, expected);
    for x in 0..SIDE {
        for y in 0..SIDE {
            assert_eq!(from_graph.binary_search(&(x, y)).is_ok(), is_misere_p_position(x, y));
        }
    }
}

#[test]
fn y2_mex_construction_equals_closed_form_and_y3_partition() {
    let pairs = mex_pairs(100_000);
    let mut hit = vec![0u8; 300_001];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let n = i as u64 + 1;
        assert_eq!(p_pair(n), Some((a, b)), "n = {n}");
        assert_eq!(classify(a), WythoffNumber::Lower(n));
        assert_eq!(classify(b), WythoffNumber::Upper(n));
        assert_eq!(laeuchli_upper_index(b), Some(n));
        hit[a as usize] += 1;
        hit[b as usize] += 1;
    }
    // Y3: every positive integer up to a_N is hit exactly once.
    let a_last = pairs.last().unwrap().0 as usize;
    assert!(hit[1..=a_last].iter().all(|&h| h == 1));
    for z in 1..=a_last as u64 {
        assert_eq!(laeuchli_upper_index(z).is_some(), matches!(classify(z), WythoffNumber::Upper(_)), "{z}");
    }
}

#[test]
fn w3_w4_w6_w8_step_word() {
    let len = 50_000;
    let tape = tape_automaton_word(len);
    assert_eq!(tape[..13], [0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1]);
    // W3: the steps between consecutive P-positions give the same word.
    let mut pairs = vec![(0, 0)];
    pairs.extend(mex_pairs(len));
    assert_eq!(step_word_from_pairs(&pairs).unwrap(), tape);
    // W6: the substitution's fixed point is F, and it maps F's prefix to a prefix of F.
    assert_eq!(substitution_word(len), tape);
    let image = substitute(&tape[..len / 3]);
    assert_eq!(image[..], tape[..image.len()]);
    // W8: the number of 1s among the first n letters is floor(n q).
    for (n, &ones) in ones_prefix_counts(&tape).iter().enumerate() {
        assert_eq!(ones, floor_mul_q(n as u64), "n = {n}");
    }
    assert_eq!([2, 5, 13, 34].map(floor_mul_q), [1, 3, 8, 21]);
    // W5: no 00, no 111.
    assert_eq!(longest_runs(&tape), (1, 2));
    // W7 on a prefix: no period up to 1000 on the tail from 1000.
    assert_eq!(eventual_period(&tape, 1_000, 1_000), None);
}

#[test]
fn w10_lower_is_floor_of_upper_times_q() {
    for n in (0..1_000_000u64).chain((0..1000).map(|i| game_wythoff::MAX_PAIR_INDEX - i)) {
        let (a, b) = p_pair(n).unwrap();
        assert_eq!(floor_mul_q(b), a, "n = {n}");
    }
}

#[test]
fn game_moves_count() {
    use game_core::Game;
    assert_eq!(Wythoff.moves(&(3, 5)).len(), 3 + 5 + 3);
    assert!(Wythoff.moves(&(0, 0)).is_empty());
}

/// Y2's construction for n = 1..=300_000, computed once for the proptest below.
fn mex_table() -> &'static [(u64, u64)] {
    static TABLE: std::sync::OnceLock<Vec<(u64, u64)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| mex_pairs(300_000))
}

#[test]
fn w2_pairs_increase_with_difference_n() {
    let mut previous = (0, 0);
    for n in 1..=100_000u64 {
        let (a, b) = p_pair(n).unwrap();
        // Laeuchli's (x_n, y_n) = (b_n, a_n): both increase, x_n - y_n = n, y_n >= n.
        assert!(a > previous.0 && b > previous.1 && b - a == n && a >= n);
        previous = (a, b);
    }
}

proptest! {
    /// W9 = Y2: the closed form against the recursive mex construction at random n.
    #[test]
    fn w9_closed_form_equals_y2_mex_construction(n in 1usize..=300_000) {
        prop_assert_eq!(p_pair(n as u64), Some(mex_table()[n - 1]));
    }

    /// Y4 on large random positions: every winning move is a legal move to a P-position, and the
    /// Y4 move is one of them; P-positions have none.
    #[test]
    fn y4_winning_moves_large(x in any::<u64>(), y in any::<u64>()) {
        let moves = winning_moves(x, y);
        prop_assert!(moves.len() <= 3);
        for &(x2, y2) in &moves {
            prop_assert!(is_p_position(x2, y2));
            let legal = (x2 == x && y2 < y) || (y2 == y && x2 < x) || (x2 < x && x - x2 == y - y2);
            prop_assert!(legal);
        }
        prop_assert_eq!(moves.is_empty(), is_p_position(x, y));
        prop_assert_eq!(y4_winning_move(x, y).is_some_and(|m| moves.contains(&m)), !moves.is_empty());
    }

    /// Y4 from random P-position neighbourhoods (where the moves are non-trivial).
    #[test]
    fn y4_moves_near_p_positions(n in 1..game_wythoff::MAX_PAIR_INDEX, dx in 0u64..5, dy in 0u64..5) {
        let (a, b) = p_pair(n).unwrap();
        let (x, y) = (a.saturating_add(dx), b.saturating_add(dy));
        let moves = winning_moves(x, y);
        // Within +4 of P_n only P_n and P_{n+1} (one step (1, 2) or (2, 3) away, W3) are P.
        let next = p_pair(n + 1).unwrap();
        prop_assert_eq!(moves.is_empty(), (x, y) == (a, b) || (x, y) == next);
        for &(x2, y2) in &moves {
            prop_assert!(is_p_position(x2, y2));
        }
    }
}

/// The board's size is checked against the node limit before exploring: side^2 cells, refused
/// just above the limit and accepted exactly at it.
#[test]
fn board_graph_node_limit_is_side_squared() {
    match board_graph(10, 99) {
        Err(game_wythoff::WythoffError::TooLarge { cells, limit }) => assert_eq!((cells, limit), (100, 99)),
        other => panic!("expected TooLarge for a 10x10 board and limit 99, got {other:?}"),
    }
    let graph = board_graph(10, 100).expect("a 10x10 board fits a limit of exactly 100");
    assert_eq!(graph.graph.node_count(), 100);
    assert!(matches!(board_graph(3, 8), Err(game_wythoff::WythoffError::TooLarge { cells: 9, limit: 8 })));
    assert_eq!(board_graph(0, 0).expect("the empty board").graph.node_count(), 0);
}

/// The table's accessors against the definition computed here (mex over the row to the left,
/// the column below and the diagonal down-left), and None exactly outside the table.
#[test]
#[allow(clippy::needless_range_loop)] // the definition reads best with coordinates as indices
fn grundy_table_accessors_match_the_definition() {
    const SIDE: usize = 9;
    let mut g = [[0u32; SIDE]; SIDE];
    for x in 0..SIDE {
        for y in 0..SIDE {
            let mut seen = std::collections::BTreeSet::new();
            seen.extend((0..x).map(|x2| g[x2][y]));
            seen.extend((0..y).map(|y2| g[x][y2]));
            seen.extend((1..=x.min(y)).map(|t| g[x - t][y - t]));
            g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    let table = grundy_table(SIDE).unwrap();
    assert_eq!(table.side(), SIDE);
    assert_eq!(table.values().len(), SIDE * SIDE);
    for x in 0..SIDE {
        assert_eq!(table.row(x), Some(&g[x][..]), "row {x}");
        for y in 0..SIDE {
            assert_eq!(table.get(x, y), Some(g[x][y]), "G({x}, {y})");
            assert_eq!(table.values()[x * SIDE + y], g[x][y]);
        }
        assert_eq!(table.get(x, SIDE), None);
        assert_eq!(table.get(SIDE, x), None);
    }
    assert_eq!(table.row(SIDE), None);
    // The refusal names the cells asked for and the limit, both squares of sides.
    let over = game_wythoff::MAX_TABLE_SIDE + 1;
    match grundy_table(over) {
        Err(game_wythoff::WythoffError::TooLarge { cells, limit }) => {
            assert_eq!((cells, limit), ((over as u128).pow(2), (over as u128 - 1).pow(2)));
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
}
