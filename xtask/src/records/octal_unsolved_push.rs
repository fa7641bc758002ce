//! The unsolved classes of the octal table pushed past the table's 2^16 heaps:
//! `records/octal-unsolved/`, written by `scripts/octal-unsolved.sh` (game-nim's example
//! `octal_frequencies` with a time budget per code): for each code the value frequencies of
//! heaps `1..=2^k` at every power of two it reached (Rogalski's format), and one line of
//! `runs.tsv` saying how far it went and what stopped it.
//!
//! [`check_kept`] checks the kept files, in `cargo test -p xtask`:
//!
//! * **every unsolved class is accounted for**: the first code of each unsolved class of
//!   `records/octal-table.json` has a line in `runs.tsv`, or is pushed elsewhere (the five
//!   codes of `records/octal-frequencies/`, the codes proven periodic in
//!   `records/octal-solved-games.json`);
//! * **the files are whole**: each pushed code has a well-formed file at every power from 2 to
//!   the one `runs.tsv` says it reached, no gap and nothing beyond, and the largest value of the
//!   last file is the one `runs.tsv` gives;
//! * **the counts only grow**: each value's frequency among heaps `1..=2^(k+1)` is at least its
//!   frequency among heaps `1..=2^k`;
//! * **the table agrees**: at 2^16 heaps each file gives the largest value that the table's own
//!   run found for that code, and the number of rare heaps under the table's rare mask (the
//!   table computed its statistics from its values; here they are counted from the pushed
//!   run's frequencies);
//! * **a period is a claim**: the `period` column says what the kernel's Guy-Smith search (run
//!   at every power of two passed) found: `none`, or `N0 P` (pre-period and period), which must
//!   be one of [`PROVEN_PERIODS`], each proven by a claim of its own ([`proven_period`]); `-` marks lines written
//!   before the search's result was reported.
//!
//! The values themselves are checked by a program that shares no code with ours: tczajka's
//! `analyze` (tczajka/octal-games), run on every pushed code by `scripts/bench-octal.sh`, whose
//! output is kept as `records/octal-unsolved/tczajka-check.txt`; [`check_against_tczajka`]
//! reads it and requires, for every pushed code, a line saying the values agree (the largest
//! value and its first heap at every power of two, and the rare count and last rare heap under
//! their mask) at the power the code reached, or at [`CHECK_POWER`] if it went further.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::octal_frequencies::{OURS as FREQUENCIES, check_layout, files_of};

/// The pushed codes' files, relative to the workspace root.
pub(crate) const PUSHED: &str = "records/octal-unsolved";
/// The table's heap count: 2^16.
const TABLE_POWER: u32 = 16;
/// The power of two up to which every pushed code's values are compared with tczajka's
/// program (less where the code did not get that far).
pub(crate) const CHECK_POWER: u32 = 20;

/// The periods of unsolved classes of the table that a push found, each proven by the claim
/// named (a Guy-Smith proof and the plain definition over its range): code, pre-period, period,
/// claim.
pub(crate) const PROVEN_PERIODS: [(&str, u64, u64, &str); 2] =
    [("4.064", 94_272, 16_132, "OT17"), ("4.406", 294_097, 44, "OT18")];

/// One line of `runs.tsv`: the fields this check reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PushedRun {
    pub(crate) code: String,
    /// The other codes with the same values up to 2^16, or `-`.
    pub(crate) same_values: String,
    pub(crate) reached_power: u32,
    pub(crate) largest: u64,
    pub(crate) stopped: String,
    /// `none`, `N0 P` or `-` (see the module doc).
    pub(crate) period: String,
    /// The time budget (wall seconds), as written.
    pub(crate) budget_s: String,
    /// The CPU seconds (user and system), as written (two decimals).
    pub(crate) cpu_s: String,
}

