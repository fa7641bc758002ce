//! A computed misère quotient: the bipartite monoid `(Q, P)` with element 0 the identity, the
//! pretending function on heaps, its presentation, and the outcome of any sum of heaps read
//! from it.

use std::collections::{HashMap, HashSet};
use std::fmt;

use game_core::Outcome;
use serde::{Deserialize, Serialize};

use crate::MisereError;
use crate::heap_game::{HeapGame, PeriodicityRule};
use crate::monoid::{Table, is_reduced};

/// The order of the partial quotient from a heap on (an entry where the order changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialOrder {
    /// The heap at which the order became `order`.
    pub heap: u32,
    /// `|Q_heap|`.
    pub order: usize,
    /// `|P|` of `Q_heap`.
    pub p_portion: usize,
}

/// A proven periodic pretending function: `Φ(h + period) = Φ(h)` for every `h >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Periodicity {
    /// The least heap from which the pattern repeats.
    pub preperiod: u32,
    /// The period.
    pub period: u32,
}

/// One generator of the presentation: its name and the first heap that maps to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generator {
    /// `a`, `b`, `c`, ...
    pub name: String,
    /// The least heap whose image is this generator.
    pub heap: u32,
}

/// A presentation of `Q` in normal form: generators (the images of heaps, in heap order, each
/// not a product of earlier ones), every element written as its least word (fewest letters,
/// then alphabetical), and the relations `u = v` for the minimal words `u` that are not
/// least (every proper sub-word of `u` is), `v` the least word of the same element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presentation {
    /// The generators.
    pub generators: Vec<Generator>,
    /// The relations, as exponent vectors over the generators.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The least word of each element (exponent vectors); element 0 is the identity.
    pub words: Vec<Vec<u32>>,
}

impl Presentation {
    /// A word as text, e.g. `ab2c`, `1` for the identity.
    pub fn word_text(&self, exponents: &[u32]) -> String {
        let mut out = String::new();
        for (g, &e) in exponents.iter().enumerate() {
            if e > 0 {
                out.push_str(&self.generators[g].name);
                if e > 1 {
                    out.push_str(&e.to_string());
                }
            }
        }
        if out.is_empty() { "1".into() } else { out }
    }
}

impl fmt::Display for Presentation {
    /// `<a,b | a2=1,b3=b>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(u, v)| format!("{}={}", self.word_text(u), self.word_text(v)))
            .collect();
        write!(f, "<{} | {}>", names.join(","), relations.join(","))
    }
}

/// A misère quotient (or partial quotient) of a heap game, with its elements numbered in the
/// order of their least words (0 is the identity).
///
/// ```
/// use game_misere::{quotient_of, Limits, OctalCode};
/// use game_core::Outcome;
/// let game: OctalCode = "0.75".parse()?;
/// let (q, _) = quotient_of(&game, Limits::default())?;
/// assert_eq!((q.order(), q.p_portion()), (8, 2)); // the wild quotient R8
/// assert_eq!(q.outcome(&[2, 2])?, Outcome::P);
/// // Any heap, by the proven period: odd heaps from 9 on map to ab², which is N alone and P with a heap of 1.
/// assert_eq!(q.outcome(&[1_000_001])?, Outcome::N);
/// assert_eq!(q.outcome(&[1_000_001, 1])?, Outcome::P);
/// # Ok::<(), game_misere::MisereError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereQuotient {
    pub(crate) game: String,
    pub(crate) rule: PeriodicityRule,
    pub(crate) table: Table,
    pub(crate) p: Vec<bool>,
    pub(crate) phi: Vec<u32>,
    pub(crate) history: Vec<PartialOrder>,
    pub(crate) periodicity: Option<Periodicity>,
    pub(crate) presentation: Presentation,
}

impl MisereQuotient {
    /// Renumbers the elements by their least words and builds the presentation.
    pub(crate) fn from_parts(
        game: String,
        rule: PeriodicityRule,
        table: &Table,
        p: &[bool],
        phi: &[u32],
        history: Vec<PartialOrder>,
        periodicity: Option<Periodicity>,
    ) -> Self {
        let (order, presentation) = presentation_of(table, phi);
        let mut new_id = vec![0u32; table.size()];
        for (i, &old) in order.iter().enumerate() {
            new_id[old as usize] = i as u32;
        }
        let n = table.size();
        let mut products = vec![0u32; n * n];
        for x in 0..n {
            for y in 0..n {
                products[new_id[x] as usize * n + new_id[y] as usize] =
                    new_id[table.mul(x as u32, y as u32) as usize];
            }
        }
        let p = order.iter().map(|&old| p[old as usize]).collect();
        let phi = phi.iter().map(|&x| new_id[x as usize]).collect();
        Self {
            game,
            rule,
            table: Table::from_products(n, products),
            p,
            phi,
            history,
            periodicity,
            presentation,
        }
    }

    /// The game's name, e.g. `0.77`.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap the computation added: this is `Q_max_heap`, and the quotient of the
    /// whole game if [`Self::periodicity`] is some.
    pub fn max_heap(&self) -> u32 {
        self.phi.len() as u32 - 1
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.table.size()
    }

