//! The checks of an octal game's period record, written apart from game-nim's period code
//! (`guy_smith_periodicity`, `minimise_period`) so that a record is found by one and proven by
//! the other. Shared with the test `tests/octal_period_record.rs`.

/// What the proof of one periodicity looked at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodProof {
    /// The theorem's range `n0 <= n < 2 n0 + p + t`: every `g(n + p) = g(n)` there was compared.
    pub range: (usize, usize),
    /// The comparisons made in that range.
    pub comparisons: u64,
    /// For each prime `q` dividing `p`: `(p / q, n)` with `g(n + p / q) != g(n)`, `n >= n0`.
    pub minimality: Vec<(usize, usize)>,
}

/// Why a claimed periodicity is not proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofFailure {
    /// The period is 0.
    ZeroPeriod,
    /// The values end before the theorem's range does.
    TooFewValues { needed: u128, have: usize },
    /// `g(n + p) != g(n)` inside the theorem's range.
    NotPeriodic { at: usize },
    /// `g(n0 - 1 + p) = g(n0 - 1)`: the periodic part starts earlier.
    PreperiodNotExact { preperiod: usize },
    /// `p / q` repeats over a whole period from `n0`, so `p` is not the least period.
    PeriodNotMinimal { divisor: usize },
}

impl std::fmt::Display for ProofFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofFailure::ZeroPeriod => write!(f, "a period must be at least 1"),
            ProofFailure::TooFewValues { needed, have } => {
                write!(f, "the theorem needs the values of {needed} heaps, only {have} are computed")
            }
            ProofFailure::NotPeriodic { at } => write!(f, "g(n + p) != g(n) at n = {at}"),
            ProofFailure::PreperiodNotExact { preperiod } => {
                write!(f, "g(n0 - 1 + p) = g(n0 - 1) for n0 = {preperiod}: the pre-period is smaller")
            }
            ProofFailure::PeriodNotMinimal { divisor } => {
                write!(f, "{divisor} is a period too (it repeats over a whole period from n0)")
            }
        }
    }
}

/// The primes dividing `n`, ascending (trial division; `n` is a period, far below 2^64).
pub fn prime_divisors(mut n: usize) -> Vec<usize> {
    let mut primes = Vec::new();
    let mut q = 2;
    while q * q <= n {
        if n.is_multiple_of(q) {
            primes.push(q);
            while n.is_multiple_of(q) {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}

/// Proves that the Grundy values `values` (heaps `0..values.len()`) of an octal game whose
/// largest take is `max_take` are periodic from exactly `preperiod` with least period `period`.
///
/// * **Periodic from `n0`** (Guy-Smith theorem): `g(n + p) = g(n)` for every
///   `n0 <= n < 2 n0 + p + t` implies it for every `n >= n0`.
/// * **`n0` exact**: `g(n0 - 1 + p) != g(n0 - 1)` (nothing to show when `n0 = 0`). For the
///   least period this is the exact pre-period; for a multiple of it, too (see below).
/// * **`p` least**: the least period `P` divides every eventual period, so if `P < p` then
///   `P` divides `p / q` for some prime `q | p`, and `p / q` is an eventual period. As the
///   values are `p`-periodic from `n0`, an eventual period `d` of them holds from `n0` on
///   (move any `n >= n0` forward by multiples of `p`). So one `n >= n0` with
///   `g(n + p / q) != g(n)` for each prime `q` shows `p` is least.
pub fn prove_periodicity(
    values: &[u32],
    preperiod: usize,
    period: usize,
    max_take: usize,
) -> Result<PeriodProof, ProofFailure> {
    if period == 0 {
        return Err(ProofFailure::ZeroPeriod);
    }
    // Indices up to 2 n0 + 2 p + t - 1 are read: the range's end plus one period.
    let needed = 2 * preperiod as u128 + 2 * period as u128 + max_take as u128;
    if needed > values.len() as u128 {
        return Err(ProofFailure::TooFewValues { needed, have: values.len() });
    }
    let end = 2 * preperiod + period + max_take; // < needed <= len: no overflow
    let mut comparisons = 0u64;
    for n in preperiod..end {
        comparisons += 1;
        if values[n + period] != values[n] {
            return Err(ProofFailure::NotPeriodic { at: n });
        }
    }
    if preperiod > 0 && values[preperiod - 1 + period] == values[preperiod - 1] {
        return Err(ProofFailure::PreperiodNotExact { preperiod });
    }
    let mut minimality = Vec::new();
    for q in prime_divisors(period) {
        let divisor = period / q;
        // n + divisor < n0 + 2p <= needed <= len.
        match (preperiod..preperiod + period).find(|&n| values[n + divisor] != values[n]) {
            Some(n) => minimality.push((divisor, n)),
            None => return Err(ProofFailure::PeriodNotMinimal { divisor }),
        }
    }
    Ok(PeriodProof { range: (preperiod, end), comparisons, minimality })
}

/// The first heap where two tables of values differ, or `None` if they agree on their common
/// length.
pub fn first_difference(left: &[u32], right: &[u32]) -> Option<usize> {
    left.iter().zip(right).position(|(a, b)| a != b)
}
