//! Counting the solutions of every start angle at once (R9).
//!
//! With the disc's blue pin in disc slot `a` (the start angle `a * 360/n` degrees), a solution is
//! an ordering `k_1, ..., k_{n-1}` of `1..n` whose partial sums `S_0 = 0, S_1, ..., S_{n-2}` are
//! distinct and avoid `a` (the last sum is `n/2` for every ordering and is not checked). So the
//! sums `S_0..S_{n-2}` are all of Z_n but `a`, and the last rotation `l` is the one rotation the
//! others leave out: `l = n/2 - e` for the end sum `e = S_{n-2}`. Let `N(a, l)` count the
//! solutions of angle `a` with last rotation `l`.
//!
//! # Two symmetries, one of which changes the angle
//!
//! * **Units.** Multiplying every rotation by a unit `u` of Z_n maps the solutions of `(a, l)`
//!   onto those of `(u a, u l)` (it fixes 0 and `n/2`).
//! * **Reversal inside the path.** Reverse the first `n - 2` rotations and keep the last:
//!   `k_{n-2}, ..., k_1, l`. Its sums are `e - S_{n-2-j}`: they start at 0, end at the same `e`,
//!   and avoid `e - a` instead of `a`. So `N(a, l) = N(n/2 - l - a, l)`: reversal maps one angle
//!   onto another. (For the seed's angle `a = n/2` it maps the sequencings ending with `l` onto
//!   the solutions of angle `-l` ending with `l`.)
//!
//! Both act on the pairs `(a, l)`, and they commute, so the count searches one pair per orbit of
//! the group they generate (up to `2 phi(n)` pairs) and credits its count to every pair of the
//! orbit, that is to the angle of each. A pair is searched with every first rotation by the
//! two-ended kernel (module `two_ended`), whose root already takes the blue pin's slot. All
//! angles together cost about `n` counts of the seed's puzzle, where counting each divisor angle
//! on its own (the symmetry by units alone) costs several times more.
//!
//! The independent check is [`CountMethod::OneEnded`]: the one-ended kernel on each angle
//! `a | n` (the units map `a` onto every angle with the same `gcd(a, n)`), which shares no search
//! code with the two-ended kernel and uses no reversal.

use serde::Serialize;

use crate::arith::{gcd, units};
use crate::count::{
    CountMethod, CountOptions, Kernel, Progress, Task, count_shard_tasks, credit_orbits,
    default_prefix_depth, expand, one_ended_prefix_depth, setup, tasks,
};
use crate::two_ended::{Ends, EndsNode};
use crate::{Puzzle, RotationError, count_solutions};

/// The result of a count by start angle (of one shard; every field adds up over the shards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AngleCountReport {
    /// `by_angle[a]`: solutions with the disc's blue pin in disc slot `a` (0 for `a = 0`; entry
    /// `n/2` is the seed's puzzle, the number of sequencings).
    pub by_angle: Vec<u128>,
    /// Tasks done by this shard.
    pub tasks: usize,
    /// The search that ran ([`CountMethod::OneEnded`] also where the two-ended kernel does not
    /// apply: n = 2 or n > 32).
    pub method: CountMethod,
}

/// The prefix depth at which [`count_start_angles`] cuts its search into tasks when
/// [`CountOptions::prefix_depth`] is `None`. The two-ended count has about `n` times the roots of
/// a count of the seed's puzzle, so it cuts one level higher than [`default_prefix_depth`]; the
/// one-ended count cuts where a count of one angle would.
pub fn start_angle_prefix_depth(n: usize, method: CountMethod) -> usize {
    match method.for_n(n) {
        CountMethod::TwoEnded => default_prefix_depth(n).saturating_sub(1).max(1),
        CountMethod::OneEnded => one_ended_prefix_depth(n),
    }
}

