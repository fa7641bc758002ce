//! Kernels of arbitrary directed graphs (Berge): checking a candidate, listing and counting all,
//! under an effort limit.
//!
//! A kernel is a set K of nodes that is *independent* (no arc joins two members) and *absorbing*
//! (every node outside K has an arc into K). A finite acyclic graph has exactly one kernel, its
//! P-positions; a graph with cycles may have none (a directed 3-cycle) or several (an even cycle
//! has two). Deciding whether a kernel exists is NP-complete (Chvátal 1973), so [`kernels`] and
//! [`count_kernels`] are exponential in the worst case; both take a step limit and fail with
//! [`GameError::StepLimitExceeded`] instead of running for hours.
//!
//! Both decompose first. A kernel of a graph is a kernel of each weakly connected component and
//! any choice of one kernel per component is a kernel, so the kernels are the product of the
//! components' kernels: counts multiply, and one component without a kernel settles the graph
//! without looking at the others. A *sink* strongly connected component (no arc leaves it) must
//! also contain a kernel of its own, since a kernel meets it in a kernel of it; such parts are
//! checked on their own first, smallest first.

use num_bigint::BigUint;
use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

use crate::GameError;
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

/// The result of [`kernels`]: the kernels listed, and whether that is all of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelList {
    /// Kernels found, at most the `max_kernels` asked for, each as a sorted list of `to_index`
    /// values, in the order documented at [`kernels`].
    pub kernels: Vec<Vec<usize>>,
    /// True if `kernels` is every kernel of the graph (proven: an empty complete list means the
    /// graph has no kernel). False if the listing stopped at `max_kernels` with more left.
    pub complete: bool,
}

/// Work counter shared by every search of one call.
struct Budget {
    used: u64,
    limit: u64,
}

impl Budget {
    fn spend(&mut self, steps: usize) -> Result<(), GameError> {
        self.used = self.used.saturating_add(steps as u64);
        if self.used > self.limit { Err(GameError::StepLimitExceeded { limit: self.limit }) } else { Ok(()) }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Undecided,
    In,
    Out,
}

/// A part of the graph searched on its own: its nodes (global indices, ascending) and its arcs
/// in local numbering (arcs leaving the part are dropped).
struct Part {
    nodes: Vec<usize>,
    successors: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
}

impl Part {
    /// The part induced by `nodes` (ascending global indices); `local` maps global to local
    /// indices and is left as it was found (all `usize::MAX`).
    fn induced(adj: &Adjacency, nodes: Vec<usize>, local: &mut [usize]) -> Part {
        for (i, &v) in nodes.iter().enumerate() {
            local[v] = i;
        }
        let mut successors = vec![Vec::new(); nodes.len()];
        let mut predecessors = vec![Vec::new(); nodes.len()];
        for (i, &v) in nodes.iter().enumerate() {
            for &w in &adj.successors[v] {
                let j = local[w];
                if j != usize::MAX {
                    successors[i].push(j);
                    predecessors[j].push(i);
                }
            }
        }
        for &v in &nodes {
            local[v] = usize::MAX;
        }
        Part { nodes, successors, predecessors }
    }
}

/// A resumable backtracking search for the kernels of one part, in lexicographic order of their
/// membership vectors (members first).
///
/// Propagation: a member forces its neighbours out; a non-member with a single remaining
/// candidate option forces that option in; a node all of whose options are out (a terminal
/// node, say) is forced in. On an acyclic part the last rule is retrograde analysis and decides
/// every node without branching. Iterative, so deep graphs do not overflow the stack.
struct PartSearch {
    part: Part,
    state: Vec<State>,
    /// Per node, its arcs to options that are not `Out`; at zero the node cannot be absorbed,
    /// so it must be `In`.
    options_not_out: Vec<usize>,
    trail: Vec<usize>,
    queue: Vec<usize>,
    /// Decision stack: (trail length before the decision, node, the branch taken).
    decisions: Vec<(usize, usize, State)>,
    cursor: usize,
    started: bool,
    finished: bool,
}

impl PartSearch {
    fn new(part: Part) -> Self {
        let n = part.nodes.len();
        PartSearch {
            options_not_out: part.successors.iter().map(Vec::len).collect(),
            part,
            state: vec![State::Undecided; n],
            trail: Vec::new(),
            queue: Vec::new(),
            decisions: Vec::new(),
            cursor: 0,
            started: false,
            finished: false,
        }
    }

