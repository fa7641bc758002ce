//! The record computation of Grundy's game: `cargo xtask records --grundy` runs it for the
//! entry of `records/grundy-game.json` (release build).
//!
//! Usage: `grundy_record HEAPS [PLAIN_PREFIX]`
//!
//! Computes the values of heaps `0..HEAPS` with the rare/common table
//! ([`game_takebreak::grundy_values_within`]), the memory stated first; compares the first
//! `PLAIN_PREFIX` of them with the definition ([`game_takebreak::grundy_values_plain`], at most
//! [`game_takebreak::MAX_PLAIN_HEAP`] + 1 heaps); prints one line of JSON on standard output
//! with, for every power of two `2^k <= HEAPS`, the largest value among heaps `0..2^k` and the
//! first heap that has it, the number of rare heaps among `0..2^k` and the last of them, and the
//! list of every rare heap with its value (`rare_list`, `[heap, value]` pairs). A heap
//! is *rare* when its value without the lowest bit has an even number of one bits (Flammenkamp's
//! sparse set of Grundy's game, whose published list starts with heap 0). Exit status 1 if the two methods differ, 2 on bad arguments or
//! a refused table.

use std::time::{Duration, Instant};

use game_takebreak::{
    DEFAULT_MEMORY_LIMIT, MAX_PLAIN_HEAP, estimated_bytes, grundy_values_plain, grundy_values_within,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = |message: &str| -> ! {
        eprintln!("grundy_record: {message}");
        eprintln!("usage: grundy_record HEAPS [PLAIN_PREFIX]");
        std::process::exit(2)
    };
    if args.is_empty() || args.len() > 2 {
        usage("one or two arguments");
    }
    let heaps: u64 = args[0].parse().unwrap_or_else(|_| usage("HEAPS must be a number"));
    let plain_prefix: u64 = match args.get(1) {
        Some(p) => p.parse().unwrap_or_else(|_| usage("PLAIN_PREFIX must be a number")),
        None => 0,
    };
    if heaps == 0 || plain_prefix > heaps || plain_prefix > MAX_PLAIN_HEAP + 1 {
        usage("HEAPS >= 1, PLAIN_PREFIX <= HEAPS and <= MAX_PLAIN_HEAP + 1");
    }
    let limit = DEFAULT_MEMORY_LIMIT.max(estimated_bytes(heaps - 1));
    eprintln!(
        "Grundy's game: heaps 0..{heaps}, at most {} bytes ({} MiB) by the table's own estimate",
        estimated_bytes(heaps - 1),
        estimated_bytes(heaps - 1) >> 20
    );
    if limit > 8 << 30 {
        usage("more than 8 GiB: refused");
    }
    let started = Instant::now();
    let values = with_progress(&format!("Grundy's game: computing {heaps} values"), || {
        grundy_values_within(heaps - 1, limit)
    })
    .unwrap_or_else(|e| usage(&e.to_string()));
    let compute_seconds = started.elapsed().as_secs_f64();
    eprintln!("Grundy's game: {heaps} values in {compute_seconds:.1} s");

    let mut powers = Vec::new();
    // Every rare heap with its value (1274 below 2^24: a short list).
    let mut rare_list = Vec::new();
    let (mut largest, mut largest_heap, mut rare, mut last_rare) = (0u32, 0usize, 0u64, 0usize);
    for (n, &v) in values.iter().enumerate() {
        if v > largest {
            (largest, largest_heap) = (v, n);
        }
        if (v & !1).count_ones().is_multiple_of(2) {
            rare += 1;
            last_rare = n;
            rare_list.push(format!("[{n},{v}]"));
        }
        if (n + 1).is_power_of_two() {
            powers.push(format!(
                "{{\"heaps\":{},\"largest_value\":{largest},\"largest_heap\":{largest_heap},\"rare_heaps\":{rare},\"last_rare_heap\":{last_rare}}}",
                n + 1
            ));
        }
    }
    let plain_started = Instant::now();
    let mut failure = None;
    if plain_prefix > 0 {
        let plain = grundy_values_plain(plain_prefix - 1).unwrap_or_else(|e| usage(&e.to_string()));
        if let Some(n) = plain.iter().zip(&values).position(|(a, b)| a != b) {
            failure = Some(format!("the plain method differs at heap {n}"));
        } else if plain.len() as u64 != plain_prefix {
            failure = Some("the plain method returned a table of another length".to_string());
        }
    }
    let plain_seconds = plain_started.elapsed().as_secs_f64();
    let (cpu, rss) = process_usage();
    println!(
        "{{\"heaps\":{heaps},\"largest_value\":{largest},\"largest_heap\":{largest_heap},\"rare_heaps\":{rare},\
         \"last_rare_heap\":{last_rare},\"rare_list\":[{}],\"powers_of_two\":[{}],\"plain_prefix\":{plain_prefix},\
         \"plain_agrees\":{},\"compute_seconds\":{compute_seconds:.1},\"plain_seconds\":{plain_seconds:.1},\
         \"cpu_seconds\":{},\"peak_rss_kb\":{}}}",
        rare_list.join(","),
        powers.join(","),
        if plain_prefix == 0 { "null".to_string() } else { failure.is_none().to_string() },
        cpu.map_or("null".to_string(), |s| format!("{s:.1}")),
        rss.map_or("null".to_string(), |k| k.to_string()),
    );
    if let Some(f) = failure {
        eprintln!("Grundy's game: FAILED: {f}");
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

/// CPU seconds (user + system) and peak resident memory in KiB of this process, from `/proc`
/// (Linux); `None` elsewhere.
fn process_usage() -> (Option<f64>, Option<u64>) {
    let cpu = std::fs::read_to_string("/proc/self/stat").ok().and_then(|stat| {
        // After the command name (ending with the last ')'): utime is the 12th field, stime the
        // 13th, in clock ticks of 1/100 s on Linux.
        let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split_whitespace().collect();
        let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    });
    let rss = std::fs::read_to_string("/proc/self/status").ok().and_then(|status| {
        status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
    });
    (cpu, rss)
}
