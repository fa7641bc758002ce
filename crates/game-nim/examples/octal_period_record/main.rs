//! One record of an octal game's long period, computed and proven: `cargo xtask records --octal
//! CODE` runs it for the entries of `records/octal-periods.json` (release build).
//!
//! Usage: `octal_period_record CODE HEAPS [PLAIN_PREFIX]`
//!
//! 1. computes the values of heaps `0..HEAPS` by the rare/common kernel without its period
//!    shortcut (`OctalGame::grundy_values_sparse`: every value from its options), the memory
//!    stated first;
//! 2. finds the pre-period and period with game-nim's `guy_smith_periodicity`;
//! 3. proves them with the checks of `check.rs`, written apart: the Guy-Smith range compared
//!    value by value, the pre-period exact, the period least (a mismatch for `p / q`, each prime
//!    `q | p`);
//! 4. compares the first `PLAIN_PREFIX` values with `OctalGame::grundy_values_plain` (the
//!    definition, quadratic).
//!
//! Prints one line of JSON on standard output (the figures; the comparison with the published
//! values is done by `cargo xtask records`), progress on standard error. Exit status 1 if no
//! period is proven or a check fails, 2 on bad arguments.

mod check;

use std::time::{Duration, Instant};

use game_nim::{OctalGame, guy_smith_periodicity, system_can_allocate};

/// Bytes a heap at the peak: narrow cells (at most 2 bytes while values stay below 65 536, 4
/// beyond, both widths held while widening) and the `u32` copy returned.
const PEAK_BYTES_PER_HEAP: u128 = 8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 || args.len() > 3 {
        eprintln!("usage: octal_period_record CODE HEAPS [PLAIN_PREFIX]");
        std::process::exit(2);
    }
    let usage = |message: String| -> ! {
        eprintln!("octal_period_record: {message}");
        std::process::exit(2)
    };
    let game: OctalGame = args[0].parse().unwrap_or_else(|e| usage(format!("{e}")));
    let heaps: usize = args[1].parse().unwrap_or_else(|e| usage(format!("bad HEAPS: {e}")));
    let plain_prefix: usize = match args.get(2) {
        Some(p) => p.parse().unwrap_or_else(|e| usage(format!("bad PLAIN_PREFIX: {e}"))),
        None => 0,
    };
    if heaps == 0 || plain_prefix > heaps {
        usage("HEAPS must be at least 1 and PLAIN_PREFIX at most HEAPS".to_string());
    }
    let peak = heaps as u128 * PEAK_BYTES_PER_HEAP;
    eprintln!(
        "{game}: heaps 0..{heaps}, at most {peak} bytes ({} MiB) for the values, then the plain method on {plain_prefix} heaps",
        peak >> 20
    );
    if !system_can_allocate(peak) {
        usage(format!("the system does not grant {peak} bytes"));
    }
    let started = Instant::now();
    let values =
        with_progress(&format!("{game}: computing {heaps} values"), || game.grundy_values_sparse(heaps - 1))
            .unwrap_or_else(|e| usage(format!("{e}")));
    let compute_seconds = started.elapsed().as_secs_f64();
    let (largest_heap, largest_value) =
        values.iter().enumerate().fold((0, 0), |best, (i, &v)| if v > best.1 { (i, v) } else { best });

    let t = game.max_take();
    let found = with_progress(&format!("{game}: finding the period"), || guy_smith_periodicity(&values, t));
    let mut failures = Vec::new();
    let mut proof_json = String::from("null");
    let (preperiod, period) = match found {
        Some(p) => (Some(p.preperiod), Some(p.period)),
        None => {
            failures.push(format!("no period proven within {heaps} heaps"));
            (None, None)
        }
    };
    if let (Some(n0), Some(p)) = (preperiod, period) {
        match with_progress(&format!("{game}: proving"), || check::prove_periodicity(&values, n0, p, t)) {
            Ok(proof) => {
                let witnesses: Vec<String> = proof
                    .minimality
                    .iter()
                    .map(|(d, n)| format!("{{\"divisor\":{d},\"mismatch_at\":{n}}}"))
                    .collect();
                proof_json = format!(
                    "{{\"range\":[{},{}],\"comparisons\":{},\"minimality\":[{}]}}",
                    proof.range.0,
                    proof.range.1,
                    proof.comparisons,
                    witnesses.join(",")
                );
            }
            Err(e) => failures.push(format!("proof failed: {e}")),
        }
    }
    let plain_started = Instant::now();
    let plain_agrees = if plain_prefix == 0 {
        "null".to_string()
    } else {
        let plain = with_progress(&format!("{game}: plain method on {plain_prefix} heaps"), || {
            game.grundy_values_plain(plain_prefix - 1)
        })
        .unwrap_or_else(|e| usage(format!("{e}")));
        match check::first_difference(&plain, &values[..plain_prefix]) {
            None if plain.len() == plain_prefix => "true".to_string(),
            None => {
                failures.push("the plain method returned a table of another length".to_string());
                "false".to_string()
            }
            Some(n) => {
                failures.push(format!("the plain method differs at heap {n}"));
                "false".to_string()
            }
        }
    };
    let plain_seconds = plain_started.elapsed().as_secs_f64();
    let (cpu_seconds, peak_rss_kb) = process_usage();
    let opt = |x: Option<usize>| x.map_or("null".to_string(), |v| v.to_string());
    let failures_json: Vec<String> = failures.iter().map(|f| format!("{f:?}")).collect();
    println!(
        "{{\"code\":\"{game}\",\"heaps\":{heaps},\"max_take\":{t},\"preperiod\":{},\"period\":{},\
         \"largest_value\":{largest_value},\"largest_heap\":{largest_heap},\"proof\":{proof_json},\
         \"plain_prefix\":{plain_prefix},\"plain_agrees\":{plain_agrees},\
         \"compute_seconds\":{compute_seconds:.1},\"plain_seconds\":{plain_seconds:.1},\
         \"cpu_seconds\":{},\"peak_rss_kb\":{},\"failures\":[{}]}}",
        opt(preperiod),
        opt(period),
        cpu_seconds.map_or("null".to_string(), |s| format!("{s:.1}")),
        opt(peak_rss_kb),
        failures_json.join(",")
    );
    if !failures.is_empty() {
        for f in &failures {
            eprintln!("{game}: FAILED: {f}");
        }
        std::process::exit(1);
    }
}

/// Runs `work` under a spinner showing `label` and the elapsed time (indicatif draws it only
/// on a terminal), then prints the time taken.
fn with_progress<T>(label: &str, work: impl FnOnce() -> T) -> T {
    let spinner = indicatif::ProgressBar::new_spinner().with_message(label.to_string());
    spinner.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg}: {elapsed}").expect("a valid template"),
    );
    spinner.enable_steady_tick(Duration::from_secs(1));
    let started = Instant::now();
    let result = work();
    spinner.finish_and_clear();
    eprintln!("{label}: done in {:.1} s", started.elapsed().as_secs_f64());
    result
}

/// CPU seconds (user + system, all threads) and peak resident memory in KiB of this process,
/// from `/proc` (Linux); `None` elsewhere.
fn process_usage() -> (Option<f64>, Option<usize>) {
    let cpu = std::fs::read_to_string("/proc/self/stat").ok().and_then(|stat| {
        // Fields after the command name (which ends with the last ')'): utime is the 12th,
        // stime the 13th, in clock ticks of 1/100 s on Linux.
        let rest = &stat[stat.rfind(')')? + 2..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    });
    let rss = std::fs::read_to_string("/proc/self/status").ok().and_then(|status| {
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    });
    (cpu, rss)
}