    fn assign(&mut self, v: usize, s: State) -> bool {
        match self.state[v] {
            State::Undecided => {
                self.state[v] = s;
                if s == State::Out {
                    for &p in &self.part.predecessors[v] {
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
                for &p in &self.part.predecessors[v] {
                    self.options_not_out[p] += 1;
                }
            }
            self.state[v] = State::Undecided;
        }
    }

    /// Checks an `Out` node: it needs an option that is `In` or could still be. With exactly one
    /// candidate left, that candidate is forced `In`.
    fn check_out(&mut self, u: usize, budget: &mut Budget) -> Result<bool, GameError> {
        budget.spend(1 + self.part.successors[u].len())?;
        let mut candidate = None;
        let mut candidates = 0;
        for &w in &self.part.successors[u] {
            match self.state[w] {
                State::In => return Ok(true),
                State::Undecided if candidate != Some(w) => {
                    candidate = Some(w);
                    candidates += 1;
                }
                _ => {}
            }
        }
        Ok(match (candidates, candidate) {
            (0, _) => false,
            (1, Some(w)) => w != u && self.assign(w, State::In),
            _ => true,
        })
    }

    /// Propagates the consequences of the queued assignments; false on a contradiction.
    fn propagate(&mut self, budget: &mut Budget) -> Result<bool, GameError> {
        while let Some(v) = self.queue.pop() {
            budget.spend(1 + self.part.successors[v].len() + 2 * self.part.predecessors[v].len())?;
            match self.state[v] {
                State::In => {
                    for i in 0..self.part.successors[v].len() {
                        let w = self.part.successors[v][i];
                        if !self.assign(w, State::Out) {
                            return Ok(false);
                        }
                    }
                    for i in 0..self.part.predecessors[v].len() {
                        let w = self.part.predecessors[v][i];
                        if !self.assign(w, State::Out) {
                            return Ok(false);
                        }
                    }
                }
                State::Out => {
                    if !self.check_out(v, budget)? {
                        return Ok(false);
                    }
                    for i in 0..self.part.predecessors[v].len() {
                        let p = self.part.predecessors[v][i];
                        let state = self.state[p];
                        match state {
                            State::Out if !self.check_out(p, budget)? => return Ok(false),
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
        Ok(true)
    }

    /// The forced assignments before any decision; false if they contradict.
    fn start(&mut self, budget: &mut Budget) -> Result<bool, GameError> {
        let n = self.part.nodes.len();
        budget.spend(n)?;
        let mut consistent = true;
        for v in 0..n {
            // Self-loop nodes can never be members.
            if self.part.successors[v].contains(&v) {
                consistent &= self.assign(v, State::Out);
            }
        }
        for v in 0..n {
            // Terminal nodes cannot be absorbed: they are in every kernel.
            if self.part.successors[v].is_empty() {
                consistent &= self.assign(v, State::In);
            }
        }
        Ok(consistent && self.propagate(budget)?)
    }

    /// The next kernel of the part (global indices, ascending), or `None` when there is none left.
    fn next_kernel(&mut self, budget: &mut Budget) -> Result<Option<Vec<usize>>, GameError> {
        if self.finished {
            return Ok(None);
        }
        let n = self.part.nodes.len();
        let mut ok = if self.started {
            false // resume after the kernel returned last: backtrack
        } else {
            self.started = true;
            self.start(budget)?
        };
        loop {
            if ok {
                while self.cursor < n && self.state[self.cursor] != State::Undecided {
                    self.cursor += 1;
                }
                if self.cursor == n {
                    budget.spend(n)?;
                    let kernel: Vec<usize> =
                        (0..n).filter(|&v| self.state[v] == State::In).map(|v| self.part.nodes[v]).collect();
                    return Ok(Some(kernel));
                }
                let v = self.cursor;
                self.decisions.push((self.trail.len(), v, State::In));
                self.assign(v, State::In);
                ok = self.propagate(budget)?;
                continue;
            }
            // Backtrack to the latest decision whose second branch is still open.
            loop {
                let Some((len, v, branch)) = self.decisions.pop() else {
                    self.finished = true;
                    return Ok(None);
                };
                budget.spend(self.trail.len() - len)?;
                self.queue.clear();
                self.undo_to(len);
                self.cursor = v;
                if branch == State::In {
                    self.decisions.push((len, v, State::Out));
                    self.assign(v, State::Out);
                    ok = self.propagate(budget)?;
                    break;
                }
            }
        }
    }
}

/// Weakly connected components of the present nodes, each ascending, ordered by smallest node.
fn weak_components(adj: &Adjacency) -> Vec<Vec<usize>> {
    let n = adj.successors.len();
    let mut seen = vec![false; n];
    let mut components = Vec::new();
    let mut stack = Vec::new();
    for root in 0..n {
        if !adj.present[root] || seen[root] {
            continue;
        }
        seen[root] = true;
        stack.push(root);
        let mut component = Vec::new();
        while let Some(v) = stack.pop() {
            component.push(v);
            for &w in adj.successors[v].iter().chain(&adj.predecessors[v]) {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        component.sort_unstable();
        components.push(component);
    }
    components
}

/// The strongly connected components that no arc leaves (sinks of the condensation), each
/// ascending. Iterative Tarjan, O(V + E).
fn sink_sccs(adj: &Adjacency) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = adj.successors.len();
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut component_of = vec![UNSEEN; n];
    let mut stack = Vec::new();
    let mut components: Vec<Vec<usize>> = Vec::new();
    let mut counter = 0;
    // (node, index of the next successor to look at)
    let mut calls: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if !adj.present[root] || order[root] != UNSEEN {
            continue;
        }
        calls.push((root, 0));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if let Some(&w) = adj.successors[v].get(*next) {
                *next += 1;
                if order[w] == UNSEEN {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w] = false;
                    component_of[w] = components.len();
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
        .into_iter()
        .enumerate()
        .filter(|(c, nodes)| nodes.iter().all(|&v| adj.successors[v].iter().all(|&w| component_of[w] == *c)))
        .map(|(_, mut nodes)| {
            nodes.sort_unstable();
            nodes
        })
        .collect()
}

/// The searches of every weak component, each having found its first kernel; `None` if some
/// component (or sink SCC) has no kernel, so the graph has none.
struct Decomposition {
    searches: Vec<PartSearch>,
    /// Kernels found so far per component, in order.
    found: Vec<Vec<Vec<usize>>>,
}

fn decompose(adj: &Adjacency, budget: &mut Budget) -> Result<Option<Decomposition>, GameError> {
    let n = adj.successors.len();
    budget.spend(n)?;
    let mut local = vec![usize::MAX; n];
    let components = weak_components(adj);
    // Sink SCCs that are not whole components: a kernel of the graph meets each in a kernel of it.
    // (Single nodes are left to the component search: a terminal node is no constraint, and a
    // lone self-loop fails there at once.)
    let mut component_size = vec![0usize; n];
    for component in &components {
        for &v in component {
            component_size[v] = component.len();
        }
    }
    let mut sinks: Vec<Vec<usize>> = sink_sccs(adj);
    sinks.retain(|s| s.len() > 1 && component_size[s[0]] > s.len());
    sinks.sort_by_key(Vec::len);
    for sink in sinks {
        let mut search = PartSearch::new(Part::induced(adj, sink, &mut local));
        if search.next_kernel(budget)?.is_none() {
            return Ok(None);
        }
    }
    // Components smallest first: a small one without a kernel ends the search early.
    let mut by_size: Vec<usize> = (0..components.len()).collect();
    by_size.sort_by_key(|&c| components[c].len());
    let mut searches: Vec<Option<PartSearch>> = components.iter().map(|_| None).collect();
    let mut found: Vec<Vec<Vec<usize>>> = vec![Vec::new(); components.len()];
    for c in by_size {
        let mut search = PartSearch::new(Part::induced(adj, components[c].clone(), &mut local));
        match search.next_kernel(budget)? {
            Some(kernel) => found[c].push(kernel),
            None => return Ok(None),
        }
        searches[c] = Some(search);
    }
    let searches = searches.into_iter().map(|s| s.expect("every component was searched")).collect();
    Ok(Some(Decomposition { searches, found }))
}

/// Kernels of `g`, at most `max_kernels` of them, with a step limit.
///
/// Each kernel is a sorted list of `to_index` values. Order: the graph's weakly connected
/// components are taken in order of their smallest node, and the kernels are their combinations
/// with the last component varying fastest; within a component, kernels come in lexicographic
/// order of their membership vectors (members first). On a connected graph that is the
/// lexicographic order of the membership vectors.
///
/// Backtracking with propagation (see the module doc for the decomposition). One step is about
/// one arc looked at; each kernel listed costs as many steps as the graph has nodes. Fails with
/// [`GameError::StepLimitExceeded`] past `max_steps` steps; memory is O(V + E) plus the kernels
/// listed (nothing is allocated for `max_kernels` up front). Worst case exponential in V (a
/// graph of k disjoint 2-cycles has 2^k kernels); an acyclic graph needs no branching, O(V + E).
///
/// ```
/// use petgraph::graph::DiGraph;
/// let triangle = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (2, 0)]);
/// let none = game_core::kernels(&triangle, 10, 1_000_000)?;
/// assert!(none.kernels.is_empty() && none.complete);
/// let square = DiGraph::<(), ()>::from_edges([(0, 1), (1, 2), (2, 3), (3, 0)]);
/// let two = game_core::kernels(&square, 10, 1_000_000)?;
/// assert_eq!(two.kernels, vec![vec![0, 2], vec![1, 3]]);
/// assert!(two.complete);
/// // Asking for fewer says that the list is not complete.
/// assert!(!game_core::kernels(&square, 1, 1_000_000)?.complete);
/// # Ok::<(), game_core::GameError>(())
/// ```
pub fn kernels<G>(g: G, max_kernels: usize, max_steps: u64) -> Result<KernelList, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let adj = Adjacency::new(g);
    let mut budget = Budget { used: 0, limit: max_steps };
    let Some(Decomposition { mut searches, mut found }) = decompose(&adj, &mut budget)? else {
        return Ok(KernelList { kernels: Vec::new(), complete: true });
    };
    let cost = adj.successors.len().max(1);
    let mut listed = Vec::new();
    // Odometer over the components: position[c] indexes found[c].
    let mut position = vec![0usize; searches.len()];
    loop {
        // Here `position` is a combination not listed yet: a kernel beyond the cap.
        if listed.len() >= max_kernels {
            return Ok(KernelList { kernels: listed, complete: false });
        }
        budget.spend(cost)?;
        let mut kernel: Vec<usize> =
            position.iter().enumerate().flat_map(|(c, &i)| found[c][i].iter().copied()).collect();
        kernel.sort_unstable();
        listed.push(kernel);
        if !advance(&mut position, &mut searches, &mut found, &mut budget)? {
            return Ok(KernelList { kernels: listed, complete: true });
        }
    }
}

/// Moves the odometer to the next combination (the last component fastest), searching for the
/// next kernel of a component when its list so far is used up; false after the last one.
fn advance(
    position: &mut [usize],
    searches: &mut [PartSearch],
    found: &mut [Vec<Vec<usize>>],
    budget: &mut Budget,
) -> Result<bool, GameError> {
    for c in (0..position.len()).rev() {
        if position[c] + 1 < found[c].len() {
            position[c] += 1;
            return Ok(true);
        }
        if let Some(kernel) = searches[c].next_kernel(budget)? {
            found[c].push(kernel);
            position[c] += 1;
            return Ok(true);
        }
        position[c] = 0;
    }
    Ok(false)
}

/// The exact number of kernels of `g`, with a step limit.
///
/// The kernels of each weakly connected component are enumerated (not stored) and the counts
/// multiplied, so k disjoint 2-cycles cost O(k) steps for their 2^k kernels; a component or sink
/// strongly connected component without a kernel gives 0 without enumerating the rest. Fails
/// with [`GameError::StepLimitExceeded`] past `max_steps` steps (about one per arc looked at).
///
/// ```
/// use petgraph::graph::DiGraph;
/// use num_bigint::BigUint;
/// // 100 disjoint 2-cycles: 2^100 kernels, counted without listing them.
/// let g = DiGraph::<(), ()>::from_edges((0..100u32).flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)]));
/// assert_eq!(game_core::count_kernels(&g, 1_000_000)?, BigUint::from(2u8).pow(100));
/// # Ok::<(), game_core::GameError>(())
/// ```
pub fn count_kernels<G>(g: G, max_steps: u64) -> Result<BigUint, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let adj = Adjacency::new(g);
    let mut budget = Budget { used: 0, limit: max_steps };
    let Some(Decomposition { mut searches, found }) = decompose(&adj, &mut budget)? else {
        return Ok(BigUint::ZERO);
    };
    let mut total = BigUint::from(1u8);
    // Small counts are multiplied in a u64 first: one big multiplication per 64 bits, not one
    // per component (500 000 two-cycles would otherwise cost 500 000 big multiplications).
    let mut pending: u64 = 1;
    for (search, found) in searches.iter_mut().zip(&found) {
        let mut count = found.len() as u64;
        while search.next_kernel(&mut budget)?.is_some() {
            count += 1;
        }
        pending = match pending.checked_mul(count) {
            Some(product) => product,
            None => {
                total *= pending;
                count
            }
        };
    }
    total *= pending;
    Ok(total)
}
