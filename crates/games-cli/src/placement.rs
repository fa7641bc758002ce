//! `games cram ROWS COLS` and `games node-kayles FILE`: placement games solved by game-core's
//! search engine over components (the rules are game-placement's; this module only reads the
//! arguments, sets the limits and prints).

use game_core::Outcome;
use game_core::search::{Search, SearchError, SearchLimits, SearchStats};
use game_placement::{Cram, CramBoard, KaylesGraph, NodeKayles};
use serde_json::{Value, json};

use crate::cli::{CramArgs, NodeKaylesArgs, SearchMethod};
use crate::error::CliError;
use crate::heaps::count;
use crate::limits::Budget;
use crate::output::Output;

/// Positions a search may expand unless `--max-nodes` or `--allow-long` says otherwise: a few
/// seconds of work.
const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// The search limits of one run: the memory budget and `--max-nodes` (no node limit with
/// `--allow-long` unless `--max-nodes` is given).
fn limits(budget: &Budget, max_nodes: Option<u64>) -> SearchLimits {
    let max_nodes = max_nodes.unwrap_or(if budget.long_work { u64::MAX } else { DEFAULT_MAX_NODES });
    SearchLimits::new(usize::try_from(budget.memory_bytes).unwrap_or(usize::MAX), max_nodes)
}

/// A search refusal said in the CLI's terms.
fn refused(what: &str, error: SearchError) -> CliError {
    match error {
        SearchError::EffortExceeded { limit } => CliError::bad(format!(
            "{what}: gave up after {limit} positions searched (pass --allow-long, or raise --max-nodes)"
        )),
        SearchError::MemoryExceeded { needed, .. } | SearchError::BudgetTooSmall { needed, .. } => {
            CliError::bad(format!(
                "{what}: the search needs more than {} (raise --memory)",
                crate::limits::mib(needed as u128)
            ))
        }
        other => CliError::bad(format!("{what}: {other}")),
    }
}

/// The nimber (or only the outcome) of `position` by the chosen method, and the statistics.
fn solve<G: game_core::Game>(
    game: &G,
    position: &G::Position,
    limits: SearchLimits,
    method: SearchMethod,
) -> Result<(Option<u32>, Outcome, SearchStats), SearchError> {
    let mut search = Search::new(game, limits)?;
    let (nimber, outcome) = match method {
        SearchMethod::Aspiration => {
            let nimber = search.nimber_by_aspiration(position)?;
            (Some(nimber), if nimber == 0 { Outcome::P } else { Outcome::N })
        }
        SearchMethod::Pruned => {
            let nimber = search.nimber(position)?;
            (Some(nimber), if nimber == 0 { Outcome::P } else { Outcome::N })
        }
        SearchMethod::Mex => {
            let nimber = search.nimber_by_mex(position)?;
            (Some(nimber), if nimber == 0 { Outcome::P } else { Outcome::N })
        }
        SearchMethod::Outcome => (None, search.outcome(position)?),
    };
    Ok((nimber, outcome, *search.stats()))
}

fn stats_json(stats: &SearchStats) -> Value {
    serde_json::to_value(stats).unwrap_or(Value::Null)
}

fn answer_text(what: &str, nimber: Option<u32>, outcome: Outcome, stats: &SearchStats) -> String {
    let who = match outcome {
        Outcome::P => "P-position: the second player wins",
        _ => "N-position: the first player wins",
    };
    let value = nimber.map_or(String::new(), |n| format!("nimber {n}, "));
    let n = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    format!(
        "{what}: {value}{who}\nsearch: {} expanded, {}, {} cached, {} pruned",
        count(n(stats.nodes), "position", "positions"),
        count(n(stats.table_hits), "table hit", "table hits"),
        count(n(stats.components_cached), "value", "values"),
        count(n(stats.pruned), "option", "options"),
    )
}

/// Runs `games cram ROWS COLS`.
pub fn run_cram(args: &CramArgs, budget: &Budget) -> Result<Output, CliError> {
    let board = CramBoard::empty(args.rows, args.cols).map_err(|e| CliError::bad(e.to_string()))?;
    let what = format!("Cram {} x {}", args.rows, args.cols);
    let (nimber, outcome, stats) =
        solve(&Cram, &board, limits(budget, args.max_nodes), args.method).map_err(|e| refused(&what, e))?;
    let json = json!({
        "game": "cram", "rows": args.rows, "cols": args.cols,
        "nimber": nimber, "outcome": outcome.to_string(), "stats": stats_json(&stats),
    });
    Ok(Output::new(answer_text(&what, nimber, outcome, &stats), json))
}

/// Runs `games node-kayles FILE`.
pub fn run_node_kayles(args: &NodeKaylesArgs, budget: &Budget) -> Result<Output, CliError> {
    let path = args.file.display().to_string();
    let named = crate::graph::parse(&path, &args.file, budget)?;
    let graph =
        KaylesGraph::from_petgraph(&named.graph).map_err(|e| CliError::bad(format!("{path}: {e}")))?;
    let what =
        format!("Node-Kayles on {path} ({} vertices, {} edges)", graph.vertex_count(), graph.edge_count());
    let (nimber, outcome, stats) = solve(&NodeKayles, &graph, limits(budget, args.max_nodes), args.method)
        .map_err(|e| refused(&what, e))?;
    let json = json!({
        "game": "node-kayles", "file": path, "vertices": graph.vertex_count(), "edges": graph.edge_count(),
        "nimber": nimber, "outcome": outcome.to_string(), "stats": stats_json(&stats),
    });
    Ok(Output::new(answer_text(&what, nimber, outcome, &stats), json))
}
