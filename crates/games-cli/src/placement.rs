//! `games cram ROWS COLS`, `games chomp ROWS COLS` and `games node-kayles FILE`: games solved by game-core's
//! search engine over components (the rules are game-placement's; this module only reads the
//! arguments, sets the limits and prints).

use game_core::Outcome;
use game_core::search::{Search, SearchError, SearchLimits, SearchStats};
use game_placement::{Chomp, ChompBoard, Cram, CramBoard, KaylesGraph, NodeKayles};
use serde_json::{Value, json};

use crate::cli::{ChompArgs, CramArgs, NodeKaylesArgs, SearchMethod};
use crate::error::CliError;
use crate::heaps::count;
use crate::limits::Budget;
use crate::output::Output;

/// Positions a search may expand unless `--max-nodes` or `--allow-long` says otherwise: up to a
/// few minutes of Cram (boards of about 40 cells), far less on most games.
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
    let (nimber, outcome) = answer(&mut search, position, method)?;
    Ok((nimber, outcome, *search.stats()))
}

/// The nimber (none for `--method outcome`) and the outcome of `position` by `search`.
fn answer<G: game_core::Game>(
    search: &mut Search<'_, G>,
    position: &G::Position,
    method: SearchMethod,
) -> Result<(Option<u32>, Outcome), SearchError> {
    let nimber = match method {
        SearchMethod::Aspiration => search.nimber_by_aspiration(position)?,
        SearchMethod::Pruned => search.nimber(position)?,
        SearchMethod::Mex => search.nimber_by_mex(position)?,
        SearchMethod::Outcome => return Ok((None, search.outcome(position)?)),
    };
    Ok((Some(nimber), if nimber == 0 { Outcome::P } else { Outcome::N }))
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

/// Runs `games chomp ROWS COLS`: the nimber (or outcome) and, on an N-position, a winning bite
/// (the first in row order whose position is a P-position), counted from 1 with the poisoned
/// square at row 1, column 1.
pub fn run_chomp(args: &ChompArgs, budget: &Budget) -> Result<Output, CliError> {
    let board = ChompBoard::rectangle(args.rows, args.cols).map_err(|e| CliError::bad(e.to_string()))?;
    let what = format!("Chomp {} x {}", args.rows, args.cols);
    // One search for both questions: its table answers most options of the winning bite at
    // once, and its statistics cover both.
    let mut search = Search::new(&Chomp, limits(budget, args.max_nodes)).map_err(|e| refused(&what, e))?;
    let (nimber, outcome) = answer(&mut search, &board, args.method).map_err(|e| refused(&what, e))?;
    let winning = search.winning_move(&board).map_err(|e| refused(&what, e))?;
    let bite =
        winning.and_then(|next| board.bites().find(|&(_, _, b)| b == next)).map(|(r, c, _)| (r + 1, c + 1));
    let stats = *search.stats();
    let mut text = answer_text(&what, nimber, outcome, &stats);
    if let Some((row, col)) = bite {
        text = text.replacen(
            '\n',
            &format!("\nwinning move: take the square in row {row}, column {col} (the poisoned one is row 1, column 1)\n"),
            1,
        );
    }
    let json = json!({
        "game": "chomp", "rows": args.rows, "cols": args.cols,
        "nimber": nimber, "outcome": outcome.to_string(),
        "winning_move": bite.map(|(row, col)| json!({"row": row, "col": col})),
        "stats": stats_json(&stats),
    });
    Ok(Output::new(text, json))
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
