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

use std::collections::HashMap;

use foldhash::fast::FixedState;
use rayon::prelude::*;
use serde::Serialize;

use crate::RotationError;
use crate::arith::{euler_phi, gcd};
use crate::puzzle::check_size;

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
    check_size(n)?;
    if n > MAX_MEET_N {
        return Err(RotationError::TooLarge { n, max: MAX_MEET_N });
    }
    if n == 2 {
        return Ok(MeetReport { total: 1, parts: 1, largest_table: 0, estimated_bytes: 0, leaves: 0 });
    }
    let nn = n as u32;
    let all_rotations: u32 = ((1u64 << n) - 2) as u32;
    let all_slots: u32 = ((1u64 << n) - 1) as u32;
    let half_n = nn / 2;
    // Prefix: m rotations from slot 0, never onto n/2 (S_{n-1}). Suffix: n-1-m rotations
    // backwards from n/2, never onto 0 (S_0).
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
    // Prefixes start with a divisor d of n (not n/2, which would land on n/2), weighted by the
    // phi(n/d) first rotations of its class.
    let firsts: Vec<(u32, u64)> = (1..nn)
        .filter(|&d| nn.is_multiple_of(d) && d != half_n)
        .map(|d| (d, euler_phi(n / gcd(d as usize, n)) as u64))
        .collect();
    let prefix_start = |d: u32| 1 | (1u32 << d) | (1u32 << half_n);

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
    let results: Vec<Result<(u128, u64), RotationError>> = (0..1usize << bits)
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
                    // The walk marked n/2 as visited to keep off it; the key has the slots visited.
                    let slots = visited & !(1 << half_n);
                    let entry = table.entry(u64::from(used) | u64::from(slots) << 32).or_insert(0);
                    match entry.checked_add(weight) {
                        Some(sum) => *entry = sum,
                        None => failed = true,
                    }
                    leaves += 1;
                });
            }
            // Suffixes use the rotations the prefix does not: never the part's inside.
            let mut total = 0u128;
            let rules = Rules { allowed: all_rotations & !inside, required: outside, length: suffix_length };
            backward.walk(half_n, 0, 1 | (1 << half_n), rules, &mut |used, visited, end| {
                leaves += 1;
                // The prefix this suffix needs: the other rotations; the other slots plus the
                // meeting slot (the suffix's walk counted slot 0 as visited: take it out).
                let want_rotations = all_rotations & !used;
                let want_slots = (all_slots & !(visited & !1)) | (1 << end);
                if let Some(&c) = table.get(&(u64::from(want_rotations) | u64::from(want_slots) << 32)) {
                    match total.checked_add(u128::from(c)) {
                        Some(t) => total = t,
                        None => failed = true,
                    }
                }
            });
            if failed {
                return Err(overflow());
            }
            Ok((total, leaves))
        })
        .collect();
    let mut total = 0u128;
    for result in results {
        let (count, more) = result?;
        leaves += more;
        total = total.checked_add(count).ok_or_else(overflow)?;
    }
    Ok(MeetReport {
        total,
        parts: 1 << bits,
        largest_table: largest,
        estimated_bytes: largest.saturating_mul(BYTES_PER_ENTRY).saturating_mul(threads),
        leaves,
    })
}
