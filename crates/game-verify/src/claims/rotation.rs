//! Seed 001 ("Zum Rotationsspiel"): claims R1-R6, R8, R9 and the false RX ("filling solves
//! n = 12"). R7 ("group comparison") is not checked: the seed gives no precise rule.
//!
//! References: brute force over all permutations of 1..n-1 with the partial-sum test written
//! here; the state machine of game-rotation (`Puzzle::verify`), which plays the rules; the
//! explicit automaton of R2 through game-core; and the published counts of sequencings of Z_n.

use game_rotation::{self as rot, Puzzle};
use itertools::Itertools;
use num_bigint::BigUint;

use crate::{Claim, Evidence, Expected, Scale, Tally};

fn claim(
    id: &'static str,
    statement: &'static str,
    methods: [&'static str; 2],
    check: fn(Scale) -> Evidence,
) -> Claim {
    Claim { id, statement, source: "seed 001 (Mueller 2020)", methods, expected: Expected::Holds, check }
}

pub(crate) fn claims() -> Vec<Claim> {
    vec![
        claim(
            "R1",
            "Solutions are exactly the sequencings of Z_n (partial sums pairwise distinct mod n); odd n has none",
            [
                "game-rotation's state machine (Puzzle::verify) on every ordering of 1..n-1",
                "the partial-sum test, written in the check",
            ],
            r1,
        ),
        claim(
            "R2",
            "The solutions are the language of the finite automaton of states: its accepted paths number as many as the solutions",
            [
                "game-rotation's count_accepted_paths on the explicit automaton (game-core graph)",
                "game-rotation's count_sequencings (bitmask count over partial sums)",
            ],
            r2,
        ),
        claim(
            "R3",
            "Solution counts n = 2..18: 1, 2, 4, 24, 288, 3856, 89328, 2755968, 103653120; enumeration finds them all; a backtracking search (no construction) finds one fast",
            [
                "game-rotation's count_sequencings (bitmask search), solutions and backtracking_search (no construction)",
                "published counts (seed 001, OEIS A141599), brute force over all orderings, the meet-in-the-middle counter, the partial-sum test and the state machine",
            ],
            r3,
        ),
        claim(
            "R4",
            "Filling k = (1, 2, ..., n-1) solves the puzzle iff n is a power of two",
            [
                "the partial-sum test on (1, ..., n-1), written in the check, and the state machine",
                "n.is_power_of_two(), and game-rotation's filling()",
            ],
            r4,
        ),
        claim(
            "R5",
            "Emptying (k_i = i for odd i, n - i for even i) solves every even n; its partial sums are g(y) with inverse",
            [
                "game-rotation's emptying, emptying_position and emptying_step",
                "the sequence of the statement written in the check, its partial sums, the partial-sum test and the state machine",
            ],
            r5,
        ),
        claim(
            "R6",
            "Permuting (start from any ordering, rearrange it toward fewer collisions of partial sums) ends in a solution",
            [
                "game-rotation's permuting (local search on an ordering, several seeds per n)",
                "the partial-sum test, written in the check, and the state machine",
            ],
            r6,
        ),
        claim(
            "R8",
            "White pin: solutions by the slot of the white pin; filling and emptying put it next to the blue pin (n/2 + 1); every slot but 0 has a solution",
            [
                "game-rotation's count_by_white_slot (by symmetry), white_slot_of and solve with a white pin",
                "game-rotation's count_with_white_pin (direct), brute force over all orderings and the partial-sum test",
            ],
            r8,
        ),
        claim(
            "R9",
            "Start angles of the blue pins: every angle except 0 can be solved; counts by angle, by symmetry and directly, agree with brute force, with the one-ended kernel and with meeting in the middle",
            [
                "game-rotation's count_by_start_angle (two-ended kernel, units and the reversal that changes the angle) and find_solution",
                "game-rotation's count_by_start_angle_direct, count_start_angles with the one-ended kernel, count_start_angles_meet_in_middle, the published counts for the seed's angle, brute force over all orderings, and the rule of the start angle written in the check",
            ],
            r9,
        ),
        Claim {
            id: "RX",
            statement: "(false) Filling (1, 2, ..., 11) solves the puzzle for n = 12",
            source: "our own; seed 001 (R4) says filling fails unless n is a power of two",
            methods: [
                "the partial-sum test on (1, ..., 11), written in the check",
                "game-rotation's state machine (Puzzle::verify), which must reject it too",
            ],
            expected: Expected::Refuted {
                counterexample: "n = 12, filling (1..11): partial sums S_2 = S_5 = 3",
            },
            check: rx,
        },
    ]
}

/// The partial-sum test of R1, written out: 0, k_1, k_1 + k_2, ... pairwise distinct mod n.
fn is_sequencing(n: usize, ks: &[usize]) -> bool {
    let mut seen = vec![false; n];
    let mut sum = 0;
    seen[0] = true;
    for &k in ks {
        sum = (sum + k) % n;
        if std::mem::replace(&mut seen[sum], true) {
            return false;
        }
    }
    true
}

/// Number of sequencings of Z_n by brute force over all (n-1)! orderings.
fn brute_force_count(n: usize) -> u128 {
    (1..n).permutations(n - 1).filter(|p| is_sequencing(n, p)).count() as u128
}

/// Published numbers of sequencings of Z_n for n = 2, 4, ..., 18 (the seed's Abbildung 4 up to
/// n = 12; OEIS A141599 beyond, whose a(9) for n = 18 is D. V. Feldman's 2018 value, also
/// 2 * A067601(9) = 2 * 51826560).
const KNOWN_COUNTS: [(usize, u128); 9] =
    [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968), (18, 103_653_120)];