/// An upper bound on the bytes the task list of [`count_start_angles`] holds (the list, the
/// shard's copy and the results), to check against a memory budget before it is built.
/// Two-ended: at most `n (n - 1)` pairs `(a, l)` times `n - 1` first rotations, then at most
/// `n - 3 - j` choices at depth `j`. One-ended: at most `n - 1` angles times `n - 1` first
/// rotations, then at most `n - 2 - j` choices.
pub fn start_angle_task_list_bytes(n: usize, depth: usize, method: CountMethod) -> u128 {
    let product = |start: u128, first_choices: usize, levels: usize| {
        (0..levels)
            .fold(start, |bound, j| bound.saturating_mul(first_choices.saturating_sub(j).max(1) as u128))
    };
    let n_minus_1 = n.saturating_sub(1) as u128;
    match method.for_n(n) {
        CountMethod::TwoEnded => {
            let per_task = 2 * size_of::<(EndsNode, usize)>() + size_of::<Option<(usize, u64)>>();
            let roots = (n as u128).saturating_mul(n_minus_1).saturating_mul(n_minus_1);
            product(roots, n.saturating_sub(3), depth).saturating_mul(per_task as u128)
        }
        CountMethod::OneEnded => {
            let per_task = 2 * size_of::<(Task, usize)>() + size_of::<Option<(usize, u64)>>();
            let roots = n_minus_1.saturating_mul(n_minus_1);
            product(roots, n.saturating_sub(2), depth.saturating_sub(1)).saturating_mul(per_task as u128)
        }
    }
}

/// Solutions for each start angle of the blue pins (R9), counted by `options.method` (shards,
/// prefix depth, parallelism and symmetry as for [`count_solutions`]): see
/// [`count_by_start_angle`] for the model. Without `options.use_symmetry` every angle and pair
/// is searched on its own.
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_start_angles(
    n: usize,
    options: &CountOptions,
    progress: Option<&(dyn Fn(Progress) + Sync)>,
) -> Result<AngleCountReport, RotationError> {
    let base = Puzzle::new(n)?;
    let method = options.method.for_n(n);
    if n == 2 {
        // One rotation, (1), for the seed's angle 1; angle 0 never moves.
        let mine = options.shard.takes(0);
        return Ok(AngleCountReport {
            by_angle: vec![0, u128::from(mine)],
            tasks: usize::from(mine),
            method,
        });
    }
    let depth = options.prefix_depth.unwrap_or_else(|| start_angle_prefix_depth(n, method));
    // Each task: a node of its kernel and the index of what it counts for (a class of pairs
    // (a, l), or an angle).
    enum Tasks {
        TwoEnded(Ends, Vec<(EndsNode, usize)>),
        OneEnded(Option<Kernel>, Vec<(Task, usize)>),
    }
    let (all, classes) = match method {
        CountMethod::TwoEnded => {
            let ends = Ends::new(n);
            let classes = angle_classes(n, options.use_symmetry);
            let mut all = Vec::new();
            for (index, class) in classes.iter().enumerate() {
                let (a, l) = class.searched;
                for first in 1..n {
                    if let Some(root) = (a != 0).then(|| ends.root(first, l, a)).flatten() {
                        expand(&ends, root, depth, index, &mut all);
                    }
                }
            }
            (Tasks::TwoEnded(ends, all), classes)
        }
        CountMethod::OneEnded => {
            let angles: Vec<usize> =
                (1..n).filter(|&a| !options.use_symmetry || n.is_multiple_of(a)).collect();
            let mut all = Vec::new();
            let mut classes = Vec::new();
            // The kernel is the same for every angle (only the root's free sums differ).
            let mut one_ended = None;
            for a in angles {
                let members: Vec<(usize, usize)> = (1..n)
                    .filter(|&b| if options.use_symmetry { gcd(b, n) == a } else { b == a })
                    .map(|b| (b, 0))
                    .collect();
                if let Some((kernel, root)) = setup(&base.with_blue_slot(a)?)? {
                    one_ended = Some(kernel);
                    all.extend(tasks(&kernel, root, depth, false).into_iter().map(|t| (t, classes.len())));
                }
                classes.push(AngleClass { searched: (a, 0), members });
            }
            (Tasks::OneEnded(one_ended, all), classes)
        }
    };
    let results = match &all {
        Tasks::TwoEnded(ends, all) => {
            count_shard_tasks(all, options, progress, &|| false, |task| Some((task.1, ends.count(&task.0)?)))
        }
        Tasks::OneEnded(kernel, all) => count_shard_tasks(all, options, progress, &|| false, |task| {
            Some((task.1, kernel.as_ref()?.count(&task.0.node)?))
        }),
    }?;
    let tasks_done = results.len();
    // A solution counts for its angle, the first of its pair.
    let orbits: Vec<&[(usize, usize)]> = classes.iter().map(|c| c.members.as_slice()).collect();
    let by_angle = credit_orbits(results, &orbits, n, "counting by start angle")?;
    Ok(AngleCountReport { by_angle, tasks: tasks_done, method })
}

