//! Long work seen and stopped from the terminal: a progress bar with the time left (indicatif,
//! drawn on stderr only when it is a terminal) and a clean stop on Ctrl-C.
//!
//! Computations that poll ([`stop_requested`]) between chunks of work install the Ctrl-C
//! handler ([`catch_ctrl_c`]): the first Ctrl-C asks them to stop at the next chunk (a value
//! file then keeps everything computed so far), a second one ends the program at once. SIGTERM
//! and SIGHUP count as Ctrl-C (ctrlc's `termination` feature): `kill PID`, a closed terminal
//! and a batch system's time limit (Slurm sends SIGTERM) stop the work as cleanly.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

/// Set by the first Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler (once; later calls do nothing): the first Ctrl-C, SIGTERM or
/// SIGHUP sets the stop flag, the second exits with code 130.
pub fn catch_ctrl_c() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Without a handler (an unusual platform) Ctrl-C ends the program as usual.
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    });
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
