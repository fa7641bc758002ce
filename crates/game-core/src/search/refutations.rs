//! What the search learned about components whose nimber it does not know: values that are
//! *not* their nimber, so that a question about those values is answered without expanding
//! the component again.
//!
//! A question of the pruned search ("is the nimber of C in R?") often ends without a nimber:
//! the expansion of C is cut as soon as every value of R is the value of a known option, and a
//! frame that runs out of requested candidates answers "not in R". Only exact nimbers go to
//! the transposition table, so the next question about C expanded it again. But two kinds of
//! proven facts are left: every value of an option of C (the mex is not among them), and every
//! value of a set R that C was asked about and answered "not in R". If C is asked again about
//! a set R', the values of R' known not to be its nimber can be taken out (the answer is the
//! same: the nimber is in R' exactly when it is in R' without them), and a question about such
//! values only is answered "no" at once.
//!
//! [`Refutations`] keeps, for recently asked components, the values below 64 known not to be
//! their nimber (a bit mask), in a direct-mapped cache: one slot per hash, a new component
//! overwrites the slot's old one. Losing an entry only costs the expansion again.
//!
//! **Size.** Its bytes are bounded when the search starts. It starts with at most
//! [`FIRST_SLOTS`] slots and grows (keeping its entries) to four times the transposition
//! table's home slots as that table doubles, up to its bound: the facts it keeps are about
//! components the table does not hold, which in the searches measured were many more than
//! those it holds (records/search.md, "A larger cache of refuted values"). A component that owns memory besides its slot
//! ([`Game::position_bytes`](crate::Game::position_bytes)) is kept only while those bytes stay
//! within the cache's share.

/// A component and the mask of values below 64 known not to be its nimber.
#[derive(Debug)]
struct Slot<P> {
    component: P,
    not_nimbers: u64,
}

/// A direct-mapped cache of values known not to be components' nimbers (see the module doc).
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
    /// The most slots its bytes allow (a power of two, or 0).
    max_slots: usize,
}

/// The tag of a slot whose component has hash `hash`: never 0 (a free slot's). Bits the slot's
/// index does not use (it uses the low ones, fewer than 40 on any machine's memory).
fn tag(hash: u64) -> u8 {
    0x80 | ((hash >> 40) as u8 & 0x7f)
}

/// The most slots of a new cache: a small search allocates no more (a few megabytes).
const FIRST_SLOTS: usize = 1 << 16;

/// The cache grows to this many times the transposition table's home slots.
const SLOTS_PER_TABLE_HOME: usize = 4;

impl<P: Eq + Clone> Refutations<P> {
    /// Bytes of one slot: the slot, its tag, and the bytes its component owns when such
    /// components can own memory (only types that need dropping can).
    pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Option<Slot<P>>>()
        + 1
        + if std::mem::needs_drop::<P>() { std::mem::size_of::<usize>() } else { 0 };

    /// A cache of at most `max_bytes` bytes of slots (a power of two of them, none if
    /// `max_bytes` is too small for two) whose components own at most `max_owned_bytes`
    /// besides. Allocates at most [`FIRST_SLOTS`] slots now (see [`Refutations::follow_table`]);
    /// if the system refuses them the cache has none until it grows (it only saves work).
    pub(crate) fn new(max_bytes: usize, max_owned_bytes: usize) -> Self {
        let fits = max_bytes / Self::SLOT_BYTES.max(1);
        let max_slots = if fits < 2 { 0 } else { 1usize << fits.ilog2() };
        let mut cache = Refutations {
            tags: Vec::new(),
            slots: Vec::new(),
            owned: Vec::new(),
            owned_bytes: 0,
            max_owned_bytes,
            max_slots,
        };
        // Nothing to move yet: no hash is asked for.
        cache.grow(max_slots.min(FIRST_SLOTS), |_| 0);
        cache
    }

    /// Grows the slot arrays to `count` slots (from fewer), moving each entry to its slot in
    /// the larger cache; nothing if the system refuses the memory.
    ///
    /// In place: the arrays are extended (a reallocation, which the allocator can do without
    /// holding the old and new arrays at once), and an entry in slot i of n moves to slot
    /// `hash & (count - 1)`, which is i or a new slot i + k n, free, that no other old slot
    /// maps to.
    fn grow(&mut self, count: usize, hash: impl Fn(&P) -> u64) {
        let old = self.slots.len();
        let more = count - old;
        if self.tags.try_reserve_exact(more).is_err()
            || self.slots.try_reserve_exact(more).is_err()
            || std::mem::needs_drop::<P>() && self.owned.try_reserve_exact(more).is_err()
        {
            // What was reserved before the refusal goes back: the bound counts slots.
            self.tags.shrink_to_fit();
            self.slots.shrink_to_fit();
            self.owned.shrink_to_fit();
            return;
        }
        self.tags.resize(count, 0);
        self.slots.resize_with(count, || None);
        if std::mem::needs_drop::<P>() {
            self.owned.resize(count, 0);
        }
        for i in 0..old {
            let Some(slot) = &self.slots[i] else { continue };
            let j = hash(&slot.component) as usize & (count - 1);
            if j != i {
                self.slots.swap(i, j);
                self.tags.swap(i, j);
                if !self.owned.is_empty() {
                    self.owned.swap(i, j);
                }
            }
        }
    }

