//! Graph files, both directions side by side: reading edge lists and Graphviz DOT digraphs
//! ([`read_graph`], [`read_graph_bytes`]) and writing DOT ([`to_dot`], [`named_to_dot`]).
//!
//! Reading is linear in the size of the text (plus the arcs it produces) and bounded: the node
//! and arc limits of [`ReadLimits`] are checked while reading, subgraph nesting is bounded, and
//! every failure is a [`ReadError`] naming the line. Nothing in a file can make the reader panic,
//! recurse without bound or allocate more than a constant times the file size and the limits.

use std::hash::{BuildHasher, RandomState};

use hashbrown::HashTable;
use std::fmt::Write;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};
use thiserror::Error;

/// Writes `g` as a Graphviz digraph. `label(i)` is the text of node `i` (a `to_index` value),
/// for example its position and Grundy value; nodes with `marked(i)` are drawn filled black with
/// white text, as the seeds draw the kernel. Nodes are named by their index, so
/// [`read_graph`] reads the output back as the same graph with nodes named `"0"`, `"1"`, ...
/// (on a graph without holes, in the same order). Output is deterministic (node and neighbour
/// order). O(V + E).
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
        let style = if marked(i) { ", style=filled, fillcolor=black, fontcolor=white" } else { "" };
        let _ = writeln!(out, "    {i} [label={}{style}]", quote(&label(i)));
    }
    for u in g.node_identifiers() {
        for w in g.neighbors(u) {
            let _ = writeln!(out, "    {} -> {}", g.to_index(u), g.to_index(w));
        }
    }
    out.push_str("}\n");
    out
}

/// Writes a [`NamedGraph`] as a Graphviz digraph whose node identifiers are the names (quoted),
/// every node declared in node order before the arcs, so that [`read_graph`] reads the output
/// back as the same names in the same order with the same arcs. `label` and `marked` are as in
/// [`to_dot`] (`label` returning `None` writes no label). O(V + E + total name length).
///
/// ```
/// use game_core::{named_to_dot, read_graph, ReadLimits};
/// let g = read_graph("start x\nx \"quoted\"\n", ReadLimits::default()).unwrap();
/// let dot = named_to_dot(&g, |_| None, |i| i == 2);
/// let back = read_graph(&dot, ReadLimits::default()).unwrap();
/// assert_eq!(back.names().collect::<Vec<_>>(), ["start", "x", "\"quoted\""]);
/// assert_eq!(back.arcs(), g.arcs());
/// ```
pub fn named_to_dot(
    g: &NamedGraph,
    label: impl Fn(usize) -> Option<String>,
    marked: impl Fn(usize) -> bool,
) -> String {
    let mut out = String::from("digraph game {\n");
    for (i, name) in g.names().enumerate() {
        let mut attributes = Vec::new();
        if let Some(text) = label(i) {
            attributes.push(format!("label={}", quote(&text)));
        }
        if marked(i) {
            attributes.push("style=filled, fillcolor=black, fontcolor=white".to_string());
        }
        if attributes.is_empty() {
            let _ = writeln!(out, "    {}", quote(name));
        } else {
            let _ = writeln!(out, "    {} [{}]", quote(name), attributes.join(", "));
        }
    }
    for (u, w) in g.arcs() {
        let _ = writeln!(
            out,
            "    {} -> {}",
            quote(&g.graph[NodeIndex::new(u)]),
            quote(&g.graph[NodeIndex::new(w)])
        );
    }
    out.push_str("}\n");
    out
}

/// A DOT quoted string that [`read_graph`] reads back as `text`: `"` and `\` are escaped.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Which syntax a graph file was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// One move `from to` per line, or a single name for a node.
    EdgeList,
    /// A Graphviz `digraph`.
    Dot,
}

/// Bounds on what [`read_graph`] builds. Both are checked while reading, before the node or arc
/// beyond the limit is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// Most nodes accepted (values above `u32::MAX - 1` act as `u32::MAX - 1`, the most a
    /// petgraph `DiGraph` can number).
    pub max_nodes: usize,
    /// Most arcs written. An arc between two DOT subgraphs writes one arc per pair of members,
    /// and every pair counts here, repeated ones included.
    pub max_arcs: usize,
}

impl Default for ReadLimits {
    /// One million nodes and ten million arcs.
    fn default() -> Self {
        ReadLimits { max_nodes: 1_000_000, max_arcs: 10_000_000 }
    }
}

/// Deepest nesting of DOT subgraphs `{ ... }` accepted; deeper is an error, not a deep recursion.
pub const MAX_SUBGRAPH_NESTING: usize = 64;

