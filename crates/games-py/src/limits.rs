//! The limits every binding runs under, as keyword arguments with the meaning of the command
//! line's flags: `memory` (MiB, `--memory`), `allow_long` (`--allow-long`: lifts every effort
//! and size limit, not the memory budget), and per engine `max_nodes`, `max_seconds`,
//! `max_steps`, `max_heap`. The default `memory` is the command line's, 4096 MiB, written as a
//! literal in each signature so that `help()` and the type stubs show it (pyo3 shows a
//! constant's name as `...`).

use crate::errors::{Failure, Kind, Outcome};

/// Largest `memory` accepted, MiB (1 TiB, as the command line).
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// The memory budget in bytes from `memory` MiB, refused past [`MAX_MEMORY_MIB`] or at 0.
pub fn memory_bytes(mib: u64) -> Outcome<u128> {
    if mib == 0 || mib > MAX_MEMORY_MIB {
        return Err(Failure::bad(format!("memory={mib} MiB: give 1 to {MAX_MEMORY_MIB} MiB")));
    }
    Ok(u128::from(mib) << 20)
}

/// game-nim's limits: the memory budget and `max_steps` (else `default_steps`, none with
/// `allow_long`).
pub fn nim_limits(
    mib: u64,
    max_steps: Option<u128>,
    default_steps: u128,
    allow_long: bool,
) -> Outcome<game_nim::Limits> {
    let max_bytes = memory_bytes(mib)?;
    let max_steps = max_steps.unwrap_or(if allow_long { u128::MAX } else { default_steps });
    Ok(game_nim::Limits { max_bytes, max_steps })
}

/// Refuses `value` of `what` over `limit` unless `allow_long`.
pub fn check_size(what: &str, value: u128, limit: u128, allow_long: bool) -> Outcome<()> {
    if value > limit && !allow_long {
        return Err(Failure::new(
            Kind::Effort,
            format!("{what} is {value}, more than {limit} (pass allow_long=True to go further)"),
        ));
    }
    Ok(())
}
