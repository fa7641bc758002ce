//! Tests of game-rotation against slow, obvious references. Claim ids refer to
//! `docs/claims.md` (seed 001, R1-R9).

use game_rotation::*;
use proptest::prelude::*;

/// Every permutation of 1..n (n <= 9), by a simple recursive generator independent of the crate.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn go(rest: &mut Vec<usize>, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let k = rest.remove(i);
            cur.push(k);
            go(rest, cur, out);
            cur.pop();
            rest.insert(i, k);
        }
    }
    let mut out = Vec::new();
    go(&mut (1..n).collect(), &mut Vec::new(), &mut out);
    out
}

/// Greatest common divisor by repeated subtraction (independent of the crate's Euclid).
fn gcd(a: usize, b: usize) -> usize {
    let (mut a, mut b) = (a, b);
    while a != 0 && b != 0 {
        if a >= b { a -= b } else { b -= a }
    }
    a + b
}

/// The units of Z_n, from the definition.
fn units(n: usize) -> Vec<usize> {
    (1..n).filter(|&u| gcd(u, n) == 1).collect()
}

/// Distinct partial sums mod n, written out directly.
fn distinct_sums(n: usize, ks: &[usize]) -> bool {
    let mut sums = vec![0usize];
    for &k in ks {
        sums.push((sums.last().unwrap() + k) % n);
    }
    let mut sorted = sums.clone();
    sorted.sort();
    sorted.dedup();
    sorted.len() == sums.len()
}

#[test]
fn r1_odd_and_too_small_sizes_are_rejected() {
    for n in [3usize, 5, 11, 99] {
        assert_eq!(Puzzle::new(n), Err(RotationError::OddSize { n }));
    }
    assert_eq!(Puzzle::new(1), Err(RotationError::TooSmall { n: 1 }));
    assert_eq!(Puzzle::new(0), Err(RotationError::TooSmall { n: 0 }));
    assert!(matches!(emptying(7), Err(RotationError::OddSize { n: 7 })));
    assert!(matches!(count_sequencings(9), Err(RotationError::OddSize { n: 9 })));
    assert!(matches!(count_sequencings(66), Err(RotationError::TooLarge { n: 66, max: 64 })));
}

#[test]
fn r1_wins_are_exactly_the_sequencings_for_every_permutation() {
    for n in (2..=8).step_by(2) {
        let puzzle = Puzzle::new(n).unwrap();
        for perm in permutations(n) {
            let wins = puzzle.verify(&perm).is_ok();
            assert_eq!(wins, distinct_sums(n, &perm), "n={n} {perm:?}");
            assert_eq!(wins, is_sequencing(n, &perm));
            if wins {
                // The total is n/2: the blue pin is under the top at the end (R1).
                assert_eq!(perm.iter().sum::<usize>() % n, n / 2);
            }
        }
    }
}

#[test]
fn r3_counts_agree_with_all_permutations_up_to_10() {
    let expected = [1u128, 2, 4, 24, 288];
    for (i, n) in (2..=10).step_by(2).enumerate() {
        let puzzle = Puzzle::new(n).unwrap();
        let brute = count_by_permutations(&puzzle).unwrap();
        assert_eq!(brute, expected[i], "n={n}");
        assert_eq!(count_sequencings(n).unwrap(), brute);
        assert_eq!(count_sequencings_baseline(n).unwrap(), brute);
        assert_eq!(solutions(&puzzle).count() as u128, brute);
        let plain = CountOptions { use_symmetry: false, parallel: false, ..CountOptions::default() };
        assert_eq!(count_solutions(&puzzle, &plain, None).unwrap().total, brute);
    }
}

#[test]
fn r3_counts_match_the_seed_and_oeis_a141599_up_to_16() {
    // R3 (Abbildung 4) for n <= 12; OEIS A141599 for 14 and 16.
    let expected = [1u128, 2, 4, 24, 288, 3856, 89328, 2755968];
    for (i, n) in (2..=16).step_by(2).enumerate() {
        assert_eq!(count_sequencings(n).unwrap(), expected[i], "n={n}");
    }
    assert_eq!(count_sequencings_baseline(12).unwrap(), 3856);
}

#[test]
fn r2_accepted_paths_of_the_automaton_equal_the_count() {
    for n in (2..=10).step_by(2) {
        let puzzle = Puzzle::new(n).unwrap();
        assert_eq!(count_accepted_paths(&puzzle, 2_000_000).unwrap(), count_sequencings(n).unwrap(), "n={n}");
    }
    // Also for variants (R8, R9).
    let white = Puzzle::new(8).unwrap().with_white_pin(3).unwrap();
    assert_eq!(count_accepted_paths(&white, 100_000).unwrap(), count_by_permutations(&white).unwrap());
    let angle = Puzzle::new(8).unwrap().with_blue_slot(2).unwrap();
    assert_eq!(count_accepted_paths(&angle, 100_000).unwrap(), count_by_permutations(&angle).unwrap());
    assert!(matches!(count_accepted_paths(&Puzzle::new(10).unwrap(), 10), Err(RotationError::Graph(_))));
}

