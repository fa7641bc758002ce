//! Values of games too large for their explicit graph, by depth-first search over components.
//!
//! The explicit-graph engine ([`explore`](crate::explore) and [`grundy_values`](crate::grundy_values))
//! stores every reachable *whole position*. A position that falls apart into independent parts
//! (heaps after a split, regions of a board cut in two, components of a graph) has as many
//! whole positions as combinations of parts: the graph explodes while the parts stay few. This
//! module searches the parts instead. A game gives its rules by [`Game`](crate::Game) (the same
//! rules serve both engines) and, by [`SearchGame`], how a position falls apart
//! ([`SearchGame::components`]), how to write a part canonically ([`SearchGame::canonical`]: one
//! representative per symmetry class) and in which order to try moves
//! ([`SearchGame::order_moves`]). Two more methods make a
//! game fast without changing its rules: [`SearchGame::dense_index`] numbers small parts so their
//! values live in a plain array instead of the hash table, and [`SearchGame::option_parts`] hands
//! the engine each option already split into parts, from buffers the game reuses, so that
//! nothing is allocated per option. By the Sprague-Grundy theorem the nimber of a sum is the
//! XOR of its components' nimbers, and two equal components cancel.
//!
//! [`Search`] holds a transposition table of component nimbers and offers
//!
//! * [`Search::nimber`]: the pruned nimber search of Beling and Rogalski ("On pruning search
//!   trees of impartial games", Artificial Intelligence 283, 2020): an option is only asked
//!   whether its value lies among the candidates still open, and a component stops as soon as
//!   the question asked of it is settled (see `pruned.rs` for the method and why it is right);
//! * [`Search::is_p_position_plus`] (is G + *k a P-position?) and [`Search::outcome`]: the
//!   outcome search in the style of Lemoine and Viennot ("Nimbers are inevitable", Theoretical
//!   Computer Science 462, 2012), asking one value only;
//! * [`Search::nimber_by_aspiration`]: Beling's aspiration sets, the default of his `igsolve`:
//!   "is the nimber 0? 1? 2? ..." in turn, each question put to the options as one value, so
//!   that the pruned search below answers one-value questions (fewer nodes when nimbers are
//!   small, as in Cram and Node-Kayles);
//! * [`Search::nimber_by_mex`]: the plain method, the mex of every option's value, as a second
//!   method to compare with.
//!
//! and the free functions [`search_nimber`] and [`search_outcome`] for one question.
//!
//! **Searches longer than one process.** The solver never touches a file. A few hooks let a
//! caller carry a search over sittings and machines: [`Search::table_entries`] and
//! [`Search::preload`] take the table's values out and put them back,
//! [`Search::with_checkpoint`] calls back every few thousand nodes where the table is
//! consistent, and [`Search::nimber_if_among`] asks one component "is your nimber among
//! these?", which a search cut into shards at its root asks of its first moves. The
//! `game-search-runs` crate builds table files, checkpoints and root shards on them.
//!
//! **Cost.** Time: every distinct component reached is expanded once while the table holds it
//! (its moves generated, each option split into components), so the plain search costs
//! O(Σ options × components per option) table operations over the distinct components reached;
//! pruning expands a subset of those, but a component asked different questions may be
//! expanded again (only exact values go to the table; the values known not to be its nimber,
//! its options' values seen and the sets it answered "not in", are kept in a cache,
//! `refutations.rs`, which answers a question about those values without expanding it again),
//! and with a table too small for the game any method is exponential in
//! the game's depth. Memory: bounded up front by [`SearchLimits`]
//! (table, the positions it owns, the stack); a full table replaces entries, it never aborts.
//! Depth: the stack is a vector, so deep games need memory, not call stack.
//!
//! **Assumptions.** The game is short: finite, no position repeats (a game with a cycle runs
//! until the effort or the stack's memory limit stops it). `components` must split a position
//! into parts that are played as a disjunctive sum.
//!
//! ```
//! use game_core::{explore, grundy_values, Game, SearchGame};
//! use game_core::search::{search_nimber, SearchLimits};
//!
//! /// Lasker's Nim: take any counters from one heap, or split a heap into two nonempty ones.
//! struct Lasker;
//! impl Game for Lasker {
//!     type Position = Vec<u64>; // heaps
//!     fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
//!         let mut out = Vec::new();
//!         for (i, &h) in heaps.iter().enumerate() {
//!             let rest = || heaps.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &x)| x);
//!             out.extend((0..h).map(|left| rest().chain([left]).collect()));
//!             out.extend((1..=h / 2).map(|a| rest().chain([a, h - a]).collect()));
//!         }
//!         out
//!    }
//!}
//!impl SearchGame for Lasker {
//!    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
//!         out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
//!     }
//! }
//! // g(4k+3) = 4k+4: heap 7 has nimber 8; heaps 7 and 8 together 8 XOR 7.
//! assert_eq!(search_nimber(&Lasker, &vec![7, 8], SearchLimits::default())?, 8 ^ 7);
//! // The explicit graph agrees on a small position.
//! let graph = explore(&Lasker, [vec![3, 4]], 100_000).unwrap();
//! let values = grundy_values(&graph.graph).unwrap();
//! assert_eq!(values[graph.node(&vec![3, 4]).unwrap().index()], 4 ^ 3);
//! # Ok::<(), game_core::search::SearchError>(())
//! ```

