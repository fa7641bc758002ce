//! The transposition table: the nimbers of components found so far, in memory bounded up front.
//!
//! Written here rather than taken from a hash-map crate because the search needs what maps do
//! not offer: a hard bound on the slots' bytes with a replacement policy past it (keep the
//! entries that cost more work), allocation that fails as a typed error, and a fixed hash seed
//! so that runs and statistics repeat.

use std::hash::{BuildHasher, Hash};
use std::num::NonZeroU32;

use foldhash::fast::FixedState;

use super::SearchError;

/// One stored value: the component, its nimber, and the work its search cost (the replacement
/// policy keeps the costlier of two entries).
///
/// Kept small because the table's size in entries is what a long search runs out of: the
/// key's hash is not stored (the tag byte filters the keys compared, and growing the table
/// hashes its keys again), and `work` is never 0, so `Option<Entry<P>>` needs no byte of its
/// own to tell a free slot.
#[derive(Debug, Clone)]
struct Entry<P> {
    key: P,
    nimber: u32,
    work: NonZeroU32,
}

/// Slots a key may occupy: its home slot and the next `WINDOW - 1` (linear probing, no
/// wrapping: the array has `WINDOW - 1` slots of padding past the last home).
const WINDOW: usize = 32;

/// A dense entry with no nimber stored (no nimber reaches it: a component has fewer than
/// `u32::MAX - 1` options, so its nimber is below `u32::MAX - 1`).
const UNKNOWN: u32 = u32::MAX;

/// The tag of a slot whose key has hash `hash`: never 0 (a free slot's). Its low bits, where the
/// home slot comes from the high ones.
fn tag(hash: u64) -> u8 {
    0x80 | (hash as u8 & 0x7f)
}

/// `len` copies of `value`, or `None` when the system refuses the memory.
fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(len).ok()?;
    huge_pages(&mut out);
    out.resize(len, value);
    Some(out)
}

/// Asks Linux to back the allocation of `array` with 2 MiB pages where it can (transparent
/// huge pages, on systems that grant them on request), before its spare capacity is first
/// written. A lookup in a table of gigabytes lands on a random page: with 4 KiB pages nearly
/// every one also misses the processor's page cache (its TLB), which 2 MiB pages reach 512
/// times further. A hint only: it changes no value, and arrays under 4 MiB or off Linux are
/// left alone.
fn huge_pages<T>(array: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let bytes = array.capacity().saturating_mul(std::mem::size_of::<T>());
        let Some((first, len)) = whole_pages(array.as_mut_ptr() as usize, bytes) else { return };
        // SAFETY: `madvise` with MADV_HUGEPAGE changes how the kernel backs the pages, never
        // their contents, and the range lies inside the array's own allocation (its capacity,
        // rounded inwards to whole pages). It is unsafe only because it takes an address.
        // Measured with prefetching in records/search.md ("Prefetching the table").
        let advised = unsafe {
            rustix::mm::madvise(first as *mut std::ffi::c_void, len, rustix::mm::Advice::LinuxHugepage)
        };
        // Refused (a kernel without transparent huge pages): the array works the same.
        let _ = advised;
    }
    #[cfg(not(target_os = "linux"))]
    let _ = array;
}

/// The whole 4 KiB pages inside `bytes` bytes from address `start` (its first address and
/// length), or none for fewer than 4 MiB: too small to hold a 2 MiB page once aligned.
fn whole_pages(start: usize, bytes: usize) -> Option<(usize, usize)> {
    const PAGE: usize = 4096;
    if bytes < 4 << 20 {
        return None;
    }
    let first = start.checked_next_multiple_of(PAGE)?;
    let end = start.checked_add(bytes)? / PAGE * PAGE;
    Some((first, end - first))
}

/// Entries of the dense array when it is first needed.
const FIRST_DENSE: usize = 1024;

/// Home slots of a new table.
const FIRST_HOMES: usize = 1024;

/// Bytes a slot takes for the memory its key owns, once some key owns memory.
const OWNED_BYTES: usize = std::mem::size_of::<usize>();

/// A table of component nimbers by linear probing in a bounded window.
///
/// Memory: the slot array ([`Table::SLOT_BYTES`] a slot: `size_of::<Option<Entry<P>>>()` and
/// its tag byte, plus [`OWNED_BYTES`] a slot once a key that owns memory is stored) starts at
/// [`FIRST_HOMES`] home slots and doubles when it is three quarters full, or when it is at
/// least half full and a new key finds its window full, as long as the doubled array stays
/// within `max_slot_bytes` (it doubles in place, so the old array and the doubled one are
/// never held together). A new key whose window is full and that does not double the table
/// (below half load, or at the bound) replaces the entry of its window that cost the least
/// work. Below half load that is rare, but not absent in a large table: linear probing makes
/// a few runs of [`WINDOW`] occupied slots long before half load once there are millions of
/// slots, and doubling at the first of them would leave the table mostly empty. Components
/// with a dense index (`SearchGame::dense_index`) live in a plain array instead, whose bytes count
/// against the same bound. Besides its slot, each stored key may own memory (`owned` bytes,
/// from `Game::position_bytes`); their total stays within `max_owned_bytes` (a key that would
/// pass it is not stored). Lookups and stores are O(1) expected, at most [`WINDOW`] slots; a
/// lookup reads the window's one-byte tags first and only the slots whose tag matches its
/// key's. Entries are replaced, never deleted, so a lookup stops at the first empty slot. The
/// hash has a fixed seed, so the table behaves the same in every run.
#[derive(Debug)]
pub(crate) struct Table<P> {
    /// Nimbers of components with a dense index (`SearchGame::dense_index`), by index; [`UNKNOWN`]
    /// where none is stored. Its bytes count against `max_slot_bytes` with the slots'.
    dense: Vec<u32>,
    dense_entries: usize,
    /// One byte a slot, read before the slot: 0 for a free slot, else [`tag`] of the hash of
    /// its key. A lookup scans the tags of its window (32 bytes, where the slots take 32 cache
    /// lines) and reads only the slots whose tag matches: a key that is not stored usually
    /// costs no slot read at all.
    tags: Vec<u8>,
    slots: Vec<Option<Entry<P>>>,
    /// The bytes each slot's key owns; empty until a key that owns memory is stored, so games
    /// whose keys own none pay nothing for it.
    owned: Vec<usize>,
    homes: usize,
    entries: usize,
    max_slot_bytes: usize,
    owned_bytes: usize,
    max_owned_bytes: usize,
    hasher: FixedState,
}

