//! Proptests: game-core's search engine (pruned, plain and outcome searches) against its
//! explicit-graph engine, on small random positions of every game of the crate.

use game_core::search::{Search, SearchLimits};
use game_core::{Game, Outcome, SearchGame, explore, grundy_values};
use game_placement::{
    Cram, CramBoard, KaylesGraph, LaskersNim, NodeKayles, cram_winning_domino, node_kayles_winning_vertex,
};
use proptest::prelude::*;

/// The explicit graph's value of `position`.
fn graph_value<G: SearchGame>(game: &G, position: &G::Position) -> u32 {
    let graph = explore(game, [position.clone()], 2_000_000).expect("a small position");
    let values = grundy_values(&graph.graph).expect("the game ends");
    values[graph.node(position).expect("the root").index()]
}

/// Every search method agrees with `expected`.
fn check_every_method<G: SearchGame>(
    game: &G,
    position: &G::Position,
    expected: u32,
) -> Result<(), TestCaseError> {
    let limits = SearchLimits::new(64 << 20, 10_000_000);
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber(position).unwrap(), expected);
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber_by_mex(position).unwrap(), expected);
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber_by_aspiration(position).unwrap(), expected);
    let mut search = Search::new(game, limits).unwrap();
    for k in 0..=expected + 1 {
        prop_assert_eq!(search.is_p_position_plus(position, k).unwrap(), k == expected);
    }
    let outcome = Search::new(game, limits).unwrap().outcome(position).unwrap();
    prop_assert_eq!(outcome, if expected == 0 { Outcome::P } else { Outcome::N });
    Ok(())
}

/// Lasker's Nim by its rules alone: moves and components, without the crate's fast paths
/// (`option_parts` from reused buffers, `dense_index`), so the search takes the definition.
struct LaskerByDefinition;
impl Game for LaskerByDefinition {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        LaskersNim.moves(heaps)
    }
}

impl SearchGame for LaskerByDefinition {
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        LaskersNim.components(heaps, out)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn lasker_fast_paths_equal_the_definition(heaps in proptest::collection::vec(0u64..=300, 0..=4), k in 0u32..8) {
        let position = LaskersNim::position(&heaps);
        let limits = SearchLimits::new(64 << 20, 100_000_000);
        let expected = Search::new(&LaskerByDefinition, limits).unwrap().nimber_by_mex(&position).unwrap();
        prop_assert_eq!(Search::new(&LaskersNim, limits).unwrap().nimber(&position).unwrap(), expected);
        prop_assert_eq!(Search::new(&LaskersNim, limits).unwrap().nimber_by_mex(&position).unwrap(), expected);
        let plus = Search::new(&LaskersNim, limits).unwrap().is_p_position_plus(&position, k).unwrap();
        prop_assert_eq!(plus, k == expected);
    }

    #[test]
    fn cram_search_equals_graph(rows in 1usize..=3, cols in 1usize..=5, free in any::<u128>()) {
        let board = CramBoard::with_free_cells(rows, cols, free).unwrap();
        let expected = graph_value(&Cram, &board);
        check_every_method(&Cram, &board, expected)?;
    }

