//! A second, independent counter of sequencings of Z_n: meet in the middle. It shares no search
//! code with the bitmask depth-first counter of `count.rs` (only the number theory of `arith`).
//!
//! A sequencing `k_1..k_{n-1}` has partial sums `S_0 = 0, ..., S_{n-1} = n/2`, all distinct.
//! Cut it after `m = n/2` rotations. The *prefix* `k_1..k_m` uses a set `A` of rotations and
//! visits the set `V = {S_0..S_m}` of slots; the *suffix* `k_{m+1}..k_{n-1}`, read backwards from
//! `n/2` (each step subtracts a rotation), uses `B` and visits `W = {S_m..S_{n-1}}`. The two
//! glue to a sequencing exactly when `B` is the complement of `A` in `1..n-1` and `W` is the
//! complement of `V` plus the meeting slot `S_m`. So the count is the sum, over keys `(A, V)`, of
//! (prefixes with key `(A, V)`) times (suffixes whose complement is `(A, V)`): prefixes go into a
//! hash table, suffixes look their key up.
//!
//! Two reductions keep the table small. (1) Multiplying by a unit of Z_n maps sequencings to
//! sequencings and fixes n/2, so only first rotations `d | n` are counted, each weighted by
//! `phi(n/d)`. (2) The work is split into *parts* by which of a few chosen rotations the prefix
//! uses; a part's prefix search skips the rotations it must not use and its suffix search the
//! others, so the parts together enumerate each half once (plus shared inner nodes). The number
//! of parts is chosen from a first pass that counts the prefix leaves of every part, so that the
//! largest table fits the memory budget; if even the finest split does not, the count is
//! refused with [`RotationError::MemoryBudget`] before any table is allocated.
//!
//! # Every start angle at once
//!
//! [`count_start_angles_meet_in_middle`] counts the solutions of every start angle `a` (R9):
//! orderings whose sums `S_0 = 0, ..., S_{n-2}` are distinct and avoid `a`, so they are all of
//! Z_n but `a` (`S_{n-1} = n/2` is not checked). The same cut works: the prefix walks from 0 as
//! before but may pass `n/2`; the suffix walks backwards from `n/2` without taking `n/2` as
//! visited (it is `S_{n-1}`, not one of the path's sums) and covers `W = {S_m..S_{n-2}}`. A
//! prefix and a suffix glue exactly when their rotations are complementary and `V ∪ W` is all of
//! Z_n but one slot, `V ∩ W = {S_m}`; that slot is the angle. So a suffix looks up one key per
//! candidate angle: the slots neither visited nor 0, each left out in turn (`n/2` lookups).
//! Multiplying by a unit maps angle `a` to `u a`, so the first rotations are again the divisors
//! `d` of n weighted by `phi(n/d)` (here `n/2` too); that weighting is exact only for the total
//! of each class of angles with the same `gcd(a, n)`, so the count of an angle is its class total
//! divided by the class size, a division that must leave no remainder. One meeting counts every
//! angle; it shares no search code with the kernels of `count.rs`, `two_ended.rs` and
//! `angles.rs`, so it checks them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use foldhash::fast::FixedState;
use rayon::prelude::*;
use serde::Serialize;

use crate::arith::{euler_phi, gcd};
use crate::puzzle::check_size;
use crate::{Progress, RotationError};

/// Largest n of [`count_sequencings_meet_in_middle`]. The sets are `u32` masks (n <= 32 would
/// fit), but the work grows about 30-50 times per step of 2, so n = 24 is already a matter of
/// days: larger n is refused rather than left running.
pub const MAX_MEET_N: usize = 24;

/// Bytes per table entry assumed by the memory estimate: a `u64` key and a `u64` count in a
/// hash table kept at most 7/8 full, whose capacity is rounded up to a power of two (so up to
/// twice the entries), plus control bytes: 2 * 16 * 8/7 + 2 < 40.
const BYTES_PER_ENTRY: usize = 40;

/// At most `2^MAX_SPLIT_BITS` parts per first rotation.
const MAX_SPLIT_BITS: usize = 12;

