//! Value files: a sequence of values indexed by heap (heap 0, 1, 2, ...) after a short header
//! that names the game, written as a long computation goes and read back to resume it, every
//! byte covered by a checksum so that damage is found, never read as a value.
//!
//! This module knows nothing of any game: the name in the header is the caller's (an octal
//! code such as `0.6`, or `grundy` for Grundy's game), and so is the check that the values are
//! the game's. It gives the header, the blocks and their checksums ([`BlockWriter`],
//! [`BlockReader`]), the checked size arithmetic of a file, plain reading and writing of `u32`
//! values, and the lock that keeps two runs from writing one file ([`lock`]); game-nim writes
//! its octal value files with it and game-takebreak's values go through it in the command line.
//!
//! Layout of version 2 ([`VALUE_FILE_VERSION`], integers little-endian):
//!
//! | offset     | bytes   | content                                                        |
//! |------------|---------|----------------------------------------------------------------|
//! | 0          | 8       | magic [`VALUE_FILE_MAGIC`]: `IGOCTAL` and the byte 0x1a        |
//! | 8          | 1       | version, 2                                                     |
//! | 9          | 1       | width: bytes per value, 1, 2 or 4                              |
//! | 10         | 1       | `L`, the length of the name                                    |
//! | 11         | `L`     | the name of the game in ASCII                                  |
//! | 11 + `L`   | 4       | CRC-32 of the `11 + L` bytes before it                         |
//! | 15 + `L`   | rest    | blocks of [`BLOCK_HEAPS`] values, the last one possibly shorter |
//!
//! A block holds the values of heaps `b * BLOCK_HEAPS ..`, `width` bytes each, and then an
//! 8-byte trailer: the number of values in the block (`u32`) and the CRC-32 of the values, the
//! header's CRC, the block number `b` (`u64`) and the number of values (`u32`). The header's CRC
//! and the block number in every block's checksum make a block of another file, or a block
//! moved within one, fail like a damaged one. Every block but the last holds exactly
//! [`BLOCK_HEAPS`] values; the last one holds at least one.
//!
//! The checksum is CRC-32 (IEEE) from the `crc32fast` crate: it finds every error burst of up to
//! 32 bits and all but 2^-32 of the rest, which is what a check against damage on disk or a
//! file cut short needs (the files guard against accidents, not against someone forging a
//! file; the games' own checks on load, which recompute values by the definition, stand beside
//! it), and it runs at several GB/s, so a resume costs one pass over the file. SHA-256 (used for
//! the search's table files, which are checked whole) would be 20 times slower per byte here.
//!
//! A file whose header or any block fails its checksum, or that ends inside a block, is refused
//! with the first bad block and its heaps ([`ValueFileError::BadBlock`]); a caller that
//! repairs keeps the blocks before it ([`OnDamage::KeepPrefix`]) and computes the rest again.
//! Files of layout version 1 had no checksums: they are refused
//! ([`ValueFileError::Unchecked`]), their values being impossible to check without computing
//! them again. (The magic says `OCTAL` because octal games were the first to use the format.)
//!
//! ```
//! use game_core::value_file::{append_values, read_values, write_values, OnDamage};
//! let path = std::env::temp_dir().join(format!("value-file-doc-{}.bin", std::process::id()));
//! write_values(&path, "grundy", &[0, 0, 0, 1])?;
//! append_values(&path, "grundy", &[0, 0, 0, 1, 0, 2], 4)?;
//! let stored = read_values(&path, "grundy", 0, 1 << 20, OnDamage::Refuse)?;
//! assert_eq!(stored.values, [0, 0, 0, 1, 0, 2]);
//! assert_eq!(stored.width, 1);
//! assert!(read_values(&path, "0.77", 0, 1 << 20, OnDamage::Refuse).is_err()); // another game's name
//! // One byte changed: the block is refused, naming its heaps.
//! let mut bytes = std::fs::read(&path)?;
//! bytes[22] ^= 1; // heap 1 (the header of `grundy` takes 21 bytes)
//! std::fs::write(&path, &bytes)?;
//! let refused = read_values(&path, "grundy", 0, 1 << 20, OnDamage::Refuse).unwrap_err();
//! assert_eq!(refused.to_string(), "block 0 (heaps 0 to 5) does not match its checksum: the file is damaged or was cut short");
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod blocks;
mod lock;

use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::Path;

