//! The octal table: every octal code with up to three digits after the point classified
//! (game-nim's `octal_table`), printed as one JSON line, and optionally rendered as Markdown.
//! Run by `cargo xtask records --octal-table`, whose test compares the line with
//! `records/octal-table.json` and the Markdown with `docs/octal-table.md`.
//!
//! Usage: `octal_table [--heaps N] [--trivial-heaps N] [--markdown PATH [--lookup FILE]]`
//! (defaults: 2^20 heaps, trivial below 1000). Progress on standard error. With `--lookup
//! records/octal-lookup.json` the page ends with tczajka's lookup maps to shifted codes
//! ([`lookup_section`]).
//!
//! In shards (run by `scripts/octal-table-shards.sh` through GNU parallel, or
//! `scripts/slurm/octal-table-shards.sbatch` as a Slurm job array):
//!
//! * `octal_table [--heaps N] [--trivial-heaps N] --shard I/K --out FILE` classifies shard I of
//!   K (game-nim's `octal_table_shard`: every K-th code from the I-th) and writes it to FILE as
//!   JSON, whole under a temporary name and then renamed;
//! * `octal_table --merge DIR [--markdown PATH]` joins every `shard-*.json` of DIR
//!   (`merge_table_shards`, which refuses a missing, repeated or mixed shard) and prints the
//!   table as the unsharded run does.
//!
//! `octal_table --render FILE --markdown PATH [--lookup FILE]` renders the page from a table
//! already computed (FILE: `records/octal-table.json`, or the JSON line this example prints)
//! without computing anything: the page of a run is rendered from the run's JSON in the same
//! way. `docs/octal-table.md` is written so:
//!
//!     cargo run --release -p game-nim --example octal_table -- --render records/octal-table.json \
//!         --lookup records/octal-lookup.json --markdown docs/octal-table.md
//!
//! `octal_table --list-unsolved FILE` prints the unsolved classes of a table already computed,
//! one line each: the first code of the class, a tab, and the other codes with the same values
//! (space-separated, empty for a code alone). `scripts/octal-unsolved.sh` pushes these codes.

mod lookup_section;

use std::fmt::Write as _;
use std::time::Instant;

