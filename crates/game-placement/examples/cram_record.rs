//! The nimber of an empty Cram board by game-core's search engine, as one JSON line with the
//! time and the search's statistics: `cargo run --release -p game-placement --example
//! cram_record -- ROWS COLS [aspiration|pruned|mex [MEMORY_MIB]]`. `cargo xtask records --cram`
//! runs it for every board of `records/cram.json` and compares the nimbers with the record and
//! the published table. The search's memory budget (table and stack) is 1024 MiB unless
//! MEMORY_MIB says otherwise (`scripts/cram-records.sh` passes `CRAM_MEMORY_MIB`).

use std::process::ExitCode;
use std::time::Instant;

use game_core::search::{Search, SearchLimits};
use game_placement::{Cram, CramBoard};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let (Some(rows), Some(cols)) = (side(0), side(1)) else {
        eprintln!("usage: cram_record ROWS COLS [aspiration|pruned|mex [MEMORY_MIB]]");
        return ExitCode::FAILURE;
    };
    let method = args.get(2).map_or("aspiration", String::as_str);
    let memory_mib = match args.get(3).map(|a| a.parse::<usize>()) {
        None => 1024,
        Some(Ok(mib)) if mib > 0 => mib,
        Some(_) => {
            eprintln!("cram_record: MEMORY_MIB must be a positive whole number of MiB");
            return ExitCode::FAILURE;
        }
    };
    let Some(max_bytes) = memory_mib.checked_mul(1 << 20) else {
        eprintln!("cram_record: {memory_mib} MiB does not fit in this machine's address space");
        return ExitCode::FAILURE;
    };
    let board = match CramBoard::empty(rows, cols) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("cram_record: {error}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let result = Search::new(&Cram, SearchLimits::new(max_bytes, u64::MAX)).and_then(|mut search| {
        let nimber = match method {
            "pruned" => search.nimber(&board),
            "mex" => search.nimber_by_mex(&board),
            _ => search.nimber_by_aspiration(&board),
        }?;
        Ok((nimber, *search.stats()))
    });
    match result {
        Ok((nimber, stats)) => {
            println!(
                "{{\"rows\":{rows},\"cols\":{cols},\"method\":\"{method}\",\"memory_mib\":{memory_mib},\"nimber\":{nimber},\"seconds\":{:.3},\"nodes\":{},\"components_cached\":{},\"table_bytes\":{}}}",
                started.elapsed().as_secs_f64(),
                stats.nodes,
                stats.components_cached,
                stats.table_bytes
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("cram_record: {error}");
            ExitCode::FAILURE
        }
    }
}
