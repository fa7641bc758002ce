//! The nimber by aspiration sets (Beling's method, the default of his `igsolve`): the component
//! is asked "is your nimber r?" for r = 0, 1, 2, ... in turn, and each question is put to its
//! options as the single value that would refute it.
//!
//! For a candidate r, an option G1 + ... + Gm has value r exactly when Gm has nimber
//! r XOR (the nimbers of G1 ... G(m-1)): the other parts are valued in full, and Gm is asked
//! about that one value by the pruned search, which settles a one-value question with far
//! fewer nodes than a full value. If some option has value r, r is not the nimber; an option
//! whose exact value comes back (known anyway) is set aside with its value, which no later
//! candidate needs to ask again. If no option has value r, every smaller candidate having been
//! refused, r is the mex: the nimber.
//!
//! A game that knows a component's outcome by a theorem ([`SearchGame::known_outcome`]) saves
//! questions: a P-position has nimber 0 without search, and an N-position is never asked
//! "is your nimber 0?".
//!
//! Each question is a search of its own, so a component with nimber k is searched k + 1 times;
//! the pruning pays when nimbers are small (Cram, Node-Kayles), and not for games whose
//! nimbers grow with the position (Lasker's Nim), for which [`Search::nimber`] is the method.

use super::FRAME_BYTES;
use super::nimber_set::NimberSet;
use super::pruned::Request;
use super::{Search, SearchError};
use crate::{Outcome, SearchGame};

impl<G: SearchGame> Search<'_, G> {
    /// The nimber of `position` by aspiration sets: each component is asked "is your nimber
    /// r?" for r = 0, 1, 2, ..., each question put to its options as one value and answered
    /// by the pruned search. Same answer as [`Search::nimber`]; fewer nodes when nimbers are
    /// small, more when they are large (see the module `aspiration.rs`).
    ///
    /// Cost: up to (nimber + 1) pruned one-value searches per component of `position`, each
    /// bounded like [`Search::nimber`]'s; memory within [`SearchLimits`](super::SearchLimits).
    pub fn nimber_by_aspiration(&mut self, position: &G::Position) -> Result<u32, SearchError> {
        self.xor_of_components(position, Self::aspiration_nimber)
    }

    fn aspiration_nimber(&mut self, component: &G::Position) -> Result<u32, SearchError> {
        if let Some(v) = self.cached(component) {
            return Ok(v);
        }
        self.count_node()?;
        let nodes_at_open = self.stats.nodes;
        let known_outcome = self.game.known_outcome(component);
        if known_outcome == Some(Outcome::P) {
            self.remember(component, 0, 1);
            return Ok(0);
        }
        let expansion = self.expand(component)?;
        let count = expansion.options as u32; // expand refuses more than u32::MAX - 1 options
        let mut settled = NimberSet::from_values(expansion.known.into_iter().filter(|&v| v <= count));
        if known_outcome == Some(Outcome::N) {
            // Some option has value 0: 0 is refused as if that option had been asked.
            settled.insert(0);
        }
        let mut pending = expansion.pending;
        let bytes = FRAME_BYTES + settled.bytes() + self.pending_bytes(&pending);
        self.charge(bytes)?;
        let answer = self.aspire(&mut settled, &mut pending, count);
        self.release(bytes);
        // A search stopped (by its limits or the caller) keeps its path: where it stopped.
        let nimber = answer?;
        self.stats.path.truncate(0);
        self.remember(component, nimber, self.stats.nodes - nodes_at_open + 1);
        Ok(nimber)
    }

    /// The least r <= `count` that no option has: `settled` holds the values of options already
    /// valued, `pending` the others.
    fn aspire(
        &mut self,
        settled: &mut NimberSet,
        pending: &mut Vec<super::Pending<G::Position>>,
        count: u32,
    ) -> Result<u32, SearchError> {
        // The path's levels 0 and 1 (see `SearchPath`): the question, and the option asked.
        'candidates: for r in 0..count {
            if settled.contains(r) {
                continue;
            }
            self.stats.path.record(0, r as usize, count as usize + 1);
            let mut i = 0;
            while i < pending.len() {
                self.stats.path.record(1, i, pending.len());
                let option = &mut pending[i];
                // Every part but the last valued in full (the game lists the hardest last).
                while option.unknown.len() > 1 {
                    let part = option.unknown.remove(0);
                    let value = self.pruned_nimber(&part, Request::All, 2)?;
                    option.known_xor ^= value.expect("a full request is always answered");
                }
                let target = r ^ option.known_xor;
                let last = option.unknown[0].clone();
                match self.pruned_nimber(&last, Request::Among(NimberSet::from_values([target])), 2)? {
                    Some(value) => {
                        let value = value ^ pending[i].known_xor;
                        pending.remove(i);
                        if value == r {
                            continue 'candidates;
                        }
                        if value <= count {
                            settled.insert(value);
                        }
                    }
                    None => i += 1,
                }
            }
            return Ok(r);
        }
        // Every value below the number of options is taken: the nimber is that number.
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::super::pruned::tests::{Chain, chain_frame_bytes};
    use super::super::{Search, SearchLimits};

    /// Heap 40 by aspiration: its own frame (one set, its one option), then the pruned search
    /// of heap 39 asked "is your value 0?" down to heap 0; each heap's work is the nodes
    /// expanded below it and itself.
    #[test]
    fn a_chain_charges_the_root_and_the_pruned_frames_and_gives_them_back() {
        for n in [40u32, 41] {
            let mut search = Search::new(&Chain, SearchLimits::default()).unwrap();
            assert_eq!(search.nimber_by_aspiration(&n).unwrap(), n % 2);
            let stats = *search.stats();
            assert_eq!((stats.nodes, stats.stack_bytes), (u64::from(n) + 1, 0));
            let peak = chain_frame_bytes(1, 1)
                + (n as usize - 1) * chain_frame_bytes(2, 1)
                + chain_frame_bytes(2, 0);
            assert_eq!(stats.peak_stack_bytes, peak as u64, "heap {n}");
            let mut entries: Vec<(u32, u32, u32)> =
                search.table_entries().map(|(&k, v, w)| (k, v, w)).collect();
            entries.sort_unstable();
            // Below the root, the odd heaps answer "not 0" without a value of their own (see
            // the test of `pruned.rs`).
            let expected: Vec<_> =
                (0..n).step_by(2).map(|k| (k, 0, k + 1)).chain([(n, n % 2, n + 1)]).collect();
            assert_eq!(entries, expected, "heap {n}");
        }
    }
}