use game_nim::{
    CodeClass, Limits, OctalTable, Periodicity, TableBounds, TableShard, ValueStatistics, merge_table_shards,
    octal_codes_up_to_three_digits, octal_table, octal_table_shard,
};
use serde::Deserialize;
use serde_json::Value;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fail = |message: String| -> ! {
        eprintln!("octal_table: {message}");
        std::process::exit(2)
    };
    let mut bounds = TableBounds::default();
    let (mut markdown, mut lookup) = (None, None);
    let (mut shard, mut out, mut merge, mut render_from) = (None, None, None, None);
    let mut list_unsolved = None;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).unwrap_or_else(|| fail(format!("{} needs a value", args[i])));
        match args[i].as_str() {
            "--heaps" => bounds.heaps = value.parse().unwrap_or_else(|e| fail(format!("bad --heaps: {e}"))),
            "--trivial-heaps" => {
                bounds.trivial_heaps =
                    value.parse().unwrap_or_else(|e| fail(format!("bad --trivial-heaps: {e}")))
            }
            "--markdown" => markdown = Some(value.clone()),
            "--lookup" => lookup = Some(value.clone()),
            "--shard" => shard = Some(parse_shard(value).unwrap_or_else(|e| fail(e))),
            "--out" => out = Some(value.clone()),
            "--merge" => merge = Some(value.clone()),
            "--render" => render_from = Some(value.clone()),
            "--list-unsolved" => list_unsolved = Some(value.clone()),
            other => fail(format!("unknown argument {other}")),
        }
        i += 2;
    }
    if let Some(file) = list_unsolved {
        return print_unsolved_classes(&file).unwrap_or_else(|e| fail(e));
    }
    if let Some(file) = render_from {
        let path = markdown.unwrap_or_else(|| fail("--render needs --markdown PATH".to_string()));
        return render_file(&file, &path, lookup.as_deref()).unwrap_or_else(|e| fail(e));
    }
    let limits = Limits { max_bytes: 6 << 30, max_steps: u128::MAX };
    if let Some(dir) = merge {
        let table = merge_dir(&dir, &limits).unwrap_or_else(|e| fail(e));
        return finish(&table, markdown, lookup.as_deref()).unwrap_or_else(|e| fail(e));
    }
    if let Some((index, count)) = shard {
        let out = out.unwrap_or_else(|| fail("--shard needs --out FILE".to_string()));
        eprintln!(
            "octal_table: shard {index} of {count}, heaps 0..={}, at most {} bytes per code while it is computed",
            bounds.heaps,
            bounds.bytes_per_code()
        );
        let start = Instant::now();
        let part = octal_table_shard(index, count, &bounds, &limits, &mut |_, c| {
            if c.class == CodeClass::Unsolved {
                eprintln!("[{:>7.1} s] {} {:?}", start.elapsed().as_secs_f64(), c.code, c.class);
            }
        })
        .unwrap_or_else(|e| fail(format!("{e}")));
        let text = part.to_file_text();
        let partial = format!("{out}.partial");
        std::fs::write(&partial, text).unwrap_or_else(|e| fail(format!("{partial}: {e}")));
        std::fs::rename(&partial, &out).unwrap_or_else(|e| fail(format!("{out}: {e}")));
        eprintln!(
            "octal_table: shard {index} of {count}: {} codes in {:.1} s, written to {out}",
            part.codes.len(),
            start.elapsed().as_secs_f64()
        );
        return;
    }
    let games = octal_codes_up_to_three_digits();
    eprintln!(
        "octal_table: {} codes, heaps 0..={}, at most {} bytes per code while it is computed",
        games.len(),
        bounds.heaps,
        bounds.bytes_per_code()
    );
    let start = Instant::now();
    let table = octal_table(&games, &bounds, &limits, &mut |i, c| {
        if c.class == CodeClass::Unsolved || (i + 1) % 128 == 0 {
            eprintln!(
                "[{:>7.1} s] {}/{} {} {:?}",
                start.elapsed().as_secs_f64(),
                i + 1,
                games.len(),
                c.code,
                c.class
            );
        }
    })
    .unwrap_or_else(|e| fail(format!("{e}")));
    eprintln!("octal_table: done in {:.1} s", start.elapsed().as_secs_f64());
    finish(&table, markdown, lookup.as_deref()).unwrap_or_else(|e| fail(e));
}

/// Prints one line per unsolved class of the table kept in `file` (a record with the table as
/// `result`, or the table itself): its first code in table order, a tab, the other codes of its
/// group. A table with no unsolved code is an error: there would be nothing to push.
fn print_unsolved_classes(file: &str) -> Result<(), String> {
    let (_, page) = read_table(file)?;
    let mut printed = std::collections::HashSet::new();
    for code in page.codes.iter().filter(|c| c.class == CodeClass::Unsolved) {
        if !printed.insert(code.code.as_str()) {
            continue;
        }
        let group = page.groups.iter().find(|g| g.codes.contains(&code.code));
        let others: Vec<&str> = group
            .map_or(Vec::new(), |g| g.codes.iter().map(String::as_str).filter(|&c| c != code.code).collect());
        printed.extend(others.iter().copied());
        println!("{}\t{}", code.code, others.join(" "));
    }
    if printed.is_empty() {
        return Err(format!("{file}: no unsolved code"));
    }
    Ok(())
}

/// The page: the table, then the lookup section if `lookup` names the record of the maps.
fn page_text(page: &PageTable, lookup: Option<&str>) -> Result<String, String> {
    let mut text = render(page);
    if let Some(file) = lookup {
        text += &lookup_section::render_file(file)?;
    }
    Ok(text)
}

