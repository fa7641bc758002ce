//! The nimber of one position cut into shards, for searches too long for one machine: the
//! nimber of a position is the mex of its options' values, so its distinct options (the root's
//! *tasks*) can be valued on different machines and the values merged.
//!
//! [`RootShards::root_tasks`] lists the tasks in a fixed order (the order of [`Game::moves`], an
//! option kept once up to its components: options equal up to symmetry and order of parts are
//! one task, and two equal parts cancel); task `t` belongs to shard `t % count`, so a game
//! whose moves come easiest first spreads the work. [`RootShards::root_shard`] values one shard's
//! tasks (each part by the aspiration search, the parts' nimbers XORed) into a [`RootShard`],
//! which serde writes to a file; [`merge_root_shards`] checks that each shard is its cut's own
//! (given once, holding exactly its first tasks) and takes the mex of what they know (below).
//!
//! What is lost: a search of the whole position stops as soon as its question is settled, and
//! the aspiration search asks the root only "is it 0? 1? ..."; shards ask every option a
//! [`ShardQuestion`]: its value in full, its value below a cap (values at or above the root's
//! nimber never matter, so a cap just above the expected nimber saves the full search of first
//! moves with large values), or only whether it is one value. The last is what the whole search
//! asks last: to show that the nimber is v, every option must be shown to differ from v, and
//! options below v are found exact on the way (a pruned search that settles every option of a
//! component gives its nimber). Sharding is for positions where the wall time of one machine
//! is the limit.
//!
//! The merge takes what shards of one root know, whatever they asked and however they were
//! cut: of each task its value, or values it does not have (at least a cap, or not the one
//! value asked). It answers with the mex v of the values known when every task is known to
//! differ from v, and otherwise says what is missing (a shard, a finished shard, a higher cap,
//! or shards asking about v); two shards that disagree about a task are refused.
//!
//! A shard longer than one sitting: [`RootShards::resume_root_shard`] hands the shard to the
//! caller after each task (to be saved), and goes on later from what was saved, valuing only
//! the tasks left; the table can be carried over too ([`TableFiles`](crate::TableFiles)). A shard
//! stopped part of the way holds the first of its tasks ([`RootShard::is_complete`] says
//! whether it holds them all), and the merge refuses it.
//!
//! A shard's file ([`RootShard::to_file_text`]) carries a SHA-256 of its content, checked when
//! it is read ([`RootShard::from_file_text`]): the merge checks that shards fit together, but
//! a changed value that keeps them consistent would otherwise be merged.

use itertools::Itertools;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use game_core::SearchGame;
use game_core::search::{Search, SearchError};

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
    /// `values`); `None` here: every value exact, or only one value asked (`only`).
    pub cap: Option<u32>,
    /// Each task was asked only whether its value is this one ([`ShardQuestion::Only`]): a
    /// value in `values` is exact, `None` there means "not this value". Absent from files
    /// written before this question existed (they asked by `cap`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<u32>,
    /// `(task, value)` for each task of this shard (the tasks `t` with `t % count == index`),
    /// in increasing order of task; the value is `None` when it is at least `cap` (or is not
    /// `only`), else exact.
    pub values: Vec<(usize, Option<u32>)>,
    /// Positions the shard's search expanded.
    pub nodes: u64,
}

impl RootShard {
    /// The shard as the text of its file: its JSON on one line, sealed with a SHA-256 of its
    /// content (game-core's [`sealed_json`](game_core::sealed_json)), then a newline.
    pub fn to_file_text(&self) -> String {
        let mut text = game_core::sealed_json::seal(self, false);
        text.push('\n');
        text
    }

    /// The shard in the text of its file ([`RootShard::to_file_text`]), once the digest matches
    /// its content: a changed value, task or count is refused, not merged or resumed.
    ///
    /// # Errors
    /// The [`SealError`](game_core::sealed_json::SealError) of a text that is not a sealed
    /// shard, among them `NoDigest` for a file written before shard files carried a digest.
    pub fn from_file_text(text: &str) -> Result<Self, game_core::sealed_json::SealError> {
        game_core::sealed_json::open(text)
    }

