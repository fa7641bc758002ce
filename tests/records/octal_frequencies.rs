//! The value frequencies of five octal games at every power of two
//! (`records/octal-frequencies/`), against the files of another program: ours in
//! `records/octal-frequencies/CODE/N` (game-nim's example `octal_frequencies`, run by
//! `scripts/octal-frequencies.sh`), Rogalski's in `records/octal-frequencies-rogalski/CODE/N`
//! (copied from rogalski-wmii-uni-lodz-pl/octal, computed by a solver that shares no code with
//! ours; see the `SOURCE.md` there).
//!
//! [`compare_dirs`] compares a directory of ours with the reference, file by file: every file of
//! ours must be a power of two from 2 up without a gap, must have a reference file to compare
//! with, must be well formed (values 0, 1, 2, ... in order, frequencies summing to N) and must
//! equal the reference byte for byte. A comparison that covers no file is an error, not a pass.
//! `cargo xtask records --octal-frequencies [--max-power K]` computes the files afresh and
//! [`fresh_files_equal_rogalskis_and_ours`] compares them.

use std::collections::BTreeMap;
use std::path::Path;

/// Our kept frequency files, relative to the workspace root.
const OURS: &str = "records/octal-frequencies";
/// Rogalski's frequency files, kept as reference data.
const REFERENCE: &str = "records/octal-frequencies-rogalski";
/// The games whose frequency files Rogalski publishes.
const CODES: [&str; 5] = ["0.014", "0.034", "0.161", "0.167", "0.172"];

/// What a comparison covered.
#[derive(Debug, PartialEq, Eq)]
struct Covered {
    /// Per code, the largest power `k` whose file (heaps `1..=2^k`) was compared.
    max_power: BTreeMap<String, u32>,
    /// The files compared in all.
    files: usize,
}

/// The power `k` of a heap count `2^k` written as `name`, from 2 up.
fn power_of(name: &str) -> Option<u32> {
    name.parse::<u64>().ok().filter(|n| n.is_power_of_two() && *n >= 2).map(u64::trailing_zeros)
}

/// The frequency files of one code, by power of two (`2^k` -> text): the files of `dir/code/`
/// (as the example writes them), or else the packed file `dir/code.txt` (as `records/` keeps
/// them: each file's text after a line `# N`, so that 140 small files are one on disk). Any
/// other file name, a repeated or misplaced `# N` and text before the first one are refused (a
/// leftover `.partial` file included).
fn files_of(dir: &Path, code: &str) -> Result<BTreeMap<u32, String>, String> {
    let path = dir.join(code);
    let mut files = BTreeMap::new();
    if !path.is_dir() {
        let packed = dir.join(format!("{code}.txt"));
        let text = std::fs::read_to_string(&packed).map_err(|e| format!("{}: {e}", packed.display()))?;
        let mut current = None;
        for line in text.lines() {
            if let Some(n) = line.strip_prefix("# ") {
                let power = power_of(n)
                    .ok_or_else(|| format!("{}: # {n} is not a power of two from 2 up", packed.display()))?;
                if files.insert(power, String::new()).is_some() {
                    return Err(format!("{}: # {n} twice", packed.display()));
                }
                current = Some(power);
            } else {
                let k = current.ok_or_else(|| format!("{}: text before the first # N", packed.display()))?;
                let file = files.get_mut(&k).expect("inserted at its # N");
                file.push_str(line);
                file.push('\n');
            }
        }
        return Ok(files);
    }
    let entries = std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let power = power_of(&name)
            .ok_or_else(|| format!("{}: {name} is not a power of two from 2 up", path.display()))?;
        let text =
            std::fs::read_to_string(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
        files.insert(power, text);
    }
    Ok(files)
}

/// Checks that `text` is a frequency file of heaps `1..=heaps`: lines `value frequency` for the
/// values 0, 1, 2, ... in order, the frequencies summing to `heaps`, the last one nonzero.
fn check_layout(text: &str, heaps: u64) -> Result<(), String> {
    let mut sum: u64 = 0;
    let mut last = 0;
    for (expected, line) in text.lines().enumerate() {
        let (value, frequency) =
            line.split_once(' ').ok_or_else(|| format!("line {line:?} is not `value frequency`"))?;
        if value.parse::<usize>().ok() != Some(expected) {
            return Err(format!("line {line:?}: value {expected} expected"));
        }
        last = frequency.parse::<u64>().map_err(|e| format!("line {line:?}: {e}"))?;
        sum = sum.checked_add(last).ok_or_else(|| "the frequencies overflow".to_string())?;
    }
    if !text.ends_with('\n') || sum != heaps || last == 0 {
        return Err(format!(
            "the frequencies sum to {sum} (not {heaps}), or the last one is 0 or unterminated"
        ));
    }
    Ok(())
}

