//! `games table carry` and `games table merge` through the binary, on table files that
//! `games cram --table` wrote: what they report is compared with the files as game-search-runs
//! reads them (its own tests check the library against the search's table), and a search that
//! loads the files they write answers from them. Bad input is one line of error.

use std::path::Path;

use game_search_runs::{TableWorkProfile, WORK_CLASSES, read_table_file_header};

mod common;
use common::{error_line, json, scratch, stdout_of};

/// `games cram ROWS COLS --table FILE`, run to its answer; the table file it leaves.
fn cram_table(dir: &Path, rows: &str, cols: &str) -> String {
    let table = dir.join(format!("cram-{rows}x{cols}.tbl")).display().to_string();
    stdout_of(&["--allow-long", "cram", rows, cols, "--table", &table]);
    table
}

/// The rows of the class table of a carry report: (class, work from, entries).
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
fn carry_reports_every_class_held_and_writes_what_it_says() {
    let dir = scratch("table", "carry");
    let from = cram_table(&dir, "4", "7");
    let to = dir.join("carry.tbl").display().to_string();
    let profile = TableWorkProfile::of_file(Path::new(&from)).unwrap();
    let report = stdout_of(&["table", "carry", &from, &to, "--class", "3"]);
    let held: Vec<usize> = (0..WORK_CLASSES).filter(|&c| profile.classes[c].entries > 0).collect();
    assert!(held.len() >= 3, "{held:?}");
    let expected: Vec<_> = held.iter().map(|&c| (c, 1u64 << c, profile.classes[c].entries)).collect();
    assert_eq!(rows(&report), expected);
    let kept = TableWorkProfile::of_file(Path::new(&to)).unwrap();
    assert_eq!(kept.total(), profile.from_class(3));
    // The count of positions expanded is carried over.
    assert_eq!(kept.nodes, profile.nodes);
    assert!(profile.nodes > 0);
    assert!(report.ends_with(&format!(
        "the {} entries of work at least 2^3 ({} bytes)\n",
        kept.total().entries,
        std::fs::metadata(&to).unwrap().len()
    )));
    // By size: the least class whose file fits in 1 MiB is 0 here (the file is small).
    let by_size = json(&["table", "carry", &from, &to, "--max-mib", "1"]);
    assert_eq!(by_size["class"], 0);
    assert_eq!(TableWorkProfile::of_file(Path::new(&to)).unwrap().total(), profile.total());
    // The board's search answers from the carried file.
    let warm = json(&["cram", "4", "7", "--table", &to]);
    assert_eq!(warm["nimber"], 3, "the published value of 4 x 7 (Beling's table)");
    assert_eq!(warm["table"]["loaded"], profile.total().entries);
    // Refusals: nothing fits, a file that is missing or no table file.
    assert!(
        error_line(&["table", "carry", &from, &to, "--max-mib", "0"])
            .contains("not even an empty table file")
    );
    assert!(error_line(&["table", "carry", "none.tbl", &to, "--class", "1"]).contains("none.tbl"));
    std::fs::write(dir.join("text"), "hello").unwrap();
    let text = dir.join("text").display().to_string();
    assert!(error_line(&["table", "carry", &text, &to, "--class", "1"]).contains("not a table file"));
}

#[test]
fn merge_writes_every_entry_of_its_files_and_reports_them() {
    let dir = scratch("table", "merge");
    let (a, b) = (cram_table(&dir, "3", "5"), cram_table(&dir, "4", "5"));
    let to = dir.join("merged.tbl").display().to_string();
    let (len_a, len_b) = (
        read_table_file_header(Path::new(&a)).unwrap().entries,
        read_table_file_header(Path::new(&b)).unwrap().entries,
    );
    let report = stdout_of(&["table", "merge", &to, &a, &b]);
    assert!(
        report.contains(&format!("{a}: \"cram (game-placement CramBoard components)\", {len_a} entries\n")),
        "{report}"
    );
    assert!(report.contains(&format!("wrote {to}: {} entries of 2 files", len_a + len_b)), "{report}");
    let merged = read_table_file_header(Path::new(&to)).unwrap();
    assert_eq!(merged.entries, len_a + len_b);
    let nodes = |path: &str| read_table_file_header(Path::new(path)).unwrap().nodes;
    assert_eq!(merged.nodes, nodes(&a) + nodes(&b));
    // Both boards answer from the merged file with a fraction of their search from nothing
    // (the small components a dense index numbers are not in table files).
    for (rows, cols) in [("3", "5"), ("4", "5")] {
        let nodes_of = |answer: &serde_json::Value| answer["stats"]["nodes"].as_u64().unwrap();
        let cold = nodes_of(&json(&["cram", rows, cols]));
        let warm = nodes_of(&json(&["cram", rows, cols, "--table", &to]));
        assert!(warm * 4 < cold, "{rows} x {cols}: {warm} nodes from the merged file, {cold} from nothing");
    }
    assert!(error_line(&["table", "merge", &to, &a, "none.tbl"]).contains("none.tbl"));
}