use thiserror::Error;

pub use blocks::{BlockReader, BlockWriter};
pub use lock::{ValueFileLock, lock};

/// The first 8 bytes of a value file.
pub const VALUE_FILE_MAGIC: [u8; 8] = *b"IGOCTAL\x1a";

/// The layout version of value files written and read here (the layout is in the module doc).
pub const VALUE_FILE_VERSION: u8 = 2;

/// The layout version of the value files written before checksums: refused on load.
pub const UNCHECKED_VERSION: u8 = 1;

/// The bytes of a header before the name: magic, version, width and the name's length.
pub const FIXED_HEADER_BYTES: u64 = 11;

/// The bytes of the header's checksum, after the name.
pub const HEADER_CHECKSUM_BYTES: u64 = 4;

/// Values in every block but the last: 2^16, so that a block is at most 256 KiB and a file
/// cut short loses at most one block's work.
pub const BLOCK_HEAPS: u64 = 1 << 16;

/// The bytes of a block's trailer: the number of values and the checksum.
pub const BLOCK_TRAILER_BYTES: u64 = 8;

/// The longest name a header holds (its length is one byte).
pub const MAX_NAME_BYTES: usize = 255;

/// What can go wrong with a value file: it cannot be read or written, it is not a value file
/// of this layout or of this game, it is damaged, or its sizes do not add up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ValueFileError {
    /// The operating system refused to read or write the file.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// The system's message.
        reason: String,
    },
    /// The file does not start with [`VALUE_FILE_MAGIC`].
    #[error("not a value file (bad magic)")]
    BadMagic,
    /// A layout version this code does not read.
    #[error("layout version {version} (this program reads {VALUE_FILE_VERSION})")]
    BadVersion {
        /// The version in the file.
        version: u8,
    },
    /// A file of layout version 1, which had no checksums: its values cannot be checked.
    #[error(
        "written by an older version without checksums (layout version {version}): its values \
         cannot be checked, so they are not read"
    )]
    Unchecked {
        /// The version in the file.
        version: u8,
    },
    /// The header does not match its checksum.
    #[error("the header does not match its checksum: the file is damaged")]
    HeaderChecksum,
    /// A block does not match its checksum, or the file ends inside it.
    #[error(
        "block {block} (heaps {first_heap} {}) does not match its checksum: the file is damaged or was cut short",
        match last_heap { Some(last) => format!("to {last}"), None => "on".to_string() }
    )]
    BadBlock {
        /// The block's number (from 0).
        block: u64,
        /// Its first heap.
        first_heap: u64,
        /// Its last heap, as far as the file tells (`None` when the file ends before a value).
        last_heap: Option<u64>,
    },
    /// A width other than 1, 2 or 4 bytes per value.
    #[error("width {width} (must be 1, 2 or 4)")]
    BadWidth {
        /// The width in the file (or asked for).
        width: u8,
    },
    /// The file ends inside its header (or is cut before the header's end).
    #[error("shorter than its header")]
    ShorterThanHeader,
    /// The header names another game than the one asked for.
    #[error("holds the values of {found:?}, not {expected}")]
    WrongName {
        /// The name in the file (lossily decoded).
        found: String,
        /// The name asked for.
        expected: String,
    },
    /// A name longer than [`MAX_NAME_BYTES`].
    #[error("a name of {bytes} bytes does not fit in the header (at most {MAX_NAME_BYTES})")]
    NameTooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A size or an offset of the file does not fit in 64 bits (or in this machine's `usize`).
    #[error("the size of {what} overflows")]
    SizeOverflow {
        /// What was being sized.
        what: &'static str,
    },
    /// Reading the values would take more memory than the caller allows.
    #[error("reading {values} values needs {needed} bytes, over the budget of {budget} bytes")]
    OverBudget {
        /// The values in the file.
        values: u64,
        /// The bytes needed.
        needed: u128,
        /// The caller's budget.
        budget: u128,
    },
    /// Another run holds the lock of the file ([`lock`]).
    #[error("another run is writing this value file (it holds {lock}); wait for it to end or stop it")]
    Locked {
        /// The lock file.
        lock: String,
    },
}

