//! Lasker's Nim: take any number of counters from one heap, or split one heap into two nonempty
//! heaps. The worked example of components: a position is a list of heaps, each heap a
//! component.

use std::ops::ControlFlow;

use game_core::{Game, SearchGame, heap_sum_moves};

/// Lasker's Nim. A position is a sorted list of nonempty heaps ([`LaskersNim::position`]).
///
/// The nimber of a heap has a closed form, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
/// g(4k+4) = 4k+3 ([`LaskersNim::closed_form`]), so the game is the guide's example of a game the
/// search engine solves far beyond its explicit graph: every partition of every smaller heap is
/// a position of the graph, only the heaps are components.
///
/// ```
/// use game_core::search::{Search, SearchLimits};
/// use game_placement::LaskersNim;
///
/// let mut search = Search::new(&LaskersNim, SearchLimits::default())?;
/// let nimber = search.nimber(&LaskersNim::position(&[3, 7, 7, 10]))?;
/// assert_eq!(u64::from(nimber), LaskersNim::closed_form(3) ^ LaskersNim::closed_form(10));
/// assert_eq!(u64::from(search.nimber(&vec![500])?), LaskersNim::closed_form(500));
/// # Ok::<(), game_core::search::SearchError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaskersNim;

impl LaskersNim {
    /// The position of `heaps`: sorted, empty heaps dropped.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        out.sort_unstable();
        out
    }

    /// The nimber of one heap of `h` counters by the closed form.
    pub fn closed_form(h: u64) -> u64 {
        match h % 4 {
            3 => h + 1,
            0 if h > 0 => h - 1,
            _ => h,
        }
    }
}

impl Game for LaskersNim {
    type Position = Vec<u64>;

    /// Smaller heaps first (`0..h` left, then the splits `a + (h - a)`, `a` rising): the search
    /// then meets small components first and stays shallow.
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        if let [h] = heaps[..] {
            // One heap (every component the search expands): the options directly, sorted.
            let take = (0..h).map(|left| if left == 0 { Vec::new() } else { vec![left] });
            let split = (1..=h / 2).map(|a| vec![a, h - a]);
            return take.chain(split).collect();
        }
        let options = |h: u64| {
            let take = (0..h).map(|left| vec![left]);
            let split = (1..=h / 2).map(move |a| vec![a, h - a]);
            take.chain(split)
        };
        heap_sum_moves(heaps, options, LaskersNim::position)
    }

    fn position_bytes(&self, heaps: &Vec<u64>) -> usize {
        std::mem::size_of::<Vec<u64>>() + 8 * heaps.capacity()
    }
}

impl SearchGame for LaskersNim {
    /// Each heap is a component.
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }

    /// A heap is numbered by its size: the search keeps heap values in a plain array.
    fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
        match heaps[..] {
            [h] => usize::try_from(h).ok(),
            _ => None,
        }
    }

    /// The options of one heap as parts written into two reused buffers, so that the search
    /// allocates nothing per option: `[]` (the heap taken), `[left]` for `left` in `1..h`,
    /// `[a], [h - a]` for the splits (`[]` when `a = h - a`, the two equal heaps cancelling).
    fn option_parts(&self, component: &Vec<u64>, visit: &mut dyn FnMut(&[Vec<u64>]) -> ControlFlow<()>) {
        let _ = heap_options(self, component, visit);
    }
}

/// [`LaskersNim`]'s `option_parts`, stopping where `visit` says (`?` on its answers).
fn heap_options(
    game: &LaskersNim,
    component: &Vec<u64>,
    visit: &mut dyn FnMut(&[Vec<u64>]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let [h] = component[..] else {
        // Not a component (the engine never asks): the definition.
        let mut parts = Vec::new();
        for option in game.moves(component) {
            parts.clear();
            game.components(&option, &mut parts);
            visit(&parts)?;
        }
        return ControlFlow::Continue(());
    };
    let mut pair = [vec![0], vec![0]];
    visit(&[])?;
    for left in 1..h {
        pair[0][0] = left;
        visit(&pair[..1])?;
    }
    for a in 1..=h / 2 {
        if 2 * a == h {
            visit(&[])?;
        } else {
            pair[0][0] = a;
            pair[1][0] = h - a;
            visit(&pair)?;
        }
    }
    ControlFlow::Continue(())
}
