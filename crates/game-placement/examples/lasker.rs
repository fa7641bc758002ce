//! The nimber of one heap of Lasker's Nim by game-core's search engine, with the time and the
//! search's statistics: `cargo run --release -p game-placement --example lasker -- 10000`.
//! With `--definition` the game is given by its rules alone (`moves` and `components`, without
//! `LaskersNim`'s `dense_index` and `option_parts`), to measure what those two methods save.
//! The guide (`docs/adding-a-game.md`) quotes it; the figures go to `records/search.md`.

use std::process::ExitCode;
use std::time::Instant;

use game_core::search::{Search, SearchLimits, SearchStats};
use game_core::{Game, SearchGame};
use game_placement::LaskersNim;

/// Lasker's Nim by its rules alone: the engine's default paths.
struct ByDefinition;

impl Game for ByDefinition {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        LaskersNim.moves(heaps)
    }
    fn position_bytes(&self, heaps: &Vec<u64>) -> usize {
        LaskersNim.position_bytes(heaps)
    }
}

impl SearchGame for ByDefinition {
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        LaskersNim.components(heaps, out)
    }
}

fn nimber<G: SearchGame<Position = Vec<u64>>>(game: &G, heap: u64) -> Result<(u32, SearchStats), String> {
    let mut search = Search::new(game, SearchLimits::new(1 << 30, 1 << 32)).map_err(|e| e.to_string())?;
    let nimber = search.nimber(&LaskersNim::position(&[heap])).map_err(|e| e.to_string())?;
    Ok((nimber, *search.stats()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let definition = args.iter().any(|a| a == "--definition");
    let Some(heap) = args.iter().find(|a| !a.starts_with("--")).and_then(|a| a.parse::<u64>().ok()) else {
        eprintln!("usage: lasker HEAP [--definition]");
        return ExitCode::FAILURE;
    };
    let started = Instant::now();
    let result = if definition { nimber(&ByDefinition, heap) } else { nimber(&LaskersNim, heap) };
    match result {
        Ok((nimber, stats)) => {
            let how = if definition { " (by the definition)" } else { "" };
            println!("heap {heap}: nimber {nimber} in {:.3} s{how}", started.elapsed().as_secs_f64());
            println!("{stats:?}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("lasker: {error}");
            ExitCode::FAILURE
        }
    }
}
