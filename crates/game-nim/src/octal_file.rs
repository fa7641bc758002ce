//! Octal Grundy values streamed to a binary file, and resumed from it
//! ([`OctalGame::grundy_file_within`]).
//!
//! The layout is documented at [`VALUE_FILE_VERSION`]. A file is rewritten whole (through a
//! temporary file renamed over it) when its values outgrow the width; otherwise new values are
//! appended, at checkpoints every eighth of the heaps done (at least 2^20 heaps), so a stopped
//! run loses at most the heaps since the last checkpoint.
//!
//! Resuming trusts the values in the file: it checks the magic, version, width and code, not
//! the values (a file written by this module for the same code holds exact values).

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

use crate::sparse::{self, Cells, GrundyTable, narrow_table_bytes};
use crate::{CellWidth, Limits, NimError, OctalGame};

/// The first 8 bytes of a value file.
pub const VALUE_FILE_MAGIC: [u8; 8] = *b"IGOCTAL\x1a";

/// The layout version of value files written and read by [`OctalGame::grundy_file_within`].
///
/// Layout of version 1 (integers little-endian):
///
/// | offset     | bytes   | content                                                        |
/// |------------|---------|----------------------------------------------------------------|
/// | 0          | 8       | magic [`VALUE_FILE_MAGIC`]: `IGOCTAL` and the byte 0x1a        |
/// | 8          | 1       | version, 1                                                     |
/// | 9          | 1       | width: bytes per value, 1, 2 or 4                              |
/// | 10         | 1       | `L`, the length of the code                                    |
/// | 11         | `L`     | the code in ASCII, canonical as [`OctalGame`]'s `Display`      |
/// | 11 + `L`   | rest    | the values of heaps 0, 1, 2, ..., `width` bytes each           |
///
/// The number of heaps is the payload length divided by the width; a partial value at the end
/// (a write cut short) is ignored and overwritten on resume.
pub const VALUE_FILE_VERSION: u8 = 1;

/// The fewest heaps between two checkpoints.
const MIN_CHECKPOINT: usize = 1 << 20;

/// The number of heaps in the file after the next checkpoint, from `done` heaps: an eighth more,
/// at least [`MIN_CHECKPOINT`] more, at most every heap up to `up_to`.
fn next_checkpoint(done: usize, up_to: usize) -> usize {
    (done + (done / 8).max(MIN_CHECKPOINT)).min(up_to + 1)
}

fn file_error(path: &Path, reason: impl std::fmt::Display) -> NimError {
    NimError::ValueFile { path: path.display().to_string(), reason: reason.to_string() }
}

fn header(code: &str, width: u8) -> Vec<u8> {
    let mut out = VALUE_FILE_MAGIC.to_vec();
    out.push(VALUE_FILE_VERSION);
    out.push(width);
    // A canonical code has at most 2 + MAX_CODE_DIGITS = 66 bytes.
    out.push(code.len() as u8);
    out.extend_from_slice(code.as_bytes());
    out
}

/// Reads the values of a file written for `code`, checking its header, into a table with room
/// for heaps `0..=up_to`. The bytes are checked against `limits` before the table is allocated:
/// the values read when the file holds every heap asked for, else the whole table at the
/// file's width ([`narrow_table_bytes`]), so that a run that cannot finish is refused at the
/// start, not after hours of work.
fn read_values(path: &Path, code: &str, up_to: usize, limits: &Limits) -> Result<Cells, NimError> {
    let mut file = File::open(path).map_err(|e| file_error(path, e))?;
    let mut head = [0u8; 11];
    file.read_exact(&mut head).map_err(|_| file_error(path, "shorter than the header"))?;
    if head[..8] != VALUE_FILE_MAGIC {
        return Err(file_error(path, "not an octal value file (bad magic)"));
    }
    if head[8] != VALUE_FILE_VERSION {
        return Err(file_error(path, format!("layout version {} (this program reads 1)", head[8])));
    }
    let width = head[9];
    let cell = match width {
        1 => CellWidth::U8,
        2 => CellWidth::U16,
        4 => CellWidth::U32,
        _ => return Err(file_error(path, format!("width {width} (must be 1, 2 or 4)"))),
    };
    let mut stored = vec![0u8; head[10] as usize];
    file.read_exact(&mut stored).map_err(|_| file_error(path, "shorter than its header says"))?;
    if stored != code.as_bytes() {
        return Err(file_error(
            path,
            format!("holds the values of {:?}, not {code}", String::from_utf8_lossy(&stored)),
        ));
    }
    let payload = file.metadata().map_err(|e| file_error(path, e))?.len() - 11 - stored.len() as u64;
    let heaps = payload / width as u64;
    if heaps > up_to as u64 {
        limits.check_bytes(|| format!("reading {}", path.display()), heaps as u128 * width as u128)?;
    } else {
        limits.check_bytes(
            || format!("{} heaps up to {up_to} from {}", code, path.display()),
            narrow_table_bytes(up_to as u64, cell),
        )?;
    }
    let heaps = usize::try_from(heaps).map_err(|_| file_error(path, "too many heaps for this machine"))?;
    let room = heaps.max(up_to + 1);
    let mut file = std::io::BufReader::with_capacity(1 << 16, file);
    let mut read = |bytes: &mut [u8]| file.read_exact(bytes).map_err(|e| file_error(path, e));
    Ok(match cell {
        CellWidth::U8 => {
            let mut values = Vec::with_capacity(room);
            values.resize(heaps, 0u8);
            read(&mut values)?;
            Cells::U8(values)
        }
        CellWidth::U16 => Cells::U16(read_wide(heaps, room, &mut read, u16::from_le_bytes)?),
        CellWidth::U32 => Cells::U32(read_wide(heaps, room, &mut read, u32::from_le_bytes)?),
    })
}

