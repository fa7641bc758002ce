//! Sequencings of Z_n with a prescribed last rotation, built from Bailey terraces of Z_{n/2}:
//! the white-pin variant (R8) for every slot and every even n, without backtracking.
//!
//! # Why a construction is needed
//!
//! The white pin in disc slot `w` forces the last rotation `l = n/2 - w` (R8). If `l` is a unit
//! of Z_n, emptying times a unit ends with `l` ([`crate::construct_solution`]). Otherwise no
//! multiple of emptying helps, and by reversal the problem is as hard as finding a sequencing
//! from scratch with a prescribed first rotation. Depth-first search for that grows about tenfold
//! per 20 slots (measured: about 10^6 nodes at n = 80), and re-searching a tail of a known
//! solution is no way out: for n = 200 a tail shorter than about 35 moves has, in expectation,
//! no completion but the original one (`t! (t-1)! / n^(t-1)` completions), so the search must
//! rearrange about half the sequence.
//!
//! # The construction
//!
//! Write `n = 2m`. A *Bailey terrace* of Z_m is an ordering `a_0, ..., a_{m-1}` of Z_m in which
//! every class `{c, -c}` of nonzero differences occurs twice among `a_{i+1} - a_i` (the class
//! `{m/2}` once, when m is even). Such a terrace gives a *symmetric* sequencing of Z_n:
//!
//! 1. Lift each difference `c_i = a_i - a_{i-1}` (in `1..m`) to `b_i = c_i` or `c_i + m` in
//!    Z_n. The two elements pairs `{x, -x}` and `{x + m, -x - m}` of Z_n above one class are each
//!    taken once: either lift of either use can go to either pair.
//! 2. Put `b_m = m` and `b_{m+i} = -b_{m-i}` for `i = 1..m-1`.
//!
//! Then `b` uses one element of each pair `{x, -x}` in the first half and the other in the
//! second, so it is a permutation of `1..n`. Its partial sums are `S_i = a_i (mod m)` for
//! `i < m`, so they are distinct and meet each coset `{y, y + m}` once, and
//! `S_{m+i} = m + S_{m-1-i}` fills the other half. So `b` is a sequencing. Its first rotation
//! is the lift of `c_1`, and its last is `-b_1`.
//!
//! Terraces of Z_m are much more flexible than sequencings, because a difference counts only up
//! to sign. Two moves map terraces to terraces, each checked in O(1):
//!
//! * **2-opt**: reverse a segment `a_{i+1..=j}`. The inner differences change sign only, so it
//!   is a terrace again iff the classes of the (at most two) replaced edges equal the classes of
//!   the new ones.
//! * **Cut-rotation**: close the terrace to a cycle. The closing edge's class then occurs three
//!   times, so cutting the cycle at either other edge of that class gives a terrace.
//!
//! [`terrace_walk`] starts from the zigzag `0, 1, -1, 2, -2, ...` (a terrace for every m) and
//! makes random moves until the first difference has a lift of the wanted gcd with n.
//! Measured (seeds 1..4): every gcd class appears within a few hundred moves for m up to 100.
//! 2-opt alone is not enough: from the zigzag it never reaches the classes 2, 10 and 50 of Z_100.
//! [`sequencing_ending_with`] then lifts the terrace and multiplies by a unit of Z_n, so that
//! the sequencing ends with exactly `l`.

use crate::arith::{SplitMix64, gcd};
use crate::{Puzzle, RotationError};

/// The class `min(x, m - x)` of a difference `x` in Z_m (0 for x = 0).
fn class(x: usize, m: usize) -> usize {
    let x = x % m;
    x.min(m - x)
}

/// The difference `to - from` in Z_m.
fn diff(from: usize, to: usize, m: usize) -> usize {
    (to + m - from) % m
}

/// True iff `a` is a Bailey terrace of Z_m: a permutation of `0..m` in which each class
/// `{c, -c}` of nonzero differences `a_{i+1} - a_i` occurs twice (the class `{m/2}` once). O(m).
pub fn is_bailey_terrace(m: usize, a: &[usize]) -> bool {
    if m == 0 || a.len() != m {
        return false;
    }
    let mut seen = vec![false; m];
    for &x in a {
        if x >= m || std::mem::replace(&mut seen[x], true) {
            return false;
        }
    }
    let mut uses = vec![0usize; m / 2 + 1];
    for pair in a.windows(2) {
        let c = class(diff(pair[0], pair[1], m), m);
        if c == 0 {
            return false;
        }
        uses[c] += 1;
    }
    (1..=m / 2).all(|c| uses[c] == if 2 * c == m { 1 } else { 2 })
}

