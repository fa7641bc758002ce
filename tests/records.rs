//! The committed records stay what they claim to be.
//!
//! `records/rotation-22/` collects the shard files of the count of the sequencings of Z_22, run
//! over several sessions and perhaps machines. Each file must be a valid shard (the library's
//! own parser checks its class sums), and all of them must be shards of one and the same count:
//! n = 22, K = 256, the method, library version and prefix depth that `scripts/count-n22.sh`
//! fixes, each shard once, under the file name of its index. When all 256 are present,
//! `merged.json` must be their exact sum. A file edited by hand, a shard of another count or a
//! merged total that does not follow from the shards fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use impartial_games::rotation::{ShardRecord, merge_shards, read_shard_file};

const N: usize = 22;
const SHARDS: usize = 256;
const DEPTH: usize = 3;
const METHOD: &str = "two-ended";

fn shard_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("records/rotation-22")
}

/// The shard files in the directory, as (file name, record), sorted by shard index.
fn committed_shards() -> Vec<(String, ShardRecord)> {
    let mut shards = Vec::new();
    for entry in std::fs::read_dir(shard_dir()).expect("records/rotation-22 exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("shard-") {
            continue;
        }
        let record = read_shard_file(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        shards.push((name, record));
    }
    shards.sort_by_key(|(_, r)| r.shard_index);
    shards
}

/// The rules of this directory, for one list of records: `Err` names the first one broken.
fn check_one_count(shards: &[(String, ShardRecord)]) -> Result<(), String> {
    if shards.is_empty() {
        return Err("no shard files".into());
    }
    let mut indices = BTreeSet::new();
    for (name, r) in shards {
        let expected_name = format!("shard-{}-of-{SHARDS}.json", r.shard_index);
        if *name != expected_name {
            return Err(format!("{name} holds shard {}/{}", r.shard_index, r.shard_count));
        }
        let same = (r.n, r.shard_count, r.prefix_depth, r.method.as_str()) == (N, SHARDS, DEPTH, METHOD)
            && r.version == shards[0].1.version;
        if !same {
            return Err(format!("{name} is {}, not a shard of this count", r.describe()));
        }
        if !indices.insert(r.shard_index) {
            return Err(format!("shard {} twice", r.shard_index));
        }
        if r.tasks == 0 || r.total == 0 {
            return Err(format!("{name} ran {} tasks and found {} solutions", r.tasks, r.total));
        }
    }
    Ok(())
}

#[test]
fn the_n22_shards_are_shards_of_one_count() {
    let shards = committed_shards();
    check_one_count(&shards).unwrap();
    let merged_path = shard_dir().join("merged.json");
    match merge_shards(&shards) {
        Ok(merged) => {
            assert_eq!(shards.len(), SHARDS);
            let text = std::fs::read_to_string(&merged_path).expect("all shards are here, so merged.json is");
            let committed: serde_json::Value = serde_json::from_str(&text).expect("merged.json is JSON");
            // `games --json rotation merge` names K `shards`; the other fields as the library.
            let ours = serde_json::to_value(&merged).unwrap();
            assert_eq!(committed["shards"], ours["shard_count"], "merged.json's shards");
            for field in ["n", "method", "prefix_depth", "tasks", "total", "by_first", "by_white_slot"] {
                assert_eq!(committed[field], ours[field], "merged.json's {field}");
            }
        }
        Err(e) => {
            assert!(shards.len() < SHARDS, "all shards are here but they do not merge: {e}");
            assert!(e.to_string().contains("missing"), "only missing shards may stop the merge: {e}");
            assert!(!merged_path.exists(), "merged.json while shards are missing");
        }
    }
}

/// The rules above can fail.
#[test]
fn the_rules_notice_a_foreign_or_repeated_shard() {
    let shards = committed_shards();
    let first = shards[0].clone();
    assert!(check_one_count(&[]).is_err());
    assert!(check_one_count(std::slice::from_ref(&first)).is_ok());

    let mut renamed = first.clone();
    renamed.0 = "shard-999-of-256.json".into();
    assert!(check_one_count(&[renamed]).unwrap_err().contains("holds shard"));

    for change in 0..4 {
        let mut other = first.clone();
        match change {
            0 => other.1.prefix_depth = 4,
            1 => other.1.method = "depth-first".into(),
            2 => other.1.n = 20,
            _ => other.1.shard_count = 128,
        }
        if change == 3 {
            other.0 = format!("shard-{}-of-128.json", other.1.shard_index);
        }
        let err = check_one_count(&[other]).unwrap_err();
        assert!(err.contains("not a shard of this count") || err.contains("holds shard"), "{err}");
    }
    assert!(check_one_count(&[first.clone(), first.clone()]).unwrap_err().contains("twice"));

    let mut empty = first;
    empty.1.tasks = 0;
    assert!(check_one_count(&[empty]).unwrap_err().contains("tasks"));
}
