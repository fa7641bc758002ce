//! `games table carry FROM TO` and `games table merge TO FROM...`: table files of long searches
//! (`games cram --table`), cut down to their costliest values or merged. The methods are
//! game-search-runs' (`TableWorkProfile`, `save_costly_entries`, `merge_table_files`); this
//! module reads the arguments and prints.
//!
//! Carry: a search of days keeps its progress in its table file (gigabytes); this keeps the
//! part worth carrying where the whole file cannot go (a machine that loses its disk between
//! sittings, a repository): the entries whose values cost the most work, as many classes of
//! work (powers of two) as fit. Merge: the values of a component are facts about it, whatever
//! search found them, so the files of several searches of one game serve one search together.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use game_search_runs::{TableWorkProfile, merge_table_files, read_table_file_header, save_costly_entries};
use serde_json::json;

use crate::cli::TableCommand;
use crate::error::CliError;
use crate::output::{Output, one_line};

/// Runs `games table ...`.
pub fn run(command: &TableCommand) -> Result<Output, CliError> {
    match command {
        TableCommand::Carry { from, to, max_mib, class } => carry(from, to, *max_mib, *class),
        TableCommand::Merge { to, from } => merge(to, from),
    }
}

/// A path for a message, on one line.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// Profiles FROM, writes the entries of the least class that fits (or of `class`) to TO, and
/// reports FROM's entries by class and what was kept.
fn carry(from: &Path, to: &Path, max_mib: Option<u64>, class: Option<u8>) -> Result<Output, CliError> {
    let profile =
        TableWorkProfile::of_file(from).map_err(|e| CliError::bad(format!("{}: {e}", shown(from))))?;
    let total = profile.total();
    let mut text = format!(
        "{}: {:?}, {} entries, {} bytes of entries, {} positions expanded\n",
        shown(from),
        one_line(&profile.name),
        total.entries,
        total.bytes,
        profile.nodes
    );
    let _ = writeln!(
        text,
        "{:>5}  {:>13}  {:>12}  {:>14}  {:>16}",
        "class", "work from", "entries", "bytes", "file from here"
    );
    let mut classes = Vec::new();
    for (class, count) in profile.classes.iter().enumerate().filter(|(_, count)| count.entries > 0) {
        let file = profile.file_bytes(class);
        let work = 1u64 << class;
        let _ =
            writeln!(text, "{class:>5}  {work:>13}  {:>12}  {:>14}  {file:>16}", count.entries, count.bytes);
        classes.push(json!({"class": class, "work_from": work, "entries": count.entries, "bytes": count.bytes, "file_bytes": file}));
    }
    let class = match (class, max_mib) {
        (Some(class), _) => usize::from(class),
        // clap bounds N so that N MiB fits in a u64.
        (None, Some(mib)) => profile
            .least_class_within(mib << 20)
            .ok_or_else(|| CliError::bad(format!("not even an empty table file fits in {mib} MiB")))?,
        (None, None) => return Err(CliError::bad("give --max-mib N or --class C")),
    };
    let kept = profile.from_class(class).entries;
    save_costly_entries(&profile, from, to, class)
        .map_err(|e| CliError::bad(format!("{}: {e}", shown(to))))?;
    let written = std::fs::metadata(to).map_err(|e| CliError::bad(format!("{}: {e}", shown(to))))?.len();
    let _ = writeln!(
        text,
        "wrote {}: the {kept} entries of work at least 2^{class} ({written} bytes)",
        shown(to)
    );
    let json = json!({
        "from": shown(from), "name": profile.name, "entries": total.entries, "nodes": profile.nodes,
        "classes": classes, "to": shown(to), "class": class, "kept": kept, "bytes": written,
    });
    Ok(Output::new(text, json))
}

/// Merges FROM into TO and reports the entries of each file and of TO.
fn merge(to: &Path, from: &[PathBuf]) -> Result<Output, CliError> {
    let mut text = String::new();
    let mut files = Vec::new();
    for path in from {
        // The header alone (the merge reads the entries and checks every digest).
        let header =
            read_table_file_header(path).map_err(|e| CliError::bad(format!("{}: {e}", shown(path))))?;
        let _ = writeln!(text, "{}: {:?}, {} entries", shown(path), one_line(&header.name), header.entries);
        files.push(json!({"file": shown(path), "entries": header.entries}));
    }
    let paths: Vec<&Path> = from.iter().map(PathBuf::as_path).collect();
    let written = merge_table_files(&paths, to).map_err(|e| CliError::bad(format!("{}: {e}", shown(to))))?;
    let bytes = std::fs::metadata(to).map_err(|e| CliError::bad(format!("{}: {e}", shown(to))))?.len();
    let _ = writeln!(text, "wrote {}: {written} entries of {} files ({bytes} bytes)", shown(to), from.len());
    Ok(Output::new(text, json!({"from": files, "to": shown(to), "entries": written, "bytes": bytes})))
}
