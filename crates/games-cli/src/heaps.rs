//! `games nim`, `games subtraction`, `games octal`: heap games through game-nim.

use std::fmt::Write;
use std::path::Path;

use game_core::value_file::{OnDamage, ValueFileError};
use game_core::{Outcome, explore, misere_outcomes};
use game_nim::{
    GrundyTable, NimMove, OctalGame, PlayRule, SubtractionSet, ValueStatistics, canonical_heaps,
    guy_smith_periodicity_within, nim_sum, outcome, winning_moves,
};
use serde_json::{Value, json};

use crate::cli::{NimArgs, NimCommand, OctalArgs, SubtractionArgs};
use crate::error::{CliError, to_usize};
use crate::limits::{Budget, GRAPH_STEPS, OCTAL_STEPS, SUBTRACTION_STEPS};
use crate::output::{Output, one_line};
use crate::svg;
use crate::work::Bar;

/// Positions of several heaps in misère subtraction games are decided on the explicit graph,
/// which may have at most this many positions.
pub const MISERE_NODE_LIMIT: usize = 2_000_000;

/// Largest N accepted by `games octal CODE --values N` and `games subtraction SET --values N`
/// when the values are all printed (or plotted), without `--allow-long`.
pub const MAX_OCTAL_VALUES: u64 = 1_000_000;

/// Bytes a printed value takes at most in the answer: 4 in the table, up to 11 in the text
/// and 32 in the JSON list (one `serde_json::Value`), rounded up.
const PRINTED_VALUE_BYTES: u128 = 64;

/// The rule from the `--misere` flag.
pub fn rule(misere: bool) -> PlayRule {
    if misere { PlayRule::Misere } else { PlayRule::Normal }
}

/// Runs `games nim H...` or `games nim moves H...`.
pub fn run_nim(args: &NimArgs, budget: &Budget) -> Result<Output, CliError> {
    let (heaps, misere) = match &args.command {
        Some(NimCommand::Moves { heaps, misere }) => (heaps, misere),
        None if args.heaps.is_empty() => {
            return Err(CliError::bad("give the heap sizes, e.g. games nim 3 4 5"));
        }
        None => (&args.heaps, &args.misere),
    };
    // At most one winning move a heap: the answer is bounded before it is computed.
    budget.check_answer(
        || format!("the answer for {}", count(heaps.len(), "heap", "heaps")),
        heaps.len(),
        heaps.len() as u128,
    )?;
    let play = rule(*misere);
    let result = outcome(heaps, play);
    let wins = winning_moves(heaps, play);
    let rule_name = if *misere { "misère" } else { "normal" };
    let mut text = format!(
        "heaps {:?}, nim-sum {}, {rule_name} play: {}",
        heaps,
        nim_sum(heaps),
        match result {
            Outcome::P => "P-position (the player to move loses)".to_string(),
            _ if wins.is_empty() => "N-position (no move left: the player to move has won)".to_string(),
            _ => format!("N-position, {}", count(wins.len(), "winning move", "winning moves")),
        }
    );
    let moves_json = list_moves(&mut text, heaps, wins.iter().map(|m| (m.heap, m.new_size)));
    Ok(Output::new(
        text,
        json!({
            "heaps": heaps,
            "misere": misere,
            "nim_sum": nim_sum(heaps),
            "outcome": result,
            "winning_moves": moves_json,
        }),
    ))
}

/// "heap 1: 22 -> 19 (take 3)", heaps numbered from 1.
pub fn describe_nim_move(heaps: &[u64], m: &NimMove) -> String {
    describe_take(m.heap, heaps[m.heap], m.new_size)
}

/// "heap 1: 22 -> 19 (take 3)" for heap index `heap` (numbered from 1 in the text).
fn describe_take(heap: usize, from: u64, to: u64) -> String {
    format!("heap {}: {from} -> {to} (take {})", heap + 1, from - to)
}

/// Appends one line per move `(heap index, new size)` to `text` and returns the moves as the
/// JSON objects `heap` (from 1), `from`, `to`, `take` that every heap game answers with.
fn list_moves(text: &mut String, heaps: &[u64], moves: impl IntoIterator<Item = (usize, u64)>) -> Vec<Value> {
    moves
        .into_iter()
        .map(|(heap, to)| {
            let from = heaps[heap];
            let _ = write!(text, "\n  {}", describe_take(heap, from, to));
            json!({ "heap": heap + 1, "from": from, "to": to, "take": from - to })
        })
        .collect()
}

