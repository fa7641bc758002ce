//! `games misere CODE`: the misère quotient of an octal game (game-misere), or the misère
//! outcome and winning moves of a sum of heaps read from it.

use game_misere::{Limits, MisereQuotient, OctalCode, QuotientSolver, StopReason};
use serde_json::json;

use crate::cli::MisereArgs;
use crate::error::CliError;
use crate::limits::Budget;
use crate::output::Output;

/// The largest `--max-heap` without `--allow-long`.
const MAX_HEAP: u32 = 10_000;

/// Work steps of one quotient computation without `--allow-long` (an infinite partial quotient
/// ends here).
const MISERE_STEPS: u64 = 2_000_000_000;

/// Runs `games misere CODE ...`.
pub fn run(args: &MisereArgs, budget: &Budget) -> Result<Output, CliError> {
    let game: OctalCode = args.code.parse()?;
    budget.check_size(|| "--max-heap".to_string(), u128::from(args.max_heap), u128::from(MAX_HEAP))?;
    let heap_limit = if budget.long_work { u32::MAX } else { MAX_HEAP };
    // A sum with a heap beyond --max-heap needs the partial quotient up to it, unless the
    // quotient is proven earlier.
    let largest = args.heaps.iter().flatten().copied().max().unwrap_or(0);
    let max_heap = if largest > u64::from(args.max_heap) && largest <= u64::from(heap_limit) {
        largest as u32
    } else {
        args.max_heap
    };
    let (q, stop) = QuotientSolver::new(game.clone(), limits(max_heap, budget)).run(|_, _| {})?;
    match &args.heaps {
        Some(heaps) => sum(&game, &q, heaps),
        None if args.quotient => Ok(quotient(&q, stop)),
        None => Err(CliError::bad("say what to compute: --quotient or --heaps H1 H2 ...")),
    }
}

/// The solver's limits for a quotient up to `max_heap` (or proven earlier): the memory budget,
/// and [`MISERE_STEPS`] steps without `--allow-long`.
pub fn limits(max_heap: u32, budget: &Budget) -> Limits {
    let effort = if budget.long_work { u64::MAX } else { MISERE_STEPS };
    Limits { max_heap, memory_bytes: budget.memory_bytes, effort, ..Limits::default() }
}

fn quotient(q: &MisereQuotient, stop: StopReason) -> Output {
    let period = q.periodicity();
    let proven = match period {
        Some(p) => format!("proven for every heap: period {} from heap {}", p.period, p.preperiod),
        None if stop == StopReason::HeapBound => {
            format!("partial quotient Q_{} (no period proven yet)", q.max_heap())
        }
        None => format!("partial quotient Q_{}", q.max_heap()),
    };
    let pretending = q.pretending_text();
    let shown = pretending.iter().take(40).cloned().collect::<Vec<_>>().join(" ");
    let history: Vec<String> = q.history().iter().map(|h| format!("Q_{} = {}", h.heap, h.order)).collect();
    let text = format!(
        "octal game {} in misère play: |Q| = {}, |P| = {}, {}\n{proven}\nQ = {}\nP = {}\npretending function (heaps 0..): {shown}{}\norders: {}",
        q.game(),
        q.order(),
        q.p_portion(),
        if q.is_tame() { "tame" } else { "wild" },
        q.presentation(),
        q.p_portion_text(),
        if pretending.len() > 40 { " ..." } else { "" },
        history.join(", "),
    );
    let json = json!({
        "code": q.game(),
        "order": q.order(),
        "p_portion": q.p_portion(),
        "tame": q.is_tame(),
        "proven": period.is_some(),
        "max_heap": q.max_heap(),
        "preperiod": period.map(|p| p.preperiod),
        "period": period.map(|p| p.period),
        "presentation": q.presentation().to_string(),
        "p_portion_words": q.p_portion_text(),
        "pretending": pretending,
        "orders": q.history().iter().map(|h| json!({"heap": h.heap, "order": h.order, "p_portion": h.p_portion})).collect::<Vec<_>>(),
    });
    Output::new(text, json)
}

fn sum(game: &OctalCode, q: &MisereQuotient, heaps: &[u64]) -> Result<Output, CliError> {
    let outcome = q.outcome(heaps)?;
    let moves = q.winning_moves(game, heaps)?;
    let mut text = format!("octal game {} in misère play, heaps {heaps:?}: {outcome}-position", q.game());
    let moves_json: Vec<serde_json::Value> = moves
        .iter()
        .map(|(i, parts)| {
            text.push_str(&format!(
                "\n  heap {} ({}) -> {}",
                i + 1,
                heaps[*i],
                if parts.is_empty() {
                    "nothing".to_string()
                } else {
                    parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
                }
            ));
            json!({"heap": i + 1, "from": heaps[*i], "to": parts})
        })
        .collect();
    if moves.is_empty() && outcome == game_core::Outcome::N {
        text.push_str("\n  no move left: the player to move has won");
    }
    Ok(Output::new(
        text,
        json!({"code": q.game(), "misere": true, "heaps": heaps, "outcome": outcome, "winning_moves": moves_json}),
    ))
}