/// What is wrong with a graph file, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ReadError {
    /// 1-based line number where the problem was found.
    pub line: usize,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// The kinds of [`ReadError`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The bytes are not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// An undirected `graph` (or an `--` edge): a game needs directed moves.
    #[error("undirected `graph` and `--` edges are not a game: write `digraph {{ a -> b }}`")]
    Undirected,
    /// More nodes than [`ReadLimits::max_nodes`].
    #[error("more than {limit} nodes (the node limit)")]
    TooManyNodes {
        /// The limit in force.
        limit: usize,
    },
    /// More arcs than [`ReadLimits::max_arcs`].
    #[error("more than {limit} arcs (the arc limit)")]
    TooManyArcs {
        /// The limit in force.
        limit: usize,
    },
    /// Subgraphs nested deeper than [`MAX_SUBGRAPH_NESTING`].
    #[error("subgraphs nested deeper than {limit}")]
    TooDeep {
        /// The limit in force.
        limit: usize,
    },
    /// The file declares no node at all.
    #[error("the file has no nodes")]
    NoNodes,
    /// An edge-list line with more than two names.
    #[error("expected `from to` (two names), found {tokens} tokens; a DOT file must start with `digraph`")]
    EdgeListLine {
        /// How many whitespace-separated tokens the line has.
        tokens: usize,
    },
    /// A control character (other than whitespace) in an edge-list name.
    #[error("control character {0:?} in a name (names are printable tokens separated by whitespace)")]
    ControlCharacter(char),
    /// Anything else that does not follow the DOT grammar (or an unterminated comment).
    #[error("{0}")]
    Syntax(String),
}

/// A graph read from a file: node names in order of first appearance, and the moves.
///
/// Node `i` (`NodeIndex::new(i)`) has the `i`-th name; iteration ([`NamedGraph::names`],
/// [`NamedGraph::arcs`]) is in node-index order, so it is deterministic.
#[derive(Debug, Clone)]
pub struct NamedGraph {
    /// The graph; node weights are the names. A repeated arc is stored once.
    pub graph: DiGraph<String, ()>,
    /// Which syntax the text was read as.
    pub format: GraphFormat,
    /// Name lookup: node indices only, each name is stored once (in the graph).
    index: HashTable<NodeIndex>,
    hasher: RandomState,
}

impl NamedGraph {
    /// The node called `name`, if any.
    pub fn node(&self, name: &str) -> Option<NodeIndex> {
        let hash = self.hasher.hash_one(name);
        self.index.find(hash, |&n| self.graph[n] == name).copied()
    }

    /// The names in node-index order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.graph.node_weights().map(String::as_str)
    }

    /// Every arc `(from, to)` as node indices, sorted. O(E log E).
    pub fn arcs(&self) -> Vec<(usize, usize)> {
        let mut arcs: Vec<(usize, usize)> =
            self.graph.raw_edges().iter().map(|e| (e.source().index(), e.target().index())).collect();
        arcs.sort_unstable();
        arcs
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// True if there is no node (never the case for a graph returned by [`read_graph`]).
    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }
}

/// Builds a [`NamedGraph`] under the limits, as it is read. Names are kept in one arena
/// (`names`, node `i` is `names[starts[i]..starts[i + 1]]`) and looked up through a table of
/// [`NameKey`]s, which hold a short name itself (so that a lookup touches the table only) or
/// where a longer one starts in the arena; arcs are listed as they come and made unique once at
/// the end by sorting. Both keep reading cache-friendly: a lookup through the graph's nodes and
/// a hash set of arcs made reading many times slower on large files.
struct Builder {
    names: String,
    starts: Vec<usize>,
    lookup: HashTable<NameKey>,
    lookup_hasher: foldhash::quality::RandomState,
    arcs: Vec<(u32, u32)>,
    limits: ReadLimits,
}

/// A name in the lookup table of [`Builder`]: its length, its node, and its bytes when it has
/// at most 8 (little-endian, zero-padded), else where it starts in the arena.
#[derive(Clone, Copy)]
struct NameKey {
    bytes_or_start: u64,
    len: u32,
    node: u32,
}

/// The 8 bytes of a name of at most 8 bytes, zero-padded.
fn inline_bytes(name: &str) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..name.len()].copy_from_slice(name.as_bytes());
    u64::from_le_bytes(bytes)
}

impl Builder {
    fn new(limits: ReadLimits) -> Self {
        Builder {
            names: String::new(),
            starts: vec![0],
            lookup: HashTable::new(),
            lookup_hasher: foldhash::quality::RandomState::default(),
            arcs: Vec::new(),
            limits,
        }
    }

    fn name(&self, node: u32) -> &str {
        let node = node as usize;
        &self.names[self.starts[node]..self.starts[node + 1]]
    }

    fn node_count(&self) -> usize {
        self.starts.len() - 1
    }

