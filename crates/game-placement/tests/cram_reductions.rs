//! Cram's fast paths against the rules, on every position of small boards.
//!
//! The values here come from the plain definition written in this file (the mex over every
//! domino, by dynamic programming over all sets of free cells, with none of the crate's
//! reductions, regions, crops or symmetries). Checked against it, for every position:
//!
//! * `Cram::components`: the reductions (tufts, stars, bridges), the cut into regions, the crop
//!   and the canonical form keep the value (the XOR of the parts' values is the board's);
//! * `Cram::option_parts` visits the options of `Cram::moves`, each split as `components`
//!   splits it;
//! * `Cram::known_outcome` is right wherever it answers.

use std::collections::HashMap;
use std::ops::ControlFlow;

use game_core::{Game, Outcome};
use game_placement::{Cram, CramBoard};

/// Values of every position of `rows` x `cols` boards by the definition, cached per shape.
#[derive(Default)]
struct Definition {
    tables: HashMap<(usize, usize), Vec<u8>>,
}

impl Definition {
    /// The value of the free cells `free` (bit `r * cols + c`) of a `rows` x `cols` board.
    fn value(&mut self, rows: usize, cols: usize, free: u128) -> u8 {
        let table = self.tables.entry((rows, cols)).or_insert_with(|| values_of_every_position(rows, cols));
        table[free as usize]
    }

    fn value_of(&mut self, board: &CramBoard) -> u8 {
        self.value(board.rows(), board.cols(), board.free_cells())
    }
}

/// The value of every set of free cells of a `rows` x `cols` board: a domino removes two
/// bits, so every option is a smaller number than its position and one pass upwards suffices.
fn values_of_every_position(rows: usize, cols: usize) -> Vec<u8> {
    let cells = rows * cols;
    assert!(cells <= 20, "the definition's table has 2^cells entries");
    let mut dominoes = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                dominoes.push((1usize << cell) | (1 << (cell + 1)));
            }
            if r + 1 < rows {
                dominoes.push((1usize << cell) | (1 << (cell + cols)));
            }
        }
    }
    let mut values = vec![0u8; 1 << cells];
    for free in 0..1usize << cells {
        let mut seen = 0u64;
        for &domino in &dominoes {
            if free & domino == domino {
                seen |= 1 << values[free & !domino];
            }
        }
        values[free] = (!seen).trailing_zeros() as u8;
    }
    values
}

/// The XOR of the definition's values of `parts`.
fn xor_of(definition: &mut Definition, parts: &[CramBoard]) -> u8 {
    parts.iter().fold(0, |xor, part| xor ^ definition.value_of(part))
}

/// Every position of every board shape up to `max_cells` cells, checked.
fn check_every_position(rows: usize, cols: usize) -> usize {
    let mut definition = Definition::default();
    let mut checked = 0;
    for free in 0..1u128 << (rows * cols) {
        let board = CramBoard::with_free_cells(rows, cols, free).unwrap();
        let value = definition.value(rows, cols, free);

        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        assert_eq!(
            xor_of(&mut definition, &parts),
            value,
            "components of {rows} x {cols} {free:#b}: {parts:?}"
        );
        for part in &parts {
            assert_eq!(part.canonical(), *part, "a part is canonical");
            assert!(part.free_cells().count_ones() >= 2, "a part takes a domino");
        }

        // The options by the definition, each as its sorted parts; and those option_parts visits.
        let mut expected: Vec<Vec<CramBoard>> = Cram
            .moves(&board)
            .iter()
            .map(|option| {
                let mut parts = Vec::new();
                Cram.components(option, &mut parts);
                parts.sort();
                parts
            })
            .collect();
        let mut visited = Vec::new();
        Cram.option_parts(&board, &mut |parts| {
            let mut parts = parts.to_vec();
            parts.sort();
            visited.push(parts);
            ControlFlow::Continue(())
        });
        // Told to stop, it stops.
        let mut calls = 0;
        Cram.option_parts(&board, &mut |_| {
            calls += 1;
            ControlFlow::Break(())
        });
        assert_eq!(calls, usize::from(!expected.is_empty()));
        expected.sort();
        visited.sort();
        assert_eq!(visited, expected, "options of {rows} x {cols} {free:#b}");

        match Cram.known_outcome(&board) {
            Some(Outcome::P) => assert_eq!(value, 0, "{rows} x {cols} {free:#b}"),
            Some(Outcome::N) => assert_ne!(value, 0, "{rows} x {cols} {free:#b}"),
            Some(Outcome::Draw) => panic!("Cram has no draws"),
            None => {}
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_position_of_boards_up_to_sixteen_cells() {
    let mut checked = 0;
    for (rows, cols) in [(1, 16), (2, 8), (8, 2), (3, 5), (5, 3), (4, 4), (3, 4), (2, 6), (2, 5), (3, 3)] {
        checked += check_every_position(rows, cols);
    }
    assert!(checked > 300_000, "{checked} positions");
}

/// The theorem behind `known_outcome` on every full rectangle the definition reaches: both
/// sides even is a P-position, one side even an N-position, odd by odd left open.
#[test]
fn known_outcomes_of_full_rectangles() {
    let mut definition = Definition::default();
    let mut answered = 0;
    for rows in 1..=4 {
        for cols in 1..=20 / rows {
            let board = CramBoard::empty(rows, cols).unwrap();
            let value = definition.value_of(&board);
            let expected = match (rows % 2, cols % 2) {
                (0, 0) => Some(Outcome::P),
                (1, 1) => None,
                _ => Some(Outcome::N),
            };
            assert_eq!(Cram.known_outcome(&board), expected, "{rows} x {cols}");
            if expected.is_some() {
                assert_eq!(value == 0, expected == Some(Outcome::P), "{rows} x {cols} has value {value}");
                answered += 1;
            }
        }
    }
    assert!(answered >= 20, "{answered} boards");
}
