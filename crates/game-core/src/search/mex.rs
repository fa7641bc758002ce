//! The plain search: the nimber of a component is the mex of the values of all its options,
//! each option's value the XOR of its components' nimbers. No pruning: every option of every
//! component reached is looked at. No recursion: frames live on an explicit stack.

use super::nimber_set::NimberSet;
use super::{FRAME_BYTES, Pending};
use super::{Search, SearchError};
use crate::SearchGame;

/// One component being expanded: the options the table could not value at once, the one being
/// valued, and the values seen.
struct Frame<P> {
    component: P,
    options: Vec<Pending<P>>,
    /// Options in all: values above it cannot be the mex and are not kept.
    count: usize,
    next: usize,
    part: usize,
    xor: u32,
    seen: NimberSet,
    nodes_at_open: u64,
    bytes: usize,
}

impl<G: SearchGame> Search<'_, G> {
    /// The nimber of `component` by the plain mex search.
    pub(crate) fn mex_nimber(&mut self, component: &G::Position) -> Result<u32, SearchError> {
        if let Some(v) = self.settled_nimber(component) {
            return Ok(v);
        }
        let mut stack = vec![self.open_mex(component.clone())?];
        let mut answer: Option<u32> = None;
        loop {
            let depth = stack.len();
            let frame = stack.last_mut().expect("the loop returns when the stack empties");
            if let Some(v) = answer.take() {
                frame.xor ^= v;
                frame.part += 1;
            }
            // Value the current option's parts from the table until one is unknown.
            let mut ask = None;
            while let Some(option) = frame.options.get(frame.next) {
                if let Some(part) = option.unknown.get(frame.part) {
                    match self.lookup(part) {
                        Some(v) => {
                            self.stats.table_hits += 1;
                            frame.xor ^= v;
                            frame.part += 1;
                        }
                        None => {
                            ask = Some(part.clone());
                            break;
                        }
                    }
                } else {
                    // The option is valued.
                    if (frame.xor as usize) <= frame.count {
                        frame.seen.insert(frame.xor);
                    }
                    frame.next += 1;
                    frame.part = 0;
                    frame.xor = frame.options.get(frame.next).map_or(0, |next| next.known_xor);
                }
            }
            match ask {
                Some(child) => {
                    self.stats.path.record(depth - 1, frame.next, frame.options.len());
                    let child_frame = self.open_mex(child)?;
                    stack.push(child_frame);
                    self.reached_depth(stack.len());
                }
                None => {
                    let done = stack.pop().expect("the frame just finished");
                    let mex = (0..).find(|&v| !done.seen.contains(v)).expect("a finite set misses a value");
                    self.remember(&done.component, mex, self.stats.nodes - done.nodes_at_open + 1);
                    self.release(done.bytes);
                    if stack.is_empty() {
                        self.stats.path.truncate(0);
                        return Ok(mex);
                    }
                    answer = Some(mex);
                }
            }
        }
    }

    fn open_mex(&mut self, component: G::Position) -> Result<Frame<G::Position>, SearchError> {
        self.count_node()?;
        let expansion = self.expand(&component)?;
        let count = expansion.options;
        let mut seen = NimberSet::default();
        for value in expansion.known.into_iter().filter(|&v| v as usize <= count) {
            seen.insert(value);
        }
        let bytes = FRAME_BYTES + seen.bytes() + self.pending_bytes(&expansion.pending);
        self.charge(bytes)?;
        let xor = expansion.pending.first().map_or(0, |first| first.known_xor);
        Ok(Frame {
            component,
            options: expansion.pending,
            count,
            next: 0,
            part: 0,
            xor,
            seen,
            nodes_at_open: self.stats.nodes,
            bytes,
        })
    }
}
