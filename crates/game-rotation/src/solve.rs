//! Solvers: filling (R4), emptying (R5), backtracking search (R3), the permuting local search
//! (R6) and the enumeration of all solutions (R3). Every solver returns a solution re-checked by
//! the state machine ([`Puzzle::verify`]).

use crate::puzzle::check_size;
use crate::{Puzzle, RotationError, sequencing_ending_with};

/// Partial sums `S_0 = 0, S_1 = k_1, ..., S_m` of `rotations`, mod `n`: `S_i` is the disc slot
/// under the top after `i` moves. O(m).
pub fn partial_sums(n: usize, rotations: &[usize]) -> Vec<usize> {
    let mut sums = Vec::with_capacity(rotations.len() + 1);
    let mut s = 0;
    sums.push(0);
    for &k in rotations {
        s = (s + k % n) % n;
        sums.push(s);
    }
    sums
}

/// True iff `rotations` is a sequencing of Z_n: a permutation of `1..n` whose partial sums
/// `S_0..S_{n-1}` are pairwise distinct mod n. By R1 these are exactly the solutions of the
/// standard puzzle. O(n). This test is independent of the state machine.
pub fn is_sequencing(n: usize, rotations: &[usize]) -> bool {
    if n == 0 || rotations.len() + 1 != n {
        return false;
    }
    let mut seen_k = vec![false; n];
    for &k in rotations {
        if k == 0 || k >= n || seen_k[k] {
            return false;
        }
        seen_k[k] = true;
    }
    let mut seen_sum = vec![false; n];
    partial_sums(n, rotations).into_iter().all(|s| !std::mem::replace(&mut seen_sum[s], true))
}

/// The disc slot that must hold the white pin for `rotations` to win with it (R8): the slot
/// emptied by the last move, `S_{n-2} = n/2 - k_{n-1} mod n`. `None` for an empty sequence.
pub fn white_slot_of(n: usize, rotations: &[usize]) -> Option<usize> {
    let sums = partial_sums(n, rotations);
    (sums.len() >= 2).then(|| sums[sums.len() - 2])
}

/// True iff `n` is a power of two (1, 2, 4, 8, ...).
pub fn is_power_of_two(n: usize) -> bool {
    n.is_power_of_two()
}

/// "Filling" (R4): rotate by 1, 2, ..., n-1. A solution iff n is a power of two: the partial sums
/// are the triangular numbers y(y+1)/2, distinct mod 2^k. Its white-pin slot is n/2 + 1. O(n).
///
/// # Errors
/// [`RotationError::TooSmall`] / [`RotationError::OddSize`] for a bad `n`;
/// [`RotationError::NotPowerOfTwo`] if `n` is not a power of two.
pub fn filling(n: usize) -> Result<Vec<usize>, RotationError> {
    let puzzle = Puzzle::new(n)?;
    if !is_power_of_two(n) {
        return Err(RotationError::NotPowerOfTwo { n });
    }
    let rotations: Vec<usize> = (1..n).collect();
    puzzle.verify(&rotations)?;
    Ok(rotations)
}

/// "Emptying" (R5), Gordon's sequencing: `k_i = i` for odd `i`, `k_i = n - i` for even `i`
/// (i = 1..n-1), e.g. n = 12: 1 10 3 8 5 6 7 4 9 2 11. A solution for every even n; its
/// white-pin slot is `g(n-2) = n/2 + 1`. O(n).
///
/// # Errors
/// [`RotationError::TooSmall`] / [`RotationError::OddSize`] for a bad `n`.
pub fn emptying(n: usize) -> Result<Vec<usize>, RotationError> {
    let puzzle = Puzzle::new(n)?;
    let rotations = emptying_unchecked(n);
    puzzle.verify(&rotations)?;
    Ok(rotations)
}

/// Gordon's sequence without the state-machine check, for even `n >= 2`. O(n).
pub(crate) fn emptying_unchecked(n: usize) -> Vec<usize> {
    (1..n).map(|i| if i % 2 == 1 { i } else { n - i }).collect()
}

