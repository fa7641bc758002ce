//! Cram 5 x 11 in shards (`records/cram-5x11/`): the board searched at its 27 distinct first
//! moves by `scripts/cram-shards.sh`, each asked only "is your value 0?", the 27 shard files
//! packed in `shards.jsonl` ([`crate::packed_shards`]), each line sealed with the SHA-256 of its
//! content (game-search-runs' `RootShard::from_file_text` checks it). Every shard must be a
//! finished shard of that search (board, question and number of shards fixed), under the name
//! of its index, once, all 27 of them; `times.tsv` must hold the CPU seconds of each, and their
//! merge must be the published nimber and the board's entry of `records/cram.json`.

use impartial_games::search_runs::{RootMerge, RootShard, ShardQuestion, merge_root_shards};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const DIR: &str = "records/cram-5x11";
const POSITION: &str = "cram 5 x 11";
/// K, the number of shards: one per distinct first move.
const SHARDS: usize = 27;
/// What every first move is asked: "is your value 0?" (cap 1).
const QUESTION: ShardQuestion = ShardQuestion::Below(1);
/// The published nimber (Uiterwijk, *Solving Cram Using Combinatorial Game Theory*, ACG 2019,
/// and the table of Beling's igs).
const PUBLISHED: u32 = 0;

/// The shards kept in `shards.jsonl`, as (file name, shard), in the order kept: the name says
/// which index the line must hold.
fn committed_shards() -> Vec<(String, RootShard)> {
    crate::packed_shards(DIR, SHARDS, |_, text| RootShard::from_file_text(text).map_err(|e| e.to_string()))
}

/// Each committed line carries the digest of its content: a digit changed in any line (a
/// task's number, the node count, the cap, the name's size) is refused, not merged.
#[test]
fn a_changed_digit_in_a_committed_shard_is_refused() {
    let text = crate::read_text(&format!("{DIR}/shards.jsonl"));
    for line in text.lines() {
        let digest = line.find("\"sha256\"").expect("a sealed line");
        for (at, byte) in line.bytes().enumerate().take(digest).filter(|(_, b)| b.is_ascii_digit()) {
            let mut bytes = line.as_bytes().to_vec();
            bytes[at] = if byte == b'9' { b'8' } else { byte + 1 };
            let changed = String::from_utf8(bytes).unwrap();
            assert!(RootShard::from_file_text(&changed).is_err(), "{changed}");
        }
    }
}

/// Every file a finished shard of this search, under the file name of its index, each once.
/// `Err` names the first rule broken.
fn check_shards(shards: &[(String, RootShard)]) -> Result<(), String> {
    let first = &shards.first().ok_or("no shard files")?.1;
    let mut indices = BTreeSet::new();
    for (name, shard) in shards {
        if *name != format!("shard-{}-of-{SHARDS}.json", shard.index) {
            return Err(format!("{name} holds shard {}/{}", shard.index, shard.count));
        }
        let same = (shard.position.as_str(), shard.count, shard.question(), shard.tasks)
            == (POSITION, SHARDS, QUESTION, first.tasks);
        if !same {
            return Err(format!(
                "{name} is {:?} {}, not a shard of this search",
                shard.position,
                shard.cut()
            ));
        }
        if !indices.insert(shard.index) {
            return Err(format!("shard {} twice", shard.index));
        }
        if !shard.is_complete() {
            return Err(format!(
                "{name} is not finished ({} values, {} nodes)",
                shard.values.len(),
                shard.nodes
            ));
        }
    }
    Ok(())
}

/// The CPU seconds the shards took, from `times` (times.tsv: a line per run of a shard, `shard
/// wall_s cpu_s peak_kib date`, the runs of a shard added up). `Err` when a shard has no run, or
/// none that took time although its search expanded positions.
fn cpu_seconds(times: &str, shards: &[(String, RootShard)]) -> Result<f64, String> {
    let mut per_shard: BTreeMap<usize, f64> = BTreeMap::new();
    for line in times.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let index = fields.first().and_then(|s| s.split('/').next()).and_then(|i| i.parse().ok());
        let cpu = fields.get(2).and_then(|c| c.parse::<f64>().ok());
        let (Some(index), Some(cpu)) = (index, cpu) else {
            return Err(format!("times.tsv: {line:?} is not a shard's run"));
        };
        *per_shard.entry(index).or_default() += cpu;
    }
    let mut total = 0.0;
    for (_, shard) in shards {
        match per_shard.get(&shard.index) {
            Some(&cpu) if cpu > 0.0 || shard.nodes == 0 => total += cpu,
            _ => return Err(format!("times.tsv has no run of shard {}", shard.index)),
        }
    }
    Ok(total)
}

