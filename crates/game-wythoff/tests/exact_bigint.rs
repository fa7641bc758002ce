//! The closed forms against an independent big-integer computation:
//! `floor(n phi) = (n + isqrt(5 n^2)) / 2` with num-bigint (no fixed-point constant involved).

use game_wythoff::{
    MAX_LOWER_INDEX, MAX_PAIR_INDEX, Q_FIXED_192, WythoffNumber, classify, floor_mul_q, is_p_position,
    laeuchli_upper_index, lower, p_pair, partner, upper, winning_moves, y4_winning_move,
};
use num_bigint::BigUint;
use proptest::prelude::*;

/// floor(n phi) as a big integer, by the textbook isqrt formula.
fn big_lower(n: u128) -> BigUint {
    let n = BigUint::from(n);
    (&n + (BigUint::from(5u32) * &n * &n).sqrt()) >> 1u32
}

/// The pair (a_n, b_n) if it fits in u64, from big integers only.
fn big_pair(n: u64) -> Option<(u64, u64)> {
    let a = big_lower(n as u128);
    let b = &a + BigUint::from(n);
    Some((u64::try_from(&a).ok()?, u64::try_from(&b).ok()?))
}

fn fibonacci() -> Vec<u64> {
    let mut f = vec![0u64, 1];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f // F_0 ..= F_93
}

/// Indices around every Fibonacci number F_40 ..= F_93 (the f64 failure points and beyond).
fn fibonacci_probes() -> Vec<u64> {
    let f = fibonacci();
    let mut probes = Vec::new();
    for &fk in &f[40..] {
        for delta in [-2i64, -1, 0, 1, 2] {
            probes.push(fk.wrapping_add_signed(delta));
        }
    }
    probes
}

#[test]
fn q_constant_is_exact() {
    // floor(q 2^192) = (isqrt(5 * 2^384) - 2^192) / 2.
    let two_192 = BigUint::from(1u32) << 192u32;
    let expected = ((BigUint::from(5u32) << 384u32).sqrt() - &two_192) >> 1u32;
    let limbs =
        Q_FIXED_192.iter().rev().fold(BigUint::from(0u32), |acc, &l| (acc << 64u32) + BigUint::from(l));
    assert_eq!(limbs, expected);
}

#[test]
fn w9_pairs_exact_at_fibonacci_indices_f40_to_f93() {
    for n in fibonacci_probes() {
        assert_eq!(p_pair(n), big_pair(n), "n = {n}");
        let big_a = big_lower(n as u128);
        assert_eq!(lower(n).map(BigUint::from), Some(big_a.clone()).filter(|a| a.bits() <= 64), "n = {n}");
    }
}

#[test]
fn f64_formula_is_wrong_at_f40_but_exact_form_is_right() {
    // Why the integer path exists: the float formula fails at n = F_40 = 102_334_155.
    let n = 102_334_155u64;
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let float_a = (n as f64 * phi).floor() as u64;
    let exact = u64::try_from(&big_lower(n as u128)).unwrap();
    assert_ne!(float_a, exact);
    assert_eq!(lower(n), Some(exact));
}

#[test]
fn top_of_the_u64_range() {
    // The last index whose pair fits, and the first that does not.
    assert_eq!(p_pair(MAX_PAIR_INDEX), big_pair(MAX_PAIR_INDEX));
    assert_eq!(p_pair(MAX_PAIR_INDEX).map(|p| p.1), Some(u64::MAX));
    assert_eq!(big_pair(MAX_PAIR_INDEX + 1), None);
    assert_eq!(p_pair(MAX_PAIR_INDEX + 1), None);
    assert_eq!(upper(MAX_PAIR_INDEX + 1), None);
    // Lower numbers go further.
    assert_eq!(lower(MAX_LOWER_INDEX).map(BigUint::from), Some(big_lower(MAX_LOWER_INDEX as u128)));
    assert!(big_lower(MAX_LOWER_INDEX as u128 + 1).bits() > 64);
    assert_eq!(lower(MAX_LOWER_INDEX + 1), None);
    assert_eq!(lower(u64::MAX), None);
    // floor(m q) = floor(m phi) - m for the largest m.
    for m in [u64::MAX, u64::MAX - 1, u64::MAX / 2, 1 << 63, (1 << 63) - 1] {
        let expected = big_lower(m as u128) - BigUint::from(m);
        assert_eq!(BigUint::from(floor_mul_q(m)), expected, "m = {m}");
    }
    // The largest numbers are classified exactly.
    assert_eq!(classify(u64::MAX), WythoffNumber::Upper(MAX_PAIR_INDEX));
    assert_eq!(classify(u64::MAX - 1), WythoffNumber::Lower(MAX_LOWER_INDEX));
    assert_eq!(partner(u64::MAX - 1), None);
    assert!(is_p_position(u64::MAX, u64::MAX - MAX_PAIR_INDEX));
    assert!(!is_p_position(u64::MAX, u64::MAX - MAX_PAIR_INDEX + 1));
    assert!(!is_p_position(u64::MAX, u64::MAX));
    assert!(!is_p_position(0, u64::MAX));
    // W11 at the edge: z + 1 = 2^64 in Laeuchli's interval.
    assert_eq!(laeuchli_upper_index(u64::MAX), Some(MAX_PAIR_INDEX));
    assert_eq!(laeuchli_upper_index(u64::MAX - 1), None);
    // Y4 case (iii) where b_m does not fit: (a_m, 2^64 - 1) with m = MAX_LOWER_INDEX.
    let top = (u64::MAX - 1, u64::MAX);
    assert_eq!(y4_winning_move(top.0, top.1), Some((1, 2)));
    assert_eq!(winning_moves(top.0, top.1), vec![(1, 2), (u64::MAX - MAX_PAIR_INDEX, u64::MAX)]);
}

