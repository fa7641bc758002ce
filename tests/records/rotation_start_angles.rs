//! The counts of every start angle of the rotation puzzle (R9, `records/rotation-start-angles.json`)
//! by three methods that share no search code (two kernels and meeting in the middle): each list
//! must respect the units of Z_n, its angle n/2 must be the count of sequencings in
//! `records/rotation-counts.json`, the methods must agree wherever two or more counted, an n
//! counted once must be listed as unconfirmed, and the small n are counted again.

use std::collections::{BTreeMap, BTreeSet};

use impartial_games::rotation::{
    CountMethod, CountOptions, count_start_angles, count_start_angles_meet_in_middle,
};
use serde_json::Value;

fn read_json(file: &str) -> Value {
    crate::read_json(file)
}

/// The record file of the counts by start angle.
const START_ANGLES: &str = "records/rotation-start-angles.json";
/// The methods of the start-angle record, which share no search code.
const START_ANGLE_METHODS: [&str; 3] = ["two-ended", "depth-first", "meet-in-the-middle"];
/// Entries with n up to this are counted again by `cargo test` (n = 14: about a second).
const RECOUNT_UP_TO: usize = 14;

/// The published numbers of sequencings of Z_n for even n from 2 to 18 (OEIS A141599).
const PUBLISHED_SEQUENCINGS: [(usize, u128); 9] =
    [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968), (18, 103653120)];

/// The numbers of sequencings of Z_n: the published ones and those kept in
/// `records/rotation-counts.json` (every method's).
pub fn sequencing_counts() -> BTreeMap<usize, BTreeSet<u128>> {
    let mut counts: BTreeMap<usize, BTreeSet<u128>> = BTreeMap::new();
    for (n, count) in PUBLISHED_SEQUENCINGS {
        counts.entry(n).or_default().insert(count);
    }
    for entry in read_json("records/rotation-counts.json")["entries"].as_array().expect("entries") {
        let n = entry["n"].as_u64().expect("n") as usize;
        counts
            .entry(n)
            .or_default()
            .insert(entry["count"].as_str().expect("count").parse().expect("a count"));
    }
    counts
}

/// One entry of the start-angle record: n, method and the counts by angle.
fn start_angle_entry(entry: &Value) -> Result<(usize, String, Vec<u128>), String> {
    let n = entry["n"].as_u64().ok_or_else(|| format!("no n in {entry}"))? as usize;
    let method = entry["method"].as_str().ok_or_else(|| format!("no method in {entry}"))?.to_string();
    let by_angle = entry["by_angle"]
        .as_array()
        .ok_or_else(|| format!("no by_angle in {entry}"))?
        .iter()
        .map(|c| c.as_str().and_then(|c| c.parse::<u128>().ok()).ok_or_else(|| format!("bad count {c}")))
        .collect::<Result<Vec<u128>, String>>()?;
    Ok((n, method, by_angle))
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The rules of the start-angle record that need no counting; `Err` names the first one broken.
fn check_start_angle_record(
    record: &Value,
    sequencings: &BTreeMap<usize, BTreeSet<u128>>,
) -> Result<(), String> {
    let entries = record["entries"].as_array().ok_or("no entries")?;
    if entries.is_empty() {
        return Err("no entries".into());
    }
    let mut by_n: BTreeMap<usize, BTreeMap<String, Vec<u128>>> = BTreeMap::new();
    for entry in entries {
        let (n, method, by_angle) = start_angle_entry(entry)?;
        if !START_ANGLE_METHODS.contains(&method.as_str()) {
            return Err(format!("n = {n}: unknown method {method}"));
        }
        if by_angle.len() != n {
            return Err(format!("n = {n}, {method}: {} angles", by_angle.len()));
        }
        // Angle 0 has no solution, every other angle has one, and a unit of Z_n maps angle a
        // onto every angle with the same gcd(a, n) (it fixes n/2), so those counts are equal.
        for (a, &count) in by_angle.iter().enumerate() {
            if (count > 0) != (a != 0) {
                return Err(format!("n = {n}, {method}: angle {a} has {count} solutions"));
            }
            if count != by_angle[gcd(a, n) % n] {
                return Err(format!("n = {n}, {method}: angles {a} and {} differ", gcd(a, n)));
            }
        }
        // Angle n/2 is the seed's puzzle: the sequencings of Z_n.
        let known = sequencings.get(&n).ok_or_else(|| format!("n = {n}: no count of sequencings"))?;
        if !known.contains(&by_angle[n / 2]) {
            return Err(format!(
                "n = {n}, {method}: angle n/2 has {}, sequencings {known:?}",
                by_angle[n / 2]
            ));
        }
        if by_n.entry(n).or_default().insert(method.clone(), by_angle).is_some() {
            return Err(format!("n = {n}, {method}: twice"));
        }
    }
    let listed: BTreeSet<u64> = record["unconfirmed"]
        .as_array()
        .ok_or("no unconfirmed list")?
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    for (n, counts) in &by_n {
        let lists: Vec<&Vec<u128>> = counts.values().collect();
        if lists.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!("n = {n}: the methods disagree"));
        }
        if (lists.len() < 2) != listed.contains(&(*n as u64)) {
            return Err(format!(
                "n = {n}: counted by {} method(s), unconfirmed list says otherwise",
                lists.len()
            ));
        }
    }
    if let Some(n) = listed.iter().find(|&&n| !by_n.contains_key(&(n as usize))) {
        return Err(format!("n = {n} is listed as unconfirmed but has no entry"));
    }
    Ok(())
}

