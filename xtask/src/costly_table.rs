//! `cargo xtask costly-table FROM TO (--max-mib N | --class C)`: the costliest values of a search's table
//! file, copied to a file of at most N MiB that a later search loads like the whole one.
//!
//! A search of days keeps its progress in its table file (gigabytes); this keeps the part
//! worth carrying where the whole file cannot go (a machine that loses its disk between
//! sittings, a repository): the entries whose values cost the most work, as many classes of
//! work (powers of two) as fit. It prints how the file's entries spread over the classes and
//! what it kept. The method is game-core's `TableWorkProfile` and `save_costly_entries`.

use std::path::PathBuf;
use std::process::ExitCode;

use game_core::search::{TableWorkProfile, note_with_run, save_costly_entries};

/// Arguments of `cargo xtask costly-table`.
#[derive(clap::Args)]
pub struct Args {
    /// The table file to read (written by a search, e.g. `cram_record --table`).
    from: PathBuf,
    /// The smaller table file to write (replaced whole or not at all; may be FROM).
    to: PathBuf,
    /// The most the file written may take, in MiB (exactly: header, entries and digest): the
    /// least class of work whose file fits is kept.
    #[arg(long, value_name = "N", required_unless_present = "class", conflicts_with = "class")]
    max_mib: Option<u64>,
    /// Keep the entries of work at least 2^C instead, whatever the file's size.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u8).range(0..=32))]
    class: Option<u8>,
}

