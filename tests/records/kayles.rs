//! Kayles beyond 2^32 heaps (`records/kayles-2-33.json`): the values of `0.77` for heaps
//! `0..2^33`, each computed from its options (game-nim's example `octal_values --no-shortcut`),
//! against the figures of the published values extended by their published period, computed
//! here. The output of the recorded run is kept (`records/kayles-run.txt`); `cargo xtask records
//! --kayles` runs it again (about 35 CPU-minutes, 8 GiB).

use serde::Deserialize;
use serde_json::{Value, json};

use crate::octal_values_output::parse;
use crate::statement::{Statement, compare};

const RECORD: &str = "records/kayles-2-33.json";
const KEPT_RUN: &str = "records/kayles-run.txt";

/// `records/kayles-2-33.json`.
#[derive(Deserialize)]
struct KaylesRecord {
    heaps: u64,
    published: PeriodicStatement,
    result: Statement,
}

/// A published sequence that repeats with `period` from heap `preperiod` on, with its first
/// values as published (at least through the first period).
#[derive(Deserialize)]
struct PeriodicStatement {
    source: String,
    values: Vec<u64>,
    preperiod: usize,
    period: usize,
}

/// The figures `octal_values` prints for heaps `0..heaps` (the largest value among the first
/// 2^k heaps and its first heap, the width, the FNV-1a hash), computed here from the published
/// values and period alone. Fails if the published list contradicts its own period.
fn periodic_figures(published: &PeriodicStatement, heaps: u64) -> Result<Value, String> {
    let PeriodicStatement { values, preperiod, period, .. } = published;
    let (preperiod, period) = (*preperiod, *period);
    if period == 0 || preperiod + period > values.len() {
        return Err(format!("{}: the values do not cover a period", published.source));
    }
    if let Some(i) = (preperiod + period..values.len()).find(|&i| values[i] != values[i - period]) {
        return Err(format!("{}: the value of heap {i} breaks the period", published.source));
    }
    let cycle = &values[preperiod..preperiod + period];
    let mut powers = Vec::new();
    let (mut largest_heap, mut largest_value) = (0u64, 0u64);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut in_cycle = 0;
    for i in 0..heaps {
        let value = if i < preperiod as u64 {
            values[i as usize]
        } else {
            let v = cycle[in_cycle];
            in_cycle = if in_cycle + 1 == period { 0 } else { in_cycle + 1 };
            v
        };
        if value > largest_value {
            (largest_heap, largest_value) = (i, value);
        }
        hash = (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3);
        if (i + 1).is_power_of_two() {
            powers
                .push(json!({"heaps": i + 1, "largest_heap": largest_heap, "largest_value": largest_value}));
        }
    }
    let width = match largest_value {
        0..=255 => "U8",
        256..=65_535 => "U16",
        _ => "U32",
    };
    Ok(json!({"heaps": heaps, "width": width, "fnv64": format!("{hash:016x}"), "powers_of_two": powers}))
}

/// The mismatches of the Kayles record: the run's figures against those of the published
/// period (every one of them) and against the record's own result.
fn check(record: &KaylesRecord, computed: &Value) -> Vec<String> {
    let expected = match periodic_figures(&record.published, record.heaps) {
        Ok(expected) => expected,
        Err(e) => return vec![e],
    };
    let published = Statement {
        source: record.published.source.clone(),
        figures: expected.as_object().cloned().unwrap_or_default().into_iter().collect(),
        expected_difference: Vec::new(),
    };
    let mut mismatches = compare("Kayles (published period)", computed, &published);
    mismatches.extend(compare("Kayles (record)", computed, &record.result));
    mismatches
}

/// The published values, extended by their published period, give the figures of the published
/// list itself on its 105 heaps (computed here the plain way, over the list), and a list that
/// breaks its own period is refused.
#[test]
fn periodic_figures_extend_the_published_list() {
    let record: KaylesRecord = crate::read_json(RECORD);
    let list = &record.published.values;
    assert_eq!(list.len(), 105);
    let shorter = PeriodicStatement {
        source: "the first 83 values".to_string(),
        values: list[..83].to_vec(),
        preperiod: 71,
        period: 12,
    };
    let figures = periodic_figures(&shorter, list.len() as u64).unwrap();
    let hash = list.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ v).wrapping_mul(0x100_0000_01b3));
    assert_eq!(figures["fnv64"], format!("{hash:016x}"));
    assert_eq!((figures["width"].as_str(), figures["heaps"].as_u64()), (Some("U8"), Some(105)));
    for (k, at) in figures["powers_of_two"].as_array().unwrap().iter().enumerate() {
        let first = &list[..1 << k];
        let largest = *first.iter().max().unwrap();
        let heap = first.iter().position(|&v| v == largest).unwrap() as u64;
        assert_eq!(at, &json!({"heaps": 1u64 << k, "largest_heap": heap, "largest_value": largest}));
    }
    assert_eq!(figures["powers_of_two"].as_array().unwrap().len(), 7);
    let mut broken = PeriodicStatement { values: list.clone(), ..shorter };
    assert!(periodic_figures(&broken, 200).is_ok());
    broken.values[90] += 1;
    assert!(periodic_figures(&broken, 200).unwrap_err().contains("heap 90"));
    broken.values.truncate(82);
    assert!(periodic_figures(&broken, 200).unwrap_err().contains("do not cover a period"));
}

/// The kept run has every figure of the published period over 2^33 heaps (the hash covers every
/// value) and of the record; one value changed anywhere changes the hash, and that is caught.
#[test]
fn the_kept_run_satisfies_the_record() {
    let record: KaylesRecord = crate::read_json(RECORD);
    assert_eq!(record.heaps, 1 << 33);
    let text = crate::read_text(KEPT_RUN);
    let computed = parse(&text).unwrap();
    crate::assert_none(KEPT_RUN, &check(&record, &computed));
    let hash = computed["fnv64"].as_str().unwrap();
    let changed = text.replace(hash, &format!("{:016x}", u64::from_str_radix(hash, 16).unwrap() ^ 1));
    assert_ne!(changed, text);
    assert_eq!(check(&record, &parse(&changed).unwrap()).len(), 2);
}

/// `cargo xtask records --kayles`: a fresh run, checked as the kept one.
#[test]
#[ignore = "a recomputation of about 35 CPU-minutes and 8 GiB: cargo xtask records --kayles"]
fn fresh_run_satisfies_the_record() {
    let record: KaylesRecord = crate::read_json(RECORD);
    crate::assert_none(
        "fresh Kayles run",
        &check(&record, &parse(&crate::fresh_text("kayles.txt")).unwrap()),
    );
}
