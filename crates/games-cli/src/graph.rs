//! `games graph FILE`: a user's own game, given as an edge list or a DOT digraph (read by
//! game-core's `read_graph`), analysed with game-core (Grundy values and the kernel if acyclic;
//! P/N/draw, generalised Grundy values and kernels if loopy).

use std::fmt::Write;
use std::io::Read;

use game_core::{
    GameError, KernelList, NamedGraph, Outcome, ReadErrorKind, ReadLimits, count_kernels,
    generalized_grundy_limited, grundy_values, kernels, loopy_outcomes, named_to_dot, read_graph_bytes,
};
use serde_json::json;

use crate::cli::GraphArgs;
use crate::error::CliError;
use crate::heaps::count;
use crate::limits::Budget;
use crate::output::{Output, one_line};

/// Largest graph accepted without `--allow-long` (nodes), checked while reading.
pub const MAX_NODES: usize = 1_000_000;

/// Most arcs accepted without `--allow-long`, checked while reading.
pub const MAX_ARCS: usize = 10_000_000;

/// Largest file read without `--allow-long` (bytes): reading is linear, this bounds its memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Steps of a kernel search or the generalised Grundy labelling without `--max-steps` or
/// `--allow-long`.
pub const DEFAULT_MAX_STEPS: u64 = 100_000_000;

/// Bytes one node takes once read, besides its name: the graph's node and name lookup, and
/// Node-Kayles' adjacency lists (measured: about 190 bytes a node for 10^6 nodes, read and
/// turned into a Node-Kayles graph).
pub const NODE_BYTES: u128 = 256;

/// Bytes one arc takes once read: the graph's edge (its list doubles as it grows) and both
/// directions in Node-Kayles' adjacency lists (measured: about 56 bytes an arc for 10^6 arcs).
pub const ARC_BYTES: u128 = 64;

/// The limits of reading: the constants above without `--allow-long`, and whatever the
/// budget: the file held once in at most a quarter of the memory budget, its nodes in another
/// quarter ([`NODE_BYTES`] each) and its arcs in another ([`ARC_BYTES`] each), so that reading
/// never takes more than the budget, and a refusal comes before the memory is taken. The last
/// value says whether the budget is what bounds the reading (its refusals then name
/// `--memory`).
fn read_limits(budget: &Budget) -> (u64, ReadLimits, bool) {
    let share = budget.memory_bytes / 4;
    let clamp = |n: u128| usize::try_from(n).unwrap_or(usize::MAX);
    let by_memory =
        (u64::try_from(share).unwrap_or(u64::MAX), clamp(share / NODE_BYTES), clamp(share / ARC_BYTES));
    let by_flag = if budget.long_work {
        (u64::MAX, usize::MAX, usize::MAX)
    } else {
        (MAX_FILE_BYTES, MAX_NODES, MAX_ARCS)
    };
    let memory_bound = by_memory.0 < by_flag.0 || by_memory.1 < by_flag.1 || by_memory.2 < by_flag.2;
    let limits = ReadLimits { max_nodes: by_memory.1.min(by_flag.1), max_arcs: by_memory.2.min(by_flag.2) };
    (by_memory.0.min(by_flag.0), limits, memory_bound)
}

/// The memory a graph of `nodes` nodes, `arcs` arcs and names of `name_bytes` bytes in all
/// holds once read (as [`read_limits`] counts it).
pub fn graph_bytes(nodes: usize, arcs: usize, name_bytes: u128) -> u128 {
    NODE_BYTES * nodes as u128 + ARC_BYTES * arcs as u128 + name_bytes
}

/// The hint of a refusal by the reading limits: the flag that lifts the limit in force.
fn read_hint(budget: &Budget, memory_bound: bool) -> String {
    if memory_bound || budget.long_work {
        format!(
            ": the memory budget of {} holds no more (raise --memory)",
            crate::limits::mib(budget.memory_bytes)
        )
    } else {
        " (pass --allow-long for larger graphs)".to_string()
    }
}

