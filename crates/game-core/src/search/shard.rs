//! The nimber of one position cut into shards, for searches too long for one machine: the
//! nimber of a position is the mex of its options' values, so its distinct options (the root's
//! *tasks*) can be valued on different machines and the values merged.
//!
//! [`Search::root_tasks`] lists the tasks in a fixed order (the order of [`Game::moves`], an
//! option kept once up to its components: options equal up to symmetry and order of parts are
//! one task, and two equal parts cancel); task `t` belongs to shard `t % count`, so a game
//! whose moves come easiest first spreads the work. [`Search::root_shard`] values one shard's
//! tasks (each part by the aspiration search, the parts' nimbers XORed) into a [`RootShard`],
//! which serde writes to a file; [`merge_root_shards`] checks that the shards are those of one
//! search, each given once and each holding exactly its tasks, and takes the mex.
//!
//! What is lost: a search of the whole position stops as soon as its question is settled, and
//! the aspiration search asks the root only "is it 0? 1? ..."; shards value every option, in
//! full or below a cap (values at or above the root's nimber never matter, so a cap just
//! above the expected nimber saves the full search of first moves with large values; the merge
//! refuses to answer when the cap was too low). Sharding is for positions where the wall time
//! of one machine is the limit.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::nimber_set::NimberSet;
use super::pruned::Request;
use super::{Search, SearchError};
use crate::Game;

/// The values of one shard's tasks: the options of the root `position` that fall to shard
/// `index` of `count`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootShard {
    /// What was searched, named by the caller (`"cram 5 x 13"`): shards merge only with shards
    /// of the same name.
    pub position: String,
    /// The root's tasks (distinct options) over all shards.
    pub tasks: usize,
    /// This shard's index, from 0.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
    /// Values below this were asked for, larger ones only told apart from them (`None` in
    /// `values`); `None` here: every value exact.
    pub cap: Option<u32>,
    /// `(task, value)` for each task of this shard (the tasks `t` with `t % count == index`),
    /// in increasing order of task; the value is `None` when it is at least `cap`.
    pub values: Vec<(usize, Option<u32>)>,
    /// Positions the shard's search expanded.
    pub nodes: u64,
}

/// The nimber of a position merged from all its shards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMerge {
    /// The name the shards carry.
    pub position: String,
    /// The nimber: the mex of the tasks' values.
    pub nimber: u32,
    /// The value of each task, in task order (`None`: at least the shards' cap).
    pub values: Vec<Option<u32>>,
    /// The number of shards merged.
    pub count: usize,
    /// Positions expanded over all shards.
    pub nodes: u64,
}

/// Why shards could not be made or merged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RootShardError {
    /// A shard index must be below the number of shards, which is at least 1.
    #[error("shard {index}/{count} does not exist: the index runs from 0 to the count - 1")]
    BadShard {
        /// Index asked for.
        index: usize,
        /// Number of shards asked for.
        count: usize,
    },
    /// Nothing to merge.
    #[error("no shards to merge")]
    Empty,
    /// Shards of different searches, or cut differently.
    #[error("shards of different searches: {first} and {other}")]
    Mismatch {
        /// The first shard, described.
        first: String,
        /// The shard that differs, described.
        other: String,
    },
    /// A shard given twice.
    #[error("shard {index}/{count} is given twice")]
    Duplicate {
        /// Its index.
        index: usize,
        /// The number of shards.
        count: usize,
    },
    /// A shard not given.
    #[error("shard {index}/{count} is missing")]
    Missing {
        /// Its index.
        index: usize,
        /// The number of shards.
        count: usize,
    },
    /// A shard whose tasks are not exactly its own (a damaged or edited file).
    #[error("shard {index}/{count} does not hold exactly its tasks (task {task})")]
    WrongTasks {
        /// The shard's index.
        index: usize,
        /// The number of shards.
        count: usize,
        /// The first task missing, repeated or foreign.
        task: usize,
    },
    /// Every value below the shards' cap is the value of some first move, so the nimber is at
    /// least the cap and the shards cannot tell which.
    #[error(
        "every value below the cap {cap} is a first move's value: the nimber is at least {cap}; make the shards again with a higher cap"
    )]
    CapTooLow {
        /// The shards' cap.
        cap: u32,
    },
    /// A cap of 0 asks nothing.
    #[error("a cap of 0 asks for no value; the cap is at least 1")]
    ZeroCap,
    /// The search of a task failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// The same parts in any order.
fn same_parts<P: PartialEq>(a: &[P], b: &[P]) -> bool {
    let mut used = vec![false; b.len()];
    a.len() == b.len()
        && a.iter().all(|part| match (0..b.len()).find(|&j| !used[j] && b[j] == *part) {
            Some(j) => {
                used[j] = true;
                true
            }
            None => false,
        })
}