#[test]
fn start_angle_counts_are_consistent_and_the_small_ones_count_again() {
    let record = read_json(START_ANGLES);
    check_start_angle_record(&record, &sequencing_counts()).unwrap_or_else(|e| panic!("{START_ANGLES}: {e}"));
    let mut recounted = 0;
    for entry in record["entries"].as_array().unwrap() {
        let (n, method, by_angle) = start_angle_entry(entry).unwrap();
        if n > RECOUNT_UP_TO {
            continue;
        }
        let again = match method.as_str() {
            "meet-in-the-middle" => count_start_angles_meet_in_middle(n, 1 << 30, None).unwrap().by_angle,
            _ => {
                let kernel =
                    if method == "two-ended" { CountMethod::TwoEnded } else { CountMethod::OneEnded };
                let options = CountOptions { method: kernel, ..CountOptions::default() };
                count_start_angles(n, &options, None).unwrap().by_angle
            }
        };
        assert_eq!(again, by_angle, "n = {n}, {method}");
        recounted += 1;
    }
    assert!(recounted >= 15, "only {recounted} entries counted again");
}

/// The rules above can fail.
#[test]
fn the_start_angle_rules_notice_an_edit() {
    let record = read_json(START_ANGLES);
    let sequencings = sequencing_counts();
    let edited = |edit: &dyn Fn(&mut Value)| {
        let mut copy = record.clone();
        edit(&mut copy);
        check_start_angle_record(&copy, &sequencings).unwrap_err()
    };
    // The last entry of the largest confirmed n (n = 18): change one angle's count and its unit
    // images alike, so only the comparison of the methods sees it.
    let last = record["entries"].as_array().unwrap().iter().rposition(|e| e["n"] == 18).unwrap();
    let bump = |copy: &mut Value, angles: &[usize]| {
        for &a in angles {
            let c: u128 = copy["entries"][last]["by_angle"][a].as_str().unwrap().parse().unwrap();
            copy["entries"][last]["by_angle"][a] = Value::String((c + 1).to_string());
        }
    };
    let units_of_18 = [1, 5, 7, 11, 13, 17];
    assert!(edited(&|c| bump(c, &units_of_18)).contains("disagree"));
    assert!(edited(&|c| bump(c, &[1])).contains("differ"));
    assert!(edited(&|c| bump(c, &[9])).contains("sequencings"));
    assert!(edited(&|c| c["entries"][last]["by_angle"][0] = Value::String("1".into())).contains("angle 0"));
    // n = 18 left with one method is unconfirmed.
    assert!(
        edited(&|c| {
            let first = c["entries"].as_array().unwrap().iter().position(|e| e["n"] == 18).unwrap();
            let mut index = 0;
            c["entries"].as_array_mut().unwrap().retain(|e| {
                index += 1;
                e["n"] != 18 || index - 1 == first
            });
        })
        .contains("unconfirmed")
    );
    assert!(
        edited(&|c| c["entries"][last]["method"] = Value::String("guessed".into()))
            .contains("unknown method")
    );
    assert!(edited(&|c| c["unconfirmed"] = serde_json::json!([18])).contains("unconfirmed"));
    assert!(edited(&|c| c["unconfirmed"].as_array_mut().unwrap().push(24.into())).contains("no entry"));
    assert!(edited(&|c| c["entries"][last]["method"] = Value::String("two-ended".into())).contains("twice"));
    assert!(edited(&|c| c["entries"] = serde_json::json!([])).contains("no entries"));
}