/// The zigzag `0, 1, -1, 2, -2, ...` of Z_m, a Bailey terrace for every m >= 1 (for even m it is
/// Gordon's sequencing, emptying). O(m).
pub fn zigzag_terrace(m: usize) -> Vec<usize> {
    (0..m).map(|i| if i % 2 == 1 { i.div_ceil(2) } else { (m - i / 2) % m }).collect()
}

/// A move that maps a terrace to a terrace (see the module documentation).
#[derive(Debug, Clone, Copy)]
enum Move {
    /// Reverse `a[from..=to]`.
    Reverse { from: usize, to: usize },
    /// Start the cycle at `a[at]` (cut before it).
    Rotate { at: usize },
}

/// Every move that maps the terrace `a` of Z_m to another terrace. O(m^2).
fn terrace_moves(a: &[usize], m: usize) -> Vec<Move> {
    let edge = |i: usize, j: usize| class(diff(a[i], a[j], m), m);
    let mut moves = Vec::new();
    // Reverse a[from..=to]: the edge into `from` (if any) becomes (from-1, to), the edge out of
    // `to` (if any) becomes (from, to+1). Reversing the whole sequence is always a terrace but
    // only turns it around, which the walk checks anyway.
    for from in 0..m {
        for to in from + 1..m {
            let (mut removed, mut added) = ([0usize; 2], [0usize; 2]);
            let mut count = 0;
            if from > 0 {
                removed[count] = edge(from - 1, from);
                added[count] = edge(from - 1, to);
                count += 1;
            }
            if to + 1 < m {
                removed[count] = edge(to, to + 1);
                added[count] = edge(from, to + 1);
                count += 1;
            }
            if count == 0 {
                continue;
            }
            let (removed, added) = (&mut removed[..count], &mut added[..count]);
            removed.sort_unstable();
            added.sort_unstable();
            if removed == added {
                moves.push(Move::Reverse { from, to });
            }
        }
    }
    // Cut-rotation: the closing edge a[m-1] -> a[0] repeats the class of these inner edges.
    let closing = class(diff(a[m - 1], a[0], m), m);
    moves.extend((1..m).filter(|&at| edge(at - 1, at) == closing).map(|at| Move::Rotate { at }));
    moves
}

/// The lift of the difference `c` (in `1..m`) to Z_{2m} whose gcd with `2m` is `g`, if any.
fn lift_with_gcd(c: usize, m: usize, g: usize) -> Option<usize> {
    [c, c + m].into_iter().find(|&x| gcd(x, 2 * m) == g)
}

/// Makes up to `moves` random moves on the terrace `a`; stops early if no move is left.
fn random_moves(a: &mut [usize], m: usize, rng: &mut SplitMix64, moves: usize) {
    for _ in 0..moves {
        let available = terrace_moves(a, m);
        if available.is_empty() {
            return;
        }
        apply(a, available[rng.below(available.len())]);
    }
}

fn apply(a: &mut [usize], mv: Move) {
    match mv {
        Move::Reverse { from, to } => a[from..=to].reverse(),
        Move::Rotate { at } => a.rotate_left(at),
    }
}

/// A random start for the walk: for even m, half the time the partial sums of a symmetric
/// sequencing of Z_m lifted from a random terrace of Z_{m/2} (a sequencing is a Bailey terrace);
/// otherwise the zigzag. Needed because the zigzag's component can be tiny: for m = 70 it has no
/// 2-opt move and a single cut-rotation. O(m^3) for the m random moves.
fn random_start(m: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut a = zigzag_terrace(m);
    if m.is_multiple_of(2) && m >= 4 && rng.below(2) == 0 {
        let half = m / 2;
        let t = starting_at_zero(&random_start(half, rng), half);
        let first = t[1] + if rng.below(2) == 0 { 0 } else { half };
        if let Some(rotations) = symmetric_sequencing(half, &t, first) {
            a = crate::partial_sums(m, &rotations);
        }
    }
    random_moves(&mut a, m, rng, m);
    a
}

/// The terrace `a` of Z_m translated to start at 0 (translation keeps every difference). O(m).
fn starting_at_zero(a: &[usize], m: usize) -> Vec<usize> {
    a.iter().map(|&v| (v + m - a[0]) % m).collect()
}

/// Moves per start of the walk before it starts again elsewhere.
const MOVES_PER_START: u64 = 2_000;

