//! The nimber of an empty Cram board by game-core's search engine, as one JSON line with the
//! time and the search's statistics: `cargo run --release -p games-cli --example
//! cram_record -- ROWS COLS [aspiration|pruned|mex [MEMORY_MIB]] [--table FILE
//! [--stop-after SECONDS] [--save-every SECONDS]]`. `cargo xtask records --cram` runs it for
//! every board of `records/cram.json` and compares the nimbers with the record and the
//! published table. The search's memory budget (table and stack) is 1024 MiB unless
//! MEMORY_MIB says otherwise (`scripts/cram-records.sh` passes `CRAM_MEMORY_MIB`).
//!
//! A search longer than one sitting: with `--table FILE` the search starts from the values in
//! FILE (a table file of game-search-runs, if it exists) and saves its table there when it
//! stops: after `--stop-after SECONDS`, on Ctrl-C or SIGTERM (then the line says
//! `"stopped":true` and the exit status is 3), or when it has answered; with `--save-every
//! SECONDS` also every SECONDS while it runs, so that a kill loses at most that much. The file
//! counts the positions expanded by every sitting behind its values. Every ten
//! minutes a line on standard error gives the wall and CPU seconds so far, the search's
//! counters and where it is (its `SearchPath`: the question asked of the board, the first move
//! asked about, the moves below it); the JSON line gives the path too, where a stopped search
//! stopped (empty after an answer). Any Cram table serves any board: its values are those of
//! the components, whatever board they came from.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use game_core::search::{Search, SearchError, SearchLimits, SearchStats};
use game_placement::{Cram, CramBoard};
use game_search_runs::TableFiles;
use games_cli::CRAM_TABLE_NAME;
use serde::Serialize;

/// The JSON line of a run: the board and the settings, the nimber or `"stopped":true`, the wall
/// seconds, the search's statistics as game-core gives them (`SearchStats`, flattened: nodes,
/// table hits, ..., and `path`, where a stopped search stopped) and the entries loaded.
#[derive(Serialize)]
struct Line<'a> {
    rows: usize,
    cols: usize,
    method: &'a str,
    memory_mib: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
    /// Wall time, to the millisecond (a measurement, not a result).
    seconds: f64,
    #[serde(flatten)]
    stats: SearchStats,
    loaded: u64,
}

/// Exit status of a search stopped before its answer, its table saved.
const STOPPED: u8 = 3;

