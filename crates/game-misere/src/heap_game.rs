//! Heap games given by the options of a single heap: octal codes, subtraction sets, Nim, or an
//! explicit table. The quotient engine sees nothing else of a game.

use std::fmt;

use crate::MisereError;

/// The most digits after the point accepted in an octal code.
pub const MAX_CODE_DIGITS: usize = 32;

/// How the whole quotient can be proven from finitely many heaps, if at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum PeriodicityRule {
    /// An octal game whose largest take is `max_take`: the misère periodicity theorem of
    /// Plambeck and Siegel, with MisereSolver's bound: a pretending function with preperiod
    /// `n0` and period `p` checked up to heap `N` with `2 n0 + 2 p + max_take + 2 <= N + 1`.
    Octal {
        /// The largest number of counters a move removes.
        max_take: u32,
    },
    /// A subtraction game (a move shrinks one heap, never splits): periodic from `n0` with
    /// period `p` up to `N` with `n0 + p + max_take <= N + 1` proves it (heap `N + 1` then has
    /// the same options, up to the period, as heap `N + 1 - p`, and so on by induction).
    Subtraction {
        /// The largest amount taken.
        max_take: u32,
    },
    /// No rule: only partial quotients up to a heap bound.
    None,
}

/// A heap game: positions are sums of heaps, a move replaces one heap by one of its options,
/// each a multiset of smaller heaps (no heap: it is gone).
pub trait HeapGame {
    /// The options of one heap of size `heap`: each a list of heaps, every one smaller than
    /// `heap` (the engine checks this and refuses otherwise). Heaps of size 0 may be listed;
    /// they are dropped.
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>>;

    /// The number of options of heap `heap` ([`Self::heap_options`] listed, repeats counted):
    /// what a caller checks against its limits before visiting them. Games with many options per
    /// heap (splitting octal games have about `heap / 2`) count them without listing them.
    fn option_count(&self, heap: u32) -> u64 {
        self.heap_options(heap).len() as u64
    }

    /// Calls `visit` with each option of heap `heap`, in the order of [`Self::heap_options`];
    /// games with many options per heap visit them one at a time instead of holding them all
    /// (an octal heap of 10^8 has 5·10^7 options).
    fn for_each_option(&self, heap: u32, visit: &mut dyn FnMut(&[u32])) {
        self.heap_options(heap).iter().for_each(|option| visit(option));
    }

    /// How the whole quotient can be proven from finitely many heaps.
    fn periodicity_rule(&self) -> PeriodicityRule {
        PeriodicityRule::None
    }

    /// A short name for reports and files, e.g. `0.77`.
    fn name(&self) -> String;
}

impl<T: HeapGame + ?Sized> HeapGame for &T {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        (**self).heap_options(heap)
    }
    fn option_count(&self, heap: u32) -> u64 {
        (**self).option_count(heap)
    }
    fn for_each_option(&self, heap: u32, visit: &mut dyn FnMut(&[u32])) {
        (**self).for_each_option(heap, visit);
    }
    fn periodicity_rule(&self) -> PeriodicityRule {
        (**self).periodicity_rule()
    }
    fn name(&self) -> String {
        (**self).name()
    }
}

/// An octal game, parsed here from its code (`0.77` Kayles, `0.07` Dawson's Kayles, `4.07`).
///
/// Digit `d_k` says what may be left after removing `k` counters from a heap: bit 1 nothing,
/// bit 2 one nonempty heap, bit 4 two nonempty heaps. Only 0 and 4 are allowed before the point.
///
/// ```
/// use game_misere::{HeapGame, OctalCode};
/// let kayles: OctalCode = "0.77".parse()?;
/// // Heap 3 of Kayles: take 1 (leave 2, or 1 + 1) or take 2 (leave 1).
/// assert_eq!(kayles.heap_options(3), vec![vec![2], vec![1, 1], vec![1]]);
/// assert!("0.8".parse::<OctalCode>().is_err());
/// # Ok::<(), game_misere::MisereError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]` for removing `k` counters; the last is nonzero unless the code is `0.0`.
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses a code such as `"0.77"`, `".07"`, `"4.07"`.
    ///
    /// # Errors
    /// [`MisereError::BadOctalCode`]: no point, no digit after it, a non-octal digit, a digit
    /// other than 0 or 4 before the point, more than [`MAX_CODE_DIGITS`] digits.
    pub fn parse(code: &str) -> Result<Self, MisereError> {
        let bad = |reason: &str| MisereError::BadOctalCode { code: code.to_string(), reason: reason.into() };
        let (before, after) =
            code.trim().split_once('.').ok_or_else(|| bad("missing the point, e.g. 0.77"))?;
        let first = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("the digit before the point must be 0 or 4")),
        };
        if after.is_empty() {
            return Err(bad("no digit after the point"));
        }
        if after.len() > MAX_CODE_DIGITS {
            return Err(bad("too many digits"));
        }
        let mut digits = vec![first];
        for c in after.chars() {
            let d = c.to_digit(8).ok_or_else(|| bad("digits after the point must be octal (0 to 7)"))?;
            digits.push(d as u8);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Self { digits })
    }

    /// The largest number of counters a move removes (0 for `4.0`-like codes).
    pub fn max_take(&self) -> u32 {
        (self.digits.len() - 1) as u32
    }
}

