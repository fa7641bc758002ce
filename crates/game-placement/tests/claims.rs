//! The claims of game-placement (ids PL..), checked by game-verify: each computed by game-core's
//! search engine and by a method that shares no search code with it (game-core's explicit graph
//! of whole positions, an octal game's definition written out here, a closed form), with the
//! reports kept as snapshots in `tests/snapshots/{quick,full}/`.
//!
//! `cargo test -p game-placement` checks the quick bounds; `cargo xtask verify` runs them at
//! full bounds with every crate's claims and rewrites the snapshots after a deliberate change.

use std::collections::{BTreeSet, HashMap, HashSet};

use game_core::search::{Search, SearchLimits};
use game_core::{Game, Outcome, SearchGame, explore, grundy_values};
use game_placement::{Chomp, ChompBoard, Cram, CramBoard, KaylesGraph, LaskersNim, NodeKayles};
use game_verify::{Claim, ClaimsTest, Evidence, Expected, Scale, Tally};

/// Generous limits: the claims' positions are small.
fn limits() -> SearchLimits {
    SearchLimits::new(1 << 30, u64::MAX)
}

/// The claims, in the order of `docs/claims.md`.
fn claims_of_placement_games() -> Vec<Claim> {
    vec![
        Claim {
            id: "PL1",
            statement: "On every Cram board up to 4 x 5, the search engine's nimber of every position reachable from the empty board equals game-core's Grundy value on the explicit graph",
            source: "our own check of the search engine (components, symmetries, pruning) against the explicit-graph engine",
            methods: [
                "game-core's pruned search (regions as components, canonical under symmetries)",
                "game-core's Grundy values on the explicit graph of whole boards",
            ],
            expected: Expected::Holds,
            check: cram_search_equals_graph,
        },
        Claim {
            id: "PL2",
            statement: "For every graph with at most 7 vertices, up to isomorphism, the search engine's Node-Kayles nimber equals the Grundy value on the explicit graph of vertex subsets; the graphs counted are 1, 1, 2, 4, 11, 34, 156, 1044 for 0 to 7 vertices",
            source: "our own; the counts are OEIS A000088",
            methods: [
                "game-core's pruned search on KaylesGraph (connected components, canonical relabelling)",
                "game-core's Grundy values on the explicit graph of vertex bitmasks, a game written in the check",
            ],
            expected: Expected::Holds,
            check: node_kayles_search_equals_graph,
        },
        Claim {
            id: "PL3",
            statement: "Cram on a 1 x n strip has the nimber of a heap of n in Dawson's Kayles (octal 0.07)",
            source: "Berlekamp, Conway and Guy, Winning Ways (Dawson's Kayles is 0.07)",
            methods: [
                "game-core's pruned search on 1 x n Cram boards",
                "octal 0.07 by its definition, written in the check",
            ],
            expected: Expected::Holds,
            check: cram_strip_equals_dawsons_kayles,
        },
        Claim {
            id: "PL4",
            statement: "Node-Kayles on a path of n vertices has the nimber of a heap of n in Dawson's chess (octal 0.137)",
            source: "Berlekamp, Conway and Guy, Winning Ways (Dawson's chess is 0.137)",
            methods: [
                "game-core's pruned search on path graphs",
                "octal 0.137 by its definition, written in the check",
            ],
            expected: Expected::Holds,
            check: path_equals_dawsons_chess,
        },
        Claim {
            id: "PL5",
            statement: "Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3",
            source: "Berlekamp, Conway and Guy, Winning Ways (Lasker's Nim)",
            methods: [
                "game-core's pruned search with heaps as components",
                "the closed form, written in the check",
            ],
            expected: Expected::Holds,
            check: lasker_equals_closed_form,
        },
        Claim {
            id: "PL6",
            statement: "Taking off every tuft of a star but one and every bridge (a cell whose free neighbours all have a tuft), and cutting the horizontal links of a 2 x 2 block whose opposite corners are closed off, keeps the value of a Cram position: on every position of every board of at most 16 cells, the values of Cram's components XOR to the board's value",
            source: "our own check of the reductions and the split of Beling's igs (mirror-strategy proofs of the reductions in game-placement's cram/reduce.rs; the split is checked here only)",
            methods: [
                "game-placement's Cram::components (reductions, regions with cut links, crop, canonical form), each part valued by the definition",
                "the definition on the whole board: the mex over every domino, by dynamic programming over all sets of free cells, written in the check",
            ],
            expected: Expected::Holds,
            check: cram_components_keep_the_value,
        },
        Claim {
            id: "PL7",
            statement: "A full Cram board with both sides even is a P-position, one with one side even and the other odd an N-position",
            source: "Gardner; Berlekamp, Conway and Guy, Winning Ways (Cram: the symmetry strategy)",
            methods: [
                "game-placement's Cram::known_outcome, which the aspiration search uses",
                "the definition on the whole board, written in the check",
            ],
            expected: Expected::Holds,
            check: cram_outcomes_by_symmetry,
        },
        Claim {
            id: "PL8",
            statement: "On every Chomp position inside an 8 x 8 board, the search engine's nimber equals the value by the definition",
            source: "our own check of the search engine on a game that never falls apart (transposition symmetry, outcomes by theorem)",
            methods: [
                "game-core's aspiration search on game-placement's Chomp (canonical under transposition, known outcomes)",
                "the definition: the mex over every bite, over every Young diagram in the box, written in the check",
            ],
            expected: Expected::Holds,
            check: chomp_search_equals_definition,
        },
        Claim {
            id: "PL9",
            statement: "Chomp: a full rectangle of two or more squares is an N-position; an L of arms a and b has nimber (a - 1) XOR (b - 1); two rows of lengths a and b make a P-position exactly when a = b + 1",
            source: "Gale (Chomp, 1974: strategy stealing); the L (two Nim heaps) and two-row cases are folklore",
            methods: [
                "game-placement's Chomp::known_outcome and Chomp::l_shape_nimber, which the aspiration search uses",
                "the definition over every Young diagram in a 10 x 10 box, written in the check",
            ],
            expected: Expected::Holds,
            check: chomp_theorems_hold,
        },
        Claim {
            id: "PL10",
            statement: CHOMP_RECTANGLES_STATEMENT,
            source: "our own: computed by the two methods, which agree",
            methods: [
                "game-core's aspiration search on game-placement's Chomp",
                "the definition over every Young diagram in the box, written in the check",
            ],
            expected: Expected::Holds,
            check: chomp_rectangle_nimbers,
        },
        Claim {
            id: "PL11",
            statement: "A Cram position whose free cells are their own image under the half turn about the board's centre is a P-position when the centre is a corner of four cells, the centre cell is taken (both sides odd) or the centre domino is taken (one side odd, one even), and an N-position when the centre domino is free; Cram::known_outcome claims exactly these outcomes",
            source: "our own extension of the symmetry strategy of PL7 to every symmetric position (the second player copies by the half turn, after the first player's centre domino when it is free)",
            methods: [
                "game-placement's Cram::known_outcome, which the search engine uses (bits reversed within the board)",
                "the theorem's cases by cell coordinates, and the definition by dynamic programming over all sets of free cells, written in the check",
            ],
            expected: Expected::Holds,
            check: cram_outcomes_by_the_half_turn,
        },
        Claim {
            id: "PLX",
            statement: "(false) Every Cram board with an even number of cells is a P-position",
            source: "our own; even-by-even boards are P-positions by the symmetry strategy, and the claim overreaches",
            methods: ["game-core's pruned search on empty boards", "nimber 0 for every board of even area"],
            expected: Expected::Refuted { counterexample: "1 x 2: nimber 1" },
            check: even_area_boards_are_p_positions,
        },
    ]
}

