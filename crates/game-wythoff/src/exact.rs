//! Exact closed forms for the P-positions of Wythoff's game over the whole `u64` range.
//!
//! Everything reduces to one primitive, [`floor_mul_q`]: `floor(m q)` with
//! `q = (sqrt 5 - 1) / 2 = phi - 1`, computed from a 192-bit fixed-point constant with three
//! 64 x 64 -> 128-bit multiplications. Then `a_n = floor(n phi) = n + floor(n q)` and
//! `b_n = floor(n phi^2) = a_n + n`.
//!
//! Why 192 bits are exact (not just "precise enough"): let `C = floor(q 2^192)`. For
//! `1 <= m < 2^64` the approximation `m C / 2^192` is at most `m q` and misses it by less than
//! `m / 2^192 < 2^-128`. On the other hand `m q` is never close to an integer `k`:
//! `(k - m q)(k + m phi) = k^2 + k m - m^2` is a non-zero integer (q is irrational), so
//! `|k - m q| >= 1 / (k + m phi) >= 1 / (m sqrt 5 + 1) > 2^-67`. The fractional part of `m q`
//! is therefore larger than the error and both floors agree.

use serde::Serialize;

/// `floor(q 2^192)` for `q = (sqrt 5 - 1) / 2`, as little-endian 64-bit limbs.
///
/// Computed as `(isqrt(5 * 2^384) - 2^192) / 2`; the unit test `q_constant_is_exact` recomputes it
/// with num-bigint.
pub const Q_FIXED_192: [u64; 3] = [0x1082_276b_f3a2_7251, 0xf39c_c060_5ced_c834, 0x9e37_79b9_7f4a_7c15];

/// The largest `n` whose P-pair `(a_n, b_n)` fits in `u64`: `b_n = 2^64 - 1` exactly.
pub const MAX_PAIR_INDEX: u64 = 7_046_029_254_386_353_130;

/// The largest `n` whose lower Wythoff number `a_n` fits in `u64` (`a_n = 2^64 - 2`).
pub const MAX_LOWER_INDEX: u64 = 11_400_714_819_323_198_485;

/// `floor(m q)` with `q = (sqrt 5 - 1) / 2 ~ 0.618`, exactly, for every `u64`.
///
/// This is W8's count of large steps (letters 1) among the first `m` letters of the step word F,
/// and by W10 the lower coordinate of the P-position whose upper coordinate is `m`.
/// O(1): three 64-bit multiplications (see the module doc for why this is exact).
///
/// ```
/// use game_wythoff::floor_mul_q;
/// assert_eq!([2, 5, 13, 34].map(floor_mul_q), [1, 3, 8, 21]);
/// assert_eq!(floor_mul_q(u64::MAX), 11_400_714_819_323_198_485);
/// ```
pub fn floor_mul_q(m: u64) -> u64 {
    let m = m as u128;
    let [c0, c1, c2] = Q_FIXED_192.map(u128::from);
    let low_mask = u64::MAX as u128;
    // floor(m * (c2 2^128 + c1 2^64 + c0) / 2^192), limb by limb with the carries.
    let p0 = m * c0;
    let p1 = m * c1;
    let p2 = m * c2;
    let t1 = (p0 >> 64) + (p1 & low_mask);
    let t2 = (p1 >> 64) + (t1 >> 64) + (p2 & low_mask);
    let top = (p2 >> 64) + (t2 >> 64);
    // top <= m q < m, so it fits.
    top as u64
}

/// `floor(m q)` for `m = 2^64` or less: the one value `u64` cannot hold is `2^64` itself,
/// whose product is the top limb of the constant.
fn floor_mul_q_wide(m: u128) -> u128 {
    if m == 1u128 << 64 { Q_FIXED_192[2] as u128 } else { floor_mul_q(m as u64) as u128 }
}

/// The lower Wythoff number `a_n = floor(n phi)` (Y2's `a_n`, W2/W9's `y_n`), exactly.
///
/// `None` if it does not fit in `u64` (`n > MAX_LOWER_INDEX`). O(1).
///
/// ```
/// use game_wythoff::lower;
/// assert_eq!((0..11).map(|n| lower(n).unwrap()).collect::<Vec<_>>(), [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16]);
/// assert_eq!(lower(u64::MAX), None);
/// ```
pub fn lower(n: u64) -> Option<u64> {
    n.checked_add(floor_mul_q(n))
}

/// The upper Wythoff number `b_n = floor(n phi^2) = a_n + n` (Y2's `b_n`, W2/W9's `x_n`), exactly.
///
/// `None` if it does not fit in `u64` (`n > MAX_PAIR_INDEX`). O(1).
///
/// ```
/// use game_wythoff::{upper, MAX_PAIR_INDEX};
/// assert_eq!((1..11).map(|n| upper(n).unwrap()).collect::<Vec<_>>(), [2, 5, 7, 10, 13, 15, 18, 20, 23, 26]);
/// assert_eq!(upper(MAX_PAIR_INDEX), Some(u64::MAX));
/// assert_eq!(upper(MAX_PAIR_INDEX + 1), None);
/// ```
pub fn upper(n: u64) -> Option<u64> {
    lower(n)?.checked_add(n)
}