/// Tables are kept to at most this many entries when the split allows (a table that fits in
/// the processor's cache makes the lookups faster, while more parts repeat more inner nodes of
/// the walks; 2^20 measured best of 2^18, 2^20 and no limit at n = 18).
const CACHE_FRIENDLY_ENTRIES: u64 = 1 << 20;

/// What [`count_sequencings_meet_in_middle`] found and used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeetReport {
    /// The number of sequencings of Z_n.
    pub total: u128,
    /// Parts per first rotation (a power of two).
    pub parts: usize,
    /// Entries of the largest prefix table.
    pub largest_table: usize,
    /// The memory estimate for the tables alive at once (one per thread), in bytes.
    pub estimated_bytes: usize,
    /// Prefix and suffix leaves enumerated (all parts, all first rotations).
    pub leaves: u64,
}

/// What [`count_start_angles_meet_in_middle`] found and used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeetAnglesReport {
    /// `by_angle[a]`: the solutions with the disc's blue pin in disc slot `a` (entry `n/2` is the
    /// number of sequencings, entry 0 is 0).
    pub by_angle: Vec<u128>,
    /// Parts per first rotation (a power of two).
    pub parts: usize,
    /// Entries of the largest prefix table.
    pub largest_table: usize,
    /// The memory estimate for the tables alive at once (one per thread), in bytes.
    pub estimated_bytes: usize,
    /// Prefix and suffix leaves enumerated (all parts, all first rotations).
    pub leaves: u64,
}

/// What one meeting counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meeting {
    /// The sequencings: every sum distinct, `S_{n-1} = n/2` included.
    Sequencings,
    /// The solutions of every start angle, credited to the angle (the slot no sum takes).
    AllAngles,
}

/// The result of one meeting: `credit[a]` is the weighted count of the solutions that miss slot
/// `a` (only `n/2` for [`Meeting::Sequencings`]), with the split that was used.
struct Met {
    credit: Vec<u128>,
    parts: usize,
    largest_table: usize,
    estimated_bytes: usize,
    leaves: u64,
}

/// What a walk of [`Half`] may and must do: rotations `allowed`, rotations `required` (all of
/// them by the end), and the number of steps left.
#[derive(Debug, Clone, Copy)]
struct Rules {
    allowed: u32,
    required: u32,
    length: u32,
}

/// One half of the search: walks from a slot, adding each rotation (prefix) or subtracting it
/// (suffix, read backwards), with distinct rotations and slots never visited before, as its
/// [`Rules`] say, and calls `leaf(rotations used, slots visited, end slot)` at every end.
/// Branches that cannot use every required rotation in time are cut.
struct Half {
    n: u32,
    subtract: bool,
}

impl Half {
    #[inline]
    fn step(&self, slot: u32, k: u32) -> u32 {
        if self.subtract { (slot + self.n - k) % self.n } else { (slot + k) % self.n }
    }

    /// Walks on from `slot` with `used` rotations and `visited` slots (see [`Half`]).
    fn walk<F: FnMut(u32, u32, u32)>(&self, slot: u32, used: u32, visited: u32, rules: Rules, leaf: &mut F) {
        let Rules { allowed, required, length } = rules;
        if (required & !used).count_ones() > length {
            return;
        }
        if length == 0 {
            leaf(used, visited, slot);
            return;
        }
        let mut options = allowed & !used;
        while options != 0 {
            let k = options.trailing_zeros();
            options &= options - 1;
            let next = self.step(slot, k);
            if visited & (1 << next) != 0 {
                continue;
            }
            let rules = Rules { allowed, required, length: length - 1 };
            self.walk(next, used | (1 << k), visited | (1 << next), rules, leaf);
        }
    }
}