    /// `|P|`.
    pub fn p_portion(&self) -> usize {
        self.p.iter().filter(|&&b| b).count()
    }

    /// True if element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The product of two elements.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table.mul(x, y)
    }

    /// The proven period of the pretending function, if the rule proved one.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// The heaps where the order of the partial quotient changed, with `|Q|` and `|P|`.
    pub fn history(&self) -> &[PartialOrder] {
        &self.history
    }

    /// The presentation in normal form.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// The pretending function on heaps `0..=max_heap`.
    pub fn pretending_function(&self) -> &[u32] {
        &self.phi
    }

    /// True if the quotient is one of misère Nim's tame quotients by MisereSolver's test:
    /// `|Q| <= 2`, or `|P| = 2` and `|Q| - 2` a power of two (`|T_n| = 2^n + 2`).
    pub fn is_tame(&self) -> bool {
        let q = self.order();
        q <= 2 || (self.p_portion() == 2 && (q - 2).is_power_of_two())
    }

    /// The image of one heap: from the table up to [`Self::max_heap`], beyond it by the
    /// proven period.
    ///
    /// # Errors
    /// [`MisereError::HeapBeyondQuotient`] for a heap beyond `max_heap` without a period.
    pub fn heap_image(&self, heap: u64) -> Result<u32, MisereError> {
        let max = u64::from(self.max_heap());
        if heap <= max {
            return Ok(self.phi[heap as usize]);
        }
        let Some(Periodicity { preperiod, period }) = self.periodicity else {
            return Err(MisereError::HeapBeyondQuotient { heap, max });
        };
        let (preperiod, period) = (u64::from(preperiod), u64::from(period));
        Ok(self.phi[(preperiod + (heap - preperiod) % period) as usize])
    }

    /// The image of a sum of heaps: one table look-up per heap.
    ///
    /// # Errors
    /// As [`Self::heap_image`].
    pub fn image(&self, heaps: &[u64]) -> Result<u32, MisereError> {
        heaps.iter().try_fold(0u32, |acc, &h| Ok(self.table.mul(acc, self.heap_image(h)?)))
    }

    /// The misère outcome of a sum of heaps, in time linear in the number of heaps.
    ///
    /// # Errors
    /// As [`Self::heap_image`].
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, MisereError> {
        Ok(if self.is_p(self.image(heaps)?) { Outcome::P } else { Outcome::N })
    }

    /// The winning moves of a sum of heaps in misère play: each as (index of the heap moved,
    /// the heaps it becomes). Empty if the sum is P. Time: the options of the heaps moved plus
    /// linear in the number of heaps (prefix and suffix products); memory: the answer only (the
    /// options are visited one at a time). [`Self::winning_move_count`] says beforehand how
    /// many moves the answer will hold, and [`Self::option_count`] how many options it visits.
    ///
    /// # Errors
    /// As [`Self::heap_image`], for the heaps and their options.
    pub fn winning_moves(
        &self,
        game: &impl HeapGame,
        heaps: &[u64],
    ) -> Result<Vec<(usize, Vec<u64>)>, MisereError> {
        let mut moves = Vec::new();
        self.visit_winning_moves(game, heaps, &mut |i, parts| moves.push((i, parts.to_vec())))?;
        Ok(moves)
    }

    /// The number of winning moves [`Self::winning_moves`] would list, found without holding
    /// them: a caller checks the answer's size against its memory budget first.
    ///
    /// # Errors
    /// As [`Self::winning_moves`].
    pub fn winning_move_count(&self, game: &impl HeapGame, heaps: &[u64]) -> Result<u64, MisereError> {
        let mut count = 0u64;
        self.visit_winning_moves(game, heaps, &mut |_, _| count += 1)?;
        Ok(count)
    }

    /// The options [`Self::winning_moves`] visits: the options of every heap of the sum (its
    /// work; heaps beyond `u32` count as none, the listing refuses them).
    pub fn option_count(game: &impl HeapGame, heaps: &[u64]) -> u128 {
        heaps.iter().filter_map(|&h| u32::try_from(h).ok()).map(|h| u128::from(game.option_count(h))).sum()
    }

    /// Calls `visit` with (index of the heap moved, the nonzero heaps it becomes) for each
    /// winning move of the sum, in the order of [`Self::winning_moves`].
    fn visit_winning_moves(
        &self,
        game: &impl HeapGame,
        heaps: &[u64],
        visit: &mut dyn FnMut(usize, &[u64]),
    ) -> Result<(), MisereError> {
        let images: Vec<u32> = heaps.iter().map(|&h| self.heap_image(h)).collect::<Result<_, _>>()?;
        let mut suffix = vec![0u32; images.len() + 1];
        for i in (0..images.len()).rev() {
            suffix[i] = self.table.mul(images[i], suffix[i + 1]);
        }
        let mut prefix = 0u32;
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.table.mul(prefix, suffix[i + 1]);
            let heap = u32::try_from(h)
                .map_err(|_| MisereError::HeapBeyondQuotient { heap: h, max: u64::from(u32::MAX) })?;
            let mut failure = None;
            let mut parts = Vec::with_capacity(2);
            game.for_each_option(heap, &mut |option| {
                if failure.is_some() {
                    return;
                }
                parts.clear();
                parts.extend(option.iter().filter(|&&q| q > 0).map(|&q| u64::from(q)));
                match self.image(&parts) {
                    Ok(image) if self.is_p(self.table.mul(rest, image)) => visit(i, &parts),
                    Ok(_) => {}
                    Err(error) => failure = Some(error),
                }
            });
            if let Some(error) = failure {
                return Err(error);
            }
            prefix = self.table.mul(prefix, images[i]);
        }
        Ok(())
    }

    /// True if no two elements are told apart by no context (`(Q, P)` is reduced).
    pub fn is_reduced(&self) -> bool {
        is_reduced(&self.table, &self.p)
    }

    /// True if the images of the heaps generate every element.
    pub fn pretending_is_onto(&self) -> bool {
        let mut seen = vec![false; self.order()];
        seen[0] = true;
        let mut reached = vec![0u32];
        let mut i = 0;
        let gens: HashSet<u32> = self.phi.iter().copied().collect();
        while i < reached.len() {
            for &g in &gens {
                let y = self.table.mul(reached[i], g);
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    reached.push(y);
                }
            }
            i += 1;
        }
        reached.len() == self.order()
    }

    /// The P-portion as words, e.g. `{a,b2}`.
    pub fn p_portion_text(&self) -> String {
        let words: Vec<String> = (0..self.order())
            .filter(|&x| self.p[x])
            .map(|x| self.presentation.word_text(&self.presentation.words[x]))
            .collect();
        format!("{{{}}}", words.join(","))
    }

    /// The pretending function as words, heap 0 first.
    pub fn pretending_text(&self) -> Vec<String> {
        self.phi.iter().map(|&x| self.presentation.word_text(&self.presentation.words[x as usize])).collect()
    }
}