fn r1(scale: Scale) -> Evidence {
    let max_n = scale.pick(8, 10);
    let mut tally = Tally::new();
    for n in 2..=max_n {
        let puzzle = Puzzle::new(n);
        if n % 2 == 1 {
            tally.case(puzzle.is_err(), || format!("n = {n}: odd n accepted"));
            let any = (1..n).permutations(n - 1).any(|p| is_sequencing(n, &p));
            tally.case(!any, || format!("n = {n}: an odd n has a sequencing"));
            continue;
        }
        let Ok(puzzle) = puzzle else {
            tally.case(false, || format!("n = {n}: even n rejected"));
            continue;
        };
        let mut solutions = 0u64;
        for p in (1..n).permutations(n - 1) {
            let rules = puzzle.verify(&p).is_ok();
            let sums = is_sequencing(n, &p);
            solutions += u64::from(sums);
            if sums {
                let total: usize = p.iter().sum();
                tally.case(total % n == n / 2, || format!("n = {n}: {p:?} ends at {}", total % n));
            }
            tally.case(rules == sums, || format!("n = {n}: {p:?}: state machine {rules}, sequencing {sums}"));
        }
        tally.record(&(n, solutions));
    }
    Evidence { bound: format!("every ordering of 1..n-1 for n = 2..={max_n}"), tally }
}

fn r2(scale: Scale) -> Evidence {
    let max_n = scale.pick(8, 12);
    let mut tally = Tally::new();
    for n in (2..=max_n).step_by(2) {
        let puzzle = Puzzle::new(n).expect("even n");
        let paths = rot::count_accepted_paths(&puzzle, usize::MAX);
        let direct = rot::count_sequencings(n);
        tally.record(&(n, &paths));
        tally.case(matches!((&paths, &direct), (Ok(a), Ok(b)) if a == b), || {
            format!("n = {n}: automaton paths {paths:?}, direct count {direct:?}")
        });
    }
    Evidence { bound: format!("even n = 2..={max_n}"), tally }
}