/// Reads `heaps` values of `N` bytes each into a vector with room for `room`, in chunks of
/// 64 KiB, so that no byte copy of the whole table is held beside it.
fn read_wide<T, const N: usize>(
    heaps: usize,
    room: usize,
    read: &mut impl FnMut(&mut [u8]) -> Result<(), NimError>,
    from_le_bytes: fn([u8; N]) -> T,
) -> Result<Vec<T>, NimError> {
    let mut values = Vec::with_capacity(room);
    let mut chunk = vec![0u8; 1 << 16];
    while values.len() < heaps {
        let count = (heaps - values.len()).min(chunk.len() / N);
        let bytes = &mut chunk[..count * N];
        read(bytes)?;
        values.extend(bytes.chunks_exact(N).map(|c| from_le_bytes(c.try_into().expect("chunks of N bytes"))));
    }
    Ok(values)
}

/// Writes the whole file anew (header and every value), through a temporary file.
fn write_all(path: &Path, code: &str, table: &GrundyTable) -> Result<(), NimError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let mut file = File::create(&temporary).map_err(|e| file_error(path, e))?;
    file.write_all(&header(code, table.width().bytes())).map_err(|e| file_error(path, e))?;
    table.write_le_bytes(0, &mut file).map_err(|e| file_error(path, e))?;
    file.sync_all().map_err(|e| file_error(path, e))?;
    fs::rename(&temporary, path).map_err(|e| file_error(path, e))
}

/// Appends the values of heaps `from..` of `table`, after cutting a partial value at the end.
fn append(path: &Path, code: &str, table: &GrundyTable, from: usize) -> Result<(), NimError> {
    let width = table.width().bytes() as u64;
    let file = OpenOptions::new().write(true).open(path).map_err(|e| file_error(path, e))?;
    file.set_len(header(code, width as u8).len() as u64 + from as u64 * width)
        .map_err(|e| file_error(path, e))?;
    drop(file);
    let mut file = OpenOptions::new().append(true).open(path).map_err(|e| file_error(path, e))?;
    table.write_le_bytes(from, &mut file).map_err(|e| file_error(path, e))?;
    file.sync_all().map_err(|e| file_error(path, e))
}

impl OctalGame {
    /// Grundy values of heaps `0..=up_to` as [`Self::grundy_table_within`], streamed to the
    /// binary file `path` (layout at [`VALUE_FILE_VERSION`]) and resumed from it: the
    /// values already in the file (written for the same code) are read, not computed again, and
    /// the new ones are appended at checkpoints as they are computed. The whole table is also
    /// kept in memory (the computation reads old values), so the memory is as for
    /// [`Self::grundy_table_within`], checked before each allocation.
    ///
    /// # Errors
    /// [`NimError::ValueFile`] if the file cannot be read or written, or holds another code, a
    /// bad magic, version or width; the errors of [`Self::grundy_table_within`].
    pub fn grundy_file_within(
        &self,
        up_to: u64,
        path: &Path,
        limits: &Limits,
    ) -> Result<GrundyTable, NimError> {
        let too_large = || NimError::HeapTooLarge { size: up_to, max: crate::MAX_NARROW_TABLE_HEAP - 1 };
        if up_to >= crate::MAX_NARROW_TABLE_HEAP {
            return Err(too_large());
        }
        let up_to = usize::try_from(up_to).map_err(|_| too_large())?;
        let code = self.to_string();
        let moves = self.moves_by_kind();
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let mut table = if path.exists() {
            GrundyTable::from_cells(read_values(path, &code, up_to, limits)?)
        } else {
            limits.check_bytes(what, narrow_table_bytes(up_to as u64, CellWidth::U8))?;
            // Room for every heap at once: the checkpoints then never copy the table.
            let empty = GrundyTable::from_cells(Cells::U8(Vec::with_capacity(up_to + 1)));
            write_all(path, &code, &empty)?;
            empty
        };
        let mut written = table.len();
        while table.len() <= up_to {
            let done = table.len();
            let target = next_checkpoint(done, up_to);
            let width = table.width();
            table = GrundyTable::from_cells(
                sparse::compute_from(&moves, table.into_cells(), target - 1, limits, &what)?.cells,
            );
            if table.width() == width {
                append(path, &code, &table, written)?;
            } else {
                write_all(path, &code, &table)?;
            }
            written = table.len();
        }
        // A file may hold more heaps than asked for.
        table.truncate(up_to + 1);
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_come_every_eighth_and_at_least_every_2_20_heaps() {
        let far = usize::MAX / 2;
        assert_eq!(next_checkpoint(0, far), 1 << 20);
        assert_eq!(next_checkpoint(1 << 20, far), 2 << 20);
        assert_eq!(next_checkpoint(1 << 23, far), (1 << 23) + (1 << 20));
        assert_eq!(next_checkpoint(1 << 24, far), (1 << 24) + (1 << 21));
        assert_eq!(next_checkpoint((1 << 24) + 7, far), (1 << 24) + 7 + (1 << 21));
        // The last one is the end.
        assert_eq!(next_checkpoint(5, 10), 11);
        assert_eq!(next_checkpoint(1 << 24, (1 << 24) + 5), (1 << 24) + 6);
    }
}