#[test]
fn r2_automaton_graph_accepting_states_are_won() {
    let puzzle = Puzzle::new(6).unwrap();
    let graph = automaton_graph(&puzzle, 10_000).unwrap();
    let won: Vec<_> = graph.graph.node_weights().filter(|s| s.is_won()).collect();
    // Won states: all pins on the board, rotation n/2; the board is full and every disc slot but
    // the blue one is empty, so there is exactly one won state.
    assert_eq!(won.len(), 1);
    assert_eq!(won[0].rotation(), 3);
    for state in graph.graph.node_weights() {
        let out = graph.graph.neighbors(graph.node(state).unwrap()).count();
        assert_eq!(out == 0, state.status() != Status::Ongoing || state.legal_rotations().is_empty());
    }
}

#[test]
fn r4_filling_works_exactly_for_powers_of_two_up_to_64() {
    for n in (2..=64).step_by(2) {
        let straight: Vec<usize> = (1..n).collect();
        let valid = Puzzle::new(n).unwrap().verify(&straight).is_ok();
        // Independent check: triangular numbers distinct mod n.
        assert_eq!(valid, distinct_sums(n, &straight), "n={n}");
        assert_eq!(valid, [2, 4, 8, 16, 32, 64].contains(&n), "n={n}");
        match filling(n) {
            Ok(s) => {
                assert!(valid);
                assert_eq!(s, straight);
                // R8: its white-pin slot is next to the blue pin, n/2 + 1 (n/2 for n = 2).
                assert_eq!(white_slot_of(n, &s), Some((n / 2 + 1) % n.max(3)).filter(|_| n > 2).or(Some(0)));
            }
            Err(e) => {
                assert!(!valid);
                assert_eq!(e, RotationError::NotPowerOfTwo { n });
            }
        }
    }
}

#[test]
fn r5_emptying_is_valid_for_every_even_n_up_to_10000() {
    assert_eq!(check_emptying_range(2..=10_000).unwrap(), 5000);
    for n in (2..=10_000).step_by(998) {
        assert!(distinct_sums(n, &emptying(n).unwrap()));
    }
}

#[test]
fn r5_emptying_closed_form_and_inverse() {
    assert_eq!(emptying(12).unwrap(), vec![1, 10, 3, 8, 5, 6, 7, 4, 9, 2, 11]);
    let g: Vec<usize> = (1..12).map(|y| emptying_position(12, y).unwrap()).collect();
    assert_eq!(g, vec![1, 11, 2, 10, 3, 9, 4, 8, 5, 7, 6]);
    for n in (2..=300).step_by(2) {
        let sums = partial_sums(n, &emptying(n).unwrap());
        for (y, &sum) in sums.iter().enumerate().take(n) {
            let x = emptying_position(n, y).unwrap();
            assert_eq!(x, sum, "g({y}) for n={n}");
            assert_eq!(emptying_step(n, x).unwrap(), y);
        }
        // R8: the white pin for emptying stands at g(n-2) = n/2 + 1, mirrored n/2 - 1.
        if n > 2 {
            assert_eq!(white_slot_of(n, &emptying(n).unwrap()), Some(n / 2 + 1));
            let mirrored: Vec<usize> = emptying(n).unwrap().iter().map(|k| n - k).collect();
            assert_eq!(white_slot_of(n, &mirrored), Some(n / 2 - 1));
            assert!(Puzzle::new(n).unwrap().with_white_pin(n / 2 - 1).unwrap().verify(&mirrored).is_ok());
        }
    }
    assert!(matches!(emptying_position(12, 12), Err(RotationError::SlotOutOfRange { slot: 12, n: 12 })));
}

#[test]
fn r8_counts_by_white_slot_against_direct_counts_and_permutations() {
    for n in (2..=10).step_by(2) {
        let by_slot = count_by_white_slot(n).unwrap();
        assert_eq!(by_slot.iter().sum::<u128>(), count_sequencings(n).unwrap());
        #[allow(clippy::needless_range_loop)]
        for w in 0..n {
            let puzzle = Puzzle::new(n).unwrap();
            match puzzle.with_white_pin(w) {
                Ok(p) => {
                    let brute = count_by_permutations(&p).unwrap();
                    assert_eq!(by_slot[w], brute, "n={n} w={w}");
                    assert_eq!(count_with_white_pin(n, w).unwrap(), brute);
                    // Independent: sequencings whose second-to-last sum is w.
                    let direct = permutations(n)
                        .into_iter()
                        .filter(|p| distinct_sums(n, p) && white_slot_of(n, p) == Some(w))
                        .count() as u128;
                    assert_eq!(brute, direct);
                }
                Err(e) => {
                    assert_eq!(w, n / 2);
                    assert_eq!(e, RotationError::WhitePinOnBluePin { slot: w });
                    assert_eq!(by_slot[w], 0);
                }
            }
        }
    }
    // Larger n: the fast (reversal + units) table against direct counts.
    let by_slot = count_by_white_slot(12).unwrap();
    for w in [1usize, 2, 3, 4, 7] {
        assert_eq!(by_slot[w], count_with_white_pin(12, w).unwrap(), "w={w}");
    }
}

