//! Games whose graphs may have cycles ("loopy" games): P/N/draw outcomes by retrograde analysis,
//! and the generalised Sprague-Grundy function of Smith (1966) and Fraenkel.

use std::collections::BTreeSet;
use std::fmt;

use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};
use serde::Serialize;

use crate::{GameError, Outcome};

/// Successor and predecessor lists by `to_index`, one entry per arc (parallel arcs repeat).
pub(crate) struct Adjacency {
    pub(crate) successors: Vec<Vec<usize>>,
    pub(crate) predecessors: Vec<Vec<usize>>,
    /// `true` for indices below `node_bound` that are real nodes (graphs may have holes).
    pub(crate) present: Vec<bool>,
}

impl Adjacency {
    pub(crate) fn new<G>(g: G) -> Self
    where
        G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
    {
        let n = g.node_bound();
        let mut successors = vec![Vec::new(); n];
        let mut predecessors = vec![Vec::new(); n];
        let mut present = vec![false; n];
        for u in g.node_identifiers() {
            let i = g.to_index(u);
            present[i] = true;
            for w in g.neighbors(u) {
                let j = g.to_index(w);
                successors[i].push(j);
                predecessors[j].push(i);
            }
        }
        Adjacency { successors, predecessors, present }
    }
}

/// Normal-play outcome of every node of any finite graph, cycles allowed, by retrograde analysis:
/// terminal nodes are `P`; a node with an option in `P` is `N`; a node all of whose options are
/// `N` is `P`; whatever is left is a `Draw` (neither player can force a win; play goes on forever).
/// O(V + E). Indexed by `to_index`; holes in the index range are reported as `Draw`.
///
/// ```
/// use petgraph::graph::DiGraph;
/// use game_core::{loopy_outcomes, Outcome::*};
/// // 0 <-> 1 is a draw; 2 -> 3 with 3 terminal.
/// let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 0), (2, 3)]);
/// assert_eq!(loopy_outcomes(&g), vec![Draw, Draw, N, P]);
/// ```
pub fn loopy_outcomes<G>(g: G) -> Vec<Outcome>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let adj = Adjacency::new(g);
    let n = adj.successors.len();
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    let mut undecided_options: Vec<usize> = adj.successors.iter().map(Vec::len).collect();
    let mut queue = std::collections::VecDeque::new();
    for (i, slot) in out.iter_mut().enumerate() {
        if adj.present[i] && adj.successors[i].is_empty() {
            *slot = Some(Outcome::P);
            queue.push_back(i);
        }
    }
    while let Some(v) = queue.pop_front() {
        let v_is_p = out[v] == Some(Outcome::P);
        for &u in &adj.predecessors[v] {
            if out[u].is_some() {
                continue;
            }
            if v_is_p {
                out[u] = Some(Outcome::N);
                queue.push_back(u);
            } else {
                undecided_options[u] -= 1;
                if undecided_options[u] == 0 {
                    out[u] = Some(Outcome::P);
                    queue.push_back(u);
                }
            }
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::Draw)).collect()
}

/// A value of the generalised Sprague-Grundy function γ.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Gamma {
    /// A finite value, as in the acyclic case.
    Finite(u32),
    /// ∞(K): `K` is the set of finite values among the node's options.
    Infinite(BTreeSet<u32>),
}

impl Gamma {
    /// The outcome γ encodes: 0 is `P`; any other finite value is `N`; ∞(K) is `N` if 0 ∈ K and
    /// a `Draw` otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.contains(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::Draw,
        }
    }

    /// The finite value, if any.
    pub fn finite(&self) -> Option<u32> {
        match self {
            Gamma::Finite(v) => Some(*v),
            Gamma::Infinite(_) => None,
        }
    }
}

impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(v) => write!(f, "{v}"),
            Gamma::Infinite(k) => {
                write!(f, "∞(")?;
                for (i, v) in k.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, ")")
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Value(u32),
    Infinite,
}