/// Parses a subtraction set written like `1,3,5`.
pub fn parse_set(text: &str) -> Result<SubtractionSet, CliError> {
    let mut amounts = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            if text.trim().is_empty() {
                return Err(game_nim::NimError::EmptySubtractionSet.into());
            }
            return Err(CliError::bad(format!("subtraction set {text:?}: empty entry (write e.g. 1,3,5)")));
        }
        let value: u64 = part.parse().map_err(|_| {
            CliError::bad(format!(
                "subtraction set {text:?}: {part:?} is not a whole number from 1 to 2^64 - 1"
            ))
        })?;
        amounts.push(value);
    }
    Ok(SubtractionSet::new(amounts)?)
}

/// Runs `games subtraction SET ...`.
pub fn run_subtraction(args: &SubtractionArgs, budget: &Budget) -> Result<Output, CliError> {
    let set = parse_set(&args.set)?;
    let rule_name = if args.misere { "misère" } else { "normal" };
    if let Some(heaps) = &args.heaps {
        return subtraction_heaps(&set, heaps, args.misere, args.max, budget);
    }
    if let Some(n) = args.values {
        if let Some(out) = values_output(args.out.as_deref(), args.repair, args.stats) {
            let game = set.as_octal().filter(|_| !args.misere).ok_or_else(|| {
                CliError::bad(
                    "--out and --stats work for normal play and amounts up to 64 (the game as an octal code)",
                )
            })?;
            let title = format!("subtraction set {:?}", set.amounts());
            let mut output = octal_values(&game, &title, n, out, budget)?;
            output.json["set"] = json!(set.amounts());
            return Ok(output);
        }
        return subtraction_values(&set, n, args.misere, args.svg.as_deref(), budget);
    }
    if !args.period {
        return Err(CliError::bad("say what to compute: --period, --values N or --heaps H1 H2 ..."));
    }
    let analysis = set.analyse_within(args.max, args.misere, &budget.nim_limits(SUBTRACTION_STEPS))?;
    let p = analysis.periodicity;
    let values: Vec<String> = analysis.values.iter().map(u32::to_string).collect();
    let text = format!(
        "subtraction set {:?}, {rule_name} play: pre-period {}, period {} (proven)\n{} of heaps 0..={}: {}",
        set.amounts(),
        p.preperiod,
        p.period,
        if args.misere { "misère Grundy values (0 = P)" } else { "Grundy values" },
        p.preperiod + p.period - 1,
        values.join(" ")
    );
    Ok(Output::new(
        text,
        json!({
            "set": set.amounts(),
            "misere": args.misere,
            "preperiod": p.preperiod,
            "period": p.period,
            "values": analysis.values,
        }),
    ))
}

/// Refuses `--values n` above [`MAX_OCTAL_VALUES`] (without `--allow-long`), and `n = 0` with
/// `--svg` (a plot needs two heaps).
fn check_values_request(n: u64, svg_path: Option<&Path>, budget: &Budget) -> Result<usize, CliError> {
    budget.check_size(
        || "the number of values printed (use --out FILE or --stats for long tables)".to_string(),
        u128::from(n),
        u128::from(MAX_OCTAL_VALUES),
    )?;
    // The answer holds every value several times: the table, the text and the JSON list.
    budget.check(
        || format!("printing the values of heaps 0..={n}"),
        (u128::from(n) + 1) * PRINTED_VALUE_BYTES,
    )?;
    if n == 0 && svg_path.is_some() {
        return Err(CliError::bad("--values 0 with --svg: a plot needs at least heaps 0 and 1 (N >= 1)"));
    }
    to_usize(n, "heap")
}

