//! The checks of the octal period records (`examples/octal_period_record/check.rs`, run by
//! `cargo xtask records --octal CODE`) on small games with known periods, and on claims that are
//! wrong on purpose: each wrong claim must be refused with its counterexample.

#[path = "../examples/octal_period_record/check.rs"]
mod check;

use check::{PeriodProof, ProofFailure, first_difference, prime_divisors, prove_periodicity};
use game_nim::OctalGame;

/// Kayles (0.77): pre-period 71, period 12 (Guy and Smith 1956; Winning Ways ch. 4). The values
/// come from the plain definition, not from the kernel the records use.
fn kayles(heaps: usize) -> Vec<u32> {
    "0.77".parse::<OctalGame>().unwrap().grundy_values_plain(heaps - 1).unwrap()
}

#[test]
fn kayles_period_is_proven_with_its_witnesses() {
    // The theorem reads 2 * 71 + 2 * 12 + 2 = 168 heaps.
    let values = kayles(168);
    let proof = prove_periodicity(&values, 71, 12, 2).unwrap();
    assert_eq!(
        proof,
        PeriodProof {
            range: (71, 2 * 71 + 12 + 2),
            comparisons: (71 + 12 + 2) as u64,
            minimality: proof.minimality.clone(),
        }
    );
    // 12 = 2^2 * 3: 6 and 4 must each fail somewhere from 71 on.
    let divisors: Vec<usize> = proof.minimality.iter().map(|&(d, _)| d).collect();
    assert_eq!(divisors, [6, 4]);
    for &(d, n) in &proof.minimality {
        assert!(n >= 71 && values[n + d] != values[n], "witness {d} at {n}");
    }
}

#[test]
fn wrong_claims_are_refused() {
    let values = kayles(168);
    // One heap short of the theorem's range.
    assert_eq!(
        prove_periodicity(&values[..167], 71, 12, 2),
        Err(ProofFailure::TooFewValues { needed: 168, have: 167 })
    );
    // A pre-period too small: g(70 + 12) != g(70), the last exception of Kayles.
    assert_eq!(prove_periodicity(&values, 70, 12, 2), Err(ProofFailure::NotPeriodic { at: 70 }));
    // A pre-period too large: g(71 + 12) = g(71) shows the period starts earlier.
    let more = kayles(2 * 72 + 2 * 12 + 2);
    assert_eq!(prove_periodicity(&more, 72, 12, 2), Err(ProofFailure::PreperiodNotExact { preperiod: 72 }));
    // A multiple of the period is a period but not the least: 24 / 2 = 12 repeats.
    let longer = kayles(2 * 71 + 2 * 24 + 2);
    assert_eq!(prove_periodicity(&longer, 71, 24, 2), Err(ProofFailure::PeriodNotMinimal { divisor: 12 }));
    // A wrong period.
    assert!(matches!(prove_periodicity(&values, 71, 11, 2), Err(ProofFailure::NotPeriodic { .. })));
    assert_eq!(prove_periodicity(&values, 71, 0, 2), Err(ProofFailure::ZeroPeriod));
}

#[test]
fn a_changed_value_breaks_the_proof() {
    let mut values = kayles(168);
    // Inside the theorem's range: found where the changed value is compared first.
    values[150] ^= 1;
    assert_eq!(prove_periodicity(&values, 71, 12, 2), Err(ProofFailure::NotPeriodic { at: 138 }));
    assert_eq!(first_difference(&values, &kayles(168)), Some(150));
    assert_eq!(first_difference(&kayles(100), &kayles(168)), None);
}

#[test]
fn prime_divisors_of_periods() {
    assert_eq!(prime_divisors(1), Vec::<usize>::new());
    assert_eq!(prime_divisors(4), [2]);
    assert_eq!(prime_divisors(144), [2, 3]);
    assert_eq!(prime_divisors(149_459), [149_459]);
    // The period of 0.1777 published by Flammenkamp.
    assert_eq!(prime_divisors(60_620_715), factor_by_hand(60_620_715));
    assert_eq!(prime_divisors(3 * 3 * 7 * 101), [3, 7, 101]);
}

/// The prime factors of `n` by repeated division, written apart from `prime_divisors`.
fn factor_by_hand(mut n: usize) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let mut p = 2;
    while n > 1 {
        if n.is_multiple_of(p) {
            if out.last() != Some(&p) {
                out.push(p);
            }
            n /= p;
        } else {
            p += 1;
        }
    }
    out
}
