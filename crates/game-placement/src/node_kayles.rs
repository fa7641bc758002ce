//! Node-Kayles: players in turn pick a vertex of a graph, which removes it and its neighbours;
//! who cannot pick loses. The connected components of the remaining graph are the components,
//! each relabelled in a canonical order.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use game_core::{Game, SearchGame};
use petgraph::visit::{EdgeRef, IntoEdgeReferences, IntoNodeIdentifiers, NodeIndexable};

use crate::PlacementError;

/// The most vertices of a Node-Kayles graph.
pub const MAX_VERTICES: usize = 1 << 20;

/// Steps [`KaylesGraph::canonical`] may spend trying starts (each costs V + 2E: every vertex
/// and both ends of every edge).
const CANONICAL_WORK: usize = 1 << 20;

/// A simple undirected graph on vertices `0..n`, kept as sorted adjacency lists in one array
/// (compressed sparse rows): a Node-Kayles position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct KaylesGraph {
    /// `offsets[v]..offsets[v + 1]` are the positions of `v`'s neighbours in `targets`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl KaylesGraph {
    /// The graph with `n` vertices and the given edges (loops and repeated edges ignored;
    /// direction ignored).
    ///
    /// # Errors
    /// [`PlacementError::TooManyVertices`] past [`MAX_VERTICES`]; an edge naming a vertex
    /// `>= n` gives the same error with the vertex count it would need.
    pub fn from_edges(
        n: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Self, PlacementError> {
        if n > MAX_VERTICES {
            return Err(PlacementError::TooManyVertices { vertices: n, max: MAX_VERTICES });
        }
        let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (a, b) in edges {
            if a >= n || b >= n {
                return Err(PlacementError::TooManyVertices { vertices: a.max(b) + 1, max: n });
            }
            if a != b {
                adjacency[a].push(b as u32);
                adjacency[b].push(a as u32);
            }
        }
        Ok(Self::from_adjacency(adjacency))
    }

    /// The graph of any petgraph graph, vertices numbered by `NodeIndexable::to_index`
    /// (directions, loops and repeated edges ignored).
    ///
    /// # Errors
    /// [`PlacementError::TooManyVertices`] past [`MAX_VERTICES`].
    pub fn from_petgraph<G>(graph: G) -> Result<Self, PlacementError>
    where
        G: IntoEdgeReferences + IntoNodeIdentifiers + NodeIndexable,
    {
        let n = graph.node_bound();
        let edges = graph.edge_references().map(|e| (graph.to_index(e.source()), graph.to_index(e.target())));
        Self::from_edges(n, edges)
    }

    /// The path of `n` vertices.
    ///
    /// # Errors
    /// [`PlacementError::TooManyVertices`] past [`MAX_VERTICES`].
    pub fn path(n: usize) -> Result<Self, PlacementError> {
        Self::from_edges(n, (1..n).map(|v| (v - 1, v)))
    }

    fn from_adjacency(mut adjacency: Vec<Vec<u32>>) -> Self {
        let mut offsets = Vec::with_capacity(adjacency.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for list in &mut adjacency {
            list.sort_unstable();
            list.dedup();
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        KaylesGraph { offsets, targets }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `v`, increasing.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Every move, as the vertex picked with the graph it leaves (the rest relabelled
    /// `0..`, in increasing order of their old labels), vertex by vertex: the order of
    /// [`NodeKayles`]'s `moves`. A front end names a move by its vertex.
    pub fn picks(&self) -> Vec<(usize, KaylesGraph)> {
        let mut picker = Picker::new(self);
        (0..self.vertex_count()).map(|v| (v, picker.pick(v))).collect()
    }

    /// The subgraph induced by the vertices `keep` (in this order), relabelled `0..keep.len()`.
    fn induced(&self, keep: &[u32], label: &mut [u32]) -> KaylesGraph {
        for (new, &old) in keep.iter().enumerate() {
            label[old as usize] = new as u32;
        }
        let mut offsets = Vec::with_capacity(keep.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for &old in keep {
            let start = targets.len();
            targets.extend(
                self.neighbours(old as usize).iter().map(|&w| label[w as usize]).filter(|&w| w != u32::MAX),
            );
            targets[start..].sort_unstable();
            offsets.push(targets.len() as u32);
        }
        for &old in keep {
            label[old as usize] = u32::MAX;
        }
        KaylesGraph { offsets, targets }
    }

    /// The connected components (vertex lists, each in increasing order), by breadth-first search.
    pub fn component_vertices(&self) -> Vec<Vec<u32>> {
        let n = self.vertex_count();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        let mut queue = VecDeque::new();
        for start in 0..n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            queue.push_back(start as u32);
            let mut component = Vec::new();
            while let Some(v) = queue.pop_front() {
                component.push(v);
                for &w in self.neighbours(v as usize) {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        queue.push_back(w);
                    }
                }
            }
            component.sort_unstable();
            out.push(component);
        }
        out
    }

    /// How many vertices of least degree [`KaylesGraph::canonical`] tries as starts, at most.
    fn starts_tried(&self) -> usize {
        (CANONICAL_WORK / (self.vertex_count() + self.targets.len())).max(1)
    }

    /// The graph relabelled in a canonical order: for every vertex of least degree, the
    /// breadth-first order from it (neighbours by increasing degree, then label), keeping the
    /// least relabelled graph. Equal results are always isomorphic graphs; isomorphic paths,
    /// cycles and most trees get equal results (a cheap form, not a full canonical labelling).
    /// O(s (V + E) log), s the number of vertices of least degree, at most
    /// max(1, 2^20 / (V + 2E)) of them (the first by label): a star of 10^5 leaves would
    /// otherwise take 10^10 steps. Any relabelling is sound; fewer starts only make fewer
    /// isomorphic graphs meet in the search's table.
    pub fn canonical(&self) -> KaylesGraph {
        let n = self.vertex_count();
        if n == 0 {
            return self.clone();
        }
        let degree = |v: u32| self.neighbours(v as usize).len();
        let least = (0..n as u32).map(degree).min().expect("n > 0");
        let starts = self.starts_tried();
        let mut label = vec![u32::MAX; n];
        let mut best: Option<KaylesGraph> = None;
        // Buffers kept between starts and vertices: the search canonicalises every component of
        // every option (claim PL4: paths of up to 1000 vertices), so an allocation per vertex
        // would cost more than the order itself.
        let mut order = Vec::with_capacity(n);
        let mut placed = vec![false; n];
        let mut next: Vec<u32> = Vec::new();
        for start in (0..n as u32).filter(|&v| degree(v) == least).take(starts) {
            order.clear();
            placed.fill(false);
            placed[start as usize] = true;
            order.push(start);
            let mut head = 0;
            while head < order.len() {
                let v = order[head];
                head += 1;
                next.clear();
                next.extend(self.neighbours(v as usize).iter().copied().filter(|&w| !placed[w as usize]));
                next.sort_by_key(|&w| (degree(w), w));
                for &w in &next {
                    placed[w as usize] = true;
                    order.push(w);
                }
            }
            // Vertices of other components (none for a connected graph) in label order.
            order.extend((0..n as u32).filter(|&w| !placed[w as usize]));
            let image = self.induced(&order, &mut label);
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image);
            }
        }
        best.expect("some vertex has the least degree")
    }
}

/// Builds the options of one graph: the buffers of [`KaylesGraph::induced`] kept between them.
struct Picker<'a> {
    graph: &'a KaylesGraph,
    label: Vec<u32>,
    removed: Vec<bool>,
    keep: Vec<u32>,
}

