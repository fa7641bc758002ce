//! `cargo xtask merge-tables TO FROM...`: the table files of several searches of one game (the
//! shards of a board, each with its own file, or sittings on several machines) merged into one
//! file that a search loads like any other. The method is game-core's `merge_table_files`.

use std::path::PathBuf;
use std::process::ExitCode;

use game_core::search::{merge_table_files, read_table_file_header};

/// Arguments of `cargo xtask merge-tables`.
#[derive(clap::Args)]
pub struct Args {
    /// The table file to write (replaced whole or not at all; may be one of FROM).
    to: PathBuf,
    /// The table files to merge, all of one game (the name their searches gave them).
    #[arg(required = true, num_args = 1..)]
    from: Vec<PathBuf>,
}

/// Runs the task: merges FROM into TO and says how many entries it wrote.
pub fn run(args: &Args) -> ExitCode {
    match merge_tables(args) {
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

/// Merges FROM into TO and returns the report: the entries of each file and of TO.
fn merge_tables(args: &Args) -> Result<String, String> {
    use std::fmt::Write;
    let mut report = String::new();
    let mut notes = String::new();
    for path in &args.from {
        // The header alone (the merge reads the entries and checks every digest).
        let header = read_table_file_header(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let _ = writeln!(report, "{}: {:?}, {} entries", path.display(), header.name, header.entries);
        let _ = writeln!(notes, "merge-tables: the {} entries of {}", header.entries, path.display());
    }
    let from: Vec<&std::path::Path> = args.from.iter().map(PathBuf::as_path).collect();
    let note = game_core::search::note_with_run(String::new(), &notes);
    let written =
        merge_table_files(&from, &args.to, &note).map_err(|e| format!("{}: {e}", args.to.display()))?;
    let bytes = std::fs::metadata(&args.to).map_err(|e| format!("{}: {e}", args.to.display()))?.len();
    let _ = writeln!(
        report,
        "wrote {}: {written} entries of {} files ({bytes} bytes)",
        args.to.display(),
        from.len()
    );
    Ok(report)
}

#[cfg(test)]
mod tests {
    use game_core::search::{Search, SearchLimits};

    use super::*;
    use crate::costly_table::tests::Takes;

    /// A search of heap `heap` of [`Takes`] with its table saved to `path`: the entries written.
    fn saved(heap: u16, path: &std::path::Path) -> u64 {
        let mut search = Search::new(&Takes, SearchLimits::new(1 << 24, u64::MAX)).unwrap();
        search.nimber(&heap).unwrap();
        search.save_table_to(path, "takes", "").unwrap()
    }

    #[test]
    fn merges_the_files_and_reports_their_entries() {
        let scratch = tempfile::tempdir().unwrap();
        let (a, b, to) =
            (scratch.path().join("a.tbl"), scratch.path().join("b.tbl"), scratch.path().join("m.tbl"));
        let (len_a, len_b) = (saved(30, &a), saved(50, &b));
        let report = merge_tables(&Args { to: to.clone(), from: vec![a.clone(), b.clone()] }).unwrap();
        assert!(report.contains(&format!("{len_a} entries\n")), "{report}");
        assert!(
            report.contains(&format!("wrote {}: {} entries of 2 files", to.display(), len_a + len_b)),
            "{report}"
        );
        let mut search = Search::new(&Takes, SearchLimits::new(1 << 24, u64::MAX)).unwrap();
        let info = search.load_table_from(&to, "takes").unwrap().unwrap();
        assert_eq!(info.entries, len_a + len_b);
        assert!(info.note.contains(&format!("the {len_b} entries of {}", b.display())), "{}", info.note);
        let missing = merge_tables(&Args { to, from: vec![a, scratch.path().join("none.tbl")] }).unwrap_err();
        assert!(missing.contains("none.tbl"), "{missing}");
    }
}