/// An orbit of pairs `(angle, last rotation)` (for the one-ended count: of angles, with last 0).
#[derive(Debug, Clone, PartialEq, Eq)]
struct AngleClass {
    /// The pair searched.
    searched: (usize, usize),
    /// Every pair of the orbit (the searched one included); each has the same count.
    members: Vec<(usize, usize)>,
}

/// The pairs `(a, l)` with `a` in `0..n` and `l` in `1..n`, one per orbit of the group generated
/// by `(a, l) -> (u a, u l)` for the units `u` of Z_n and `(a, l) -> (n/2 - l - a, l)` when
/// `symmetric`, else every pair alone; in lexicographic order of the searched pair. Angle 0 is
/// included so that the orbits are closed (reversal maps `a = n/2 - l` to 0); its pairs have no
/// solutions.
fn angle_classes(n: usize, symmetric: bool) -> Vec<AngleClass> {
    let group = if symmetric { units(n) } else { vec![1] };
    let half = n / 2;
    let mut seen = vec![false; n * n];
    let mut classes = Vec::new();
    for a in 0..n {
        for l in 1..n {
            if seen[a * n + l] {
                continue;
            }
            // The orbit: close {(a, l)} under both maps (a breadth-first walk; orbits are small).
            let mut members = vec![(a, l)];
            seen[a * n + l] = true;
            let mut next = 0;
            while next < members.len() {
                let (b, m) = members[next];
                next += 1;
                let mut images: Vec<(usize, usize)> = group.iter().map(|&u| (b * u % n, m * u % n)).collect();
                if symmetric {
                    images.push(((2 * n + half - m - b) % n, m));
                }
                for (c, k) in images {
                    if !seen[c * n + k] {
                        seen[c * n + k] = true;
                        members.push((c, k));
                    }
                }
            }
            classes.push(AngleClass { searched: (a, l), members });
        }
    }
    classes
}

/// Solutions for each start angle of the blue pins (R9): entry `a` is the number of solutions
/// when the disc's blue pin is in disc slot `a` (angle `a * 360/n` degrees from the top; the seed's
/// puzzle is `a = n/2`).
///
/// Model: the board is unchanged; a move is legal iff the pin under the top is movable and its
/// board slot is free; the game is won when every movable pin is on the board. So a solution is a
/// permutation of `1..n` whose sums `S_0..S_{n-2}` are distinct and avoid `a`; the last sum is
/// `n/2` for every permutation and is not checked (for `a != n/2` the top then shows an emptied
/// slot, after the win).
///
/// Counted by [`count_start_angles`] with the two-ended kernel: one pair (angle, last rotation)
/// per orbit of the units of Z_n and of the reversal of the first `n - 2` rotations, which maps
/// angle `a` with last rotation `l` onto angle `n/2 - l - a` (the module `angles` has the
/// argument). About `n` times the cost of [`count_sequencings`](crate::count_sequencings).
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_by_start_angle(n: usize) -> Result<Vec<u128>, RotationError> {
    Ok(count_start_angles(n, &CountOptions::default(), None)?.by_angle)
}