fn cram_search_equals_graph(scale: Scale) -> Evidence {
    let (most_rows, most_cols) = scale.pick((3, 4), (4, 5));
    let mut tally = Tally::new();
    for rows in 1..=most_rows {
        for cols in 1..=most_cols {
            let board = CramBoard::empty(rows, cols).expect("a small board");
            let graph = explore(&Cram, [board], 5_000_000).expect("within the node limit");
            let values = grundy_values(&graph.graph).expect("Cram ends: acyclic");
            let mut search = Search::new(&Cram, limits()).expect("a budget for the table");
            let mut positions: Vec<(CramBoard, u32)> = graph
                .graph
                .node_indices()
                .map(|node| (*graph.position(node), values[node.index()]))
                .collect();
            positions.sort();
            for (position, engine) in positions {
                let searched = search.nimber(&position).expect("within the limits");
                tally.record(&(rows, cols, position.free_cells(), searched));
                tally.case(searched == engine, || {
                    format!(
                        "{rows} x {cols}, free {:#x}: search {searched}, graph {engine}",
                        position.free_cells()
                    )
                });
            }
        }
    }
    Evidence { bound: format!("every position of every board up to {most_rows} x {most_cols}"), tally }
}

/// Node-Kayles on a graph of at most 8 vertices given by its adjacency bitmasks, positions
/// the bitmasks of remaining vertices: the explicit-graph method, sharing nothing with
/// `KaylesGraph`.
struct MaskKayles {
    closed_neighbourhood: Vec<u8>,
}

