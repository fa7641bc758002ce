//! The two-ended counting kernel (the default of `count_solutions`) against the one-ended
//! kernel it replaced, the plain baseline and the published counts: totals, counts by first
//! rotation, every variant of the puzzle, shards and the task list.

use game_rotation::*;

fn options(method: CountMethod, use_symmetry: bool) -> CountOptions {
    CountOptions { method, use_symmetry, ..CountOptions::default() }
}

/// OEIS A141599: sequencings of Z_n for n = 2, 4, ..., 16.
const A141599: [(usize, u128); 8] =
    [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968)];

/// Every puzzle of n slots: standard, each white pin, each start angle, and each start angle
/// with each white pin.
fn every_variant(n: usize) -> Vec<Puzzle> {
    let base = Puzzle::new(n).unwrap();
    let mut out = vec![base];
    for blue in 0..n {
        let Ok(angled) = base.with_blue_slot(blue) else { continue };
        out.push(angled);
        out.extend((0..n).filter_map(|white| angled.with_white_pin(white).ok()));
    }
    out
}

#[test]
fn both_kernels_agree_on_every_variant_up_to_12_slots() {
    let mut compared = 0;
    let mut nonzero = 0;
    for n in (4..=12).step_by(2) {
        for puzzle in every_variant(n) {
            let slow = count_solutions(&puzzle, &options(CountMethod::OneEnded, false), None).unwrap();
            for symmetry in [true, false] {
                let fast = count_solutions(&puzzle, &options(CountMethod::TwoEnded, symmetry), None).unwrap();
                assert_eq!(fast.method, CountMethod::TwoEnded);
                assert_eq!(fast.by_first, slow.by_first, "{puzzle:?}, symmetry {symmetry}");
                assert_eq!(fast.total, slow.total, "{puzzle:?}");
                compared += 1;
                nonzero += usize::from(fast.total > 0);
            }
        }
    }
    // 5 sizes, hundreds of variants, most of them solvable: the comparison is not vacuous.
    assert!(compared > 600 && nonzero > 500, "{compared} compared, {nonzero} nonzero");
}

#[test]
fn the_two_ended_kernel_gives_the_published_counts_and_the_baseline() {
    for (n, published) in A141599 {
        let report = count_solutions(&Puzzle::new(n).unwrap(), &CountOptions::default(), None).unwrap();
        assert_eq!(report.total, published, "n = {n}");
        assert_eq!(report.method, CountMethod::default().for_n(n));
        if n <= 12 {
            assert_eq!(count_sequencings_baseline(n).unwrap(), published);
        }
    }
    for n in [14, 16] {
        let puzzle = Puzzle::new(n).unwrap();
        let fast = count_solutions(&puzzle, &CountOptions::default(), None).unwrap();
        let slow = count_solutions(&puzzle, &options(CountMethod::OneEnded, true), None).unwrap();
        assert_eq!(fast.by_first, slow.by_first, "n = {n}");
    }
}

/// n = 2 (one rotation) and n > 32 (doubled masks do not fit in 64 bits) run the one-ended
/// kernel, and say so.
#[test]
fn the_two_ended_kernel_applies_from_4_to_32_slots() {
    assert_eq!(CountMethod::TwoEnded.for_n(2), CountMethod::OneEnded);
    assert_eq!(CountMethod::TwoEnded.for_n(4), CountMethod::TwoEnded);
    assert_eq!(CountMethod::TwoEnded.for_n(32), CountMethod::TwoEnded);
    assert_eq!(CountMethod::TwoEnded.for_n(34), CountMethod::OneEnded);
    assert_eq!(CountMethod::OneEnded.for_n(16), CountMethod::OneEnded);
    let two = count_solutions(&Puzzle::new(2).unwrap(), &CountOptions::default(), None).unwrap();
    assert_eq!((two.total, two.method), (1, CountMethod::OneEnded));
    // A 32-slot puzzle whose blue pin is on slot 0 has no solution, by either kernel.
    let edge = Puzzle::new(32).unwrap().with_blue_slot(0).unwrap();
    let report = count_solutions(&edge, &CountOptions::default(), None).unwrap();
    assert_eq!((report.total, report.tasks, report.method), (0, 0, CountMethod::TwoEnded));
}

