//! Value files: a sequence of values indexed by heap (heap 0, 1, 2, ...) after a short header
//! that names the game, written as a long computation goes and read back to resume it.
//!
//! This module knows nothing of any game: the name in the header is the caller's (an octal
//! code such as `0.6`, or `grundy` for Grundy's game), and so is the check that the values are
//! the game's. It gives the header, the checked size arithmetic of a file, and plain reading
//! and writing of `u32` values; game-nim writes its octal value files with it and game-takebreak's
//! values go through it in the command line.
//!
//! Layout of version 1 ([`VALUE_FILE_VERSION`], integers little-endian):
//!
//! | offset     | bytes   | content                                                        |
//! |------------|---------|----------------------------------------------------------------|
//! | 0          | 8       | magic [`VALUE_FILE_MAGIC`]: `IGOCTAL` and the byte 0x1a        |
//! | 8          | 1       | version, 1                                                     |
//! | 9          | 1       | width: bytes per value, 1, 2 or 4                              |
//! | 10         | 1       | `L`, the length of the name                                    |
//! | 11         | `L`     | the name of the game in ASCII                                  |
//! | 11 + `L`   | rest    | the values of heaps 0, 1, 2, ..., `width` bytes each           |
//!
//! The number of heaps is the payload length divided by the width ([`stored_value_count`]); a
//! partial value at the end (a write cut short) is ignored and overwritten on resume. (The
//! magic says `OCTAL` because octal games were the first to use the format; it is kept so that
//! every file written before stays readable.)
//!
//! ```
//! use game_core::value_file::{append_values, read_values, write_values};
//! let path = std::env::temp_dir().join(format!("value-file-doc-{}.bin", std::process::id()));
//! write_values(&path, "grundy", &[0, 0, 0, 1])?;
//! append_values(&path, "grundy", &[0, 0, 0, 1, 0, 2], 4)?;
//! let stored = read_values(&path, "grundy", 0, 1 << 20)?;
//! assert_eq!(stored.values, [0, 0, 0, 1, 0, 2]);
//! assert_eq!(stored.width, 1);
//! assert!(read_values(&path, "0.77", 0, 1 << 20).is_err()); // another game's name
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), game_core::value_file::ValueFileError>(())
//! ```

use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::Path;

use thiserror::Error;

/// The first 8 bytes of a value file.
pub const VALUE_FILE_MAGIC: [u8; 8] = *b"IGOCTAL\x1a";

/// The layout version of value files written and read here (the layout is in the module doc).
pub const VALUE_FILE_VERSION: u8 = 1;

/// The bytes of a header before the name: magic, version, width and the name's length.
pub const FIXED_HEADER_BYTES: u64 = 11;

/// The longest name a header holds (its length is one byte).
pub const MAX_NAME_BYTES: usize = 255;