impl ValueFileError {
    /// The first heap that a repair computes again, for the damage that a repair mends: a bad
    /// block (its first heap), a damaged header or a file without checksums (heap 0); `None`
    /// for every other error (another game's file, a file that cannot be read, ...).
    ///
    /// ```
    /// use game_core::value_file::ValueFileError;
    /// let bad = ValueFileError::BadBlock { block: 2, first_heap: 131_072, last_heap: None };
    /// assert_eq!(bad.repaired_from(), Some(131_072));
    /// assert_eq!(ValueFileError::HeaderChecksum.repaired_from(), Some(0));
    /// assert_eq!(ValueFileError::BadMagic.repaired_from(), None);
    /// ```
    pub fn repaired_from(&self) -> Option<u64> {
        match self {
            ValueFileError::BadBlock { first_heap, .. } => Some(*first_heap),
            ValueFileError::HeaderChecksum | ValueFileError::Unchecked { .. } => Some(0),
            _ => None,
        }
    }
}

/// What a reader does with a damaged file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnDamage {
    /// Refuse it with the first bad block ([`ValueFileError::BadBlock`]), the damaged header
    /// or the missing checksums.
    Refuse,
    /// Keep the values of the blocks before the first bad one (none if the header is bad or
    /// the file has no checksums), for a caller that computes the rest again: the repair.
    KeepPrefix,
}

/// The header of a value file: the width of its values and the name of its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueFileHeader {
    /// Bytes per value: 1, 2 or 4.
    pub width: u8,
    /// The name of the game, as stored (normally ASCII).
    pub name: Vec<u8>,
}

impl ValueFileHeader {
    /// A header for `name` and `width`, checked.
    ///
    /// # Errors
    /// [`ValueFileError::BadWidth`], [`ValueFileError::NameTooLong`].
    pub fn new(name: &str, width: u8) -> Result<Self, ValueFileError> {
        check_width(width)?;
        if name.len() > MAX_NAME_BYTES {
            return Err(ValueFileError::NameTooLong { bytes: name.len() });
        }
        Ok(Self { width, name: name.as_bytes().to_vec() })
    }

    /// The header's bytes before its checksum.
    fn unchecked_bytes(&self) -> Vec<u8> {
        let mut out = VALUE_FILE_MAGIC.to_vec();
        out.push(VALUE_FILE_VERSION);
        out.push(self.width);
        // At most MAX_NAME_BYTES, checked by `new` and by `read_header`.
        out.push(self.name.len() as u8);
        out.extend_from_slice(&self.name);
        out
    }

    /// The header's CRC-32, which every block's checksum includes.
    pub fn checksum(&self) -> u32 {
        crc32fast::hash(&self.unchecked_bytes())
    }

    /// The header's bytes, its checksum last.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.unchecked_bytes();
        out.extend_from_slice(&crc32fast::hash(&out).to_le_bytes());
        out
    }

    /// The length of the header in bytes: the offset where the first block starts.
    pub fn values_start(&self) -> u64 {
        FIXED_HEADER_BYTES + self.name.len() as u64 + HEADER_CHECKSUM_BYTES
    }

    /// Refuses a header whose name is not `expected`.
    ///
    /// # Errors
    /// [`ValueFileError::WrongName`].
    pub fn expect_name(&self, expected: &str) -> Result<(), ValueFileError> {
        if self.name != expected.as_bytes() {
            return Err(ValueFileError::WrongName {
                found: String::from_utf8_lossy(&self.name).into_owned(),
                expected: expected.to_string(),
            });
        }
        Ok(())
    }
}

fn check_width(width: u8) -> Result<(), ValueFileError> {
    match width {
        1 | 2 | 4 => Ok(()),
        _ => Err(ValueFileError::BadWidth { width }),
    }
}

