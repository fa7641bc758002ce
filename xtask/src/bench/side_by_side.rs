//! The page's last section: game-nim's octal kernel side by side with the public programs, read
//! from the summary that `scripts/bench-octal.sh` wrote into `records/` (that script builds the
//! other programs from source, so it runs outside CI and outside `cargo xtask bench`; the section
//! says so and names the file).
//!
//! The summary is the script's own: per code and heap count, the median CPU and wall seconds of
//! every program over its runs, and ours / the fastest other program. This module only reads it
//! and writes it as a Markdown table; a line it cannot read is a one-line error naming the file.

use std::fmt::Write as _;

/// The record the section is read from, relative to the workspace root.
pub(crate) const OCTAL_RECORD: &str = "records/octal-bench-all-programs.txt";

/// The programs of the summary's columns, in its order (ours first).
const PROGRAMS: [&str; 4] = ["ours", "tczajka", "ogsolve", "rogalski"];

/// One line of a summary: a code at a heap count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SummaryRow {
    /// The octal code, or `grundy`.
    pub(crate) code: String,
    /// The heap count as the script writes it (`2^20`).
    pub(crate) heaps: String,
    /// How many runs the medians are over.
    pub(crate) runs: u32,
    /// Per program of [`PROGRAMS`]: `CPU / wall` seconds, or what the script said instead
    /// (`-`: not run; `over 60 s`: stopped by its limit; `values differ`).
    pub(crate) cells: [String; 4],
    /// The fastest other program by CPU time and by wall time, each with ours / its time (`-`
    /// when both took no measurable time); `None` when no other program counted.
    pub(crate) fastest: Option<[(String, String); 2]>,
}

/// Reads every summary block of `text` (a block starts at a line `summary over N run(s): ...`,
/// then a header line, then one line per code until a blank line or the end).
pub(crate) fn summary_rows(text: &str) -> Result<Vec<SummaryRow>, String> {
    let mut rows = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        let Some(rest) = line.strip_prefix("summary over ") else { continue };
        let runs: u32 = rest
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("`{line}`: no run count"))?;
        match lines.next() {
            Some((_, header)) if header.starts_with("code ") => {}
            _ => return Err(format!("`{line}`: no header line after it")),
        }
        for (number, line) in lines.by_ref() {
            if line.trim().is_empty() {
                break;
            }
            rows.push(summary_row(line, runs).map_err(|e| format!("line {}: {e}", number + 1))?);
        }
    }
    if rows.is_empty() {
        return Err("no summary (`summary over N run(s)` and its table)".to_string());
    }
    Ok(rows)
}

/// One table line: `CODE 2^E | cpu wall | ... | FASTEST: r r`.
fn summary_row(line: &str, runs: u32) -> Result<SummaryRow, String> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    if parts.len() != PROGRAMS.len() + 2 {
        return Err(format!("`{line}`: {} cells, not {}", parts.len(), PROGRAMS.len() + 2));
    }
    let mut key = parts[0].split_whitespace();
    let (Some(code), Some(heaps), None) = (key.next(), key.next(), key.next()) else {
        return Err(format!("`{line}`: not `CODE 2^E` before the first `|`"));
    };
    if heaps.strip_prefix("2^").is_none_or(|e| e.parse::<u32>().is_err()) {
        return Err(format!("`{line}`: `{heaps}` is not a heap count 2^E"));
    }
    let seconds: Vec<&str> = parts[1].split_whitespace().collect();
    if seconds.len() != 2 || !seconds.iter().all(|n| n.parse::<f64>().is_ok()) {
        return Err(format!("`{line}`: our cell `{}` is not CPU and wall seconds", parts[1]));
    }
    let cells =
        [seconds_cell(parts[1]), seconds_cell(parts[2]), seconds_cell(parts[3]), seconds_cell(parts[4])];
    Ok(SummaryRow {
        code: code.to_string(),
        heaps: heaps.to_string(),
        runs,
        cells,
        fastest: fastest(parts[5]).ok_or_else(|| {
            format!("`{line}`: not `cpu: PROGRAM RATIO; wall: PROGRAM RATIO` after the last `|`")
        })?,
    })
}

