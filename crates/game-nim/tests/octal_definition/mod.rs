//! The claims' second method for octal games: Grundy values by the definition (the least value
//! no option has), written apart from game-nim's kernel so that the two share no code. For the
//! long games it takes the rare/common shortcut of Gangolli-Plambeck and Flammenkamp, exact for
//! every mask, which only decides the speed.
//!
//! It is written for speed as well as for reading (the claims read up to 2 * 10^7 heaps): the
//! options of a heap are grouped by kind once ([`Rules`]), a heap's option values are a bitset
//! of 64-bit words ([`ValueBits`]) cleared in a few words, the paired values of the shortcut are
//! precomputed bitsets, so that the bound and the values still missing below it are word
//! operations, and the values are kept two bytes a heap, so that the window of heaps the walks
//! read stays in cache.

/// How the values are computed: the rare/common shortcut's mask (0: the plain definition,
/// every option of every heap) and whether the heap's parity joins it (tczajka's `pos`). The
/// mask only decides the speed; the values are exact for every mask.
#[derive(Debug, Clone, Copy)]
pub struct Shortcut {
    /// The bits of a value whose parity decides whether it is paired.
    pub mask: u32,
    /// Whether the heap's parity joins the mask (only when every split take has one parity).
    pub by_parity: bool,
}

/// The plain definition: every option of every heap.
pub const PLAIN: Shortcut = Shortcut { mask: 0, by_parity: false };

/// The digits of a code: `digits[k]` for taking `k` counters, `digits[0]` the one before the
/// point.
pub fn digits(code: &str) -> Vec<u8> {
    let (before, after) = code.split_once('.').expect("a point");
    before.chars().chain(after.chars()).map(|c| c.to_digit(8).expect("an octal digit") as u8).collect()
}

/// The takes of an octal game by what they leave: digit bit 1 leaves no heap, bit 2 one heap,
/// bit 4 two nonempty heaps.
struct Rules {
    whole: Vec<usize>,
    single: Vec<usize>,
    split: Vec<usize>,
}

impl Rules {
    fn of(digits: &[u8]) -> Self {
        let takes = |bit: u8| (0..digits.len()).filter(|&k| digits[k] & bit != 0).collect::<Vec<_>>();
        // Taking no counter is no move: digit 0's bits 1 and 2 are ignored, its bit 4 splits.
        Self {
            whole: takes(1).into_iter().filter(|&k| k > 0).collect(),
            single: takes(2).into_iter().filter(|&k| k > 0).collect(),
            split: takes(4),
        }
    }
}

/// How many sets the marks of the rare splits are spread over (see [`values_by_definition`]).
const LANES: usize = 4;

/// Words of a set of values below 2^16.
const WORDS: usize = 1 << 10;

/// A set of values below 2^16 as bits of 64-bit words; only the first `width` words are in use
/// (every option value of the heaps so far fits them). A value is a `u16`, so that its word
/// index is below [`WORDS`] by its type and the marking loops carry no bounds checks.
struct ValueBits {
    words: Box<[u64; WORDS]>,
}

impl ValueBits {
    fn empty() -> Self {
        Self { words: Box::new([0; WORDS]) }
    }

    /// The values `v < 2^16` with `keep(v)`.
    fn of(keep: impl Fn(u16) -> bool) -> Self {
        let mut set = Self::empty();
        for v in (0..=u16::MAX).filter(|&v| keep(v)) {
            set.insert(v);
        }
        set
    }

    fn clear(&mut self, width: usize) {
        self.words[..width].fill(0);
    }

    /// Adds the values of `other`'s first `width` words and clears them there.
    fn take_from(&mut self, other: &mut ValueBits, width: usize) {
        for (word, theirs) in self.words[..width].iter_mut().zip(&mut other.words[..width]) {
            *word |= std::mem::take(theirs);
        }
    }

    fn insert(&mut self, v: u16) {
        self.words[usize::from(v >> 6)] |= 1 << (v & 63);
    }

    fn contains(&self, v: u16) -> bool {
        self.words[usize::from(v >> 6)] & (1 << (v & 63)) != 0
    }

    /// Removes `v`; true if it was there.
    fn remove(&mut self, v: u16) -> bool {
        let bit = 1 << (v & 63);
        let word = &mut self.words[usize::from(v >> 6)];
        let had = *word & bit != 0;
        *word &= !bit;
        had
    }

    /// The least value in neither `self` nor `other`.
    fn least_in_neither(&self, other: &ValueBits) -> usize {
        let (word, bits) = self
            .words
            .iter()
            .zip(other.words.iter())
            .map(|(a, b)| a | b)
            .enumerate()
            .find(|&(_, bits)| bits != u64::MAX)
            .expect("a set of values below 2^16 leaves one free");
        word * 64 + bits.trailing_ones() as usize
    }

    /// The least value in the set, if any, among the first `width` words.
    fn least(&self, width: usize) -> Option<usize> {
        let (word, bits) = self.words[..width].iter().enumerate().find(|&(_, &bits)| bits != 0)?;
        Some(word * 64 + bits.trailing_zeros() as usize)
    }
}

