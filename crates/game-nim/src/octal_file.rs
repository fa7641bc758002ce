//! Octal Grundy values streamed to a binary file, and resumed from it
//! ([`OctalGame::grundy_file_within`]).
//!
//! The layout is game-core's generic one ([`game_core::value_file`]), the name being the code.
//! A file is rewritten whole (through a temporary file renamed over it) when its values outgrow
//! the width; otherwise new values are appended, at checkpoints every 128th of the heaps asked for (at least 2^16 heaps), so a run
//! that is killed loses at most the heaps since the last checkpoint, and one stopped by its
//! observer loses nothing.
//!
//! Resuming checks the magic, version, width, code and length of the file, and recomputes by
//! the definition the values of the first 1024 heaps and of eight heaps spread over the rest
//! from the file's own values: a file of another program, or one damaged in places, is refused
//! in most cases (a check of every value would cost as much as computing them again).

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

use game_core::value_file::{self, ValueFileHeader};

use crate::observed::{Progress, extend_in_chunks};
use crate::sparse::{Cells, GrundyTable, narrow_table_bytes};
use crate::{CellWidth, Limits, NimError, OctalGame};

/// The first 8 bytes of a value file (game-core's [`game_core::value_file`], re-exported).
pub use game_core::value_file::VALUE_FILE_MAGIC;

/// The layout version of value files written and read by [`OctalGame::grundy_file_within`]:
/// game-core's generic layout ([`game_core::value_file`]), whose name is the code in ASCII,
/// canonical as [`OctalGame`]'s `Display`.
pub use game_core::value_file::VALUE_FILE_VERSION;

fn file_error(path: &Path, reason: impl std::fmt::Display) -> NimError {
    NimError::ValueFile { path: path.display().to_string(), reason: reason.to_string() }
}

fn header(path: &Path, code: &str, width: u8) -> Result<ValueFileHeader, NimError> {
    // A canonical code has at most 2 + MAX_CODE_DIGITS = 66 bytes, and width is 1, 2 or 4.
    ValueFileHeader::new(code, width).map_err(|e| file_error(path, e))
}

