//! `games grundy --values N [--out FILE] [--stats]`: the one-heap values of Grundy's game
//! (game-takebreak), printed, written to a value file (game-core's generic layout, named
//! `grundy`) that an interrupted run continues, and summed up by the statistics octal programs
//! print.

use std::path::Path;

use game_core::value_file::{self, OnDamage, ValueFileError};
use game_nim::{Limits, ValueStatistics};
use game_takebreak::{GrundyValueTable, estimated_bytes};
use serde_json::json;

use crate::cli::GrundyArgs;
use crate::error::CliError;
use crate::heaps::{MAX_OCTAL_VALUES, repaired_line, stats_text};
use crate::limits::Budget;
use crate::output::Output;
use crate::work::{Bar, stop_requested};

/// The name of Grundy's game in the header of its value files.
pub const VALUE_FILE_NAME: &str = "grundy";

/// Heaps computed between two checkpoints: a 128th of the heaps asked for, at least 2^16, as
/// for octal value files.
fn chunk_heaps(n: u64) -> u64 {
    (n / 128).max(1 << 16)
}

/// Heaps computed between two looks at Ctrl-C: each value costs a pass over the few rare heaps
/// (game-takebreak's sparse method), so this is far less than the second a stop may take.
const POLL_HEAPS: u64 = 1 << 12;

/// Heaps computed in one run without `--allow-long`, whatever is printed or written: a few
/// seconds of work, the time growing linearly with the heaps (BENCHMARKS.md, "Effort limits
/// of the command line"). Heaps a value file already holds are read, not computed, and do not
/// count.
pub const MAX_COMPUTED_HEAPS: u64 = 1_000_000;

/// Refuses, without `--allow-long`, a run that would compute more than [`MAX_COMPUTED_HEAPS`]
/// heaps: those of `0..=n` past the `stored` ones.
fn check_work(budget: &Budget, n: u64, stored: usize) -> Result<(), CliError> {
    let computed = u128::from(n) + 1 - (stored as u128).min(u128::from(n) + 1);
    budget.check_size(
        || format!("the number of heaps of Grundy's game computed in one run (heaps {stored}..={n})"),
        computed,
        u128::from(MAX_COMPUTED_HEAPS),
    )
}

