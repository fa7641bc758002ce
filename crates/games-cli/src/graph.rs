//! `games graph FILE`: a user's own game, given as an edge list or a DOT digraph, analysed with
//! game-core (Grundy values and the kernel if acyclic; P/N/draw, generalised Grundy values and
//! kernels if loopy).

use std::collections::HashMap;
use std::fmt::Write;

use game_core::{
    GameError, Outcome, generalized_grundy, grundy_values, kernels, loopy_outcomes, outcomes, p_positions,
    to_dot,
};
use petgraph::graph::{DiGraph, NodeIndex};
use serde_json::json;

use crate::cli::GraphArgs;
use crate::error::CliError;
use crate::output::Output;

/// Largest graph accepted (nodes), so that kernel search and output stay reasonable.
pub const MAX_NODES: usize = 1_000_000;

/// A parsed game: node names in order of first appearance, and the moves.
#[derive(Debug, Default)]
pub struct NamedGraph {
    /// The graph; node weights are the names.
    pub graph: DiGraph<String, ()>,
    index: HashMap<String, NodeIndex>,
}

impl NamedGraph {
    fn node(&mut self, name: &str) -> NodeIndex {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.graph.add_node(name.to_string());
        self.index.insert(name.to_string(), i);
        i
    }

    fn edge(&mut self, a: &str, b: &str) {
        let (a, b) = (self.node(a), self.node(b));
        self.graph.update_edge(a, b, ());
    }
}

/// Parses a graph file: DOT if its first token is `digraph` (or `strict digraph`), else an edge
/// list. Errors name the line.
pub fn parse(path: &str, text: &str) -> Result<NamedGraph, CliError> {
    let first = text
        .lines()
        .map(|l| l.trim())
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("//"))
        .unwrap_or("");
    let word = first.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    let parsed = match word {
        "digraph" | "strict" => parse_dot(path, text)?,
        "graph" => {
            let line = text.lines().position(|l| l.trim() == first).map_or(1, |i| i + 1);
            return Err(CliError::Parse {
                path: path.to_string(),
                line,
                reason: "undirected `graph` is not a game: write `digraph { a -> b }`".to_string(),
            });
        }
        _ => parse_edge_list(path, text)?,
    };
    if parsed.graph.node_count() == 0 {
        return Err(CliError::Parse {
            path: path.to_string(),
            line: 1,
            reason: "the file has no nodes".to_string(),
        });
    }
    if parsed.graph.node_count() > MAX_NODES {
        return Err(CliError::bad(format!("the graph has more than {MAX_NODES} nodes")));
    }
    Ok(parsed)
}

/// Edge list: one `a b` per line (a move from a to b), or a single name for a node without
/// moves; `#` starts a comment.
fn parse_edge_list(path: &str, text: &str) -> Result<NamedGraph, CliError> {
    let mut g = NamedGraph::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.as_slice() {
            [] => {}
            [a] => {
                g.node(a);
            }
            [a, b] => g.edge(a, b),
            _ => {
                return Err(CliError::Parse {
                    path: path.to_string(),
                    line: i + 1,
                    reason: format!(
                        "expected `from to` (two names), found {} tokens; a DOT file must start with `digraph`",
                        tokens.len()
                    ),
                });
            }
        }
    }
    Ok(g)
}

/// A token of the DOT subset, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Id(String),
    Arrow,
    Open,
    Close,
    Semi,
    /// An attribute list `[...]`, skipped.
    Attributes,
    /// `=`, as in graph attributes `rankdir = LR`.
    Equals,
    Comma,
}