/// Wall time between two lines of progress on standard error.
const REPORT_EVERY: Duration = Duration::from_secs(600);

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cram_record: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<ExitCode, String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let table = take_flag(&mut args, "--table")?;
    let seconds = |flag: &str, value: Option<String>| {
        value
            .map(|s| s.parse::<u64>().map_err(|_| format!("{flag} takes whole seconds, not {s:?}")))
            .transpose()
    };
    let stop_after = seconds("--stop-after", take_flag(&mut args, "--stop-after")?)?;
    let save_every = seconds("--save-every", take_flag(&mut args, "--save-every")?)?;
    if save_every.is_some() && table.is_none() {
        return Err(String::from("--save-every needs --table"));
    }
    let side = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let (Some(rows), Some(cols)) = (side(0), side(1)) else {
        return Err(String::from(
            "usage: cram_record ROWS COLS [aspiration|pruned|mex [MEMORY_MIB]] [--table FILE [--stop-after SECONDS] [--save-every SECONDS]]",
        ));
    };
    let method = args.get(2).map_or("aspiration", String::as_str);
    if !["aspiration", "pruned", "mex"].contains(&method) {
        return Err(format!("unknown method {method:?}: aspiration, pruned or mex"));
    }
    let memory_mib = match args.get(3).map(|a| a.parse::<usize>()) {
        None => 1024,
        Some(Ok(mib)) if mib > 0 => mib,
        Some(_) => return Err(String::from("MEMORY_MIB must be a positive whole number of MiB")),
    };
    let max_bytes = memory_mib
        .checked_mul(1 << 20)
        .ok_or_else(|| format!("{memory_mib} MiB does not fit in this machine's address space"))?;
    let board = CramBoard::empty(rows, cols).map_err(|e| e.to_string())?;

    let stop = Arc::new(AtomicBool::new(false));
    if table.is_some() {
        let on_signal = Arc::clone(&stop);
        ctrlc::set_handler(move || on_signal.store(true, Ordering::Relaxed)).map_err(|e| e.to_string())?;
    }
    if let Some(seconds) = stop_after {
        let on_time = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(seconds));
            on_time.store(true, Ordering::Relaxed);
        });
    }
    let mut search = Search::new(&Cram, SearchLimits::new(max_bytes, u64::MAX))
        .map_err(|e| e.to_string())?
        .with_interrupt(move || stop.load(Ordering::Relaxed));
    // A sitting of hours says how it goes: the counters so far, on standard error, every
    // REPORT_EVERY of wall time (scripts/cram-records.sh passes these lines through).
    let (begun, mut reported) = (Instant::now(), Instant::now());
    search = search.with_progress(move |stats| {
        if reported.elapsed() >= REPORT_EVERY {
            reported = Instant::now();
            eprintln!(
                "cram_record: {:.0} s ({} CPU s): {} nodes, {} table hits, {} stores, {} replacements, {} cached, at {}",
                begun.elapsed().as_secs_f64(),
                process_cpu_seconds(),
                stats.nodes,
                stats.table_hits,
                stats.table_stores,
                stats.table_replacements,
                stats.components_cached,
                stats.path
            );
        }
    });
    let mut nodes_before = 0;
    let mut loaded = 0;
    if let Some(path) = &table {
        let started = Instant::now();
        if let Some(info) =
            search.load_table_from(Path::new(path), CRAM_TABLE_NAME).map_err(|e| format!("{path}: {e}"))?
        {
            eprintln!(
                "cram_record: {} entries of {path} loaded ({} kept) in {:.1} s",
                info.entries,
                info.kept,
                started.elapsed().as_secs_f64()
            );
            nodes_before = info.nodes;
            loaded = info.kept;
        }
        if let Some(seconds) = save_every {
            search = search.with_checkpoints(
                Path::new(path),
                CRAM_TABLE_NAME,
                nodes_before,
                Duration::from_secs(seconds),
            );
        }
    }

    let started = Instant::now();
    let result = match method {
        "pruned" => search.nimber(&board),
        "mex" => search.nimber_by_mex(&board),
        // Checked above: the only method left.
        _ => search.nimber_by_aspiration(&board),
    };
    let (nimber, code) = match result {
        Ok(nimber) => (Some(nimber), ExitCode::SUCCESS),
        Err(SearchError::Interrupted { .. }) if table.is_some() => (None, ExitCode::from(STOPPED)),
        Err(error) => return Err(error.to_string()),
    };
    let line = Line {
        rows,
        cols,
        method,
        memory_mib,
        nimber,
        stopped: nimber.is_none(),
        seconds: started.elapsed().as_millis() as f64 / 1000.0,
        stats: *search.stats(),
        loaded,
    };
    let line = serde_json::to_string(&line).map_err(|e| e.to_string())?;
    if let Some(path) = &table {
        let saving = Instant::now();
        let nodes = nodes_before.saturating_add(search.stats().nodes);
        let entries = search
            .save_table_to(Path::new(path), CRAM_TABLE_NAME, nodes)
            .map_err(|e| format!("{path}: {e}"))?;
        eprintln!(
            "cram_record: {entries} entries saved to {path} in {:.1} s",
            saving.elapsed().as_secs_f64()
        );
    }
    println!("{line}");
    Ok(code)
}

/// The CPU time of this process so far, in whole seconds: in the progress lines, so that a
/// sitting killed before its end (when GNU time reports nothing) still says what it used.
fn process_cpu_seconds() -> i64 {
    rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime).tv_sec
}

/// Removes `flag VALUE` from `args` and returns VALUE.
fn take_flag(args: &mut Vec<String>, flag: &str) -> Result<Option<String>, String> {
    let Some(at) = args.iter().position(|a| a == flag) else { return Ok(None) };
    if at + 1 >= args.len() {
        return Err(format!("{flag} needs a value"));
    }
    let value = args.remove(at + 1);
    args.remove(at);
    Ok(Some(value))
}