/// Counts the sequencings of Z_n by meeting in the middle (see the module docs), with prefix
/// tables of at most `memory_budget` bytes in all (one table per thread of rayon's pool).
/// Independent of [`crate::count_sequencings`]: no search code is shared.
///
/// # Errors
/// A bad `n`; [`RotationError::TooLarge`] for n > [`MAX_MEET_N`]; [`RotationError::MemoryBudget`] if the
/// finest split still needs more than `memory_budget`; [`RotationError::Overflow`].
pub fn count_sequencings_meet_in_middle(n: usize, memory_budget: usize) -> Result<MeetReport, RotationError> {
    check_meet_size(n)?;
    if n == 2 {
        return Ok(MeetReport { total: 1, parts: 1, largest_table: 0, estimated_bytes: 0, leaves: 0 });
    }
    let met = meet(n, memory_budget, Meeting::Sequencings, None)?;
    Ok(MeetReport {
        total: met.credit[n / 2],
        parts: met.parts,
        largest_table: met.largest_table,
        estimated_bytes: met.estimated_bytes,
        leaves: met.leaves,
    })
}

/// Counts the solutions of every start angle of the blue pins (R9) by meeting in the middle
/// (see the module docs), with prefix tables of at most `memory_budget` bytes in all. About the
/// work of [`count_sequencings_meet_in_middle`] plus `n/2` lookups per suffix (n = 20: about an
/// hour of CPU). `progress`, if given, is called after each part of the work with the parts
/// done (from any thread; after the first pass, which sizes the parts). Independent of
/// [`crate::count_start_angles`]: no search code is shared.
///
/// ```
/// use game_rotation::count_start_angles_meet_in_middle;
/// // n = 6: angles 1, 3, 5 have 4 solutions each, 2 and 4 two, the seed's angle 3 is the
/// // number of sequencings (4), and angle 0 none.
/// let report = count_start_angles_meet_in_middle(6, 1 << 20, None)?;
/// assert_eq!(report.by_angle, vec![0, 4, 2, 4, 2, 4]);
/// # Ok::<(), game_rotation::RotationError>(())
/// ```
///
/// # Errors
/// As [`count_sequencings_meet_in_middle`]; [`RotationError::Inconsistent`] if a class of
/// angles does not divide evenly (a fault of the count, never of the input).
pub fn count_start_angles_meet_in_middle(
    n: usize,
    memory_budget: usize,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
) -> Result<MeetAnglesReport, RotationError> {
    check_meet_size(n)?;
    if n == 2 {
        // Angle 1 = n/2: the single rotation 1.
        return Ok(MeetAnglesReport {
            by_angle: vec![0, 1],
            parts: 1,
            largest_table: 0,
            estimated_bytes: 0,
            leaves: 0,
        });
    }
    let met = meet(n, memory_budget, Meeting::AllAngles, progress)?;
    // The weights make each class of angles (same gcd with n) exact, not each angle: add the
    // class, then share it out.
    let mut class_total = vec![0u128; n + 1];
    for (a, &c) in met.credit.iter().enumerate().skip(1) {
        let g = gcd(a, n);
        class_total[g] = class_total[g]
            .checked_add(c)
            .ok_or(RotationError::Overflow { what: "adding a class of angles" })?;
    }
    let mut by_angle = vec![0u128; n];
    for (a, count) in by_angle.iter_mut().enumerate().skip(1) {
        let g = gcd(a, n);
        let size = euler_phi(n / g) as u128;
        if !class_total[g].is_multiple_of(size) {
            return Err(RotationError::Inconsistent {
                what: format!(
                    "the angles with gcd {g} with n = {n} add up to {}, not a multiple of {size}",
                    class_total[g]
                ),
            });
        }
        *count = class_total[g] / size;
    }
    Ok(MeetAnglesReport {
        by_angle,
        parts: met.parts,
        largest_table: met.largest_table,
        estimated_bytes: met.estimated_bytes,
        leaves: met.leaves,
    })
}

/// A size both meetings take: even, at least 2, at most [`MAX_MEET_N`].
fn check_meet_size(n: usize) -> Result<(), RotationError> {
    check_size(n)?;
    if n > MAX_MEET_N {
        return Err(RotationError::TooLarge { n, max: MAX_MEET_N });
    }
    Ok(())
}

