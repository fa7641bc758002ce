//! Analyses of finite acyclic game graphs: Grundy values, P-positions (the kernel), normal and
//! misère outcomes, winning moves.
//!
//! Every routine here is iterative (an explicit stack, no recursion), so a chain of millions of
//! positions does not overflow the call stack, and runs in O(V + E). Given a graph with a cycle
//! they return [`GameError::Cycle`] with one cycle as a witness.

use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

use crate::{GameError, Outcome};

/// The per-node results of one acyclic analysis, filled in post-order by [`solve_in_postorder`].
trait PostorderAnalysis<G: IntoNeighbors + NodeIndexable> {
    /// Has node `index` got its result?
    fn is_finished(&self, index: usize) -> bool;

    /// Computes and stores the result of `node` if every option of `node` is finished, and says
    /// whether it did. It must not finish a node while an option is unfinished, even when the
    /// result is already decided: every arc has to be looked at, or a cycle could go unnoticed.
    fn try_finish(&mut self, g: G, node: G::NodeId) -> bool;
}

/// Finishes every node of an acyclic graph, each after all of its options, or returns a cycle.
///
/// Each node is first tried directly (one walk over its options); when an option is still
/// unfinished, an iterative depth-first search with an explicit stack (no recursion, so a chain
/// of millions of nodes is fine) finishes the options first. When the nodes come in an order
/// where options precede them (a common case: positions numbered from the end of the game),
/// this is a single pass over the arcs. O(V + E): a node's options are walked at most three
/// times (direct try, search, final try).
fn solve_in_postorder<G, A>(g: G, analysis: &mut A) -> Result<(), GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
    A: PostorderAnalysis<G>,
{
    let mut on_stack = vec![false; g.node_bound()];
    let mut stack: Vec<(G::NodeId, G::Neighbors)> = Vec::new();
    for root in g.node_identifiers() {
        let root_index = g.to_index(root);
        if analysis.is_finished(root_index) || analysis.try_finish(g, root) {
            continue;
        }
        on_stack[root_index] = true;
        stack.push((root, g.neighbors(root)));
        while let Some((node, successors)) = stack.last_mut() {
            let node = *node;
            match successors.next() {
                Some(next) => {
                    let i = g.to_index(next);
                    if analysis.is_finished(i) {
                        continue;
                    }
                    if on_stack[i] {
                        // `next` is on the stack: the stack from `next` to the top is a cycle.
                        let start = stack
                            .iter()
                            .position(|(n, _)| *n == next)
                            .expect("nodes marked on_stack are on the stack");
                        let cycle = stack[start..].iter().map(|(n, _)| g.to_index(*n)).collect();
                        return Err(GameError::Cycle { cycle });
                    }
                    if !analysis.try_finish(g, next) {
                        on_stack[i] = true;
                        stack.push((next, g.neighbors(next)));
                    }
                }
                None => {
                    stack.pop();
                    on_stack[g.to_index(node)] = false;
                    let finished = analysis.try_finish(g, node);
                    debug_assert!(finished, "every option of a popped node is finished");
                }
            }
        }
    }
    Ok(())
}

/// Result slot of a node not finished yet (Grundy values and stamps are below the node bound,
/// which is checked to be below `u32::MAX`).
const UNFINISHED: u32 = u32::MAX;

/// The node bound as a `u32`, or the error saying the graph is too large for `u32` results.
fn bound_as_u32<G: NodeIndexable>(g: G) -> Result<u32, GameError> {
    let nodes = g.node_bound();
    match u32::try_from(nodes) {
        Ok(n) if n < UNFINISHED => Ok(n),
        _ => Err(GameError::GraphTooLarge { nodes, max: UNFINISHED as usize - 1 }),
    }
}

struct TopologicalOrder {
    finished: Vec<bool>,
    order: Vec<usize>,
}

impl<G: IntoNeighbors + NodeIndexable> PostorderAnalysis<G> for TopologicalOrder {
    fn is_finished(&self, index: usize) -> bool {
        self.finished[index]
    }

    fn try_finish(&mut self, g: G, node: G::NodeId) -> bool {
        if !g.neighbors(node).all(|w| self.finished[g.to_index(w)]) {
            return false;
        }
        let i = g.to_index(node);
        self.finished[i] = true;
        self.order.push(i);
        true
    }
}