impl<'a> Picker<'a> {
    fn new(graph: &'a KaylesGraph) -> Self {
        let n = graph.vertex_count();
        Picker { graph, label: vec![u32::MAX; n], removed: vec![false; n], keep: Vec::with_capacity(n) }
    }

    /// The graph left when `v` is picked: without `v` and its neighbours.
    fn pick(&mut self, v: usize) -> KaylesGraph {
        let graph = self.graph;
        self.removed[v] = true;
        for &w in graph.neighbours(v) {
            self.removed[w as usize] = true;
        }
        self.keep.clear();
        self.keep.extend((0..graph.vertex_count() as u32).filter(|&w| !self.removed[w as usize]));
        let option = graph.induced(&self.keep, &mut self.label);
        self.removed[v] = false;
        for &w in graph.neighbours(v) {
            self.removed[w as usize] = false;
        }
        option
    }
}

/// Node-Kayles on any simple graph.
///
/// ```
/// use game_core::search::{search_nimber, SearchLimits};
/// use game_placement::{KaylesGraph, NodeKayles};
/// use petgraph::graph::UnGraph;
///
/// // A path of n vertices is Dawson's chess (octal 0.137): the path of 3 vertices has nimber 2.
/// let path = KaylesGraph::path(3)?;
/// assert_eq!(search_nimber(&NodeKayles, &path, SearchLimits::default()).unwrap(), 2);
/// // A star K(1,3): picking the centre ends the game (0); picking a leaf leaves two lone
/// // vertices (1 XOR 1 = 0). So its nimber is 1.
/// let star = UnGraph::<(), ()>::from_edges([(0, 1), (0, 2), (0, 3)]);
/// let star = KaylesGraph::from_petgraph(&star)?;
/// assert_eq!(search_nimber(&NodeKayles, &star, SearchLimits::default()).unwrap(), 1);
/// # Ok::<(), game_placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeKayles;

impl Game for NodeKayles {
    type Position = KaylesGraph;

    /// Picking each vertex in turn, lowest label first (the canonical order puts vertices of
    /// least degree first).
    fn moves(&self, graph: &KaylesGraph) -> Vec<KaylesGraph> {
        graph.picks().into_iter().map(|(_, option)| option).collect()
    }