/// Writes the page (if asked) and prints the table as one JSON line.
fn finish(table: &OctalTable, markdown: Option<String>, lookup: Option<&str>) -> Result<(), String> {
    let json = serde_json::to_value(table).map_err(|e| format!("{e}"))?;
    if let Some(path) = markdown {
        let page: PageTable = serde_json::from_value(json.clone()).map_err(|e| format!("{e}"))?;
        std::fs::write(&path, page_text(&page, lookup)?).map_err(|e| format!("{path}: {e}"))?;
    }
    println!("{json}");
    Ok(())
}

/// Renders the page of the table kept in `file` (a record with the table as `result`, or the
/// table itself) to `path`, and prints the table as one JSON line.
fn render_file(file: &str, path: &str, lookup: Option<&str>) -> Result<(), String> {
    let (json, page) = read_table(file)?;
    std::fs::write(path, page_text(&page, lookup)?).map_err(|e| format!("{path}: {e}"))?;
    println!("{json}");
    Ok(())
}

/// The table kept in `file` (a record with the table as `result`, or the table itself), as JSON
/// and as the fields the page reads.
fn read_table(file: &str) -> Result<(Value, PageTable), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut json: Value = serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
    if let Some(result) = json.get_mut("result") {
        json = result.take();
    }
    let page: PageTable = serde_json::from_value(json.clone()).map_err(|e| format!("{file}: {e}"))?;
    Ok((json, page))
}

/// The fields of a table the page shows, as the table is written in JSON.
#[derive(Deserialize)]
struct PageTable {
    bounds: TableBounds,
    codes: Vec<PageCode>,
    groups: Vec<PageGroup>,
    shifted: Vec<PageShift>,
}

#[derive(Deserialize)]
struct PageCode {
    code: String,
    class: CodeClass,
    periodicity: Option<Periodicity>,
    heaps_computed: u64,
    statistics: ValueStatistics,
}

#[derive(Deserialize)]
struct PageGroup {
    codes: Vec<String>,
    agreement: PageAgreement,
}

/// game-nim's `GroupAgreement` as it is written.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
enum PageAgreement {
    Proven,
    UpTo { heaps: u64 },
}

#[derive(Deserialize)]
struct PageShift {
    code: String,
    of: String,
    shift: u64,
}

/// `I/K` with `I < K`.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad --shard {text:?}: I/K with 0 <= I < K expected");
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (i, k): (usize, usize) = (i.parse().map_err(|_| bad())?, k.parse().map_err(|_| bad())?);
    if i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

/// Reads every `shard-*.json` of `dir` and merges them. The values they keep are held as
/// `u32`s, at most 2 per 2 bytes of file (each value takes at least two characters): that
/// bound is checked against the budget before any file is read.
fn merge_dir(dir: &str, limits: &Limits) -> Result<OctalTable, String> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("shard-") && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    let mut bytes: u128 = 0;
    for f in &files {
        bytes += u128::from(std::fs::metadata(f).map_err(|e| format!("{}: {e}", f.display()))?.len());
    }
    // Each value of at least two characters becomes four bytes (and once more narrowed).
    let needed = bytes * 4;
    eprintln!(
        "octal_table: merging {} shard files ({bytes} bytes): at most {needed} bytes of values",
        files.len()
    );
    limits.check_bytes(|| format!("the shards of {dir}"), needed).map_err(|e| format!("{e}"))?;
    let mut shards = Vec::with_capacity(files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let shard = TableShard::from_file_text(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        shards.push(shard);
    }
    merge_table_shards(shards, limits).map_err(|e| format!("{dir}: {e}"))
}