/// Runs `games grundy ...`.
pub fn run(args: &GrundyArgs, budget: &Budget) -> Result<Output, CliError> {
    let Some(n) = args.values else {
        return Err(CliError::bad(
            "say what to compute: --values N (with --out FILE or --stats if you like)",
        ));
    };
    let title = "Grundy's game";
    let printed = args.out.is_none() && !args.stats;
    if printed {
        budget.check_size(
            || "the number of values printed (use --out FILE or --stats for long tables)".to_string(),
            u128::from(n),
            u128::from(MAX_OCTAL_VALUES),
        )?;
    }
    let memory_limit = u64::try_from(budget.memory_bytes).unwrap_or(u64::MAX);
    budget.check(|| format!("the values of {title}, heaps 0..={n}"), u128::from(estimated_bytes(n)))?;
    if !args.out.as_ref().is_some_and(|path| path.exists()) {
        check_work(budget, n, 0)?;
    }
    // One writer per file: a second run is refused before it reads anything.
    let _lock = match &args.out {
        Some(path) => {
            crate::files::reject_special_file(path)?;
            Some(value_file::lock(path).map_err(|e| file_error(path, e))?)
        }
        None => None,
    };
    // Stored values first (checked by game-takebreak before it goes on from them).
    let room = usize::try_from(n.saturating_add(1)).unwrap_or(usize::MAX);
    let on_damage = if args.repair { OnDamage::KeepPrefix } else { OnDamage::Refuse };
    let mut repaired = None;
    let stored = match &args.out {
        Some(path) if path.exists() => {
            let stored = value_file::read_values(path, VALUE_FILE_NAME, room, budget.memory_bytes, on_damage)
                .map_err(|e| file_error(path, e))?;
            check_work(budget, n, stored.values.len())?;
            if let Some(damage) = stored.damage {
                // Cut at the damage now: the file then holds only checked values, whatever
                // stops this run.
                if stored.values.is_empty() {
                    value_file::write_values(path, VALUE_FILE_NAME, &[])
                } else {
                    value_file::append_values(path, VALUE_FILE_NAME, &stored.values, stored.values.len())
                }
                .map_err(|e| file_error(path, e))?;
                repaired = Some(damage);
            }
            stored.values
        }
        Some(path) => {
            value_file::write_values(path, VALUE_FILE_NAME, &[]).map_err(|e| file_error(path, e))?;
            Vec::new()
        }
        None => Vec::new(),
    };
    let mut table = GrundyValueTable::resume(stored, n, memory_limit)?;
    let total = n.saturating_add(1);
    let bar = Bar::new(title, "heaps", total);
    let mut written = table.values().len();
    // The file's width once this run has written to it.
    let mut width = None;
    let mut save = |values: &[u32], written: &mut usize| -> Result<(), CliError> {
        if let Some(path) = &args.out {
            width = Some(
                value_file::append_values(path, VALUE_FILE_NAME, values, *written)
                    .map_err(|e| file_error(path, e))?,
            );
            *written = values.len();
        }
        Ok(())
    };
    let mut checkpoint = (written as u64).saturating_add(chunk_heaps(n));
    loop {
        let done = table.values().len() as u64;
        bar.show(done, total);
        if done >= total {
            break;
        }
        if stop_requested() {
            // Everything computed is saved: the same command goes on from there.
            save(table.values(), &mut written)?;
            return Err(CliError::Stopped {
                done,
                total,
                saved: args.out.as_ref().map(|p| p.display().to_string()),
            });
        }
        table.extend_to(done.saturating_add(POLL_HEAPS - 1).min(checkpoint - 1).min(n));
        let done = table.values().len() as u64;
        if done >= checkpoint || done >= total {
            save(table.values(), &mut written)?;
            checkpoint = done.saturating_add(chunk_heaps(n));
        }
    }
    drop(bar);
    let values = table.values();
    if printed {
        let shown: Vec<String> = values.iter().map(u32::to_string).collect();
        return Ok(Output::new(
            format!("{title}: g(0..={n}) = {}", shown.join(" ")),
            json!({ "game": "grundy", "n": n, "values": values }),
        ));
    }
    let mut text = String::new();
    let mut json = json!({ "game": "grundy", "n": n });
    if let (Some(path), Some(damage)) = (&args.out, &repaired) {
        text.push_str(&repaired_line(path, damage));
        text.push('\n');
        json["repaired"] = json!(damage.to_string());
    }
    if let Some(path) = &args.out {
        // None: nothing was computed, the file already held every heap asked for.
        let width = match width {
            Some(width) => width,
            None => file_width(path)?,
        };
        text.push_str(&format!(
            "{title}: the values of heaps 0..={n} are in {} ({width}-byte value file, see docs/value-files.md)\n",
            path.display()
        ));
        json["out"] = json!(path.display().to_string());
        json["width"] = json!(width);
    }
    if args.stats {
        let limits = Limits { max_bytes: budget.memory_bytes, ..Limits::UNLIMITED };
        let stats = ValueStatistics::of_values(values, &limits)?;
        text.push_str(&stats_text(title, &stats));
        json["stats"] = json!(stats);
    }
    Ok(Output::new(text, json))
}

/// The width of the values in a value file, from its header.
fn file_width(path: &Path) -> Result<u8, CliError> {
    let mut file = std::fs::File::open(path)
        .map_err(|source| CliError::Io { path: path.display().to_string(), source })?;
    Ok(value_file::read_header(&mut file).map_err(|e| file_error(path, e))?.width)
}

fn file_error(path: &Path, source: ValueFileError) -> CliError {
    CliError::ValueFile { path: path.display().to_string(), source }
}
