//! What the search learned about components whose nimber it does not know: values that are
//! *not* their nimber, so that a question about those values is answered without expanding
//! the component again.
//!
//! A question of the pruned search ("is the nimber of C in R?") often ends without a nimber:
//! the expansion of C is cut as soon as every value of R is the value of a known option, and a
//! frame that runs out of requested candidates answers "not in R". Only exact nimbers go to
//! the transposition table, so the next question about C expanded it again. But every value of
//! an option of C is a proven fact about C (the mex is not among them): if C is asked again
//! about a set R', the values of R' that are option values can be taken out (the answer is the
//! same: the nimber is in R' exactly when it is in R' without them), and a question about
//! option values only is answered "no" at once.
//!
//! [`Refutations`] keeps, for recently expanded components, the option values below 64 seen
//! (a bit mask), in a direct-mapped cache: one slot per hash, a new component overwrites the
//! slot's old one. Its memory is fixed when the search starts; a component that owns memory
//! besides its slot ([`Game::position_bytes`](crate::Game::position_bytes)) is kept only while
//! those bytes stay within the cache's share. Losing an entry only costs the expansion again.

/// A component and the mask of values below 64 known to be values of its options.
#[derive(Debug)]
struct Slot<P> {
    component: P,
    option_values: u64,
}

/// A direct-mapped cache of option values of components (see the module doc).
#[derive(Debug)]
pub(crate) struct Refutations<P> {
    /// One byte a slot, read first: 0 for a free slot, else [`tag`] of its component's hash,
    /// so that a component not in the cache (most of them) costs no read of a slot: the tags
    /// take a sixty-fourth of the slots' memory and stay in the processor's cache.
    tags: Vec<u8>,
    slots: Vec<Option<Slot<P>>>,
    /// The bytes each slot's component owns besides the slot (read only when a slot is
    /// replaced, so kept apart from the slots).
    owned: Vec<usize>,
    owned_bytes: usize,
    max_owned_bytes: usize,
}

/// The tag of a slot whose component has hash `hash`: never 0 (a free slot's). Bits the slot's
/// index does not use (it uses at most the low 16).
fn tag(hash: u64) -> u8 {
    0x80 | ((hash >> 16) as u8 & 0x7f)
}

/// The most slots: enough for the searches measured (Cram 5 x 8 gains little past it), small
/// enough to stay out of the transposition table's way in the cache.
const MAX_SLOTS: usize = 1 << 16;

impl<P: Eq + Clone> Refutations<P> {
    /// Bytes of one slot.
    pub(crate) const SLOT_BYTES: usize =
        std::mem::size_of::<Option<Slot<P>>>() + std::mem::size_of::<usize>() + 1;

    /// A cache of at most `max_bytes` bytes of slots (a power of two of them, at most
    /// [`MAX_SLOTS`], none if `max_bytes` is too small for two) whose components own at most
    /// `max_owned_bytes` besides. Allocates the slots now; if the system refuses them the cache
    /// has none (it only saves work).
    pub(crate) fn new(max_bytes: usize, max_owned_bytes: usize) -> Self {
        let fits = max_bytes / Self::SLOT_BYTES.max(1);
        let count = if fits < 2 { 0 } else { (1usize << fits.ilog2()).min(MAX_SLOTS) };
        let (mut tags, mut slots, mut owned) = (Vec::new(), Vec::new(), Vec::new());
        if tags.try_reserve_exact(count).is_ok()
            && slots.try_reserve_exact(count).is_ok()
            && owned.try_reserve_exact(count).is_ok()
        {
            tags.resize(count, 0);
            slots.resize_with(count, || None);
            owned.resize(count, 0);
        } else {
            (tags, slots, owned) = (Vec::new(), Vec::new(), Vec::new());
        }
        Refutations { tags, slots, owned, owned_bytes: 0, max_owned_bytes }
    }

    /// Bytes of the slots.
    pub(crate) fn slot_bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    fn index(&self, hash: u64) -> Option<usize> {
        // The hash is mixed in all its bits (see `Table::hash`); its high bits pick the
        // table's slot, its low bits this one.
        (!self.slots.is_empty()).then(|| hash as usize & (self.slots.len() - 1))
    }