/// `games subtraction SET --values N [--svg FILE]`: the one-heap values of heaps `0..=n` from
/// game-nim's [`SubtractionSet::grundy_sequence`] (or its misère counterpart), memory and work
/// checked first; with a plot, the period proven from these values by game-nim's window
/// argument ([`SubtractionSet::analyse_within`] searching up to heap `n`).
fn subtraction_values(
    set: &SubtractionSet,
    n: u64,
    misere: bool,
    svg_path: Option<&Path>,
    budget: &Budget,
) -> Result<Output, CliError> {
    check_values_request(n, svg_path, budget)?;
    let what = || format!("the values of subtraction set {:?} up to heap {n}", set.amounts());
    // The table (4 bytes a heap) and the mex marks (one word an amount, plus two).
    let bytes = (u128::from(n) + 1) * 4 + (set.amounts().len() as u128 + 2) * 8;
    budget.check(what, bytes)?;
    let steps = (u128::from(n) + 1) * (set.amounts().len() as u128 + 1);
    budget.check_steps(what, steps, SUBTRACTION_STEPS)?;
    let values = if misere { set.misere_grundy_sequence(n)? } else { set.grundy_sequence(n)? };
    let rule_name = if misere { "misère" } else { "normal" };
    let quantity = if misere { "misère Grundy values (0 = P)" } else { "Grundy values" };
    let game = format!("subtraction set {:?}, {rule_name} play", set.amounts());
    let mut json = json!({ "set": set.amounts(), "misere": misere, "values": &values });
    let text = match svg_path {
        None => {
            let shown: Vec<String> = values.iter().map(u32::to_string).collect();
            format!("{game}: {quantity} of heaps 0..={n}: {}", shown.join(" "))
        }
        Some(path) => {
            let periodicity = match set.analyse_within(n, misere, &budget.nim_limits(SUBTRACTION_STEPS)) {
                Ok(analysis) => Some(analysis.periodicity),
                Err(game_nim::NimError::PeriodNotFound { .. }) => None,
                Err(other) => return Err(other.into()),
            };
            let plot = svg::ValuePlot {
                game: &game,
                quantity: if misere { "misère Grundy values g⁻(n)" } else { "Grundy values g(n)" },
                values: &values,
                periodicity,
                proof: "the window argument",
            };
            write_plot(path, &plot, budget, &mut json)?
        }
    };
    Ok(Output::new(text, json))
}

/// Draws `plot` to `path` (overwriting it, as every `--svg` does) and returns the line that
/// says so; adds `svg`, `preperiod` and `period` (`null` when not proven) to `json`.
fn write_plot(
    path: &Path,
    plot: &svg::ValuePlot,
    budget: &Budget,
    json: &mut Value,
) -> Result<String, CliError> {
    budget.check(|| "the SVG plot".to_string(), svg::VALUE_PLOT_MAX_BYTES)?;
    let picture = svg::value_plot(plot);
    crate::files::write_whole(path, picture)?;
    let last = plot.values.len().saturating_sub(1);
    let max = plot.values.iter().copied().max().unwrap_or(0);
    let period = match plot.periodicity {
        Some(p) => format!("pre-period {} and period {} marked (proven)", p.preperiod, p.period),
        None => format!("no period proven within heaps 0..={last}"),
    };
    json["svg"] = json!(path.display().to_string());
    json["preperiod"] = json!(plot.periodicity.map(|p| p.preperiod));
    json["period"] = json!(plot.periodicity.map(|p| p.period));
    Ok(format!(
        "wrote {}: plot of {}, heaps 0..={last}, values 0..={max}, {period}",
        path.display(),
        plot.game
    ))
}

/// A position of several heaps of a subtraction game.
fn subtraction_heaps(
    set: &SubtractionSet,
    heaps: &[u64],
    misere: bool,
    max: u64,
    budget: &Budget,
) -> Result<Output, CliError> {
    if misere {
        return misere_subtraction_heaps(set, heaps, budget);
    }
    // At most one winning move per heap and amount.
    let moves = heaps.len() as u128 * set.amounts().len() as u128;
    budget.check_answer(
        || format!("the answer for {}", count(heaps.len(), "heap", "heaps")),
        heaps.len(),
        moves,
    )?;
    // Any heap size works once the period is proven (values repeat).
    let analysis = set.analyse_within(max, false, &budget.nim_limits(SUBTRACTION_STEPS))?;
    let value = analysis.grundy_of_heaps(heaps);
    let result = if value == 0 { Outcome::P } else { Outcome::N };
    let wins = set.winning_moves(&analysis, heaps);
    let mut text = format!(
        "subtraction set {:?}, heaps {heaps:?}: Grundy value {value}, {result}-position, {}",
        set.amounts(),
        count(wins.len(), "winning move", "winning moves")
    );
    let moves_json =
        list_moves(&mut text, heaps, wins.iter().map(|&(heap, take)| (heap, heaps[heap] - take)));
    Ok(Output::new(
        text,
        json!({ "set": set.amounts(), "misere": false, "heaps": heaps, "outcome": result,
                "grundy": value, "winning_moves": moves_json }),
    ))
}

