//! The search's cache of values known not to be a component's nimber, seen from outside: a
//! question answered "no" is answered again without a node searched, and with the cache the
//! answers are those of the plain mex.

use game_core::search::{Search, SearchLimits};
use game_placement::{Cram, CramBoard};

const BOARDS: [(usize, usize); 6] = [(3, 5), (3, 7), (4, 5), (5, 5), (3, 9), (4, 7)];

/// "Is the board's nimber k?" asked twice in one search: the second time costs no node. The
/// answer comes from the table when the first search found the nimber, and else from the
/// cache: the "no" was noted there, not only the option values met (some boards answer "no"
/// only after options asked about other values ruled k out, which nothing but the noted
/// answer settles).
#[test]
fn a_question_answered_no_is_answered_again_without_a_node() {
    let mut answered_no = 0;
    for (rows, cols) in BOARDS {
        let board = CramBoard::empty(rows, cols).unwrap();
        let nimber =
            Search::new(&Cram, SearchLimits::new(64 << 20, u64::MAX)).unwrap().nimber_by_mex(&board).unwrap();
        // From 1: "is it 0?" of a board the game knows to be an N-position needs no search.
        for k in 1..6 {
            let mut search = Search::new(&Cram, SearchLimits::new(64 << 20, u64::MAX)).unwrap();
            let first = search.is_p_position_plus(&board, k).unwrap();
            assert_eq!(first, k == nimber, "{rows} x {cols}, k = {k}");
            let before = *search.stats();
            assert_eq!(search.is_p_position_plus(&board, k).unwrap(), first, "{rows} x {cols}, k = {k}");
            let after = search.stats();
            assert_eq!(after.nodes, before.nodes, "{rows} x {cols}, k = {k}: searched again");
            // From the table (the first search found the nimber) or from the cache, not both.
            let from_table = after.table_hits > before.table_hits;
            let from_cache = after.refuted == before.refuted + 1;
            assert!(from_table != from_cache, "{rows} x {cols}, k = {k}: {before:?} {after:?}");
            answered_no += usize::from(from_cache);
        }
    }
    assert!(answered_no >= 10, "{answered_no}");
}