#[test]
fn r9_counts_by_start_angle_against_direct_counts_and_permutations() {
    for n in (2..=8).step_by(2) {
        let fast = count_by_start_angle(n).unwrap();
        assert_eq!(fast, count_by_start_angle_direct(n).unwrap());
        for (a, &count) in fast.iter().enumerate() {
            let puzzle = Puzzle::new(n).unwrap().with_blue_slot(a).unwrap();
            assert_eq!(count, count_by_permutations(&puzzle).unwrap(), "n={n} a={a}");
        }
        assert_eq!(fast[n / 2], count_sequencings(n).unwrap());
        assert_eq!(fast[0], 0);
    }
    assert_eq!(count_by_start_angle(10).unwrap(), count_by_start_angle_direct(10).unwrap());
    // Result (R9): every angle but 0 is solvable, for every even n computed.
    for n in (4..=12).step_by(2) {
        assert!(count_by_start_angle(n).unwrap()[1..].iter().all(|&c| c > 0), "n={n}");
    }
}

#[test]
fn units_and_reversal_map_solutions_to_solutions() {
    for n in (2..=10).step_by(2) {
        let all: Vec<Vec<usize>> = solutions(&Puzzle::new(n).unwrap()).collect();
        for s in &all {
            let reversed: Vec<usize> = s.iter().rev().copied().collect();
            assert!(all.contains(&reversed));
            for u in units(n) {
                let multiplied: Vec<usize> = s.iter().map(|k| k * u % n).collect();
                assert!(all.contains(&multiplied));
            }
        }
    }
    assert_eq!(units(12), vec![1, 5, 7, 11]);
}

#[test]
fn enumeration_is_sorted_distinct_and_valid() {
    for n in (2..=12).step_by(2) {
        let puzzle = Puzzle::new(n).unwrap();
        let all: Vec<Vec<usize>> = solutions(&puzzle).collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert!(all.iter().all(|s| puzzle.verify(s).is_ok()));
        assert_eq!(all.len() as u128, count_sequencings(n).unwrap());
    }
    let white = Puzzle::new(10).unwrap().with_white_pin(2).unwrap();
    let all: Vec<Vec<usize>> = solutions(&white).collect();
    assert!(all.iter().all(|s| white.verify(s).is_ok()));
    assert_eq!(all.len() as u128, count_with_white_pin(10, 2).unwrap());
    assert_eq!(solutions(&Puzzle::new(8).unwrap().with_blue_slot(0).unwrap()).count(), 0);
}

#[test]
fn shards_add_up_and_progress_is_reported() {
    let puzzle = Puzzle::new(12).unwrap();
    let total = count_sequencings(12).unwrap();
    for shards in [1usize, 2, 7] {
        let mut sum = 0;
        let mut by_first = [0u128; 12];
        for i in 0..shards {
            let calls = std::sync::atomic::AtomicUsize::new(0);
            let progress = |p: Progress| {
                assert!(p.done <= p.total);
                calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            };
            let options = CountOptions { shard: Shard::new(i, shards).unwrap(), ..CountOptions::default() };
            let report = count_solutions(&puzzle, &options, Some(&progress)).unwrap();
            assert_eq!(calls.into_inner(), report.tasks);
            sum += report.total;
            for (sum_k, k) in by_first.iter_mut().zip(&report.by_first) {
                *sum_k += k;
            }
        }
        assert_eq!(sum, total, "{shards} shards");
        assert_eq!(by_first.iter().sum::<u128>(), total);
    }
    assert_eq!("3/16".parse::<Shard>().unwrap(), Shard::new(3, 16).unwrap());
    assert!(matches!("16/16".parse::<Shard>(), Err(RotationError::InvalidShard { index: 16, count: 16 })));
    assert!(matches!("x".parse::<Shard>(), Err(RotationError::ShardSyntax { .. })));
    // The accessors return what was parsed (shard files record both).
    let shard: Shard = " 3 / 16".parse().unwrap();
    assert_eq!((shard.index(), shard.count()), (3, 16));
    assert_eq!((Shard::ALL.index(), Shard::ALL.count()), (0, 1));
}

#[test]
fn find_solution_is_valid_and_exact_on_small_variants() {
    for n in (2..=12).step_by(2) {
        let base = Puzzle::new(n).unwrap();
        assert!(base.verify(&find_solution(&base, 7, 1_000_000).unwrap()).is_ok());
        let by_slot = count_by_white_slot(n).unwrap();
        for w in (0..n).filter(|&w| w != n / 2) {
            let puzzle = base.with_white_pin(w).unwrap();
            match find_solution(&puzzle, 7, 1_000_000) {
                Ok(s) => {
                    assert!(by_slot[w] > 0);
                    assert!(puzzle.verify(&s).is_ok());
                    assert_eq!(white_slot_of(n, &s), Some(w));
                }
                Err(e) => {
                    assert_eq!(by_slot[w], 0, "n={n} w={w}: {e}");
                    assert!(matches!(e, RotationError::NoSolution { .. }));
                }
            }
        }
    }
    for n in [20usize, 40, 60, 200] {
        let s = find_solution(&Puzzle::new(n).unwrap(), 1, 5_000_000).unwrap();
        assert!(is_sequencing(n, &s));
    }
}

