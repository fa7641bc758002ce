//! Shared test support: random small digraphs and slow, obviously-correct reference algorithms.
//!
//! Nothing here calls game-core's analyses: the references are written from the definitions
//! (seed digest, "Common ground": kernel, Sprague-Grundy value, outcomes), so that a test
//! compares two independent computations.

#![allow(dead_code)]

use std::collections::BTreeSet;

use petgraph::graph::{DiGraph, NodeIndex};
use proptest::prelude::*;

/// A digraph on nodes `0..n` given by its arc list (parallel arcs and self-loops allowed).
#[derive(Debug, Clone)]
pub struct Digraph {
    pub n: usize,
    pub arcs: Vec<(usize, usize)>,
}

impl Digraph {
    /// The petgraph graph with node `i` at index `i` and the arcs in list order.
    pub fn graph(&self) -> DiGraph<(), ()> {
        let mut g = DiGraph::new();
        for _ in 0..self.n {
            g.add_node(());
        }
        for &(u, v) in &self.arcs {
            g.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
        }
        g
    }

    /// Options of every node, as sets (parallel arcs collapse).
    pub fn options(&self) -> Vec<BTreeSet<usize>> {
        let mut out = vec![BTreeSet::new(); self.n];
        for &(u, v) in &self.arcs {
            out[u].insert(v);
        }
        out
    }

    pub fn has_arc(&self, u: usize, v: usize) -> bool {
        self.arcs.contains(&(u, v))
    }

    /// Acyclic, decided by repeatedly deleting nodes without options (not by a DFS).
    pub fn is_acyclic(&self) -> bool {
        let options = self.options();
        let mut alive = vec![true; self.n];
        loop {
            let sink = (0..self.n).find(|&u| alive[u] && options[u].iter().all(|&v| !alive[v]));
            match sink {
                Some(u) => alive[u] = false,
                None => return alive.iter().all(|a| !a),
            }
        }
    }
}

/// Any digraph on 1..=max_n nodes with up to 3n arcs (self-loops and parallel arcs included).
pub fn arb_digraph(max_n: usize) -> impl Strategy<Value = Digraph> {
    (1..=max_n).prop_flat_map(|n| {
        prop::collection::vec((0..n, 0..n), 0..=3 * n).prop_map(move |arcs| Digraph { n, arcs })
    })
}

/// An acyclic digraph on 1..=max_n nodes: arcs go from a higher to a lower rank, and the ranks
/// are a random permutation of the node numbers, so index order is not a topological order.
pub fn arb_dag(max_n: usize) -> impl Strategy<Value = Digraph> {
    (1..=max_n).prop_flat_map(|n| {
        let ranks = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
        (ranks, prop::collection::vec((0..n, 0..n), 0..=3 * n)).prop_map(move |(node_of_rank, pairs)| {
            let arcs = pairs
                .into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (node_of_rank[a.max(b)], node_of_rank[a.min(b)]))
                .collect();
            Digraph { n, arcs }
        })
    })
}

/// Least non-negative integer not in `values`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let set: BTreeSet<u32> = values.into_iter().collect();
    (0..).find(|x| !set.contains(x)).expect("a finite set has a mex")
}

/// Kernel by definition: independent (no arc between members, self-loops included) and
/// absorbing (every non-member has an arc into the set).
pub fn naive_is_kernel(d: &Digraph, member: &[bool]) -> bool {
    let independent = d.arcs.iter().all(|&(u, v)| !(member[u] && member[v]));
    let absorbing = (0..d.n).all(|u| member[u] || d.arcs.iter().any(|&(a, b)| a == u && member[b]));
    independent && absorbing
}

/// Every kernel, by trying all 2^n subsets.
pub fn exhaustive_kernels(d: &Digraph) -> Vec<Vec<usize>> {
    assert!(d.n <= 20, "exhaustive search is for small graphs");
    let mut found = Vec::new();
    for mask in 0u32..(1 << d.n) {
        let member: Vec<bool> = (0..d.n).map(|i| mask >> i & 1 == 1).collect();
        if naive_is_kernel(d, &member) {
            found.push((0..d.n).filter(|&i| member[i]).collect());
        }
    }
    found
}

/// Normal-play win/lose/draw by the naive fixed point: repeat until stable, "lose" if every
/// option is a known win (so terminal nodes lose), "win" if some option is a known loss.
/// Returns "P", "N" or "D" per node.
pub fn naive_loopy_outcomes(n: usize, arcs: &[(usize, usize)]) -> Vec<char> {
    let mut options = vec![Vec::new(); n];
    for &(u, v) in arcs {
        options[u].push(v);
    }
    let mut state = vec!['D'; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if state[u] != 'D' {
                continue;
            }
            if options[u].iter().any(|&v| state[v] == 'P') {
                state[u] = 'N';
                changed = true;
            } else if options[u].iter().all(|&v| state[v] == 'N') {
                state[u] = 'P';
                changed = true;
            }
        }
        if !changed {
            return state;
        }
    }
}

/// Misère outcome by plain recursion on an acyclic graph: the player to move wins if there is
/// no move at all, or a move to a position where the opponent (then to move) loses.
pub fn naive_misere_wins(d: &Digraph) -> Vec<bool> {
    fn wins(u: usize, options: &[BTreeSet<usize>], memo: &mut [Option<bool>]) -> bool {
        if let Some(w) = memo[u] {
            return w;
        }
        let w = options[u].is_empty() || options[u].iter().any(|&v| !wins(v, options, memo));
        memo[u] = Some(w);
        w
    }
    let options = d.options();
    let mut memo = vec![None; d.n];
    (0..d.n).map(|u| wins(u, &options, &mut memo)).collect()
}
