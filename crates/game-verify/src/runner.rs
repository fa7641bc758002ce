//! Running a set of claims in parallel, choosing claims by id, and the table of results.

use std::time::Instant;

use rayon::prelude::*;

use crate::snapshots::VerifyError;
use crate::{Claim, Report, Scale, run};

/// A report with the wall-clock seconds its check took (timings stay out of [`Report`], which
/// must be deterministic).
#[derive(Debug, Clone)]
pub struct Timed {
    /// The report.
    pub report: Report,
    /// Seconds the check took.
    pub seconds: f64,
}

/// Runs `claims` at `scale` in parallel (rayon's pool), calling `on_done` after each one (e.g.
/// to advance a progress bar). The results are in the order of `claims`.
pub fn run_claims(claims: &[Claim], scale: Scale, on_done: &(dyn Fn(&Report) + Sync)) -> Vec<Timed> {
    claims
        .par_iter()
        .map(|claim| {
            let started = Instant::now();
            let report = run(claim, scale);
            on_done(&report);
            Timed { report, seconds: started.elapsed().as_secs_f64() }
        })
        .collect()
}

/// The claims whose ids are in `ids`, in registry order; all of them if `ids` is empty.
///
/// # Errors
/// [`VerifyError::UnknownClaim`] for an id that names no claim.
pub fn select(claims: Vec<Claim>, ids: &[String]) -> Result<Vec<Claim>, VerifyError> {
    if let Some(unknown) = ids.iter().find(|id| !claims.iter().any(|c| c.id == id.as_str())) {
        return Err(VerifyError::UnknownClaim {
            id: unknown.clone(),
            known: claims.iter().map(|c| c.id).collect::<Vec<_>>().join(" "),
        });
    }
    Ok(claims.into_iter().filter(|c| ids.is_empty() || ids.iter().any(|id| id == c.id)).collect())
}

/// The results as a text table: claim, bound, cases, verdict, pass or FAIL, seconds, and the
/// counterexample (expected or not) under its claim.
pub fn table(results: &[Timed]) -> String {
    use std::fmt::Write;
    let bound_width = results.iter().map(|t| t.report.bound.chars().count()).max().unwrap_or(5).clamp(5, 70);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<6} {:<bound_width$} {:>12} {:<9} {:<6} {:>8}",
        "claim", "bound", "cases", "verdict", "ok", "seconds"
    );
    for Timed { report: r, seconds } in results {
        let mut bound: String = r.bound.chars().take(bound_width).collect();
        if r.bound.chars().count() > bound_width {
            bound.pop();
            bound.push('…');
        }
        let _ = writeln!(
            out,
            "{:<6} {:<bound_width$} {:>12} {:<9} {:<6} {:>8.2}",
            r.claim,
            bound,
            r.cases,
            format!("{:?}", r.verdict),
            if r.passed() { "pass" } else { "FAIL" },
            seconds
        );
        if let Some(c) = &r.counterexample {
            let _ = writeln!(out, "       counterexample: {c}");
        }
    }
    out
}
