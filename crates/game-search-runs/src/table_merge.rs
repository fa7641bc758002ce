//! Table files of one game merged into one: the values several searches found (shards of one
//! board, each with its own file, or sittings on several machines) handed to the next search
//! at once.
//!
//! A search loads one table file ([`TableFiles::load_table_from`](crate::TableFiles::load_table_from));
//! the values of a component are facts about it, whatever search found them, so the entries of
//! several files serve one search together. [`merge_table_files`] writes them, one file after
//! the other, to a new table file under the name they share. A key found in several files is
//! written once per file: a search that loads the merged file stores it once (a key stored
//! again takes its own slot back, see `table.rs`), and every file gives it the same value.
//!
//! The keys are copied as encoded, never decoded (as in `costly.rs`): any game's files merge,
//! and a key the game would refuse is refused when the merged file is loaded.
//!
//! Cost: the headers read once, then one pass over every file (each digest checked); memory:
//! one key at a time. The merged file takes the sum of the files' entries and one header.

use std::fs::File;
use std::path::Path;

use crate::table_file::{
    TableFileError, read_digest, read_entry, read_entry_count, read_header, write_digest, write_entry,
    write_header, write_whole,
};

/// Writes every entry of the table files `from` (at least one, all of the same name: the game
/// and position their searches named) to a new table file at `to` with that name and the sum
/// of their counts of positions, written whole or not at all (as
/// [`TableFiles::save_table_to`](crate::TableFiles::save_table_to) writes). `to` may be one of `from`:
/// it is replaced only once everything was read. Returns the entries written: the sum of the
/// files' entries.
///
/// # Errors
/// [`TableFileError::Damaged`] for an empty `from` or a file damaged or changed while it was
/// read (its digest is checked); [`TableFileError::OtherGame`] for a file whose name is not
/// the first file's; [`TableFileError::NotATableFile`] and [`TableFileError::Version`] as
/// [`TableFiles::load_table`](crate::TableFiles::load_table) gives them; [`TableFileError::Io`] when a
/// file cannot be read or `to` cannot be written (then `to` is as it was).
pub fn merge_table_files(from: &[&Path], to: &Path) -> Result<u64, TableFileError> {
    let (first, _) =
        from.split_first().ok_or_else(|| TableFileError::Damaged("no table file to merge".into()))?;
    // The headers first: the merged file's count of entries comes before its entries.
    let (name, nodes, counts) = {
        let (mut input, header) = read_header(File::open(first)?, None)?;
        let (name, mut nodes) = (header.name, header.nodes);
        let mut counts = vec![read_entry_count(&mut input)?];
        for path in &from[1..] {
            let (mut input, header) = read_header(File::open(path)?, Some(&name))?;
            nodes = nodes.saturating_add(header.nodes);
            counts.push(read_entry_count(&mut input)?);
        }
        (name, nodes, counts)
    };
    let total = counts
        .iter()
        .try_fold(0u64, |sum, &count| sum.checked_add(count))
        .ok_or_else(|| TableFileError::Damaged("the files count more entries than a u64 holds".into()))?;
    write_whole(to, |out| {
        let mut out = write_header(out, &name, nodes, total)?;
        let mut key = Vec::new();
        for (path, &count) in from.iter().zip(&counts) {
            let file = File::open(path)?;
            let (mut input, _) = read_header(&file, Some(&name))?;
            if read_entry_count(&mut input)? != count {
                return Err(TableFileError::Damaged(format!(
                    "{} changed while it was merged",
                    path.display()
                )));
            }
            for _ in 0..count {
                let (nimber, work) = read_entry(&mut input, &mut key)?;
                write_entry(&mut out, &key, nimber, work)?;
            }
            read_digest(&mut input)?;
            crate::table_file::drop_cached_pages(&file);
        }
        write_digest(out)?;
        Ok(total)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TableFiles;
    use crate::table_file::tests::{NAME, WholeKayles, kayles_by_definition};
    use game_core::search::{Search, SearchLimits};

    fn search() -> Search<'static, WholeKayles> {
        Search::new(&WholeKayles, SearchLimits::new(1 << 26, u64::MAX)).unwrap()
    }

    /// A search of the Kayles rows `rows` (kept whole), its table saved to `path` under `name`.
    /// Returns the search.
    fn searched_to(rows: &[u16], path: &Path, name: &str) -> Search<'static, WholeKayles> {
        let mut search = search();
        let kayles = kayles_by_definition(16);
        let nimber = rows.iter().fold(0, |sum, &row| sum ^ kayles[usize::from(row)]);
        assert_eq!(search.nimber_by_aspiration(&rows.to_vec()).unwrap(), nimber);
        search.save_table_to(path, name, 10).unwrap();
        search
    }

    #[test]
    fn a_merged_file_holds_every_entry_of_its_files_and_a_search_loads_them_all() {
        let scratch = tempfile::tempdir().unwrap();
        let (a, b, merged) =
            (scratch.path().join("a.tbl"), scratch.path().join("b.tbl"), scratch.path().join("m.tbl"));
        let one = searched_to(&[9, 11], &a, NAME);
        let two = searched_to(&[10, 13], &b, NAME);
        let (len_a, len_b) = (one.table_entry_count() as u64, two.table_entry_count() as u64);
        assert_eq!(merge_table_files(&[&a, &b], &merged).unwrap(), len_a + len_b);

        let mut loaded = search();
        let info = loaded.load_table_from(&merged, NAME).unwrap().unwrap();
        assert_eq!((info.nodes, info.entries), (20, len_a + len_b));
        // Every value of both searches is there, and the keys the two share are stored once.
        let mut expected = std::collections::BTreeMap::new();
        for (key, nimber, _) in one.table_entries().chain(two.table_entries()) {
            assert_eq!(*expected.entry(key.clone()).or_insert(nimber), nimber, "{key:?}");
        }
        assert!((expected.len() as u64) < len_a + len_b, "the two searches share some keys");
        assert_eq!(loaded.table_entry_count(), expected.len());
        let held: std::collections::BTreeMap<_, _> =
            loaded.table_entries().map(|(key, nimber, _)| (key.clone(), nimber)).collect();
        assert_eq!(held, expected);
        // So a search of either position from the merged file expands nothing.
        for rows in [vec![9, 11], vec![10, 13]] {
            let before = loaded.stats().nodes;
            loaded.nimber_by_aspiration(&rows).unwrap();
            assert_eq!(loaded.stats().nodes, before, "{rows:?}");
        }
        // One file merges to a copy of its entries; the output may be one of the inputs.
        assert_eq!(merge_table_files(&[&a], &merged).unwrap(), len_a);
        assert_eq!(merge_table_files(&[&merged, &b], &merged).unwrap(), len_a + len_b);
    }

    #[test]
    fn files_that_do_not_merge_are_refused_and_leave_the_output_as_it_was() {
        let scratch = tempfile::tempdir().unwrap();
        let path = |name: &str| scratch.path().join(name);
        searched_to(&[9], &path("a.tbl"), NAME);
        searched_to(&[8], &path("other.tbl"), "another game");
        std::fs::write(path("out.tbl"), b"kept").unwrap();
        let kept = || std::fs::read(path("out.tbl")).unwrap() == b"kept";

        let refused = merge_table_files(&[], &path("out.tbl")).unwrap_err();
        assert!(matches!(refused, TableFileError::Damaged(_)) && kept(), "{refused:?}");
        let other = merge_table_files(&[&path("a.tbl"), &path("other.tbl")], &path("out.tbl"));
        assert_eq!(
            other,
            Err(TableFileError::OtherGame { expected: NAME.into(), found: "another game".into() })
        );
        assert!(kept());
        let missing = merge_table_files(&[&path("a.tbl"), &path("none.tbl")], &path("out.tbl"));
        assert!(matches!(missing, Err(TableFileError::Io(_))) && kept(), "{missing:?}");

        // A file damaged in its last entry: found by the digest, after the header was read.
        let mut damaged = std::fs::read(path("a.tbl")).unwrap();
        let last = damaged.len() - 40;
        damaged[last] ^= 1;
        std::fs::write(path("damaged.tbl"), &damaged).unwrap();
        let damaged = merge_table_files(&[&path("a.tbl"), &path("damaged.tbl")], &path("out.tbl"));
        assert!(matches!(damaged, Err(TableFileError::Damaged(_))) && kept(), "{damaged:?}");
        std::fs::write(path("text.tbl"), b"not a table file at all").unwrap();
        let text = merge_table_files(&[&path("text.tbl")], &path("out.tbl"));
        assert_eq!(text, Err(TableFileError::NotATableFile));
        assert!(kept());
    }
}
