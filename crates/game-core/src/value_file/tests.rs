//! The value files' layout, checksums and repair, byte class by byte class.

use super::*;

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("game-core-value-file-{}-{name}.bin", std::process::id()))
}

const BLOCK: usize = BLOCK_HEAPS as usize;

/// The size arithmetic of the reader at its extremes: a file shorter than its header (cut
/// after the header was read), offsets whose product with the width overflows 64 bits, and
/// widths that are not 1, 2 or 4, each a typed error rather than a wrapped number.
#[test]
fn size_arithmetic_fails_typed_at_the_extremes() {
    assert_eq!(most_values(0, FIXED_HEADER_BYTES, 1), Err(ValueFileError::ShorterThanHeader));
    assert_eq!(most_values(u64::MAX - 1, u64::MAX, 4), Err(ValueFileError::ShorterThanHeader));
    let stride = BLOCK_HEAPS + 8;
    assert_eq!(most_values(u64::MAX, 0, 1), Ok(u64::MAX / stride * BLOCK_HEAPS + (u64::MAX % stride - 8)));
    assert_eq!(most_values(31, 11, 4), Ok(3));
    assert_eq!(most_values(30, 11, 4), Ok(2));
    assert_eq!(most_values(19, 11, 4), Ok(0));
    assert_eq!(most_values(20, 11, 3), Err(ValueFileError::BadWidth { width: 3 }));
    let overflow = Err(ValueFileError::SizeOverflow { what: "a value file" });
    assert_eq!(value_offset(11, u64::MAX, 2), overflow);
    assert_eq!(value_offset(11, u64::MAX / 4 + 1, 4), overflow);
    assert_eq!(value_offset(u64::MAX, 1, 1), overflow);
    assert_eq!(value_offset(11, 1, 0), Err(ValueFileError::BadWidth { width: 0 }));
    // Every block before the heap's own adds its values and trailer.
    assert_eq!(value_offset(15, 0, 4), Ok(15));
    assert_eq!(value_offset(15, BLOCK_HEAPS - 1, 4), Ok(15 + 4 * (BLOCK_HEAPS - 1)));
    assert_eq!(value_offset(15, BLOCK_HEAPS, 4), Ok(15 + 4 * BLOCK_HEAPS + 8));
    assert_eq!(value_offset(15, 3 * BLOCK_HEAPS + 7, 2), Ok(15 + 3 * (2 * BLOCK_HEAPS + 8) + 14));
    // The largest heap whose offset fits, and the next.
    let stride = 4 * BLOCK_HEAPS + 8;
    let last_block = (u64::MAX - 15) / stride;
    assert!(value_offset(15, last_block * BLOCK_HEAPS, 4).is_ok());
    assert_eq!(value_offset(15, (last_block + 1) * BLOCK_HEAPS, 4), overflow);
    assert_eq!(block_start(BLOCK_HEAPS + 5), BLOCK_HEAPS);
    assert_eq!(block_start(BLOCK_HEAPS - 1), 0);
}

#[test]
fn headers_round_trip_and_bad_ones_are_refused() {
    let header = ValueFileHeader::new("0.6", 2).unwrap();
    let bytes = header.to_bytes();
    assert_eq!(bytes.len() as u64, header.values_start());
    assert_eq!(bytes.len(), 11 + 3 + 4);
    assert_eq!(bytes[8], VALUE_FILE_VERSION);
    assert_eq!(bytes[14..], crc32fast::hash(&bytes[..14]).to_le_bytes());
    assert_eq!(read_header(&mut bytes.as_slice()).unwrap(), header);
    assert!(header.expect_name("0.6").is_ok());
    assert!(matches!(header.expect_name("0.7"), Err(ValueFileError::WrongName { .. })));
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(read_header(&mut bad.as_slice()), Err(ValueFileError::BadMagic));
    let mut bad = bytes.clone();
    bad[8] = 3;
    assert_eq!(read_header(&mut bad.as_slice()), Err(ValueFileError::BadVersion { version: 3 }));
    let mut old = bytes.clone();
    old[8] = 1;
    assert_eq!(read_header(&mut old.as_slice()), Err(ValueFileError::Unchecked { version: 1 }));
    // A width or name changed on disk fails the checksum.
    for at in 9..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        let refused = read_header(&mut bad.as_slice()).unwrap_err();
        assert!(
            matches!(refused, ValueFileError::HeaderChecksum | ValueFileError::ShorterThanHeader),
            "byte {at}: {refused:?}"
        );
    }
    // A width of 8 with its checksum made to match is still not read.
    let odd = ValueFileHeader { width: 8, name: b"g".to_vec() }.to_bytes();
    assert_eq!(read_header(&mut odd.as_slice()), Err(ValueFileError::BadWidth { width: 8 }));
    for cut in 0..bytes.len() {
        assert_eq!(read_header(&mut &bytes[..cut]), Err(ValueFileError::ShorterThanHeader), "cut at {cut}");
    }
    assert_eq!(ValueFileHeader::new(&"x".repeat(256), 1), Err(ValueFileError::NameTooLong { bytes: 256 }));
    assert_eq!(ValueFileHeader::new("g", 3), Err(ValueFileError::BadWidth { width: 3 }));
}

