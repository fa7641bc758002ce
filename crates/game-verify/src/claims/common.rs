//! Claims about game graphs in general (the digest's "common ground"), ids C1.., and the false
//! claim X1 that the checker must refute.

use game_core::{Outcome, generalized_grundy, grundy_values, kernels, loopy_outcomes, p_positions};
use petgraph::graph::DiGraph;

use crate::{Claim, Evidence, Expected, Scale, Tally};

pub(crate) fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "C1",
            statement: "A finite acyclic graph has exactly one kernel, and it is the set of P-positions \
                        (Grundy value 0)",
            source: "common ground (Berge; seeds 000 and 003)",
            methods: [
                "game-core: kernels() enumeration, p_positions() and grundy_values() on the petgraph DAG",
                "brute force over all 2^n vertex subsets by the definition of a kernel, written in the check",
            ],
            expected: Expected::Holds,
            check: acyclic_kernel_unique,
        },
        Claim {
            id: "C2",
            statement: "A directed cycle of odd length has no kernel; one of even length has exactly two",
            source: "common ground (loopy games may have no kernel or several)",
            methods: [
                "game-core: kernels() enumeration on the cycle graph",
                "the even and odd positions of the cycle, written out in the check (none for odd length)",
            ],
            expected: Expected::Holds,
            check: cycle_kernels,
        },
        Claim {
            id: "C3",
            statement: "The generalised Sprague-Grundy function gives the same P / N / draw outcomes as \
                        retrograde analysis, and both match the naive fixed point, on every digraph",
            source: "common ground (Smith 1966; Fraenkel)",
            methods: [
                "game-core: loopy_outcomes() (retrograde analysis) and generalized_grundy()",
                "naive fixed-point iteration of the P/N rules, written in the check",
            ],
            expected: Expected::Holds,
            check: loopy_outcomes_agree,
        },
        Claim {
            id: "X1",
            statement: "(false) Every finite digraph has a kernel",
            source: "our own; refuted by Chvatal's remark (common ground: odd cycles have no kernel)",
            methods: [
                "game-core: kernels() with a limit of one kernel",
                "brute force over all 2^n vertex subsets by the definition of a kernel, written in the check",
            ],
            expected: Expected::Refuted { counterexample: "1 node, arcs [0->0]: no kernel" },
            check: every_digraph_has_kernel,
        },
    ]
}

/// The digraph on `n` nodes whose arcs are the set bits of `mask` (bit `u * n + v` is `u -> v`).
fn digraph(n: usize, mask: u64) -> DiGraph<(), ()> {
    let mut g = DiGraph::with_capacity(n, 0);
    for _ in 0..n {
        g.add_node(());
    }
    for u in 0..n {
        for v in 0..n {
            if mask >> (u * n + v) & 1 == 1 {
                g.add_edge(petgraph::graph::NodeIndex::new(u), petgraph::graph::NodeIndex::new(v), ());
            }
        }
    }
    g
}

fn arcs(n: usize, mask: u64) -> String {
    let list: Vec<String> =
        (0..n * n).filter(|b| mask >> b & 1 == 1).map(|b| format!("{}->{}", b / n, b % n)).collect();
    format!("{n} node{}, arcs [{}]", if n == 1 { "" } else { "s" }, list.join(", "))
}

/// All kernels by brute force over the 2^n subsets, straight from the definition.
fn brute_force_kernels(n: usize, mask: u64) -> Vec<Vec<usize>> {
    let arc = |u: usize, v: usize| mask >> (u * n + v) & 1 == 1;
    let mut found = Vec::new();
    for set in 0u32..1 << n {
        let member = |v: usize| set >> v & 1 == 1;
        let independent = (0..n).all(|u| (0..n).all(|v| !(member(u) && member(v) && arc(u, v))));
        let absorbing = (0..n).all(|u| member(u) || (0..n).any(|v| member(v) && arc(u, v)));
        if independent && absorbing {
            found.push((0..n).filter(|&v| member(v)).collect());
        }
    }
    found.sort();
    found
}

