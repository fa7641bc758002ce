//! Misère canonical forms of impartial games (Conway, *On Numbers and Games*, chapter 12;
//! Siegel, *Combinatorial Game Theory*, chapter V).
//!
//! Games live in an arena, [`CanonicalGames`], each stored once in simplest form, so two games
//! are equal in misère play (same outcome added to any game) exactly when they get the same
//! [`GameId`]. A game is simplified by the **Grundy-Smith rule**: if removing some options
//! from `G` leaves a game `H` such that every removed option has an option equal to `H`, then
//! `G = H` — with the **proviso** that when `H = 0` the game `G` must be a misère N-position
//! (some option of `G` is a misère P-position). Conway proved that a game to which the rule
//! does not apply is in simplest form, and that equal games in simplest form are identical.
//!
//! Every computation is iterative (no recursion on the depth of a game) and the arena refuses
//! to grow beyond its limit with [`MisereError::GameTooLarge`].

use std::collections::HashMap;
use std::fmt;

use game_core::{Game, Outcome, explore, reverse_topological_order};

use crate::MisereError;

/// A game in a [`CanonicalGames`] arena (its simplest form). `GameId(0)` is 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

#[derive(Debug, Clone)]
struct Node {
    options: Vec<u32>,
    birthday: u32,
    misere_p: bool,
    normal_value: u32,
    misere_value: u32,
    nim: Option<u32>,
}

/// The genus `g^(γ0 γ1 ...)` of a game (Conway): `g` its normal-play Grundy value, `γn` the
/// misère Grundy value of the game plus `n` copies of `*2`. The sequence is eventually
/// periodic with period 2; it is kept up to the point from which it alternates (the last two
/// terms repeat), as Conway writes it: `0^120`, `1^031`, `2^20`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: u32,
    /// `γ0, γ1, ...` up to where the last two terms repeat for ever.
    pub misere: Vec<u32>,
}

impl Genus {
    /// True for the genera of misère Nim positions: `0^120`, `1^031` and `a^(a, a⊕2)`.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        matches!((g, self.misere.as_slice()), (0, [1, 2, 0]) | (1, [0, 3, 1])) || self.misere == [g, g ^ 2]
    }
}

impl fmt::Display for Genus {
    /// `0^120`, `2^20`; terms above 9 in parentheses: `12^(12)(14)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        for &g in &self.misere {
            if g < 10 { write!(f, "{g}")? } else { write!(f, "({g})")? }
        }
        Ok(())
    }
}

/// The classification of a game by its genus and its options, after CGSuite's phyla (without
/// their "reversibly tame" and "tameable" refinements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[non_exhaustive]
pub enum Phylum {
    /// Every position of the game (itself and all followers, in simplest form) has a tame
    /// genus: the game plays like a misère Nim position with any such game.
    Tame,
    /// Not tame, every option tame, normal Grundy value 0 or 1.
    Restive,
    /// Not tame nor restive, every option tame, misère Grundy value 0 or 1.
    Restless,
    /// Anything else.
    Wild,
}

/// An arena of games in misère simplest form.
///
/// ```
/// use game_misere::{CanonicalGames, Phylum};
/// use game_core::Outcome;
/// let mut games = CanonicalGames::new(10_000);
/// // {*1} equals 0 in misère play (the proviso holds: *1 is a misère P-position).
/// let g = games.parse("*[1]")?;
/// assert_eq!(g, games.zero());
/// // *2 + *2 is a P-position of misère Nim, and its simplest form is not 0.
/// let two = games.nim_heap(2)?;
/// let sum = games.sum(two, two)?;
/// assert_eq!(games.outcome(sum), Outcome::P);
/// assert_ne!(sum, games.zero());
/// assert_eq!(games.genus(sum)?.to_string(), "0^02");
/// let g = games.parse("*[[2],2,1,0]")?;
/// assert_eq!(games.display(g), "*[[2],2,1,0]");
/// assert_eq!(games.birthday(g), 4);
/// let three = games.nim_heap(3)?;
/// assert_eq!(games.phylum(three)?, Phylum::Tame);
/// # Ok::<(), game_misere::MisereError>(())
/// ```
#[derive(Debug, Clone)]
pub struct CanonicalGames {
    nodes: Vec<Node>,
    index: HashMap<Vec<u32>, u32>,
    sums: HashMap<(u32, u32), u32>,
    max_games: usize,
}

