//! Codes whose value sequences agree after a shift: `g_code(n) = g_of(n + shift)` for every heap
//! `n`, claimed only for two codes with proven periods, where it is decided exactly.
//!
//! Shifting a sequence keeps its least period and turns its exact pre-period `p` into
//! `max(p - shift, 0)`. So two proven codes agree after a shift only if their periods are equal
//! and the pre-period of `code` is that of `of` shifted; then the heaps `0..preperiod + period`
//! of `code` decide every heap, and they are compared. A code without a proven period has no
//! bound past which agreement would follow, so nothing is claimed for it.

use std::collections::HashMap;

use serde::Serialize;

use super::classify::{ClassifiedCode, KnownValues};
use super::groups::CodeGroup;

/// The largest shift searched (the lookup tables map codes shifted by up to three heaps).
pub const MAX_SHIFT: u64 = 4;

/// Two codes whose sequences agree after a shift, proven: `g_code(n) = g_of(n + shift)` for
/// every `n >= 0`. Listed between the first codes of groups (and codes in no group), never
/// within a group, with the least such shift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShiftedCodes {
    /// The code whose heap `n` is compared.
    pub code: String,
    /// The code whose heap `n + shift` is compared.
    pub of: String,
    /// The shift, `1..=MAX_SHIFT`.
    pub shift: u64,
}

/// The proven shifted agreements among `codes`, searched between the first codes of `groups`
/// and the codes in no group, for shifts `1..=MAX_SHIFT`, the least shift of each pair, sorted
/// by table order of `code`, then `of`.
pub(crate) fn shifted_codes(codes: &[ClassifiedCode], groups: &[CodeGroup]) -> Vec<ShiftedCodes> {
    const KEY_HEAPS: u64 = 64;
    let grouped_later: std::collections::HashSet<&str> =
        groups.iter().flat_map(|g| g.codes.iter().skip(1).map(String::as_str)).collect();
    let representatives: Vec<usize> = (0..codes.len())
        .filter(|&i| matches!(codes[i].values, KnownValues::Periodic(..)))
        .filter(|&i| !grouped_later.contains(codes[i].code.as_str()))
        .collect();
    let key = |values: &KnownValues, from: u64| -> Vec<u32> {
        (from..from + KEY_HEAPS).map(|n| values.get(n).expect("a periodic code knows every heap")).collect()
    };
    let mut found = Vec::new();
    for shift in 1..=MAX_SHIFT {
        let mut by_shifted: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
        for &j in &representatives {
            by_shifted.entry(key(&codes[j].values, shift)).or_default().push(j);
        }
        for &i in &representatives {
            for &j in by_shifted.get(&key(&codes[i].values, 0)).into_iter().flatten() {
                if i != j && agree_shifted(&codes[i].values, &codes[j].values, shift) {
                    found.push((i, j, shift));
                }
            }
        }
    }
    // The least shift of each pair only (a pair agreeing at shift s may agree at s + period).
    found.sort();
    found.dedup_by_key(|&mut (i, j, _)| (i, j));
    found
        .into_iter()
        .map(|(i, j, shift)| ShiftedCodes { code: codes[i].code.clone(), of: codes[j].code.clone(), shift })
        .collect()
}

/// Whether `a(n) = b(n + shift)` for every `n`, for two sequences with exact pre-periods and
/// least periods (see the module doc); false if either has no proven period.
fn agree_shifted(a: &KnownValues, b: &KnownValues, shift: u64) -> bool {
    let (KnownValues::Periodic(pa, _), KnownValues::Periodic(pb, _)) = (a, b) else {
        return false;
    };
    let shifted_preperiod = (pb.preperiod as u64).saturating_sub(shift);
    if pa.period != pb.period || pa.preperiod as u64 != shifted_preperiod {
        return false;
    }
    (0..(pa.preperiod + pa.period) as u64).all(|n| a.get(n) == b.get(n + shift))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, OctalGame, Periodicity, TableBounds, octal_table};

    fn periodic(preperiod: usize, period: usize, prefix: &[u32]) -> KnownValues {
        KnownValues::Periodic(Periodicity { preperiod, period }, prefix.to_vec())
    }

    #[test]
    fn a_shift_is_decided_from_the_periods_and_one_period() {
        // b: 5 then (1 2 3) repeated; a = b shifted by one: (1 2 3) repeated, pure.
        let b = periodic(1, 3, &[5, 1, 2, 3]);
        let a = periodic(0, 3, &[1, 2, 3]);
        assert!(agree_shifted(&a, &b, 1));
        assert!(!agree_shifted(&a, &b, 2));
        assert!(!agree_shifted(&b, &a, 1));
        // Shifted by 4 (one period more) it agrees too: the pre-period rule holds.
        assert!(agree_shifted(&a, &b, 4));
        // Another period, or a value off in the period: refused.
        assert!(!agree_shifted(&periodic(0, 6, &[1, 2, 3, 1, 2, 3]), &b, 1));
        assert!(!agree_shifted(&periodic(0, 3, &[1, 2, 4]), &b, 1));
    }

    /// Every pair found agrees, shifted, on the first 3000 heaps computed afresh; and a pair the
    /// lookup tables list (0.113 is 0.002 shifted by three heaps) is found.
    #[test]
    fn pairs_found_agree_on_the_values() {
        let games = crate::octal_codes_up_to_three_digits();
        let bounds = TableBounds { trivial_heaps: 1000, heaps: 1 << 12 };
        let table = octal_table(&games, &bounds, &Limits::UNLIMITED, &mut |_, _| {}).unwrap();
        assert!(table.shifted.len() > 10, "{}", table.shifted.len());
        for s in &table.shifted {
            let a: OctalGame = s.code.parse().unwrap();
            let b: OctalGame = s.of.parse().unwrap();
            let (va, vb) =
                (a.grundy_values(3000).unwrap(), b.grundy_values(3000 + s.shift as usize).unwrap());
            assert!((0..=3000).all(|n| va[n] == vb[n + s.shift as usize]), "{s:?}");
        }
        let listed = |code: &str, of: &str| table.shifted.iter().any(|s| s.code == code && s.of == of);
        assert!(listed("0.113", "0.002") || listed("0.002", "0.113"), "{:?}", table.shifted);
    }
}
