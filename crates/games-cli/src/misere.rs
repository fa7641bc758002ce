//! `games misere CODE`: the misère quotient of an octal game (game-misere), or the misère
//! outcome and winning moves of a sum of heaps read from it.

use game_misere::{Limits, MisereError, MisereQuotient, OctalCode, QuotientSolver, StopReason};
use serde_json::json;

use crate::cli::MisereArgs;
use crate::error::CliError;
use crate::heaps::count;
use crate::limits::{Budget, LONG_FLAG};
use crate::output::Output;

/// The largest `--max-heap` without `--allow-long`, and the largest heap of a sum whose
/// partial quotient is built without it.
const MAX_HEAP: u32 = 10_000;

/// Work steps of one quotient computation without `--allow-long` (an infinite partial quotient
/// ends here).
const MISERE_STEPS: u64 = 2_000_000_000;

/// Options visited to list the winning moves of a sum without `--allow-long` (each option is
/// visited twice, to count the moves and to list them): a few seconds of work (BENCHMARKS.md,
/// "Effort limits of the command line"; `tests/hostile_budgets.rs`,
/// `a_misere_sum_of_many_heaps_is_refused_before_the_work`, refuses a sum past it).
const SUM_OPTIONS: u128 = 10_000_000;

/// Runs `games misere CODE ...`.
pub fn run(args: &MisereArgs, budget: &Budget) -> Result<Output, CliError> {
    let game: OctalCode = args.code.parse()?;
    budget.check_size(|| "--max-heap".to_string(), u128::from(args.max_heap), u128::from(MAX_HEAP))?;
    let heap_limit = if budget.long_work { u32::MAX } else { MAX_HEAP };
    let max_heap = match &args.heaps {
        Some(heaps) => {
            // The work of the answer is known before the quotient is built: refused first.
            let options = MisereQuotient::option_count(&game, heaps) + heaps.len() as u128;
            budget.check_steps(
                || format!("listing the winning moves of {}", count(heaps.len(), "heap", "heaps")),
                options,
                SUM_OPTIONS,
            )?;
            // The partial quotient to the largest heap answers every sum of smaller heaps (the
            // options of a heap are smaller heaps): nothing beyond it is built. A heap beyond
            // the limit needs the whole quotient, which --max-heap bounds.
            let largest = heaps.iter().copied().max().unwrap_or(0);
            u32::try_from(largest).ok().filter(|&h| h <= heap_limit).unwrap_or(args.max_heap)
        }
        None => args.max_heap,
    };
    let what = format!("the misère quotient of {game}");
    let (q, stop) = QuotientSolver::new(game.clone(), limits(max_heap, budget))
        .with_interrupt(crate::work::stop_requested)
        .run(|_, _| {})
        .map_err(|e| quotient_error(&what, e, budget))?;
    // The listing below does not poll: from here a Ctrl-C ends the program at once (it has
    // nothing to keep), as it would have had it come a moment earlier.
    crate::work::stop_polling();
    if crate::work::stop_requested() {
        return Err(CliError::Interrupted { what, progress: "after the quotient was built".into() });
    }
    match &args.heaps {
        Some(heaps) => sum(&game, &q, heaps, budget),
        None if args.quotient => Ok(quotient(&q, stop)),
        None => Err(CliError::bad("say what to compute: --quotient or --heaps H1 H2 ...")),
    }
}

/// The solver's limits for a quotient up to `max_heap` (or proven earlier): the memory budget,
/// and without `--allow-long` [`MISERE_STEPS`] steps and candidates of the solver's default
/// order; with it, only the memory budget (the 638 elements of 0.07 at heap 33 come from a
/// candidate of 4 128).
pub fn limits(max_heap: u32, budget: &Budget) -> Limits {
    let defaults = Limits::default();
    let (effort, max_order) =
        if budget.long_work { (u64::MAX, usize::MAX) } else { (MISERE_STEPS, defaults.max_order) };
    Limits { max_heap, memory_bytes: budget.memory_bytes, effort, max_order }
}

