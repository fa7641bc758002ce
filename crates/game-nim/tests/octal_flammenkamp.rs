//! What can be read of Achim Flammenkamp's tables of octal games, checked against the plain
//! definition, game-nim's kernel and the octal table (`records/octal-table.json`).
//!
//! His tables themselves are not stored where this project can read them (only the introduction
//! of his pages is); two parts of them are, and both are kept in `records/octal-flammenkamp/`
//! (its `SOURCE.md` says where each comes from):
//!
//! - `prefixes.tsv`: the values of heaps 0..15 of 82 codes, as transcribed from his pages into
//!   the test table of rogalski-wmii-uni-lodz-pl/octal. Each must equal the values by the
//!   definition (the mex over every move, `tests/common`, no code shared with the library) and
//!   by the library's kernel.
//! - `example-0.051.json`: his worked example of the sparse space, .051: the values of heaps
//!   0..95, pre-period 48, period 48, largest value 5, and the heaps that are sparse under his
//!   definition (value AND the bitstring has odd parity exactly when `n - t` is odd, `t` the take
//!   of the one splitting digit, here with the all-ones bitstring). The values are compared as
//!   above, the periodicity and the largest value with the table, and the sparse heaps are
//!   recomputed from the definition's values by his rule.
//!
//! Nothing is adjusted: a disagreement is a finding. The computed list of disagreements must equal
//! [`KNOWN_DISAGREEMENTS`] (none today), so the test fails when one appears or disappears.

use std::collections::HashMap;
use std::path::PathBuf;

use game_nim::OctalGame;
use serde_json::Value;

mod common;
use common::{digits, plain_values};

/// Disagreements between his figures and ours, as `code: what` lines; none is known.
const KNOWN_DISAGREEMENTS: &[&str] = &[];

/// The number of codes in `prefixes.tsv`, so that an emptied or truncated file cannot pass.
const PREFIX_CODES: usize = 82;

/// Heaps per row of `prefixes.tsv`.
const PREFIX_HEAPS: usize = 16;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of `prefixes.tsv` as (code, values).
fn prefixes() -> Vec<(String, Vec<u32>)> {
    let path = "records/octal-flammenkamp/prefixes.tsv";
    let text = read(path);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("code\tvalues"), "{path}: header");
    lines
        .map(|line| {
            let (code, values) = line.split_once('\t').unwrap_or_else(|| panic!("{path}: {line:?}"));
            let values: Vec<u32> = values
                .split(',')
                .map(|v| v.parse().unwrap_or_else(|e| panic!("{path}: {line:?}: {e}")))
                .collect();
            (code.to_string(), values)
        })
        .collect()
}

/// The first heap where `ours` and `published` differ, as a line of the disagreement list.
fn first_difference(code: &str, method: &str, published: &[u32], ours: &[u32]) -> Option<String> {
    let heap = (0..published.len().max(ours.len())).find(|&i| published.get(i) != ours.get(i))?;
    Some(format!("{code}: heap {heap} is {:?} there, {:?} by {method}", published.get(heap), ours.get(heap)))
}

/// Our values of `code`, heaps `0..heaps`, by the definition and by the library's kernel, each
/// compared with `published`.
fn compare_values(code: &str, published: &[u32], found: &mut Vec<String>) {
    let heaps = published.len();
    let by_definition = plain_values(&digits(code), heaps);
    let game: OctalGame = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
    let by_kernel = game.grundy_values(heaps - 1).unwrap_or_else(|e| panic!("{code}: {e}"));
    found.extend(first_difference(code, "the definition", published, &by_definition));
    found.extend(first_difference(code, "the kernel", published, &by_kernel));
}

/// The codes of the octal table, read once per test.
fn table_codes() -> Vec<Value> {
    let table: Value = serde_json::from_str(&read("records/octal-table.json")).expect("octal-table.json");
    let codes = table["result"]["codes"].as_array().expect("result.codes").clone();
    assert_eq!(codes.len(), 1024, "the table has every code 0.ddd and 4.ddd");
    codes
}

/// The entry of `code` among the table's `codes`.
fn table_entry<'a>(codes: &'a [Value], code: &str) -> &'a Value {
    codes.iter().find(|entry| entry["code"] == code).unwrap_or_else(|| panic!("{code} is not in the table"))
}

/// Heaps `n < values.len()` that are sparse by Flammenkamp's rule: the parity of the one bits
/// of `values[n] & bitstring` equals the parity of `n - split_take`.
fn sparse_heaps(values: &[u32], bitstring: u32, split_take: usize) -> Vec<usize> {
    (0..values.len())
        .filter(|&n| (values[n] & bitstring).count_ones() % 2 == ((n + split_take) % 2) as u32)
        .collect()
}

