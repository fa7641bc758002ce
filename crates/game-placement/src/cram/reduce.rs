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
    let odd = b ^ t ^ r ^ l;
    let two_or_more = (b & t) | (r & l) | ((b | t) & (r | l));
    free & odd & !two_or_more
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