/// The closed form `g(y)` of emptying (R5): the disc slot under the top after `y` moves,
/// `g(y) = (y+1)/2` for odd `y`, `n - y/2` for even `y` (and `g(0) = 0`). For n = 12,
/// `g(1..=11)` = 1 11 2 10 3 9 4 8 5 7 6. O(1).
///
/// # Errors
/// A bad `n`; [`RotationError::SlotOutOfRange`] if `y >= n`.
pub fn emptying_position(n: usize, y: usize) -> Result<usize, RotationError> {
    check_size(n)?;
    if y >= n {
        return Err(RotationError::SlotOutOfRange { slot: y, n });
    }
    Ok(if y == 0 {
        0
    } else if y % 2 == 1 {
        y.div_ceil(2)
    } else {
        n - y / 2
    })
}

/// The inverse `g^{-1}(x)` of [`emptying_position`]: the move after which disc slot `x` is under
/// the top, `2x - 1` for `1 <= x <= n/2`, `2(n - x)` for `x > n/2`, and 0 for `x = 0`. O(1).
///
/// # Errors
/// A bad `n`; [`RotationError::SlotOutOfRange`] if `x >= n`.
pub fn emptying_step(n: usize, x: usize) -> Result<usize, RotationError> {
    check_size(n)?;
    if x >= n {
        return Err(RotationError::SlotOutOfRange { slot: x, n });
    }
    Ok(if x == 0 {
        0
    } else if x <= n / 2 {
        2 * x - 1
    } else {
        2 * (n - x)
    })
}

/// Checks emptying on the state machine for every even `n` in `range` (for the verify crate).
/// O(sum of n).
///
/// # Errors
/// The first failure, if any.
pub fn check_emptying_range(range: std::ops::RangeInclusive<usize>) -> Result<usize, RotationError> {
    let mut checked = 0;
    for n in range.filter(|n| n % 2 == 0 && *n >= 2) {
        emptying(n)?;
        checked += 1;
    }
    Ok(checked)
}

/// The rotation that must come last when the white pin is in `white` (R8), or an explanation of
/// why the variant has no solution. `S_{n-1} = n(n-1)/2 = n/2 mod n` for every even n, so the
/// last rotation is `n/2 - white mod n`.
fn forced_last(puzzle: &Puzzle) -> Result<Option<usize>, RotationError> {
    let n = puzzle.n();
    if puzzle.blue_slot() == 0 {
        return Err(RotationError::NoSolution {
            reason: "the blue pin starts under the top, so no pin can be moved".into(),
        });
    }
    let Some(white) = puzzle.white_slot() else { return Ok(None) };
    let last = (n / 2 + n - white) % n;
    if last == 0 {
        return Err(RotationError::NoSolution {
            reason: format!(
                "the last move always ends at disc slot n/2 = {}, so the white pin cannot stand there",
                n / 2
            ),
        });
    }
    if white == 0 && n > 2 {
        return Err(RotationError::NoSolution {
            reason: "the white pin in disc slot 0 is under the top at the start".into(),
        });
    }
    Ok(Some(last))
}

/// A deterministic pseudo-random generator (SplitMix64): reproducible across platforms and
/// library versions, which a seeded search needs.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-shift (bias below 2^-32 for bound < 2^32).
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Depth-first search state shared by [`find_solution`] and the enumeration.
struct Dfs {
    n: usize,
    used_k: Vec<bool>,
    used_sum: Vec<bool>,
    seq: Vec<usize>,
    nodes: u64,
    budget: u64,
    /// The sum the last constrained rotation must reach (the white pin's slot), reserved so
    /// that no earlier move lands there: without it a search wanders onto the white pin's slot
    /// early and learns only at the end that the sequence cannot finish.
    final_sum: Option<usize>,
}

impl Dfs {
    fn new(puzzle: &Puzzle, last: Option<usize>) -> Self {
        let n = puzzle.n();
        let mut used_k = vec![false; n];
        used_k[0] = true;
        if let Some(l) = last {
            used_k[l] = true;
        }
        let mut used_sum = vec![false; n];
        used_sum[0] = true;
        used_sum[puzzle.blue_slot()] = true;
        Dfs { n, used_k, used_sum, seq: Vec::with_capacity(n), nodes: 0, budget: 0, final_sum: None }
    }

    /// Reserves the white pin's slot for the last constrained move (see `final_sum`).
    fn reserve_final_sum(&mut self, puzzle: &Puzzle) {
        if let Some(white) = puzzle.white_slot() {
            self.used_sum[white] = true;
            self.final_sum = Some(white);
        }
    }

