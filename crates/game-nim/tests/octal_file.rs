//! Streaming octal values to a binary file and resuming: the header bytes as documented, the
//! values against the plain definition, resuming across a widening, and bad files rejected.

use std::fs;
use std::path::PathBuf;

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
    let header_len = 11 + 3;
    assert_eq!(bytes[..8], VALUE_FILE_MAGIC);
    assert_eq!(&bytes[..8], b"IGOCTAL\x1a");
    assert_eq!(bytes[8], 1, "version");
    assert_eq!(bytes[9], 1, "width");
    assert_eq!(bytes[10], 3, "code length");
    assert_eq!(&bytes[11..14], b"0.6");
    assert_eq!(bytes.len(), header_len + first_wide - 9);
    let stored: Vec<u32> = bytes[header_len..].iter().map(|&b| b as u32).collect();
    assert_eq!(stored, plain[..first_wide - 9]);
    // Resume past the widening: the file is rewritten with two-byte cells.
    let wider = game.grundy_file_within(first_wide as u64 + 100, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(wider.width(), CellWidth::U16);
    assert_eq!(wider.to_vec(), plain[..=first_wide + 100]);
    assert_eq!(fs::read(&path).unwrap().len(), header_len + 2 * (first_wide + 101));
    // A write cut short: half a value at the end is dropped on resume.
    let mut torn = fs::read(&path).unwrap();
    torn.push(0xff);
    fs::write(&path, &torn).unwrap();
    let whole = game.grundy_file_within(20_000, &path, &Limits::UNLIMITED).unwrap();
    assert_eq!(whole.width(), CellWidth::U16);
    assert_eq!(whole.to_vec(), plain);
    let bytes = fs::read(&path).unwrap();
    assert_eq!(bytes[9], 2, "width after widening");
    assert_eq!(bytes.len(), header_len + 2 * 20_001);
    let stored: Vec<u32> =
        bytes[header_len..].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]) as u32).collect();
    assert_eq!(stored, plain);
    // Asking for fewer heaps than the file holds reads them and computes nothing.
    assert_eq!(game.grundy_file_within(100, &path, &Limits::UNLIMITED).unwrap().to_vec(), plain[..=100]);
    // Another code's file is refused.
    let kayles: OctalGame = "0.77".parse().unwrap();
    assert!(matches!(
        kayles.grundy_file_within(100, &path, &Limits::UNLIMITED),
        Err(NimError::ValueFile { .. })
    ));
}

#[test]
fn bad_files_are_typed_errors() {
    let game: OctalGame = "0.137".parse().unwrap();
    for (name, content) in [
        ("empty.bin", Vec::new()),
        ("magic.bin", b"NOTOCTAL\x01\x01\x050.137".to_vec()),
        ("version.bin", [&VALUE_FILE_MAGIC[..], b"\x02\x01\x050.137"].concat()),
        ("width.bin", [&VALUE_FILE_MAGIC[..], b"\x01\x03\x050.137"].concat()),
        ("short.bin", [&VALUE_FILE_MAGIC[..], b"\x01\x01\x090.137"].concat()),
    ] {
        let path = scratch(name);
        fs::write(&path, content).unwrap();
        match game.grundy_file_within(10, &path, &Limits::UNLIMITED) {
            Err(NimError::ValueFile { path: shown, .. }) => assert!(shown.ends_with(name), "{shown}"),
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
    let header_len = 11 + 4;
    for (heaps, tampered) in [(100u64, 50usize), (4000, 4000)] {
        fs::remove_file(&path).unwrap_or(());
        game.grundy_file_within(heaps, &path, &Limits::UNLIMITED).unwrap();
        let mut bytes = fs::read(&path).unwrap();
        assert_eq!(bytes.len(), header_len + heaps as usize + 1);
        bytes[header_len + tampered] ^= 1;
        fs::write(&path, &bytes).unwrap();
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

/// A file of two-byte values, written by hand as the documented layout says (magic, version 1,
/// width 2, code length, code, little-endian values): read back exactly, and its 3 values x
/// 2 bytes = 6 bytes checked against the budget before they are allocated, then 4 more bytes of
/// flags (values up to 2, plus 2) to check them.
#[test]
fn a_two_byte_file_written_by_hand_is_read_within_the_budget() {
    let path = scratch("kayles-by-hand.bin");
    let mut bytes = VALUE_FILE_MAGIC.to_vec();
    bytes.extend_from_slice(&[1, 2, 4]);
    bytes.extend_from_slice(b"0.77");
    for value in [0u16, 1, 2] {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    fs::write(&path, &bytes).unwrap();
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
    let mut bytes = VALUE_FILE_MAGIC.to_vec();
    bytes.extend_from_slice(&[1, 4, 4]);
    bytes.extend_from_slice(b"0.77");
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    fs::write(&path, &bytes).unwrap();
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
