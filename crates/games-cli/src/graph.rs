//! `games graph FILE`: a user's own game, given as an edge list or a DOT digraph (read by
//! game-core's `read_graph`), analysed with game-core (Grundy values and the kernel if acyclic;
//! P/N/draw, generalised Grundy values and kernels if loopy).

use std::fmt::Write;
use std::io::Read;

use game_core::{
    GameError, KernelList, NamedGraph, Outcome, ReadLimits, count_kernels, generalized_grundy_limited,
    grundy_values, kernels, loopy_outcomes, named_to_dot, outcomes, p_positions, read_graph_bytes,
};
use serde_json::json;

use crate::cli::GraphArgs;
use crate::error::CliError;
use crate::limits::Budget;
use crate::output::Output;

/// Largest graph accepted (nodes), checked while reading.
pub const MAX_NODES: usize = 1_000_000;

/// Most arcs accepted, checked while reading.
pub const MAX_ARCS: usize = 10_000_000;

/// Largest file read (bytes): reading is linear, this bounds its memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads and parses a graph file; errors name the file and, for bad contents, the line.
pub fn parse(path: &str, file: &std::path::Path) -> Result<NamedGraph, CliError> {
    let io = |source| CliError::Io { path: path.to_string(), source };
    let mut bytes = Vec::new();
    std::fs::File::open(file).map_err(io)?.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(CliError::bad(format!("{path}: the file is larger than {MAX_FILE_BYTES} bytes")));
    }
    read_graph_bytes(&bytes, ReadLimits { max_nodes: MAX_NODES, max_arcs: MAX_ARCS })
        .map_err(|e| CliError::Parse { path: path.to_string(), line: e.line, reason: e.kind.to_string() })
}

/// An upper estimate of the memory the answer takes once the graph is read: per position its
/// values, outcome, text and JSON lines (measured: about 1.9 KB a position for a star of 10^6
/// arcs, so 2 KiB), per move its arcs in the analyses, and each name several times over.
fn answer_bytes(nodes: usize, arcs: usize, names: &[&str]) -> u128 {
    let name_bytes: u128 = names.iter().map(|n| n.len() as u128).sum();
    2048 * nodes as u128 + 64 * arcs as u128 + 8 * name_bytes
}

/// A step limit hit in a search, said in the CLI's terms: what gave up and why it can be slow.
fn gave_up(what: &str, why: &str, err: GameError) -> CliError {
    match err {
        GameError::StepLimitExceeded { limit } => {
            CliError::bad(format!("{what} gave up after {limit} steps (raise --max-steps; {why})"))
        }
        other => other.into(),
    }
}

/// What is known about the kernels of a loopy graph.
struct KernelReport {
    listed: KernelList,
    /// The exact number, when it was computed (always when the list is complete).
    count: Option<String>,
}

