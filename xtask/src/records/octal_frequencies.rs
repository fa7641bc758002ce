//! The value frequencies of five octal games at every power of two, against the files of
//! another program: ours in `records/octal-frequencies/CODE/N` (game-nim's example
//! `octal_frequencies`, run by `scripts/octal-frequencies.sh`), Rogalski's in
//! `records/octal-frequencies-rogalski/CODE/N` (copied from rogalski-wmii-uni-lodz-pl/octal,
//! computed by a solver that shares no code with ours; see the `SOURCE.md` there).
//!
//! [`compare_dirs`] compares a directory of ours with the reference, file by file: every file of
//! ours must be a power of two from 2 up without a gap, must have a reference file to compare
//! with, must be well formed (values 0, 1, 2, ... in order, frequencies summing to N) and must
//! equal the reference byte for byte. A comparison that covers no file is an error, not a pass.
//! `cargo test -p xtask` runs it on the kept files; `cargo xtask records --octal-frequencies`
//! on a fresh run ([`run`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Our kept frequency files, relative to the workspace root.
pub(crate) const OURS: &str = "records/octal-frequencies";
/// Rogalski's frequency files, kept as reference data.
pub(crate) const REFERENCE: &str = "records/octal-frequencies-rogalski";
/// The games whose frequency files Rogalski publishes.
pub(crate) const CODES: [&str; 5] = ["0.014", "0.034", "0.161", "0.167", "0.172"];

/// What a comparison covered.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Covered {
    /// Per code, the largest power `k` whose file (heaps `1..=2^k`) was compared.
    pub(crate) max_power: BTreeMap<String, u32>,
    /// The files compared in all.
    pub(crate) files: usize,
}

/// The frequency files of one code in `dir/code`, by power of two (`2^k` -> text). Any other
/// file name is refused (a leftover `.partial` file included).
pub(crate) fn files_of(dir: &Path, code: &str) -> Result<BTreeMap<u32, String>, String> {
    let path = dir.join(code);
    let entries = std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut files = BTreeMap::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let power = name
            .parse::<u64>()
            .ok()
            .filter(|n| n.is_power_of_two() && *n >= 2)
            .map(u64::trailing_zeros)
            .ok_or_else(|| format!("{}: {name} is not a power of two from 2 up", path.display()))?;
        let text =
            std::fs::read_to_string(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
        files.insert(power, text);
    }
    Ok(files)
}

/// Checks that `text` is a frequency file of heaps `1..=heaps`: lines `value frequency` for the
/// values 0, 1, 2, ... in order, the frequencies summing to `heaps`, the last one nonzero.
pub(crate) fn check_layout(text: &str, heaps: u64) -> Result<(), String> {
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
pub(crate) fn compare_dirs(ours: &Path, reference: &Path, codes: &[&str]) -> Result<Covered, Vec<String>> {
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

/// `cargo xtask records --octal-frequencies`: computes the five codes' files afresh up to
/// `2^max_power` heaps (game-nim's example `octal_frequencies`, release, one run per code) in a
/// scratch directory, then compares them with Rogalski's kept files at every power and with our
/// kept files where those reach. Returns the mismatches.
pub(crate) fn run(root: &Path, max_power: u32) -> Result<Vec<String>, String> {
    let scratch: PathBuf = std::env::temp_dir().join(format!("octal-frequencies-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    for code in CODES {
        let args = [code.to_string(), max_power.to_string(), scratch.display().to_string()];
        let (figures, failed) = super::run_example("game-nim", "octal_frequencies", &args)?;
        if failed {
            return Err(format!("octal_frequencies {code} {max_power} failed: {figures}"));
        }
        eprintln!("{code}: 2^{max_power} heaps in {} s", figures["seconds"]);
    }
    let mut mismatches = Vec::new();
    match compare_dirs(&scratch, &root.join(REFERENCE), &CODES) {
        Ok(covered) => {
            if let Some((code, k)) = covered.max_power.iter().find(|(_, k)| **k != max_power) {
                mismatches.push(format!("{code}: the run wrote files up to 2^{k}, not 2^{max_power}"));
            }
            println!(
                "octal frequencies: {} files (2^1 to 2^{max_power} heaps of {}) equal Rogalski's",
                covered.files,
                CODES.join(", ")
            );
        }
        Err(found) => mismatches.extend(found),
    }
    // Our kept files, as far as they go, must be those of the fresh run.
    for code in CODES {
        let (fresh, kept) = (files_of(&scratch, code)?, files_of(&root.join(OURS), code)?);
        for (k, text) in fresh.iter().filter(|(k, _)| kept.contains_key(k)) {
            if kept.get(k) != Some(text) {
                mismatches
                    .push(format!("{code}: 2^{k} heaps: the kept file of ours differs from the fresh run"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(mismatches)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far each code's kept files go: 2^k heaps for every k from 1 to this power (the state
    /// of records/octal-frequencies/README.md; a file added or lost must change it).
    const KEPT_TO_POWER: [(&str, u32); 5] =
        [("0.014", 28), ("0.034", 28), ("0.161", 28), ("0.167", 28), ("0.172", 28)];

    /// Our kept files equal Rogalski's at every power of two, each code exactly as far as
    /// [`KEPT_TO_POWER`] says.
    #[test]
    fn the_kept_frequencies_equal_rogalskis_at_every_power() {
        let root = crate::workspace_root();
        let covered = compare_dirs(&root.join(OURS), &root.join(REFERENCE), &CODES).unwrap();
        for (code, power) in KEPT_TO_POWER {
            assert_eq!(covered.max_power[code], power, "{code}: {covered:?}");
        }
        let files: u32 = KEPT_TO_POWER.iter().map(|(_, k)| k).sum();
        assert_eq!(covered.files, files as usize);
    }

    /// A copy of some kept files, edited: each edit is caught, and a comparison of nothing fails.
    #[test]
    fn a_changed_missing_or_extra_file_is_a_mismatch() {
        let root = crate::workspace_root();
        let scratch = std::env::temp_dir().join(format!("xtask-frequencies-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        let copy = |code: &str, powers: std::ops::RangeInclusive<u32>| {
            std::fs::create_dir_all(scratch.join(code)).unwrap();
            for k in powers {
                let n = (1u64 << k).to_string();
                std::fs::copy(root.join(REFERENCE).join(code).join(&n), scratch.join(code).join(&n)).unwrap();
            }
        };
        let reference = root.join(REFERENCE);
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
}