fn numbers(value: &Value, field: &str) -> Vec<u64> {
    value[field]
        .as_array()
        .unwrap_or_else(|| panic!("{field}"))
        .iter()
        .map(|v| v.as_u64().unwrap_or_else(|| panic!("{field}: {v}")))
        .collect()
}

#[test]
fn the_values_of_his_pages_agree_with_the_definition_and_the_kernel() {
    let rows = prefixes();
    assert_eq!(rows.len(), PREFIX_CODES, "rows of prefixes.tsv");
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let codes = table_codes();
    let mut found = Vec::new();
    for (code, values) in &rows {
        assert_eq!(values.len(), PREFIX_HEAPS, "{code}: heaps of its row");
        *seen.entry(code.as_str()).or_default() += 1;
        // Every code is one of the table's, so the rows are codes of the three-digit range.
        let entry = table_entry(&codes, code);
        assert_eq!(entry["code"], code.as_str());
        compare_values(code, values, &mut found);
    }
    assert!(seen.values().all(|&n| n == 1), "a code appears twice");
    assert_eq!(found, KNOWN_DISAGREEMENTS, "disagreements with his values");
}

#[test]
fn his_example_of_the_sparse_space_agrees() {
    let example: Value = serde_json::from_str(&read("records/octal-flammenkamp/example-0.051.json"))
        .expect("example-0.051.json");
    let code = example["code"].as_str().expect("code");
    assert_eq!(code, "0.051");
    let values: Vec<u32> =
        numbers(&example, "values_of_heaps_0_to_95").into_iter().map(|v| v as u32).collect();
    assert_eq!(values.len(), 96, "two rows of 48 heaps");
    let mut found = Vec::new();
    compare_values(code, &values, &mut found);
    assert_eq!(found, KNOWN_DISAGREEMENTS, "disagreements with his values of .051");

    // His periodicity and largest value against the table's, which proves them.
    let codes = table_codes();
    let entry = table_entry(&codes, code);
    assert_eq!(entry["periodicity"]["preperiod"], example["preperiod"], "pre-period");
    assert_eq!(entry["periodicity"]["period"], example["period"], "period");
    assert_eq!(entry["statistics"]["largest"], example["largest_value"], "largest value");
    // The two rows show the period itself: heap n + 48 has the value of heap n for n >= 48 ...
    let period = example["period"].as_u64().expect("period") as usize;
    let by_definition = plain_values(&digits(code), 48 + 2 * period);
    assert!((48..48 + period).all(|n| by_definition[n] == by_definition[n + period]));
    // ... and not one heap earlier (the pre-period is least).
    assert_ne!(by_definition[47], by_definition[47 + period]);

    // His sparse heaps, recomputed by his rule from the values by the definition.
    assert_eq!(example["bitstring"], "all ones");
    let split_take = example["split_take"].as_u64().expect("split_take") as usize;
    // .051: the one splitting digit is the 5 of take 2 (5 = 1 + 4).
    assert_eq!(digits(code)[split_take] & 4, 4);
    assert_eq!(digits(code).iter().filter(|&&d| d & 4 != 0).count(), 1);
    let sparse: Vec<u64> =
        sparse_heaps(&by_definition[..96], u32::MAX, split_take).into_iter().map(|n| n as u64).collect();
    assert_eq!(sparse, numbers(&example, "sparse_heaps"), "sparse heaps under the all-ones bitstring");
}

#[test]
fn the_comparison_finds_a_changed_value() {
    // A published row with one value changed must be reported, at that heap, by both methods.
    let (code, mut values) = prefixes().into_iter().next().expect("a row");
    values[7] += 1;
    let mut found = Vec::new();
    compare_values(&code, &values, &mut found);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|line| line.starts_with(&format!("{code}: heap 7 is "))), "{found:?}");
}

#[test]
fn the_sparse_rule_follows_the_parity_of_the_heap() {
    // Value 1 (odd parity) is sparse at odd n - t and common at even n - t; value 3 (even parity)
    // the other way round; the bitstring masks bits out.
    assert_eq!(sparse_heaps(&[1, 1, 3, 3], u32::MAX, 0), vec![1, 2]);
    assert_eq!(sparse_heaps(&[1, 1, 3, 3], u32::MAX, 1), vec![0, 3]);
    assert_eq!(sparse_heaps(&[1, 1, 3, 3], 2, 0), vec![0, 3]);
}