    /// Candidates at sum `s` in random order. (Measured: Warnsdorff's rule, forward checking and
    /// a Gordon-like "nearest slot first" order all did worse than plain random order with
    /// restarts.) O(n).
    fn candidates(&self, s: usize, remaining: usize, rng: &mut SplitMix64) -> Vec<usize> {
        let n = self.n;
        if let (1, Some(target)) = (remaining, self.final_sum) {
            let k = (target + n - s) % n;
            return if k != 0 && !self.used_k[k] { vec![k] } else { Vec::new() };
        }
        let mut ks: Vec<usize> = (1..n).filter(|&k| !self.used_k[k] && !self.used_sum[(s + k) % n]).collect();
        rng.shuffle(&mut ks);
        ks
    }

    /// Places `remaining` more constrained rotations; true when done. Gives up (false) when the
    /// node budget is used.
    fn search(&mut self, s: usize, remaining: usize, rng: &mut SplitMix64) -> bool {
        if remaining == 0 {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        for k in self.candidates(s, remaining, rng) {
            let s2 = (s + k) % self.n;
            self.used_k[k] = true;
            self.used_sum[s2] = true;
            self.seq.push(k);
            if self.search(s2, remaining - 1, rng) {
                return true;
            }
            self.seq.pop();
            self.used_k[k] = false;
            self.used_sum[s2] = false;
            if self.nodes > self.budget {
                return false;
            }
        }
        false
    }
}

/// Appends the last rotation (forced by the white pin, or the one unused) to a full prefix.
fn complete(n: usize, mut seq: Vec<usize>, last: Option<usize>) -> Vec<usize> {
    let last = last.unwrap_or_else(|| {
        let mut used = vec![false; n];
        seq.iter().for_each(|&k| used[k] = true);
        (1..n).find(|&k| !used[k]).unwrap_or(0)
    });
    seq.push(last);
    seq
}

/// A solution built in O(n) without search, when one of the seed's constructions applies:
/// the standard puzzle (emptying, R5), or a white pin in slot `w` with `l = n/2 - w` a unit of
/// Z_n: emptying multiplied by the unit `-l` ends with rotation `l`, so it empties slot `w` last
/// (multiplying by a unit maps solutions to solutions and fixes n/2). `None` otherwise (other
/// white slots, other start angles).
///
/// # Errors
/// Only if the state machine rejects the construction (which the tests rule out).
pub fn construct_solution(puzzle: &Puzzle) -> Result<Option<Vec<usize>>, RotationError> {
    let n = puzzle.n();
    if puzzle.blue_slot() != n / 2 {
        return Ok(None);
    }
    let base = emptying_unchecked(n);
    let rotations = match puzzle.white_slot() {
        None => base,
        Some(w) => {
            let last = (n / 2 + n - w) % n;
            if last == 0 || gcd(last, n) != 1 {
                return Ok(None);
            }
            let unit = n - last;
            base.iter().map(|&k| k * unit % n).collect()
        }
    };
    puzzle.verify(&rotations)?;
    Ok(Some(rotations))
}

/// One solution by the fastest applicable method: [`construct_solution`], else (a white pin or
/// another start angle, n > 12) [`sequencing_ending_with`], else [`find_solution`] with `max_nodes`, else (if that gave up) [`permuting`] with `max_nodes`
/// steps. Deterministic for a given `seed`.
///
/// # Errors
/// [`RotationError::NoSolution`] if proved impossible; [`RotationError::SearchGaveUp`] if both
/// searches gave up.
pub fn solve(puzzle: &Puzzle, seed: u64, max_nodes: u64) -> Result<Vec<usize>, RotationError> {
    if let Some(solution) = construct_solution(puzzle)? {
        return Ok(solution);
    }
    if let Some(solution) = solve_by_terrace(puzzle, seed, max_nodes)? {
        return Ok(solution);
    }
    // find_solution without its terrace step, which was just tried with the same seed.
    match backtrack(puzzle, seed, max_nodes) {
        Err(RotationError::SearchGaveUp { .. }) => match permuting(puzzle, seed, max_nodes) {
            // Name both searches: the caller asked for any method, not for permuting.
            Err(RotationError::SearchGaveUp { budget, .. }) => Err(RotationError::SearchGaveUp {
                method: "no construction applies, and backtracking search and permuting each",
                budget,
            }),
            other => other,
        },
        other => other,
    }
}

/// A solution from [`sequencing_ending_with`] (at most `max_moves` moves of its terrace walk),
/// for two variants. `None` for the others, for n <= 12 (searched exhaustively instead, which
/// also proves the variants without solution) and when the walk gave up.
///
/// * A white pin, blue pin at n/2: the sequencing that ends with the forced last rotation.
/// * No white pin, blue pin in slot `b` (another start angle, R9): if `k_1, ..., k_{n-1}` is a
///   sequencing, then `k_2, ..., k_{n-1}, k_1` empties the disc slots `S_i - k_1`, which are
///   distinct and miss exactly `-k_1`. So a sequencing starting with `n - b` (the reverse of one
///   ending with it) solves the puzzle with the blue pin in slot `b`.
fn solve_by_terrace(puzzle: &Puzzle, seed: u64, max_moves: u64) -> Result<Option<Vec<usize>>, RotationError> {
    let n = puzzle.n();
    let blue = puzzle.blue_slot();
    let forced = forced_last(puzzle)?;
    if n <= 12 {
        return Ok(None);
    }
    let max_moves = max_moves.min(MAX_WALK_MOVES);
    let solution = match (forced, blue == n / 2) {
        (Some(last), true) => sequencing_ending_with(n, last, seed, max_moves),
        (None, false) => sequencing_ending_with(n, n - blue, seed, max_moves).map(|mut s| {
            s.reverse();
            s.rotate_left(1);
            s
        }),
        _ => return Ok(None),
    };
    match solution {
        Ok(solution) => {
            puzzle.verify(&solution)?;
            Ok(Some(solution))
        }
        Err(RotationError::SearchGaveUp { .. }) => Ok(None),
        Err(other) => Err(other),
    }
}

/// At most this many moves of the terrace walk per puzzle: every class is found within a few
/// hundred moves where it is found at all (measured up to n = 400), and each move costs O(n^2).
const MAX_WALK_MOVES: u64 = 20_000;

/// Greatest common divisor (Euclid).
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Finds one solution by backtracking (R3), for any puzzle (white pin, start angle).
///
/// For n <= 40: randomised depth-first search with restarts, each attempt with a node budget
/// that doubles (from 4n) until `max_nodes` in total; small puzzles (n <= 12) are searched
/// exhaustively, so a variant without solution is reported as [`RotationError::NoSolution`].
/// For larger n with a white pin or another start angle (not both), first a sequencing from
/// [`sequencing_ending_with`] (a random walk over Bailey terraces of Z_{n/2}, each move counted
/// as a node, at most 20 000; see `solve_by_terrace` and the `terrace` module in the source).
/// If that gives up, and for the standard puzzle, a search of the tail of a multiple of
/// emptying (see `tail_search`); for both variants at once, the depth-first search above.
/// Deterministic for a given `seed`; the white pin's slot is reserved for the last constrained
/// step.
///
/// Measured (release, seed 1): every white slot of every even n from 14 to 200 is solved, the
/// slowest slot in 0.12 s (n = 116), under 20 ms a slot at n = 200 (example `search_all_white`);
/// every start angle `a != 0` of every even n from 4 to 200, the slowest in 0.18 s (n = 116),
/// 31 ms at n = 200 (example `start_angles`). The backtracking alone, before the terrace walk,
/// gave up at n = 100 on 13 of 99 white slots and at n = 200 on most slots whose `n/2 - w` is
/// not a unit: by reversal a prescribed last rotation is as hard as a search from scratch,
/// which grows about tenfold per 20 slots.
///
/// # Errors
/// [`RotationError::NoSolution`] when proved impossible; [`RotationError::SearchGaveUp`] when
/// `max_nodes` nodes did not suffice.
pub fn find_solution(puzzle: &Puzzle, seed: u64, max_nodes: u64) -> Result<Vec<usize>, RotationError> {
    if puzzle.n() > TAIL_SEARCH_FROM
        && let Some(solution) = solve_by_terrace(puzzle, seed, max_nodes)?
    {
        return Ok(solution);
    }
    backtrack(puzzle, seed, max_nodes)
}

/// [`find_solution`] without the terrace step: the tail search for the seed's blue slot beyond
/// n = 40, else depth-first search with restarts.
fn backtrack(puzzle: &Puzzle, seed: u64, max_nodes: u64) -> Result<Vec<usize>, RotationError> {
    let n = puzzle.n();
    let last = forced_last(puzzle)?;
    let mut rng = SplitMix64::new(seed);
    if n > TAIL_SEARCH_FROM && puzzle.blue_slot() == n / 2 {
        return tail_search(puzzle, last, &mut rng, max_nodes);
    }
    let exhaustive = n <= 12;
    let mut budget = if exhaustive { max_nodes } else { 4 * n as u64 };
    let mut spent = 0u64;
    while spent < max_nodes {
        let mut dfs = Dfs::new(puzzle, last);
        dfs.reserve_final_sum(puzzle);
        dfs.budget = budget.min(max_nodes - spent);
        let found = dfs.search(0, n - 2, &mut rng);
        spent += dfs.nodes.min(dfs.budget);
        if found {
            let solution = complete(n, dfs.seq, last);
            puzzle.verify(&solution)?;
            return Ok(solution);
        }
        if dfs.nodes <= dfs.budget {
            // The whole tree was searched without success.
            return Err(RotationError::NoSolution { reason: format!("exhaustive search of {puzzle:?}") });
        }
        budget = budget.saturating_mul(2);
    }
    Err(RotationError::SearchGaveUp { method: "backtracking search", budget: max_nodes })
}

/// From this size on, [`find_solution`] builds white-pin solutions from terraces and otherwise
/// searches the tail of a constructed sequencing for the seed's blue slot (plain restarts from
/// scratch rarely succeed beyond n = 80).
const TAIL_SEARCH_FROM: usize = 40;

/// Backtracking on the tail of a known solution: a unit multiple of emptying (R5) keeps its
/// first rotations, and the rest is searched by randomised depth-first search with a node budget
/// of 16n per attempt. The prefix of a solution leaves rotations and slots that fit together (the
/// old tail is one completion), which a random prefix almost never does for large n.
///
/// With a white pin in slot `w` the last rotation `l = n/2 - w` is forced and the step before
/// must reach `w`. Multiplying by a unit `u` maps solutions to solutions, so among all multiples
/// the one is kept where both `l` and `w` come latest; only the tail after them (plus a random
/// slack that grows with failed attempts) is searched. Tails are short when `gcd(l, n)` is small
/// and about n/2 long when it is large (`gcd = n/4`, for example), which is where the search slows.
fn tail_search(
    puzzle: &Puzzle,
    last: Option<usize>,
    rng: &mut SplitMix64,
    max_nodes: u64,
) -> Result<Vec<usize>, RotationError> {
    let n = puzzle.n();
    let emptying = emptying_unchecked(n);
    // Where each rotation stands in emptying, and after how many rotations each slot is reached.
    let mut index_of_rotation = vec![0usize; n];
    let mut index_of_slot = vec![0usize; n];
    let mut slot = 0;
    for (i, &k) in emptying.iter().enumerate() {
        index_of_rotation[k] = i;
        slot = (slot + k) % n;
        index_of_slot[slot] = i;
    }
    // For each unit u the base is emptying times u; the prefix kept must stop before the forced
    // last rotation `l` and before the step that reaches the white pin's slot `w`, because both
    // must come last. Keep the units that leave the longest prefix.
    let mut scored: Vec<(usize, usize)> = Vec::new();
    for u in (1..n).filter(|&u| gcd(u, n) == 1) {
        let inverse = (1..n).find(|&v| u * v % n == 1).unwrap_or(1);
        let cut = match (last, puzzle.white_slot()) {
            (Some(l), Some(w)) => index_of_rotation[l * inverse % n].min(index_of_slot[w * inverse % n]),
            _ => n - 2,
        };
        scored.push((cut, u));
    }
    scored.sort_unstable_by(|a, b| b.cmp(a));
    let best = scored.first().map_or(0, |&(cut, _)| cut);
    let multipliers: Vec<(usize, usize)> =
        scored.into_iter().take_while(|&(cut, _)| cut + 8 >= best).collect();
    let mut spent = 0u64;
    let mut slack = 4usize;
    let mut attempts = 0u64;
    while spent < max_nodes {
        attempts += 1;
        if attempts.is_multiple_of(16) {
            slack = (slack + 2).min(n);
        }
        let (latest_cut, unit) = multipliers[rng.below(multipliers.len())];
        let cut = latest_cut.saturating_sub(rng.below(slack + 1));
        let mut dfs = Dfs::new(puzzle, last);
        dfs.reserve_final_sum(puzzle);
        let mut sum = 0;
        for &k in &emptying[..cut] {
            let k = k * unit % n;
            sum = (sum + k) % n;
            dfs.used_k[k] = true;
            dfs.used_sum[sum] = true;
            dfs.seq.push(k);
        }
        dfs.budget = (16 * n as u64).min(max_nodes - spent);
        let found = dfs.search(sum, n - 2 - cut, rng);
        spent += dfs.nodes.min(dfs.budget);
        if found {
            let solution = complete(n, dfs.seq, last);
            puzzle.verify(&solution)?;
            return Ok(solution);
        }
    }
    Err(RotationError::SearchGaveUp { method: "backtracking search", budget: max_nodes })
}

/// Local-search state of [`permuting`]: the sequence of disc slots under the top
/// `b_0 = 0, b_1, ..., b_{n-1} = n/2`, whose differences are the rotations.
struct SlotOrder {
    n: usize,
    slots: Vec<usize>,
    /// `count[v]`: how many differences `b_i - b_{i-1}` equal `v`.
    count: Vec<usize>,
    /// Sum over v of the surplus `count[v] - 1` (v != 0) and of `count[0]`: 0 iff a solution.
    cost: usize,
}

impl SlotOrder {
    fn diff(&self, i: usize) -> usize {
        (self.slots[i] + self.n - self.slots[i - 1]) % self.n
    }

