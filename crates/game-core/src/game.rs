//! Games given implicitly by their moves, and their materialisation as petgraph graphs.

use std::collections::VecDeque;
use std::fmt::Debug;
use std::hash::{BuildHasher, Hash, RandomState};

use hashbrown::HashTable;
use petgraph::csr::Csr;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::GameError;

/// An impartial game given implicitly: a type of positions and the moves from each.
///
/// Both players have the same moves; who moves last wins (normal play) or loses (misère play)
/// is decided by the analysis you call, not by the game.
///
/// Implementing it takes a few lines; here is the subtraction game "take 1, 3 or 4":
///
/// ```
/// use game_core::Game;
///
/// struct Take134;
/// impl Game for Take134 {
///     type Position = u32;
///     fn moves(&self, heap: &u32) -> Vec<u32> {
///         [1, 3, 4].iter().filter(|&&s| s <= *heap).map(|s| heap - s).collect()
///     }
/// }
/// assert_eq!(Take134.moves(&5), vec![4, 2, 1]);
/// ```
pub trait Game {
    /// A position of the game. Positions reachable from a start are collected in a hash table.
    type Position: Clone + Eq + Hash + Debug;

    /// Every position reachable in one move from `position` (its *options*).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Bytes `position` occupies when stored: used by [`explore_with`] to bound memory. The
    /// default, `size_of::<Self::Position>()`, is right for positions that own no heap memory;
    /// a game whose positions own some (a `Vec` of heaps, say) should add it, for example
    /// `size_of::<Vec<u64>>() + 8 * heaps.capacity()`.
    fn position_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        std::mem::size_of::<Self::Position>()
    }
}

impl<T: Game + ?Sized> Game for &T {
    type Position = T::Position;
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).moves(position)
    }
    fn position_bytes(&self, position: &Self::Position) -> usize {
        (**self).position_bytes(position)
    }
}

/// The reachable part of a game as an explicit petgraph graph, with the map back from positions.
///
/// Node weights are the positions; an arc `u -> v` is a move from `u` to `v`. Each position is
/// stored once, in the graph; the lookup table behind [`GameGraph::node`] holds node indices
/// only.
///
/// **Order.** Nodes are numbered in the order [`explore`] found them: the roots in the order
/// given, then breadth-first, each node's options in the order `moves` lists them. So node
/// indices, and every iteration of this type ([`GameGraph::positions`], [`GameGraph::iter`]),
/// are deterministic whenever `moves` is: nothing depends on hashing. Use
/// [`GameGraph::sorted_positions`] for an order that does not depend on the exploration either.
#[derive(Debug, Clone)]
pub struct GameGraph<P> {
    /// The graph; pass `&game_graph.graph` to any analysis of this crate.
    pub graph: DiGraph<P, ()>,
    index: HashTable<NodeIndex>,
    hasher: RandomState,
}

impl<P: Clone + Eq + Hash + Debug> GameGraph<P> {
    /// The node of `position`, if it was reached. O(1) expected.
    pub fn node(&self, position: &P) -> Option<NodeIndex> {
        let hash = self.hasher.hash_one(position);
        self.index.find(hash, |&n| self.graph[n] == *position).copied()
    }

    /// The position at `node`.
    ///
    /// # Panics
    /// If `node` is not a node of this graph (an index from another graph).
    pub fn position(&self, node: NodeIndex) -> &P {
        &self.graph[node]
    }

    /// Every position, in node-index order (see the type's doc: deterministic).
    pub fn positions(&self) -> impl Iterator<Item = &P> {
        self.graph.node_weights()
    }

    /// Every (node, position) pair, in node-index order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeIndex, &P)> {
        self.graph.node_indices().map(|n| (n, &self.graph[n]))
    }

    /// Every position in increasing order, with its node: an order independent of how the
    /// graph was explored. O(V log V).
    pub fn sorted_positions(&self) -> Vec<(&P, NodeIndex)>
    where
        P: Ord,
    {
        let mut out: Vec<(&P, NodeIndex)> = self.iter().map(|(n, p)| (p, n)).collect();
        out.sort_unstable();
        out
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// True if no position was reached (no roots were given).
    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }

    /// The same graph in compressed sparse row form, with the same node numbers.
    ///
    /// Analyses on a `Csr` walk contiguous successor arrays instead of petgraph's linked edge
    /// lists: the Grundy benchmark runs faster on it (ratios in BENCHMARKS.md). Worth
    /// it when a large graph is analysed more than once or is very large. O(V + E log d), d the
    /// largest out-degree.
    ///
    /// ```
    /// use game_core::{explore, grundy_values, Game};
    /// struct Nim1;
    /// impl Game for Nim1 {
    ///     type Position = u8;
    ///     fn moves(&self, h: &u8) -> Vec<u8> { (0..*h).collect() }
    /// }
    /// let g = explore(&Nim1, [9u8, 3], 100).unwrap();
    /// let csr = g.to_csr();
    /// assert_eq!(grundy_values(&csr).unwrap(), grundy_values(&g.graph).unwrap());
    /// ```
    pub fn to_csr(&self) -> Csr<(), (), petgraph::Directed, u32> {
        let mut arcs: Vec<(u32, u32)> = Vec::with_capacity(self.graph.edge_count());
        let mut targets: Vec<u32> = Vec::new();
        for u in self.graph.node_indices() {
            targets.clear();
            targets.extend(self.graph.neighbors(u).map(|w| w.index() as u32));
            targets.sort_unstable();
            arcs.extend(targets.iter().map(|&t| (u.index() as u32, t)));
        }
        let mut csr = Csr::from_sorted_edges(&arcs).expect("arcs are sorted by source, then target");
        // `from_sorted_edges` numbers nodes up to the largest one with an arc; add the rest.
        while csr.node_count() < self.graph.node_count() {
            csr.add_node(());
        }
        csr
    }
}

