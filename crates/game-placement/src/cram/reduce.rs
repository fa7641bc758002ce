//! Cells that can be taken off a Cram position without changing its value, so that positions
//! differing only there share one table entry (the reductions of Beling's `igs`, proven here).
//!
//! A *tuft* is a free cell with exactly one free neighbour, its *star*. Two rules:
//!
//! * **One tuft per star.** If a star has tufts t1 and t2, the position equals the one without
//!   t2. Mirror strategy on G + G' (G' = G without t2): a move in one component is copied in
//!   the other, except that a domino on (t2, s) in G is answered by (t1, s) in G'. A tuft is
//!   covered only together with its star (its only neighbour), after which the other tufts of
//!   that star are isolated cells that no domino can cover; so after every answer the two
//!   components have the same free cells up to isolated ones, and the second player never runs
//!   out of answers: G + G' is a P-position, G = G'.
//! * **Bridges.** A free cell b that is neither a tuft nor a star and whose free neighbours are
//!   all stars can be taken off. Mirror strategy again: (b, s) in G is answered by (s, t) in G'
//!   with t a tuft of s; afterwards both components have the same free cells up to the isolated
//!   t or b. Every other move is copied. That stays possible because b's free neighbours remain
//!   stars with a free tuft: a tuft is covered only with its star.
//!
//! Both rules only take cells off, and taking off a cell can make new tufts (a star losing its
//! other neighbours), so [`reduced`] applies them until nothing changes: at most one round per
//! cell. Isolated cells are taken off too (as bridges with no neighbour).
//!
//! The rules are checked, not trusted: `tests/cram_reductions.rs` compares the value of every
//! position of small boards with the value of its reduced form, both by the plain definition.

use super::shape::{Cells, Shape};

/// The free cells of `free` with exactly one free neighbour.
fn tufts<B: Cells>(shape: &Shape<B>, free: B) -> B {
    let (b, t) = (shape.below_in(free), shape.above_in(free));
    let (r, l) = (shape.right_in(free), shape.left_in(free));
    // One or three free neighbours; three always include an opposite pair.
    let odd = b ^ t ^ r ^ l;
    let opposite_pair = (b & t) | (r & l);
    free & odd & !opposite_pair
}

/// `free` after one round of both rules.
fn reduced_once<B: Cells>(shape: &Shape<B>, free: B) -> B {
    let tufts = tufts(shape, free);
    // Stars by the side their tuft is on; a star keeps its tuft above, else left, else below,
    // else right, and loses the others.
    let tuft_above = shape.above_in(tufts) & free;
    let tuft_left = shape.left_in(tufts) & free;
    let tuft_below = shape.below_in(tufts) & free;
    let tuft_right = shape.right_in(tufts) & free;
    let stars = tuft_above | tuft_left | tuft_below | tuft_right;
    let extra_left = shape.right_in(tuft_left & tuft_above);
    let extra_below = shape.above_in(tuft_below & (tuft_above | tuft_left));
    let extra_right = shape.left_in(tuft_right & (tuft_above | tuft_left | tuft_below));
    let others = free & !(tufts | stars);
    let bridges = others & !shape.neighbours(others);
    free & !(extra_left | extra_below | extra_right | bridges)
}