/// A misère position of several heaps, decided on the explicit game graph (game-core's
/// `misere_outcomes`; misère values do not add by XOR): the outcome and every winning move (the
/// options that are misère P-positions). At most [`MISERE_NODE_LIMIT`] positions; the graph's
/// memory and work are estimated before it is built (`explicit_graph_estimate`) and refused
/// over the budget.
fn misere_subtraction_heaps(
    set: &SubtractionSet,
    heaps: &[u64],
    budget: &Budget,
) -> Result<Output, CliError> {
    let estimate = set.explicit_graph_estimate(heaps, MISERE_NODE_LIMIT);
    let what = || {
        format!(
            "the misère game graph of {} (up to {}{}, {})",
            count(heaps.len(), "heap", "heaps"),
            estimate.positions.min(MISERE_NODE_LIMIT as u128),
            if estimate.over_node_limit {
                "+ positions"
            } else if estimate.positions == 1 {
                " position"
            } else {
                " positions"
            },
            count(estimate.arcs, "move", "moves")
        )
    };
    budget.check(what, estimate.bytes)?;
    budget.check_steps(what, estimate.steps, GRAPH_STEPS)?;
    let root = canonical_heaps(heaps);
    let graph = explore(set, [root.clone()], MISERE_NODE_LIMIT)?;
    let table = misere_outcomes(&graph.graph)?;
    let outcome_of = |position: &[u64]| -> Result<Outcome, CliError> {
        let node = graph
            .node(&canonical_heaps(position))
            .ok_or_else(|| CliError::bad("internal: a position missing from its own game graph"))?;
        Ok(table[node.index()])
    };
    let result = outcome_of(&root)?;
    let mut wins = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for &take in set.amounts().iter().take_while(|&&s| s <= h) {
            let mut next = heaps.to_vec();
            next[i] = h - take;
            if outcome_of(&next)? == Outcome::P {
                wins.push((i, take));
            }
        }
    }
    let mut text = format!(
        "subtraction set {:?}, misère play, heaps {heaps:?}: {result}-position, {}",
        set.amounts(),
        if result == Outcome::N && wins.is_empty() {
            "no move left: the player to move has won".to_string()
        } else {
            count(wins.len(), "winning move", "winning moves")
        }
    );
    let moves_json =
        list_moves(&mut text, heaps, wins.iter().map(|&(heap, take)| (heap, heaps[heap] - take)));
    Ok(Output::new(
        text,
        json!({ "set": set.amounts(), "misere": true, "heaps": heaps, "outcome": result,
                "grundy": null, "winning_moves": moves_json }),
    ))
}

/// What `--out FILE`, `--repair` and `--stats` ask of `--values N`, or `None` when the values
/// are printed.
struct ValuesTo<'a> {
    file: Option<&'a Path>,
    repair: bool,
    stats: bool,
}

/// `Some` when `--out` or `--stats` is given.
fn values_output(file: Option<&Path>, repair: bool, stats: bool) -> Option<ValuesTo<'_>> {
    (file.is_some() || stats).then_some(ValuesTo { file, repair, stats })
}

/// The values of heaps `0..=n` of `game` computed with a progress bar (stopped by Ctrl-C), to a
/// value file (continued if it holds some) and/or summed up by their statistics.
fn octal_values(
    game: &OctalGame,
    title: &str,
    n: u64,
    to: ValuesTo,
    budget: &Budget,
) -> Result<Output, CliError> {
    let limits = budget.nim_limits(OCTAL_STEPS);
    let bar = Bar::new(title, "heaps", n.saturating_add(1));
    let mut observer = |progress| bar.observe(progress);
    let on_damage = if to.repair { OnDamage::KeepPrefix } else { OnDamage::Refuse };
    let mut repaired = None;
    let table: Result<GrundyTable, _> = match to.file {
        Some(path) => {
            crate::files::reject_special_file(path)?;
            game.grundy_file_repairing(n, path, &limits, on_damage, &mut observer).map(|run| {
                repaired = run.repaired;
                run.table
            })
        }
        None => game.grundy_table_observed(n, &limits, &mut observer),
    };
    drop(bar);
    let table = table.map_err(|err| match err {
        game_nim::NimError::Stopped { done, .. } => CliError::Stopped {
            done,
            total: n.saturating_add(1),
            saved: to.file.map(|p| p.display().to_string()),
        },
        other => other.into(),
    })?;
    let mut json = json!({ "code": game.to_string(), "n": n });
    let mut text = String::new();
    if let (Some(path), Some(damage)) = (to.file, &repaired) {
        let _ = writeln!(text, "{}", repaired_line(path, damage));
        json["repaired"] = json!(damage.to_string());
    }
    if let Some(path) = to.file {
        let _ = writeln!(
            text,
            "{title}: the values of heaps 0..={n} are in {} ({}-byte octal value file, see docs/value-files.md)",
            path.display(),
            table.width().bytes()
        );
        json["out"] = json!(path.display().to_string());
        json["width"] = json!(table.width().bytes());
    }
    if to.stats {
        let stats = table.statistics(&limits)?;
        text.push_str(&stats_text(title, &stats));
        json["stats"] = json!(stats);
    }
    Ok(Output::new(text, json))
}

