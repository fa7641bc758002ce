//! The sequencings of Z_22 counted twice (`records/rotation-22/` and
//! `records/rotation-22-depth-first/`), in shards by `scripts/count-n22.sh`, by two kernels that
//! share no search code, each set of 256 shard files packed in `shards.jsonl` (one file a line,
//! [`crate::packed_shards`]). Each shard must be a valid shard (the library's own parser checks
//! its SHA-256 digest and its class sums), and all files of a directory shards of one and the
//! same count: n = 22 and the K, method, library version and prefix depth the script fixes for
//! that directory, each shard once, under the file name of its index, all K of them.
//! `merged.json` must be their exact sum, and the two counts must agree class by class.

use std::collections::BTreeSet;

use impartial_games::rotation::{MergedCount, ShardRecord, merge_shards, parse_shard_file};

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
    /// The shards kept in the directory's `shards.jsonl`, as (file name, record), in the order
    /// kept: the name says which index the line must hold.
    fn committed_shards(&self) -> Vec<(String, ShardRecord)> {
        crate::packed_shards(self.dir, self.shards, |path, text| {
            parse_shard_file(path, text).map_err(|e| e.to_string())
        })
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
            let same = (r.n, r.shard_count, r.prefix_depth, r.method.as_str(), r.counts_start_angles())
                == (22, self.shards, self.depth, self.method, false)
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

    /// Checks the directory: every shard there, one count, and `merged.json` their sum.
    fn check(&self) -> MergedCount {
        let shards = self.committed_shards();
        self.check_one_count(&shards).unwrap_or_else(|e| panic!("{}: {e}", self.dir));
        assert_eq!(shards.len(), self.shards, "{}: a shard set is kept only when finished", self.dir);
        let merged =
            merge_shards(&shards).unwrap_or_else(|e| panic!("{}: the shards do not merge: {e}", self.dir));
        let committed: serde_json::Value = crate::read_json(&format!("{}/merged.json", self.dir));
        // `games --json rotation merge` names K `shards`; the other fields as the library.
        let ours = serde_json::to_value(&merged).unwrap();
        assert_eq!(committed["shards"], ours["shard_count"], "{}: merged.json's shards", self.dir);
        for field in ["n", "method", "prefix_depth", "tasks", "total", "by_first", "by_white_slot"] {
            assert_eq!(committed[field], ours[field], "{}: merged.json's {field}", self.dir);
        }
        merged
    }
}

#[test]
fn both_counts_are_whole_and_agree() {
    let (a, b) = (TWO_ENDED.check(), DEPTH_FIRST.check());
    assert_eq!(a.total, b.total, "the two counts of n = 22 disagree");
    assert_eq!(a.by_first, b.by_first, "the two counts of n = 22 disagree by first rotation");
    // The count is the one records/rotation-counts.json keeps for n = 22.
    let counts = super::rotation_start_angles::sequencing_counts();
    assert!(counts[&22].contains(&a.total), "n = 22: {} not in records/rotation-counts.json", a.total);
}

/// The rules above can fail.
#[test]
fn the_rules_notice_a_foreign_or_repeated_shard() {
    let count = &TWO_ENDED;
    let shards = count.committed_shards();
    let first = shards[0].clone();
    assert!(count.check_one_count(&[]).is_err());
    assert!(count.check_one_count(std::slice::from_ref(&first)).is_ok());
    let mut renamed = first.clone();
    renamed.0 = "shard-999-of-256.json".into();
    assert!(count.check_one_count(&[renamed]).unwrap_err().contains("holds shard"));
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
        let err = count.check_one_count(&[other]).unwrap_err();
        assert!(err.contains("not a shard of this count") || err.contains("holds shard"), "{err}");
    }
    assert!(count.check_one_count(&[first.clone(), first.clone()]).unwrap_err().contains("twice"));
    let mut empty = first;
    empty.1.tasks = 0;
    assert!(count.check_one_count(&[empty]).unwrap_err().contains("tasks"));
}

/// The committed lines carry the digest of their content: a digit changed in the first shard
/// of each count (a class count, the total, a seconds figure) is refused by the parser, even
/// where the class sums would not notice it.
#[test]
fn a_changed_digit_in_a_committed_shard_is_refused() {
    for count in [&TWO_ENDED, &DEPTH_FIRST] {
        let text = crate::read_text(&format!("{}/shards.jsonl", count.dir));
        let line = text.lines().next().expect("a shard");
        let digest = line.find("\"sha256\"").expect("a sealed line");
        for (at, byte) in line.bytes().enumerate().take(digest).filter(|(_, b)| b.is_ascii_digit()) {
            let mut bytes = line.as_bytes().to_vec();
            bytes[at] = if byte == b'9' { b'8' } else { byte + 1 };
            let changed = String::from_utf8(bytes).unwrap();
            assert!(parse_shard_file(std::path::Path::new("x.json"), &changed).is_err(), "{changed}");
        }
    }
}
