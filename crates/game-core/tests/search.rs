//! The search engine against the explicit-graph engine: random acyclic games, played alone and
//! as sums of tokens (components), every method, every question G + *k; and the limits.

use std::ops::ControlFlow;

use game_core::search::{Search, SearchError, SearchLimits};
use game_core::{Game, Outcome, SearchGame, explore, grundy_values};
use proptest::prelude::*;

/// Tokens on a random acyclic digraph: a move takes one token along an arc (to a smaller node).
/// A position is the sorted list of token nodes; each token is a component.
#[derive(Debug, Clone)]
struct Tokens {
    arcs: Vec<Vec<u32>>,
}

impl Game for Tokens {
    type Position = Vec<u32>;
    fn moves(&self, tokens: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &t) in tokens.iter().enumerate() {
            for &to in &self.arcs[t as usize] {
                let mut next = tokens.clone();
                next[i] = to;
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }
}

impl SearchGame for Tokens {
    fn components(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(tokens.iter().map(|&t| vec![t]));
    }
}

/// The same game seen whole: no components (the default), so the search sees sums undivided.
struct Whole(Tokens);
impl Game for Whole {
    type Position = Vec<u32>;
    fn moves(&self, tokens: &Vec<u32>) -> Vec<Vec<u32>> {
        self.0.moves(tokens)
    }
}

impl SearchGame for Whole {}

/// The same game with the two fast paths a game may give: tokens numbered for the dense array,
/// and options of one token visited from a reused buffer, in reverse order (the order is the
/// game's to choose; the answer must not depend on it).
struct Indexed(Tokens);
impl Game for Indexed {
    type Position = Vec<u32>;
    fn moves(&self, tokens: &Vec<u32>) -> Vec<Vec<u32>> {
        self.0.moves(tokens)
    }
}

impl SearchGame for Indexed {
    fn components(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.0.components(tokens, out)
    }
    fn dense_index(&self, tokens: &Vec<u32>) -> Option<usize> {
        match tokens[..] {
            [t] => Some(t as usize),
            _ => None,
        }
    }
    fn option_parts(&self, component: &Vec<u32>, visit: &mut dyn FnMut(&[Vec<u32>]) -> ControlFlow<()>) {
        let mut part = vec![0];
        for &to in self.0.arcs[component[0] as usize].iter().rev() {
            part[0] = to;
            if visit(std::slice::from_ref(&part)).is_break() {
                return;
            }
        }
    }
    /// Larger token counts first is as good an order as any to test the engine's sort.
    fn difficulty(&self, tokens: &Vec<u32>) -> u64 {
        u64::from(u32::MAX - tokens[0])
    }
}

/// The same game with positions that own no memory (`[u32; 3]`, sorted, `u32::MAX` for no
/// token): the engine looks such options up one option late, after prefetching their table
/// windows, once the table reaches the size set by `with_prefetch_from`, where positions that
/// own memory are looked up at once. The two must search alike.
struct Plain(Tokens);

const NO_TOKEN: u32 = u32::MAX;

fn plain(tokens: &[u32]) -> [u32; 3] {
    let mut out = [NO_TOKEN; 3];
    out[..tokens.len()].copy_from_slice(tokens);
    out
}

impl Game for Plain {
    type Position = [u32; 3];
    fn moves(&self, tokens: &[u32; 3]) -> Vec<[u32; 3]> {
        let present: Vec<u32> = tokens.iter().copied().filter(|&t| t != NO_TOKEN).collect();
        self.0.moves(&present).iter().map(|next| plain(next)).collect()
    }
}

impl SearchGame for Plain {
    fn components(&self, tokens: &[u32; 3], out: &mut Vec<[u32; 3]>) {
        out.extend(tokens.iter().filter(|&&t| t != NO_TOKEN).map(|&t| plain(&[t])));
    }
}

/// One search method, run to its answer.
type Method<G> = fn(&mut Search<'_, G>, &<G as Game>::Position) -> u32;

fn dag() -> impl Strategy<Value = Tokens> {
    (2usize..14).prop_flat_map(|n| {
        proptest::collection::vec(proptest::collection::vec(any::<u32>(), 0..6), n).prop_map(move |raw| {
            let arcs = raw
                .into_iter()
                .enumerate()
                .map(|(v, targets)| {
                    let mut t: Vec<u32> =
                        if v == 0 { Vec::new() } else { targets.iter().map(|x| x % v as u32).collect() };
                    t.sort_unstable();
                    t.dedup();
                    t
                })
                .collect();
            Tokens { arcs }
        })
    })
}

fn engine_value<G: SearchGame<Position = Vec<u32>>>(game: &G, position: &[u32]) -> u32 {
    let graph = explore(game, [position.to_vec()], 1_000_000).unwrap();
    let values = grundy_values(&graph.graph).unwrap();
    values[graph.node(&position.to_vec()).unwrap().index()]
}

/// Each method on a fresh search of `game` gives `expected` for `position`, and one search
/// asked every question G + *k in turn (its table shared between them) says yes exactly at k =
/// `expected`.
fn every_method_gives<G: SearchGame<Position = Vec<u32>>>(
    game: &G,
    position: &Vec<u32>,
    expected: u32,
) -> Result<(), TestCaseError> {
    let limits = SearchLimits::default();
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber(position).unwrap(), expected);
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber_by_mex(position).unwrap(), expected);
    prop_assert_eq!(Search::new(game, limits).unwrap().nimber_by_aspiration(position).unwrap(), expected);
    let mut search = Search::new(game, limits).unwrap();
    for k in 0..=expected + 2 {
        prop_assert_eq!(search.is_p_position_plus(position, k).unwrap(), k == expected, "k = {}", k);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_method_agrees_with_the_explicit_graph(game in dag(), picks in proptest::collection::vec(any::<u32>(), 1..4)) {
        let n = game.arcs.len() as u32;
        let mut position: Vec<u32> = picks.iter().map(|p| p % n).collect();
        position.sort_unstable();
        let expected = engine_value(&game, &position);
        let limits = SearchLimits::default();
        every_method_gives(&game, &position, expected)?;
        every_method_gives(&Indexed(game.clone()), &position, expected)?;
        // Plain-data positions: the same answers and the same search, statistic by statistic.
        let plain_game = Plain(game.clone());
        let plain_position = plain(&position);
        let by_methods: [Method<Tokens>; 3] = [
            |s, p| s.nimber(p).unwrap(),
            |s, p| s.nimber_by_mex(p).unwrap(),
            |s, p| s.nimber_by_aspiration(p).unwrap(),
        ];
        let plain_methods: [Method<Plain>; 3] = [
            |s, p| s.nimber(p).unwrap(),
            |s, p| s.nimber_by_mex(p).unwrap(),
            |s, p| s.nimber_by_aspiration(p).unwrap(),
        ];
        // Prefetching from a table of 0 bytes looks every plain option up late; from usize::MAX
        // bytes, none (the default, for tables this small).
        let mut peaks = Vec::new();
        for prefetch_from in [0, usize::MAX] {
            for (by_vec, by_plain) in by_methods.iter().zip(&plain_methods) {
                let mut vecs = Search::new(&game, limits).unwrap();
                let mut plains = Search::new(&plain_game, limits).unwrap().with_prefetch_from(prefetch_from);
                prop_assert_eq!(by_plain(&mut plains, &plain_position), by_vec(&mut vecs, &position));
                // The table's and the stack's bytes count the positions' sizes, which differ.
                let mut expected_stats = *vecs.stats();
                expected_stats.table_bytes = plains.stats().table_bytes;
                expected_stats.peak_stack_bytes = plains.stats().peak_stack_bytes;
                prop_assert_eq!(*plains.stats(), expected_stats, "prefetch from {} bytes", prefetch_from);
                peaks.push(plains.stats().peak_stack_bytes);
            }
        }
        // Prefetching or not, the plain positions' stack holds the same bytes.
        prop_assert_eq!(&peaks[..3], &peaks[3..]);
        let whole = Whole(game.clone());
        prop_assert_eq!(Search::new(&whole, limits).unwrap().nimber(&position).unwrap(), expected);
        prop_assert_eq!(Search::new(&whole, limits).unwrap().nimber_by_aspiration(&position).unwrap(), expected);
        let mut fresh = Search::new(&whole, limits).unwrap();
        let outcome = fresh.outcome(&position).unwrap();
        prop_assert_eq!(outcome, if expected == 0 { Outcome::P } else { Outcome::N });
    }
}

/// Tokens whose game claims outcomes: a token on `p_node` is a P-position, true or not, and a
/// token on a node of `n_nodes` an N-position (true: the tests claim it only where it holds).
/// The engine takes a claimed P as the nimber 0, so it must answer as on the game whose
/// `p_node` has no move: that is how these tests see that every method uses the claim.
struct Told {
    tokens: Tokens,
    p_node: u32,
    n_nodes: Vec<u32>,
}

impl Game for Told {
    type Position = Vec<u32>;
    fn moves(&self, tokens: &Vec<u32>) -> Vec<Vec<u32>> {
        self.tokens.moves(tokens)
    }
}

impl SearchGame for Told {
    fn components(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.tokens.components(tokens, out)
    }
    fn known_outcome(&self, component: &Vec<u32>) -> Option<Outcome> {
        match component[..] {
            [t] if t == self.p_node => Some(Outcome::P),
            [t] if self.n_nodes.contains(&t) => Some(Outcome::N),
            _ => None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_method_takes_the_outcomes_a_game_claims(
        game in dag(),
        p_pick in any::<u32>(),
        n_picks in any::<u32>(),
        picks in proptest::collection::vec(any::<u32>(), 1..4),
    ) {
        let n = game.arcs.len() as u32;
        let p_node = p_pick % n;
        let mut as_claimed = game.clone();
        as_claimed.arcs[p_node as usize].clear();
        // N claimed on some of the nodes where it holds (bit v of `n_picks`).
        let n_nodes: Vec<u32> = (0..n)
            .filter(|&v| n_picks >> (v % 32) & 1 == 1 && v != p_node && engine_value(&as_claimed, &[v]) != 0)
            .collect();
        let mut position: Vec<u32> = picks.iter().map(|p| p % n).collect();
        position.sort_unstable();
        let expected = engine_value(&as_claimed, &position);
        every_method_gives(&Told { tokens: game, p_node, n_nodes }, &position, expected)?;
    }
}

#[test]
fn a_claimed_n_position_is_not_expanded_to_be_asked_about_0() {
    // Subtraction {1, 2}: heap 4 (a token on node 4) has value 1, an N-position.
    let tokens = Tokens { arcs: (0..5u32).map(|v| (v.saturating_sub(2)..v).collect()).collect() };
    let told = Told { tokens: tokens.clone(), p_node: u32::MAX, n_nodes: vec![4] };
    let mut search = Search::new(&told, SearchLimits::default()).unwrap();
    assert_eq!(search.outcome(&vec![4]).unwrap(), Outcome::N);
    assert_eq!(search.stats().nodes, 0);
    let mut unclaimed = Search::new(&tokens, SearchLimits::default()).unwrap();
    assert_eq!(unclaimed.outcome(&vec![4]).unwrap(), Outcome::N);
    assert!(unclaimed.stats().nodes > 0);
}

/// A deep chain: a heap that loses one counter per move, 200 000 moves deep.
struct Chain;
impl Game for Chain {
    type Position = u32;
    fn moves(&self, n: &u32) -> Vec<u32> {
        if *n == 0 { Vec::new() } else { vec![n - 1] }
    }
}

impl SearchGame for Chain {}

thread_local! {
    /// Clones of `Heap` and `Rows` positions made on this thread.
    static CLONES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_clone() {
    CLONES.with(|c| c.set(c.get() + 1));
}

/// A row of Kayles pins (knock down one pin or two adjacent ones), a position that owns no
/// memory and counts its clones.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Heap(u32);
impl Clone for Heap {
    fn clone(&self) -> Self {
        count_clone();
        Heap(self.0)
    }
}

/// The same row as a position that owns memory (a `Vec`), counting its clones.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Rows(Vec<u32>);
impl Clone for Rows {
    fn clone(&self) -> Self {
        count_clone();
        Rows(self.0.clone())
    }
}

/// The rows left by every Kayles move in a row of `n`: each a pair (left, right), zeros kept.
fn kayles_splits(n: u32) -> impl Iterator<Item = (u32, u32)> {
    (1..=2.min(n)).flat_map(move |take| (0..=n - take).map(move |left| (left, n - take - left)))
}

/// Kayles on one row, with positions `P` built by `make` and never cloned by the game itself.
struct CountedKayles<P>(fn(u32) -> P, fn(&P) -> u32);
impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Game for CountedKayles<P> {
    type Position = P;
    fn moves(&self, _: &P) -> Vec<P> {
        unreachable!("the search asks for option_parts only")
    }
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> SearchGame for CountedKayles<P> {
    fn components(&self, row: &P, out: &mut Vec<P>) {
        out.push((self.0)((self.1)(row)));
    }
    fn option_parts(&self, row: &P, visit: &mut dyn FnMut(&[P]) -> ControlFlow<()>) {
        for (left, right) in kayles_splits((self.1)(row)) {
            let parts: Vec<P> = [left, right].into_iter().filter(|&n| n > 0).map(self.0).collect();
            if visit(&parts).is_break() {
                return;
            }
        }
    }
}

/// The nimber of Kayles row 12 found with prefetching from `prefetch_from` table bytes (the
/// default if `None`), and the positions the search cloned.
fn kayles_clones<P: Clone + Eq + std::hash::Hash + std::fmt::Debug>(
    game: &CountedKayles<P>,
    prefetch_from: Option<usize>,
) -> (u32, u64) {
    let search = Search::new(game, SearchLimits::new(64 << 20, u64::MAX)).unwrap();
    let mut search = match prefetch_from {
        Some(bytes) => search.with_prefetch_from(bytes),
        None => search,
    };
    let before = CLONES.with(|c| c.get());
    let nimber = search.nimber(&(game.0)(12)).unwrap();
    (nimber, CLONES.with(|c| c.get()) - before)
}

#[test]
fn options_are_copied_for_prefetching_only_in_tables_from_the_set_size_and_of_plain_data() {
    let plain = CountedKayles(Heap, |h: &Heap| h.0);
    let owned = CountedKayles(|n| Rows(vec![n]), |r: &Rows| r.0[0]);
    // Kayles values 0 1 2 3 1 4 3 2 1 4 2 6 4 (OEIS A002186): row 12 has nimber 4.
    let always = kayles_clones(&plain, Some(0));
    let never = kayles_clones(&plain, Some(usize::MAX));
    assert_eq!((always.0, never.0), (4, 4));
    assert!(always.1 > never.1, "prefetching copies every part: {always:?} against {never:?}");
    // The table of this search stays at its first size: prefetching starts exactly there.
    let first_size =
        Search::new(&plain, SearchLimits::new(64 << 20, u64::MAX)).unwrap().stats().table_bytes as usize;
    assert_eq!(kayles_clones(&plain, Some(first_size)), always);
    assert_eq!(kayles_clones(&plain, Some(first_size + 1)), never);
    // The default starts far above a table this small.
    assert!(first_size < game_core::search::PREFETCH_FROM_BYTES);
    assert_eq!(kayles_clones(&plain, None), never);
    // Positions that own memory are never copied for prefetching.
    assert_eq!(kayles_clones(&owned, Some(0)), kayles_clones(&owned, Some(usize::MAX)));
    assert_eq!(kayles_clones(&owned, Some(0)).0, 4);
}

#[test]
fn deep_games_need_no_call_stack() {
    let mut search = Search::new(&Chain, SearchLimits::new(1 << 30, 1_000_000)).unwrap();
    assert_eq!(search.nimber(&200_000).unwrap(), 0);
    assert_eq!(search.nimber_by_mex(&199_999).unwrap(), 1);
    assert_eq!(search.stats().max_depth, 200_001);
}

#[test]
fn limits_give_typed_errors() {
    let mut search = Search::new(&Chain, SearchLimits::new(16 << 20, 1_000)).unwrap();
    assert_eq!(search.nimber(&5_000), Err(SearchError::EffortExceeded { limit: 1_000 }));
    let mut search = Search::new(&Chain, SearchLimits::new(1 << 20, u64::MAX)).unwrap();
    assert!(matches!(search.nimber_by_mex(&1_000_000), Err(SearchError::MemoryExceeded { .. })));
    assert!(matches!(
        Search::new(&Chain, SearchLimits::new(1_000, 10)),
        Err(SearchError::BudgetTooSmall { .. })
    ));
}

#[test]
fn a_full_table_replaces_entries_and_the_answer_stays_right() {
    // Subtraction {1, 2, 3} as tokens (value n mod 4), far more components than table slots.
    let game = Tokens { arcs: (0..40_000u32).map(|v| (v.saturating_sub(3)..v).collect()).collect() };
    let mut search = Search::new(&game, SearchLimits::new(400_000, u64::MAX)).unwrap();
    for n in 0..40_000 {
        assert_eq!(search.nimber(&vec![n]).unwrap(), n % 4, "heap {n}");
    }
    assert!(search.stats().table_replacements > 0);
    assert!(search.stats().table_bytes <= 200_000);
}

/// Subtraction {1, 2, 3} as tokens whose every position claims [`HEAVY_BYTES`] bytes of its
/// own memory (as a position holding a large `Vec` would).
struct Heavy(Tokens);
impl Game for Heavy {
    type Position = Vec<u32>;
    fn moves(&self, tokens: &Vec<u32>) -> Vec<Vec<u32>> {
        self.0.moves(tokens)
    }
    fn position_bytes(&self, _: &Vec<u32>) -> usize {
        HEAVY_BYTES
    }
}

impl SearchGame for Heavy {
    fn components(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.0.components(tokens, out)
    }
}

/// The memory each position of [`Heavy`] claims: 64 KiB.
const HEAVY_BYTES: usize = 64 << 10;

#[test]
fn positions_that_own_memory_are_stored_only_within_the_tables_share() {
    let game = Heavy(Tokens { arcs: (0..70u32).map(|v| (v.saturating_sub(3)..v).collect()).collect() });
    // 16 MiB: the table's share of owned memory is 15/16 of a quarter, 3.75 MiB, room for 60
    // positions of 64 KiB (less their own size, which the slots count) and not for 70. (The
    // heaps past those stored are searched again and again, and their frames fill the stack's
    // share: hence no more than 70.)
    let mut search = Search::new(&game, SearchLimits::new(16 << 20, u64::MAX)).unwrap();
    for n in 0..70 {
        assert_eq!(search.nimber(&vec![n]).unwrap(), n % 4, "heap {n}");
    }
    let stats = search.stats();
    let owned_each = HEAVY_BYTES - std::mem::size_of::<Vec<u32>>();
    assert!(stats.table_refusals > 0, "{stats:?}");
    assert!(stats.components_cached > 0, "{stats:?}");
    assert!(stats.components_cached as usize * owned_each <= (4 << 20) - (4 << 20) / 16, "{stats:?}");
    // The same search with room for every position refuses none.
    let mut roomy = Search::new(&game, SearchLimits::new(1 << 30, u64::MAX)).unwrap();
    for n in 0..70 {
        assert_eq!(roomy.nimber(&vec![n]).unwrap(), n % 4, "heap {n}");
    }
    assert_eq!((roomy.stats().table_refusals, roomy.stats().components_cached), (0, 70));
}

#[test]
fn dense_indices_past_the_budget_go_to_the_hash_table() {
    // Subtraction {1, 2, 3} as tokens, numbered for the dense array; a budget whose array holds
    // only part of them, so the higher heaps are stored by hash.
    let game = Indexed(Tokens { arcs: (0..40_000u32).map(|v| (v.saturating_sub(3)..v).collect()).collect() });
    let mut search = Search::new(&game, SearchLimits::new(400_000, u64::MAX)).unwrap();
    for n in 0..40_000 {
        assert_eq!(search.nimber(&vec![n]).unwrap(), n % 4, "heap {n}");
    }
    assert!(search.stats().table_bytes <= 200_000);
    // The dense array plus the slots hold more than the slots alone could.
    assert!(search.stats().components_cached > 200_000 / 48);
    let mut roomy = Search::new(&game, SearchLimits::new(1 << 30, u64::MAX)).unwrap();
    for n in 0..40_000 {
        assert_eq!(roomy.nimber_by_mex(&vec![n]).unwrap(), n % 4, "heap {n}");
    }
    assert_eq!(roomy.stats().components_cached, 40_000);
    assert_eq!(roomy.stats().table_replacements, 0);
}

/// One position (`u32::MAX`, 8 KiB) with `width` options, each a position with no move that
/// claims 4 KiB, produced one at a time and counted; `u32::MAX - 1` has one move, to it.
struct Wide {
    width: u32,
    produced: std::cell::Cell<u32>,
}
impl Game for Wide {
    type Position = u32;
    fn moves(&self, n: &u32) -> Vec<u32> {
        match *n {
            u32::MAX => (0..self.width).collect(),
            ONE_MOVE_TO_WIDE => vec![u32::MAX],
            _ => Vec::new(),
        }
    }
    fn position_bytes(&self, n: &u32) -> usize {
        match *n {
            u32::MAX => 8192,
            ONE_MOVE_TO_WIDE => 4,
            _ => 4096,
        }
    }
}

impl SearchGame for Wide {
    fn option_parts(&self, n: &u32, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) {
        if *n == ONE_MOVE_TO_WIDE {
            let _ = visit(&[u32::MAX]);
        }
        if *n != u32::MAX {
            return;
        }
        for option in 0..self.width {
            self.produced.set(self.produced.get() + 1);
            if visit(&[option]).is_break() {
                return;
            }
        }
    }
}

/// The position of [`Wide`] whose one move leads to the wide one.
const ONE_MOVE_TO_WIDE: u32 = u32::MAX - 1;

#[test]
fn an_expansion_past_the_memory_budget_stops_before_its_last_option() {
    let wide = Wide { width: 1_000_000, produced: 0.into() };
    // The stack's share is a quarter of 16 MiB, and it may borrow what the table has not taken
    // of its half (the table is still small: most of 8 MiB); a million pending options need
    // more. The wide position is reached by a move, so the stack holds its parent's frame
    // (over 8 KiB).
    let mut search = Search::new(&wide, SearchLimits::new(16 << 20, u64::MAX)).unwrap();
    let error = search.nimber(&ONE_MOVE_TO_WIDE).unwrap_err();
    let SearchError::MemoryExceeded { limit, needed } = error else { panic!("{error:?}") };
    assert!(limit > (4 << 20) + (6 << 20) && limit <= (4 << 20) + (8 << 20), "{limit}");
    // Refused as soon as the options held passed the limit (about 2 500 of 4 KiB and a
    // little), not after the million.
    let produced = wide.produced.get() as usize;
    assert!((limit / (4096 + 256)..=limit / 4096 + 1).contains(&produced), "{produced} {limit}");
    // What it needed: the parent's frame and the options held, one option past the share.
    assert!(needed > limit && needed - limit <= 4096 + 256, "{needed} {produced}");
    // Within the share, the same game is answered: every option has value 0.
    let narrow = Wide { width: 500, produced: 0.into() };
    let mut search = Search::new(&narrow, SearchLimits::new(16 << 20, u64::MAX)).unwrap();
    assert_eq!(search.nimber(&u32::MAX).unwrap(), 1);
}

#[test]
fn a_long_expansion_asks_the_callers_stop() {
    let wide = Wide { width: 1_000_000, produced: 0.into() };
    let asked = std::cell::Cell::new(0u32);
    let mut search = Search::new(&wide, SearchLimits::new(1 << 30, u64::MAX)).unwrap().with_interrupt(|| {
        asked.set(asked.get() + 1);
        true
    });
    assert_eq!(search.nimber(&u32::MAX), Err(SearchError::Interrupted { nodes: 1 }));
    // Stopped within the first expansion, after 64 options and parts: 32 options of one part.
    assert_eq!((asked.get(), wide.produced.get()), (1, 32));
}
