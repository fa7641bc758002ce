//! Counting solutions: the two-ended kernel (module `two_ended`, the default) and the one-ended
//! bitmask kernel it replaced (kept as [`CountMethod::OneEnded`], the baseline of the benches),
//! symmetry, rayon parallelism, deterministic shards, progress reports, counts by white-pin slot
//! (R8) and by start angle (R9), and two slow references (plain backtracking, all permutations).

use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use crate::arith::{euler_phi, gcd, units};
use crate::puzzle::check_size;
use crate::two_ended::{Ends, EndsNode, MAX_TWO_ENDED_N, pair_classes};
use crate::{Puzzle, RotationError};

/// Largest n the mask kernel supports (one bit per slot in a `u64`).
pub const MAX_COUNT_N: usize = 64;

/// One part of a deterministic partition of the search: shard `index` of `count`.
///
/// The search tree is cut at a fixed depth into prefixes listed in a fixed order; shard `i/N`
/// takes the prefixes whose position in that list is `i mod N`. The list depends only on the
/// puzzle and the prefix depth, so the counts of shards `0/N .. N-1/N` add up to the total on any
/// machines, in any order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole search, as one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// [`RotationError::InvalidShard`] unless `index < count`.
    pub fn new(index: usize, count: usize) -> Result<Self, RotationError> {
        if index >= count {
            return Err(RotationError::InvalidShard { index, count });
        }
        Ok(Shard { index, count })
    }

    /// The shard index.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The number of shards.
    pub fn count(&self) -> usize {
        self.count
    }

    pub(crate) fn takes(&self, task: usize) -> bool {
        task % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = RotationError;

    /// Parses `i/N`, e.g. `3/16`.
    fn from_str(text: &str) -> Result<Self, RotationError> {
        let syntax = || RotationError::ShardSyntax { text: text.to_string() };
        let (i, n) = text.split_once('/').ok_or_else(syntax)?;
        let i = i.trim().parse().map_err(|_| syntax())?;
        let n = n.trim().parse().map_err(|_| syntax())?;
        Shard::new(i, n)
    }
}

/// The search behind a count. Both give the same counts; they share no search code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub enum CountMethod {
    /// The fast kernel (4 <= n <= 32; other n fall back to [`CountMethod::OneEnded`]): first and
    /// last rotation fixed, one pair per orbit of the units of Z_n and reversal, the sequence
    /// grown at the end with fewer choices, the last three levels in closed form and a
    /// necessary condition that cuts dead ends early. See the module `two_ended`.
    #[default]
    TwoEnded,
    /// The baseline kernel: rotations placed from the front only, first rotations `d | n`
    /// weighted by phi(n/d), the last level a popcount.
    OneEnded,
}

impl CountMethod {
    /// The method that runs for n: [`CountMethod::OneEnded`] where the two-ended kernel does not
    /// apply (n = 2, n > 32).
    pub fn for_n(self, n: usize) -> CountMethod {
        if (4..=MAX_TWO_ENDED_N).contains(&n) { self } else { CountMethod::OneEnded }
    }

    /// The prefix depth at which this method cuts a count of n into tasks when
    /// [`CountOptions::prefix_depth`] is `None`: [`default_prefix_depth`] for the two-ended
    /// kernel; the one-ended kernel's depth counts from the first rotation, so it is deeper
    /// (5 beyond n = 20).
    pub fn prefix_depth_for(self, n: usize) -> usize {
        match self.for_n(n) {
            CountMethod::TwoEnded => default_prefix_depth(n),
            CountMethod::OneEnded => one_ended_prefix_depth(n),
        }
    }

    /// The name written to shard files and `records/rotation-counts.json`.
    pub fn name(&self) -> &'static str {
        match self {
            CountMethod::TwoEnded => "two-ended",
            CountMethod::OneEnded => "depth-first",
        }
    }
}