    #[test]
    fn node_kayles_search_equals_graph(n in 0usize..=9, edges in proptest::collection::vec((0usize..9, 0usize..9), 0..16)) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let graph = KaylesGraph::from_edges(n, edges).unwrap();
        let expected = graph_value(&NodeKayles, &graph);
        check_every_method(&NodeKayles, &graph, expected)?;
    }

    /// The winning domino is two free adjacent cells whose board is a P-position by the
    /// explicit graph (built here from the cells, not by the crate's moves), and there is none
    /// exactly on P-positions.
    #[test]
    fn cram_winning_domino_leaves_a_p_position(rows in 1usize..=3, cols in 1usize..=5, free in any::<u128>()) {
        let board = CramBoard::with_free_cells(rows, cols, free).unwrap();
        let mut search = Search::new(&Cram, SearchLimits::new(64 << 20, 10_000_000)).unwrap();
        search.nimber(&board).unwrap();
        match cram_winning_domino(&mut search, &board).unwrap() {
            None => prop_assert_eq!(graph_value(&Cram, &board), 0),
            Some([(r1, c1), (r2, c2)]) => {
                prop_assert!(board.is_free(r1, c1) && board.is_free(r2, c2));
                prop_assert!((r2 == r1 && c2 == c1 + 1) || (c2 == c1 && r2 == r1 + 1));
                let taken = 1u128 << (r1 * cols + c1) | 1u128 << (r2 * cols + c2);
                let option = CramBoard::with_free_cells(rows, cols, board.free_cells() & !taken).unwrap();
                prop_assert_eq!(graph_value(&Cram, &option), 0);
            }
        }
    }

    /// The winning vertex leaves, once it and its neighbours are gone (the graph rebuilt here
    /// from the edges), a P-position by the explicit graph; there is none exactly on
    /// P-positions.
    #[test]
    fn node_kayles_winning_vertex_leaves_a_p_position(n in 0usize..=8, edges in proptest::collection::vec((0usize..8, 0usize..8), 0..14)) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let graph = KaylesGraph::from_edges(n, edges.iter().copied()).unwrap();
        let mut search = Search::new(&NodeKayles, SearchLimits::new(64 << 20, 10_000_000)).unwrap();
        match node_kayles_winning_vertex(&mut search, &graph).unwrap() {
            None => prop_assert_eq!(graph_value(&NodeKayles, &graph), 0),
            Some(v) => {
                prop_assert!(v < n);
                let gone = |w: usize| w == v || edges.iter().any(|&(a, b)| (a, b) == (v, w) || (a, b) == (w, v));
                let kept: Vec<usize> = (0..n).filter(|&w| !gone(w)).collect();
                let label = |w: usize| kept.iter().position(|&k| k == w);
                let left = edges.iter().filter_map(|&(a, b)| Some((label(a)?, label(b)?)));
                let option = KaylesGraph::from_edges(kept.len(), left).unwrap();
                prop_assert_eq!(graph_value(&NodeKayles, &option), 0);
            }
        }
    }

    #[test]
    fn lasker_search_equals_graph(heaps in proptest::collection::vec(0u64..=7, 0..=3)) {
        let position = LaskersNim::position(&heaps);
        let expected = graph_value(&LaskersNim, &position);
        check_every_method(&LaskersNim, &position, expected)?;
    }
}

#[test]
fn the_closed_form_of_lasker_agrees_with_the_graph_on_one_heap() {
    for h in 0..=20u64 {
        assert_eq!(u64::from(graph_value(&LaskersNim, &vec![h])), LaskersNim::closed_form(h), "heap {h}");
    }
}

/// The rules between the search methods of every game of the crate (`option_parts` against
/// `moves` and `components`, canonical parts, dense indices, known outcomes against the
/// explicit graph), by game-core's one-call check.
#[test]
fn every_game_keeps_the_rules_between_its_search_methods() {
    use game_core::testing::check_search_rules;
    use game_placement::{Chomp, ChompBoard};
    let boards = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 7)];
    let cram = check_search_rules(&Cram, boards.map(|(r, c)| CramBoard::empty(r, c).unwrap())).unwrap();
    assert!(cram.options > 50 && cram.known_outcomes > 0, "{cram:?}");
    let lasker = check_search_rules(&LaskersNim, (1..40u64).map(|h| vec![h, 3])).unwrap();
    assert!(lasker.dense_indices >= 39, "{lasker:?}");
    let kayles = check_search_rules(&NodeKayles, (1..9).map(|n| KaylesGraph::path(n).unwrap())).unwrap();
    assert!(kayles.options > 30, "{kayles:?}");
    let chomp = check_search_rules(
        &Chomp,
        [(2, 3), (3, 3), (3, 4)].map(|(r, c)| ChompBoard::rectangle(r, c).unwrap()),
    )
    .unwrap();
    assert!(chomp.options > 10 && chomp.known_outcomes > 0, "{chomp:?}");
}
