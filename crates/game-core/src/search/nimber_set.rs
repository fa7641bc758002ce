//! A set of small nimbers as a bit vector, for the candidate and requested values of the pruned
//! search.

use smallvec::{SmallVec, smallvec};

/// A finite set of nimbers. Operations are O(1) except [`NimberSet::max`], [`NimberSet::min`]
/// and the constructors, which are linear in the words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct NimberSet {
    /// Word w holds the values 64 w to 64 w + 63. One word inline: the sets of most searches
    /// (values below 64) allocate nothing.
    words: SmallVec<[u64; 1]>,
}

impl NimberSet {
    /// {0, 1, ..., n - 1}.
    pub(crate) fn with_lowest(n: u32) -> Self {
        let n = n as usize;
        let mut words: SmallVec<[u64; 1]> = smallvec![u64::MAX; n / 64];
        if !n.is_multiple_of(64) {
            words.push((1u64 << (n % 64)) - 1);
        }
        NimberSet { words }
    }

    /// The set of `values`.
    pub(crate) fn from_values(values: impl IntoIterator<Item = u32>) -> Self {
        let mut set = NimberSet::default();
        for v in values {
            set.insert(v);
        }
        set
    }

    /// { v XOR `xor` : v in self, v <= `limit` }, word by word: XOR with `xor` moves word w to
    /// word w XOR (xor / 64) and permutes the bits inside a word by b -> b XOR (xor % 64), one
    /// swap of bit blocks for each set bit of xor % 64. O(words), where inserting the elements
    /// one by one would be O(elements) with a bounds check each.
    pub(crate) fn xor_of_lowest(&self, limit: u32, xor: u32) -> NimberSet {
        /// Masks of the lower block of each pair of blocks of 1, 2, 4, ..., 32 bits.
        const LOWER: [u64; 6] = [
            0x5555_5555_5555_5555,
            0x3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff,
        ];
        let last = (limit as usize / 64).min(self.words.len().saturating_sub(1));
        let (word_xor, bit_xor) = (xor as usize / 64, xor % 64);
        let mut out = NimberSet::default();
        for (w, &word) in self.words.iter().enumerate().take(last + 1) {
            let mut word = if w == limit as usize / 64 && limit % 64 != 63 {
                word & ((1u64 << (limit % 64 + 1)) - 1)
            } else {
                word
            };
            if word == 0 {
                continue;
            }
            for (k, mask) in LOWER.iter().enumerate() {
                if bit_xor >> k & 1 == 1 {
                    let shift = 1 << k;
                    word = (word & mask) << shift | (word >> shift) & mask;
                }
            }
            let target = w ^ word_xor;
            if target >= out.words.len() {
                out.words.resize(target + 1, 0);
            }
            out.words[target] = word;
        }
        out
    }

    /// The set without each of `values` (a value it does not hold is passed over). One borrow
    /// of the words for all of them, where [`NimberSet::remove`] looks them up for each.
    pub(crate) fn remove_each(&mut self, values: impl IntoIterator<Item = u32>) {
        let words = self.words.as_mut_slice();
        for v in values {
            if let Some(word) = words.get_mut(v as usize / 64) {
                *word &= !(1 << (v % 64));
            }
        }
    }

    /// The set without the values below 64 whose bits are set in `mask`.
    pub(crate) fn remove_below_64(&mut self, mask: u64) {
        if let Some(word) = self.words.first_mut() {
            *word &= !mask;
        }
    }

    /// The values below 64 of the set, as a mask.
    pub(crate) fn below_64(&self) -> u64 {
        self.words.first().copied().unwrap_or(0)
    }

    /// Whether some value below 64 is both in the set and a bit of `mask`.
    pub(crate) fn meets_below_64(&self, mask: u64) -> bool {
        self.words.first().is_some_and(|word| word & mask != 0)
    }

    #[inline]
    pub(crate) fn contains(&self, v: u32) -> bool {
        let (w, b) = (v as usize / 64, v % 64);
        self.words.get(w).is_some_and(|word| word >> b & 1 == 1)
    }

