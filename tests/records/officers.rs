//! Officers (`records/officers.json`): the values of `0.6` for heaps `0..2^28` and their rare
//! heaps (game-nim's example `octal_values`), against the published statements. The output of
//! the recorded run is kept (`records/officers-run.txt`), so the record is checked without the
//! half hour of CPU the run takes; `cargo xtask records --officers` runs it again.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::octal_values_output::parse;
use crate::statement::{AtHeaps, Statement, at_heaps, compare, statement};

const RECORD: &str = "records/officers.json";
const KEPT_RUN: &str = "records/officers-run.txt";

/// `records/officers.json`.
#[derive(Deserialize)]
struct OfficersRecord {
    heaps: u64,
    /// The rare mask given to `octal_values` (hex).
    rare_mask: String,
    published: Vec<AtHeaps>,
    result: Statement,
}

/// The mismatches of the Officers record. A published count of rare heaps among the first `h`
/// heaps is compared with the count of the whole run only when the run's last rare heap is below
/// `h` (then both counts are the same).
fn check(record: &OfficersRecord, computed: &Value) -> Vec<String> {
    let mut mismatches = compare("Officers (record)", computed, &record.result);
    let last_rare = computed["last_rare_heap"].as_u64();
    for p in &record.published {
        let Some(heaps) = p.heaps else {
            mismatches.extend(compare("Officers", computed, &p.statement));
            continue;
        };
        let Some(at) = at_heaps(computed, heaps) else {
            mismatches.push(format!("Officers: no figures at {heaps} heaps"));
            continue;
        };
        let mut at = at.clone();
        if last_rare.is_some_and(|l| l < heaps) {
            at["rare_heaps"] = computed["rare_heaps"].clone();
            at["last_rare_heap"] = computed["last_rare_heap"].clone();
        }
        mismatches.extend(compare(&format!("Officers, {heaps} heaps"), &at, &p.statement));
    }
    mismatches
}

/// The kept run satisfies the record and its published statements; one value changed is caught.
#[test]
fn the_kept_run_satisfies_the_record() {
    let record: OfficersRecord = crate::read_json(RECORD);
    assert_eq!((record.heaps, record.rare_mask.as_str()), (1 << 28, "1ee"));
    let text = crate::read_text(KEPT_RUN);
    crate::assert_none(KEPT_RUN, &check(&record, &parse(&text).unwrap()));
    let changed = text.replace("n=2^21 largest G[1274955]=319", "n=2^21 largest G[1274955]=318");
    assert_ne!(changed, text);
    assert!(!check(&record, &parse(&changed).unwrap()).is_empty());
}

/// A published rare count below the run's last rare heap is compared at its own heaps only.
#[test]
fn a_rare_count_is_compared_where_it_holds() {
    let computed = parse(
        "n=2^0 largest G[0]=0\nn=2^1 largest G[1]=0\nn=2^2 largest G[2]=1\n\
                          heaps=4 width=U8 fnv64=00ff\nnum_rare=2 last_rare=1\n",
    )
    .unwrap();
    let mut record = OfficersRecord {
        heaps: 4,
        rare_mask: "1".to_string(),
        published: vec![AtHeaps {
            heaps: Some(2),
            statement: statement(json!({"largest_value": 0, "rare_heaps": 2}), &[]),
        }],
        result: statement(json!({"rare_heaps": 2, "fnv64": "00ff"}), &[]),
    };
    assert!(check(&record, &computed).is_empty());
    record.published[0].statement = statement(json!({"rare_heaps": 3}), &[]);
    assert_eq!(check(&record, &computed).len(), 1);
}

/// `cargo xtask records --officers`: a fresh run, checked as the kept one.
#[test]
#[ignore = "a recomputation of about half an hour: cargo xtask records --officers"]
fn fresh_run_satisfies_the_record() {
    let record: OfficersRecord = crate::read_json(RECORD);
    crate::assert_none(
        "fresh Officers run",
        &check(&record, &parse(&crate::fresh_text("officers.txt")).unwrap()),
    );
}