    /// Whether the shard holds the value of every one of its tasks (a shard stopped part of the
    /// way holds the first ones).
    pub fn is_complete(&self) -> bool {
        self.values.len() == own_tasks(self.tasks, self.index, self.count).len()
    }

    /// What the shard asked of each task. A file that names both a cap and one value is
    /// damaged; it reads as asking the one value, and [`merge_root_shards`] refuses it.
    pub fn question(&self) -> ShardQuestion {
        ShardQuestion::from_file_fields(self.cap, self.only)
    }

    /// Which part of the root this shard is: its index, count and question. A shard saved
    /// under one cut goes on only under the same cut; a caller can check that before costly
    /// work.
    pub fn cut(&self) -> ShardCut {
        ShardCut { index: self.index, count: self.count, question: self.question() }
    }

    /// The shard described for an error message: its name, tasks, count and question.
    fn describe(&self) -> String {
        format!("{:?} ({} tasks, {} shards, {})", self.position, self.tasks, self.count, self.question())
    }

    /// The first value that this shard's question could not have given (a damaged or edited
    /// file): none for a task asked its full value, or one at least the cap.
    fn impossible_value(&self) -> Option<usize> {
        let question = self.question();
        let impossible = |value: Option<u32>| match (question, value) {
            (ShardQuestion::Value, None) => true,
            (ShardQuestion::Below(cap), Some(value)) => value >= cap,
            _ => false,
        };
        let both = self.only.is_some() && self.cap.is_some();
        self.values.iter().find(|&&(_, value)| both || impossible(value)).map(|&(task, _)| task)
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

/// What a shard asks of each of its tasks. Displayed as `no cap`, `cap 4` or `only 3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShardQuestion {
    /// The task's value, whatever it is.
    Value,
    /// The task's value if it is below the cap, else only that it is at least the cap: "is it
    /// 0? 1? ... cap - 1?" in turn.
    Below(u32),
    /// Only whether the task's value is this one: one pruned search, which gives the value
    /// whenever it settles it (always for this value, often for smaller ones) and otherwise
    /// only "not this value".
    Only(u32),
}

impl ShardQuestion {
    /// The question as a shard file's fields `cap` and `only` name it: one value asked when
    /// `only` is set (it wins over a cap), else values below `cap`, else every value.
    fn from_file_fields(cap: Option<u32>, only: Option<u32>) -> Self {
        match (only, cap) {
            (Some(value), _) => ShardQuestion::Only(value),
            (None, Some(cap)) => ShardQuestion::Below(cap),
            (None, None) => ShardQuestion::Value,
        }
    }

    /// The question as a shard file's fields `cap` and `only`: the inverse of
    /// [`ShardQuestion::from_file_fields`].
    fn file_fields(self) -> (Option<u32>, Option<u32>) {
        match self {
            ShardQuestion::Value => (None, None),
            ShardQuestion::Below(cap) => (Some(cap), None),
            ShardQuestion::Only(value) => (None, Some(value)),
        }
    }
}

impl std::fmt::Display for ShardQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardQuestion::Value => write!(f, "no cap"),
            ShardQuestion::Below(cap) => write!(f, "cap {cap}"),
            ShardQuestion::Only(value) => write!(f, "only {value}"),
        }
    }
}

/// Which part of a root's tasks a shard values: shard `index` of `count`, each task asked
/// `question`. Displayed as `shard 0/2 (no cap)`, `shard 1/3 (cap 4)` or `shard 1/3 (only 3)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShardCut {
    /// The shard's index, from 0.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
    /// What each task is asked.
    pub question: ShardQuestion,
}

