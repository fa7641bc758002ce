//! The generated part of `records/octal-unsolved/README.md`: where the push stands and one row
//! per pushed code, rendered from the kept files so that nobody edits them by hand.
//!
//! The README is prose around one block between [`BEGIN`] and [`END`]. The block is rendered
//! from `runs.tsv` (the last line of each code), from [`PROVEN_PERIODS`] (the claim that proves
//! a period the push found) and from `tczajka-check.txt` (how far tczajka's program agrees).
//! `cargo xtask records --octal-unsolved --readme` writes it after a push; `cargo test -p xtask`
//! fails when the committed block differs from its rendering, so a push whose README was not
//! regenerated cannot land.
//!
//! The estimate it states for codes short of 2^28 heaps is the CPU time at the power reached,
//! doubled for every power still to go. It is computed in hundredths of a second (integers)
//! from the `cpu_s` column, which the push script writes with two decimals.

use std::collections::BTreeMap;
use std::path::Path;

use super::octal_unsolved_push::{
    PROVEN_PERIODS, PUSHED, PushedRun, agreeing_powers, codes_agreeing_to_their_period, proven_period,
    read_runs,
};

/// The line that opens the generated block.
pub(crate) const BEGIN: &str =
    "<!-- rendered from runs.tsv by `cargo xtask records --octal-unsolved --readme`; do not edit -->";
/// The line that closes it.
pub(crate) const END: &str = "<!-- end of the rendered part -->";

/// The power of two the push aims at.
const TARGET_POWER: u32 = 28;
/// Codes short of the target that reached at least this power are the ones whose time grows
/// about linearly with the heaps (few rare heaps); the doubling estimate is stated for them.
const ESTIMATED_FROM: u32 = 19;

/// `1234567` as `1 234 567` (the README's way of writing large numbers).
fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// `60.52` as 6052 hundredths.
fn hundredths(cpu_s: &str) -> Result<u64, String> {
    let (whole, fraction) = cpu_s.split_once('.').unwrap_or((cpu_s, ""));
    if fraction.len() > 2 || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("cpu_s {cpu_s:?} is not a number with at most two decimals"));
    }
    let whole: u64 = whole.parse().map_err(|e| format!("cpu_s {cpu_s:?}: {e}"))?;
    let fraction: u64 = format!("{fraction:0<2}").parse().map_err(|e| format!("cpu_s {cpu_s:?}: {e}"))?;
    whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(fraction))
        .ok_or_else(|| format!("cpu_s {cpu_s:?} overflows"))
}

/// The estimated CPU hundredths to 2^[`TARGET_POWER`] of a run stopped at a lower power.
fn estimate(run: &PushedRun) -> Result<u64, String> {
    let doublings = TARGET_POWER.saturating_sub(run.reached_power);
    hundredths(&run.cpu_s)?
        .checked_mul(1 << doublings)
        .ok_or_else(|| format!("{}: the estimate overflows", run.code))
}