/// The lines where two frequency files differ, both figures side by side (at most 10).
fn differences(ours: &str, theirs: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    let shown: Vec<String> = (0..a.len().max(b.len()))
        .filter(|&i| a.get(i) != b.get(i))
        .take(10)
        .map(|i| format!("ours {:?}, Rogalski's {:?}", a.get(i).unwrap_or(&"-"), b.get(i).unwrap_or(&"-")))
        .collect();
    shown.join("; ")
}

/// Compares the frequency files of `codes` in `ours` with those in `reference` (see the module
/// doc). Returns what was covered, or every mismatch found (an error of reading included).
fn compare_dirs(ours: &Path, reference: &Path, codes: &[&str]) -> Result<Covered, Vec<String>> {
    let mut mismatches = Vec::new();
    let mut covered = Covered { max_power: BTreeMap::new(), files: 0 };
    for &code in codes {
        let (mine, theirs) = match (files_of(ours, code), files_of(reference, code)) {
            (Ok(mine), Ok(theirs)) => (mine, theirs),
            (a, b) => {
                mismatches.extend(a.err().into_iter().chain(b.err()));
                continue;
            }
        };
        let Some(&top) = mine.keys().next_back() else {
            mismatches.push(format!("{code}: no file of ours in {}", ours.display()));
            continue;
        };
        for k in 1..=top {
            let heaps = 1u64 << k;
            let (Some(a), Some(b)) = (mine.get(&k), theirs.get(&k)) else {
                let whose = if mine.contains_key(&k) { "Rogalski's" } else { "ours" };
                mismatches.push(format!("{code}: {heaps} heaps: no file of {whose} (ours go to 2^{top})"));
                continue;
            };
            for (whose, text) in [("ours", a), ("Rogalski's", b)] {
                if let Err(e) = check_layout(text, heaps) {
                    mismatches.push(format!("{code}: {heaps} heaps: {whose}: {e}"));
                }
            }
            if a != b {
                mismatches.push(format!("{code}: {heaps} heaps: {}", differences(a, b)));
            }
            covered.files += 1;
        }
        covered.max_power.insert(code.to_string(), top);
    }
    if covered.files == 0 {
        mismatches.push("no frequency file compared".to_string());
    }
    if mismatches.is_empty() { Ok(covered) } else { Err(mismatches) }
}

/// How far each code's kept files go: 2^k heaps for every k from 1 to this power (the state
/// of records/octal-frequencies/README.md; a file added or lost must change it).
const KEPT_TO_POWER: [(&str, u32); 5] =
    [("0.014", 28), ("0.034", 28), ("0.161", 28), ("0.167", 28), ("0.172", 28)];

/// Our kept files equal Rogalski's at every power of two, each code exactly as far as
/// [`KEPT_TO_POWER`] says.
#[test]
fn the_kept_frequencies_equal_rogalskis_at_every_power() {
    let covered = compare_dirs(&crate::path(OURS), &crate::path(REFERENCE), &CODES).unwrap();
    for (code, power) in KEPT_TO_POWER {
        assert_eq!(covered.max_power[code], power, "{code}: {covered:?}");
    }
    let files: u32 = KEPT_TO_POWER.iter().map(|(_, k)| k).sum();
    assert_eq!(covered.files, files as usize);
}