/// Options of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountOptions {
    /// Which part of the search to do.
    pub shard: Shard,
    /// Depth at which the tree is cut into independent tasks; `None` picks one from n.
    /// Shards of one count must use the same depth.
    pub prefix_depth: Option<usize>,
    /// Use the symmetry by units of Z_n (standard puzzle only; ignored otherwise).
    pub use_symmetry: bool,
    /// Run the tasks on rayon's thread pool.
    pub parallel: bool,
    /// The search; shards of one count must use the same.
    pub method: CountMethod,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            shard: Shard::ALL,
            prefix_depth: None,
            use_symmetry: true,
            parallel: true,
            method: CountMethod::TwoEnded,
        }
    }
}

/// Progress of a count: tasks of this shard finished so far, out of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Tasks finished.
    pub done: usize,
    /// Tasks of this shard.
    pub total: usize,
}

/// The result of a count (of one shard; every field adds up over the shards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountReport {
    /// Solutions found (in this shard).
    pub total: u128,
    /// `by_first[k]`: solutions whose first rotation is `k` (index 0 unused). With symmetry, the
    /// counts of the class representatives are copied to the whole class.
    pub by_first: Vec<u128>,
    /// Tasks done by this shard.
    pub tasks: usize,
    /// The search that ran ([`CountMethod::OneEnded`] also when the two-ended kernel does not
    /// apply: n = 2 or n > 32).
    pub method: CountMethod,
}

/// The counting kernel: every mask has bit `i` for slot / rotation `i`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kernel {
    n: u32,
    full: u64,
    /// Placements at the end that need no check: 1 for the last move of a puzzle without white
    /// pin (its sum is always n/2), 0 with a white pin (its last rotation is fixed in advance).
    tail: u32,
}

/// A node of the search: rotations still available, disc slots still allowed as sums, current
/// sum, rotations still to place.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    avail: u64,
    free: u64,
    sum: u32,
    remaining: u32,
}

impl Kernel {
    /// `m` rotated so that bit `k` of the result is bit `(k + s) mod n` of `m`.
    #[inline]
    fn shifted(&self, m: u64, s: u32) -> u64 {
        if s == 0 { m } else { ((m >> s) | (m << (self.n - s))) & self.full }
    }

    /// Rotations allowed next at `node`: available, and leading to an allowed sum.
    #[inline]
    fn allowed(&self, node: &Node) -> u64 {
        self.shifted(node.free, node.sum) & node.avail
    }

    #[inline]
    fn child(&self, node: &Node, k: u32) -> Node {
        let mut s = node.sum + k;
        if s >= self.n {
            s -= self.n;
        }
        Node {
            avail: node.avail & !(1 << k),
            free: node.free & !(1 << s),
            sum: s,
            remaining: node.remaining - 1,
        }
    }

    /// Number of ways to complete `node`; `None` on overflow. The last constrained placement is
    /// a popcount, so leaves cost O(1).
    pub(crate) fn count(&self, node: &Node) -> Option<u64> {
        if node.remaining <= self.tail {
            return Some(1);
        }
        let allowed = self.allowed(node);
        if node.remaining == self.tail + 1 {
            return Some(u64::from(allowed.count_ones()));
        }
        let mut total = 0u64;
        let mut bits = allowed;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            total = total.checked_add(self.count(&self.child(node, k))?)?;
        }
        Some(total)
    }
}

/// A task: a prefix node and the first rotation of its prefix.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Task {
    pub(crate) node: Node,
    pub(crate) first: usize,
}

/// The prefix depth at which a count is cut into tasks when [`CountOptions::prefix_depth`] is
/// `None` (shard files record it: shards of one count must share it). It grows with n so that
/// the tasks stay many and small; deeper cuts give more, smaller tasks. For the two-ended kernel
/// (the default) the depth counts the rotations placed after the first and the last; at n = 20
/// depth 3 gives 45 446 tasks.
pub fn default_prefix_depth(n: usize) -> usize {
    match n {
        0..=8 => 1,
        9..=12 => 2,
        _ => 3,
    }
}

