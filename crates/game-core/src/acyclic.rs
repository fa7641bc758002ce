//! Analyses of finite acyclic game graphs: Grundy values, P-positions (the kernel), normal and
//! misère outcomes, winning moves.
//!
//! Every routine here is iterative (an explicit stack, no recursion), so a chain of millions of
//! positions does not overflow the call stack, and runs in O(V + E). Given a graph with a cycle
//! they return [`GameError::Cycle`] with one cycle as a witness.

use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

use crate::{GameError, Outcome};

/// Visits the nodes of an acyclic graph in post-order (every node after all of its successors),
/// calling `finish(g, node)` for each. Returns the cycle witness if there is a cycle.
fn postorder<G, F>(g: G, mut finish: F) -> Result<(), GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
    F: FnMut(G, G::NodeId),
{
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut colour = vec![WHITE; g.node_bound()];
    let mut stack: Vec<(G::NodeId, G::Neighbors)> = Vec::new();
    for root in g.node_identifiers() {
        if colour[g.to_index(root)] != WHITE {
            continue;
        }
        colour[g.to_index(root)] = GREY;
        stack.push((root, g.neighbors(root)));
        while let Some((node, successors)) = stack.last_mut() {
            let node = *node;
            match successors.next() {
                Some(next) => {
                    let i = g.to_index(next);
                    match colour[i] {
                        WHITE => {
                            colour[i] = GREY;
                            stack.push((next, g.neighbors(next)));
                        }
                        GREY => {
                            // `next` is on the stack: the stack from `next` to the top is a cycle.
                            let start = stack
                                .iter()
                                .position(|(n, _)| *n == next)
                                .expect("grey nodes are on the stack");
                            let cycle = stack[start..].iter().map(|(n, _)| g.to_index(*n)).collect();
                            return Err(GameError::Cycle { cycle });
                        }
                        _ => {}
                    }
                }
                None => {
                    colour[g.to_index(node)] = BLACK;
                    stack.pop();
                    finish(g, node);
                }
            }
        }
    }
    Ok(())
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
    let mut order = Vec::with_capacity(g.node_bound());
    postorder(g, |g, n| order.push(g.to_index(n)))?;
    Ok(order)
}

/// Sprague-Grundy values `g(v) = mex{ g(w) : v -> w }` of every node of an acyclic graph,
/// indexed by `to_index`. O(V + E) time, O(V) extra memory.
///
/// # Errors
/// [`GameError::Cycle`] with a witness cycle if the graph is not acyclic.
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
    let n = g.node_bound();
    let mut values = vec![0u32; n];
    // seen[x] == stamp  <=>  value x occurs among the current node's options.
    // A Grundy value never exceeds the number of nodes, so n + 1 slots suffice.
    let mut seen = vec![usize::MAX; n + 1];
    postorder(g, |g, node| {
        let stamp = g.to_index(node);
        for w in g.neighbors(node) {
            seen[values[g.to_index(w)] as usize] = stamp;
        }
        let mut mex = 0;
        while seen[mex] == stamp {
            mex += 1;
        }
        values[stamp] = mex as u32;
    })?;
    Ok(values)
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
    let mut out = vec![Outcome::P; g.node_bound()];
    postorder(g, |g, node| {
        let has_move_to_p = g.neighbors(node).any(|w| out[g.to_index(w)] == Outcome::P);
        out[g.to_index(node)] = if has_move_to_p { Outcome::N } else { Outcome::P };
    })?;
    Ok(out)
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
    let mut out = vec![Outcome::N; g.node_bound()];
    postorder(g, |g, node| {
        let mut options = g.neighbors(node).peekable();
        let terminal = options.peek().is_none();
        let has_move_to_p = options.any(|w| out[g.to_index(w)] == Outcome::P);
        out[g.to_index(node)] = if terminal || has_move_to_p { Outcome::N } else { Outcome::P };
    })?;
    Ok(out)
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
/// (Grundy value 0). Empty if `from` is itself a P-position.
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