/// The nodes of an acyclic graph ordered so that every node comes after all of its successors
/// (terminal positions first), as `to_index` values. O(V + E).
///
/// # Errors
/// [`GameError::Cycle`] if the graph has a cycle (a self-loop counts).
pub fn reverse_topological_order<G>(g: G) -> Result<Vec<usize>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let n = g.node_bound();
    let mut analysis = TopologicalOrder { finished: vec![false; n], order: Vec::with_capacity(n) };
    solve_in_postorder(g, &mut analysis)?;
    Ok(analysis.order)
}

struct GrundyValues {
    /// The value of each node, or `UNFINISHED`.
    values: Vec<u32>,
    /// `seen[x] == i` <=> value `x` occurs among the options of node `i` (the node being
    /// finished). A Grundy value never exceeds the number of nodes, so `n + 1` slots suffice.
    /// Stale marks from an abandoned try of the same node are harmless: they record values of
    /// options that were finished then and keep their value.
    seen: Vec<u32>,
}

impl<G: IntoNeighbors + NodeIndexable> PostorderAnalysis<G> for GrundyValues {
    fn is_finished(&self, index: usize) -> bool {
        self.values[index] != UNFINISHED
    }

    fn try_finish(&mut self, g: G, node: G::NodeId) -> bool {
        // Disjoint slices, so the compiler knows a store into `seen` leaves `values` alone.
        let (values, seen) = (&mut self.values[..], &mut self.seen[..]);
        let index = g.to_index(node);
        let stamp = index as u32; // below the node bound, which fits in u32 (bound_as_u32)
        for w in g.neighbors(node) {
            let value = values[g.to_index(w)];
            if value == UNFINISHED {
                return false;
            }
            seen[value as usize] = stamp;
        }
        let mut mex = 0;
        while seen[mex] == stamp {
            mex += 1;
        }
        values[index] = mex as u32; // mex <= number of nodes < u32::MAX
        true
    }
}

/// Sprague-Grundy values `g(v) = mex{ g(w) : v -> w }` of every node of an acyclic graph,
/// indexed by `to_index` (holes in the index range of a stable graph get 0). O(V + E) time,
/// O(V) extra memory; a single pass over the arcs when options have smaller indices.
///
/// # Errors
/// [`GameError::Cycle`] with a witness cycle if the graph is not acyclic;
/// [`GameError::GraphTooLarge`] if the node bound does not fit the `u32` values.
///
/// ```
/// use petgraph::graph::DiGraph;
/// // 0 -> 1 -> 2, 0 -> 2: values 2, 1, 0.
/// let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (0, 2)]);
/// assert_eq!(game_core::grundy_values(&g).unwrap(), vec![2, 1, 0]);
/// ```
pub fn grundy_values<G>(g: G) -> Result<Vec<u32>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let n = bound_as_u32(g)? as usize;
    let mut analysis = GrundyValues { values: vec![UNFINISHED; n], seen: vec![UNFINISHED; n + 1] };
    solve_in_postorder(g, &mut analysis)?;
    let mut values = analysis.values;
    // Holes of a stable graph were never finished.
    for value in values.iter_mut().filter(|v| **v == UNFINISHED) {
        *value = 0;
    }
    Ok(values)
}

/// Normal or misère outcomes as they are being computed.
struct Outcomes {
    out: Vec<Option<Outcome>>,
    misere: bool,
}

impl<G: IntoNeighbors + NodeIndexable> PostorderAnalysis<G> for Outcomes {
    fn is_finished(&self, index: usize) -> bool {
        self.out[index].is_some()
    }

    fn try_finish(&mut self, g: G, node: G::NodeId) -> bool {
        let mut terminal = true;
        let mut has_move_to_p = false;
        for w in g.neighbors(node) {
            match self.out[g.to_index(w)] {
                None => return false,
                Some(o) => has_move_to_p |= o == Outcome::P,
            }
            terminal = false;
        }
        let wins = has_move_to_p || (self.misere && terminal);
        self.out[g.to_index(node)] = Some(if wins { Outcome::N } else { Outcome::P });
        true
    }
}

fn acyclic_outcomes<G>(g: G, misere: bool) -> Result<Vec<Outcome>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let mut analysis = Outcomes { out: vec![None; g.node_bound()], misere };
    solve_in_postorder(g, &mut analysis)?;
    // Holes of a stable graph were never finished; they are reported like a terminal position.
    let hole = if misere { Outcome::N } else { Outcome::P };
    Ok(analysis.out.into_iter().map(|o| o.unwrap_or(hole)).collect())
}