/// The n-th P-position `(a_n, b_n) = (floor(n phi), floor(n phi^2))`, lower coordinate first.
///
/// `None` when `b_n` does not fit in `u64`, never a wrapped pair. O(1).
///
/// ```
/// use game_wythoff::p_pair;
/// assert_eq!(p_pair(0), Some((0, 0)));
/// assert_eq!(p_pair(2), Some((3, 5)));
/// // F_40 = 102_334_155: the first index where the f64 formula is wrong.
/// assert_eq!(p_pair(102_334_155), Some((165_580_140, 267_914_295)));
/// ```
pub fn p_pair(n: u64) -> Option<(u64, u64)> {
    let a = lower(n)?;
    Some((a, a.checked_add(n)?))
}

/// Which Wythoff sequence a number belongs to, and where (Y3: A and B partition the positive
/// integers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum WythoffNumber {
    /// `z = a_n = floor(n phi)`. Zero is reported as `Lower(0)` (it is both `a_0` and `b_0`).
    Lower(u64),
    /// `z = b_n = floor(n phi^2)` with `n >= 1`.
    Upper(u64),
}

impl WythoffNumber {
    /// The index `n`.
    pub fn index(self) -> u64 {
        match self {
            WythoffNumber::Lower(n) | WythoffNumber::Upper(n) => n,
        }
    }
}

/// Classifies `z` as a lower (`a_n`) or upper (`b_n`) Wythoff number and gives `n`, exactly.
///
/// O(1): two calls of [`floor_mul_q`]. If `z = a_n` then `z q < n < (z + 1) q`, so the only
/// candidate is `n = floor(z q) + 1`; it is checked by recomputing `a_n`. Otherwise `z` is some
/// `b_m` (Y3) and `a_m = floor(z q)` (W10), so `m = z - floor(z q)`.
///
/// ```
/// use game_wythoff::{classify, WythoffNumber::*};
/// assert_eq!(classify(4), Lower(3));
/// assert_eq!(classify(5), Upper(2));
/// assert_eq!(classify(u64::MAX), Upper(game_wythoff::MAX_PAIR_INDEX));
/// ```
pub fn classify(z: u64) -> WythoffNumber {
    if z == 0 {
        return WythoffNumber::Lower(0);
    }
    let zq = floor_mul_q(z);
    // zq < z, so zq + 1 <= z and n is in range; a_n may exceed u64 only if z is not a_n.
    let n = zq + 1;
    if lower(n) == Some(z) { WythoffNumber::Lower(n) } else { WythoffNumber::Upper(z - zq) }
}

/// The other coordinate of the P-position that has `z` as a coordinate (every `z` has exactly
/// one, W1/W2): `b_n` for `z = a_n`, `a_n` for `z = b_n`, 0 for 0.
///
/// `None` only when `z = a_n` and `b_n` does not fit in `u64`. O(1).
///
/// ```
/// use game_wythoff::partner;
/// assert_eq!(partner(3), Some(5));
/// assert_eq!(partner(5), Some(3));
/// assert_eq!(partner(u64::MAX - 1), None);
/// ```
pub fn partner(z: u64) -> Option<u64> {
    match classify(z) {
        WythoffNumber::Lower(n) => z.checked_add(n),
        WythoffNumber::Upper(n) => Some(z - n),
    }
}

/// Whether `(x, y)` is a P-position (a black point, the previous player wins), for any order of
/// the coordinates. Exact for all `u64` pairs, O(1): one call of [`floor_mul_q`].
///
/// With `x <= y` and `d = y - x`, the only P-position on the diagonal `d` is `(a_d, b_d)` (W2),
/// so the test is `x == a_d`.
///
/// ```
/// use game_wythoff::is_p_position;
/// assert!(is_p_position(0, 0) && is_p_position(1, 2) && is_p_position(5, 3));
/// assert!(!is_p_position(0, 7) && !is_p_position(4, 4));
/// assert!(is_p_position(18_446_744_073_709_551_615, 11_400_714_819_323_198_485));
/// ```
#[inline]
pub fn is_p_position(x: u64, y: u64) -> bool {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let d = large - small;
    // small == a_d = d + floor(d q), compared as small - d == floor(d q) so that nothing can
    // overflow even when a_d itself exceeds u64.
    small.checked_sub(d) == Some(floor_mul_q(d))
}

