//! The nimber of an empty Cram board by game-core's search engine, as one JSON line with the
//! time and the search's statistics: `cargo run --release -p game-placement --example
//! cram_record -- ROWS COLS [aspiration|pruned|mex]`. `cargo xtask records --cram` runs it for
//! every board of `records/cram.json` and compares the nimbers with the record and the
//! published table.

use std::process::ExitCode;
use std::time::Instant;

use game_core::search::{Search, SearchLimits};
use game_placement::{Cram, CramBoard};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let (Some(rows), Some(cols)) = (side(0), side(1)) else {
        eprintln!("usage: cram_record ROWS COLS [aspiration|pruned|mex]");
        return ExitCode::FAILURE;
    };
    let method = args.get(2).map_or("aspiration", String::as_str);
    let board = match CramBoard::empty(rows, cols) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("cram_record: {error}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let result = Search::new(&Cram, SearchLimits::new(1 << 30, u64::MAX)).and_then(|mut search| {
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
                "{{\"rows\":{rows},\"cols\":{cols},\"method\":\"{method}\",\"nimber\":{nimber},\"seconds\":{:.3},\"nodes\":{},\"components_cached\":{},\"table_bytes\":{}}}",
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
