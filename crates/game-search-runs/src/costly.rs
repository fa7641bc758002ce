//! The costliest values of a table file, copied to a smaller file: what a search of days
//! keeps from one sitting to the next when its whole table cannot be kept.
//!
//! A table file holds every entry of a search's table (see `table_file.rs`), gigabytes for a
//! big board; a machine that does not keep its disk between sittings, or a repository that
//! keeps a search's progress, can hold only a small part. Each entry carries its *work*: the
//! positions its search expanded (saturated at `u32::MAX`). The work of an entry is what
//! finding its value again would cost, so the entries worth keeping are the costliest: a search
//! that starts from them answers the big components it had finished from the table and
//! searches again only the cheap ones around them.
//!
//! [`TableWorkProfile`] reads a file once and sorts its entries into *work classes*, class
//! `c` holding the entries whose work `w` has 2^`c` <= `w` < 2^(`c`+1) (an entry of work 0,
//! which no search writes, counts in class 0), with the bytes they take in a file, so the size
//! of a file keeping the classes from `c` up is known exactly before it is written
//! ([`TableWorkProfile::file_bytes`]). [`save_costly_entries`], given that profile, reads the
//! file again and writes those entries, unchanged and in their order, to a new table file with
//! the same name: [`TableFiles::load_table`](crate::TableFiles::load_table) reads it like any other.
//!
//! The keys are copied as encoded, never decoded: this works for any game's table file, and
//! a key the game would refuse is refused when the smaller file is loaded. Both readings check
//! the file's digest; a file that changes between them is refused.
//!
//! Cost: two passes over the file; memory: one key at a time.

use std::fs::File;
use std::path::Path;

use crate::table_file::{
    DIGEST_BYTES, TableFileError, entry_bytes, header_bytes, read_digest, read_entry, read_entry_count,
    read_header, write_digest, write_entry, write_header, write_whole,
};

/// The number of work classes: one for each bit of a `u32` work.
pub const WORK_CLASSES: usize = 32;

/// Entries of a table file and the bytes they take in it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EntryCount {
    /// Entries.
    pub entries: u64,
    /// Their bytes in a table file (key length, key, nimber and work of each).
    pub bytes: u64,
}

/// A table file's entries by the work their values cost (see the module `costly.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableWorkProfile {
    /// The file's name of the game and position.
    pub name: String,
    /// The file's count of positions expanded by the searches behind its values.
    pub nodes: u64,
    /// `classes[c]`: the entries whose work `w` has 2^`c` <= `w` < 2^(`c`+1).
    pub classes: [EntryCount; WORK_CLASSES],
}

/// The work class of an entry of work `work`: the position of its highest bit (0 for 0).
fn work_class(work: u32) -> usize {
    (u32::BITS - 1).saturating_sub(work.leading_zeros()) as usize
}

impl TableWorkProfile {
    /// Reads the table file at `path` once and sorts its entries into work classes.
    ///
    /// # Errors
    /// Those of [`TableFiles::load_table`](crate::TableFiles::load_table) on a file that is not a
    /// table file or is damaged (its digest is checked), but never [`TableFileError::OtherGame`]:
    /// any game's file is read.
    pub fn of_file(path: &Path) -> Result<Self, TableFileError> {
        let file = File::open(path)?;
        let (mut input, header) = read_header(&file, None)?;
        let entries = read_entry_count(&mut input)?;
        let mut classes = [EntryCount::default(); WORK_CLASSES];
        let mut key = Vec::new();
        for _ in 0..entries {
            let (_, work) = read_entry(&mut input, &mut key)?;
            let class = &mut classes[work_class(work)];
            class.entries += 1;
            class.bytes += entry_bytes(key.len());
        }
        read_digest(&mut input)?;
        crate::table_file::drop_cached_pages(&file);
        Ok(TableWorkProfile { name: header.name, nodes: header.nodes, classes })
    }

    /// Every entry of the file.
    pub fn total(&self) -> EntryCount {
        self.from_class(0)
    }