fn read(path: &Path) -> Result<StoredValues, ValueFileError> {
    read_values(path, "g", 0, 1 << 30, OnDamage::Refuse)
}

#[test]
fn values_are_written_appended_widened_and_read_back() {
    let path = scratch("round-trip");
    let mut values: Vec<u32> = (0..1000).map(|n| n % 7).collect();
    assert_eq!(write_values(&path, "g", &values[..10]).unwrap(), 1);
    assert_eq!(append_values(&path, "g", &values, 10).unwrap(), 1);
    assert_eq!(read(&path).unwrap(), StoredValues { width: 1, values: values.clone(), damage: None });
    // A value of 300 widens the file to 2 bytes, 70 000 to 4.
    values.push(300);
    assert_eq!(append_values(&path, "g", &values, 1000).unwrap(), 2);
    values.push(70_000);
    assert_eq!(append_values(&path, "g", &values, 1001).unwrap(), 4);
    assert_eq!(read(&path).unwrap().values, values);
    // The budget is checked before the values are read.
    assert!(matches!(
        read_values(&path, "g", 0, 100, OnDamage::Refuse),
        Err(ValueFileError::OverBudget { values: 1002, .. })
    ));
    // Room asked for counts too: 2000 values of 4 bytes are over a budget of 7999 bytes.
    assert!(matches!(
        read_values(&path, "g", 2000, 7999, OnDamage::Refuse),
        Err(ValueFileError::OverBudget { needed: 8000, .. })
    ));
    assert!(read_values(&path, "g", 2000, 8000, OnDamage::Refuse).unwrap().values.capacity() >= 2000);
    assert!(matches!(
        read_values(&path, "h", 0, 1 << 20, OnDamage::Refuse),
        Err(ValueFileError::WrongName { .. })
    ));
    assert!(matches!(append_values(&path, "h", &values, 0), Err(ValueFileError::WrongName { .. })));
    fs::remove_file(&path).unwrap();
    assert!(matches!(read(&path), Err(ValueFileError::Io { .. })));
}

/// Values over more than two blocks, appended at every kind of place (inside the first block,
/// at a block's end, inside the last), give the same bytes as one write of them all.
#[test]
fn appends_anywhere_give_the_bytes_of_one_write() {
    let long: Vec<u32> = (0..2 * BLOCK + 1234).map(|n| (n * 7919 % 1000) as u32).collect();
    let whole = scratch("whole");
    assert_eq!(write_values(&whole, "g", &long).unwrap(), 2);
    let expected = fs::read(&whole).unwrap();
    let header = 11 + 1 + 4;
    assert_eq!(expected.len(), header + 2 * long.len() + 3 * 8);
    // The first block's trailer: its count and its checksum.
    let trailer = &expected[header + 2 * BLOCK..header + 2 * BLOCK + 8];
    assert_eq!(trailer[..4], (BLOCK as u32).to_le_bytes());
    assert_eq!(read(&whole).unwrap().values, long);
    let pieces = scratch("pieces");
    for cuts in [vec![0, 5, BLOCK, BLOCK + 1, 2 * BLOCK + 1233], vec![BLOCK - 1, 2 * BLOCK], vec![0]] {
        write_values(&pieces, "g", &long[..300]).unwrap();
        let mut from = 300;
        for &cut in cuts.iter().filter(|&&c| c > 300) {
            append_values(&pieces, "g", &long[..cut], from).unwrap();
            assert_eq!(read(&pieces).unwrap().values, long[..cut], "cuts {cuts:?}");
            from = cut;
        }
        append_values(&pieces, "g", &long, from).unwrap();
        assert_eq!(fs::read(&pieces).unwrap(), expected, "cuts {cuts:?}");
    }
    fs::remove_file(&whole).unwrap();
    fs::remove_file(&pieces).unwrap();
}

/// The damage of one byte class, and what a read and a repair must make of it.
struct Damage {
    what: &'static str,
    bytes: Vec<u8>,
    /// The error of a read that refuses.
    refused: ValueFileError,
}

