//! The heap-by-heap computation of partial misère quotients (the method of Plambeck and
//! Siegel's MisereSolver, written anew).
//!
//! After heap `n - 1` the solver holds a reduced bipartite monoid `(Q, P)` and the pretending
//! function `Φ` on heaps `0..n`, proven right for every sum of those heaps (see
//! [`crate::closure`]). For heap `n`:
//!
//! 1. no options: `Φ(n) = 1`;
//! 2. *conservative extension*: an element `x` of the same outcome as heap `n` whose
//!    mex-compatible set contains heap `n`'s transitions, accepted when the closure check
//!    passes with the new heap type; `Q` is unchanged;
//! 3. otherwise *expansion*: a candidate `Q × C` with a fresh cyclic generator for heap `n`,
//!    its P-portion computed by the misère recursion on least words, reduced; while the check
//!    finds a misclassified sum, *recalibration* frees some heaps of that sum (fresh cyclic
//!    generators of larger index) until the sum is classified right, and checks again.
//!
//! Every accepted quotient has passed the full check, so by the key lemma (a surjective map
//! onto a reduced bipartite monoid that predicts every outcome is the quotient) it *is*
//! `Q(A_n)`, whatever path led to it. Work is counted in steps against the effort limit and
//! memory is estimated before it is allocated.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::MisereError;
use crate::closure::{Budget, Closure, HeapType, Stop, compatible, p_condition_failure};
use crate::heap_game::{HeapGame, PeriodicityRule, checked_options};
use crate::monoid::{Table, p_rows, reduce};
use crate::quotient::{MisereQuotient, PartialOrder, Periodicity};

/// Bytes one stored option of a heap takes, an upper estimate: its vector (24 bytes), its parts
/// (at most two heaps of a splitting game, 4 bytes each) and the allocator's rounding.
const OPTION_BYTES: u128 = 64;

/// Bounds of a quotient computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest heap added.
    pub max_heap: u32,
    /// The most elements of a candidate monoid (before reduction).
    pub max_order: usize,
    /// The most bytes of estimated memory (tables, closure states, brute-force positions).
    pub memory_bytes: u128,
    /// The most work steps over the whole computation.
    pub effort: u64,
}

impl Default for Limits {
    /// Heaps up to 200, candidates of up to 4096 elements, 1 GiB, 2·10^9 steps.
    fn default() -> Self {
        Self { max_heap: 200, max_order: 4096, memory_bytes: 1 << 30, effort: 2_000_000_000 }
    }
}

/// Why a successful computation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum StopReason {
    /// The periodicity rule proves that the quotient of every heap is this one.
    Periodic,
    /// The heap bound was reached: the result is the partial quotient `Q_max_heap`.
    HeapBound,
}

/// A candidate quotient for heaps `0..=n`.
struct Candidate {
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    /// A least sum of heaps for each element (heap sizes, increasing).
    words: Vec<Vec<u32>>,
}

/// The heap-by-heap solver. [`QuotientSolver::run`] drives it; after an error,
/// [`QuotientSolver::quotient`] still gives the last complete partial quotient.
pub struct QuotientSolver<G: HeapGame> {
    game: G,
    limits: Limits,
    options: Vec<Vec<Vec<u32>>>,
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    types: Vec<HeapType>,
    closure: Closure,
    history: Vec<PartialOrder>,
    steps: u64,
    periodicity: Option<Periodicity>,
    interrupt: Option<fn() -> bool>,
    /// Bytes the options of the heaps added hold (a splitting game's heap `n` has about `n / 2`
    /// options: they grow quadratically with the heaps added).
    option_bytes: u128,
}

impl<G: HeapGame> QuotientSolver<G> {
    /// A solver that has added heap 0 only (`Q_0` is trivial).
    pub fn new(game: G, limits: Limits) -> Self {
        Self {
            game,
            limits,
            options: vec![Vec::new()],
            table: Table::trivial(),
            p: vec![false],
            phi: vec![0],
            types: Vec::new(),
            closure: Closure::new(1),
            history: vec![PartialOrder { heap: 0, order: 1, p_portion: 0 }],
            steps: 0,
            periodicity: None,
            interrupt: None,
            option_bytes: 0,
        }
    }