/// The line that says what `--repair` found and computed again.
pub fn repaired_line(path: &Path, damage: &ValueFileError) -> String {
    format!(
        "repaired {}: {damage}; heaps {} on were computed again",
        one_line(&path.display().to_string()),
        damage.repaired_from().unwrap_or(0)
    )
}

/// The statistics as comment lines (`# ...`) followed by one `value frequency` line per value
/// from 0 to the largest: the layout of the frequency files of other octal programs, so that
/// `grep -v '^#'` gives a file to compare with theirs.
pub fn stats_text(title: &str, stats: &ValueStatistics) -> String {
    let mut text = format!(
        "# {title}: frequencies of the values of heaps 1..={}\n# largest value {} (first at heap {})\n",
        stats.heaps, stats.largest, stats.largest_at
    );
    match stats.rare {
        Some(rare) => {
            let last = rare.last.map_or_else(|| "none".to_string(), |h| h.to_string());
            let _ = writeln!(
                text,
                "# rare mask {} (binary {:b}): {}, the last at heap {last}",
                rare.mask,
                rare.mask,
                count(rare.count as usize, "rare heap", "rare heaps"),
            );
        }
        None => text.push_str("# no rare/common split (every value 0, or values beyond 20 bits)\n"),
    }
    for (value, frequency) in stats.frequencies.iter().enumerate() {
        let _ = writeln!(text, "{value} {frequency}");
    }
    text
}

/// "1 heap", "2 heaps": any integer type.
pub fn count(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    if n == "1" { format!("1 {one}") } else { format!("{n} {many}") }
}

/// Runs `games octal CODE ...`.
pub fn run_octal(args: &OctalArgs, budget: &Budget) -> Result<Output, CliError> {
    let game: OctalGame = args.code.parse()?;
    if let Some(n) = args.values {
        if let Some(to) = values_output(args.out.as_deref(), args.repair, args.stats) {
            if args.svg.is_some() {
                return Err(CliError::bad("--svg plots printed values: use it without --out and --stats"));
            }
            return octal_values(&game, &format!("octal game {game}"), n, to, budget);
        }
        check_values_request(n, args.svg.as_deref(), budget)?;
        let title = format!("octal game {game}");
        let bar = Bar::new(&title, "heaps", n.saturating_add(1));
        let table = game
            .grundy_table_observed(n, &budget.nim_limits(OCTAL_STEPS), &mut |p| bar.observe(p))
            .map_err(|err| match err {
            game_nim::NimError::Stopped { done, .. } => {
                CliError::Stopped { done, total: n.saturating_add(1), saved: None }
            }
            other => other.into(),
        })?;
        drop(bar);
        let values = table.to_vec();
        let mut json = json!({ "code": game.to_string(), "values": &values });
        let text = match &args.svg {
            None => {
                let shown: Vec<String> = values.iter().map(u32::to_string).collect();
                format!("octal game {game}: g(0..={n}) = {}", shown.join(" "))
            }
            Some(path) => {
                let plot = svg::ValuePlot {
                    game: &title,
                    quantity: "Grundy values g(n)",
                    values: &values,
                    // Proven from these values alone (heaps 0..=n), by game-nim's theorem check,
                    // whose search is bounded like the values' computation.
                    periodicity: guy_smith_periodicity_within(
                        &values,
                        game.max_take(),
                        &budget.nim_limits(OCTAL_STEPS),
                    )?,
                    proof: "Guy-Smith",
                };
                write_plot(path, &plot, budget, &mut json)?
            }
        };
        return Ok(Output::new(text, json));
    }
    if !args.period {
        return Err(CliError::bad("say what to compute: --values N or --period [--max N]"));
    }
    let max = to_usize(args.max, "--max")?;
    // Stops as soon as a period is proven: a large --max costs nothing more.
    let (p, values) = game.periodicity_within(max, &budget.nim_limits(OCTAL_STEPS))?;
    let period_values: Vec<String> =
        values[p.preperiod..p.preperiod + p.period].iter().map(u32::to_string).collect();
    let text = format!(
        "octal game {game}: period {} from heap {} on (proven by Guy-Smith)\nperiod values: {}",
        p.period,
        p.preperiod,
        period_values.join(" ")
    );
    Ok(Output::new(
        text,
        json!({
            "code": game.to_string(),
            "preperiod": p.preperiod,
            "period": p.period,
            "values": &values[..p.preperiod + p.period],
        }),
    ))
}