mod aspiration;
mod limits;
mod mex;
mod nimber_set;
mod pruned;
mod questions;
mod refutations;
mod stats;
mod table;
mod table_entries;

pub use limits::{SearchError, SearchLimits};
pub use stats::{PathStep, SearchPath, SearchStats};

use std::fmt;
use std::ops::ControlFlow;

use smallvec::SmallVec;

use crate::{Outcome, SearchGame};
use nimber_set::{NimberSet, mask_below_64};
use refutations::Refutations;
use table::{Stored, Table};

/// The nimber of `position` by the pruned search ([`Search::nimber`]) within `limits`.
pub fn search_nimber<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: SearchLimits,
) -> Result<u32, SearchError> {
    Search::new(game, limits)?.nimber(position)
}

/// The outcome of `position` (normal play) by the outcome search ([`Search::outcome`]) within
/// `limits`.
pub fn search_outcome<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: SearchLimits,
) -> Result<Outcome, SearchError> {
    Search::new(game, limits)?.outcome(position)
}

/// Nodes between two calls of the progress callback.
pub(crate) const PROGRESS_INTERVAL: u64 = 1 << 14;

/// Options and parts (each counts one) seen between two questions to the caller's stop within
/// one expansion.
const WORK_BETWEEN_STOPS: usize = 64;

/// Bytes charged to the stack for one frame besides its positions and sets.
pub(crate) const FRAME_BYTES: usize = 256;

/// The options of a component as [`Search::expand`] found them.
pub(crate) struct Expansion<P> {
    /// The values of the options whose parts the table knew.
    pub(crate) known: Vec<u32>,
    /// The other options, in the game's order.
    pub(crate) pending: Vec<Pending<P>>,
    /// How many options there are (known and pending).
    pub(crate) options: usize,
}

/// An option with parts the table did not know when its component was expanded.
pub(crate) struct Pending<P> {
    /// The unknown parts (never empty); most options have one or two, kept inline so that
    /// an option costs no allocation of its own.
    pub(crate) unknown: SmallVec<[P; 2]>,
    /// The XOR of the known parts' nimbers.
    pub(crate) known_xor: u32,
    /// The sum of the unknown parts' [`SearchGame::difficulty`].
    difficulty: u64,
}

/// The parts of one option, each with its value if the dense array knew it (`Ok`) or else its
/// hash, its window of the table prefetched (`Err`).
type LookedUp<P> = SmallVec<[(P, Result<u32, u64>); 4]>;

