//! Values to files and their statistics: `games octal CODE --values N --stats` against the
//! frequency files of another octal program (rogalski-wmii-uni-lodz-pl/octal, kept in the
//! workspace's `records/octal-frequencies-rogalski/` with their source), and `--out FILE` written, stopped,
//! resumed, checked on load and read back.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{error_line, frequency_lines, json, scratch, stdout_of, value_file};

/// The five games to 2^19 heaps equal the other program's frequencies, line for line, within
/// the default limits (seconds each).
#[test]
fn frequencies_equal_another_programs_to_2_19_heaps() {
    let data =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../records/octal-frequencies-rogalski");
    for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
        let packed = std::fs::read_to_string(data.join(format!("{code}.txt"))).unwrap();
        let expected = section(&packed, 524_288).unwrap_or_else(|| panic!("{code}: no # 524288"));
        let text = stdout_of(&["octal", code, "--values", "524288", "--stats"]);
        assert_eq!(frequency_lines(&text), expected, "{code}");
        // The figures agree with the table they come with.
        let largest = expected.len() - 1;
        assert!(text.contains(&format!("# largest value {largest} (first at heap ")), "{code}: {text:.300}");
        assert!(text.contains("# rare mask "), "{code}");
    }
}

/// The lines of section `# heaps` of a packed frequency file (`records/octal-frequencies/README.md`:
/// each power of two's table after a line `# N`), or `None` if the file has no such section.
fn section(packed: &str, heaps: u64) -> Option<Vec<String>> {
    let header = format!("# {heaps}");
    let mut lines = packed.lines().skip_while(|line| *line != header);
    lines.next()?;
    Some(lines.take_while(|line| !line.starts_with("# ")).map(str::to_string).collect())
}

/// The JSON form carries the same figures: Kayles to heap 11 (values 0 1 2 3 1 4 3 2 1 4 2 6,
/// counted by hand): frequencies of heaps 1..=11, largest 6 at heap 11, and the mask with the
/// fewest rare heaps: 5, under which only the value 2 (heaps 2, 7 and 10) has an even number of
/// one bits.
#[test]
fn statistics_by_hand_for_kayles() {
    let answer = json(&["octal", "0.77", "--values", "11", "--stats"]);
    let stats = &answer["stats"];
    assert_eq!(stats["frequencies"], serde_json::json!([0, 3, 3, 2, 2, 0, 1]));
    assert_eq!((stats["largest"].as_u64(), stats["largest_at"].as_u64()), (Some(6), Some(11)));
    assert_eq!(stats["rare"], serde_json::json!({ "mask": 5, "count": 3, "last": 10 }));
    let text = stdout_of(&["octal", "0.77", "--values", "11", "--stats"]);
    assert!(text.contains("# rare mask 5 (binary 101): 3 rare heaps, the last at heap 10"), "{text}");
    assert_eq!(frequency_lines(&text), ["0 0", "1 3", "2 3", "3 2", "4 2", "5 0", "6 1"]);
}

/// The header of an octal value file, as docs/value-files.md states it.
fn header(code: &str, width: u8) -> Vec<u8> {
    value_file(code, width, &[])
}