    /// This solver, asking `stop` every few milliseconds of work whether to stop (a Ctrl-C
    /// handler's flag): when it says yes, [`QuotientSolver::run`] ends with
    /// [`MisereError::Interrupted`] and [`QuotientSolver::quotient`] keeps the last complete
    /// partial quotient.
    pub fn with_interrupt(mut self, stop: fn() -> bool) -> Self {
        self.interrupt = Some(stop);
        self
    }

    /// The largest heap added so far.
    pub fn heap(&self) -> u32 {
        self.phi.len() as u32 - 1
    }

    /// Work steps used so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The current (last complete) partial quotient.
    pub fn quotient(&self) -> MisereQuotient {
        MisereQuotient::from_parts(
            self.game.name(),
            self.game.periodicity_rule(),
            &self.table,
            &self.p,
            &self.phi,
            self.history.clone(),
            self.periodicity,
        )
    }

    /// Adds heaps until the periodicity rule proves the whole quotient or `max_heap` is
    /// reached; `progress` is called after each heap with the heap and the order of `Q_heap`.
    ///
    /// # Errors
    /// [`MisereError::EffortExceeded`], [`MisereError::MemoryBudgetExceeded`],
    /// [`MisereError::QuotientTooLarge`], [`MisereError::NoRecalibration`] for quotients out
    /// of reach (an infinite partial quotient ends in one of these), [`MisereError::Interrupted`]
    /// when the interrupt of [`QuotientSolver::with_interrupt`] asked to stop, and
    /// [`MisereError::PartNotSmaller`] for a heap game the engine cannot take.
    pub fn run(
        &mut self,
        mut progress: impl FnMut(u32, usize),
    ) -> Result<(MisereQuotient, StopReason), MisereError> {
        loop {
            if self.periodicity.is_some() {
                return Ok((self.quotient(), StopReason::Periodic));
            }
            if self.heap() >= self.limits.max_heap {
                return Ok((self.quotient(), StopReason::HeapBound));
            }
            self.step()?;
            progress(self.heap(), self.table.size());
        }
    }

    /// Adds the next heap.
    ///
    /// # Errors
    /// As [`QuotientSolver::run`].
    pub fn step(&mut self) -> Result<(), MisereError> {
        let n = self.phi.len() as u32;
        // After a refused heap, its options may be recorded already.
        if self.options.len() > n as usize {
            self.options.truncate(n as usize);
            self.option_bytes -= u128::from(self.game.option_count(n)) * OPTION_BYTES;
        }
        // The options are kept for every heap: counted against the budget before they are.
        let listed = u128::from(self.game.option_count(n)) * OPTION_BYTES;
        let needed = self.budget().bytes + listed;
        if needed > self.limits.memory_bytes {
            return Err(MisereError::MemoryBudgetExceeded {
                heap: n,
                needed,
                budget: self.limits.memory_bytes,
            });
        }
        let options = checked_options(&self.game, n)?;
        self.charge(n, options.len() as u64 + 1)?;
        self.option_bytes += listed;
        self.options.push(options);
        if self.options[n as usize].is_empty() {
            self.phi.push(0);
        } else {
            let transitions = transitions_of(&self.table, &self.phi, &self.options[n as usize]);
            let is_p = transitions.iter().all(|&t| !self.p[t as usize]);
            let known =
                self.types.iter().find(|k| k.transitions == transitions && self.p[k.image as usize] == is_p);
            if let Some(kind) = known {
                self.phi.push(kind.image);
            } else if !self.conservative_extension(n, transitions, is_p)? {
                self.expand(n)?;
            }
        }
        let order = self.table.size();
        if self.history.last().is_none_or(|h| h.order != order) {
            let p_portion = self.p.iter().filter(|&&b| b).count();
            self.history.push(PartialOrder { heap: n, order, p_portion });
        }
        self.periodicity = find_periodicity(&self.phi, self.game.periodicity_rule());
        Ok(())
    }

    fn budget(&self) -> Budget {
        Budget {
            steps: self.steps,
            step_limit: self.limits.effort,
            bytes: self.closure.len() as u128 * Closure::state_bytes(self.table.size())
                + Table::bytes(self.table.size() as u128)
                + self.option_bytes,
            byte_limit: self.limits.memory_bytes,
            interrupt: self.interrupt,
        }
    }

