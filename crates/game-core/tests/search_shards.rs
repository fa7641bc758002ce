//! A root cut into shards: merged, the shards give the explicit graph's value; shards that are
//! not the shards of one search are refused with a typed error.

use game_core::search::{RootShard, RootShardError, Search, SearchLimits, ShardCut, merge_root_shards};
use game_core::{Game, explore, grundy_values};
use proptest::prelude::*;

/// Lasker's Nim (take any counters from a heap, or split a heap in two), heaps as components.
struct Lasker;
impl Game for Lasker {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = || heaps.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &x)| x);
            let sorted = |v: Vec<u64>| {
                let mut v: Vec<u64> = v.into_iter().filter(|&x| x > 0).collect();
                v.sort_unstable();
                v
            };
            out.extend((0..h).map(|left| sorted(rest().chain([left]).collect())));
            out.extend((1..=h / 2).map(|a| sorted(rest().chain([a, h - a]).collect())));
        }
        out
    }
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

fn shards(position: &Vec<u64>, count: usize, cap: Option<u32>) -> Vec<RootShard> {
    (0..count)
        .map(|index| {
            let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
            search.root_shard(position, "lasker", (index, count), cap).unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn merged_shards_give_the_graph_value(
        heaps in proptest::collection::vec(0u64..=6, 0..=3),
        count in 1usize..=6,
        cap in 1u32..=12,
    ) {
        let mut position: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        position.sort_unstable();
        let graph = explore(&Lasker, [position.clone()], 1_000_000).unwrap();
        let values = grundy_values(&graph.graph).unwrap();
        let expected = values[graph.node(&position).unwrap().index()];
        let mut parts = shards(&position, count, None);
        parts.reverse(); // any order
        let merged = merge_root_shards(&parts).unwrap();
        prop_assert_eq!(merged.nimber, expected);
        prop_assert_eq!(merged.count, count);
        prop_assert_eq!(merged.values.len(), parts[0].tasks);
        // Every task's value is the graph value of an option: the mex of the options' values.
        let options: std::collections::HashSet<u32> = Lasker
            .moves(&position)
            .iter()
            .map(|o| values[graph.node(o).unwrap().index()])
            .collect();
        let tasks: std::collections::HashSet<u32> = merged.values.iter().map(|v| v.unwrap()).collect();
        prop_assert_eq!(&tasks, &options);
        // Capped: the values below the cap are exact, the others marked; the merge answers
        // exactly when the nimber is below the cap.
        let capped = merge_root_shards(&shards(&position, count, Some(cap)));
        if expected < cap {
            let merged = capped.unwrap();
            prop_assert_eq!(merged.nimber, expected);
            let below: std::collections::HashSet<u32> = options.iter().copied().filter(|&v| v < cap).collect();
            let kept: std::collections::HashSet<u32> = merged.values.iter().flatten().copied().collect();
            prop_assert_eq!(kept, below);
        } else {
            prop_assert_eq!(capped.unwrap_err(), RootShardError::CapTooLow { cap });
        }
    }
}

#[test]
fn tasks_are_distinct_options_with_equal_parts_cancelled() {
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    // Heap 4: options 0, 1, 2, 3 (taking) and 1+3, 2+2 (splitting); 2+2 cancels to the empty
    // sum, the same task as taking all four. Parts come in the game's order.
    let tasks = search.root_tasks(&vec![4]);
    assert_eq!(tasks, vec![vec![], vec![vec![1]], vec![vec![2]], vec![vec![3]], vec![vec![1], vec![3]]]);
    assert_eq!(search.stats().pairs_cancelled, 1);
    // Heaps 1 and 1: taking either heap leaves the same task.
    assert_eq!(search.root_tasks(&vec![1, 1]), vec![vec![vec![1]]]);
}

#[test]
fn a_shard_counts_only_its_own_nodes_and_the_merge_adds_them() {
    let position = vec![9, 12];
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    search.nimber(&vec![7, 10]).unwrap(); // earlier work of the same solver
    let before = search.stats().nodes;
    assert!(before > 0);
    let shard = search.root_shard(&position, "lasker", (0, 1), None).unwrap();
    assert!(shard.nodes > 0);
    assert_eq!(shard.nodes, search.stats().nodes - before);
    let two = shards(&position, 2, None);
    let merged = merge_root_shards(&two).unwrap();
    assert_eq!(merged.nodes, two[0].nodes + two[1].nodes);
}

#[test]
fn shards_that_do_not_fit_together_are_refused() {
    let position = vec![5, 6];
    let three = shards(&position, 3, None);
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    assert_eq!(
        search.root_shard(&position, "lasker", (3, 3), None).unwrap_err(),
        RootShardError::BadShard { index: 3, count: 3 }
    );
    assert_eq!(
        search.root_shard(&position, "lasker", (0, 0), None).unwrap_err(),
        RootShardError::BadShard { index: 0, count: 0 }
    );
    assert_eq!(merge_root_shards(&[]).unwrap_err(), RootShardError::Empty);
    assert_eq!(merge_root_shards(&three[..2]).unwrap_err(), RootShardError::Missing { index: 2, count: 3 });
    let twice = [three[0].clone(), three[1].clone(), three[1].clone()];
    assert_eq!(merge_root_shards(&twice).unwrap_err(), RootShardError::Duplicate { index: 1, count: 3 });
    let mut renamed = three.clone();
    renamed[2].position = "other".into();
    assert!(matches!(merge_root_shards(&renamed).unwrap_err(), RootShardError::Mismatch { .. }));
    let mut recut = three.clone();
    recut[1].count = 4;
    assert!(matches!(merge_root_shards(&recut).unwrap_err(), RootShardError::Mismatch { .. }));
    assert_eq!(search.root_shard(&position, "lasker", (0, 3), Some(0)).unwrap_err(), RootShardError::ZeroCap);
    let mut capped = three.clone();
    capped[0].cap = Some(5);
    assert!(matches!(merge_root_shards(&capped).unwrap_err(), RootShardError::Mismatch { .. }));
    let mut far = three.clone();
    far[2].index = 7;
    assert_eq!(merge_root_shards(&far).unwrap_err(), RootShardError::BadShard { index: 7, count: 3 });
    // A shard stopped part of the way (its last task not valued yet) is unfinished; edited
    // files: a task dropped from the middle, a task added, a task moved to another shard.
    let mut stopped = three.clone();
    stopped[1].values.pop();
    assert!(!stopped[1].is_complete() && three[1].is_complete());
    let of = three[1].values.len();
    assert_eq!(
        merge_root_shards(&stopped).unwrap_err(),
        RootShardError::Unfinished { index: 1, count: 3, valued: of - 1, of }
    );
    let mut dropped = three.clone();
    let lost = dropped[1].values.remove(1).0;
    assert_eq!(
        merge_root_shards(&dropped).unwrap_err(),
        RootShardError::WrongTasks { index: 1, count: 3, task: lost }
    );
    let mut added = three.clone();
    let extra = three[1].values.last().unwrap().0 + 3;
    added[1].values.push((extra, Some(0)));
    assert_eq!(
        merge_root_shards(&added).unwrap_err(),
        RootShardError::WrongTasks { index: 1, count: 3, task: extra }
    );
    let mut moved = three.clone();
    moved[0].values[0].0 = 1;
    assert_eq!(
        merge_root_shards(&moved).unwrap_err(),
        RootShardError::WrongTasks { index: 0, count: 3, task: 0 }
    );
    // A file claiming an absurd number of tasks is refused before anything that size is
    // allocated.
    let mut absurd = three.clone();
    for shard in &mut absurd {
        shard.tasks = usize::MAX / 2;
    }
    assert!(matches!(merge_root_shards(&absurd).unwrap_err(), RootShardError::Unfinished { index: 0, .. }));
    // Untouched, they merge, and serde round-trips a shard.
    assert!(merge_root_shards(&three).is_ok());
    let text = serde_json::to_string(&three[0]).unwrap();
    assert_eq!(serde_json::from_str::<RootShard>(&text).unwrap(), three[0]);
}

/// A shard stopped after each task and resumed from what it had saved gives the shard of one
/// sitting; its nodes are those of all its sittings; `after_task` sees every task as it is
/// valued.
#[test]
fn a_shard_resumed_task_by_task_is_the_shard_of_one_sitting() {
    let position = vec![6, 9];
    for cap in [None, Some(3)] {
        let mut whole_search = Search::new(&Lasker, SearchLimits::default()).unwrap();
        let whole = whole_search.root_shard(&position, "lasker", (1, 2), cap).unwrap();
        assert!(whole.values.len() >= 3, "too few tasks to test: {whole:?}");
        // Each sitting values one task in a fresh search, whose `after_task` then stops it
        // with an error: the shard it saw is what the next sitting resumes from.
        let (mut saved, mut sittings, mut nodes) = (None::<RootShard>, 0, 0);
        let resumed = loop {
            let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
            let mut seen = None;
            let result = search.resume_root_shard(&position, "lasker", (1, 2), cap, saved.clone(), |shard| {
                seen = Some(shard.clone());
                Err(String::from("disk full"))
            });
            sittings += 1;
            nodes += search.stats().nodes;
            match result {
                Ok(shard) => {
                    assert!(seen.is_none(), "a finished shard values nothing more");
                    break shard;
                }
                Err(error) => {
                    assert_eq!(error, RootShardError::SaveFailed { message: String::from("disk full") });
                    let shard = seen.expect("a failed save follows a task");
                    assert_eq!(shard.values.len(), saved.as_ref().map_or(0, |s| s.values.len()) + 1);
                    assert_eq!(shard.values[..], whole.values[..shard.values.len()]);
                    assert!(!shard.is_complete() || shard.values.len() == whole.values.len());
                    saved = Some(shard);
                }
            }
        };
        assert_eq!(sittings, whole.values.len() + 1);
        assert!(resumed.is_complete());
        assert_eq!(Some(&resumed), saved.as_ref());
        assert_eq!(resumed.values, whole.values);
        assert_eq!(resumed.nodes, nodes);
        // One search kept its table from task to task: fewer nodes than fresh searches.
        assert!(0 < whole.nodes && whole.nodes < resumed.nodes, "{} {}", whole.nodes, resumed.nodes);
        let mut again = Search::new(&Lasker, SearchLimits::default()).unwrap();
        let other = again.root_shard(&position, "lasker", (0, 2), cap).unwrap();
        let (a, b) = (merge_root_shards(&[other.clone(), resumed]), merge_root_shards(&[other, whole]));
        assert_eq!(a.map(|m| (m.nimber, m.values)), b.map(|m| (m.nimber, m.values)));
    }
}

/// A shard resumes only from its own earlier self: another name, root, count, cap or index is
/// a mismatch, and values that are not those of its first tasks are refused.
#[test]
fn a_shard_resumes_only_from_itself() {
    let position = vec![5, 7];
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    let mine = search.root_shard(&position, "lasker", (0, 2), None).unwrap();
    let resume = |earlier: RootShard| {
        let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
        search.resume_root_shard(&position, "lasker", (0, 2), None, Some(earlier), |_| Ok(()))
    };
    // Finished: given back as it was, nothing searched.
    assert_eq!(resume(mine.clone()).unwrap(), mine);
    let edits: [fn(&mut RootShard); 5] = [
        |s| s.position = String::from("other"),
        |s| s.tasks += 1,
        |s| s.count = 3,
        |s| s.cap = Some(4),
        |s| s.index = 1,
    ];
    for edit in edits {
        let mut other = mine.clone();
        edit(&mut other);
        assert!(matches!(resume(other).unwrap_err(), RootShardError::Mismatch { .. }));
    }
    let mut renamed = mine.clone();
    renamed.position = String::from("other");
    renamed.cap = Some(4);
    let tasks = mine.tasks;
    assert_eq!(
        resume(renamed).unwrap_err().to_string(),
        format!(
            "shards of different searches: \"lasker\" ({tasks} tasks, 2 shards, no cap) shard 0/2 and \"other\" ({tasks} tasks, 2 shards, cap 4) shard 0/2"
        )
    );
    let mut skipped = mine.clone();
    let task = skipped.values.remove(0).0;
    assert_eq!(resume(skipped).unwrap_err(), RootShardError::WrongTasks { index: 0, count: 2, task });
    let mut foreign = mine.clone();
    foreign.values.truncate(1);
    foreign.values.push((3, Some(0)));
    assert_eq!(resume(foreign).unwrap_err(), RootShardError::WrongTasks { index: 0, count: 2, task: 2 });
    // The cut alone, as a caller checks it before costly work.
    assert_eq!(mine.cut(), ShardCut { index: 0, count: 2, cap: None });
    assert_eq!(mine.cut().to_string(), "shard 0/2 (no cap)");
    assert_eq!(ShardCut { index: 1, count: 3, cap: Some(4) }.to_string(), "shard 1/3 (cap 4)");
    // Stopped after its first task, it values the rest.
    let mut started = mine.clone();
    started.values.truncate(1);
    let finished = resume(started).unwrap();
    assert_eq!(finished.values, mine.values);
}
