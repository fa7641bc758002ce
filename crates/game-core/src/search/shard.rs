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
//!
//! A shard longer than one sitting: [`Search::resume_root_shard`] hands the shard to the
//! caller after each task (to be saved), and goes on later from what was saved, valuing only
//! the tasks left; the table can be carried over too ([`Search::save_table_to`]). A shard
//! stopped part of the way holds the first of its tasks ([`RootShard::is_complete`] says
//! whether it holds them all), and the merge refuses it.

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

impl RootShard {
    /// Whether the shard holds the value of every one of its tasks (a shard stopped part of the
    /// way holds the first ones).
    pub fn is_complete(&self) -> bool {
        self.values.len() == own_tasks(self.tasks, self.index, self.count).len()
    }

    /// Which part of the root this shard is: its index, count and cap. A shard saved under one
    /// cut goes on only under the same cut; a caller can check that before costly work.
    pub fn cut(&self) -> ShardCut {
        ShardCut { index: self.index, count: self.count, cap: self.cap }
    }

    /// The shard described for an error message: its name, tasks, count and cap.
    fn describe(&self) -> String {
        format!("{:?} ({} tasks, {} shards, {})", self.position, self.tasks, self.count, cap_text(self.cap))
    }

    /// The first place where the tasks the shard holds part from its first own tasks, in
    /// order (a task skipped, repeated or foreign); `None` when they agree. Own tasks after
    /// the ones it holds are not asked for: see [`RootShard::is_complete`].
    fn misplaced_task(&self) -> Option<usize> {
        let mut own = own_tasks(self.tasks, self.index, self.count);
        let mut held = self.values.iter().map(|&(task, _)| task);
        loop {
            match (own.next(), held.next()) {
                (_, None) => return None,
                (Some(want), Some(got)) if want == got => {}
                (want, Some(got)) => return Some(want.map_or(got, |want| want.min(got))),
            }
        }
    }
}

/// Which part of a root's tasks a shard values: shard `index` of `count`, with values below
/// `cap` asked for (every value exact when `None`). Displayed as `shard 0/2 (no cap)` or
/// `shard 1/3 (cap 4)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardCut {
    /// The shard's index, from 0.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
    /// The cap of the values, as in [`RootShard::cap`].
    pub cap: Option<u32>,
}

impl std::fmt::Display for ShardCut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shard {}/{} ({})", self.index, self.count, cap_text(self.cap))
    }
}

/// A cap as the messages write it: `no cap` or `cap 4`.
fn cap_text(cap: Option<u32>) -> String {
    cap.map_or(String::from("no cap"), |c| format!("cap {c}"))
}

/// The tasks of shard `index` of `count` among `tasks`: `index`, `index + count`, ...
fn own_tasks(tasks: usize, index: usize, count: usize) -> std::iter::StepBy<std::ops::Range<usize>> {
    (index.min(tasks)..tasks).step_by(count.max(1))
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
    /// A shard stopped part of the way: it holds the values of only its first tasks.
    #[error(
        "shard {index}/{count} is not finished: {valued} of its {of} tasks valued; run it again to go on"
    )]
    Unfinished {
        /// The shard's index.
        index: usize,
        /// The number of shards.
        count: usize,
        /// Its tasks valued.
        valued: usize,
        /// Its tasks.
        of: usize,
    },
    /// The caller could not save the shard after a task (see [`Search::resume_root_shard`]).
    #[error("could not save the shard: {message}")]
    SaveFailed {
        /// What went wrong, as the caller said it.
        message: String,
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
        shard: (usize, usize),
        cap: Option<u32>,
    ) -> Result<RootShard, RootShardError> {
        self.resume_root_shard(position, name, shard, cap, None, |_| Ok(()))
    }

    /// Values the tasks of shard `index` of `count` like [`Search::root_shard`], going on from
    /// `earlier`: the same shard as it was when stopped part of the way (as `after_task` last
    /// saw it, read back from where it was saved). Its values are kept and its tasks not
    /// searched again; its nodes are added to the new ones. `after_task` sees the shard after
    /// each task valued here, so that saving it there loses at most the task under way when
    /// the search stops (at a limit, or interrupted); an error it returns stops the shard.
    ///
    /// # Errors
    /// As [`Search::root_shard`], and: [`RootShardError::Mismatch`] when `earlier` is a shard
    /// of another name, root (number of tasks), count, cap or index;
    /// [`RootShardError::WrongTasks`] when its values are not those of its first tasks, in
    /// order; [`RootShardError::SaveFailed`] with the message `after_task` returned.
    pub fn resume_root_shard(
        &mut self,
        position: &G::Position,
        name: &str,
        (index, count): (usize, usize),
        cap: Option<u32>,
        earlier: Option<RootShard>,
        mut after_task: impl FnMut(&RootShard) -> Result<(), String>,
    ) -> Result<RootShard, RootShardError> {
        if index >= count {
            return Err(RootShardError::BadShard { index, count });
        }
        if cap == Some(0) {
            return Err(RootShardError::ZeroCap);
        }
        let tasks = self.root_tasks(position);
        let fresh = RootShard {
            position: name.to_owned(),
            tasks: tasks.len(),
            index,
            count,
            cap,
            values: Vec::new(),
            nodes: 0,
        };
        let mut shard = match earlier {
            None => fresh,
            Some(earlier) => {
                if (&earlier.position, earlier.tasks, earlier.cut())
                    != (&fresh.position, fresh.tasks, fresh.cut())
                {
                    let other = format!("{} shard {}/{}", earlier.describe(), earlier.index, earlier.count);
                    let first = format!("{} shard {index}/{count}", fresh.describe());
                    return Err(RootShardError::Mismatch { first, other });
                }
                if let Some(task) = earlier.misplaced_task() {
                    return Err(RootShardError::WrongTasks { index, count, task });
                }
                earlier
            }
        };
        let done = shard.values.len();
        for task in own_tasks(tasks.len(), index, count).skip(done) {
            let nodes_before = self.stats().nodes;
            let value = self.task_value(&tasks[task], cap)?;
            shard.values.push((task, value));
            shard.nodes = shard.nodes.saturating_add(self.stats().nodes - nodes_before);
            after_task(&shard).map_err(|message| RootShardError::SaveFailed { message })?;
        }
        Ok(shard)
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
            if self.pruned_nimber(hardest, Request::Among(NimberSet::from_values([target])), 0)?
                == Some(target)
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
    let count = first.count;
    let mut seen: Vec<Option<&RootShard>> = vec![None; count];
    for shard in shards {
        if (&shard.position, shard.tasks, shard.count, shard.cap)
            != (&first.position, first.tasks, count, first.cap)
        {
            return Err(RootShardError::Mismatch { first: first.describe(), other: shard.describe() });
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
        if let Some(task) = shard.misplaced_task() {
            return Err(RootShardError::WrongTasks { index, count, task });
        }
        if !shard.is_complete() {
            let (valued, of) = (shard.values.len(), own_tasks(shard.tasks, index, count).len());
            return Err(RootShardError::Unfinished { index, count, valued, of });
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
