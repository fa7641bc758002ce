//! Small number-theory helpers and the seeded random generator shared by the solvers and the
//! counters. Internal: not the crate's purpose, so not part of its API.

/// Greatest common divisor (Euclid).
pub(crate) fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Euler's totient. O(sqrt n).
pub(crate) fn euler_phi(n: usize) -> usize {
    let (mut m, mut phi, mut p) = (n, n, 2);
    while p * p <= m {
        if m % p == 0 {
            while m % p == 0 {
                m /= p;
            }
            phi -= phi / p;
        }
        p += 1;
    }
    if m > 1 {
        phi -= phi / m;
    }
    phi
}

/// The units of Z_n: `1 <= u < n` with `gcd(u, n) = 1`. O(n log n).
pub(crate) fn units(n: usize) -> Vec<usize> {
    (1..n).filter(|&u| gcd(u, n) == 1).collect()
}

/// A deterministic pseudo-random generator (SplitMix64): reproducible across platforms and
/// library versions, which a seeded search needs.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-shift (bias below 2^-32 for bound < 2^32).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_phi_agree_with_the_definition() {
        assert_eq!(units(12), vec![1, 5, 7, 11]);
        assert_eq!(euler_phi(12), 4);
        for n in 2..200usize {
            // phi from the definition, with gcd written out by subtraction.
            let by_definition = (1..n)
                .filter(|&u| {
                    let (mut a, mut b) = (u, n);
                    while a != b {
                        if a > b { a -= b } else { b -= a }
                    }
                    a == 1
                })
                .count();
            assert_eq!(euler_phi(n), by_definition, "n={n}");
            assert_eq!(units(n).len(), by_definition, "n={n}");
        }
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut rng = SplitMix64::new(3);
        for bound in 1..50 {
            assert!((0..100).all(|_| rng.below(bound) < bound));
        }
        let mut items: Vec<usize> = (0..100).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }
}