/// The parts of one option with their values: known already (`Ok`), or looked up in the slots
/// by their hash (`Err`).
fn looked_up<'a, P: Clone + Eq + std::hash::Hash>(
    table: &'a Table<P>,
    parts: &'a [(P, Result<u32, u64>)],
) -> impl Iterator<Item = (&'a P, Option<u32>)> + 'a {
    parts.iter().map(|(part, lookup)| (part, lookup.map_or_else(|hash| table.get_hashed(part, hash), Some)))
}

/// The progress callback of a [`Search`].
type Progress<'g> = Box<dyn FnMut(&SearchStats) + 'g>;

/// Asked every few thousand nodes whether the caller wants the search to stop.
type Interrupt<'g> = Box<dyn Fn() -> bool + 'g>;

/// Called with the search every few thousand nodes, between two nodes (see
/// [`Search::with_checkpoint`]).
type CheckpointHook<'g, G> = Box<dyn FnMut(&Search<'g, G>) -> Result<(), String> + 'g>;

/// A solver for one game by depth-first search, with a transposition table of component
/// nimbers that its calls share.
///
/// Methods: [`Search::nimber`] (pruned, after Beling and Rogalski),
/// [`Search::nimber_by_mex`] (the plain mex of every option), [`Search::is_p_position_plus`]
/// (is G + *k a P-position?) and [`Search::outcome`]. See the [module doc](self) for the
/// method and its cost.
///
/// ```
/// use game_core::{Game, SearchGame};
/// use game_core::search::{Search, SearchLimits};
///
/// /// Kayles on a row of pins kept as one heap size: knock one pin or two adjacent ones.
/// struct Kayles;
/// impl Game for Kayles {
///     type Position = Vec<u32>; // rows of pins
///     fn moves(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
///         let mut out = Vec::new();
///         for (i, &n) in rows.iter().enumerate() {
///             for take in 1..=2.min(n) {
///                 for left in 0..=(n - take) {
///                     let mut next = rows.clone();
///                     next[i] = left;
///                     next.push(n - take - left);
///                     out.push(next);
///                 }
///             }
///         }
///         out
///    }
///}
///impl SearchGame for Kayles {
///    fn components(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
///         out.extend(rows.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
///     }
/// }
/// let mut search = Search::new(&Kayles, SearchLimits::default())?;
/// // Kayles values 0 1 2 3 1 4 3 2 1 4 2 6 (OEIS A002186)
/// let values: Vec<u32> = (0..12).map(|n| search.nimber(&vec![n]).unwrap()).collect();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// assert_eq!(search.nimber_by_mex(&vec![11])?, 6);
/// assert!(search.is_p_position_plus(&vec![11], 6)?); // Kayles 11 + *6 is a P-position
/// assert!(search.stats().table_hits > 0);
/// # Ok::<(), game_core::search::SearchError>(())
/// ```
pub struct Search<'g, G: SearchGame> {
    pub(crate) game: &'g G,
    pub(crate) table: Table<G::Position>,
    /// Values known not to be the nimbers of components the table does not hold.
    pub(crate) refutations: Refutations<G::Position>,
    pub(crate) limits: SearchLimits,
    pub(crate) stats: SearchStats,
    pub(crate) stack_bytes: usize,
    pub(crate) max_stack_bytes: usize,
    /// Bytes of the table's share that the stack took beyond its own quarter (see
    /// [`Search::charge`]); given back when the stack is empty again.
    lent_by_table: usize,
    progress: Option<Progress<'g>>,
    interrupt: Option<Interrupt<'g>>,
    checkpoint: Option<CheckpointHook<'g, G>>,
    /// The table's size in bytes from which plain-data options are prefetched and looked up
    /// one option late (see [`Search::with_prefetch_from`]).
    prefetch_from: usize,
}

