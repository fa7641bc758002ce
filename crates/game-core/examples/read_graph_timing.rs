//! Times `read_graph` and the analyses `games graph` runs on a file: `cargo run --release
//! --example read_graph_timing -p game-core -- FILE`.

use std::time::Instant;

use game_core::{ReadLimits, count_kernels, grundy_values, kernels, outcomes, p_positions, read_graph_bytes};

fn main() {
    let path = std::env::args().nth(1).expect("usage: read_graph_timing FILE");
    let bytes = std::fs::read(&path).expect("readable file");
    let start = Instant::now();
    let limits = ReadLimits { max_nodes: 2_000_000, max_arcs: 20_000_000 };
    let g = read_graph_bytes(&bytes, limits).expect("a graph");
    println!("read: {} nodes, {} arcs in {:?}", g.len(), g.graph.edge_count(), start.elapsed());
    let start = Instant::now();
    match grundy_values(&g.graph) {
        Ok(_) => {
            outcomes(&g.graph).expect("acyclic");
            p_positions(&g.graph).expect("acyclic");
            println!("acyclic analyses in {:?}", start.elapsed());
        }
        Err(_) => {
            let listed = kernels(&g.graph, 16, 100_000_000).map(|k| k.kernels.len());
            let count = count_kernels(&g.graph, 100_000_000);
            println!("kernels listed {listed:?}, counted {count:?} in {:?}", start.elapsed());
        }
    }
}
