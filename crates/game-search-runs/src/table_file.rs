//! Table files: the values a search found, saved so that a later search (another process, a
//! later day) starts where this one stopped.
//!
//! A search of a big position runs for hours or days; its progress is its table, the nimbers
//! of the components it has finished. [`TableFiles::save_table`] writes them to a file and
//! [`TableFiles::load_table`] puts them into the table of a new search, which then asks its
//! question again: everything finished is answered from the table, and the search goes on
//! from the positions that were still open (the open positions themselves are not saved; their
//! finished parts are). A stored value is the nimber of the position it is stored with, true
//! whatever version of the game's code found it, so a table file stays valid when the search
//! changes, as long as the game's positions mean the same.
//!
//! What is saved: the entries of the table's slots (key, nimber, work), as game-core's
//! `Search::table_entries` gives them (not the values of components with a dense index, nor
//! the cache of refuted values), and one figure of provenance: the positions the searches
//! behind the values expanded, summed over the sittings. The file carries data, not a log of
//! its runs: who ran what when belongs in a record's README, not in gigabytes of table.
//!
//! Layout of version 2 ([`TABLE_FILE_VERSION`], integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic [`TABLE_FILE_MAGIC`]: `IGTABLE` and the byte 0x1a |
//! | 1 | version, 2 |
//! | 2 + `L` | `L`, then the caller's name of the game and position (UTF-8) |
//! | 8 | the positions expanded by the searches behind the values, over all sittings |
//! | 8 | `N`, the number of entries |
//! | `N` times | the key's length `K` (2 bytes), the key (`K` bytes, serde's postcard encoding), its nimber (4), its work (4) |
//! | 32 | the SHA-256 of every byte before it |
//!
//! Reading checks the magic, version and name before anything else, decodes each key with the
//! game's `Deserialize` (which must refuse a value that is not a position of the game), and
//! checks the digest at the end: a file cut short or damaged is a typed error and leaves the
//! search with an empty table, never with values that were not written. The digest guards
//! against damage, not against a forger: load the files your own searches wrote.
//!
//! The encoding of the keys is postcard's (a serde format, compact and stable by its own
//! specification) rather than one written here; the header, the length prefixes and the digest
//! are this module's because they are what lets a reader refuse a file before trusting it.
//!
//! Version 1 had a free note (up to 1 MiB, the history of the runs) where version 2 has the
//! count of positions: its files are still read (the note skipped, the count 0), and written
//! as version 2 when saved again, merged or cut.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use thiserror::Error;

use game_core::SearchGame;
use game_core::search::{Search, SearchError};

/// The first 8 bytes of a table file.
pub const TABLE_FILE_MAGIC: [u8; 8] = *b"IGTABLE\x1a";

/// The layout version written here (the layout is in the module doc); version 1 is read too.
pub const TABLE_FILE_VERSION: u8 = 2;

/// The longest note a table file of version 1 held.
const MAX_V1_NOTE_BYTES: usize = 1 << 20;

/// Why a table file could not be written or read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableFileError {
    /// Reading or writing failed.
    #[error("table file: {0}")]
    Io(String),
    /// The file does not start as a table file.
    #[error("not a table file (its first bytes are not those of one)")]
    NotATableFile,
    /// Written in a layout this build does not read.
    #[error("table file of layout version {found}; this build reads version {TABLE_FILE_VERSION}")]
    Version {
        /// The file's version.
        found: u8,
    },
    /// The file holds the values of another game or position.
    #[error("the table file is of {found:?}, not of {expected:?}")]
    OtherGame {
        /// The name asked for.
        expected: String,
        /// The name in the file.
        found: String,
    },
    /// A name too long for the layout.
    #[error("the name has {bytes} bytes; a table file holds at most {max}")]
    TooLong {
        /// Its length.
        bytes: usize,
        /// The most the layout holds.
        max: usize,
    },
    /// The file is cut short or damaged.
    #[error("the table file is damaged: {0}")]
    Damaged(String),
    /// A key that cannot be written.
    #[error("a position cannot be encoded: {0}")]
    Encode(String),
    /// The table could not be emptied after a failed load.
    #[error(transparent)]
    Search(#[from] SearchError),
}

impl From<io::Error> for TableFileError {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::UnexpectedEof {
            TableFileError::Damaged(String::from("it ends before its last entry and digest"))
        } else {
            TableFileError::Io(error.to_string())
        }
    }
}

/// What a table file held and what the search kept of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableFileInfo {
    /// The caller's name of the game and position.
    pub name: String,
    /// Positions the searches behind the values expanded, over all sittings (0 in a file of
    /// version 1).
    pub nodes: u64,
    /// Entries in the file.
    pub entries: u64,
    /// Entries the table holds after loading (fewer than `entries` when the budget holds
    /// fewer: the costlier are kept, as in a search).
    pub kept: u64,
}

