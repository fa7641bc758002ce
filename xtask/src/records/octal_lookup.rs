//! The last section of `docs/octal-table.md`: tczajka's `GameLookup.md` maps between codes
//! whose values agree after a shift, rendered from `records/octal-lookup.json` (decided and
//! checked by game-nim's `tests/game_lookup.rs`; nothing is computed here).

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;

/// The record of the lookup maps, relative to the workspace root.
pub(crate) const OCTAL_LOOKUP: &str = "records/octal-lookup.json";

/// `records/octal-lookup.json`, the fields the page shows.
#[derive(Deserialize)]
pub(crate) struct LookupRecord {
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

/// Reads the record.
pub(crate) fn read(root: &Path) -> Result<LookupRecord, String> {
    let path = root.join(OCTAL_LOOKUP);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The section, starting with an empty line (it follows the table's page). Refuses a record
/// whose counts do not add up or that names an unknown direction or proof.
pub(crate) fn render_section(record: &LookupRecord) -> Result<String, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept page ends with the section rendered from the kept record, one row per map.
    #[test]
    fn the_kept_page_ends_with_the_lookup_section() {
        let root = crate::workspace_root();
        let record = read(&root).unwrap();
        let section = render_section(&record).unwrap();
        assert_eq!(section.lines().filter(|l| l.contains("(n")).count(), record.shifted.len());
        assert!(section.contains("0.137 | 0.4 | 0.137(n) = 0.4(n + 2) | options rule"), "{section}");
        let page = std::fs::read_to_string(root.join(super::super::OCTAL_TABLE_PAGE)).unwrap();
        assert!(page.ends_with(&section), "docs/octal-table.md does not end with the lookup section");
    }

    #[test]
    fn a_record_whose_counts_do_not_add_up_is_refused() {
        let mut record = read(&crate::workspace_root()).unwrap();
        record.shifted.pop();
        assert!(render_section(&record).is_err());
        let mut record = read(&crate::workspace_root()).unwrap();
        record.proven_by_options += 1;
        assert!(render_section(&record).is_err());
    }
}
