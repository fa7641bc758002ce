//! What a subcommand prints: a human-readable text and the same answer as one JSON object.

use std::io::Write;

use serde_json::Value;

/// The answer of a subcommand, in both forms; `main` prints the one the user asked for.
#[derive(Debug, Clone)]
pub struct Output {
    /// Text for a human, printed as is (a trailing newline is added if missing).
    pub text: String,
    /// The machine-readable answer, printed as one compact JSON object on one line.
    pub json: Value,
}

impl Output {
    /// An answer with both forms.
    pub fn new(text: impl Into<String>, json: Value) -> Self {
        Output { text: text.into(), json }
    }

    /// Prints the JSON object (`json == true`) or the text to stdout.
    ///
    /// # Errors
    /// If stdout cannot be written (e.g. a closed pipe: `games ... | head`), which `main`
    /// treats as the reader having had enough, not as a crash.
    pub fn print(&self, json: bool) -> std::io::Result<()> {
        let mut out = std::io::stdout().lock();
        if json {
            writeln!(out, "{}", self.json)?;
        } else if !self.text.is_empty() {
            out.write_all(self.text.as_bytes())?;
            if !self.text.ends_with('\n') {
                out.write_all(b"\n")?;
            }
        }
        out.flush()
    }
}

/// `text` on one line with every control character escaped (`\n`, `\t`, `\u{1b}`, ...), for
/// text read from files or given by the user and echoed to a terminal: no line breaks, no
/// escape sequences that would move the cursor or recolour the terminal.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}