/// White pins whose forced last rotation `l = n/2 - w` is not a unit, so no multiple of
/// emptying ends with it and the search must really rearrange a tail.
#[test]
fn find_solution_places_the_white_pin_at_larger_n() {
    for (n, w) in [(50usize, 5usize), (60, 6), (60, 20), (64, 8)] {
        let puzzle = Puzzle::new(n).unwrap().with_white_pin(w).unwrap();
        let s = find_solution(&puzzle, 1, 50_000_000).unwrap_or_else(|e| panic!("n={n} w={w}: {e}"));
        assert!(puzzle.verify(&s).is_ok());
        assert_eq!(white_slot_of(n, &s), Some(w));
        assert!(is_sequencing(n, &s));
    }
}

#[test]
fn permuting_finds_valid_solutions() {
    for n in (2..=30).step_by(2) {
        for seed in 0..3 {
            let puzzle = Puzzle::new(n).unwrap();
            let s = permuting(&puzzle, seed, 20_000_000).unwrap_or_else(|e| panic!("n={n} seed={seed}: {e}"));
            assert!(is_sequencing(n, &s), "n={n}");
        }
        if n > 2 {
            let puzzle = Puzzle::new(n).unwrap().with_white_pin(1).unwrap();
            let s = permuting(&puzzle, 5, 20_000_000).unwrap();
            assert!(puzzle.verify(&s).is_ok());
        }
    }
    // An unsolvable variant gives a typed error, not a loop.
    let p = Puzzle::new(8).unwrap().with_white_pin(0).unwrap();
    assert!(matches!(permuting(&p, 1, 1000), Err(RotationError::NoSolution { .. })));
    // A budget of no steps gives up (typed) unless the start happens to be a solution.
    let p = Puzzle::new(200).unwrap();
    assert!(matches!(permuting(&p, 1, 0), Err(RotationError::SearchGaveUp { budget: 0, .. })));
}

/// R6 beyond the old cap: every even n up to 200 and n = 1000, every white slot of n = 40 and
/// every start angle of n = 40, each checked by the partial sums written out here.
#[test]
fn permuting_solves_large_n_white_pins_and_start_angles() {
    for n in (32..=200).step_by(2).chain([1000]) {
        let puzzle = Puzzle::new(n).unwrap();
        let s = permuting(&puzzle, n as u64, 1 << 26).unwrap_or_else(|e| panic!("n={n}: {e}"));
        assert!(distinct_sums(n, &s), "n={n}");
        let mut sorted = s.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..n).collect::<Vec<_>>());
    }
    let n = 40;
    for w in (1..n).filter(|&w| w != n / 2) {
        let puzzle = Puzzle::new(n).unwrap().with_white_pin(w).unwrap();
        let s = permuting(&puzzle, w as u64, 1 << 26).unwrap_or_else(|e| panic!("w={w}: {e}"));
        assert!(distinct_sums(n, &s) && puzzle.verify(&s).is_ok(), "w={w}");
        assert_eq!(s[..n - 2].iter().sum::<usize>() % n, w);
    }
    for b in 1..n {
        let puzzle = Puzzle::new(n).unwrap().with_blue_slot(b).unwrap();
        let s = permuting(&puzzle, b as u64, 1 << 26).unwrap_or_else(|e| panic!("b={b}: {e}"));
        assert!(puzzle.verify(&s).is_ok(), "b={b}");
        let emptied = &partial_sums(n, &s)[..n - 1];
        let mut seen = vec![false; n];
        assert!(emptied.iter().all(|&x| x != b && !std::mem::replace(&mut seen[x], true)), "b={b}");
    }
}

/// R3's search that never calls a construction: a sequencing for every even n up to 60, checked
/// by the partial sums written out here and the state machine; hostile inputs give typed errors.
#[test]
fn backtracking_search_finds_sequencings_without_constructions() {
    for n in (2..=60).step_by(2) {
        let (s, nodes) = backtracking_search(n, 1, 1 << 26).unwrap_or_else(|e| panic!("n={n}: {e}"));
        assert!(distinct_sums(n, &s), "n={n}");
        assert!(Puzzle::new(n).unwrap().verify(&s).is_ok(), "n={n}");
        assert!(nodes <= 1 << 26);
        // Deterministic for a seed.
        assert_eq!(backtracking_search(n, 1, 1 << 26).unwrap(), (s, nodes));
    }
    assert!(matches!(backtracking_search(7, 1, 100), Err(RotationError::OddSize { n: 7 })));
    assert!(matches!(backtracking_search(0, 1, 100), Err(RotationError::TooSmall { n: 0 })));
    assert!(matches!(backtracking_search(100, 1, 0), Err(RotationError::SearchGaveUp { budget: 0, .. })));
    assert!(matches!(backtracking_search(100, 1, 10), Err(RotationError::SearchGaveUp { budget: 10, .. })));
}