/// Reads the values of a file written for `code`, checking its header, into a table with room
/// for heaps `0..=up_to`. The bytes are checked against `limits` before the table is allocated:
/// the values read when the file holds every heap asked for, else the whole table at the
/// file's width ([`narrow_table_bytes`]), so that a run that cannot finish is refused at the
/// start, not after hours of work.
fn read_values(path: &Path, code: &str, up_to: usize, limits: &Limits) -> Result<Cells, NimError> {
    let mut file = File::open(path).map_err(|e| file_error(path, e))?;
    let stored = value_file::read_header(&mut file).map_err(|e| file_error(path, e))?;
    stored.expect_name(code).map_err(|e| file_error(path, e))?;
    let width = stored.width;
    let cell = match width {
        1 => CellWidth::U8,
        2 => CellWidth::U16,
        _ => CellWidth::U32,
    };
    let length = file.metadata().map_err(|e| file_error(path, e))?.len();
    // The header was read whole, but the file may have been cut since: checked, not wrapped.
    let heaps = value_file::stored_value_count(length, stored.values_start(), width)
        .map_err(|e| file_error(path, e))?;
    if heaps > up_to as u64 {
        limits
            .check_bytes(|| format!("reading {}", path.display()), u128::from(heaps) * u128::from(width))?;
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
    file.write_all(&header(path, code, table.width().bytes())?.to_bytes())
        .map_err(|e| file_error(path, e))?;
    table.write_le_bytes(0, &mut file).map_err(|e| file_error(path, e))?;
    file.sync_all().map_err(|e| file_error(path, e))?;
    fs::rename(&temporary, path).map_err(|e| file_error(path, e))
}

/// Appends the values of heaps `from..` of `table`, after cutting a partial value at the end.
fn append(path: &Path, code: &str, table: &GrundyTable, from: usize) -> Result<(), NimError> {
    let width = table.width().bytes();
    let end = value_file::value_offset(header(path, code, width)?.values_start(), from as u64, width)
        .map_err(|e| file_error(path, e))?;
    let file = OpenOptions::new().write(true).open(path).map_err(|e| file_error(path, e))?;
    file.set_len(end).map_err(|e| file_error(path, e))?;
    drop(file);
    let mut file = OpenOptions::new().append(true).open(path).map_err(|e| file_error(path, e))?;
    table.write_le_bytes(from, &mut file).map_err(|e| file_error(path, e))?;
    file.sync_all().map_err(|e| file_error(path, e))
}

/// Heaps below this are all checked when a file is read.
const CHECKED_FIRST_HEAPS: usize = 1024;

/// Heaps checked beyond the first ones, spread evenly up to the last.
const CHECKED_SPREAD_HEAPS: usize = 8;

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
    /// bad magic, version or width, or values that the check on load finds wrong; the errors of
    /// [`Self::grundy_table_within`].
    pub fn grundy_file_within(
        &self,
        up_to: u64,
        path: &Path,
        limits: &Limits,
    ) -> Result<GrundyTable, NimError> {
        self.grundy_file_observed(up_to, path, limits, &mut |_| ControlFlow::Continue(()))
    }

    /// [`Self::grundy_file_within`] for long runs: before each chunk of work (a 128th of the
    /// heaps asked for, at least 2^16) `observer` is told how far it has come and may stop it;
    /// the values computed so far are then already in the file, and a later call resumes
    /// from them.
    ///
    /// # Errors
    /// As [`Self::grundy_file_within`], and [`NimError::Stopped`] when the observer stops it.
    pub fn grundy_file_observed(
        &self,
        up_to: u64,
        path: &Path,
        limits: &Limits,
        observer: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<GrundyTable, NimError> {
        let too_large = || NimError::HeapTooLarge { size: up_to, max: crate::MAX_NARROW_TABLE_HEAP - 1 };
        if up_to >= crate::MAX_NARROW_TABLE_HEAP {
            return Err(too_large());
        }
        let up_to = usize::try_from(up_to).map_err(|_| too_large())?;
        let code = self.to_string();
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let table = if path.exists() {
            let table = GrundyTable::from_cells(read_values(path, &code, up_to, limits)?);
            self.check_stored(&table, path, limits)?;
            table
        } else {
            limits.check_bytes(what, narrow_table_bytes(up_to as u64, CellWidth::U8))?;
            // Room for every heap at once: the checkpoints then never copy the table.
            let empty = GrundyTable::from_cells(Cells::U8(Vec::with_capacity(up_to + 1)));
            write_all(path, &code, &empty)?;
            empty
        };
        let mut table = extend_in_chunks(
            &self.moves_by_kind(),
            table,
            up_to,
            limits,
            &what,
            observer,
            &mut |table, width, written| {
                if table.width() == width {
                    append(path, &code, table, written)
                } else {
                    write_all(path, &code, table)
                }
            },
        )?;
        // A file may hold more heaps than asked for.
        table.truncate(up_to + 1);
        Ok(table)
    }

    /// Recomputes by the definition, from the table's own values, the values of the first
    /// [`CHECKED_FIRST_HEAPS`] heaps and of [`CHECKED_SPREAD_HEAPS`] heaps spread up to the
    /// last: a value that differs is a file another program wrote, or a damaged one.
    fn check_stored(&self, table: &GrundyTable, path: &Path, limits: &Limits) -> Result<(), NimError> {
        let len = table.len();
        if len == 0 {
            return Ok(());
        }
        // A mex is at most the largest value + 1: flags up to there are enough, checked first
        // with the table they sit beside.
        let largest = table.iter().max().unwrap_or(0);
        let flags = u128::from(largest) + 2;
        let held = table.len() as u128 * u128::from(table.width().bytes());
        limits.check_bytes(|| format!("checking the values of {}", path.display()), held + flags)?;
        let mut seen = vec![false; flags as usize];
        let spread = (1..=CHECKED_SPREAD_HEAPS).map(|i| (len - 1) * i / CHECKED_SPREAD_HEAPS);
        for n in (0..len.min(CHECKED_FIRST_HEAPS)).chain(spread) {
            let stored = table.get(n).unwrap_or(u32::MAX);
            let computed = self.value_by_definition(table, n, &mut seen);
            if stored != computed {
                return Err(file_error(
                    path,
                    format!(
                        "heap {n} is stored with the value {stored}, but its options give {computed}: \
                         not this game's values (a damaged file?)"
                    ),
                ));
            }
        }
        Ok(())
    }
}
