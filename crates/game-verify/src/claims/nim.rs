//! Seed 003 ("Nim-Spiel"): claims N1-N6, subtraction-game periods NS, octal games NO1-NO2, and the
//! false claim NX (misère Nim decided by the nim-sum). References: game-core's outcomes, misère
//! outcomes and Grundy values on the explicit graphs, and the literature for octal periods.

use std::collections::BTreeSet;

use game_core::{GameGraph, Outcome, explore, grundy_values, misere_outcomes, outcomes};
use game_nim as nim;
use game_nim::{Nim, NimMove, OctalGame, SubtractionSet};

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

pub(crate) fn claims() -> Vec<Claim> {
    let s003 = "seed 003 (Nim-Spiel)";
    vec![
        claim(
            "N1",
            "Nim as a game graph (remove at least one match from one row; normal play) is acyclic and every position has the expected options",
            s003,
            [
                "game-core: explore() of game-nim's Nim game (its moves) into a graph",
                "the options by the rule (one row loses 1..=h matches), written in the check",
            ],
            n1,
        ),
        claim(
            "N2",
            "Bouton: a Nim position is P (Z) iff the XOR of the row sizes is 0",
            s003,
            [
                "game-core: outcomes() (the kernel) on the explicit Nim graph",
                "the XOR of the rows, computed in the check, and game-nim's nim_outcome",
            ],
            n2,
        ),
        claim(
            "N3",
            "From an N-position the winning moves are odd in number, one per row with a 1 at the nim-sum's top bit, each amount unique; S1 = (22,5,13,27) has 22->19, 5->0, 13->8",
            s003,
            [
                "game-nim's nim_winning_moves",
                "game-core: the options that are P-positions on the explicit Nim graph, and the rows with the nim-sum's top bit, counted in the check",
            ],
            n3,
        ),
        claim(
            "N4",
            "Misère Nim: play as in Nim while two rows have >= 2; with one such row leave an odd number of 1-rows; with none the parity decides",
            s003,
            [
                "game-core: misere_outcomes() and the misère P-options on the explicit Nim graph",
                "game-nim's misere_nim_outcome and misere_nim_winning_moves (the seed's rule)",
            ],
            n4,
        ),
        claim(
            "N5",
            "The named variants: Marienbad (1,3,5,7 misère), equal rows, rows 1..k, Bachet's take 1..k (P iff n mod (k+1) = 0), the Bubi set {1,3,5} (P iff n even)",
            s003,
            [
                "game-core: outcomes() and misere_outcomes() on each variant's explicit graph",
                "the rules of the statement (nim-sum, misère rule, n mod (k+1), parity)",
            ],
            n5,
        ),
        claim(
            "N6",
            "The graph (kernel, Grundy values) and the numbers (nim-sum) agree: Grundy value of a Nim position = nim-sum",
            s003,
            [
                "game-core: grundy_values() and outcomes() on the explicit Nim graph",
                "the nim-sum (XOR in the check, and game-nim's nim_sum)",
            ],
            n6,
        ),
        claim(
            "NS",
            "The proven period and pre-period of every subtraction set S (normal and misère) describe the game's values beyond the proof window",
            "seed 003 (N5: Bachet, Bubi, any finite set); window argument",
            [
                "game-nim's analyse_normal / analyse_misere (values, window argument, least period)",
                "game-core: grundy_values() and misere_outcomes() on the explicit graph, well past the proof window",
            ],
            ns,
        ),
        claim(
            "NO1",
            "The sparse-space Grundy values of octal games equal the definition and game-core on the explicit multi-heap graph",
            "Gangolli-Plambeck; Flammenkamp (our own check)",
            [
                "game-nim's sparse-space grundy_values",
                "game-nim's grundy_values_plain (the definition), and game-core's grundy_values() on the explicit graph",
            ],
            no1,
        ),
        claim(
            "NO2",
            "Kayles 0.77 has period 12 from heap 71 on; Dawson's chess 0.137 period 34 from 52 on, and 0.07 from 53 on (Guy-Smith)",
            "Guy and Smith 1956; OEIS A002186, A002187",
            [
                "game-nim's periodicity (sparse-space values, Guy-Smith) and grundy_values",
                "the definition (mex over every option, parsed from the code) written in the check, to past the Guy-Smith bound, with the theorem's condition and minimality checked on it",
            ],
            no2,
        ),
        Claim {
            id: "NX",
            statement: "(false) Misère Nim is decided by the nim-sum as normal Nim is (P iff the XOR is 0)",
            source: "our own; seed 003 (N4) says otherwise",
            methods: [
                "game-core: misere_outcomes() on the explicit Nim graph (checked against game-nim's misère rule)",
                "the XOR rule of normal play",
            ],
            expected: Expected::Refuted { counterexample: "[1]: misère graph P, XOR rule N" },
            check: nx,
        },
    ]
}