impl std::str::FromStr for OctalCode {
    type Err = MisereError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl HeapGame for OctalCode {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        let mut options = Vec::new();
        self.for_each_option(heap, &mut |parts| options.push(parts.to_vec()));
        options
    }

    fn option_count(&self, heap: u32) -> u64 {
        let mut count = 0u64;
        for (k, &digit) in self.digits.iter().enumerate() {
            let k = k as u32;
            if k > heap {
                break;
            }
            let rest = heap - k;
            count += u64::from(digit & 1 != 0 && rest == 0)
                + u64::from(digit & 2 != 0 && rest > 0 && k > 0)
                + if digit & 4 != 0 { u64::from(rest / 2) } else { 0 };
        }
        count
    }

    fn for_each_option(&self, heap: u32, visit: &mut dyn FnMut(&[u32])) {
        for (k, &digit) in self.digits.iter().enumerate() {
            let k = k as u32;
            if k > heap {
                break;
            }
            let rest = heap - k;
            if digit & 1 != 0 && rest == 0 {
                visit(&[]);
            }
            if digit & 2 != 0 && rest > 0 && k > 0 {
                visit(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    visit(&[rest - a, a]);
                }
            }
        }
    }

    fn periodicity_rule(&self) -> PeriodicityRule {
        PeriodicityRule::Octal { max_take: self.max_take() }
    }

    fn name(&self) -> String {
        self.to_string()
    }
}

/// A subtraction game: a move takes one of the listed amounts from one heap.
///
/// ```
/// use game_misere::{HeapGame, SubtractionGame};
/// let game = SubtractionGame::new([1, 3, 4])?;
/// assert_eq!(game.heap_options(3), vec![vec![2], vec![]]);
/// assert!(SubtractionGame::new([0, 2]).is_err());
/// # Ok::<(), game_misere::MisereError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionGame {
    amounts: Vec<u32>,
}

impl SubtractionGame {
    /// The game of the given amounts (sorted, duplicates dropped).
    ///
    /// # Errors
    /// [`MisereError::BadSubtractionSet`] if the set is empty or contains 0.
    pub fn new(amounts: impl IntoIterator<Item = u32>) -> Result<Self, MisereError> {
        let mut amounts: Vec<u32> = amounts.into_iter().collect();
        amounts.sort_unstable();
        amounts.dedup();
        if amounts.is_empty() {
            return Err(MisereError::BadSubtractionSet { reason: "the set is empty".into() });
        }
        if amounts[0] == 0 {
            return Err(MisereError::BadSubtractionSet { reason: "taking 0 is not a move".into() });
        }
        Ok(Self { amounts })
    }

    /// The amounts, increasing.
    pub fn amounts(&self) -> &[u32] {
        &self.amounts
    }
}

impl HeapGame for SubtractionGame {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        self.amounts
            .iter()
            .filter(|&&s| s <= heap)
            .map(|&s| if s == heap { Vec::new() } else { vec![heap - s] })
            .collect()
    }

    fn option_count(&self, heap: u32) -> u64 {
        self.amounts.iter().filter(|&&s| s <= heap).count() as u64
    }

    fn periodicity_rule(&self) -> PeriodicityRule {
        PeriodicityRule::Subtraction { max_take: *self.amounts.last().expect("nonempty") }
    }

    fn name(&self) -> String {
        let list: Vec<String> = self.amounts.iter().map(u32::to_string).collect();
        format!("S({})", list.join(","))
    }
}

/// Nim: a heap may become any smaller heap. Its misère quotient is infinite; the partial
/// quotients are the tame quotients T1, T2, T3, ... (orders 2, 6, 10, 18, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nim;

impl HeapGame for Nim {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        (0..heap).map(|h| if h == 0 { Vec::new() } else { vec![h] }).collect()
    }

    fn option_count(&self, heap: u32) -> u64 {
        u64::from(heap)
    }

    fn for_each_option(&self, heap: u32, visit: &mut dyn FnMut(&[u32])) {
        (0..heap).for_each(|h| if h == 0 { visit(&[]) } else { visit(&[h]) });
    }

    fn name(&self) -> String {
        "Nim".into()
    }
}

/// A heap game given by an explicit table: `options[n]` lists the options of heap `n` (heaps
/// beyond the table have no options).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionTable {
    /// A name for reports.
    pub name: String,
    /// The options of each heap.
    pub options: Vec<Vec<Vec<u32>>>,
}

impl HeapGame for OptionTable {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        self.options.get(heap as usize).cloned().unwrap_or_default()
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

/// The options of heap `heap`, checked (every part smaller than the heap) and normalised
/// (zero heaps dropped, parts sorted, duplicates removed).
pub(crate) fn checked_options(game: &impl HeapGame, heap: u32) -> Result<Vec<Vec<u32>>, MisereError> {
    let mut options = game.heap_options(heap);
    for option in &mut options {
        if let Some(&part) = option.iter().find(|&&p| p >= heap) {
            return Err(MisereError::PartNotSmaller { heap, part });
        }
        option.retain(|&p| p > 0);
        option.sort_unstable();
    }
    options.sort();
    options.dedup();
    Ok(options)
}