/// The last cell: `cpu: PROGRAM RATIO; wall: PROGRAM RATIO`, or `no other program counted`
/// (`Some(None)`); `None` when it is neither.
fn fastest(text: &str) -> Option<Option<[(String, String); 2]>> {
    if text == "no other program counted" {
        return Some(None);
    }
    let (cpu, wall) = text.split_once("; ")?;
    let pair = |part: &str, label: &str| -> Option<(String, String)> {
        let mut words = part.strip_prefix(label)?.split_whitespace();
        let (program, ratio) = (words.next()?, words.next()?);
        let known = PROGRAMS[1..].contains(&program);
        let ratio_ok = ratio == "-" || ratio.parse::<f64>().is_ok();
        (known && ratio_ok && words.next().is_none()).then(|| (program.to_string(), ratio.to_string()))
    };
    Some(Some([pair(cpu, "cpu: ")?, pair(wall, "wall: ")?]))
}

/// A program's cell: `CPU / wall` when it is two numbers, else the script's words as they are.
fn seconds_cell(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [cpu, wall] if cpu.parse::<f64>().is_ok() && wall.parse::<f64>().is_ok() => format!("{cpu} / {wall}"),
        _ => text.to_string(),
    }
}

/// The section for the record's `text`.
pub(crate) fn render(text: &str) -> Result<String, String> {
    let rows = summary_rows(text)?;
    let mut w = String::new();
    let _ = writeln!(w, "## Side by side with the public octal programs\n");
    let _ = writeln!(
        w,
        "Not measured by this command: read from `{OCTAL_RECORD}`, which `scripts/bench-octal.sh \
         --runs N` wrote (it builds tczajka/octal-games' analyzer, beling's ogsolve and \
         rogalski-wmii-uni-lodz-pl/octal from source, so it runs outside CI; the file names the \
         commits, the machine, the time and the commands). Each cell is the median CPU / wall \
         seconds of that program over the runs, one after the other; the last columns name \
         the fastest other program by CPU time and by wall time and give ours / its time (below \
         1, ours is faster). Ours, tczajka's and ogsolve run on one core; rogalski's solver is run \
         as its multithreaded version where the file says so (`--rogalski-threads`), on every \
         core: it may then lead in wall time while spending more CPU time. `grundy` is Grundy's game, which only tczajka's analyzer also computes; \
         `over N s` is a program stopped by the script's time limit (neither ogsolve nor \
         rogalski's solver stops at a proven period). Every value compared agreed (the file \
         keeps every run).\n"
    );
    let _ = writeln!(
        w,
        "| code | heaps | runs | {} | fastest other by CPU | ours / it, CPU | fastest other by wall | ours / it, wall |",
        PROGRAMS.join(" | ")
    );
    let _ = writeln!(w, "|{}", " --- |".repeat(PROGRAMS.len() + 7));
    for row in &rows {
        let [(cpu_program, cpu), (wall_program, wall)] = row.fastest.clone().unwrap_or_else(|| {
            let none = ("none counted".to_string(), "-".to_string());
            [none.clone(), none]
        });
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {cpu_program} | {cpu} | {wall_program} | {wall} |",
            row.code,
            row.heaps,
            row.runs,
            row.cells.join(" | ")
        );
    }
    let _ = writeln!(
        w,
        "\nCram against igsolve (beling/impartial-games) is measured the same way, outside CI, in \
         `records/search.md`.\n"
    );
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUMMARY: &str = "\
load average after: 1.00 1.05 1.26

summary over 3 run(s): median CPU / wall seconds; ours / fastest other (below 1: ours is faster)
code    heaps | ours            | tczajka         | ogsolve         | rogalski        | ours / fastest other by CPU; by wall
0.6     2^20  |   2.37     2.37 |   5.15     5.16 |   4.00     4.02 |   9.07     3.09 | cpu: ogsolve 0.59; wall: rogalski 0.77
grundy  2^22  |   9.59     9.60 |  17.87    17.88 | -               | -               | cpu: tczajka 0.54; wall: tczajka 0.54