/// A file of 2 blocks and 1234 values, one-byte or two-byte values, and every way of damaging
/// it: a byte of the header, of each block's values and trailer, of the last partial block,
/// bytes appended, the file cut inside a value and inside a trailer, two blocks swapped.
fn damaged_files(width: u8) -> (Vec<u32>, Vec<u8>, Vec<Damage>) {
    let largest = if width == 1 { 200 } else { 60_000 };
    let values: Vec<u32> = (0..2 * BLOCK + 1234).map(|n| (n * 7919 % (largest + 1)) as u32).collect();
    let path = scratch(&format!("classes-{width}"));
    assert_eq!(write_values(&path, "g", &values).unwrap(), width);
    let good = fs::read(&path).unwrap();
    fs::remove_file(&path).unwrap();
    let w = usize::from(width);
    let start = 11 + 1 + 4;
    let stride = BLOCK * w + 8;
    let bad = |block: u64, last: Option<u64>| ValueFileError::BadBlock {
        block,
        first_heap: block * BLOCK_HEAPS,
        last_heap: last,
    };
    let full = |block: u64| bad(block, Some((block + 1) * BLOCK_HEAPS - 1));
    // A block cut to `tail` bytes: the values before its (supposed) trailer.
    let cut = |block: u64, tail: usize| bad(block, Some(block * BLOCK_HEAPS + ((tail - 8) / w) as u64 - 1));
    let last = bad(2, Some(2 * BLOCK_HEAPS + 1233));
    let flip = |at: usize| {
        let mut bytes = good.clone();
        bytes[at] ^= 0x40;
        bytes
    };
    let mut classes = vec![
        Damage { what: "the header's name", bytes: flip(11), refused: ValueFileError::HeaderChecksum },
        Damage { what: "the header's width", bytes: flip(9), refused: ValueFileError::HeaderChecksum },
        Damage {
            what: "the header's checksum",
            bytes: flip(start - 1),
            refused: ValueFileError::HeaderChecksum,
        },
        Damage {
            what: "the header's version",
            bytes: flip(8),
            refused: ValueFileError::BadVersion { version: 0x42 },
        },
        Damage { what: "the first value", bytes: flip(start), refused: full(0) },
        Damage { what: "the first block's last value", bytes: flip(start + BLOCK * w - 1), refused: full(0) },
        Damage { what: "the first block's count", bytes: flip(start + BLOCK * w), refused: full(0) },
        Damage { what: "the first block's checksum", bytes: flip(start + stride - 1), refused: full(0) },
        Damage {
            what: "a value of the second block",
            bytes: flip(start + stride + 777 * w),
            refused: full(1),
        },
        Damage { what: "the second block's trailer", bytes: flip(start + 2 * stride - 3), refused: full(1) },
        Damage {
            what: "a value of the last partial block",
            bytes: flip(start + 2 * stride + 5),
            refused: last.clone(),
        },
        Damage { what: "the last block's count", bytes: flip(good.len() - 8), refused: last.clone() },
        Damage { what: "the last byte", bytes: flip(good.len() - 1), refused: last.clone() },
        Damage {
            what: "one byte appended",
            bytes: [&good[..], &[0]].concat(),
            refused: cut(2, 1234 * w + 9),
        },
        Damage {
            what: "a trailer's worth appended",
            bytes: [&good[..], &good[good.len() - 8..]].concat(),
            refused: cut(2, 1234 * w + 16),
        },
        Damage {
            what: "the file cut inside the last trailer",
            bytes: good[..good.len() - 3].to_vec(),
            refused: cut(2, 1234 * w + 5),
        },
        Damage {
            what: "the file cut inside a value of the second block",
            bytes: good[..start + stride + 100 * w + 1].to_vec(),
            refused: cut(1, 100 * w + 1),
        },
        Damage {
            what: "the file cut after the first block's values",
            bytes: good[..start + BLOCK * w].to_vec(),
            refused: cut(0, BLOCK * w),
        },
        Damage {
            what: "the two full blocks swapped",
            bytes: [
                &good[..start],
                &good[start + stride..start + 2 * stride],
                &good[start..start + stride],
                &good[start + 2 * stride..],
            ]
            .concat(),
            refused: full(0),
        },
        Damage {
            what: "a block appended twice",
            bytes: [&good[..], &good[start + stride..start + 2 * stride]].concat(),
            refused: full(2),
        },
    ];
    let mut old = good.clone();
    old[8] = 1;
    classes.push(Damage {
        what: "layout version 1",
        bytes: old,
        refused: ValueFileError::Unchecked { version: 1 },
    });
    // A full block of another game's file (same values, same width) in place of block 1.
    let other = scratch(&format!("classes-other-{width}"));
    write_values(&other, "h", &values).unwrap();
    let foreign = fs::read(&other).unwrap();
    fs::remove_file(&other).unwrap();
    classes.push(Damage {
        what: "another game's block",
        bytes: [
            &good[..start + stride],
            &foreign[start + stride..start + 2 * stride],
            &good[start + 2 * stride..],
        ]
        .concat(),
        refused: full(1),
    });
    (values, good, classes)
}

