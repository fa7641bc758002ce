//! The OEIS entries of octal games (`records/octal-oeis.json`: every entry named "Sprague-Grundy
//! values for octal game(s) ..." or naming octal codes of our table, read from the OEIS's own
//! data files) checked against the plain definition and against the octal table
//! (`records/octal-table.json`). For every entry:
//!
//! - (a) the terms shown are the values, by the definition (the mex over every move, code written
//!   in `tests/common`, none shared with the library), of every code the entry names, and of
//!   every code its comments give the values `a(n)` or `a(n - s)` in our range: term `i` is
//!   heap `offset + i + s` of a code with values `a(n - s)`;
//! - (b) the stated period agrees with the table. "Eventually periodic with period `P`, the
//!   last exception at `n = L`" says `a(L) != a(L + P)` and `a(n) = a(n + P)` for every `n > L`:
//!   the table's exact pre-period (the least `n0` with `g(n + P) = g(n)` for all `n >= n0`) is
//!   `L + 1`, and `L + 1 + s` for a code with values `a(n - s)` (its heap `m` is heap `m - s` of
//!   the named code). "Periodic for `n >= F`" (or after the initial terms) bounds the pre-period
//!   by `F + s`. Both are checked on Dawson's chess (A002187: last exception 51, pre-period 52)
//!   by the definition in [`the_last_exception_is_the_heap_before_the_preperiod`]. A code the
//!   table leaves unsolved at `H` heaps is compared with the pre-period and period proven
//!   beyond the table by `records/octal-solved-games.json` (claims OT1-OT10, each computed by
//!   the kernel and by a definition of its own) where that record has the code; otherwise it
//!   agrees when the stated period could not be proven from `H` heaps: the Guy-Smith range
//!   `2 * preperiod + 2 * period + t` (`t` its largest take) exceeds `H`;
//! - (c) the codes the entry gives the same values are in one group of the table, and codes
//!   whose values it gives shifted by `d` agree after that shift: a shifted pair of the table
//!   when both have proven periods, otherwise the library's options rule
//!   ([`shift_proven_by_options`]) proves it or it is listed as not decided.
//!
//! Nothing is adjusted: every disagreement is computed here (with both figures and the first
//! heap where they differ by the definition) and must be exactly the list the record keeps, so
//! the test fails when one appears or disappears; so must the pairs left undecided and the
//! counts of what was compared.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use game_nim::{MAX_SHIFT, OctalGame, shift_proven_by_options};
use serde_json::{Value, json};

mod common;
use common::{digits, plain_values};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn text(value: &Value, field: &str) -> String {
    value[field].as_str().unwrap_or_else(|| panic!("{field} of {value}")).to_string()
}

fn number(value: &Value, field: &str) -> u64 {
    value[field].as_u64().unwrap_or_else(|| panic!("{field} of {value}"))
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().map_or_else(Vec::new, |a| {
        a.iter().map(|s| s.as_str().unwrap_or_else(|| panic!("a code: {s}")).to_string()).collect()
    })
}

/// What an entry says of its period, in its own indices (heap `n` of the named codes).
#[derive(Debug, Clone, Copy)]
enum PeriodStatement {
    /// Eventually periodic with `period`, the last exception at `n = last_exception`.
    LastException { period: u64, last_exception: u64 },
    /// `a(n + period) = a(n)` for every `n >= from`.
    PeriodicFrom { period: u64, from: u64 },
}

/// One OEIS entry as the record keeps it.
#[derive(Debug)]
struct Entry {
    a_number: String,
    /// The codes of its name (in our range or not).
    named: Vec<String>,
    /// The codes in our range with values `a(n - shift)`, by shift (0: the named codes in our
    /// range and those its comments give the same values).
    classes: Vec<(u64, Vec<String>)>,
    offset: u64,
    terms: Vec<u32>,
    statement: Option<PeriodStatement>,
}