/// Bounds for [`explore_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExploreLimits {
    /// Most positions stored.
    pub max_positions: usize,
    /// Most bytes of estimated memory: per position [`Game::position_bytes`] plus
    /// [`NODE_OVERHEAD_BYTES`], per arc [`ARC_BYTES`]. Growing vectors may briefly hold up to
    /// twice their contents while they move.
    pub max_bytes: usize,
}

/// Estimated bytes per position besides [`Game::position_bytes`]: the graph node's arc links,
/// its lookup-table slot and its place in the work queue.
pub const NODE_OVERHEAD_BYTES: usize = 32;

/// Estimated bytes per arc (a petgraph edge: two node and two edge indices).
pub const ARC_BYTES: usize = 16;

/// Materialises every position reachable from `roots` (roots included) into a graph.
///
/// Breadth-first, iterative; O(V + E) hash-table operations. A move listed twice gives one arc.
/// Fails with
/// [`GameError::NodeLimitExceeded`] as soon as more than `node_limit` positions are found,
/// so an unexpectedly large game costs bounded memory, not an out-of-memory abort. Node order:
/// see [`GameGraph`]. [`explore_with`] bounds the memory as well.
///
/// ```
/// use game_core::{explore, grundy_values, Game};
/// struct Nim1;
/// impl Game for Nim1 {
///     type Position = u8;
///     fn moves(&self, h: &u8) -> Vec<u8> { (0..*h).collect() }
/// }
/// let g = explore(&Nim1, [5u8], 100).unwrap();
/// assert_eq!(g.len(), 6);
/// let values = grundy_values(&g.graph).unwrap();
/// assert_eq!(values[g.node(&5).unwrap().index()], 5);
/// assert!(explore(&Nim1, [200u8], 100).is_err());
/// ```
pub fn explore<G: Game>(
    game: &G,
    roots: impl IntoIterator<Item = G::Position>,
    node_limit: usize,
) -> Result<GameGraph<G::Position>, GameError> {
    explore_with(game, roots, ExploreLimits { max_positions: node_limit, max_bytes: usize::MAX })
}

/// [`explore`] under a position limit and a memory limit (see [`ExploreLimits`] for the
/// estimate). Fails with [`GameError::NodeLimitExceeded`] or
/// [`GameError::MemoryLimitExceeded`] (saying how much the positions found so far need) before
/// storing the position or arc that would go beyond a limit.
///
/// ```
/// use game_core::{explore_with, ExploreLimits, Game, GameError};
/// /// Positions are lists of heaps; each owns heap memory.
/// struct Halving;
/// impl Game for Halving {
///     type Position = Vec<u64>;
///     fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
///         (0..heaps.len()).filter(|&i| heaps[i] > 0).map(|i| {
///             let mut next = heaps.clone();
///             next[i] /= 2;
///             next
///         }).collect()
///     }
///     fn position_bytes(&self, heaps: &Vec<u64>) -> usize {
///         std::mem::size_of::<Vec<u64>>() + 8 * heaps.capacity()
///     }
/// }
/// let limits = ExploreLimits { max_positions: 1_000_000, max_bytes: 10_000 };
/// assert!(explore_with(&Halving, [vec![3, 3]], limits).is_ok());
/// match explore_with(&Halving, [vec![1 << 20; 8]], limits) {
///     Err(GameError::MemoryLimitExceeded { limit, needed }) => assert!(limit == 10_000 && needed > limit),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn explore_with<G: Game>(
    game: &G,
    roots: impl IntoIterator<Item = G::Position>,
    limits: ExploreLimits,
) -> Result<GameGraph<G::Position>, GameError> {
    let mut explored =
        GameGraph { graph: DiGraph::new(), index: HashTable::new(), hasher: RandomState::new() };
    let mut queue = VecDeque::new();
    let mut bytes: usize = 0;
    let add = |p: G::Position,
               explored: &mut GameGraph<G::Position>,
               queue: &mut VecDeque<NodeIndex>,
               bytes: &mut usize|
     -> Result<NodeIndex, GameError> {
        let hash = explored.hasher.hash_one(&p);
        let graph = &explored.graph;
        if let Some(&n) = explored.index.find(hash, |&n| graph[n] == p) {
            return Ok(n);
        }
        if graph.node_count() >= limits.max_positions {
            return Err(GameError::NodeLimitExceeded { limit: limits.max_positions });
        }
        let needed = bytes.saturating_add(game.position_bytes(&p)).saturating_add(NODE_OVERHEAD_BYTES);
        if needed > limits.max_bytes {
            return Err(GameError::MemoryLimitExceeded { limit: limits.max_bytes, needed });
        }
        *bytes = needed;
        let n = explored.graph.add_node(p);
        let (graph, hasher) = (&explored.graph, &explored.hasher);
        explored.index.insert_unique(hash, n, |&m| hasher.hash_one(&graph[m]));
        queue.push_back(n);
        Ok(n)
    };
    for r in roots {
        add(r, &mut explored, &mut queue, &mut bytes)?;
    }
    // last_source[v] == u  <=>  the arc u -> v exists already (a game may list a move twice).
    // O(1) per move, unlike `update_edge`, which scans u's arcs (quadratic in the out-degree).
    let mut last_source: Vec<usize> = Vec::new();
    while let Some(u) = queue.pop_front() {
        let options = game.moves(&explored.graph[u]);
        for p in options {
            let v = add(p, &mut explored, &mut queue, &mut bytes)?;
            if last_source.len() < explored.graph.node_count() {
                last_source.resize(explored.graph.node_count(), usize::MAX);
            }
            if last_source[v.index()] != u.index() {
                last_source[v.index()] = u.index();
                let needed = bytes.saturating_add(ARC_BYTES);
                if needed > limits.max_bytes {
                    return Err(GameError::MemoryLimitExceeded { limit: limits.max_bytes, needed });
                }
                bytes = needed;
                explored.graph.add_edge(u, v, ());
            }
        }
    }
    Ok(explored)
}