/// Names `a`..`z`, then `A`..`Z`, then `g52`, `g53`, ...
fn generator_name(i: usize) -> String {
    match i {
        0..26 => ((b'a' + i as u8) as char).to_string(),
        26..52 => ((b'A' + (i - 26) as u8) as char).to_string(),
        _ => format!("g{i}_"),
    }
}

/// The elements in the order of their least words, and the presentation (in old ids).
fn presentation_of(table: &Table, phi: &[u32]) -> (Vec<u32>, Presentation) {
    // Generators: heap images not generated by the earlier ones.
    let mut generated: HashSet<u32> = HashSet::from([0]);
    let mut gens: Vec<u32> = Vec::new();
    let mut generators = Vec::new();
    for (h, &x) in phi.iter().enumerate() {
        if generated.contains(&x) {
            continue;
        }
        generators.push(Generator { name: generator_name(gens.len()), heap: h as u32 });
        gens.push(x);
        let mut frontier: Vec<u32> = generated.iter().copied().collect();
        while let Some(y) = frontier.pop() {
            for &g in &gens {
                let z = table.mul(y, g);
                if generated.insert(z) {
                    frontier.push(z);
                }
            }
        }
    }
    let k = gens.len();
    // Least words by length, then alphabetically, as sorted letter lists.
    let mut word_of: HashMap<u32, Vec<usize>> = HashMap::from([(0, Vec::new())]);
    let mut least: HashSet<Vec<usize>> = HashSet::from([Vec::new()]);
    let mut order = vec![0u32];
    let mut relations = Vec::new();
    let mut layer: Vec<(Vec<usize>, u32)> = vec![(Vec::new(), 0)];
    let exponents = |letters: &[usize]| {
        let mut e = vec![0u32; k];
        letters.iter().for_each(|&l| e[l] += 1);
        e
    };
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (word, element) in &layer {
            let first = word.last().copied().unwrap_or(0);
            for (g, &image) in gens.iter().enumerate().skip(first) {
                let mut longer = word.clone();
                longer.push(g);
                let product = table.mul(*element, image);
                if let std::collections::hash_map::Entry::Vacant(slot) = word_of.entry(product) {
                    slot.insert(longer.clone());
                    least.insert(longer.clone());
                    order.push(product);
                    next.push((longer, product));
                } else {
                    let minimal = (0..longer.len()).all(|i| {
                        let mut shorter = longer.clone();
                        shorter.remove(i);
                        least.contains(&shorter)
                    });
                    if minimal {
                        relations.push((exponents(&longer), exponents(&word_of[&product])));
                    }
                }
            }
        }
        layer = next;
    }
    let words = order.iter().map(|x| exponents(&word_of[x])).collect();
    (order, Presentation { generators, relations, words })
}

/// Computes the misère quotient of a heap game: partial quotients heap by heap until the
/// game's periodicity rule proves the whole quotient or `limits.max_heap` is reached.
///
/// # Errors
/// As [`crate::QuotientSolver::run`].
pub fn quotient_of<G: HeapGame>(
    game: G,
    limits: crate::Limits,
) -> Result<(MisereQuotient, crate::StopReason), MisereError> {
    crate::QuotientSolver::new(game, limits).run(|_, _| {})
}
