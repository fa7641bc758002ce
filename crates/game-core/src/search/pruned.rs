//! The pruned nimber search after Beling and Rogalski: the nimber of a component if it lies in
//! a requested set, found with as few options searched as that question needs.
//!
//! A frame keeps the *candidates* P, initially {0, ..., n} for n options (the mex is at most
//! n), and the requested set R. Options whose value the table knows remove their value from P
//! first. Each other option is asked only whether its value lies in Q = (P minus its largest
//! element) ∩ [0, max R]: if so it removes that value, if not it removes the largest candidate
//! instead. As soon as P ∩ R is empty the frame answers "not in R" without looking at the rest
//! (those options count as *pruned*). At the end the least candidate x is the nimber whenever
//! every answer was exact or x ≤ max R.
//!
//! Why that is right: every value below x was removed, by an exact answer (so it is an option's
//! value) or as the largest candidate (impossible: x was a larger candidate). No option has
//! value x: an exact answer would have removed it, and an inexact one means x was not in Q
//! although x was a candidate ≤ max R, so x was the largest candidate and was removed. And the
//! mex is never removed while it lies in R: each option removes at most one candidate, so when
//! the mex is the largest candidate the candidates below it (all option values) outnumber the
//! options left, one of which has its value among them, in Q: an exact answer.
//!
//! With components, an option G1 + ... + Gm is asked about by computing G1 ... G(m-1) fully and
//! asking Gm about Q XOR (their nimbers). No recursion: frames live on an explicit stack.
//!
//! A component asked about a set R first loses from R the values known not to be its nimber
//! (kept by `refutations.rs`: values of its options seen in earlier expansions, and the sets
//! of earlier questions it answered "not in"), and 0 if the game knows it to be an N-position
//! ([`SearchGame::known_outcome`]): its nimber is none of them, so the answer is the same; when
//! nothing is left it answers "not in R" without expanding. A frame that answers "not in R"
//! notes R there. A part the game knows to be a P-position is never asked: its nimber is 0
//! (see `mod.rs`).

use super::nimber_set::NimberSet;
use super::{FRAME_BYTES, Pending};
use super::{Search, SearchError};
use crate::{Outcome, SearchGame};

/// What a frame asks: every value (a full nimber) or only the values of a set.
pub(crate) enum Request {
    /// The nimber, whatever it is.
    All,
    /// The nimber if it is in the set, else "not in the set".
    Among(NimberSet),
}

/// One component being expanded.
struct Frame<P> {
    component: P,
    candidates: NimberSet,
    requested: NimberSet,
    max_requested: u32,
    /// |candidates ∩ requested|.
    live: usize,
    options: Vec<Pending<P>>,
    /// The option being asked about, the part of it, and the XOR of its parts known so far.
    next: usize,
    part: usize,
    xor: u32,
    exact: bool,
    nodes_at_open: u64,
    bytes: usize,
    /// The component's hash in the table (0 for a full request, which is always answered).
    hash: u64,
}

impl<P> Frame<P> {
    fn drop_candidate(&mut self, value: u32) {
        if self.candidates.contains(value) {
            self.candidates.remove(value);
            if self.requested.contains(value) {
                self.live -= 1;
            }
        }
    }

    fn drop_largest_candidate(&mut self) {
        if let Some(largest) = self.candidates.max() {
            self.drop_candidate(largest);
        }
        self.exact = false;
    }

    fn start_option(&mut self, index: usize) {
        self.next = index;
        self.part = 0;
        self.xor = self.options.get(index).map_or(0, |option| option.known_xor);
    }
}

/// What a frame needs next.
enum Step<P> {
    /// The value of this component, for this request.
    Ask(P, Request),
    /// The frame's answer: the nimber, or `None` for "not in the requested set".
    Answer(Option<u32>),
}

/// What opening a frame gave.
enum Opened<P> {
    Frame(Frame<P>),
    Answer(Option<u32>),
}

