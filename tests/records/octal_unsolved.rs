//! The unsolved classes of the octal table pushed past its 2^16 heaps
//! (`records/octal-unsolved/`, by `scripts/octal-unsolved.sh`): every sparse code to 2^28 heaps,
//! every dense one to 2^18. Kept are the results, not the frequency files the push wrote (the
//! push's working state): `runs.tsv` (one line per run; the last line of a code is its result),
//! the table of the README, and `tczajka-check.txt`, the comparison with tczajka's `analyze`
//! (tczajka/octal-games, a program that shares no code with ours) by
//! `scripts/octal-unsolved-check.sh`. Checked here:
//!
//! * **every unsolved class is accounted for**: the first code of each unsolved class of
//!   `records/octal-table.json` has a line in `runs.tsv`, or is pushed elsewhere (the five codes
//!   of `records/octal-frequencies/`, the codes proven periodic in
//!   `records/octal-solved-games.json`), and `runs.tsv` names no other code;
//! * **a period is a claim**: the `period` column says what the kernel's Guy-Smith search found:
//!   `none`, `-` (a line written before the search's result was reported) or `N0 P`, which must
//!   be one of [`PROVEN_PERIODS`], each proven by a claim of its own;
//! * **tczajka agrees**: for every pushed code, `tczajka-check.txt` has a line saying that the
//!   largest value and its first heap at every power of two, and the rare count and last rare
//!   heap under their mask, agree at the power the code reached, or at [`CHECK_POWER`] if it
//!   went further;
//! * **the README states runs.tsv**: each row of its table gives the code's power reached and
//!   largest value as its last line does, one row per code.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

const DIR: &str = "records/octal-unsolved";
/// The power of two up to which every pushed code's values are compared with tczajka's program
/// (less where the code did not get that far).
const CHECK_POWER: u32 = 20;
/// The periods of unsolved classes that the push found, each proven by the claim named (a
/// Guy-Smith proof and the plain definition over its range): code, pre-period, period, claim.
const PROVEN_PERIODS: [(&str, &str, &str); 2] =
    [("4.064", "94272 16132", "OT17"), ("4.406", "294097 44", "OT18")];

/// One code's last line of `runs.tsv`: the power reached, the largest value, the period column.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PushedRun {
    reached_power: u32,
    largest: u64,
    period: String,
}

/// The last line of each code of `runs.tsv` (a later run of a code replaces the earlier one).
fn read_runs(text: &str) -> Result<BTreeMap<String, PushedRun>, String> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let column =
        |name: &str| header.iter().position(|h| *h == name).ok_or(format!("runs.tsv: no column {name}"));
    let (code, reached, largest, period) =
        (column("code")?, column("reached_power")?, column("largest")?, column("period")?);
    let mut runs = BTreeMap::new();
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != header.len() {
            return Err(format!("runs.tsv: {line:?} has {} fields, not {}", fields.len(), header.len()));
        }
        let run = PushedRun {
            reached_power: fields[reached].parse().map_err(|e| format!("runs.tsv: {line:?}: {e}"))?,
            largest: fields[largest].parse().map_err(|e| format!("runs.tsv: {line:?}: {e}"))?,
            period: fields[period].to_string(),
        };
        runs.insert(fields[code].to_string(), run);
    }
    Ok(runs)
}

