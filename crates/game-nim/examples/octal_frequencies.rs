//! The value frequencies of one octal game at every power of two, in one run: the values of
//! heaps `0..=2^MAX_POWER` (game-nim's rare/common kernel, in narrow cells), then the
//! frequencies of heaps `1..=2^k` for k = 1..=MAX_POWER counted as the values are computed
//! (`OctalGame::frequencies_at_powers_of_two`), each written to `OUT_DIR/CODE/2^k` as lines
//! `value frequency` as soon as the computation has passed heap `2^k` (the layout of rogalski-wmii-uni-lodz-pl/octal's `results/CODE/N`).
//! Run by `scripts/octal-frequencies.sh` and `cargo xtask records --octal-frequencies`.
//!
//! Usage: `octal_frequencies CODE MAX_POWER OUT_DIR [--max-gib G] [--max-seconds S]`: a memory
//! budget (default 8 GiB) and a time budget (default none). A run that reaches its time budget
//! stops at the next chunk of heaps, keeps the files of every power it passed and says so.
//!
//! The memory is stated on standard error before anything is allocated, progress follows there
//! (one line per 8th of the heaps), and one JSON line of figures is printed on standard output
//! at the end: the code, the heaps asked for, the last power reached, the largest value up to
//! it, the files written, the seconds taken, what stopped the run (`"stopped": null` when it
//! reached `2^MAX_POWER`) and the period the kernel proved on the way (`"period":
//! {"preperiod": N0, "period": P}`), or `"period": null`: the kernel's Guy-Smith search ran at
//! every power of two passed, so no period `p` with pre-period `n0` and `2 n0 + 2 p + t <=
//! 2^reached_power` exists (`t` the largest take).

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use game_nim::{CellWidth, Limits, NimError, OctalGame, narrow_table_bytes};

/// The largest power accepted: 2^40 heaps, the narrow table's bound.
const MAX_POWER: u32 = 39;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fail = |message: String| -> ! {
        eprintln!("octal_frequencies: {message}");
        std::process::exit(2)
    };
    let usage = "usage: octal_frequencies CODE MAX_POWER OUT_DIR [--max-gib G] [--max-seconds S]";
    let (positional, options) = args.split_at(args.len().min(3));
    if positional.len() < 3 {
        fail(usage.to_string());
    }
    let (mut max_gib, mut max_seconds): (u128, Option<u64>) = (8, None);
    for pair in options.chunks(2) {
        match pair {
            [flag, g] if flag == "--max-gib" => {
                max_gib = g.parse().unwrap_or_else(|e| fail(format!("bad --max-gib: {e}")))
            }
            [flag, s] if flag == "--max-seconds" => {
                max_seconds = Some(s.parse().unwrap_or_else(|e| fail(format!("bad --max-seconds: {e}"))))
            }
            _ => fail(usage.to_string()),
        }
    }
    let game: OctalGame = positional[0].parse().unwrap_or_else(|e| fail(format!("{e}")));
    let max_power: u32 = positional[1].parse().unwrap_or_else(|e| fail(format!("bad MAX_POWER: {e}")));
    if !(1..=MAX_POWER).contains(&max_power) {
        fail(format!("MAX_POWER must be 1 to {MAX_POWER}, not {max_power}"));
    }
    let out = Path::new(&positional[2]).join(game.to_string());
    let heaps = 1u64 << max_power;
    let limits = Limits { max_bytes: max_gib << 30, max_steps: u128::MAX };
    // Stated before anything is allocated (the kernel checks the same figures against the
    // budget before each allocation; the frequencies need a few kilobytes more).
    eprintln!(
        "octal_frequencies: {game}, heaps 0..={heaps}: {} bytes while every value is below 256, {} below 65536 \
         (plus scratch); budget {max_gib} GiB",
        narrow_table_bytes(heaps, CellWidth::U8),
        narrow_table_bytes(heaps, CellWidth::U16)
    );
    std::fs::create_dir_all(&out).unwrap_or_else(|e| fail(format!("{}: {e}", out.display())));
    let start = Instant::now();
    let mut next_report = 0;
    let (mut files, mut largest, mut reached) = (0, 0, 0);
    let mut out_of_time = false;
    let mut periodicity = None;
    let run = game.frequencies_at_powers_of_two(
        max_power,
        &limits,
        &mut |p| {
            periodicity = p.periodicity;
            if max_seconds.is_some_and(|s| start.elapsed().as_secs() >= s) {
                out_of_time = true;
                return ControlFlow::Break(());
            }
            if p.done >= next_report {
                eprintln!(
                    "[{:>8.1} s] {game}: {} of {} heaps",
                    start.elapsed().as_secs_f64(),
                    p.done,
                    p.total
                );
                next_report = p.done + p.total / 8;
            }
            ControlFlow::Continue(())
        },
        &mut |p| {
            // Written whole under a temporary name and renamed: a file is never half there,
            // and a run stopped early keeps every power it reached.
            let path = out.join(p.heaps.to_string());
            let partial = out.join(format!(".{}.partial", p.heaps));
            std::fs::write(&partial, p.to_lines())
                .unwrap_or_else(|e| fail(format!("{}: {e}", partial.display())));
            std::fs::rename(&partial, &path).unwrap_or_else(|e| fail(format!("{}: {e}", path.display())));
            (files, largest, reached) = (files + 1, p.frequencies.len() - 1, p.heaps.ilog2());
        },
    );
    // A stop asked for by the time budget is an answer (how far the code went); any other
    // error is a failure.
    let stopped = match run {
        Ok(()) => "null".to_string(),
        Err(NimError::Stopped { .. }) if out_of_time => {
            format!("\"the time budget of {} s\"", max_seconds.unwrap_or(0))
        }
        Err(e) => fail(format!("{e}")),
    };
    eprintln!(
        "octal_frequencies: {game}: {files} files in {}, {:.1} s",
        out.display(),
        start.elapsed().as_secs_f64()
    );
    let period = periodicity
        .map_or("null".to_string(), |p| format!("{{\"preperiod\":{},\"period\":{}}}", p.preperiod, p.period));
    println!(
        "{{\"code\":\"{game}\",\"max_power\":{max_power},\"heaps\":{heaps},\"reached_power\":{reached},\
         \"largest\":{largest},\"files\":{files},\"seconds\":{:.1},\"stopped\":{stopped},\"period\":{period}}}",
        start.elapsed().as_secs_f64()
    );
}