fn tokenize(path: &str, text: &str) -> Result<Vec<(Token, usize)>, CliError> {
    let err = |line: usize, reason: String| CliError::Parse { path: path.to_string(), line, reason };
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let start = line;
                i += 2;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start, "unterminated /* comment".to_string())),
                        Some('*') if chars.get(i + 1) == Some(&'/') => {
                            i += 2;
                            break;
                        }
                        Some('\n') => line += 1,
                        _ => {}
                    }
                    i += 1;
                }
            }
            '{' => {
                tokens.push((Token::Open, line));
                i += 1;
            }
            '}' => {
                tokens.push((Token::Close, line));
                i += 1;
            }
            ';' => {
                tokens.push((Token::Semi, line));
                i += 1;
            }
            ',' => {
                tokens.push((Token::Comma, line));
                i += 1;
            }
            '=' => {
                tokens.push((Token::Equals, line));
                i += 1;
            }
            '-' if chars.get(i + 1) == Some(&'>') => {
                tokens.push((Token::Arrow, line));
                i += 2;
            }
            '-' if chars.get(i + 1) == Some(&'-') => {
                return Err(err(line, "`--` is an undirected edge: use `->`".to_string()));
            }
            '[' => {
                let start = line;
                while i < chars.len() && chars[i] != ']' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i == chars.len() {
                    return Err(err(start, "unterminated attribute list `[`".to_string()));
                }
                i += 1;
                tokens.push((Token::Attributes, start));
            }
            '"' => {
                let start = line;
                let mut name = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start, "unterminated quoted name".to_string())),
                        Some('"') => break,
                        Some('\\') if chars.get(i + 1) == Some(&'"') => {
                            name.push('"');
                            i += 1;
                        }
                        Some(&ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            name.push(ch);
                        }
                    }
                    i += 1;
                }
                i += 1;
                tokens.push((Token::Id(name), start));
            }
            c if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' => {
                let mut name = String::new();
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.') {
                    name.push(chars[i]);
                    i += 1;
                }
                if c == '-' {
                    // A negative number: '-' followed by digits.
                    name.insert(0, '-');
                    i += 1;
                    while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                        name.push(chars[i]);
                        i += 1;
                    }
                }
                tokens.push((Token::Id(name), line));
            }
            other => return Err(err(line, format!("unexpected character {other:?}"))),
        }
    }
    Ok(tokens)
}

/// The DOT subset: `[strict] digraph [name] { stmt* }` with statements `a -> b -> c [attrs];`,
/// `a [attrs];`, `key = value;` and `graph|node|edge [attrs];` (attributes are ignored).
fn parse_dot(path: &str, text: &str) -> Result<NamedGraph, CliError> {
    let tokens = tokenize(path, text)?;
    let err = |line: usize, reason: &str| CliError::Parse {
        path: path.to_string(),
        line,
        reason: reason.to_string(),
    };
    let mut pos = 0;
    let last_line = tokens.last().map_or(1, |t| t.1);
    let id = |t: &Token, word: &str| matches!(t, Token::Id(s) if s == word);
    if tokens.get(pos).is_some_and(|t| id(&t.0, "strict")) {
        pos += 1;
    }
    if !tokens.get(pos).is_some_and(|t| id(&t.0, "digraph")) {
        return Err(err(tokens.get(pos).map_or(1, |t| t.1), "expected `digraph`"));
    }
    pos += 1;
    if let Some((Token::Id(_), _)) = tokens.get(pos) {
        pos += 1;
    }
    match tokens.get(pos) {
        Some((Token::Open, _)) => pos += 1,
        Some((_, line)) => return Err(err(*line, "expected `{` after `digraph`")),
        None => return Err(err(last_line, "expected `{` after `digraph`")),
    }
    let mut g = NamedGraph::default();
    loop {
        let Some((token, line)) = tokens.get(pos).cloned() else {
            return Err(err(last_line, "missing `}` at the end of the graph"));
        };
        match token {
            Token::Close => {
                pos += 1;
                break;
            }
            Token::Semi | Token::Comma => pos += 1,
            Token::Id(first) => {
                pos += 1;
                if ["graph", "node", "edge"].contains(&first.as_str())
                    && matches!(tokens.get(pos), Some((Token::Attributes, _)))
                {
                    pos += 1;
                    continue;
                }
                if matches!(tokens.get(pos), Some((Token::Equals, _))) {
                    // A graph attribute `key = value`.
                    match tokens.get(pos + 1) {
                        Some((Token::Id(_), _)) => pos += 2,
                        _ => return Err(err(line, "expected a value after `=`")),
                    }
                    continue;
                }
                let mut chain = vec![first];
                while matches!(tokens.get(pos), Some((Token::Arrow, _))) {
                    match tokens.get(pos + 1) {
                        Some((Token::Id(next), _)) => chain.push(next.clone()),
                        Some((Token::Open, l)) => {
                            return Err(err(
                                *l,
                                "subgraphs `{ ... }` are not supported: write one edge per pair",
                            ));
                        }
                        _ => return Err(err(line, "expected a node name after `->`")),
                    }
                    pos += 2;
                }
                if matches!(tokens.get(pos), Some((Token::Attributes, _))) {
                    pos += 1;
                }
                if chain.len() == 1 {
                    g.node(&chain[0]);
                } else {
                    for pair in chain.windows(2) {
                        g.edge(&pair[0], &pair[1]);
                    }
                }
            }
            Token::Open => return Err(err(line, "subgraphs `{ ... }` are not supported")),
            Token::Arrow => return Err(err(line, "`->` without a node before it")),
            Token::Attributes => return Err(err(line, "an attribute list `[...]` without a node before it")),
            Token::Equals => return Err(err(line, "`=` without a name before it")),
        }
    }
    if let Some((_, line)) = tokens.get(pos) {
        return Err(err(*line, "text after the closing `}`"));
    }
    Ok(g)
}