/// Grundy values of heaps `0..heaps` of the octal game with `digits`, by the definition: the
/// least value that no option has.
///
/// With a nonzero mask `M`, a value is *paired* at heap `n` if `popcount(v & M)` is even (with
/// `by_parity`: has the parity of `n - k` for the split takes `k`, all of one parity), and a
/// heap is *rare* if its value is paired at it. Two heaps that are not rare leave a paired value,
/// so an option of heap `n` whose value is not paired at `n` leaves one heap, none, or two with a
/// rare one: those are all marked, the least unmarked value `c` that is not paired bounds the
/// mex, and the splits are walked only until every paired value below `c` is seen. With `M = 0`
/// and no parity every value is paired and every split is walked: the plain definition.
///
/// # Panics
/// If a value reaches 2^16 - 1 (the table holds two bytes a heap), or the heap's parity joins
/// the mask while the split takes have both parities.
pub fn values_by_definition(digits: &[u8], heaps: usize, shortcut: Shortcut) -> Vec<u32> {
    let rules = Rules::of(digits);
    let parity_of_splits = rules.split.first().map_or(0, |&k| k & 1);
    assert!(
        !shortcut.by_parity || rules.split.iter().all(|&k| k & 1 == parity_of_splits),
        "the heap's parity joins the mask only when every split take has one parity"
    );
    let plain = shortcut.mask == 0 && !shortcut.by_parity;
    // Paired values at heaps of even and odd parity.
    let paired_at = [0, 1].map(|n: usize| {
        let parity = if shortcut.by_parity { (n ^ parity_of_splits) & 1 } else { 0 };
        ValueBits::of(|v| (u32::from(v) & shortcut.mask).count_ones() as usize & 1 == parity)
    });
    let mut values: Vec<u16> = Vec::with_capacity(heaps);
    // The rare heaps with their values, increasing.
    let mut rare: Vec<(usize, u16)> = Vec::new();
    let mut seen = ValueBits::empty();
    // The splits walked in full (every split for the plain definition, the rare splits for the
    // shortcut) are marked in four sets in turn, merged after: consecutive marks of one word
    // would each wait for the last (a store, then a load of the same word).
    let mut lanes: [ValueBits; LANES] = std::array::from_fn(|_| ValueBits::empty());
    let mut missing = ValueBits::empty();
    // Words in use: every value so far, and so every XOR of two, is below `64 * width`.
    let mut width = 1;
    let mut rests: Vec<usize> = Vec::with_capacity(rules.split.len());
    for n in 0..heaps {
        seen.clear(width);
        if rules.whole.contains(&n) {
            seen.insert(0);
        }
        for &k in rules.single.iter().filter(|&&k| k < n) {
            seen.insert(values[n - k]);
        }
        rests.clear();
        rests.extend(rules.split.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
        let mex = if plain {
            for &rest in &rests {
                // Heaps `a` and `rest - a` for `a = 1..=rest / 2`.
                let (low, high) = (&values[1..=rest / 2], &values[rest - rest / 2..rest]);
                let mut pairs = low.chunks_exact(LANES).zip(high.rchunks_exact(LANES));
                for (lows, highs) in &mut pairs {
                    for ((lane, &a), &b) in lanes.iter_mut().zip(lows).zip(highs.iter().rev()) {
                        lane.insert(a ^ b);
                    }
                }
                let done = low.len() - low.len() % LANES;
                for (&a, &b) in low[done..].iter().zip(high[..high.len() - done].iter().rev()) {
                    seen.insert(a ^ b);
                }
            }
            for lane in &mut lanes {
                seen.take_from(lane, width);
            }
            seen.least_in_neither(&ValueBits::empty())
        } else {
            for &rest in &rests {
                let within = rare.partition_point(|&(r, _)| r < rest);
                let mut chunks = rare[..within].chunks_exact(LANES);
                for chunk in &mut chunks {
                    for (lane, &(r, value)) in lanes.iter_mut().zip(chunk) {
                        lane.insert(value ^ values[rest - r]);
                    }
                }
                for &(r, value) in chunks.remainder() {
                    seen.insert(value ^ values[rest - r]);
                }
            }
            for lane in &mut lanes {
                seen.take_from(lane, width);
            }
            let paired = &paired_at[n & 1];
            // The bound: the least value neither seen nor paired.
            let bound = seen.least_in_neither(paired);
            // The paired values below the bound not seen yet (the bound may lie past the words in
            // use: no option has a value there).
            let span = width.max(bound / 64 + 1);
            let mut count = 0;
            for (w, word) in missing.words[..span].iter_mut().enumerate() {
                let below = match bound.checked_sub(64 * w) {
                    Some(b) if b >= 64 => u64::MAX,
                    Some(b) => (1u64 << b) - 1,
                    None => 0,
                };
                *word = paired.words[w] & !seen.words[w] & below;
                count += word.count_ones();
            }
            // Every split take at once, `a = 1, 2, ...`: a value missing from one take's splits
            // may sit at a small `a` of another's.
            let longest = rests.iter().map(|&rest| rest / 2).max().unwrap_or(0);
            let mut a = 1;
            while count > 0 && a <= longest {
                for &rest in rests.iter().filter(|&&rest| a <= rest / 2) {
                    if missing.remove(values[a] ^ values[rest - a]) {
                        count -= 1;
                    }
                }
                a += 1;
            }
            missing.least(span).unwrap_or(bound)
        };
        let mex = u16::try_from(mex).ok().filter(|&v| v < u16::MAX).unwrap_or_else(|| {
            panic!("heap {n} has value {mex}: the check's table holds values below 2^16 - 1")
        });
        if n > 0 && !plain && paired_at[n & 1].contains(mex) {
            rare.push((n, mex));
        }
        values.push(mex);
        while usize::from(mex) >= 64 * width {
            width *= 2;
        }
    }
    values.into_iter().map(u32::from).collect()
}