/// Every class of damage is refused with its exact block (or header) error, and a repair —
/// keep the blocks before it, compute the rest again (here: taken from the true values) and
/// append them — gives back the undamaged file byte for byte.
#[test]
fn every_byte_class_of_damage_is_refused_and_repaired_exactly() {
    for width in [1, 2] {
        let (values, good, classes) = damaged_files(width);
        let path = scratch(&format!("damaged-{width}"));
        for damage in classes {
            fs::write(&path, &damage.bytes).unwrap();
            assert_eq!(read(&path), Err(damage.refused.clone()), "width {width}: {}", damage.what);
            let kept = read_values(&path, "g", 0, 1 << 30, OnDamage::KeepPrefix);
            match damage.refused.repaired_from() {
                Some(from) => {
                    let kept = kept.unwrap();
                    assert_eq!(kept.damage, Some(damage.refused.clone()), "{}", damage.what);
                    assert_eq!(kept.values, values[..from as usize], "{}", damage.what);
                    if from == 0 {
                        write_values(&path, "g", &values).unwrap();
                    } else {
                        append_values(&path, "g", &values, kept.values.len()).unwrap();
                    }
                    assert_eq!(fs::read(&path).unwrap(), good, "width {width}: repair of {}", damage.what);
                }
                None => assert_eq!(kept, Err(damage.refused), "not repairable: {}", damage.what),
            }
        }
        fs::remove_file(&path).unwrap();
    }
}

/// The messages name the block and its heaps, in one line.
#[test]
fn damage_messages_name_the_block_and_its_heaps() {
    let bad = ValueFileError::BadBlock { block: 3, first_heap: 196_608, last_heap: Some(262_143) };
    assert_eq!(
        bad.to_string(),
        "block 3 (heaps 196608 to 262143) does not match its checksum: the file is damaged or was cut short"
    );
    let cut = ValueFileError::BadBlock { block: 1, first_heap: 65_536, last_heap: None };
    assert_eq!(
        cut.to_string(),
        "block 1 (heaps 65536 on) does not match its checksum: the file is damaged or was cut short"
    );
    for error in [bad, cut, ValueFileError::HeaderChecksum, ValueFileError::Unchecked { version: 1 }] {
        assert!(!error.to_string().contains('\n'));
    }
    assert_eq!(ValueFileError::Unchecked { version: 1 }.repaired_from(), Some(0));
    let bad = ValueFileError::BadBlock { block: 3, first_heap: 196_608, last_heap: Some(262_143) };
    assert_eq!(bad.repaired_from(), Some(196_608));
    assert_eq!(ValueFileError::HeaderChecksum.repaired_from(), Some(0));
    assert_eq!(ValueFileError::WrongName { found: "a".into(), expected: "b".into() }.repaired_from(), None);
}

/// A block writer refuses a prefix that is not its block's, and values that end mid-value.
#[test]
fn block_writers_refuse_inconsistent_input() {
    let header = ValueFileHeader::new("g", 2).unwrap();
    assert!(BlockWriter::new(Vec::new(), &header, 3, &[0; 5]).is_err());
    assert!(BlockWriter::new(Vec::new(), &header, BLOCK_HEAPS + 3, &[0; 6]).is_ok());
    let mut writer = BlockWriter::new(Vec::new(), &header, 0, &[]).unwrap();
    writer.write_all(&[1, 2, 3]).unwrap();
    assert_eq!(writer.finish().unwrap_err().kind(), std::io::ErrorKind::InvalidData);
    // Nothing written: no block, no trailer.
    let writer = BlockWriter::new(Vec::new(), &header, 0, &[]).unwrap();
    assert_eq!(writer.finish().unwrap(), Vec::<u8>::new());
}

/// Two writers of one file: the second is refused while the first holds the lock.
#[test]
fn a_second_writer_is_refused_while_the_first_holds_the_lock() {
    let path = scratch("locked");
    let first = lock(&path).unwrap();
    assert!(first.path().to_string_lossy().ends_with("locked.bin.lock"));
    match lock(&path) {
        Err(ValueFileError::Locked { lock }) => assert_eq!(lock, first.path().display().to_string()),
        other => panic!("expected the lock to be refused, got {other:?}"),
    }
    drop(first);
    let again = lock(&path).unwrap();
    fs::remove_file(again.path()).unwrap();
}