impl Game for MaskKayles {
    type Position = u8;
    fn moves(&self, left: &u8) -> Vec<u8> {
        (0..self.closed_neighbourhood.len())
            .filter(|&v| left >> v & 1 == 1)
            .map(|v| left & !self.closed_neighbourhood[v])
            .collect()
    }
}

/// Index of edge {i, j}, i < j, among the n(n-1)/2 edge bits.
fn edge_bit(i: usize, j: usize) -> usize {
    j * (j - 1) / 2 + i
}

/// The least edge bitmask over every relabelling of the graph on `n` vertices: a canonical form.
fn canonical_edges(n: usize, edges: u32) -> u32 {
    let mut permutation: Vec<usize> = (0..n).collect();
    let mut best = u32::MAX;
    // Heap's algorithm, iteratively.
    let mut counters = vec![0usize; n];
    let relabelled = |p: &[usize]| {
        let mut out = 0u32;
        for j in 1..n {
            for i in 0..j {
                if edges >> edge_bit(i, j) & 1 == 1 {
                    let (a, b) = (p[i].min(p[j]), p[i].max(p[j]));
                    out |= 1 << edge_bit(a, b);
                }
            }
        }
        out
    };
    best = best.min(relabelled(&permutation));
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            if i % 2 == 0 {
                permutation.swap(0, i);
            } else {
                permutation.swap(counters[i], i);
            }
            best = best.min(relabelled(&permutation));
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    best
}

/// One graph on each isomorphism class, for n vertices, as canonical edge bitmasks: every graph
/// on n - 1 vertices extended by a vertex joined to every subset, canonicalised, deduplicated.
fn graphs_up_to_isomorphism(most: usize) -> Vec<Vec<u32>> {
    let mut by_size: Vec<Vec<u32>> = vec![vec![0], vec![0]];
    for n in 2..=most {
        let mut classes = BTreeSet::new();
        for &smaller in &by_size[n - 1] {
            for neighbours in 0u32..1 << (n - 1) {
                let mut edges = smaller;
                for i in 0..n - 1 {
                    if neighbours >> i & 1 == 1 {
                        edges |= 1 << edge_bit(i, n - 1);
                    }
                }
                classes.insert(canonical_edges(n, edges));
            }
        }
        by_size.push(classes.into_iter().collect());
    }
    by_size
}

fn node_kayles_search_equals_graph(scale: Scale) -> Evidence {
    let most = scale.pick(6, 7);
    const A000088: [usize; 8] = [1, 1, 2, 4, 11, 34, 156, 1044];
    let by_size = graphs_up_to_isomorphism(most);
    let mut tally = Tally::new();
    for (n, graphs) in by_size.iter().enumerate() {
        tally.case(graphs.len() == A000088[n], || {
            format!("{n} vertices: {} graphs, OEIS {}", graphs.len(), A000088[n])
        });
        let mut search = Search::new(&NodeKayles, limits()).expect("a budget for the table");
        for &edges in graphs {
            let pairs: Vec<(usize, usize)> = (1..n)
                .flat_map(|j| (0..j).map(move |i| (i, j)))
                .filter(|&(i, j)| edges >> edge_bit(i, j) & 1 == 1)
                .collect();
            let graph = KaylesGraph::from_edges(n, pairs.iter().copied()).expect("a small graph");
            let searched = search.nimber(&graph).expect("within the limits");
            let mut closed_neighbourhood: Vec<u8> = (0..n).map(|v| 1u8 << v).collect();
            for &(i, j) in &pairs {
                closed_neighbourhood[i] |= 1 << j;
                closed_neighbourhood[j] |= 1 << i;
            }
            let all = if n == 8 { u8::MAX } else { (1u8 << n) - 1 };
            let game = MaskKayles { closed_neighbourhood };
            let explicit = explore(&game, [all], 1 << 9).expect("at most 2^n positions");
            let values = grundy_values(&explicit.graph).expect("removing vertices ends");
            let engine = values[explicit.node(&all).expect("the root").index()];
            tally.record(&(n, edges, searched));
            tally.case(searched == engine, || {
                format!("{n} vertices, edges {edges:#b}: search {searched}, graph {engine}")
            });
        }
    }
    Evidence { bound: format!("every graph up to isomorphism with at most {most} vertices"), tally }
}

