//! Prints the misère quotient of an octal code: `cargo run --release -p game-misere --example
//! misere_quotient -- 0.77 [MAX_HEAP [MAX_ORDER]]`, or `Nim` for misère Nim's partial quotients.

use std::time::Instant;

use game_misere::{HeapGame, Limits, Nim, OctalCode, QuotientSolver};

fn report<G: HeapGame>(game: G, max_heap: u32, max_order: usize) {
    let start = Instant::now();
    let mut solver = QuotientSolver::new(game, Limits { max_heap, max_order, ..Limits::default() });
    let result = solver.run(|heap, order| eprintln!("heap {heap}: |Q| = {order}"));
    let q = solver.quotient();
    match result {
        Ok((_, stop)) => println!("stopped: {stop:?}"),
        Err(error) => println!("refused: {error}"),
    }
    println!(
        "game {} to heap {}: |Q| = {}, |P| = {}, tame {}",
        q.game(),
        q.max_heap(),
        q.order(),
        q.p_portion(),
        q.is_tame()
    );
    println!("history {:?}", q.history().iter().map(|h| (h.heap, h.order, h.p_portion)).collect::<Vec<_>>());
    println!("period {:?}", q.periodicity());
    println!("Q = {}", q.presentation());
    println!("P = {}", q.p_portion_text());
    println!("phi = {}", q.pretending_text().join(" "));
    println!("reduced {} onto {}; {:.2?}", q.is_reduced(), q.pretending_is_onto(), start.elapsed());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = args.first().map(String::as_str).unwrap_or("0.77");
    let max_heap = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let max_order = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(Limits::default().max_order);
    if code == "Nim" {
        report(Nim, max_heap, max_order);
    } else {
        report(code.parse::<OctalCode>().expect("an octal code"), max_heap, max_order);
    }
}