/// The deepest nesting of brackets [`CanonicalGames::parse`] accepts.
pub const MAX_NOTATION_DEPTH: usize = 64;

/// The most bytes of notation [`CanonicalGames::parse`] reads.
pub const MAX_NOTATION_BYTES: usize = 1 << 16;

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(seen.len() as u32, |(i, _)| i as u32)
}

impl CanonicalGames {
    /// An arena holding 0 and at most `max_games` games in all.
    pub fn new(max_games: usize) -> Self {
        let zero = Node {
            options: Vec::new(),
            birthday: 0,
            misere_p: false,
            normal_value: 0,
            misere_value: 1,
            nim: Some(0),
        };
        Self { nodes: vec![zero], index: HashMap::from([(Vec::new(), 0)]), sums: HashMap::new(), max_games }
    }

    /// Number of games stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if only 0 is stored (never: 0 is always there).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game 0 (no options).
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The options of a game in simplest form.
    pub fn options(&self, g: GameId) -> Vec<GameId> {
        self.nodes[g.0 as usize].options.iter().map(|&o| GameId(o)).collect()
    }

    /// The birthday of the simplest form (0 for 0; one more than the largest option's).
    pub fn birthday(&self, g: GameId) -> u32 {
        self.nodes[g.0 as usize].birthday
    }

    /// The misère outcome: P if the game has an option and every option is N.
    pub fn outcome(&self, g: GameId) -> Outcome {
        if self.nodes[g.0 as usize].misere_p { Outcome::P } else { Outcome::N }
    }

    /// The normal-play Grundy value.
    pub fn normal_value(&self, g: GameId) -> u32 {
        self.nodes[g.0 as usize].normal_value
    }

    /// The misère Grundy value (1 for 0, else the mex of the options').
    pub fn misere_value(&self, g: GameId) -> u32 {
        self.nodes[g.0 as usize].misere_value
    }

    /// The nim-heap `*n`.
    ///
    /// # Errors
    /// [`MisereError::GameTooLarge`] beyond the arena's limit.
    pub fn nim_heap(&mut self, n: u32) -> Result<GameId, MisereError> {
        let mut options = Vec::new();
        for _ in 0..n {
            let g = self.game_with_options(&options)?;
            options.push(g);
        }
        self.game_with_options(&options)
    }

    /// The game whose options are the given games, in simplest form.
    ///
    /// # Errors
    /// [`MisereError::GameTooLarge`] beyond the arena's limit.
    pub fn game_with_options(&mut self, options: &[GameId]) -> Result<GameId, MisereError> {
        let mut set: Vec<u32> = options.iter().map(|g| g.0).collect();
        set.sort_unstable();
        set.dedup();
        if let Some(&id) = self.index.get(&set) {
            return Ok(GameId(id));
        }
        // Options by birthday: a kept set H is a prefix; canon[j] is the simplest form of the
        // game with options set[..j], computed prefix by prefix (no recursion).
        set.sort_by_key(|&o| (self.nodes[o as usize].birthday, o));
        let mut canon: Vec<u32> = Vec::with_capacity(set.len() + 1);
        canon.push(0);
        for len in 1..=set.len() {
            let id = self.simplify_prefix(&set[..len], &canon)?;
            canon.push(id);
        }
        Ok(GameId(canon[set.len()]))
    }

    /// The simplest form of the game with options `prefix` (sorted by birthday), given the
    /// simplest forms `canon[j]` of its shorter prefixes.
    fn simplify_prefix(&mut self, prefix: &[u32], canon: &[u32]) -> Result<u32, MisereError> {
        let mut sorted = prefix.to_vec();
        sorted.sort_unstable();
        if let Some(&id) = self.index.get(&sorted) {
            return Ok(id);
        }
        let has_option =
            |games: &Self, o: u32, h: u32| games.nodes[o as usize].options.binary_search(&h).is_ok();
        // H = 0: every option has 0 as an option, and (proviso) some option is misère P.
        if !sorted.contains(&0)
            && sorted.iter().all(|&o| has_option(self, o, 0))
            && sorted.iter().any(|&o| self.nodes[o as usize].misere_p)
        {
            return Ok(0);
        }
        // H = the first j options (a birthday boundary), H nonzero.
        for j in 1..prefix.len() {
            let (before, after) =
                (self.nodes[prefix[j - 1] as usize].birthday, self.nodes[prefix[j] as usize].birthday);
            if before == after {
                continue;
            }
            let h = canon[j];
            if h != 0 && prefix[j..].iter().all(|&o| has_option(self, o, h)) {
                return Ok(h);
            }
        }
        self.insert(sorted)
    }