/// The mex of a set of values.
fn mex(values: &HashSet<u32>) -> u32 {
    (0..).find(|v| !values.contains(v)).expect("a finite set misses a value")
}

/// Octal 0.07 (Dawson's Kayles), heaps 0..=last: remove two counters, leaving 0, 1 or 2 heaps.
fn dawsons_kayles(last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let options: HashSet<u32> =
            if n < 2 { HashSet::new() } else { (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect() };
        g.push(mex(&options));
    }
    g
}

/// Octal 0.137 (Dawson's chess), heaps 0..=last: remove one counter leaving nothing, two
/// leaving at most one heap, three leaving at most two heaps.
fn dawsons_chess(last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let mut options = HashSet::new();
        if n == 1 {
            options.insert(0);
        }
        if n >= 2 {
            options.insert(g[n - 2]);
        }
        if n >= 3 {
            options.extend((0..=n - 3).map(|a| g[a] ^ g[n - 3 - a]));
        }
        g.push(mex(&options));
    }
    g
}

fn cram_strip_equals_dawsons_kayles(scale: Scale) -> Evidence {
    let last = scale.pick(60, game_placement::MAX_CELLS);
    let octal = dawsons_kayles(last);
    let mut search = Search::new(&Cram, limits()).expect("a budget for the table");
    let mut tally = Tally::new();
    for (n, &expected) in octal.iter().enumerate().skip(1) {
        let strip = CramBoard::empty(1, n).expect("a strip within the bitboard");
        let searched = search.nimber(&strip).expect("within the limits");
        tally.record(&(n, searched));
        tally.case(searched == expected, || format!("1 x {n}: search {searched}, 0.07 {expected}"));
    }
    Evidence { bound: format!("strips 1 x 1 to 1 x {last}"), tally }
}

fn path_equals_dawsons_chess(scale: Scale) -> Evidence {
    let last = scale.pick(120, 1000);
    let octal = dawsons_chess(last);
    let mut search = Search::new(&NodeKayles, limits()).expect("a budget for the table");
    let mut tally = Tally::new();
    for (n, &expected) in octal.iter().enumerate() {
        let path = KaylesGraph::path(n).expect("a path within the vertex limit");
        let searched = search.nimber(&path).expect("within the limits");
        tally.record(&(n, searched));
        tally.case(searched == expected, || format!("path of {n}: search {searched}, 0.137 {expected}"));
    }
    Evidence { bound: format!("paths of 0 to {last} vertices"), tally }
}

fn lasker_equals_closed_form(scale: Scale) -> Evidence {
    let last = scale.pick(400u64, 10_000);
    let mut search = Search::new(&LaskersNim, limits()).expect("a budget for the table");
    let mut tally = Tally::new();
    for h in 0..=last {
        let searched = u64::from(search.nimber(&LaskersNim::position(&[h])).expect("within the limits"));
        // The closed form, written out here rather than taken from the crate.
        let closed = match h % 4 {
            0 if h > 0 => h - 1,
            3 => h + 1,
            _ => h,
        };
        tally.record(&(h, searched));
        tally.case(searched == closed, || format!("heap {h}: search {searched}, closed form {closed}"));
    }
    Evidence { bound: format!("heaps 0..={last}"), tally }
}

