//! The graph reader against hostile and random input (no panic: only a graph or a typed error),
//! and the round trips `to_dot` / `named_to_dot` -> `read_graph`.

mod common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use common::arb_digraph;
use game_core::{GraphFormat, ReadErrorKind, ReadLimits, named_to_dot, read_graph, read_graph_bytes, to_dot};
use proptest::prelude::*;

/// Small limits, so that random input reaches them too.
const SMALL: ReadLimits = ReadLimits { max_nodes: 20, max_arcs: 40 };

/// A DOT quoted string written independently of the crate's own quoting.
fn dot_string(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Text made of DOT's punctuation, keywords and names, so that the parser goes deep.
fn dotish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("digraph"),
        Just("strict"),
        Just("subgraph"),
        Just("graph"),
        Just("node"),
        Just("{"),
        Just("}"),
        Just("["),
        Just("]"),
        Just("->"),
        Just("--"),
        Just(";"),
        Just(","),
        Just("="),
        Just(":"),
        Just("+"),
        Just("\""),
        Just("\\"),
        Just("<"),
        Just(">"),
        Just("/*"),
        Just("*/"),
        Just("//"),
        Just("#"),
        Just("\n"),
        Just(" "),
        Just("a"),
        Just("b7"),
        Just("-1.5"),
        Just("\u{feff}"),
        Just("é"),
    ];
    (prop::bool::ANY, prop::collection::vec(piece, 0..60)).prop_map(|(header, pieces)| {
        let body: String = pieces.concat();
        if header { format!("digraph {{ {body}") } else { body }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Arbitrary bytes: a graph within the limits, or a typed error with a line in the file.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        match read_graph_bytes(&bytes, SMALL) {
            Ok(g) => {
                prop_assert!(!g.is_empty() && g.len() <= SMALL.max_nodes);
                prop_assert!(g.graph.edge_count() <= SMALL.max_arcs);
            }
            Err(e) => {
                let lines = 1 + bytes.iter().filter(|&&b| b == b'\n').count();
                prop_assert!((1..=lines).contains(&e.line), "line {} of {}: {}", e.line, lines, e);
            }
        }
    }

    /// Arbitrary DOT-like text: the same.
    #[test]
    fn dot_like_text_never_panics(text in dotish()) {
        match read_graph(&text, SMALL) {
            Ok(g) => prop_assert!(!g.is_empty() && g.len() <= SMALL.max_nodes),
            Err(e) => prop_assert!((1..=1 + text.matches('\n').count()).contains(&e.line), "{}", e),
        }
    }

    /// `to_dot` of any digraph reads back as nodes "0", "1", ... in order, with the same arcs.
    #[test]
    fn to_dot_reads_back_as_the_same_graph(d in arb_digraph(12), labels in prop::collection::vec(".*", 12)) {
        let dot = to_dot(&d.graph(), |i| labels[i].clone(), |i| i % 3 == 0);
        let back = read_graph(&dot, ReadLimits::default()).unwrap();
        prop_assert_eq!(back.format, GraphFormat::Dot);
        let names: Vec<String> = (0..d.n).map(|i| i.to_string()).collect();
        prop_assert_eq!(back.names().collect::<Vec<_>>(), names);
        let arcs: BTreeSet<(usize, usize)> = d.arcs.iter().copied().collect();
        prop_assert_eq!(back.arcs(), arcs.into_iter().collect::<Vec<_>>());
    }

    /// Any names (quotes, backslashes, newlines, keywords, non-ASCII): a DOT file read, written
    /// with `named_to_dot` and read again gives the same names in the same order and the same arcs.
    #[test]
    fn named_to_dot_reads_back_identically(
        names in prop::collection::btree_set(".*", 1..10),
        arcs in prop::collection::vec((0usize..10, 0usize..10), 0..30),
    ) {
        let names: Vec<String> = names.into_iter().collect();
        let n = names.len();
        let mut text = String::from("digraph {\n");
        for name in &names {
            text.push_str(&format!("  {};\n", dot_string(name)));
        }
        for &(a, b) in &arcs {
            text.push_str(&format!("  {} -> {}\n", dot_string(&names[a % n]), dot_string(&names[b % n])));
        }
        text.push('}');
        let first = read_graph(&text, ReadLimits::default()).unwrap();
        prop_assert_eq!(first.names().collect::<Vec<_>>(), names.iter().map(String::as_str).collect::<Vec<_>>());
        let expected: BTreeSet<(usize, usize)> = arcs.iter().map(|&(a, b)| (a % n, b % n)).collect();
        prop_assert_eq!(first.arcs(), expected.into_iter().collect::<Vec<_>>());
        let written = named_to_dot(&first, |i| Some(format!("{i}")), |i| i == 0);
        for (i, name) in first.names().enumerate() {
            prop_assert_eq!(first.node(name).map(|n| n.index()), Some(i), "lookup of {:?}", name);
        }
        prop_assert_eq!(first.node("not \u{0} a name"), None);
        let second = read_graph(&written, ReadLimits::default()).unwrap();
        prop_assert_eq!(second.names().collect::<Vec<_>>(), first.names().collect::<Vec<_>>());
        prop_assert_eq!(second.arcs(), first.arcs());
    }

    /// An edge list read, written as DOT and read again is the same graph.
    #[test]
    fn edge_lists_round_trip_through_dot(
        lines in prop::collection::vec(("[a-z0-9_\"\\\\-]{1,4}", prop::option::of("[a-z0-9_\"\\\\-]{1,4}")), 1..30),
    ) {
        let text: String = lines
            .iter()
            .map(|(a, b)| match b { Some(b) => format!("{a} {b}\n"), None => format!("{a}\n") })
            .collect();
        let Ok(first) = read_graph(&text, ReadLimits::default()) else {
            // Only a first word `digraph`, `strict` or `graph` makes it another format.
            prop_assert!(["digraph", "strict", "graph"].iter().any(|w| text.to_lowercase().starts_with(w)));
            return Ok(());
        };
        let second = read_graph(&named_to_dot(&first, |_| None, |_| false), ReadLimits::default()).unwrap();
        prop_assert_eq!(second.names().collect::<Vec<_>>(), first.names().collect::<Vec<_>>());
        prop_assert_eq!(second.arcs(), first.arcs());
    }
}