    fn node(&mut self, name: &str, line: usize) -> Result<NodeIndex, ReadError> {
        let hash = self.lookup_hasher.hash_one(name);
        let names = &self.names;
        let short = name.len() <= 8;
        let wanted = if short { inline_bytes(name) } else { 0 };
        let same = |key: &NameKey| {
            key.len as usize == name.len()
                && if short {
                    key.bytes_or_start == wanted
                } else {
                    let start = key.bytes_or_start as usize;
                    &names[start..start + name.len()] == name
                }
        };
        if let Some(key) = self.lookup.find(hash, same) {
            return Ok(NodeIndex::new(key.node as usize));
        }
        let limit = self.limits.max_nodes.min(u32::MAX as usize - 1);
        if self.node_count() >= limit {
            return Err(ReadError { line, kind: ReadErrorKind::TooManyNodes { limit } });
        }
        let node = self.node_count() as u32;
        let start = self.names.len();
        self.names.push_str(name);
        self.starts.push(self.names.len());
        // A name is at most the whole text, which is far below 2^32 bytes in any reader's limit;
        // a longer one is refused as too many nodes would be.
        let len = u32::try_from(name.len())
            .map_err(|_| ReadError { line, kind: ReadErrorKind::TooManyNodes { limit } })?;
        let key = NameKey { bytes_or_start: if short { wanted } else { start as u64 }, len, node };
        let (names, hasher) = (&self.names, &self.lookup_hasher);
        self.lookup.insert_unique(hash, key, |key| {
            let len = key.len as usize;
            if len <= 8 {
                let bytes = key.bytes_or_start.to_le_bytes();
                // The bytes of a whole `&str`: valid UTF-8.
                hasher.hash_one(std::str::from_utf8(&bytes[..len]).unwrap_or_default())
            } else {
                let start = key.bytes_or_start as usize;
                hasher.hash_one(&names[start..start + len])
            }
        });
        Ok(NodeIndex::new(node as usize))
    }

    fn arc(&mut self, a: NodeIndex, b: NodeIndex, line: usize) -> Result<(), ReadError> {
        if self.arcs.len() >= self.limits.max_arcs {
            return Err(ReadError { line, kind: ReadErrorKind::TooManyArcs { limit: self.limits.max_arcs } });
        }
        // Node numbers are below the node limit, itself below u32::MAX.
        self.arcs.push((a.index() as u32, b.index() as u32));
        Ok(())
    }

    /// The graph: nodes in order of first appearance, each arc once, at its first place.
    fn finish(self, format: GraphFormat, last_line: usize) -> Result<NamedGraph, ReadError> {
        let nodes = self.node_count();
        if nodes == 0 {
            return Err(ReadError { line: last_line, kind: ReadErrorKind::NoNodes });
        }
        // Arc `(a, b)` at place `p` as `(a << 32 | b, p)`: sorted, the first of each run of
        // equal arcs is its first place.
        let mut keyed: Vec<(u64, usize)> = self
            .arcs
            .iter()
            .enumerate()
            .map(|(place, &(a, b))| ((u64::from(a) << 32) | u64::from(b), place))
            .collect();
        keyed.sort_unstable();
        let mut first = vec![false; self.arcs.len()];
        let mut previous = None;
        for &(key, place) in &keyed {
            if previous != Some(key) {
                first[place] = true;
                previous = Some(key);
            }
        }
        drop(keyed);
        let unique = first.iter().filter(|&&f| f).count();
        let mut graph = DiGraph::with_capacity(nodes, unique);
        for node in 0..nodes as u32 {
            graph.add_node(self.name(node).to_string());
        }
        for (&(a, b), _) in self.arcs.iter().zip(&first).filter(|(_, f)| **f) {
            graph.add_edge(NodeIndex::new(a as usize), NodeIndex::new(b as usize), ());
        }
        let hasher = RandomState::new();
        let mut index = HashTable::with_capacity(nodes);
        for node in graph.node_indices() {
            let hash = hasher.hash_one(graph[node].as_str());
            index.insert_unique(hash, node, |&n: &NodeIndex| hasher.hash_one(graph[n].as_str()));
        }
        Ok(NamedGraph { graph, format, index, hasher })
    }
}

/// [`read_graph`] on raw bytes: fails with [`ReadErrorKind::NotUtf8`] (naming the line of the
/// first bad byte) unless they are UTF-8.
pub fn read_graph_bytes(bytes: &[u8], limits: ReadLimits) -> Result<NamedGraph, ReadError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read_graph(text, limits),
        Err(e) => {
            let line = 1 + bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
            Err(ReadError { line, kind: ReadErrorKind::NotUtf8 })
        }
    }
}