/// Same as [`count_by_start_angle`] but counting every angle directly (no symmetry, each angle a
/// puzzle of its own for [`count_solutions`]): the check of the symmetry argument.
///
/// # Errors
/// A bad or too large `n`, or overflow.
pub fn count_by_start_angle_direct(n: usize) -> Result<Vec<u128>, RotationError> {
    let base = Puzzle::new(n)?;
    let options = CountOptions { use_symmetry: false, ..CountOptions::default() };
    (0..n).map(|a| Ok(count_solutions(&base.with_blue_slot(a)?, &options, None)?.total)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Shard;
    use crate::{count_by_permutations, count_sequencings};

    /// Every ordering played on the state machine of each angle's puzzle: no kernel, no model
    /// of the sums.
    fn by_angle_on_the_state_machine(n: usize) -> Vec<u128> {
        let base = Puzzle::new(n).unwrap();
        (0..n).map(|a| count_by_permutations(&base.with_blue_slot(a).unwrap()).unwrap()).collect()
    }

    #[test]
    fn both_kernels_agree_with_brute_force() {
        for n in [2, 4, 6, 8, 10] {
            let expected = by_angle_on_the_state_machine(n);
            for method in [CountMethod::TwoEnded, CountMethod::OneEnded] {
                for use_symmetry in [true, false] {
                    let options = CountOptions { method, use_symmetry, ..CountOptions::default() };
                    let report = count_start_angles(n, &options, None).unwrap();
                    assert_eq!(report.by_angle, expected, "n = {n}, {method:?}, symmetry {use_symmetry}");
                }
            }
            assert_eq!(count_by_start_angle_direct(n).unwrap(), expected, "n = {n}, each angle on its own");
        }
    }

    #[test]
    fn the_two_kernels_agree_and_the_seeds_angle_is_the_sequencing_count() {
        for n in [10, 12, 14] {
            let two = count_start_angles(n, &CountOptions::default(), None).unwrap();
            let one_options = CountOptions { method: CountMethod::OneEnded, ..CountOptions::default() };
            let one = count_start_angles(n, &one_options, None).unwrap();
            assert_eq!(two.method, CountMethod::TwoEnded);
            assert_eq!(one.method, CountMethod::OneEnded);
            assert_eq!(two.by_angle, one.by_angle, "n = {n}");
            assert_eq!(two.by_angle[n / 2], count_sequencings(n).unwrap(), "n = {n}");
            assert_eq!(two.by_angle[0], 0);
        }
        // The seed's table for n = 12 (also in the crate docs).
        assert_eq!(
            count_by_start_angle(12).unwrap(),
            [0, 4104, 3964, 3944, 3908, 4104, 3856, 4104, 3908, 3944, 3964, 4104]
        );
    }

    #[test]
    fn shards_add_up_and_progress_reaches_the_end() {
        let n = 12;
        let whole = count_by_start_angle(n).unwrap();
        for method in [CountMethod::TwoEnded, CountMethod::OneEnded] {
            let mut sum = vec![0u128; n];
            let mut tasks = 0;
            for i in 0..3 {
                let last = std::sync::Mutex::new(None);
                let progress = |p: Progress| {
                    let mut last = last.lock().unwrap();
                    *last = Some(last.map_or(p, |q: Progress| if p.done > q.done { p } else { q }));
                };
                let options =
                    CountOptions { shard: Shard::new(i, 3).unwrap(), method, ..CountOptions::default() };
                let report = count_start_angles(n, &options, Some(&progress)).unwrap();
                let last = last.into_inner().unwrap().unwrap();
                assert_eq!((last.done, last.total), (report.tasks, report.tasks));
                tasks += report.tasks;
                for (s, c) in sum.iter_mut().zip(&report.by_angle) {
                    *s += c;
                }
            }
            assert_eq!(sum, whole, "{method:?}");
            assert!(tasks > 3);
        }
    }

    #[test]
    fn the_classes_are_orbits_that_partition_the_pairs() {
        for n in [8, 12, 18, 20] {
            let classes = angle_classes(n, true);
            let mut all: Vec<(usize, usize)> = classes.iter().flat_map(|c| c.members.clone()).collect();
            all.sort_unstable();
            let expected: Vec<(usize, usize)> = (0..n).flat_map(|a| (1..n).map(move |l| (a, l))).collect();
            assert_eq!(all, expected, "n = {n}");
            // The group has at most 2 phi(n) elements, so no orbit is larger.
            let phi = units(n).len();
            assert!(classes.iter().all(|c| c.members.len() <= 2 * phi && c.members[0] == c.searched));
            // Reversal joins orbits of the units: fewer classes than with units alone.
            let by_units = (0..n)
                .flat_map(|a| (1..n).map(move |l| (a, l)))
                .filter(|&(a, l)| units(n).iter().all(|&u| (a * u % n, l * u % n) >= (a, l)));
            assert!(classes.len() < by_units.count(), "n = {n}");
        }
        assert_eq!(angle_classes(6, false).len(), 6 * 5);
    }

    /// The default depths that the records and scripts rely on (n = 20: depth 2 two-ended,
    /// depth 4 one-ended), and the fall-back to the one-ended kernel past n = 32.
    #[test]
    fn the_default_prefix_depths_are_the_documented_ones() {
        let cases = [
            (6, CountMethod::TwoEnded, 1),
            (12, CountMethod::TwoEnded, 1),
            (14, CountMethod::TwoEnded, 2),
            (20, CountMethod::TwoEnded, 2),
            (12, CountMethod::OneEnded, 2),
            (20, CountMethod::OneEnded, 4),
            (22, CountMethod::OneEnded, 5),
            (40, CountMethod::TwoEnded, 5),
        ];
        for (n, method, depth) in cases {
            assert_eq!(start_angle_prefix_depth(n, method), depth, "n = {n}, {method:?}");
        }
    }

    /// The bound is the documented product, to the byte (looser or tighter is a change of the
    /// budget users see).
    #[test]
    fn the_task_list_bound_is_the_documented_product() {
        let result = size_of::<Option<(usize, u64)>>() as u128;
        let two_ended = 2 * size_of::<(EndsNode, usize)>() as u128 + result;
        // n (n - 1) pairs times n - 1 first rotations, then n - 3 and n - 4 choices.
        assert_eq!(start_angle_task_list_bytes(10, 2, CountMethod::TwoEnded), 10 * 9 * 9 * 7 * 6 * two_ended);
        let one_ended = 2 * size_of::<(Task, usize)>() as u128 + result;
        // n - 1 angles times n - 1 first rotations, then n - 2 and n - 3 choices.
        assert_eq!(start_angle_task_list_bytes(10, 3, CountMethod::OneEnded), 9 * 9 * 8 * 7 * one_ended);
        // Saturates instead of overflowing.
        assert_eq!(start_angle_task_list_bytes(1 << 40, 6, CountMethod::OneEnded), u128::MAX);
    }

    #[test]
    fn the_task_list_bound_holds() {
        for n in (4..=14).step_by(2) {
            for method in [CountMethod::TwoEnded, CountMethod::OneEnded] {
                for depth in 1..=4 {
                    for use_symmetry in [true, false] {
                        let options = CountOptions {
                            prefix_depth: Some(depth),
                            method,
                            use_symmetry,
                            ..CountOptions::default()
                        };
                        let tasks = count_start_angles(n, &options, None).unwrap().tasks as u128;
                        let per_task = match method.for_n(n) {
                            CountMethod::TwoEnded => 2 * size_of::<(EndsNode, usize)>(),
                            CountMethod::OneEnded => 2 * size_of::<(Task, usize)>(),
                        } + size_of::<Option<(usize, u64)>>();
                        assert!(
                            tasks * per_task as u128 <= start_angle_task_list_bytes(n, depth, method),
                            "n = {n}, depth {depth}, {method:?}"
                        );
                    }
                }
            }
        }
    }
}
