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
//! from the shards fails here, and so does a directory README.md whose "State" does not say how
//! many shards are done and how many are missing.
//!
//! `records/cram-5x11/` collects the shard files of the Cram board 5 x 11, searched at its 27
//! distinct first moves by `scripts/cram-shards.sh` over several sessions: each file must be a
//! finished shard of that search (board, cap and number of shards fixed), under the name of its
//! index, once; the README's "State" must say how many are done and missing, and `times.tsv`
//! must hold the CPU seconds of each. Complete, their merge must be the published nimber and
//! the board's entry of `records/cram.json`, which must not have the board before.
//!
//! `records/rotation-start-angles.json` keeps the counts of every start angle (R9) by three
//! methods that share no search code (two kernels and meeting in the middle): each list must
//! respect the units of Z_n, its angle n/2 must be the count of sequencings in
//! `records/rotation-counts.json`, the methods must agree wherever two or more counted, an n
//! counted once must be listed as unconfirmed, and the small n are counted again.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use impartial_games::rotation::{
    CountMethod, CountOptions, MergedCount, ShardRecord, count_start_angles,
    count_start_angles_meet_in_middle, merge_shards, read_shard_file,
};
use impartial_games::search_runs::{RootMerge, RootShard, ShardQuestion, merge_root_shards};
use serde_json::Value;

/// One sharded count: where its files are and what they must share.
struct Count {
    dir: &'static str,
    n: usize,
    shards: usize,
    depth: usize,
    method: &'static str,
    /// A count by start angle (R9), else of the standard puzzle.
    by_start_angle: bool,
}

/// The fast kernel's count (`scripts/count-n22.sh`).
const TWO_ENDED: Count = Count {
    dir: "records/rotation-22",
    n: 22,
    shards: 256,
    depth: 3,
    method: "two-ended",
    by_start_angle: false,
};
/// The second count, by the one-ended kernel (`METHOD=depth-first scripts/count-n22.sh`).
const DEPTH_FIRST: Count = Count {
    dir: "records/rotation-22-depth-first",
    n: 22,
    shards: 256,
    depth: 5,
    method: "depth-first",
    by_start_angle: false,
};
/// The third count of n = 20 by start angle, by the one-ended kernel
/// (`scripts/count-start-angles.sh`).
const START_ANGLES_20: Count = Count {
    dir: "records/rotation-20-start-angles-depth-first",
    n: 20,
    shards: 128,
    depth: 4,
    method: "depth-first",
    by_start_angle: true,
};

impl Count {
    fn path(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(self.dir)
    }