/// Normal-play outcome of every node of an acyclic graph: `P` (the player who just moved wins)
/// or `N` (the player to move wins). O(V + E).
///
/// # Errors
/// [`GameError::Cycle`] if the graph has a cycle.
pub fn outcomes<G>(g: G) -> Result<Vec<Outcome>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    acyclic_outcomes(g, false)
}

/// The P-positions of an acyclic graph, which are its unique kernel, as sorted `to_index` values.
///
/// # Errors
/// [`GameError::Cycle`] if the graph has a cycle.
pub fn p_positions<G>(g: G) -> Result<Vec<usize>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let out = outcomes(g)?;
    let mut kernel: Vec<usize> =
        g.node_identifiers().map(|n| g.to_index(n)).filter(|&i| out[i] == Outcome::P).collect();
    kernel.sort_unstable();
    Ok(kernel)
}

/// Misère-play outcome of every node of an acyclic graph (the player who cannot move *wins*).
/// A terminal position is `N`; otherwise a node is `P` iff every option is `N`. O(V + E).
///
/// # Errors
/// [`GameError::Cycle`] if the graph has a cycle.
pub fn misere_outcomes<G>(g: G) -> Result<Vec<Outcome>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    acyclic_outcomes(g, true)
}

/// The options of `from` whose value (from `values`, indexed by `to_index`) equals `target`,
/// without repeats, in the graph's neighbour order.
///
/// With `target = 0` and Grundy values these are the winning moves; with a sum's target
/// `g(from) XOR g(other components)` they are the moves that win in a sum.
pub fn moves_to_value<G>(g: G, values: &[u32], from: G::NodeId, target: u32) -> Vec<G::NodeId>
where
    G: IntoNeighbors + NodeIndexable,
{
    let mut found: Vec<G::NodeId> = Vec::new();
    for w in g.neighbors(from) {
        if values.get(g.to_index(w)) == Some(&target) && !found.contains(&w) {
            found.push(w);
        }
    }
    found
}

/// All winning moves from `from` in normal play: the options that are P-positions
/// (Grundy value 0), without repeats. Empty if `from` is itself a P-position.
///
/// O(V + E), since it solves the whole graph: for many queries compute [`outcomes`] or
/// [`grundy_values`] once and use [`moves_to_value`].
///
/// # Errors
/// [`GameError::Cycle`] if the graph has a cycle.
pub fn winning_moves<G>(g: G, from: G::NodeId) -> Result<Vec<G::NodeId>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let out = outcomes(g)?;
    let mut found: Vec<G::NodeId> = Vec::new();
    for w in g.neighbors(from) {
        if out[g.to_index(w)] == Outcome::P && !found.contains(&w) {
            found.push(w);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use petgraph::visit::{GraphBase, NodeIndexable};

    use super::{UNFINISHED, bound_as_u32};
    use crate::GameError;

    /// A graph that only reports a node bound: graphs of 2^32 nodes cannot be built in a test.
    #[derive(Clone, Copy)]
    struct Bound(usize);

    impl GraphBase for Bound {
        type NodeId = usize;
        type EdgeId = ();
    }

    impl NodeIndexable for Bound {
        fn node_bound(&self) -> usize {
            self.0
        }
        fn to_index(&self, a: usize) -> usize {
            a
        }
        fn from_index(&self, i: usize) -> usize {
            i
        }
    }

    /// The largest node bound whose results fit in `u32` next to the `UNFINISHED` mark is
    /// accepted; one more is a typed error, found before anything is allocated.
    #[test]
    fn the_node_bound_must_leave_room_for_the_unfinished_mark() {
        let largest = UNFINISHED as usize - 1;
        assert_eq!(bound_as_u32(Bound(largest)).unwrap(), UNFINISHED - 1);
        assert_eq!(bound_as_u32(Bound(0)).unwrap(), 0);
        for too_large in [largest + 1, usize::MAX] {
            match bound_as_u32(Bound(too_large)) {
                Err(GameError::GraphTooLarge { nodes, max }) => {
                    assert_eq!((nodes, max), (too_large, largest))
                }
                other => panic!("{too_large} nodes: {other:?}"),
            }
        }
    }
}