summary over 1 run(s): median CPU / wall seconds; ours / fastest other (below 1: ours is faster)
code    heaps | ours            | tczajka         | ogsolve         | rogalski        | ours / fastest other by CPU; by wall
0.137   2^20  |   0.00     0.00 |   0.00     0.00 | over 60 s       | values differ   | cpu: tczajka -; wall: tczajka -
0.6     2^24  |  40.00    40.00 | -               | over 60 s       | over 60 s       | no other program counted
";

    #[test]
    fn every_summary_block_is_read() {
        let rows = summary_rows(SUMMARY).unwrap();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[3].fastest, None);
        assert_eq!(
            rows[0],
            SummaryRow {
                code: "0.6".into(),
                heaps: "2^20".into(),
                runs: 3,
                cells: [
                    "2.37 / 2.37".into(),
                    "5.15 / 5.16".into(),
                    "4.00 / 4.02".into(),
                    "9.07 / 3.09".into()
                ],
                fastest: Some([("ogsolve".into(), "0.59".into()), ("rogalski".into(), "0.77".into())]),
            }
        );
        assert_eq!(rows[1].cells[2], "-");
        assert_eq!(
            (rows[2].runs, rows[2].cells[2].as_str(), rows[2].cells[3].as_str()),
            (1, "over 60 s", "values differ")
        );
    }

    #[test]
    fn only_two_numbers_make_a_time_cell() {
        assert_eq!(seconds_cell("2.37   9.09"), "2.37 / 9.09");
        for words in ["300 s", "s 300", "over 60 s", "values differ", "-", "2.37"] {
            assert_eq!(seconds_cell(words), words);
        }
    }

    #[test]
    fn the_section_is_a_table_with_the_ratios() {
        let page = render(SUMMARY).unwrap();
        for expected in [
            "## Side by side with the public octal programs",
            "| code | heaps | runs | ours | tczajka | ogsolve | rogalski | fastest other by CPU | ours / it, CPU \
             | fastest other by wall | ours / it, wall |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
            "| 0.6 | 2^20 | 3 | 2.37 / 2.37 | 5.15 / 5.16 | 4.00 / 4.02 | 9.07 / 3.09 | ogsolve | 0.59 | rogalski | 0.77 |",
            "| grundy | 2^22 | 3 | 9.59 / 9.60 | 17.87 / 17.88 | - | - | tczajka | 0.54 | tczajka | 0.54 |",
            "| 0.137 | 2^20 | 1 | 0.00 / 0.00 | 0.00 / 0.00 | over 60 s | values differ | tczajka | - | tczajka | - |",
            "| 0.6 | 2^24 | 1 | 40.00 / 40.00 | - | over 60 s | over 60 s | none counted | - | none counted | - |",
            OCTAL_RECORD,
        ] {
            assert!(page.contains(expected), "missing {expected:?} in\n{page}");
        }
    }

    #[test]
    fn a_record_without_summary_or_with_a_broken_line_is_refused() {
        assert!(summary_rows("load average before: 1 1 1\n").unwrap_err().contains("no summary"));
        let broken = SUMMARY.replace("| cpu: ogsolve 0.59; wall: rogalski 0.77", "");
        assert!(summary_rows(&broken).unwrap_err().contains("cells, not 6"));
        for verdict in [
            "ogsolve: 0.59 0.60",
            "cpu: ogsolve 0.59",
            "cpu: ogsolve 0.59; wall: igsolve 0.77",
            "cpu: ogsolve fast; wall: rogalski 0.77",
            "cpu: ogsolve 0.59; wall: rogalski 0.77 more",
            "cpu: ogsolve; wall: rogalski 0.77",
            "wall: ogsolve 0.59; cpu: rogalski 0.77",
        ] {
            let changed = SUMMARY.replace("cpu: ogsolve 0.59; wall: rogalski 0.77", verdict);
            assert!(summary_rows(&changed).unwrap_err().contains("not `cpu: PROGRAM RATIO"), "{verdict}");
        }
        // Ours is not another program.
        let ours = SUMMARY.replace("cpu: ogsolve 0.59;", "cpu: ours 1.00;");
        assert!(summary_rows(&ours).is_err());
        let no_heaps = SUMMARY.replace("0.6     2^20 ", "0.6     20   ");
        assert!(summary_rows(&no_heaps).unwrap_err().contains("is not a heap count"));
        let no_time = SUMMARY.replace("|   2.37     2.37 |", "|   fast |");
        assert!(summary_rows(&no_time).unwrap_err().contains("is not CPU and wall seconds"));
        let one_time = SUMMARY.replace("|   2.37     2.37 |", "|   2.37 |");
        assert!(summary_rows(&one_time).unwrap_err().contains("is not CPU and wall seconds"));
        let no_header = SUMMARY.replacen("code    heaps |", "cod    heaps |", 1);
        assert!(summary_rows(&no_header).unwrap_err().contains("no header line"));
    }

    #[test]
    fn the_kept_record_has_a_summary_of_every_code_the_issue_names() {
        let path = crate::workspace_root().join(OCTAL_RECORD);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let rows = summary_rows(&text).unwrap();
        for code in ["0.6", "0.16", "0.137", "0.14", "0.64", "grundy"] {
            assert!(rows.iter().any(|r| r.code == code), "{code} missing from {OCTAL_RECORD}");
        }
        // Every other program that ran had its values compared and agreeing.
        assert!(rows.iter().all(|r| !r.cells.iter().any(|c| c == "values differ")));
    }
}