#[test]
fn state_machine_names_the_broken_rule() {
    let puzzle = Puzzle::new(6).unwrap();
    let mut s = puzzle.start();
    assert_eq!(s.apply(0), Err(RotationError::RotationOutOfRange { k: 0, n: 6 }));
    assert_eq!(s.apply(6), Err(RotationError::RotationOutOfRange { k: 6, n: 6 }));
    s.apply(1).unwrap();
    assert_eq!(s.apply(1), Err(RotationError::BoardSlotTaken { slot: 1 }));
    // 1 then 5: back to disc slot 0, already emptied.
    s.apply(5).unwrap();
    assert_eq!(s.status(), Status::Lost(LossReason::EmptySlotAtTop));
    assert_eq!(s.apply(2), Err(RotationError::RedPinMissing { disc_slot: 0, blue_pin: false }));
    // 3 at once: the blue pin comes to the top.
    let s = puzzle.play(&[3]).unwrap();
    assert!(s.is_lost());
    assert_eq!(s.check(1), Err(RotationError::RedPinMissing { disc_slot: 3, blue_pin: true }));
    // The white pin in disc slot 1, reached first.
    let white = puzzle.with_white_pin(1).unwrap();
    let s = white.play(&[1]).unwrap();
    assert_eq!(s.status(), Status::Lost(LossReason::WhitePinTooEarly));
    assert_eq!(s.check(2), Err(RotationError::WhitePinTooEarly { pins_left: 3 }));
    // A won game refuses further moves; a short sequence is not a win.
    let s = puzzle.play(&[1, 4, 3, 2, 5]).unwrap();
    assert!(s.is_won());
    assert_eq!(s.check(1), Err(RotationError::GameAlreadyWon));
    assert_eq!(puzzle.verify(&[1, 4]), Err(RotationError::NotWon { moves: 2, pins_left: 3 }));
    assert!(matches!(puzzle.verify(&[1, 1]), Err(RotationError::AtMove { index: 1, k: 1, .. })));
    assert_eq!(puzzle.with_white_pin(3), Err(RotationError::WhitePinOnBluePin { slot: 3 }));
    assert_eq!(puzzle.with_blue_slot(6), Err(RotationError::SlotOutOfRange { slot: 6, n: 6 }));
}

#[test]
fn large_boards_use_growable_bitsets() {
    // 200 and 1000 slots: more than 64 or 128 bits.
    for n in [200usize, 1000] {
        let s = emptying(n).unwrap();
        let state = Puzzle::new(n).unwrap().play(&s).unwrap();
        assert!(state.is_won());
        assert!((1..n).all(|slot| state.board_taken(slot)));
        assert!((0..n).all(|slot| state.disc_taken(slot) == (slot == n / 2)));
    }
}

proptest! {
    #[test]
    fn state_machine_agrees_with_partial_sums(
        (n, perm) in (1usize..=8).prop_flat_map(|h| (Just(2 * h), Just((1..2 * h).collect::<Vec<usize>>()).prop_shuffle()))
    ) {
        let puzzle = Puzzle::new(n).unwrap();
        prop_assert_eq!(puzzle.verify(&perm).is_ok(), distinct_sums(n, &perm));
        // Prefixes: legal iff rotations distinct and sums before each move are fresh and not n/2.
        for m in 0..perm.len() {
            let legal = puzzle.play(&perm[..m]).is_ok();
            let sums = partial_sums(n, &perm[..m]);
            let fresh = sums[..m].iter().enumerate().all(|(i, s)| *s != n / 2 && !sums[..i].contains(s));
            prop_assert_eq!(legal, fresh);
        }
    }
}

#[test]
fn constructions_cover_the_unit_white_slots_for_large_n() {
    for n in (4..=400).step_by(2) {
        let base = Puzzle::new(n).unwrap();
        assert!(is_sequencing(n, &construct_solution(&base).unwrap().unwrap()));
        for w in (0..n).filter(|&w| w != n / 2) {
            let puzzle = base.with_white_pin(w).unwrap();
            let last = (n / 2 + n - w) % n;
            match construct_solution(&puzzle).unwrap() {
                Some(s) => {
                    assert_eq!(gcd(last, n), 1);
                    assert!(puzzle.verify(&s).is_ok());
                    assert_eq!(white_slot_of(n, &s), Some(w));
                }
                None => assert_ne!(gcd(last, n), 1),
            }
        }
    }
    // n = 200 with the white pin next to the blue pin, on either side.
    for w in [99usize, 101] {
        let puzzle = Puzzle::new(200).unwrap().with_white_pin(w).unwrap();
        assert!(puzzle.verify(&solve(&puzzle, 1, 1_000_000).unwrap()).is_ok());
    }
}

#[test]
fn classes_under_units_and_reversal_match_oeis_a364237() {
    // OEIS A364237 (https://oeis.org/A364237): 1, 1, 2, 4, 42, 504, 7492, 172480 for n = 2..16.
    let expected = [1u128, 1, 2, 4, 42, 504, 7492, 172480];
    for (i, n) in (2..=16).step_by(2).enumerate() {
        assert_eq!(count_classes(n).unwrap(), expected[i], "n={n}");
    }
    // Independent for n <= 10: the orbits of the explicit solution list.
    for n in (2..=10).step_by(2) {
        let all: Vec<Vec<usize>> = solutions(&Puzzle::new(n).unwrap()).collect();
        let mut seen = std::collections::HashSet::new();
        let mut classes = 0;
        for s in &all {
            if seen.contains(s) {
                continue;
            }
            classes += 1;
            for u in units(n) {
                let m: Vec<usize> = s.iter().map(|k| k * u % n).collect();
                seen.insert(m.iter().rev().copied().collect::<Vec<_>>());
                seen.insert(m);
            }
        }
        assert_eq!(count_classes(n).unwrap(), classes, "n={n}");
    }
}