/// The narrowest width (1, 2 or 4 bytes) that holds `largest`.
///
/// ```
/// use game_core::value_file::width_for;
/// assert_eq!((width_for(255), width_for(256), width_for(65_536)), (1, 2, 4));
/// ```
pub fn width_for(largest: u32) -> u8 {
    match largest {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// Reads and checks a header: magic, version, checksum, width; the name is read whole.
///
/// # Errors
/// [`ValueFileError::ShorterThanHeader`] if the input ends inside it, [`ValueFileError::BadMagic`],
/// [`ValueFileError::Unchecked`] (layout version 1), [`ValueFileError::BadVersion`],
/// [`ValueFileError::HeaderChecksum`], [`ValueFileError::BadWidth`].
pub fn read_header(input: &mut impl Read) -> Result<ValueFileHeader, ValueFileError> {
    let mut head = [0u8; FIXED_HEADER_BYTES as usize];
    input.read_exact(&mut head).map_err(|_| ValueFileError::ShorterThanHeader)?;
    if head[..8] != VALUE_FILE_MAGIC {
        return Err(ValueFileError::BadMagic);
    }
    match head[8] {
        VALUE_FILE_VERSION => {}
        UNCHECKED_VERSION => return Err(ValueFileError::Unchecked { version: UNCHECKED_VERSION }),
        version => return Err(ValueFileError::BadVersion { version }),
    }
    let mut name = vec![0u8; usize::from(head[10])];
    input.read_exact(&mut name).map_err(|_| ValueFileError::ShorterThanHeader)?;
    let mut stored = [0u8; HEADER_CHECKSUM_BYTES as usize];
    input.read_exact(&mut stored).map_err(|_| ValueFileError::ShorterThanHeader)?;
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&head);
    hasher.update(&name);
    if hasher.finalize() != u32::from_le_bytes(stored) {
        return Err(ValueFileError::HeaderChecksum);
    }
    // Checked by the checksum too; a width this code does not write is still refused.
    check_width(head[9])?;
    Ok(ValueFileHeader { width: head[9], name })
}

/// The bytes a block of `values` values of `width` bytes takes in the file, trailer included.
fn block_bytes(values: u64, width: u8) -> Option<u64> {
    values.checked_mul(u64::from(width))?.checked_add(BLOCK_TRAILER_BYTES)
}

/// The most values a file of `file_length` bytes whose header takes `header_length` bytes can
/// give a reader: its full blocks' and what the rest holds before a trailer (exact for an
/// undamaged file), for budgets before reading; checked, since a file can be cut after its
/// header was read.
///
/// ```
/// use game_core::value_file::{most_values, ValueFileError, BLOCK_HEAPS};
/// assert_eq!(most_values(15 + 6 + 8, 15, 2), Ok(3)); // 3 values of 2 bytes and a trailer
/// assert_eq!(most_values(15 + 7, 15, 1), Ok(0)); // less than a trailer: nothing
/// assert_eq!(most_values(15 + BLOCK_HEAPS + 8 + 9, 15, 1), Ok(BLOCK_HEAPS + 1));
/// assert_eq!(most_values(10, 15, 1), Err(ValueFileError::ShorterThanHeader));
/// ```
///
/// # Errors
/// [`ValueFileError::ShorterThanHeader`] if the file is shorter than its header,
/// [`ValueFileError::BadWidth`] for a width other than 1, 2 or 4.
pub fn most_values(file_length: u64, header_length: u64, width: u8) -> Result<u64, ValueFileError> {
    check_width(width)?;
    let payload = file_length.checked_sub(header_length).ok_or(ValueFileError::ShorterThanHeader)?;
    let stride = block_bytes(BLOCK_HEAPS, width).expect("2^16 values of 4 bytes and a trailer");
    let tail = (payload % stride).saturating_sub(BLOCK_TRAILER_BYTES) / u64::from(width);
    Ok(payload / stride * BLOCK_HEAPS + tail)
}

/// The byte offset of heap `heap`'s value in a file whose header takes `header_length` bytes
/// (after the `heap / BLOCK_HEAPS` blocks before it, trailers included): checked, since `heap`
/// times the width can overflow. A writer that goes on from heap `heap` cuts the file there.
///
/// ```
/// use game_core::value_file::{value_offset, ValueFileError, BLOCK_HEAPS};
/// assert_eq!(value_offset(15, 4, 2), Ok(23));
/// assert_eq!(value_offset(15, BLOCK_HEAPS + 1, 1), Ok(15 + BLOCK_HEAPS + 8 + 1));
/// assert!(matches!(value_offset(15, u64::MAX / 2, 4), Err(ValueFileError::SizeOverflow { .. })));
/// ```
///
/// # Errors
/// [`ValueFileError::SizeOverflow`] beyond `u64::MAX`, [`ValueFileError::BadWidth`].
pub fn value_offset(header_length: u64, heap: u64, width: u8) -> Result<u64, ValueFileError> {
    check_width(width)?;
    let overflow = ValueFileError::SizeOverflow { what: "a value file" };
    let blocks = (heap / BLOCK_HEAPS).checked_mul(block_bytes(BLOCK_HEAPS, width).ok_or(overflow.clone())?);
    let within = (heap % BLOCK_HEAPS) * u64::from(width);
    blocks
        .and_then(|bytes| bytes.checked_add(within))
        .and_then(|bytes| bytes.checked_add(header_length))
        .ok_or(overflow)
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> ValueFileError + '_ {
    move |e| ValueFileError::Io { path: path.display().to_string(), reason: e.to_string() }
}

/// Values read from a file, with the width they were stored at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredValues {
    /// Bytes per value in the file.
    pub width: u8,
    /// The values of heaps `0..values.len()`.
    pub values: Vec<u32>,
    /// With [`OnDamage::KeepPrefix`], the damage found: the values from its
    /// [`ValueFileError::repaired_from`] heap on were not read.
    pub damage: Option<ValueFileError>,
}