/// Sizes below `bound` for up to four rows: quick 8, full 16 (the bound).
fn heap_bound(scale: Scale) -> u64 {
    scale.pick(8, 16)
}

/// Every ordered tuple of 1..=4 heaps below `bound`, shortest first, then lexicographic.
fn tuples(bound: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..4 {
        layer = layer.iter().flat_map(|t| (0..bound).map(move |h| [t.as_slice(), &[h]].concat())).collect();
        all.extend(layer.iter().cloned());
    }
    all
}

struct NimGraph {
    graph: GameGraph<Vec<u64>>,
    normal: Vec<Outcome>,
    misere: Vec<Outcome>,
    grundy: Vec<u32>,
}

impl NimGraph {
    fn new(bound: u64) -> Self {
        let root = vec![bound - 1; 4];
        let graph = explore(&Nim, [root], usize::MAX).expect("no limit");
        let normal = outcomes(&graph.graph).expect("Nim is acyclic");
        let misere = misere_outcomes(&graph.graph).expect("Nim is acyclic");
        let grundy = grundy_values(&graph.graph).expect("Nim is acyclic");
        NimGraph { graph, normal, misere, grundy }
    }

    fn index(&self, heaps: &[u64]) -> usize {
        self.graph.node(&nim::canonical_heaps(heaps)).expect("every small position is reachable").index()
    }

    /// Canonical options of `heaps` that have the given outcome in `table`.
    fn options_with(&self, heaps: &[u64], table: &[Outcome], wanted: Outcome) -> BTreeSet<Vec<u64>> {
        let node = self.graph.node(&nim::canonical_heaps(heaps)).expect("reachable");
        self.graph
            .graph
            .neighbors(node)
            .filter(|w| table[w.index()] == wanted)
            .map(|w| self.graph.graph[w].clone())
            .collect()
    }
}

fn results(heaps: &[u64], moves: &[NimMove]) -> Option<BTreeSet<Vec<u64>>> {
    moves.iter().map(|&m| nim::apply_move(heaps, m).ok().map(|h| nim::canonical_heaps(&h))).collect()
}

fn n1(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    tally.record(&g.graph.len());
    for heaps in tuples(bound) {
        // Options by the rule, written out here: one row loses 1..=h matches.
        let mut expected = BTreeSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in 0..h {
                let mut next = heaps.clone();
                next[i] = left;
                expected.insert(nim::canonical_heaps(&next));
            }
        }
        let node = g.graph.node(&nim::canonical_heaps(&heaps)).expect("reachable");
        let actual: BTreeSet<Vec<u64>> =
            g.graph.graph.neighbors(node).map(|w| g.graph.graph[w].clone()).collect();
        tally.record(&(&heaps, &actual));
        tally.case(actual == expected, || format!("{heaps:?}: options {actual:?}, rule {expected:?}"));
    }
    Evidence { bound: format!("all positions of 1..=4 rows below {bound}"), tally }
}

fn n2(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    for heaps in tuples(bound) {
        let engine = g.normal[g.index(&heaps)];
        let xor_rule = if heaps.iter().fold(0, |a, h| a ^ h) == 0 { Outcome::P } else { Outcome::N };
        tally.record(&(&heaps, engine));
        tally.case(engine == xor_rule && nim::nim_outcome(&heaps) == engine, || {
            format!(
                "{heaps:?}: kernel says {engine}, XOR rule {xor_rule}, nim_outcome {}",
                nim::nim_outcome(&heaps)
            )
        });
    }
    Evidence {
        bound: format!("all positions of 1..=4 rows below {bound}, against the kernel of the graph"),
        tally,
    }
}