/// The header of a table file: what [`read_table_file_header`] reads without its entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableFileHeader {
    /// The caller's name of the game and position.
    pub name: String,
    /// Positions the searches behind the values expanded, over all sittings (0 in a file of
    /// version 1).
    pub nodes: u64,
    /// Entries in the file, as its header counts them.
    pub entries: u64,
}

/// The name, count of positions and count of entries of the table file at `path`, read from its header
/// alone: O(1) whatever the file's size, and the entries and the digest are not checked (a
/// load or a merge checks them).
///
/// # Errors
/// [`TableFileError::NotATableFile`], [`TableFileError::Version`] and
/// [`TableFileError::Damaged`] (a file that ends inside its header) as
/// [`TableFiles::load_table`] gives them; [`TableFileError::Io`] when the file cannot be opened
/// or read.
pub fn read_table_file_header(path: &Path) -> Result<TableFileHeader, TableFileError> {
    let (mut input, header) = read_header(File::open(path)?, None)?;
    let entries = read_entry_count(&mut input)?;
    Ok(TableFileHeader { entries, ..header })
}

/// Everything written goes into the digest too.
pub(super) struct Hashing<W> {
    inner: W,
    digest: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.digest.update(&bytes[..written]);
        Ok(written)
    }
    // Never called: `write_digest` takes the writer out of its `Hashing` before the final flush.
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.digest.update(&buffer[..read]);
        Ok(read)
    }
}

