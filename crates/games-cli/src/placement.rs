//! `games cram ROWS COLS`, `games chomp ROWS COLS` and `games node-kayles FILE`: games solved by game-core's
//! search engine over components (the rules are game-placement's; this module only reads the
//! arguments, sets the limits and prints).

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

use game_core::Outcome;
use game_core::sealed_json::SealError;
use game_core::search::{Search, SearchError, SearchLimits, SearchStats};
use game_placement::{Chomp, ChompBoard, Cram, CramBoard, KaylesGraph, NodeKayles};
use game_search_runs::{
    RootShard, RootShardError, RootShards, ShardCut, ShardQuestion, TableFiles, merge_root_shards,
};
use games_cli::CRAM_TABLE_NAME;
use serde_json::{Value, json};

use crate::cli::{ChompArgs, CramArgs, NodeKaylesArgs, SearchMethod};
use crate::error::CliError;
use crate::heaps::count;
use crate::limits::Budget;
use crate::output::Output;

/// Seconds a search may run unless `--max-seconds` or `--allow-long` says otherwise. A time,
/// not a number of positions: a position costs from a microsecond (a small Cram region) to
/// seconds (Node-Kayles on a graph of many vertices), and the defaults answer in seconds.
const DEFAULT_MAX_SECONDS: u64 = 10;

/// Seconds between two checkpoints of a search with `--table`, unless `--save-every` says.
const DEFAULT_SAVE_EVERY: u64 = 600;

/// What one run may spend: the memory budget, `--max-nodes` (none unless given) and
/// `--max-seconds` ([`DEFAULT_MAX_SECONDS`] unless given, none with `--allow-long`).
#[derive(Clone, Copy)]
struct Effort {
    limits: SearchLimits,
    /// When the search gives up, and the seconds that makes.
    deadline: Option<(Instant, u64)>,
}

impl Effort {
    fn new(budget: &Budget, max_nodes: Option<u64>, max_seconds: Option<u64>) -> Self {
        let memory = usize::try_from(budget.memory_bytes).unwrap_or(usize::MAX);
        let limits = SearchLimits::new(memory, max_nodes.unwrap_or(u64::MAX));
        let seconds = max_seconds.or((!budget.long_work).then_some(DEFAULT_MAX_SECONDS));
        // `--max-seconds` is at most a year: the deadline is a representable instant.
        let deadline = seconds.and_then(|s| Some((Instant::now().checked_add(Duration::from_secs(s))?, s)));
        Effort { limits, deadline }
    }

    /// Whether the deadline has passed.
    fn expired(&self) -> bool {
        self.deadline.is_some_and(|(at, _)| Instant::now() >= at)
    }

    /// Why a search stopped on its own, and the flag that lifts it: `None` for other errors and
    /// for a stop asked by Ctrl-C.
    fn gave_up(&self, error: &SearchError) -> Option<(String, &'static str)> {
        match *error {
            SearchError::EffortExceeded { limit } => {
                Some((format!("{limit} positions searched"), "--max-nodes"))
            }
            SearchError::Interrupted { nodes } if self.expired() => {
                let seconds = self.deadline.map_or(0, |(_, s)| s);
                let nodes = count(usize::try_from(nodes).unwrap_or(usize::MAX), "position", "positions");
                Some((format!("{seconds} s ({nodes} searched)"), "--max-seconds"))
            }
            _ => None,
        }
    }

    /// A search refusal said in the CLI's terms.
    fn refused(&self, what: &str, error: SearchError) -> CliError {
        match self.gave_up(&error) {
            Some((after, flag)) => {
                CliError::bad(format!("{what}: gave up after {after} (pass --allow-long, or raise {flag})"))
            }
            None => refused(what, error),
        }
    }
}

/// A search refusal said in the CLI's terms: the memory budget, or anything but an effort
/// limit (those are [`Effort::refused`]'s).
fn refused(what: &str, error: SearchError) -> CliError {
    match error {
        // The stack's figure is its share of the budget, reached and passed: it grows with
        // --memory, so the message says what it is a share of.
        SearchError::MemoryExceeded { limit, .. } => CliError::bad(format!(
            "{what}: the search stack (the moves of the positions being expanded) needs more than {}, its share of the memory budget (a quarter of what the search gets, and what its table of values had not taken of its half): raise --memory",
            crate::limits::mib(limit as u128)
        )),
        SearchError::BudgetTooSmall { needed, .. } => CliError::bad(format!(
            "{what}: the search needs at least {} for its table of values, more than the memory budget leaves it (raise --memory)",
            crate::limits::mib(needed as u128)
        )),
        SearchError::Interrupted { nodes } => CliError::Interrupted {
            what: what.to_owned(),
            progress: format!(
                "after {}",
                count(
                    usize::try_from(nodes).unwrap_or(usize::MAX),
                    "position expanded",
                    "positions expanded"
                )
            ),
        },
        other => CliError::bad(format!("{what}: {other}")),
    }
}