/// Hundredths of a second as hours with one decimal, rounded to nearest.
fn hours(hundredths: u64) -> String {
    let tenths = hundredths / 36_000 + u64::from(hundredths % 36_000 >= 18_000);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// How the `stopped` column begins for a run stopped by its time budget: game-nim's example
/// `octal_frequencies` writes `the time budget of S s`.
const BY_TIME_BUDGET: &str = "the time budget";

/// How the `stopped` column begins for a run that reached its aim: `scripts/octal-unsolved.sh`
/// writes `reached 2^MAX_POWER` when the example stopped for no other reason.
const AT_ITS_AIM: &str = "reached 2^";

/// Why the runs of a group stopped, counted from their `stopped` column: `16 by their time
/// budget`, or `31 at the power their run aimed at, 8 by their time budget`; a reason of another
/// kind is quoted as written. The most frequent reason comes first (ties in text order).
fn why_stopped(runs: &[&PushedRun]) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for run in runs {
        let reason = if run.stopped.starts_with(BY_TIME_BUDGET) {
            "by their time budget".to_string()
        } else if run.stopped.starts_with(AT_ITS_AIM) {
            "at the power their run aimed at".to_string()
        } else {
            format!("by {}", run.stopped)
        };
        *counts.entry(reason).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let parts: Vec<String> = counts.iter().map(|(reason, n)| format!("{n} {reason}")).collect();
    if parts.is_empty() { "none".to_string() } else { parts.join(", ") }
}

/// The period column: `none to 2^k`, the proven period with its claim, or the note for lines
/// written before the search reported.
fn period_cell(run: &PushedRun) -> Result<String, String> {
    Ok(match (run.period.as_str(), proven_period(run)?) {
        (_, Some((n0, p, claim))) => format!("pre-period {}; period {} ({claim})", spaced(n0), spaced(p)),
        ("-", None) => "not reported (earlier run)".to_string(),
        (_, None) => format!("none to 2^{}", run.reached_power),
    })
}

/// The generated block (without its marker lines): the state of the push, then the table.
pub(crate) fn render(runs: &BTreeMap<String, PushedRun>, check: &str) -> Result<String, String> {
    let agreeing = agreeing_powers(check);
    let their_period = codes_agreeing_to_their_period(check);
    // Codes are `0.ddd` or `4.ddd`, whose text order (the map's) is their numeric order; the
    // sort is stable, so codes of one power keep it.
    let mut sorted: Vec<&PushedRun> = runs.values().collect();
    sorted.sort_by_key(|r| std::cmp::Reverse(r.reached_power));
    if sorted.is_empty() {
        return Err(format!("{PUSHED}/runs.tsv: no pushed code to render"));
    }

    let done = sorted.iter().filter(|r| r.reached_power >= TARGET_POWER).count();
    let estimated: Vec<&PushedRun> = sorted
        .iter()
        .copied()
        .filter(|r| (ESTIMATED_FROM..TARGET_POWER).contains(&r.reached_power))
        .collect();
    let short: Vec<&PushedRun> =
        sorted.iter().copied().filter(|r| r.reached_power < ESTIMATED_FROM).collect();
    let mut costs: Vec<(u64, &str)> =
        estimated.iter().map(|r| Ok((estimate(r)?, r.code.as_str()))).collect::<Result<_, String>>()?;
    costs.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let total =
        costs.iter().try_fold(0u64, |sum, (c, _)| sum.checked_add(*c)).ok_or("the estimates overflow")?;
    let each: Vec<String> = costs.iter().map(|(c, code)| format!("{code} {}", hours(*c))).collect();

    let between = if estimated.is_empty() {
        format!("No code stopped between 2^{ESTIMATED_FROM} and 2^{}.", TARGET_POWER - 1)
    } else {
        format!(
            "{} codes reached 2^{ESTIMATED_FROM} to 2^{} (stopped: {}); for them the CPU seconds at \
             the power reached, doubled for every power still to go, come to {} CPU hours in all (an \
             estimate, not a bound; in hours: {}).",
            estimated.len(),
            TARGET_POWER - 1,
            why_stopped(&estimated),
            hours(total),
            each.join(", "),
        )
    };
    let mut out = format!(
        "**Where the push stands.** {done} codes reached 2^{TARGET_POWER} heaps. {between} {} codes \
         stopped below 2^{ESTIMATED_FROM} ({}).\n\n",
        short.len(),
        why_stopped(&short),
    );
    out += "code | same values up to 2^16 | reached | largest value | stopped by | budget (s, wall) | CPU s | period (Guy-Smith search at each 2^k) | checked against tczajka to\n";
    out += ":--- | :--- | ---: | ---: | :--- | ---: | ---: | :--- | ---:\n";
    for run in sorted {
        let checked = agreeing
            .get(&run.code)
            .and_then(|powers| powers.iter().max())
            .ok_or_else(|| format!("{}: no agreeing line in tczajka-check.txt", run.code))?;
        let theirs = match PROVEN_PERIODS.iter().find(|p| p.0 == run.code) {
            Some(&(_, _, _, claim)) if their_period.contains(run.code.as_str()) => {
                format!(" (their period; {claim})")
            }
            _ => String::new(),
        };
        let same = if run.same_values == "-" { "" } else { run.same_values.as_str() };
        out += &format!(
            "{} | {same} | 2^{} | {} | {} | {} | {} | {} | 2^{checked}{theirs}\n",
            run.code,
            run.reached_power,
            run.largest,
            run.stopped,
            run.budget_s,
            run.cpu_s,
            period_cell(run)?,
        );
    }
    Ok(out)
}

/// `readme` with its generated block replaced by `block`.
pub(crate) fn splice(readme: &str, block: &str) -> Result<String, String> {
    let begin = readme.find(BEGIN).ok_or_else(|| format!("{PUSHED}/README.md: no line {BEGIN}"))?;
    let end = readme[begin..]
        .find(END)
        .map(|e| begin + e)
        .ok_or_else(|| format!("{PUSHED}/README.md: no line {END} after the opening one"))?;
    Ok(format!("{}{BEGIN}\n{block}{}", &readme[..begin], &readme[end..]))
}

/// The README as it should be: the committed one with its block rendered afresh.
fn rendered(root: &Path) -> Result<(String, String), String> {
    let dir = root.join(PUSHED);
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let committed = read("README.md")?;
    let block = render(&read_runs(&dir)?, &read("tczajka-check.txt")?)?;
    Ok((splice(&committed, &block)?, committed))
}

/// `cargo xtask records --octal-unsolved --readme`: writes the README with its block rendered.
pub(crate) fn write(root: &Path) -> Result<Vec<String>, String> {
    let (fresh, committed) = rendered(root)?;
    let path = root.join(PUSHED).join("README.md");
    if fresh == committed {
        println!("{PUSHED}/README.md: already as rendered");
    } else {
        std::fs::write(&path, fresh).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{PUSHED}/README.md: rendered from runs.tsv");
    }
    Ok(Vec::new())
}

/// The mismatch when the committed README's block differs from its rendering.
pub(crate) fn check(root: &Path) -> Result<Vec<String>, String> {
    let (fresh, committed) = rendered(root)?;
    Ok(if fresh == committed {
        Vec::new()
    } else {
        vec![format!(
            "{PUSHED}/README.md: its rendered part differs from runs.tsv; run `cargo xtask records --octal-unsolved --readme`"
        )]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(code: &str, reached: u32, period: &str, cpu_s: &str) -> PushedRun {
        PushedRun {
            code: code.to_string(),
            same_values: "-".to_string(),
            reached_power: reached,
            largest: 7,
            stopped: "the time budget of 60 s".to_string(),
            period: period.to_string(),
            budget_s: "60".to_string(),
            cpu_s: cpu_s.to_string(),
        }
    }

    /// The committed README is its own rendering.
    #[test]
    fn the_committed_unsolved_readme_is_rendered_from_runs_tsv() {
        let mismatches = check(&crate::workspace_root()).unwrap();
        assert!(mismatches.is_empty(), "{mismatches:?}");
    }

    /// The figures of the block: order, counts, estimate, claim of a period, tczajka's column.
    #[test]
    fn the_block_states_counts_estimates_and_claims() {
        let runs: BTreeMap<String, PushedRun> = [
            run("4.064", 28, "94272 16132", "182.64"),
            run("0.64", 24, "none", "60.50"),
            run("0.104", 28, "none", "108.97"),
            run("0.14", 19, "-", "4.79"),
            run("0.004", 17, "-", "24.05"),
        ]
        .into_iter()
        .map(|r| (r.code.clone(), r))
        .collect();
        let check = "0.64 2^20 | x | yes (largest value at each 2^k; num_rare=3)\n\
                     0.104 2^20 | x | yes (largest value at each 2^k; num_rare=3)\n\
                     0.14 2^19 | x | yes (largest value at each 2^k; num_rare=3)\n\
                     0.004 2^17 | x | yes (largest value at each 2^k; num_rare=3)\n\
                     0.004 2^18 | x | NO: n=2^18 differs\n\
                     4.064 2^20 | x | yes (largest value at each 2^k; they stopped at: Found period start=94272 period=16132)\n";
        let block = render(&runs, check).unwrap();
        // 0.64: 6050 hundredths * 16 = 96800 = 0.27 h; 0.14: 479 * 512 = 245248 = 0.68 h.
        assert!(
            block.starts_with(
                "**Where the push stands.** 2 codes reached 2^28 heaps. 2 codes reached 2^19 to 2^27"
            ),
            "{block}"
        );
        assert!(block.contains("come to 1.0 CPU hours in all"), "{block}");
        assert!(block.contains("2^19 to 2^27 (stopped: 2 by their time budget); for them"), "{block}");
        assert!(
            block.contains(
                "in hours: 0.14 0.7, 0.64 0.3). 1 codes stopped below 2^19 (1 by their time budget)."
            ),
            "{block}"
        );
        let rows: Vec<&str> = block.lines().skip(4).collect();
        let order: Vec<&str> = rows.iter().map(|r| r.split(' ').next().unwrap()).collect();
        assert_eq!(order, ["0.104", "4.064", "0.64", "0.14", "0.004"]);
        assert!(
            rows[1].ends_with("| pre-period 94 272; period 16 132 (OT17) | 2^20 (their period; OT17)"),
            "{}",
            rows[1]
        );
        assert!(rows[2].ends_with("| none to 2^24 | 2^20"), "{}", rows[2]);
        assert!(rows[4].ends_with("| not reported (earlier run) | 2^17"), "{}", rows[4]);
        // A period no claim proves, a code tczajka's program never agreed on: errors.
        for (code, period) in [("0.64", "52 34"), ("4.064", "52 34"), ("0.64", "94272 16132")] {
            let mut unproven = runs.clone();
            unproven.insert(code.into(), run(code, 24, period, "60.50"));
            assert!(render(&unproven, check).unwrap_err().contains("no claim"), "{code} {period}");
        }
        let mut unchecked = runs.clone();
        unchecked.insert("0.6".into(), run("0.6", 22, "none", "42.97"));
        assert!(render(&unchecked, check).unwrap_err().contains("no agreeing line"));
        assert!(render(&BTreeMap::new(), check).is_err());
    }

    /// In a copy of the kept folder: a stale README is a mismatch, `write` renders it, and the
    /// rendered one passes.
    #[test]
    fn a_stale_readme_is_caught_and_rewritten() {
        let kept = crate::workspace_root().join(PUSHED);
        let root = std::env::temp_dir().join(format!("xtask-unsolved-readme-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dir = root.join(PUSHED);
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["README.md", "runs.tsv", "tczajka-check.txt"] {
            std::fs::copy(kept.join(name), dir.join(name)).unwrap();
        }
        assert_eq!(check(&root), Ok(Vec::new()));
        let committed = std::fs::read_to_string(dir.join("README.md")).unwrap();
        let stale = committed.replacen("| reached 2^28 |", "| reached 2^27 |", 1);
        assert_ne!(stale, committed);
        std::fs::write(dir.join("README.md"), &stale).unwrap();
        assert_eq!(check(&root).unwrap().len(), 1);
        assert_eq!(write(&root), Ok(Vec::new()));
        assert_eq!(std::fs::read_to_string(dir.join("README.md")).unwrap(), committed);
        assert_eq!(check(&root), Ok(Vec::new()));
        std::fs::remove_file(dir.join("runs.tsv")).unwrap();
        assert!(check(&root).is_err() && write(&root).is_err());
        let _ = std::fs::remove_dir_all(&root);
    }

    /// Splicing replaces the block and nothing else; a README without markers is an error.
    #[test]
    fn splicing_replaces_only_the_block() {
        let readme = format!("intro\n{BEGIN}\nold\nrows\n{END}\nafter\n");
        assert_eq!(splice(&readme, "new\n").unwrap(), format!("intro\n{BEGIN}\nnew\n{END}\nafter\n"));
        assert!(splice("intro\n", "new\n").is_err());
        assert!(splice(&format!("{END}\n{BEGIN}\n"), "new\n").is_err());
    }

    /// The two kinds of stop the page names are the ones its writers write, and every run kept
    /// in runs.tsv stopped by one of them (another reason would be quoted as written: a sign
    /// that a writer's wording changed).
    #[test]
    fn the_named_reasons_are_those_the_writers_write() {
        let root = crate::workspace_root();
        let source = |path: &str| std::fs::read_to_string(root.join(path)).unwrap();
        let example = source("crates/game-nim/examples/octal_frequencies.rs");
        assert!(example.contains(&format!("\"\\\"{BY_TIME_BUDGET} of {{}} s\\\"\"")), "{BY_TIME_BUDGET}");
        let script = source("scripts/octal-unsolved.sh");
        assert!(script.contains(&format!("${{stopped:-{AT_ITS_AIM}$max_power}}")), "{AT_ITS_AIM}");
        let runs = read_runs(&root.join(PUSHED)).unwrap();
        assert!(runs.len() > 50, "{} runs", runs.len());
        let other: Vec<&str> = runs
            .values()
            .map(|run| run.stopped.as_str())
            .filter(|stopped| !stopped.starts_with(BY_TIME_BUDGET) && !stopped.starts_with(AT_ITS_AIM))
            .collect();
        assert!(other.is_empty(), "{other:?}");
    }

    /// The reasons are counted from the `stopped` column, the most frequent first.
    #[test]
    fn the_reasons_for_stopping_are_counted_from_the_stopped_column() {
        let budget = run("0.004", 17, "-", "1.00");
        let mut aimed = run("0.006", 18, "none", "1.00");
        aimed.stopped = "reached 2^18".to_string();
        let mut other = run("0.016", 18, "none", "1.00");
        other.stopped = "the memory budget".to_string();
        let aimed2 = PushedRun { code: "0.024".to_string(), ..aimed.clone() };
        assert_eq!(why_stopped(&[]), "none");
        assert_eq!(why_stopped(&[&budget]), "1 by their time budget");
        assert_eq!(
            why_stopped(&[&budget, &aimed, &aimed2, &other]),
            "2 at the power their run aimed at, 1 by the memory budget, 1 by their time budget"
        );
        let runs: BTreeMap<String, PushedRun> =
            [budget, aimed].into_iter().map(|r| (r.code.clone(), r)).collect();
        let check = "0.004 2^17 | x | yes (largest value at each 2^k; num_rare=3)\n\
                     0.006 2^18 | x | yes (largest value at each 2^k; num_rare=3)\n";
        let block = render(&runs, check).unwrap();
        assert!(
            block.starts_with(
                "**Where the push stands.** 0 codes reached 2^28 heaps. No code stopped between 2^19 \
                 and 2^27. 2 codes stopped below 2^19 (1 at the power their run aimed at, 1 by their \
                 time budget).\n\n"
            ),
            "{block}"
        );
    }

    #[test]
    fn numbers_are_written_exactly() {
        assert_eq!(spaced(94_272), "94 272");
        assert_eq!(spaced(1_234_567), "1 234 567");
        assert_eq!(spaced(44), "44");
        assert_eq!(hundredths("60.52"), Ok(6052));
        assert_eq!(hundredths("60.5"), Ok(6050));
        assert_eq!(hundredths("7"), Ok(700));
        assert!(hundredths("1.234").is_err() && hundredths("x").is_err() && hundredths("1.-2").is_err());
        assert_eq!(hours(17_999), "0.0");
        assert_eq!(hours(18_000), "0.1");
        assert_eq!(hours(360_000 * 14 + 36_000 * 2), "14.2");
        assert_eq!(hours(u64::MAX), "51240955760304.3");
    }
}