/// The orbits of the pairs (first, last) under the units of Z_n and reversal that can start
/// and end a solution, counted here by canonical representatives (the smallest image).
fn searched_pairs(n: usize) -> usize {
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let units: Vec<usize> = (1..n).filter(|&u| gcd(u, n) == 1).collect();
    let possible = |f: usize, l: usize| {
        let t = (n / 2 + n - l) % n;
        f != l && f != n / 2 && t != 0 && t != n / 2 && f != t
    };
    let mut canonical = std::collections::BTreeSet::new();
    for f in 1..n {
        for l in 1..n {
            if possible(f, l) {
                let images = units.iter().flat_map(|u| [(f * u % n, l * u % n), (l * u % n, f * u % n)]);
                canonical.insert(images.min().unwrap());
            }
        }
    }
    canonical.len()
}

/// At prefix depth 0 the tasks are the searched pairs themselves: one per orbit, for the
/// standard puzzle; one per possible first rotation with a white pin (no symmetry).
#[test]
fn at_depth_zero_there_is_one_task_per_orbit_of_end_pairs() {
    for n in [8, 12, 16] {
        let depth0 = CountOptions { prefix_depth: Some(0), ..CountOptions::default() };
        let report = count_solutions(&Puzzle::new(n).unwrap(), &depth0, None).unwrap();
        assert_eq!(report.tasks, searched_pairs(n), "n = {n}");
    }
    // White pin in slot 3 of 8: last rotation 1, first any of 2..7 but 4 (the blue pin's sum)
    // and 3 (then S_1 = S_6 = 3).
    let white = Puzzle::new(8).unwrap().with_white_pin(3).unwrap();
    let depth0 = CountOptions { prefix_depth: Some(0), ..CountOptions::default() };
    assert_eq!(count_solutions(&white, &depth0, None).unwrap().tasks, 4);
}

/// Shards of the two-ended search add up at every prefix depth, for the total and the counts
/// by first rotation, and deeper cuts give more tasks (up to depth 5: at depth 6 the cut is at
/// 5 rotations left, where the necessary condition removes most nodes).
#[test]
fn two_ended_shards_add_up_at_every_depth() {
    let n = 14;
    let whole = count_solutions(&Puzzle::new(n).unwrap(), &CountOptions::default(), None).unwrap();
    let mut tasks_by_depth = Vec::new();
    for depth in 0..=6 {
        for shards in [1, 3, 7] {
            let mut total = 0;
            let mut by_first = vec![0u128; n];
            let mut tasks = 0;
            for index in 0..shards {
                let options = CountOptions {
                    shard: Shard::new(index, shards).unwrap(),
                    prefix_depth: Some(depth),
                    ..CountOptions::default()
                };
                let report = count_solutions(&Puzzle::new(n).unwrap(), &options, None).unwrap();
                total += report.total;
                tasks += report.tasks;
                by_first.iter_mut().zip(&report.by_first).for_each(|(a, b)| *a += b);
            }
            assert_eq!((total, &by_first), (whole.total, &whole.by_first), "depth {depth}, K = {shards}");
            if shards == 1 {
                tasks_by_depth.push(tasks);
            }
        }
    }
    assert!(tasks_by_depth[..6].windows(2).all(|w| w[0] < w[1]), "{tasks_by_depth:?}");
}

/// Shard files of different builds merge only if they cut the search into the same task list;
/// these task counts pin that list (they are the kernel's own output, a tripwire rather than a
/// check of correctness). A change that moves them (the range of the pruning, the choice of
/// end, the order of the children, the default depth) must also change the method's name,
/// `CountMethod::TwoEnded.name()`, so that old and new shard files refuse to merge.
#[test]
fn the_task_list_of_shard_files_is_pinned() {
    let tasks = |n: usize, depth: Option<usize>| {
        let options = CountOptions { prefix_depth: depth, ..CountOptions::default() };
        count_solutions(&Puzzle::new(n).unwrap(), &options, None).unwrap().tasks
    };
    let by_depth: Vec<usize> = (0..=6).map(|depth| tasks(14, Some(depth))).collect();
    assert_eq!(by_depth, [11, 92, 602, 3154, 12509, 28379, 23984]);
    assert_eq!((tasks(16, None), tasks(18, None)), (9158, 24824));
    assert_eq!(CountMethod::TwoEnded.name(), "two-ended");
}