/// A block writer's `flush` reaches its output, so that a caller that flushes before a
/// checkpoint has its bytes there (through a `BufWriter`, say), not only at `finish`.
#[test]
fn a_block_writer_flushes_its_output() {
    struct Counting(std::rc::Rc<std::cell::Cell<usize>>);
    impl Write for Counting {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.0.set(self.0.get() + 1);
            Ok(())
        }
    }
    let header = ValueFileHeader::new("g", 1).unwrap();
    let flushed = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut writer = BlockWriter::new(Counting(flushed.clone()), &header, 0, &[]).unwrap();
    writer.write_all(&[1]).unwrap();
    writer.flush().unwrap();
    assert_eq!(flushed.get(), 1, "flush reached the output");
}

/// The reader's bounds: a last block of exactly one value is read; a block of fewer bytes than
/// a trailer and a value is refused, even a trailer with a valid checksum of no values; and the
/// error names the heaps a cut or overlong last block would hold (none without a whole value).
#[test]
fn the_reader_takes_one_value_blocks_and_refuses_blocks_without_one() {
    let path = scratch("reader-bounds");
    let narrow: Vec<u32> = (0..=BLOCK as u32).map(|h| h % 7).collect();
    let mut wide = narrow.clone();
    wide[5] = 300;
    for (width, values) in [(1u8, narrow), (2, wide)] {
        write_values(&path, "g", &values).unwrap();
        let (header, _, _) = open(&path, "g").unwrap();
        assert_eq!(header.width, width);
        // BLOCK + 1 values: the last block holds exactly one value, and is read.
        assert_eq!(read(&path).unwrap().values, values, "width {width}");
        let good = fs::read(&path).unwrap();
        let last_block = value_offset(header.values_start(), BLOCK as u64, width).unwrap() as usize;
        let w = usize::from(width);
        // The last block replaced by a trailer alone, a valid checksum of no values: refused.
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&header.checksum().to_le_bytes());
        hasher.update(&1u64.to_le_bytes());
        hasher.update(&0u32.to_le_bytes());
        let mut empty = good[..last_block].to_vec();
        empty.extend(0u32.to_le_bytes());
        empty.extend(hasher.finalize().to_le_bytes());
        fs::write(&path, &empty).unwrap();
        let no_value = ValueFileError::BadBlock { block: 1, first_heap: BLOCK as u64, last_heap: None };
        assert_eq!(read(&path).map(|s| s.values), Err(no_value), "width {width}: an empty block");
        // Cut to 7 bytes after the first block, to a trailer and part of a value, and one byte
        // appended (one value more, for width 1).
        for length in [7, 8 + w - 1, 8 + w + 1] {
            let mut bytes = good[..last_block + length.min(8 + w)].to_vec();
            bytes.resize(last_block + length, 0);
            fs::write(&path, &bytes).unwrap();
            let heaps = (length.saturating_sub(8) / w) as u64;
            let expected = ValueFileError::BadBlock {
                block: 1,
                first_heap: BLOCK as u64,
                last_heap: (heaps > 0).then(|| BLOCK as u64 + heaps - 1),
            };
            assert_eq!(read(&path).map(|s| s.values), Err(expected), "width {width}: {length} bytes");
        }
    }
    fs::remove_file(&path).unwrap();
}

/// Appending values of the file's width appends: the file is the same file (its inode), not a
/// new one written whole as a wider value makes it.
#[cfg(unix)]
#[test]
fn an_append_of_the_same_width_keeps_the_file() {
    use std::os::unix::fs::MetadataExt;
    let path = scratch("append-in-place");
    let values: Vec<u32> = (0..1000).map(|h| h % 200).collect();
    write_values(&path, "g", &values[..500]).unwrap();
    let inode = fs::metadata(&path).unwrap().ino();
    assert_eq!(append_values(&path, "g", &values, 500), Ok(1));
    assert_eq!(fs::metadata(&path).unwrap().ino(), inode, "appended in place");
    assert_eq!(read(&path).unwrap().values, values);
    let mut wider = values.clone();
    wider.push(300);
    assert_eq!(append_values(&path, "g", &wider, 1000), Ok(2));
    assert_ne!(fs::metadata(&path).unwrap().ino(), inode, "written anew at width 2");
    assert_eq!(read(&path).unwrap().values, wider);
    fs::remove_file(&path).unwrap();
}