/// The lines of `runs.tsv`, the last one of each code (a later run of a code replaces its
/// files, so its line is the one that describes them).
pub(crate) fn read_runs(dir: &Path) -> Result<BTreeMap<String, PushedRun>, String> {
    let path = dir.join("runs.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let column = |name: &str| {
        header.iter().position(|h| *h == name).ok_or_else(|| format!("{}: no column {name}", path.display()))
    };
    let (code, same, budget, cpu) =
        (column("code")?, column("same_values")?, column("budget_s")?, column("cpu_s")?);
    let (reached, largest, stopped, period) =
        (column("reached_power")?, column("largest")?, column("stopped")?, column("period")?);
    let mut runs = BTreeMap::new();
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != header.len() {
            return Err(format!(
                "{}: {line:?} has {} fields, not {}",
                path.display(),
                fields.len(),
                header.len()
            ));
        }
        let number =
            |i: usize| fields[i].parse::<u64>().map_err(|e| format!("{}: {line:?}: {e}", path.display()));
        let run = PushedRun {
            code: fields[code].to_string(),
            same_values: fields[same].to_string(),
            reached_power: u32::try_from(number(reached)?).map_err(|e| format!("{line:?}: {e}"))?,
            largest: number(largest)?,
            stopped: fields[stopped].to_string(),
            period: fields[period].to_string(),
            budget_s: fields[budget].to_string(),
            cpu_s: fields[cpu].to_string(),
        };
        runs.insert(run.code.clone(), run);
    }
    Ok(runs)
}

/// The table's figures for one code (`records/octal-table.json`).
#[derive(Deserialize)]
struct TableCode {
    code: String,
    class: String,
    statistics: TableStatistics,
}

#[derive(Deserialize)]
struct TableStatistics {
    heaps: u64,
    largest: u64,
    rare: Option<TableRare>,
}

#[derive(Deserialize)]
struct TableRare {
    mask: u64,
    count: u64,
}

#[derive(Deserialize)]
struct TableGroup {
    codes: Vec<String>,
}

#[derive(Deserialize)]
struct Table {
    codes: Vec<TableCode>,
    groups: Vec<TableGroup>,
}

