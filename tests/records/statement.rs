//! A figure stated by a source (or by a record's own last run), compared field by field with a
//! computation's figures; shared by the records that quote published values.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Value, json};

/// A value stated by a source (or by the record's own last run).
#[derive(Deserialize, Debug, Clone)]
pub struct Statement {
    /// Who states it, in words.
    #[serde(default)]
    pub source: String,
    /// The figures stated, by the field names of the example's output.
    #[serde(default)]
    pub figures: BTreeMap<String, Value>,
    /// The fields the computation contradicts, kept on purpose (each must differ).
    #[serde(default)]
    pub expected_difference: Vec<String>,
}

/// A statement about the figures of the first `heaps` heaps (of the whole run when absent).
#[derive(Deserialize)]
pub struct AtHeaps {
    pub heaps: Option<u64>,
    #[serde(flatten)]
    pub statement: Statement,
}

/// Compares `computed` with one statement: every stated figure must be equal, except those in
/// `expected_difference`, which must differ. Returns the mismatches, described.
pub fn compare(what: &str, computed: &Value, statement: &Statement) -> Vec<String> {
    let mut mismatches = Vec::new();
    if statement.figures.is_empty() {
        mismatches.push(format!("{what}: the statement of {:?} states no figure", statement.source));
    }
    for field in &statement.expected_difference {
        if !statement.figures.contains_key(field) {
            mismatches.push(format!("{what}: expected difference in {field}, which is not stated"));
        }
    }
    for (field, stated) in &statement.figures {
        // `LIST_prefix`: a published list that is the beginning of the computed `LIST`.
        let got = match (field.strip_suffix("_prefix"), stated.as_array()) {
            (Some(list), Some(head)) => computed
                .get(list)
                .and_then(Value::as_array)
                .map_or(Value::Null, |all| Value::Array(all.iter().take(head.len()).cloned().collect())),
            _ => computed.get(field).cloned().unwrap_or(Value::Null),
        };
        let differs = got != *stated;
        let expected_to_differ = statement.expected_difference.contains(field);
        if differs && !expected_to_differ {
            mismatches.push(format!("{what}: {field} computed {got}, {} states {stated}", statement.source));
        } else if !differs && expected_to_differ {
            mismatches.push(format!(
                "{what}: {field} = {got} agrees with {}, recorded as a difference",
                statement.source
            ));
        }
    }
    mismatches
}

/// The figures of the first `heaps` heaps among a run's `powers_of_two`, if it has them.
pub fn at_heaps(computed: &Value, heaps: u64) -> Option<&Value> {
    computed["powers_of_two"].as_array()?.iter().find(|x| x["heaps"].as_u64() == Some(heaps))
}

/// A statement of `figures` by "a source", with `expected_difference` (for the tests).
#[cfg(test)]
pub fn statement(figures: Value, expected_difference: &[&str]) -> Statement {
    Statement {
        source: "a source".to_string(),
        figures: serde_json::from_value(figures).unwrap(),
        expected_difference: expected_difference.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
fn a_wrong_published_period_is_a_mismatch() {
    let computed = json!({"preperiod": 71, "period": 12});
    assert!(compare("0.77", &computed, &statement(json!({"preperiod": 71, "period": 12}), &[])).is_empty());
    let wrong = compare("0.77", &computed, &statement(json!({"preperiod": 71, "period": 24}), &[]));
    assert_eq!(wrong.len(), 1);
    assert!(wrong[0].contains("period computed 12, a source states 24"), "{wrong:?}");
    // A stated figure the computation lacks is a mismatch too.
    assert_eq!(compare("0.77", &computed, &statement(json!({"largest_value": 4}), &[])).len(), 1);
    // A statement with no figure checks nothing: refused.
    assert_eq!(compare("0.77", &computed, &statement(json!({}), &[])).len(), 1);
}

#[test]
fn a_published_list_is_compared_with_the_beginning_of_the_computed_one() {
    let computed = json!({"rare_list": [[0, 0], [1, 0], [2, 0], [3, 1]]});
    let head = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 0]]}), &[]);
    assert!(compare("Grundy's game", &computed, &head).is_empty());
    let wrong = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 1]]}), &[]);
    assert_eq!(compare("Grundy's game", &computed, &wrong).len(), 1);
    // Longer than the computed list: the computed list is shorter, so it differs.
    let longer = statement(json!({"rare_list_prefix": [[0, 0], [1, 0], [2, 0], [3, 1], [4, 0]]}), &[]);
    assert_eq!(compare("Grundy's game", &computed, &longer).len(), 1);
    // A list missing from the computation.
    assert_eq!(compare("Grundy's game", &json!({}), &head).len(), 1);
}

#[test]
fn an_expected_difference_must_differ() {
    let computed = json!({"preperiod": 326640, "period": 144});
    let oeis = statement(json!({"preperiod": 326638, "period": 144}), &["preperiod"]);
    assert!(compare("0.56", &computed, &oeis).is_empty());
    // Kept as a difference, but it agrees: reported.
    let agreeing = statement(json!({"preperiod": 326640, "period": 144}), &["preperiod"]);
    assert_eq!(compare("0.56", &computed, &agreeing).len(), 1);
    // A difference named but not stated: reported.
    let unnamed = statement(json!({"period": 144}), &["preperiod"]);
    assert_eq!(compare("0.56", &computed, &unnamed).len(), 1);
}