/// The disjunctive sum of two games: a move is a move in exactly one component.
///
/// By the Sprague-Grundy theorem the Grundy value of `(a, b)` is `G(a) XOR G(b)`.
///
/// ```
/// use game_core::{explore, grundy_values, Game, Sum};
/// struct Nim1;
/// impl Game for Nim1 {
///     type Position = u8;
///     fn moves(&self, h: &u8) -> Vec<u8> { (0..*h).collect() }
/// }
/// let sum = Sum(Nim1, Nim1);
/// let g = explore(&sum, [(5u8, 3u8)], 1000).unwrap();
/// let values = grundy_values(&g.graph).unwrap();
/// assert_eq!(values[g.node(&(5, 3)).unwrap().index()], 5 ^ 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sum<A, B>(pub A, pub B);

impl<A: Game, B: Game> Game for Sum<A, B> {
    type Position = (A::Position, B::Position);
    fn moves(&self, (a, b): &Self::Position) -> Vec<Self::Position> {
        let mut out: Vec<Self::Position> = self.0.moves(a).into_iter().map(|a2| (a2, b.clone())).collect();
        out.extend(self.1.moves(b).into_iter().map(|b2| (a.clone(), b2)));
        out
    }
}

/// The moves of a sum of heaps of one heap game, the position kept as a list of heap sizes.
///
/// A move changes exactly one heap: a heap of size `h` is replaced by each list of heaps that
/// `heap_options(h)` yields (no heap: it is gone; one: it shrank; several: it split), the other
/// heaps kept, and each result is passed through `canonical` (typically: sort, drop the heaps
/// that have no move). Equal heaps have the same options, so in a sorted position each size is
/// moved once. The options come heap by heap, each in the order `heap_options` yields them.
/// Time and memory are proportional to the options times the number of heaps.
///
/// ```
/// use game_core::heap_sum_moves;
/// // Nim: a heap of h counters can become any smaller heap (0: it is gone).
/// let canonical = |heaps: &[u64]| {
///     let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
///     out.sort_unstable();
///     out
/// };
/// let options = heap_sum_moves(&[1, 2, 2], |h| (0..h).map(|s| [s]), canonical);
/// // The heap of 1 empties; one of the two heaps of 2 (not each) becomes 0 or 1.
/// assert_eq!(options, vec![vec![2, 2], vec![1, 2], vec![1, 1, 2]]);
/// ```
pub fn heap_sum_moves<I>(
    heaps: &[u64],
    mut heap_options: impl FnMut(u64) -> I,
    canonical: impl Fn(&[u64]) -> Vec<u64>,
) -> Vec<Vec<u64>>
where
    I: IntoIterator,
    I::Item: IntoIterator<Item = u64>,
{
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        for parts in heap_options(h) {
            let mut next = Vec::with_capacity(heaps.len() + 1);
            next.extend_from_slice(&heaps[..i]);
            next.extend_from_slice(&heaps[i + 1..]);
            next.extend(parts);
            out.push(canonical(&next));
        }
    }
    out
}