fn even_area_boards_are_p_positions(scale: Scale) -> Evidence {
    let most = scale.pick(4, 5);
    let mut search = Search::new(&Cram, limits()).expect("a budget for the table");
    let mut tally = Tally::new();
    for rows in 1..=most {
        for cols in rows..=most {
            if rows * cols % 2 == 1 {
                continue;
            }
            let board = CramBoard::empty(rows, cols).expect("a small board");
            let nimber = search.nimber(&board).expect("within the limits");
            tally.record(&(rows, cols, nimber));
            tally.case(nimber == 0, || format!("{rows} x {cols}: nimber {nimber}"));
        }
    }
    Evidence { bound: format!("boards r x c with r <= c <= {most} and rc even"), tally }
}

/// The value of every set of free cells of a `rows` x `cols` board by the definition (the mex
/// over every domino, nothing of the crate): a domino removes two bits, so every option is a
/// smaller number than its position and one pass upwards suffices.
fn values_by_definition(rows: usize, cols: usize) -> Vec<u8> {
    let cells = rows * cols;
    assert!(cells <= 20, "the definition's table has 2^cells entries");
    let mut dominoes = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                dominoes.push((1usize << cell) | (1 << (cell + 1)));
            }
            if r + 1 < rows {
                dominoes.push((1usize << cell) | (1 << (cell + cols)));
            }
        }
    }
    let mut values = vec![0u8; 1 << cells];
    for free in 0..1usize << cells {
        let mut seen = 0u64;
        for &domino in &dominoes {
            if free & domino == domino {
                seen |= 1 << values[free & !domino];
            }
        }
        values[free] = (!seen).trailing_zeros() as u8;
    }
    values
}

/// The definition's values, one table per board shape.
#[derive(Default)]
struct Definition {
    tables: HashMap<(usize, usize), Vec<u8>>,
}

impl Definition {
    fn value(&mut self, board: &CramBoard) -> u8 {
        let (rows, cols) = (board.rows(), board.cols());
        let table = self.tables.entry((rows, cols)).or_insert_with(|| values_by_definition(rows, cols));
        table[board.free_cells() as usize]
    }
}

/// Every position (every set of free cells) of every board of at most `most` cells, boards by
/// rows then columns, positions by their bits.
fn every_position(most: usize) -> impl Iterator<Item = CramBoard> {
    (1..=most).flat_map(move |rows| {
        (1..=most / rows).flat_map(move |cols| {
            (0..1u128 << (rows * cols))
                .map(move |free| CramBoard::with_free_cells(rows, cols, free).expect("a small board"))
        })
    })
}

fn cram_components_keep_the_value(scale: Scale) -> Evidence {
    let most = scale.pick(12, 16);
    let mut definition = Definition::default();
    let mut tally = Tally::new();
    for board in every_position(most) {
        let (rows, cols, free) = (board.rows(), board.cols(), board.free_cells());
        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        let xor = parts.iter().fold(0, |xor, part| xor ^ definition.value(part));
        let value = definition.value(&board);
        tally.record(&(rows, cols, free, value));
        tally.case(xor == value, || {
            format!("{rows} x {cols}, free {free:#x}: value {value}, components {parts:?} XOR to {xor}")
        });
    }
    Evidence { bound: format!("every position of every board of at most {most} cells"), tally }
}

fn cram_outcomes_by_symmetry(scale: Scale) -> Evidence {
    let most = scale.pick(14, 20);
    let mut definition = Definition::default();
    let mut tally = Tally::new();
    for rows in 1..=most {
        for cols in 1..=most / rows {
            let board = CramBoard::empty(rows, cols).expect("a small board");
            if rows % 2 == 1 && cols % 2 == 1 {
                // Odd by odd: the theorem says nothing, and neither must the game.
                tally.case(Cram.known_outcome(&board).is_none(), || {
                    format!("{rows} x {cols}: an outcome claimed")
                });
                continue;
            }
            let expected = if rows % 2 == 0 && cols % 2 == 0 { Outcome::P } else { Outcome::N };
            let value = definition.value(&board);
            let by_definition = if value == 0 { Outcome::P } else { Outcome::N };
            let claimed = Cram.known_outcome(&board);
            tally.record(&(rows, cols, value));
            tally.case(claimed == Some(expected) && by_definition == expected, || {
                format!("{rows} x {cols}: value {value}, known_outcome {claimed:?}, theorem {expected:?}")
            });
        }
    }
    Evidence { bound: format!("every full board of at most {most} cells"), tally }
}

