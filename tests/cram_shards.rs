//! Cram boards cut into shards at the root: merged, the shards give the explicit graph's value
//! on every board up to 4 x 5, however many shards, with or without a cap on the values, and
//! shards asking each first move only about the nimber with a cap below it.

use game_core::search::{Search, SearchLimits};
use game_core::{explore, grundy_values};
use game_placement::{Cram, CramBoard};
use game_search_runs::{RootShards, ShardQuestion, merge_root_shards};

#[test]
fn merged_shards_equal_the_explicit_graph_up_to_4_x_5() {
    let mut boards = 0;
    for rows in 1..=4 {
        for cols in 1..=5 {
            let board = CramBoard::empty(rows, cols).unwrap();
            let graph = explore(&Cram, [board], 5_000_000).unwrap();
            let values = grundy_values(&graph.graph).unwrap();
            let expected = values[graph.node(&board).unwrap().index()];
            let shards = |count: usize, question| {
                (0..count).map(move |index| {
                    let mut search = Search::new(&Cram, SearchLimits::default()).unwrap();
                    search.root_shard(&board, "cram", (index, count), question).unwrap()
                })
            };
            let only = || shards(2, ShardQuestion::Only(expected));
            let below = || shards(3, ShardQuestion::Below(expected.max(1)));
            let cuts: [(&str, Vec<_>); 5] = [
                ("1 shard", shards(1, ShardQuestion::Value).collect()),
                ("2 shards, cap nimber + 1", shards(2, ShardQuestion::Below(expected + 1)).collect()),
                ("5 shards", shards(5, ShardQuestion::Value).collect()),
                ("3 shards, cap 8", shards(3, ShardQuestion::Below(8)).collect()),
                ("2 shards only the nimber, 3 capped at it", only().chain(below()).collect()),
            ];
            for (cut, shards) in cuts {
                let merged = merge_root_shards(&shards).unwrap();
                assert_eq!(merged.nimber, expected, "{rows} x {cols} in {cut}");
                // Symmetric first moves are one task: never more tasks than moves.
                assert!(
                    merged.values.len() <= graph.graph.neighbors(graph.node(&board).unwrap()).count().max(1)
                );
            }
            boards += 1;
        }
    }
    assert_eq!(boards, 20);
}
