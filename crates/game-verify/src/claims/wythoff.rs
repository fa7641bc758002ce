//! Seeds 000 (Laeuchli, "Das Gitterspiel") and 002 (Wythoff's game): claims W1-W11, Y1-Y4,
//! our WM (misère), WG (Grundy table) and the false WX (f64 formula).
//!
//! Three independent references are used:
//! * game-core's kernel / outcomes on the explicit board graph (built here, as a petgraph `Csr`);
//! * the *sweep*: cells in order, a cell is P iff no P-cell lies left in its row, below in its
//!   column or down-left on its diagonal — the definition of P, with no formula in it;
//! * big-integer arithmetic: `floor(n phi) = (n + isqrt(5 n^2)) / 2`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use game_core::{Outcome, grundy_values, kernels, outcomes, p_positions};
use game_wythoff as wy;
use num_bigint::BigUint;
use petgraph::csr::Csr;

use crate::{Claim, Evidence, Expected, Scale, Tally};

fn claim(
    id: &'static str,
    statement: &'static str,
    source: &'static str,
    methods: [&'static str; 2],
    check: fn(Scale) -> Evidence,
) -> Claim {
    Claim { id, statement, source, methods, expected: Expected::Holds, check }
}

const SWEEP: &str = "the sweep: P-positions cell by cell from the definition, written in the check";
const TAPE: &str = "game-wythoff's tape automaton word (no closed form)";
const CLOSED_WORD: &str = "the step word read off game-wythoff's closed-form pairs p_pair";
const CLOSED_FORM: &str = "game-wythoff's closed form p_pair (u64 arithmetic)";

pub(crate) fn claims() -> Vec<Claim> {
    let s000 = "seed 000 (Laeuchli 1982)";
    let s002 = "seed 002 (Chang)";
    vec![
        claim(
            "W1",
            "The colouring (kernel) is unique, symmetric about y = x, and each row, column and diagonal holds at most one black point",
            s000,
            [
                "game-core: kernels() enumerates every kernel of a small board; p_positions() on the large one",
                "symmetry and points per row, column and diagonal, counted in the check",
            ],
            w1,
        ),
        claim(
            "W2",
            "Satz 1: x_n - y_n = n, x_n and y_n increase, y_n >= n, and every row, column and diagonal holds exactly one black point",
            s000,
            [SWEEP, "differences, order and points per line, counted in the check on the sweep's points"],
            w2,
        ),
        claim(
            "W3",
            "Satz 2: from P_n to P_{n+1} the point moves by (2, 1) or (3, 2)",
            s000,
            [SWEEP, CLOSED_FORM],
            w3,
        ),
        claim(
            "W4",
            "The tape automaton (write 0; read from the start, append 1 for 0 and 01 for 1) produces the step word F",
            s000,
            [TAPE, CLOSED_WORD],
            w4,
        ),
        claim(
            "W5",
            "Satz 3: F has no two 0s in a row and no three 1s in a row",
            s000,
            [
                "every pair and triple of letters of the tape automaton's word, scanned in the check",
                "game-wythoff's longest_runs on the closed-form step word",
            ],
            w5,
        ),
        claim(
            "W6",
            "Satz 4: the substitution 0 -> 01, 1 -> 011 maps F onto itself",
            s000,
            ["game-wythoff's substitute applied to the tape automaton's word", CLOSED_WORD],
            w6,
        ),
        claim(
            "W7",
            "Satz 5: F is not eventually periodic (no period p <= L on a prefix much longer than L)",
            s000,
            [
                "game-wythoff's eventual_period on the closed-form step word",
                "the last mismatch of every shift, scanned backwards in the check on the tape automaton's word",
            ],
            w7,
        ),
        claim(
            "W8",
            "Satz 6: the number of 1s among the first n letters of F is floor(n q), q = (sqrt 5 - 1)/2",
            s000,
            [
                "ones counted in the tape automaton's word (game-wythoff's ones_prefix_counts)",
                "floor(n q) = (isqrt(5 n^2) - n) / 2 in u128, written in the check (and game-wythoff's floor_mul_q)",
            ],
            w8,
        ),
        claim(
            "W9",
            "Satz 7: the black points are x_n = floor(n (3 + sqrt 5)/2), y_n = floor(n (1 + sqrt 5)/2), exactly, for all of u64",
            s000,
            [
                CLOSED_FORM,
                "the board graph's kernel (game-core), the sweep, and big integers a_n = (n + isqrt(5 n^2)) / 2",
            ],
            w9,
        ),
        claim(
            "W10",
            "Satz 8: y_n = floor(x_n q)",
            s000,
            [
                CLOSED_FORM,
                "floor(x_n q) = (isqrt(5 x_n^2) - x_n) / 2 with big integers, written in the check",
            ],
            w10,
        ),
        claim(
            "W11",
            "Laeuchli's test: z is some x_n iff an integer lies between z/(2+q) and (z+1)/(2+q); the strategy finds the black point of a row, column or diagonal",
            s000,
            [
                "game-wythoff's classify, laeuchli_upper_index and partner",
                "membership read off the sweep (small z) and big-integer pairs (large z)",
            ],
            w11,
        ),
        claim(
            "WM",
            "Misère Wythoff P-positions are (0,1), (2,2) and the normal pairs from n = 2 on (and mirrors)",
            "seed 002 mentions misère; our own check",
            [
                "game-core: misère outcomes of the explicit board graph (game-wythoff's misere_p_positions_from_graph)",
                "the rule of the statement with the closed form; game-wythoff's is_misere_p_position and listings",
            ],
            wm,
        ),
        claim(
            "WG",
            "The fast Grundy table equals game-core's Grundy values on the explicit board; it is symmetric and no row repeats a value",
            "common ground (Sprague-Grundy)",
            ["game-core: grundy_values() on the explicit board graph", "game-wythoff's fast grundy_table"],
            wg,
        ),
        Claim {
            id: "WX",
            statement: "(false) The f64 formula floor(n * phi) is exact for every n up to 2^40",
            source: "our own; the f64 formula first fails at the Fibonacci number F_40 = 102334155",
            methods: [
                "f64: floor(n * (1 + sqrt 5) / 2) in floating point",
                "game-wythoff's exact lower(n), confirmed by big integers at the counterexample",
            ],
            expected: Expected::Refuted {
                counterexample: "n = 102334155: f64 gives 165580141, exact 165580140",
            },
            check: wx,
        },
        claim(
            "Y1",
            "{0,n} and {n,n} are N-positions for n > 0; {1,2} and {3,5} are P-positions",
            s002,
            [
                "game-core: outcomes() on game-wythoff's explicit board graph",
                "the positions named by the seed, listed in the check",
            ],
            y1,
        ),
        claim(
            "Y2",
            "The mex construction a_n = least unused, b_n = a_n + n gives a = 1 3 4 6 8 9 11 12 14 16, b = 2 5 7 10 13 15 18 20 23 26 and the sweep's P-positions",
            s002,
            [
                "game-wythoff's mex construction mex_pairs",
                "the sweep (and game-wythoff's closed form over a longer range)",
            ],
            y2,
        ),
        claim(
            "Y3",
            "a_n and b_n strictly increase and {a_n}, {b_n} partition the positive integers",
            s002,
            [
                "game-wythoff's mex construction mex_pairs",
                "order and the number of hits of every integer, counted in the check",
            ],
            y3,
        ),
        claim(
            "Y4",
            "The pairs (a_n, b_n) are exactly the P-positions; from any other position the proof's move (cases i-iii) reaches one",
            s002,
            [
                "game-core: the kernel (p_positions) of the explicit board graph",
                "game-wythoff's is_p_position and y4_winning_move (the proof's cases i-iii)",
            ],
            y4,
        ),
    ]
}

fn board_side(scale: Scale) -> u64 {
    scale.pick(60, 500)
}

fn sweep_side(scale: Scale) -> usize {
    scale.pick(2_000, 10_000)
}

/// The explicit board graph: node `x * side + y`, arcs along the row, the column, the diagonal.
fn board_csr(side: u64) -> Csr<(), (), petgraph::Directed, u32> {
    let s = side as u32;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut targets = Vec::new();
    for x in 0..s {
        for y in 0..s {
            targets.clear();
            targets.extend((0..x).map(|x2| x2 * s + y));
            targets.extend((0..y).map(|y2| x * s + y2));
            targets.extend((1..=x.min(y)).map(|k| (x - k) * s + (y - k)));
            targets.sort_unstable();
            edges.extend(targets.iter().map(|&t| (x * s + y, t)));
        }
    }
    Csr::from_sorted_edges(&edges).expect("edges are generated in sorted order")
}

/// P-positions (x, y) of the side x side board by game-core's kernel, memoised per side.
fn engine_p_positions(side: u64) -> Arc<Vec<(u64, u64)>> {
    type Memo = Mutex<HashMap<u64, Arc<Vec<(u64, u64)>>>>;
    static MEMO: OnceLock<Memo> = OnceLock::new();
    let mut memo = MEMO.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    memo.entry(side)
        .or_insert_with(|| {
            let g = board_csr(side);
            let kernel = p_positions(&g).expect("the board graph is acyclic");
            Arc::new(kernel.into_iter().map(|i| (i as u64 / side, i as u64 % side)).collect())
        })
        .clone()
}

/// P-positions of the side x side board by the sweep, sorted.
fn sweep_p_positions(side: usize) -> Vec<(u64, u64)> {
    let mut row_has = vec![false; side]; // indexed by y: some P at (x' < x, y)
    let mut diag_has = vec![false; 2 * side]; // indexed by x - y + side
    let mut found = Vec::new();
    for x in 0..side {
        let mut column_has = false;
        for (y, row_has_y) in row_has.iter_mut().enumerate() {
            let d = x + side - y;
            if !*row_has_y && !column_has && !diag_has[d] {
                found.push((x as u64, y as u64));
                *row_has_y = true;
                column_has = true;
                diag_has[d] = true;
            }
        }
    }
    found
}

/// floor(n phi) and floor(n phi^2) with big integers.
fn big_pair(n: u64) -> (BigUint, BigUint) {
    let n = BigUint::from(n);
    let root = (BigUint::from(5u32) * &n * &n).sqrt();
    let a: BigUint = (&n + &root) / 2u32;
    let b = &a + &n;
    (a, b)
}

/// Indices to check against big integers: a dense start, around Fibonacci numbers F_40..F_92,
/// and the top of the u64 range.
fn exactness_indices(scale: Scale) -> Vec<u64> {
    let dense = scale.pick(20_000u64, 1_000_000);
    let mut ns: Vec<u64> = (0..dense).collect();
    let (mut f0, mut f1) = (0u64, 1u64);
    for k in 1..=92 {
        (f0, f1) = (f1, f0 + f1);
        if k >= 40 {
            ns.extend(f0.saturating_sub(2)..=f0 + 2);
        }
    }
    let top = scale.pick(1_000u64, 100_000);
    ns.extend(wy::MAX_PAIR_INDEX - top..=wy::MAX_PAIR_INDEX + 2);
    ns.sort_unstable();
    ns.dedup();
    ns
}

fn pairs_in_board(side: u64) -> Vec<(u64, u64)> {
    let mut expected: Vec<(u64, u64)> = (0..)
        .map_while(|n| wy::p_pair(n).filter(|&(a, _)| a < side))
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .filter(|&(x, y)| x < side && y < side)
        .collect();
    expected.sort_unstable();
    expected.dedup();
    expected
}

fn w1(scale: Scale) -> Evidence {
    let side = board_side(scale);
    let small = scale.pick(12u64, 24);
    let mut tally = Tally::new();
    // Uniqueness on a board small enough for kernel enumeration.
    let all = kernels(&board_csr(small), usize::MAX, u64::MAX).expect("no step limit").kernels;
    tally.record(&all);
    tally.case(all.len() == 1, || format!("board {small}x{small} has {} kernels", all.len()));
    let black = engine_p_positions(side);
    tally.record(&*black);
    let set: std::collections::HashSet<(u64, u64)> = black.iter().copied().collect();
    tally.case(!black.is_empty(), || format!("the {side}x{side} board has no black point"));
    for &(x, y) in black.iter() {
        tally.case(set.contains(&(y, x)), || format!("({x},{y}) is black but ({y},{x}) is not"));
    }
    let mut lines: HashMap<(u8, i64), u32> = HashMap::new();
    for &(x, y) in black.iter() {
        for key in [(0, x as i64), (1, y as i64), (2, x as i64 - y as i64)] {
            *lines.entry(key).or_default() += 1;
        }
    }
    let mut keys: Vec<_> = lines.into_iter().collect();
    keys.sort_unstable();
    tally.record(&keys);
    for ((kind, at), count) in keys {
        tally.case(count == 1, || {
            format!("{} {at} holds {count} black points", ["column", "row", "diagonal"][kind as usize])
        });
    }
    Evidence {
        bound: format!("kernel count on {small}x{small}; lines on the {side}x{side} board graph"),
        tally,
    }
}

fn w2(scale: Scale) -> Evidence {
    let side = sweep_side(scale);
    let black = sweep_p_positions(side);
    let mut tally = Tally::new();
    tally.record(&black);
    // P_n below the diagonal, ordered by distance from it: x > y (x_n the larger coordinate).
    let mut below: Vec<(u64, u64)> = black.iter().copied().filter(|&(x, y)| x >= y).collect();
    below.sort_unstable_by_key(|&(x, y)| x - y);
    // Only points whose partner is inside the board are complete: stop at the first x >= side.
    for (n, w) in below.iter().enumerate() {
        let (x, y) = *w;
        tally.case(x - y == n as u64 && y >= n as u64, || format!("P_{n} = ({x},{y})"));
    }
    for (n, w) in below.windows(2).enumerate() {
        tally.case(w[1].0 > w[0].0 && w[1].1 > w[0].1, || {
            format!("P_{n} = {:?}, P_{} = {:?}", w[0], n + 1, w[1])
        });
    }
    // Exactly one black point in each row y, column x and diagonal d whose point lies inside:
    // row y < side*(q) always does (its partner <= y * phi^2 / phi ... ), so check rows and columns
    // up to side / 2 (the partner of z is below 2z + 1) and diagonals up to the last complete P_n.
    let half = side / 2;
    let mut row = vec![0u32; side];
    let mut column = vec![0u32; side];
    let mut diagonal = vec![0u32; side];
    for &(x, y) in &black {
        row[y as usize] += 1;
        column[x as usize] += 1;
        if x >= y {
            diagonal[(x - y) as usize] += 1;
        }
    }
    for z in 0..half {
        tally.case(row[z] == 1 && column[z] == 1, || {
            format!("row/column {z}: {} / {} black points", row[z], column[z])
        });
    }
    let complete = below.len();
    for (d, &count) in diagonal.iter().enumerate().take(complete) {
        tally.case(count == 1, || format!("diagonal {d}: {count} black points"));
    }
    Evidence { bound: format!("the sweep over the {side}x{side} board (lines up to {half})"), tally }
}

/// The first `count` letters of F read off the closed-form pairs (empty if a step is neither
/// small nor large, which W3 would report).
fn closed_form_word(count: usize) -> Vec<u8> {
    let pairs: Vec<(u64, u64)> = (0..=count as u64).map(|n| wy::p_pair(n).expect("small n")).collect();
    wy::step_word_from_pairs(&pairs).unwrap_or_default()
}

fn word_len(scale: Scale) -> usize {
    scale.pick(20_000, 1_000_000)
}

fn w3(scale: Scale) -> Evidence {
    let mut tally = Tally::new();
    // From the sweep (no formula) and from the closed form over a long range.
    let side = sweep_side(scale);
    let mut below: Vec<(u64, u64)> =
        sweep_p_positions(side).into_iter().filter(|&(x, y)| x >= y).map(|(x, y)| (y, x)).collect();
    below.sort_unstable();
    let from_sweep = wy::step_word_from_pairs(&below);
    tally.record(&from_sweep);
    tally
        .case(from_sweep.is_some(), || "a step of the sweep's P-positions is neither (2,1) nor (3,2)".into());
    let len = word_len(scale);
    let pairs: Vec<(u64, u64)> = (0..=len as u64).map(|n| wy::p_pair(n).expect("small n")).collect();
    tally.record(&pairs);
    for (n, w) in pairs.windows(2).enumerate() {
        let step = (w[1].1 - w[0].1, w[1].0 - w[0].0);
        tally.case(step == (2, 1) || step == (3, 2), || format!("P_{n} -> P_{}: step {step:?}", n + 1));
    }
    // The two words agree where both are defined.
    let closed = closed_form_word(len);
    let swept = from_sweep.unwrap_or_default();
    tally.case(!swept.is_empty() && swept.len() <= closed.len(), || {
        format!("the sweep gives {} letters, the closed form {}", swept.len(), closed.len())
    });
    let differs = swept.iter().zip(&closed).position(|(a, b)| a != b);
    tally.case(differs.is_none(), || {
        format!("letter {differs:?}: the sweep's and the closed form's words differ")
    });
    Evidence { bound: format!("sweep {side}x{side}; closed form n < {len}"), tally }
}

fn w4(scale: Scale) -> Evidence {
    let len = word_len(scale);
    let tape = wy::tape_automaton_word(len);
    let steps = closed_form_word(len);
    let mut tally = Tally::new();
    tally.record(&tape);
    tally.record(&steps);
    for i in 0..len {
        tally.case(tape.get(i) == steps.get(i), || {
            format!("letter {i}: tape {:?}, steps {:?}", tape.get(i), steps.get(i))
        });
    }
    Evidence { bound: format!("first {len} letters"), tally }
}

fn w5(scale: Scale) -> Evidence {
    let len = word_len(scale);
    let tape = wy::tape_automaton_word(len);
    let closed = closed_form_word(len);
    let mut tally = Tally::new();
    tally.record(&tape);
    tally.case(tape.len() == len, || format!("the tape automaton gave {} letters, not {len}", tape.len()));
    // Every pair of neighbours, the last pair included, and every triple.
    for (i, pair) in tape.windows(2).enumerate() {
        tally.case(pair != [0, 0], || format!("letters {i}, {}: two 0s", i + 1));
    }
    for (i, triple) in tape.windows(3).enumerate() {
        tally.case(triple != [1, 1, 1], || format!("letters {i}..={}: three 1s", i + 2));
    }
    let runs = wy::longest_runs(&closed);
    tally.record(&runs);
    tally.case(closed.len() == len && runs == (1, 2), || {
        format!("closed-form word of {} letters: longest runs of 0s and 1s {runs:?}", closed.len())
    });
    Evidence { bound: format!("first {len} letters of each word"), tally }
}

fn w6(scale: Scale) -> Evidence {
    let len = word_len(scale);
    let image = wy::substitute(&wy::tape_automaton_word(len));
    let word = closed_form_word(len);
    let mut tally = Tally::new();
    tally.record(&image[..len.min(image.len())]);
    tally.record(&word);
    for i in 0..len {
        tally.case(image.get(i).is_some() && image.get(i) == word.get(i), || {
            format!("letter {i}: image {:?}, F {:?}", image.get(i), word.get(i))
        });
    }
    Evidence { bound: format!("first {len} letters of F and of the image of the tape word"), tally }
}

fn w7(scale: Scale) -> Evidence {
    let (len, max_period) = scale.pick((20_000, 200), (200_000, 2_000));
    let word = closed_form_word(len);
    let tape = wy::tape_automaton_word(len);
    let mut tally = Tally::new();
    let last_mismatch = last_mismatches(&tape, max_period);
    tally.record(&last_mismatch);
    tally.case(word.len() == len && tape.len() == len, || {
        format!("words of {} and {} letters, not {len}", word.len(), tape.len())
    });
    for start in [0, len / 4, len / 2] {
        // One case per shift: the tape word's tail from `start` is not p-periodic.
        for (p, mismatch) in (1..).zip(&last_mismatch) {
            tally.case(mismatch.is_some_and(|m| m >= start), || {
                format!("from letter {start}: the tape word has period {p} (last mismatch {mismatch:?})")
            });
        }
        let period = wy::eventual_period(&word, start, max_period);
        tally.record(&(start, period));
        tally.case(period.is_none(), || format!("from letter {start}: eventual_period finds {period:?}"));
    }
    // Positive controls, so that neither method can pass by never finding a period: words that
    // are periodic from `lead` on (a prefix of F, then a block of F repeated), where both
    // methods must find the same least period.
    let controls = scale.pick(20, 60);
    for block in (1..=controls).map(|k| k * max_period / controls) {
        let lead = block / 2 + 1;
        let mut control = tape[..lead].to_vec();
        control.extend(tape[..block].iter().copied().cycle().take(4 * max_period));
        let scanned = last_mismatches(&control, max_period)
            .iter()
            .position(|m| m.is_none_or(|m| m < lead))
            .map(|i| i + 1);
        let period = wy::eventual_period(&control, lead, max_period);
        tally.record(&(block, period));
        tally.require(period.is_some() && period == scanned, || {
            format!("control: F's first {block} letters repeated after {lead}: eventual_period {period:?}, backward scan {scanned:?}")
        });
    }
    Evidence {
        bound: format!(
            "periods 1..={max_period} on a prefix of {len}, from letters 0, len/4, len/2; {controls} periodic controls"
        ),
        tally,
    }
}

/// For every shift `p` in `1..=max_period`, the last `i` with `word[i] != word[i + p]`: `p` is a
/// period of the tail from `start` iff there is none at or after `start`.
fn last_mismatches(word: &[u8], max_period: usize) -> Vec<Option<usize>> {
    (1..=max_period)
        .map(|p| (0..word.len().saturating_sub(p)).rev().find(|&i| word[i] != word[i + p]))
        .collect()
}

/// floor(n q) = (isqrt(5 n^2) - n) / 2, in u128 (n < 2^60).
fn floor_n_q(n: u64) -> u64 {
    let n = n as u128;
    let root = num_integer::Roots::sqrt(&(5 * n * n));
    ((root - n) / 2) as u64
}

fn w8(scale: Scale) -> Evidence {
    let len = word_len(scale);
    let counts = wy::ones_prefix_counts(&wy::tape_automaton_word(len));
    let mut tally = Tally::new();
    tally.record(&counts);
    tally.case(counts.len() == len + 1, || format!("{} prefix counts for {len} letters", counts.len()));
    for (n, &ones) in counts.iter().enumerate() {
        let expected = floor_n_q(n as u64);
        tally.case(ones == expected && wy::floor_mul_q(n as u64) == expected, || {
            format!(
                "n = {n}: {ones} ones, floor(n q) = {expected}, floor_mul_q {}",
                wy::floor_mul_q(n as u64)
            )
        });
    }
    for (n, b) in [(2, 1), (5, 3), (13, 8), (34, 21)] {
        tally.case(counts.get(n) == Some(&b), || {
            format!("the seed's b_{n} = {b}, counted {:?}", counts.get(n))
        });
    }
    Evidence { bound: format!("n = 0..={len}"), tally }
}

fn w9(scale: Scale) -> Evidence {
    let mut tally = Tally::new();
    let side = board_side(scale);
    let engine = engine_p_positions(side);
    let closed = pairs_in_board(side);
    tally.record(&*engine);
    tally.case(*engine == closed, || {
        format!("kernel of the {side}x{side} board differs from the closed form")
    });
    let sweep_side = sweep_side(scale);
    let swept = sweep_p_positions(sweep_side);
    let closed = pairs_in_board(sweep_side as u64);
    tally.record(&swept);
    tally.case(swept == closed, || {
        let first = swept.iter().zip(&closed).find(|(a, b)| a != b);
        format!("sweep {sweep_side}x{sweep_side} differs from the closed form: first {first:?}")
    });
    for n in exactness_indices(scale) {
        let fast = wy::p_pair(n);
        let (a, b) = big_pair(n);
        let exact = u64::try_from(&a).ok().zip(u64::try_from(&b).ok());
        tally.record(&(n, fast));
        tally.case(fast == exact, || format!("n = {n}: closed form {fast:?}, big integers ({a}, {b})"));
    }
    Evidence {
        bound: format!(
            "kernel {side}x{side}; sweep {sweep_side}x{sweep_side}; big integers for n < {}, F_40..F_92 +-2, top of u64",
            scale.pick(20_000, 1_000_000)
        ),
        tally,
    }
}

fn w10(scale: Scale) -> Evidence {
    let mut tally = Tally::new();
    for n in exactness_indices(scale) {
        let Some((y, x)) = wy::p_pair(n) else { continue };
        // floor(x q) with big integers: (isqrt(5 x^2) - x) / 2.
        let big = BigUint::from(x);
        let floor_xq: BigUint = ((BigUint::from(5u32) * &big * &big).sqrt() - &big) / 2u32;
        tally.record(&(n, y));
        tally.case(BigUint::from(y) == floor_xq, || format!("n = {n}: y_n = {y}, floor(x_n q) = {floor_xq}"));
    }
    let dense = scale.pick(20_000, 1_000_000);
    Evidence { bound: format!("n < {dense}, F_40..F_92 +-2, top of u64 (big integers)"), tally }
}

fn w11(scale: Scale) -> Evidence {
    let side = sweep_side(scale) as u64;
    let mut tally = Tally::new();
    // Membership from the sweep (no formula): upper numbers are the larger coordinates.
    let mut upper_index = vec![None; side as usize];
    let mut lower_index = vec![None; side as usize];
    let mut below: Vec<(u64, u64)> =
        sweep_p_positions(side as usize).into_iter().filter(|&(x, y)| x > y).collect();
    below.sort_unstable();
    for (i, &(x, y)) in below.iter().enumerate() {
        upper_index[x as usize] = Some(i as u64 + 1);
        lower_index[y as usize] = Some(i as u64 + 1);
    }
    for z in 1..side / 2 {
        let laeuchli = wy::laeuchli_upper_index(z);
        let classified = wy::classify(z);
        let expected = match (upper_index[z as usize], lower_index[z as usize]) {
            (Some(n), None) => wy::WythoffNumber::Upper(n),
            (None, Some(n)) => wy::WythoffNumber::Lower(n),
            other => {
                tally.case(false, || {
                    format!("z = {z} is in both or neither sequence in the sweep: {other:?}")
                });
                continue;
            }
        };
        let laeuchli_ok = laeuchli == upper_index[z as usize];
        tally.record(&(z, classified));
        tally.case(classified == expected && laeuchli_ok, || {
            format!("z = {z}: classify {classified:?}, Laeuchli {laeuchli:?}, sweep {expected:?}")
        });
        // The strategy: the black point in the row and the diagonal of z found in O(1).
        let partner = wy::partner(z);
        let sweep_partner = match expected {
            wy::WythoffNumber::Upper(n) | wy::WythoffNumber::Lower(n) => {
                below.get(n as usize - 1).map(|&(x, y)| if x == z { y } else { x })
            }
        };
        tally.case(partner == sweep_partner, || {
            format!("z = {z}: partner {partner:?}, sweep {sweep_partner:?}")
        });
    }
    // Large z: the pairs from big integers (no game-wythoff code), then classify, Laeuchli's
    // test and the partner on both members of the pair.
    for n in exactness_indices(scale).into_iter().step_by(7).filter(|&n| n > 0) {
        let (a, b) = big_pair(n);
        let (Ok(a), Ok(b)) = (u64::try_from(&a), u64::try_from(&b)) else { continue };
        let found =
            (wy::classify(a), wy::classify(b), wy::laeuchli_upper_index(a), wy::laeuchli_upper_index(b));
        let partners = (wy::partner(a), wy::partner(b));
        tally.record(&(n, a, b, found, partners));
        let expected = (wy::WythoffNumber::Lower(n), wy::WythoffNumber::Upper(n), None, Some(n));
        tally.case(found == expected && partners == (Some(b), Some(a)), || {
            format!(
                "n = {n}, big-integer pair ({a}, {b}): classify/Laeuchli {found:?}, partners {partners:?}"
            )
        });
    }
    Evidence { bound: format!("z < {} against the sweep; sampled large z", side / 2), tally }
}

fn y1(scale: Scale) -> Evidence {
    let side = scale.pick(40u64, 150);
    let graph = wy::board_graph(side, usize::MAX).expect("the board fits");
    let outcome = outcomes(&graph.graph).expect("acyclic");
    let of = |x: u64, y: u64| outcome[graph.node(&(x, y)).expect("on the board").index()];
    let mut tally = Tally::new();
    for n in 1..side {
        tally.case(of(0, n) == Outcome::N && of(n, 0) == Outcome::N, || format!("{{0,{n}}} is not N"));
        tally.case(of(n, n) == Outcome::N, || format!("{{{n},{n}}} is not N"));
    }
    for (x, y) in [(1, 2), (3, 5)] {
        tally.case(of(x, y) == Outcome::P && of(y, x) == Outcome::P, || format!("{{{x},{y}}} is not P"));
    }
    tally.record(&outcome);
    Evidence { bound: format!("n < {side}, outcomes on the explicit {side}x{side} board graph"), tally }
}

fn y2(scale: Scale) -> Evidence {
    let count = scale.pick(5_000, 1_000_000);
    let pairs = wy::mex_pairs(count);
    let mut tally = Tally::new();
    tally.record(&pairs);
    tally.case(pairs.len() == count, || format!("{} pairs for {count}", pairs.len()));
    let a: Vec<u64> = pairs[..10].iter().map(|p| p.0).collect();
    let b: Vec<u64> = pairs[..10].iter().map(|p| p.1).collect();
    tally.case(a == [1, 3, 4, 6, 8, 9, 11, 12, 14, 16] && b == [2, 5, 7, 10, 13, 15, 18, 20, 23, 26], || {
        format!("first ten: a = {a:?}, b = {b:?}")
    });
    // The mex construction equals the sweep's P-positions (below the diagonal) ...
    let side = sweep_side(scale);
    let mut below: Vec<(u64, u64)> =
        sweep_p_positions(side).into_iter().filter(|&(x, y)| x > y).map(|(x, y)| (y, x)).collect();
    below.sort_unstable();
    tally.record(&below);
    tally.case(!below.is_empty(), || "the sweep found no pair".into());
    for (i, (swept, built)) in below.iter().zip(&pairs).enumerate() {
        tally.case(swept == built, || format!("n = {}: sweep {swept:?}, mex {built:?}", i + 1));
    }
    // ... and the closed form, over a longer range.
    for (i, &built) in pairs.iter().enumerate() {
        let n = i as u64 + 1;
        tally.case(wy::p_pair(n) == Some(built), || {
            format!("n = {n}: mex {built:?}, closed form {:?}", wy::p_pair(n))
        });
    }
    Evidence { bound: format!("n <= {count}; sweep {side}x{side}"), tally }
}

fn y3(scale: Scale) -> Evidence {
    let count = scale.pick(5_000, 1_000_000);
    let pairs = wy::mex_pairs(count);
    let mut tally = Tally::new();
    for w in pairs.windows(2) {
        tally.case(w[1].0 > w[0].0 && w[1].1 > w[0].1, || format!("{:?} then {:?}", w[0], w[1]));
    }
    // Partition: every z up to a_count is hit exactly once by A or B.
    let limit = pairs.last().map_or(0, |p| p.0) as usize;
    let mut hits = vec![0u8; limit + 1];
    for &(a, b) in &pairs {
        for z in [a, b] {
            if (z as usize) <= limit {
                hits[z as usize] += 1;
            }
        }
    }
    for (z, &h) in hits.iter().enumerate().skip(1) {
        tally.case(h == 1, || format!("{z} is hit {h} times by A and B"));
    }
    tally.record(&pairs);
    tally.record(&hits);
    tally.case(pairs.len() == count && limit > 0, || {
        format!("{} pairs for {count}, limit {limit}", pairs.len())
    });
    Evidence { bound: format!("n <= {count}, integers 1..={limit}"), tally }
}

fn y4(scale: Scale) -> Evidence {
    let side = board_side(scale);
    let black = engine_p_positions(side);
    let set: std::collections::HashSet<(u64, u64)> = black.iter().copied().collect();
    let mut tally = Tally::new();
    tally.record(&*black);
    for x in 0..side {
        for y in 0..side {
            let is_p = set.contains(&(x, y));
            tally.case(wy::is_p_position(x, y) == is_p, || {
                format!("({x},{y}): is_p_position disagrees with the kernel")
            });
            let proof_move = wy::y4_winning_move(x, y);
            tally.record(&proof_move);
            let legal = |(x2, y2): (u64, u64)| {
                (x2 < x && y2 == y) || (x2 == x && y2 < y) || (x - x2 == y - y2 && x2 < x && y2 <= y)
            };
            let ok = match proof_move {
                None => is_p,
                Some(m) => !is_p && legal(m) && set.contains(&m),
            };
            tally.case(ok, || format!("({x},{y}): Y4 move {proof_move:?}, P = {is_p}"));
        }
    }
    Evidence {
        bound: format!("every position of the {side}x{side} board against the kernel of its graph"),
        tally,
    }
}

fn wm(scale: Scale) -> Evidence {
    let side = scale.pick(30u64, 120);
    let from_graph = wy::misere_p_positions_from_graph(side, usize::MAX).expect("the board fits");
    let mut rule: Vec<(u64, u64)> = vec![(0, 1), (1, 0), (2, 2)];
    rule.extend(pairs_in_board(side).into_iter().filter(|&(x, y)| x.min(y) >= 3));
    rule.sort_unstable();
    let mut tally = Tally::new();
    tally.record(&from_graph);
    tally.case(from_graph == rule, || format!("graph {from_graph:?} vs rule {rule:?}"));
    for x in 0..side {
        for y in 0..side {
            let p = from_graph.binary_search(&(x, y)).is_ok();
            tally.case(wy::is_misere_p_position(x, y) == p, || {
                format!("({x},{y}): fast misère test disagrees")
            });
        }
    }
    // The crate's listings for every smaller board (every side, so also sides equal to some
    // b_n, where an off-by-one at the edge would show): misère against the graph's, normal
    // against the kernel of the board graph.
    let kernel = engine_p_positions(board_side(scale));
    for s in 1..=side {
        let inside = |&&(x, y): &&(u64, u64)| x < s && y < s;
        let misere: Vec<(u64, u64)> = from_graph.iter().filter(inside).copied().collect();
        let normal: Vec<(u64, u64)> = kernel.iter().filter(inside).copied().collect();
        let (listed_misere, listed_normal) = (wy::misere_p_positions(s), wy::p_positions_below(s));
        tally.record(&(s, &listed_misere, &listed_normal));
        tally.case(listed_misere == misere && listed_normal == normal, || {
            format!("side {s}: misere_p_positions {listed_misere:?} / p_positions_below {listed_normal:?}, graphs {misere:?} / {normal:?}")
        });
    }
    Evidence {
        bound: format!(
            "misère outcomes of the explicit {side}x{side} board graph, listings for every side <= {side}"
        ),
        tally,
    }
}

fn wg(scale: Scale) -> Evidence {
    let side = scale.pick(60u64, 300);
    let g = board_csr(side);
    let values = grundy_values(&g).expect("acyclic");
    let table = wy::grundy_table(side as usize).expect("side is small");
    let mut tally = Tally::new();
    tally.record(&values);
    for x in 0..side as usize {
        for y in 0..side as usize {
            let engine = values[x * side as usize + y];
            tally.case(table.get(x, y) == Some(engine) && table.get(y, x) == Some(engine), || {
                format!("G({x},{y}): table {:?}, engine {engine}", table.get(x, y))
            });
        }
        let mut row: Vec<u32> = table.row(x).unwrap_or_default().to_vec();
        row.sort_unstable();
        row.dedup();
        tally.case(row.len() == side as usize, || format!("row {x} repeats a value"));
    }
    Evidence { bound: format!("{side}x{side} board"), tally }
}

fn wx(scale: Scale) -> Evidence {
    // Scanned upward so the first failure is the smallest counterexample.
    let limit = scale.pick(1u64 << 27, 1u64 << 27);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut tally = Tally::new();
    let mut n = 1u64;
    while n <= limit {
        let float = (n as f64 * phi).floor() as u64;
        let exact = wy::lower(n).expect("small n");
        tally.case(float == exact, || format!("n = {n}: f64 gives {float}, exact {exact}"));
        if float != exact {
            // The refutation must be genuine: the exact value, by big integers.
            let big = big_pair(n).0;
            tally.require(BigUint::from(exact) == big, || {
                format!("n = {n}: lower {exact}, big integers {big}")
            });
            break;
        }
        n += 1;
    }
    tally.record(&n);
    Evidence { bound: "n = 1, 2, ... up to 2^27, stopping at the first failure".into(), tally }
}
