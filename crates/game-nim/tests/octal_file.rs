//! Streaming octal values to a binary file and resuming: the header bytes as documented, the
//! values against the plain definition, resuming across a widening, and bad files rejected.

use std::fs;
use std::ops::ControlFlow;
use std::path::PathBuf;

use game_core::value_file::{OnDamage, ValueFileError};

use game_nim::{
    CellWidth, Limits, MAX_NARROW_TABLE_HEAP, NimError, OctalGame, VALUE_FILE_MAGIC, narrow_table_bytes,
};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("game-nim-octal-file-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = fs::remove_file(&path);
    path
}

/// A value file written by hand as `docs/value-files.md` describes it: the header and its
/// CRC-32, then blocks of 2^16 values, each with its count and the CRC-32 of its values, the
/// header's CRC, its number and its count.
fn by_hand(code: &str, width: u8, values: &[u32]) -> Vec<u8> {
    let mut bytes = VALUE_FILE_MAGIC.to_vec();
    bytes.extend_from_slice(&[2, width, code.len() as u8]);
    bytes.extend_from_slice(code.as_bytes());
    let header_crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&header_crc.to_le_bytes());
    for (block, chunk) in values.chunks(1 << 16).enumerate() {
        let payload: Vec<u8> =
            chunk.iter().flat_map(|v| v.to_le_bytes()[..usize::from(width)].to_vec()).collect();
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&payload);
        hasher.update(&header_crc.to_le_bytes());
        hasher.update(&(block as u64).to_le_bytes());
        hasher.update(&(chunk.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes.extend_from_slice(&(chunk.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&hasher.finalize().to_le_bytes());
    }
    bytes
}

#[test]
fn values_are_written_as_documented_and_resumed_exactly() {
    let game: OctalGame = "0.6".parse().unwrap();
    let plain = game.grundy_values_plain(20_000).unwrap();
    let first_wide = plain.iter().position(|&v| v > 255).expect("0.6 passes 255 by heap 20 000");
    let path = scratch("officers.bin");
    // First run: one-byte cells, stopped before the first value above 255.
    let part = game.grundy_file_within(first_wide as u64 - 10, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(part.width(), CellWidth::U8);
    let bytes = fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"IGOCTAL\x1a");
    assert_eq!(bytes[8], 2, "version");
    assert_eq!(bytes[9], 1, "width");
    assert_eq!(bytes[10], 3, "code length");
    assert_eq!(&bytes[11..14], b"0.6");
    let stored: Vec<u32> = plain[..first_wide - 9].to_vec();
    assert_eq!(bytes, by_hand("0.6", 1, &stored));
    // Resume past the widening: the file is rewritten with two-byte cells.
    let wider = game.grundy_file_within(first_wide as u64 + 100, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(wider.width(), CellWidth::U16);
    assert_eq!(wider.to_vec(), plain[..=first_wide + 100]);
    assert_eq!(fs::read(&path).unwrap(), by_hand("0.6", 2, &plain[..=first_wide + 100]));
    // A write cut short (or a byte appended) is refused, naming the block; the repair
    // computes that block again.
    let mut torn = fs::read(&path).unwrap();
    torn.push(0xff);
    fs::write(&path, &torn).unwrap();
    match game.grundy_file_within(20_000, &path, &Limits::UNLIMITED) {
        Err(NimError::ValueFileRefused {
            source: ValueFileError::BadBlock { block: 0, first_heap: 0, .. },
            ..
        }) => {}
        other => panic!("expected the damage to be refused, got {other:?}"),
    }
    let run = game
        .grundy_file_repairing(20_000, &path, &Limits::UNLIMITED, OnDamage::KeepPrefix, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(matches!(run.repaired, Some(ValueFileError::BadBlock { block: 0, .. })));
    let whole = run.table;
    assert_eq!(whole.width(), CellWidth::U16);
    assert_eq!(whole.to_vec(), plain);
    let bytes = fs::read(&path).unwrap();
    assert_eq!(bytes[9], 2, "width after widening");
    assert_eq!(bytes, by_hand("0.6", 2, &plain));
    // Asking for fewer heaps than the file holds reads them and computes nothing.
    assert_eq!(game.grundy_file_within(100, &path, &Limits::UNLIMITED).unwrap().to_vec(), plain[..=100]);
    // Another code's file is refused.
    let kayles: OctalGame = "0.77".parse().unwrap();
    assert!(matches!(
        kayles.grundy_file_within(100, &path, &Limits::UNLIMITED),
        Err(NimError::ValueFileRefused { source: ValueFileError::WrongName { .. }, .. })
    ));
}

#[test]
fn bad_files_are_typed_errors() {
    let game: OctalGame = "0.137".parse().unwrap();
    let good = by_hand("0.137", 1, &game.grundy_values_plain(10).unwrap());
    let mut width = by_hand("0.137", 3, &[]);
    width.extend_from_slice(&[0; 11]);
    let mut old = [&VALUE_FILE_MAGIC[..], b"\x01\x01\x050.137"].concat();
    old.extend_from_slice(&[0; 11]);
    for (name, content, expected) in [
        ("empty.bin", Vec::new(), ValueFileError::ShorterThanHeader),
        ("magic.bin", b"NOTOCTAL\x01\x01\x050.137".to_vec(), ValueFileError::BadMagic),
        (
            "version.bin",
            [&VALUE_FILE_MAGIC[..], b"\x03\x01\x050.137"].concat(),
            ValueFileError::BadVersion { version: 3 },
        ),
        ("old.bin", old, ValueFileError::Unchecked { version: 1 }),
        ("width.bin", width, ValueFileError::BadWidth { width: 3 }),
        (
            "short.bin",
            good[..good.len() - 12].to_vec(),
            ValueFileError::BadBlock { block: 0, first_heap: 0, last_heap: None },
        ),
        ("header.bin", [&good[..12], b"2", &good[13..]].concat(), ValueFileError::HeaderChecksum),
    ] {
        let path = scratch(name);
        fs::write(&path, content).unwrap();
        match game.grundy_file_within(10, &path, &Limits::UNLIMITED) {
            Err(NimError::ValueFileRefused { path: shown, source }) => {
                assert!(shown.ends_with(name), "{shown}");
                assert_eq!(source, expected, "{name}");
            }
            other => panic!("{name}: expected a file error, got {other:?}"),
        }
    }
    // A periodic code resumed from its own file equals the definition.
    let path = scratch("chess.bin");
    game.grundy_file_within(300, &path, &Limits::UNLIMITED).unwrap();
    let values = game.grundy_file_within(5000, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(values.to_vec(), game.grundy_values_plain(5000).unwrap());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 32, ..Default::default() })]

    /// Stopping anywhere and resuming from the file gives the definition's values.
    #[test]
    fn resuming_anywhere_equals_plain(digits in proptest::collection::vec(0u8..8, 1..5),
                                      stop in 0u64..1200, more in 0u64..1200) {
        let mut code = "0.".to_string();
        for d in &digits {
            code.push(char::from(b'0' + d));
        }
        let game: OctalGame = code.parse().unwrap();
        let path = scratch(&format!("resume-{code}-{stop}-{more}.bin"));
        game.grundy_file_within(stop, &path, &Limits::UNLIMITED).unwrap();
        let values = game.grundy_file_within(stop + more, &path, &Limits::UNLIMITED).unwrap();
        proptest::prop_assert_eq!(values.to_vec(), game.grundy_values_plain((stop + more) as usize).unwrap());
        fs::remove_file(&path).unwrap();
    }
}

/// Resuming reads the stored values and checks them on load: a value changed in the file on
/// purpose is found (heap 50 is among the first 1024 heaps, all recomputed), and so is one
/// beyond them (heap 4000 of 4001 is the last of the spread heaps checked). Reading is bounded
/// like computing: 101 one-byte values need 101 bytes (refused at a budget of 100), and checking
/// them needs one flag more per value up to the largest + 1. A heap past the table's limit is refused naming the last heap allowed.
#[test]
fn resuming_reads_the_file_within_the_budget() {
    let game: OctalGame = "0.77".parse().unwrap();
    let path = scratch("kayles-tampered.bin");
    for (heaps, tampered) in [(100u64, 50usize), (4000, 4000)] {
        fs::remove_file(&path).unwrap_or(());
        // Values changed with their checksums made to match: only the check by the
        // definition can find them.
        let mut values = game.grundy_values_plain(heaps as usize).unwrap();
        values[tampered] ^= 1;
        fs::write(&path, by_hand("0.77", 1, &values)).unwrap();
        match game.grundy_file_within(heaps, &path, &Limits::UNLIMITED) {
            Err(NimError::ValueFile { reason, .. }) => {
                assert!(reason.starts_with(&format!("heap {tampered} is stored with")), "{reason}")
            }
            other => panic!("expected the damage to be found, got {other:?}"),
        }
    }
    fs::remove_file(&path).unwrap();
    game.grundy_file_within(100, &path, &Limits::UNLIMITED).unwrap();
    let resumed = game.grundy_file_within(100, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(resumed, game.grundy_table_within(100, &Limits::UNLIMITED).unwrap());
    assert_eq!((resumed.len(), resumed.is_empty()), (101, false));
    let tight = Limits { max_bytes: 100, ..Limits::UNLIMITED };
    assert!(matches!(
        game.grundy_file_within(100, &path, &tight),
        Err(NimError::OverMemoryBudget { needed: 101, budget: 100, .. })
    ));
    let checked = 101 + u128::from(resumed.iter().max().unwrap()) + 2;
    assert!(matches!(
        game.grundy_file_within(100, &path, &Limits { max_bytes: checked - 1, ..Limits::UNLIMITED }),
        Err(NimError::OverMemoryBudget { needed, .. }) if needed == checked
    ));
    assert!(game.grundy_file_within(100, &path, &Limits { max_bytes: checked, ..Limits::UNLIMITED }).is_ok());
    // Beyond 2^32 heaps a file is continued as far as the budget allows. The whole table is
    // stated before anything is read or computed: a run that cannot finish is refused at once.
    match game.grundy_file_within(1 << 32, &path, &Limits { max_bytes: 1 << 30, ..Limits::UNLIMITED }) {
        Err(NimError::OverMemoryBudget { needed, .. }) => {
            assert_eq!(needed, narrow_table_bytes(1 << 32, CellWidth::U8))
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    assert_eq!(
        game.grundy_file_within(MAX_NARROW_TABLE_HEAP, &path, &Limits::UNLIMITED).map(|t| t.len()),
        Err(NimError::HeapTooLarge { size: MAX_NARROW_TABLE_HEAP, max: MAX_NARROW_TABLE_HEAP - 1 })
    );
}

/// A file of two-byte values, written by hand as the documented layout says (magic, version 2,
/// width 2, code length, code, checksums, little-endian values): read back exactly, and its 3 values x
/// 2 bytes = 6 bytes checked against the budget before they are allocated, then 4 more bytes of
/// flags (values up to 2, plus 2) to check them.
#[test]
fn a_two_byte_file_written_by_hand_is_read_within_the_budget() {
    let path = scratch("kayles-by-hand.bin");
    fs::write(&path, by_hand("0.77", 2, &[0, 1, 2])).unwrap();
    let kayles: OctalGame = "0.77".parse().unwrap();
    let five = Limits { max_bytes: 5, ..Limits::UNLIMITED };
    assert!(matches!(
        kayles.grundy_file_within(2, &path, &five),
        Err(NimError::OverMemoryBudget { needed: 6, budget: 5, .. })
    ));
    let six = Limits { max_bytes: 6, ..Limits::UNLIMITED };
    assert!(matches!(
        kayles.grundy_file_within(2, &path, &six),
        Err(NimError::OverMemoryBudget { needed: 10, budget: 6, .. })
    ));
    let ten = Limits { max_bytes: 10, ..Limits::UNLIMITED };
    let table = kayles.grundy_file_within(2, &path, &ten).unwrap();
    assert_eq!((table.width(), table.to_vec()), (CellWidth::U16, vec![0, 1, 2]));
}

/// Files longer than the 64 KiB chunks they are read and written in: a two-byte Officers file of
/// 70 001 values (137 KiB) and a four-byte file of Kayles' 20 000 first values written by hand
/// (78 KiB) are
/// read back exactly, and the two-byte file is continued to the values of the whole table.
#[test]
fn files_of_several_chunks_are_read_back_exactly() {
    let officers: OctalGame = "0.6".parse().unwrap();
    let path = scratch("officers-long.bin");
    let table = officers.grundy_file_within(70_000, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(table.width(), CellWidth::U16);
    let longer = officers.grundy_file_within(70_100, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(longer, officers.grundy_table_within(70_100, &Limits::UNLIMITED).unwrap());
    assert_eq!(longer.to_vec()[..=70_000], table.to_vec()[..]);

    let path = scratch("by-hand-four-bytes.bin");
    let values = "0.77".parse::<OctalGame>().unwrap().grundy_values(19_999).unwrap();
    fs::write(&path, by_hand("0.77", 4, &values)).unwrap();
    let kayles: OctalGame = "0.77".parse().unwrap();
    let read = kayles.grundy_file_within(19_999, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!((read.width(), read.to_vec()), (CellWidth::U32, values));
}

/// The memory a file run states before it starts is all it needs: the whole table at its width
/// plus the first 64 KiB of scratch ([`narrow_table_bytes`]), for a new file and for a resumed
/// one (the table is read into room for every heap, so no checkpoint copies it).
#[test]
fn the_stated_memory_is_enough_for_a_file_run() {
    let game: OctalGame = "0.77".parse().unwrap();
    let path = scratch("kayles-budget.bin");
    let exact =
        |up_to: u64, width| Limits { max_bytes: narrow_table_bytes(up_to, width), ..Limits::UNLIMITED };
    let first = game.grundy_file_within(3_000_000, &path, &exact(3_000_000, CellWidth::U8)).unwrap();
    assert_eq!(first.len(), 3_000_001);
    let resumed = game.grundy_file_within(6_000_000, &path, &exact(6_000_000, CellWidth::U8)).unwrap();
    assert_eq!(resumed, game.grundy_table_within(6_000_000, &Limits::UNLIMITED).unwrap());
    // Two-byte cells: an Officers file resumed within exactly the stated bytes.
    let officers: OctalGame = "0.6".parse().unwrap();
    let wide_path = scratch("officers-budget.bin");
    officers.grundy_file_within(40_000, &wide_path, &Limits::UNLIMITED).unwrap();
    let more = officers.grundy_file_within(60_000, &wide_path, &exact(60_000, CellWidth::U16)).unwrap();
    assert_eq!((more.width(), more.len()), (CellWidth::U16, 60_001));
    // A file one heap short states the whole table too, not just the values it reads.
    let one_short = Limits { max_bytes: 1 << 16, ..Limits::UNLIMITED };
    assert!(matches!(
        officers.grundy_file_within(60_001, &wide_path, &one_short),
        Err(NimError::OverMemoryBudget { needed, .. }) if needed == narrow_table_bytes(60_001, CellWidth::U16)
    ));
    let short = Limits { max_bytes: narrow_table_bytes(7_000_000, CellWidth::U8) - 1, ..Limits::UNLIMITED };
    assert!(matches!(
        game.grundy_file_within(7_000_000, &path, &short),
        Err(NimError::OverMemoryBudget { needed, .. }) if needed == short.max_bytes + 1
    ));
}

/// Resuming is the fast path: Dawson's Kayles (0.07, period 34 from heap 52) to 300 000 heaps,
/// fresh and from its first 1025 values, each within 10^7 steps. Before the period proven by
/// one chunk was carried to the next, and found again in the values read, a chunk that did not
/// start at a power of two computed every heap up to the next one (quadratic: 0.07 has no
/// sparse space), and both runs gave up.
#[test]
fn a_resumed_periodic_run_copies_its_period_instead_of_computing() {
    let game: OctalGame = "0.07".parse().unwrap();
    let steps = Limits { max_steps: 10_000_000, ..Limits::UNLIMITED };
    let plain = game.grundy_table_within(300_000, &Limits::UNLIMITED).unwrap();
    let path = scratch("dawson.bin");
    assert_eq!(game.grundy_file_within(300_000, &path, &steps).unwrap(), plain);
    fs::write(&path, by_hand("0.07", 1, &plain.to_vec()[..1025])).unwrap();
    assert_eq!(game.grundy_file_within(300_000, &path, &steps).unwrap(), plain);
    assert_eq!(fs::read(&path).unwrap(), by_hand("0.07", 1, &plain.to_vec()));
}

/// A run told to go on is accepted within the budget its fresh run was: a game without splits
/// (subtraction {1, 3, 4}, octal 0.3033) resumed from 2 million of its 3 million heaps within
/// exactly the bytes a fresh run states. Before, the resumed run listed every stored heap as
/// "rare" (the splits read them; this game has none), 5 bytes each, and was refused.
#[test]
fn a_resumed_run_without_splits_needs_no_more_memory_than_a_fresh_one() {
    let game: OctalGame = "0.3033".parse().unwrap();
    let path = scratch("subtraction-budget.bin");
    let fresh = Limits { max_bytes: narrow_table_bytes(3_000_000, CellWidth::U8), ..Limits::UNLIMITED };
    let plain = game.grundy_table_within(3_000_000, &Limits::UNLIMITED).unwrap();
    // 2^21 heaps and 3: no period check before heap 2^22 in the kernel's own schedule.
    let prefix = (1 << 21) + 3;
    fs::write(&path, by_hand("0.3033", 1, &plain.to_vec()[..prefix])).unwrap();
    assert_eq!(game.grundy_file_within(3_000_000, &path, &fresh).unwrap(), plain);
}

/// A stop asked for within a chunk is taken within 1024 heaps, not at the chunk's end (2^16
/// heaps here), and the file then holds exactly the heaps done, readable and continued to the
/// definition's values.
#[test]
fn a_stop_is_taken_within_1024_heaps_and_leaves_a_valid_file() {
    let game: OctalGame = "0.6".parse().unwrap();
    let path = scratch("officers-stopped.bin");
    let mut observer = |progress: game_nim::Progress| {
        if progress.done >= 5000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    };
    match game.grundy_file_observed(100_000, &path, &Limits::UNLIMITED, &mut observer) {
        Err(NimError::Stopped { done, .. }) => assert_eq!(done, 5120),
        other => panic!("expected a stop, got {other:?}"),
    }
    let plain = game.grundy_table_within(100_000, &Limits::UNLIMITED).unwrap();
    // The first 5120 values are below 256: one byte each, one block.
    assert_eq!(fs::read(&path).unwrap(), by_hand("0.6", 1, &plain.to_vec()[..5120]));
    assert_eq!(game.grundy_file_within(100_000, &path, &Limits::UNLIMITED).unwrap(), plain);
}