/// Classification by big integers: z is a_n with n = ceil(z / phi) if that matches, else b_m.
fn big_classify(z: u64) -> WythoffNumber {
    if z == 0 {
        return WythoffNumber::Lower(0);
    }
    // n = floor(z q) + 1 = floor(z phi) - z + 1 candidate, verified by recomputing a_n.
    let zq = big_lower(z as u128) - BigUint::from(z);
    let n = zq + BigUint::from(1u32);
    let n_u128 = u128::try_from(&n).unwrap();
    if big_lower(n_u128) == BigUint::from(z) {
        return WythoffNumber::Lower(n_u128 as u64);
    }
    // Otherwise z = b_m with m close to z / phi^2 = (3 z - sqrt(5 z^2)) / 2: try the neighbours.
    let z_big = BigUint::from(z);
    let guess = (BigUint::from(3u32) * &z_big - (BigUint::from(5u32) * &z_big * &z_big).sqrt()) >> 1u32;
    let guess = u128::try_from(&guess).unwrap();
    for m in guess.saturating_sub(2)..=guess + 2 {
        if big_lower(m) + BigUint::from(m) == z_big {
            return WythoffNumber::Upper(m as u64);
        }
    }
    panic!("{z} is in neither sequence")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// W9 for random n over the whole range: closed form = big-integer formula, None past the top.
    #[test]
    fn w9_random_pairs_match_bigint(n in any::<u64>()) {
        prop_assert_eq!(p_pair(n), big_pair(n));
        prop_assert_eq!(upper(n), big_pair(n).map(|(_, b)| b));
        prop_assert_eq!(lower(n).map(BigUint::from), Some(big_lower(n as u128)).filter(|a| a.bits() <= 64));
        prop_assert_eq!(BigUint::from(floor_mul_q(n)), big_lower(n as u128) - BigUint::from(n));
    }

    /// Y3 / W11: the inverse gives back the index for random n (lower and upper numbers).
    #[test]
    fn w11_inverse_of_random_pairs(n in 1..=MAX_PAIR_INDEX) {
        let (a, b) = p_pair(n).unwrap();
        prop_assert_eq!(classify(a), WythoffNumber::Lower(n));
        prop_assert_eq!(classify(b), WythoffNumber::Upper(n));
        prop_assert_eq!((classify(a).index(), classify(b).index()), (n, n));
        prop_assert_eq!(laeuchli_upper_index(b), Some(n));
        prop_assert_eq!(laeuchli_upper_index(a), None);
        prop_assert_eq!(partner(a), Some(b));
        prop_assert_eq!(partner(b), Some(a));
        prop_assert!(is_p_position(a, b) && is_p_position(b, a));
        prop_assert!(!is_p_position(a, b - 1) && !is_p_position(a + 1, b));
    }

    /// W11: classify and Laeuchli's test agree with a big-integer classification of random z.
    #[test]
    fn w11_classify_random_z_against_bigint(z in any::<u64>()) {
        let expected = big_classify(z);
        prop_assert_eq!(classify(z), expected);
        let upper_index = match expected { WythoffNumber::Upper(m) => Some(m), WythoffNumber::Lower(_) => None };
        prop_assert_eq!(laeuchli_upper_index(z), upper_index);
    }
}
