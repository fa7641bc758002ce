//! A Cram search stopped, its table saved to a file, and a new search that loads it and goes
//! on: the same nimber as one unbroken search, for about the same work.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use game_core::search::{Search, SearchError, SearchLimits};
use game_placement::{Cram, CramBoard};
use game_search_runs::{TableFileError, TableFiles};

const NAME: &str = "cram";
const BUDGET: usize = 256 << 20;

fn search() -> Search<'static, Cram> {
    Search::new(&Cram, SearchLimits::new(BUDGET, u64::MAX)).unwrap()
}

#[test]
fn a_search_stopped_and_saved_goes_on_in_another_search() {
    let board = CramBoard::empty(4, 9).unwrap();
    let mut unbroken = search();
    let nimber = unbroken.nimber_by_aspiration(&board).unwrap();
    // The published value (Lemoine and Viennot; Beling).
    assert_eq!(nimber, 1);

    // Stopped after a quarter of the nodes by a flag set from the progress callback.
    let stop = Arc::new(AtomicBool::new(false));
    let quarter = unbroken.stats().nodes / 4;
    let flag = Arc::clone(&stop);
    let mut first = search()
        .with_progress(move |stats| {
            if stats.nodes >= quarter {
                flag.store(true, Ordering::Relaxed);
            }
        })
        .with_interrupt(move || stop.load(Ordering::Relaxed));
    let Err(SearchError::Interrupted { nodes }) = first.nimber_by_aspiration(&board) else {
        panic!("the search was not interrupted");
    };
    assert!(nodes >= quarter && nodes < quarter + 20_000, "stopped at {nodes}, asked at {quarter}");
    let mut file = Vec::new();
    let written = first.save_table(&mut file, NAME, nodes).unwrap();
    assert_eq!(written, first.stats().components_cached);
    assert!(written > 1_000);

    let mut second = search();
    let info = second.load_table(file.as_slice(), NAME).unwrap();
    assert_eq!((info.entries, info.kept), (written, written));
    assert_eq!(second.nimber_by_aspiration(&board).unwrap(), nimber);
    let both = nodes + second.stats().nodes;
    let alone = unbroken.stats().nodes;
    assert!(second.stats().nodes < alone, "the second search did not start from the first's values");
    assert!(both < alone + alone / 20, "two runs took {both} nodes, one run {alone}");
}

#[test]
fn a_small_budget_keeps_the_costlier_part_of_a_large_table() {
    let board = CramBoard::empty(4, 9).unwrap();
    let mut large = search();
    large.nimber_by_aspiration(&board).unwrap();
    let mut file = Vec::new();
    let written = large.save_table(&mut file, NAME, 0).unwrap();
    let mut small = Search::new(&Cram, SearchLimits::new(1 << 20, u64::MAX)).unwrap();
    let info = small.load_table(file.as_slice(), NAME).unwrap();
    assert_eq!(info.entries, written);
    assert!(info.kept > 1_000 && info.kept < written / 2, "{info:?}");
    assert!(small.stats().table_bytes <= 1 << 19);
    assert_eq!(small.nimber_by_aspiration(&board).unwrap(), 1);
}

#[test]
fn a_board_that_is_not_one_is_refused() {
    let board = CramBoard::empty(3, 7).unwrap();
    let mut search = search();
    search.nimber_by_aspiration(&board).unwrap();
    let mut file = Vec::new();
    search.save_table(&mut file, NAME, 0).unwrap();
    assert!(search.stats().components_cached > 0);
    // The first entry's key starts after the header and its 2-byte length: rows, cols (one
    // byte each in postcard's encoding). A board of 0 rows, or of 200 x 200, is no board.
    let key = 8 + 1 + 2 + NAME.len() + 8 + 8 + 2;
    for (at, byte) in [(key, 0u8), (key, 200), (key + 1, 0)] {
        let mut damaged = file.clone();
        damaged[at] = byte;
        let mut loaded = Search::new(&Cram, SearchLimits::new(BUDGET, u64::MAX)).unwrap();
        let error = loaded.load_table(damaged.as_slice(), NAME).unwrap_err();
        assert!(
            matches!(&error, TableFileError::Damaged(why) if why.contains("does not decode")),
            "byte {at} set to {byte}: {error:?}"
        );
        assert_eq!(loaded.stats().components_cached, 0);
    }
}