impl Entry {
    fn from_record(entry: &Value, table: &Table) -> Entry {
        let a_number = text(entry, "a_number");
        let named = strings(&entry["codes"]);
        assert!(!named.is_empty(), "{a_number}: no code");
        let mut same: Vec<String> =
            named.iter().filter(|c| table.rows.contains_key(c.as_str())).cloned().collect();
        same.extend(strings(&entry["same_values"]));
        let mut classes = vec![(0, same)];
        for shifted in entry["shifted"].as_array().into_iter().flatten() {
            classes.push((number(shifted, "shift"), strings(&shifted["codes"])));
        }
        classes.retain(|(_, codes)| !codes.is_empty());
        for code in classes.iter().flat_map(|(_, codes)| codes).chain(&named) {
            let (before, after) = code.split_once('.').unwrap_or_else(|| panic!("{a_number}: code {code}"));
            // Shortest form, as the table spells codes (0.45, not .450).
            assert!(before == "0" || before == "4", "{a_number}: {code}");
            assert!(after == "0" || !after.ends_with('0'), "{a_number}: {code} has a trailing zero");
            let in_range = after.len() <= 3;
            assert_eq!(
                table.rows.contains_key(code.as_str()),
                in_range,
                "{a_number}: {code} is spelled as in the table exactly when it has up to three digits"
            );
        }
        let statement = entry.get("period").map(|p| {
            let period = number(p, "period");
            match (p["last_exception"].as_u64(), p["periodic_from"].as_u64()) {
                (Some(last_exception), None) => PeriodStatement::LastException { period, last_exception },
                (None, Some(from)) => PeriodStatement::PeriodicFrom { period, from },
                _ => panic!("{a_number}: a period statement needs last_exception or periodic_from"),
            }
        });
        let terms: Vec<u32> = entry["terms"]
            .as_array()
            .unwrap_or_else(|| panic!("{a_number}: terms"))
            .iter()
            .map(|t| t.as_u64().and_then(|t| u32::try_from(t).ok()).expect("a term"))
            .collect();
        assert!(!terms.is_empty(), "{a_number}: no term");
        Entry { a_number, named, classes, offset: number(entry, "offset"), terms, statement }
    }
}

/// One code of the octal table.
struct Row {
    /// `(preperiod, period)`, proven (trivial and solved codes).
    periodicity: Option<(u64, u64)>,
    heaps_computed: u64,
    /// `(preperiod, period)` proven past the table's heaps by `records/octal-solved-games.json`
    /// (claims OT1-OT10), for codes the table leaves unsolved.
    proven_beyond: Option<(u64, u64)>,
}

/// The facts of `records/octal-table.json` that the entries are compared with.
struct Table {
    rows: HashMap<String, Row>,
    /// The first code of each code's group (the code itself when in no group).
    representative: HashMap<String, String>,
    /// `(code, of, shift)`: `g_code(n) = g_of(n + shift)`, between representatives.
    shifted: HashSet<(String, String, u64)>,
}

impl Table {
    fn read() -> Table {
        let table = read_json("records/octal-table.json");
        let result = &table["result"];
        let mut rows: HashMap<String, Row> = result["codes"]
            .as_array()
            .expect("codes")
            .iter()
            .map(|c| {
                let p = &c["periodicity"];
                let periodicity = p["preperiod"].as_u64().zip(p["period"].as_u64());
                let row =
                    Row { periodicity, heaps_computed: number(c, "heaps_computed"), proven_beyond: None };
                (text(c, "code"), row)
            })
            .collect();
        assert_eq!(rows.len(), 1024, "codes of the table");
        let solved = read_json("records/octal-solved-games.json");
        for entry in solved["entries"].as_array().expect("entries of records/octal-solved-games.json") {
            let figures = &entry["result"]["figures"];
            let row = rows.get_mut(&text(entry, "code")).expect("a solved game of the table");
            row.proven_beyond = Some((number(figures, "preperiod"), number(figures, "period")));
        }
        let mut representative = HashMap::new();
        for group in result["groups"].as_array().expect("groups") {
            let codes = strings(&group["codes"]);
            for code in &codes {
                representative.insert(code.clone(), codes[0].clone());
            }
        }
        let shifted = result["shifted"]
            .as_array()
            .expect("shifted")
            .iter()
            .map(|s| (text(s, "code"), text(s, "of"), number(s, "shift")))
            .collect();
        Table { rows, representative, shifted }
    }