/// Reads a game graph from an edge list or a Graphviz DOT digraph.
///
/// The format is decided by the first word after a UTF-8 byte-order mark, whitespace and
/// comments (`# ...` and `// ...` to the end of the line, `/* ... */`): `digraph` or `strict`
/// (any case) starts DOT, `graph` is refused as undirected, anything else starts an edge list.
///
/// * **Edge list**: one move `from to` per line, or a single name for a node without moves; names
///   are any tokens without whitespace or control characters; `#` starts a comment anywhere on
///   a line.
/// * **DOT**: the Graphviz grammar for digraphs: `[strict] digraph [ID] { stmt_list }` with node,
///   edge (`a -> b -> c`), attribute (`graph|node|edge [..]`) and `ID = ID` statements, `;` or `,`
///   optional between them, subgraphs `[subgraph [ID]] { ... }` (also as edge ends: `a -> {b c}`
///   is two arcs), ports `a:p:n` (ignored), IDs as names, numerals, quoted strings (`\"` and `\\`
///   escaped, `\` + newline continues, `"a" + "b"` concatenates) or HTML strings `<...>`, and
///   comments anywhere. Attributes are read and ignored; keywords are case-insensitive.
///
/// Nodes are numbered in order of first appearance; an arc given twice is stored once.
/// O(file size + arcs written), with the limits checked while reading.
///
/// ```
/// use game_core::{read_graph, GraphFormat, ReadLimits};
/// let g = read_graph("\u{feff}// my game\ndigraph { a -> {b c}; c -> a [label=\"x]\"] }", ReadLimits::default())?;
/// assert_eq!(g.format, GraphFormat::Dot);
/// assert_eq!(g.names().collect::<Vec<_>>(), ["a", "b", "c"]);
/// assert_eq!(g.arcs(), [(0, 1), (0, 2), (2, 0)]);
/// let e = read_graph("a b\nb c d\n", ReadLimits::default()).unwrap_err();
/// assert_eq!(e.line, 2);
/// # Ok::<(), game_core::ReadError>(())
/// ```
pub fn read_graph(text: &str, limits: ReadLimits) -> Result<NamedGraph, ReadError> {
    let mut lexer = Lexer::new(text);
    lexer.skip_trivia()?;
    let word = lexer.peek_word();
    if word.eq_ignore_ascii_case("digraph") || word.eq_ignore_ascii_case("strict") {
        let mut parser = DotParser { lexer, builder: Builder::new(limits), members: Vec::new() };
        parser.graph()?;
        let last_line = parser.lexer.line;
        parser.builder.finish(GraphFormat::Dot, last_line)
    } else if word.eq_ignore_ascii_case("graph") {
        Err(ReadError { line: lexer.line, kind: ReadErrorKind::Undirected })
    } else {
        read_edge_list(&text[lexer.pos..], lexer.line, limits)
    }
}

/// Edge list from `text`, whose first line is line `first_line` of the file.
fn read_edge_list(text: &str, first_line: usize, limits: ReadLimits) -> Result<NamedGraph, ReadError> {
    let mut builder = Builder::new(limits);
    let mut line = first_line;
    for raw in text.split('\n') {
        let content = raw.split('#').next().unwrap_or("");
        if let Some(c) = content.chars().find(|c| c.is_control() && !c.is_whitespace()) {
            return Err(ReadError { line, kind: ReadErrorKind::ControlCharacter(c) });
        }
        let mut tokens = content.split_whitespace();
        match (tokens.next(), tokens.next(), tokens.next()) {
            (None, _, _) => {}
            (Some(a), None, _) => {
                builder.node(a, line)?;
            }
            (Some(a), Some(b), None) => {
                let (a, b) = (builder.node(a, line)?, builder.node(b, line)?);
                builder.arc(a, b, line)?;
            }
            (Some(_), Some(_), Some(_)) => {
                let tokens = content.split_whitespace().count();
                return Err(ReadError { line, kind: ReadErrorKind::EdgeListLine { tokens } });
            }
        }
        line += 1;
    }
    builder.finish(GraphFormat::EdgeList, line.saturating_sub(1).max(1))
}

/// A DOT token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// An ID: `quoted` is false for names and numerals (the only ones that can be keywords).
    Id {
        text: String,
        quoted: bool,
    },
    Arrow,
    Open,
    Close,
    OpenBracket,
    CloseBracket,
    Semi,
    Comma,
    Equals,
    Colon,
    Eof,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b >= 0x80
}