/// When nothing works within the budget, `solve` says that both searches gave up (not only the
/// last one it tried), and it never returns a wrong solution.
#[test]
fn solve_names_both_searches_when_they_give_up() {
    // Another start angle and a white pin at n = 200: no construction applies, and 1000 nodes
    // are too few.
    let puzzle = Puzzle::new(200).unwrap().with_blue_slot(50).unwrap().with_white_pin(30).unwrap();
    let error = solve(&puzzle, 1, 1_000).unwrap_err();
    assert!(matches!(error, RotationError::SearchGaveUp { budget: 1_000, .. }));
    assert!(error.to_string().contains("backtracking search and permuting"), "{error}");
}

/// R8 for every slot: the white pin in slot w forces the last rotation l = n/2 - w; `solve`
/// places it for every slot of every even n from 14 to 100 and for n = 200, each answer
/// checked by `is_sequencing` (independent of the solvers) and by the state machine. Slot 0 is
/// under the top at the start, so it is the only slot without a solution.
#[test]
fn r8_every_white_slot_is_solved_up_to_100_and_at_200() {
    for n in (14..=100).step_by(2).chain([200]) {
        for w in (0..n).filter(|&w| w != n / 2) {
            let puzzle = Puzzle::new(n).unwrap().with_white_pin(w).unwrap();
            match solve(&puzzle, 1, 1_000_000) {
                Ok(s) => {
                    assert!(is_sequencing(n, &s), "n={n} w={w}");
                    assert!(puzzle.verify(&s).is_ok(), "n={n} w={w}");
                    assert_eq!(white_slot_of(n, &s), Some(w), "n={n}");
                    assert_eq!(*s.last().unwrap(), (n / 2 + n - w) % n);
                }
                Err(e) => {
                    assert_eq!(w, 0, "n={n} w={w}: {e}");
                    assert!(matches!(e, RotationError::NoSolution { .. }), "{e}");
                }
            }
        }
    }
}

/// The terrace walk alone, for the hardest classes: `gcd(l, n)` = n/4 (the lift needs the
/// difference n/4 = m/2 first in a terrace of Z_m) and the largest non-unit classes, at sizes
/// where the zigzag's component is tiny (n = 140) or n/4 is prime (n = 92, 188).
#[test]
fn sequencing_ending_with_reaches_the_hard_classes() {
    for (n, last) in
        [(92usize, 23usize), (140, 35), (140, 28), (188, 141), (200, 50), (200, 150), (198, 66), (400, 100)]
    {
        let s = sequencing_ending_with(n, last, 1, 20_000).unwrap_or_else(|e| panic!("n={n} l={last}: {e}"));
        assert!(is_sequencing(n, &s), "n={n} l={last}");
        assert_eq!(*s.last().unwrap(), last);
    }
    for (n, last) in [(200usize, 0usize), (200, 100)] {
        assert!(matches!(sequencing_ending_with(n, last, 1, 100), Err(RotationError::NoSolution { .. })));
    }
    assert!(matches!(sequencing_ending_with(201, 5, 1, 100), Err(RotationError::OddSize { n: 201 })));
}

/// Symmetric sequencings lifted from walked terraces are sequencings, and their halves mirror:
/// `b_m = n/2`, `b_{m+i} = -b_{m-i}`.
#[test]
fn lifted_terraces_are_symmetric_sequencings() {
    for m in [6usize, 15, 35, 50, 99] {
        let mut lifted = 0;
        for g in (1..2 * m).filter(|g| (2 * m) % g == 0 && *g != m && *g != 2 * m) {
            let Some((terrace, first)) = terrace_walk(m, g, 3 + g as u64, 20_000) else { continue };
            assert!(is_bailey_terrace(m, &terrace));
            let b = symmetric_sequencing(m, &terrace, first).expect("lift");
            let n = 2 * m;
            assert!(is_sequencing(n, &b), "m={m} g={g}");
            assert_eq!(gcd(b[0], n), g);
            assert_eq!(b[m - 1], m);
            for i in 1..m {
                assert_eq!((b[m - 1 + i] + b[m - 1 - i]) % n, 0);
            }
            lifted += 1;
        }
        assert!(lifted >= 2, "m={m}");
    }
}

/// R9 for every start angle: with the blue pin in disc slot b, a solution empties the disc slots
/// S_0 .. S_{n-2} (all distinct, none of them b) with distinct rotations. Checked here directly
/// from that definition, and on the state machine, for every b of every even n from 14 to 60
/// and n = 200; b = 0 (the blue pins aligned) is the only angle without solution.
#[test]
fn r9_every_start_angle_is_solved_up_to_60_and_at_200() {
    for n in (14..=60).step_by(2).chain([200]) {
        for b in 0..n {
            let puzzle = Puzzle::new(n).unwrap().with_blue_slot(b).unwrap();
            match solve(&puzzle, 1, 1_000_000) {
                Ok(s) => {
                    assert!(puzzle.verify(&s).is_ok(), "n={n} b={b}");
                    let mut rotations = s.clone();
                    rotations.sort_unstable();
                    assert_eq!(rotations, (1..n).collect::<Vec<_>>(), "n={n} b={b}");
                    let emptied = &partial_sums(n, &s)[..n - 1];
                    let mut seen = vec![false; n];
                    for &slot in emptied {
                        assert!(slot != b && !std::mem::replace(&mut seen[slot], true), "n={n} b={b}");
                    }
                }
                Err(e) => assert_eq!(b, 0, "n={n} b={b}: {e}"),
            }
        }
    }
}

