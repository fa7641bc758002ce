//! Writes `records/misere-quotients.json`: the misère quotients of 0.75, 0.77, the partial
//! quotients of 0.07 to heap 33, and a sweep of every two-digit octal code 0.ab, each beside
//! the published figure it is compared with (never adjusted).
//!
//! `cargo run --release -p game-misere --example misere_records -- records/misere-quotients.json`

use std::time::Instant;

use game_misere::{Limits, MisereError, OctalCode, QuotientSolver, StopReason};
use serde_json::{Value, json};

/// The sweep's bounds for each code.
const SWEEP_LIMITS: Limits =
    Limits { max_heap: 400, max_order: 4096, memory_bytes: 1 << 30, effort: 40_000_000 };

fn solve(code: &str, limits: Limits) -> (Value, f64) {
    let game: OctalCode = code.parse().expect("a valid code");
    let start = Instant::now();
    let mut solver = QuotientSolver::new(game, limits);
    let result = solver.run(|_, _| {});
    let seconds = start.elapsed().as_secs_f64();
    let q = solver.quotient();
    let history: Vec<Value> = q
        .history()
        .iter()
        .map(|h| json!({"heap": h.heap, "order": h.order, "p_portion": h.p_portion}))
        .collect();
    let status = match &result {
        Ok((_, StopReason::Periodic)) => "solved".to_string(),
        Ok((_, _)) => "heap bound".to_string(),
        Err(MisereError::EffortExceeded { .. }) => "effort limit".to_string(),
        Err(MisereError::QuotientTooLarge { .. }) => "order limit".to_string(),
        Err(e) => format!("refused: {e}"),
    };
    let mut value = json!({
        "code": code,
        "status": status,
        "last_heap": q.max_heap(),
        "order": q.order(),
        "p_portion": q.p_portion(),
        "tame": q.is_tame(),
        "history": history,
    });
    if let Some(p) = q.periodicity() {
        value["preperiod"] = json!(p.preperiod);
        value["period"] = json!(p.period);
        value["presentation"] = json!(q.presentation().to_string());
        value["p_portion_words"] = json!(q.p_portion_text());
    }
    if let Err(e) = result {
        value["stopped_by"] = json!(e.to_string());
    }
    (value, seconds)
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "records/misere-quotients.json".into());
    let mut sweep = Vec::new();
    let mut codes: Vec<String> = (1..8).map(|d| format!("0.{d}")).collect();
    codes.extend((0..8).flat_map(|a| (1..8).map(move |b| format!("0.{a}{b}"))));
    for code in &codes {
        let (value, seconds) = solve(code, SWEEP_LIMITS);
        eprintln!("{code}: {} ({seconds:.1} s)", value["status"]);
        sweep.push(value);
    }
    let (kayles, _) = solve("0.77", Limits::default());
    let (r8, _) = solve("0.75", Limits::default());
    let (dawson, _) =
        solve("0.07", Limits { max_heap: 33, max_order: 8192, memory_bytes: 2 << 30, effort: u64::MAX });
    let record = json!({
        "about": "Misère quotients of octal games computed by game-misere (heap-by-heap partial quotients, each proven by the closure check; whole quotients proven by the misère periodicity test with MisereSolver's bound 2 n0 + 2 p + t + 2 <= N + 1). Published figures are listed beside ours; a disagreement is kept, never adjusted.",
        "command": "cargo run --release -p game-misere --example misere_records -- records/misere-quotients.json",
        "sweep_limits": {"max_heap": SWEEP_LIMITS.max_heap, "max_order": SWEEP_LIMITS.max_order, "effort_steps": SWEEP_LIMITS.effort},
        "named": {
            "0.75": {"ours": r8, "published": {"order": 8, "p_portion": 2, "name": "R8", "source": "Plambeck and Siegel, Misère quotients for impartial games, JCTA 115 (2008); R8 named in Plambeck, Advances in Losing (arXiv math/0603027)"}},
            "0.77": {"ours": kayles, "published": {"order": 40, "p_portion": 9, "final_heap": 27, "preperiod": 71, "period": 12, "source": "MisereSolver (Siegel 2006) as run for the project's reference note; Plambeck and Siegel 2008"}},
            "0.07": {"ours": dawson, "published": {"orders": [[14, 24], [25, 144], [27, 176], [30, 360], [31, 520], [32, 552], [33, 638]], "p_portion_at_33": 109, "source": "Plambeck and Siegel 2008 (as quoted in a public research note); reproduced with MisereSolver for the reference note"}}
        },
        "sweep_published": {
            "source": "MisereSolver (Siegel 2006, in aaron-siegel/cgsuite) run on every code 0.ab with a 30 s budget, for the project's reference note (shared/references/misere-quotients.md, section 4.2)",
            "solved": "0.01 2/1/3+1 0.02 2/1/1+4 0.03 2/1/0+4 0.05 2/1/1+2 0.1 2/1/2+1 0.11 2/1/3+1 0.12 2/1/1+4 0.13 2/1/0+4 0.15 42/12/66+10 0.2 2/1/1+2 0.21 2/1/1+2 0.22 6/2/1+3 0.23 6/2/1+3 0.24 2/1/1+2 0.25 2/1/1+2 0.3 2/1/0+2 0.31 6/2/3+2 0.32 6/2/1+3 0.33 6/2/0+3 0.34 12/3/7+8 0.44 40/9/143+24 0.46 40/9/143+24 0.5 2/1/0+2 0.51 2/1/1+1 0.52 6/2/6+4 0.53 16/3/21+9 0.55 2/1/1+1 0.7 2/1/0+2 0.71 36/9/3+6 0.72 24/5/16+4 0.73 6/2/2+4 0.75 8/2/8+2 0.77 40/9/71+12 (|Q|/|P|/preperiod+period)"
        },
        "sweep": sweep,
    });
    std::fs::write(&path, serde_json::to_string_pretty(&record).expect("json") + "\n")
        .expect("writable path");
    eprintln!("wrote {path}");
}