fn r3(scale: Scale) -> Evidence {
    let (brute_n, count_n, enum_n, meet_n) = scale.pick((8, 12, 8, 12), (10, 18, 12, 16));
    let mut tally = Tally::new();
    for (n, known) in KNOWN_COUNTS.into_iter().filter(|&(n, _)| n <= count_n) {
        let fast = rot::count_sequencings(n);
        tally.record(&(n, &fast));
        tally.case(fast.as_ref().ok() == Some(&known), || {
            format!("n = {n}: counted {fast:?}, published {known}")
        });
        if n <= meet_n {
            // The second counter, which shares no search code with count_sequencings.
            let meet = rot::count_sequencings_meet_in_middle(n, 1 << 30).map(|r| r.total);
            tally.case(meet.as_ref().ok() == Some(&known), || {
                format!("n = {n}: meet in the middle {meet:?}, published {known}")
            });
        }
        if n <= brute_n {
            let brute = brute_force_count(n);
            tally.case(brute == known, || format!("n = {n}: brute force {brute}, published {known}"));
        }
        if n <= enum_n {
            let puzzle = Puzzle::new(n).expect("even n");
            let mut all = 0u128;
            let mut valid = true;
            for s in rot::solutions(&puzzle) {
                all += 1;
                valid &= puzzle.verify(&s).is_ok() && is_sequencing(n, &s);
            }
            tally.case(valid && all == known, || format!("n = {n}: enumerated {all} (all valid: {valid})"));
        }
    }
    // A real search (no construction) finds one solution for every even n, checked by the
    // state machine and the partial sums; the nodes it visited go into the digest.
    let search_n = scale.pick(50, 100);
    let mut nodes_total = 0u64;
    for n in (4..=search_n).step_by(2) {
        let puzzle = Puzzle::new(n).expect("even n");
        let found = rot::backtracking_search(n, n as u64, 1 << 28);
        let ok = found.as_ref().is_ok_and(|(s, _)| puzzle.verify(s).is_ok() && is_sequencing(n, s));
        if let Ok((_, nodes)) = &found {
            nodes_total += nodes;
            tally.record(&(n, nodes));
        }
        tally.case(ok, || format!("n = {n}: backtracking_search gave {found:?}"));
    }
    Evidence {
        bound: format!(
            "counts n <= {count_n} (brute force n <= {brute_n}, enumeration n <= {enum_n}, meet in the middle n <= {meet_n}); backtracking search every even n = 4..={search_n} ({nodes_total} nodes in all)"
        ),
        tally,
    }
}

fn r4(scale: Scale) -> Evidence {
    let (solver_n, sequence_n) = scale.pick((64, 1 << 10), (64, 1 << 13));
    let mut tally = Tally::new();
    for n in (2..=sequence_n).step_by(2) {
        let filling: Vec<usize> = (1..n).collect();
        let solves = is_sequencing(n, &filling);
        tally.record(&(n, solves));
        tally.case(solves == n.is_power_of_two(), || format!("n = {n}: (1..n-1) solves: {solves}"));
        if n <= solver_n {
            let by_crate = rot::filling(n);
            let state_machine = Puzzle::new(n).expect("even n").verify(&filling).is_ok();
            tally.case(by_crate.is_ok() == n.is_power_of_two() && state_machine == solves, || {
                format!("n = {n}: filling() {by_crate:?}, state machine {state_machine}")
            });
        }
    }
    Evidence { bound: format!("even n <= {sequence_n} (the crate's filling() for n <= {solver_n})"), tally }
}

fn r5(scale: Scale) -> Evidence {
    let max_n = scale.pick(1_000, 10_000);
    let mut tally = Tally::new();
    let twelve = rot::emptying(12);
    tally.case(twelve.as_deref() == Ok(&[1, 10, 3, 8, 5, 6, 7, 4, 9, 2, 11][..]), || {
        format!("n = 12: {twelve:?}")
    });
    for n in (2..=max_n).step_by(2) {
        let puzzle = Puzzle::new(n).expect("even n");
        // The seed's definition, written here.
        let ks: Vec<usize> = (1..n).map(|i| if i % 2 == 1 { i } else { n - i }).collect();
        let by_crate = rot::emptying(n);
        tally.case(by_crate.as_ref() == Ok(&ks), || format!("n = {n}: emptying() {by_crate:?}"));
        tally.case(puzzle.verify(&ks).is_ok(), || format!("n = {n}: the state machine rejects emptying"));
        // The definition of a sequencing, with exact (unreduced) big-integer partial sums: the
        // residues of 0, k_1, k_1 + k_2, ... mod n must be 0..n-1, each once. No modular
        // arithmetic of the crate (or of this file's is_sequencing) is on this path.
        let modulus = BigUint::from(n);
        let mut exact = BigUint::default();
        let mut residues = vec![0usize];
        for &k in &ks {
            exact += BigUint::from(k);
            residues.push(usize::try_from(&exact % &modulus).unwrap_or(usize::MAX));
        }
        let mut sorted = residues.clone();
        sorted.sort_unstable();
        tally.case(sorted.iter().copied().eq(0..n), || {
            format!("n = {n}: exact partial sums of emptying repeat")
        });
        // g(y) and its inverse against the exact residues.
        for (y, &sum) in residues.iter().enumerate().skip(1) {
            let g = rot::emptying_position(n, y);
            let back = rot::emptying_step(n, sum);
            tally.case(g == Ok(sum) && back == Ok(y), || {
                format!("n = {n}, y = {y}: g {g:?}, exact sum mod n {sum}, inverse {back:?}")
            });
        }
    }
    tally.record(&max_n);
    Evidence { bound: format!("every even n <= {max_n}"), tally }
}

