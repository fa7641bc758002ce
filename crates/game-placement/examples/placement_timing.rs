//! Times the search on Lasker's Nim and Cram boards: `cargo run --release -p game-placement
//! --example placement_timing -- lasker 10000` or `-- cram 4 5`.

use std::time::Instant;

use game_core::search::{Search, SearchLimits};
use game_placement::{Cram, CramBoard, LaskersNim};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args[i].parse::<u64>().expect("a number");
    let limits = SearchLimits::new(1 << 30, u64::MAX);
    let start = Instant::now();
    match args[0].as_str() {
        "lasker" | "lasker-mex" => {
            let mut search = Search::new(&LaskersNim, limits).unwrap();
            let heap = vec![number(1)];
            let nimber = if args[0] == "lasker" {
                search.nimber(&heap).unwrap()
            } else {
                search.nimber_by_mex(&heap).unwrap()
            };
            println!(
                "{} heap {}: nimber {nimber} in {:?}, {:?}",
                args[0],
                number(1),
                start.elapsed(),
                search.stats()
            );
        }
        "cram" | "cram-mex" => {
            let board = CramBoard::empty(number(1) as usize, number(2) as usize).unwrap();
            let mut search = Search::new(&Cram, limits).unwrap();
            let nimber = if args[0] == "cram" {
                search.nimber(&board).unwrap()
            } else {
                search.nimber_by_mex(&board).unwrap()
            };
            println!(
                "{} {}x{}: nimber {nimber} in {:?}, {:?}",
                args[0],
                number(1),
                number(2),
                start.elapsed(),
                search.stats()
            );
        }
        other => panic!("unknown {other}"),
    }
}
