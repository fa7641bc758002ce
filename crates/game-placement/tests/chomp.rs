//! Chomp's positions and moves: the board's own operations against their definitions, bad
//! shapes refused, and the search engine's winning moves checked on the explicit graph.

use game_core::search::{Search, SearchLimits};
use game_core::{Game, Outcome, SearchGame, explore, grundy_values};
use game_placement::{Chomp, ChompBoard, MAX_CHOMP_SIDE, PlacementError};
use proptest::prelude::*;

/// A Young diagram of at most `rows` rows of at most `cols` squares, the first nonempty.
fn diagram(rows: usize, cols: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0..=cols, 1..=rows).prop_map(|mut lengths| {
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        lengths[0] = lengths[0].max(1);
        lengths
    })
}

#[test]
fn bad_shapes_are_refused_with_a_typed_error() {
    for lengths in [vec![], vec![0], vec![0, 0], vec![2, 3], vec![3, 1, 2], vec![MAX_CHOMP_SIDE + 1]] {
        let refused = ChompBoard::from_row_lengths(&lengths);
        assert!(matches!(refused, Err(PlacementError::ChompShape { .. })), "{lengths:?}: {refused:?}");
    }
    // The error keeps at most MAX_CHOMP_SIDE + 1 lengths, however many were given.
    for rows in [MAX_CHOMP_SIDE + 1, 1000] {
        let refused = ChompBoard::from_row_lengths(&vec![1; rows]).unwrap_err();
        assert_eq!(refused, PlacementError::ChompShape { rows: vec![1; MAX_CHOMP_SIDE + 1] });
    }
    for (rows, cols) in
        [(0, 3), (3, 0), (MAX_CHOMP_SIDE + 1, 1), (1, MAX_CHOMP_SIDE + 1), (usize::MAX, usize::MAX)]
    {
        let refused = ChompBoard::rectangle(rows, cols).unwrap_err();
        assert_eq!(refused, PlacementError::ChompSize { rows, cols, max_side: MAX_CHOMP_SIDE });
        assert!(refused.to_string().ends_with(&format!("{rows} x {cols} does not fit")), "{refused}");
    }
    // Trailing empty rows are dropped; the largest board fits.
    assert_eq!(ChompBoard::from_row_lengths(&[3, 1, 0, 0]).unwrap().row_lengths(), vec![3, 1]);
    let largest = ChompBoard::rectangle(MAX_CHOMP_SIDE, MAX_CHOMP_SIDE).unwrap();
    assert_eq!(largest.squares(), MAX_CHOMP_SIDE * MAX_CHOMP_SIDE);
}

#[test]
fn the_poisoned_square_alone_has_no_move_and_is_a_p_position() {
    let poison = ChompBoard::rectangle(1, 1).unwrap();
    assert_eq!(Chomp.moves(&poison), vec![]);
    assert_eq!(Chomp.known_outcome(&poison), Some(Outcome::P));
    let mut search = Search::new(&Chomp, SearchLimits::default()).unwrap();
    assert_eq!(search.nimber(&poison).unwrap(), 0);
    assert_eq!(search.winning_move(&poison).unwrap(), None);
}

#[test]
fn squares_are_won_by_the_bite_at_one_one() {
    // Taking (1, 1) leaves an L of equal arms, a P-position: the classic winning move.
    let mut search = Search::new(&Chomp, SearchLimits::default()).unwrap();
    for n in 2..=7 {
        let square = ChompBoard::rectangle(n, n).unwrap();
        let l_shape = square.bite(1, 1).unwrap();
        let mut expected = vec![n];
        expected.extend(std::iter::repeat_n(1, n - 1));
        assert_eq!(l_shape.row_lengths(), expected);
        assert_eq!(search.outcome(&l_shape).unwrap(), Outcome::P, "{n} x {n}");
        let winning = search.winning_move(&square).unwrap().expect("a square is an N-position");
        assert_eq!(search.nimber(&winning).unwrap(), 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bites_follow_the_definition(lengths in diagram(7, 7)) {
        let board = ChompBoard::from_row_lengths(&lengths).unwrap();
        let trimmed: Vec<usize> = lengths.iter().copied().filter(|&l| l > 0).collect();
        prop_assert_eq!(board.row_lengths(), trimmed.clone());
        prop_assert_eq!(board.squares(), trimmed.iter().sum::<usize>());
        let bites: Vec<_> = board.bites().collect();
        prop_assert_eq!(bites.len(), board.squares() - 1);
        for (row, col, next) in bites {
            let mut expected = trimmed.clone();
            for length in &mut expected[row..] {
                *length = (*length).min(col);
            }
            expected.retain(|&l| l > 0);
            prop_assert_eq!(next.row_lengths(), expected);
            prop_assert_eq!(board.bite(row, col), Some(next));
        }
        prop_assert_eq!(board.bite(0, 0), None);
        prop_assert_eq!(board.bite(0, trimmed[0]), None);
        prop_assert_eq!(board.bite(trimmed.len(), 0), None);
    }

    #[test]
    fn transpose_exchanges_rows_and_columns(lengths in diagram(8, 8)) {
        let board = ChompBoard::from_row_lengths(&lengths).unwrap();
        let transposed = board.transpose();
        prop_assert_eq!(transposed.transpose(), board);
        prop_assert_eq!(transposed.squares(), board.squares());
        // Square (r, c) is on the board exactly when (c, r) is on its transpose.
        let rows = board.row_lengths();
        let cols = transposed.row_lengths();
        for r in 0..8 {
            for c in 0..8 {
                let here = rows.get(r).is_some_and(|&l| c < l);
                let there = cols.get(c).is_some_and(|&l| r < l);
                prop_assert_eq!(here, there, "square {} {}", r, c);
            }
        }
    }

    #[test]
    fn winning_moves_lead_to_p_positions_on_the_explicit_graph(lengths in diagram(6, 6)) {
        let board = ChompBoard::from_row_lengths(&lengths).unwrap();
        let graph = explore(&Chomp, [board], 1_000_000).unwrap();
        let values = grundy_values(&graph.graph).unwrap();
        let value = |b: &ChompBoard| values[graph.node(b).unwrap().index()];
        let mut search = Search::new(&Chomp, SearchLimits::default()).unwrap();
        prop_assert_eq!(search.nimber(&board).unwrap(), value(&board));
        prop_assert_eq!(search.nimber_by_mex(&board).unwrap(), value(&board));
        prop_assert_eq!(search.nimber(&board.transpose()).unwrap(), value(&board));
        match search.winning_move(&board).unwrap() {
            None => prop_assert_eq!(value(&board), 0),
            Some(next) => {
                prop_assert!(Chomp.moves(&board).contains(&next));
                prop_assert_eq!(value(&next), 0);
            }
        }
    }
}