/// The table's size from which a search prefetches by default: twice the last-level cache of
/// a common processor (32 MiB). Below it the windows are mostly in the cache already, and
/// copying each option's parts for the late lookup costs more than the prefetch saves.
pub const PREFETCH_FROM_BYTES: usize = 64 << 20;

impl<G: SearchGame> fmt::Debug for Search<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("limits", &self.limits)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<'g, G: SearchGame> Search<'g, G> {
    /// A solver for `game` within `limits` (see [`SearchLimits`] for how the memory is split).
    /// Allocates the table's first slots only; fails with [`SearchError::BudgetTooSmall`] if
    /// the budget cannot hold them.
    pub fn new(game: &'g G, limits: SearchLimits) -> Result<Self, SearchError> {
        let (half, quarter) = (limits.max_bytes / 2, limits.max_bytes / 4);
        // The refutations get what the table's slots can never use of their half (the slot
        // array doubles, so up to half of it), at least a sixteenth when the table can spare
        // it; and a sixteenth of the share of owned memory.
        let spare = half - half / 16 >= Table::<G::Position>::MIN_BYTES;
        let refutation_bytes =
            if spare { half - Table::<G::Position>::largest_slot_bytes(half - half / 16) } else { 0 };
        let refutations = Refutations::new(refutation_bytes, quarter / 16);
        let table =
            Table::new(half - refutations.max_slot_bytes(), quarter - quarter / 16).map_err(|error| {
                match error {
                    SearchError::BudgetTooSmall { needed, .. } => {
                        SearchError::BudgetTooSmall { budget: limits.max_bytes, needed: 2 * needed }
                    }
                    other => other,
                }
            })?;
        let mut search = Search {
            game,
            table,
            refutations,
            limits,
            stats: SearchStats::default(),
            stack_bytes: 0,
            max_stack_bytes: quarter,
            lent_by_table: 0,
            progress: None,
            interrupt: None,
            checkpoint: None,
            prefetch_from: PREFETCH_FROM_BYTES,
        };
        search.stats.table_bytes = search.table.slot_bytes() as u64;
        Ok(search)
    }

