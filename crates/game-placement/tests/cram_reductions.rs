//! Cram's fast path for the search against its own definition, on every position of small
//! boards: `Cram::option_parts` visits the options of `Cram::moves`, each split as
//! `Cram::components` splits it, and stops when told to. (That the components keep the value,
//! and that `Cram::known_outcome` is right, are the claims PL6 and PL7 in `tests/claims.rs`.)

use std::ops::ControlFlow;

use game_core::{Game, SearchGame};
use game_placement::{Cram, CramBoard};

/// The options of `board` by the definition (`moves`, each split by `components`) and as
/// `option_parts` visits them, each as its sorted parts, both sorted.
fn options_both_ways(board: &CramBoard) -> (Vec<Vec<CramBoard>>, Vec<Vec<CramBoard>>) {
    let mut expected: Vec<Vec<CramBoard>> = Cram
        .moves(board)
        .iter()
        .map(|option| {
            let mut parts = Vec::new();
            Cram.components(option, &mut parts);
            parts.sort();
            parts
        })
        .collect();
    let mut visited = Vec::new();
    Cram.option_parts(board, &mut |parts| {
        let mut parts = parts.to_vec();
        parts.sort();
        visited.push(parts);
        ControlFlow::Continue(())
    });
    expected.sort();
    visited.sort();
    (expected, visited)
}

/// Every position of a `rows` x `cols` board checked; returns how many.
fn check_every_position(rows: usize, cols: usize) -> usize {
    for free in 0..1u128 << (rows * cols) {
        let board = CramBoard::with_free_cells(rows, cols, free).unwrap();
        let (expected, visited) = options_both_ways(&board);
        assert_eq!(visited, expected, "options of {rows} x {cols} {free:#b}");
        // Told to stop, it stops.
        let mut calls = 0;
        Cram.option_parts(&board, &mut |_| {
            calls += 1;
            ControlFlow::Break(())
        });
        assert_eq!(calls, usize::from(!expected.is_empty()), "{rows} x {cols} {free:#b}");
    }
    1 << (rows * cols)
}

#[test]
fn option_parts_are_the_split_moves_on_every_position_of_small_boards() {
    let mut checked = 0;
    for (rows, cols) in [(1, 16), (2, 8), (8, 2), (3, 5), (5, 3), (4, 4), (3, 4), (2, 6), (2, 5), (3, 3)] {
        checked += check_every_position(rows, cols);
    }
    assert_eq!(checked, 4 * 65_536 + 2 * 32_768 + 4096 + 4096 + 1024 + 512);
}

/// Boards past 64 cells take the `u128` path: a 9 x 9 board with three cells taken (the
/// middle one, one on the top edge, one on the bottom edge: 144 - 4 - 3 - 3 dominoes left).
#[test]
fn option_parts_of_a_large_board() {
    let full = CramBoard::empty(9, 9).unwrap().free_cells();
    let board = CramBoard::with_free_cells(9, 9, full & !(1 << 40) & !(1 << 3) & !(1 << 77)).unwrap();
    let (expected, visited) = options_both_ways(&board);
    assert_eq!(visited.len(), 134);
    assert_eq!(visited, expected);
}
