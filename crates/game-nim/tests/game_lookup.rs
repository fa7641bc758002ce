//! tczajka's game lookup tables (`records/octal-lookup-tczajka/GameLookup.tsv`, 849 maps from a
//! code to an equivalent one) decided against the octal table (`records/octal-table.json`):
//! every map joins two codes of one group, or two codes whose values agree after a shift, proven
//! by the options rule ([`shift_proven_by_options`]) or by the proven periods of both codes, as
//! `records/octal-lookup.json` says. The values are recomputed here by the definition (the mex
//! over every move, code written in this test, none shared with the library): the shift and its
//! direction are found from them, and a map they contradict fails with both values and the
//! first heap where they differ.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use game_nim::{MAX_SHIFT, octal_codes_up_to_three_digits, shift_proven_by_options};
use serde_json::Value;

mod common;
use common::{digits, plain_values};

/// The heaps on which the two codes of every map are compared by the definition.
const COMPARED_HEAPS: usize = 1000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The maps of tczajka's tables, `(code, target)`, in the order of the file.
fn lookup_maps() -> Vec<(String, String)> {
    let path = "records/octal-lookup-tczajka/GameLookup.tsv";
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("code\ttarget"), "{path}: header");
    lines
        .map(|line| {
            let (code, target) = line.split_once('\t').unwrap_or_else(|| panic!("{path}: {line:?}"));
            (code.to_string(), target.to_string())
        })
        .collect()
}

/// One map to a shifted code as `records/octal-lookup.json` records it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ShiftedMap {
    code: String,
    target: String,
    shift: usize,
    /// True when `code` is played on the larger heaps: `target(n) = code(n + shift)`.
    code_is_larger: bool,
    proof: String,
}

impl ShiftedMap {
    fn from_record(entry: &Value) -> ShiftedMap {
        let text =
            |field: &str| entry[field].as_str().unwrap_or_else(|| panic!("{field} of {entry}")).to_string();
        let larger = text("larger");
        assert!(larger == "code" || larger == "target", "{entry}");
        ShiftedMap {
            code: text("code"),
            target: text("target"),
            shift: entry["shift"].as_u64().unwrap_or_else(|| panic!("shift of {entry}")) as usize,
            code_is_larger: larger == "code",
            proof: text("proof"),
        }
    }

    /// `(smaller, larger)`: the code whose heap `n` has the value of the other's heap `n + shift`.
    fn smaller_larger(&self) -> (&str, &str) {
        if self.code_is_larger { (&self.target, &self.code) } else { (&self.code, &self.target) }
    }
}

/// The values of `code` by the definition, on `COMPARED_HEAPS + MAX_SHIFT` heaps, computed once.
fn values_of<'a>(cache: &'a mut HashMap<String, Vec<u32>>, code: &str) -> &'a [u32] {
    cache
        .entry(code.to_string())
        .or_insert_with(|| plain_values(&digits(code), COMPARED_HEAPS + MAX_SHIFT as usize))
}

