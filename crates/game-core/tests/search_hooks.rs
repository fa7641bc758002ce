//! The hooks through which a search longer than one process keeps what it found (the
//! `game-search-runs` crate builds table files and shards on them): the table's entries out
//! and back in, a callback every few thousand nodes, and "is this component's nimber among
//! these values?", each checked against the explicit graph or against a search from nothing.

use game_core::search::{Search, SearchError, SearchLimits};
use game_core::{Game, SearchGame, explore, grundy_values};

/// Kayles kept whole (no components): rows of pins, knock one pin or two adjacent ones; a
/// position is its rows sorted, so that its searches take many nodes.
struct WholeKayles;

impl Game for WholeKayles {
    type Position = Vec<u16>;
    fn moves(&self, rows: &Vec<u16>) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        for (i, &row) in rows.iter().enumerate() {
            let rest = || rows.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &r)| r);
            for take in 1..=2.min(row) {
                for left in 0..=(row - take) / 2 {
                    let mut option: Vec<u16> =
                        rest().chain([left, row - take - left]).filter(|&r| r > 0).collect();
                    option.sort_unstable();
                    out.push(option);
                }
            }
        }
        out
    }
}

impl SearchGame for WholeKayles {}

fn search() -> Search<'static, WholeKayles> {
    Search::new(&WholeKayles, SearchLimits::new(1 << 26, u64::MAX)).unwrap()
}

/// The explicit graph's nimber of `position`.
fn by_graph(position: &[u16]) -> u32 {
    let graph = explore(&WholeKayles, [position.to_vec()], 1_000_000).unwrap();
    let values = grundy_values(&graph.graph).unwrap();
    values[graph.node(&position.to_vec()).unwrap().index()]
}

#[test]
fn entries_taken_out_and_preloaded_answer_without_search() {
    let position = vec![7, 9, 10];
    let mut first = search();
    let nimber = first.nimber_by_aspiration(&position).unwrap();
    assert_eq!(nimber, by_graph(&position));
    assert!(first.stats().nodes > 1_000);
    let entries: Vec<(Vec<u16>, u32, u32)> =
        first.table_entries().map(|(key, nimber, work)| (key.clone(), nimber, work)).collect();
    assert_eq!(entries.len(), first.table_entry_count());
    // Every entry is the explicit graph's value of its component.
    for (key, value, work) in entries.iter().step_by(37) {
        assert_eq!(*value, by_graph(key), "{key:?}");
        assert!(*work >= 1);
    }
    let mut second = search();
    second.reserve_table(entries.len() as u64);
    for (key, value, work) in &entries {
        assert!(second.preload(key, *value, u64::from(*work)));
    }
    assert_eq!(second.table_entry_count(), entries.len());
    assert_eq!(second.nimber_by_aspiration(&position).unwrap(), nimber);
    assert_eq!(second.stats().nodes, 0);
    // The table's own marks are no nimbers: refused, nothing stored.
    assert!(!second.preload(&vec![1, 2, 3, 4, 5], u32::MAX - 1, 1));
    assert!(!second.preload(&vec![1, 2, 3, 4, 5], u32::MAX, 1));
    assert_eq!(second.table_entry_count(), entries.len());
    // Emptied: the next search starts from nothing.
    second.clear_table().unwrap();
    assert_eq!((second.table_entry_count(), second.stats().components_cached), (0, 0));
    assert_eq!(second.nimber_by_aspiration(&position).unwrap(), nimber);
    assert!(second.stats().nodes > 1_000);
}

#[test]
fn a_checkpoint_sees_a_consistent_table_every_16384_nodes_and_can_stop_the_search() {
    let position = vec![12, 13, 14];
    let mut plain = search();
    let nimber = plain.nimber_by_aspiration(&position).unwrap();
    let nodes = plain.stats().nodes;
    assert!(nodes > 2 * 16_384, "{nodes}");
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let log = std::rc::Rc::clone(&seen);
    let mut watched = search().with_checkpoint(move |search| {
        // Every value the table holds then is final: a sample checked against the graph below.
        let sample: Vec<(Vec<u16>, u32)> =
            search.table_entries().step_by(97).map(|(key, value, _)| (key.clone(), value)).collect();
        log.borrow_mut().push((search.stats().nodes, sample));
        Ok(())
    });
    assert_eq!(watched.nimber_by_aspiration(&position).unwrap(), nimber);
    // The callback disturbs nothing.
    assert_eq!(watched.stats().nodes, nodes);
    let seen = seen.borrow();
    let at: Vec<u64> = seen.iter().map(|(nodes, _)| *nodes).collect();
    assert_eq!(at, (1..=nodes / 16_384).map(|k| k * 16_384).collect::<Vec<_>>());
    for (key, value) in seen.iter().flat_map(|(_, sample)| sample).take(50) {
        assert_eq!(*value, by_graph(key), "{key:?}");
    }
    let mut stopped = search().with_checkpoint(|_| Err(String::from("disk full")));
    assert_eq!(
        stopped.nimber_by_aspiration(&position),
        Err(SearchError::CheckpointFailed { message: String::from("disk full") })
    );
    assert_eq!(stopped.stats().nodes, 16_384);
}

#[test]
fn nimber_if_among_settles_exactly_what_it_is_asked() {
    let mut search = search();
    for row in 1..=14u16 {
        let position = vec![row];
        let nimber = by_graph(&position);
        // Among the values asked: found.
        assert_eq!(search.nimber_if_among(&position, &[nimber]).unwrap(), Some(nimber), "{row}");
        assert_eq!(search.nimber_if_among(&position, &[nimber + 1, nimber]).unwrap(), Some(nimber));
        // Not among them: none, or the nimber itself when the search settled it anyway.
        for asked in [nimber + 1, nimber + 5] {
            let answer = search.nimber_if_among(&position, &[asked]).unwrap();
            assert!(answer.is_none() || answer == Some(nimber), "{row}: {answer:?}");
        }
    }
}

/// Kayles rows as components.
struct Rows;

impl Game for Rows {
    type Position = Vec<u16>;
    fn moves(&self, rows: &Vec<u16>) -> Vec<Vec<u16>> {
        WholeKayles.moves(rows)
    }
}

impl SearchGame for Rows {
    fn components(&self, rows: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
        out.extend(rows.iter().filter(|&&r| r > 0).map(|&r| vec![r]));
    }
}

#[test]
fn components_are_split_as_every_search_splits_them() {
    let mut search = Search::new(&Rows, SearchLimits::default()).unwrap();
    assert_eq!(search.components_of(&vec![3, 5, 0, 3, 4]), vec![vec![4], vec![5]]);
    assert_eq!(search.stats().pairs_cancelled, 1);
    assert_eq!(search.game().moves(&vec![1]), vec![Vec::<u16>::new()]);
}
