//! Cram boards cut into shards at the root: merged, the shards give the explicit graph's value
//! on every board up to 4 x 5, however many shards, with or without a cap on the values.

use game_core::search::{Search, SearchLimits, merge_root_shards};
use game_core::{explore, grundy_values};
use game_placement::{Cram, CramBoard};

#[test]
fn merged_shards_equal_the_explicit_graph_up_to_4_x_5() {
    let mut boards = 0;
    for rows in 1..=4 {
        for cols in 1..=5 {
            let board = CramBoard::empty(rows, cols).unwrap();
            let graph = explore(&Cram, [board], 5_000_000).unwrap();
            let values = grundy_values(&graph.graph).unwrap();
            let expected = values[graph.node(&board).unwrap().index()];
            for (count, cap) in [(1, None), (2, Some(expected + 1)), (5, None), (3, Some(8))] {
                let shards: Vec<_> = (0..count)
                    .map(|index| {
                        let mut search = Search::new(&Cram, SearchLimits::default()).unwrap();
                        search.root_shard(&board, "cram", (index, count), cap).unwrap()
                    })
                    .collect();
                let merged = merge_root_shards(&shards).unwrap();
                assert_eq!(merged.nimber, expected, "{rows} x {cols} in {count} shards, cap {cap:?}");
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