/// An upper bound on the bytes a count of n slots cut at `depth` holds for its task list (the
/// list, the shard's copy of it and the results), to check against a memory budget before the
/// list is built. Two-ended: at most `(n - 1)(n - 2)` end pairs, then at most `n - 3 - j`
/// choices at depth `j`. One-ended: at most the divisors of n as first rotations, then at most
/// `n - 1 - j` choices.
pub fn task_list_bytes(n: usize, depth: usize, method: CountMethod) -> u128 {
    let product = |start: u128, first_choices: usize, levels: usize| {
        // A level with no choice left ends the search: it multiplies by 1, not 0.
        (0..levels)
            .fold(start, |bound, j| bound.saturating_mul(first_choices.saturating_sub(j).max(1) as u128))
    };
    match method.for_n(n) {
        CountMethod::TwoEnded => {
            let per_task = 2 * size_of::<(EndsNode, usize)>() + size_of::<Option<(usize, u64)>>();
            let pairs = (n.saturating_sub(1) * n.saturating_sub(2)) as u128;
            product(pairs, n.saturating_sub(3), depth).saturating_mul(per_task as u128)
        }
        CountMethod::OneEnded => {
            let per_task = 2 * size_of::<Task>() + size_of::<Option<(usize, u64)>>();
            let divisors = (1..n).filter(|d| n.is_multiple_of(*d)).count() as u128;
            product(divisors, n.saturating_sub(2), depth.saturating_sub(1)).saturating_mul(per_task as u128)
        }
    }
}

/// [`default_prefix_depth`] of the one-ended kernel, whose tasks are prefixes from the first
/// rotation on.
pub(crate) fn one_ended_prefix_depth(n: usize) -> usize {
    match n {
        0..=8 => 1,
        9..=12 => 2,
        13..=16 => 3,
        17..=20 => 4,
        _ => 5,
    }
}

/// The kernel and root node of a puzzle, or `None` if the variant trivially has no solution.
pub(crate) fn setup(puzzle: &Puzzle) -> Result<Option<(Kernel, Node)>, RotationError> {
    let n = puzzle.n();
    if n > MAX_COUNT_N {
        return Err(RotationError::TooLarge { n, max: MAX_COUNT_N });
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let blue = puzzle.blue_slot();
    if blue == 0 {
        return Ok(None);
    }
    let mut avail = full & !1;
    let mut remaining = n as u32 - 1;
    let mut tail = 1;
    if let Some(white) = puzzle.white_slot() {
        let last = (n / 2 + n - white) % n;
        if last == 0 {
            return Ok(None);
        }
        avail &= !(1 << last);
        remaining -= 1;
        tail = 0;
    }
    let free = full & !1 & !(1 << blue);
    Ok(Some((Kernel { n: n as u32, full, tail }, Node { avail, free, sum: 0, remaining })))
}

/// The deterministic task list: prefixes of `depth` rotations in lexicographic order.
/// With `symmetric`, the first rotation runs over the divisors `d < n` of n only: multiplying a
/// solution by a unit of Z_n gives a solution, and the units map first rotation `d` onto each of
/// the `phi(n/d)` rotations `k` with `gcd(k, n) = d`, so those all have the count of `d`.
pub(crate) fn tasks(kernel: &Kernel, root: Node, depth: usize, symmetric: bool) -> Vec<Task> {
    fn expand(kernel: &Kernel, node: Node, depth: usize, first: usize, out: &mut Vec<Task>) {
        if depth == 0 || node.remaining <= kernel.tail + 1 {
            out.push(Task { node, first });
            return;
        }
        let mut bits = kernel.allowed(&node);
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            expand(kernel, kernel.child(&node, k), depth - 1, first, out);
        }
    }
    let n = kernel.n as usize;
    let mut out = Vec::new();
    let mut bits = kernel.allowed(&root);
    while bits != 0 {
        let k = bits.trailing_zeros();
        bits &= bits - 1;
        let first = k as usize;
        if symmetric && !n.is_multiple_of(first) {
            continue;
        }
        expand(kernel, kernel.child(&root, k), depth.max(1) - 1, first, &mut out);
    }
    out
}