/// Runs the task: profiles FROM, prints its classes, writes TO.
pub fn run(args: &Args) -> ExitCode {
    match costly_table(args) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Profiles FROM, writes TO, and returns the report: FROM's entries by class and what was kept.
fn costly_table(args: &Args) -> Result<String, String> {
    use std::fmt::Write;
    let from = args.from.display();
    let profile = TableWorkProfile::of_file(&args.from).map_err(|e| format!("{from}: {e}"))?;
    let total = profile.total();
    let mut report =
        format!("{from}: {:?}, {} entries, {} bytes of entries\n", profile.name, total.entries, total.bytes);
    let _ = writeln!(
        report,
        "{:>5}  {:>13}  {:>12}  {:>14}  {:>16}",
        "class", "work from", "entries", "bytes", "file from here"
    );
    let from_name = from.to_string();
    let note = |class: usize| costly_note(&profile, &from_name, class);
    for (class, count) in profile.classes.iter().enumerate().filter(|(_, count)| count.entries > 0) {
        let file = profile.file_bytes(class, note(class).len());
        let _ = writeln!(
            report,
            "{class:>5}  {:>13}  {:>12}  {:>14}  {file:>16}",
            1u64 << class,
            count.entries,
            count.bytes
        );
    }
    let class = match (args.class, args.max_mib) {
        (Some(class), _) => usize::from(class),
        (None, Some(mib)) => {
            let max_bytes =
                mib.checked_mul(1 << 20).ok_or_else(|| format!("--max-mib {mib} is too large"))?;
            class_within(&profile, &from_name, max_bytes)
                .ok_or_else(|| format!("not even an empty table file fits in {mib} MiB"))?
        }
        (None, None) => return Err(String::from("give --max-mib N or --class C")),
    };
    let kept = profile.from_class(class).entries;
    save_costly_entries(&profile, &args.from, &args.to, class, &note(class))
        .map_err(|e| format!("{}: {e}", args.to.display()))?;
    let written = std::fs::metadata(&args.to).map_err(|e| format!("{}: {e}", args.to.display()))?.len();
    let _ = writeln!(
        report,
        "wrote {}: the {kept} entries of work at least 2^{class} ({written} bytes)",
        args.to.display()
    );
    Ok(report)
}

/// The note of the file keeping the classes from `class` of the file `from`: its own note
/// and a line that says what was kept.
fn costly_note(profile: &TableWorkProfile, from: &str, class: usize) -> String {
    note_with_run(
        profile.note.clone(),
        &format!(
            "costly-table: kept the {} of {} entries of work at least 2^{class} of {from}\n",
            profile.from_class(class).entries,
            profile.total().entries
        ),
    )
}

/// The least class whose file, with its note, takes at most `max_bytes`. The note names the
/// entries kept, so its length depends on the class: each is tried.
fn class_within(profile: &TableWorkProfile, from: &str, max_bytes: u64) -> Option<usize> {
    profile.least_class_within(max_bytes, |class| costly_note(profile, from, class).len())
}

#[cfg(test)]
pub(crate) mod tests {
    use game_core::Game;
    use game_core::search::{EntryCount, Search, SearchLimits, WORK_CLASSES};

    use super::*;

    /// A subtraction game played on one heap kept whole: take 1, 2 or 3, or halve the heap
    /// when it is even. Its searches leave entries of many works.
    pub(crate) struct Takes;

    impl Game for Takes {
        type Position = u16;
        fn moves(&self, heap: &u16) -> Vec<u16> {
            let mut out: Vec<u16> = (1..=3).filter_map(|take| heap.checked_sub(take)).collect();
            if heap.is_multiple_of(2) && *heap > 0 {
                out.push(heap / 2);
            }
            out
        }
    }

    /// The rows of a report's class table: (class, work from, entries).
    fn rows(report: &str) -> Vec<(usize, u64, u64)> {
        report
            .lines()
            .filter_map(|line| {
                let fields: Vec<u64> = line.split_whitespace().map_while(|f| f.parse().ok()).collect();
                (fields.len() == 5).then(|| (fields[0] as usize, fields[1], fields[2]))
            })
            .collect()
    }

    #[test]
    fn the_task_reports_every_class_held_and_writes_what_it_says() {
        let scratch = tempfile::tempdir().unwrap();
        let from = scratch.path().join("takes.tbl");
        let to = scratch.path().join("costly.tbl");
        let mut search = Search::new(&Takes, SearchLimits::new(1 << 24, u64::MAX)).unwrap();
        search.nimber_by_mex(&3000).unwrap();
        search.save_table_to(&from, "takes", "first run\n").unwrap();
        let profile = TableWorkProfile::of_file(&from).unwrap();
        let args = |max_mib, class| Args { from: from.clone(), to: to.clone(), max_mib, class };
        let report = costly_table(&args(None, Some(3))).unwrap();
        let held: Vec<usize> = (0..WORK_CLASSES).filter(|&c| profile.classes[c].entries > 0).collect();
        assert!(held.len() >= 3, "{held:?}");
        let expected: Vec<_> = held.iter().map(|&c| (c, 1u64 << c, profile.classes[c].entries)).collect();
        assert_eq!(rows(&report), expected);
        let kept = TableWorkProfile::of_file(&to).unwrap();
        assert_eq!(kept.total(), profile.from_class(3));
        assert!(kept.note.starts_with("first run\ncostly-table: kept the "), "{}", kept.note);
        assert!(report.ends_with(&format!(
            "the {} entries of work at least 2^3 ({} bytes)\n",
            kept.total().entries,
            std::fs::metadata(&to).unwrap().len()
        )));
        // By size: the least class that fits in 1 MiB is 0 here (the file is small).
        costly_table(&args(Some(1), None)).unwrap();
        assert_eq!(TableWorkProfile::of_file(&to).unwrap().total(), profile.total());
        assert!(costly_table(&args(Some(u64::MAX), None)).unwrap_err().contains("too large"));
        assert!(costly_table(&args(Some(0), None)).unwrap_err().contains("not even an empty table file"));
        let missing =
            Args { from: scratch.path().join("none.tbl"), to: to.clone(), max_mib: Some(1), class: None };
        assert!(costly_table(&missing).is_err());
        assert_eq!(run(&missing), ExitCode::FAILURE);
        assert_eq!(run(&args(None, Some(0))), ExitCode::SUCCESS);
    }

    #[test]
    fn the_class_kept_is_the_least_whose_file_with_its_note_fits() {
        let mut classes = [EntryCount::default(); WORK_CLASSES];
        for (class, count) in classes.iter_mut().enumerate().take(20) {
            *count = EntryCount { entries: 1 << (20 - class), bytes: 20 << (20 - class) };
        }
        let profile = TableWorkProfile { name: String::from("cram"), note: String::from("run\n"), classes };
        let size = |class| profile.file_bytes(class, costly_note(&profile, "f.tbl", class).len());
        for max_bytes in [size(0), size(3), size(3) - 1, size(19) + 1, size(20)] {
            let class = class_within(&profile, "f.tbl", max_bytes).unwrap();
            assert!(size(class) <= max_bytes, "{max_bytes}");
            assert!(class == 0 || size(class - 1) > max_bytes, "{max_bytes}");
        }
        assert_eq!(class_within(&profile, "f.tbl", size(3)), Some(3));
        assert_eq!(class_within(&profile, "f.tbl", size(3) - 1), Some(4));
        // The note of the empty file still has to fit.
        assert_eq!(class_within(&profile, "f.tbl", size(20) - 1), None);
        assert!(
            costly_note(&profile, "f.tbl", 3)
                .ends_with("kept the 262142 of 2097150 entries of work at least 2^3 of f.tbl\n")
        );
    }
}
