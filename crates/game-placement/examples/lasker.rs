//! The nimber of one heap of Lasker's Nim by game-core's search engine, with the time and the
//! search's statistics: `cargo run --release -p game-placement --example lasker -- 10000`.
//! The guide (`docs/adding-a-game.md`) quotes it; the figures go to `records/search.md`.

use std::process::ExitCode;
use std::time::Instant;

use game_core::search::{Search, SearchLimits};
use game_placement::LaskersNim;

fn main() -> ExitCode {
    let Some(heap) = std::env::args().nth(1).and_then(|arg| arg.parse::<u64>().ok()) else {
        eprintln!("usage: lasker HEAP (a whole number of counters)");
        return ExitCode::FAILURE;
    };
    let started = Instant::now();
    let result = Search::new(&LaskersNim, SearchLimits::new(1 << 30, 1 << 32))
        .and_then(|mut search| search.nimber(&LaskersNim::position(&[heap])).map(|nimber| (nimber, search)));
    match result {
        Ok((nimber, search)) => {
            println!("heap {heap}: nimber {nimber} in {:.3} s", started.elapsed().as_secs_f64());
            println!("{:?}", search.stats());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("lasker: {error}");
            ExitCode::FAILURE
        }
    }
}