impl std::fmt::Display for ShardCut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shard {}/{} ({})", self.index, self.count, self.question)
    }
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
    /// The value of each task, in task order (`None`: not known, only that it differs from
    /// the nimber).
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
    /// Shards of different roots (names or numbers of tasks), or, to go on, a shard of
    /// another cut.
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
    /// Every value below the shards' cap is the value of some first move, and a first move
    /// known only to be at least the cap may have the next: the nimber is at least the cap and
    /// the shards cannot tell which.
    #[error(
        "every value below the cap {cap} is a first move's value: the nimber is at least {cap}; make the shards again with a higher cap"
    )]
    CapTooLow {
        /// The shards' cap.
        cap: u32,
    },
    /// The values found make `value` the nimber unless task `task` has it, and no shard says
    /// whether it does.
    #[error(
        "first moves have every value below {value}, and no shard says whether first move {task} has {value}: add shards asking about {value}"
    )]
    Undetermined {
        /// The least value no first move is known to have.
        value: u32,
        /// The first task that is not known to differ from it.
        task: usize,
    },
    /// Two shards contradict each other about a task (a damaged or edited file, or shards of
    /// different games under one name).
    #[error("the shards contradict each other about the value of first move {task}")]
    Disagree {
        /// The task.
        task: usize,
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
    /// The caller could not save the shard after a task (see [`RootShards::resume_root_shard`]).
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

/// Searches cut into shards at the root, for a [`Search`] of any game (see the module doc).
pub trait RootShards<P> {
    /// The root's tasks: the options of `position` in the order of [`Game::moves`](game_core::Game::moves), each as
    /// its components as every search splits them (equal pairs cancelled, counted in
    /// `SearchStats::pairs_cancelled`), each kept once up to the order of
    /// its parts. Cost: O(options² × parts²) comparisons, for the few options of one position.
    fn root_tasks(&mut self, position: &P) -> Vec<Vec<P>>;

    /// Values the tasks of shard `index` of `count` of the root `position` (see the module
    /// doc), naming the shard `name`, each task asked `question`. The table is kept from one
    /// task to the next.
    ///
    /// [`ShardQuestion::Below`] a cap: the easier parts of a task are valued in full
    /// (aspiration search), and the hardest is asked "is the task's value 0? 1? ... cap - 1?"
    /// in turn, each a one-value pruned search, so a value at least `cap` costs `cap` narrow
    /// questions instead of its full search. The root's nimber is the mex of the values, so
    /// values at or above it never matter: a cap above the nimber gives the same answer for
    /// much less work when some first moves have large values. [`ShardQuestion::Only`] a value
    /// v: the hardest part is asked only the last of those questions, "is the task's value
    /// v?"; shards of every task asking about the expected nimber, with the values below it
    /// that they find on the way, prove it (see [`merge_root_shards`]).
    ///
    /// # Errors
    /// [`RootShardError::BadShard`] unless `index < count`; [`RootShardError::ZeroCap`] for
    /// a cap of 0; [`RootShardError::Search`] when a task's search stops at a limit.
    fn root_shard(
        &mut self,
        position: &P,
        name: &str,
        shard: (usize, usize),
        question: ShardQuestion,
    ) -> Result<RootShard, RootShardError>;

    /// Values the tasks of shard `index` of `count` like [`RootShards::root_shard`], going on from
    /// `earlier`: the same shard as it was when stopped part of the way (as `after_task` last
    /// saw it, read back from where it was saved). Its values are kept and its tasks not
    /// searched again; its nodes are added to the new ones. `after_task` sees the shard after
    /// each task valued here, so that saving it there loses at most the task under way when
    /// the search stops (at a limit, or interrupted); an error it returns stops the shard.
    ///
    /// # Errors
    /// As [`RootShards::root_shard`], and: [`RootShardError::Mismatch`] when `earlier` is a shard
    /// of another name, root (number of tasks), count, question or index;
    /// [`RootShardError::WrongTasks`] when its values are not those of its first tasks, in
    /// order; [`RootShardError::SaveFailed`] with the message `after_task` returned.
    fn resume_root_shard(
        &mut self,
        position: &P,
        name: &str,
        shard: (usize, usize),
        question: ShardQuestion,
        earlier: Option<RootShard>,
        after_task: impl FnMut(&RootShard) -> Result<(), String>,
    ) -> Result<RootShard, RootShardError>;
}

impl<G: SearchGame> RootShards<G::Position> for Search<'_, G> {
    fn root_tasks(&mut self, position: &G::Position) -> Vec<Vec<G::Position>> {
        let mut tasks: Vec<Vec<G::Position>> = Vec::new();
        for option in self.game().moves(position) {
            let parts = self.components_of(&option);
            // The same parts in another order are the same task: compare them as multisets.
            let counts = parts.iter().counts();
            if !tasks.iter().any(|task| task.iter().counts() == counts) {
                tasks.push(parts);
            }
        }
        tasks
    }

    fn root_shard(
        &mut self,
        position: &G::Position,
        name: &str,
        shard: (usize, usize),
        question: ShardQuestion,
    ) -> Result<RootShard, RootShardError> {
        self.resume_root_shard(position, name, shard, question, None, |_| Ok(()))
    }

    fn resume_root_shard(
        &mut self,
        position: &G::Position,
        name: &str,
        (index, count): (usize, usize),
        question: ShardQuestion,
        earlier: Option<RootShard>,
        mut after_task: impl FnMut(&RootShard) -> Result<(), String>,
    ) -> Result<RootShard, RootShardError> {
        if index >= count {
            return Err(RootShardError::BadShard { index, count });
        }
        if question == ShardQuestion::Below(0) {
            return Err(RootShardError::ZeroCap);
        }
        let (cap, only) = question.file_fields();
        let tasks = self.root_tasks(position);
        let fresh = RootShard {
            position: name.to_owned(),
            tasks: tasks.len(),
            index,
            count,
            cap,
            only,
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
            let value = task_value(self, &tasks[task], question)?;
            shard.values.push((task, value));
            shard.nodes = shard.nodes.saturating_add(self.stats().nodes - nodes_before);
            after_task(&shard).map_err(|message| RootShardError::SaveFailed { message })?;
        }
        Ok(shard)
    }
}

