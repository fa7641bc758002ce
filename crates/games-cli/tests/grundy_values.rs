//! `games grundy --values N [--out FILE] [--stats]`: Grundy's game's values written to a value
//! file (game-core's layout, named `grundy`), resumed from a file cut short as a killed run
//! leaves it, checked on load, read back equal to game-takebreak's values computed directly,
//! and their statistics equal to a count from the plain definition.

mod common;

use common::{error_line, frequency_lines, json, scratch, stdout_of, value_file};

/// The header of a value file for `name`, as docs/value-files.md states it.
fn header(name: &str, width: u8) -> Vec<u8> {
    value_file(name, width, &[])
}

/// Grundy's game by the plain definition, written here: heap `n` splits into `a + (n - a)` with
/// `1 <= a < n - a`, and its value is the mex of `g(a) XOR g(n - a)`.
fn values_by_definition(up_to: usize) -> Vec<u32> {
    let mut values = vec![0u32; up_to + 1];
    for n in 3..=up_to {
        let options: std::collections::HashSet<u32> =
            (1..).take_while(|&a| 2 * a < n).map(|a| values[a] ^ values[n - a]).collect();
        values[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    values
}

/// The frequencies of heaps 1..=n counted from the definition's values equal `--stats`, line
/// for line; the JSON form has the same figures, and the largest value and its first heap.
#[test]
fn statistics_equal_a_count_from_the_definition() {
    let n = 3000;
    let values = values_by_definition(n);
    let largest = *values[1..].iter().max().unwrap();
    let mut frequencies = vec![0u64; largest as usize + 1];
    values[1..].iter().for_each(|&v| frequencies[v as usize] += 1);
    let expected: Vec<String> = frequencies.iter().enumerate().map(|(v, f)| format!("{v} {f}")).collect();
    let text = stdout_of(&["grundy", "--values", &n.to_string(), "--stats"]);
    assert_eq!(frequency_lines(&text), expected);
    assert!(
        text.starts_with(&format!("# Grundy's game: frequencies of the values of heaps 1..={n}\n")),
        "{text}"
    );
    let first = values.iter().position(|&v| v == largest).unwrap();
    assert!(text.contains(&format!("# largest value {largest} (first at heap {first})")), "{text}");
    let answer = json(&["grundy", "--values", &n.to_string(), "--stats"]);
    assert_eq!(answer["stats"]["frequencies"], serde_json::json!(frequencies));
    assert_eq!(answer["game"], "grundy");
    // The rare/common split of game-takebreak's method: with mask 0b...110 only a few heaps are
    // rare; the mask printed makes the fewest heaps rare, so at most as many.
    let rare_under =
        |mask: u32| values[1..].iter().filter(|&&v| (v & mask).count_ones().is_multiple_of(2)).count();
    let rare = answer["stats"]["rare"]["count"].as_u64().unwrap() as usize;
    assert_eq!(rare, rare_under(answer["stats"]["rare"]["mask"].as_u64().unwrap() as u32));
    assert!(rare <= rare_under(!1 & 0xff), "{rare}");
    // Printed values are the definition's.
    let printed = json(&["grundy", "--values", "200"]);
    assert_eq!(printed["values"], serde_json::json!(values[..=200]));
}

/// Written to 200 000 heaps (checkpoints every 2^16), read back equal to game-takebreak's values
/// computed directly; cut to 70 000 heaps (as a run killed there leaves it) and resumed to
/// the same bytes; a file holding more heaps than asked is read, not changed; a damaged value
/// and another game's file are refused on load.
#[test]
fn a_value_file_is_written_resumed_and_checked() {
    let dir = scratch("grundy", "file");
    let file = dir.join("grundy.bin");
    let path = file.to_str().unwrap();
    let n: usize = 200_000;
    let first = json(&["grundy", "--values", &n.to_string(), "--out", path]);
    assert_eq!(first["out"], path);
    let direct = game_takebreak::grundy_values(n as u64).unwrap();
    let width = first["width"].as_u64().unwrap() as u8;
    assert_eq!(width, 1, "Grundy's game's values stay below 256 this far");
    let bytes = std::fs::read(&file).unwrap();
    let head = header("grundy", width);
    assert_eq!(bytes[..head.len()], head[..]);
    assert_eq!(bytes, value_file("grundy", 1, &direct));
    // Interrupted: the file holds 70 000 heaps (a run stopped there leaves such a file); the
    // same command resumes from it.
    std::fs::write(&file, value_file("grundy", 1, &direct[..70_000])).unwrap();
    let resumed = stdout_of(&["grundy", "--values", &n.to_string(), "--out", path]);
    assert_eq!(
        resumed,
        format!(
            "Grundy's game: the values of heaps 0..={n} are in {path} (1-byte value file, see docs/value-files.md)\n"
        )
    );
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    // Fewer heaps asked than stored: read, the statistics of those heaps, the file unchanged.
    let small = stdout_of(&["grundy", "--values", "3000", "--out", path, "--stats"]);
    let in_memory = stdout_of(&["grundy", "--values", "3000", "--stats"]);
    assert_eq!(frequency_lines(&small), frequency_lines(&in_memory));
    assert!(small.contains("(1-byte value file"), "{small}");
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    // A wrong value with valid checksums (another program's file) is found by the check on
    // load: heap 500 (all of the first 1024 heaps are checked) and the last heap (one of the
    // spread heaps checked).
    for heap in [500, n] {
        let mut wrong = direct.clone();
        wrong[heap] ^= 1;
        std::fs::write(&file, value_file("grundy", 1, &wrong)).unwrap();
        let error = error_line(&["grundy", "--values", &n.to_string(), "--out", path]);
        assert!(error.contains(&format!("heap {heap} is stored with the value")), "{error}");
    }
    // Another game's file (Kayles, written by games octal) is refused by its name.
    let kayles = dir.join("kayles.bin");
    json(&["octal", "0.77", "--values", "100", "--out", kayles.to_str().unwrap()]);
    let error = error_line(&["grundy", "--values", "100", "--out", kayles.to_str().unwrap()]);
    assert!(error.contains("holds the values of \"0.77\", not grundy"), "{error}");
    // Not a value file at all, a file cut inside its header, and a directory.
    std::fs::write(&file, b"hello").unwrap();
    assert!(error_line(&["grundy", "--values", "10", "--out", path]).contains("shorter than its header"));
    std::fs::write(&file, b"hello, this is not a value file").unwrap();
    assert!(error_line(&["grundy", "--values", "10", "--out", path]).contains("bad magic"));
    assert!(
        error_line(&["grundy", "--values", "10", "--out", dir.to_str().unwrap()])
            .contains("not a regular file")
    );
}

/// Limits: printing is capped without --allow-long, the memory is estimated before anything is
/// allocated, and a heap beyond the tables' reach is refused.
#[test]
fn limits_are_typed_errors() {
    assert!(error_line(&["grundy", "--values", "1000001"]).contains("--allow-long"));
    assert!(error_line(&["grundy"]).contains("--values N"));
    assert!(error_line(&["--memory", "1", "grundy", "--values", "100000", "--stats"]).contains("--memory"));
    assert!(error_line(&["grundy", "--values", "18446744073709551615", "--stats"]).contains("bytes"));
    assert!(error_line(&["grundy", "--out", "x.bin"]).contains("--values"));
    // A file that cannot be created: its path named once, with the system's reason.
    let missing = "/nonexistent-directory-of-games/grundy.bin";
    let error = error_line(&["grundy", "--values", "10", "--out", missing]);
    assert!(error.starts_with(&format!("error: value file {missing}: ")), "{error}");
    assert_eq!(error.matches(missing).count(), 1, "{error}");
}