    fn charge(&mut self, heap: u32, steps: u64) -> Result<(), MisereError> {
        self.steps = self.steps.saturating_add(steps);
        if self.steps > self.limits.effort {
            return Err(self.effort_error(heap));
        }
        self.check_interrupt(heap)
    }

    /// Asks the caller's interrupt. Besides every charge, between the stages of a candidate
    /// (its table, P-portion, reduction): on a candidate of thousands of elements each stage
    /// takes a good part of a second, and the Python binding promises to stop within one on
    /// Ctrl-C (its test `test_ctrl_c_stops_long_work_within_a_second[misere quotient]`).
    fn check_interrupt(&self, heap: u32) -> Result<(), MisereError> {
        if self.interrupt.is_some_and(|stop| stop()) {
            return Err(self.interrupted(heap));
        }
        Ok(())
    }

    fn effort_error(&self, heap: u32) -> MisereError {
        MisereError::EffortExceeded {
            heap,
            limit: self.limits.effort,
            last_heap: self.heap(),
            last_order: self.table.size(),
        }
    }

    fn interrupted(&self, heap: u32) -> MisereError {
        MisereError::Interrupted { heap, last_heap: self.heap(), last_order: self.table.size() }
    }

    fn stop_error(&self, heap: u32, stop: Stop, budget: &Budget) -> MisereError {
        match stop {
            Stop::Effort => self.effort_error(heap),
            Stop::Memory => MisereError::MemoryBudgetExceeded {
                heap,
                needed: budget.bytes,
                budget: self.limits.memory_bytes,
            },
            Stop::Interrupted => self.interrupted(heap),
            Stop::Failure(_) => unreachable!("failures are handled by the caller"),
        }
    }

    /// Tries every element of the right outcome whose mex-compatible set holds the
    /// transitions; true if one passed the check (then it is recorded).
    fn conservative_extension(
        &mut self,
        n: u32,
        transitions: Vec<u32>,
        is_p: bool,
    ) -> Result<bool, MisereError> {
        let rows = p_rows(&self.table, &self.p);
        self.charge(n, (self.table.size() * self.table.size() / 16) as u64)?;
        for x in 0..self.table.size() as u32 {
            if self.p[x as usize] != is_p || !transitions.iter().all(|&t| compatible(&rows, x, t)) {
                continue;
            }
            self.types.push(HeapType { heap: n, image: x, transitions: transitions.clone() });
            let added = self.types.len() as u32 - 1;
            let saved = self.closure.len();
            let mut budget = self.budget();
            let seeds = self.closure.seeds_for_new_type(added);
            let result = self.closure.extend(&self.table, &self.p, &self.types, seeds, &mut budget);
            self.steps = budget.steps;
            match result {
                Ok(()) => {
                    self.phi.push(x);
                    return Ok(true);
                }
                Err(stop) => {
                    self.closure.truncate(saved);
                    self.types.pop();
                    if !matches!(stop, Stop::Failure(_)) {
                        return Err(self.stop_error(n, stop, &budget));
                    }
                }
            }
        }
        Ok(false)
    }

    /// Expansion and recalibration until a candidate passes the check.
    fn expand(&mut self, n: u32) -> Result<(), MisereError> {
        let mut phi = self.phi.clone();
        phi.push(0);
        let mut candidate = self.build_candidate(n, &self.table.clone(), &phi, &[(n, 2, 2)])?;
        loop {
            self.check_interrupt(n)?;
            let types = heap_types(&candidate.table, &candidate.phi, &self.options);
            let failure = match p_condition_failure(&candidate.table, &candidate.p, &types) {
                Some((x, heap)) => {
                    let mut word = candidate.words[x as usize].clone();
                    word.push(heap);
                    word.sort_unstable();
                    Some(word)
                }
                None => {
                    let mut closure = Closure::new(candidate.table.size());
                    let mut budget = self.budget();
                    budget.bytes = Table::bytes(candidate.table.size() as u128);
                    let seeds = Closure::root_seeds(types.len());
                    let result = closure.extend(&candidate.table, &candidate.p, &types, seeds, &mut budget);
                    self.steps = budget.steps;
                    match result {
                        Ok(()) => {
                            self.table = candidate.table;
                            self.p = candidate.p;
                            self.phi = candidate.phi;
                            self.types = types;
                            self.closure = closure;
                            return Ok(());
                        }
                        Err(Stop::Failure(word)) => Some(word),
                        Err(stop) => return Err(self.stop_error(n, stop, &budget)),
                    }
                }
            };
            let word = failure.expect("a failure word");
            let word: Vec<u32> = word.into_iter().filter(|&h| !self.options[h as usize].is_empty()).collect();
            candidate = self.recalibrate(n, &candidate, &word)?;
        }
    }