/// Runs `games graph FILE`.
pub fn run(args: &GraphArgs) -> Result<Output, CliError> {
    let path = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).map_err(|source| CliError::Io { path: path.clone(), source })?;
    let named = parse(&path, &text)?;
    let g = &named.graph;
    let names: Vec<&str> = g.node_indices().map(|i| g[i].as_str()).collect();
    let (acyclic, values, results, kernel_list, truncated) = match grundy_values(g) {
        Ok(values) => {
            let results = outcomes(g)?;
            let kernel = p_positions(g)?;
            let values: Vec<serde_json::Value> = values.into_iter().map(|v| json!(v)).collect();
            (true, values, results, vec![kernel], false)
        }
        Err(GameError::Cycle { .. }) => {
            let results = loopy_outcomes(g);
            let gamma = generalized_grundy(g);
            let values =
                gamma.iter().map(|v| v.finite().map_or_else(|| json!(v.to_string()), |f| json!(f))).collect();
            // One more than asked tells whether the list was cut.
            let mut found = kernels(g, args.max_kernels.saturating_add(1));
            let truncated = found.len() > args.max_kernels;
            found.truncate(args.max_kernels);
            (false, values, results, found, truncated)
        }
        Err(other) => return Err(other.into()),
    };
    if args.dot {
        let kernel: Vec<bool> = {
            let mut marked = vec![false; names.len()];
            if let Some(first) = kernel_list.first() {
                first.iter().for_each(|&i| marked[i] = true);
            }
            marked
        };
        let mut dot = to_dot(g, |i| format!("{} ({})", names[i], display_value(&values[i])), |i| kernel[i]);
        let marked: Vec<&str> = (0..names.len()).filter(|&i| kernel[i]).map(|i| names[i]).collect();
        let what = match (acyclic, kernel_list.len()) {
            (true, _) => "the kernel (P-positions)",
            (false, 0) => "nothing (the graph has no kernel)",
            (false, 1) => "the only kernel",
            (false, _) => "the first kernel found",
        };
        let _ = writeln!(dot, "// filled black: {what} {{{}}}; labels: name (value)", marked.join(", "));
        return Ok(Output::new(dot.clone(), json!({ "dot": dot })));
    }
    let mut text = format!(
        "{} nodes, {} moves, {}\n",
        names.len(),
        g.edge_count(),
        if acyclic { "acyclic" } else { "with cycles (loopy)" }
    );
    let value_name = if acyclic { "Grundy" } else { "generalised Grundy" };
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {name}: {} ({value_name} {})",
            outcome_name(results[i]),
            display_value(&values[i])
        );
    }
    let kernel_names: Vec<Vec<&str>> =
        kernel_list.iter().map(|k| k.iter().map(|&i| names[i]).collect()).collect();
    match kernel_names.len() {
        0 => text.push_str("no kernel"),
        1 if acyclic => {
            let _ = write!(text, "kernel (the P-positions): {{{}}}", kernel_names[0].join(", "));
        }
        _ => {
            let _ = write!(
                text,
                "{} kernel(s){}:",
                kernel_names.len(),
                if truncated { " (list cut)" } else { "" }
            );
            for k in &kernel_names {
                let _ = write!(text, "\n  {{{}}}", k.join(", "));
            }
        }
    }
    let nodes: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| json!({ "name": name, "outcome": outcome_name(results[i]), "value": values[i] }))
        .collect();
    Ok(Output::new(
        text,
        json!({
            "nodes": nodes,
            "edges": g.edge_count(),
            "acyclic": acyclic,
            "kernels": kernel_names,
            "kernels_truncated": truncated,
        }),
    ))
}