/// The unsolved classes of the kept table: the first code of each (table order) with its
/// figures, and every code of the class.
fn unsolved_classes(root: &Path) -> Result<Vec<(TableCode, Vec<String>)>, String> {
    let path = root.join("records/octal-table.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let table: Table =
        serde_json::from_value(json["result"].take()).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = BTreeSet::new();
    let mut classes = Vec::new();
    for code in table.codes.into_iter().filter(|c| c.class == "unsolved") {
        if seen.contains(&code.code) {
            continue;
        }
        let members = table
            .groups
            .iter()
            .find(|g| g.codes.contains(&code.code))
            .map_or_else(|| vec![code.code.clone()], |g| g.codes.clone());
        seen.extend(members.iter().cloned());
        classes.push((code, members));
    }
    Ok(classes)
}

/// The codes pushed elsewhere: the folders of `records/octal-frequencies/` and the codes of
/// `records/octal-solved-games.json`.
fn pushed_elsewhere(root: &Path) -> Result<BTreeSet<String>, String> {
    let mut codes = BTreeSet::new();
    let dir = root.join(FREQUENCIES);
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        if entry.path().is_dir() {
            codes.insert(entry.file_name().to_string_lossy().into_owned());
        }
    }
    let path = root.join("records/octal-solved-games.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let entries = json["entries"].as_array().ok_or_else(|| format!("{}: no entries", path.display()))?;
    codes.extend(entries.iter().filter_map(|e| e["code"].as_str()).map(str::to_string));
    Ok(codes)
}

/// The frequencies of one file (already checked by [`check_layout`]).
fn frequencies(text: &str) -> Vec<u64> {
    text.lines().filter_map(|l| l.split_once(' ')).filter_map(|(_, f)| f.parse().ok()).collect()
}

/// What [`check_kept`] covered.
#[derive(Debug)]
pub(crate) struct PushCovered {
    /// The codes pushed here, with the power each reached.
    pub(crate) reached: BTreeMap<String, u32>,
    /// The unsolved classes pushed elsewhere.
    pub(crate) elsewhere: usize,
    /// The files checked.
    pub(crate) files: usize,
}

/// Checks the kept files of `dir` against `runs.tsv` and the table of `root` (see the module
/// doc). Returns what was covered, or every mismatch found.
pub(crate) fn check_kept(root: &Path, dir: &Path) -> Result<PushCovered, Vec<String>> {
    let fail = |e: String| vec![e];
    let runs = read_runs(dir).map_err(fail)?;
    let classes = unsolved_classes(root).map_err(fail)?;
    let elsewhere = pushed_elsewhere(root).map_err(fail)?;
    let mut mismatches = Vec::new();
    let mut covered = PushCovered { reached: BTreeMap::new(), elsewhere: 0, files: 0 };
    for (first, members) in &classes {
        if members.iter().any(|c| elsewhere.contains(c)) && !runs.contains_key(&first.code) {
            covered.elsewhere += 1;
            continue;
        }
        let Some(run) = runs.get(&first.code) else {
            mismatches.push(format!("{}: an unsolved class with no line in {PUSHED}/runs.tsv", first.code));
            continue;
        };
        let files = match files_of(dir, &run.code) {
            Ok(files) => files,
            Err(e) => {
                mismatches.push(e);
                continue;
            }
        };
        let expected: Vec<u32> = (1..=run.reached_power).collect();
        if files.keys().copied().collect::<Vec<_>>() != expected {
            mismatches.push(format!(
                "{}: files for powers {:?}, runs.tsv says every power to 2^{}",
                run.code,
                files.keys().collect::<Vec<_>>(),
                run.reached_power
            ));
            continue;
        }
        let mut previous: Vec<u64> = Vec::new();
        for (&k, text) in &files {
            if let Err(e) = check_layout(text, 1 << k) {
                mismatches.push(format!("{}: 2^{k} heaps: {e}", run.code));
                continue;
            }
            let counts = frequencies(text);
            if previous.len() > counts.len() || previous.iter().zip(&counts).any(|(a, b)| a > b) {
                mismatches.push(format!(
                    "{}: a frequency at 2^{k} heaps is below its value at 2^{}",
                    run.code,
                    k - 1
                ));
            }
            if k == TABLE_POWER {
                let largest = counts.len() as u64 - 1;
                let stats = &first.statistics;
                if stats.heaps != 1 << TABLE_POWER || largest != stats.largest {
                    mismatches.push(format!(
                        "{}: largest value {largest} among heaps 1..=65536, the table {} among 1..={}",
                        run.code, stats.largest, stats.heaps
                    ));
                }
                if let Some(rare) = &stats.rare {
                    let count: u64 = (0u64..)
                        .zip(&counts)
                        .filter(|(v, _)| (v & rare.mask).count_ones() % 2 == 0)
                        .map(|(_, f)| f)
                        .sum();
                    if count != rare.count {
                        mismatches.push(format!(
                            "{}: {count} rare heaps under mask {:x} at 2^16, the table {}",
                            run.code, rare.mask, rare.count
                        ));
                    }
                }
            }
            previous = counts;
            covered.files += 1;
        }
        if previous.len() as u64 != run.largest + 1 {
            mismatches.push(format!(
                "{}: the last file's largest value is {}, runs.tsv says {}",
                run.code,
                previous.len().saturating_sub(1),
                run.largest
            ));
        }
        if let Err(mismatch) = proven_period(run) {
            mismatches.push(mismatch);
        }
        covered.reached.insert(run.code.clone(), run.reached_power);
    }
    for code in runs.keys().filter(|c| !classes.iter().any(|(first, _)| &first.code == *c)) {
        mismatches.push(format!("{code}: in runs.tsv but not the first code of an unsolved class"));
    }
    if covered.reached.is_empty() {
        mismatches.push("no pushed code checked".to_string());
    }
    if mismatches.is_empty() { Ok(covered) } else { Err(mismatches) }
}

/// `run`'s period column read: `None` for `none` or `-`, else the pre-period, period and the
/// claim of [`PROVEN_PERIODS`] that proves it; an error if the column is malformed or no claim
/// proves the period.
pub(crate) fn proven_period(run: &PushedRun) -> Result<Option<(u64, u64, &'static str)>, String> {
    if run.period == "none" || run.period == "-" {
        return Ok(None);
    }
    let found: Option<(u64, u64)> =
        run.period.split_once(' ').and_then(|(n0, p)| Some((n0.parse().ok()?, p.parse().ok()?)));
    let Some((preperiod, period)) = found else {
        return Err(format!("{}: period column {:?} is not none, - or N0 P", run.code, run.period));
    };
    PROVEN_PERIODS
        .iter()
        .find(|&&(code, n0, p, _)| code == run.code && (n0, p) == (preperiod, period))
        .map(|&(_, n0, p, claim)| Some((n0, p, claim)))
        .ok_or_else(|| {
            format!(
                "{}: a period found (pre-period {preperiod}, period {period}) that no claim proves: prove it (a claim and PROVEN_PERIODS) before keeping it",
                run.code
            )
        })
}

/// How `scripts/bench-octal.sh` says that both programs ran to `2^E` heaps and agree: the
/// largest value and its first heap at every power of two, then the rare count and last rare
/// heap under their mask.
const AGREE: &str = "yes (largest value at each 2^k; num_rare=";

/// How it says that their program proved a period before `2^E` heaps and our values agree at
/// every power of two it printed (it printed them: it computed the heaps the period needs).
const AGREE_TO_PERIOD: &str = "yes (largest value at each 2^k; they stopped at: Found period";

/// The lines of `scripts/bench-octal.sh`'s output that give a verdict: `CODE 2^E | ... | VERDICT`
/// as (code, E, verdict).
fn verdicts(text: &str) -> impl Iterator<Item = (&str, u32, &str)> {
    text.lines().filter_map(|line| {
        let mut words = line.split_whitespace();
        let (code, power) = (words.next()?, words.next()?);
        let power = power.strip_prefix("2^")?.parse::<u32>().ok()?;
        Some((code, power, line.rsplit('|').next().unwrap_or("").trim_start()))
    })
}

/// Reads `scripts/bench-octal.sh`'s output and returns, per code, the powers at which it says
/// our values and tczajka's agree.
pub(crate) fn agreeing_powers(text: &str) -> BTreeMap<String, BTreeSet<u32>> {
    let mut agreeing: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for (code, power, verdict) in verdicts(text) {
        // Only a comparison that ran to 2^E on both sides, or to a period their program proved,
        // counts ("yes (...; they stopped at: ?)" would hold vacuously if it printed nothing).
        if verdict.starts_with(AGREE) || verdict.starts_with(AGREE_TO_PERIOD) {
            agreeing.entry(code.to_string()).or_default().insert(power);
        }
    }
    agreeing
}

/// The codes for which that output says their program proved a period and our values agree up
/// to it.
pub(crate) fn codes_agreeing_to_their_period(text: &str) -> BTreeSet<&str> {
    verdicts(text)
        .filter(|(_, _, verdict)| verdict.starts_with(AGREE_TO_PERIOD))
        .map(|(code, _, _)| code)
        .collect()
}

/// Every pushed code must agree with tczajka's program at the power it reached, or at
/// [`CHECK_POWER`] if it went further. Returns the mismatches.
pub(crate) fn check_against_tczajka(reached: &BTreeMap<String, u32>, check: &str) -> Vec<String> {
    let agreeing = agreeing_powers(check);
    let mut mismatches: Vec<String> = reached
        .iter()
        .filter_map(|(code, &power)| {
            let wanted = power.min(CHECK_POWER);
            let found = agreeing.get(code).is_some_and(|powers| powers.iter().any(|&p| p >= wanted));
            (!found)
                .then(|| format!("{code}: no agreement with tczajka's analyze at 2^{wanted} heaps or more"))
        })
        .collect();
    if reached.is_empty() {
        mismatches.push("no pushed code to check against tczajka's analyze".to_string());
    }
    mismatches
}

/// `cargo xtask records --octal-unsolved` (with the re-run of .04 and .06): checks the kept
/// files of [`PUSHED`] and their agreement with tczajka's program, printing what was covered.
/// Returns the mismatches.
pub(crate) fn run(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join(PUSHED);
    let covered = match check_kept(root, &dir) {
        Ok(covered) => covered,
        Err(mismatches) => return Ok(mismatches),
    };
    let path = dir.join("tczajka-check.txt");
    let check = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mismatches = check_against_tczajka(&covered.reached, &check);
    if mismatches.is_empty() {
        println!(
            "{PUSHED}: {} codes pushed ({} files; {} classes pushed elsewhere), every one equal to tczajka's analyze up to 2^{CHECK_POWER} or as far as it went",
            covered.reached.len(),
            covered.files,
            covered.elsewhere
        );
    }
    Ok(mismatches)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept files: every unsolved class accounted for, files whole and growing, the table
    /// agreeing at 2^16, every pushed code checked against tczajka's program.
    #[test]
    fn the_pushed_unsolved_codes_are_whole_and_agree_with_the_table_and_tczajka() {
        let root = crate::workspace_root();
        let covered = check_kept(&root, &root.join(PUSHED)).unwrap();
        assert!(covered.reached.len() + covered.elsewhere >= 80, "{covered:?}");
        assert!(covered.reached.values().all(|&k| k >= TABLE_POWER), "{covered:?}");
        let check = std::fs::read_to_string(root.join(PUSHED).join("tczajka-check.txt")).unwrap();
        let mismatches = check_against_tczajka(&covered.reached, &check);
        assert!(mismatches.is_empty(), "{mismatches:?}");
    }

    /// The check of the tczajka output reads agreement only from lines that say so, at a power
    /// high enough.
    #[test]
    fn agreement_with_tczajka_needs_a_yes_line_high_enough() {
        let output = "0.106   2^18 |  0.02  0.04 0.50 |  3  4 | yes (largest value at each 2^k; num_rare=15)\n\
                      0.126   2^17 |  5.00  0.04 0.50 |  3  4 | NO: n=2^16 differs\n\
                      0.104   2^17 |  5.00  0.04 0.50 |  3  4 | yes (largest value at each 2^k; they stopped at: ?)\n\
                      4.064   2^20 |  0.10  0.22 0.45 |  2  4 | yes (largest value at each 2^k; they stopped at: Found period start=94272 period=16132)\n\
                      load average after: 2.32 1.95 1.92\n";
        let agreeing = agreeing_powers(output);
        assert_eq!(agreeing.len(), 2);
        assert_eq!(agreeing["0.106"], BTreeSet::from([18]));
        assert_eq!(agreeing["4.064"], BTreeSet::from([20]));
        let reached = |pairs: &[(&str, u32)]| pairs.iter().map(|(c, k)| (c.to_string(), *k)).collect();
        assert!(check_against_tczajka(&reached(&[("0.106", 18)]), output).is_empty());
        // Reached 2^24: 2^20 is enough, 2^18 is not.
        assert_eq!(check_against_tczajka(&reached(&[("0.106", 24)]), output).len(), 1);
        assert_eq!(check_against_tczajka(&reached(&[("0.126", 17)]), output).len(), 1);
        assert_eq!(check_against_tczajka(&reached(&[("0.104", 17)]), output).len(), 1);
        assert_eq!(check_against_tczajka(&reached(&[]), output).len(), 1);
    }

    /// A copy of the kept files, edited: each edit is caught.
    #[test]
    fn a_changed_or_missing_pushed_file_is_a_mismatch() {
        let root = crate::workspace_root();
        let kept = root.join(PUSHED);
        let runs = read_runs(&kept).unwrap();
        let scratch = std::env::temp_dir().join(format!("xtask-unsolved-push-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        let copy_all = || {
            std::fs::copy(kept.join("runs.tsv"), scratch.join("runs.tsv")).unwrap();
            for code in runs.keys() {
                std::fs::create_dir_all(scratch.join(code)).unwrap();
                for entry in std::fs::read_dir(kept.join(code)).unwrap() {
                    let entry = entry.unwrap();
                    std::fs::copy(entry.path(), scratch.join(code).join(entry.file_name())).unwrap();
                }
            }
        };
        copy_all();
        assert!(check_kept(&root, &scratch).is_ok());
        let run = runs.values().find(|r| r.reached_power > TABLE_POWER).expect("a code pushed past 2^16");
        let code_dir = scratch.join(&run.code);
        // The top file lost: a gap against runs.tsv.
        let top = code_dir.join((1u64 << run.reached_power).to_string());
        let top_text = std::fs::read_to_string(&top).unwrap();
        std::fs::remove_file(&top).unwrap();
        assert!(check_kept(&root, &scratch).is_err());
        // One heap of value 0 at 2^16 given a new largest value instead (the sum unchanged): the
        // table's largest value and the growth to 2^17 both catch it.
        std::fs::write(&top, &top_text).unwrap();
        let file = code_dir.join(65536.to_string());
        let text = std::fs::read_to_string(&file).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        let (zero, count) = first.split_once(' ').unwrap();
        let count: u64 = count.parse().unwrap();
        assert!(zero == "0" && count > 0, "{}: no heap of value 0 below 2^16", run.code);
        let new_largest = rest.lines().count() + 1;
        std::fs::write(&file, format!("0 {}\n{rest}{new_largest} 1\n", count - 1)).unwrap();
        let found = check_kept(&root, &scratch).unwrap_err();
        assert!(found.iter().any(|m| m.contains("the table")), "{found:?}");
        std::fs::write(&file, &text).unwrap();
        assert!(check_kept(&root, &scratch).is_ok());
        // A period no claim proves, and a malformed one, on the code's last line.
        let tsv = std::fs::read_to_string(scratch.join("runs.tsv")).unwrap();
        let lines: Vec<&str> = tsv.lines().collect();
        let last = lines.iter().rposition(|l| l.starts_with(&format!("{}\t", run.code))).unwrap();
        let column = lines[0].split('\t').position(|h| h == "period").unwrap();
        for (period, expected) in [("52 34", "no claim proves"), ("52", "is not none")] {
            let edited: String = lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let mut fields: Vec<&str> = l.split('\t').collect();
                    if i == last {
                        fields[column] = period;
                    }
                    format!("{}\n", fields.join("\t"))
                })
                .collect();
            std::fs::write(scratch.join("runs.tsv"), edited).unwrap();
            let found = check_kept(&root, &scratch).unwrap_err();
            assert!(found.iter().any(|m| m.contains(expected)), "{period}: {found:?}");
        }
        std::fs::write(scratch.join("runs.tsv"), &tsv).unwrap();
        assert!(check_kept(&root, &scratch).is_ok());
        // A code's line gone: its class is unaccounted for.
        let tsv = std::fs::read_to_string(scratch.join("runs.tsv")).unwrap();
        let without: String = tsv
            .lines()
            .filter(|l| !l.starts_with(&format!("{}\t", run.code)))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(scratch.join("runs.tsv"), without).unwrap();
        let found = check_kept(&root, &scratch).unwrap_err();
        assert!(found.iter().any(|m| m.contains("no line")), "{found:?}");
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
