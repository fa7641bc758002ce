//! A root cut into shards: merged, the shards give the explicit graph's value; shards that are
//! not the shards of one search are refused with a typed error.

use game_core::search::{Search, SearchLimits};
use game_core::{Game, SearchGame, explore, grundy_values};
use game_search_runs::{RootShard, RootShardError, RootShards, ShardCut, ShardQuestion, merge_root_shards};
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
}

impl SearchGame for Lasker {
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

fn shards(position: &Vec<u64>, count: usize, question: ShardQuestion) -> Vec<RootShard> {
    (0..count)
        .map(|index| {
            let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
            search.root_shard(position, "lasker", (index, count), question).unwrap()
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
        let mut parts = shards(&position, count, ShardQuestion::Value);
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
        // exactly when the nimber is below the cap, or every option's value is.
        let capped = merge_root_shards(&shards(&position, count, ShardQuestion::Below(cap)));
        if expected < cap || options.iter().all(|&v| v < cap) {
            let merged = capped.unwrap();
            prop_assert_eq!(merged.nimber, expected);
            let below: std::collections::HashSet<u32> = options.iter().copied().filter(|&v| v < cap).collect();
            let kept: std::collections::HashSet<u32> = merged.values.iter().flatten().copied().collect();
            prop_assert_eq!(kept, below);
        } else {
            prop_assert_eq!(capped.unwrap_err(), RootShardError::CapTooLow { cap });
        }
        // Asking every task only about the nimber, with the values below it from a cap,
        // settles it; asked alone, it settles it or says which value is left open.
        let only = shards(&position, count, ShardQuestion::Only(expected));
        match merge_root_shards(&only) {
            Ok(merged) => prop_assert_eq!(merged.nimber, expected),
            Err(RootShardError::Undetermined { value, .. }) => prop_assert!(value < expected),
            Err(other) => prop_assert!(false, "{other}"),
        }
        let mut settled = only;
        if expected > 0 {
            settled.extend(shards(&position, count.div_ceil(2), ShardQuestion::Below(expected)));
        }
        prop_assert_eq!(merge_root_shards(&settled).unwrap().nimber, expected);
    }

    /// Shards of any cuts and questions, some of them left out, merge to the graph's value or
    /// say what is missing; they never contradict each other.
    #[test]
    fn shards_of_mixed_cuts_merge_to_the_graph_value_or_say_what_is_missing(
        heaps in proptest::collection::vec(0u64..=6, 0..=3),
        cuts in proptest::collection::vec((1usize..=4, 0u8..=3, 0u32..=6), 1..=3),
        kept in proptest::collection::vec(any::<bool>(), 12),
    ) {
        let mut position: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        position.sort_unstable();
        let graph = explore(&Lasker, [position.clone()], 1_000_000).unwrap();
        let values = grundy_values(&graph.graph).unwrap();
        let expected = values[graph.node(&position).unwrap().index()];
        let mut all = Vec::new();
        let mut asked = std::collections::HashSet::new();
        for (count, kind, value) in cuts {
            let question = match kind {
                0 => ShardQuestion::Value,
                1 => ShardQuestion::Below(value.max(1)),
                2 => ShardQuestion::Only(value),
                _ => ShardQuestion::Only(expected),
            };
            if !asked.insert((count, question)) {
                continue; // the same cut twice would be refused as a repeated shard
            }
            all.extend(shards(&position, count, question));
        }
        let picked: Vec<RootShard> =
            all.into_iter().zip(kept.into_iter().cycle()).filter(|(_, keep)| *keep).map(|(s, _)| s).collect();
        prop_assume!(!picked.is_empty());
        match merge_root_shards(&picked) {
            Ok(merged) => prop_assert_eq!(merged.nimber, expected),
            Err(
                RootShardError::Missing { .. }
                | RootShardError::Unfinished { .. }
                | RootShardError::CapTooLow { .. }
                | RootShardError::Undetermined { .. },
            ) => {}
            Err(other) => prop_assert!(false, "{other}"),
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
    let shard = search.root_shard(&position, "lasker", (0, 1), ShardQuestion::Value).unwrap();
    assert!(shard.nodes > 0);
    assert_eq!(shard.nodes, search.stats().nodes - before);
    let two = shards(&position, 2, ShardQuestion::Value);
    let merged = merge_root_shards(&two).unwrap();
    assert_eq!(merged.nodes, two[0].nodes + two[1].nodes);
}

#[test]
fn shards_that_do_not_fit_together_are_refused() {
    let position = vec![5, 6];
    let three = shards(&position, 3, ShardQuestion::Value);
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    assert_eq!(
        search.root_shard(&position, "lasker", (3, 3), ShardQuestion::Value).unwrap_err(),
        RootShardError::BadShard { index: 3, count: 3 }
    );
    assert_eq!(
        search.root_shard(&position, "lasker", (0, 0), ShardQuestion::Value).unwrap_err(),
        RootShardError::BadShard { index: 0, count: 0 }
    );
    assert_eq!(merge_root_shards(&[]).unwrap_err(), RootShardError::Empty);
    assert_eq!(merge_root_shards(&three[..2]).unwrap_err(), RootShardError::Missing { index: 2, count: 3 });
    let twice = [three[0].clone(), three[1].clone(), three[1].clone()];
    assert_eq!(merge_root_shards(&twice).unwrap_err(), RootShardError::Duplicate { index: 1, count: 3 });
    let mut renamed = three.clone();
    renamed[2].position = "other".into();
    assert!(matches!(merge_root_shards(&renamed).unwrap_err(), RootShardError::Mismatch { .. }));
    // Cut otherwise, a shard must hold the tasks of its own cut.
    let mut recut = three.clone();
    recut[1].count = 4;
    assert!(matches!(
        merge_root_shards(&recut).unwrap_err(),
        RootShardError::WrongTasks { index: 1, count: 4, .. }
    ));
    assert_eq!(
        search.root_shard(&position, "lasker", (0, 3), ShardQuestion::Below(0)).unwrap_err(),
        RootShardError::ZeroCap
    );
    // A shard of another cut stands in for a missing one (what it says is as true), but two
    // shards may not contradict each other.
    let nimber = merge_root_shards(&three).unwrap().nimber;
    let mut recapped = three.clone();
    recapped[0].cap = Some(u32::MAX);
    assert_eq!(merge_root_shards(&recapped).unwrap().nimber, nimber);
    assert_eq!(
        merge_root_shards(&recapped[..1]).unwrap_err(),
        RootShardError::Missing { index: 1, count: 3 }
    );
    let mut liar = three[0].clone();
    liar.only = Some(u32::MAX);
    let (task, value) = liar.values[0];
    liar.values[0].1 = value.map(|v| v + 1);
    let told = [three.clone(), vec![liar]].concat();
    assert_eq!(merge_root_shards(&told).unwrap_err(), RootShardError::Disagree { task });
    // Nor may one say that a task lacks the value another gives it, or that it is at least a
    // cap above that value.
    for (cap, only) in [(None, value), (value.map(|v| v + 1), None)] {
        let mut liar = three[0].clone();
        (liar.cap, liar.only) = (cap, only);
        liar.values.truncate(1); // a shard stopped after its first task
        liar.values[0].1 = None;
        let told = [three.clone(), vec![liar.clone()]].concat();
        assert_eq!(merge_root_shards(&told).unwrap_err(), RootShardError::Disagree { task }, "{liar:?}");
    }
    // Values a shard's question cannot give: none for a full value, one at least the cap;
    // a file naming both a cap and one value.
    let first_task = three[0].values[0].0;
    let mut unvalued = three.clone();
    unvalued[0].values[0].1 = None;
    assert_eq!(
        merge_root_shards(&unvalued).unwrap_err(),
        RootShardError::WrongTasks { index: 0, count: 3, task: first_task }
    );
    let mut over = three.clone();
    let large = over[0].values.iter().position(|&(_, v)| v > Some(0)).expect("a task of value above 0");
    over[0].cap = Some(over[0].values[large].1.unwrap());
    assert_eq!(
        merge_root_shards(&over).unwrap_err(),
        RootShardError::WrongTasks { index: 0, count: 3, task: over[0].values[large].0 }
    );
    let mut both = three.clone();
    (both[0].cap, both[0].only) = (Some(u32::MAX), Some(1));
    assert_eq!(both[0].question(), ShardQuestion::Only(1));
    assert_eq!(
        merge_root_shards(&both).unwrap_err(),
        RootShardError::WrongTasks { index: 0, count: 3, task: first_task }
    );
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

/// Whether two runs of a shard asking `question` say the same of the same tasks. Asked only
/// one value, a run gives the values below it that its search settled, which depends on what
/// its table held: the two may differ there, but never contradict each other.
fn same_facts(question: ShardQuestion, a: &[(usize, Option<u32>)], b: &[(usize, Option<u32>)]) -> bool {
    let ShardQuestion::Only(asked) = question else { return a == b };
    a.len() == b.len()
        && a.iter().zip(b).all(|(&(s, x), &(t, y))| {
            s == t
                && match (x, y) {
                    (Some(x), Some(y)) => x == y,
                    (Some(v), None) | (None, Some(v)) => v != asked,
                    (None, None) => true,
                }
        })
}

/// A shard stopped after each task and resumed from what it had saved gives the shard of one
/// sitting (up to what [`same_facts`] allows); its nodes are those of all its sittings;
/// `after_task` sees every task as it is valued.
#[test]
fn a_shard_resumed_task_by_task_is_the_shard_of_one_sitting() {
    let position = vec![6, 9];
    for cap in [ShardQuestion::Value, ShardQuestion::Below(3), ShardQuestion::Only(2), ShardQuestion::Only(7)]
    {
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
                    assert!(same_facts(cap, &shard.values, &whole.values[..shard.values.len()]), "{cap}");
                    assert!(!shard.is_complete() || shard.values.len() == whole.values.len());
                    saved = Some(shard);
                }
            }
        };
        assert_eq!(sittings, whole.values.len() + 1);
        assert!(resumed.is_complete());
        assert_eq!(Some(&resumed), saved.as_ref());
        assert!(same_facts(cap, &resumed.values, &whole.values), "{cap}: {resumed:?} {whole:?}");
        assert_eq!(resumed.nodes, nodes);
        // One search kept its table from task to task: fewer nodes than fresh searches.
        assert!(0 < whole.nodes && whole.nodes < resumed.nodes, "{} {}", whole.nodes, resumed.nodes);
        let mut again = Search::new(&Lasker, SearchLimits::default()).unwrap();
        let other = again.root_shard(&position, "lasker", (0, 2), cap).unwrap();
        let (a, b) = (merge_root_shards(&[other.clone(), resumed]), merge_root_shards(&[other, whole]));
        match cap {
            ShardQuestion::Only(_) => {
                if let (Ok(a), Ok(b)) = (a, b) {
                    assert_eq!(a.nimber, b.nimber);
                }
            }
            _ => assert_eq!(a.map(|m| (m.nimber, m.values)), b.map(|m| (m.nimber, m.values))),
        }
    }
}

/// A shard resumes only from its own earlier self: another name, root, count, cap or index is
/// a mismatch, and values that are not those of its first tasks are refused.
#[test]
fn a_shard_resumes_only_from_itself() {
    let position = vec![5, 7];
    let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
    let mine = search.root_shard(&position, "lasker", (0, 2), ShardQuestion::Value).unwrap();
    let resume = |earlier: RootShard| {
        let mut search = Search::new(&Lasker, SearchLimits::default()).unwrap();
        search.resume_root_shard(&position, "lasker", (0, 2), ShardQuestion::Value, Some(earlier), |_| Ok(()))
    };
    // Finished: given back as it was, nothing searched.
    assert_eq!(resume(mine.clone()).unwrap(), mine);
    let edits: [fn(&mut RootShard); 6] = [
        |s| s.position = String::from("other"),
        |s| s.tasks += 1,
        |s| s.count = 3,
        |s| s.cap = Some(4),
        |s| s.only = Some(4),
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
    assert_eq!(mine.cut(), ShardCut { index: 0, count: 2, question: ShardQuestion::Value });
    assert_eq!(mine.cut().to_string(), "shard 0/2 (no cap)");
    assert_eq!(
        ShardCut { index: 1, count: 3, question: ShardQuestion::Below(4) }.to_string(),
        "shard 1/3 (cap 4)"
    );
    assert_eq!(
        ShardCut { index: 1, count: 3, question: ShardQuestion::Only(4) }.to_string(),
        "shard 1/3 (only 4)"
    );
    // Stopped after its first task, it values the rest.
    let mut started = mine.clone();
    started.values.truncate(1);
    let finished = resume(started).unwrap();
    assert_eq!(finished.values, mine.values);
}