    #[inline]
    pub(crate) fn insert(&mut self, v: u32) {
        let (w, b) = (v as usize / 64, v % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << b;
    }

    #[inline]
    pub(crate) fn remove(&mut self, v: u32) {
        let (w, b) = (v as usize / 64, v % 64);
        if let Some(word) = self.words.get_mut(w) {
            *word &= !(1 << b);
        }
    }

    /// The largest element.
    pub(crate) fn max(&self) -> Option<u32> {
        let w = self.words.iter().rposition(|&word| word != 0)?;
        Some(w as u32 * 64 + 63 - self.words[w].leading_zeros())
    }

    /// The smallest element.
    pub(crate) fn min(&self) -> Option<u32> {
        let w = self.words.iter().position(|&word| word != 0)?;
        Some(w as u32 * 64 + self.words[w].trailing_zeros())
    }

    /// How many values the set holds.
    pub(crate) fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Number of elements common to `self` and `other`.
    pub(crate) fn common(&self, other: &NimberSet) -> usize {
        self.words.iter().zip(&other.words).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }

    /// The elements in increasing order (for the tests: the search works on words).
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    w as u32 * 64 + b
                })
            })
        })
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        8 * self.words.capacity()
    }
}

/// The values below 64 among `values`, as a mask (bit v for each such value v; larger values
/// are left out, and a value given twice is one bit), without building a set.
pub(crate) fn mask_below_64(values: impl IntoIterator<Item = u32>) -> u64 {
    values.into_iter().filter(|&v| v < 64).fold(0, |mask, v| mask | 1 << v)
}

#[cfg(test)]
mod tests {
    use super::{NimberSet, mask_below_64};

    /// The same mask from a list of values, repeated ones and ones from 64 on among them.
    #[test]
    fn a_list_of_values_below_64_as_a_mask() {
        assert_eq!(mask_below_64([3, 0, 3, 63, 64, 100]), 1 | 1 << 3 | 1 << 63);
        assert_eq!(mask_below_64([64, 70]), 0);
        assert_eq!(mask_below_64([]), 0);
        assert_eq!(mask_below_64([5, 1]), NimberSet::from_values([1, 5]).below_64());
    }

    /// The mask of the values below 64: bit v for each such value v, nothing of the others.
    #[test]
    fn the_values_below_64_as_a_mask() {
        let set = NimberSet::from_values([0, 3, 63, 64, 100]);
        assert_eq!(set.below_64(), 1 | 1 << 3 | 1 << 63);
        assert_eq!(NimberSet::from_values([64, 70]).below_64(), 0);
        assert_eq!(NimberSet::default().below_64(), 0);
    }

    /// Removing many values at once leaves what removing them one by one leaves: values in
    /// the set go, values it does not hold (beyond its words too, or repeated) change nothing.
    #[test]
    fn removing_each_of_many_values_agrees_with_one_by_one() {
        let set = NimberSet::from_values([0, 1, 5, 63, 64, 65, 127, 128, 200]);
        let removed = [1, 63, 64, 64, 300, 2, 200, 10_000];
        let mut one_by_one = set.clone();
        for &v in &removed {
            one_by_one.remove(v);
        }
        let mut at_once = set.clone();
        at_once.remove_each(removed);
        assert_eq!(at_once.iter().collect::<Vec<_>>(), vec![0, 5, 65, 127, 128]);
        assert_eq!(at_once, one_by_one);
        at_once.remove_each([]);
        assert_eq!(at_once, one_by_one);
    }

    #[test]
    fn xor_of_lowest_agrees_with_element_by_element() {
        let set = NimberSet::from_values([0, 1, 5, 63, 64, 65, 127, 128, 200, 511, 700]);
        for limit in [0, 1, 5, 62, 63, 64, 127, 128, 199, 200, 600, 1000] {
            for xor in [0, 1, 2, 3, 7, 31, 32, 63, 64, 65, 100, 129, 255, 1000] {
                let expected = NimberSet::from_values(set.iter().filter(|&v| v <= limit).map(|v| v ^ xor));
                let got = set.xor_of_lowest(limit, xor);
                assert_eq!(
                    got.iter().collect::<Vec<_>>(),
                    expected.iter().collect::<Vec<_>>(),
                    "limit {limit} xor {xor}"
                );
            }
        }
    }

    #[test]
    fn operations_agree_with_a_list() {
        let mut set = NimberSet::with_lowest(70);
        assert_eq!((set.min(), set.max()), (Some(0), Some(69)));
        set.remove(0);
        set.remove(69);
        set.insert(200);
        assert_eq!((set.min(), set.max()), (Some(1), Some(200)));
        assert!(set.contains(68) && !set.contains(69) && !set.contains(1000));
        let listed: Vec<u32> = set.iter().collect();
        assert_eq!(listed.len(), 69);
        assert_eq!(listed[0], 1);
        assert_eq!(set.common(&NimberSet::from_values([1, 5, 69, 200, 300])), 3);
        assert_eq!(NimberSet::with_lowest(0).max(), None);
    }
}