    /// True if `candidate` classifies the sum `word` consistently with its options: P
    /// exactly when it has options and the images of all of them miss P.
    fn locally_consistent(&self, candidate: &Candidate, word: &[u32]) -> bool {
        let image_of =
            |heaps: &[u32]| candidate.table.product(heaps.iter().map(|&h| candidate.phi[h as usize]));
        let followers = self.followers(word);
        let is_p = !followers.is_empty() && followers.iter().all(|f| !candidate.p[image_of(f) as usize]);
        candidate.p[image_of(word) as usize] == is_p
    }

    /// The positions one move away (terminal heaps dropped, sorted).
    fn followers(&self, position: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &h) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == h {
                continue;
            }
            for parts in &self.options[h as usize] {
                let mut next: Vec<u32> = position[..i].iter().chain(&position[i + 1..]).copied().collect();
                next.extend(parts.iter().copied().filter(|&q| !self.options[q as usize].is_empty()));
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    /// Frees subsets of the heaps of the failure sum `position` (fresh cyclic generators, of
    /// index at least the heap's multiplicity) until the sum is classified consistently with
    /// its options.
    fn recalibrate(
        &mut self,
        n: u32,
        candidate: &Candidate,
        position: &[u32],
    ) -> Result<Candidate, MisereError> {
        let mut heaps: Vec<u32> = position.to_vec();
        heaps.dedup();
        heaps.reverse();
        let count = |h: u32| position.iter().filter(|&&q| q == h).count() as u32;
        let free_of = |subset: &[u32], extra: u32| -> Vec<(u32, u32, u32)> {
            subset
                .iter()
                .map(|&h| {
                    let (index, period) = candidate.table.index_and_period(candidate.phi[h as usize]);
                    (h, index.max(count(h)) + extra, period.max(2).next_multiple_of(2))
                })
                .collect()
        };
        let mut trials: Vec<Vec<(u32, u32, u32)>> = Vec::new();
        for size in 1..=heaps.len().min(3) {
            for subset in subsets(&heaps, size) {
                trials.push(free_of(&subset, 0));
            }
        }
        trials.push(free_of(&heaps, 2));
        for free in trials {
            let trial = self.build_candidate(n, &candidate.table, &candidate.phi, &free)?;
            if self.locally_consistent(&trial, position) {
                return Ok(trial);
            }
        }
        Err(MisereError::NoRecalibration { heap: n, position: position.to_vec() })
    }

    /// The candidate `⟨Φ(h) : h not free⟩ × Π C(period, index)` for heaps `0..=n`, its P-portion
    /// by the misère recursion on least words, reduced.
    fn build_candidate(
        &mut self,
        n: u32,
        table: &Table,
        phi: &[u32],
        free: &[(u32, u32, u32)],
    ) -> Result<Candidate, MisereError> {
        let terminal: Vec<bool> = self.options.iter().map(Vec::is_empty).collect();
        let nonterminal = |h: u32| !terminal[h as usize];
        // The submonoid generated by the images of the heaps that keep them.
        let generators: Vec<u32> = {
            let mut g: Vec<u32> = (1..=n)
                .filter(|&h| nonterminal(h) && !free.iter().any(|f| f.0 == h))
                .map(|h| phi[h as usize])
                .collect();
            g.sort_unstable();
            g.dedup();
            g
        };
        let mut sub_elements = vec![0u32];
        let mut sub_id: HashMap<u32, u32> = HashMap::from([(0, 0)]);
        let mut i = 0;
        while i < sub_elements.len() {
            for &g in &generators {
                let y = table.mul(sub_elements[i], g);
                if let std::collections::hash_map::Entry::Vacant(slot) = sub_id.entry(y) {
                    slot.insert(sub_elements.len() as u32);
                    sub_elements.push(y);
                }
            }
            i += 1;
        }
        let s = sub_elements.len();
        let radix: Vec<u32> = free.iter().map(|&(_, index, period)| index + period).collect();
        let order = radix.iter().fold(s as u128, |acc, &r| acc.saturating_mul(r as u128));
        if order > self.limits.max_order as u128 {
            return Err(MisereError::QuotientTooLarge { heap: n, order, limit: self.limits.max_order });
        }
        let bytes = Table::bytes(order) * 2 + order * order / 8;
        if bytes > self.limits.memory_bytes {
            return Err(MisereError::MemoryBudgetExceeded {
                heap: n,
                needed: bytes,
                budget: self.limits.memory_bytes,
            });
        }
        let order = order as usize;
        self.charge(n, (order * order) as u64 / 4 + 1)?;
        // An element is `sub + s * cyclic`, `cyclic` numbering the exponents of the free
        // generators in mixed radix: the product table is the product of two small tables.
        let sub_products: Vec<u32> = sub_elements
            .iter()
            .flat_map(|&x| sub_elements.iter().map(move |&y| (x, y)))
            .map(|(x, y)| sub_id[&table.mul(x, y)])
            .collect();
        let cyclic_order = order / s;
        let exponents: Vec<Vec<u32>> = (0..cyclic_order)
            .map(|mut c| {
                radix
                    .iter()
                    .map(|&r| {
                        let e = (c % r as usize) as u32;
                        c /= r as usize;
                        e
                    })
                    .collect()
            })
            .collect();
        let mut cyclic_products = Vec::with_capacity(cyclic_order * cyclic_order);
        for a in &exponents {
            for b in &exponents {
                let mut index = 0usize;
                for j in (0..free.len()).rev() {
                    let (_, idx, period) = free[j];
                    let mut e = a[j] + b[j];
                    if e >= idx + period {
                        e = idx + (e - idx) % period;
                    }
                    index = index * radix[j] as usize + e as usize;
                }
                cyclic_products.push(index as u32);
            }
        }
        let mut products = Vec::with_capacity(order * order);
        for a in 0..order {
            let (a0, ac) = (a % s, a / s);
            let sub_row = &sub_products[a0 * s..(a0 + 1) * s];
            let cyclic_row = &cyclic_products[ac * cyclic_order..(ac + 1) * cyclic_order];
            for &bc in cyclic_row {
                let base = bc * s as u32;
                products.extend(sub_row.iter().map(|&c0| base + c0));
            }
        }
        let big = Table::from_products(order, products);
        let mut stride = s;
        let mut free_image: HashMap<u32, u32> = HashMap::new();
        for (j, &(h, _, _)) in free.iter().enumerate() {
            free_image.insert(h, stride as u32);
            stride *= radix[j] as usize;
        }
        let big_phi: Vec<u32> = (0..=n)
            .map(|h| match free_image.get(&h) {
                Some(&g) => g,
                None if nonterminal(h) => sub_id[&phi[h as usize]],
                None => 0,
            })
            .collect();
        self.check_interrupt(n)?;
        let types = heap_types(&big, &big_phi, &self.options);
        let (big_p, least_words) = p_portion_by_least_words(&big, &types);
        self.charge(n, (order * types.len()) as u64)?;
        let (class, reduced, reduced_p) = reduce(&big, &big_p);
        self.check_interrupt(n)?;
        let mut words = vec![None; reduced.size()];
        for (element, word) in least_words {
            let c = class[element as usize] as usize;
            if words[c].is_none() {
                words[c] = Some(word);
            }
        }
        let words = words.into_iter().map(|w| w.expect("every element has a word")).collect();
        let phi = big_phi.iter().map(|&x| class[x as usize]).collect();
        Ok(Candidate { table: reduced, p: reduced_p, phi, words })
    }
}

/// The transition set of a heap: the images of its options, sorted, without repeats.
fn transitions_of(table: &Table, phi: &[u32], options: &[Vec<u32>]) -> Vec<u32> {
    let mut t: Vec<u32> =
        options.iter().map(|parts| table.product(parts.iter().map(|&h| phi[h as usize]))).collect();
    t.sort_unstable();
    t.dedup();
    t
}

/// The distinct heap types of the nonterminal heaps `1..phi.len()`, each with its smallest
/// heap.
fn heap_types(table: &Table, phi: &[u32], options: &[Vec<Vec<u32>>]) -> Vec<HeapType> {
    let mut types: Vec<HeapType> = Vec::new();
    for h in 1..phi.len() {
        if options[h].is_empty() {
            continue;
        }
        let transitions = transitions_of(table, phi, &options[h]);
        if !types.iter().any(|k| k.image == phi[h] && k.transitions == transitions) {
            types.push(HeapType { heap: h as u32, image: phi[h], transitions });
        }
    }
    types
}

/// A sum of heaps in the least-word search: heaps (decreasing), their type indices, image.
type WordEntry = (Vec<u32>, Vec<u32>, u32);

/// The P-portion of a monoid generated by the heap types' images, by the misère recursion:
/// elements are visited by their least sum of heaps (multisets ordered by their largest heap
/// first), so the options of a sum come before it; an element is P if its sum has an option
/// and every option is N. Also returns each element's least sum (heaps increasing).
fn p_portion_by_least_words(table: &Table, types: &[HeapType]) -> (Vec<bool>, Vec<(u32, Vec<u32>)>) {
    let order = table.size();
    let mut p = vec![false; order];
    let mut settled = vec![false; order];
    let mut words = Vec::with_capacity(order);
    // Words as type indices sorted by decreasing heap; the key compares the heaps.
    let mut queue: BinaryHeap<Reverse<WordEntry>> = BinaryHeap::new();
    queue.push(Reverse((Vec::new(), Vec::new(), 0)));
    while let Some(Reverse((heaps, kinds, element))) = queue.pop() {
        if settled[element as usize] {
            continue;
        }
        settled[element as usize] = true;
        let mut has_option = false;
        let mut has_p_option = false;
        for (i, &k) in kinds.iter().enumerate() {
            if i > 0 && kinds[i - 1] == k {
                continue;
            }
            has_option = true;
            let rest = table.product(
                kinds.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &q)| types[q as usize].image),
            );
            if types[k as usize].transitions.iter().any(|&t| p[table.mul(rest, t) as usize]) {
                has_p_option = true;
                break;
            }
        }
        p[element as usize] = has_option && !has_p_option;
        let mut increasing = heaps.clone();
        increasing.reverse();
        words.push((element, increasing));
        for (k, kind) in types.iter().enumerate() {
            let next = table.mul(element, kind.image);
            if settled[next as usize] {
                continue;
            }
            let at = heaps.iter().position(|&h| h < kind.heap).unwrap_or(heaps.len());
            let mut h2 = heaps.clone();
            h2.insert(at, kind.heap);
            let mut k2 = kinds.clone();
            k2.insert(at, k as u32);
            queue.push(Reverse((h2, k2, next)));
        }
    }
    (p, words)
}