/// The generalised Sprague-Grundy function γ of any finite graph (Smith 1966; Fraenkel and
/// Yesha 1986), indexed by `to_index`. On an acyclic graph it equals the Grundy values.
/// Holes in the index range (removed nodes of a stable graph) are reported as ∞(∅).
///
/// Fraenkel's labelling algorithm, for m = 0, 1, 2, ...:
/// 1. while some unlabelled u has no option labelled m, and every option of u that is unlabelled
///    or labelled ∞ has an option labelled m: label u with m;
/// 2. label ∞ every unlabelled node with no option labelled m;
///
/// until nothing is unlabelled. An ∞ node gets ∞(K), K the finite values of its options.
///
/// Each round is one O(V + E) worklist pass: `has_option_labelled_m` flips at most once per
/// node, and `blockers[u]` counts the options of u (per arc) that are unlabelled or ∞ and have no
/// option labelled m yet; u is labelled m when it reaches zero while u has no option labelled m.
/// So the whole run is O((γmax + 2) · (V + E)), γmax the largest finite value (at most the
/// largest out-degree). For outcomes alone use [`loopy_outcomes`].
///
/// ```
/// use petgraph::graph::DiGraph;
/// use game_core::{generalized_grundy, Gamma};
/// // 0 <-> 1, 1 -> 2: node 2 is terminal (0), node 0's only move is to 1, node 1 can reach 0.
/// let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 0), (1, 2)]);
/// let gamma = generalized_grundy(&g);
/// assert_eq!(gamma, vec![Gamma::Finite(0), Gamma::Finite(1), Gamma::Finite(0)]);
/// ```
pub fn generalized_grundy<G>(g: G) -> Vec<Gamma>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    generalized_grundy_limited(g, u64::MAX).expect("no step limit")
}

/// [`generalized_grundy`] with a step limit: fails with [`GameError::StepLimitExceeded`] once
/// the rounds have looked at more than `max_steps` nodes and arcs (each round costs about V plus
/// the arcs of the nodes still unlabelled; a hostile graph can need about V·E/2 in all, for
/// example a transitive tournament next to a cycle).
///
/// ```
/// use petgraph::graph::DiGraph;
/// use game_core::{generalized_grundy_limited, GameError};
/// let g = DiGraph::<(), ()>::from_edges([(0, 1), (1, 0), (1, 2)]);
/// assert!(generalized_grundy_limited(&g, 1_000).is_ok());
/// assert_eq!(generalized_grundy_limited(&g, 2), Err(GameError::StepLimitExceeded { limit: 2 }));
/// ```
pub fn generalized_grundy_limited<G>(g: G, max_steps: u64) -> Result<Vec<Gamma>, GameError>
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let mut steps: u64 = 0;
    let adj = Adjacency::new(g);
    let n = adj.successors.len();
    let mut label: Vec<Label> =
        (0..n).map(|i| if adj.present[i] { Label::Unlabelled } else { Label::Infinite }).collect();
    let mut unlabelled = adj.present.iter().filter(|&&p| p).count();
    let mut has_option_labelled_m = vec![false; n];
    let mut blockers = vec![0usize; n];
    let mut ready: Vec<usize> = Vec::new();
    let mut m: u32 = 0;
    while unlabelled > 0 {
        // Start of round m: no node is labelled m yet, so no node has an option labelled m.
        has_option_labelled_m.fill(false);
        steps = steps.saturating_add(n as u64);
        for u in 0..n {
            if label[u] == Label::Unlabelled {
                steps = steps.saturating_add(adj.successors[u].len() as u64);
                blockers[u] = adj.successors[u]
                    .iter()
                    .filter(|&&v| matches!(label[v], Label::Unlabelled | Label::Infinite))
                    .count();
                if blockers[u] == 0 {
                    ready.push(u);
                }
            }
        }
        if steps > max_steps {
            return Err(GameError::StepLimitExceeded { limit: max_steps });
        }
        while let Some(u) = ready.pop() {
            if label[u] != Label::Unlabelled || has_option_labelled_m[u] || blockers[u] != 0 {
                continue;
            }
            label[u] = Label::Value(m);
            unlabelled -= 1;
            for &p in &adj.predecessors[u] {
                if has_option_labelled_m[p] {
                    continue;
                }
                has_option_labelled_m[p] = true;
                // p stops blocking its unlabelled predecessors (once per arc q -> p).
                if matches!(label[p], Label::Unlabelled | Label::Infinite) {
                    for &q in &adj.predecessors[p] {
                        if label[q] == Label::Unlabelled {
                            blockers[q] -= 1;
                            if blockers[q] == 0 && !has_option_labelled_m[q] {
                                ready.push(q);
                            }
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == Label::Unlabelled && !has_option_labelled_m[u] {
                label[u] = Label::Infinite;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    Ok((0..n)
        .map(|u| match label[u] {
            Label::Value(v) => Gamma::Finite(v),
            _ => Gamma::Infinite(
                adj.successors[u]
                    .iter()
                    .filter_map(|&w| match label[w] {
                        Label::Value(v) => Some(v),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect())
}
