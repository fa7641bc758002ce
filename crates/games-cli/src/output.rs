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
            out.write_all(terminal_safe(&self.text).as_bytes())?;
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

/// The most characters of one name (a file name, a name read from a file) shown in a message:
/// the rest is elided, so that a name of kilobytes cannot flood the terminal.
pub const MAX_SHOWN_CHARS: usize = 200;

/// The most characters of one error line; longer ones are elided in the middle.
pub const MAX_ERROR_CHARS: usize = 1000;

/// `text` escaped as [`one_line`] does and cut to at most `max` characters (plus the note of
/// what was cut): the start and the end are kept, the middle is replaced by
/// `...(N characters elided)...`.
pub fn elided(text: &str, max: usize) -> String {
    let escaped = one_line(text);
    let chars = escaped.chars().count();
    if chars <= max {
        return escaped;
    }
    let head = max / 2;
    let tail = max - head;
    let start: String = escaped.chars().take(head).collect();
    let end: String = escaped.chars().skip(chars - tail).collect();
    format!("{start}...({} characters elided)...{end}", chars - head - tail)
}

/// A name from the user or a file as a message shows it: escaped and cut to
/// [`MAX_SHOWN_CHARS`].
pub fn shown(name: &str) -> String {
    elided(name, MAX_SHOWN_CHARS)
}

/// A text answer made safe for a terminal: every control character but the line break and the
/// tab escaped (a name read from a file or given as an argument can hold any of them; the
/// answer's own lines and columns are kept).
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_elided_and_controls_escaped() {
        assert_eq!(elided("abc", 10), "abc");
        assert_eq!(elided("a\u{1b}[2Jb", 100), "a\\u{1b}[2Jb");
        let long = "x".repeat(5000);
        let cut = elided(&long, 100);
        assert!(cut.starts_with(&"x".repeat(50)) && cut.ends_with(&"x".repeat(50)), "{cut}");
        assert!(cut.contains("...(4900 characters elided)..."), "{cut}");
        assert_eq!(terminal_safe("a\tb\nc\rd\u{7}"), "a\tb\nc\\rd\\u{7}");
    }
}