fn cram_outcomes_by_the_half_turn(scale: Scale) -> Evidence {
    let most = scale.pick(12, 16);
    let mut definition = Definition::default();
    let mut tally = Tally::new();
    for board in every_position(most) {
        let (rows, cols, free) = (board.rows(), board.cols(), board.free_cells());
        let is_free = |r: usize, c: usize| free >> (r * cols + c) & 1 == 1;
        let symmetric =
            (0..rows).all(|r| (0..cols).all(|c| is_free(r, c) == is_free(rows - 1 - r, cols - 1 - c)));
        let (middle_row, middle_col) = (rows / 2, cols / 2);
        let theorem = match (rows % 2, cols % 2) {
            _ if !symmetric => None,
            (0, 0) => Some(Outcome::P),
            (1, 1) if is_free(middle_row, middle_col) => None,
            (1, 1) => Some(Outcome::P),
            // The centre domino: the two middle cells of the middle row, or column.
            (1, 0) if is_free(middle_row, middle_col - 1) => Some(Outcome::N),
            (0, 1) if is_free(middle_row - 1, middle_col) => Some(Outcome::N),
            _ => Some(Outcome::P),
        };
        let claimed = Cram.known_outcome(&board);
        let value = definition.value(&board);
        let by_definition = if value == 0 { Outcome::P } else { Outcome::N };
        tally.record(&(rows, cols, free, value, claimed.is_some()));
        tally.case(claimed == theorem && theorem.is_none_or(|outcome| outcome == by_definition), || {
            format!("{rows} x {cols}, free {free:#x}: value {value}, known_outcome {claimed:?}, theorem {theorem:?}")
        });
    }
    Evidence { bound: format!("every position of every board of at most {most} cells"), tally }
}

/// Chomp by its definition, nothing of the crate: every Young diagram inside a `rows` x `cols`
/// box (row lengths never growing, the first at least 1, trailing empty rows dropped), valued
/// by the mex over every bite (a square other than the poisoned corner, with every square in
/// its row and below from its column on). Diagrams are valued in increasing order of squares,
/// so every option is valued before its position.
fn chomp_values_by_definition(rows: usize, cols: usize) -> HashMap<Vec<usize>, u32> {
    let mut diagrams: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..rows {
        let mut longer = Vec::new();
        for diagram in &diagrams {
            let most = diagram.last().copied().unwrap_or(cols);
            for length in 0..=most {
                let mut next = diagram.clone();
                next.push(length);
                longer.push(next);
            }
        }
        diagrams = longer;
    }
    let mut diagrams: Vec<Vec<usize>> = diagrams
        .into_iter()
        .filter(|d| d[0] >= 1)
        .map(|mut d| {
            d.retain(|&l| l > 0);
            d
        })
        .collect();
    diagrams.sort_by_key(|d| d.iter().sum::<usize>());
    let mut values: HashMap<Vec<usize>, u32> = HashMap::with_capacity(diagrams.len());
    for diagram in diagrams {
        let mut seen = HashSet::new();
        for row in 0..diagram.len() {
            for col in 0..diagram[row] {
                if (row, col) == (0, 0) {
                    continue;
                }
                let mut option = diagram.clone();
                for length in &mut option[row..] {
                    *length = (*length).min(col);
                }
                option.retain(|&l| l > 0);
                seen.insert(values[&option]);
            }
        }
        values.insert(diagram, mex(&seen));
    }
    values
}

fn chomp_search_equals_definition(scale: Scale) -> Evidence {
    let side = scale.pick(5, 8);
    let values = chomp_values_by_definition(side, side);
    let mut positions: Vec<(&Vec<usize>, u32)> = values.iter().map(|(d, &v)| (d, v)).collect();
    positions.sort();
    let mut search = Search::new(&Chomp, limits()).expect("a budget for the table");
    let mut tally = Tally::new();
    for (diagram, value) in positions {
        let board = ChompBoard::from_row_lengths(diagram).expect("a diagram inside the box");
        let searched = search.nimber_by_aspiration(&board).expect("within the limits");
        tally.record(&(diagram, searched));
        tally.case(searched == value, || format!("rows {diagram:?}: search {searched}, definition {value}"));
    }
    Evidence { bound: format!("every position inside {side} x {side}"), tally }
}