fn n3(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    let s1 = [22, 5, 13, 27];
    let s1_moves: BTreeSet<(usize, u64)> =
        nim::nim_winning_moves(&s1).iter().map(|m| (m.heap, m.new_size)).collect();
    tally.record(&s1_moves);
    tally.case(s1_moves == BTreeSet::from([(0, 19), (1, 0), (2, 8)]), || format!("S1: moves {s1_moves:?}"));
    for heaps in tuples(bound) {
        let sum = heaps.iter().fold(0, |a, h| a ^ h);
        let moves = nim::nim_winning_moves(&heaps);
        let rows_with_top_bit = if sum == 0 {
            0
        } else {
            heaps.iter().filter(|&&h| h >> (63 - sum.leading_zeros()) & 1 == 1).count()
        };
        let distinct_rows = moves.iter().map(|m| m.heap).collect::<BTreeSet<_>>().len();
        let engine = g.options_with(&heaps, &g.normal, Outcome::P);
        let reached = results(&heaps, &moves);
        tally.record(&(&heaps, &moves, &engine));
        let ok = moves.len() == rows_with_top_bit
            && distinct_rows == moves.len()
            && (sum == 0 || moves.len() % 2 == 1)
            && reached.as_ref() == Some(&engine);
        tally.case(ok, || format!("{heaps:?}: moves {moves:?}, rows with the top bit {rows_with_top_bit}, kernel options {engine:?}"));
    }
    Evidence { bound: format!("S1 and all positions of 1..=4 rows below {bound}"), tally }
}

fn n4(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    for heaps in tuples(bound) {
        let engine = g.misere[g.index(&heaps)];
        let rule = nim::misere_nim_outcome(&heaps);
        let moves = nim::misere_nim_winning_moves(&heaps);
        let engine_moves = g.options_with(&heaps, &g.misere, Outcome::P);
        let reached = results(&heaps, &moves);
        tally.record(&(&heaps, engine, &moves, &engine_moves));
        tally.case(engine == rule && reached.as_ref() == Some(&engine_moves), || {
            format!("{heaps:?}: misère graph {engine}, rule {rule}, moves {moves:?}, graph's winning options {engine_moves:?}")
        });
    }
    Evidence {
        bound: format!("all positions of 1..=4 rows below {bound}, against misère outcomes of the graph"),
        tally,
    }
}

fn explicit_outcome(game: &SubtractionSet, heap: u64) -> Vec<Outcome> {
    let g = explore(game, (0..=heap).map(|h| nim::canonical_heaps(&[h])), usize::MAX).expect("no limit");
    let out = outcomes(&g.graph).expect("acyclic");
    (0..=heap).map(|h| out[g.node(&nim::canonical_heaps(&[h])).expect("reachable").index()]).collect()
}

fn n5(scale: Scale) -> Evidence {
    let mut tally = Tally::new();
    // Marienbad and the named starting positions, misère and normal, on their own graphs.
    let k_max = scale.pick(4, 5);
    let mut starts = vec![nim::marienbad()];
    for k in 1..=k_max {
        starts.push(nim::staircase(k));
        for size in 1..=scale.pick(4, 6) {
            starts.push(nim::equal_heaps(k as usize, size));
        }
    }
    for start in starts {
        let g = explore(&Nim, [nim::canonical_heaps(&start)], usize::MAX).expect("no limit");
        let normal = outcomes(&g.graph).expect("acyclic");
        let misere = misere_outcomes(&g.graph).expect("acyclic");
        let i = g.node(&nim::canonical_heaps(&start)).expect("root").index();
        tally.record(&(&start, normal[i], misere[i]));
        tally.case(
            nim::nim_outcome(&start) == normal[i] && nim::misere_nim_outcome(&start) == misere[i],
            || {
                format!(
                    "{start:?}: graph {} / {}, rules {} / {}",
                    normal[i],
                    misere[i],
                    nim::nim_outcome(&start),
                    nim::misere_nim_outcome(&start)
                )
            },
        );
    }
    // Bachet / "Ziel 100": take 1..k from one heap of up to 100.
    for k in 1..=scale.pick(6, 12) {
        let game = SubtractionSet::bachet(k).expect("k >= 1");
        let explicit = explicit_outcome(&game, 100);
        tally.record(&(k, &explicit));
        for (n, &o) in explicit.iter().enumerate() {
            let closed = if (n as u64).is_multiple_of(k + 1) { Outcome::P } else { Outcome::N };
            tally.case(o == closed, || {
                format!("Bachet k = {k}, heap {n}: graph {o}, n mod (k+1) rule {closed}")
            });
        }
    }
    let bubi = SubtractionSet::new([1, 3, 5]).expect("valid set");
    let explicit = explicit_outcome(&bubi, 100);
    tally.record(&explicit);
    for (n, &o) in explicit.iter().enumerate() {
        let closed = if n % 2 == 0 { Outcome::P } else { Outcome::N };
        tally.case(o == closed, || format!("Bubi, heap {n}: graph {o}, parity rule {closed}"));
    }
    Evidence {
        bound: format!(
            "Marienbad, rows 1..k and k equal rows for k <= {k_max}; Bachet and Bubi heaps <= 100"
        ),
        tally,
    }
}