/// `free` with both rules applied until nothing changes: a position of the same value.
pub(super) fn reduced<B: Cells>(shape: &Shape<B>, mut free: B) -> B {
    loop {
        let next = reduced_once(shape, free);
        if next == free {
            return free;
        }
        free = next;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::CramBoard;
    use super::super::shape::{Cells, Shape};
    use super::{reduced_once, tufts};

    /// The free neighbours of cell `cell` of a `rows` x `cols` board, above, left, below, right.
    fn free_neighbours(rows: usize, cols: usize, free: u128, cell: usize) -> [Option<usize>; 4] {
        let (r, c) = (cell / cols, cell % cols);
        let at = |ok: bool, n: usize| (ok && free >> n & 1 == 1).then_some(n);
        [
            at(r > 0, cell.wrapping_sub(cols)),
            at(c > 0, cell.wrapping_sub(1)),
            at(r + 1 < rows, cell + cols),
            at(c + 1 < cols, cell + 1),
        ]
    }

    /// The tufts by the definition, cell by cell: free cells with exactly one free neighbour.
    fn plain_tufts(rows: usize, cols: usize, free: u128) -> u128 {
        (0..rows * cols)
            .filter(|&i| free >> i & 1 == 1)
            .filter(|&i| free_neighbours(rows, cols, free, i).iter().flatten().count() == 1)
            .fold(0, |mask, i| mask | 1 << i)
    }

    /// One round of both rules, cell by cell: every star keeps its first tuft in the order
    /// above, left, below, right and loses the others; a free cell that is neither a tuft nor a
    /// star and whose free neighbours are all stars goes.
    fn plain_reduced_once(rows: usize, cols: usize, free: u128) -> u128 {
        let tufts = plain_tufts(rows, cols, free);
        let is = |mask: u128, i: usize| mask >> i & 1 == 1;
        let mut stars = 0u128;
        let mut gone = 0u128;
        for star in (0..rows * cols).filter(|&i| is(free, i)) {
            let mine: Vec<usize> = free_neighbours(rows, cols, free, star)
                .into_iter()
                .flatten()
                .filter(|&n| is(tufts, n))
                .collect();
            if let Some((_, others)) = mine.split_first() {
                stars |= 1 << star;
                gone = others.iter().fold(gone, |g, &t| g | 1 << t);
            }
        }
        for cell in (0..rows * cols).filter(|&i| is(free, i) && !is(tufts | stars, i)) {
            if free_neighbours(rows, cols, free, cell).into_iter().flatten().all(|n| is(stars, n)) {
                gone |= 1 << cell;
            }
        }
        free & !gone
    }

    /// The word's rounds against the definition's on one position.
    fn agree<B: Cells>(rows: usize, cols: usize, free: u128) -> Result<(), String> {
        let shape = Shape::<B>::of(&CramBoard::empty(rows, cols).unwrap());
        let word = B::from_u128(free);
        let (tufts_found, once): (u128, u128) = (tufts(&shape, word).as_(), reduced_once(&shape, word).as_());
        let (tufts_plain, once_plain) = (plain_tufts(rows, cols, free), plain_reduced_once(rows, cols, free));
        if (tufts_found, once) == (tufts_plain, once_plain) {
            Ok(())
        } else {
            Err(format!(
                "{rows} x {cols}, free {free:#x}: tufts {tufts_found:#x} (plain {tufts_plain:#x}), one round {once:#x} (plain {once_plain:#x})"
            ))
        }
    }

    /// Every position of boards up to 16 cells, in both words.
    #[test]
    fn tufts_and_one_round_follow_the_definition_on_every_small_position() {
        let mut checked = 0;
        for (rows, cols) in [(1, 7), (2, 5), (3, 4), (4, 3), (4, 4), (5, 2), (1, 1)] {
            for free in 0..1u128 << (rows * cols) {
                agree::<u64>(rows, cols, free).unwrap();
                agree::<u128>(rows, cols, free).unwrap();
                checked += 1;
            }
        }
        assert_eq!(checked, 128 + 1024 + 4096 * 2 + 65536 + 1024 + 2);
    }

    proptest! {
        /// Random positions of larger boards, in the word they run on (up to 64 cells: `u64`).
        #[test]
        fn tufts_and_one_round_follow_the_definition_on_large_boards(
            rows in 1usize..=11, cols in 1usize..=11, bits in any::<u128>(), sparse in any::<u128>()
        ) {
            prop_assume!(rows * cols <= 128);
            // Half the positions with about a quarter of the cells free: more tufts and stars.
            let free = (bits & if sparse & 1 == 1 { sparse } else { u128::MAX })
                & if rows * cols == 128 { u128::MAX } else { (1u128 << (rows * cols)) - 1 };
            if rows * cols <= 64 {
                prop_assert_eq!(agree::<u64>(rows, cols, free), Ok(()));
            }
            prop_assert_eq!(agree::<u128>(rows, cols, free), Ok(()));
        }
    }
}