/// The second counter (meet in the middle) against the published counts (OEIS A141599) and the
/// first counter, n <= 16; hostile inputs give typed errors.
#[test]
fn meet_in_the_middle_counts_match_the_published_counts() {
    let published =
        [(2usize, 1u128), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968)];
    for (n, count) in published {
        let report = count_sequencings_meet_in_middle(n, 1 << 30).unwrap();
        assert_eq!(report.total, count, "n={n}");
        assert!(report.estimated_bytes <= 1 << 30);
        if n <= 12 {
            assert_eq!(count_sequencings(n).unwrap(), count);
        }
    }
    assert!(matches!(count_sequencings_meet_in_middle(9, 1 << 30), Err(RotationError::OddSize { n: 9 })));
    assert!(matches!(
        count_sequencings_meet_in_middle(26, 1 << 30),
        Err(RotationError::TooLarge { n: 26, max: 24 })
    ));
    assert!(matches!(count_sequencings_meet_in_middle(0, 1 << 30), Err(RotationError::TooSmall { n: 0 })));
    // A budget too small for even the finest split is refused before any table is allocated.
    assert!(matches!(
        count_sequencings_meet_in_middle(16, 1000),
        Err(RotationError::MemoryBudget { budget: 1000, .. })
    ));
}

/// The solutions of every start angle by brute force over all orderings of `1..n`: the sums
/// `S_0..S_{n-2}` must be distinct, and the one slot they miss is the angle.
fn start_angles_by_brute_force(n: usize) -> Vec<u128> {
    fn place(n: usize, sum: usize, left: &mut Vec<usize>, seen: &mut [bool], by_angle: &mut [u128]) {
        if left.len() == 1 {
            // The last rotation adds up to n/2 and is not checked; the missing slot is the angle.
            let angle = (0..n).find(|&slot| !seen[slot]).expect("one slot is missing");
            by_angle[angle] += 1;
            return;
        }
        for i in 0..left.len() {
            let k = left.swap_remove(i);
            let next = (sum + k) % n;
            if !seen[next] {
                seen[next] = true;
                place(n, next, left, seen, by_angle);
                seen[next] = false;
            }
            left.push(k);
            let last = left.len() - 1;
            left.swap(i, last);
        }
    }
    let mut by_angle = vec![0u128; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    place(n, 0, &mut (1..n).collect(), &mut seen, &mut by_angle);
    by_angle
}

/// Every start angle by meeting in the middle against brute force (n <= 10) and the two-ended
/// count by start angle (n <= 16); hostile inputs give typed errors.
#[test]
fn meet_in_the_middle_counts_every_start_angle() {
    for n in (2..=10).step_by(2) {
        let brute = start_angles_by_brute_force(n);
        assert_eq!(brute[n / 2], count_sequencings(n).unwrap(), "n={n}: the brute force's seed angle");
        assert_eq!(count_start_angles_meet_in_middle(n, 1 << 30, None).unwrap().by_angle, brute, "n={n}");
    }
    for n in [12, 14, 16] {
        let report = count_start_angles_meet_in_middle(n, 1 << 30, None).unwrap();
        assert_eq!(report.by_angle, count_by_start_angle(n).unwrap(), "n={n}");
        assert!(report.estimated_bytes <= 1 << 30 && report.leaves > 0 && report.parts >= 1);
    }
    // Progress: once per part, each count of parts done once, out of the parts used.
    let seen = std::sync::Mutex::new(Vec::new());
    let report =
        count_start_angles_meet_in_middle(12, 1 << 30, Some(&|p: Progress| seen.lock().unwrap().push(p)))
            .unwrap();
    let mut seen = seen.into_inner().unwrap();
    seen.sort_by_key(|p| p.done);
    let expected: Vec<Progress> =
        (1..=report.parts).map(|done| Progress { done, total: report.parts }).collect();
    assert_eq!(seen, expected);
    assert!(matches!(
        count_start_angles_meet_in_middle(9, 1 << 30, None),
        Err(RotationError::OddSize { n: 9 })
    ));
    assert!(matches!(
        count_start_angles_meet_in_middle(26, 1 << 30, None),
        Err(RotationError::TooLarge { n: 26, max: 24 })
    ));
    assert!(matches!(
        count_start_angles_meet_in_middle(0, 1 << 30, None),
        Err(RotationError::TooSmall { n: 0 })
    ));
    assert!(matches!(
        count_start_angles_meet_in_middle(16, 1000, None),
        Err(RotationError::MemoryBudget { budget: 1000, .. })
    ));
}

/// Prefixes of `depth` rotations of the standard puzzle that the search may extend, enumerated by
/// the definition (distinct nonzero rotations; partial sums distinct, nonzero and not the blue
/// slot n/2), with the first rotation a divisor of n (the unit symmetry's representatives).
fn symmetric_prefixes(n: usize, depth: usize) -> usize {
    fn extend(n: usize, depth: usize, used: &mut Vec<usize>, sums: &mut Vec<usize>) -> usize {
        if used.len() == depth {
            return 1;
        }
        let last = sums.last().copied().unwrap_or(0);
        let mut total = 0;
        for k in 1..n {
            let s = (last + k) % n;
            let first_ok = !used.is_empty() || n.is_multiple_of(k);
            if first_ok && !used.contains(&k) && s != 0 && s != n / 2 && !sums.contains(&s) {
                used.push(k);
                sums.push(s);
                total += extend(n, depth, used, sums);
                used.pop();
                sums.pop();
            }
        }
        total
    }
    extend(n, depth, &mut Vec::new(), &mut Vec::new())
}

/// The one-ended search is cut into one task per prefix, at a depth that grows with n (1 up to
/// n = 8, 2 up to 12, 3 up to 16, 4 up to 20): the task count of a shard is the number of
/// prefixes it takes.
#[test]
fn tasks_are_the_prefixes_at_the_default_depth() {
    for (n, depth, shards) in [(8, 1, 1), (10, 2, 1), (12, 2, 1), (14, 3, 1), (16, 3, 7), (18, 4, 1000)] {
        let prefixes = symmetric_prefixes(n, depth);
        let options = CountOptions {
            shard: Shard::new(0, shards).unwrap(),
            method: CountMethod::OneEnded,
            ..CountOptions::default()
        };
        let report = count_solutions(&Puzzle::new(n).unwrap(), &options, None).unwrap();
        assert_eq!(report.tasks, prefixes.div_ceil(shards), "n = {n}, depth {depth}, shard 0/{shards}");
    }
}

/// The counting kernel's masks hold n = 64 (MAX_COUNT_N) and refuse 66: a puzzle of 64 slots
/// whose blue pin sits on slot 0 is accepted and has no solution (every first move is lost).
#[test]
fn counting_accepts_exactly_up_to_max_count_n() {
    let edge = Puzzle::new(MAX_COUNT_N).unwrap().with_blue_slot(0).unwrap();
    let report = count_solutions(&edge, &CountOptions::default(), None).unwrap();
    assert_eq!((report.total, report.tasks), (0, 0));
    let over = Puzzle::new(MAX_COUNT_N + 2).unwrap().with_blue_slot(0).unwrap();
    assert!(matches!(
        count_solutions(&over, &CountOptions::default(), None),
        Err(RotationError::TooLarge { n: 66, max: 64 })
    ));
}

/// Counts by first rotation of every white-pin puzzle of 8 slots, by playing all 7! orders of
/// the rotations on the state machine: the kernel's fixed last rotation for a white pin must be
/// the right one, not its mirror image (which gives the same total, by negation).
#[test]
fn white_pin_counts_by_first_rotation_match_the_state_machine() {
    let n = 8;
    let mut asymmetric = 0;
    for white in 0..n {
        let Ok(puzzle) = Puzzle::new(n).unwrap().with_white_pin(white) else { continue };
        let mut by_first = vec![0u128; n];
        for order in permutations(n).iter().filter(|order| puzzle.verify(order).is_ok()) {
            by_first[order[0]] += 1;
        }
        let report = count_solutions(&puzzle, &CountOptions::default(), None).unwrap();
        assert_eq!(report.by_first, by_first, "white pin on slot {white}");
        let mirrored: Vec<u128> = (0..n).map(|k| by_first[(n - k) % n]).collect();
        asymmetric += usize::from(mirrored != by_first);
    }
    assert!(asymmetric > 0, "no white slot tells a count from its mirror image");
}

/// With a prefix depth beyond the search's end, a task is a prefix of n - 3 rotations: the cut
/// stops where the last checked placement is a popcount (two rotations left, one of them free).
#[test]
fn tasks_stop_where_the_last_placements_begin() {
    let options =
        CountOptions { prefix_depth: Some(50), method: CountMethod::OneEnded, ..CountOptions::default() };
    let report = count_solutions(&Puzzle::new(8).unwrap(), &options, None).unwrap();
    assert_eq!(report.tasks, symmetric_prefixes(8, 5));
    assert_eq!(report.total, 24);
}

/// Progress counts finished tasks: 1, 2, ... up to the shard's task count, each out of it.
#[test]
fn progress_counts_every_task_once() {
    let seen = std::sync::Mutex::new(Vec::new());
    let record = |p: Progress| seen.lock().unwrap().push(p);
    let options = CountOptions { parallel: false, ..CountOptions::default() };
    let report = count_solutions(&Puzzle::new(12).unwrap(), &options, Some(&record)).unwrap();
    assert_eq!(report.total, 3856);
    let expected: Vec<Progress> =
        (1..=report.tasks).map(|done| Progress { done, total: report.tasks }).collect();
    assert!(report.tasks > 1);
    assert_eq!(*seen.lock().unwrap(), expected);
}

/// The state-machine count by permutations takes n = 12 (11! orders; a blue pin on slot 0
/// loses every game at once, so each order is cheap) and refuses 14.
#[test]
fn count_by_permutations_accepts_exactly_up_to_12() {
    let twelve = Puzzle::new(12).unwrap().with_blue_slot(0).unwrap();
    assert_eq!(count_by_permutations(&twelve).unwrap(), 0);
    assert!(matches!(
        count_by_permutations(&Puzzle::new(14).unwrap()),
        Err(RotationError::TooLarge { n: 14, max: 12 })
    ));
}