fn display_value(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::Draw => "Draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(g: &NamedGraph) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = g
            .graph
            .edge_indices()
            .map(|e| {
                let (a, b) = g.graph.edge_endpoints(e).unwrap();
                (g.graph[a].clone(), g.graph[b].clone())
            })
            .collect();
        out.sort();
        out
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_string(), b.to_string())
    }

    #[test]
    fn dot_subset_chains_quotes_comments_attributes() {
        let text = "strict digraph \"my game\" {\n  node [shape=circle];\n  rankdir=LR\n  /* a\n comment */ \"start here\" -> b -> c [label=\"x\"];\n  c; d // alone\n  # also a comment\n  b -> \"start here\", e\n}\n";
        let g = parse("t.dot", text).unwrap();
        assert_eq!(g.graph.node_count(), 5);
        assert_eq!(edges(&g), vec![pair("b", "c"), pair("b", "start here"), pair("start here", "b")]);
        let names: Vec<&str> = g.graph.node_indices().map(|i| g.graph[i].as_str()).collect();
        assert_eq!(names, ["start here", "b", "c", "d", "e"]);
    }

    #[test]
    fn edge_list_duplicates_and_isolated_nodes() {
        let g = parse("t.txt", "1 2\n1 2\n  lonely  \n2 -3 # comment\n").unwrap();
        assert_eq!(g.graph.node_count(), 4);
        assert_eq!(edges(&g), vec![pair("1", "2"), pair("2", "-3")]);
    }

    #[test]
    fn errors_name_the_line() {
        let line_of = |text: &str| match parse("f", text) {
            Err(CliError::Parse { line, .. }) => line,
            other => panic!("expected a parse error, got {other:?}"),
        };
        assert_eq!(line_of("digraph {\n a -> b\n c -- d\n}"), 3);
        assert_eq!(line_of("digraph {\n a -> b\n\n \"open\n}"), 4);
        assert_eq!(line_of("digraph {\n a -> b;\n"), 2);
        assert_eq!(line_of("digraph {\n a -> { b c }\n}"), 2);
        assert_eq!(line_of("digraph {\n a [x=1\n}"), 2);
        assert_eq!(line_of("digraph {\n a -> b\n}\n c"), 4);
        assert_eq!(line_of("a b\nc d e\n"), 2);
        assert_eq!(line_of("\n\ngraph { a -- b }"), 3);
        assert_eq!(line_of("digraph {\n a -> b ! c\n}"), 2);
    }
}