fn chomp_theorems_hold(scale: Scale) -> Evidence {
    let side = scale.pick(6, 10);
    let mut tally = Tally::new();
    let mut values: Vec<(Vec<usize>, u32)> = chomp_values_by_definition(side, side).into_iter().collect();
    values.sort();
    for (diagram, value) in values {
        let board = ChompBoard::from_row_lengths(&diagram).expect("a diagram inside the box");
        let outcome = if value == 0 { Outcome::P } else { Outcome::N };
        let rectangle = diagram.iter().all(|&l| l == diagram[0]) && diagram.len() * diagram[0] >= 2;
        let l_shape = diagram.len() >= 2 && diagram[1..].iter().all(|&l| l == 1) || diagram.len() == 1;
        let theorem = match diagram[..] {
            [a, b] => Some(if a == b + 1 { Outcome::P } else { Outcome::N }),
            _ if l_shape => Some(if diagram[0] == diagram.len() { Outcome::P } else { Outcome::N }),
            _ if rectangle => Some(Outcome::N),
            _ => None,
        };
        let known = Chomp.known_outcome(&board);
        tally.record(&(&diagram, value, known));
        // The game answers exactly where a theorem does, and the definition agrees.
        tally.case(known == theorem && theorem.is_none_or(|t| t == outcome), || {
            format!("rows {diagram:?}: value {value}, known_outcome {known:?}, theorem {theorem:?}")
        });
        if l_shape {
            let closed = Chomp::l_shape_nimber(diagram[0] as u64, diagram.len() as u64);
            tally.case(closed == u64::from(value), || {
                format!("L {diagram:?}: closed form {closed}, definition {value}")
            });
        }
    }
    Evidence { bound: format!("every position inside {side} x {side}"), tally }
}

/// The statement of PL10, with the table it claims.
const CHOMP_RECTANGLES_STATEMENT: &str = "The nimbers of the full m x n Chomp boards, 1 <= m <= n <= 8, are: 1 x n: n - 1; 2 x 2 to 2 x 8: 2, 4, 5, 7, 8, 10, 11; 3 x 3 to 3 x 8: 5, 9, 11, 12, 13, 16; 4 x 4 to 4 x 8: 6, 13, 16, 19, 12; 5 x 5 to 5 x 8: 6, 21, 23, 22; 6 x 6 to 6 x 8: 13, 28, 32; 7 x 7, 7 x 8: 20, 36; 8 x 8: 13";

/// PL10's table: the nimber of the full `m` x `n` board is `CHOMP_RECTANGLES[m - 1][n - m]`.
const CHOMP_RECTANGLES: [&[u32]; 8] = [
    &[0, 1, 2, 3, 4, 5, 6, 7],
    &[2, 4, 5, 7, 8, 10, 11],
    &[5, 9, 11, 12, 13, 16],
    &[6, 13, 16, 19, 12],
    &[6, 21, 23, 22],
    &[13, 28, 32],
    &[20, 36],
    &[13],
];

fn chomp_rectangle_nimbers(scale: Scale) -> Evidence {
    let side = scale.pick(5, 8);
    let values = chomp_values_by_definition(side, side);
    let mut tally = Tally::new();
    for m in 1..=side {
        for n in m..=side {
            let board = ChompBoard::rectangle(m, n).expect("a small board");
            let mut search = Search::new(&Chomp, limits()).expect("a budget for the table");
            let searched = search.nimber_by_aspiration(&board).expect("within the limits");
            let defined = values[&vec![n; m]];
            let stated = CHOMP_RECTANGLES[m - 1].get(n - m).copied();
            tally.record(&(m, n, searched));
            tally.case(Some(searched) == stated && defined == searched, || {
                format!("{m} x {n}: stated {stated:?}, search {searched}, definition {defined}")
            });
        }
    }
    Evidence { bound: format!("every full board up to {side} x {side}"), tally }
}

/// The claims, checked against their insta snapshots (quick bounds by default;
/// `cargo xtask verify` runs this test at full bounds).
#[test]
fn claims() {
    ClaimsTest::new(claims_of_placement_games(), env!("CARGO_MANIFEST_DIR"))
        .rewrite_commands("cargo xtask verify --quick", "cargo xtask verify")
        .run();
}
