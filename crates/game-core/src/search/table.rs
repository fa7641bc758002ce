//! The transposition table: the nimbers of components found so far, in memory bounded up front.

use std::hash::{BuildHasher, Hash};

use foldhash::fast::FixedState;

use super::SearchError;

/// One stored value: the component, its nimber, and the work its search cost (the replacement
/// policy keeps the costlier of two entries).
#[derive(Debug, Clone)]
struct Entry<P> {
    /// The key's hash, compared first: a key that owns memory is only read on a hash match.
    hash: u64,
    key: P,
    nimber: u32,
    work: u32,
}

/// Slots per bucket: a key lives in one bucket of four slots.
const WAYS: usize = 4;

/// Buckets of a new table.
const FIRST_BUCKETS: usize = 256;

/// A four-way set-associative table of component nimbers.
///
/// Memory: the slot array (`size_of::<Option<Entry<P>>>()` bytes a slot) starts at
/// [`FIRST_BUCKETS`] buckets and doubles whenever a new key finds its bucket full and the
/// doubled array stays within `max_slot_bytes`; from then on a new key replaces the entry of its bucket
/// that cost less work. Besides its slot, each stored key may own memory (`owned` bytes, from
/// `Game::position_bytes`); their total stays within `max_owned_bytes` (a key that would pass
/// it is not stored). Lookups and stores are O(1) expected. The hash has a fixed seed, so the
/// table behaves the same in every run.
#[derive(Debug)]
pub(crate) struct Table<P> {
    slots: Vec<Option<Entry<P>>>,
    owned: Vec<usize>,
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
    /// Bytes of one slot.
    pub(crate) const SLOT_BYTES: usize =
        std::mem::size_of::<Option<Entry<P>>>() + std::mem::size_of::<usize>();

    /// Bytes of the smallest table.
    pub(crate) const MIN_BYTES: usize = FIRST_BUCKETS * WAYS * Self::SLOT_BYTES;

    /// An empty table whose slots will never take more than `max_slot_bytes` and whose keys
    /// never own more than `max_owned_bytes`.
    pub(crate) fn new(max_slot_bytes: usize, max_owned_bytes: usize) -> Result<Self, SearchError> {
        if max_slot_bytes < Self::MIN_BYTES {
            return Err(SearchError::BudgetTooSmall { budget: max_slot_bytes, needed: Self::MIN_BYTES });
        }
        let mut table = Table {
            slots: Vec::new(),
            owned: Vec::new(),
            entries: 0,
            max_slot_bytes,
            owned_bytes: 0,
            max_owned_bytes,
            hasher: FixedState::with_seed(0x1a2b_3c4d),
        };
        table.slots = Self::allocate(FIRST_BUCKETS * WAYS)?;
        table.owned = vec![0; FIRST_BUCKETS * WAYS];
        Ok(table)
    }

    fn allocate(slots: usize) -> Result<Vec<Option<Entry<P>>>, SearchError> {
        let mut out = Vec::new();
        out.try_reserve_exact(slots)
            .map_err(|_| SearchError::AllocationFailed { bytes: slots * Self::SLOT_BYTES })?;
        out.resize_with(slots, || None);
        Ok(out)
    }

    fn hash(&self, key: &P) -> u64 {
        // foldhash's fast hash leaves the high bits of small keys poorly mixed: finish it with
        // the murmur3 finaliser before its high bits pick the bucket.
        let mut hash = self.hasher.hash_one(key);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^= hash >> 33;
        hash
    }

    /// The first slot of the bucket of `hash`: the high half of hash * buckets, uniform over
    /// any bucket count.
    fn bucket(&self, hash: u64) -> usize {
        let buckets = self.slots.len() / WAYS;
        ((u128::from(hash) * buckets as u128) >> 64) as usize * WAYS
    }

    /// The nimber stored for `key`.
    pub(crate) fn get(&self, key: &P) -> Option<u32> {
        let hash = self.hash(key);
        let first = self.bucket(hash);
        self.slots[first..first + WAYS]
            .iter()
            .flatten()
            .find(|entry| entry.hash == hash && entry.key == *key)
            .map(|entry| entry.nimber)
    }

