//! The check that a pretending function predicts every misère outcome: for each element `x`,
//! the minimal transition sets of the sums of heaps whose image is `x`, closed under adding
//! heaps (an antichain per element, so the search is finite).
//!
//! A sum `G` with image `x` and transition set `E` (the images of its options) is classified
//! right, given that its options are, exactly when `x` is in P iff `E` is nonempty and misses
//! P. Adding a heap of image `y` and transition set `T` gives image `xy` and transition set
//! `xT ∪ Ey`. A larger `E` only makes the N-condition easier, so a state whose set contains
//! the set of a recorded state of the same element is not expanded; the P-condition, which a
//! larger set can break, is checked separately for every element and heap
//! ([`p_condition_failure`]).

use std::collections::VecDeque;

use crate::monoid::{Table, intersects, is_subset, set_bit, words_for};

/// A heap type: the smallest heap of this image and transition set, with both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeapType {
    pub(crate) heap: u32,
    pub(crate) image: u32,
    pub(crate) transitions: Vec<u32>,
}

#[derive(Debug, Clone)]
struct State {
    element: u32,
    set: Vec<u64>,
    /// Index of the state this one extends, or `u32::MAX` for the empty sum.
    parent: u32,
    /// The heap type added.
    added: u32,
}

/// Recorded states of one quotient and one list of heap types.
#[derive(Debug, Clone, Default)]
pub(crate) struct Closure {
    states: Vec<State>,
    antichains: Vec<Vec<u32>>,
}

/// Work and memory counters shared with the solver.
pub(crate) struct Budget {
    pub(crate) steps: u64,
    pub(crate) step_limit: u64,
    pub(crate) bytes: u128,
    pub(crate) byte_limit: u128,
    /// Asked between states whether the caller wants the work to stop.
    pub(crate) interrupt: Option<fn() -> bool>,
}

/// Why a closure stopped early.
pub(crate) enum Stop {
    /// A sum classified wrong (or with a wrongly classified option): its heaps.
    Failure(Vec<u32>),
    /// Out of effort.
    Effort,
    /// Out of memory budget.
    Memory,
    /// The caller's interrupt asked to stop.
    Interrupted,
}

/// States expanded between two questions to the interrupt: a few milliseconds of work.
const STATES_BETWEEN_INTERRUPTS: u32 = 1024;

const ROOT: u32 = u32::MAX;

impl Closure {
    pub(crate) fn new(order: usize) -> Self {
        Self { states: Vec::new(), antichains: vec![Vec::new(); order] }
    }

    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    pub(crate) fn state_bytes(order: usize) -> u128 {
        (words_for(order) * 8 + 40) as u128
    }

    /// The heaps of the sum a state stands for.
    fn word(&self, mut state: u32, types: &[HeapType]) -> Vec<u32> {
        let mut heaps = Vec::new();
        while state != ROOT {
            let s = &self.states[state as usize];
            heaps.push(types[s.added as usize].heap);
            state = s.parent;
        }
        heaps.sort_unstable();
        heaps
    }

    /// Expands the closure from the given (state, type) applications, then by every type.
    /// On a failure the new states are kept; call [`Closure::truncate`] to drop them.
    pub(crate) fn extend(
        &mut self,
        table: &Table,
        p: &[bool],
        types: &[HeapType],
        seeds: impl IntoIterator<Item = (u32, u32)>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        let order = table.size();
        let words = words_for(order);
        let mut p_set = vec![0u64; words];
        for (x, _) in p.iter().enumerate().filter(|(_, is_p)| **is_p) {
            set_bit(&mut p_set, x as u32);
        }
        let per_state = Self::state_bytes(order);
        let mut queue: VecDeque<(u32, u32)> = seeds.into_iter().collect();
        let empty = vec![0u64; words];
        let mut until_interrupt = STATES_BETWEEN_INTERRUPTS;
        while let Some((parent, added)) = queue.pop_front() {
            until_interrupt -= 1;
            if until_interrupt == 0 {
                until_interrupt = STATES_BETWEEN_INTERRUPTS;
                if budget.interrupt.is_some_and(|stop| stop()) {
                    return Err(Stop::Interrupted);
                }
            }
            let (x, set) = if parent == ROOT {
                (0u32, &empty)
            } else {
                let s = &self.states[parent as usize];
                (s.element, &s.set)
            };
            let kind = &types[added as usize];
            let element = table.mul(x, kind.image);
            let mut next = vec![0u64; words];
            for &t in &kind.transitions {
                set_bit(&mut next, table.mul(x, t));
            }
            for (w, &bits) in set.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let e = (w * 64) as u32 + bits.trailing_zeros();
                    bits &= bits - 1;
                    set_bit(&mut next, table.mul(e, kind.image));
                }
            }
            let antichain = &self.antichains[element as usize];
            budget.steps += 1 + antichain.len() as u64 * words as u64 / 4 + words as u64;
            if budget.steps > budget.step_limit {
                return Err(Stop::Effort);
            }
            let misses_p = !intersects(&next, &p_set);
            if p[element as usize] != misses_p {
                let mut heaps = if parent == ROOT { Vec::new() } else { self.word(parent, types) };
                heaps.push(kind.heap);
                heaps.sort_unstable();
                return Err(Stop::Failure(heaps));
            }
            if antichain.iter().any(|&s| is_subset(&self.states[s as usize].set, &next)) {
                continue;
            }
            budget.bytes += per_state;
            if budget.bytes > budget.byte_limit {
                return Err(Stop::Memory);
            }
            let index = self.states.len() as u32;
            self.states.push(State { element, set: next, parent, added });
            self.antichains[element as usize].push(index);
            queue.extend((0..types.len() as u32).map(|k| (index, k)));
        }
        Ok(())
    }

    /// Seeds for a closure from scratch: the empty sum plus each heap type.
    pub(crate) fn root_seeds(types: usize) -> Vec<(u32, u32)> {
        (0..types as u32).map(|k| (ROOT, k)).collect()
    }

    /// Seeds for adding heap type `added` to a closure: every recorded state and the empty sum.
    pub(crate) fn seeds_for_new_type(&self, added: u32) -> Vec<(u32, u32)> {
        std::iter::once((ROOT, added)).chain((0..self.states.len() as u32).map(|s| (s, added))).collect()
    }

    /// Drops the states recorded from `len` on (after a failed trial).
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.states.len() > len {
            let state = self.states.pop().expect("longer than len");
            let popped = self.antichains[state.element as usize].pop();
            debug_assert_eq!(popped, Some(self.states.len() as u32));
        }
    }
}

/// The first element `x` and heap type with `x·image` in P but some `x·t` in P for a
/// transition `t`: the sum (a word of `x`, plus the heap) is P by the quotient but has a P
/// option. `None` if there is none.
pub(crate) fn p_condition_failure(table: &Table, p: &[bool], types: &[HeapType]) -> Option<(u32, u32)> {
    for kind in types {
        for x in 0..table.size() as u32 {
            if p[table.mul(x, kind.image) as usize]
                && kind.transitions.iter().any(|&t| p[table.mul(x, t) as usize])
            {
                return Some((x, kind.heap));
            }
        }
    }
    None
}

/// True if `t` is mex-compatible with `x`: no `z` has both `xz` and `tz` in P. `rows` are the
/// sets `{z : xz in P}`.
pub(crate) fn compatible(rows: &[Vec<u64>], x: u32, t: u32) -> bool {
    !intersects(&rows[x as usize], &rows[t as usize])
}