/// A search within `limits` that shows, when stderr is a terminal, a spinner with the
/// positions expanded and the time so far (a search cannot know how much is left); the
/// spinner is cleared when the returned guard is dropped.
fn search_with_spinner<'g, G: game_core::SearchGame>(
    game: &'g G,
    effort: Effort,
    what: &str,
) -> Result<(Search<'g, G>, Spinner), SearchError> {
    // Ctrl-C (when a command catches it) or the deadline stops the search.
    let search = Search::new(game, effort.limits)?
        .with_interrupt(move || crate::work::stop_requested() || effort.expired());
    if !std::io::stderr().is_terminal() {
        return Ok((search, Spinner(None)));
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(format!("{what}: searching"));
    let shown = bar.clone();
    let what = what.to_owned();
    let search = search.with_progress(move |stats| {
        shown.set_message(format!(
            "{what}: {} positions expanded, {} values cached, at {}",
            stats.nodes, stats.components_cached, stats.path
        ));
    });
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    Ok((search, Spinner(Some(bar))))
}

/// Clears the search's spinner (if any) when dropped.
struct Spinner(Option<indicatif::ProgressBar>);

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The nimber (or only the outcome) of `position` by the chosen method, and the statistics.
fn solve<G: game_core::SearchGame>(
    game: &G,
    position: &G::Position,
    effort: Effort,
    method: SearchMethod,
    what: &str,
) -> Result<(Option<u32>, Outcome, SearchStats), CliError> {
    let (mut search, _spinner) =
        search_with_spinner(game, effort, what).map_err(|e| effort.refused(what, e))?;
    let (nimber, outcome) = answer(&mut search, position, method).map_err(|e| effort.refused(what, e))?;
    Ok((nimber, outcome, *search.stats()))
}

/// The nimber (none for `--method outcome`) and the outcome of `position` by `search`.
fn answer<G: game_core::SearchGame>(
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

/// Who wins, in words.
fn who_wins(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P-position: the second player wins",
        _ => "N-position: the first player wins",
    }
}

fn answer_text(what: &str, nimber: Option<u32>, outcome: Outcome, stats: &SearchStats) -> String {
    let who = who_wins(outcome);
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

/// Runs `games cram ROWS COLS` (and its `--shard` and `--merge` forms).
pub fn run_cram(args: &CramArgs, budget: &Budget) -> Result<Output, CliError> {
    let board = CramBoard::empty(args.rows, args.cols).map_err(|e| CliError::bad(e.to_string()))?;
    let what = format!("Cram {} x {}", args.rows, args.cols);
    if let Some(shard) = &args.shard {
        return cram_shard(args, &what, &board, shard, budget);
    }
    if !args.merge.is_empty() {
        return cram_merge(args, &what);
    }
    if let Some(table) = &args.table {
        return cram_with_table(args, &what, &board, table, budget);
    }
    let effort = Effort::new(budget, args.max_nodes, args.max_seconds);
    let (nimber, outcome, stats) = solve(&Cram, &board, effort, args.method, &what)?;
    let json = json!({
        "game": "cram", "rows": args.rows, "cols": args.cols,
        "nimber": nimber, "outcome": outcome.to_string(), "stats": stats_json(&stats),
    });
    Ok(Output::new(answer_text(&what, nimber, outcome, &stats), json))
}

/// A Cram search's table file, kept over sittings: where it is, how it is named in messages,
/// the positions the earlier sittings expanded and the values loaded from it.
struct CramTable<'a> {
    path: &'a Path,
    name: String,
    nodes_before: u64,
    loaded: u64,
}

impl<'a> CramTable<'a> {
    /// Loads the values of the table file `path` (if it exists) into `search`, which then
    /// saves its table there every `--save-every` seconds.
    fn open<'g>(
        search: Search<'g, Cram>,
        path: &'a Path,
        save_every: Option<u64>,
    ) -> Result<(Search<'g, Cram>, Self), CliError> {
        let name = crate::output::one_line(&path.display().to_string());
        crate::files::reject_special_file(path)?;
        let mut search = search;
        let info = search
            .load_table_from(path, CRAM_TABLE_NAME)
            .map_err(|e| CliError::bad(format!("{name}: {e}")))?;
        let (loaded, nodes_before) = info.map_or((0, 0), |info| (info.kept, info.nodes));
        let every = Duration::from_secs(save_every.unwrap_or(DEFAULT_SAVE_EVERY));
        let search = search.with_checkpoints(path, CRAM_TABLE_NAME, nodes_before, every);
        Ok((search, CramTable { path, name, nodes_before, loaded }))
    }

    /// Saves the table of `search` to the file, with the positions expanded by the earlier
    /// sittings and this one; the number of values saved.
    fn save(self, search: &Search<'_, Cram>) -> Result<u64, CliError> {
        let nodes = self.nodes_before.saturating_add(search.stats().nodes);
        search
            .save_table_to(self.path, CRAM_TABLE_NAME, nodes)
            .map_err(|e| CliError::bad(format!("{}: {e}", self.name)))
    }
}