/// All winning moves from `(x, y)`: every option that is a P-position, in increasing order.
/// Empty iff `(x, y)` is a P-position. At most three (one per row, column and diagonal, W1). O(1).
///
/// * Row / column: move the other coordinate to the partner of one coordinate, if that is smaller.
/// * Diagonal: keep `d = |y - x|` and move to `(a_d, b_d)` if `a_d < min(x, y)` (W11: "from x - y
///   = n").
///
/// ```
/// use game_wythoff::winning_moves;
/// assert_eq!(winning_moves(6, 7), vec![(1, 2), (4, 7)]); // diagonal and column
/// assert_eq!(winning_moves(4, 9), vec![(4, 7)]);
/// assert_eq!(winning_moves(3, 5), vec![]);
/// assert_eq!(winning_moves(2, 2), vec![(0, 0), (1, 2), (2, 1)]);
/// ```
pub fn winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
    let mut moves = Vec::with_capacity(3);
    if is_p_position(x, y) {
        return moves;
    }
    // Keep x, move y down to x's partner.
    if let Some(p) = partner(x).filter(|&p| p < y) {
        moves.push((x, p));
    }
    // Keep y, move x down to y's partner.
    if let Some(p) = partner(y).filter(|&p| p < x) {
        moves.push((p, y));
    }
    // Diagonal: same difference d, lower coordinate a_d.
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let d = large - small;
    if let Some(a) = lower(d).filter(|&a| a < small) {
        let t = small - a;
        moves.push((x - t, y - t));
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// The one winning move the proof of Y4 constructs, for a position that is not a P-position
/// (`None` for a P-position). Coordinates in the given order.
///
/// With `s = min(x, y)`, `l = max(x, y)`: (i) `s = b_m`: take `l - a_m` from the larger heap;
/// (ii) `s = a_m`, `l > b_m`: take `l - b_m` from the larger heap; (iii) `s = a_m <= l < b_m`:
/// with `k = l - s`, take `s - a_k` from both. O(1).
///
/// ```
/// use game_wythoff::y4_winning_move;
/// assert_eq!(y4_winning_move(5, 9), Some((5, 3)));   // (i)  5 = b_2
/// assert_eq!(y4_winning_move(3, 9), Some((3, 5)));   // (ii) 3 = a_2, 9 > b_2
/// assert_eq!(y4_winning_move(4, 6), Some((3, 5)));   // (iii) 4 = a_3 <= 6 < b_3, k = 2: to (a_2, b_2)
/// assert_eq!(y4_winning_move(1, 2), None);
/// ```
pub fn y4_winning_move(x: u64, y: u64) -> Option<(u64, u64)> {
    if is_p_position(x, y) {
        return None;
    }
    let swapped = x > y;
    let (s, l) = if swapped { (y, x) } else { (x, y) };
    let (s2, l2) = match classify(s) {
        // (i) s = b_m: the larger heap goes down to a_m < b_m = s <= l.
        WythoffNumber::Upper(m) => (s, s - m),
        WythoffNumber::Lower(m) => {
            // b_m may not fit in u64; then l < b_m and case (iii) applies.
            match s.checked_add(m) {
                // (ii) l > b_m: the larger heap goes down to b_m.
                Some(b) if l > b => (s, b),
                // (iii) a_m <= l < b_m (l == b_m would be a P-position): k = l - s < m,
                // so a_k < a_m = s and the move to (a_k, a_k + k) is legal.
                _ => {
                    let k = l - s;
                    let a_k = k + floor_mul_q(k);
                    (a_k, a_k + k)
                }
            }
        }
    };
    Some(if swapped { (l2, s2) } else { (s2, l2) })
}

/// Laeuchli's test (W11), literally: `z >= 1` is an upper number `x_n = b_n` iff an integer `n`
/// lies strictly between `z / (2 + q)` and `(z + 1) / (2 + q)`; returns that `n`.
///
/// Computed exactly with `floor(m / (2 + q)) = floor(m (1 - q)) = m - floor(m q) - 1` for
/// `m >= 1` (`1 / phi^2 = 1 - q`; `m q` is never an integer). `None` for 0 and lower numbers.
/// Independent of [`classify`] (it never computes a Wythoff number), so each checks the other.
/// O(1).
///
/// ```
/// use game_wythoff::laeuchli_upper_index;
/// assert_eq!(laeuchli_upper_index(13), Some(5));
/// assert_eq!(laeuchli_upper_index(12), None);
/// ```
pub fn laeuchli_upper_index(z: u64) -> Option<u64> {
    if z == 0 {
        return None;
    }
    // floor(m / phi^2) for m = z and m = z + 1 (which may be 2^64).
    let floor_div_phi2 = |m: u128| m - floor_mul_q_wide(m) - 1;
    let below = floor_div_phi2(z as u128);
    let above = floor_div_phi2(z as u128 + 1);
    // The interval has length 1/phi^2 < 1: it holds at most one integer, namely `above`.
    (above > below).then_some(above as u64)
}