/// One meeting in the middle for an even `4 <= n <= MAX_MEET_N` (see the module docs), with
/// `progress` called after each part.
fn meet(
    n: usize,
    memory_budget: usize,
    meeting: Meeting,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
) -> Result<Met, RotationError> {
    let nn = n as u32;
    let all_rotations: u32 = ((1u64 << n) - 2) as u32;
    let all_slots: u32 = ((1u64 << n) - 1) as u32;
    let half_n = nn / 2;
    // Prefix: m rotations from slot 0 (for the sequencings never onto n/2, which is S_{n-1}).
    // Suffix: n-1-m rotations backwards from n/2, never onto 0 (S_0).
    let m = (n / 2) as u32;
    let suffix_length = nn - 1 - m;
    let forward = Half { n: nn, subtract: false };
    let backward = Half { n: nn, subtract: true };
    let threads = rayon::current_num_threads().max(1);

    // The rotations that split the work: the largest ones. Part p of `bits` bits: the prefix
    // uses split[i] iff bit i of p is set.
    let split: Vec<u32> = (1..nn).rev().take(MAX_SPLIT_BITS).collect();
    let part_of = |used: u32, bits: usize| -> usize {
        split[..bits].iter().enumerate().map(|(i, &r)| (((used >> r) & 1) as usize) << i).sum()
    };
    // Prefixes start with a divisor d of n, weighted by the phi(n/d) first rotations of its
    // class; for the sequencings not n/2, which would land on n/2.
    let firsts: Vec<(u32, u64)> = (1..nn)
        .filter(|&d| nn.is_multiple_of(d) && (d != half_n || meeting == Meeting::AllAngles))
        .map(|d| (d, euler_phi(n / gcd(d as usize, n)) as u64))
        .collect();
    // The slots a prefix starting with d has visited; for the sequencings n/2 too, to keep off it.
    let kept_off = match meeting {
        Meeting::Sequencings => 1u32 << half_n,
        Meeting::AllAngles => 0,
    };
    let prefix_start = |d: u32| 1 | (1u32 << d) | kept_off;

    // First pass: prefix leaves per part at the finest split, to size the tables.
    let finest_bits = split.len();
    let mut finest = vec![0u64; 1 << finest_bits];
    let mut leaves = 0u64;
    for &(d, _) in &firsts {
        let rules = Rules { allowed: all_rotations, required: 0, length: m - 1 };
        forward.walk(d, 1 << d, prefix_start(d), rules, &mut |used, _, _| {
            finest[part_of(used, finest_bits)] += 1;
            leaves += 1;
        });
    }
    // The coarsest split whose largest part fits: parts of `bits` bits aggregate the finest.
    let per_table_budget = memory_budget / threads;
    let largest_for = |bits: usize| -> u64 {
        let mut coarse = vec![0u64; 1 << bits];
        for (i, &c) in finest.iter().enumerate() {
            coarse[i & ((1 << bits) - 1)] += c;
        }
        coarse.into_iter().max().unwrap_or(0)
    };
    // At least 8 parts per thread (when there are rotations enough), so that the pool is busy.
    let fewest_bits = (8 * threads).next_power_of_two().trailing_zeros() as usize;
    let fewest_bits = (fewest_bits.min(finest_bits)..=finest_bits)
        .find(|&b| largest_for(b) <= CACHE_FRIENDLY_ENTRIES)
        .unwrap_or(finest_bits)
        .max(fewest_bits.min(finest_bits));
    let bits = (fewest_bits..=finest_bits)
        .find(|&b| (largest_for(b) as usize).saturating_mul(BYTES_PER_ENTRY) <= per_table_budget)
        .ok_or_else(|| RotationError::MemoryBudget {
            needed: (largest_for(finest_bits) as usize)
                .saturating_mul(BYTES_PER_ENTRY)
                .saturating_mul(threads),
            budget: memory_budget,
        })?;
    let largest = largest_for(bits) as usize;

    // Second pass: every part is an independent job, with one table for all first rotations
    // (a key holds the weighted number of its prefixes: a suffix that fits a prefix starting
    // with d has no d, so the first rotations never mix up).
    let overflow = || RotationError::Overflow { what: "counting by meeting in the middle" };
    let parts_done = AtomicUsize::new(0);
    // A table key: the rotations used in the low half, the slots visited in the high half.
    let key = |rotations: u32, slots: u32| u64::from(rotations) | u64::from(slots) << 32;
    let results: Vec<Result<(Vec<u128>, u64), RotationError>> = (0..1usize << bits)
        .into_par_iter()
        .map(|part| {
            let chosen: u32 = split[..bits].iter().fold(0, |a, &r| a | (1 << r));
            let inside: u32 = split[..bits]
                .iter()
                .enumerate()
                .filter(|(i, _)| part >> i & 1 == 1)
                .fold(0, |a, (_, &r)| a | (1 << r));
            let outside = chosen & !inside;
            let mut table: HashMap<u64, u64, FixedState> =
                HashMap::with_capacity_and_hasher(largest, FixedState::with_seed(0x5EC0_E11C));
            let mut leaves = 0u64;
            let mut failed = false;
            for &(d, weight) in &firsts {
                if outside & (1 << d) != 0 {
                    continue;
                }
                let rules = Rules { allowed: all_rotations & !outside, required: inside, length: m - 1 };
                forward.walk(d, 1 << d, prefix_start(d), rules, &mut |used, visited, _| {
                    // The walk may have marked n/2 to keep off it; the key has the slots visited.
                    let slots = visited & !kept_off;
                    let entry = table.entry(key(used, slots)).or_insert(0);
                    match entry.checked_add(weight) {
                        Some(sum) => *entry = sum,
                        None => failed = true,
                    }
                    leaves += 1;
                });
            }
            // Suffixes use the rotations the prefix does not: never the part's inside.
            let mut credit = vec![0u128; n];
            let mut add = |slot: u32, c: u64| match credit[slot as usize].checked_add(u128::from(c)) {
                Some(t) => credit[slot as usize] = t,
                None => failed = true,
            };
            let rules = Rules { allowed: all_rotations & !inside, required: outside, length: suffix_length };
            match meeting {
                Meeting::Sequencings => {
                    backward.walk(half_n, 0, 1 | (1 << half_n), rules, &mut |used, visited, end| {
                        leaves += 1;
                        // The prefix this suffix needs: the other rotations; the other slots plus
                        // the meeting slot (the walk counted slot 0 as visited: take it out).
                        let want_slots = (all_slots & !(visited & !1)) | (1 << end);
                        if let Some(&c) = table.get(&key(all_rotations & !used, want_slots)) {
                            add(half_n, c);
                        }
                    });
                }
                Meeting::AllAngles => {
                    // n/2 is S_{n-1}, not a sum of the path: the walk does not mark it.
                    backward.walk(half_n, 0, 1, rules, &mut |used, visited, end| {
                        leaves += 1;
                        // The slots the prefix may have: those the suffix did not visit (0
                        // among them) and the meeting slot; all but one, the angle.
                        let open = (all_slots & !(visited & !1)) | (1 << end);
                        let want_rotations = all_rotations & !used;
                        // Every prefix visits 0 and ends on the meeting slot (the sum of its
                        // rotations, so fixed by the key): neither is ever the angle, and a
                        // lookup for them could not match.
                        let mut angles = open & !1 & !(1 << end);
                        while angles != 0 {
                            let angle = angles.trailing_zeros();
                            angles &= angles - 1;
                            if let Some(&c) = table.get(&key(want_rotations, open & !(1 << angle))) {
                                add(angle, c);
                            }
                        }
                    });
                }
            }
            if failed {
                return Err(overflow());
            }
            let done = parts_done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(report) = progress {
                report(Progress { done, total: 1 << bits });
            }
            Ok((credit, leaves))
        })
        .collect();
    let mut credit = vec![0u128; n];
    for result in results {
        let (part_credit, more) = result?;
        leaves += more;
        for (sum, c) in credit.iter_mut().zip(part_credit) {
            *sum = sum.checked_add(c).ok_or_else(overflow)?;
        }
    }
    Ok(Met {
        credit,
        parts: 1 << bits,
        largest_table: largest,
        estimated_bytes: largest.saturating_mul(BYTES_PER_ENTRY).saturating_mul(threads),
        leaves,
    })
}