/// Officers (0.6) to 2^18 heaps: written, read back, resumed from a file cut short (as a killed
/// run leaves it), and a damaged file refused on load. The values in the file are those of
/// `--values` printed; the statistics of the file equal those computed in memory.
#[test]
fn a_value_file_is_written_resumed_and_checked() {
    let dir = scratch("values", "officers");
    let file = dir.join("officers.bin");
    let path = file.to_str().unwrap();
    let n = 1 << 18;
    let first = json(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--allow-long"]);
    assert_eq!(first["width"], 2, "0.6 passes 255 before heap 2^18");
    let bytes = std::fs::read(&file).unwrap();
    let head = header("0.6", 2);
    assert_eq!(bytes[..head.len()], head[..]);
    let officers: game_nim::OctalGame = "0.6".parse().unwrap();
    let values = officers.grundy_table_within(n as u64, &game_nim::Limits::UNLIMITED).unwrap().to_vec();
    assert_eq!(bytes, value_file("0.6", 2, &values));
    // The values of heaps 0..=1000, printed, are the file's first values.
    let printed = json(&["octal", "0.6", "--values", "1000"]);
    let stored: Vec<u64> = bytes[head.len()..]
        .chunks_exact(2)
        .take(1001)
        .map(|c| u16::from_le_bytes([c[0], c[1]]) as u64)
        .collect();
    let printed: Vec<u64> =
        printed["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(stored, printed);
    // Statistics from the file (read, nothing computed) equal those computed in memory.
    let from_file = stdout_of(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--stats"]);
    let in_memory = stdout_of(&["octal", "0.6", "--values", &n.to_string(), "--stats", "--allow-long"]);
    assert_eq!(frequency_lines(&from_file), frequency_lines(&in_memory));
    // Cut after its first block (as a run stopped there leaves it): resumed to the same file.
    std::fs::write(&file, &bytes[..head.len() + 2 * 65_536 + 8]).unwrap();
    json(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--allow-long"]);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    // Cut to 100 000 heaps and half a value (as a killed run may leave it): refused, naming
    // the block; repaired to the same file.
    std::fs::write(&file, &bytes[..head.len() + 2 * 100_000 + 8 + 1]).unwrap();
    let error = error_line(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--allow-long"]);
    assert!(error.contains("block 1 (heaps 65536 to 99995) does not match its checksum"), "{error}");
    assert!(error.contains("--repair to compute heaps 65536 on again"), "{error}");
    json(&["octal", "0.6", "--values", &n.to_string(), "--out", path, "--allow-long", "--repair"]);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    // A damaged value is found on load.
    let mut damaged = bytes.clone();
    damaged[head.len() + 2 * 500] ^= 4;
    std::fs::write(&file, &damaged).unwrap();
    let error = error_line(&["octal", "0.6", "--values", "300000", "--out", path, "--allow-long"]);
    assert!(error.contains("block 0 (heaps 0 to 65535) does not match its checksum"), "{error}");
    // Another game's file is refused.
    std::fs::write(&file, &bytes).unwrap();
    let error = error_line(&["octal", "0.77", "--values", "10", "--out", path]);
    assert!(error.contains("not 0.77"), "{error}");
}

/// Stopped by Ctrl-C (SIGINT) in the middle: exit code 130, one line saying how far it came and
/// where the values are, and the file holds every heap it says; the same command then finishes
/// the table, equal to one uninterrupted run.
#[test]
fn ctrl_c_stops_cleanly_and_the_run_resumes() {
    let dir = scratch("values", "ctrl-c");
    let file = dir.join("officers.bin");
    let path = file.to_str().unwrap();
    let n = (1u64 << 20).to_string();
    let binary = assert_cmd::cargo::cargo_bin("games");
    let child = std::process::Command::new(&binary)
        .args(["octal", "0.6", "--values", &n, "--out", path, "--allow-long"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until some chunks are in the file, then interrupt.
    let head = header("0.6", 2).len() as u64;
    let start = Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < head + 2 * (1 << 17) {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        // The run was faster than the signal: nothing left to test here but the file.
        eprintln!("the run finished before Ctrl-C arrived");
    } else {
        assert_eq!(out.status.code(), Some(130), "{stderr}");
        assert!(stderr.starts_with("error: stopped (Ctrl-C, SIGTERM or SIGHUP) after "), "{stderr}");
        assert!(stderr.contains("run the same command again to continue"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        let done: u64 = stderr["error: stopped (Ctrl-C, SIGTERM or SIGHUP) after ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let len = std::fs::metadata(&file).unwrap().len();
        assert!(len >= head + 2 * done, "{done} heaps said saved, {len} bytes in the file");
    }
    json(&["octal", "0.6", "--values", &n, "--out", path, "--allow-long"]);
    let resumed = std::fs::read(&file).unwrap();
    let whole = dir.join("whole.bin");
    json(&["octal", "0.6", "--values", &n, "--out", whole.to_str().unwrap(), "--allow-long"]);
    assert_eq!(resumed, std::fs::read(&whole).unwrap());
}

/// Subtraction games go through the octal machinery: the values of {1, 3, 4} as code 0.3033,
/// the file names that code, and the frequencies match the printed values.
#[test]
fn subtraction_values_to_files() {
    let dir = scratch("values", "subtraction");
    let file = dir.join("s134.bin");
    let answer =
        json(&["subtraction", "1,3,4", "--values", "70", "--out", file.to_str().unwrap(), "--stats"]);
    assert_eq!(answer["code"], "0.3033");
    let bytes = std::fs::read(&file).unwrap();
    let printed = json(&["subtraction", "1,3,4", "--values", "70"]);
    let values: Vec<u64> =
        printed["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let narrow: Vec<u32> = values.iter().map(|&v| v as u32).collect();
    assert_eq!(bytes, value_file("0.3033", 1, &narrow));
    let mut frequencies = vec![0u64; 4];
    values[1..].iter().for_each(|&v| frequencies[v as usize] += 1);
    assert_eq!(answer["stats"]["frequencies"], serde_json::json!(frequencies));
    let error = error_line(&["subtraction", "1,3,4", "--misere", "--values", "70", "--stats"]);
    assert!(error.contains("normal play"), "{error}");
}

/// The long-work flag is one flag everywhere, and the defaults answer: the requests of the issue.
#[test]
fn one_flag_lifts_every_limit() {
    // A quadratic code reaches the default effort limit in seconds; the flag lifts it.
    let error = error_line(&["octal", "0.76", "--values", "1000000"]);
    assert!(error.contains("gave up after 5000000000 steps (pass --allow-long"), "{error}");
    let error = error_line(&["octal", "0.77", "--values", "2000000"]);
    assert!(error.contains("--allow-long") && error.contains("--out FILE or --stats"), "{error}");
    assert_eq!(json(&["wythoff", "grundy", "1000", "1000"])["grundy"], 1499);
    let odd = stdout_of(&["rotation", "count", "17", "--allow-long"]);
    assert!(odd.starts_with("n = 17: 0 solutions"), "{odd}");
    assert!(stdout_of(&["rotation", "count", "17"]).starts_with("n = 17: 0 solutions"));
    let error = error_line(&["rotation", "count", "20"]);
    assert!(error.contains("--allow-long"), "{error}");
    let error = error_line(&["rotation", "solve", "12", "--budget", "30000000"]);
    assert!(error.contains("--allow-long"), "{error}");
    assert!(json(&["rotation", "solve", "12", "--budget", "30000000", "--allow-long"])["verified"] == true);
    let error = error_line(&["wythoff", "grundy", "3", "3", "--max-cells", "200000000"]);
    assert!(error.contains("--allow-long"), "{error}");
}
