//! The committed records stay what they claim to be.
//!
//! `records/rotation-22/` and `records/rotation-22-depth-first/` collect the shard files of two
//! counts of the sequencings of Z_22 by two kernels that share no search code, run over several
//! sessions and perhaps machines. Each file must be a valid shard (the library's own parser
//! checks its class sums), and all files of a directory must be shards of one and the same count:
//! n = 22 and the K, method, library version and prefix depth that `scripts/count-n22.sh` fixes
//! for that directory, each shard once, under the file name of its index. When all K are present,
//! `merged.json` must be their exact sum; when both counts are complete, they must agree class by
//! class. A file edited by hand, a shard of another count or a merged total that does not follow
//! from the shards fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use impartial_games::rotation::{MergedCount, ShardRecord, merge_shards, read_shard_file};

const N: usize = 22;

/// One sharded count: where its files are and what they must share.
struct Count {
    dir: &'static str,
    shards: usize,
    depth: usize,
    method: &'static str,
}

/// The fast kernel's count (`scripts/count-n22.sh`).
const TWO_ENDED: Count = Count { dir: "records/rotation-22", shards: 256, depth: 3, method: "two-ended" };
/// The second count, by the one-ended kernel (`METHOD=depth-first scripts/count-n22.sh`).
const DEPTH_FIRST: Count =
    Count { dir: "records/rotation-22-depth-first", shards: 256, depth: 5, method: "depth-first" };

impl Count {
    fn path(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(self.dir)
    }

    /// The shard files in the directory, as (file name, record), sorted by shard index.
    fn committed_shards(&self) -> Vec<(String, ShardRecord)> {
        let mut shards = Vec::new();
        let dir = self.path();
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", self.dir)) {
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
    fn check_one_count(&self, shards: &[(String, ShardRecord)]) -> Result<(), String> {
        if shards.is_empty() {
            return Err("no shard files".into());
        }
        let mut indices = BTreeSet::new();
        for (name, r) in shards {
            let expected_name = format!("shard-{}-of-{}.json", r.shard_index, self.shards);
            if *name != expected_name {
                return Err(format!("{name} holds shard {}/{}", r.shard_index, r.shard_count));
            }
            let same = (r.n, r.shard_count, r.prefix_depth, r.method.as_str())
                == (N, self.shards, self.depth, self.method)
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

    /// Checks the directory; the merged count if all shards are there.
    fn check(&self) -> Option<MergedCount> {
        let shards = self.committed_shards();
        self.check_one_count(&shards).unwrap_or_else(|e| panic!("{}: {e}", self.dir));
        let merged_path = self.path().join("merged.json");
        match merge_shards(&shards) {
            Ok(merged) => {
                assert_eq!(shards.len(), self.shards);
                let text =
                    std::fs::read_to_string(&merged_path).expect("all shards are here, so merged.json is");
                let committed: serde_json::Value = serde_json::from_str(&text).expect("merged.json is JSON");
                // `games --json rotation merge` names K `shards`; the other fields as the library.
                let ours = serde_json::to_value(&merged).unwrap();
                assert_eq!(committed["shards"], ours["shard_count"], "{}: merged.json's shards", self.dir);
                for field in ["n", "method", "prefix_depth", "tasks", "total", "by_first", "by_white_slot"] {
                    assert_eq!(committed[field], ours[field], "{}: merged.json's {field}", self.dir);
                }
                Some(merged)
            }
            Err(e) => {
                assert!(
                    shards.len() < self.shards,
                    "{}: all shards are here but do not merge: {e}",
                    self.dir
                );
                assert!(e.to_string().contains("missing"), "only missing shards may stop the merge: {e}");
                assert!(!merged_path.exists(), "{}: merged.json while shards are missing", self.dir);
                None
            }
        }
    }
}

#[test]
fn each_n22_directory_holds_shards_of_one_count() {
    let two_ended = TWO_ENDED.check();
    let depth_first = DEPTH_FIRST.check();
    // Two kernels that share no search code: complete counts must agree, class by class.
    if let (Some(a), Some(b)) = (two_ended, depth_first) {
        assert_eq!(a.total, b.total, "the two counts of n = 22 disagree");
        assert_eq!(a.by_first, b.by_first, "the two counts of n = 22 disagree by first rotation");
    }
}

/// The rules above can fail.
#[test]
fn the_rules_notice_a_foreign_or_repeated_shard() {
    let count = &TWO_ENDED;
    let check_one_count = |shards: &[(String, ShardRecord)]| count.check_one_count(shards);
    let shards = count.committed_shards();
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