    /// Grows the cache to [`SLOTS_PER_TABLE_HOME`] times `table_homes` slots (the
    /// transposition table's home slots), within its bound, keeping its entries (`hash` gives
    /// a component's hash in the table); nothing when it has that many.
    pub(crate) fn follow_table(&mut self, table_homes: usize, hash: impl Fn(&P) -> u64) {
        let wanted = table_homes.saturating_mul(SLOTS_PER_TABLE_HOME).min(self.max_slots);
        if wanted > self.slots.len() {
            self.grow(wanted, hash);
        }
    }

    /// The most bytes of slots the cache will ever take.
    pub(crate) fn max_slot_bytes(&self) -> usize {
        self.max_slots * Self::SLOT_BYTES
    }

    /// Bytes of the slots now.
    #[cfg(test)]
    fn slot_bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    fn index(&self, hash: u64) -> Option<usize> {
        // The hash is mixed in all its bits (see `Table::hash`); its high bits pick the
        // table's slot, its low bits this one.
        (!self.slots.is_empty()).then(|| hash as usize & (self.slots.len() - 1))
    }

    /// The values (below 64) known not to be the nimber of `component`, whose hash is `hash`:
    /// 0 when nothing is known.
    #[inline]
    pub(crate) fn not_nimbers(&self, component: &P, hash: u64) -> u64 {
        let Some(i) = self.index(hash) else { return 0 };
        if self.tags[i] != tag(hash) {
            return 0;
        }
        match &self.slots[i] {
            Some(slot) if slot.component == *component => slot.not_nimbers,
            _ => 0,
        }
    }

    /// Notes that the values of `not_nimbers` (a mask, not empty) are not the nimber of
    /// `component`, whose hash is `hash` and which owns `owned` bytes besides its slot.
    pub(crate) fn note(&mut self, component: &P, hash: u64, not_nimbers: u64, owned: usize) {
        let Some(i) = self.index(hash) else { return };
        if self.tags[i] == tag(hash)
            && let Some(slot) = &mut self.slots[i]
            && slot.component == *component
        {
            slot.not_nimbers |= not_nimbers;
            return;
        }
        // No array of owned bytes: components of this type own none (see `SLOT_BYTES`).
        let was = self.owned.get(i).copied().unwrap_or(0);
        let owned_bytes = self.owned_bytes - was + owned;
        if owned_bytes > self.max_owned_bytes || owned > 0 && self.owned.is_empty() {
            return;
        }
        self.owned_bytes = owned_bytes;
        if let Some(kept) = self.owned.get_mut(i) {
            *kept = owned;
        }
        self.tags[i] = tag(hash);
        self.slots[i] = Some(Slot { component: component.clone(), not_nimbers });
    }
}

#[cfg(test)]
mod tests {
    use super::{FIRST_SLOTS, Refutations, SLOTS_PER_TABLE_HOME, Slot, tag};

    /// The bytes the cache says its slots take are the bytes its arrays hold (what the
    /// search's memory budget counts), and within the bytes it was given; only a type that
    /// can own memory has an array of owned bytes.
    #[test]
    fn slot_bytes_are_the_bytes_allocated() {
        fn check<P: Eq + Clone>(max_bytes: usize, owns: bool) {
            let cache = Refutations::<P>::new(max_bytes, 0);
            let allocated = cache.tags.capacity()
                + cache.slots.capacity() * std::mem::size_of::<Option<Slot<P>>>()
                + cache.owned.capacity() * std::mem::size_of::<usize>();
            assert_eq!(cache.owned.len() == cache.slots.len(), owns, "{max_bytes}");
            assert!(cache.slots.len() >= 2, "{max_bytes}");
            assert_eq!(cache.slot_bytes(), allocated, "{max_bytes}");
            assert!(allocated <= max_bytes, "{max_bytes}");
        }
        for max_bytes in [1 << 12, 1000, 100] {
            check::<u64>(max_bytes, false);
            check::<Vec<u8>>(max_bytes, true);
        }
    }

    /// A tag is never a free slot's 0, and hashes that differ in the bits above the slot index
    /// (bits 40 to 46) have different tags: the filter tells them apart without reading a slot.
    #[test]
    fn tags_are_never_free_and_tell_high_bits_apart() {
        let tags: Vec<u8> = (0..128u64).map(|high| tag(high << 40 | 0x1234)).collect();
        assert!(tags.iter().all(|&t| t != 0), "{tags:?}");
        let distinct: std::collections::BTreeSet<u8> = tags.iter().copied().collect();
        assert_eq!(distinct.len(), 128);
        assert_eq!(tag(0), 0x80);
    }