/// What [`Table::store`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stored {
    /// In a free slot, or over the same key.
    New,
    /// Over another key.
    Replaced,
    /// Not stored: the keys' own memory would pass its bound.
    Refused,
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// Bytes of one slot while no key owns memory.
    pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Option<Entry<P>>>() + 1;

    /// Bytes of the smallest table (its keys owning no memory).
    pub(crate) const MIN_BYTES: usize = (FIRST_HOMES + WINDOW - 1) * Self::SLOT_BYTES;

    /// Bytes of the largest slot array a table within `max_slot_bytes` can grow to (its keys
    /// owning no memory, no dense array): 0 when not even the first fits.
    pub(crate) fn largest_slot_bytes(max_slot_bytes: usize) -> usize {
        let bytes = |homes: usize| (homes + WINDOW - 1).saturating_mul(Self::SLOT_BYTES);
        let mut homes = FIRST_HOMES;
        if bytes(homes) > max_slot_bytes {
            return 0;
        }
        while let Some(doubled) = homes.checked_mul(2).filter(|&d| bytes(d) <= max_slot_bytes) {
            homes = doubled;
        }
        bytes(homes)
    }

    /// An empty table whose slots will never take more than `max_slot_bytes` and whose keys
    /// never own more than `max_owned_bytes`.
    pub(crate) fn new(max_slot_bytes: usize, max_owned_bytes: usize) -> Result<Self, SearchError> {
        if max_slot_bytes < Self::MIN_BYTES {
            return Err(SearchError::BudgetTooSmall { budget: max_slot_bytes, needed: Self::MIN_BYTES });
        }
        Ok(Table {
            dense: Vec::new(),
            dense_entries: 0,
            tags: Self::allocate_tags(FIRST_HOMES)?,
            slots: Self::allocate(FIRST_HOMES)?,
            owned: Vec::new(),
            homes: FIRST_HOMES,
            entries: 0,
            max_slot_bytes,
            owned_bytes: 0,
            max_owned_bytes,
            hasher: FixedState::with_seed(0x1a2b_3c4d),
        })
    }

    /// The slot array of `homes` home slots and its padding.
    fn allocate(homes: usize) -> Result<Vec<Option<Entry<P>>>, SearchError> {
        let slots = homes + WINDOW - 1;
        filled(slots, None)
            .ok_or(SearchError::AllocationFailed { bytes: slots.saturating_mul(Self::SLOT_BYTES) })
    }

    /// The tags of `homes` home slots and their padding, all free.
    fn allocate_tags(homes: usize) -> Result<Vec<u8>, SearchError> {
        let slots = homes + WINDOW - 1;
        filled(slots, 0)
            .ok_or(SearchError::AllocationFailed { bytes: slots.saturating_mul(Self::SLOT_BYTES) })
    }

    /// The hash of `key`, mixed in all its bits.
    pub(crate) fn hash(&self, key: &P) -> u64 {
        // foldhash's fast hash leaves the high bits of small keys poorly mixed: finish it with
        // the murmur3 finaliser before its high bits pick the home slot.
        let mut hash = self.hasher.hash_one(key);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^= hash >> 33;
        hash
    }

    /// The home slot of `hash`: the high half of hash * homes, uniform over any count.
    fn home(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.homes as u128) >> 64) as usize
    }

    /// The nimber stored for `key`, whose dense index is `index` (if the game gives one).
    #[inline]
    pub(crate) fn get(&self, key: &P, index: Option<usize>) -> Option<u32> {
        // Not in the dense array: maybe stored in the slots before the array reached `index`.
        self.dense_value(index).or_else(|| self.get_by_hash(key))
    }

    /// The nimber stored in the slots for `key`. Kept out of line so that [`Table::get`]
    /// inlines into the search's loop over options: a game whose components have a dense
    /// index (Lasker's Nim) then finds their values without a call.
    #[inline(never)]
    fn get_by_hash(&self, key: &P) -> Option<u32> {
        self.get_hashed(key, self.hash(key))
    }

    /// The nimber the dense array holds at `index`, if any.
    #[inline]
    pub(crate) fn dense_value(&self, index: Option<usize>) -> Option<u32> {
        index.and_then(|i| self.dense.get(i)).copied().filter(|&nimber| nimber != UNKNOWN)
    }

    /// The nimber stored in the slots for `key`, whose hash is `hash`.
    #[inline]
    pub(crate) fn get_hashed(&self, key: &P, hash: u64) -> Option<u32> {
        let home = self.home(hash);
        let wanted = tag(hash);
        for (i, &t) in self.tags[home..home + WINDOW].iter().enumerate() {
            if t == wanted
                && let Some(entry) = &self.slots[home + i]
                && entry.key == *key
            {
                return Some(entry.nimber);
            }
            if t == 0 {
                return None;
            }
        }
        None
    }

    /// Asks the processor to start loading the tags and the first slots of `hash`'s window
    /// into its cache, so that a lookup of that key a little later finds them there instead of
    /// waiting for memory: in a table of gigabytes nearly every lookup misses the cache, and
    /// the search has other work to do meanwhile (see `Search::expand_until`). A hint only:
    /// it changes no value, and does nothing off x86-64.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let home = self.home(hash);
            let tags = std::ptr::from_ref(&self.tags[home]).cast::<i8>();
            let slot = std::ptr::from_ref(&self.slots[home]).cast::<i8>();
            // SAFETY: a prefetch reads nothing the program sees and never faults, whatever the
            // address (here two in bounds, from checked indexing); `_mm_prefetch` is unsafe
            // only because it is compiled for SSE, which every x86-64 processor has. Measured
            // in records/search.md ("Prefetching the table").
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(tags);
                _mm_prefetch::<_MM_HINT_T0>(slot);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Stores `nimber` for `key`; `owned` is the memory `key` owns besides its slot, `work` what
    /// its search cost. Grows the table first when it is three quarters full, or at least half
    /// full with the key's window full, and it may grow.
    pub(crate) fn store(
        &mut self,
        key: P,
        index: Option<usize>,
        nimber: u32,
        work: u64,
        owned: usize,
    ) -> Stored {
        if let Some(i) = index
            && self.dense_fits(i)
        {
            if self.dense[i] == UNKNOWN {
                self.dense_entries += 1;
            }
            self.dense[i] = nimber;
            return Stored::New;
        }
        if self.owned_bytes.saturating_add(owned) > self.max_owned_bytes {
            return Stored::Refused;
        }
        if owned > 0 && self.owned.is_empty() && !self.start_owned() {
            return Stored::Refused;
        }
        let work = NonZeroU32::new(u32::try_from(work).unwrap_or(u32::MAX)).unwrap_or(NonZeroU32::MIN);
        let hash = self.hash(&key);
        let entry = Entry { key, nimber, work };
        if 4 * (self.entries + 1) > 3 * self.homes {
            self.grow();
        }
        // Below half load a full window is a local crowd, not a full table: the cheapest
        // entry of the window gives way (see `Table`).
        while self.slot_for(&entry, hash).is_none() && 2 * self.entries >= self.homes && self.grow() {}
        self.place(entry, hash, owned)
    }

    /// Bytes of one slot now: [`Self::SLOT_BYTES`], and [`OWNED_BYTES`] more once some key owns
    /// memory.
    fn bytes_per_slot(&self) -> usize {
        Self::SLOT_BYTES + if self.owned.is_empty() { 0 } else { OWNED_BYTES }
    }

    /// Starts counting the memory keys own, slot by slot, if the bound leaves room for it.
    fn start_owned(&mut self) -> bool {
        let slots = self.slots.len();
        let bytes = slots.saturating_mul(Self::SLOT_BYTES + OWNED_BYTES).saturating_add(4 * self.dense.len());
        if bytes > self.max_slot_bytes {
            return false;
        }
        let Some(owned) = filled(slots, 0) else { return false };
        self.owned = owned;
        true
    }

    /// Whether the dense array reaches `index`, grown (doubling) within the bound if needed.
    fn dense_fits(&mut self, index: usize) -> bool {
        if index < self.dense.len() {
            return true;
        }
        let Some(len) = index.checked_add(1).map(|needed| needed.max(2 * self.dense.len()).max(FIRST_DENSE))
        else {
            return false;
        };
        let bytes =
            len.saturating_mul(4).saturating_add(self.slots.len().saturating_mul(self.bytes_per_slot()));
        if bytes > self.max_slot_bytes || self.dense.try_reserve_exact(len - self.dense.len()).is_err() {
            return false;
        }
        self.dense.resize(len, UNKNOWN);
        true
    }

    /// The slot of `entry`'s window holding its key, or else the first free one (`hash` is the
    /// key's).
    fn slot_for(&self, entry: &Entry<P>, hash: u64) -> Option<usize> {
        let home = self.home(hash);
        let wanted = tag(hash);
        self.tags[home..home + WINDOW]
            .iter()
            .enumerate()
            .position(|(i, &t)| {
                t == 0 || (t == wanted && self.slots[home + i].as_ref().is_some_and(|e| e.key == entry.key))
            })
            .map(|i| home + i)
    }

    /// Puts `entry` in its window: over the same key, in a free slot, or over the entry that
    /// cost least work (`hash` is its key's). Never grows.
    fn place(&mut self, entry: Entry<P>, hash: u64, owned: usize) -> Stored {
        let (slot, outcome) = match self.slot_for(&entry, hash) {
            Some(slot) => (slot, Stored::New),
            None => {
                let home = self.home(hash);
                let cheapest = (home..home + WINDOW)
                    .min_by_key(|&i| self.slots[i].as_ref().map_or(0, |e| e.work.get()))
                    .expect("a window has slots");
                (cheapest, Stored::Replaced)
            }
        };
        if self.slots[slot].is_none() {
            self.entries += 1;
        }
        if let Some(was) = self.owned.get_mut(slot) {
            self.owned_bytes = self.owned_bytes - *was + owned;
            *was = owned;
        }
        self.tags[slot] = tag(hash);
        self.slots[slot] = Some(entry);
        outcome
    }

    /// Doubles the home slots if the doubled array fits its bound and the system grants it
    /// (else keeps them: full windows then replace entries). True if it grew.
    ///
    /// Grows in place, so the old and the doubled arrays are never held at once: the arrays
    /// are extended (on Linux the C allocator extends a large block by remapping its pages,
    /// without a copy) and the entries are moved up from the top down. That works because a
    /// home slot is the high bits of the hash: doubling sends home `h` to `2h` or `2h + 1`, so
    /// an entry in slot `p >= 2 * WINDOW` (home at least `p - WINDOW + 1`) moves to a window
    /// wholly above `p`, which holds only entries already moved and free slots. The entries of
    /// the first `2 * WINDOW` slots are taken out first and placed last.
    fn grow(&mut self) -> bool {
        let Some(homes) = self.homes.checked_mul(2) else { return false };
        let (old_len, len) = (self.slots.len(), homes + WINDOW - 1);
        if !self.slots_fit(homes, self.bytes_per_slot()) || !self.reserve(len - old_len) {
            return false;
        }
        huge_pages(&mut self.slots);
        huge_pages(&mut self.tags);
        self.slots.resize(len, None);
        self.tags.resize(len, 0);
        if !self.owned.is_empty() {
            self.owned.resize(len, 0);
        }
        self.homes = homes;
        self.entries = 0;
        self.owned_bytes = 0;
        let low = (2 * WINDOW).min(old_len);
        let first: Vec<_> = (0..low).filter_map(|slot| self.take(slot)).collect();
        for slot in (low..old_len).rev() {
            if let Some((entry, owned)) = self.take(slot) {
                let hash = self.hash(&entry.key);
                self.place(entry, hash, owned);
            }
        }
        for (entry, owned) in first {
            let hash = self.hash(&entry.key);
            self.place(entry, hash, owned);
        }
        true
    }

    /// Sizes an empty table for `entries` keys in one allocation: the least doubling of its
    /// home slots that holds them at half load, or the largest its bound allows. True if it
    /// resized; an empty table that is large enough already, a table that holds entries, or
    /// a refused allocation leaves the table as it was.
    ///
    /// For loading a table file. Doubling into a table of gigabytes extends its arrays, and
    /// the allocator moves a block that large to new pages (on Linux by remapping), which
    /// loses the 2 MiB pages of the half it moves: measured in records/search.md ("seventh
    /// sittings"). A fresh array asks for them before it is first written (see `huge_pages`).
    /// Half load, not the three quarters at which [`Table::store`] doubles: from half load on
    /// a full window doubles the table, which in a large table comes soon after, and the
    /// search that loads a table goes on to store more.
    pub(crate) fn presize(&mut self, entries: u64) -> bool {
        if self.entries != 0 {
            return false;
        }
        // Keys that own memory (only types that need dropping can) add `OWNED_BYTES` a slot at
        // their first store, which must still fit the bound (see `start_owned`).
        let per_slot = Self::SLOT_BYTES + if std::mem::needs_drop::<P>() { OWNED_BYTES } else { 0 };
        let mut homes = FIRST_HOMES;
        while (homes as u64) < entries.saturating_mul(2) {
            match homes.checked_mul(2) {
                Some(doubled) if self.slots_fit(doubled, per_slot) => homes = doubled,
                _ => break,
            }
        }
        if homes <= self.homes {
            return false;
        }
        // The old arrays are held meanwhile, so a refusal leaves a working table. They are at
        // most half the new ones, and in practice the first ones (tens of kilobytes): a table
        // is presized while it is empty, before its search stores anything.
        let (Ok(slots), Ok(tags)) = (Self::allocate(homes), Self::allocate_tags(homes)) else {
            return false;
        };
        (self.slots, self.tags, self.homes) = (slots, tags, homes);
        true
    }

    /// Whether `homes` home slots and their padding, at `per_slot` bytes a slot, fit the bound
    /// beside the dense array.
    fn slots_fit(&self, homes: usize, per_slot: usize) -> bool {
        (homes + WINDOW - 1).saturating_mul(per_slot).saturating_add(4 * self.dense.len())
            <= self.max_slot_bytes
    }

    /// Reserves `more` slots in every array, or none (the arrays then keep their capacity).
    fn reserve(&mut self, more: usize) -> bool {
        let reserved = self.slots.try_reserve_exact(more).is_ok()
            && self.tags.try_reserve_exact(more).is_ok()
            && (self.owned.is_empty() || self.owned.try_reserve_exact(more).is_ok());
        if !reserved {
            self.slots.shrink_to_fit();
            self.tags.shrink_to_fit();
            self.owned.shrink_to_fit();
        }
        reserved
    }

    /// Takes the entry of `slot` out, with the bytes its key owns, leaving the slot free.
    fn take(&mut self, slot: usize) -> Option<(Entry<P>, usize)> {
        let entry = self.slots[slot].take()?;
        self.tags[slot] = 0;
        let owned = self.owned.get_mut(slot).map_or(0, std::mem::take);
        Some((entry, owned))
    }

    /// The entries of the slots (not of the dense array, whose keys are not kept): each key
    /// with its nimber and the work its search cost.
    pub(crate) fn slot_entries(&self) -> impl Iterator<Item = (&P, u32, u32)> {
        self.slots.iter().flatten().map(|entry| (&entry.key, entry.nimber, entry.work.get()))
    }

    /// Entries in the slots now.
    pub(crate) fn slot_len(&self) -> usize {
        self.entries
    }

    /// The same table emptied: its first slots only, the same bounds.
    pub(crate) fn emptied(&self) -> Result<Self, SearchError> {
        Table::new(self.max_slot_bytes, self.max_owned_bytes)
    }

    /// Home slots now (the slot array has `WINDOW - 1` more, its padding).
    pub(crate) fn homes(&self) -> usize {
        self.homes
    }

    /// Entries stored now (slots and dense array).
    pub(crate) fn len(&self) -> usize {
        self.entries + self.dense_entries
    }

    /// Bytes of the slot array and the dense array now.
    pub(crate) fn slot_bytes(&self) -> usize {
        self.slots.len() * self.bytes_per_slot() + 4 * self.dense.len()
    }

    /// Bytes of the slots' share that the table has not allocated: what it can lend to the
    /// search stack (a deep search of a game with no `difficulty` needs more than the stack's
    /// own quarter while the table is still small; `tests/search_depth.rs`).
    pub(crate) fn spare_bytes(&self) -> usize {
        self.max_slot_bytes.saturating_sub(self.slot_bytes())
    }

    /// Lowers the table's bound by up to `bytes` of [`Table::spare_bytes`], so that the stack
    /// may use them; returns what it lent. The table then grows only within what is left.
    pub(crate) fn lend(&mut self, bytes: usize) -> usize {
        let lent = bytes.min(self.spare_bytes());
        self.max_slot_bytes -= lent;
        lent
    }

    /// Raises the table's bound again by `bytes` that [`Table::lend`] lent.
    pub(crate) fn repay(&mut self, bytes: usize) {
        self.max_slot_bytes += bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::{OWNED_BYTES, Stored, Table, WINDOW};

    #[test]
    fn lends_only_what_it_has_not_allocated_and_takes_it_back() {
        let bound = 8 * Table::<u64>::MIN_BYTES;
        let mut table = Table::<u64>::new(bound, 0).unwrap();
        let spare = table.spare_bytes();
        assert_eq!(spare, bound - table.slot_bytes());
        assert!(spare > 0);
        assert_eq!(table.lend(spare + 1000), spare, "never more than is spare");
        assert_eq!(table.spare_bytes(), 0);
        // The table no longer grows into what it lent: its slots stay as they are.
        let slots = table.slot_bytes();
        for key in 0..10_000u64 {
            table.store(key, None, 1, 1, 0);
        }
        assert_eq!(table.slot_bytes(), slots);
        table.repay(spare);
        assert_eq!(table.spare_bytes(), spare);
        for key in 0..10_000u64 {
            table.store(key, None, 1, 1, 0);
        }
        assert!(table.slot_bytes() > slots, "repaid, it grows again");
    }

    #[test]
    fn stores_and_finds_and_stays_within_its_slots() {
        let bound = 4 * Table::<u64>::MIN_BYTES;
        let mut table = Table::<u64>::new(bound, 0).unwrap();
        for key in 0..100_000u64 {
            table.store(key, None, (key % 7) as u32, key % 13, 0);
            assert!(table.slot_bytes() <= bound);
        }
        assert!(table.len() <= bound / Table::<u64>::SLOT_BYTES);
        assert_eq!(table.get(&99_999, None), Some((99_999 % 7) as u32));
        let found = (0..100_000u64).filter(|k| table.get(k, None).is_some()).count();
        assert_eq!(found, table.len());
        assert!(Table::<u64>::new(100, 0).is_err());
    }

    #[test]
    fn refuses_keys_over_the_owned_bound() {
        let mut table = Table::<u64>::new(2 * Table::<u64>::MIN_BYTES, 100).unwrap();
        assert_eq!(table.store(1, None, 1, 1, 60), Stored::New);
        assert_eq!(table.store(2, None, 2, 1, 60), Stored::Refused);
        assert_eq!(table.get(&2, None), None);
        // The owned bytes of a replaced key are given back.
        assert_eq!(table.store(1, None, 1, 1, 30), Stored::New);
        assert_eq!(table.store(2, None, 2, 1, 60), Stored::New);
        assert_eq!(table.get(&2, None), Some(2));
    }

    #[test]
    fn a_slot_is_its_entry_and_a_tag_until_a_key_owns_memory() {
        // A u64 key, its nimber and its work: 16 bytes, with no byte for "free" (work is never
        // 0) and none for a stored hash.
        assert_eq!(Table::<u64>::SLOT_BYTES, 17);
        let mut table = Table::<u64>::new(1 << 20, 1 << 20).unwrap();
        table.store(1, None, 1, 0, 0);
        assert_eq!(table.slot_bytes(), (1024 + WINDOW - 1) * 17);
        // The first key that owns memory adds the counters, within the bound.
        assert_eq!(table.store(2, None, 2, 0, 10), Stored::New);
        assert_eq!(table.slot_bytes(), (1024 + WINDOW - 1) * 25);
        assert_eq!((table.get(&1, None), table.get(&2, None)), (Some(1), Some(2)));
        // A bound that holds the slots but not their counters refuses such keys and keeps the
        // others.
        let mut tight = Table::<u64>::new(Table::<u64>::MIN_BYTES, 1 << 20).unwrap();
        assert_eq!(tight.store(1, None, 1, 1, 10), Stored::Refused);
        assert_eq!(tight.store(1, None, 1, 1, 0), Stored::New);
        assert_eq!(tight.slot_bytes(), Table::<u64>::MIN_BYTES);
        // The counters fit a bound of exactly their bytes and the slots', not one byte less.
        let exact = (1024 + WINDOW - 1) * 25;
        let mut just = Table::<u64>::new(exact, 1 << 20).unwrap();
        assert_eq!(just.store(1, None, 1, 1, 10), Stored::New);
        assert_eq!(just.slot_bytes(), exact);
        let mut short = Table::<u64>::new(exact - 1, 1 << 20).unwrap();
        assert_eq!(short.store(1, None, 1, 1, 10), Stored::Refused);
    }

    #[test]
    fn grows_to_exactly_its_bound_and_not_past_it() {
        let doubled = (2048 + WINDOW - 1) * Table::<u64>::SLOT_BYTES;
        for (bound, slots) in [(doubled, doubled), (doubled - 1, Table::<u64>::MIN_BYTES)] {
            let mut table = Table::<u64>::new(bound, 0).unwrap();
            for key in 0..1_500u64 {
                table.store(key, None, 1, 1, 0);
            }
            assert_eq!(table.slot_bytes(), slots, "bound {bound}");
            assert_eq!(Table::<u64>::largest_slot_bytes(bound), slots, "bound {bound}");
        }
    }

    /// `largest_slot_bytes` is the slot array a table within the bound grows to when filled.
    #[test]
    fn the_largest_slot_array_is_the_one_a_full_table_reaches() {
        let min = Table::<u64>::MIN_BYTES;
        assert_eq!(Table::<u64>::largest_slot_bytes(min - 1), 0);
        // No overflow near the top of the address space: within the bound, more than a third of it.
        let huge = usize::MAX / 2;
        let largest = Table::<u64>::largest_slot_bytes(huge);
        assert!(largest <= huge && largest > huge / 3, "{largest}");
        for bound in [min, min + 1, 3 * min, 5 * min + 7, 40 * min] {
            let mut table = Table::<u64>::new(bound, 0).unwrap();
            for key in 0..(bound / Table::<u64>::SLOT_BYTES) as u64 {
                table.store(key, None, 1, 1, 0);
            }
            assert_eq!(table.slot_bytes(), Table::<u64>::largest_slot_bytes(bound), "bound {bound}");
        }
    }

    #[test]
    fn growing_keeps_what_keys_own() {
        let mut table = Table::<u64>::new(1 << 24, 1 << 30).unwrap();
        for key in 0..10_000u64 {
            assert_eq!(table.store(key, None, 1, 1, 3), Stored::New);
        }
        assert_eq!(table.owned_bytes, 30_000);
        assert_eq!(table.owned.len(), table.slots.len());
        assert_eq!(table.owned.iter().sum::<usize>(), 30_000);
    }

    #[test]
    fn grows_by_load_not_by_the_first_full_window() {
        let mut table = Table::<u64>::new(1 << 30, 0).unwrap();
        for key in 0..10_000u64 {
            assert_eq!(table.store(key, None, 1, 1, 0), Stored::New);
        }
        // A full window doubles the table from half load on (and three quarters load does), so
        // 10 000 entries end in 32 768 home slots at most (the four-way buckets this table had
        // before doubled at the first full bucket and held them in 262 144).
        assert!(table.slot_bytes() <= (32_768 + WINDOW - 1) * Table::<u64>::SLOT_BYTES);
        assert_eq!(table.len(), 10_000);
        assert!((0..10_000u64).all(|k| table.get(&k, None) == Some(1)));
        assert_eq!(table.get(&10_000, None), None);
    }

    #[test]
    fn presizing_allocates_once_for_half_load_within_the_bound() {
        let bytes = |homes: usize| (homes + WINDOW - 1) * Table::<u64>::SLOT_BYTES;
        let mut table = Table::<u64>::new(1 << 30, 0).unwrap();
        // 512 keys fit the first 1024 homes at half load; 513 need 2048.
        assert!(!table.presize(512));
        assert_eq!(table.slot_bytes(), bytes(1024));
        assert!(table.presize(513));
        assert_eq!(table.slot_bytes(), bytes(2048));
        assert!(!table.presize(1024), "large enough already");
        assert!(table.presize(10_000));
        assert_eq!(table.slot_bytes(), bytes(32_768));
        for key in 0..10_000u64 {
            assert_eq!(table.store(key, None, 2, 1, 0), Stored::New);
        }
        assert_eq!(table.slot_bytes(), bytes(32_768), "stored without doubling");
        assert!((0..10_000u64).all(|k| table.get(&k, None) == Some(2)));
        assert!(!table.presize(1 << 20), "a table that holds entries keeps its size");
        assert_eq!(table.slot_bytes(), bytes(32_768));
    }

    #[test]
    fn presizing_stops_at_the_bound() {
        let bytes = |homes: usize| (homes + WINDOW - 1) * Table::<u64>::SLOT_BYTES;
        for (bound, homes) in [(bytes(4096), 4096), (bytes(4096) - 1, 2048)] {
            let mut table = Table::<u64>::new(bound, 0).unwrap();
            assert!(table.presize(u64::MAX), "bound {bound}");
            assert_eq!(table.slot_bytes(), bytes(homes), "bound {bound}");
        }
        let mut first_only = Table::<u64>::new(bytes(2048) - 1, 0).unwrap();
        assert!(!first_only.presize(u64::MAX));
        assert_eq!(first_only.slot_bytes(), Table::<u64>::MIN_BYTES);
    }

    #[test]
    fn presizing_leaves_room_for_what_keys_own() {
        // Vec keys may own memory: presized to the bound, their first store must still fit.
        // This bound holds 8192 home slots without the bytes of what keys own, 4096 with them.
        let bound = (8192 + WINDOW - 1) * Table::<Vec<u8>>::SLOT_BYTES;
        let mut table = Table::<Vec<u8>>::new(bound, 1 << 20).unwrap();
        assert!(table.presize(u64::MAX));
        assert_eq!(table.slots.len(), 4096 + WINDOW - 1);
        assert_eq!(table.store(vec![1, 2, 3], None, 1, 1, 3), Stored::New);
        assert_eq!(table.slot_bytes(), (4096 + WINDOW - 1) * (Table::<Vec<u8>>::SLOT_BYTES + OWNED_BYTES));
        assert_eq!(table.get(&vec![1, 2, 3], None), Some(1));
    }

    #[test]
    fn huge_pages_are_asked_for_whole_pages_inside_the_array() {
        use super::whole_pages;
        let mib = 1 << 20;
        assert_eq!(whole_pages(4096, 4 * mib), Some((4096, 4 * mib)));
        assert_eq!(whole_pages(4096, 4 * mib - 1), None);
        // Rounded inwards at both ends.
        assert_eq!(whole_pages(4097, 4 * mib), Some((8192, 4 * mib - 4096)));
        assert_eq!(whole_pages(4095, 4 * mib + 2), Some((4096, 4 * mib)));
        assert_eq!(whole_pages(usize::MAX - 100, 4 * mib), None);
    }

    /// `count` keys with distinct homes in `probe`'s table, each home accepted by `home_ok`.
    fn one_key_per_home(probe: &Table<u64>, home_ok: impl Fn(usize) -> bool, count: usize) -> Vec<u64> {
        let mut used = std::collections::HashSet::new();
        (1u64 << 41..)
            .filter(|k| {
                let h = probe.home(probe.hash(k));
                home_ok(h) && used.insert(h)
            })
            .take(count)
            .collect()
    }

    #[test]
    fn below_half_load_a_full_window_replaces_its_cheapest_entry_and_from_half_load_doubles() {
        let probe = Table::<u64>::new(1 << 30, 0).unwrap();
        let home = |k: &u64| probe.home(probe.hash(k));
        // 34 keys with home 500 in a table of 1024 homes, and 480 with homes of their own
        // outside slots 500 to 531 (each sits in its home slot: no window of theirs fills).
        // The 34th has home 1001 in the doubled table, where the 32 kept before it fill slots
        // 1000 to 1031 and leave its window a free slot (1032).
        let mut doubled = Table::<u64>::new(1 << 30, 0).unwrap();
        doubled.presize(513);
        assert_eq!(doubled.homes, 2048);
        let mut same: Vec<u64> = (0u64..).filter(|k| home(k) == 500).take(33).collect();
        same.extend((same[32] + 1..).find(|k| home(k) == 500 && doubled.home(doubled.hash(k)) == 1001));
        let spread = one_key_per_home(&probe, |h| !(500..532).contains(&h), 480);
        let mut table = Table::<u64>::new(1 << 30, 0).unwrap();
        for (i, &key) in same[..32].iter().enumerate() {
            assert_eq!(table.store(key, None, 1, 10 + i as u64, 0), Stored::New);
        }
        for &key in &spread[..479] {
            assert_eq!(table.store(key, None, 2, 1, 0), Stored::New);
        }
        // 511 entries, short of half load: the full window gives up its cheapest entry.
        assert_eq!(table.len(), 511);
        assert_eq!(table.store(same[32], None, 3, 5, 0), Stored::Replaced);
        assert_eq!((table.homes, table.len()), (1024, 511));
        assert_eq!(table.get(&same[0], None), None, "the cheapest entry gave way");
        assert!(same[1..=32].iter().all(|k| table.get(k, None).is_some()));
        // 512 entries, half load: the full window doubles the table.
        assert_eq!(table.store(spread[479], None, 2, 1, 0), Stored::New);
        assert_eq!(table.store(same[33], None, 4, 1, 0), Stored::New);
        assert_eq!((table.homes, table.len()), (2048, 513));
        assert!(same[1..=33].iter().chain(&spread).all(|k| table.get(k, None).is_some()));
    }

    #[test]
    fn growing_in_place_keeps_a_crowded_start_and_allocates_exactly() {
        // Keys whose homes crowd the first slots, so that entries sit up to a window past
        // their homes near the start of the array, where moving up needs the most care; stored
        // after most homes are taken by others.
        let probe = Table::<u64>::new(1 << 30, 0).unwrap();
        let home = |k: &u64| probe.home(probe.hash(k));
        let crowded: Vec<u64> =
            (0u64..).filter(|k| (28..36).contains(&home(k)) || home(k) < 4).take(40).collect();
        // The table doubles at three quarters load (768 entries), after the first 28 crowded
        // keys; the 40 fit the doubled table's windows.
        let others = one_key_per_home(&probe, |h| h >= 100, 740);
        let mut table = Table::<u64>::new(1 << 30, 0).unwrap();
        for &key in &others {
            assert_eq!(table.store(key, None, 7, 1, 0), Stored::New);
        }
        for (i, &key) in crowded.iter().enumerate() {
            assert_eq!(table.store(key, None, i as u32, 1, 0), Stored::New);
        }
        assert!(table.homes > 1024, "the crowded windows made it grow");
        for (i, key) in crowded.iter().enumerate() {
            assert_eq!(table.get(key, None), Some(i as u32), "key {key}");
        }
        assert!(others.iter().all(|k| table.get(k, None) == Some(7)));
        // The arrays hold exactly their slots: growing reserved what it needed, no more.
        let mut fresh = (1u64 << 40..).take(3 * 4096);
        for _ in 0..3 {
            let homes = table.homes;
            while table.homes == homes {
                let key = fresh.next().expect("three quarters of 8192 homes at most");
                table.store(key, None, 0, 1, 0);
            }
            assert_eq!(table.slots.capacity(), table.homes + WINDOW - 1);
            assert_eq!(table.tags.capacity(), table.homes + WINDOW - 1);
        }
    }

    proptest::proptest! {
        /// Against a map: whatever the bound and the order of stores, growing in place and
        /// replacing never make a key answer a nimber other than its last one, the counts stay
        /// those of the slots, and with room enough nothing is lost.
        #[test]
        fn agrees_with_a_map(
            stores in proptest::collection::vec((0u64..3_000, 0u32..50, 1u64..100, 0usize..4), 1..4_000),
            doublings in 0u32..6,
        ) {
            let bound = (1024usize << doublings) * (Table::<u64>::SLOT_BYTES + 8) + 8 * WINDOW * 25;
            let mut table = Table::<u64>::new(bound, usize::MAX).unwrap();
            let mut model = std::collections::HashMap::new();
            let mut replaced = false;
            for &(key, nimber, work, owned) in &stores {
                replaced |= table.store(key, None, nimber, work, owned) == Stored::Replaced;
                model.insert(key, (nimber, owned));
                proptest::prop_assert!(table.slot_bytes() <= bound);
            }
            let stored: Vec<_> = table.slots.iter().flatten().map(|e| e.key).collect();
            proptest::prop_assert_eq!(stored.len(), table.len());
            let owned: usize = stored.iter().map(|k| model[k].1).sum();
            proptest::prop_assert_eq!(table.owned_bytes, owned);
            proptest::prop_assert_eq!(table.owned.iter().sum::<usize>(), owned);
            for (key, &(nimber, _)) in &model {
                let found = table.get(key, None);
                proptest::prop_assert!(found.is_none() || found == Some(nimber), "key {}", key);
                if !replaced {
                    proptest::prop_assert_eq!(found, Some(nimber), "key {}", key);
                }
            }
        }
    }

    #[test]
    fn a_full_window_keeps_the_costlier_entry() {
        let mut table = Table::<u64>::new(Table::<u64>::MIN_BYTES, 0).unwrap();
        let mut replaced = 0;
        for key in 0..5_000u64 {
            // Even keys cost much more work than odd ones.
            let work = if key % 2 == 0 { 1_000 } else { 1 };
            if table.store(key, None, 1, work, 0) == Stored::Replaced {
                replaced += 1;
            }
        }
        assert!(replaced > 0);
        assert_eq!(table.slot_bytes(), Table::<u64>::MIN_BYTES);
        let even = (0..5_000u64).step_by(2).filter(|k| table.get(k, None).is_some()).count();
        let odd = (1..5_000u64).step_by(2).filter(|k| table.get(k, None).is_some()).count();
        assert!(even > 2 * odd, "even {even} odd {odd}");
    }

    #[test]
    fn dense_indices_use_the_array_within_the_bound() {
        let bound = Table::<u64>::MIN_BYTES + 4 * 4096;
        let mut table = Table::<u64>::new(bound, 0).unwrap();
        assert_eq!(table.store(7, Some(7), 3, 1, 0), Stored::New);
        assert_eq!(table.slot_bytes(), Table::<u64>::MIN_BYTES + 4 * 1024);
        assert_eq!(table.get(&7, Some(7)), Some(3));
        assert_eq!(table.get(&8, Some(8)), None);
        // Past what the bound's array holds: stored by hash, found by hash.
        assert_eq!(table.store(1 << 40, Some(1 << 40), 5, 1, 0), Stored::New);
        assert_eq!(table.get(&(1 << 40), Some(1 << 40)), Some(5));
        assert_eq!(table.len(), 2);
        assert!(table.slot_bytes() <= bound);
        // The same nimber stored twice counts once.
        table.store(7, Some(7), 3, 1, 0);
        assert_eq!(table.len(), 2);
    }
}