/// Runs `games graph FILE`.
pub fn run(args: &GraphArgs, budget: &Budget) -> Result<Output, CliError> {
    let path = args.file.display().to_string();
    let named = parse(&path, &args.file)?;
    let g = &named.graph;
    let names: Vec<&str> = named.names().collect();
    budget.check(
        || format!("answering for the graph of {path}"),
        answer_bytes(g.node_count(), g.edge_count(), &names),
    )?;
    let (acyclic, values, results, report) = match grundy_values(g) {
        Ok(values) => {
            let results = outcomes(g)?;
            let kernel = p_positions(g)?;
            let values: Vec<serde_json::Value> = values.into_iter().map(|v| json!(v)).collect();
            let listed = KernelList { kernels: vec![kernel], complete: true };
            (true, values, results, KernelReport { listed, count: Some("1".to_string()) })
        }
        Err(GameError::Cycle { .. }) => {
            let results = loopy_outcomes(g);
            let gamma = generalized_grundy_limited(g, args.max_steps).map_err(|e| {
                gave_up(
                    "the generalised Grundy labelling",
                    "it can take about V·E steps on V positions and E moves",
                    e,
                )
            })?;
            let values =
                gamma.iter().map(|v| v.finite().map_or_else(|| json!(v.to_string()), |f| json!(f))).collect();
            // `--dot` marks one kernel only.
            let wanted = if args.dot { 1 } else { args.max_kernels };
            let listed = kernels(g, wanted, args.max_steps).map_err(|e| {
                gave_up("the kernel search", "deciding whether a kernel exists is NP-complete", e)
            })?;
            let count = if listed.complete {
                Some(listed.kernels.len().to_string())
            } else {
                match count_kernels(g, args.max_steps) {
                    Ok(count) => Some(count.to_string()),
                    Err(GameError::StepLimitExceeded { .. }) => None,
                    Err(other) => return Err(other.into()),
                }
            };
            (false, values, results, KernelReport { listed, count })
        }
        Err(other) => return Err(other.into()),
    };
    let listed = &report.listed;
    if args.dot {
        let mut kernel = vec![false; names.len()];
        if let Some(first) = listed.kernels.first() {
            first.iter().for_each(|&i| kernel[i] = true);
        }
        let mut dot = named_to_dot(
            &named,
            |i| Some(format!("{} ({})", names[i], display_value(&values[i]))),
            |i| kernel[i],
        );
        let marked: Vec<&str> = (0..names.len()).filter(|&i| kernel[i]).map(|i| names[i]).collect();
        let what = match (acyclic, listed.complete, listed.kernels.len(), &report.count) {
            (true, _, _, _) => "the kernel (P-positions)".to_string(),
            (false, true, 0, _) => "nothing (the graph has no kernel)".to_string(),
            (false, true, 1, _) => "the only kernel".to_string(),
            (false, _, _, Some(count)) => format!("the first of {count} kernels"),
            (false, _, _, None) => {
                "the first kernel found (there are more; counting them gave up)".to_string()
            }
        };
        let _ = writeln!(dot, "// filled black: {what} {{{}}}; labels: name (value)", marked.join(", "));
        return Ok(Output::new(dot.clone(), json!({ "dot": dot })));
    }
    let mut text = format!(
        "{} nodes, {} moves, {}\n",
        names.len(),
        g.edge_count(),
        if acyclic { "acyclic" } else { "with cycles (loopy)" }
    );
    let value_name = if acyclic { "Grundy" } else { "generalised Grundy" };
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {name}: {} ({value_name} {})",
            outcome_name(results[i]),
            display_value(&values[i])
        );
    }
    let kernel_names: Vec<Vec<&str>> =
        listed.kernels.iter().map(|k| k.iter().map(|&i| names[i]).collect()).collect();
    let shown = kernel_names.len();
    if acyclic {
        let _ = write!(text, "kernel (the P-positions): {{{}}}", kernel_names[0].join(", "));
    } else {
        match (listed.complete, shown, &report.count) {
            (true, 0, _) => text.push_str("no kernel"),
            (true, 1, _) => text.push_str("exactly one kernel:"),
            (true, n, _) => {
                let _ = write!(text, "{n} kernels:");
            }
            (false, _, Some(count)) => {
                let _ = write!(
                    text,
                    "{count} kernels (listing the first {shown}, --max-kernels {}):",
                    args.max_kernels
                );
            }
            (false, _, None) => {
                let _ = write!(
                    text,
                    "at least {} kernels (listing stopped at --max-kernels {}; counting them all gave up after {} steps):",
                    shown + 1,
                    args.max_kernels,
                    args.max_steps
                );
            }
        }
        for k in &kernel_names {
            let _ = write!(text, "\n  {{{}}}", k.join(", "));
        }
    }
    let nodes: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| json!({ "name": name, "outcome": outcome_name(results[i]), "value": values[i] }))
        .collect();
    Ok(Output::new(
        text,
        json!({
            "nodes": nodes,
            "edges": g.edge_count(),
            "acyclic": acyclic,
            "kernels": kernel_names,
            "kernels_truncated": !listed.complete,
            "kernel_count": report.count,
        }),
    ))
}

fn display_value(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::Draw => "Draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(file: &std::path::Path, dot: bool, max_kernels: usize) -> GraphArgs {
        GraphArgs { file: file.to_path_buf(), dot, max_kernels, max_steps: 1_000_000 }
    }

    fn temp(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("games-graph-unit-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_cut_list_never_claims_none_or_only() {
        // Two kernels: {a, c} and {b, c}... as the 2-cycle a <-> b next to the terminal c.
        let f = temp("two.txt", "a b\nb a\nc\n");
        let out = run(&args(&f, false, 0), &Budget::from_mib(4096)).unwrap();
        assert!(out.text.ends_with("2 kernels (listing the first 0, --max-kernels 0):"), "{}", out.text);
        assert_eq!(out.json["kernel_count"], "2");
        let out = run(&args(&f, false, 1), &Budget::from_mib(4096)).unwrap();
        assert!(out.text.contains("2 kernels (listing the first 1"), "{}", out.text);
        let out = run(&args(&f, true, 1), &Budget::from_mib(4096)).unwrap();
        assert!(out.text.contains("// filled black: the first of 2 kernels {a, c}"), "{}", out.text);
        let out = run(&args(&f, false, 5), &Budget::from_mib(4096)).unwrap();
        assert!(out.text.ends_with("2 kernels:\n  {a, c}\n  {b, c}"), "{}", out.text);
        let triangle = temp("triangle.txt", "a b\nb c\nc a\n");
        assert!(
            run(&args(&triangle, false, 0), &Budget::from_mib(4096)).unwrap().text.ends_with("no kernel")
        );
        assert!(
            run(&args(&triangle, true, 0), &Budget::from_mib(4096))
                .unwrap()
                .text
                .contains("nothing (the graph has no kernel)")
        );
        let one = temp("one.txt", "a b\nb a\nb c\n");
        assert!(
            run(&args(&one, true, 0), &Budget::from_mib(4096))
                .unwrap()
                .text
                .contains("the only kernel {a, c}")
        );
    }
}