/// `games cram ROWS COLS --table FILE`: the search starts from the values in FILE and saves
/// its own there when it answers or stops (Ctrl-C, `--max-nodes`); a stop is an error that
/// says the values are saved.
fn cram_with_table(
    args: &CramArgs,
    what: &str,
    board: &CramBoard,
    table: &Path,
    budget: &Budget,
) -> Result<Output, CliError> {
    crate::files::reject_special_file(table)?;
    crate::work::catch_ctrl_c();
    let effort = Effort::new(budget, args.max_nodes, args.max_seconds);
    let (search, _spinner) = search_with_spinner(&Cram, effort, what).map_err(|e| refused(what, e))?;
    let (mut search, file) = CramTable::open(search, table, args.save_every)?;
    let (name, loaded) = (file.name.clone(), file.loaded);
    let result = answer(&mut search, board, args.method);
    let saved = file.save(&search)?;
    let (nimber, outcome) = match result {
        Ok(answer) => answer,
        Err(error) => {
            return Err(match (effort.gave_up(&error), error) {
                (Some((after, flag)), _) => CliError::bad(format!(
                    "{what}: gave up after {after}; {saved} values saved to {name}: run again with a higher {flag} or --allow-long to go on"
                )),
                (None, SearchError::Interrupted { nodes }) => {
                    CliError::SearchStopped { what: what.to_owned(), nodes, values: saved, file: name }
                }
                (None, error) => refused(what, error),
            });
        }
    };
    let stats = *search.stats();
    let json = json!({
        "game": "cram", "rows": args.rows, "cols": args.cols,
        "nimber": nimber, "outcome": outcome.to_string(), "stats": stats_json(&stats),
        "table": {"file": name, "loaded": loaded, "saved": saved},
    });
    let text = format!(
        "{}\ntable: {} loaded from {name}, {saved} saved",
        answer_text(what, nimber, outcome, &stats),
        count(loaded, "value", "values")
    );
    Ok(Output::new(text, json))
}

/// The name a Cram board's shards carry: shards of other boards do not merge with them.
fn cram_shard_name(args: &CramArgs) -> String {
    format!("cram {} x {}", args.rows, args.cols)
}

/// A shard's refusal in the CLI's terms.
fn shard_refused(what: &str, error: RootShardError) -> CliError {
    match error {
        RootShardError::Search(error) => refused(what, error),
        other => CliError::bad(format!("{what}: {other}")),
    }
}

