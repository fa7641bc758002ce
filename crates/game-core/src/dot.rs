//! Graphviz DOT export with values shown and a set of nodes (a kernel, the P-positions) marked.

use std::fmt::Write;

use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

/// Writes `g` as a Graphviz digraph. `label(i)` is the text of node `i` (a `to_index` value),
/// for example its position and Grundy value; nodes with `marked(i)` are drawn filled black with
/// white text, as the seeds draw the kernel. Output is deterministic (node and neighbour order).
///
/// ```
/// use petgraph::graph::DiGraph;
/// let g = DiGraph::<(), ()>::from_edges([(0, 1)]);
/// let dot = game_core::to_dot(&g, |i| format!("v{i}"), |i| i == 1);
/// assert!(dot.starts_with("digraph"));
/// assert!(dot.contains("1 [label=\"v1\", style=filled, fillcolor=black, fontcolor=white]"));
/// assert!(dot.contains("0 -> 1"));
/// ```
pub fn to_dot<G>(g: G, label: impl Fn(usize) -> String, marked: impl Fn(usize) -> bool) -> String
where
    G: IntoNeighbors + IntoNodeIdentifiers + NodeIndexable,
{
    let mut out = String::from("digraph game {\n");
    for u in g.node_identifiers() {
        let i = g.to_index(u);
        let text = label(i).replace('\\', "\\\\").replace('"', "\\\"");
        let style = if marked(i) { ", style=filled, fillcolor=black, fontcolor=white" } else { "" };
        let _ = writeln!(out, "    {i} [label=\"{text}\"{style}]");
    }
    for u in g.node_identifiers() {
        for w in g.neighbors(u) {
            let _ = writeln!(out, "    {} -> {}", g.to_index(u), g.to_index(w));
        }
    }
    out.push_str("}\n");
    out
}