fn acyclic_kernel_unique(scale: Scale) -> Evidence {
    let max_n = scale.pick(5, 6);
    let mut tally = Tally::new();
    for n in 1..=max_n {
        // Every DAG is isomorphic to one whose arcs go from higher to lower index.
        let slots: Vec<(usize, usize)> = (0..n).flat_map(|u| (0..u).map(move |v| (u, v))).collect();
        for choice in 0u64..1 << slots.len() {
            let mask = slots
                .iter()
                .enumerate()
                .filter(|(i, _)| choice >> i & 1 == 1)
                .fold(0u64, |m, (_, &(u, v))| m | 1 << (u * n + v));
            let g = digraph(n, mask);
            let engine = kernels(&g, usize::MAX, u64::MAX).expect("no step limit").kernels;
            let p = p_positions(&g).expect("acyclic by construction");
            let zeros: Vec<usize> = grundy_values(&g)
                .expect("acyclic by construction")
                .iter()
                .enumerate()
                .filter(|(_, v)| **v == 0)
                .map(|(i, _)| i)
                .collect();
            let brute = brute_force_kernels(n, mask);
            tally.record(&(n, mask, &engine, &p, &zeros, &brute));
            tally.case(engine == brute && brute == vec![p.clone()] && zeros == p, || {
                format!("{}: kernels {engine:?}, brute force {brute:?}, P-positions {p:?}", arcs(n, mask))
            });
        }
    }
    Evidence { bound: format!("all DAGs on 1..={max_n} nodes (up to isomorphism of the order)"), tally }
}

fn cycle_kernels(scale: Scale) -> Evidence {
    let max_len = scale.pick(16, 40);
    let mut tally = Tally::new();
    for len in 1..=max_len {
        let g = DiGraph::<(), ()>::from_edges((0..len).map(|i| (i as u32, ((i + 1) % len) as u32)));
        let found = kernels(&g, usize::MAX, u64::MAX).expect("no step limit").kernels;
        let expected: Vec<Vec<usize>> = if len % 2 == 1 {
            vec![]
        } else {
            vec![(0..len).step_by(2).collect(), (1..len).step_by(2).collect()]
        };
        tally.record(&(len, &found));
        tally.case(found == expected, || format!("cycle of length {len}: kernels {found:?}"));
    }
    Evidence { bound: format!("directed cycles of length 1..={max_len}"), tally }
}

/// Naive normal-play outcomes by fixed-point iteration: repeat until nothing changes.
fn naive_outcomes(n: usize, mask: u64) -> Vec<Outcome> {
    let arc = |u: usize, v: usize| mask >> (u * n + v) & 1 == 1;
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if out[u].is_some() {
                continue;
            }
            let options: Vec<usize> = (0..n).filter(|&v| arc(u, v)).collect();
            if options.iter().any(|&v| out[v] == Some(Outcome::P)) {
                out[u] = Some(Outcome::N);
                changed = true;
            } else if options.iter().all(|&v| out[v] == Some(Outcome::N)) {
                out[u] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            return out.into_iter().map(|o| o.unwrap_or(Outcome::Draw)).collect();
        }
    }
}

fn loopy_outcomes_agree(scale: Scale) -> Evidence {
    let max_n = scale.pick(3, 4);
    let mut tally = Tally::new();
    for n in 1..=max_n {
        for mask in 0u64..1 << (n * n) {
            let g = digraph(n, mask);
            let retrograde = loopy_outcomes(&g);
            let gamma: Vec<Outcome> = generalized_grundy(&g).iter().map(|v| v.outcome()).collect();
            let naive = naive_outcomes(n, mask);
            tally.record(&(n, mask, &retrograde, &gamma, &naive));
            tally.case(retrograde == gamma && gamma == naive, || {
                format!("{}: retrograde {retrograde:?}, gamma {gamma:?}, naive {naive:?}", arcs(n, mask))
            });
        }
    }
    Evidence { bound: format!("all digraphs (self-loops allowed) on 1..={max_n} nodes"), tally }
}

fn every_digraph_has_kernel(scale: Scale) -> Evidence {
    let max_n = scale.pick(3, 4);
    let mut tally = Tally::new();
    for n in 1..=max_n {
        for mask in 0u64..1 << (n * n) {
            let g = digraph(n, mask);
            let found = kernels(&g, 1, u64::MAX).expect("no step limit").kernels;
            let brute = brute_force_kernels(n, mask);
            tally.record(&(n, mask, &found, &brute));
            // The two methods must agree on every digraph (a kernel the engine finds must be
            // one of brute force's); the claim is that a kernel exists.
            tally.require(
                found.iter().all(|k| brute.contains(k)) && found.is_empty() == brute.is_empty(),
                || format!("{}: engine {found:?}, brute force {brute:?}", arcs(n, mask)),
            );
            tally.case(!found.is_empty(), || format!("{}: no kernel", arcs(n, mask)));
        }
    }
    Evidence { bound: format!("all digraphs (self-loops allowed) on 1..={max_n} nodes"), tally }
}