fn read_array<const N: usize>(input: &mut impl Read) -> Result<[u8; N], TableFileError> {
    let mut bytes = [0; N];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// `len` bytes of UTF-8 text.
fn read_text(input: &mut impl Read, len: usize, what: &str) -> Result<String, TableFileError> {
    let mut bytes = vec![0; len];
    input.read_exact(&mut bytes)?;
    String::from_utf8(bytes).map_err(|_| TableFileError::Damaged(format!("its {what} is not UTF-8")))
}

/// Table files of a [`Search`]: its values saved to a file and loaded by a later search (see
/// the module doc). Implemented for every search whose positions serde writes and reads.
pub trait TableFiles {
    /// Writes the values in the table to `out` as a table file under the caller's `name` (of
    /// the game and position: a later [`TableFiles::load_table`] must give the same), with
    /// `nodes`, the positions the searches behind the values expanded (the earlier sittings'
    /// and this one's). Returns the entries written. Cost: one pass over the table; the file
    /// takes about 10 bytes plus a key's encoding per entry.
    ///
    /// # Errors
    /// [`TableFileError::TooLong`] for a name over 65 535 bytes; [`TableFileError::Io`] when
    /// writing fails; [`TableFileError::Encode`] for a key serde cannot encode or whose
    /// encoding passes 65 535 bytes.
    fn save_table(&self, out: impl Write, name: &str, nodes: u64) -> Result<u64, TableFileError>;

    /// Reads a table file written by [`TableFiles::save_table`] under `name` and stores its
    /// values in this search's table, within its budget (when the file holds more than the
    /// budget does, the table keeps the costlier entries, as a search does). Cost: one pass over
    /// the file; memory: the table's (allocated once, for the file's entries within the budget,
    /// when this search's table is still empty), and one key at a time.
    ///
    /// # Errors
    /// [`TableFileError::NotATableFile`], [`TableFileError::Version`] or
    /// [`TableFileError::OtherGame`] before anything is stored; [`TableFileError::Damaged`]
    /// (cut short, a key the game refuses, a nimber out of range, more bytes after the digest,
    /// or a digest that does not match) or [`TableFileError::Io`] later: then the table is
    /// emptied, so nothing of a bad file stays.
    fn load_table(&mut self, input: impl Read, name: &str) -> Result<TableFileInfo, TableFileError>;

    /// [`TableFiles::save_table`] to the file at `path`, so that a stop while saving (a kill, a
    /// full disk, a power cut) keeps the file that was there: the table is written beside it,
    /// to `path` with `.partial` appended, synced to the disk, and renamed over `path`. A
    /// write that fails removes its partial file. Returns the entries written.
    ///
    /// # Errors
    /// Those of [`TableFiles::save_table`]; [`TableFileError::Io`] when the file cannot be
    /// created, synced or renamed (`path` is then as it was).
    fn save_table_to(&self, path: &Path, name: &str, nodes: u64) -> Result<u64, TableFileError> {
        write_whole(path, |file| self.save_table(file, name, nodes))
    }

    /// [`TableFiles::load_table`] from the file at `path` if there is one: `Ok(None)` when
    /// there is no file (a first sitting), the table unchanged.
    ///
    /// # Errors
    /// Those of [`TableFiles::load_table`]; [`TableFileError::Io`] when the file exists but
    /// cannot be opened.
    fn load_table_from(&mut self, path: &Path, name: &str) -> Result<Option<TableFileInfo>, TableFileError> {
        match File::open(path) {
            Ok(file) => {
                let loaded = self.load_table(&file, name).map(Some);
                drop_cached_pages(&file);
                loaded
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// Checkpoints: saves the table to `path` every `every` of wall time while a search runs,
    /// as [`TableFiles::save_table_to`] does (written beside, synced, renamed over), under
    /// `name`, its count of positions `nodes_before` (the earlier sittings') plus those the
    /// search has expanded. A checkpoint is taken between two nodes, where every value in the
    /// table is final (game-core's `Search::with_checkpoint`), so a file saved then is as good
    /// as one saved at the end, and a kill loses at most `every` of work. The caller still
    /// saves at the end. Cost: one pass over the table and a write of its file per checkpoint.
    /// A checkpoint that cannot save stops the search with `SearchError::CheckpointFailed`,
    /// naming the file; the file that was there is as it was.
    fn with_checkpoints(self, path: &Path, name: &str, nodes_before: u64, every: Duration) -> Self
    where
        Self: Sized;
}

impl<'g, G: SearchGame> TableFiles for Search<'g, G>
where
    G::Position: Serialize + DeserializeOwned,
{
    fn with_checkpoints(self, path: &Path, name: &str, nodes_before: u64, every: Duration) -> Self {
        let (path, name, mut last) = (path.to_owned(), name.to_owned(), Instant::now());
        self.with_checkpoint(move |search: &Search<'g, G>| {
            if last.elapsed() < every {
                return Ok(());
            }
            let nodes = nodes_before.saturating_add(search.stats().nodes);
            let saved = search.save_table_to(&path, &name, nodes);
            last = Instant::now();
            saved.map(|_| ()).map_err(|error| format!("{}: {error}", path.display()))
        })
    }

    fn save_table(&self, out: impl Write, name: &str, nodes: u64) -> Result<u64, TableFileError> {
        let entries = self.table_entry_count() as u64;
        let mut out = write_header(out, name, nodes, entries)?;
        let mut key_bytes = Vec::new();
        let mut written = 0u64;
        for (key, nimber, work) in self.table_entries() {
            key_bytes.clear();
            key_bytes =
                postcard::to_extend(key, key_bytes).map_err(|e| TableFileError::Encode(e.to_string()))?;
            write_entry(&mut out, &key_bytes, nimber, work)?;
            written += 1;
        }
        debug_assert_eq!(written, entries);
        write_digest(out)?;
        Ok(written)
    }

    fn load_table(&mut self, input: impl Read, name: &str) -> Result<TableFileInfo, TableFileError> {
        let (mut input, header) = read_header(input, Some(name))?;
        match load_entries(self, &mut input) {
            Ok(entries) => Ok(TableFileInfo {
                name: header.name,
                nodes: header.nodes,
                entries,
                kept: self.table_entry_count() as u64,
            }),
            Err(error) => {
                self.clear_table()?;
                Err(error)
            }
        }
    }
}

/// The entries, the digest and the end of a table file after its header, into `search`.
fn load_entries<G: SearchGame, R: Read>(
    search: &mut Search<'_, G>,
    input: &mut Hashing<R>,
) -> Result<u64, TableFileError>
where
    G::Position: DeserializeOwned,
{
    let entries = read_entry_count(input)?;
    // One allocation of the size the entries need, within the budget, instead of doubling
    // into it. A damaged count costs at most the budget's slots, which the damage found below
    // gives back.
    search.reserve_table(entries);
    let mut key_bytes = Vec::new();
    for _ in 0..entries {
        let (nimber, work) = read_entry(input, &mut key_bytes)?;
        let key: G::Position = postcard::from_bytes(&key_bytes)
            .map_err(|e| TableFileError::Damaged(format!("a key does not decode: {e}")))?;
        // `read_entry` refused the nimbers `preload` refuses.
        let stored = search.preload(&key, nimber, u64::from(work));
        debug_assert!(stored);
    }
    read_digest(input)?;
    Ok(entries)
}

/// Writes a table file's header (magic, version, `name`, `nodes` and the number of `entries`
/// to follow) to `out`, and returns `out` buffered and hashed for the entries.
///
/// # Errors
/// [`TableFileError::TooLong`] for a name over 65 535 bytes (nothing written then);
/// [`TableFileError::Io`] when writing fails.
pub(super) fn write_header<W: Write>(
    out: W,
    name: &str,
    nodes: u64,
    entries: u64,
) -> Result<Hashing<io::BufWriter<W>>, TableFileError> {
    let name_len = u16::try_from(name.len())
        .map_err(|_| TableFileError::TooLong { bytes: name.len(), max: usize::from(u16::MAX) })?;
    let mut out = Hashing { inner: io::BufWriter::with_capacity(1 << 20, out), digest: Sha256::new() };
    out.write_all(&TABLE_FILE_MAGIC)?;
    out.write_all(&[TABLE_FILE_VERSION])?;
    out.write_all(&name_len.to_le_bytes())?;
    out.write_all(name.as_bytes())?;
    out.write_all(&nodes.to_le_bytes())?;
    out.write_all(&entries.to_le_bytes())?;
    Ok(out)
}

/// The bytes of a table file's header with a name of `name_bytes` ([`write_header`]'s):
/// magic, version, the name's length, the name, the count of positions and the entry count.
pub(super) fn header_bytes(name_bytes: usize) -> u64 {
    (8 + 1 + 2 + 8 + 8) + name_bytes as u64
}

/// The bytes of a table file's digest.
pub(super) const DIGEST_BYTES: u64 = 32;

/// The bytes an entry whose key is encoded in `key_bytes` takes in a table file: the key's
/// length, the key, its nimber and its work.
pub(super) fn entry_bytes(key_bytes: usize) -> u64 {
    2 + key_bytes as u64 + 4 + 4
}

/// Writes one entry: the key's encoding `key`, its `nimber` and its `work`.
///
/// # Errors
/// [`TableFileError::Encode`] for a key over 65 535 bytes; [`TableFileError::Io`].
pub(super) fn write_entry<W: Write>(
    out: &mut Hashing<W>,
    key: &[u8],
    nimber: u32,
    work: u32,
) -> Result<(), TableFileError> {
    let len = u16::try_from(key.len())
        .map_err(|_| TableFileError::Encode(format!("a key takes {} bytes, over 65 535", key.len())))?;
    out.write_all(&len.to_le_bytes())?;
    out.write_all(key)?;
    out.write_all(&nimber.to_le_bytes())?;
    out.write_all(&work.to_le_bytes())?;
    Ok(())
}

/// Writes the digest of everything written to `out` and flushes it.
pub(super) fn write_digest<W: Write>(out: Hashing<io::BufWriter<W>>) -> Result<(), TableFileError> {
    let digest = out.digest.finalize();
    let mut inner = out.inner;
    inner.write_all(&digest)?;
    inner.flush()?;
    Ok(())
}

/// Reads a table file's header from `input`, checking its magic, its version and, when
/// `expected` is given, its name: `input` buffered and hashed for the entry count and the
/// entries, and the header (its `entries` 0, not read yet).
///
/// # Errors
/// [`TableFileError::NotATableFile`], [`TableFileError::Version`],
/// [`TableFileError::OtherGame`] (checked before the rest is read) or
/// [`TableFileError::Damaged`].
pub(super) fn read_header<R: Read>(
    input: R,
    expected: Option<&str>,
) -> Result<(Hashing<io::BufReader<R>>, TableFileHeader), TableFileError> {
    let mut input = Hashing { inner: io::BufReader::with_capacity(1 << 20, input), digest: Sha256::new() };
    if read_array::<8>(&mut input).ok() != Some(TABLE_FILE_MAGIC) {
        return Err(TableFileError::NotATableFile);
    }
    let [version] = read_array::<1>(&mut input)?;
    if version != TABLE_FILE_VERSION && version != 1 {
        return Err(TableFileError::Version { found: version });
    }
    let name_len = u16::from_le_bytes(read_array(&mut input)?);
    let found = read_text(&mut input, usize::from(name_len), "name")?;
    if let Some(expected) = expected.filter(|&expected| expected != found) {
        return Err(TableFileError::OtherGame { expected: expected.to_owned(), found });
    }
    let nodes = if version == 1 {
        let note_len = u32::from_le_bytes(read_array(&mut input)?) as usize;
        if note_len > MAX_V1_NOTE_BYTES {
            return Err(TableFileError::Damaged(format!("its note claims {note_len} bytes")));
        }
        read_text(&mut input, note_len, "note")?;
        0
    } else {
        u64::from_le_bytes(read_array(&mut input)?)
    };
    Ok((input, TableFileHeader { name: found, nodes, entries: 0 }))
}

/// The number of entries that follow a header.
pub(super) fn read_entry_count<R: Read>(input: &mut Hashing<R>) -> Result<u64, TableFileError> {
    Ok(u64::from_le_bytes(read_array(input)?))
}

/// Reads one entry: its key's encoding into `key` (replacing what was there), its nimber and
/// its work.
///
/// # Errors
/// [`TableFileError::Damaged`] when the file ends inside it or its nimber is one no component
/// has (the table's own mark for "none stored" and the one above it).
pub(super) fn read_entry<R: Read>(
    input: &mut Hashing<R>,
    key: &mut Vec<u8>,
) -> Result<(u32, u32), TableFileError> {
    let len = u16::from_le_bytes(read_array(input)?);
    key.resize(usize::from(len), 0);
    input.read_exact(key)?;
    let nimber = u32::from_le_bytes(read_array(input)?);
    let work = u32::from_le_bytes(read_array(input)?);
    if nimber >= u32::MAX - 1 {
        return Err(TableFileError::Damaged(format!("a nimber of {nimber}")));
    }
    Ok((nimber, work))
}

/// Reads the digest after the last entry and checks it, and that the file ends there.
pub(super) fn read_digest<R: Read>(input: &mut Hashing<R>) -> Result<(), TableFileError> {
    let computed = input.digest.clone().finalize();
    let mut stored = [0u8; 32];
    input.inner.read_exact(&mut stored)?;
    if computed.as_slice() != stored {
        return Err(TableFileError::Damaged(String::from("its digest does not match its contents")));
    }
    if input.inner.read(&mut [0u8; 1])? != 0 {
        return Err(TableFileError::Damaged(String::from("bytes follow its digest")));
    }
    Ok(())
}

/// Writes the file at `path` with `write`, so that a stop while writing (a kill, a full
/// disk, a power cut) keeps the file that was there: `write` writes to `path` with
/// `.partial` appended, which is synced to the disk and renamed over `path`. A write that
/// fails removes its partial file. Returns what `write` returned.
pub(super) fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut File) -> Result<u64, TableFileError>,
) -> Result<u64, TableFileError> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let mut file = File::create(&partial)?;
    let written = write(&mut file).and_then(|entries| {
        file.sync_all()?;
        Ok(entries)
    });
    drop_cached_pages(&file);
    drop(file);
    match written {
        Ok(entries) => {
            std::fs::rename(&partial, path)?;
            Ok(entries)
        }
        Err(error) => {
            // A failed write (a full disk) must not leave a file as large as the table
            // behind: the space is what the next save needs.
            let _ = std::fs::remove_file(&partial);
            Err(error)
        }
    }
}