    fn representative<'a>(&'a self, code: &'a str) -> &'a str {
        self.representative.get(code).map_or(code, String::as_str)
    }
}

/// The largest number of counters a move of `code` takes (the position of its last nonzero
/// digit after the point).
fn largest_take(code: &str) -> u64 {
    let (_, after) = code.split_once('.').expect("a point");
    after.trim_end_matches('0').len() as u64
}

/// The first heap where the values contradict "exact pre-period `preperiod`, period `period`":
/// the heap before the pre-period is no exception, or a later heap is one. `None` when the
/// values agree on every heap they reach.
fn statement_fails_at(values: &[u32], preperiod: usize, period: usize) -> Option<usize> {
    if preperiod > 0
        && preperiod - 1 + period < values.len()
        && values[preperiod - 1] == values[preperiod - 1 + period]
    {
        return Some(preperiod - 1);
    }
    (preperiod..values.len().saturating_sub(period)).find(|&n| values[n] != values[n + period])
}

/// What was compared, and what disagreed, over all entries.
#[derive(Default)]
struct Comparison {
    disagreements: Vec<Value>,
    not_decided: Vec<Value>,
    codes: BTreeSet<String>,
    terms_shown: u64,
    term_comparisons: u64,
    period_statements: u64,
    same_values_pairs: u64,
    shifted_by_table: u64,
    shifted_by_options: u64,
}

impl Comparison {
    /// (a): the terms against the definition, for every code of the entry.
    fn terms(&mut self, entry: &Entry, cache: &mut HashMap<String, Vec<u32>>) {
        self.terms_shown += entry.terms.len() as u64;
        let named = entry.named.iter().map(|c| (0, c));
        let commented = entry.classes.iter().flat_map(|(s, codes)| codes.iter().map(move |c| (*s, c)));
        let mut seen = HashSet::new();
        for (shift, code) in named.chain(commented) {
            if !seen.insert(code) {
                continue;
            }
            let first = (entry.offset + shift) as usize;
            let values = values_of(cache, code, first + entry.terms.len());
            self.term_comparisons += entry.terms.len() as u64;
            if let Some(i) = (0..entry.terms.len()).find(|&i| entry.terms[i] != values[first + i]) {
                self.disagreements.push(json!({
                    "a_number": entry.a_number, "check": "terms", "code": code,
                    "heap": first + i, "oeis": entry.terms[i], "definition": values[first + i],
                }));
            }
        }
    }