/// The XOR of the values of `parts` as `question` asks it: `None` when it is at least the
/// cap, or is not the one value asked.
fn task_value<G: SearchGame>(
    search: &mut Search<'_, G>,
    parts: &[G::Position],
    question: ShardQuestion,
) -> Result<Option<u32>, SearchError> {
    let asked = match question {
        ShardQuestion::Value => {
            let mut value = 0;
            for part in parts {
                value ^= search.nimber_by_aspiration(part)?;
            }
            return Ok(Some(value));
        }
        // A cap of 0 is refused before any task.
        ShardQuestion::Below(cap) => 0..=cap.saturating_sub(1),
        ShardQuestion::Only(value) => value..=value,
    };
    let mut parts: Vec<&G::Position> = parts.iter().collect();
    parts.sort_by_key(|part| search.game().difficulty(part));
    let Some(hardest) = parts.pop() else { return Ok(Some(0)) };
    let mut xor = 0;
    for part in parts {
        xor ^= search.nimber_by_aspiration(part)?;
    }
    for value in asked {
        // Any value the pruned search gives is the part's nimber (see game-core's
        // `Search::nimber_if_among`), asked for or not: the task's value is then known.
        if let Some(nimber) = search.nimber_if_among(hardest, &[value ^ xor])? {
            let value = nimber ^ xor;
            let known = match question {
                ShardQuestion::Below(cap) => value < cap,
                _ => true,
            };
            return Ok(known.then_some(value));
        }
    }
    Ok(None)
}

/// What the shards say of one task.
#[derive(Debug, Clone, Default)]
struct Known {
    /// Its value, when a shard gave it.
    value: Option<u32>,
    /// Its value is at least this (the largest cap of a shard that found it not below).
    at_least: u32,
    /// Values it does not have (the ones asked alone and not found).
    not: Vec<u32>,
}

impl Known {
    /// Takes in what one shard, asking `question`, gave for the task; `false` when that
    /// contradicts what was known.
    fn learn(&mut self, question: ShardQuestion, value: Option<u32>) -> bool {
        match (value, question) {
            (Some(value), _) => {
                if self.value.is_some_and(|known| known != value) {
                    return false;
                }
                self.value = Some(value);
            }
            (None, ShardQuestion::Below(cap)) => self.at_least = self.at_least.max(cap),
            // Repeated when shards of several cuts ask the same value: a few entries at most.
            (None, ShardQuestion::Only(value)) => self.not.push(value),
            (None, _) => {}
        }
        self.value.is_none_or(|value| value >= self.at_least && !self.not.contains(&value))
    }

    /// Whether the task is known not to have `value`.
    fn differs_from(&self, value: u32) -> bool {
        self.value.is_some_and(|known| known != value) || value < self.at_least || self.not.contains(&value)
    }
}

