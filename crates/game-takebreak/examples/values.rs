//! Times the fast table of Grundy's game: `cargo run --release -p game-takebreak --example values -- 1048576`.
//!
//! Prints the time, the number of rare heaps (see the crate doc) and the largest value; with
//! `--plain` it also times the quadratic method (refused beyond its limit).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let up_to: u64 = match args.next().map(|a| a.parse()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("usage: values HEAPS [--plain]");
            std::process::exit(2);
        }
    };
    let plain = args.next().as_deref() == Some("--plain");
    let started = Instant::now();
    let values = match game_takebreak::grundy_values(up_to) {
        Ok(values) => values,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let rare = values.iter().skip(1).filter(|&&v| (v & !1).count_ones() % 2 == 0).count();
    let largest = values.iter().max().copied().unwrap_or(0);
    println!(
        "heaps 0..={up_to}: {seconds:.3} s ({:.0} values/s), {rare} rare heaps, largest value {largest}",
        values.len() as f64 / seconds
    );
    if plain {
        let started = Instant::now();
        match game_takebreak::grundy_values_plain(up_to) {
            Ok(slow) => {
                println!("plain: {:.3} s, equal: {}", started.elapsed().as_secs_f64(), slow == values)
            }
            Err(e) => println!("plain: {e}"),
        }
    }
}
