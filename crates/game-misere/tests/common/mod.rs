//! Octal games as `game_core::Game`s on sorted lists of heaps, written here
//! from the rules (independently of the crate's own `OctalCode`), for explicit-graph checks.

use game_core::Game;

/// An octal game: `digits[k]` for taking `k` counters (bit 1: take the whole heap, bit 2:
/// leave one heap, bit 4: leave two heaps).
pub struct OctalRules {
    digits: Vec<u8>,
}

impl OctalRules {
    /// From a code `0.d1d2...` (no checks: the tests pass valid codes).
    pub fn new(code: &str) -> Self {
        let after = code.split('.').nth(1).expect("a point");
        let mut digits = vec![0];
        digits.extend(after.bytes().map(|b| b - b'0'));
        Self { digits }
    }
}

impl Game for OctalRules {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let others: Vec<u64> =
                heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for (k, &d) in self.digits.iter().enumerate() {
                let k = k as u64;
                if k == 0 || k > h {
                    continue;
                }
                let mut leaves: Vec<Vec<u64>> = Vec::new();
                if d & 1 == 1 && h == k {
                    leaves.push(vec![]);
                }
                if d & 2 == 2 && h > k {
                    leaves.push(vec![h - k]);
                }
                if d & 4 == 4 && h >= k + 2 {
                    for a in 1..=(h - k) / 2 {
                        leaves.push(vec![a, h - k - a]);
                    }
                }
                for leave in leaves {
                    let mut next = others.clone();
                    next.extend(leave);
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