/// A refusal of the quotient solver in the CLI's terms: each limit names the flag that lifts
/// it, and a stop on Ctrl-C says how far the work got.
fn quotient_error(what: &str, error: MisereError, budget: &Budget) -> CliError {
    match error {
        MisereError::QuotientTooLarge { .. } | MisereError::EffortExceeded { .. } if !budget.long_work => {
            CliError::bad(format!(
                "{what}: {error} (pass {LONG_FLAG} to lift the limit; --memory still holds)"
            ))
        }
        MisereError::MemoryBudgetExceeded { heap, needed, budget } => {
            CliError::OverMemoryBudget { what: format!("{what} at heap {heap}"), needed, budget }
        }
        MisereError::Interrupted { heap, last_heap, last_order } => CliError::Interrupted {
            what: what.to_owned(),
            progress: format!(
                "at heap {heap} (the last complete partial quotient: Q_{last_heap} of order {last_order})"
            ),
        },
        other => other.into(),
    }
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

fn sum(game: &OctalCode, q: &MisereQuotient, heaps: &[u64], budget: &Budget) -> Result<Output, CliError> {
    let outcome = q.outcome(heaps).map_err(|e| beyond_quotient(q, e))?;
    // Counted before they are listed: the answer must fit the budget.
    let moves = q.winning_move_count(game, heaps)?;
    budget.check_answer(
        || format!("the answer ({})", count(moves, "winning move", "winning moves")),
        heaps.len(),
        u128::from(moves),
    )?;
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

/// A heap beyond a partial quotient (no period proven by `--max-heap`): says which flag builds
/// further.
fn beyond_quotient(q: &MisereQuotient, error: MisereError) -> CliError {
    match error {
        MisereError::HeapBeyondQuotient { heap, max } => CliError::bad(format!(
            "heap {heap} is beyond the partial quotient of {} to heap {max} (no period proven by then): raise --max-heap (at most {MAX_HEAP}), or pass {LONG_FLAG} to build the quotient to heap {heap}",
            q.game()
        )),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With --allow-long only the memory budget bounds a candidate: the 0.07 quotient of heap
    /// 33 (638 elements) passes through a candidate of 4 128, over the default order limit.
    #[test]
    fn allow_long_lifts_every_limit_but_memory() {
        let budget = Budget::from_mib(4096);
        let quick = limits(33, &budget);
        assert!(quick.max_order < 4128 && quick.effort == MISERE_STEPS);
        let long = limits(33, &budget.with_long_work(true));
        assert!(long.max_order >= 4128 && long.effort == u64::MAX);
        assert_eq!(long.memory_bytes, 4096 << 20);
    }

    /// Each limit the solver reports names the flag that lifts it.
    #[test]
    fn refusals_name_their_flag() {
        let budget = Budget::from_mib(64);
        let too_large = MisereError::QuotientTooLarge { heap: 33, order: 4128, limit: 4096 };
        let line = quotient_error("q", too_large, &budget).to_string();
        assert!(line.contains("4128 elements") && line.contains("pass --allow-long"), "{line}");
        let effort = MisereError::EffortExceeded { heap: 7, limit: 5, last_heap: 6, last_order: 52 };
        assert!(quotient_error("q", effort, &budget).to_string().contains("--allow-long"));
        let memory = MisereError::MemoryBudgetExceeded { heap: 9, needed: 1 << 30, budget: 64 << 20 };
        let line = quotient_error("q", memory, &budget).to_string();
        assert!(line.contains("q at heap 9") && line.contains("--memory"), "{line}");
        let stopped = MisereError::Interrupted { heap: 30, last_heap: 29, last_order: 360 };
        let error = quotient_error("q", stopped, &budget);
        assert_eq!(error.exit_code(), 130);
        assert!(error.to_string().contains("stopped (Ctrl-C, SIGTERM or SIGHUP) at heap 30"), "{error}");
    }
}