/// A copy of some kept files, edited: each edit is caught, and a comparison of nothing fails.
#[test]
fn a_changed_missing_or_extra_file_is_a_mismatch() {
    let scratch = std::env::temp_dir().join(format!("records-frequencies-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let copy = |code: &str, powers: std::ops::RangeInclusive<u32>| {
        std::fs::create_dir_all(scratch.join(code)).unwrap();
        for k in powers {
            let n = (1u64 << k).to_string();
            std::fs::write(
                scratch.join(code).join(&n),
                &files_of(&crate::path(REFERENCE), code).unwrap()[&k],
            )
            .unwrap();
        }
    };
    let reference = crate::path(REFERENCE);
    copy("0.161", 1..=10);
    let covered = compare_dirs(&scratch, &reference, &["0.161"]).unwrap();
    assert_eq!((covered.files, covered.max_power["0.161"]), (10, 10));
    // One frequency moved from value 1 to value 2 (the sum unchanged): both figures shown.
    let file = scratch.join("0.161/1024");
    let kept = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, kept.replace("\n1 25\n2 120\n", "\n1 24\n2 121\n")).unwrap();
    let found = compare_dirs(&scratch, &reference, &["0.161"]).unwrap_err();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("ours \"1 24\", Rogalski's \"1 25\""), "{found:?}");
    // A frequency changed alone breaks the sum too.
    std::fs::write(&file, kept.replace("\n1 25\n", "\n1 26\n")).unwrap();
    assert_eq!(compare_dirs(&scratch, &reference, &["0.161"]).unwrap_err().len(), 2);
    std::fs::write(&file, &kept).unwrap();
    // A gap among ours.
    std::fs::remove_file(scratch.join("0.161/64")).unwrap();
    let found = compare_dirs(&scratch, &reference, &["0.161"]).unwrap_err();
    assert!(found[0].contains("64 heaps: no file of ours"), "{found:?}");
    copy("0.161", 6..=6);
    // Beyond the reference (2^28).
    std::fs::write(scratch.join("0.161/536870912"), "0 1\n").unwrap();
    let found = compare_dirs(&scratch, &reference, &["0.161"]).unwrap_err();
    assert!(found.iter().any(|m| m.contains("no file of Rogalski's")), "{found:?}");
    std::fs::remove_file(scratch.join("0.161/536870912")).unwrap();
    // A name that is no power of two, and a leftover partial file.
    std::fs::write(scratch.join("0.161/1000"), "0 1000\n").unwrap();
    assert!(compare_dirs(&scratch, &reference, &["0.161"]).is_err());
    std::fs::remove_file(scratch.join("0.161/1000")).unwrap();
    std::fs::write(scratch.join("0.161/.1024.partial"), "").unwrap();
    assert!(compare_dirs(&scratch, &reference, &["0.161"]).is_err());
    std::fs::remove_file(scratch.join("0.161/.1024.partial")).unwrap();
    assert!(compare_dirs(&scratch, &reference, &["0.161"]).is_ok());
    // No code, an empty directory, a code without files: nothing compared is a failure.
    assert_eq!(compare_dirs(&scratch, &reference, &[]).unwrap_err(), ["no frequency file compared"]);
    std::fs::create_dir_all(scratch.join("0.014")).unwrap();
    assert!(compare_dirs(&scratch, &reference, &["0.014"]).is_err());
    assert!(compare_dirs(&scratch, &reference, &["0.034"]).is_err());
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn the_layout_is_checked() {
    assert!(check_layout("0 1\n1 1\n", 2).is_ok());
    assert!(check_layout("0 1\n1 1\n", 3).is_err());
    assert!(check_layout("0 1\n1 1", 2).is_err());
    assert!(check_layout("0 1\n2 1\n", 2).is_err());
    assert!(check_layout("0 2\n1 0\n", 2).is_err());
    assert!(check_layout("0 x\n", 2).is_err());
    assert!(check_layout("", 0).is_err());
}

/// `cargo xtask records --octal-frequencies`: the fresh files (`octal-frequencies/CODE/N`, up to
/// the power the run was given) equal Rogalski's at every power, and ours where ours reach.
#[test]
#[ignore = "a recomputation of a minute (2^20) to hours (2^28): cargo xtask records --octal-frequencies"]
fn fresh_files_equal_rogalskis_and_ours() {
    let fresh = crate::fresh_output("octal-frequencies");
    let covered = compare_dirs(&fresh, &crate::path(REFERENCE), &CODES).unwrap_or_else(|m| panic!("{m:#?}"));
    let top = covered.max_power.values().copied().max().unwrap();
    assert!(covered.max_power.values().all(|&k| k == top), "{covered:?}");
    for code in CODES {
        let (new, kept) = (files_of(&fresh, code).unwrap(), files_of(&crate::path(OURS), code).unwrap());
        for (k, text) in new.iter().filter(|(k, _)| kept.contains_key(k)) {
            assert!(
                kept.get(k) == Some(text),
                "{code}: 2^{k} heaps: the kept file of ours differs from the fresh run"
            );
        }
    }
}

/// A packed file is refused when a heap count is no power of two or repeated, or text comes
/// before the first one.
#[test]
fn a_malformed_packed_file_is_refused() {
    let scratch = std::env::temp_dir().join(format!("records-packed-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for (text, expected) in [
        ("# 2\n0 1\n1 1\n# 4\n0 2\n1 2\n", None),
        ("# 3\n0 3\n", Some("not a power of two")),
        ("# 2\n0 1\n1 1\n# 2\n0 1\n1 1\n", Some("twice")),
        ("0 1\n# 2\n0 1\n1 1\n", Some("before the first")),
    ] {
        std::fs::write(scratch.join("0.161.txt"), text).unwrap();
        match (files_of(&scratch, "0.161"), expected) {
            (Ok(files), None) => {
                assert_eq!((files[&1].as_str(), files[&2].as_str()), ("0 1\n1 1\n", "0 2\n1 2\n"))
            }
            (Err(e), Some(expected)) => assert!(e.contains(expected), "{e}"),
            (got, _) => panic!("{text:?}: {got:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
