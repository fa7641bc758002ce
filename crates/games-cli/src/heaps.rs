//! `games nim`, `games subtraction`, `games octal`: heap games through game-nim.

use std::fmt::Write;

use game_core::{Outcome, explore, misere_outcomes};
use game_nim::{
    NimMove, OctalGame, PlayRule, SubtractionSet, canonical_heaps, nim_sum, outcome, winning_moves,
};
use serde_json::{Value, json};

use crate::cli::{NimCommand, OctalArgs, SubtractionArgs};
use crate::error::{CliError, to_usize};
use crate::limits::{Budget, GRAPH_STEPS, OCTAL_STEPS, SUBTRACTION_STEPS, check_steps};
use crate::output::Output;

/// Positions of several heaps in misère subtraction games are decided on the explicit graph,
/// which may have at most this many positions.
pub const MISERE_NODE_LIMIT: usize = 2_000_000;

/// Largest N accepted by `games octal CODE --values N` (the values are all printed).
pub const MAX_OCTAL_VALUES: u64 = 1_000_000;

/// The rule from the `--misere` flag.
pub fn rule(misere: bool) -> PlayRule {
    if misere { PlayRule::Misere } else { PlayRule::Normal }
}

/// Runs `games nim moves`.
pub fn run_nim(command: &NimCommand) -> Result<Output, CliError> {
    let NimCommand::Moves { heaps, misere } = command;
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
            _ => format!("N-position, {} winning move(s)", wins.len()),
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
            CliError::bad(format!("subtraction set {text:?}: {part:?} is not a whole number in 1..2^64"))
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
    if !args.period {
        return Err(CliError::bad("say what to compute: --period or --heaps H1 H2 ..."));
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
    // Any heap size works once the period is proven (values repeat).
    let analysis = set.analyse_within(max, false, &budget.nim_limits(SUBTRACTION_STEPS))?;
    let value = analysis.grundy_of_heaps(heaps);
    let result = if value == 0 { Outcome::P } else { Outcome::N };
    let wins = set.winning_moves(&analysis, heaps);
    let mut text = format!(
        "subtraction set {:?}, heaps {heaps:?}: Grundy value {value}, {result}-position, {} winning move(s)",
        set.amounts(),
        wins.len()
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
            "the misère game graph of {} heap(s) (up to {}{} positions, {} moves)",
            heaps.len(),
            estimate.positions.min(MISERE_NODE_LIMIT as u128),
            if estimate.over_node_limit { "+" } else { "" },
            estimate.arcs
        )
    };
    budget.check(what, estimate.bytes)?;
    check_steps(what, estimate.steps, GRAPH_STEPS)?;
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
            format!("{} winning move(s)", wins.len())
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

/// Runs `games octal CODE ...`.
pub fn run_octal(args: &OctalArgs, budget: &Budget) -> Result<Output, CliError> {
    let game: OctalGame = args.code.parse()?;
    if let Some(n) = args.values {
        if n > MAX_OCTAL_VALUES {
            return Err(CliError::bad(format!("--values {n} is too many: at most {MAX_OCTAL_VALUES}")));
        }
        let values = game.grundy_values_within(to_usize(n, "heap")?, &budget.nim_limits(OCTAL_STEPS))?;
        let shown: Vec<String> = values.iter().map(u32::to_string).collect();
        let text = format!("octal game {game}: g(0..={n}) = {}", shown.join(" "));
        return Ok(Output::new(text, json!({ "code": game.to_string(), "values": values })));
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