    fn insert(&mut self, options: Vec<u32>) -> Result<u32, MisereError> {
        if self.nodes.len() >= self.max_games {
            return Err(MisereError::GameTooLarge {
                what: "games in the arena",
                limit: self.max_games as u64,
            });
        }
        let node = Node {
            birthday: options.iter().map(|&o| self.nodes[o as usize].birthday + 1).max().unwrap_or(0),
            misere_p: !options.is_empty() && options.iter().all(|&o| !self.nodes[o as usize].misere_p),
            normal_value: mex(options.iter().map(|&o| self.nodes[o as usize].normal_value)),
            misere_value: if options.is_empty() {
                1
            } else {
                mex(options.iter().map(|&o| self.nodes[o as usize].misere_value))
            },
            nim: {
                let sizes: Option<Vec<u32>> = options.iter().map(|&o| self.nodes[o as usize].nim).collect();
                sizes.and_then(|mut sizes| {
                    sizes.sort_unstable();
                    sizes.iter().enumerate().all(|(i, &n)| n == i as u32).then_some(sizes.len() as u32)
                })
            },
            options: options.clone(),
        };
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.index.insert(options, id);
        Ok(id)
    }

    /// The disjunctive sum, in simplest form (memoised; iterative).
    ///
    /// # Errors
    /// [`MisereError::GameTooLarge`] beyond the arena's limit.
    pub fn sum(&mut self, a: GameId, b: GameId) -> Result<GameId, MisereError> {
        let key = |x: u32, y: u32| (x.min(y), x.max(y));
        let mut stack = vec![key(a.0, b.0)];
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            if x == 0 || y == 0 {
                self.sums.insert((x, y), x.max(y));
                stack.pop();
                continue;
            }
            let parts: Vec<(u32, u32)> = self.nodes[x as usize]
                .options
                .iter()
                .map(|&o| key(o, y))
                .chain(self.nodes[y as usize].options.iter().map(|&o| key(x, o)))
                .collect();
            let missing: Vec<(u32, u32)> =
                parts.iter().copied().filter(|p| !self.sums.contains_key(p)).collect();
            if missing.is_empty() {
                let options: Vec<GameId> = parts.iter().map(|p| GameId(self.sums[p])).collect();
                let id = self.game_with_options(&options)?;
                self.sums.insert((x, y), id.0);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        Ok(GameId(self.sums[&key(a.0, b.0)]))
    }

    /// The genus, computed to `γn` for `n` up to the birthday plus 4 and cut where the
    /// sequence alternates from then on.
    ///
    /// # Errors
    /// [`MisereError::GameTooLarge`] if the sums with `*2` overflow the arena.
    pub fn genus(&mut self, g: GameId) -> Result<Genus, MisereError> {
        let two = self.nim_heap(2)?;
        let terms = self.birthday(g) as usize + 5;
        let mut misere = Vec::with_capacity(terms);
        let mut current = g;
        for _ in 0..terms {
            misere.push(self.misere_value(current));
            current = self.sum(current, two)?;
        }
        while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        Ok(Genus { normal: self.normal_value(g), misere })
    }

    /// The phylum: tame, restive, restless or wild (see [`Phylum`]).
    ///
    /// # Errors
    /// As [`Self::genus`].
    pub fn phylum(&mut self, g: GameId) -> Result<Phylum, MisereError> {
        // Tameness of every follower, leaves first.
        let followers = self.followers(g);
        let mut tame: HashMap<u32, bool> = HashMap::new();
        for &f in &followers {
            let options_tame = self.nodes[f as usize].options.iter().all(|o| tame[o]);
            let genus_tame = self.genus(GameId(f))?.is_tame();
            tame.insert(f, options_tame && genus_tame);
        }
        if tame[&g.0] {
            return Ok(Phylum::Tame);
        }
        if !self.nodes[g.0 as usize].options.iter().all(|o| tame[o]) {
            return Ok(Phylum::Wild);
        }
        Ok(if self.normal_value(g) <= 1 {
            Phylum::Restive
        } else if self.misere_value(g) <= 1 {
            Phylum::Restless
        } else {
            Phylum::Wild
        })
    }

    /// Every follower of `g` (itself included), each after all of its options.
    fn followers(&self, g: GameId) -> Vec<u32> {
        let mut order = Vec::new();
        let mut done: HashMap<u32, bool> = HashMap::new();
        let mut stack = vec![(g.0, false)];
        while let Some((x, expanded)) = stack.pop() {
            if expanded {
                if done.insert(x, true) != Some(true) {
                    order.push(x);
                }
                continue;
            }
            if done.contains_key(&x) {
                continue;
            }
            stack.push((x, true));
            stack.extend(
                self.nodes[x as usize].options.iter().filter(|o| !done.contains_key(o)).map(|&o| (o, false)),
            );
        }
        order
    }

    /// `Some(n)` if `g` is the nim-heap `*n` (its options are `*0 .. *(n-1)`).
    pub fn nim_heap_size(&self, g: GameId) -> Option<u32> {
        self.nodes[g.0 as usize].nim
    }

    /// The simplest form in nimber-list notation: `0`, `*3` for nim-heaps, else `*[...]`
    /// listing the options, each a number (a nim-heap) or a bracketed list (the game with
    /// those options). [`Self::parse`] reads it back.
    pub fn display(&self, g: GameId) -> String {
        if let Some(n) = self.nim_heap_size(g) {
            return if n == 0 { "0".into() } else { format!("*{n}") };
        }
        // Iterative printing of nested lists.
        let mut out = String::from("*");
        enum Item {
            Open(u32),
            Text(&'static str),
        }
        let mut stack = vec![Item::Open(g.0)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(t) => out.push_str(t),
                Item::Open(x) => {
                    if let Some(n) = self.nim_heap_size(GameId(x)).filter(|_| x != g.0) {
                        out.push_str(&n.to_string());
                        continue;
                    }
                    out.push('[');
                    stack.push(Item::Text("]"));
                    let mut options = self.nodes[x as usize].options.clone();
                    // Largest birthdays first, as CGSuite lists them.
                    options.sort_by_key(|&o| std::cmp::Reverse((self.nodes[o as usize].birthday, o)));
                    for (i, &o) in options.iter().enumerate().rev() {
                        stack.push(Item::Open(o));
                        if i > 0 {
                            stack.push(Item::Text(","));
                        }
                    }
                }
            }
        }
        out
    }

    /// Reads the nimber-list notation: `0`, `*n` (a nim-heap), or `*[e1,e2,...]`, the game
    /// whose options are the elements; an element is a sum (`+`) of terms, a term a number
    /// `n` or `*n` (a nim-heap) or a list `[...]` or `*[...]` (the game with those options).
    /// Spaces are ignored. So `*[[2],2,1,0]` has the options `{*2}`, `*2`, `*1` and 0.
    ///
    /// # Errors
    /// [`MisereError::BadNotation`] with the byte offset; [`MisereError::GameTooLarge`] for
    /// more than [`MAX_NOTATION_BYTES`] bytes or an arena overflow.
    pub fn parse(&mut self, text: &str) -> Result<GameId, MisereError> {
        if text.len() > MAX_NOTATION_BYTES {
            return Err(MisereError::GameTooLarge {
                what: "bytes of notation",
                limit: MAX_NOTATION_BYTES as u64,
            });
        }
        let bytes = text.as_bytes();
        let bad = |at: usize, reason: &str| MisereError::BadNotation { at, reason: reason.into() };
        // Frames of open lists: the elements so far and the sum being built.
        struct Frame {
            elements: Vec<GameId>,
            term_sum: Option<GameId>,
            expect_term: bool,
        }
        let mut frames: Vec<Frame> = vec![Frame { elements: Vec::new(), term_sum: None, expect_term: true }];
        let mut i = 0;
        let mut top_level_done: Option<GameId> = None;
        let add_term =
            |games: &mut Self, frames: &mut Vec<Frame>, term: GameId, at: usize| -> Result<(), MisereError> {
                let frame = frames.last_mut().expect("a frame");
                if !frame.expect_term {
                    return Err(bad(at, "expected ',', '+' or ']'"));
                }
                frame.term_sum = Some(match frame.term_sum {
                    Some(s) => games.sum(s, term)?,
                    None => term,
                });
                frame.expect_term = false;
                Ok(())
            };
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => i += 1,
                b'*' | b'0'..=b'9' => {
                    let start = i;
                    if c == b'*' {
                        i += 1;
                        while i < bytes.len() && bytes[i] == b' ' {
                            i += 1;
                        }
                        if i < bytes.len() && bytes[i] == b'[' {
                            continue; // `*[` is a list
                        }
                    }
                    let digits_start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: u32 = if digits_start == i {
                        if c == b'*' { 1 } else { return Err(bad(start, "expected a number")) }
                    } else {
                        text[digits_start..i].parse().map_err(|_| bad(digits_start, "number too large"))?
                    };
                    if n > 4096 {
                        return Err(bad(digits_start, "nim-heaps above 4096 are not accepted"));
                    }
                    let heap = self.nim_heap(n)?;
                    add_term(self, &mut frames, heap, start)?;
                }
                b'[' => {
                    if frames.len() > MAX_NOTATION_DEPTH {
                        return Err(bad(i, "lists nested too deeply"));
                    }
                    if !frames.last().expect("a frame").expect_term {
                        return Err(bad(i, "expected ',', '+' or ']'"));
                    }
                    frames.push(Frame { elements: Vec::new(), term_sum: None, expect_term: true });
                    i += 1;
                }
                b',' | b']' | b'+' => {
                    let depth = frames.len();
                    let frame = frames.last_mut().expect("a frame");
                    if c == b'+' {
                        if frame.expect_term {
                            return Err(bad(i, "expected a term before '+'"));
                        }
                        frame.expect_term = true;
                        i += 1;
                        continue;
                    }
                    if depth == 1 {
                        return Err(bad(i, "unexpected outside a list"));
                    }
                    match frame.term_sum.take() {
                        Some(s) if !frame.expect_term => frame.elements.push(s),
                        None if c == b']' && frame.elements.is_empty() => {}
                        _ => return Err(bad(i, "expected an element")),
                    }
                    frame.expect_term = true;
                    i += 1;
                    if c == b']' {
                        let closed = frames.pop().expect("a list frame");
                        let game = self.game_with_options(&closed.elements)?;
                        add_term(self, &mut frames, game, i - 1)?;
                    }
                }
                _ => return Err(bad(i, "unexpected character")),
            }
            if frames.len() == 1 && !frames[0].expect_term {
                top_level_done = frames[0].term_sum;
            }
        }
        if frames.len() > 1 {
            return Err(bad(text.len(), "unclosed '['"));
        }
        if frames[0].expect_term {
            return Err(bad(text.len(), "expected a game"));
        }
        top_level_done.ok_or_else(|| bad(0, "expected a game"))
    }

    /// The simplest form of a position of any acyclic [`Game`], through game-core's explicit
    /// graph (at most `node_limit` positions).
    ///
    /// # Errors
    /// [`MisereError::Game`] if the graph is too large or has a cycle;
    /// [`MisereError::GameTooLarge`] for an arena overflow.
    pub fn from_game<G: Game>(
        &mut self,
        game: &G,
        position: G::Position,
        node_limit: usize,
    ) -> Result<GameId, MisereError> {
        let graph = explore(game, [position], node_limit)?;
        let order = reverse_topological_order(&graph.graph)?;
        let mut id = vec![0u32; graph.len()];
        for v in order {
            let node = petgraph_node(v);
            let options: Vec<GameId> = graph.graph.neighbors(node).map(|w| GameId(id[w.index()])).collect();
            id[v] = self.game_with_options(&options)?.0;
        }
        Ok(GameId(id[0]))
    }
}

fn petgraph_node(i: usize) -> petgraph::graph::NodeIndex {
    petgraph::graph::NodeIndex::new(i)
}