    fn position_bytes(&self, graph: &KaylesGraph) -> usize {
        std::mem::size_of::<KaylesGraph>() + 4 * (graph.offsets.capacity() + graph.targets.capacity())
    }
}

impl SearchGame for NodeKayles {
    /// The options one at a time, in the order of [`NodeKayles::moves`]: on a graph of V
    /// vertices the V options hold O(V^2) memory together, so the search sees (and charges,
    /// or refuses) each before the next is built.
    fn option_parts(&self, graph: &KaylesGraph, visit: &mut dyn FnMut(&[KaylesGraph]) -> ControlFlow<()>) {
        let mut picker = Picker::new(graph);
        let mut parts = Vec::new();
        for v in 0..graph.vertex_count() {
            let option = picker.pick(v);
            parts.clear();
            self.components(&option, &mut parts);
            if visit(&parts).is_break() {
                return;
            }
        }
    }

    fn components(&self, graph: &KaylesGraph, out: &mut Vec<KaylesGraph>) {
        let mut label = vec![u32::MAX; graph.vertex_count()];
        for vertices in graph.component_vertices() {
            out.push(graph.induced(&vertices, &mut label).canonical());
        }
    }

    fn canonical(&self, graph: &KaylesGraph) -> KaylesGraph {
        graph.canonical()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_graphs_are_typed_errors() {
        assert!(KaylesGraph::from_edges(3, [(0, 3)]).is_err());
        assert!(KaylesGraph::from_edges(MAX_VERTICES + 1, []).is_err());
        let g = KaylesGraph::from_edges(3, [(0, 1), (1, 0), (2, 2)]).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (3, 1));
    }

    #[test]
    fn paths_relabelled_from_either_end_agree() {
        let forward = KaylesGraph::path(5).unwrap();
        let scrambled = KaylesGraph::from_edges(5, [(3, 1), (1, 4), (4, 0), (0, 2)]).unwrap();
        assert_eq!(forward.canonical(), scrambled.canonical());
        assert_eq!(forward.canonical(), forward);
    }

    #[test]
    fn components_split_the_graph() {
        let g = KaylesGraph::from_edges(5, [(0, 1), (3, 4)]).unwrap();
        let mut parts = Vec::new();
        NodeKayles.components(&g, &mut parts);
        assert_eq!(
            parts,
            vec![KaylesGraph::path(2).unwrap(), KaylesGraph::path(1).unwrap(), KaylesGraph::path(2).unwrap()]
        );
        // Picking vertex 1 leaves the path 3-4 and the lone vertex 2.
        assert_eq!(NodeKayles.moves(&g)[1], KaylesGraph::from_edges(3, [(1, 2)]).unwrap());
    }

    #[test]
    fn options_one_at_a_time_are_the_moves_split_into_components() {
        // A cycle of 6 with a chord and a pendant vertex: options of several shapes.
        let g = KaylesGraph::from_edges(7, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3), (5, 6)])
            .unwrap();
        let mut expected = Vec::new();
        for option in NodeKayles.moves(&g) {
            let mut parts = Vec::new();
            NodeKayles.components(&option, &mut parts);
            expected.push(parts);
        }
        assert_eq!(expected.len(), 7);
        let mut seen = Vec::new();
        NodeKayles.option_parts(&g, &mut |parts| {
            seen.push(parts.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected);
        // A break stops at once.
        let mut calls = 0;
        NodeKayles.option_parts(&g, &mut |_| {
            calls += 1;
            ControlFlow::Break(())
        });
        assert_eq!(calls, 1);
    }

    #[test]
    fn a_star_of_many_leaves_is_written_from_few_starts_and_stays_a_star() {
        // 3 000 leaves: V + 2E = 9 001, so 116 starts are tried, not 3 000.
        let leaves = 3_000;
        let star = KaylesGraph::from_edges(leaves + 1, (1..=leaves).map(|v| (0, v))).unwrap();
        assert_eq!(star.starts_tried(), 116);
        assert_eq!(KaylesGraph::path(5).unwrap().starts_tried(), (1 << 20) / 13);
        let huge = KaylesGraph::from_edges(1 << 20, (1..1 << 20).map(|v| (0, v))).unwrap();
        assert_eq!(huge.starts_tried(), 1);
        let reversed = KaylesGraph::from_edges(leaves + 1, (0..leaves).map(|v| (leaves, v))).unwrap();
        let canonical = star.canonical();
        assert_eq!(canonical, reversed.canonical());
        // The centre comes second (after the first leaf), joined to every other vertex.
        assert_eq!(canonical.neighbours(1).len(), leaves);
        assert_eq!((canonical.vertex_count(), canonical.edge_count()), (leaves + 1, leaves));
        // Picking the centre leaves nothing (0); a leaf leaves 2 999 lone vertices (1): nimber 2.
        let limits = game_core::search::SearchLimits::new(1 << 30, u64::MAX);
        assert_eq!(game_core::search::search_nimber(&NodeKayles, &star, limits).unwrap(), 2);
    }
}