fn r6(scale: Scale) -> Evidence {
    // Every even n up to the bound, several seeds each: a seed that gives up refutes the claim
    // at that n (no cap). The success rate per n goes into the digest.
    let (max_n, seeds) = scale.pick((60, 3u64), (200, 5u64));
    let mut tally = Tally::new();
    let mut short: Vec<String> = Vec::new();
    for n in (4..=max_n).step_by(2) {
        let puzzle = Puzzle::new(n).expect("even n");
        let mut solved = 0u64;
        for seed in 0..seeds {
            let found = rot::permuting(&puzzle, 1000 * n as u64 + seed, 1 << 24);
            let ok = found.as_ref().is_ok_and(|s| puzzle.verify(s).is_ok() && is_sequencing(n, s));
            solved += u64::from(ok);
            tally.case(ok, || format!("n = {n}, seed {seed}: permuting gave {found:?}"));
        }
        tally.record(&(n, solved, seeds));
        if solved < seeds {
            short.push(format!("n = {n}: {solved}/{seeds}"));
        }
    }
    let rates = if short.is_empty() { format!("{seeds}/{seeds} for every n") } else { short.join(", ") };
    Evidence {
        bound: format!(
            "every even n = 4..={max_n}, {seeds} seeds each, at most 2^24 steps a seed; solved: {rates}"
        ),
        tally,
    }
}