fn n6(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    for heaps in tuples(bound) {
        let i = g.index(&heaps);
        let sum = heaps.iter().fold(0, |a, h| a ^ h);
        let kernel_member = g.normal[i] == Outcome::P;
        tally.case(
            u64::from(g.grundy[i]) == nim::nim_sum(&heaps)
                && (g.grundy[i] == 0) == kernel_member
                && sum == nim::nim_sum(&heaps),
            || format!("{heaps:?}: Grundy {} on the graph, nim-sum {}", g.grundy[i], nim::nim_sum(&heaps)),
        );
    }
    tally.record(&g.grundy);
    Evidence { bound: format!("all positions of 1..=4 rows below {bound}"), tally }
}

fn ns(scale: Scale) -> Evidence {
    let max_amount = scale.pick(6u64, 9);
    let mut tally = Tally::new();
    for bits in 1u32..1 << max_amount {
        let amounts: Vec<u64> = (1..=max_amount).filter(|s| bits >> (s - 1) & 1 == 1).collect();
        let game = SubtractionSet::new(amounts.clone()).expect("nonempty positive set");
        let (normal, misere) = match (game.analyse_normal(1 << 20), game.analyse_misere(1 << 20)) {
            (Ok(a), Ok(b)) => (a, b),
            other => {
                tally.case(false, || format!("S = {amounts:?}: no period found: {other:?}"));
                continue;
            }
        };
        // Check well past the proof: pre-period + 3 periods + 2 max S.
        let reach = normal.periodicity.preperiod.max(misere.periodicity.preperiod) as u64
            + 3 * normal.periodicity.period.max(misere.periodicity.period) as u64
            + 2 * max_amount;
        let g =
            explore(&game, (0..=reach).map(|h| nim::canonical_heaps(&[h])), usize::MAX).expect("no limit");
        let values = grundy_values(&g.graph).expect("acyclic");
        let mis = misere_outcomes(&g.graph).expect("acyclic");
        tally.record(&(&amounts, normal.periodicity, misere.periodicity, &values, &mis));
        for h in 0..=reach {
            let i = g.node(&nim::canonical_heaps(&[h])).expect("reachable").index();
            let misere_p = mis[i] == Outcome::P;
            tally.case(normal.value(h) == values[i] && (misere.value(h) == 0) == misere_p, || {
                format!(
                    "S = {amounts:?}, heap {h}: periodic value {} vs graph {}, misère {} vs graph {}",
                    normal.value(h),
                    values[i],
                    misere.value(h),
                    mis[i]
                )
            });
        }
        // Minimality of the period (the pre-period is minimal by the same table).
        let p = normal.periodicity.period;
        let seq = game.grundy_sequence(reach).expect("small");
        let start = normal.periodicity.preperiod;
        let smaller = (1..p).find(|&q| p % q == 0 && (start..seq.len() - q).all(|n| seq[n] == seq[n + q]));
        tally.case(smaller.is_none(), || {
            format!("S = {amounts:?}: period {p} is not least ({smaller:?} works)")
        });
    }
    Evidence {
        bound: format!("every nonempty S within 1..={max_amount}, heaps to pre-period + 3 periods + 2 max S"),
        tally,
    }
}