    /// Calls `progress` with the statistics every few thousand nodes (for a progress bar).
    pub fn with_progress(mut self, progress: impl FnMut(&SearchStats) + 'g) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Stops the search with [`SearchError::Interrupted`] once `stop` returns true (asked
    /// every few thousand nodes, with the progress, and every few dozen options within one
    /// expansion): a flag set by a signal handler, or a deadline. The table keeps every value
    /// found, so the search can be asked again, or its table saved ([`Search::table_entries`])
    /// and loaded by a later process ([`Search::preload`]).
    pub fn with_interrupt(mut self, stop: impl Fn() -> bool + 'g) -> Self {
        self.interrupt = Some(Box::new(stop));
        self
    }

    /// Calls `checkpoint` with the search every few thousand nodes, with the progress and
    /// between two nodes, where every value in the table is final: a table saved from there
    /// ([`Search::table_entries`]) is as good as one saved at the end. For a search of days
    /// that saves its table now and then, so that a kill loses only the work since (the
    /// callback reads the clock and decides; the `game-search-runs` crate saves table files
    /// this way). An error it returns stops the search with [`SearchError::CheckpointFailed`].
    pub fn with_checkpoint(
        mut self,
        checkpoint: impl FnMut(&Search<'g, G>) -> Result<(), String> + 'g,
    ) -> Self {
        self.checkpoint = Some(Box::new(checkpoint));
        self
    }

    /// Sets the table size (bytes of its slots) from which options are prefetched:
    /// [`PREFETCH_FROM_BYTES`] unless set. For positions that own no memory (`Copy`-like plain
    /// data, such as Cram's boards), the search then copies each option's parts, asks the
    /// processor to fetch their table windows, and looks the option up only once the game has
    /// produced the next one, so that in a table much larger than the processor's cache the
    /// lookups find their windows loaded. Below that size, and always for positions that own
    /// memory, options are looked up at once. A hint only: the options, values, order, cuts
    /// and statistics are the same either way. `0` prefetches always, `usize::MAX` never.
    pub fn with_prefetch_from(mut self, table_bytes: usize) -> Self {
        self.prefetch_from = table_bytes;
        self
    }

    /// What the searches of this solver did so far.
    pub fn stats(&self) -> &SearchStats {
        &self.stats
    }

    /// The limits this solver runs under.
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// The game searched.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The components of `position` as every search of this solver splits it: the game's
    /// [`SearchGame::components`], equal pairs cancelled (G + G = 0, counted in
    /// [`SearchStats::pairs_cancelled`]), in the game's order.
    pub fn components_of(&mut self, position: &G::Position) -> Vec<G::Position> {
        let mut parts = Vec::new();
        self.components_into(position, &mut parts);
        parts
    }

    /// The nimber of `position` as the XOR of its components' nimbers, each found by `nimber`
    /// (one search method), the stack starting empty.
    pub(crate) fn xor_of_components(
        &mut self,
        position: &G::Position,
        mut nimber: impl FnMut(&mut Self, &G::Position) -> Result<u32, SearchError>,
    ) -> Result<u32, SearchError> {
        self.empty_stack();
        let mut xor = 0;
        for part in self.components_of(position) {
            xor ^= nimber(self, &part)?;
        }
        Ok(xor)
    }

    /// [`Search::components_of`] into `parts` (cleared first), reusing its memory.
    pub(crate) fn components_into(&mut self, position: &G::Position, parts: &mut Vec<G::Position>) {
        parts.clear();
        self.game.components(position, parts);
        let mut i = 0;
        while i + 1 < parts.len() {
            if let Some(j) = parts[i + 1..].iter().position(|p| *p == parts[i]) {
                parts.swap_remove(i + 1 + j);
                parts.swap_remove(i);
                self.stats.pairs_cancelled += 1;
            } else {
                i += 1;
            }
        }
    }

    /// The table's nimber of `component` (not counted).
    pub(crate) fn lookup(&self, component: &G::Position) -> Option<u32> {
        self.table.get(component, self.game.dense_index(component))
    }

    /// The table's nimber of `component`, counted as a hit.
    pub(crate) fn cached(&mut self, component: &G::Position) -> Option<u32> {
        let found = self.lookup(component);
        if found.is_some() {
            self.stats.table_hits += 1;
        }
        found
    }

    /// The nimber of `component` without a search: the table's (counted as a hit), or 0 when
    /// the game claims a P-position ([`SearchGame::known_outcome`]). A claimed P is not stored: the
    /// game's check is meant to be cheaper than a table lookup.
    pub(crate) fn settled_nimber(&mut self, component: &G::Position) -> Option<u32> {
        self.cached(component)
            .or_else(|| (self.game.known_outcome(component) == Some(Outcome::P)).then_some(0))
    }

    /// Stores the nimber of `component`, found after `work` nodes.
    pub(crate) fn remember(&mut self, component: &G::Position, nimber: u32, work: u64) {
        let owned = self.owned_bytes(component);
        let index = self.game.dense_index(component);
        match self.table.store(component.clone(), index, nimber, work, owned) {
            Stored::New => self.stats.table_stores += 1,
            Stored::Replaced => {
                self.stats.table_stores += 1;
                self.stats.table_replacements += 1;
            }
            Stored::Refused => self.stats.table_refusals += 1,
        }
        self.stats.components_cached = self.table.len() as u64;
        self.stats.table_bytes = self.table.slot_bytes() as u64;
        self.refutations.follow_table(self.table.homes(), |component| self.table.hash(component));
    }

    /// Counts one node (a position about to be expanded): effort limit and progress.
    pub(crate) fn count_node(&mut self) -> Result<(), SearchError> {
        if self.stats.nodes >= self.limits.max_nodes {
            return Err(SearchError::EffortExceeded { limit: self.limits.max_nodes });
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
            if let Some(progress) = self.progress.as_mut() {
                progress(&self.stats);
            }
            if self.interrupt.as_ref().is_some_and(|stop| stop()) {
                return Err(SearchError::Interrupted { nodes: self.stats.nodes });
            }
            if let Some(mut checkpoint) = self.checkpoint.take() {
                let done = checkpoint(self);
                self.checkpoint = Some(checkpoint);
                done.map_err(|message| SearchError::CheckpointFailed { message })?;
            }
        }
        Ok(())
    }

    /// The options of `component` through [`SearchGame::option_parts`]: the value of every option
    /// whose parts the table knows, and the others with the parts it does not know (equal pairs
    /// among those cancelled). Only unknown parts are cloned. The pending options come easiest
    /// first by [`SearchGame::difficulty`] (the sum over their unknown parts; ties in the game's
    /// order), each with its hardest unknown part last.
    ///
    /// [`Search::expand_among`] with a requested set stops as soon as every requested value is the value of a
    /// known option (then none of them is the component's nimber, whatever the other options
    /// are): `Ok(None)`, counted in [`SearchStats::cut_while_expanding`](super::SearchStats).
    ///
    /// The values of the known options below 64 are noted among the component's refutations
    /// (they are not its nimber), under `hash` (its hash in the table).
    pub(crate) fn expand_among(
        &mut self,
        component: &G::Position,
        hash: u64,
        requested: &NimberSet,
    ) -> Result<Option<Expansion<G::Position>>, SearchError> {
        let (expansion, cut) = self.expand_until(component, Some(requested))?;
        let option_values = mask_below_64(expansion.known.iter().copied());
        self.note_not_nimbers(component, hash, option_values);
        Ok((!cut).then_some(expansion))
    }

    /// Notes among the refutations that the values of `mask` (below 64) are not the nimber of
    /// `component`, whose hash in the table is `hash`.
    pub(crate) fn note_not_nimbers(&mut self, component: &G::Position, hash: u64, mask: u64) {
        if mask != 0 {
            let owned = self.owned_bytes(component);
            self.refutations.note(component, hash, mask, owned);
        }
    }

    /// The bytes `component` owns besides its own size (what the table and the refutations
    /// count against their share of owned memory).
    fn owned_bytes(&self, component: &G::Position) -> usize {
        self.game.position_bytes(component).saturating_sub(std::mem::size_of::<G::Position>())
    }

    /// Every option of `component`, as [`Search::expand_among`] gives them.
    pub(crate) fn expand(&mut self, component: &G::Position) -> Result<Expansion<G::Position>, SearchError> {
        // Nothing requested: never cut.
        Ok(self.expand_until(component, None)?.0)
    }

    /// The expansion, and whether `requested` cut it short.
    fn expand_until(
        &mut self,
        component: &G::Position,
        requested: Option<&NimberSet>,
    ) -> Result<(Expansion<G::Position>, bool), SearchError> {
        let game = self.game;
        let table = &self.table;
        let interrupt = self.interrupt.as_deref();
        let nodes = self.stats.nodes;
        // The stack's room for this expansion: checked as the options come, so that a game with
        // huge options (Node-Kayles on a large graph) is refused before it fills the memory.
        let max_stack_bytes = self.stack_limit();
        let room = max_stack_bytes.saturating_sub(self.stack_bytes);
        let mut held = 0usize;
        // Options and parts seen since the caller's stop was last asked.
        let mut since_stop = 0usize;
        let mut refused: Option<SearchError> = None;
        let mut hits = 0u64;
        let mut cancelled = 0u64;
        let mut expansion = Expansion { known: Vec::new(), pending: Vec::new(), options: 0 };
        // Requested values not yet the value of a known option.
        let mut open = requested.map(|set| (set.clone(), set.len()));
        let mut cut = false;
        let mut sorted = true;
        // One option: its parts, each with its value if the table knows it.
        let mut record = |parts: &mut dyn Iterator<Item = (&G::Position, Option<u32>)>| {
            expansion.options += 1;
            let mut known_xor = 0;
            let mut unknown: SmallVec<[G::Position; 2]> = SmallVec::new();
            for (part, value) in parts {
                since_stop += 1;
                match value {
                    Some(v) => {
                        hits += 1;
                        known_xor ^= v;
                    }
                    // A part the game knows to be a P-position has nimber 0: nothing to ask.
                    None if game.known_outcome(part) == Some(Outcome::P) => {}
                    None => match unknown.iter().position(|p| p == part) {
                        Some(i) => {
                            unknown.remove(i);
                            cancelled += 1;
                        }
                        None => unknown.push(part.clone()),
                    },
                }
            }
            // One expansion can be long (many options, or options of many parts, each costing the
            // game work): the caller's stop is asked here too, after every few dozen of them.
            since_stop += 1;
            if since_stop >= WORK_BETWEEN_STOPS {
                since_stop = 0;
                if interrupt.is_some_and(|stop| stop()) {
                    refused = Some(SearchError::Interrupted { nodes });
                    return ControlFlow::Break(());
                }
            }
            held += if unknown.is_empty() {
                std::mem::size_of::<u32>()
            } else {
                std::mem::size_of::<Pending<G::Position>>()
                    + unknown.iter().map(|p| game.position_bytes(p)).sum::<usize>()
            };
            if held > room {
                refused = Some(SearchError::MemoryExceeded {
                    limit: max_stack_bytes,
                    needed: max_stack_bytes - room + held,
                });
                return ControlFlow::Break(());
            }
            if unknown.is_empty() {
                expansion.known.push(known_xor);
                if let Some((set, left)) = open.as_mut()
                    && set.contains(known_xor)
                {
                    set.remove(known_xor);
                    *left -= 1;
                    if *left == 0 {
                        cut = true;
                        return ControlFlow::Break(());
                    }
                }
            } else {
                // The hardest unknown part last: it gets the narrow question.
                let (mut hardest, mut hardest_difficulty, mut total) = (0, 0, 0u64);
                for (i, part) in unknown.iter().enumerate() {
                    let d = game.difficulty(part);
                    total = total.saturating_add(d);
                    if d > hardest_difficulty {
                        (hardest, hardest_difficulty) = (i, d);
                    }
                }
                let last = unknown.len() - 1;
                unknown.swap(hardest, last);
                sorted &= expansion.pending.last().is_none_or(|p| p.difficulty <= total);
                expansion.pending.push(Pending { unknown, known_xor, difficulty: total });
            }
            ControlFlow::Continue(())
        };
        if std::mem::needs_drop::<G::Position>() || table.slot_bytes() < self.prefetch_from {
            // Positions that own memory, or a table small enough for the cache: looked up at
            // once, never copied.
            game.option_parts(component, &mut |parts| {
                record(&mut parts.iter().map(|part| (part, table.get(part, game.dense_index(part)))))
            });
        } else {
            // Plain-data positions (Cram's boards): each option's parts are copied and their
            // windows of the table prefetched, and the option is looked up only once the game
            // has produced the next one. Producing an option takes about as long as a load
            // from memory, so in a table of gigabytes the lookups then find their windows in
            // the cache. Same options, values and order; the cut comes at the same option.
            // The option produced but not yet looked up; none once the cut stopped the game.
            let mut previous: Option<LookedUp<G::Position>> = None;
            game.option_parts(component, &mut |parts| {
                let mut current: LookedUp<G::Position> = SmallVec::new();
                for part in parts {
                    let lookup = table.dense_value(game.dense_index(part)).ok_or_else(|| {
                        let hash = table.hash(part);
                        table.prefetch(hash);
                        hash
                    });
                    current.push((part.clone(), lookup));
                }
                let settled = match previous.replace(current) {
                    Some(option) => record(&mut looked_up(table, &option)),
                    None => ControlFlow::Continue(()),
                };
                if settled.is_break() {
                    previous = None;
                }
                settled
            });
            if let Some(option) = previous {
                let _ = record(&mut looked_up(table, &option));
            }
        }
        self.stats.table_hits += hits;
        self.stats.pairs_cancelled += cancelled;
        if let Some(error) = refused {
            return Err(error);
        }
        if cut {
            self.stats.cut_while_expanding += 1;
            return Ok((expansion, true));
        }
        let max = u32::MAX as usize - 1;
        if expansion.options > max {
            return Err(SearchError::TooManyMoves { moves: expansion.options, max });
        }
        if !sorted {
            expansion.pending.sort_by_key(|p| p.difficulty); // stable: ties keep the game's order
        }
        Ok((expansion, false))
    }

    /// Bytes the stack holds for `pending`.
    pub(crate) fn pending_bytes(&self, pending: &[Pending<G::Position>]) -> usize {
        pending
            .iter()
            .map(|option| {
                std::mem::size_of::<Pending<G::Position>>()
                    + option.unknown.iter().map(|p| self.game.position_bytes(p)).sum::<usize>()
            })
            .sum()
    }

    /// Charges `bytes` to the stack, or fails past what it may use: its quarter of the budget
    /// and, beyond it, what the table has not allocated of its share (the table then stops
    /// growing into it). A game whose options come largest part first, with no `difficulty`,
    /// searches deep while its table is still small: the memory is the caller's either way.
    pub(crate) fn charge(&mut self, bytes: usize) -> Result<(), SearchError> {
        let needed = self.stack_bytes.saturating_add(bytes);
        if needed > self.max_stack_bytes {
            let lent = self.table.lend(needed - self.max_stack_bytes);
            self.max_stack_bytes += lent;
            self.lent_by_table += lent;
            if needed > self.max_stack_bytes {
                return Err(SearchError::MemoryExceeded { limit: self.max_stack_bytes, needed });
            }
        }
        self.stack_bytes = needed;
        self.stats.stack_bytes = needed as u64;
        self.stats.peak_stack_bytes = self.stats.peak_stack_bytes.max(needed as u64);
        Ok(())
    }

    /// Gives back `bytes` charged by [`Search::charge`].
    /// What the stack borrowed of the table's share and no longer holds goes back to the table.
    pub(crate) fn release(&mut self, bytes: usize) {
        self.stack_bytes -= bytes;
        self.stats.stack_bytes = self.stack_bytes as u64;
        if self.lent_by_table > 0 {
            self.repay_unused_loan();
        }
    }

    /// Starts a question with an empty stack: a question stopped by an error left its frames
    /// charged (their memory is gone with them), and what they took of the table's share goes
    /// back to the table.
    pub(crate) fn empty_stack(&mut self) {
        self.stack_bytes = 0;
        self.stats.stack_bytes = 0;
        self.repay_unused_loan();
    }

    /// Gives the table back what the stack borrowed beyond what it holds now (all of it once
    /// the stack is empty), so that its bound is the stack's quarter or what it holds.
    fn repay_unused_loan(&mut self) {
        let unused = (self.max_stack_bytes - self.stack_bytes).min(self.lent_by_table);
        self.table.repay(unused);
        self.max_stack_bytes -= unused;
        self.lent_by_table -= unused;
    }

    /// The most the stack may hold now: its own share and what the table could lend.
    fn stack_limit(&self) -> usize {
        self.max_stack_bytes.saturating_add(self.table.spare_bytes())
    }

    /// Notes a stack of `depth` frames.
    pub(crate) fn reached_depth(&mut self, depth: usize) {
        self.stats.max_depth = self.stats.max_depth.max(depth as u64);
    }
}