/// A random walk over Bailey terraces of Z_m until a terrace is found whose first difference `c`
/// has a lift `x` to Z_{2m} with `gcd(x, 2m) = g`; returns the terrace (starting at 0) and `x`.
/// It starts from the zigzag, and again from a random start (see `random_start`) every 2000
/// moves or when no move is left. At most `max_moves` moves; `None` if none of them found one.
/// Each move costs O(m^2) to list the moves. Deterministic for a given `seed`.
pub fn terrace_walk(m: usize, g: usize, seed: u64, max_moves: u64) -> Option<(Vec<usize>, usize)> {
    terrace_walk_with(m, g, &mut SplitMix64::new(seed), max_moves)
}

/// [`terrace_walk`] with the caller's generator.
pub(crate) fn terrace_walk_with(
    m: usize,
    g: usize,
    rng: &mut SplitMix64,
    max_moves: u64,
) -> Option<(Vec<usize>, usize)> {
    if m < 2 {
        return None;
    }
    let mut a = zigzag_terrace(m);
    let mut since_start = 0u64;
    for _ in 0..=max_moves {
        // Look at both directions: a reversed terrace is a terrace.
        for reversed in [false, true] {
            let first = if reversed { diff(a[m - 1], a[m - 2], m) } else { diff(a[0], a[1], m) };
            if let Some(x) = lift_with_gcd(first, m, g) {
                if reversed {
                    a.reverse();
                }
                return Some((starting_at_zero(&a, m), x));
            }
        }
        let moves = terrace_moves(&a, m);
        since_start += 1;
        if moves.is_empty() || since_start > MOVES_PER_START {
            a = random_start(m, rng);
            since_start = 0;
        } else {
            apply(&mut a, moves[rng.below(moves.len())]);
        }
    }
    None
}

/// The symmetric sequencing of Z_{2m} lifted from the Bailey terrace `terrace` of Z_m (starting
/// at 0), with first rotation `first` (a lift of the terrace's first difference): see the module
/// documentation. `None` if `terrace` is not a terrace or `first` not such a lift. O(m).
pub fn symmetric_sequencing(m: usize, terrace: &[usize], first: usize) -> Option<Vec<usize>> {
    let n = 2 * m;
    if !is_bailey_terrace(m, terrace) || terrace[0] != 0 || first >= n || first % m != terrace[1] {
        return None;
    }
    // pair_taken[min(x, n - x)]: the pair {x, -x} of Z_n is used by the first half.
    let mut pair_taken = vec![false; m + 1];
    let mut half = Vec::with_capacity(m - 1);
    for (i, pair) in terrace.windows(2).enumerate() {
        let c = diff(pair[0], pair[1], m);
        let lift = if i == 0 {
            first
        } else if pair_taken[c.min(n - c)] {
            c + m
        } else {
            c
        };
        let key = lift.min(n - lift);
        if pair_taken[key] {
            return None;
        }
        pair_taken[key] = true;
        half.push(lift);
    }
    let mut rotations = half.clone();
    rotations.push(m);
    rotations.extend(half.iter().rev().map(|&b| n - b));
    Some(rotations)
}