    /// Stores `nimber` for `key`; `owned` is the memory `key` owns besides its slot, `work` what
    /// its search cost. Grows the table first when the key's bucket is full and it may grow.
    pub(crate) fn store(&mut self, key: P, nimber: u32, work: u64, owned: usize) -> Stored {
        if self.owned_bytes.saturating_add(owned) > self.max_owned_bytes {
            return Stored::Refused;
        }
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        let entry = Entry { hash: self.hash(&key), key, nimber, work };
        while self.slot_for(&entry).is_none() && self.grow() {}
        self.place(entry, owned)
    }

    /// The slot of `entry`'s bucket holding its key, or else a free one.
    fn slot_for(&self, entry: &Entry<P>) -> Option<usize> {
        let first = self.bucket(entry.hash);
        let bucket = &self.slots[first..first + WAYS];
        let same = bucket
            .iter()
            .position(|s| s.as_ref().is_some_and(|e| e.hash == entry.hash && e.key == entry.key));
        same.or_else(|| bucket.iter().position(Option::is_none)).map(|i| first + i)
    }

    /// Puts `entry` in its bucket: over the same key, in a free slot, or over the entry that
    /// cost less work. Never grows.
    fn place(&mut self, entry: Entry<P>, owned: usize) -> Stored {
        let (slot, outcome) = match self.slot_for(&entry) {
            Some(slot) => (slot, Stored::New),
            None => {
                let first = self.bucket(entry.hash);
                let cheapest = (first..first + WAYS)
                    .min_by_key(|&i| self.slots[i].as_ref().map_or(0, |e| e.work))
                    .expect("a bucket has slots");
                (cheapest, Stored::Replaced)
            }
        };
        if self.slots[slot].is_none() {
            self.entries += 1;
        }
        self.owned_bytes = self.owned_bytes - self.owned[slot] + owned;
        self.owned[slot] = owned;
        self.slots[slot] = Some(entry);
        outcome
    }

    /// Doubles the slots if the doubled array fits its bound and the system grants it (else
    /// keeps them: full buckets then replace entries). True if it grew.
    fn grow(&mut self) -> bool {
        let doubled = 2 * self.slots.len();
        if doubled.saturating_mul(Self::SLOT_BYTES) > self.max_slot_bytes {
            return false;
        }
        let Ok(new_slots) = Self::allocate(doubled) else { return false };
        let old_slots = std::mem::replace(&mut self.slots, new_slots);
        let old_owned = std::mem::replace(&mut self.owned, vec![0; doubled]);
        self.entries = 0;
        self.owned_bytes = 0;
        for (entry, owned) in old_slots.into_iter().zip(old_owned) {
            if let Some(entry) = entry {
                self.place(entry, owned);
            }
        }
        true
    }

    /// Entries stored now.
    pub(crate) fn len(&self) -> usize {
        self.entries
    }

    /// Bytes of the slot array now.
    pub(crate) fn slot_bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::{Stored, Table};

    #[test]
    fn stores_and_finds_and_stays_within_its_slots() {
        let bound = 4 * Table::<u64>::MIN_BYTES;
        let mut table = Table::<u64>::new(bound, 0).unwrap();
        for key in 0..100_000u64 {
            table.store(key, (key % 7) as u32, key % 13, 0);
            assert!(table.slot_bytes() <= bound);
        }
        assert!(table.len() <= bound / Table::<u64>::SLOT_BYTES);
        assert_eq!(table.get(&99_999), Some((99_999 % 7) as u32));
        let found = (0..100_000u64).filter(|k| table.get(k).is_some()).count();
        assert_eq!(found, table.len());
        assert!(Table::<u64>::new(100, 0).is_err());
    }

    #[test]
    fn refuses_keys_over_the_owned_bound() {
        let mut table = Table::<u64>::new(Table::<u64>::MIN_BYTES, 100).unwrap();
        assert_eq!(table.store(1, 1, 1, 60), Stored::New);
        assert_eq!(table.store(2, 2, 1, 60), Stored::Refused);
        assert_eq!(table.get(&2), None);
    }
}
