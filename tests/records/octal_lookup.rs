//! tczajka's lookup maps decided (`records/octal-lookup.json`, decided and checked by game-nim's
//! `tests/game_lookup.rs`): its counts add up, and the last section of `docs/octal-table.md`
//! (rendered by game-nim's example `octal_table --lookup`) has one row per shifted map, as the
//! record states it. The rows are derived here again, not by the example's code, so that the page
//! is checked by other code than the code that wrote it.

use serde::Deserialize;

const RECORD: &str = "records/octal-lookup.json";

/// The record, the fields checked here.
#[derive(Deserialize, Clone)]
struct LookupRecord {
    maps: u64,
    grouped: u64,
    proven_by_options: u64,
    proven_by_periods: u64,
    shifted: Vec<ShiftedMap>,
}

/// One map to a code whose values are shifted.
#[derive(Deserialize, Clone)]
struct ShiftedMap {
    code: String,
    target: String,
    shift: u64,
    /// `code` or `target`: the one played on the larger heaps.
    larger: String,
    /// `options` or `periods`.
    proof: String,
}

/// The rows the page must hold, one per shifted map, or the first rule the record breaks.
fn expected_rows(record: &LookupRecord) -> Result<Vec<String>, String> {
    let by = |proof: &str| record.shifted.iter().filter(|m| m.proof == proof).count() as u64;
    if record.shifted.is_empty()
        || record.grouped + record.shifted.len() as u64 != record.maps
        || by("options") != record.proven_by_options
        || by("periods") != record.proven_by_periods
        || record.proven_by_options + record.proven_by_periods != record.shifted.len() as u64
    {
        return Err("the counts do not add up".to_string());
    }
    record
        .shifted
        .iter()
        .map(|m| {
            let equality = match m.larger.as_str() {
                "target" => format!("{}(n) = {}(n + {})", m.code, m.target, m.shift),
                "code" => format!("{}(n + {}) = {}(n)", m.code, m.shift, m.target),
                other => return Err(format!("{}: larger {other:?}", m.code)),
            };
            let proof = match m.proof.as_str() {
                "options" => "options rule",
                "periods" => "periods",
                other => return Err(format!("{}: proof {other:?}", m.code)),
            };
            Ok(format!("{} | {} | {equality} | {proof}", m.code, m.target))
        })
        .collect()
}

#[test]
fn the_page_has_a_row_for_every_shifted_map() {
    let record: LookupRecord = crate::read_json(RECORD);
    let rows = expected_rows(&record).unwrap_or_else(|e| panic!("{RECORD}: {e}"));
    assert!(rows.contains(&"0.137 | 0.4 | 0.137(n) = 0.4(n + 2) | options rule".to_string()));
    let page = crate::read_text(super::octal_table::PAGE);
    let section =
        page.split("## tczajka's lookup tables").nth(1).expect("the page ends with the lookup section");
    let on_page: Vec<&str> = section.lines().filter(|l| l.contains("(n")).collect();
    assert_eq!(on_page, rows, "{}'s lookup section differs from {RECORD}", super::octal_table::PAGE);
}

#[test]
fn a_record_whose_counts_do_not_add_up_is_refused() {
    let record: LookupRecord = crate::read_json(RECORD);
    let mut fewer = record.clone();
    fewer.shifted.pop();
    assert!(expected_rows(&fewer).is_err());
    let mut more = record.clone();
    more.proven_by_options += 1;
    assert!(expected_rows(&more).is_err());
    let mut unknown = record;
    unknown.shifted[0].proof = "guessed".to_string();
    assert!(expected_rows(&unknown).is_err());
}