/// Counts the solutions of any puzzle (standard, white pin, start angle), n <= 64.
///
/// By default ([`CountMethod::TwoEnded`], 4 <= n <= 32) the first and the last rotation are
/// fixed and the sequence is grown at whichever end has fewer choices, with closed forms for the
/// last three levels and a necessary condition that cuts dead ends; for the standard puzzle only
/// one pair (first, last) per orbit of the units of Z_n and reversal is searched, weighted by
/// the orbit's size. [`CountMethod::OneEnded`] (and n = 2 or n > 32) places the rotations from
/// the front with two `u64` masks, searching only first rotations that divide n, weighted by
/// phi(n/d). Either way the tree is cut at a fixed depth into tasks run on rayon's pool, and
/// `progress` is called after each task. Time: proportional to the search tree (exponential in
/// n); run times in `records/rotation-counts.json`.
///
/// # Errors
/// [`RotationError::TooLarge`] for n > 64; [`RotationError::Overflow`] if a count exceeds u128.
pub fn count_solutions(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
) -> Result<CountReport, RotationError> {
    count_solutions_until(puzzle, options, progress, &|| false)
}

/// [`count_solutions`], asking `stop` before each task (tasks are small: the count of n = 20
/// holds thousands) whether to end; when it says yes the tasks not yet started are skipped and
/// the count ends with [`RotationError::Stopped`]. A front end's Ctrl-C.
///
/// # Errors
/// As [`count_solutions`], and [`RotationError::Stopped`].
pub fn count_solutions_until(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<CountReport, RotationError> {
    let n = puzzle.n();
    let method = options.method.for_n(n);
    let Some((kernel, root)) = setup(puzzle)? else {
        return Ok(CountReport { total: 0, by_first: vec![0; n], tasks: 0, method });
    };
    if n == 2 {
        // One rotation, (1): too small to cut into tasks.
        let mine = options.shard.takes(0);
        let wins = u128::from(mine && puzzle.verify(&[1]).is_ok());
        return Ok(CountReport { total: wins, by_first: vec![0, wins], tasks: usize::from(mine), method });
    }
    if method == CountMethod::TwoEnded {
        return count_two_ended(puzzle, options, progress, stop);
    }
    let symmetric = options.use_symmetry && puzzle.is_standard();
    let depth = options.prefix_depth.unwrap_or_else(|| one_ended_prefix_depth(n));
    let all = tasks(&kernel, root, depth, symmetric);
    let results = count_shard_tasks(&all, options, progress, stop, |task| {
        Some((task.first, kernel.count(&task.node)?))
    })?;
    let total_tasks = results.len();
    // by_rep[d]: solutions with first rotation d, for the searched first rotations.
    let overflow = RotationError::Overflow { what: "counting solutions" };
    let mut by_rep = vec![0u128; n];
    for r in results {
        let (first, c) = r.ok_or_else(|| overflow.clone())?;
        by_rep[first] = by_rep[first].checked_add(u128::from(c)).ok_or_else(|| overflow.clone())?;
    }
    let mut by_first = vec![0u128; n];
    if symmetric {
        for (k, slot) in by_first.iter_mut().enumerate().skip(1) {
            *slot = by_rep[gcd(k, n)];
        }
    } else {
        by_first = by_rep;
    }
    let mut total = 0u128;
    for c in &by_first {
        total = total.checked_add(*c).ok_or_else(|| overflow.clone())?;
    }
    Ok(CountReport { total, by_first, tasks: total_tasks, method })
}

/// The two-ended task list below `node`: the nodes `depth` levels below it (or with 4 rotations
/// left, where the kernel's closed forms take over), in the order the search visits them, each
/// tagged with `class`. The shard files of a count depend on this order.
pub(crate) fn expand(
    ends: &Ends,
    node: EndsNode,
    depth: usize,
    class: usize,
    out: &mut Vec<(EndsNode, usize)>,
) {
    if depth == 0 || Ends::left(&node) <= 4 {
        out.push((node, class));
        return;
    }
    for child in ends.children(&node) {
        expand(ends, child, depth - 1, class, out);
    }
}

/// [`count_solutions`] by the two-ended kernel (4 <= n <= 32).
fn count_two_ended(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<CountReport, RotationError> {
    let n = puzzle.n();
    let ends = Ends::new(n);
    let symmetric = options.use_symmetry && puzzle.is_standard();
    let classes = pair_classes(n, symmetric);
    // A white pin in disc slot w fixes the last rotation n/2 - w.
    let fixed_last = puzzle.white_slot().map(|w| (n / 2 + n - w) % n);
    let depth = options.prefix_depth.unwrap_or_else(|| default_prefix_depth(n));
    // The deterministic task list: for each searched pair in order, the nodes `depth` levels
    // below its root, in the order the search visits them (`expand`).
    let mut all = Vec::new();
    for (index, class) in classes.iter().enumerate() {
        if fixed_last.is_some_and(|l| l != class.last) {
            continue;
        }
        if let Some(root) = ends.root(class.first, class.last, puzzle.blue_slot()) {
            expand(&ends, root, depth, index, &mut all);
        }
    }
    let results =
        count_shard_tasks(&all, options, progress, stop, |task| Some((task.1, ends.count(&task.0)?)))?;
    let total_tasks = results.len();
    let overflow = || RotationError::Overflow { what: "counting solutions" };
    // A solution is counted under its first rotation, the first of its pair.
    let orbits: Vec<&[(usize, usize)]> = classes.iter().map(|c| c.members.as_slice()).collect();
    let by_first = credit_orbits(results, &orbits, n, "counting solutions")?;
    let total = by_first.iter().try_fold(0u128, |sum, c| sum.checked_add(*c)).ok_or_else(overflow)?;
    Ok(CountReport { total, by_first, tasks: total_tasks, method: CountMethod::TwoEnded })
}

/// Counts the tasks of `all` that `options.shard` takes (by their index in `all`), each by
/// `count` (what it counts for and its count; `None` on overflow), on rayon's pool when
/// `options.parallel`, and calls `progress` after each. One result per task of the shard, in
/// task order; [`RotationError::Stopped`] if `stop` said yes before a task (the rest skipped).
pub(crate) fn count_shard_tasks<T: Sync>(
    all: &[T],
    options: &CountOptions,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
    stop: &(dyn Fn() -> bool + Sync),
    count: impl Fn(&T) -> Option<(usize, u64)> + Sync,
) -> Result<Vec<Option<(usize, u64)>>, RotationError> {
    let mine: Vec<&T> =
        all.iter().enumerate().filter(|(i, _)| options.shard.takes(*i)).map(|(_, t)| t).collect();
    let done = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let run = |task: &&T| {
        if stopped.load(Ordering::Relaxed) || stop() {
            stopped.store(true, Ordering::Relaxed);
            return None;
        }
        let result = count(task);
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(report) = progress {
            report(Progress { done: finished, total: mine.len() });
        }
        result
    };
    let results =
        if options.parallel { mine.par_iter().map(run).collect() } else { mine.iter().map(run).collect() };
    if stopped.into_inner() {
        return Err(RotationError::Stopped { done: done.into_inner() });
    }
    Ok(results)
}

/// Adds the count of each task (`(orbit, count)`, `None` where a task overflowed) to its orbit,
/// then credits every orbit's count to the first entry of each of its pairs: the counts by
/// first rotation or by start angle, `len` of them. Every pair of an orbit has the orbit's count.
pub(crate) fn credit_orbits(
    results: Vec<Option<(usize, u64)>>,
    orbits: &[&[(usize, usize)]],
    len: usize,
    what: &'static str,
) -> Result<Vec<u128>, RotationError> {
    let overflow = || RotationError::Overflow { what };
    let mut by_orbit = vec![0u128; orbits.len()];
    for r in results {
        let (orbit, c) = r.ok_or_else(overflow)?;
        by_orbit[orbit] = by_orbit[orbit].checked_add(u128::from(c)).ok_or_else(overflow)?;
    }
    let mut credited = vec![0u128; len];
    for (members, count) in orbits.iter().zip(&by_orbit) {
        for &(first, _) in *members {
            credited[first] = credited[first].checked_add(*count).ok_or_else(overflow)?;
        }
    }
    Ok(credited)
}

/// Number of solutions of the standard puzzle with n slots: the number of sequencings of Z_n
/// (OEIS A141599: 1, 2, 4, 24, 288, 3856, 89328, 2755968 for n = 2..16). Uses every speed-up of
/// [`count_solutions`].
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_sequencings(n: usize) -> Result<u128, RotationError> {
    Ok(count_solutions(&Puzzle::new(n)?, &CountOptions::default(), None)?.total)
}

/// Solutions of the standard puzzle by the disc slot of the white pin (R8): entry `w` is the
/// number of solutions when the white pin is in disc slot `w` (0 for `w = n/2`, the blue pin).
///
/// Computed from the count by first rotation: reversing a solution gives a solution (its
/// partial sums are `n/2 - S_{n-1-j}`), so solutions ending with `l` are as many as those starting
/// with `l`, and the white pin must stand in `n/2 - l`. Same cost as [`count_sequencings`].
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_by_white_slot(n: usize) -> Result<Vec<u128>, RotationError> {
    let report = count_solutions(&Puzzle::new(n)?, &CountOptions::default(), None)?;
    by_white_slot_from_first(n, &report.by_first)
        .ok_or(RotationError::Overflow { what: "counting by white-pin slot" })
}

/// Counts by white-pin slot (R8) from counts by first rotation of the standard puzzle with n
/// slots (`by_first` has n entries): reversing a solution gives a solution, so as many end with
/// l as start with l, and those move disc slot n/2 - l last. Used by
/// [`count_by_white_slot`] and the shard files; `None` on overflow (n = 2 adds up
/// the entries) or if `by_first` has not n entries.
pub fn by_white_slot_from_first(n: usize, by_first: &[u128]) -> Option<Vec<u128>> {
    if by_first.len() != n {
        return None;
    }
    if n == 2 {
        // The single solution (1) moves disc slot 0 last; slot 1 holds the blue pin.
        let total = by_first.iter().try_fold(0u128, |s, c| s.checked_add(*c))?;
        return Some(vec![total, 0]);
    }
    Some((0..n).map(|w| if w == n / 2 { 0 } else { by_first[(n / 2 + n - w) % n] }).collect())
}

/// Solutions with the white pin in disc slot `w`, counted directly (no symmetry): the slow,
/// independent check of [`count_by_white_slot`].
///
/// # Errors
/// A bad slot or `n`, or overflow.
pub fn count_with_white_pin(n: usize, w: usize) -> Result<u128, RotationError> {
    let puzzle = Puzzle::new(n)?.with_white_pin(w)?;
    Ok(count_solutions(&puzzle, &CountOptions { use_symmetry: false, ..CountOptions::default() }, None)?
        .total)
}

/// The plain baseline for benchmarks: recursive backtracking with `Vec<bool>` used-sets, no
/// masks, no symmetry, one thread. Counts sequencings of Z_n.
///
/// # Errors
/// A bad `n`.
pub fn count_sequencings_baseline(n: usize) -> Result<u128, RotationError> {
    check_size(n)?;
    fn go(n: usize, s: usize, placed: usize, used_k: &mut [bool], used_sum: &mut [bool]) -> u128 {
        if placed == n - 1 {
            return 1;
        }
        let mut total = 0;
        for k in 1..n {
            let s2 = (s + k) % n;
            if used_k[k] || used_sum[s2] {
                continue;
            }
            used_k[k] = true;
            used_sum[s2] = true;
            total += go(n, s2, placed + 1, used_k, used_sum);
            used_k[k] = false;
            used_sum[s2] = false;
        }
        total
    }
    let mut used_k = vec![false; n];
    let mut used_sum = vec![false; n];
    used_sum[0] = true;
    Ok(go(n, 0, 0, &mut used_k, &mut used_sum))
}

/// The slowest, most obvious count: plays every permutation of `1..n` on the state machine and
/// counts the wins. O(n! n); meant for n <= 10.
///
/// # Errors
/// A bad `n`, or [`RotationError::TooLarge`] for n > 12.
pub fn count_by_permutations(puzzle: &Puzzle) -> Result<u128, RotationError> {
    let n = puzzle.n();
    if n > 12 {
        return Err(RotationError::TooLarge { n, max: 12 });
    }
    let mut perm: Vec<usize> = (1..n).collect();
    let mut wins = 0u128;
    // Heap's algorithm, iterative.
    let m = perm.len();
    let mut c = vec![0usize; m];
    if puzzle.verify(&perm).is_ok() {
        wins += 1;
    }
    let mut i = 0;
    while i < m {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            if puzzle.verify(&perm).is_ok() {
                wins += 1;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    Ok(wins)
}

/// Solutions fixed by "reverse, then multiply by the unit `u`": `k_{n-i} = u k_i` for all i.
/// Their partial sums satisfy `S_{n-1-j} = n/2 - u S_j`, so the first half determines the
/// second; the search places `k_1..k_{n/2-1}` with both mirrored sums checked and tests the
/// completed sequence. Plain backtracking over half the length. `u` must be a unit of Z_n.
fn count_reversal_fixed(n: usize, u: usize) -> u128 {
    struct Half {
        n: usize,
        u: usize,
        used_k: Vec<bool>,
        used_sum: Vec<bool>,
        first: Vec<usize>,
    }
    impl Half {
        fn go(&mut self, s: usize) -> u128 {
            let (n, u) = (self.n, self.u);
            if self.first.len() == n / 2 - 1 {
                let middle: Vec<usize> = (1..n).filter(|&k| !self.used_k[k]).collect();
                let mut seq = self.first.clone();
                seq.extend(&middle);
                seq.extend(self.first.iter().rev().map(|&k| k * u % n));
                return u128::from(crate::is_sequencing(n, &seq));
            }
            let mut total = 0;
            for k in 1..n {
                let mirror_k = k * u % n;
                let s2 = (s + k) % n;
                let mirror_s = (n / 2 + n - s2 * u % n) % n;
                if self.used_k[k] || self.used_k[mirror_k] || mirror_k == k {
                    continue;
                }
                if self.used_sum[s2] || self.used_sum[mirror_s] || s2 == mirror_s {
                    continue;
                }
                self.used_k[k] = true;
                self.used_k[mirror_k] = true;
                self.used_sum[s2] = true;
                self.used_sum[mirror_s] = true;
                self.first.push(k);
                total += self.go(s2);
                self.first.pop();
                self.used_k[k] = false;
                self.used_k[mirror_k] = false;
                self.used_sum[s2] = false;
                self.used_sum[mirror_s] = false;
            }
            total
        }
    }
    let mut used_sum = vec![false; n];
    used_sum[0] = true;
    used_sum[n / 2] = true;
    let mut half = Half { n, u, used_k: vec![false; n], used_sum, first: Vec::new() };
    half.go(0)
}

/// Number of classes of solutions of the standard puzzle under the group generated by the units
/// of Z_n (multiply every rotation) and reversal: OEIS A364237 (1, 1, 2, 4, 42, 504, 7492,
/// 172480, 8639632 for n = 2..18). By Burnside's lemma, `(total + sum_u fix(reverse * u)) /
/// (2 phi(n))`: a unit u != 1 fixes no solution (it would fix the rotation 1), and the
/// reversal-type elements are counted by a half-length search.
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_classes(n: usize) -> Result<u128, RotationError> {
    let total = count_sequencings(n)?;
    let mut fixed = 0u128;
    for u in units(n) {
        fixed += count_reversal_fixed(n, u);
    }
    let group = 2 * euler_phi(n) as u128;
    let sum = total.checked_add(fixed).ok_or(RotationError::Overflow { what: "counting classes" })?;
    Ok(sum / group)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stop that says yes after some tasks ends both kernels' counts with `Stopped` before
    /// every task ran; one that never does changes nothing.
    #[test]
    fn a_stop_ends_the_count_between_tasks() {
        let puzzle = Puzzle::new(14).unwrap();
        for method in [CountMethod::TwoEnded, CountMethod::OneEnded] {
            let options = CountOptions { method, parallel: false, ..CountOptions::default() };
            let whole = count_solutions(&puzzle, &options, None).unwrap();
            assert!(whole.tasks > 10, "{method:?}: {} tasks", whole.tasks);
            let asked = AtomicUsize::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 5;
            let stopped = count_solutions_until(&puzzle, &options, None, &stop);
            assert_eq!(stopped, Err(RotationError::Stopped { done: 5 }), "{method:?}");
            let never = count_solutions_until(&puzzle, &options, None, &|| false).unwrap();
            assert_eq!(never.total, whole.total);
        }
    }

    #[test]
    fn each_method_has_its_own_default_depth() {
        // The one-ended depth counts the first rotation too, so it is deeper for the same n;
        // beyond n = 32 the two-ended kernel does not apply and its default is the one-ended one.
        let two = CountMethod::TwoEnded;
        let one = CountMethod::OneEnded;
        assert_eq!([8, 12, 22].map(|n| two.prefix_depth_for(n)), [1, 2, 3]);
        assert_eq!([8, 12, 16, 20, 22].map(|n| one.prefix_depth_for(n)), [1, 2, 3, 4, 5]);
        assert_eq!(two.prefix_depth_for(40), 5);
    }

    /// The task list's bound holds for every n and depth the tests can afford, for both
    /// kernels, and is not wildly loose at the default depth.
    #[test]
    fn task_list_bytes_bounds_the_task_list() {
        for n in (4..=16).step_by(2) {
            for depth in (0..=6).chain([20]) {
                for method in [CountMethod::TwoEnded, CountMethod::OneEnded] {
                    let options =
                        CountOptions { prefix_depth: Some(depth), method, ..CountOptions::default() };
                    let tasks = count_solutions(&Puzzle::new(n).unwrap(), &options, None).unwrap().tasks;
                    let per_task = match method {
                        CountMethod::TwoEnded => 2 * size_of::<(EndsNode, usize)>(),
                        CountMethod::OneEnded => 2 * size_of::<Task>(),
                    } + size_of::<Option<(usize, u64)>>();
                    let bound = task_list_bytes(n, depth, method);
                    assert!((tasks * per_task) as u128 <= bound, "n = {n}, depth {depth}, {method:?}");
                    if depth == default_prefix_depth(n) && method == CountMethod::TwoEnded && n >= 12 {
                        assert!(bound < 1000 * (tasks * per_task) as u128, "n = {n}: {bound} bytes");
                    }
                }
            }
        }
        // Saturates instead of overflowing.
        assert_eq!(task_list_bytes(64, 60, CountMethod::OneEnded), u128::MAX);
        assert!(task_list_bytes(32, 6, CountMethod::TwoEnded) > 1 << 40);
    }
}
