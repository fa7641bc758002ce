//! Octal Grundy values streamed to a binary file, and resumed from it
//! ([`OctalGame::grundy_file_within`]).
//!
//! The layout is game-core's generic one ([`game_core::value_file`]), the name being the code:
//! values in blocks, each with a checksum. A file is rewritten whole (through a temporary file
//! renamed over it) when its values outgrow the width; otherwise new values are appended, at
//! checkpoints every 128th of the heaps asked for (at least 2^16 heaps), so a run that is
//! killed loses at most the heaps since the last checkpoint, and one stopped by its observer
//! loses nothing. A run holds the file's lock ([`game_core::value_file::lock`]) while it
//! reads and writes it, so a second run on the same file is refused at once.
//!
//! Resuming checks every block against its checksum (a damaged file is refused with the first
//! bad block, or repaired: [`OnDamage::KeepPrefix`] keeps the blocks before it and computes
//! the rest again), then the code and, by the definition from the file's own values, the values
//! of the first 1024 heaps and of eight heaps spread over the rest: a file that another program
//! wrote with valid checksums but other values is refused in most cases.

use std::ops::ControlFlow;
use std::path::Path;

use game_core::value_file::{self, BlockReader, OnDamage, ValueFileError, ValueFileHeader};

use crate::observed::{Progress, extend_in_chunks};
use crate::sparse::{Cells, GrundyTable, narrow_table_bytes};
use crate::{CellWidth, Limits, NimError, OctalGame};

/// The first 8 bytes of a value file (game-core's [`game_core::value_file`], re-exported).
pub use game_core::value_file::VALUE_FILE_MAGIC;

/// The layout version of value files written and read by [`OctalGame::grundy_file_within`]:
/// game-core's generic layout ([`game_core::value_file`]), whose name is the code in ASCII,
/// canonical as [`OctalGame`]'s `Display`.
pub use game_core::value_file::VALUE_FILE_VERSION;

/// What a run on a value file produced: the table, and the damage it repaired, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRun {
    /// The values of heaps `0..=up_to`.
    pub table: GrundyTable,
    /// With [`OnDamage::KeepPrefix`]: the damage found and repaired (the heaps from its
    /// [`ValueFileError::repaired_from`] on were computed again and written over it).
    pub repaired: Option<ValueFileError>,
}

fn file_error(path: &Path, reason: impl std::fmt::Display) -> NimError {
    NimError::ValueFile { path: path.display().to_string(), reason: reason.to_string() }
}

fn refused(path: &Path, source: ValueFileError) -> NimError {
    match source {
        ValueFileError::Io { reason, .. } => file_error(path, reason),
        source => NimError::ValueFileRefused { path: path.display().to_string(), source },
    }
}

fn header(path: &Path, code: &str, width: u8) -> Result<ValueFileHeader, NimError> {
    // A canonical code has at most 2 + MAX_CODE_DIGITS = 66 bytes, and width is 1, 2 or 4.
    ValueFileHeader::new(code, width).map_err(|e| file_error(path, e))
}

fn cell_width(width: u8) -> CellWidth {
    match width {
        1 => CellWidth::U8,
        2 => CellWidth::U16,
        _ => CellWidth::U32,
    }
}

/// Reads the values of a file written for `code`, every block checked against its checksum,
/// into a table with room for heaps `0..=up_to`. The bytes are checked against `limits` before
/// the table is allocated: the values the file can hold when that is every heap asked for, else
/// the whole table at the file's width ([`narrow_table_bytes`]) — the same figure as a fresh
/// run's at that width, so that a run told to go on is not refused for reading what it wrote.
/// With [`OnDamage::KeepPrefix`] the values before the first bad block are kept and the damage
/// returned.
fn read_values(
    path: &Path,
    code: &str,
    up_to: usize,
    limits: &Limits,
    on_damage: OnDamage,
) -> Result<(Cells, Option<ValueFileError>), NimError> {
    let (stored, input, length) = match value_file::open(path, code) {
        Err(damage) if on_damage == OnDamage::KeepPrefix && damage.repaired_from() == Some(0) => {
            limits.check_bytes(
                || format!("{code} heaps up to {up_to}"),
                narrow_table_bytes(up_to as u64, CellWidth::U8),
            )?;
            return Ok((Cells::U8(Vec::with_capacity(up_to + 1)), Some(damage)));
        }
        other => other.map_err(|e| refused(path, e))?,
    };
    let width = stored.width;
    let cell = cell_width(width);
    // The header was read whole, but the file may have been cut since: checked, not wrapped.
    let heaps =
        value_file::most_values(length, stored.values_start(), width).map_err(|e| refused(path, e))?;
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
    let mut cells = match cell {
        CellWidth::U8 => Cells::U8(Vec::with_capacity(room)),
        CellWidth::U16 => Cells::U16(Vec::with_capacity(room)),
        CellWidth::U32 => Cells::U32(Vec::with_capacity(room)),
    };
    let mut blocks = BlockReader::new(input, &stored, length);
    let damage = loop {
        match blocks.next_block() {
            Ok(Some(bytes)) => match &mut cells {
                Cells::U8(v) => v.extend_from_slice(bytes),
                Cells::U16(v) => v.extend(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]))),
                Cells::U32(v) => {
                    v.extend(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                }
            },
            Ok(None) => break None,
            Err(damage) if on_damage == OnDamage::KeepPrefix && damage.repaired_from().is_some() => {
                break Some(damage);
            }
            Err(other) => return Err(refused(path, other)),
        }
    };
    Ok((cells, damage))
}