/// Merges what shards of one root know into its nimber (see the module doc): the mex v of
/// the tasks' values found, once every task is known to differ from v. The shards may come
/// from several cuts and questions; each cut's shards must be its own (each given once, each
/// holding exactly its first tasks), but a cut need not be complete when the others make up
/// for it. Cost: O(shards + tasks × values known not to be a task's).
///
/// # Errors
/// [`RootShardError::Empty`]; [`RootShardError::Mismatch`] for shards of different names or
/// numbers of tasks; [`RootShardError::BadShard`], [`RootShardError::Duplicate`] or
/// [`RootShardError::WrongTasks`] for a shard that is not its cut's own;
/// [`RootShardError::Disagree`] when two shards contradict each other about a task. When the
/// nimber is not settled, what is missing for it: [`RootShardError::Missing`] or
/// [`RootShardError::Unfinished`] (a shard that would value a task known to no shard, or
/// that would tell whether a task has the mex), [`RootShardError::CapTooLow`], or
/// [`RootShardError::Undetermined`].
pub fn merge_root_shards(shards: &[RootShard]) -> Result<RootMerge, RootShardError> {
    let first = shards.first().ok_or(RootShardError::Empty)?;
    let mut given: std::collections::HashMap<ShardCut, &RootShard> = std::collections::HashMap::new();
    let (mut held, mut nodes) = (0usize, 0u64);
    for shard in shards {
        if (&shard.position, shard.tasks) != (&first.position, first.tasks) {
            return Err(RootShardError::Mismatch { first: first.describe(), other: shard.describe() });
        }
        let (index, count) = (shard.index, shard.count);
        if index >= count {
            return Err(RootShardError::BadShard { index, count });
        }
        if given.insert(shard.cut(), shard).is_some() {
            return Err(RootShardError::Duplicate { index, count });
        }
        if let Some(task) = shard.misplaced_task().or_else(|| shard.impossible_value()) {
            return Err(RootShardError::WrongTasks { index, count, task });
        }
        held = held.saturating_add(shard.values.len());
        nodes = nodes.saturating_add(shard.nodes);
    }
    // The shard that would hold `task` in the cut of `like`, when it is absent or unfinished.
    let incomplete = |like: &RootShard, task: usize| {
        let (count, question) = (like.count, like.question());
        let index = task % count;
        match given.get(&ShardCut { index, count, question }) {
            None => Some(RootShardError::Missing { index, count }),
            Some(shard) if !shard.is_complete() => {
                let (valued, of) = (shard.values.len(), own_tasks(shard.tasks, index, count).len());
                Some(RootShardError::Unfinished { index, count, valued, of })
            }
            Some(_) => None,
        }
    };
    // Fewer values than tasks: some task is unknown, and the first cut is incomplete. The
    // error is found before anything of the size of `tasks` (read from a file) is allocated.
    if held < first.tasks {
        return Err((0..first.tasks)
            .find_map(|task| incomplete(first, task))
            .expect("an incomplete cut misses a task"));
    }
    let mut known = vec![Known::default(); first.tasks];
    for shard in shards {
        for &(task, value) in &shard.values {
            if !known[task].learn(shard.question(), value) {
                return Err(RootShardError::Disagree { task });
            }
        }
    }
    let mut found: Vec<u32> = known.iter().filter_map(|task| task.value).collect();
    found.sort_unstable();
    found.dedup();
    let mut nimber = 0u32;
    for &value in &found {
        if value != nimber {
            break;
        }
        nimber = nimber.saturating_add(1); // 2^32 distinct values do not fit in memory
    }
    let Some(open) = known.iter().position(|task| !task.differs_from(nimber)) else {
        let values = known.into_iter().map(|task| task.value).collect();
        return Ok(RootMerge {
            position: first.position.clone(),
            nimber,
            values,
            count: shards.len(),
            nodes,
        });
    };
    // The nimber is at least `nimber` and may be it: say what would settle it.
    if let Some(error) = shards.iter().find_map(|like| incomplete(like, open)) {
        return Err(error);
    }
    // Something is known of the task (else a shard of every cut would be missing or unfinished
    // for it), but not its value: a cap, or values it does not have.
    let task = &known[open];
    Err(if task.not.is_empty() {
        RootShardError::CapTooLow { cap: task.at_least }
    } else {
        RootShardError::Undetermined { value: nimber, task: open }
    })
}