    /// The shard files in the directory, as (file name, record), sorted by shard index.
    fn committed_shards(&self) -> Vec<(String, ShardRecord)> {
        shard_files(self.dir, "", |path| read_shard_file(path).map_err(|e| e.to_string()), |r| r.shard_index)
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
                == (self.n, self.shards, self.depth, self.method, self.by_start_angle)
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

    /// Whether `readme` (the directory's README.md) states how far the count is with `done`
    /// shard files present ([`check_state`] with this count's K).
    fn check_state(&self, readme: &str, done: usize) -> Result<(), String> {
        check_state(readme, done, self.shards)
    }

    /// Checks the directory; the merged count if all shards are there.
    fn check(&self) -> Option<MergedCount> {
        let shards = self.committed_shards();
        self.check_one_count(&shards).unwrap_or_else(|e| panic!("{}: {e}", self.dir));
        let readme = std::fs::read_to_string(self.path().join("README.md"))
            .unwrap_or_else(|e| panic!("{}/README.md: {e}", self.dir));
        self.check_state(&readme, shards.len()).unwrap_or_else(|e| panic!("{}/README.md: {e}", self.dir));
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
                let classes: &[&str] =
                    if self.by_start_angle { &["by_start_angle"] } else { &["by_first", "by_white_slot"] };
                for field in ["n", "method", "prefix_depth", "tasks", "total"].iter().chain(classes) {
                    assert_eq!(committed[*field], ours[*field], "{}: merged.json's {field}", self.dir);
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

/// The files of the record directory `dir` whose names start with `shard-` and end with
/// `suffix`, each read by `read`, as (file name, shard) sorted by `index`; a file that does not
/// read panics with its name.
fn shard_files<T>(
    dir: &str,
    suffix: &str,
    read: impl Fn(&Path) -> Result<T, String>,
    index: impl Fn(&T) -> usize,
) -> Vec<(String, T)> {
    let mut shards = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    for entry in std::fs::read_dir(&path).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("shard-") && name.ends_with(suffix) {
            let shard = read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            shards.push((name, shard));
        }
    }
    shards.sort_by_key(|(_, shard)| index(shard));
    shards
}

/// Whether `readme` (a shard directory's README.md) states how far its work is with `done` of
/// `k` shard files present: "Complete: all K shards" when all are there, else "D of K shards
/// done" and "M missing", so that the directory shows exactly what is left. `Err` names the
/// phrase that is not there.
fn check_state(readme: &str, done: usize, k: usize) -> Result<(), String> {
    let state = readme.split("## State").nth(1).ok_or("no \"## State\" section")?;
    // The section's words, whatever the line breaks and the spacing of the numbers.
    let words = state.split_whitespace().collect::<Vec<_>>().join(" ");
    let phrases = if done == k {
        vec![format!("Complete: all {k} shards")]
    } else {
        vec![format!("{done} of {k} shards done"), format!("{} missing", k - done)]
    };
    match phrases.into_iter().find(|p| !words.contains(p.as_str())) {
        Some(phrase) => Err(format!("its state does not say \"{phrase}\"")),
        None => Ok(()),
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

/// The shards of the third count of n = 20 by start angle are one count; complete, their
/// merge must be the depth-first entry of the start-angle record, which must agree with the
/// two-ended one (`check_start_angle_record`).
#[test]
fn the_n20_start_angle_directory_holds_shards_of_one_count() {
    let shards = START_ANGLES_20.committed_shards();
    // A shard of the standard puzzle with the same n, K, depth and method is another count.
    let mut standard = shards[0].clone();
    standard.1.by_start_angle.clear();
    assert!(START_ANGLES_20.check_one_count(&[standard]).unwrap_err().contains("not a shard of this count"));
    if let Some(merged) = START_ANGLES_20.check() {
        let record = read_json(START_ANGLES);
        let entry = record["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| start_angle_entry(e).unwrap())
            .find(|(n, method, _)| *n == 20 && method == "depth-first")
            .expect("the merged count is in records/rotation-start-angles.json");
        assert_eq!(merged.by_start_angle, entry.2, "the merge and the record differ");
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

/// A README whose state lags behind its shard files is noticed.
#[test]
fn the_rules_notice_a_stale_state() {
    let count = &DEPTH_FIRST;
    let state = "## State\n\nOn some day: 124 of 256 shards done (shards 0..123); 132\nmissing.\n";
    assert_eq!(count.check_state(state, 124), Ok(()));
    assert!(count.check_state(state, 125).unwrap_err().contains("125 of 256 shards done"));
    let missing_wrong = state.replace("132", "131");
    assert!(count.check_state(&missing_wrong, 124).unwrap_err().contains("132 missing"));
    assert!(count.check_state(state, 256).unwrap_err().contains("Complete: all 256 shards"));
    assert!(count.check_state("Complete: all 256 shards", 256).unwrap_err().contains("State"));
    assert_eq!(count.check_state("## State\nComplete: all 256 shards are here", 256), Ok(()));
}

/// The record file of the counts by start angle.
const START_ANGLES: &str = "records/rotation-start-angles.json";
/// The methods of the start-angle record, which share no search code.
const START_ANGLE_METHODS: [&str; 3] = ["two-ended", "depth-first", "meet-in-the-middle"];
/// Entries with n up to this are counted again by `cargo test` (n = 14: about a second).
const RECOUNT_UP_TO: usize = 14;

fn read_json(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The published numbers of sequencings of Z_n for even n from 2 to 18 (OEIS A141599).
const PUBLISHED_SEQUENCINGS: [(usize, u128); 9] =
    [(2, 1), (4, 2), (6, 4), (8, 24), (10, 288), (12, 3856), (14, 89328), (16, 2755968), (18, 103653120)];

/// The numbers of sequencings of Z_n: the published ones and those kept in
/// `records/rotation-counts.json` (every method's).
fn sequencing_counts() -> BTreeMap<usize, BTreeSet<u128>> {
    let mut counts: BTreeMap<usize, BTreeSet<u128>> = BTreeMap::new();
    for (n, count) in PUBLISHED_SEQUENCINGS {
        counts.entry(n).or_default().insert(count);
    }
    for entry in read_json("records/rotation-counts.json")["entries"].as_array().expect("entries") {
        let n = entry["n"].as_u64().expect("n") as usize;
        counts
            .entry(n)
            .or_default()
            .insert(entry["count"].as_str().expect("count").parse().expect("a count"));
    }
    counts
}

/// One entry of the start-angle record: n, method and the counts by angle.
fn start_angle_entry(entry: &Value) -> Result<(usize, String, Vec<u128>), String> {
    let n = entry["n"].as_u64().ok_or_else(|| format!("no n in {entry}"))? as usize;
    let method = entry["method"].as_str().ok_or_else(|| format!("no method in {entry}"))?.to_string();
    let by_angle = entry["by_angle"]
        .as_array()
        .ok_or_else(|| format!("no by_angle in {entry}"))?
        .iter()
        .map(|c| c.as_str().and_then(|c| c.parse::<u128>().ok()).ok_or_else(|| format!("bad count {c}")))
        .collect::<Result<Vec<u128>, String>>()?;
    Ok((n, method, by_angle))
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The rules of the start-angle record that need no counting; `Err` names the first one broken.
fn check_start_angle_record(
    record: &Value,
    sequencings: &BTreeMap<usize, BTreeSet<u128>>,
) -> Result<(), String> {
    let entries = record["entries"].as_array().ok_or("no entries")?;
    if entries.is_empty() {
        return Err("no entries".into());
    }
    let mut by_n: BTreeMap<usize, BTreeMap<String, Vec<u128>>> = BTreeMap::new();
    for entry in entries {
        let (n, method, by_angle) = start_angle_entry(entry)?;
        if !START_ANGLE_METHODS.contains(&method.as_str()) {
            return Err(format!("n = {n}: unknown method {method}"));
        }
        if by_angle.len() != n {
            return Err(format!("n = {n}, {method}: {} angles", by_angle.len()));
        }
        // Angle 0 has no solution, every other angle has one, and a unit of Z_n maps angle a
        // onto every angle with the same gcd(a, n) (it fixes n/2), so those counts are equal.
        for (a, &count) in by_angle.iter().enumerate() {
            if (count > 0) != (a != 0) {
                return Err(format!("n = {n}, {method}: angle {a} has {count} solutions"));
            }
            if count != by_angle[gcd(a, n) % n] {
                return Err(format!("n = {n}, {method}: angles {a} and {} differ", gcd(a, n)));
            }
        }
        // Angle n/2 is the seed's puzzle: the sequencings of Z_n.
        let known = sequencings.get(&n).ok_or_else(|| format!("n = {n}: no count of sequencings"))?;
        if !known.contains(&by_angle[n / 2]) {
            return Err(format!(
                "n = {n}, {method}: angle n/2 has {}, sequencings {known:?}",
                by_angle[n / 2]
            ));
        }
        if by_n.entry(n).or_default().insert(method.clone(), by_angle).is_some() {
            return Err(format!("n = {n}, {method}: twice"));
        }
    }
    let listed: BTreeSet<u64> = record["unconfirmed"]
        .as_array()
        .ok_or("no unconfirmed list")?
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    for (n, counts) in &by_n {
        let lists: Vec<&Vec<u128>> = counts.values().collect();
        if lists.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!("n = {n}: the methods disagree"));
        }
        if (lists.len() < 2) != listed.contains(&(*n as u64)) {
            return Err(format!(
                "n = {n}: counted by {} method(s), unconfirmed list says otherwise",
                lists.len()
            ));
        }
    }
    if let Some(n) = listed.iter().find(|&&n| !by_n.contains_key(&(n as usize))) {
        return Err(format!("n = {n} is listed as unconfirmed but has no entry"));
    }
    Ok(())
}

#[test]
fn start_angle_counts_are_consistent_and_the_small_ones_count_again() {
    let record = read_json(START_ANGLES);
    check_start_angle_record(&record, &sequencing_counts()).unwrap_or_else(|e| panic!("{START_ANGLES}: {e}"));
    let mut recounted = 0;
    for entry in record["entries"].as_array().unwrap() {
        let (n, method, by_angle) = start_angle_entry(entry).unwrap();
        if n > RECOUNT_UP_TO {
            continue;
        }
        let again = match method.as_str() {
            "meet-in-the-middle" => count_start_angles_meet_in_middle(n, 1 << 30, None).unwrap().by_angle,
            _ => {
                let kernel =
                    if method == "two-ended" { CountMethod::TwoEnded } else { CountMethod::OneEnded };
                let options = CountOptions { method: kernel, ..CountOptions::default() };
                count_start_angles(n, &options, None).unwrap().by_angle
            }
        };
        assert_eq!(again, by_angle, "n = {n}, {method}");
        recounted += 1;
    }
    assert!(recounted >= 15, "only {recounted} entries counted again");
}

/// The rules above can fail.
#[test]
fn the_start_angle_rules_notice_an_edit() {
    let record = read_json(START_ANGLES);
    let sequencings = sequencing_counts();
    let edited = |edit: &dyn Fn(&mut Value)| {
        let mut copy = record.clone();
        edit(&mut copy);
        check_start_angle_record(&copy, &sequencings).unwrap_err()
    };
    // The last entry of the largest confirmed n (n = 18): change one angle's count and its unit
    // images alike, so only the comparison of the methods sees it.
    let last = record["entries"].as_array().unwrap().iter().rposition(|e| e["n"] == 18).unwrap();
    let bump = |copy: &mut Value, angles: &[usize]| {
        for &a in angles {
            let c: u128 = copy["entries"][last]["by_angle"][a].as_str().unwrap().parse().unwrap();
            copy["entries"][last]["by_angle"][a] = Value::String((c + 1).to_string());
        }
    };
    let units_of_18 = [1, 5, 7, 11, 13, 17];
    assert!(edited(&|c| bump(c, &units_of_18)).contains("disagree"));
    assert!(edited(&|c| bump(c, &[1])).contains("differ"));
    assert!(edited(&|c| bump(c, &[9])).contains("sequencings"));
    assert!(edited(&|c| c["entries"][last]["by_angle"][0] = Value::String("1".into())).contains("angle 0"));
    // n = 18 left with one method is unconfirmed.
    assert!(
        edited(&|c| {
            let first = c["entries"].as_array().unwrap().iter().position(|e| e["n"] == 18).unwrap();
            let mut index = 0;
            c["entries"].as_array_mut().unwrap().retain(|e| {
                index += 1;
                e["n"] != 18 || index - 1 == first
            });
        })
        .contains("unconfirmed")
    );
    assert!(
        edited(&|c| c["entries"][last]["method"] = Value::String("guessed".into()))
            .contains("unknown method")
    );
    assert!(edited(&|c| c["unconfirmed"] = serde_json::json!([18])).contains("unconfirmed"));
    assert!(edited(&|c| c["unconfirmed"].as_array_mut().unwrap().push(24.into())).contains("no entry"));
    assert!(edited(&|c| c["entries"][last]["method"] = Value::String("two-ended".into())).contains("twice"));
    assert!(edited(&|c| c["entries"] = serde_json::json!([])).contains("no entries"));
}

/// A Cram board valued over several sessions in shards cut at its first moves
/// (`scripts/cram-shards.sh`, one distinct first move per shard): where its files are and what
/// they must share.
struct CramShards {
    dir: &'static str,
    rows: usize,
    cols: usize,
    /// K, the number of shards.
    shards: usize,
    /// What every first move is asked.
    question: ShardQuestion,
    /// The published nimber.
    published: u32,
}

/// 5 x 11 (published nimber 0: Uiterwijk 2019, and the table of Beling's igs): each of its 27
/// distinct first moves asked only "is your value 0?" (cap 1), one per shard.
const CRAM_5X11: CramShards = CramShards {
    dir: "records/cram-5x11",
    rows: 5,
    cols: 11,
    shards: 27,
    question: ShardQuestion::Below(1),
    published: 0,
};

/// 7 x 8 (published nimber 3: Uiterwijk 2019, and the table of Beling's igs): each of its 28
/// distinct first moves asked only "is your value 3?", one per shard; the values below 3 that
/// the shards find on the way are the witnesses the merge needs.
const CRAM_7X8: CramShards = CramShards {
    dir: "records/cram-7x8",
    rows: 7,
    cols: 8,
    shards: 28,
    question: ShardQuestion::Only(3),
    published: 3,
};

impl CramShards {
    fn path(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(self.dir)
    }

    /// The name the shards carry (`games cram` names them so).
    fn position(&self) -> String {
        format!("cram {} x {}", self.rows, self.cols)
    }

    /// The shard files in the directory, as (file name, shard), sorted by shard index.
    /// (The table files a run of the script leaves beside them are not shards.)
    fn committed_shards(&self) -> Vec<(String, RootShard)> {
        let read = |path: &Path| {
            let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
            serde_json::from_str(&text).map_err(|e| e.to_string())
        };
        shard_files(self.dir, ".json", read, |shard: &RootShard| shard.index)
    }

    /// The rules of this directory: every file a finished shard of this board's search, under
    /// the file name of its index, each once. `Err` names the first one broken.
    fn check_shards(&self, shards: &[(String, RootShard)]) -> Result<(), String> {
        let first = &shards.first().ok_or("no shard files")?.1;
        let mut indices = BTreeSet::new();
        for (name, shard) in shards {
            if *name != format!("shard-{}-of-{}.json", shard.index, self.shards) {
                return Err(format!("{name} holds shard {}/{}", shard.index, shard.count));
            }
            let same = (shard.position.as_str(), shard.count, shard.question(), shard.tasks)
                == (self.position().as_str(), self.shards, self.question, first.tasks);
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
            // A shard of no nodes is finished too when the game settled its first move by a
            // theorem (7 x 8's central domino leaves a board the second player wins by symmetry).
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

    /// The CPU seconds the committed shards took, from `times` (the directory's times.tsv: a
    /// line per run of a shard, `shard  wall_s  cpu_s  peak_kib  date`, the runs of a shard
    /// added up). `Err` when a committed shard has no run, or none that took time although its
    /// search expanded positions (a run that only reported a finished shard takes 0 s).
    fn cpu_seconds(&self, times: &str, shards: &[(String, RootShard)]) -> Result<f64, String> {
        let mut per_shard: BTreeMap<usize, f64> = BTreeMap::new();
        for line in times.lines().skip(1) {
            let fields: Vec<&str> = line.split('\t').collect();
            let (Some(shard), Some(cpu)) = (fields.first(), fields.get(2)) else {
                return Err(format!("times.tsv: no CPU seconds in {line:?}"));
            };
            let index = shard.split('/').next().and_then(|i| i.parse().ok());
            let cpu = cpu.parse::<f64>().ok();
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

    /// Checks the directory; the merge and the shards' CPU seconds once all shards are there.
    /// A directory whose search has begun but has no finished shard yet holds its README (the
    /// State: 0 done) and the runs so far in times.tsv, which must read.
    fn check(&self) -> Option<(RootMerge, f64)> {
        let shards = self.committed_shards();
        if !shards.is_empty() {
            self.check_shards(&shards).unwrap_or_else(|e| panic!("{}: {e}", self.dir));
        }
        let read = |file: &str| {
            std::fs::read_to_string(self.path().join(file))
                .unwrap_or_else(|e| panic!("{}/{file}: {e}", self.dir))
        };
        check_state(&read("README.md"), shards.len(), self.shards)
            .unwrap_or_else(|e| panic!("{}/README.md: {e}", self.dir));
        let cpu =
            self.cpu_seconds(&read("times.tsv"), &shards).unwrap_or_else(|e| panic!("{}: {e}", self.dir));
        let list: Vec<RootShard> = shards.into_iter().map(|(_, shard)| shard).collect();
        if list.is_empty() {
            return None;
        }
        match merge_root_shards(&list) {
            Ok(merged) => Some((merged, cpu)),
            Err(e) => {
                assert!(list.len() < self.shards, "{}: all shards are here but do not merge: {e}", self.dir);
                assert!(e.to_string().contains("missing"), "only missing shards may stop the merge: {e}");
                None
            }
        }
    }
}

/// The board's entry in records/cram.json, if any.
fn cram_record_entry(rows: usize, cols: usize) -> Option<Value> {
    let record = read_json("records/cram.json");
    record["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|b| b["rows"] == rows && b["cols"] == cols)
        .cloned()
}

/// A board's shards are one search; complete, their merge is the published nimber and the one
/// records/cram.json keeps, with the shards' CPU seconds; until then the record has no such
/// board.
fn check_cram_shards_against_the_record(board: &CramShards) {
    let (rows, cols) = (board.rows, board.cols);
    let entry = cram_record_entry(rows, cols);
    match board.check() {
        Some((merged, cpu)) => {
            assert_eq!(
                merged.nimber, board.published,
                "{rows} x {cols}: the shards and the published table differ"
            );
            let entry = entry.expect("a complete search is in records/cram.json");
            assert_eq!(entry["nimber"], merged.nimber, "records/cram.json's nimber of {rows} x {cols}");
            assert_eq!(entry["nodes"], merged.nodes, "records/cram.json's nodes of {rows} x {cols}");
            let seconds = entry["seconds"].as_f64().expect("seconds");
            assert!((seconds - cpu).abs() < 0.01, "records/cram.json says {seconds} s, times.tsv {cpu} s");
        }
        None => {
            assert!(entry.is_none(), "records/cram.json has {rows} x {cols} before its shards are complete")
        }
    }
}

#[test]
fn the_cram_5x11_directory_holds_shards_of_one_search() {
    check_cram_shards_against_the_record(&CRAM_5X11);
}

#[test]
fn the_cram_7x8_directory_holds_shards_of_one_search() {
    check_cram_shards_against_the_record(&CRAM_7X8);
}

/// The rules of the Cram shard directories can fail.
#[test]
fn the_cram_shard_rules_notice_a_foreign_repeated_or_unfinished_shard() {
    let board = &CRAM_5X11;
    let shards = board.committed_shards();
    let first = shards[0].clone();
    assert!(board.check_shards(&[]).is_err());
    assert_eq!(board.check_shards(std::slice::from_ref(&first)), Ok(()));
    assert!(board.check_shards(&[first.clone(), first.clone()]).unwrap_err().contains("twice"));

    let mut renamed = first.clone();
    renamed.0 = "shard-26-of-28.json".into();
    assert!(board.check_shards(&[renamed]).unwrap_err().contains("holds shard"));
    for change in 0..4 {
        let mut other = first.clone();
        match change {
            0 => other.1.position = "cram 11 x 5".into(),
            1 => other.1.cap = Some(2),
            2 => other.1.only = Some(0),
            _ => other.1.cap = None,
        }
        assert!(board.check_shards(&[other]).unwrap_err().contains("not a shard of this search"));
    }
    let mut unfinished = first.clone();
    unfinished.1.values.clear();
    assert!(board.check_shards(&[unfinished]).unwrap_err().contains("not finished"));

    let index = first.1.index;
    let times =
        format!("shard\twall_s\tcpu_s\tpeak_kib\tdate\n{index}/27\t10\t7.5\t1\td\n{index}/27\t1\t0\t1\td\n");
    assert_eq!(board.cpu_seconds(&times, std::slice::from_ref(&first)), Ok(7.5));
    let only_reported = format!("shard\twall_s\tcpu_s\tpeak_kib\tdate\n{index}/27\t0.01\t0\t1\td\n");
    assert!(board.cpu_seconds(&only_reported, std::slice::from_ref(&first)).unwrap_err().contains("no run"));
    let mut settled = first.clone();
    settled.1.nodes = 0;
    assert_eq!(board.cpu_seconds(&only_reported, std::slice::from_ref(&settled)), Ok(0.0));
    let no_line = "shard\twall_s\tcpu_s\tpeak_kib\tdate\n";
    assert!(board.cpu_seconds(no_line, std::slice::from_ref(&settled)).unwrap_err().contains("no run"));
    assert!(board.cpu_seconds("shard\n0/27 broken\n", std::slice::from_ref(&first)).is_err());
}
