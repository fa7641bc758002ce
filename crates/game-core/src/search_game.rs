//! The second layer of a game: what the search over components asks beyond the rules.

use std::ops::ControlFlow;

use crate::Game;

/// What the search over components ([`crate::search`]) asks of a game beyond its rules: how a
/// position falls apart into independent parts, a canonical form, a good order of moves, and
/// hints that save work. Every method has a default that is right for any game, so a game
/// with nothing to add writes one line:
///
/// ```
/// use game_core::search::{Search, SearchLimits};
/// use game_core::{Game, SearchGame};
///
/// struct Take134;
/// impl Game for Take134 {
///     type Position = u32;
///     fn moves(&self, heap: &u32) -> Vec<u32> {
///         [1, 3, 4].iter().filter(|&&s| s <= *heap).map(|s| heap - s).collect()
///     }
/// }
/// impl SearchGame for Take134 {}
///
/// let mut search = Search::new(&Take134, SearchLimits::default())?;
/// assert_eq!(search.nimber(&10)?, 1); // the values repeat 0 1 0 1 2 3 2 from heap 0
/// # Ok::<(), game_core::search::SearchError>(())
/// ```
///
/// **Rules.** The engine trusts these methods: one that disagrees with [`Game::moves`] gives
/// wrong values without any error. Each method states its rule; a game crate checks them all
/// on positions of its choice with one call, [`crate::testing::check_search_rules`], in its
/// tests. In short: every move of a position is a move of exactly one of its components
/// ([`SearchGame::components`]), parts are written canonically, [`SearchGame::option_parts`]
/// visits exactly the options of `moves` split by `components`, [`SearchGame::dense_index`]
/// never gives one index to two components, and [`SearchGame::known_outcome`] is right.
///
/// **Depth and memory.** The search recurses into the unknown parts of an option, so its
/// depth is the length of the longest chain of parts it has to value before it knows a
/// nimber. A game whose parts are heaps gets a shallow search from the defaults: the engine
/// looks at the parts it knows first and at the smallest unknown ones first. What changes
/// depth and memory is [`SearchGame::components`] (small parts keep the table small and the
/// search shallow), [`SearchGame::canonical`] (fewer distinct parts), and
/// [`SearchGame::order_moves`] or [`SearchGame::difficulty`] (which options are valued
/// first).
pub trait SearchGame: Game {
    /// Appends to `out` the independent components of `position`, each written canonically
    /// (see [`SearchGame::canonical`]): parts that are played as a disjunctive sum, so that the value
    /// of `position` is the XOR of theirs. Components without any move may be left out.
    ///
    /// Only the search engine ([`crate::search`]) uses it; the explicit-graph engine
    /// ([`explore`](crate::explore)) always works on whole positions. The default says the position does not
    /// fall apart: it appends `self.canonical(position)`. A game that overrides it must keep
    /// the rule the engine relies on: every move of `position` is a move of exactly one of its
    /// components, the others unchanged.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(self.canonical(position));
    }

    /// `position` written canonically: one representative of every position that is the same
    /// game up to a symmetry (a reflected board, relabelled vertices, reordered heaps), so that
    /// the search engine's transposition table finds it again. The default is the position as
    /// it is (no symmetry used). Only the search engine uses it.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Reorders `options`, the moves of `position` as [`Game::moves`] listed them, so that the
    /// search engine looks at the most promising first (for the pruned search: options likely
    /// to be P-positions or of small value, and small components). The default keeps the order.
    fn order_moves(&self, position: &Self::Position, options: &mut [Self::Position]) {
        let _ = (position, options);
    }

    /// The outcome of `component` (normal play) when a theorem gives it without search: Cram
    /// on an even by even board is a P-position (the second player copies every move by the
    /// half turn), on an even by odd board an N-position. The search engine takes it as given:
    /// a component said to be `P` has nimber 0 at once, wherever the engine meets it (an
    /// option's part, or the position asked about), and one said to be `N` is never asked "is
    /// your nimber 0?" (the aspiration method skips that question, the pruned search drops 0
    /// from what it asks). The explicit-graph engine does not use it. It must be right for
    /// every component it answers; a game that overrides it should test it against the
    /// explicit graph, and keep it cheap: the engine asks it of every part it does not find
    /// in its table. The default knows nothing.
    fn known_outcome(&self, component: &Self::Position) -> Option<crate::Outcome> {
        let _ = component;
        None
    }

    /// A small number naming `component`, if it has one: no two different components may share
    /// an index. The search engine then keeps the component's nimber in a plain array at that
    /// index (within its memory budget) instead of its hash table: no hashing, no key compared,
    /// nothing cloned. Natural for heap games (the heap's size) and any game whose small
    /// components can be numbered; components without an index, or whose index is past what
    /// the budget's array holds, go to the hash table. The default gives none.
    fn dense_index(&self, component: &Self::Position) -> Option<usize> {
        let _ = component;
        None
    }

    /// Calls `visit` for the options of `component`, one after another, each with its
    /// independent parts (as [`SearchGame::components`] writes them: each canonical, empty parts left
    /// out; an option with no parts is the end of the game), until `visit` returns
    /// [`ControlFlow::Break`]: the search stops asking as soon as the options seen settle its
    /// question, so a game that produces options lazily (in the order most likely to settle it
    /// early) saves the work of the rest.
    ///
    /// Only the search engine uses it, and only on components. The default is the definition:
    /// [`Game::moves`], reordered by [`SearchGame::order_moves`], each option split by
    /// [`SearchGame::components`] when it is visited. A game overrides it to go faster: the engine
    /// looks every part up in its table and clones only the parts it does not know, so a game
    /// that reuses its own buffers for the parts (Lasker's Nim: `[left]`, or `[a]` and
    /// `[h - a]`) makes the search allocate nothing per option. A game whose options are large
    /// (Node-Kayles: each option of a graph of V vertices holds up to V of them) should produce
    /// them one at a time: the default holds every option at once before the first is visited,
    /// while the engine charges each visited option to its memory budget as it comes, and asks
    /// the caller's stop every few dozen options. An override must visit exactly
    /// the options of [`Game::moves`] (until told to stop), split as [`SearchGame::components`]
    /// splits them.
    fn option_parts(
        &self,
        component: &Self::Position,
        visit: &mut dyn FnMut(&[Self::Position]) -> ControlFlow<()>,
    ) {
        let mut options = self.moves(component);
        self.order_moves(component, &mut options);
        let mut parts = Vec::new();
        for option in &options {
            parts.clear();
            self.components(option, &mut parts);
            if visit(&parts).is_break() {
                return;
            }
        }
    }

    /// An estimate of the work a search of `component` takes, in any unit (Cram: the square of
    /// its cells). The search engine tries the options whose unknown parts are easiest first
    /// and, within an option, values the easier parts in full and asks its narrow question
    /// ("is your value in this set?") of the hardest. The default, 0 for every part, keeps the
    /// order of [`SearchGame::option_parts`].
    fn difficulty(&self, component: &Self::Position) -> u64 {
        let _ = component;
        0
    }
}