/// A star with 10^6 arcs from one node: linear time (the old reader took about 35 minutes).
#[test]
fn a_star_of_a_million_arcs_reads_in_linear_time() {
    let mut text = String::new();
    for i in 0..1_000_000 {
        text.push_str("hub n");
        text.push_str(&i.to_string());
        text.push('\n');
    }
    let start = Instant::now();
    let g = read_graph(&text, ReadLimits { max_nodes: 2_000_000, max_arcs: 2_000_000 }).unwrap();
    assert_eq!((g.len(), g.graph.edge_count()), (1_000_001, 1_000_000));
    let dot = format!(
        "digraph {{ hub -> {{ {} }} }}",
        (0..1_000_000).map(|i| format!("n{i}")).collect::<Vec<_>>().join(" ")
    );
    let g = read_graph(&dot, ReadLimits { max_nodes: 2_000_000, max_arcs: 2_000_000 }).unwrap();
    assert_eq!(g.graph.edge_count(), 1_000_000);
    assert!(start.elapsed() < Duration::from_secs(30), "{:?}", start.elapsed());
    // The node limit stops the same file early.
    let e = read_graph(&text, ReadLimits { max_nodes: 1000, max_arcs: 2_000_000 }).unwrap_err();
    assert_eq!((e.line, e.kind), (1000, ReadErrorKind::TooManyNodes { limit: 1000 }));
}

/// `len` and `is_empty` follow the public graph: a read graph has nodes, and one whose graph
/// was cleared by its owner has none.
#[test]
fn len_and_is_empty_follow_the_graph() {
    let mut g = read_graph("a b\nb c\n", SMALL).unwrap();
    assert_eq!(g.len(), 3);
    assert!(!g.is_empty());
    g.graph.clear();
    assert_eq!(g.len(), 0);
    assert!(g.is_empty());
}