    /// (b): the period statement against the table, for every code of the table in the entry.
    fn period(&mut self, entry: &Entry, table: &Table, cache: &mut HashMap<String, Vec<u32>>) {
        let Some(statement) = entry.statement else { return };
        for (shift, code) in entry.classes.iter().flat_map(|(s, codes)| codes.iter().map(move |c| (*s, c))) {
            self.codes.insert(code.clone());
            self.period_statements += 1;
            let row = &table.rows[code.as_str()];
            // The stated pre-period of this code (exact, or a bound) and period.
            let (preperiod, exact, period) = match statement {
                PeriodStatement::LastException { period, last_exception } => {
                    (last_exception + 1 + shift, true, period)
                }
                PeriodStatement::PeriodicFrom { period, from } => (from + shift, false, period),
            };
            let proven = row.periodicity.or(row.proven_beyond);
            let agrees = match proven {
                Some((pre, per)) => per == period && if exact { pre == preperiod } else { pre <= preperiod },
                // Unsolved: the stated period must need more heaps than the table computed.
                None => 2 * preperiod + 2 * period + largest_take(code) > row.heaps_computed,
            };
            if agrees {
                continue;
            }
            let stated = if exact {
                json!({ "preperiod": preperiod, "period": period })
            } else {
                json!({ "preperiod_at_most": preperiod, "period": period })
            };
            let ours = match (row.periodicity, row.proven_beyond) {
                (Some((pre, per)), _) => json!({ "preperiod": pre, "period": per }),
                (None, Some((pre, per))) => json!({
                    "preperiod": pre, "period": per, "proven_by": "records/octal-solved-games.json",
                }),
                (None, None) => json!({ "class": "unsolved", "heaps_computed": row.heaps_computed }),
            };
            // Where the definition contradicts the statement, when it is small enough to see.
            let reach = preperiod + 3 * period + 3;
            let heap = (exact && reach <= 5_000).then(|| {
                let values = values_of(cache, code, reach as usize);
                statement_fails_at(&values, preperiod as usize, period as usize)
            });
            self.disagreements.push(json!({
                "a_number": entry.a_number, "check": "period", "code": code,
                "oeis": stated, "table": ours, "heap": heap.flatten(),
            }));
        }
    }

    /// (c): the codes given the same values share a group; codes given shifted values are a
    /// shifted pair of the table, or proven by the options rule, or not decided.
    fn equivalences(&mut self, entry: &Entry, table: &Table, cache: &mut HashMap<String, Vec<u32>>) {
        let heaps = (entry.offset as usize) + entry.terms.len() + MAX_SHIFT as usize;
        for (_, codes) in &entry.classes {
            for code in codes {
                self.codes.insert(code.clone());
            }
            let first = &codes[0];
            for code in &codes[1..] {
                self.same_values_pairs += 1;
                if table.representative(code) == table.representative(first) {
                    continue;
                }
                let (a, b) = (values_of(cache, first, heaps), values_of(cache, code, heaps));
                let heap = (0..heaps).find(|&n| a[n] != b[n]);
                self.disagreements.push(json!({
                    "a_number": entry.a_number, "check": "same_values", "code": code, "with": first,
                    "table": "different groups", "heap": heap,
                    "code_value": heap.map(|n| b[n]), "with_value": heap.map(|n| a[n]),
                }));
            }
        }
        for (i, (low, smaller)) in entry.classes.iter().enumerate() {
            for (high, larger) in &entry.classes[i + 1..] {
                // Heap n of `smaller` (values a(n - low)) is heap n + shift of `larger`.
                let shift = high - low;
                let (x, y) = (&smaller[0], &larger[0]);
                let (rx, ry) = (table.representative(x), table.representative(y));
                let both_proven = table.rows[x.as_str()].periodicity.is_some()
                    && table.rows[y.as_str()].periodicity.is_some();
                if both_proven {
                    if table.shifted.contains(&(rx.to_string(), ry.to_string(), shift)) {
                        self.shifted_by_table += 1;
                        continue;
                    }
                    let (a, b) = (values_of(cache, x, heaps), values_of(cache, y, heaps + shift as usize));
                    let heap = (0..heaps).find(|&n| a[n] != b[n + shift as usize]);
                    self.disagreements.push(json!({
                        "a_number": entry.a_number, "check": "shifted", "code": x, "of": y, "shift": shift,
                        "table": "no shifted pair", "heap": heap,
                    }));
                    continue;
                }
                let proven = shift <= MAX_SHIFT
                    && smaller.iter().any(|s| {
                        larger.iter().any(|l| {
                            let (s, l): (OctalGame, OctalGame) = (s.parse().unwrap(), l.parse().unwrap());
                            shift_proven_by_options(&s, &l, shift).unwrap()
                        })
                    });
                if proven {
                    self.shifted_by_options += 1;
                } else {
                    self.not_decided
                        .push(json!({ "a_number": entry.a_number, "code": x, "of": y, "shift": shift }));
                }
            }
        }
    }
}

