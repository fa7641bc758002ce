//! Long work seen and stopped from the terminal: a progress bar with the time left (indicatif,
//! drawn on stderr only when it is a terminal) and a clean stop on Ctrl-C.
//!
//! Every command but `play` runs under the signal handler ([`catch_signals`]). Computations
//! that poll ([`stop_requested`]) between chunks of work say so ([`catch_ctrl_c`]): the first
//! Ctrl-C asks them to stop at the next chunk (a value file then keeps everything computed so
//! far) and they end with their own "stopped" line. Any other command has nothing to keep: the
//! first Ctrl-C prints the "stopped" line and ends the program at once, with exit code 130 (a
//! command killed by the signal would print nothing). A second Ctrl-C always ends the program
//! at once. SIGTERM and SIGHUP count as Ctrl-C (ctrlc's `termination` feature): `kill PID`, a
//! closed terminal and a batch system's time limit (Slurm sends SIGTERM) stop the work as
//! cleanly.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

/// Set by the first Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// Set when the running command polls [`stop_requested`] and prints its own "stopped" line.
static POLLED: AtomicBool = AtomicBool::new(false);

/// The line (after `error: `) of a command stopped before it had anything to keep.
pub const STOPPED_LINE: &str =
    "stopped (Ctrl-C, SIGTERM or SIGHUP) before the answer was complete; nothing was written";

/// Installs the signal handler (once; later calls do nothing): the first Ctrl-C, SIGTERM or
/// SIGHUP sets the stop flag, and ends the program with [`STOPPED_LINE`] and exit code 130
/// unless the command polls the flag ([`catch_ctrl_c`]); the second exits with code 130.
pub fn catch_signals() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Without a handler (an unusual platform) Ctrl-C ends the program as usual.
        let _ = ctrlc::set_handler(|| {
            let again = STOP.swap(true, Ordering::SeqCst);
            if !again && !POLLED.load(Ordering::SeqCst) {
                crate::error_line(&format!("error: {STOPPED_LINE}"));
            }
            if again || !POLLED.load(Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    });
}

/// Says that the running command polls [`stop_requested`] between chunks of work and ends with
/// its own "stopped" line, and installs the handler if needed: the first Ctrl-C then only asks
/// it to stop.
pub fn catch_ctrl_c() {
    POLLED.store(true, Ordering::SeqCst);
    catch_signals();
}

/// Says that the running command no longer polls [`stop_requested`] (its long work is over):
/// a Ctrl-C from now on ends the program at once with [`STOPPED_LINE`].
pub fn stop_polling() {
    POLLED.store(false, Ordering::SeqCst);
}

/// Whether Ctrl-C asked the work to stop.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// A progress bar of `total` units on stderr when it is a terminal, nothing otherwise.
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar labelled `what` ("octal 0.6", ...) counting `unit`s ("heaps", "tasks").
    pub fn new(what: &str, unit: &str, total: u64) -> Self {
        if !std::io::stderr().is_terminal() {
            return Bar { bar: None };
        }
        let bar = ProgressBar::new(total);
        let template =
            format!("{what} {{bar:40}} {{human_pos}}/{{human_len}} {unit}, {{eta}} left (Ctrl-C stops)");
        bar.set_style(
            ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Bar { bar: Some(bar) }
    }

    /// Shows `done` of `total` units.
    pub fn show(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// The observer of a game-nim computation: shows its progress, and stops it on Ctrl-C.
    pub fn observe(&self, progress: game_nim::Progress) -> ControlFlow<()> {
        self.show(progress.done, progress.total);
        if stop_requested() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