/// Opens a value file of `name` for reading: its header checked, and its length.
///
/// # Errors
/// [`ValueFileError::Io`], the header's errors ([`read_header`]), [`ValueFileError::WrongName`].
pub fn open(path: &Path, name: &str) -> Result<(ValueFileHeader, BufReader<File>, u64), ValueFileError> {
    let file = File::open(path).map_err(io_error(path))?;
    let length = file.metadata().map_err(io_error(path))?.len();
    let mut input = BufReader::with_capacity(1 << 16, file);
    let header = read_header(&mut input)?;
    header.expect_name(name)?;
    Ok((header, input, length))
}

/// Reads the values of a file written for `name`, as `u32` (4 bytes a value in memory) in a
/// vector with room for at least `room` values (so that a computation that goes on from them
/// does not copy them), refusing before it allocates if that would take more than
/// `budget_bytes`. Every block is checked against its checksum before its values are taken;
/// `on_damage` says whether the first bad one is an error or where the values read stop.
///
/// # Errors
/// [`ValueFileError::Io`], the header's errors ([`read_header`]), [`ValueFileError::WrongName`],
/// [`ValueFileError::SizeOverflow`], [`ValueFileError::OverBudget`], and with
/// [`OnDamage::Refuse`] [`ValueFileError::BadBlock`].
pub fn read_values(
    path: &Path,
    name: &str,
    room: usize,
    budget_bytes: u128,
    on_damage: OnDamage,
) -> Result<StoredValues, ValueFileError> {
    let (header, input, length) = match open(path, name) {
        Err(damage) if on_damage == OnDamage::KeepPrefix && damage.repaired_from() == Some(0) => {
            let width = 1;
            return Ok(StoredValues { width, values: Vec::with_capacity(room), damage: Some(damage) });
        }
        other => other?,
    };
    let count = most_values(length, header.values_start(), header.width)?;
    let needed = u128::from(count).max(room as u128) * 4;
    if needed > budget_bytes {
        return Err(ValueFileError::OverBudget { values: count, needed, budget: budget_bytes });
    }
    let count =
        usize::try_from(count).map_err(|_| ValueFileError::SizeOverflow { what: "the values read" })?;
    let width = usize::from(header.width);
    let mut values = Vec::with_capacity(count.max(room));
    let mut blocks = BlockReader::new(input, &header, length);
    let damage = loop {
        match blocks.next_block() {
            Ok(Some(bytes)) => values.extend(bytes.chunks_exact(width).map(|c| {
                let mut le = [0u8; 4];
                le[..width].copy_from_slice(c);
                u32::from_le_bytes(le)
            })),
            Ok(None) => break None,
            Err(damage) if on_damage == OnDamage::KeepPrefix && damage.repaired_from().is_some() => {
                break Some(damage);
            }
            Err(ValueFileError::Io { reason, .. }) => {
                return Err(ValueFileError::Io { path: path.display().to_string(), reason });
            }
            Err(other) => return Err(other),
        }
    };
    Ok(StoredValues { width: header.width, values, damage })
}

/// Writes `values` as little-endian bytes of `width` through `out`. Every value fits: the
/// callers choose the width from the largest value ([`width_for`]).
fn write_payload(out: &mut impl Write, values: &[u32], width: u8) -> std::io::Result<()> {
    let mut buffer = Vec::with_capacity(1 << 16);
    for chunk in values.chunks(1 << 14) {
        buffer.clear();
        for value in chunk {
            buffer.extend_from_slice(&value.to_le_bytes()[..usize::from(width)]);
        }
        out.write_all(&buffer)?;
    }
    Ok(())
}