impl<G: Game> Search<'_, G> {
    /// The root's tasks: the options of `position` in the order of [`Game::moves`], each as
    /// its components as every search splits them (equal pairs cancelled, counted in
    /// [`SearchStats::pairs_cancelled`](super::SearchStats)), each kept once up to the order of
    /// its parts. Cost: O(options² × parts²) comparisons, for the few options of one position.
    pub fn root_tasks(&mut self, position: &G::Position) -> Vec<Vec<G::Position>> {
        let mut tasks: Vec<Vec<G::Position>> = Vec::new();
        for option in self.game.moves(position) {
            let parts = self.components_of(&option);
            if !tasks.iter().any(|task| same_parts(task, &parts)) {
                tasks.push(parts);
            }
        }
        tasks
    }

    /// Values the tasks of shard `index` of `count` of the root `position` (see the module
    /// doc), naming the shard `name`. The table is kept from one task to the next.
    ///
    /// With a `cap`, a task's value is only asked for below it: the easier parts of the task
    /// are valued in full (aspiration search), and the hardest is asked "is the task's value
    /// 0? 1? ... cap - 1?" in turn, each a one-value pruned search, so a value at least `cap`
    /// costs `cap` narrow questions instead of its full search. The root's nimber is the mex
    /// of the values, so values at or above it never matter: a cap above the nimber gives the
    /// same answer for much less work when some first moves have large values.
    ///
    /// # Errors
    /// [`RootShardError::BadShard`] unless `index < count`; [`RootShardError::ZeroCap`];
    /// [`RootShardError::Search`] when a task's search stops at a limit.
    pub fn root_shard(
        &mut self,
        position: &G::Position,
        name: &str,
        (index, count): (usize, usize),
        cap: Option<u32>,
    ) -> Result<RootShard, RootShardError> {
        if index >= count {
            return Err(RootShardError::BadShard { index, count });
        }
        if cap == Some(0) {
            return Err(RootShardError::ZeroCap);
        }
        let tasks = self.root_tasks(position);
        let nodes_before = self.stats().nodes;
        let mut values = Vec::new();
        for (task, parts) in tasks.iter().enumerate().skip(index).step_by(count) {
            values.push((task, self.task_value(parts, cap)?));
        }
        Ok(RootShard {
            position: name.to_owned(),
            tasks: tasks.len(),
            index,
            count,
            cap,
            values,
            nodes: self.stats().nodes - nodes_before,
        })
    }

    /// The XOR of the values of `parts`, or `None` when it is at least `cap`.
    fn task_value(&mut self, parts: &[G::Position], cap: Option<u32>) -> Result<Option<u32>, SearchError> {
        let Some(cap) = cap else {
            let mut value = 0;
            for part in parts {
                value ^= self.nimber_by_aspiration(part)?;
            }
            return Ok(Some(value));
        };
        let mut parts: Vec<&G::Position> = parts.iter().collect();
        parts.sort_by_key(|part| self.game.difficulty(part));
        let Some(hardest) = parts.pop() else { return Ok(Some(0)) };
        let mut xor = 0;
        for part in parts {
            xor ^= self.nimber_by_aspiration(part)?;
        }
        for value in 0..cap {
            let target = value ^ xor;
            if self.pruned_nimber(hardest, Request::Among(NimberSet::from_values([target])))? == Some(target)
            {
                return Ok(Some(value));
            }
        }
        Ok(None)
    }
}

/// Merges the shards of one root into its nimber, after checking that they are the shards
/// `0..count` of one search, each once, each holding exactly its tasks. Cost: O(tasks).
///
/// # Errors
/// [`RootShardError::Empty`], [`RootShardError::Mismatch`], [`RootShardError::BadShard`],
/// [`RootShardError::Duplicate`], [`RootShardError::Missing`] or
/// [`RootShardError::WrongTasks`], as named.
pub fn merge_root_shards(shards: &[RootShard]) -> Result<RootMerge, RootShardError> {
    let first = shards.first().ok_or(RootShardError::Empty)?;
    let describe = |s: &RootShard| {
        let cap = s.cap.map_or(String::from("no cap"), |c| format!("cap {c}"));
        format!("{:?} ({} tasks, {} shards, {cap})", s.position, s.tasks, s.count)
    };
    let count = first.count;
    let mut seen: Vec<Option<&RootShard>> = vec![None; count];
    for shard in shards {
        if (&shard.position, shard.tasks, shard.count, shard.cap)
            != (&first.position, first.tasks, count, first.cap)
        {
            return Err(RootShardError::Mismatch { first: describe(first), other: describe(shard) });
        }
        let slot = seen.get_mut(shard.index).ok_or(RootShardError::BadShard { index: shard.index, count })?;
        if slot.replace(shard).is_some() {
            return Err(RootShardError::Duplicate { index: shard.index, count });
        }
    }
    let mut nodes = 0u64;
    for (index, shard) in seen.into_iter().enumerate() {
        let shard = shard.ok_or(RootShardError::Missing { index, count })?;
        nodes = nodes.saturating_add(shard.nodes);
        // Walk the shard's tasks beside its own: the first place they part names a task
        // missing, repeated or foreign.
        let mut own = (index..first.tasks).step_by(count);
        let mut held = shard.values.iter().map(|&(task, _)| task);
        loop {
            match (own.next(), held.next()) {
                (None, None) => break,
                (Some(want), Some(got)) if want == got => {}
                (want, got) => {
                    let task = want.into_iter().chain(got).min().expect("one side has a task");
                    return Err(RootShardError::WrongTasks { index, count, task });
                }
            }
        }
    }
    // Every task held by exactly its shard (so `tasks` is bounded by what the shards hold):
    // read the values back in task order.
    let mut values = vec![None; first.tasks];
    for shard in shards {
        for &(task, value) in &shard.values {
            values[task] = value;
        }
    }
    let mut nimber = 0;
    while values.contains(&Some(nimber)) {
        nimber += 1;
    }
    if let Some(cap) = first.cap
        && nimber >= cap
    {
        return Err(RootShardError::CapTooLow { cap });
    }
    Ok(RootMerge { position: first.position.clone(), nimber, values, count, nodes })
}