/// The whole set merged, with its CPU seconds.
fn merged() -> (RootMerge, f64) {
    let shards = committed_shards();
    check_shards(&shards).unwrap_or_else(|e| panic!("{DIR}: {e}"));
    assert_eq!(shards.len(), SHARDS, "{DIR}: a shard set is kept only when finished");
    let cpu = cpu_seconds(&crate::read_text(&format!("{DIR}/times.tsv")), &shards)
        .unwrap_or_else(|e| panic!("{DIR}: {e}"));
    let list: Vec<RootShard> = shards.into_iter().map(|(_, shard)| shard).collect();
    let merge = merge_root_shards(&list).unwrap_or_else(|e| panic!("{DIR}: the shards do not merge: {e}"));
    (merge, cpu)
}

#[test]
fn the_shards_merge_to_the_published_nimber_and_the_record() {
    let (merge, cpu) = merged();
    assert_eq!(merge.nimber, PUBLISHED, "the shards and the published table differ");
    let record: Value = crate::read_json(super::cram::RECORD);
    let entry = record["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|b| b["rows"] == 5 && b["cols"] == 11)
        .expect("5 x 11 is in records/cram.json");
    assert_eq!(entry["nimber"], merge.nimber, "records/cram.json's nimber of 5 x 11");
    assert_eq!(entry["nodes"], merge.nodes, "records/cram.json's nodes of 5 x 11");
    let seconds = entry["seconds"].as_f64().expect("seconds");
    assert!((seconds - cpu).abs() < 0.01, "records/cram.json says {seconds} s, times.tsv {cpu} s");
}

/// The rules above can fail.
#[test]
fn the_rules_notice_a_foreign_repeated_or_unfinished_shard() {
    let shards = committed_shards();
    let first = shards[0].clone();
    assert!(check_shards(&[]).is_err());
    assert_eq!(check_shards(std::slice::from_ref(&first)), Ok(()));
    assert!(check_shards(&[first.clone(), first.clone()]).unwrap_err().contains("twice"));
    let mut renamed = first.clone();
    renamed.0 = "shard-26-of-28.json".into();
    assert!(check_shards(&[renamed]).unwrap_err().contains("holds shard"));
    for change in 0..4 {
        let mut other = first.clone();
        match change {
            0 => other.1.position = "cram 11 x 5".into(),
            1 => other.1.cap = Some(2),
            2 => other.1.only = Some(0),
            _ => other.1.cap = None,
        }
        assert!(check_shards(&[other]).unwrap_err().contains("not a shard of this search"));
    }
    let mut unfinished = first.clone();
    unfinished.1.values.clear();
    assert!(check_shards(&[unfinished]).unwrap_err().contains("not finished"));

    let index = first.1.index;
    let times =
        format!("shard\twall_s\tcpu_s\tpeak_kib\tdate\n{index}/27\t10\t7.5\t1\td\n{index}/27\t1\t0\t1\td\n");
    assert_eq!(cpu_seconds(&times, std::slice::from_ref(&first)), Ok(7.5));
    let only_reported = format!("shard\twall_s\tcpu_s\tpeak_kib\tdate\n{index}/27\t0.01\t0\t1\td\n");
    assert!(cpu_seconds(&only_reported, std::slice::from_ref(&first)).unwrap_err().contains("no run"));
    let mut settled = first.clone();
    settled.1.nodes = 0;
    assert_eq!(cpu_seconds(&only_reported, std::slice::from_ref(&settled)), Ok(0.0));
    let no_line = "shard\twall_s\tcpu_s\tpeak_kib\tdate\n";
    assert!(cpu_seconds(no_line, std::slice::from_ref(&settled)).unwrap_err().contains("no run"));
    assert!(cpu_seconds("shard\n0/27 broken\n", std::slice::from_ref(&first)).is_err());
}
