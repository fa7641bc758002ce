//! Cram (`records/cram.json`): the nimbers of empty Cram boards by game-core's search engine
//! (games-cli's example `cram_record`), against the published table the record quotes.
//! `cargo xtask records --cram` runs every board recorded in at most a minute again
//! (`--cram-max-seconds S` for more) and [`fresh_runs_satisfy_the_record`] compares each nimber
//! with the record and the table.

use serde::Deserialize;
use serde_json::{Value, json};

pub const RECORD: &str = "records/cram.json";

/// `records/cram.json`: the boards, each with its nimber and the published one (if any).
#[derive(Deserialize, Debug)]
struct CramRecord {
    boards: Vec<Board>,
}

/// One board of the record.
#[derive(Deserialize, Debug, Clone)]
struct Board {
    rows: usize,
    cols: usize,
    nimber: u64,
    /// The published table's value, `null` where it has none.
    published: Option<u64>,
}

/// The record against itself: its nimber must equal the published one where there is one.
fn check_record(board: &Board) -> Option<String> {
    let published = board.published?;
    (published != board.nimber).then(|| {
        format!(
            "cram {} x {}: the record says nimber {}, the published table {published}",
            board.rows, board.cols, board.nimber
        )
    })
}

/// A fresh run against the record and the published table.
fn check_run(board: &Board, computed: &Value) -> Vec<String> {
    let what = format!("cram {} x {}", board.rows, board.cols);
    let Some(nimber) = computed["nimber"].as_u64() else {
        return vec![format!("{what}: the run gave no nimber ({computed})")];
    };
    let mut mismatches = Vec::new();
    if nimber != board.nimber {
        mismatches.push(format!("{what}: computed nimber {nimber}, the record {}", board.nimber));
    }
    if let Some(published) = board.published.filter(|&p| p != nimber) {
        mismatches.push(format!("{what}: computed nimber {nimber}, the published table {published}"));
    }
    mismatches
}

#[test]
fn the_record_agrees_with_the_published_table() {
    let record: CramRecord = crate::read_json(RECORD);
    let published = record.boards.iter().filter(|b| b.published.is_some()).count();
    assert!(published >= 5, "only {published} published boards in {RECORD}");
    let mismatches: Vec<String> = record.boards.iter().filter_map(check_record).collect();
    crate::assert_none(RECORD, &mismatches);
    let wrong = Board { rows: 4, cols: 7, nimber: 2, published: Some(3) };
    assert!(check_record(&wrong).is_some());
}

#[test]
fn a_run_differing_from_the_record_or_the_table_is_a_mismatch() {
    let board = Board { rows: 4, cols: 7, nimber: 3, published: Some(3) };
    assert!(check_run(&board, &json!({"nimber": 3})).is_empty());
    let wrong = check_run(&board, &json!({"nimber": 2}));
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(wrong[1].contains("published table 3"), "{wrong:?}");
    assert_eq!(check_run(&board, &json!({})).len(), 1);
    let unpublished = Board { published: None, ..board };
    assert_eq!(check_run(&unpublished, &json!({"nimber": 2})).len(), 1);
}

/// `cargo xtask records --cram`: every fresh run (`cram/RxC.json`, the example's JSON line)
/// gives the recorded nimber; at least one board was run.
#[test]
#[ignore = "recomputations of up to --cram-max-seconds each: cargo xtask records --cram"]
fn fresh_runs_satisfy_the_record() {
    let record: CramRecord = crate::read_json(RECORD);
    let dir = crate::fresh_output("cram");
    let mut checked = 0;
    for board in &record.boards {
        let file = dir.join(format!("{}x{}.json", board.rows, board.cols));
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let computed: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        crate::assert_none(
            &format!("fresh run of {} x {}", board.rows, board.cols),
            &check_run(board, &computed),
        );
        checked += 1;
    }
    assert!(checked > 0, "no fresh run in {}", dir.display());
}