/// Writes a whole file anew for `name`: the header (at the narrowest width of the values,
/// [`width_for`]) and every value in checked blocks, through a temporary file (`PATH.partial`)
/// renamed over `path`, so that a file is never left half-written by this call. Returns the
/// width.
///
/// # Errors
/// [`ValueFileError::Io`], [`ValueFileError::NameTooLong`].
pub fn write_values(path: &Path, name: &str, values: &[u32]) -> Result<u8, ValueFileError> {
    let width = width_for(values.iter().copied().max().unwrap_or(0));
    let header = ValueFileHeader::new(name, width)?;
    write_whole(path, &header, |out| write_payload(out, values, width))?;
    Ok(width)
}

/// Writes a whole file anew through `PATH.partial` renamed over `path`: `header`, then the
/// value bytes that `payload` writes, cut into checked blocks ([`BlockWriter`]).
///
/// # Errors
/// [`ValueFileError::Io`].
pub fn write_whole(
    path: &Path,
    header: &ValueFileHeader,
    payload: impl FnOnce(&mut BlockWriter<&mut File>) -> std::io::Result<()>,
) -> Result<(), ValueFileError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = Path::new(&temporary);
    let mut file = File::create(temporary).map_err(io_error(path))?;
    file.write_all(&header.to_bytes()).map_err(io_error(path))?;
    let mut blocks = BlockWriter::new(&mut file, header, 0, &[]).map_err(io_error(path))?;
    payload(&mut blocks).map_err(io_error(path))?;
    blocks.finish().map_err(io_error(path))?;
    file.sync_all().map_err(io_error(path))?;
    fs::rename(temporary, path).map_err(io_error(path))
}

/// Brings a file whose header is `header` up to heap `from` and beyond: cuts the file at
/// heap `from` (the last block's trailer, or anything after it), then writes through
/// `payload` the value bytes of heaps `from..`, the block of heap `from` checked again from
/// `block_prefix`, the bytes of its values before `from` (already in the file).
///
/// # Errors
/// [`ValueFileError::Io`], [`ValueFileError::SizeOverflow`].
pub fn append_whole(
    path: &Path,
    header: &ValueFileHeader,
    from: u64,
    block_prefix: &[u8],
    payload: impl FnOnce(&mut BlockWriter<&mut File>) -> std::io::Result<()>,
) -> Result<(), ValueFileError> {
    let end = value_offset(header.values_start(), from, header.width)?;
    let mut file = OpenOptions::new().write(true).open(path).map_err(io_error(path))?;
    file.set_len(end).map_err(io_error(path))?;
    drop(file);
    file = OpenOptions::new().append(true).open(path).map_err(io_error(path))?;
    let mut blocks = BlockWriter::new(&mut file, header, from, block_prefix).map_err(io_error(path))?;
    payload(&mut blocks).map_err(io_error(path))?;
    blocks.finish().map_err(io_error(path))?;
    file.sync_all().map_err(io_error(path))
}

/// The first heap of the block that holds heap `heap`.
pub fn block_start(heap: u64) -> u64 {
    heap - heap % BLOCK_HEAPS
}

/// Brings the file of `name` up to `values`, of which heaps `0..from` are already stored: the
/// values of heaps `from..` are appended after cutting what follows heap `from - 1` (the last
/// block's trailer, a partial value, damage dropped by a repair), or, if one of them does not
/// fit the file's width, the whole file is written anew at a wider one ([`write_values`]).
/// Returns the width of the file.
///
/// # Errors
/// [`ValueFileError::Io`], the header's errors, [`ValueFileError::WrongName`],
/// [`ValueFileError::SizeOverflow`].
pub fn append_values(path: &Path, name: &str, values: &[u32], from: usize) -> Result<u8, ValueFileError> {
    let (header, _, _) = open(path, name)?;
    let new = values.get(from..).unwrap_or_default();
    if width_for(new.iter().copied().max().unwrap_or(0)) > header.width {
        return write_values(path, name, values);
    }
    let first = block_start(from as u64) as usize;
    let mut prefix = Vec::new();
    write_payload(&mut prefix, &values[first..from], header.width).map_err(io_error(path))?;
    append_whole(path, &header, from as u64, &prefix, |out| write_payload(out, new, header.width))?;
    Ok(header.width)
}

#[cfg(test)]
mod tests;