/// Reads and parses a graph file (`-`: standard input); errors name the file and, for bad
/// contents, the line.
pub fn parse(path: &str, file: &std::path::Path, budget: &Budget) -> Result<NamedGraph, CliError> {
    let io = |source| CliError::Io { path: path.to_string(), source };
    let (max_bytes, limits, memory_bound) = read_limits(budget);
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        crate::files::reject_special_file(file)?;
        Box::new(std::fs::File::open(file).map_err(io)?)
    };
    reader.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(CliError::bad(format!(
            "{path}: the file is larger than {max_bytes} bytes{}",
            read_hint(budget, memory_bound && max_bytes < MAX_FILE_BYTES)
        )));
    }
    read_graph_bytes(&bytes, limits).map_err(|e| {
        // Only the size limits follow from the budget; a syntax error is not helped by a flag.
        let hint = match e.kind {
            ReadErrorKind::TooManyNodes { limit } => read_hint(budget, memory_bound && limit < MAX_NODES),
            ReadErrorKind::TooManyArcs { limit } => read_hint(budget, memory_bound && limit < MAX_ARCS),
            _ => String::new(),
        };
        CliError::Parse { path: path.to_string(), line: e.line, reason: format!("{}{hint}", e.kind) }
    })
}

/// An upper estimate of the memory the answer takes once the graph is read: per position its
/// values, outcome, text and JSON lines (measured: about 1.9 KB a position for a star of 10^6
/// arcs, so 2 KiB), per move its arcs in the analyses, and each name several times over.
fn answer_bytes(nodes: usize, arcs: usize, names: &[&str]) -> u128 {
    let name_bytes: u128 = names.iter().map(|n| n.len() as u128).sum();
    2048 * nodes as u128 + 64 * arcs as u128 + 8 * name_bytes
}

/// Bytes one node of a listed kernel takes, besides its name: its index, its name's slice in
/// the list of names and its JSON string (measured: about 100 bytes a node of a kernel, for
/// 67 000 kernels of 18 nodes).
const KERNEL_ENTRY_BYTES: u128 = 128;

/// Bytes one listed kernel takes besides its nodes: three lists and a JSON array.
const KERNEL_BYTES: u128 = 256;