/// The least shift, and whether `code` is the larger, for which the values of `code` and
/// `target` agree on `COMPARED_HEAPS` heaps; `None` if no shift up to `MAX_SHIFT` does.
fn shift_by_definition(a: &[u32], b: &[u32]) -> Option<(usize, bool)> {
    (1..=MAX_SHIFT as usize).find_map(|s| {
        if (0..COMPARED_HEAPS).all(|n| a[n] == b[n + s]) {
            Some((s, false))
        } else if (0..COMPARED_HEAPS).all(|n| a[n + s] == b[n]) {
            Some((s, true))
        } else {
            None
        }
    })
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn every_map_of_the_lookup_tables_is_decided() {
    let record = read_json("records/octal-lookup.json");
    let table = read_json("records/octal-table.json");
    let maps = lookup_maps();
    assert!(!maps.is_empty(), "no map read");
    assert_eq!(maps.len() as u64, record["maps"].as_u64().unwrap(), "maps in the file");

    let group_of: HashMap<&str, usize> = table["result"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g["codes"].as_array().unwrap().iter().map(move |c| (c.as_str().unwrap(), i)))
        .collect();
    let periodicity: BTreeMap<&str, Option<(usize, usize)>> = table["result"]["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let p = &c["periodicity"];
            let pair = p["preperiod"].as_u64().zip(p["period"].as_u64());
            (c["code"].as_str().unwrap(), pair.map(|(a, b)| (a as usize, b as usize)))
        })
        .collect();

    let mut cache = HashMap::new();
    let mut grouped = 0;
    let mut ungrouped = Vec::new();
    for (code, target) in &maps {
        assert!(periodicity.contains_key(code.as_str()), "{code} is not in the table");
        assert!(periodicity.contains_key(target.as_str()), "{target} is not in the table");
        let same_group = matches!((group_of.get(code.as_str()), group_of.get(target.as_str())), (Some(a), Some(b)) if a == b);
        if same_group {
            grouped += 1;
            // Grouped codes agree on every heap the table computed; here on the first heaps.
            let a = values_of(&mut cache, code).to_vec();
            let b = values_of(&mut cache, target);
            let first = (0..COMPARED_HEAPS).find(|&n| a[n] != b[n]);
            assert_eq!(first, None, "{code} and {target} are grouped but differ by the definition");
        } else {
            ungrouped.push((code.clone(), target.clone()));
        }
    }
    assert_eq!(grouped, record["grouped"].as_u64().unwrap(), "maps within a group");

    let shifted: Vec<ShiftedMap> =
        record["shifted"].as_array().unwrap().iter().map(ShiftedMap::from_record).collect();
    assert!(!shifted.is_empty(), "no shifted map recorded");
    let recorded: Vec<(String, String)> =
        shifted.iter().map(|m| (m.code.clone(), m.target.clone())).collect();
    assert_eq!(recorded, ungrouped, "the shifted maps of the record are the maps outside a group");

    let (mut by_options, mut by_periods) = (0, 0);
    for map in &shifted {
        let a = values_of(&mut cache, &map.code).to_vec();
        let b = values_of(&mut cache, &map.target).to_vec();
        // The shift and its direction, by the definition: the recorded ones, else an erratum.
        let found = shift_by_definition(&a, &b);
        if found != Some((map.shift, map.code_is_larger)) {
            let (small, large) = if map.code_is_larger { (&b, &a) } else { (&a, &b) };
            let differs = (0..COMPARED_HEAPS).find(|&n| small[n] != large[n + map.shift]);
            panic!(
                "{map:?}: by the definition the shift is {found:?}; first difference with the recorded one: {:?}",
                differs.map(|n| (n, small[n], n + map.shift, large[n + map.shift]))
            );
        }
        let (smaller, larger) = map.smaller_larger();
        let by_rule =
            shift_proven_by_options(&smaller.parse().unwrap(), &larger.parse().unwrap(), map.shift as u64)
                .unwrap();
        match map.proof.as_str() {
            "options" => {
                assert!(by_rule, "{map:?}: the options rule does not prove it");
                by_options += 1;
            }
            "periods" => {
                assert!(!by_rule, "{map:?}: the options rule proves it; record it so");
                let (Some((pre_s, per_s)), Some((pre_l, per_l))) =
                    (periodicity[smaller], periodicity[larger])
                else {
                    panic!("{map:?}: recorded proven by periods, but a code has no proven period");
                };
                // Past max(pre_s, pre_l - shift) both shifted sequences repeat with the lcm of the
                // periods, so agreement on one such stretch is agreement at every heap.
                let lcm = per_s / gcd(per_s, per_l) * per_l;
                let decided = pre_s.max(pre_l.saturating_sub(map.shift)) + lcm;
                assert!(decided + 2 * lcm <= COMPARED_HEAPS, "{map:?}: {decided} heaps needed");
                let (small, large) = if map.code_is_larger { (&b, &a) } else { (&a, &b) };
                // The periods of the table hold on the values of the definition.
                for n in pre_s..COMPARED_HEAPS - per_s {
                    assert_eq!(small[n], small[n + per_s], "{smaller}: period {per_s} at heap {n}");
                }
                for n in pre_l..COMPARED_HEAPS - per_l {
                    assert_eq!(large[n], large[n + per_l], "{larger}: period {per_l} at heap {n}");
                }
                assert!((0..decided).all(|n| small[n] == large[n + map.shift]), "{map:?}");
                by_periods += 1;
            }
            other => panic!("{map:?}: unknown proof {other:?}"),
        }
    }
    assert_eq!(by_options, record["proven_by_options"].as_u64().unwrap(), "proven by the options rule");
    assert_eq!(by_periods, record["proven_by_periods"].as_u64().unwrap(), "proven by the periods");
    assert_eq!(record["disagreeing"].as_array().map(Vec::len), Some(0), "errata are recorded elsewhere");
}

/// Over every pair of codes with up to three digits and every shift whose first 40 values agree,
/// a shift the options rule proves holds on every heap computed here by the definition; and
/// the rule proves many (it is not trivially false).
#[test]
fn the_options_rule_agrees_with_the_definition_on_every_pair_of_codes() {
    const HEAPS: usize = 600;
    const KEY: usize = 40;
    let codes: Vec<String> = octal_codes_up_to_three_digits().iter().map(ToString::to_string).collect();
    let values: Vec<Vec<u32>> = codes.iter().map(|c| plain_values(&digits(c), HEAPS)).collect();
    let mut proven = 0;
    for shift in 1..=MAX_SHIFT as usize {
        let mut by_key: HashMap<&[u32], Vec<usize>> = HashMap::new();
        for (j, v) in values.iter().enumerate() {
            by_key.entry(&v[shift..shift + KEY]).or_default().push(j);
        }
        for (i, small) in values.iter().enumerate() {
            for &j in by_key.get(&small[..KEY]).into_iter().flatten() {
                let (a, b) = (codes[i].parse().unwrap(), codes[j].parse().unwrap());
                if shift_proven_by_options(&a, &b, shift as u64).unwrap() {
                    let differs = (0..HEAPS - shift).find(|&n| small[n] != values[j][n + shift]);
                    assert_eq!(differs, None, "{} and {} shifted by {shift}", codes[i], codes[j]);
                    proven += 1;
                }
            }
        }
    }
    assert!(proven >= 400, "only {proven} shifts proven");
}
