//! The last section of `docs/octal-table.md`: tczajka's `GameLookup.md` maps between codes
//! whose values agree after a shift, rendered from `records/octal-lookup.json` (decided and
//! checked by game-nim's `tests/game_lookup.rs`; nothing is computed here). The records test
//! `tests/records/octal_lookup.rs` checks the rows of the kept page against the record.

use std::fmt::Write as _;

use serde::Deserialize;

/// How the page names the record of the lookup maps.
const OCTAL_LOOKUP: &str = "records/octal-lookup.json";

/// `records/octal-lookup.json`, the fields the page shows.
#[derive(Deserialize)]
struct LookupRecord {
    source: String,
    maps: u64,
    grouped: u64,
    proven_by_options: u64,
    proven_by_periods: u64,
    disagreeing: Vec<serde_json::Value>,
    shifted: Vec<ShiftedMap>,
}

/// One map to a code whose values are shifted.
#[derive(Deserialize)]
struct ShiftedMap {
    code: String,
    target: String,
    shift: u64,
    /// `code` or `target`: the one played on the larger heaps.
    larger: String,
    /// `options` or `periods`.
    proof: String,
}

/// The section rendered from the record in `file`.
pub(crate) fn render_file(file: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    render_section(&serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?)
}

/// The section, starting with an empty line (it follows the table's page). Refuses a record
/// whose counts do not add up or that names an unknown direction or proof.
fn render_section(record: &LookupRecord) -> Result<String, String> {
    let by = |proof: &str| record.shifted.iter().filter(|m| m.proof == proof).count() as u64;
    if record.shifted.is_empty()
        || record.grouped + record.shifted.len() as u64 != record.maps
        || by("options") != record.proven_by_options
        || by("periods") != record.proven_by_periods
        || record.proven_by_options + record.proven_by_periods != record.shifted.len() as u64
    {
        return Err(format!("{OCTAL_LOOKUP}: the counts do not add up"));
    }
    let mut section = String::new();
    let _ = writeln!(
        section,
        "\n## tczajka's lookup tables: codes equal after a shift\n\n\
         Of the {} maps of `GameLookup.md` in {}, kept in `records/octal-lookup-tczajka/`, {} join two codes \
         of one group above. The other {} join codes whose values agree after a shift, every one proven \
         at every heap (`{OCTAL_LOOKUP}`, checked by `crates/game-nim/tests/game_lookup.rs`, which also \
         compares both codes of every map by the plain definition on heaps 0..1000): {} by the options \
         rule (game-nim's `shift_proven_by_options`: the values below a boundary heap and the options \
         of that heap decide every heap, unsolved codes included), {} by the proven periods of both codes. \
         {}.\n\n\
         game | maps to | values | proven by\n:--- | :--- | :--- | :---",
        record.maps,
        record.source,
        record.grouped,
        record.shifted.len(),
        record.proven_by_options,
        record.proven_by_periods,
        match record.disagreeing.len() {
            0 => "None disagrees".to_string(),
            n => format!("{n} disagree"),
        },
    );
    for m in &record.shifted {
        let equality = match m.larger.as_str() {
            "target" => format!("{}(n) = {}(n + {})", m.code, m.target, m.shift),
            "code" => format!("{}(n + {}) = {}(n)", m.code, m.shift, m.target),
            other => return Err(format!("{OCTAL_LOOKUP}: {}: larger {other:?}", m.code)),
        };
        let proof = match m.proof.as_str() {
            "options" => "options rule",
            "periods" => "periods",
            other => return Err(format!("{OCTAL_LOOKUP}: {}: proof {other:?}", m.code)),
        };
        let _ = writeln!(section, "{} | {} | {equality} | {proof}", m.code, m.target);
    }
    Ok(section)
}