    fn remove(&mut self, v: usize) {
        if v == 0 || self.count[v] > 1 {
            self.cost -= 1;
        }
        self.count[v] -= 1;
    }

    fn add(&mut self, v: usize) {
        if v == 0 || self.count[v] >= 1 {
            self.cost += 1;
        }
        self.count[v] += 1;
    }

    /// Swaps `b_i` and `b_j` (i < j), updating the cost in O(1): only the differences at
    /// `i, i+1, j, j+1` change.
    fn swap(&mut self, i: usize, j: usize) {
        let mut touched = [i, i + 1, j, j + 1];
        let len = if j == i + 1 {
            touched[2] = j + 1;
            3
        } else {
            4
        };
        for &p in &touched[..len] {
            let v = self.diff(p);
            self.remove(v);
        }
        self.slots.swap(i, j);
        for &p in &touched[..len] {
            let v = self.diff(p);
            self.add(v);
        }
    }
}

/// The "permuting" method (R6): start from a random arrangement and keep rearranging it towards
/// fewer collisions until none is left, a min-conflicts local search.
///
/// It permutes the disc slots visited, `b_1..b_{n-2}` (the partial sums), rather than the
/// rotations: the two are in bijection (`k_i = b_i - b_{i-1}`), and a swap of two slots changes
/// at most four rotations, so its effect on the number of repeated rotations is known in O(1).
/// Fixed: `b_0 = 0`, `b_{n-1} = n/2` (the total of 1..n-1), and `b_{n-2}` = the white pin's slot
/// if there is one; the slots used are all but 0 and the blue pin's. A step picks a repeated
/// rotation, and swaps one of its two slots with the partner that leaves the fewest repeats (or,
/// with probability 1/10, a random partner, to leave local minima). O(n) per step; n = 200
/// typically needs a few thousand steps. Deterministic for a given `seed`.
///
/// # Errors
/// [`RotationError::NoSolution`] for variants trivially without solution;
/// [`RotationError::SearchGaveUp`] after `max_steps` steps without a solution.
pub fn permuting(puzzle: &Puzzle, seed: u64, max_steps: u64) -> Result<Vec<usize>, RotationError> {
    let n = puzzle.n();
    forced_last(puzzle)?;
    if n == 2 {
        puzzle.verify(&[1])?;
        return Ok(vec![1]);
    }
    let mut rng = SplitMix64::new(seed);
    let white = puzzle.white_slot();
    let mut free: Vec<usize> = (1..n).filter(|&t| t != puzzle.blue_slot() && Some(t) != white).collect();
    rng.shuffle(&mut free);
    let mut slots = vec![0];
    slots.extend(free);
    slots.extend(white);
    slots.push(n / 2);
    // Movable positions: 1..=last_movable.
    let last_movable = if white.is_some() { n - 3 } else { n - 2 };
    let mut order = SlotOrder { n, slots, count: vec![0; n], cost: 0 };
    for i in 1..n {
        let v = order.diff(i);
        order.add(v);
    }
    if last_movable < 2 && order.cost > 0 {
        return Err(RotationError::SearchGaveUp { method: "permuting local search", budget: 0 });
    }
    // Simulated annealing over random swaps: a swap that adds `delta` repeats is kept with
    // probability 2^-(delta * heat), decided by integer bits (no floating point).
    let mut steps = 0u64;
    while order.cost > 0 {
        if steps == max_steps {
            return Err(RotationError::SearchGaveUp { method: "permuting local search", budget: max_steps });
        }
        steps += 1;
        let i = 1 + rng.below(last_movable);
        let mut j = 1 + rng.below(last_movable - 1);
        if j >= i {
            j += 1;
        }
        let (i, j) = (i.min(j), i.max(j));
        let before = order.cost;
        order.swap(i, j);
        if order.cost > before {
            let delta = (order.cost - before) as u32;
            // heat grows from 1 to 8 over each block of 2^16 steps (reheating periodically).
            let heat = 1 + ((steps >> 13) & 7) as u32;
            let shift = (delta * heat).min(63);
            if rng.next_u64() & ((1u64 << shift) - 1) != 0 {
                order.swap(i, j);
            }
        }
    }
    let rotations: Vec<usize> = (1..n).map(|i| order.diff(i)).collect();
    puzzle.verify(&rotations)?;
    Ok(rotations)
}

/// Every solution of a puzzle, in lexicographic order, as an iterator (R3). O(n) memory;
/// the time is that of the backtracking tree (exponential in n).
#[derive(Debug, Clone)]
pub struct Solutions {
    n: usize,
    puzzle: Puzzle,
    last: Option<usize>,
    used_k: Vec<bool>,
    used_sum: Vec<bool>,
    seq: Vec<usize>,
    sums: Vec<usize>,
    next: Vec<usize>,
    done: bool,
}

/// All solutions of `puzzle` as an iterator (R3), each re-checked by the state machine in debug
/// builds and by the tests. The standard puzzle's solutions are the sequencings of Z_n.
///
/// ```
/// let puzzle = game_rotation::Puzzle::new(6)?;
/// let all: Vec<Vec<usize>> = game_rotation::solutions(&puzzle).collect();
/// // The four sequencings of Z_6, as listed in OEIS A364237: 14325, 25314, 41352, 52341.
/// assert_eq!(all, vec![vec![1, 4, 3, 2, 5], vec![2, 5, 3, 1, 4], vec![4, 1, 3, 5, 2], vec![5, 2, 3, 4, 1]]);
/// # Ok::<(), game_rotation::RotationError>(())
/// ```
pub fn solutions(puzzle: &Puzzle) -> Solutions {
    let n = puzzle.n();
    let (last, done) = match forced_last(puzzle) {
        Ok(last) => (last, false),
        Err(_) => (None, true),
    };
    let dfs = Dfs::new(puzzle, last);
    Solutions {
        n,
        puzzle: *puzzle,
        last,
        used_k: dfs.used_k,
        used_sum: dfs.used_sum,
        seq: Vec::with_capacity(n),
        sums: vec![0],
        next: vec![1; n],
        done,
    }
}

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let n = self.n;
        while !self.done {
            let depth = self.seq.len();
            if depth == n - 2 && self.next[depth] == 1 {
                // A full constrained prefix: yield it once, then backtrack.
                self.next[depth] = n;
                let solution = complete(n, self.seq.clone(), self.last);
                debug_assert!(self.puzzle.verify(&solution).is_ok());
                return Some(solution);
            }
            let s = self.sums[depth];
            let candidate = (self.next[depth]..n).find(|&k| !self.used_k[k] && !self.used_sum[(s + k) % n]);
            match candidate {
                Some(k) if depth < n - 2 => {
                    self.next[depth] = k + 1;
                    let s2 = (s + k) % n;
                    self.used_k[k] = true;
                    self.used_sum[s2] = true;
                    self.seq.push(k);
                    self.sums.push(s2);
                    self.next[depth + 1] = 1;
                }
                _ => {
                    let Some(k) = self.seq.pop() else {
                        self.done = true;
                        break;
                    };
                    let s2 = self.sums.pop().unwrap_or(0);
                    self.used_k[k] = false;
                    self.used_sum[s2] = false;
                }
            }
        }
        None
    }
}
