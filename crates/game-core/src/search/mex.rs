//! The plain search: the nimber of a component is the mex of the values of all its options,
//! each option's value the XOR of its components' nimbers. No pruning: every option of every
//! component reached is looked at. No recursion: frames live on an explicit stack.

use super::nimber_set::NimberSet;
use super::solver::FRAME_BYTES;
use super::{Search, SearchError};
use crate::Game;

/// One component being expanded: its options, the one being valued, and the values seen.
struct Frame<P> {
    component: P,
    options: Vec<P>,
    next: usize,
    parts: Vec<P>,
    part: usize,
    xor: u32,
    seen: NimberSet,
    nodes_at_open: u64,
    bytes: usize,
}

impl<G: Game> Search<'_, G> {
    /// The nimber of `component` by the plain mex search.
    pub(crate) fn mex_nimber(&mut self, component: &G::Position) -> Result<u32, SearchError> {
        self.stack_bytes = 0;
        if let Some(v) = self.cached(component) {
            return Ok(v);
        }
        let mut stack = vec![self.open_mex(component.clone())?];
        let mut answer: Option<u32> = None;
        loop {
            let frame = stack.last_mut().expect("the loop returns when the stack empties");
            if let Some(v) = answer.take() {
                frame.xor ^= v;
                frame.part += 1;
            }
            // Value the current option's parts from the table until one is unknown.
            let mut ask = None;
            loop {
                if let Some(part) = frame.parts.get(frame.part) {
                    match self.table.get(part) {
                        Some(v) => {
                            self.stats.table_hits += 1;
                            frame.xor ^= v;
                            frame.part += 1;
                            continue;
                        }
                        None => {
                            ask = Some(part.clone());
                            break;
                        }
                    }
                }
                // The current option is valued (none before the first).
                // Values above the number of options cannot be the mex: not kept.
                if frame.next > 0 && (frame.xor as usize) <= frame.options.len() {
                    frame.seen.insert(frame.xor);
                }
                let Some(option) = frame.options.get(frame.next) else { break };
                self.components_into(option, &mut frame.parts);
                frame.next += 1;
                frame.part = 0;
                frame.xor = 0;
            }
            match ask {
                Some(child) => {
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
                        return Ok(mex);
                    }
                    answer = Some(mex);
                }
            }
        }
    }

    fn open_mex(&mut self, component: G::Position) -> Result<Frame<G::Position>, SearchError> {
        self.count_node()?;
        let (options, _) = self.options(&component)?;
        let bytes = FRAME_BYTES + self.bytes_of(&options);
        self.charge(bytes)?;
        Ok(Frame {
            component,
            options,
            next: 0,
            parts: Vec::new(),
            part: 0,
            xor: 0,
            seen: NimberSet::default(),
            nodes_at_open: self.stats.nodes,
            bytes,
        })
    }
}
