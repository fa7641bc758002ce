//! Grundy's game (`records/grundy-game.json`): the values of heaps `0..2^24` by game-takebreak's
//! rare/common table, a prefix against the definition, statistics per power of two
//! (game-takebreak's example `grundy_record`), against the published statements. The output of
//! the recorded run is kept (`records/grundy-game-run.json`); `cargo xtask records --grundy` runs
//! it again (about 3 CPU-minutes, 0.5 GB).

use serde::Deserialize;
use serde_json::{Value, json};

use crate::statement::{AtHeaps, Statement, at_heaps, compare};

const RECORD: &str = "records/grundy-game.json";
const KEPT_RUN: &str = "records/grundy-game-run.json";

/// `records/grundy-game.json`: one run, statements about its figures at powers of two.
#[derive(Deserialize)]
struct PowerRecord {
    heaps: u64,
    plain_prefix: u64,
    /// Statements about the figures at `heaps` (the key) heaps.
    published: Vec<AtHeaps>,
    result: Statement,
}

/// The mismatches of the record: the plain method, the record's result and every published
/// statement (at its number of heaps).
fn check(record: &PowerRecord, computed: &Value) -> Vec<String> {
    let mut mismatches = Vec::new();
    if computed["plain_agrees"] != Value::Bool(true) {
        mismatches.push("Grundy's game: the plain method does not agree".to_string());
    }
    mismatches.extend(compare("Grundy's game (record)", computed, &record.result));
    for p in &record.published {
        let Some(heaps) = p.heaps else {
            mismatches.extend(compare("Grundy's game", computed, &p.statement));
            continue;
        };
        match at_heaps(computed, heaps) {
            Some(at) => {
                mismatches.extend(compare(&format!("Grundy's game, {heaps} heaps"), at, &p.statement))
            }
            None => mismatches.push(format!("Grundy's game: no figures at {heaps} heaps")),
        }
    }
    mismatches
}

/// The kept run satisfies the record; one rare heap's value changed is caught by Flammenkamp's
/// list.
#[test]
fn the_kept_run_satisfies_the_record() {
    let record: PowerRecord = crate::read_json(RECORD);
    let mut computed: Value = crate::read_json(KEPT_RUN);
    assert_eq!(computed["heaps"].as_u64(), Some(record.heaps));
    assert_eq!(computed["plain_prefix"].as_u64().unwrap_or(record.plain_prefix), record.plain_prefix);
    crate::assert_none(KEPT_RUN, &check(&record, &computed));
    computed["rare_list"][47] = json!([231, 11]);
    assert_eq!(check(&record, &computed).len(), 1);
    computed["plain_agrees"] = json!(false);
    assert_eq!(check(&record, &computed).len(), 2);
}

/// `cargo xtask records --grundy`: a fresh run, checked as the kept one.
#[test]
#[ignore = "a recomputation of about 3 CPU-minutes: cargo xtask records --grundy"]
fn fresh_run_satisfies_the_record() {
    let record: PowerRecord = crate::read_json(RECORD);
    let computed: Value = serde_json::from_str(&crate::fresh_text("grundy-game.json")).unwrap();
    crate::assert_none("fresh run of Grundy's game", &check(&record, &computed));
}