fn r8(scale: Scale) -> Evidence {
    let (direct_n, brute_n) = scale.pick((10, 8), (12, 10));
    let mut tally = Tally::new();
    for n in (4..=direct_n).step_by(2) {
        let by_slot = rot::count_by_white_slot(n);
        let total = rot::count_sequencings(n);
        tally.record(&(n, &by_slot));
        let Ok(by_slot) = by_slot else {
            tally.case(false, || format!("n = {n}: {by_slot:?}"));
            continue;
        };
        tally.case(Ok(by_slot.iter().sum::<u128>()) == total, || {
            format!("n = {n}: slots sum to {}, total {total:?}", by_slot.iter().sum::<u128>())
        });
        for (w, &count) in by_slot.iter().enumerate() {
            if w == n / 2 {
                continue; // the blue pin's slot
            }
            let direct = rot::count_with_white_pin(n, w);
            tally.case(direct == Ok(count), || {
                format!("n = {n}, white slot {w}: by symmetry {count}, direct {direct:?}")
            });
            if n <= brute_n {
                // The white pin moves last: it stands where the last moved pin stands, at the
                // partial sum after n - 2 moves (R8).
                let brute = (1..n)
                    .permutations(n - 1)
                    .filter(|p| is_sequencing(n, p) && p[..n - 2].iter().sum::<usize>() % n == w)
                    .count() as u128;
                tally.case(brute == count, || {
                    format!("n = {n}, white slot {w}: brute force {brute}, counted {count}")
                });
            }
        }
        for (name, solution) in [("filling", rot::filling(n)), ("emptying", rot::emptying(n))] {
            if let Ok(s) = solution {
                let slot = rot::white_slot_of(n, &s);
                tally.case(slot == Some(n / 2 + 1), || {
                    format!("n = {n}: {name} puts the white pin at {slot:?}")
                });
            }
        }
    }
    // Every slot but 0 (under the top at the start) has a solution: one is constructed (units:
    // emptying times a unit; other slots: a symmetric sequencing from a Bailey terrace) and
    // checked by is_sequencing, independently of the solvers and the state machine.
    let solve_n = scale.pick(40, 200);
    for n in (14..=solve_n).step_by(2) {
        for w in (0..n).filter(|&w| w != n / 2) {
            let puzzle = rot::Puzzle::new(n).and_then(|p| p.with_white_pin(w));
            let solution = puzzle.and_then(|p| rot::solve(&p, 1, 1_000_000));
            match solution {
                Ok(s) => {
                    tally.record(&(n, w, &s));
                    tally
                        .case(w != 0 && is_sequencing(n, &s) && rot::white_slot_of(n, &s) == Some(w), || {
                            format!("n = {n}, white slot {w}: {s:?} is not a solution")
                        });
                }
                Err(e) => {
                    // Slot 0 by exhaustion of the game tree on the state machine: the white pin
                    // starts under the top, so every one of the n - 1 first moves is refused.
                    let refused = w == 0
                        && rot::Puzzle::new(n)
                            .and_then(|p| p.with_white_pin(0))
                            .is_ok_and(|p| (1..n).all(|k| p.start().after(k).is_err()));
                    tally.case(refused && matches!(e, rot::RotationError::NoSolution { .. }), || {
                        format!("n = {n}, white slot {w}: {e}")
                    });
                }
            }
        }
    }
    Evidence {
        bound: format!(
            "even n = 4..={direct_n} (brute force n <= {brute_n}); a solution for every slot, even n = 14..={solve_n}"
        ),
        tally,
    }
}

fn r9(scale: Scale) -> Evidence {
    let (direct_n, brute_n, one_ended_n) = scale.pick((10, 8, 12), (12, 10, 14));
    let mut tally = Tally::new();
    for n in (2..=one_ended_n).step_by(2) {
        let by_symmetry = rot::count_by_start_angle(n);
        // The one-ended kernel shares no search code with the two-ended one and uses no
        // reversal: it searches each angle a | n on its own.
        let options =
            rot::CountOptions { method: rot::CountMethod::OneEnded, ..rot::CountOptions::default() };
        let one_ended = rot::count_start_angles(n, &options, None).map(|r| r.by_angle);
        tally.record(&(n, &by_symmetry));
        tally.case(by_symmetry.is_ok() && by_symmetry == one_ended, || {
            format!("n = {n}: two-ended {by_symmetry:?} vs one-ended {one_ended:?}")
        });
        // Meeting in the middle shares no search code with either kernel: one meeting credits
        // every angle, the slot that neither half visits.
        let meeting = rot::count_start_angles_meet_in_middle(n, 1 << 30, None).map(|r| r.by_angle);
        tally.case(by_symmetry.is_ok() && by_symmetry == meeting, || {
            format!("n = {n}: two-ended {by_symmetry:?} vs meeting in the middle {meeting:?}")
        });
        // The seed's angle n/2 is the seed's puzzle: the published number of sequencings.
        let published = KNOWN_COUNTS.iter().find(|&&(m, _)| m == n).map(|&(_, c)| c);
        let seeds_angle = by_symmetry.as_ref().ok().map(|counts| counts[n / 2]);
        tally.case(published.is_some() && seeds_angle == published, || {
            format!("n = {n}: angle n/2 has {seeds_angle:?}, published {published:?}")
        });
        // The answer: solvable exactly for the angles a != 0.
        if let Ok(counts) = &by_symmetry {
            for (a, &count) in counts.iter().enumerate() {
                tally.case((count > 0) == (a != 0), || format!("n = {n}, angle {a}: {count} solutions"));
            }
        }
        if n > direct_n {
            continue;
        }
        let direct = rot::count_by_start_angle_direct(n);
        tally.case(by_symmetry.is_ok() && by_symmetry == direct, || {
            format!("n = {n}: {by_symmetry:?} vs {direct:?}")
        });
        if n <= brute_n {
            // The model of game-rotation's docs: the blue pin in disc slot a; a solution is an
            // ordering of 1..n-1 whose sums S_0 .. S_{n-2} are distinct and avoid a.
            let brute: Vec<u128> = (0..n)
                .map(|a| {
                    (1..n)
                        .permutations(n - 1)
                        .filter(|p| {
                            let mut sums = vec![0usize];
                            for k in &p[..n - 2] {
                                sums.push((sums[sums.len() - 1] + k) % n);
                            }
                            sums.iter().all(|&s| s != a) && sums.iter().all_unique()
                        })
                        .count() as u128
                })
                .collect();
            tally.case(Ok(&brute) == direct.as_ref(), || {
                format!("n = {n}: brute force {brute:?}, direct {direct:?}")
            });
        }
    }
    // Beyond counting: one solution per divisor angle a | n, checked on the state machine. A unit
    // multiple maps it to every angle with the same gcd(a, n), so this covers every angle a != 0.
    let search_n = scale.pick(40, 200);
    for n in (one_ended_n + 2..=search_n).step_by(2) {
        for a in 1..n {
            let puzzle = Puzzle::new(n).and_then(|p| p.with_blue_slot(a)).expect("valid angle");
            let found = rot::find_solution(&puzzle, 1, 1 << 26);
            let ok = found.as_ref().is_ok_and(|s| solves_start_angle(n, a, s) && puzzle.verify(s).is_ok());
            tally.record(&(n, a, &found.as_ref().ok()));
            tally.case(ok, || format!("n = {n}, angle {a}: {found:?}"));
        }
    }
    Evidence {
        bound: format!(
            "counts for even n <= {one_ended_n} (direct n <= {direct_n}, brute force n <= {brute_n}); a solution for every angle for n <= {search_n}"
        ),
        tally,
    }
}