/// The Markdown page: one section per class, in the columns of tczajka/octal-games' tables,
/// then the groups.
fn render(table: &PageTable) -> String {
    let mut page = String::new();
    let b = &table.bounds;
    let count = |class| table.codes.iter().filter(|c| c.class == class).count();
    let _ = writeln!(
        page,
        "# The octal table\n\nEvery octal code with up to three digits after the point (`0.d1d2d3` and `4.d1d2d3`, \
         each in its shortest form: 1024 games), generated by `cargo xtask records --octal-table` from \
         `records/octal-table.json`; do not edit by hand.\n\n\
         * **trivial** ({}): period proven by the Guy-Smith theorem from the values of heaps below {};\n\
         * **solved** ({}): period proven by the Guy-Smith theorem from the values of heaps 0..={};\n\
         * **unsolved** ({}): no period proven from heaps 0..={}.\n\n\
         For a proven code the figures (largest value, its first heap, the rare mask with the fewest rare \
         heaps, their number and the last one) are those of heaps 1 to pre-period + period - 1 (every \
         value of the sequence); for an unsolved code, of heaps 1 to n - 1. The rare mask is the one \
         making the fewest heaps rare (value `v` rare when `v & mask` has an even number of one bits), \
         blank when every value is 0. `group` names the first code of the group of codes with equal \
         values (see the last section).\n",
        count(CodeClass::Trivial),
        b.trivial_heaps,
        count(CodeClass::Solved),
        b.heaps,
        count(CodeClass::Unsolved),
        b.heaps
    );
    let group_of = |code: &str| {
        table
            .groups
            .iter()
            .find(|g| g.codes.iter().any(|c| c == code))
            .map_or(String::new(), |g| g.codes[0].clone())
    };
    let rare = |c: &PageCode| match c.statistics.rare {
        Some(r) => {
            format!("{:x} | {} | {}", r.mask, r.count, r.last.map_or(String::new(), |l| l.to_string()))
        }
        None => " | | ".to_string(),
    };
    for (class, title) in [
        (CodeClass::Trivial, "Trivial games"),
        (CodeClass::Solved, "Solved games"),
        (CodeClass::Unsolved, "Unsolved games"),
    ] {
        let _ = writeln!(page, "## {title}\n");
        if class == CodeClass::Unsolved {
            let _ =
                writeln!(page, "game | n | largest idx | largest | rare mask | num rare | last rare | group");
            let _ = writeln!(page, ":--- | --: | --: | --: | --: | --: | --: | :---");
        } else {
            let _ = writeln!(
                page,
                "game | prefix | period | largest idx | largest | rare mask | num rare | last rare | group"
            );
            let _ = writeln!(page, ":--- | --: | --: | --: | --: | --: | --: | --: | :---");
        }
        for c in table.codes.iter().filter(|c| c.class == class) {
            let s = &c.statistics;
            let head = match c.periodicity {
                Some(p) => format!("{} | {}", p.preperiod, p.period),
                None => c.heaps_computed.to_string(),
            };
            let _ = writeln!(
                page,
                "{} | {head} | {} | {} | {} | {}",
                c.code,
                s.largest_at,
                s.largest,
                rare(c),
                group_of(&c.code)
            );
        }
        let _ = writeln!(page);
    }
    let _ = writeln!(page, "## Groups of codes with equal values\n\ncodes | equal\n:--- | :---");
    for g in &table.groups {
        let equal = match g.agreement {
            PageAgreement::Proven => "at every heap (proven: same pre-period, period and values)".to_string(),
            PageAgreement::UpTo { heaps } => format!("at heaps 0..{heaps} (computed; not proven beyond)"),
        };
        let _ = writeln!(page, "{} | {equal}", g.codes.join(", "));
    }
    let _ = writeln!(
        page,
        "\n## Codes equal after a shift\n\n\
         `game` has at every heap n the value of `other` at heap n + `shift`, proven for codes with proven \
         periods (equal periods, the pre-period of `game` that of `other` shifted, and one pre-period and \
         period compared); between the first codes of groups and codes in no group, shifts 1 to {}. \
         Nothing is claimed here for unsolved codes (the next section proves shifts between unsolved \
         codes from their moves).\n\ngame | other | shift\n:--- | :--- | --:",
        game_nim::MAX_SHIFT
    );
    for s in &table.shifted {
        let _ = writeln!(page, "{} | {} | {}", s.code, s.of, s.shift);
    }
    page
}