/// Writes the whole file anew (header and every value), through a temporary file.
fn write_all(path: &Path, code: &str, table: &GrundyTable) -> Result<(), NimError> {
    let header = header(path, code, table.width().bytes())?;
    value_file::write_whole(path, &header, |out| table.write_le_bytes(0, out)).map_err(|e| refused(path, e))
}

/// Appends the values of heaps `from..` of `table`, after cutting the file at heap `from`.
fn append(path: &Path, code: &str, table: &GrundyTable, from: usize) -> Result<(), NimError> {
    let header = header(path, code, table.width().bytes())?;
    let mut prefix = Vec::new();
    table
        .write_le_bytes_between(value_file::block_start(from as u64) as usize, from, &mut prefix)
        .map_err(|e| file_error(path, e))?;
    value_file::append_whole(path, &header, from as u64, &prefix, |out| table.write_le_bytes(from, out))
        .map_err(|e| refused(path, e))
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
    /// [`NimError::ValueFile`] if the file cannot be read or written, or holds values that the
    /// check on load finds wrong; [`NimError::ValueFileRefused`] if it is damaged (a block or
    /// the header fails its checksum), holds another code, has a bad magic, version or width,
    /// or another run holds its lock; the errors of [`Self::grundy_table_within`].
    pub fn grundy_file_within(
        &self,
        up_to: u64,
        path: &Path,
        limits: &Limits,
    ) -> Result<GrundyTable, NimError> {
        self.grundy_file_observed(up_to, path, limits, &mut |_| ControlFlow::Continue(()))
    }

    /// [`Self::grundy_file_within`] for long runs: before each chunk of work (a 128th of the
    /// heaps asked for, at least 2^16), and every 1024 heaps within one, `observer` is told how
    /// far it has come and may stop it; the values computed so far are then already in the
    /// file, and a later call resumes from them.
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
        Ok(self.grundy_file_repairing(up_to, path, limits, OnDamage::Refuse, observer)?.table)
    }

    /// [`Self::grundy_file_observed`], and with [`OnDamage::KeepPrefix`] the repair of a
    /// damaged file: the blocks before the first bad one are kept (none if the header is
    /// damaged or the file has no checksums), the values from there on are computed again as
    /// in any resumed run, and written over the damage; [`FileRun::repaired`] says what was
    /// found.
    ///
    /// # Errors
    /// As [`Self::grundy_file_observed`]; [`NimError::ValueFileRefused`] for a damaged file
    /// with [`OnDamage::Refuse`], and for a file another run holds the lock of.
    pub fn grundy_file_repairing(
        &self,
        up_to: u64,
        path: &Path,
        limits: &Limits,
        on_damage: OnDamage,
        observer: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<FileRun, NimError> {
        let too_large = || NimError::HeapTooLarge { size: up_to, max: crate::MAX_NARROW_TABLE_HEAP - 1 };
        if up_to >= crate::MAX_NARROW_TABLE_HEAP {
            return Err(too_large());
        }
        let up_to = usize::try_from(up_to).map_err(|_| too_large())?;
        let code = self.to_string();
        let what = || format!("octal game {self}, heaps up to {up_to}");
        let _lock = value_file::lock(path).map_err(|e| refused(path, e))?;
        let mut repaired = None;
        let table = if path.exists() {
            let (cells, damage) = read_values(path, &code, up_to, limits, on_damage)?;
            let table = GrundyTable::from_cells(cells);
            self.check_stored(&table, path, limits)?;
            if let Some(damage) = damage {
                // Cut at the damage now: the file then holds only checked values, whatever
                // stops this run.
                if table.is_empty() {
                    write_all(path, &code, &table)?;
                } else {
                    append(path, &code, &table, table.len())?;
                }
                repaired = Some(damage);
            }
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
        Ok(FileRun { table, repaired })
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