    /// The values (below 64) known to be values of options of `component`, whose hash is
    /// `hash`: 0 when nothing is known.
    #[inline]
    pub(crate) fn option_values(&self, component: &P, hash: u64) -> u64 {
        let Some(i) = self.index(hash) else { return 0 };
        if self.tags[i] != tag(hash) {
            return 0;
        }
        match &self.slots[i] {
            Some(slot) if slot.component == *component => slot.option_values,
            _ => 0,
        }
    }

    /// Notes that the values of `option_values` (a mask, not empty) are values of options of
    /// `component`, whose hash is `hash` and which owns `owned` bytes besides its slot.
    pub(crate) fn note(&mut self, component: &P, hash: u64, option_values: u64, owned: usize) {
        let Some(i) = self.index(hash) else { return };
        if self.tags[i] == tag(hash)
            && let Some(slot) = &mut self.slots[i]
            && slot.component == *component
        {
            slot.option_values |= option_values;
            return;
        }
        let owned_bytes = self.owned_bytes - self.owned[i] + owned;
        if owned_bytes > self.max_owned_bytes {
            return;
        }
        self.owned_bytes = owned_bytes;
        self.owned[i] = owned;
        self.tags[i] = tag(hash);
        self.slots[i] = Some(Slot { component: component.clone(), option_values });
    }
}

#[cfg(test)]
mod tests {
    use super::{Refutations, Slot, tag};

    /// The bytes the cache says its slots take are the bytes its three arrays hold (what the
    /// search's memory budget counts), and within the bytes it was given.
    #[test]
    fn slot_bytes_are_the_bytes_allocated() {
        for max_bytes in [1 << 12, 1000, 100] {
            let cache = Refutations::<u64>::new(max_bytes, 0);
            let allocated = cache.tags.capacity()
                + cache.slots.capacity() * std::mem::size_of::<Option<Slot<u64>>>()
                + cache.owned.capacity() * std::mem::size_of::<usize>();
            assert!(cache.slots.len() >= 2, "{max_bytes}");
            assert_eq!(cache.slot_bytes(), allocated, "{max_bytes}");
            assert!(allocated <= max_bytes, "{max_bytes}");
        }
    }

    /// A tag is never a free slot's 0, and hashes that differ in the bits above the slot index
    /// (bits 16 to 22) have different tags: the filter tells them apart without reading a slot.
    #[test]
    fn tags_are_never_free_and_tell_high_bits_apart() {
        let tags: Vec<u8> = (0..128u64).map(|high| tag(high << 16 | 0x1234)).collect();
        assert!(tags.iter().all(|&t| t != 0), "{tags:?}");
        let distinct: std::collections::BTreeSet<u8> = tags.iter().copied().collect();
        assert_eq!(distinct.len(), 128);
        assert_eq!(tag(0), 0x80);
    }

    #[test]
    fn notes_and_finds_and_forgets_on_collision() {
        let mut cache = Refutations::<u64>::new(1 << 12, 0);
        assert!(cache.slot_bytes() <= 1 << 12 && cache.slot_bytes() > 0);
        assert_eq!(cache.option_values(&7, 7), 0);
        cache.note(&7, 7, 0b101, 0);
        cache.note(&7, 7, 0b010, 0);
        assert_eq!(cache.option_values(&7, 7), 0b111);
        // Same hash, another component: not confused with 7, and it takes the slot.
        assert_eq!(cache.option_values(&8, 7), 0);
        cache.note(&8, 7, 0b1000, 0);
        assert_eq!(cache.option_values(&7, 7), 0);
        assert_eq!(cache.option_values(&8, 7), 0b1000);
    }

    #[test]
    fn owned_bytes_and_tiny_budgets_are_respected() {
        let mut cache = Refutations::<u64>::new(1 << 12, 100);
        cache.note(&1, 1, 1, 60);
        cache.note(&2, 2, 1, 60); // would pass 100 owned bytes: not kept
        assert_eq!((cache.option_values(&1, 1), cache.option_values(&2, 2)), (1, 0));
        cache.note(&3, 1, 1, 90); // replaces 1 in its slot: 90 bytes in all
        assert_eq!((cache.option_values(&1, 1), cache.option_values(&3, 1)), (0, 1));
        let mut none = Refutations::<u64>::new(10, 0);
        none.note(&1, 1, 1, 0);
        assert_eq!((none.slot_bytes(), none.option_values(&1, 1)), (0, 0));
    }
}
