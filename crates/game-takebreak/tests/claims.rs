//! The claims of game-takebreak, checked by game-verify as the claims of the source documents
//! are: each computed by two methods that share no code, over a bound that depends on the scale,
//! with the reports kept as snapshots in `tests/snapshots/{quick,full}/`.
//!
//! `cargo test -p game-takebreak` checks the quick bounds; `cargo xtask verify` finds this test
//! target (it is named `claims`, with a test named `claims`) and runs it at full bounds, and
//! after a deliberate change rewrites the snapshots (`--quick` for the quick ones).

use std::collections::BTreeSet;

use game_core::{explore, grundy_values as engine_values};
use game_takebreak::{GrundysGame, canonical_heaps, grundy_values};
use game_verify::{Claim, ClaimsTest, Evidence, Expected, Scale, Tally};

/// OEIS A002188 (Sprague-Grundy values of Grundy's game), n = 0..=104, copied from the
/// published sequence: the values found in the literature, not by this crate.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1,
    2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// The claims, in the order of `docs/claims.md`.
fn claims_of_grundys_game() -> Vec<Claim> {
    let source = "Grundy 1939 (Eureka 2); Guy and Smith 1956; OEIS A002188";
    vec![
        Claim {
            id: "GG1",
            statement: "The fast (rare/common) values of Grundy's game equal the definition g(n) = mex of g(a) XOR g(n - a) over 1 <= a < n - a",
            source,
            methods: [
                "game-takebreak's rare/common table",
                "the definition (mex over every split), written in the check",
            ],
            expected: Expected::Holds,
            check: fast_equals_definition,
        },
        Claim {
            id: "GG2",
            statement: "On the explicit graph of positions with several heaps, game-core's Grundy value of every position is the XOR of the fast table's heap values",
            source: "Sprague-Grundy theorem; our own check of GrundysGame against game-core",
            methods: [
                "game-core's Grundy values on the explicit graph of GrundysGame",
                "XOR of the fast table's heap values",
            ],
            expected: Expected::Holds,
            check: engine_equals_table,
        },
        Claim {
            id: "GG3",
            statement: "The values of heaps 0..=104 are the published terms of OEIS A002188",
            source,
            methods: [
                "game-takebreak's rare/common table",
                "the published terms of OEIS A002188, written in the test",
            ],
            expected: Expected::Holds,
            check: table_equals_oeis,
        },
        Claim {
            id: "GGX",
            statement: "(false) Grundy's game has period 3 from heap 4 on (the values 0, 2, 1 of heaps 4, 5, 6 repeat)",
            source: "our own; the first dozen values suggest it, heap 13 breaks it",
            methods: ["game-takebreak's rare/common table at heap n", "the same table three heaps earlier"],
            expected: Expected::Refuted { counterexample: "heap 13: g(13) = 3, but g(10) = 0" },
            check: period_three_from_four,
        },
    ]
}

fn fast_equals_definition(scale: Scale) -> Evidence {
    let last = scale.pick(2_000usize, 12_000);
    let fast = grundy_values(last as u64).expect("a small table");
    // The definition, written out with a set of option values: no rare/common split, no marks.
    let mut by_definition: Vec<u32> = Vec::with_capacity(last + 1);
    let mut tally = Tally::new();
    for n in 0..=last {
        let options: BTreeSet<u32> =
            (1..n).filter(|&a| a < n - a).map(|a| by_definition[a] ^ by_definition[n - a]).collect();
        let mex = (0u32..).find(|v| !options.contains(v)).expect("a finite set misses a value");
        by_definition.push(mex);
        tally.record(&(n, mex));
        tally.case(fast[n] == mex, || format!("heap {n}: fast {}, definition {mex}", fast[n]));
    }
    Evidence { bound: format!("heaps 0..={last}"), tally }
}

fn engine_equals_table(scale: Scale) -> Evidence {
    let largest = scale.pick(30u64, 50);
    let graph = explore(&GrundysGame, (0..=largest).map(|n| canonical_heaps(&[n])), 2_000_000)
        .expect("the graph is within the node limit");
    let values = engine_values(&graph.graph).expect("splitting heaps ends: the graph is acyclic");
    let table = grundy_values(largest).expect("a small table");
    let mut positions: Vec<(&Vec<u64>, u32)> =
        graph.graph.node_indices().map(|node| (graph.position(node), values[node.index()])).collect();
    positions.sort();
    let mut tally = Tally::new();
    for (heaps, engine) in positions {
        let xor = heaps.iter().fold(0, |acc, &h| acc ^ table[h as usize]);
        tally.record(&(heaps, engine));
        tally.case(engine == xor, || format!("position {heaps:?}: engine {engine}, XOR of the table {xor}"));
    }
    Evidence { bound: format!("every position reachable from one heap of 0..={largest}"), tally }
}

fn table_equals_oeis(_scale: Scale) -> Evidence {
    let fast = grundy_values(A002188.len() as u64 - 1).expect("a small table");
    let mut tally = Tally::new();
    for (n, (&ours, &published)) in fast.iter().zip(&A002188).enumerate() {
        tally.record(&ours);
        tally.case(ours == published, || format!("heap {n}: ours {ours}, OEIS {published}"));
    }
    Evidence { bound: format!("heaps 0..={}", A002188.len() - 1), tally }
}

fn period_three_from_four(scale: Scale) -> Evidence {
    let last = scale.pick(1_000usize, 1 << 20);
    let fast = grundy_values(last as u64).expect("a table within the memory limit");
    let mut tally = Tally::new();
    for n in 7..=last {
        tally.case(fast[n] == fast[n - 3], || {
            format!("heap {n}: g({n}) = {}, but g({}) = {}", fast[n], n - 3, fast[n - 3])
        });
    }
    tally.record(&fast);
    Evidence { bound: format!("heaps 7..={last} against three heaps earlier"), tally }
}

/// The claims, checked against their insta snapshots (quick bounds by default;
/// `cargo xtask verify` runs this test at full bounds).
#[test]
fn claims() {
    ClaimsTest::new(claims_of_grundys_game(), env!("CARGO_MANIFEST_DIR"))
        .rewrite_commands("cargo xtask verify --quick", "cargo xtask verify")
        .run();
}