/// A DOT lexer over the bytes of a `&str`, one token of look-ahead. Every delimiter it splits
/// at is ASCII, so every slice it takes is valid UTF-8.
struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    peeked: Option<(Token, usize)>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        let pos = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Lexer { text, bytes: text.as_bytes(), pos, line: 1, peeked: None }
    }

    fn error(&self, line: usize, reason: impl Into<String>) -> ReadError {
        ReadError { line, kind: ReadErrorKind::Syntax(reason.into()) }
    }

    fn skip_to_end_of_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    /// Skips whitespace and comments of all three kinds.
    fn skip_trivia(&mut self) -> Result<(), ReadError> {
        loop {
            match self.bytes.get(self.pos) {
                Some(b'\n') => {
                    self.line += 1;
                    self.pos += 1;
                }
                Some(b) if b.is_ascii_whitespace() => self.pos += 1,
                Some(b'#') => self.skip_to_end_of_line(),
                Some(b'/') if self.bytes.get(self.pos + 1) == Some(&b'/') => self.skip_to_end_of_line(),
                Some(b'/') if self.bytes.get(self.pos + 1) == Some(&b'*') => {
                    let start = self.line;
                    self.pos += 2;
                    loop {
                        match self.bytes.get(self.pos) {
                            None => return Err(self.error(start, "unterminated /* comment")),
                            Some(b'*') if self.bytes.get(self.pos + 1) == Some(&b'/') => {
                                self.pos += 2;
                                break;
                            }
                            Some(b'\n') => self.line += 1,
                            _ => {}
                        }
                        self.pos += 1;
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// The run of name characters at the current position (after trivia), without consuming it.
    fn peek_word(&self) -> &'a str {
        let end = self.bytes[self.pos..]
            .iter()
            .position(|&b| !is_name_byte(b))
            .map_or(self.bytes.len(), |n| self.pos + n);
        &self.text[self.pos..end]
    }

    fn peek(&mut self) -> Result<&Token, ReadError> {
        if self.peeked.is_none() {
            let next = self.lex()?;
            self.peeked = Some(next);
        }
        Ok(&self.peeked.as_ref().expect("just filled").0)
    }

    /// The next token and its line.
    fn next(&mut self) -> Result<(Token, usize), ReadError> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.lex(),
        }
    }

    fn lex(&mut self) -> Result<(Token, usize), ReadError> {
        self.skip_trivia()?;
        let line = self.line;
        let Some(&b) = self.bytes.get(self.pos) else {
            return Ok((Token::Eof, line));
        };
        let next = self.bytes.get(self.pos + 1).copied();
        let single = |t: Token| (t, line);
        let token = match b {
            b'{' => single(Token::Open),
            b'}' => single(Token::Close),
            b'[' => single(Token::OpenBracket),
            b']' => single(Token::CloseBracket),
            b';' => single(Token::Semi),
            b',' => single(Token::Comma),
            b'=' => single(Token::Equals),
            b':' => single(Token::Colon),
            b'-' if next == Some(b'>') => {
                self.pos += 2;
                return Ok((Token::Arrow, line));
            }
            b'-' if next == Some(b'-') => {
                return Err(ReadError { line, kind: ReadErrorKind::Undirected });
            }
            b'"' => return self.quoted(),
            b'<' => return self.html(),
            b'-' if next.is_some_and(|c| c.is_ascii_digit() || c == b'.') => {
                self.pos += 1;
                let word = self.peek_word();
                self.pos += word.len();
                return Ok((Token::Id { text: format!("-{word}"), quoted: false }, line));
            }
            b if is_name_byte(b) => {
                let word = self.peek_word();
                self.pos += word.len();
                return Ok((Token::Id { text: word.to_string(), quoted: false }, line));
            }
            _ => {
                let c = self.text[self.pos..].chars().next().expect("pos is on a char boundary");
                return Err(self.error(line, format!("unexpected character {c:?}")));
            }
        };
        self.pos += 1;
        Ok(token)
    }

    /// A quoted string, with `"a" + "b"` concatenation.
    fn quoted(&mut self) -> Result<(Token, usize), ReadError> {
        let start = self.line;
        let mut text = String::new();
        loop {
            self.pos += 1; // the opening quote
            let mut run = self.pos;
            loop {
                match self.bytes.get(self.pos) {
                    None => return Err(self.error(start, "unterminated quoted string")),
                    Some(b'"') => break,
                    Some(b'\\') if matches!(self.bytes.get(self.pos + 1), Some(b'"' | b'\\' | b'\n')) => {
                        text.push_str(&self.text[run..self.pos]);
                        let escaped = self.bytes[self.pos + 1];
                        if escaped == b'\n' {
                            self.line += 1;
                        } else {
                            text.push(escaped as char);
                        }
                        self.pos += 2;
                        run = self.pos;
                    }
                    Some(b'\n') => {
                        self.line += 1;
                        self.pos += 1;
                    }
                    _ => self.pos += 1,
                }
            }
            text.push_str(&self.text[run..self.pos]);
            self.pos += 1; // the closing quote
            // `+` joins two quoted strings.
            let save = (self.pos, self.line);
            self.skip_trivia()?;
            if self.bytes.get(self.pos) == Some(&b'+') {
                self.pos += 1;
                self.skip_trivia()?;
                if self.bytes.get(self.pos) != Some(&b'"') {
                    return Err(self.error(self.line, "expected a quoted string after `+`"));
                }
                continue;
            }
            (self.pos, self.line) = save;
            return Ok((Token::Id { text, quoted: true }, start));
        }
    }

    /// An HTML string `<...>` with balanced angle brackets; the ID is what lies between the
    /// outer brackets.
    fn html(&mut self) -> Result<(Token, usize), ReadError> {
        let start_line = self.line;
        let start = self.pos + 1;
        let mut depth = 0usize;
        loop {
            match self.bytes.get(self.pos) {
                None => return Err(self.error(start_line, "unterminated HTML string `<`")),
                Some(b'<') => depth += 1,
                Some(b'>') => {
                    depth -= 1;
                    if depth == 0 {
                        let text = self.text[start..self.pos].to_string();
                        self.pos += 1;
                        return Ok((Token::Id { text, quoted: true }, start_line));
                    }
                }
                Some(b'\n') => self.line += 1,
                _ => {}
            }
            self.pos += 1;
        }
    }
}

/// Recursive descent over the DOT grammar; recursion only for nested subgraphs, bounded by
/// [`MAX_SUBGRAPH_NESTING`].
struct DotParser<'a> {
    lexer: Lexer<'a>,
    builder: Builder,
    /// Nodes mentioned, in order; a subgraph's members are a contiguous range of it.
    members: Vec<NodeIndex>,
}