const OCTAL_CODES: [&str; 10] =
    ["0.07", "0.77", "0.137", "4.07", "0.6", "0.17", "0.37", "0.51", "0.71", "0.007"];

fn no1(scale: Scale) -> Evidence {
    let graph_heap = scale.pick(14u64, 24);
    let plain_up_to = scale.pick(2_000usize, 20_000);
    let mut tally = Tally::new();
    for code in OCTAL_CODES {
        let game: OctalGame = code.parse().expect("valid code");
        let fast = game.grundy_values(plain_up_to).expect("small");
        let plain = game.grundy_values_plain(plain_up_to).expect("small");
        tally.record(&(code, &fast));
        let first_difference = fast.iter().zip(&plain).position(|(a, b)| a != b);
        tally.case(first_difference.is_none(), || {
            format!("{code}: sparse and plain differ at heap {first_difference:?}")
        });
        let g = explore(&game, (0..=graph_heap).map(|h| nim::canonical_heaps(&[h])), usize::MAX)
            .expect("no limit");
        let values = grundy_values(&g.graph).expect("octal games are acyclic");
        tally.record(&values);
        for h in 0..=graph_heap {
            let engine = values[g.node(&nim::canonical_heaps(&[h])).expect("reachable").index()];
            tally.case(engine == fast[h as usize], || {
                format!("{code}, heap {h}: graph {engine}, sparse {}", fast[h as usize])
            });
        }
    }
    Evidence {
        bound: format!(
            "{} codes: explicit graph to heap {graph_heap}, plain definition to {plain_up_to}",
            OCTAL_CODES.len()
        ),
        tally,
    }
}

/// The digits of an octal code `d0.d1 d2 ...`: `digits[k]` says what may be left after removing
/// `k` counters (bit 1: nothing, bit 2: one heap, bit 4: two heaps). Parsed here, not by
/// game-nim, for the codes of [`no2`].
fn octal_digits(code: &str) -> Vec<u8> {
    let (before, after) = code.split_once('.').expect("the codes of NO2 have a point");
    let mut digits = vec![if before == "4" { 4 } else { 0 }];
    digits.extend(after.bytes().map(|b| b - b'0'));
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    digits
}

/// Grundy values of heaps `0..=up_to` by the definition: the mex of the values of every option
/// (take `k` and leave nothing, one heap, or two heaps `a + b = n - k`, values XORed). O(up_to^2).
fn octal_values_by_definition(digits: &[u8], up_to: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
    let mut stamp: Vec<usize> = Vec::new(); // stamp[v] == n + 1: value v is an option of heap n
    for n in 0..=up_to {
        let mark = |v: u32, stamp: &mut Vec<usize>| {
            let v = v as usize;
            if stamp.len() <= v {
                stamp.resize(v + 1, 0);
            }
            stamp[v] = n + 1;
        };
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if k > 0 && d & 1 != 0 && rest == 0 {
                mark(0, &mut stamp);
            }
            if k > 0 && d & 2 != 0 && rest > 0 {
                mark(values[rest], &mut stamp);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    mark(values[a] ^ values[rest - a], &mut stamp);
                }
            }
        }
        let mex = (0..).find(|&v| stamp.get(v).is_none_or(|&s| s != n + 1)).expect("a free value");
        values.push(mex as u32);
    }
    values
}