/// A step limit hit in a search, said in the CLI's terms: what gave up and why it can be slow.
fn gave_up(what: &str, why: &str, err: GameError) -> CliError {
    match err {
        GameError::StepLimitExceeded { limit } => CliError::bad(format!(
            "{what} gave up after {limit} steps (raise --max-steps or pass --allow-long; {why})"
        )),
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
    let path = if args.file.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        crate::output::shown(&args.file.display().to_string())
    };
    let max_steps = args.max_steps.unwrap_or(if budget.long_work { u64::MAX } else { DEFAULT_MAX_STEPS });
    let named = parse(&path, &args.file, budget)?;
    let g = &named.graph;
    let names: Vec<&str> = named.names().collect();
    budget.check(
        || format!("answering for the graph of {path}"),
        answer_bytes(g.node_count(), g.edge_count(), &names),
    )?;
    let (acyclic, values, results, report) = match grundy_values(g) {
        Ok(values) => {
            // A position is P exactly when its Grundy value is 0, and the P-positions are the
            // only kernel of an acyclic graph: both are read off the values instead of two more
            // passes over the graph (game-core's `outcomes` and `p_positions`, which its tests
            // hold to the same answers).
            let results: Vec<Outcome> =
                values.iter().map(|&v| if v == 0 { Outcome::P } else { Outcome::N }).collect();
            let kernel: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 0).collect();
            let values: Vec<serde_json::Value> = values.into_iter().map(|v| json!(v)).collect();
            let listed = KernelList { kernels: vec![kernel], complete: true };
            (true, values, results, KernelReport { listed, count: Some("1".to_string()) })
        }
        Err(GameError::Cycle { .. }) => {
            let results = loopy_outcomes(g);
            let gamma = generalized_grundy_limited(g, max_steps).map_err(|e| {
                gave_up(
                    "the generalised Grundy labelling",
                    "it can take about V·E steps on V positions and E moves",
                    e,
                )
            })?;
            let values =
                gamma.iter().map(|v| v.finite().map_or_else(|| json!(v.to_string()), |f| json!(f))).collect();
            // `--dot` marks one kernel only.
            let asked = if args.dot { 1 } else { args.max_kernels };
            // The answer is estimated before any kernel is listed, and refused whole when it
            // would pass the budget: a user who asks for every kernel gets all of them or a
            // refusal that says what they would take, never a list cut short by the budget.
            // The count comes first (the product of the components' counts: far cheaper than
            // the list), so the estimate is of the kernels there are, not of those asked for.
            let counted = match count_kernels(g, max_steps) {
                Ok(count) => Some(count),
                Err(GameError::StepLimitExceeded { .. }) => None,
                Err(other) => return Err(other.into()),
            };
            let will_list =
                counted.as_ref().map_or(asked, |c| usize::try_from(c).map_or(asked, |c| c.min(asked)));
            // Each kernel listed is kept, and printed with its names (text and JSON). A kernel
            // holds at most every node: per node its index, its name's slice and its JSON
            // string ([`KERNEL_ENTRY_BYTES`]), and the name itself three times.
            let name_bytes: u128 = names.iter().map(|n| n.len() as u128 + 4).sum();
            let per_kernel = KERNEL_ENTRY_BYTES * g.node_count() as u128 + 3 * name_bytes + KERNEL_BYTES;
            let held = answer_bytes(g.node_count(), g.edge_count(), &names);
            let needed = held + per_kernel * will_list as u128;
            if needed > budget.memory_bytes {
                let fits = budget.memory_bytes.saturating_sub(held) / per_kernel;
                let some = counted.as_ref().map_or_else(|| "up to ".to_string(), |_| String::new());
                return Err(CliError::OverMemoryBudget {
                    what: format!(
                        "listing {some}{} of {path} (--max-kernels {fits} lists as many as the budget holds)",
                        count(will_list, "kernel", "kernels")
                    ),
                    needed,
                    budget: budget.memory_bytes,
                });
            }
            budget.check(|| format!("listing the kernels of {path}"), needed)?;
            let listed = kernels(g, will_list, max_steps).map_err(|e| {
                gave_up("the kernel search", "deciding whether a kernel exists is NP-complete", e)
            })?;
            let count = counted
                .map(|c| c.to_string())
                .or_else(|| listed.complete.then(|| listed.kernels.len().to_string()));
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
            (false, _, _, Some(total)) => format!("the first of {}", count(total, "kernel", "kernels")),
            (false, _, _, None) => {
                "the first kernel found (there are more; counting them gave up)".to_string()
            }
        };
        let _ = writeln!(dot, "// filled black: {what} {{{}}}; labels: name (value)", marked.join(", "));
        return Ok(Output::new(dot.clone(), json!({ "dot": dot })));
    }
    let mut text = format!(
        "{}, {}, {}\n",
        count(names.len(), "node", "nodes"),
        count(g.edge_count(), "move", "moves"),
        if acyclic { "acyclic" } else { "with cycles (loopy)" }
    );
    let value_name = if acyclic { "Grundy" } else { "generalised Grundy" };
    // Names come from the file: escaped in the text, so no control character reaches a terminal.
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {}: {} ({value_name} {})",
            one_line(name),
            outcome_name(results[i]),
            display_value(&values[i])
        );
    }
    let kernel_names: Vec<Vec<&str>> =
        listed.kernels.iter().map(|k| k.iter().map(|&i| names[i]).collect()).collect();
    let shown = kernel_names.len();
    if acyclic {
        let _ = write!(text, "kernel (the P-positions): {{{}}}", one_line(&kernel_names[0].join(", ")));
    } else {
        match (listed.complete, shown, &report.count) {
            (true, 0, _) => text.push_str("no kernel"),
            (true, 1, _) => text.push_str("exactly one kernel:"),
            (true, n, _) => {
                let _ = write!(text, "{n} kernels:");
            }
            (false, _, Some(total)) => {
                let _ = write!(
                    text,
                    "{} (listing the first {shown}, --max-kernels {}):",
                    count(total, "kernel", "kernels"),
                    args.max_kernels
                );
            }
            (false, _, None) => {
                let _ = write!(
                    text,
                    "at least {} kernels (listing stopped at --max-kernels {}; counting them all gave up after {} steps):",
                    shown + 1,
                    args.max_kernels,
                    max_steps
                );
            }
        }
        for k in &kernel_names {
            let _ = write!(text, "\n  {{{}}}", one_line(&k.join(", ")));
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
        GraphArgs { file: file.to_path_buf(), dot, max_kernels, max_steps: Some(1_000_000) }
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