impl<G: SearchGame> Search<'_, G> {
    /// The nimber of `component` if it is in `request` (or known anyway), else `None`.
    /// A full request always gives `Some`. `level` is the component's level in the search's
    /// [`SearchPath`](super::SearchPath) (0 at the root).
    pub(crate) fn pruned_nimber(
        &mut self,
        component: &G::Position,
        request: Request,
        level: usize,
    ) -> Result<Option<u32>, SearchError> {
        if let Some(v) = self.settled_nimber(component) {
            return Ok(Some(v));
        }
        let mut stack = match self.open(component.clone(), request)? {
            Opened::Frame(frame) => vec![frame],
            Opened::Answer(answer) => return Ok(answer),
        };
        let mut answer: Option<Option<u32>> = None;
        loop {
            let depth = stack.len();
            let top = stack.last_mut().expect("the loop returns when the stack empties");
            match self.step(top, answer.take()) {
                Step::Ask(child, request) => {
                    self.stats.path.record(level + depth - 1, top.next, top.options.len());
                    match self.open(child, request)? {
                        Opened::Frame(frame) => {
                            stack.push(frame);
                            self.reached_depth(stack.len());
                        }
                        Opened::Answer(child_answer) => answer = Some(child_answer),
                    }
                }
                Step::Answer(result) => {
                    let done = stack.pop().expect("a frame answered");
                    self.release(done.bytes);
                    if result.is_none() {
                        self.note_not_nimbers(&done.component, done.hash, done.requested.below_64());
                    }
                    if stack.is_empty() {
                        self.stats.path.truncate(level);
                        return Ok(result);
                    }
                    answer = Some(result);
                }
            }
        }
    }

    /// Expands `component`: its options, their components, what the table knows.
    ///
    /// A requested set loses the values known to be values of the component's options (the
    /// answer is the same, see `refutations.rs`); if none is left the answer is "not in the
    /// set" without expanding.
    fn open(
        &mut self,
        component: G::Position,
        mut request: Request,
    ) -> Result<Opened<G::Position>, SearchError> {
        let mut hash = 0;
        if let Request::Among(set) = &mut request {
            // The nimber of an N-position is not 0: asked about 0, it can answer without
            // expanding. (Its candidates stay those of its options: the option of value 0 is
            // among them, and takes a candidate away like any other.)
            if set.contains(0) && self.game.known_outcome(&component) == Some(Outcome::N) {
                set.remove(0);
                if set.max().is_none() {
                    return Ok(Opened::Answer(None));
                }
            }
            hash = self.table.hash(&component);
            let refuted = self.refutations.not_nimbers(&component, hash);
            if set.meets_below_64(refuted) {
                set.remove_below_64(refuted);
                if set.max().is_none() {
                    self.stats.refuted += 1;
                }
            }
            if set.max().is_none() {
                return Ok(Opened::Answer(None));
            }
        }
        self.count_node()?;
        let nodes_at_open = self.stats.nodes;
        let expansion = match &request {
            Request::All => self.expand(&component)?,
            Request::Among(set) => match self.expand_among(&component, hash, set)? {
                Some(expansion) => expansion,
                None => return Ok(Opened::Answer(None)),
            },
        };
        let count = expansion.options as u32; // expand refuses more than u32::MAX - 1 options
        let mut candidates = NimberSet::with_lowest(count + 1);
        let requested = match request {
            Request::All => candidates.clone(),
            Request::Among(set) => set,
        };
        // The options the table knew take their values out of the candidates in one pass, before
        // `live` is counted: a component of Lasker's Nim with heap h has about 1.5 h options,
        // nearly all known, and dropping them one by one tested both sets for each.
        candidates.remove_each(expansion.known);
        let max_requested = requested.max().expect("checked above, or {0..=n}");
        let bytes =
            FRAME_BYTES + candidates.bytes() + requested.bytes() + self.pending_bytes(&expansion.pending);
        let mut frame = Frame {
            component,
            live: candidates.common(&requested),
            candidates,
            requested,
            max_requested,
            options: expansion.pending,
            next: 0,
            part: 0,
            xor: 0,
            exact: true,
            nodes_at_open,
            bytes: 0,
            hash,
        };
        self.charge(bytes)?;
        frame.bytes = bytes;
        frame.start_option(0);
        Ok(Opened::Frame(frame))
    }

    /// Advances `frame` with the answer to its last question, to its next question or its answer.
    fn step(&mut self, frame: &mut Frame<G::Position>, answer: Option<Option<u32>>) -> Step<G::Position> {
        if let Some(answer) = answer {
            let last = frame.options[frame.next].unknown.len() - 1;
            if frame.part < last {
                frame.xor ^= answer.expect("a full request is always answered");
                frame.part += 1;
            } else {
                match answer {
                    Some(v) => frame.drop_candidate(v ^ frame.xor),
                    None => frame.drop_largest_candidate(),
                }
                frame.start_option(frame.next + 1);
            }
        }
        loop {
            if frame.live == 0 {
                self.stats.pruned += (frame.options.len() - frame.next) as u64;
                return Step::Answer(None);
            }
            if frame.next == frame.options.len() {
                return Step::Answer(self.finish(frame));
            }
            let last = frame.options[frame.next].unknown.len() - 1;
            while frame.part < last {
                let part = &frame.options[frame.next].unknown[frame.part];
                match self.lookup(part) {
                    Some(v) => {
                        self.stats.table_hits += 1;
                        frame.xor ^= v;
                        frame.part += 1;
                    }
                    None => return Step::Ask(part.clone(), Request::All),
                }
            }
            let part = &frame.options[frame.next].unknown[last];
            if let Some(v) = self.lookup(part) {
                self.stats.table_hits += 1;
                frame.drop_candidate(v ^ frame.xor);
                frame.start_option(frame.next + 1);
                continue;
            }
            // Q = (candidates minus the largest) ∩ [0, max R], each value XOR the parts known.
            let asked = match frame.candidates.max() {
                Some(largest) if largest > 0 => {
                    frame.candidates.xor_of_lowest((largest - 1).min(frame.max_requested), frame.xor)
                }
                _ => NimberSet::default(),
            };
            if asked.max().is_none() {
                frame.drop_largest_candidate();
                frame.start_option(frame.next + 1);
                continue;
            }
            return Step::Ask(part.clone(), Request::Among(asked));
        }
    }

    /// The answer of a frame whose options are all settled.
    fn finish(&mut self, frame: &Frame<G::Position>) -> Option<u32> {
        let least = frame.candidates.min()?;
        if frame.exact || least <= frame.max_requested {
            let work = self.stats.nodes - frame.nodes_at_open + 1;
            self.remember(&frame.component, least, work);
            Some(least)
        } else {
            None
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::{FRAME_BYTES, Pending, Search, SearchLimits};
    use crate::{Game, SearchGame};

    /// A heap that loses one counter per move: heap n has nimber n mod 2, and its search is a
    /// chain of frames, one per heap, whose bytes are known exactly.
    pub(crate) struct Chain;
    impl Game for Chain {
        type Position = u32;
        fn moves(&self, n: &u32) -> Vec<u32> {
            if *n == 0 { Vec::new() } else { vec![n - 1] }
        }
    }
    impl SearchGame for Chain {}

    /// Bytes of a frame of `Chain` with `pending` options unknown to the table: the frame,
    /// its two value sets (one inline word each: the values are below 64) and its options.
    pub(crate) fn chain_frame_bytes(sets: usize, pending: usize) -> usize {
        FRAME_BYTES + 8 * sets + pending * (std::mem::size_of::<Pending<u32>>() + std::mem::size_of::<u32>())
    }

    /// Heap 40 asks heap 39 whether its value is 0, which asks heap 38, ... down to heap 0:
    /// 41 frames on the stack at once, each charged its bytes, all given back at the answer;
    /// each heap stored with its work: the nodes expanded below it and itself.
    #[test]
    fn a_chain_charges_each_frame_its_bytes_and_gives_them_back() {
        let mut search = Search::new(&Chain, SearchLimits::default()).unwrap();
        assert_eq!(search.nimber(&40).unwrap(), 0);
        let stats = *search.stats();
        assert_eq!((stats.nodes, stats.max_depth, stats.stack_bytes), (41, 41, 0));
        let peak = 40 * chain_frame_bytes(2, 1) + chain_frame_bytes(2, 0);
        assert_eq!(stats.peak_stack_bytes, peak as u64);
        let mut entries: Vec<(u32, u32, u32)> = search.table_entries().map(|(&n, v, w)| (n, v, w)).collect();
        entries.sort_unstable();
        // The odd heaps, asked "is your value 0?", answer "no" as soon as their option of value
        // 0 is known, before their own value is settled: only the even heaps are stored.
        assert_eq!(entries, (0..=40).step_by(2).map(|n| (n, 0, n + 1)).collect::<Vec<_>>());
        // A stack share one byte short of the peak borrows the byte from what the table has
        // not taken of its half, and gives it back once answered.
        let short = SearchLimits::new(4 * (peak - 1), u64::MAX);
        let mut search = Search::new(&Chain, short).unwrap();
        let spare = search.table.spare_bytes();
        assert!(spare > 0);
        assert_eq!(search.nimber(&40), Ok(0));
        assert_eq!(search.stats().peak_stack_bytes, peak as u64);
        assert_eq!((search.table.spare_bytes(), search.max_stack_bytes), (spare, peak - 1));
        // With nothing to borrow (the table's spare lent away first), it refuses the deepest
        // frame.
        let mut search = Search::new(&Chain, short).unwrap();
        let spare = search.table.spare_bytes();
        assert_eq!(search.table.lend(spare), spare);
        assert_eq!(
            search.nimber(&40),
            Err(crate::search::SearchError::MemoryExceeded { limit: peak - 1, needed: peak })
        );
        assert_eq!(search.stats().peak_stack_bytes, (peak - chain_frame_bytes(2, 0)) as u64);
        // The next question starts with an empty stack.
        assert_eq!(search.nimber(&3).unwrap(), 1);
        assert_eq!(search.stats().stack_bytes, 0);
    }
}