    /// The entries of work at least 2^`class` (none for a class past the last).
    pub fn from_class(&self, class: usize) -> EntryCount {
        self.classes.iter().skip(class).fold(EntryCount::default(), |sum, count| EntryCount {
            entries: sum.entries + count.entries,
            bytes: sum.bytes + count.bytes,
        })
    }

    /// The exact size of the file [`save_costly_entries`] writes for `class`: header, entries
    /// and digest.
    pub fn file_bytes(&self, class: usize) -> u64 {
        header_bytes(self.name.len()) + self.from_class(class).bytes + DIGEST_BYTES
    }

    /// The least class whose file ([`TableWorkProfile::file_bytes`]) takes at most
    /// `max_bytes`, or `None` when even the header and digest alone do not fit.
    pub fn least_class_within(&self, max_bytes: u64) -> Option<usize> {
        (0..=WORK_CLASSES).find(|&class| self.file_bytes(class) <= max_bytes)
    }
}

/// Copies the entries of the table file `from` whose work is at least 2^`class` to a new
/// table file at `to` with the same name and count of positions, written whole or not at all (as
/// [`TableFiles::save_table_to`](crate::TableFiles::save_table_to) writes). `profile` is `from`'s
/// ([`TableWorkProfile::of_file`]): it says how many entries to write, so the file is read
/// only once more, and the file written takes [`TableWorkProfile::file_bytes`] of it. `to` may
/// be `from`: it is replaced only once everything was read.
///
/// # Errors
/// Those of [`TableWorkProfile::of_file`]; [`TableFileError::OtherGame`] when `from` names
/// another game than `profile`; [`TableFileError::Damaged`] when `from` does not hold what
/// `profile` says (another file, or one that changed since it was profiled);
/// [`TableFileError::Io`] when `to` cannot be written (then it is as it was).
pub fn save_costly_entries(
    profile: &TableWorkProfile,
    from: &Path,
    to: &Path,
    class: usize,
) -> Result<(), TableFileError> {
    let kept = profile.from_class(class).entries;
    let changed =
        || TableFileError::Damaged(String::from("the file is not the one profiled, or changed since"));
    write_whole(to, |out| {
        let file = File::open(from)?;
        let (mut input, header) = read_header(&file, Some(&profile.name))?;
        let entries = read_entry_count(&mut input)?;
        if entries != profile.total().entries {
            return Err(changed());
        }
        let mut out = write_header(out, &header.name, profile.nodes, kept)?;
        let mut key = Vec::new();
        let mut written = 0u64;
        for _ in 0..entries {
            let (nimber, work) = read_entry(&mut input, &mut key)?;
            if work_class(work) >= class {
                // More than the first reading found: the file changed (found below).
                if written < kept {
                    write_entry(&mut out, &key, nimber, work)?;
                }
                written += 1;
            }
        }
        read_digest(&mut input)?;
        crate::table_file::drop_cached_pages(&file);
        if written != kept {
            return Err(changed());
        }
        write_digest(out)?;
        Ok(written)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::TableFiles;
    use crate::table_file::tests::{NAME, WholeKayles, kayles_by_definition};
    use game_core::search::{Search, SearchLimits};

    fn limits() -> SearchLimits {
        SearchLimits::new(1 << 26, u64::MAX)
    }

    /// A table of many entries of many works: Kayles rows kept whole, so that its searches
    /// take many nodes, saved to `path`. Returns the table's entries (key, nimber, work), read
    /// from the search's table, not from the file.
    fn searched_to(path: &Path) -> BTreeMap<Vec<u16>, (u32, u32)> {
        let mut search = Search::new(&WholeKayles, limits()).unwrap();
        let kayles = kayles_by_definition(14);
        assert_eq!(
            search.nimber_by_aspiration(&vec![12, 13, 14]).unwrap(),
            kayles[12] ^ kayles[13] ^ kayles[14]
        );
        search.save_table_to(path, NAME, 99).unwrap();
        search.table_entries().map(|(key, nimber, work)| (key.clone(), (nimber, work))).collect()
    }

    /// [`searched_to`] a file `kayles.tbl` of a new scratch directory.
    fn searched() -> (tempfile::TempDir, std::path::PathBuf, BTreeMap<Vec<u16>, (u32, u32)>) {
        let scratch = tempfile::tempdir().unwrap();
        let path = scratch.path().join("kayles.tbl");
        let entries = searched_to(&path);
        (scratch, path, entries)
    }

    fn loaded(path: &Path) -> BTreeMap<Vec<u16>, (u32, u32)> {
        let mut search = Search::new(&WholeKayles, limits()).unwrap();
        search.load_table_from(path, NAME).unwrap().unwrap();
        search.table_entries().map(|(key, nimber, work)| (key.clone(), (nimber, work))).collect()
    }

    #[test]
    fn work_classes_are_the_highest_bit() {
        assert_eq!([0, 1, 2, 3, 4, 7, 8].map(work_class), [0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(work_class(u32::MAX), 31);
        assert_eq!(work_class(1 << 31), 31);
        assert_eq!(work_class((1 << 31) - 1), 30);
    }

    #[test]
    fn the_profile_counts_the_entries_of_each_class_and_their_bytes() {
        let (_scratch, path, entries) = searched();
        let profile = TableWorkProfile::of_file(&path).unwrap();
        assert_eq!((profile.name.as_str(), profile.nodes), (NAME, 99));
        // Counted here from the table itself, each key's encoding by postcard.
        let mut expected = [EntryCount::default(); WORK_CLASSES];
        for (key, &(_, work)) in &entries {
            let class = (31 - work.leading_zeros()) as usize;
            expected[class].entries += 1;
            expected[class].bytes += 10 + postcard::to_allocvec(key).unwrap().len() as u64;
        }
        assert_eq!(profile.classes, expected);
        let used = expected.iter().filter(|count| count.entries > 0).count();
        assert!(used >= 8, "works spread over {used} classes only");
        assert_eq!(profile.total().entries, entries.len() as u64);
        // The whole file is the header, every entry and the digest.
        assert_eq!(profile.file_bytes(0), std::fs::metadata(&path).unwrap().len());
        assert_eq!(profile.from_class(WORK_CLASSES), EntryCount::default());
    }

    #[test]
    fn a_costly_file_holds_exactly_the_costlier_entries_and_has_its_size() {
        let (scratch, path, entries) = searched();
        let small = scratch.path().join("costly.tbl");
        let profile = profile_of(&path);
        let mut sizes = Vec::new();
        for class in 0..=WORK_CLASSES {
            save_costly_entries(&profile, &path, &small, class).unwrap();
            let kept: BTreeMap<_, _> = entries
                .iter()
                .filter(|(_, (_, work))| u64::from(*work) >= 1 << class)
                .map(|(key, value)| (key.clone(), *value))
                .collect();
            assert_eq!(loaded(&small), kept, "class {class}");
            let size = std::fs::metadata(&small).unwrap().len();
            assert_eq!(size, profile.file_bytes(class), "class {class}");
            sizes.push(size);
        }
        // Class 0 keeps everything, as the search's own save does, byte for byte.
        save_costly_entries(&profile, &path, &small, 0).unwrap();
        assert_eq!(std::fs::read(&small).unwrap(), std::fs::read(&path).unwrap());
        assert!(sizes.windows(2).all(|pair| pair[0] >= pair[1]));
        assert!(sizes[0] > 2 * sizes[8], "{sizes:?}");
        assert_eq!(sizes[WORK_CLASSES], profile.file_bytes(WORK_CLASSES));
        // A file may replace itself.
        save_costly_entries(&profile, &path, &path, 8).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), sizes[8]);
    }

    fn profile_of(path: &Path) -> TableWorkProfile {
        TableWorkProfile::of_file(path).unwrap()
    }

    #[test]
    fn the_least_class_within_a_size_is_the_first_that_fits() {
        let (_scratch, path, _) = searched();
        let profile = profile_of(&path);
        for class in 1..WORK_CLASSES {
            let bytes = profile.file_bytes(class);
            if bytes < profile.file_bytes(class - 1) {
                assert_eq!(profile.least_class_within(bytes), Some(class));
                match profile.least_class_within(bytes - 1) {
                    Some(fits) => assert!(fits > class && profile.file_bytes(fits) < bytes),
                    // Nothing fits only below the empty file's size.
                    None => assert_eq!(bytes, profile.file_bytes(WORK_CLASSES)),
                }
            }
        }
        assert_eq!(profile.least_class_within(u64::MAX), Some(0));
        let empty = profile.file_bytes(WORK_CLASSES);
        // The empty file: the class above the costliest entry.
        let above = profile.classes.iter().rposition(|count| count.entries > 0).unwrap() + 1;
        assert_eq!(profile.least_class_within(empty), Some(above));
        assert_eq!(profile.least_class_within(empty - 1), None);
    }

    #[test]
    fn a_search_from_the_costly_entries_answers_with_fewer_nodes() {
        let (scratch, path, entries) = searched();
        let position = vec![12, 13, 14];
        let mut cold = Search::new(&WholeKayles, limits()).unwrap();
        let nimber = cold.nimber_by_aspiration(&position).unwrap();
        let small = scratch.path().join("costly.tbl");
        let profile = profile_of(&path);
        save_costly_entries(&profile, &path, &small, 10).unwrap();
        let kept = profile.from_class(10).entries;
        assert!(kept * 20 < entries.len() as u64, "{kept} of {}", entries.len());
        let mut warm = Search::new(&WholeKayles, limits()).unwrap();
        warm.load_table_from(&small, NAME).unwrap();
        assert_eq!(warm.nimber_by_aspiration(&position).unwrap(), nimber);
        assert!(
            warm.stats().nodes * 10 < cold.stats().nodes,
            "{} vs {}",
            warm.stats().nodes,
            cold.stats().nodes
        );
    }

    #[test]
    fn a_damaged_file_writes_nothing() {
        let (scratch, path, _) = searched();
        let profile = profile_of(&path);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 40;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let small = scratch.path().join("costly.tbl");
        // Damaged after it was profiled: the second reading checks the digest again.
        assert!(matches!(save_costly_entries(&profile, &path, &small, 4), Err(TableFileError::Damaged(_))));
        assert!(matches!(TableWorkProfile::of_file(&path), Err(TableFileError::Damaged(_))));
        assert!(!small.exists());
        assert!(!scratch.path().join("costly.tbl.partial").exists());
        assert!(matches!(TableWorkProfile::of_file(&small), Err(TableFileError::Io(_))));
        let not_a_table = scratch.path().join("text");
        std::fs::write(&not_a_table, b"hello").unwrap();
        assert_eq!(TableWorkProfile::of_file(&not_a_table), Err(TableFileError::NotATableFile));
    }

    #[test]
    fn a_profile_of_another_file_writes_nothing() {
        let (scratch, path, _) = searched();
        let profile = profile_of(&path);
        let small = scratch.path().join("costly.tbl");
        // The same game and as many entries, one entry's work moved to another class.
        let mut moved = profile.clone();
        let class = moved.classes.iter().position(|count| count.entries > 0).unwrap();
        moved.classes[class].entries -= 1;
        moved.classes[class + 1].entries += 1;
        assert!(matches!(
            save_costly_entries(&moved, &path, &small, class + 1),
            Err(TableFileError::Damaged(_))
        ));
        // Fewer entries in all: refused before any entry is read.
        let mut fewer = profile.clone();
        fewer.classes[class].entries -= 1;
        assert!(matches!(
            save_costly_entries(&fewer, &path, &small, WORK_CLASSES),
            Err(TableFileError::Damaged(_))
        ));
        // Another game's name.
        let mut other = profile.clone();
        other.name.push('!');
        assert!(matches!(
            save_costly_entries(&other, &path, &small, 0),
            Err(TableFileError::OtherGame { .. })
        ));
        assert!(!small.exists());
        // The file's own profile writes.
        save_costly_entries(&profile, &path, &small, class + 1).unwrap();
        assert_eq!(profile_of(&small).total(), profile.from_class(class + 1));
    }
}