/// A sequencing of Z_n (n even) whose last rotation is `last`, so the puzzle with the white pin
/// in slot `n/2 - last` is solved (R8). A unit `last` multiplies emptying; any other goes through
/// [`terrace_walk`] and [`symmetric_sequencing`], then a unit multiple maps the last rotation
/// `-x` onto `last` (both have the same gcd with n). Deterministic for a given `seed`.
///
/// Checked (release, seed 1, example `search_all_white`): every white slot of every even n from
/// 14 to 200 is solved, the hardest being n = 116, slot 29 (gcd(l, n) = n/4), and every slot of
/// every 22nd n up to 400.
///
/// # Errors
/// [`RotationError::TooSmall`] / [`RotationError::OddSize`] for a bad n;
/// [`RotationError::NoSolution`] for `last` = 0 or n/2 (no sequencing ends there);
/// [`RotationError::SearchGaveUp`] if the walk found no fitting terrace in `max_moves` moves.
pub fn sequencing_ending_with(
    n: usize,
    last: usize,
    seed: u64,
    max_moves: u64,
) -> Result<Vec<usize>, RotationError> {
    let puzzle = Puzzle::new(n)?;
    let m = n / 2;
    let last = last % n;
    if last == 0 || last == m {
        return Err(RotationError::NoSolution {
            reason: format!("no sequencing of Z_{n} ends with {last}: the sums before it would repeat"),
        });
    }
    let g = gcd(last, n);
    let (base, base_last) = if g == 1 {
        (crate::solve::emptying_unchecked(n), n - 1)
    } else {
        let mut rng = SplitMix64::new(seed);
        let (terrace, first) = terrace_walk_with(m, g, &mut rng, max_moves)
            .ok_or(RotationError::SearchGaveUp { method: "terrace walk", budget: max_moves })?;
        let rotations = symmetric_sequencing(m, &terrace, first)
            .ok_or(RotationError::SearchGaveUp { method: "terrace walk", budget: max_moves })?;
        (rotations, n - first)
    };
    // base_last = g * e and last = g * l' with e, l' units mod n/g: find a unit u of Z_n with
    // u = l' / e mod n/g (it exists: lift by multiples of n/g until coprime to n).
    let h = n / g;
    let e = base_last / g % h;
    let target = last / g % h;
    let base_unit = target * inverse_mod(e, h).unwrap_or(1);
    let unit = (0..n).map(|t| (base_unit + t * h) % n).find(|&u| u != 0 && gcd(u, n) == 1).unwrap_or(1);
    let rotations: Vec<usize> = base.iter().map(|&k| k * unit % n).collect();
    puzzle.verify(&rotations)?;
    if rotations.last() != Some(&last) {
        return Err(RotationError::SearchGaveUp { method: "terrace walk", budget: max_moves });
    }
    Ok(rotations)
}

/// The inverse of `a` mod `h` (`h >= 1`), if `gcd(a, h) = 1`. Extended Euclid in i128, O(log h).
fn inverse_mod(a: usize, h: usize) -> Option<usize> {
    if h == 1 {
        return Some(0);
    }
    let (mut r0, mut r1) = (h as i128, (a % h) as i128);
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    (r0 == 1).then(|| t0.rem_euclid(h as i128) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::is_sequencing;

    #[test]
    fn zigzag_is_a_terrace_and_small_non_terraces_are_rejected() {
        for m in 1..60 {
            assert!(is_bailey_terrace(m, &zigzag_terrace(m)), "m={m}");
        }
        // 0, 2, 3, 1 in Z_4: the class {2} twice.
        assert!(!is_bailey_terrace(4, &[0, 2, 3, 1]));
        assert!(!is_bailey_terrace(4, &[0, 1, 1, 2]));
        assert!(is_bailey_terrace(4, &[0, 1, 3, 2]));
    }

    #[test]
    fn every_move_keeps_a_terrace() {
        let mut rng = SplitMix64::new(7);
        for m in [5usize, 12, 25, 30] {
            let mut a = zigzag_terrace(m);
            for _ in 0..300 {
                let moves = terrace_moves(&a, m);
                assert!(!moves.is_empty(), "m={m}");
                apply(&mut a, moves[rng.below(moves.len())]);
                assert!(is_bailey_terrace(m, &a), "m={m}: {a:?}");
            }
        }
    }

    #[test]
    fn symmetric_lift_of_every_terrace_is_a_sequencing() {
        // Every Bailey terrace of Z_m starting at 0 for m <= 7 (by brute force over orderings),
        // lifted with each admissible first rotation.
        for m in 2..=7usize {
            let mut rest: Vec<usize> = (1..m).collect();
            let mut lifted = 0;
            permute(&mut rest, 0, &mut |perm| {
                let mut a = vec![0];
                a.extend_from_slice(perm);
                if is_bailey_terrace(m, &a) {
                    for first in [a[1], a[1] + m] {
                        let s = symmetric_sequencing(m, &a, first).expect("lift");
                        assert!(is_sequencing(2 * m, &s), "m={m} a={a:?} s={s:?}");
                        assert_eq!(s[0], first);
                        lifted += 1;
                    }
                }
            });
            assert!(lifted > 0, "m={m}");
        }
    }

    fn permute(items: &mut Vec<usize>, k: usize, visit: &mut dyn FnMut(&[usize])) {
        if k == items.len() {
            visit(items);
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            permute(items, k + 1, visit);
            items.swap(k, i);
        }
    }

    #[test]
    fn inverse_mod_inverts() {
        for h in 1..50usize {
            for a in 0..h {
                match inverse_mod(a, h) {
                    Some(v) => assert_eq!(a * v % h, 1 % h),
                    None => assert_ne!(gcd(a, h), 1),
                }
            }
        }
    }
}
