//! Kernels of arbitrary directed graphs (Berge): checking a candidate, enumerating all.
//!
//! A kernel is a set K of nodes that is *independent* (no arc joins two members) and *absorbing*
//! (every node outside K has an arc into K). A finite acyclic graph has exactly one kernel, its
//! P-positions; a graph with cycles may have none (a directed 3-cycle) or several (an even cycle
//! has two). Deciding whether a kernel exists is NP-complete (Chvátal 1973), so
//! [`kernels`] is exponential in the worst case.

use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

use crate::loopy::Adjacency;

/// Is `members` (indexed by `to_index`; `true` = in the set) a kernel of `g`?
/// Independent and absorbing; a node with a self-loop can never be a member. O(V + E).
///
/// Returns `false` if `members` is shorter than the graph's node bound.
pub fn is_kernel<G>(g: G, members: &[bool]) -> bool
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    if members.len() < g.node_bound() {
        return false;
    }
    g.node_identifiers().all(|u| {
        let mut options = g.neighbors(u).map(|w| members[g.to_index(w)]);
        if members[g.to_index(u)] {
            !options.any(|m| m) // independent (covers self-loops too)
        } else {
            options.any(|m| m) // absorbed
        }
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Undecided,
    In,
    Out,
}

struct Search<'a> {
    adj: &'a Adjacency,
    state: Vec<State>,
    /// Per node, its arcs to options that are not `Out`; at zero the node cannot be absorbed,
    /// so it must be `In`. This retrograde rule alone solves acyclic graphs without branching.
    options_not_out: Vec<usize>,
    trail: Vec<usize>,
    queue: Vec<usize>,
}

impl Search<'_> {
    fn assign(&mut self, v: usize, s: State) -> bool {
        match self.state[v] {
            State::Undecided => {
                self.state[v] = s;
                if s == State::Out {
                    for &p in &self.adj.predecessors[v] {
                        self.options_not_out[p] -= 1;
                    }
                }
                self.trail.push(v);
                self.queue.push(v);
                true
            }
            current => current == s,
        }
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let v = self.trail.pop().expect("trail is longer than len");
            if self.state[v] == State::Out {
                for &p in &self.adj.predecessors[v] {
                    self.options_not_out[p] += 1;
                }
            }
            self.state[v] = State::Undecided;
        }
    }

    /// Checks an `Out` node: it needs an option that is `In` or could still be. With exactly one
    /// candidate left, that candidate is forced `In`.
    fn check_out(&mut self, u: usize) -> bool {
        let mut candidate = None;
        let mut candidates = 0;
        for &w in &self.adj.successors[u] {
            match self.state[w] {
                State::In => return true,
                State::Undecided if candidate != Some(w) => {
                    candidate = Some(w);
                    candidates += 1;
                }
                _ => {}
            }
        }
        match (candidates, candidate) {
            (0, _) => false,
            (1, Some(w)) => w != u && self.assign(w, State::In),
            _ => true,
        }
    }

    /// Propagates the consequences of the queued assignments; false on a contradiction.
    fn propagate(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            match self.state[v] {
                State::In => {
                    for i in 0..self.adj.successors[v].len() {
                        let w = self.adj.successors[v][i];
                        if !self.assign(w, State::Out) {
                            return false;
                        }
                    }
                    for i in 0..self.adj.predecessors[v].len() {
                        let w = self.adj.predecessors[v][i];
                        if !self.assign(w, State::Out) {
                            return false;
                        }
                    }
                }
                State::Out => {
                    if !self.check_out(v) {
                        return false;
                    }
                    for i in 0..self.adj.predecessors[v].len() {
                        let p = self.adj.predecessors[v][i];
                        let state = self.state[p];
                        match state {
                            State::Out if !self.check_out(p) => return false,
                            // `assign` of an undecided node cannot fail.
                            State::Undecided if self.options_not_out[p] == 0 => {
                                self.assign(p, State::In);
                            }
                            _ => {}
                        }
                    }
                }
                State::Undecided => unreachable!("only assigned nodes are queued"),
            }
        }
        true
    }
}

/// Every kernel of `g` (at most `max_kernels` of them), each as a sorted list of `to_index`
/// values, in lexicographic order of their membership vectors (members first).
///
/// Backtracking over the nodes in index order, with propagation: a member forces its neighbours
/// out; a non-member with a single remaining candidate option forces that option in; a node all
/// of whose options are out (a terminal node, say) is forced in. Worst case exponential in V
/// (a graph of k disjoint 2-cycles has 2^k kernels; deciding whether a kernel exists is
/// NP-complete). On an acyclic graph the last rule is retrograde analysis and decides every
/// node without branching: O(V + E). Iterative, so deep graphs do not overflow the stack.
///
/// ```
/// use petgraph::graph::DiGraph;
/// let triangle = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (2, 0)]);
/// assert!(game_core::kernels(&triangle, usize::MAX).is_empty());
/// let square = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (2, 3), (3, 0)]);
/// assert_eq!(game_core::kernels(&square, usize::MAX), vec![vec![0, 2], vec![1, 3]]);
/// ```
pub fn kernels<G>(g: G, max_kernels: usize) -> Vec<Vec<usize>>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let adj = Adjacency::new(g);
    let n = adj.successors.len();
    let mut search = Search {
        adj: &adj,
        state: vec![State::Undecided; n],
        options_not_out: adj.successors.iter().map(Vec::len).collect(),
        trail: Vec::new(),
        queue: Vec::new(),
    };
    let mut found = Vec::new();
    if max_kernels == 0 {
        return found;
    }
    // Holes in the index range are not nodes: treat them as decided, outside every kernel.
    // Self-loop nodes can never be members.
    let mut consistent = true;
    for v in 0..n {
        if !adj.present[v] {
            search.state[v] = State::Out;
        }
    }
    for v in 0..n {
        if adj.present[v] && adj.successors[v].contains(&v) {
            consistent &= search.assign(v, State::Out);
        }
    }
    // Terminal nodes cannot be absorbed: they are in every kernel.
    for v in 0..n {
        if adj.present[v] && adj.successors[v].is_empty() {
            consistent &= search.assign(v, State::In);
        }
    }
    consistent = consistent && search.propagate();
    if !consistent {
        return found;
    }
    // Decision stack: (trail length before the decision, node, the branch taken).
    let mut decisions: Vec<(usize, usize, State)> = Vec::new();
    let mut cursor = 0;
    let mut ok = true;
    loop {
        if ok {
            while cursor < n && search.state[cursor] != State::Undecided {
                cursor += 1;
            }
            if cursor == n {
                let kernel: Vec<usize> = (0..n).filter(|&v| search.state[v] == State::In).collect();
                found.push(kernel);
                if found.len() >= max_kernels {
                    return found;
                }
                ok = false;
                continue;
            }
            let v = cursor;
            decisions.push((search.trail.len(), v, State::In));
            search.assign(v, State::In);
            ok = search.propagate();
            continue;
        }
        // Backtrack to the latest decision whose second branch is still open.
        loop {
            let Some((len, v, branch)) = decisions.pop() else {
                return found;
            };
            search.queue.clear();
            search.undo_to(len);
            cursor = v;
            if branch == State::In {
                decisions.push((len, v, State::Out));
                search.assign(v, State::Out);
                ok = search.propagate();
                break;
            }
        }
    }
}