/// Every `size`-subset of `items`, in lexicographic order of positions.
fn subsets(items: &[u32], size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut chosen: Vec<usize> = (0..size).collect();
    if size > items.len() {
        return out;
    }
    loop {
        out.push(chosen.iter().map(|&i| items[i]).collect());
        let Some(i) = (0..size).rev().find(|&i| chosen[i] < items.len() - size + i) else { return out };
        chosen[i] += 1;
        for j in i + 1..size {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// The least preperiod and period of `phi` (element ids) that the rule accepts as a proof
/// that the pattern continues for ever, if any.
pub(crate) fn find_periodicity(phi: &[u32], rule: PeriodicityRule) -> Option<Periodicity> {
    let last = phi.len() as u64 - 1;
    let slack = |preperiod: u64, period: u64| match rule {
        PeriodicityRule::Octal { max_take } => {
            2 * preperiod + 2 * period + u64::from(max_take) + 2 <= last + 1
        }
        PeriodicityRule::Subtraction { max_take } => preperiod + period + u64::from(max_take) <= last + 1,
        _ => false,
    };
    if matches!(rule, PeriodicityRule::None) {
        return None;
    }
    let mut best: Option<Periodicity> = None;
    for period in 1..=last {
        if !slack(0, period) {
            break;
        }
        // The least preperiod for this period: walk back while phi[h] == phi[h + period].
        let mut preperiod = last + 1 - period;
        while preperiod > 0 && phi[preperiod as usize - 1] == phi[(preperiod - 1 + period) as usize] {
            preperiod -= 1;
        }
        if slack(preperiod, period) {
            let candidate = Periodicity { preperiod: preperiod as u32, period: period as u32 };
            if best.is_none_or(|b| (candidate.period, candidate.preperiod) < (b.period, b.preperiod)) {
                best = Some(candidate);
            }
            break;
        }
    }
    best
}
