//! The Sprague-Grundy theorem on disjunctive sums of the concrete games (claim C4): the Grundy
//! value of a sum, computed by game-core on the explicit graph of the sum, equals the XOR of the
//! components' values computed by each game crate's fast method.

use game_core::{Sum, explore, grundy_values};
use game_nim::{Nim, SubtractionSet, canonical_heaps};
use game_wythoff::{Wythoff, grundy_table};

use crate::{Claim, Evidence, Expected, Scale, Tally};

pub(crate) fn claims() -> Vec<Claim> {
    vec![Claim {
        id: "C4",
        statement: "Sprague-Grundy: the Grundy value of a sum of Wythoff, Nim and subtraction games is the XOR of \
                    the parts' values",
        source: "common ground (and N6)",
        methods: [
            "game-core: grundy_values() on the explicit graph of the sum game (Sum of the three games)",
            "XOR of game-wythoff's grundy_table, the Nim heap size and game-nim's grundy_sequence",
        ],
        expected: Expected::Holds,
        check: sums,
    }]
}

fn sums(scale: Scale) -> Evidence {
    let (board, heap, sub_heap) = scale.pick((6u64, 6u64, 10u64), (12, 12, 24));
    let subtraction = SubtractionSet::new([1, 3, 4]).expect("valid set");
    let game = Sum(Sum(Wythoff, Nim), subtraction.clone());
    let mut roots = Vec::new();
    for x in 0..board {
        for y in 0..board {
            for h in 0..heap {
                for s in 0..sub_heap {
                    roots.push((((x, y), canonical_heaps(&[h])), canonical_heaps(&[s])));
                }
            }
        }
    }
    let graph = explore(&game, roots.clone(), usize::MAX).expect("no limit");
    let values = grundy_values(&graph.graph).expect("sums of acyclic games are acyclic");
    let wythoff = grundy_table(board as usize).expect("small board");
    let sub_values = subtraction.grundy_sequence(sub_heap).expect("small heap");
    let mut tally = Tally::new();
    for root in roots {
        let (((x, y), ref h), ref s) = root;
        let engine = values[graph.node(&root).expect("roots are in the graph").index()];
        let nim_value = h.first().copied().unwrap_or(0) as u32;
        let sub_value = sub_values[s.first().copied().unwrap_or(0) as usize];
        let xor = wythoff.get(x as usize, y as usize).expect("on the board") ^ nim_value ^ sub_value;
        tally.record(&(&root, engine, xor));
        tally.case(engine == xor, || {
            format!("Wythoff ({x},{y}) + Nim {h:?} + S{{1,3,4}} {s:?}: graph {engine}, XOR {xor}")
        });
    }
    Evidence {
        bound: format!(
            "Wythoff x, y < {board} + Nim heap < {heap} + subtraction {{1,3,4}} heap < {sub_heap} ({} positions in the sum graph)",
            graph.len()
        ),
        tally,
    }
}