/// Tells the system that the pages of `file` it caches will not be read again (they are
/// clean: read, or written and synced). A table file is as large as the table it holds, read
/// or written once per sitting; left in the page cache it takes the memory a table of the same
/// size needs in whole 2 MiB blocks (game-core's table asks for huge pages), and the table falls back
/// to small pages. A hint only: a refusal changes nothing, and off Linux nothing is done.
pub(super) fn drop_cached_pages(file: &File) {
    #[cfg(target_os = "linux")]
    {
        let dropped = rustix::fs::fadvise(file, 0, None, rustix::fs::Advice::DontNeed);
        // Refused (a file system that keeps no cache): nothing to drop.
        let _ = dropped;
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use game_core::Game;
    use game_core::search::SearchLimits;

    /// Kayles: take one pin or two adjacent pins from a row, which may split it.
    struct Kayles;

    impl Game for Kayles {
        type Position = Vec<u16>;
        fn moves(&self, rows: &Vec<u16>) -> Vec<Vec<u16>> {
            let mut out = Vec::new();
            for (i, &row) in rows.iter().enumerate() {
                let rest = || rows.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &r)| r);
                for take in 1..=2.min(row) {
                    for left in 0..=(row - take) / 2 {
                        let mut option: Vec<u16> =
                            rest().chain([left, row - take - left]).filter(|&r| r > 0).collect();
                        option.sort_unstable();
                        out.push(option);
                    }
                }
            }
            out
        }
    }

    impl SearchGame for Kayles {
        fn components(&self, rows: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
            out.extend(rows.iter().filter(|&&r| r > 0).map(|&r| vec![r]));
        }
    }

    pub(crate) const NAME: &str = "kayles rows";

    /// Kayles values of rows 0..=n by the definition: the mex over the options, each the XOR
    /// of its two rows.
    pub(crate) fn kayles_by_definition(n: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::new();
        for row in 0..=n {
            let mut seen = vec![false; 2 * n + 4];
            for take in 1..=2.min(row) {
                for left in 0..=(row - take) / 2 {
                    seen[(values[left] ^ values[row - take - left]) as usize] = true;
                }
            }
            values.push(seen.iter().position(|&s| !s).unwrap() as u32);
        }
        values
    }

    fn searched(row: u16) -> (Search<'static, Kayles>, u32) {
        let mut search = Search::new(&Kayles, SearchLimits::new(1 << 26, u64::MAX)).unwrap();
        let nimber = search.nimber_by_aspiration(&vec![row]).unwrap();
        (search, nimber)
    }

    fn saved(search: &Search<'_, Kayles>) -> Vec<u8> {
        let mut file = Vec::new();
        let written = search.save_table(&mut file, NAME, 1234).unwrap();
        assert_eq!(written, search.table_entry_count() as u64);
        assert!(written > 50);
        file
    }

    fn fresh() -> Search<'static, Kayles> {
        Search::new(&Kayles, SearchLimits::new(1 << 26, u64::MAX)).unwrap()
    }

    #[test]
    fn a_loaded_table_answers_without_search() {
        let kayles = kayles_by_definition(71);
        let (search, nimber) = searched(70);
        assert_eq!(nimber, kayles[70]);
        let file = saved(&search);
        let mut again = fresh();
        let info = again.load_table(file.as_slice(), NAME).unwrap();
        assert_eq!((info.name.as_str(), info.nodes), (NAME, 1234));
        assert_eq!(info.entries, search.table_entry_count() as u64);
        assert_eq!(info.kept, info.entries);
        assert_eq!(again.stats().components_cached, info.entries);
        assert_eq!(again.nimber_by_aspiration(&vec![70]).unwrap(), kayles[70]);
        assert_eq!(again.stats().nodes, 0);
        // A larger row goes on from the loaded values: fewer nodes than from nothing.
        let mut cold = fresh();
        assert_eq!(cold.nimber_by_aspiration(&vec![71]).unwrap(), kayles[71]);
        assert_eq!(again.nimber_by_aspiration(&vec![71]).unwrap(), kayles[71]);
        assert!(
            again.stats().nodes < cold.stats().nodes / 10,
            "{} vs {}",
            again.stats().nodes,
            cold.stats().nodes
        );
    }

    #[test]
    fn a_table_is_loaded_into_slots_sized_once_for_its_entries() {
        // 5 000 made-up entries (the file checks its digest, not the values): doubling would
        // reach its size by steps, loading allocates it once, for half load.
        let mut search = fresh();
        for row in 0..5_000u16 {
            assert!(search.preload(&vec![row], u32::from(row % 7), 1));
        }
        let file = saved(&search);
        let mut again = fresh();
        let info = again.load_table(file.as_slice(), NAME).unwrap();
        assert_eq!((info.entries, info.kept), (5_000, 5_000));
        // Sized once: 16 384 home slots for 5 000 entries at half load, where doubling from
        // 1 024 by three quarters would stop at 8 192.
        let slots = again.stats().table_bytes;
        assert!(slots > 16_384 * 24 && slots < 2 * 16_384 * 24, "{slots} bytes");
        let table: std::collections::BTreeMap<_, _> =
            again.table_entries().map(|(key, nimber, _)| (key[0], nimber)).collect();
        assert!((0..5_000u16).all(|row| table.get(&row) == Some(&u32::from(row % 7))));
    }

    #[test]
    fn another_name_or_layout_is_refused_before_anything_is_stored() {
        let (search, _) = searched(70);
        let file = saved(&search);
        let mut other = fresh();
        assert_eq!(
            other.load_table(file.as_slice(), "dawson"),
            Err(TableFileError::OtherGame { expected: "dawson".into(), found: NAME.into() })
        );
        let mut version = file.clone();
        version[8] = 3;
        assert_eq!(other.load_table(version.as_slice(), NAME), Err(TableFileError::Version { found: 3 }));
        assert_eq!(other.load_table(&b"IGOCTAL\x1a"[..], NAME), Err(TableFileError::NotATableFile));
        assert_eq!(other.load_table(&[][..], NAME), Err(TableFileError::NotATableFile));
        assert_eq!(other.stats().components_cached, 0);
    }

    /// A damaged file is refused and leaves an empty table, wherever the damage is.
    #[test]
    fn damage_anywhere_in_the_entries_empties_the_table() {
        let (search, _) = searched(60);
        let file = saved(&search);
        let entries_start = 8 + 1 + 2 + NAME.len();
        let mut failures = 0;
        for at in entries_start..file.len() {
            let mut damaged = file.clone();
            damaged[at] ^= 0x10;
            let mut loaded = fresh();
            // Some values stored first, to see them go.
            loaded.nimber_by_aspiration(&vec![5]).unwrap();
            match loaded.load_table(damaged.as_slice(), NAME) {
                Err(TableFileError::Damaged(_)) => failures += 1,
                other => panic!("byte {at} changed: {other:?}"),
            }
            assert_eq!(loaded.stats().components_cached, 0, "byte {at}");
            assert_eq!(loaded.nimber_by_aspiration(&vec![60]).unwrap(), kayles_by_definition(60)[60]);
        }
        assert_eq!(failures, file.len() - entries_start);
        for cut in [entries_start, file.len() / 2, file.len() - 1] {
            assert!(
                matches!(fresh().load_table(&file[..cut], NAME), Err(TableFileError::Damaged(_))),
                "cut at {cut}"
            );
        }
        let mut longer = file.clone();
        longer.push(0);
        assert!(matches!(fresh().load_table(longer.as_slice(), NAME), Err(TableFileError::Damaged(_))));
    }

    /// A file whose digest matches but holds a nimber no component has (the table's own mark
    /// for "none stored" and the one above it) is refused.
    #[test]
    fn a_nimber_out_of_range_is_refused_even_with_a_good_digest() {
        let (search, _) = searched(60);
        let file = saved(&search);
        let entries_start = 8 + 1 + 2 + NAME.len() + 8 + 8;
        let key_len = usize::from(u16::from_le_bytes([file[entries_start], file[entries_start + 1]]));
        let nimber_at = entries_start + 2 + key_len;
        for nimber in [u32::MAX - 1, u32::MAX] {
            let mut forged = file[..file.len() - 32].to_vec();
            forged[nimber_at..nimber_at + 4].copy_from_slice(&nimber.to_le_bytes());
            let digest = Sha256::digest(&forged);
            forged.extend_from_slice(&digest);
            assert_eq!(
                fresh().load_table(forged.as_slice(), NAME),
                Err(TableFileError::Damaged(format!("a nimber of {nimber}")))
            );
        }
        // The same surgery with an ordinary nimber is accepted: the test forges correctly.
        let mut forged = file[..file.len() - 32].to_vec();
        forged[nimber_at..nimber_at + 4].copy_from_slice(&(u32::MAX - 2).to_le_bytes());
        let digest = Sha256::digest(&forged);
        forged.extend_from_slice(&digest);
        assert!(fresh().load_table(forged.as_slice(), NAME).is_ok());
    }

    #[test]
    fn long_names_are_refused() {
        let (search, _) = searched(10);
        let long = "x".repeat(70_000);
        assert_eq!(
            search.save_table(Vec::new(), &long, 0),
            Err(TableFileError::TooLong { bytes: 70_000, max: 65_535 })
        );
    }

    /// A file of version 1 (a note where version 2 has the count of positions) is read, its
    /// note skipped; one whose note claims more than version 1 held is refused.
    #[test]
    fn a_file_of_version_1_is_read() {
        let (search, nimber) = searched(60);
        let file = saved(&search);
        let note = b"history of the runs\n";
        let mut old = file[..8].to_vec();
        old.push(1);
        old.extend_from_slice(&file[9..11 + NAME.len()]);
        old.extend_from_slice(&(note.len() as u32).to_le_bytes());
        old.extend_from_slice(note);
        old.extend_from_slice(&file[11 + NAME.len() + 8..file.len() - 32]);
        let digest = Sha256::digest(&old);
        old.extend_from_slice(&digest);
        let mut loaded = fresh();
        let info = loaded.load_table(old.as_slice(), NAME).unwrap();
        assert_eq!((info.nodes, info.entries), (0, search.table_entry_count() as u64));
        assert_eq!(loaded.nimber_by_aspiration(&vec![60]).unwrap(), nimber);
        assert_eq!(loaded.stats().nodes, 0);
        let mut huge = old[..11 + NAME.len()].to_vec();
        huge.extend_from_slice(&(MAX_V1_NOTE_BYTES as u32 + 1).to_le_bytes());
        assert!(matches!(fresh().load_table(huge.as_slice(), NAME), Err(TableFileError::Damaged(_))));
    }

    #[test]
    fn a_file_on_disk_is_replaced_whole_or_not_at_all() {
        let scratch = tempfile::tempdir().unwrap();
        let path = scratch.path().join("kayles.tbl");
        // No file yet: a first sitting, nothing loaded.
        let mut first = fresh();
        assert_eq!(first.load_table_from(&path, NAME), Ok(None));
        assert_eq!(first.stats().components_cached, 0);
        let (search, nimber) = searched(40);
        let written = search.save_table_to(&path, NAME, 1).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), saved_with(&search, 1));
        let info = first.load_table_from(&path, NAME).unwrap().unwrap();
        assert_eq!((info.entries, info.kept, info.nodes), (written, written, 1));
        assert_eq!(first.nimber_by_aspiration(&vec![40]).unwrap(), nimber);
        assert_eq!(first.stats().nodes, 0);
        // A leftover partial file of a stopped save is written over.
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        std::fs::write(&partial, b"left by a kill").unwrap();
        search.save_table_to(&path, NAME, 2).unwrap();
        assert!(!std::path::Path::new(&partial).exists());
        assert_eq!(std::fs::read(&path).unwrap(), saved_with(&search, 2));
        // A save that fails while writing leaves the file as it was and no partial file.
        let too_long = "n".repeat(70_000);
        assert!(matches!(search.save_table_to(&path, &too_long, 3), Err(TableFileError::TooLong { .. })));
        assert!(!std::path::Path::new(&partial).exists());
        assert_eq!(std::fs::read(&path).unwrap(), saved_with(&search, 2));
        // A save that cannot write its partial file leaves the file as it was.
        std::fs::create_dir(&partial).unwrap();
        assert!(matches!(search.save_table_to(&path, NAME, 3), Err(TableFileError::Io(_))));
        assert_eq!(std::fs::read(&path).unwrap(), saved_with(&search, 2));
        // A path that cannot be opened, or is no table file, is an error, not a first sitting.
        let under_a_file = path.join("x.tbl");
        assert!(matches!(fresh().load_table_from(&under_a_file, NAME), Err(TableFileError::Io(_))));
        assert_eq!(fresh().load_table_from(scratch.path(), NAME), Err(TableFileError::NotATableFile));
    }

    #[test]
    fn a_header_is_read_without_the_entries() {
        let scratch = tempfile::tempdir().unwrap();
        let path = scratch.path().join("kayles.tbl");
        let (search, _) = searched(40);
        let written = search.save_table_to(&path, NAME, 77).unwrap();
        assert!(written > 10, "{written}");
        let header = read_table_file_header(&path).unwrap();
        assert_eq!(header, TableFileHeader { name: NAME.to_owned(), nodes: 77, entries: written });
        // The entries are not read: a file cut after its count still gives its header.
        let bytes = std::fs::read(&path).unwrap();
        let header_len = header_bytes(NAME.len()) as usize;
        std::fs::write(&path, &bytes[..header_len]).unwrap();
        assert_eq!(read_table_file_header(&path).unwrap().entries, written);
        // Cut inside its count, or no table file, or none at all: errors.
        std::fs::write(&path, &bytes[..header_len - 1]).unwrap();
        assert!(matches!(read_table_file_header(&path), Err(TableFileError::Damaged(_))));
        std::fs::write(&path, b"not a table").unwrap();
        assert_eq!(read_table_file_header(&path), Err(TableFileError::NotATableFile));
        assert!(matches!(read_table_file_header(&scratch.path().join("none")), Err(TableFileError::Io(_))));
    }

    fn saved_with(search: &Search<'_, Kayles>, nodes: u64) -> Vec<u8> {
        let mut file = Vec::new();
        search.save_table(&mut file, NAME, nodes).unwrap();
        file
    }

    /// Kayles kept whole (no components), so that its searches take many nodes.
    pub(crate) struct WholeKayles;

    impl Game for WholeKayles {
        type Position = Vec<u16>;
        fn moves(&self, rows: &Vec<u16>) -> Vec<Vec<u16>> {
            Kayles.moves(rows)
        }
    }

    impl SearchGame for WholeKayles {}

    #[test]
    fn checkpoints_save_the_table_while_the_search_runs() {
        let scratch = tempfile::tempdir().unwrap();
        let path = scratch.path().join("kayles.tbl");
        let position = vec![12, 13, 14];
        let kayles = kayles_by_definition(14);
        let nimber = kayles[12] ^ kayles[13] ^ kayles[14];
        let limits = SearchLimits::new(1 << 26, u64::MAX);
        let mut cold = Search::new(&WholeKayles, limits).unwrap();
        assert_eq!(cold.nimber_by_aspiration(&position).unwrap(), nimber);
        let nodes = cold.stats().nodes;
        assert!(nodes > 3 * 16_384, "{nodes} nodes");
        let mut checked = Search::new(&WholeKayles, limits).unwrap().with_checkpoints(
            &path,
            NAME,
            1_000,
            std::time::Duration::ZERO,
        );
        assert_eq!(checked.nimber_by_aspiration(&position).unwrap(), nimber);
        // Same search, same nodes: a checkpoint does not disturb it.
        assert_eq!(checked.stats().nodes, nodes);
        // The last checkpoint came at the last multiple of 16 384 nodes.
        let mut resumed = Search::new(&WholeKayles, limits).unwrap();
        let info = resumed.load_table_from(&path, NAME).unwrap().unwrap();
        let last = nodes / 16_384 * 16_384;
        assert_eq!(info.nodes, 1_000 + last);
        assert!(info.kept > 0);
        assert_eq!(resumed.nimber_by_aspiration(&position).unwrap(), nimber);
        assert!(resumed.stats().nodes < nodes - last + 16_384, "{} nodes", resumed.stats().nodes);
        // A checkpoint that cannot write stops the search with a typed error.
        let nowhere = scratch.path().join("no such folder").join("kayles.tbl");
        let mut failing = Search::new(&WholeKayles, limits).unwrap().with_checkpoints(
            &nowhere,
            NAME,
            0,
            std::time::Duration::ZERO,
        );
        assert!(matches!(
            failing.nimber_by_aspiration(&position),
            Err(SearchError::CheckpointFailed { message }) if message.starts_with(&nowhere.display().to_string())
        ));
        assert_eq!(failing.stats().nodes, 16_384);
        // None is due before its time.
        let mut later = Search::new(&WholeKayles, limits).unwrap().with_checkpoints(
            &nowhere,
            NAME,
            0,
            std::time::Duration::from_secs(3_600),
        );
        assert_eq!(later.nimber_by_aspiration(&position).unwrap(), nimber);
    }
}
