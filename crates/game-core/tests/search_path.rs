//! The search's path (`SearchStats::path`, where a long search is) against the positions the
//! game is asked to expand: in a tree whose positions are the lists of moves that reach them,
//! the path a progress call shows must be the position expanded next.

use std::cell::RefCell;

use game_core::search::{PathStep, Search, SearchError, SearchLimits, SearchPath};
use game_core::{Game, SearchGame};

/// The complete tree of `branching` options down to `depth` moves; a position is the list of
/// option indices from the root, so no two positions meet (the table never answers for
/// another). Checks each path handed to it against the next position it expands.
struct Tree {
    branching: u8,
    depth: usize,
    /// The path of the last progress call, until the next expansion checks it.
    expected: RefCell<Option<Vec<PathStep>>>,
    /// Levels of the path that are not positions' indices: the aspiration method's question
    /// and the root option it asks (2), else 0; and the position's indices from then on are
    /// the path's from the first (the root's option is not in the aspiration path's levels).
    skip: usize,
    checked: RefCell<usize>,
}

impl Tree {
    fn new(branching: u8, depth: usize, skip: usize) -> Self {
        Tree { branching, depth, expected: RefCell::new(None), skip, checked: RefCell::new(0) }
    }
}

impl Game for Tree {
    type Position = Vec<u8>;
    fn moves(&self, position: &Vec<u8>) -> Vec<Vec<u8>> {
        if let Some(path) = self.expected.borrow_mut().take() {
            let from_path: Vec<u8> = path[self.skip..].iter().map(|step| step.option as u8).collect();
            let mut from_position = &position[usize::from(self.skip > 0)..];
            if path.len() == SearchPath::MAX_LEVELS {
                // Only the first levels are kept.
                from_position = &from_position[..from_path.len()];
            }
            assert_eq!(from_path, from_position, "path {path:?}, expanding {position:?}");
            assert!(path[self.skip..].iter().all(|step| step.options == u32::from(self.branching)));
            if self.skip > 0 {
                // The question "is the nimber 0?" (the root's nimber, depth even) among the
                // values 0 to 4 of four options; every root option answers "not 0", so none
                // leaves the list and the option asked is the move made.
                let options = u32::from(self.branching);
                assert_eq!(path[0], PathStep { option: 0, options: options + 1 });
                assert_eq!(path[1], PathStep { option: u32::from(position[0]), options });
            }
            *self.checked.borrow_mut() += 1;
        }
        if position.len() == self.depth {
            return Vec::new();
        }
        (0..self.branching)
            .map(|i| {
                let mut next = position.clone();
                next.push(i);
                next
            })
            .collect()
    }
}

impl SearchGame for Tree {}

/// Runs `method` on the root of `tree` with a progress callback that hands each path to the
/// tree; the number of paths checked and the path after the search.
fn checked_paths(
    tree: &Tree,
    method: impl Fn(&mut Search<'_, Tree>) -> Result<u32, SearchError>,
) -> (usize, SearchPath) {
    let mut search = Search::new(tree, SearchLimits::default()).unwrap().with_progress(|stats| {
        assert!(stats.path.steps().iter().all(|step| step.option < step.options), "{:?}", stats.path);
        *tree.expected.borrow_mut() = Some(stats.path.steps().to_vec());
    });
    // Leaves have nimber 0, their parents 1, theirs 0 again: the root's is the depth's parity.
    let nimber = method(&mut search).unwrap();
    assert_eq!(nimber, (tree.depth % 2) as u32);
    (*tree.checked.borrow(), search.stats().path)
}

#[test]
fn the_plain_search_shows_the_position_it_expands_next() {
    let tree = Tree::new(4, 8, 0);
    let (checked, after) = checked_paths(&tree, |search| search.nimber_by_mex(&Vec::new()));
    // 87 381 positions, a progress call every 16 384 expansions.
    assert_eq!(checked, 5);
    assert!(after.steps().is_empty());
}

#[test]
fn the_pruned_search_shows_the_position_it_expands_next() {
    let tree = Tree::new(4, 10, 0);
    let (checked, after) = checked_paths(&tree, |search| search.nimber(&Vec::new()));
    assert!(checked >= 2, "{checked} paths checked");
    assert!(after.steps().is_empty());
}

#[test]
fn aspiration_shows_its_question_then_the_position_it_expands_next() {
    let tree = Tree::new(4, 16, 2);
    let (checked, after) = checked_paths(&tree, |search| search.nimber_by_aspiration(&Vec::new()));
    assert!(checked >= 2, "{checked} paths checked");
    assert!(after.steps().is_empty());
}

#[test]
fn a_stopped_search_keeps_the_path_where_it_stopped() {
    let tree = Tree::new(2, 8, 0);
    let mut search = Search::new(&tree, SearchLimits::new(1 << 26, 100)).unwrap();
    assert!(matches!(search.nimber_by_mex(&Vec::new()), Err(SearchError::EffortExceeded { limit: 100 })));
    // The 101st position in depth-first order: the one whose expansion was refused.
    let expected = preorder_position(2, 8, 100);
    let shown: Vec<u8> = search.stats().path.steps().iter().map(|step| step.option as u8).collect();
    assert_eq!(shown, expected);
}

/// The position with index `n` (from 0) in depth-first order of the complete tree of
/// `branching` options and `depth` moves, by walking the tree and counting.
fn preorder_position(branching: u8, depth: usize, n: usize) -> Vec<u8> {
    fn walk(branching: u8, depth: usize, at: &mut Vec<u8>, left: &mut usize) -> Option<Vec<u8>> {
        if *left == 0 {
            return Some(at.clone());
        }
        *left -= 1;
        if at.len() == depth {
            return None;
        }
        for i in 0..branching {
            at.push(i);
            if let Some(found) = walk(branching, depth, at, left) {
                return Some(found);
            }
            at.pop();
        }
        None
    }
    walk(branching, depth, &mut Vec::new(), &mut { n }).expect("the tree has that many positions")
}