/// What can go wrong with a value file: it cannot be read or written, it is not a value file
/// of this layout or of this game, or its sizes do not add up.
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

    /// The header's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = VALUE_FILE_MAGIC.to_vec();
        out.push(VALUE_FILE_VERSION);
        out.push(self.width);
        // At most MAX_NAME_BYTES, checked by `new` and by `read_header`.
        out.push(self.name.len() as u8);
        out.extend_from_slice(&self.name);
        out
    }

    /// The length of the header in bytes: the offset where the values start.
    pub fn values_start(&self) -> u64 {
        FIXED_HEADER_BYTES + self.name.len() as u64
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

/// Reads and checks a header: magic, version, width; the name is read whole.
///
/// # Errors
/// [`ValueFileError::ShorterThanHeader`] if the input ends inside it, [`ValueFileError::BadMagic`],
/// [`ValueFileError::BadVersion`], [`ValueFileError::BadWidth`].
pub fn read_header(input: &mut impl Read) -> Result<ValueFileHeader, ValueFileError> {
    let mut head = [0u8; FIXED_HEADER_BYTES as usize];
    input.read_exact(&mut head).map_err(|_| ValueFileError::ShorterThanHeader)?;
    if head[..8] != VALUE_FILE_MAGIC {
        return Err(ValueFileError::BadMagic);
    }
    if head[8] != VALUE_FILE_VERSION {
        return Err(ValueFileError::BadVersion { version: head[8] });
    }
    check_width(head[9])?;
    let mut name = vec![0u8; usize::from(head[10])];
    input.read_exact(&mut name).map_err(|_| ValueFileError::ShorterThanHeader)?;
    Ok(ValueFileHeader { width: head[9], name })
}

/// The number of whole values in a file of `file_length` bytes whose header takes
/// `header_length` bytes: checked, since a file can be cut after its header was read (a
/// partial value at the end does not count).
///
/// ```
/// use game_core::value_file::{stored_value_count, ValueFileError};
/// assert_eq!(stored_value_count(11 + 4 + 9, 15, 2), Ok(4)); // 9 bytes: 4 values and a half
/// assert_eq!(stored_value_count(10, 15, 1), Err(ValueFileError::ShorterThanHeader));
/// ```
///
/// # Errors
/// [`ValueFileError::ShorterThanHeader`] if the file is shorter than its header,
/// [`ValueFileError::BadWidth`] for a width other than 1, 2 or 4.
pub fn stored_value_count(file_length: u64, header_length: u64, width: u8) -> Result<u64, ValueFileError> {
    check_width(width)?;
    let payload = file_length.checked_sub(header_length).ok_or(ValueFileError::ShorterThanHeader)?;
    Ok(payload / u64::from(width))
}

/// The byte offset of heap `heap`'s value in a file whose header takes `header_length` bytes:
/// checked, since `heap` times the width can overflow.
///
/// ```
/// use game_core::value_file::{value_offset, ValueFileError};
/// assert_eq!(value_offset(15, 4, 2), Ok(23));
/// assert!(matches!(value_offset(15, u64::MAX / 2, 4), Err(ValueFileError::SizeOverflow { .. })));
/// ```
///
/// # Errors
/// [`ValueFileError::SizeOverflow`] beyond `u64::MAX`, [`ValueFileError::BadWidth`].
pub fn value_offset(header_length: u64, heap: u64, width: u8) -> Result<u64, ValueFileError> {
    check_width(width)?;
    heap.checked_mul(u64::from(width))
        .and_then(|bytes| bytes.checked_add(header_length))
        .ok_or(ValueFileError::SizeOverflow { what: "a value file" })
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
}

/// Reads the values of a file written for `name`, as `u32` (4 bytes a value in memory) in a
/// vector with room for at least `room` values (so that a computation that goes on from them
/// does not copy them), refusing before it allocates if that would take more than
/// `budget_bytes`.
///
/// # Errors
/// [`ValueFileError::Io`], the header's errors ([`read_header`]), [`ValueFileError::WrongName`],
/// [`ValueFileError::SizeOverflow`], [`ValueFileError::OverBudget`].
pub fn read_values(
    path: &Path,
    name: &str,
    room: usize,
    budget_bytes: u128,
) -> Result<StoredValues, ValueFileError> {
    let file = File::open(path).map_err(io_error(path))?;
    let length = file.metadata().map_err(io_error(path))?.len();
    let mut input = BufReader::with_capacity(1 << 16, file);
    let header = read_header(&mut input)?;
    header.expect_name(name)?;
    let count = stored_value_count(length, header.values_start(), header.width)?;
    let needed = u128::from(count).max(room as u128) * 4;
    if needed > budget_bytes {
        return Err(ValueFileError::OverBudget { values: count, needed, budget: budget_bytes });
    }
    let count =
        usize::try_from(count).map_err(|_| ValueFileError::SizeOverflow { what: "the values read" })?;
    let width = usize::from(header.width);
    let mut values = Vec::with_capacity(count.max(room));
    let mut chunk = vec![0u8; 1 << 16];
    while values.len() < count {
        let take = (count - values.len()).min(chunk.len() / width);
        let bytes = &mut chunk[..take * width];
        // The file may have been cut since its length was read: an error, not a short table.
        input.read_exact(bytes).map_err(io_error(path))?;
        values.extend(bytes.chunks_exact(width).map(|c| {
            let mut le = [0u8; 4];
            le[..width].copy_from_slice(c);
            u32::from_le_bytes(le)
        }));
    }
    Ok(StoredValues { width: header.width, values })
}

/// Appends `values` as little-endian bytes of `width` to `out`. Every value fits: the callers
/// choose the width from the largest value ([`width_for`]).
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
/// [`width_for`]) and every value, through a temporary file (`PATH.partial`) renamed over
/// `path`, so that a file is never left half-written by this call. Returns the width.
///
/// # Errors
/// [`ValueFileError::Io`], [`ValueFileError::NameTooLong`].
pub fn write_values(path: &Path, name: &str, values: &[u32]) -> Result<u8, ValueFileError> {
    let width = width_for(values.iter().copied().max().unwrap_or(0));
    let header = ValueFileHeader::new(name, width)?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = Path::new(&temporary);
    let mut file = File::create(temporary).map_err(io_error(path))?;
    file.write_all(&header.to_bytes()).map_err(io_error(path))?;
    write_payload(&mut file, values, width).map_err(io_error(path))?;
    file.sync_all().map_err(io_error(path))?;
    fs::rename(temporary, path).map_err(io_error(path))?;
    Ok(width)
}

/// Brings the file of `name` up to `values`, of which heaps `0..from` are already stored: the
/// values of heaps `from..` are appended after cutting what follows heap `from - 1` (a partial
/// value), or, if one of them does not fit the file's width, the whole file is written anew
/// at a wider one ([`write_values`]). Returns the width of the file.
///
/// # Errors
/// [`ValueFileError::Io`], the header's errors, [`ValueFileError::WrongName`],
/// [`ValueFileError::SizeOverflow`].
pub fn append_values(path: &Path, name: &str, values: &[u32], from: usize) -> Result<u8, ValueFileError> {
    let mut file = File::open(path).map_err(io_error(path))?;
    let header = read_header(&mut file)?;
    header.expect_name(name)?;
    drop(file);
    let new = values.get(from..).unwrap_or_default();
    if width_for(new.iter().copied().max().unwrap_or(0)) > header.width {
        return write_values(path, name, values);
    }
    let end = value_offset(header.values_start(), from as u64, header.width)?;
    let file = OpenOptions::new().write(true).open(path).map_err(io_error(path))?;
    file.set_len(end).map_err(io_error(path))?;
    drop(file);
    let mut file = OpenOptions::new().append(true).open(path).map_err(io_error(path))?;
    write_payload(&mut file, new, header.width).map_err(io_error(path))?;
    file.sync_all().map_err(io_error(path))?;
    Ok(header.width)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("game-core-value-file-{}-{name}.bin", std::process::id()))
    }

    /// The size arithmetic of the reader at its extremes: a file shorter than its header (cut
    /// after the header was read), offsets whose product with the width overflows 64 bits, and
    /// widths that are not 1, 2 or 4, each a typed error rather than a wrapped number.
    #[test]
    fn size_arithmetic_fails_typed_at_the_extremes() {
        assert_eq!(stored_value_count(0, FIXED_HEADER_BYTES, 1), Err(ValueFileError::ShorterThanHeader));
        assert_eq!(stored_value_count(u64::MAX - 1, u64::MAX, 4), Err(ValueFileError::ShorterThanHeader));
        assert_eq!(stored_value_count(u64::MAX, 0, 1), Ok(u64::MAX));
        assert_eq!(stored_value_count(u64::MAX, 11, 4), Ok((u64::MAX - 11) / 4));
        assert_eq!(stored_value_count(20, 11, 4), Ok(2));
        assert_eq!(stored_value_count(20, 11, 3), Err(ValueFileError::BadWidth { width: 3 }));
        let overflow = Err(ValueFileError::SizeOverflow { what: "a value file" });
        assert_eq!(value_offset(11, u64::MAX, 2), overflow);
        assert_eq!(value_offset(11, u64::MAX / 4 + 1, 4), overflow);
        assert_eq!(value_offset(u64::MAX, 1, 1), overflow);
        assert_eq!(value_offset(u64::MAX - 4, 1, 4), Ok(u64::MAX));
        assert_eq!(value_offset(3, u64::MAX / 4, 4), Ok(u64::MAX));
        assert_eq!(value_offset(4, u64::MAX / 4, 4), overflow);
        assert_eq!(value_offset(11, 1, 0), Err(ValueFileError::BadWidth { width: 0 }));
    }

    #[test]
    fn headers_round_trip_and_bad_ones_are_refused() {
        let header = ValueFileHeader::new("0.6", 2).unwrap();
        let bytes = header.to_bytes();
        assert_eq!(bytes.len() as u64, header.values_start());
        assert_eq!(read_header(&mut bytes.as_slice()).unwrap(), header);
        assert!(header.expect_name("0.6").is_ok());
        assert!(matches!(header.expect_name("0.7"), Err(ValueFileError::WrongName { .. })));
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert_eq!(read_header(&mut bad.as_slice()), Err(ValueFileError::BadMagic));
        let mut bad = bytes.clone();
        bad[8] = 2;
        assert_eq!(read_header(&mut bad.as_slice()), Err(ValueFileError::BadVersion { version: 2 }));
        let mut bad = bytes.clone();
        bad[9] = 8;
        assert_eq!(read_header(&mut bad.as_slice()), Err(ValueFileError::BadWidth { width: 8 }));
        assert_eq!(read_header(&mut &bytes[..12]), Err(ValueFileError::ShorterThanHeader));
        assert_eq!(read_header(&mut &bytes[..5]), Err(ValueFileError::ShorterThanHeader));
        assert_eq!(
            ValueFileHeader::new(&"x".repeat(256), 1),
            Err(ValueFileError::NameTooLong { bytes: 256 })
        );
        assert_eq!(ValueFileHeader::new("g", 3), Err(ValueFileError::BadWidth { width: 3 }));
    }

    #[test]
    fn values_are_written_appended_widened_and_read_back() {
        let path = scratch("round-trip");
        let mut values: Vec<u32> = (0..1000).map(|n| n % 7).collect();
        assert_eq!(write_values(&path, "g", &values[..10]).unwrap(), 1);
        assert_eq!(append_values(&path, "g", &values, 10).unwrap(), 1);
        assert_eq!(
            read_values(&path, "g", 0, 1 << 20).unwrap(),
            StoredValues { width: 1, values: values.clone() }
        );
        // A value of 300 widens the file to 2 bytes, 70 000 to 4.
        values.push(300);
        assert_eq!(append_values(&path, "g", &values, 1000).unwrap(), 2);
        values.push(70_000);
        assert_eq!(append_values(&path, "g", &values, 1001).unwrap(), 4);
        assert_eq!(read_values(&path, "g", 0, 1 << 20).unwrap().values, values);
        // A partial value at the end (a write cut short) is not read, and is overwritten.
        let length = fs::metadata(&path).unwrap().len();
        let file = OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(length - 2).unwrap();
        drop(file);
        assert_eq!(read_values(&path, "g", 0, 1 << 20).unwrap().values, values[..values.len() - 1]);
        assert_eq!(append_values(&path, "g", &values, values.len() - 1).unwrap(), 4);
        assert_eq!(read_values(&path, "g", 0, 1 << 20).unwrap().values, values);
        // The budget is checked before the values are read.
        assert!(matches!(
            read_values(&path, "g", 0, 100),
            Err(ValueFileError::OverBudget { values: 1002, .. })
        ));
        // Room asked for counts too: 2000 values of 4 bytes are over a budget of 7999 bytes.
        assert!(matches!(
            read_values(&path, "g", 2000, 7999),
            Err(ValueFileError::OverBudget { needed: 8000, .. })
        ));
        assert!(read_values(&path, "g", 2000, 8000).unwrap().values.capacity() >= 2000);
        assert!(matches!(read_values(&path, "h", 0, 1 << 20), Err(ValueFileError::WrongName { .. })));
        assert!(matches!(append_values(&path, "h", &values, 0), Err(ValueFileError::WrongName { .. })));
        fs::remove_file(&path).unwrap();
        assert!(matches!(read_values(&path, "g", 0, 1 << 20), Err(ValueFileError::Io { .. })));
        // More values than one chunk of 64 KiB holds (70 000 of 2 bytes), read back in order.
        let long: Vec<u32> = (0..70_000).map(|n| n % 1000).collect();
        assert_eq!(write_values(&path, "g", &long).unwrap(), 2);
        assert_eq!(read_values(&path, "g", 0, 1 << 20).unwrap().values, long);
        let bytes = fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 12 + 2 * 70_000);
        assert_eq!(bytes[12 + 2 * 69_999..], 999u16.to_le_bytes());
        fs::remove_file(&path).unwrap();
    }
}