/// The values of heaps `0..heaps` of `code` by the definition, computed once per code (again
/// when more heaps are asked).
fn values_of(cache: &mut HashMap<String, Vec<u32>>, code: &str, heaps: usize) -> Vec<u32> {
    let known = cache.get(code).map_or(0, Vec::len);
    if known < heaps {
        cache.insert(code.to_string(), plain_values(&digits(code), heaps));
    }
    cache[code][..heaps].to_vec()
}

fn entries(record: &Value, table: &Table) -> Vec<Entry> {
    let entries: Vec<Entry> =
        record["entries"].as_array().expect("entries").iter().map(|e| Entry::from_record(e, table)).collect();
    // A check with no cases does not hold.
    assert!(!entries.is_empty(), "records/octal-oeis.json has no entry");
    let numbers: BTreeSet<&str> = entries.iter().map(|e| e.a_number.as_str()).collect();
    assert_eq!(numbers.len(), entries.len(), "an A-number listed twice");
    entries
}

#[test]
fn every_oeis_entry_agrees_with_the_definition_and_the_table_or_is_listed() {
    let record = read_json("records/octal-oeis.json");
    let table = Table::read();
    let entries = entries(&record, &table);
    let mut comparison = Comparison::default();
    let mut cache = HashMap::new();
    for entry in &entries {
        comparison.terms(entry, &mut cache);
        comparison.period(entry, &table, &mut cache);
        comparison.equivalences(entry, &table, &mut cache);
    }
    let compared = json!({
        "entries": entries.len(),
        "codes": comparison.codes.len(),
        "terms_shown": comparison.terms_shown,
        "term_comparisons": comparison.term_comparisons,
        "period_statements": comparison.period_statements,
        "same_values_pairs": comparison.same_values_pairs,
        "shifted_pairs_of_the_table": comparison.shifted_by_table,
        "shifted_pairs_proven_by_options": comparison.shifted_by_options,
        "shifted_pairs_not_decided": comparison.not_decided.len(),
    });
    println!("compared with the OEIS: {compared}");
    println!("disagreements: {}", Value::from(comparison.disagreements.clone()));
    assert!(comparison.term_comparisons > 0 && comparison.period_statements > 0, "nothing compared");
    assert_eq!(
        Value::from(comparison.disagreements),
        record["disagreements"],
        "the disagreements with the OEIS (computed, then recorded)"
    );
    assert_eq!(Value::from(comparison.not_decided), record["not_decided"], "the shifted pairs not decided");
    assert_eq!(compared, record["compared"], "what was compared");
}

/// The convention of (b) on a code where both figures are known: Dawson's chess 0.137, "period
/// 34, the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51" (A002187), is the table's
/// pre-period 52, and by the definition heap 51 is an exception and no later heap is.
#[test]
fn the_last_exception_is_the_heap_before_the_preperiod() {
    let record = read_json("records/octal-oeis.json");
    let table = Table::read();
    let entry = entries(&record, &table).into_iter().find(|e| e.a_number == "A002187").expect("A002187");
    let Some(PeriodStatement::LastException { period: 34, last_exception: 51 }) = entry.statement else {
        panic!("A002187: {:?}", entry.statement);
    };
    assert_eq!(table.rows["0.137"].periodicity, Some((52, 34)));
    let values = plain_values(&digits("0.137"), 1000);
    assert_eq!(statement_fails_at(&values, 52, 34), None);
    // A last exception one heap earlier or later is contradicted there.
    assert_eq!(statement_fails_at(&values, 51, 34), Some(50));
    assert_eq!(statement_fails_at(&values, 53, 34), Some(52));
    // The shifted codes: Dawson's Kayles 0.07 has values a(n - 1), pre-period 53.
    assert!(entry.classes.contains(&(1, vec!["0.07".to_string()])));
    assert_eq!(table.rows["0.07"].periodicity, Some((53, 34)));
}
