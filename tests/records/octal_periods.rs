//! Octal periods (`records/octal-periods.json`): the long pre-periods and periods of `0.16`,
//! `0.56`, `0.127`, `0.376` and `0.1777`, computed by game-nim's rare/common kernel, found by its
//! Guy-Smith search and proven by separate checks, a prefix checked against the plain definition
//! (game-nim's example `octal_period_record`). The record's result must satisfy every published
//! statement it quotes (a contradicted one kept as an expected difference); `cargo xtask records
//! --octal CODE` (or `all`) runs the example again and [`fresh_runs_satisfy_the_record`] checks it.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::statement::{Statement, compare, statement};

const RECORD: &str = "records/octal-periods.json";

/// One entry of the record.
#[derive(Deserialize)]
struct OctalEntry {
    code: String,
    published: Vec<Statement>,
    result: Statement,
}

#[derive(Deserialize)]
struct OctalFile {
    entries: Vec<OctalEntry>,
}

/// The mismatches of one run of `octal_period_record`: its proof, the plain method, the record's
/// result and every published statement.
fn check(entry: &OctalEntry, computed: &Value) -> Vec<String> {
    let what = &entry.code;
    let mut mismatches = Vec::new();
    if computed["failures"].as_array().is_some_and(|f| !f.is_empty()) {
        mismatches.push(format!("{what}: the example failed: {}", computed["failures"]));
    }
    if computed["proof"].is_null() {
        mismatches.push(format!("{what}: no proof"));
    }
    if computed["plain_agrees"] != Value::Bool(true) {
        mismatches.push(format!("{what}: the plain method does not agree"));
    }
    mismatches.extend(compare(&format!("{what} (record)"), computed, &entry.result));
    for statement in &entry.published {
        mismatches.extend(compare(what, computed, statement));
    }
    mismatches
}

/// The record's own result states what every published statement states (or differs where it
/// says so).
#[test]
fn each_result_satisfies_its_published_statements() {
    let file: OctalFile = crate::read_json(RECORD);
    let codes: Vec<&str> = file.entries.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(codes, ["0.16", "0.56", "0.127", "0.376", "0.1777"]);
    for entry in &file.entries {
        let figures = Value::Object(entry.result.figures.clone().into_iter().collect());
        for published in &entry.published {
            crate::assert_none(&entry.code, &compare(&entry.code, &figures, published));
        }
    }
}

#[test]
fn a_run_is_checked_for_its_proof_the_plain_method_and_the_record() {
    let entry = OctalEntry {
        code: "0.77".to_string(),
        published: vec![statement(json!({"preperiod": 71, "period": 12}), &[])],
        result: statement(json!({"preperiod": 71, "period": 12}), &[]),
    };
    let good = json!({"preperiod": 71, "period": 12, "proof": {}, "plain_agrees": true});
    assert!(check(&entry, &good).is_empty());
    let unproven = json!({"preperiod": null, "period": null, "proof": null, "plain_agrees": true, "failures": ["no period"]});
    // Failed example, no proof, and both statements differ on both figures.
    assert_eq!(check(&entry, &unproven).len(), 2 + 2 + 2);
    let plain_differs = json!({"preperiod": 71, "period": 12, "proof": {}, "plain_agrees": false});
    assert_eq!(check(&entry, &plain_differs).len(), 1);
}

/// `cargo xtask records --octal CODE`: every fresh run (`octal-periods/CODE.json`) satisfies its
/// entry; at least one was run.
#[test]
#[ignore = "recomputations of seconds to hours: cargo xtask records --octal CODE"]
fn fresh_runs_satisfy_the_record() {
    let file: OctalFile = crate::read_json(RECORD);
    let dir = crate::fresh_output("octal-periods");
    let mut checked = 0;
    for entry in &file.entries {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{}.json", entry.code))) else { continue };
        let computed: Value = serde_json::from_str(&text).unwrap();
        crate::assert_none(&format!("fresh run of {}", entry.code), &check(entry, &computed));
        checked += 1;
    }
    assert!(checked > 0, "no fresh run in {}", dir.display());
}