/// True iff `rotations` solves the puzzle with the disc's blue pin in slot `a`, by the rule and
/// not by the state machine: the rotations are `1..n` in some order, and the disc slots emptied,
/// the partial sums `S_0 .. S_{n-2}`, are distinct and never `a`.
fn solves_start_angle(n: usize, a: usize, rotations: &[usize]) -> bool {
    let mut sorted = rotations.to_vec();
    sorted.sort_unstable();
    if sorted != (1..n).collect::<Vec<_>>() {
        return false;
    }
    let mut seen = vec![false; n];
    let mut sum = 0;
    for &k in &rotations[..n - 1] {
        if sum == a || std::mem::replace(&mut seen[sum], true) {
            return false;
        }
        sum = (sum + k) % n;
    }
    true
}

fn rx(_scale: Scale) -> Evidence {
    let n = 12;
    let filling: Vec<usize> = (1..n).collect();
    let mut tally = Tally::new();
    // Partial sums S_0 = 0, S_1, ... mod n; the claim fails at the first repeated one.
    let mut first_seen = vec![None; n];
    first_seen[0] = Some(0);
    let mut sum = 0;
    let mut repeat = None;
    for (i, &k) in filling.iter().enumerate() {
        sum = (sum + k) % n;
        match first_seen[sum] {
            Some(earlier) if repeat.is_none() => repeat = Some((earlier, i + 1, sum)),
            Some(_) => {}
            None => first_seen[sum] = Some(i + 1),
        }
    }
    let state_machine = Puzzle::new(n).map(|p| p.verify(&filling).is_ok());
    tally.record(&(&first_seen, repeat, &state_machine));
    // The state machine must reject what the partial sums reject (R1).
    tally.require(state_machine == Ok(repeat.is_none()), || {
        format!("n = {n}: state machine accepts: {state_machine:?}, partial sums repeat: {repeat:?}")
    });
    tally.case(repeat.is_none(), || {
        let (i, j, s) = repeat.unwrap_or_default();
        format!("n = {n}, filling (1..11): partial sums S_{i} = S_{j} = {s}")
    });
    Evidence { bound: "n = 12".into(), tally }
}