fn no2(scale: Scale) -> Evidence {
    // Codes with literature periods whose Guy-Smith range is small; codes like 0.16, whose
    // pre-period and period run into the hundred thousands, are out of reach of the O(n^2)
    // definition within the time of `cargo xtask verify` and are not checked here.
    let literature = [("0.77", 71, 12), ("0.137", 52, 34), ("0.07", 53, 34)];
    let up_to = scale.pick(1_000, 20_000);
    let mut tally = Tally::new();
    let mut ranges = Vec::new();
    for (code, preperiod, period) in literature {
        let digits = octal_digits(code);
        let max_take = digits.len() - 1;
        // Guy-Smith: g(n + p) = g(n) for every n0 <= n < 2 n0 + p + t proves it for all n >= n0.
        let theorem_end = 2 * preperiod + period + max_take;
        ranges.push(format!("{code} to {}", theorem_end + period - 1));
        let plain = octal_values_by_definition(&digits, up_to);
        tally.record(&(code, &plain));
        tally.case(theorem_end + period <= plain.len(), || format!("{code}: too few values computed"));
        // One case per heap of the theorem's range (its condition, on the definition's values).
        for n in preperiod..theorem_end.min(plain.len() - period) {
            tally.case(plain[n] == plain[n + period], || {
                format!("{code}: the definition breaks period {period} at heap {n}")
            });
        }
        tally.case(preperiod == 0 || plain[preperiod - 1] != plain[preperiod - 1 + period], || {
            format!("{code}: the period {period} already holds from heap {}", preperiod - 1)
        });
        let smaller = (1..period)
            .filter(|q| period.is_multiple_of(*q))
            .find(|&q| (preperiod..preperiod + period).all(|n| plain[n] == plain[n + q]));
        tally.case(smaller.is_none(), || format!("{code}: period {period} is not least ({smaller:?} works)"));
        // Beyond the theorem's range: the definition stays periodic (the theorem at work).
        let later = (theorem_end..plain.len() - period).find(|&n| plain[n] != plain[n + period]);
        tally.case(later.is_none(), || format!("{code}: the definition breaks the period at heap {later:?}"));
        // game-nim: its proven periodicity and its values (copied along the period once proven).
        let game: OctalGame = code.parse().expect("valid code");
        let found = game.periodicity(up_to);
        tally.record(&(code, &found));
        tally.case(matches!(found, Ok(p) if p.preperiod == preperiod && p.period == period), || {
            format!(
                "{code}: game-nim's periodicity {found:?}, literature pre-period {preperiod}, period {period}"
            )
        });
        let fast = game.grundy_values(up_to).unwrap_or_default();
        tally.case(fast.len() == plain.len(), || format!("{code}: game-nim gives {} values", fast.len()));
        // One case per heap: game-nim's value (copied along the period once proven) against the
        // definition's.
        for (n, (f, p)) in fast.iter().zip(&plain).enumerate() {
            tally.case(f == p, || {
                format!("{code}, heap {n}: game-nim's grundy_values {f}, the definition {p}")
            });
        }
    }
    Evidence {
        bound: format!(
            "the definition to heap {up_to} (Guy-Smith ranges: {}); long periods such as 0.16's are out of reach",
            ranges.join(", ")
        ),
        tally,
    }
}

fn nx(scale: Scale) -> Evidence {
    let bound = heap_bound(scale);
    let g = NimGraph::new(bound);
    let mut tally = Tally::new();
    for heaps in tuples(bound).into_iter().filter(|h| h.iter().any(|&x| x > 0)) {
        let engine = g.misere[g.index(&heaps)];
        let xor_rule = if heaps.iter().fold(0, |a, h| a ^ h) == 0 { Outcome::P } else { Outcome::N };
        tally.record(&(&heaps, engine));
        // The refutation must be genuine: the graph's misère outcome is the seed's rule (N4).
        let rule = nim::misere_nim_outcome(&heaps);
        tally.require(engine == rule, || {
            format!("{heaps:?}: misère graph {engine}, game-nim's misère rule {rule}")
        });
        tally.case(engine == xor_rule, || format!("{heaps:?}: misère graph {engine}, XOR rule {xor_rule}"));
    }
    Evidence { bound: format!("nonempty positions of 1..=4 rows below {bound}"), tally }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition written in NO2 against the published first values (OEIS A002186 for
    /// Kayles, A002187 for Dawson's Kayles), not against game-nim.
    #[test]
    fn the_definition_in_no2_gives_the_published_first_values() {
        assert_eq!(
            octal_values_by_definition(&octal_digits("0.77"), 11),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
        assert_eq!(
            octal_values_by_definition(&octal_digits("0.07"), 19),
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
        );
        assert_eq!(octal_digits("4.070"), [4, 0, 7]);
    }
}