/// The first code of every unsolved class of the kept table, with every code of its class.
fn unsolved_classes() -> Vec<(String, Vec<String>)> {
    let table: Value = crate::read_json("records/octal-table.json");
    let groups: Vec<Vec<String>> = table["result"]["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .map(|g| serde_json::from_value(g["codes"].clone()).expect("a group's codes"))
        .collect();
    let mut seen = BTreeSet::new();
    let mut classes = Vec::new();
    for code in table["result"]["codes"].as_array().expect("codes") {
        let code = code["code"].as_str().filter(|_| code["class"] == "unsolved");
        let Some(code) = code.filter(|c| !seen.contains(*c)) else { continue };
        let members = groups
            .iter()
            .find(|g| g.iter().any(|c| c == code))
            .cloned()
            .unwrap_or_else(|| vec![code.to_string()]);
        seen.extend(members.iter().cloned());
        classes.push((code.to_string(), members));
    }
    classes
}

/// The codes pushed elsewhere: the codes of `records/octal-frequencies/` and the codes of
/// `records/octal-solved-games.json`.
fn pushed_elsewhere() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for entry in
        std::fs::read_dir(crate::path("records/octal-frequencies")).expect("records/octal-frequencies")
    {
        let entry = entry.expect("a directory entry");
        // Each code's files are packed as CODE.txt (tests/records/octal_frequencies.rs).
        if let Some(code) = entry.file_name().to_string_lossy().strip_suffix(".txt") {
            codes.insert(code.to_string());
        }
    }
    let solved: Value = crate::read_json("records/octal-solved-games.json");
    codes.extend(
        solved["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .filter_map(|e| e["code"].as_str())
            .map(str::to_string),
    );
    codes
}

/// The mismatches of `runs` against the table's unsolved classes and the proven periods.
fn check_runs(runs: &BTreeMap<String, PushedRun>) -> Vec<String> {
    let classes = unsolved_classes();
    let elsewhere = pushed_elsewhere();
    let mut mismatches = Vec::new();
    for (first, members) in &classes {
        if !runs.contains_key(first) && !members.iter().any(|c| elsewhere.contains(c)) {
            mismatches.push(format!("{first}: an unsolved class with no line in {DIR}/runs.tsv"));
        }
    }
    for (code, run) in runs {
        if !classes.iter().any(|(first, _)| first == code) {
            mismatches.push(format!("{code}: in runs.tsv but not the first code of an unsolved class"));
        }
        let proven = PROVEN_PERIODS.iter().any(|&(c, period, _)| c == code && period == run.period);
        if !(run.period == "none" || run.period == "-" || proven) {
            mismatches.push(format!("{code}: a period {:?} that no claim proves", run.period));
        }
    }
    mismatches
}

/// The powers at which `tczajka-check.txt` (the output of `scripts/bench-octal.sh`) says our
/// values and tczajka's agree, per code: only a line that ran to 2^E on both sides, or to a
/// period their program proved, counts.
fn agreeing_powers(text: &str) -> BTreeMap<String, BTreeSet<u32>> {
    let mut agreeing: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let (Some(code), Some(power)) = (words.next(), words.next()) else { continue };
        let Some(power) = power.strip_prefix("2^").and_then(|p| p.parse::<u32>().ok()) else { continue };
        let verdict = line.rsplit('|').next().unwrap_or("").trim_start();
        let agrees = verdict.starts_with("yes (largest value at each 2^k; num_rare=")
            || verdict.starts_with("yes (largest value at each 2^k; they stopped at: Found period");
        if agrees {
            agreeing.entry(code.to_string()).or_default().insert(power);
        }
    }
    agreeing
}

/// Every pushed code agrees with tczajka's program at the power it reached, or at
/// [`CHECK_POWER`] if it went further. Returns the mismatches.
fn check_against_tczajka(reached: &BTreeMap<String, u32>, check: &str) -> Vec<String> {
    let agreeing = agreeing_powers(check);
    let mut mismatches: Vec<String> = reached
        .iter()
        .filter_map(|(code, &power)| {
            let wanted = power.min(CHECK_POWER);
            let found = agreeing.get(code).is_some_and(|powers| powers.iter().any(|&p| p >= wanted));
            (!found)
                .then(|| format!("{code}: no agreement with tczajka's analyze at 2^{wanted} heaps or more"))
        })
        .collect();
    if reached.is_empty() {
        mismatches.push("no pushed code to check against tczajka's analyze".to_string());
    }
    mismatches
}

