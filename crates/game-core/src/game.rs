//! Games given implicitly by their moves, and their materialisation as petgraph graphs.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

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
    /// A position of the game. Positions reachable from a start are collected in a hash map.
    type Position: Clone + Eq + Hash + Debug;

    /// Every position reachable in one move from `position` (its *options*).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;
}

impl<T: Game + ?Sized> Game for &T {
    type Position = T::Position;
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).moves(position)
    }
}

/// The reachable part of a game as an explicit petgraph graph, with the map back from positions.
///
/// Node weights are the positions; an arc `u -> v` is a move from `u` to `v`.
#[derive(Debug, Clone)]
pub struct GameGraph<P> {
    /// The graph; pass `&game_graph.graph` to any analysis of this crate.
    pub graph: DiGraph<P, ()>,
    /// Position -> node.
    pub index: HashMap<P, NodeIndex>,
}

impl<P: Clone + Eq + Hash + Debug> GameGraph<P> {
    /// The node of `position`, if it was reached.
    pub fn node(&self, position: &P) -> Option<NodeIndex> {
        self.index.get(position).copied()
    }

    /// The position at `node`.
    ///
    /// # Panics
    /// If `node` is not a node of this graph (an index from another graph).
    pub fn position(&self, node: NodeIndex) -> &P {
        &self.graph[node]
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
    /// lists: the Grundy benchmark runs about six times faster on it (see the crate doc). Worth
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

/// Materialises every position reachable from `roots` (roots included) into a graph.
///
/// Breadth-first, iterative; O(V + E) hash-map operations. A move listed twice gives one arc.
/// Fails with
/// [`GameError::NodeLimitExceeded`] as soon as more than `node_limit` positions are found,
/// so an unexpectedly large game costs bounded memory, not an out-of-memory abort.
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
    let mut graph = DiGraph::new();
    let mut index: HashMap<G::Position, NodeIndex> = HashMap::new();
    let mut queue = std::collections::VecDeque::new();
    let mut add = |p: G::Position,
                   graph: &mut DiGraph<G::Position, ()>,
                   queue: &mut std::collections::VecDeque<NodeIndex>|
     -> Result<NodeIndex, GameError> {
        if let Some(&n) = index.get(&p) {
            return Ok(n);
        }
        if graph.node_count() >= node_limit {
            return Err(GameError::NodeLimitExceeded { limit: node_limit });
        }
        let n = graph.add_node(p.clone());
        index.insert(p, n);
        queue.push_back(n);
        Ok(n)
    };
    for r in roots {
        add(r, &mut graph, &mut queue)?;
    }
    // last_source[v] == u  <=>  the arc u -> v exists already (a game may list a move twice).
    // O(1) per move, unlike `update_edge`, which scans u's arcs (quadratic in the out-degree).
    let mut last_source: Vec<usize> = Vec::new();
    while let Some(u) = queue.pop_front() {
        let options = game.moves(&graph[u]);
        for p in options {
            let v = add(p, &mut graph, &mut queue)?;
            if last_source.len() < graph.node_count() {
                last_source.resize(graph.node_count(), usize::MAX);
            }
            if last_source[v.index()] != u.index() {
                last_source[v.index()] = u.index();
                graph.add_edge(u, v, ());
            }
        }
    }
    Ok(GameGraph { graph, index })
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
