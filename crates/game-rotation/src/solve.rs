//! Solvers: filling (R4), emptying (R5), backtracking search (R3), the permuting local search
//! (R6) and the enumeration of all solutions (R3). Every solver returns a solution re-checked by
//! the state machine ([`Puzzle::verify`]).

use crate::arith::{SplitMix64, gcd};
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

/// "Filling" (R4): rotate by 1, 2, ..., n-1. A solution iff n is a power of two: the partial sums
/// are the triangular numbers y(y+1)/2, distinct mod 2^k. Its white-pin slot is n/2 + 1. O(n).
///
/// # Errors
/// [`RotationError::TooSmall`] / [`RotationError::OddSize`] for a bad `n`;
/// [`RotationError::NotPowerOfTwo`] if `n` is not a power of two.
pub fn filling(n: usize) -> Result<Vec<usize>, RotationError> {
    let puzzle = Puzzle::new(n)?;
    if !n.is_power_of_two() {
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
/// Checked (release, seed 1): every white slot of every even n from 14 to 200 is solved, the
/// hardest at n = 116 (example `search_all_white`), and every start angle `a != 0` of every
/// even n from 4 to 200 (example `start_angles`). The backtracking alone, before the terrace walk,
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

/// Finds a sequencing of Z_n (a solution of the standard puzzle) by a search that never calls a
/// construction (R3): depth-first search with Warnsdorff's rule and restarts.
///
/// The search places rotations one by one, keeping the disc slots reached distinct and away
/// from the blue pin's slot n/2 (the last rotation is the one left over and always ends at
/// n/2). At each node the candidates are tried in the order of Warnsdorff's rule: first the
/// rotation whose new slot leaves the fewest continuations, ties broken at random. An attempt
/// that has visited its node budget restarts with another random tie-breaking and a budget
/// 1.25 times as large (from 64n), until `max_nodes` nodes in total (restarts beat a longer
/// search of one tree: the time to a solution is heavy-tailed). Nothing of emptying,
/// filling or the terraces is used; the result is re-checked on the state machine.
///
/// Returns the solution and the number of nodes visited (all attempts together). A node costs
/// O(n^2) (the rule counts the continuations of every candidate). Deterministic for a given
/// `seed`.
///
/// # Errors
/// A bad `n` ([`RotationError::TooSmall`], [`RotationError::OddSize`]);
/// [`RotationError::SearchGaveUp`] after `max_nodes` nodes.
pub fn backtracking_search(n: usize, seed: u64, max_nodes: u64) -> Result<(Vec<usize>, u64), RotationError> {
    let puzzle = Puzzle::new(n)?;
    if n == 2 {
        puzzle.verify(&[1])?;
        return Ok((vec![1], 0));
    }
    let mut rng = SplitMix64::new(seed);
    let mut spent = 0u64;
    let mut budget = 64 * n as u64;
    while spent < max_nodes {
        let attempt_budget = budget.min(max_nodes - spent);
        let (found, nodes) = warnsdorff_attempt(n, attempt_budget, &mut rng);
        spent += nodes;
        if let Some(mut prefix) = found {
            let mut used = vec![false; n];
            prefix.iter().for_each(|&k| used[k] = true);
            prefix.extend((1..n).filter(|&k| !used[k]));
            puzzle.verify(&prefix)?;
            return Ok((prefix, spent));
        }
        budget = budget.saturating_add(budget / 4);
    }
    Err(RotationError::SearchGaveUp { method: "backtracking search (Warnsdorff's rule)", budget: max_nodes })
}

/// One attempt of [`backtracking_search`]: an explicit-stack depth-first search for the first
/// n - 2 rotations, visiting at most `budget` nodes. Returns the prefix if found, and the nodes
/// visited.
fn warnsdorff_attempt(n: usize, budget: u64, rng: &mut SplitMix64) -> (Option<Vec<usize>>, u64) {
    let blue = n / 2;
    let mut used_k = vec![false; n];
    let mut used_slot = vec![false; n];
    used_slot[0] = true;
    used_slot[blue] = true;
    // Continuations from slot `s`: unused rotations leading to a free slot.
    let continuations = |s: usize, used_k: &[bool], used_slot: &[bool]| -> usize {
        (1..n).filter(|&k| !used_k[k] && !used_slot[(s + k) % n]).count()
    };
    // stack[d]: the candidates still to try at depth d (in reverse order of preference).
    let mut stack: Vec<Vec<usize>> = Vec::with_capacity(n);
    let mut seq: Vec<usize> = Vec::with_capacity(n);
    let mut sums: Vec<usize> = vec![0];
    let mut nodes = 0u64;
    let target = n - 2;
    loop {
        let depth = seq.len();
        if depth == target {
            return (Some(seq), nodes);
        }
        if stack.len() == depth {
            // A new node: list and order its candidates.
            nodes += 1;
            if nodes > budget {
                return (None, nodes - 1);
            }
            let s = sums[depth];
            let open: Vec<usize> = (1..n).filter(|&k| !used_k[k] && !used_slot[(s + k) % n]).collect();
            let mut scored: Vec<(usize, u64, usize)> = open
                .into_iter()
                .map(|k| {
                    let next = (s + k) % n;
                    used_k[k] = true;
                    used_slot[next] = true;
                    let onward =
                        if depth + 1 == target { 0 } else { continuations(next, &used_k, &used_slot) };
                    used_k[k] = false;
                    used_slot[next] = false;
                    (onward, rng.next_u64(), k)
                })
                // A dead end one step ahead is not worth a node (unless it is the last step).
                .filter(|&(onward, _, _)| onward > 0 || depth + 1 == target)
                .collect();
            scored.sort_unstable_by(|a, b| b.cmp(a));
            stack.push(scored.into_iter().map(|(_, _, k)| k).collect());
        }
        match stack[depth].pop() {
            Some(k) => {
                let next = (sums[depth] + k) % n;
                used_k[k] = true;
                used_slot[next] = true;
                seq.push(k);
                sums.push(next);
            }
            None => {
                stack.pop();
                let (Some(k), Some(slot)) = (seq.pop(), sums.pop()) else {
                    // The whole tree was searched (cannot happen for even n >= 4: sequencings exist).
                    return (None, nodes);
                };
                used_k[k] = false;
                used_slot[slot] = false;
            }
        }
    }
}

/// Local-search state of [`permuting`]: an ordering `k_1..k_{n-1}` of the rotations, its partial
/// sums, and how often each disc slot is hit by the sums `S_0..S_{n-2}` (plus once by the blue
/// pin's slot, which no sum may reach before the end).
struct Ordering {
    n: usize,
    /// `rotations[i]` = `k_i` for `i` in `1..n` (index 0 unused).
    rotations: Vec<usize>,
    /// `sums[i]` = `S_i`, `i` in `0..n`.
    sums: Vec<usize>,
    /// `hits[x]`: how many of `S_0..S_{n-2}` (and the blue pin) are `x`.
    hits: Vec<u32>,
    /// `at[x]`: the indices `i` in `1..n-1` with `S_i = x` (a few per slot).
    at: Vec<Vec<u32>>,
    /// The slots hit more than once, with `hot_index[x]` = position of `x` in `hot`.
    hot: Vec<usize>,
    hot_index: Vec<usize>,
    /// Collisions: the sum over slots of `hits - 1` where positive. 0 iff a solution.
    cost: usize,
}

impl Ordering {
    fn new(n: usize, rotations: Vec<usize>, blue: usize) -> Self {
        let mut order = Ordering {
            n,
            sums: vec![0; n],
            rotations,
            hits: vec![0; n],
            at: vec![Vec::new(); n],
            hot: Vec::new(),
            hot_index: vec![usize::MAX; n],
            cost: 0,
        };
        order.hit(blue);
        order.hit(0);
        for i in 1..n {
            order.sums[i] = (order.sums[i - 1] + order.rotations[i]) % n;
            if i < n - 1 {
                order.place(i, order.sums[i]);
            }
        }
        order
    }

    /// Counts one more hit of slot `x`.
    fn hit(&mut self, x: usize) {
        self.hits[x] += 1;
        if self.hits[x] >= 2 {
            self.cost += 1;
            if self.hits[x] == 2 {
                self.hot_index[x] = self.hot.len();
                self.hot.push(x);
            }
        }
    }

    /// Counts one hit of slot `x` less.
    fn unhit(&mut self, x: usize) {
        if self.hits[x] >= 2 {
            self.cost -= 1;
            if self.hits[x] == 2 {
                let at = self.hot_index[x];
                self.hot.swap_remove(at);
                if let Some(&moved) = self.hot.get(at) {
                    self.hot_index[moved] = at;
                }
            }
        }
        self.hits[x] -= 1;
    }

    fn place(&mut self, i: usize, x: usize) {
        self.hit(x);
        self.at[x].push(i as u32);
    }

    fn unplace(&mut self, i: usize, x: usize) {
        self.unhit(x);
        let list = &mut self.at[x];
        if let Some(p) = list.iter().position(|&j| j as usize == i) {
            list.swap_remove(p);
        }
    }

    /// The change of `cost` if the sums `S_i..S_{j-1}` were shifted by `d`, without changing
    /// anything. O(j - i): every sum of the segment leaves its slot and joins another.
    fn shift_delta(&mut self, i: usize, j: usize, d: usize) -> isize {
        let n = self.n;
        let before = self.cost as isize;
        for t in i..j {
            self.unhit(self.sums[t]);
        }
        for t in i..j {
            self.hit((self.sums[t] + d) % n);
        }
        let after = self.cost as isize;
        for t in i..j {
            self.unhit((self.sums[t] + d) % n);
        }
        for t in i..j {
            self.hit(self.sums[t]);
        }
        after - before
    }

    /// Swaps `k_i` and `k_j` (`i < j`): the sums `S_i..S_{j-1}` move by `d = k_j - k_i`, the
    /// others stay. O(j - i).
    fn swap(&mut self, i: usize, j: usize) {
        let n = self.n;
        let d = (self.rotations[j] + n - self.rotations[i]) % n;
        for t in i..j {
            let old = self.sums[t];
            let new = (old + d) % n;
            self.unplace(t, old);
            self.place(t, new);
            self.sums[t] = new;
        }
        self.rotations.swap(i, j);
    }
}

/// Longest segment of sums moved by one step of [`permuting`]: swaps of rotations at distance 1
/// or 2 (measured: longer segments make the steps slower and no more successful).
const PERMUTING_MAX_SHIFT: usize = 2;

/// A step of [`permuting`] that adds `delta` collisions is taken with probability
/// `2^-(PERMUTING_COLD_BITS * delta)` (measured for 8..=12 at n = 200 and 1000: 12 is the fastest at n = 1000).
const PERMUTING_COLD_BITS: usize = 12;

/// The "permuting" method (R6): start from any ordering of the rotations `1..n-1` and keep
/// rearranging it towards fewer collisions of the partial sums until none is left.
///
/// A collision is a disc slot reached by two of the sums `S_0..S_{n-2}` (or by one of them and
/// the blue pin); the cost is the number of surplus hits, 0 exactly for a solution. Each step
/// takes a sum in a collision, `S_a`, and swaps two rotations `k_i`, `k_j` with `i <= a < j` and
/// `j - i <= 2`: this moves the sums `S_i..S_{j-1}` by `d = k_j - k_i` and leaves every other
/// sum (and the set of rotations) unchanged, so its effect on the cost is known in O(j - i).
/// A step that does not add collisions is always taken, one that adds `delta` with probability
/// `2^(-12 delta)` (a cold Metropolis rule in exact integer arithmetic): that is what lets the
/// search leave local minima. With a white pin, its forced last rotation stays last (then
/// `S_{n-2}` is the white pin's slot automatically). Deterministic for a given `seed`.
///
/// Costs O(1) per step; the number of steps grows with n (see the example `permuting_rates`).
///
/// # Errors
/// [`RotationError::NoSolution`] for variants trivially without solution;
/// [`RotationError::SearchGaveUp`] after `max_steps` steps without a solution.
pub fn permuting(puzzle: &Puzzle, seed: u64, max_steps: u64) -> Result<Vec<usize>, RotationError> {
    let n = puzzle.n();
    let last = forced_last(puzzle)?;
    if n == 2 {
        puzzle.verify(&[1])?;
        return Ok(vec![1]);
    }
    let mut rng = SplitMix64::new(seed);
    // Movable positions 1..=movable; a forced last rotation stays at position n - 1.
    let mut free: Vec<usize> = (1..n).filter(|&k| Some(k) != last).collect();
    rng.shuffle(&mut free);
    let mut rotations = vec![0];
    rotations.extend(free);
    rotations.extend(last);
    let movable = if last.is_some() { n - 2 } else { n - 1 };
    let mut order = Ordering::new(n, rotations, puzzle.blue_slot());
    let mut steps = 0u64;
    while order.cost > 0 {
        if steps == max_steps || movable < 2 {
            return Err(RotationError::SearchGaveUp { method: "permuting local search", budget: max_steps });
        }
        steps += 1;
        // A sum in a collision: S_a with a in 1..=n-2 (S_0 = 0 and the blue pin never move).
        let slot = order.hot[rng.below(order.hot.len())];
        let candidates = &order.at[slot];
        if candidates.is_empty() {
            continue;
        }
        let a = candidates[rng.below(candidates.len())] as usize;
        // A segment i..j-1 containing a, with 1 <= i and j <= movable.
        let length = 1 + rng.below(PERMUTING_MAX_SHIFT.min(movable - 1));
        let lowest = (a + 1).saturating_sub(length).max(1);
        let highest = a.min(movable - length);
        if lowest > highest {
            continue;
        }
        let i = lowest + rng.below(highest - lowest + 1);
        let j = i + length;
        let d = (order.rotations[j] + n - order.rotations[i]) % n;
        let delta = order.shift_delta(i, j, d);
        let take = delta <= 0 || {
            let bits = PERMUTING_COLD_BITS * delta.unsigned_abs();
            bits < 64 && rng.next_u64() < (1u64 << (64 - bits))
        };
        if take {
            order.swap(i, j);
        }
    }
    let rotations = order.rotations[1..].to_vec();
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