/// The rows of the README's table as (code, power reached, largest value).
fn readme_rows(readme: &str) -> Vec<(String, u32, u64)> {
    readme
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
            let reached = cells.get(2)?.strip_prefix("2^")?.parse().ok()?;
            Some((cells[0].to_string(), reached, cells.get(3)?.parse().ok()?))
        })
        .collect()
}

#[test]
fn the_push_accounts_for_every_class_and_agrees_with_tczajka_and_its_readme() {
    let runs = read_runs(&crate::read_text(&format!("{DIR}/runs.tsv"))).unwrap();
    crate::assert_none("runs.tsv", &check_runs(&runs));
    let sparse = runs.values().filter(|r| r.reached_power == 28).count();
    let dense = runs.values().filter(|r| r.reached_power == 18).count();
    assert_eq!((sparse, dense, runs.len()), (41, 39, 80), "the README's figures");
    let reached = runs.iter().map(|(code, run)| (code.clone(), run.reached_power)).collect();
    crate::assert_none(
        "tczajka-check.txt",
        &check_against_tczajka(&reached, &crate::read_text(&format!("{DIR}/tczajka-check.txt"))),
    );
    let rows = readme_rows(&crate::read_text(&format!("{DIR}/README.md")));
    let from_runs: Vec<(String, u32, u64)> =
        runs.iter().map(|(c, r)| (c.clone(), r.reached_power, r.largest)).collect();
    let mut sorted = rows.clone();
    sorted.sort();
    assert_eq!(sorted, from_runs, "{DIR}/README.md's table differs from runs.tsv");
}

/// An edited line is caught: a period no claim proves, a code that is no class, a class lost.
#[test]
fn the_rules_notice_an_edit() {
    let runs = read_runs(&crate::read_text(&format!("{DIR}/runs.tsv"))).unwrap();
    let mut edited = runs.clone();
    edited.get_mut("0.015").unwrap().period = "52 34".to_string();
    assert!(check_runs(&edited).iter().any(|m| m.contains("no claim proves")));
    let mut edited = runs.clone();
    edited.insert("0.777".to_string(), runs["0.015"].clone());
    assert!(check_runs(&edited).iter().any(|m| m.contains("not the first code")));
    let mut edited = runs;
    edited.remove("0.015");
    assert!(check_runs(&edited).iter().any(|m| m.contains("no line")));
    assert!(read_runs("code\treached_power\tlargest\tperiod\n0.1\t2\n").is_err());
}

/// Agreement is read only from lines that say so, at a power high enough.
#[test]
fn agreement_with_tczajka_needs_a_yes_line_high_enough() {
    let output = "0.106   2^18 |  0.02  0.04 0.50 |  3  4 | yes (largest value at each 2^k; num_rare=15)\n\
                  0.126   2^17 |  5.00  0.04 0.50 |  3  4 | NO: n=2^16 differs\n\
                  0.104   2^17 |  5.00  0.04 0.50 |  3  4 | yes (largest value at each 2^k; they stopped at: ?)\n\
                  4.064   2^20 |  0.10  0.22 0.45 |  2  4 | yes (largest value at each 2^k; they stopped at: Found period start=94272 period=16132)\n\
                  load average after: 2.32 1.95 1.92\n";
    let agreeing = agreeing_powers(output);
    assert_eq!(agreeing.len(), 2);
    assert_eq!(agreeing["0.106"], BTreeSet::from([18]));
    assert_eq!(agreeing["4.064"], BTreeSet::from([20]));
    let reached = |pairs: &[(&str, u32)]| pairs.iter().map(|(c, k)| (c.to_string(), *k)).collect();
    assert!(check_against_tczajka(&reached(&[("0.106", 18)]), output).is_empty());
    assert_eq!(check_against_tczajka(&reached(&[("0.106", 24)]), output).len(), 1);
    assert_eq!(check_against_tczajka(&reached(&[("0.126", 17)]), output).len(), 1);
    assert_eq!(check_against_tczajka(&reached(&[("0.104", 17)]), output).len(), 1);
    assert_eq!(check_against_tczajka(&reached(&[]), output).len(), 1);
}