fn is_keyword(token: &Token, word: &str) -> bool {
    matches!(token, Token::Id { text, quoted: false } if text.eq_ignore_ascii_case(word))
}

impl DotParser<'_> {
    fn expect(&mut self, wanted: Token, what: &str) -> Result<(), ReadError> {
        let (token, line) = self.lexer.next()?;
        if token == wanted { Ok(()) } else { Err(self.lexer.error(line, format!("expected {what}"))) }
    }

    fn graph(&mut self) -> Result<(), ReadError> {
        let (mut token, mut line) = self.lexer.next()?;
        if is_keyword(&token, "strict") {
            (token, line) = self.lexer.next()?;
        }
        if is_keyword(&token, "graph") {
            return Err(ReadError { line, kind: ReadErrorKind::Undirected });
        }
        if !is_keyword(&token, "digraph") {
            return Err(self.lexer.error(line, "expected `digraph`"));
        }
        if matches!(self.lexer.peek()?, Token::Id { .. }) {
            self.lexer.next()?;
        }
        let (token, line) = self.lexer.next()?;
        if token != Token::Open {
            return Err(self.lexer.error(line, "expected `{` after `digraph`"));
        }
        self.statements(0)?;
        let (token, line) = self.lexer.next()?;
        if token != Token::Eof {
            return Err(self.lexer.error(line, "text after the closing `}`"));
        }
        Ok(())
    }

    /// Statements up to and including the closing `}`.
    fn statements(&mut self, depth: usize) -> Result<(), ReadError> {
        loop {
            let token = self.lexer.peek()?.clone();
            let line = self.lexer.line;
            match token {
                Token::Close => {
                    self.lexer.next()?;
                    return Ok(());
                }
                Token::Eof => return Err(self.lexer.error(line, "missing `}` at the end of the graph")),
                Token::Semi | Token::Comma => {
                    self.lexer.next()?;
                }
                ref token @ Token::Id { .. }
                    if is_keyword(token, "graph")
                        || is_keyword(token, "node")
                        || is_keyword(token, "edge") =>
                {
                    let (_, line) = self.lexer.next()?;
                    if *self.lexer.peek()? != Token::OpenBracket {
                        return Err(self.lexer.error(line, "expected `[` after `graph`, `node` or `edge`"));
                    }
                    self.attributes()?;
                }
                _ => self.edge_or_node_statement(depth)?,
            }
        }
    }

    /// One or more attribute lists `[ a = b, c = d; ... ]`, read and ignored.
    fn attributes(&mut self) -> Result<(), ReadError> {
        while *self.lexer.peek()? == Token::OpenBracket {
            let (_, start) = self.lexer.next()?;
            loop {
                let (token, line) = self.lexer.next()?;
                match token {
                    Token::CloseBracket => break,
                    Token::Semi | Token::Comma => {}
                    Token::Id { .. } => {
                        if *self.lexer.peek()? == Token::Equals {
                            self.lexer.next()?;
                            match self.lexer.next()? {
                                (Token::Id { .. }, _) => {}
                                (_, line) => {
                                    return Err(self.lexer.error(line, "expected a value after `=`"));
                                }
                            }
                        }
                    }
                    Token::Eof | Token::Close => {
                        return Err(self.lexer.error(start, "unterminated attribute list `[`"));
                    }
                    _ => return Err(self.lexer.error(line, "expected `name = value` in an attribute list")),
                }
            }
        }
        Ok(())
    }

    /// A node ID with an optional port `:p` or `:p:compass` (ignored): its node.
    fn node_id(&mut self, text: &str, line: usize) -> Result<NodeIndex, ReadError> {
        let node = self.builder.node(text, line)?;
        for _ in 0..2 {
            if *self.lexer.peek()? != Token::Colon {
                break;
            }
            self.lexer.next()?;
            match self.lexer.next()? {
                (Token::Id { .. }, _) => {}
                (_, line) => return Err(self.lexer.error(line, "expected a port name after `:`")),
            }
        }
        Ok(node)
    }

    /// One edge end: a node ID or a subgraph; its members are `members[range]`.
    fn operand(&mut self, depth: usize) -> Result<std::ops::Range<usize>, ReadError> {
        let start = self.members.len();
        let (token, line) = self.lexer.next()?;
        match token {
            ref t if is_keyword(t, "subgraph") => {
                if matches!(self.lexer.peek()?, Token::Id { .. }) {
                    self.lexer.next()?;
                }
                self.expect(Token::Open, "`{` after `subgraph`")?;
                self.subgraph(depth, line)?;
            }
            Token::Open => self.subgraph(depth, line)?,
            Token::Id { text, .. } => {
                let node = self.node_id(&text, line)?;
                self.members.push(node);
            }
            Token::Arrow => return Err(self.lexer.error(line, "`->` without a node before it")),
            Token::OpenBracket => {
                return Err(self.lexer.error(line, "an attribute list `[...]` without a node before it"));
            }
            Token::Equals => return Err(self.lexer.error(line, "`=` without a name before it")),
            _ => return Err(self.lexer.error(line, "expected a node name")),
        }
        Ok(start..self.members.len())
    }

    fn subgraph(&mut self, depth: usize, line: usize) -> Result<(), ReadError> {
        if depth >= MAX_SUBGRAPH_NESTING {
            return Err(ReadError { line, kind: ReadErrorKind::TooDeep { limit: MAX_SUBGRAPH_NESTING } });
        }
        self.statements(depth + 1)
    }

    /// `ID = ID`, a node statement, or an edge statement `end -> end -> ... [attrs]`.
    fn edge_or_node_statement(&mut self, depth: usize) -> Result<(), ReadError> {
        // `ID = ID` (a graph attribute) starts with an ID followed by `=`: look at both.
        if let Token::Id { .. } = self.lexer.peek()? {
            let is_subgraph = is_keyword(self.lexer.peek()?, "subgraph");
            if !is_subgraph {
                let (token, line) = self.lexer.next()?;
                let Token::Id { text, .. } = token else { unreachable!("peeked an ID") };
                if *self.lexer.peek()? == Token::Equals {
                    self.lexer.next()?;
                    return match self.lexer.next()? {
                        (Token::Id { .. }, _) => Ok(()),
                        (_, line) => Err(self.lexer.error(line, "expected a value after `=`")),
                    };
                }
                let start = self.members.len();
                let node = self.node_id(&text, line)?;
                self.members.push(node);
                return self.edge_chain(start..self.members.len(), depth);
            }
        }
        let first = self.operand(depth)?;
        self.edge_chain(first, depth)
    }

    fn edge_chain(&mut self, first: std::ops::Range<usize>, depth: usize) -> Result<(), ReadError> {
        let mut from = first;
        while *self.lexer.peek()? == Token::Arrow {
            let (_, line) = self.lexer.next()?;
            if matches!(
                self.lexer.peek()?,
                Token::Eof | Token::Close | Token::Semi | Token::Comma | Token::OpenBracket
            ) {
                return Err(self.lexer.error(line, "expected a node name after `->`"));
            }
            let to = self.operand(depth)?;
            for i in from.clone() {
                for j in to.clone() {
                    let (a, b) = (self.members[i], self.members[j]);
                    self.builder.arc(a, b, line)?;
                }
            }
            from = to;
        }
        self.attributes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<NamedGraph, ReadError> {
        read_graph(text, ReadLimits::default())
    }

    fn named_arcs(g: &NamedGraph) -> Vec<(String, String)> {
        let names: Vec<&str> = g.names().collect();
        let mut out: Vec<(String, String)> =
            g.arcs().into_iter().map(|(a, b)| (names[a].to_string(), names[b].to_string())).collect();
        out.sort();
        out
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_string(), b.to_string())
    }

    #[test]
    fn dot_chains_quotes_comments_attributes() {
        let text = "strict digraph \"my game\" {\n  node [shape=circle];\n  rankdir=LR\n  /* a\n comment */ \"start here\" -> b -> c [label=\"x\"];\n  c; d // alone\n  # also a comment\n  b -> \"start here\", e\n}\n";
        let g = read(text).unwrap();
        assert_eq!(g.format, GraphFormat::Dot);
        assert_eq!(named_arcs(&g), vec![pair("b", "c"), pair("b", "start here"), pair("start here", "b")]);
        assert_eq!(g.names().collect::<Vec<_>>(), ["start here", "b", "c", "d", "e"]);
    }

    #[test]
    fn a_leading_comment_and_a_bom_do_not_make_dot_an_edge_list() {
        for prefix in ["// comment\n", "# comment\n", "/* a\nb */", "\u{feff}", "\u{feff}  \n// x\n/**/ "] {
            let g = read(&format!("{prefix}DiGraph G {{ a -> b }}")).unwrap();
            assert_eq!(g.format, GraphFormat::Dot, "{prefix:?}");
            assert_eq!(g.names().collect::<Vec<_>>(), ["a", "b"], "{prefix:?}");
        }
        let g = read("\u{feff}x y\n").unwrap();
        assert_eq!(g.format, GraphFormat::EdgeList);
        assert_eq!(g.names().collect::<Vec<_>>(), ["x", "y"]);
        // Comments before an edge list are skipped, line numbers still count them.
        let e = read("/* one\ntwo */\na b c\n").unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn graphviz_syntax_beyond_the_basics() {
        let g = read(
            "digraph { a -> {b; c} -> d [label=\"]\", color=red]; e:p:n -> \"f\" + \"g\"; <x<b>y</b>> -> a }",
        )
        .unwrap();
        assert_eq!(
            named_arcs(&g),
            vec![
                pair("a", "b"),
                pair("a", "c"),
                pair("b", "d"),
                pair("c", "d"),
                pair("e", "fg"),
                pair("x<b>y</b>", "a")
            ]
        );
        let g = read("digraph{subgraph s{a->b}c->subgraph{a}}").unwrap();
        assert_eq!(named_arcs(&g), vec![pair("a", "b"), pair("c", "a")]);
        let g = read("digraph { \"a\\\"b\\\\\" -> \"line\\\ncontinued\" }").unwrap();
        assert_eq!(named_arcs(&g), vec![pair("a\"b\\", "linecontinued")]);
    }

    #[test]
    fn edge_list_duplicates_and_isolated_nodes() {
        let g = read("1 2\n1 2\n  lonely  \n2 -3 # comment\r\n").unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(named_arcs(&g), vec![pair("1", "2"), pair("2", "-3")]);
    }

    #[test]
    fn limits_are_checked_while_reading() {
        let limits = ReadLimits { max_nodes: 2, max_arcs: 10 };
        let e = read_graph("a b\nb a\nc a\n", limits).unwrap_err();
        assert_eq!(e, ReadError { line: 3, kind: ReadErrorKind::TooManyNodes { limit: 2 } });
        let limits = ReadLimits { max_nodes: 100, max_arcs: 3 };
        let e = read_graph("digraph {\n {a b} -> {c d}\n}", limits).unwrap_err();
        assert_eq!(e, ReadError { line: 2, kind: ReadErrorKind::TooManyArcs { limit: 3 } });
        let deep = format!("digraph {{ {} }}", "{".repeat(100));
        assert!(matches!(read(&deep).unwrap_err().kind, ReadErrorKind::TooDeep { .. }));
    }

    #[test]
    fn errors_name_the_line() {
        let line_of = |text: &str| read(text).unwrap_err().line;
        assert_eq!(line_of("digraph {\n a -> b\n c -- d\n}"), 3);
        assert_eq!(line_of("digraph {\n a -> b\n\n \"open\n}"), 4);
        assert_eq!(line_of("digraph {\n a -> b;\n"), 3);
        assert_eq!(line_of("digraph {\n a [x=1\n}"), 2);
        assert_eq!(line_of("digraph {\n a -> b\n}\n c"), 4);
        assert_eq!(line_of("a b\nc d e\n"), 2);
        assert_eq!(line_of("\n\ngraph { a -- b }"), 3);
        assert_eq!(line_of("digraph {\n a -> b ! c\n}"), 2);
        assert_eq!(line_of("digraph {\n a -> b;\n c -> ;\n}\n"), 3);
        assert_eq!(read("# nothing\n").unwrap_err().kind, ReadErrorKind::NoNodes);
        assert_eq!(read_graph_bytes(b"a b\n\xff c\n", ReadLimits::default()).unwrap_err().line, 2);
    }
}