/// `games cram ROWS COLS --shard I/K [--out FILE] [--table FILE]`: the values of the board's
/// first moves that fall to shard I of K (the aspiration search on each, one table for all).
/// With `--out` the shard is written after each first move valued, and a run finds there what
/// an earlier run of the same shard valued and goes on from it; with `--table` the values
/// are carried over as for a whole board. A stop (Ctrl-C, `--max-nodes`) says what is saved.
fn cram_shard(
    args: &CramArgs,
    what: &str,
    board: &CramBoard,
    shard: &str,
    budget: &Budget,
) -> Result<Output, CliError> {
    let parsed: game_rotation::Shard = shard
        .parse()
        .map_err(|e| CliError::bad(format!("--shard {}: {e}", crate::output::one_line(shard))))?;
    let (index, shards) = (parsed.index(), parsed.count());
    let what = format!("{what}, shard {index}/{shards}");
    let name = cram_shard_name(args);
    let out = args.out.as_deref();
    let earlier = match out {
        Some(path) if path.exists() => Some(read_shard_file(path, &name)?),
        _ => None,
    };
    // Another cut is refused before a table is loaded for it (the search checks the rest).
    let question = match (args.only, args.cap) {
        (Some(value), _) => ShardQuestion::Only(value),
        (None, Some(cap)) => ShardQuestion::Below(cap),
        (None, None) => ShardQuestion::Value,
    };
    let cut = ShardCut { index, count: shards, question };
    if let (Some(path), Some(earlier)) = (out, &earlier)
        && earlier.cut() != cut
    {
        return Err(CliError::bad(format!(
            "{}: holds {}, not {cut}: give each shard its own file",
            crate::output::one_line(&path.display().to_string()),
            earlier.cut()
        )));
    }
    let before = earlier.as_ref().map_or(0, |shard| shard.values.len());
    if out.is_some() || args.table.is_some() {
        crate::work::catch_ctrl_c();
    }
    let effort = Effort::new(budget, args.max_nodes, args.max_seconds);
    let (mut search, _spinner) = search_with_spinner(&Cram, effort, &what).map_err(|e| refused(&what, e))?;
    // A finished shard is only read back: its table is not loaded for nothing.
    let mut table = None;
    if let Some(path) = &args.table
        && !earlier.as_ref().is_some_and(RootShard::is_complete)
    {
        let (opened, file) = CramTable::open(search, path, args.save_every)?;
        (search, table) = (opened, Some(file));
    }
    let mut last = earlier.clone();
    let result = search.resume_root_shard(board, &name, (index, shards), question, earlier, |shard| {
        last = Some(shard.clone());
        out.map_or(Ok(()), |path| write_shard_file(path, shard).map_err(|e| e.to_string()))
    });
    let (table_name, loaded) =
        table.as_ref().map_or((None, 0), |file| (Some(file.name.clone()), file.loaded));
    let saved = table.map(|file| file.save(&search)).transpose()?;
    let result = match result {
        Ok(result) => result,
        Err(RootShardError::Search(error)) if out.is_some() || saved.is_some() => {
            let gave_up = effort.gave_up(&error);
            let valued = last.as_ref().map_or(0, |shard| shard.values.len());
            let mut kept = vec![match out {
                _ if valued == 0 => String::from("no first move valued yet"),
                Some(path) => {
                    let path = crate::output::one_line(&path.display().to_string());
                    format!("{valued} of its first moves valued are in {path}")
                }
                None => format!("{valued} of its first moves were valued but are not kept (no --out)"),
            }];
            if let (Some(values), Some(file)) = (saved, &table_name) {
                kept.push(format!("{} in {file}", count(values, "value is", "values are")));
            }
            let kept = kept.join(", ");
            return Err(match (gave_up, error) {
                (Some((_, flag)), _) => CliError::bad(format!(
                    "{what}: gave up at {flag}; {kept}: run again with a higher {flag} or --allow-long to go on"
                )),
                (None, SearchError::Interrupted { nodes }) => CliError::ShardStopped { what, nodes, kept },
                (None, error) => refused(&what, error),
            });
        }
        Err(RootShardError::Search(error)) => return Err(effort.refused(&what, error)),
        Err(error) => return Err(shard_refused(&what, error)),
    };
    let json = serde_json::to_value(&result).map_err(|e| CliError::bad(format!("{what}: {e}")))?;
    let (runs, earlier) = if before > 0 {
        (" in all runs", format!(", {before} of them by an earlier run"))
    } else {
        ("", String::new())
    };
    let mut text = format!(
        "{what}: {} of the {} valued ({}{runs}){earlier}",
        result.values.len(),
        count(result.tasks, "distinct first move", "distinct first moves"),
        count(result.nodes, "position expanded", "positions expanded")
    );
    if let Some(out) = out {
        // Written after each task; written here too for a shard with no task left to value.
        write_shard_file(out, &result)?;
        text.push_str(&format!(", written to {}", crate::output::one_line(&out.display().to_string())));
    }
    if let (Some(values), Some(file)) = (saved, table_name) {
        text.push_str(&format!(
            "\ntable: {} loaded from {file}, {values} saved",
            count(loaded, "value", "values")
        ));
    }
    Ok(Output::new(text, json))
}

/// The most bytes a shard file may have: far more than the values of every first move of the
/// largest board (a few hundred tasks, a few bytes each).
const MAX_SHARD_FILE_BYTES: u64 = 1 << 20;

/// Writes `shard` to `path` whole (a file is never half there).
fn write_shard_file(path: &Path, shard: &RootShard) -> Result<(), CliError> {
    crate::files::write_whole(path, shard.to_file_text())
}