    #[test]
    fn notes_and_finds_and_forgets_on_collision() {
        let mut cache = Refutations::<u64>::new(1 << 12, 0);
        assert!(cache.slot_bytes() <= 1 << 12 && cache.slot_bytes() > 0);
        assert_eq!(cache.not_nimbers(&7, 7), 0);
        cache.note(&7, 7, 0b101, 0);
        cache.note(&7, 7, 0b010, 0);
        assert_eq!(cache.not_nimbers(&7, 7), 0b111);
        // Same hash, another component: not confused with 7, and it takes the slot.
        assert_eq!(cache.not_nimbers(&8, 7), 0);
        cache.note(&8, 7, 0b1000, 0);
        assert_eq!(cache.not_nimbers(&7, 7), 0);
        assert_eq!(cache.not_nimbers(&8, 7), 0b1000);
    }

    #[test]
    fn owned_bytes_and_tiny_budgets_are_respected() {
        let mut cache = Refutations::<Vec<u8>>::new(1 << 12, 100);
        let [one, two, three] = [vec![1], vec![2], vec![3]];
        cache.note(&one, 1, 1, 60);
        cache.note(&two, 2, 1, 60); // would pass 100 owned bytes: not kept
        assert_eq!((cache.not_nimbers(&one, 1), cache.not_nimbers(&two, 2)), (1, 0));
        cache.note(&three, 1, 1, 90); // replaces one in its slot: 90 bytes in all
        assert_eq!((cache.not_nimbers(&one, 1), cache.not_nimbers(&three, 1)), (0, 1));
        // A type that owns nothing has no owned bytes to count: a claim of some is refused.
        let mut plain = Refutations::<u64>::new(1 << 12, 100);
        plain.note(&1, 1, 1, 10);
        plain.note(&2, 2, 1, 0);
        assert_eq!((plain.not_nimbers(&1, 1), plain.not_nimbers(&2, 2)), (0, 1));
        let mut none = Refutations::<u64>::new(10, 0);
        none.note(&1, 1, 1, 0);
        assert_eq!((none.slot_bytes(), none.not_nimbers(&1, 1)), (0, 0));
    }

    /// A new cache takes at most its first slots; it grows with the table to four times its
    /// home slots, keeping its entries, never past its bound and never shrinking.
    #[test]
    fn grows_with_the_table_keeping_its_entries_within_its_bound() {
        let slot = Refutations::<u64>::SLOT_BYTES;
        let mut cache = Refutations::<u64>::new(slot << 20, 0);
        assert_eq!((cache.slots.len(), cache.max_slot_bytes()), (FIRST_SLOTS, slot << 20));
        // The identity as the hash: key k lives in slot k mod the slots.
        let keys = [5u64, 5 + (1 << 16), 7 + (3 << 17), 9 + (1 << 19)];
        for (n, key) in keys.iter().enumerate() {
            cache.note(key, *key, 1 << n, 0);
        }
        // 5 + 2^16 took 5's slot; the others are found.
        let found = |cache: &Refutations<u64>| keys.map(|key| cache.not_nimbers(&key, key));
        assert_eq!(found(&cache), [0, 0b10, 0b100, 0b1000]);
        cache.follow_table(FIRST_SLOTS / SLOTS_PER_TABLE_HOME, |&key| key);
        assert_eq!(cache.slots.len(), FIRST_SLOTS, "large enough already");
        cache.follow_table(FIRST_SLOTS, |&key| key);
        assert_eq!(cache.slots.len(), SLOTS_PER_TABLE_HOME * FIRST_SLOTS);
        assert_eq!(cache.slot_bytes(), slot * SLOTS_PER_TABLE_HOME * FIRST_SLOTS);
        // Grown exactly: no more memory reserved than the slots counted.
        let reserved =
            cache.tags.capacity() + cache.slots.capacity() * std::mem::size_of::<Option<Slot<u64>>>();
        assert_eq!(reserved, cache.slot_bytes());
        assert_eq!(found(&cache), [0, 0b10, 0b100, 0b1000], "kept, each in its new slot");
        cache.note(&5, 5, 0b1, 0);
        assert_eq!(found(&cache), [0b1, 0b10, 0b100, 0b1000], "5 and 5 + 2^16 apart now");
        cache.follow_table(1 << 40, |&key| key);
        assert_eq!(cache.slots.len(), 1 << 20, "at its bound");
        assert_eq!(found(&cache), [0b1, 0b10, 0b100, 0b1000]);
        cache.follow_table(4, |&key| key);
        assert_eq!(cache.slots.len(), 1 << 20, "never shrinks");
        let small = Refutations::<u64>::new(slot * 100, 0);
        assert_eq!((small.slots.len(), small.max_slot_bytes()), (64, slot * 64));
    }
}