/// Reads the shard file `path`, which must hold a shard of `name` (this board's).
fn read_shard_file(path: &Path, name: &str) -> Result<RootShard, CliError> {
    let file = crate::output::one_line(&path.display().to_string());
    let bytes = crate::files::read_bounded(path, MAX_SHARD_FILE_BYTES)?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| CliError::bad(format!("{file}: not a shard file of games cram: not UTF-8 text")))?;
    let shard = RootShard::from_file_text(text).map_err(|e| {
        let reason = crate::output::one_line(&e.to_string());
        CliError::bad(match e {
            SealError::NoDigest => format!("{file}: {reason}; remove it to search the shard again"),
            SealError::Mismatch => format!("{file}: shard file refused: {reason}"),
            _ => format!("{file}: not a shard file of games cram: {reason}"),
        })
    })?;
    if shard.position != name {
        return Err(CliError::bad(format!(
            "{file}: a shard of {:?}, not of {name:?}",
            crate::output::one_line(&shard.position)
        )));
    }
    Ok(shard)
}

/// `games cram ROWS COLS --merge FILE...`: the nimber from the files of all shards.
fn cram_merge(args: &CramArgs, what: &str) -> Result<Output, CliError> {
    let name = cram_shard_name(args);
    let shards = args.merge.iter().map(|path| read_shard_file(path, &name)).collect::<Result<Vec<_>, _>>()?;
    let merged = merge_root_shards(&shards).map_err(|e| shard_refused(what, e))?;
    let outcome = if merged.nimber == 0 { Outcome::P } else { Outcome::N };
    let who = who_wins(outcome);
    let text = format!(
        "{what}: nimber {}, {who}\nmerged from {}: {}, {}",
        merged.nimber,
        count(merged.count, "shard", "shards"),
        count(merged.values.len(), "distinct first move", "distinct first moves"),
        count(merged.nodes, "position expanded", "positions expanded")
    );
    let json = json!({
        "game": "cram", "rows": args.rows, "cols": args.cols, "nimber": merged.nimber,
        "outcome": outcome.to_string(), "shards": merged.count, "tasks": merged.values.len(),
        "values": merged.values, "nodes": merged.nodes,
    });
    Ok(Output::new(text, json))
}

/// Runs `games chomp ROWS COLS`: the nimber (or outcome) and, on an N-position, a winning bite
/// (the first in row order whose position is a P-position), counted from 1 with the poisoned
/// square at row 1, column 1.
pub fn run_chomp(args: &ChompArgs, budget: &Budget) -> Result<Output, CliError> {
    let board = ChompBoard::rectangle(args.rows, args.cols).map_err(|e| CliError::bad(e.to_string()))?;
    let what = format!("Chomp {} x {}", args.rows, args.cols);
    // One search for both questions: its table answers most options of the winning bite at
    // once, and its statistics cover both.
    let effort = Effort::new(budget, args.max_nodes, args.max_seconds);
    let (mut search, _spinner) = search_with_spinner(&Chomp, effort, &what).map_err(|e| refused(&what, e))?;
    let (nimber, outcome) = answer(&mut search, &board, args.method).map_err(|e| effort.refused(&what, e))?;
    let winning = search.winning_move(&board).map_err(|e| effort.refused(&what, e))?;
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
    let path = crate::output::shown(&args.file.display().to_string());
    let named = crate::graph::parse(&path, &args.file, budget)?;
    let graph =
        KaylesGraph::from_petgraph(&named.graph).map_err(|e| CliError::bad(format!("{path}: {e}")))?;
    let what = format!(
        "Node-Kayles on {path} ({}, {})",
        count(graph.vertex_count(), "vertex", "vertices"),
        count(graph.edge_count(), "edge", "edges")
    );
    // The graph read stays while the search runs: the search gets what it leaves of the budget.
    let name_bytes: u128 = named.names().map(|n| n.len() as u128).sum();
    let held = crate::graph::graph_bytes(named.graph.node_count(), named.graph.edge_count(), name_bytes);
    budget.check(|| format!("{what}: the graph"), held)?;
    let search_budget = Budget { memory_bytes: budget.memory_bytes - held, ..*budget };
    drop(named);
    let effort = Effort::new(&search_budget, args.max_nodes, args.max_seconds);
    let (nimber, outcome, stats) = solve(&NodeKayles, &graph, effort, args.method, &what)?;
    let json = json!({
        "game": "node-kayles", "file": path, "vertices": graph.vertex_count(), "edges": graph.edge_count(),
        "nimber": nimber, "outcome": outcome.to_string(), "stats": stats_json(&stats),
    });
    Ok(Output::new(answer_text(&what, nimber, outcome, &stats), json))
}
