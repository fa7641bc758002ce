//! `games play wythoff | nim | octal | rotation`: line-oriented dialogues over stdin/stdout.
//!
//! The human moves first; the program answers with the perfect strategy (a winning move when
//! there is one, else a small move that keeps the game long). Octal games are played in misère
//! play, their moves and advice read from the misère quotient (game-misere). For the rotation puzzle the human
//! solves it alone and may ask for a `hint` or `undo` a move. Bad or illegal input is explained
//! in one line and the game goes on; `quit` or the end of input ends the dialogue cleanly.
//! With `--json` nothing is printed while playing; one JSON object with the transcript is
//! printed at the end.

use std::io::{BufRead, Write};

use game_core::Outcome;
use game_misere::{HeapGame, MisereQuotient, OctalCode, QuotientSolver};
use game_nim::{NimMove, PlayRule, apply_move, winning_moves};
use game_rotation::{LossReason, Puzzle, State, Status, emptying};
use serde_json::{Value, json};

use crate::cli::PlayCommand;
use crate::error::{CliError, to_usize};
use crate::heaps::{describe_nim_move, rule};
use crate::limits::Budget;
use crate::misere;
use crate::output::Output;
use crate::wythoff::{describe, misere_winning_moves};

/// Largest rotation puzzle offered for play.
pub const MAX_PLAY_N: u64 = 64;

/// Nodes one hint search may visit before giving up.
pub const HINT_BUDGET: u64 = 2_000_000;

/// Nodes all hint searches of one game may visit together (so that a stream of `hint` lines
/// cannot keep the program busy for hours).
pub const HINT_TOTAL_BUDGET: u64 = 100_000_000;

/// Longest input line read, in bytes; a longer line is skipped (without storing it) and
/// answered with a `?` line.
pub const MAX_LINE_BYTES: usize = 1024;

/// Most lines one dialogue reads; then it ends (result `line_limit`).
pub const MAX_DIALOGUE_LINES: usize = 100_000;

/// Most entries kept in the JSON transcript; later ones are dropped and the object gets
/// `"transcript_truncated": true`.
pub const MAX_TRANSCRIPT_ENTRIES: usize = 10_000;

/// Most heaps offered for play (every prompt prints them all).
pub const MAX_PLAY_HEAPS: usize = 1_000;

/// Most counters in all the heaps of an octal game offered for play: each move lists the
/// options of every heap (up to the code's digits times half the heap each).
pub const MAX_PLAY_COUNTERS: u64 = 100_000;

/// What one read of the human's input gave.
enum Input {
    /// A line of text, trimmed.
    Line(String),
    /// The dialogue ends with this result: `eof`, `quit`, `line_limit` or `stdout_closed`.
    Stop(&'static str),
}

/// The dialogue: reads lines, prints replies (text mode) and records the transcript.
struct Dialogue<R> {
    input: R,
    json: bool,
    transcript: Vec<Value>,
    transcript_truncated: bool,
    lines_read: usize,
    /// Set when stdout cannot be written any more (a closed pipe): the dialogue stops.
    stdout_closed: bool,
}

impl<R: BufRead> Dialogue<R> {
    fn new(input: R, json: bool) -> Self {
        Dialogue {
            input,
            json,
            transcript: Vec::new(),
            transcript_truncated: false,
            lines_read: 0,
            stdout_closed: false,
        }
    }

    fn record(&mut self, entry: Value) {
        if self.transcript.len() < MAX_TRANSCRIPT_ENTRIES {
            self.transcript.push(entry);
        } else {
            self.transcript_truncated = true;
        }
    }

    /// Writes to stdout in text mode; a failed write marks stdout closed.
    fn write_out(&mut self, text: &str, newline: bool) {
        if self.json || self.stdout_closed {
            return;
        }
        let mut out = std::io::stdout().lock();
        let written = if newline { writeln!(out, "{text}") } else { write!(out, "{text} ") };
        if written.and_then(|()| out.flush()).is_err() {
            self.stdout_closed = true;
        }
    }

    /// Prints a reply (text mode) and records it.
    fn say(&mut self, text: &str) {
        self.write_out(text, true);
        self.record(json!({ "say": text }));
    }

    fn prompt(&mut self, text: &str) {
        self.write_out(text, false);
    }

    /// Reads one line of at most [`MAX_LINE_BYTES`] bytes (the newline excluded), or `None` at
    /// the end of input. A longer line is consumed to its end without being stored: `Some(Err)`.
    fn read_bounded_line(&mut self) -> Result<Option<Result<Vec<u8>, usize>>, CliError> {
        let io = |source| CliError::Io { path: "<stdin>".to_string(), source };
        let mut line = Vec::new();
        let mut total = 0usize;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io(e)),
            };
            if buffer.is_empty() {
                // End of input: a last line without a newline still counts.
                return Ok(match (total, total > MAX_LINE_BYTES) {
                    (0, _) => None,
                    (_, true) => Some(Err(total)),
                    (_, false) => Some(Ok(line)),
                });
            }
            let (chunk, found_newline) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (&buffer[..i], true),
                None => (buffer, false),
            };
            total = total.saturating_add(chunk.len());
            if total <= MAX_LINE_BYTES {
                line.extend_from_slice(chunk);
            } else {
                line = Vec::new(); // too long: stop storing, keep counting
            }
            let used = chunk.len() + usize::from(found_newline);
            self.input.consume(used);
            if found_newline {
                return Ok(Some(if total > MAX_LINE_BYTES { Err(total) } else { Ok(line) }));
            }
        }
    }

    /// The next line the human typed, trimmed; or a stop: the end of input, `quit` / `exit` /
    /// `q` (answered with "Bye."), the line limit, or a closed stdout. Lines that are too long
    /// or not UTF-8 are answered with a `?` line and skipped.
    fn read(&mut self) -> Result<Input, CliError> {
        loop {
            if self.stdout_closed {
                return Ok(Input::Stop("stdout_closed"));
            }
            if self.lines_read >= MAX_DIALOGUE_LINES {
                self.say(&format!("? {MAX_DIALOGUE_LINES} lines read: the dialogue ends here (the limit)"));
                return Ok(Input::Stop("line_limit"));
            }
            let Some(bytes) = self.read_bounded_line()? else {
                self.write_out("", true);
                return Ok(Input::Stop("eof"));
            };
            self.lines_read += 1;
            let text = match bytes {
                Err(length) => {
                    self.record(json!({ "input": format!("<{length} bytes>") }));
                    self.say(&format!("? line too long ({length} bytes; at most {MAX_LINE_BYTES})"));
                    continue;
                }
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(e) => {
                        self.record(json!({ "input": String::from_utf8_lossy(e.as_bytes()) }));
                        self.say("? the line is not UTF-8 text; type a move, or quit");
                        continue;
                    }
                },
            };
            let line = text.trim().to_string();
            self.record(json!({ "input": line }));
            if matches!(line.to_ascii_lowercase().as_str(), "quit" | "exit" | "q") {
                self.say("Bye.");
                return Ok(Input::Stop("quit"));
            }
            return Ok(Input::Line(line));
        }
    }

    fn finish(self, game: Value, result: &str) -> Output {
        let mut object = json!({ "game": game, "result": result, "transcript": self.transcript });
        if self.transcript_truncated {
            object["transcript_truncated"] = json!(true);
        }
        Output::new(String::new(), object)
    }
}

/// Runs a `games play` dialogue on stdin/stdout.
pub fn run(command: &PlayCommand, json: bool, budget: &Budget) -> Result<Output, CliError> {
    let stdin = std::io::stdin();
    let mut dialogue = Dialogue::new(stdin.lock(), json);
    match command {
        PlayCommand::Octal { code, heaps, misere } => {
            if !misere {
                return Err(CliError::bad(
                    "games play octal offers misère play only (the last player to move loses): add --misere",
                ));
            }
            let game = MisereOctal::new(code, heaps, budget)?;
            let (result, last) = play_octal_misere(&mut dialogue, &game, heaps.clone())?;
            let mut output = dialogue
                .finish(json!({ "octal": game.code.to_string(), "heaps": heaps, "misere": true }), result);
            output.json["final_heaps"] = json!(last);
            Ok(output)
        }
        PlayCommand::Wythoff { x, y, misere: false } => {
            play_wythoff(&mut dialogue, *x, *y, false).map(|r| dialogue.finish(json!({"wythoff": [x, y]}), r))
        }
        PlayCommand::Wythoff { x, y, misere: true } => play_wythoff(&mut dialogue, *x, *y, true)
            .map(|r| dialogue.finish(json!({"wythoff": [x, y], "misere": true}), r)),
        PlayCommand::Nim { heaps, misere } => {
            if heaps.len() > MAX_PLAY_HEAPS {
                return Err(CliError::bad(format!(
                    "{} heaps are too many to play: at most {MAX_PLAY_HEAPS}",
                    heaps.len()
                )));
            }
            let r = play_nim(&mut dialogue, heaps.clone(), rule(*misere))?;
            Ok(dialogue.finish(json!({ "nim": heaps, "misere": misere }), r))
        }
        PlayCommand::Rotation { n } => {
            if *n > MAX_PLAY_N {
                return Err(CliError::bad(format!("n = {n} is too large to play: at most {MAX_PLAY_N}")));
            }
            let puzzle = Puzzle::new(to_usize(*n, "n")?)?;
            let r = play_rotation(&mut dialogue, &puzzle)?;
            Ok(dialogue.finish(json!({ "rotation": n }), r))
        }
    }
}

/// Parses exactly `count` whole numbers (u64) from a line.
fn numbers(line: &str, count: usize) -> Result<Vec<u64>, String> {
    let parts: Vec<&str> =
        line.split(|c: char| c.is_whitespace() || c == ',').filter(|s| !s.is_empty()).collect();
    if parts.len() != count {
        return Err(format!("expected {count} whole numbers, got {:?}", line));
    }
    parts
        .iter()
        .map(|p| p.parse::<u64>().map_err(|_| format!("{p:?} is not a whole number (0..2^64)")))
        .collect()
}

/// Checks a Wythoff move from (x, y) to (nx, ny).
fn wythoff_move_error(x: u64, y: u64, nx: u64, ny: u64) -> Option<String> {
    if nx > x || ny > y {
        return Some(format!("({nx}, {ny}) is not reachable: heaps only shrink (you have ({x}, {y}))"));
    }
    let (dx, dy) = (x - nx, y - ny);
    if dx == 0 && dy == 0 {
        return Some("you must take at least one counter".to_string());
    }
    if dx != 0 && dy != 0 && dx != dy {
        return Some(format!(
            "illegal move: take from one heap, or the same amount from both (you took {dx} and {dy})"
        ));
    }
    None
}

fn play_wythoff<R: BufRead>(
    d: &mut Dialogue<R>,
    mut x: u64,
    mut y: u64,
    misere: bool,
) -> Result<&'static str, CliError> {
    let last = if misere { "loses" } else { "wins" };
    d.say(&format!(
        "Wythoff's game{} from ({x}, {y}). Take any amount from one heap or the same amount from both; \
         whoever takes the last counter {last}. Type the position you move to, e.g. `{} {}`, or quit.",
        if misere { " (misère)" } else { "" },
        x.saturating_sub(1),
        y
    ));
    loop {
        if (x, y) == (0, 0) {
            // Only reached when the start is empty: the human cannot move.
            if misere {
                d.say("No counter left: you cannot move, so you win (misère).");
                return Ok("human_won");
            }
            d.say("No counter left for you: I win.");
            return Ok("computer_won");
        }
        d.prompt(&format!("({x}, {y}) your move:"));
        let line = match d.read()? {
            Input::Line(line) => line,
            Input::Stop(stop) => return Ok(stop),
        };
        let target = match numbers(&line, 2) {
            Ok(v) => (v[0], v[1]),
            Err(e) => {
                d.say(&format!("? {e}; type two numbers `x y` (the position you move to) or quit"));
                continue;
            }
        };
        if let Some(e) = wythoff_move_error(x, y, target.0, target.1) {
            d.say(&format!("? {e}"));
            continue;
        }
        (x, y) = target;
        if (x, y) == (0, 0) {
            if misere {
                d.say("You took the last counter: you lose (misère).");
                return Ok("computer_won");
            }
            d.say("You took the last counter: you win!");
            return Ok("human_won");
        }
        let wins = if misere { misere_winning_moves(x, y) } else { game_wythoff::winning_moves(x, y) };
        let reply = wins.first().copied().unwrap_or(if x >= y && x > 0 { (x - 1, y) } else { (x, y - 1) });
        let how = describe(x, y, reply.0, reply.1);
        (x, y) = reply;
        if (x, y) == (0, 0) {
            if misere {
                d.say(&format!("I move to (0, 0) ({how}): I took the last counter, I lose; you win!"));
                return Ok("human_won");
            }
            d.say(&format!("I move to (0, 0) ({how}): I took the last counter, I win."));
            return Ok("computer_won");
        }
        let p =
            if misere { game_wythoff::is_misere_p_position(x, y) } else { game_wythoff::is_p_position(x, y) };
        let verdict = if p { "a P-position for you" } else { "your chance" };
        d.say(&format!("I move to ({x}, {y}) ({how}): {verdict}."));
    }
}

fn play_nim<R: BufRead>(
    d: &mut Dialogue<R>,
    mut heaps: Vec<u64>,
    play: PlayRule,
) -> Result<&'static str, CliError> {
    let misere = play == PlayRule::Misere;
    let last = if misere { "loses" } else { "wins" };
    d.say(&format!(
        "Nim with heaps {heaps:?}{}: take at least one counter from one heap; whoever takes the last counter {last}. \
         Type `heap amount` (heaps numbered from 1), e.g. `1 1`, or quit.",
        if misere { " (misère)" } else { "" }
    ));
    let empty = |h: &[u64]| h.iter().all(|&v| v == 0);
    loop {
        if empty(&heaps) {
            // Only reached when the start is empty: the human cannot move.
            let r = if misere { "human_won" } else { "computer_won" };
            d.say(if misere {
                "No counter left: you cannot move, so you win (misère)."
            } else {
                "No counter left: you cannot move, I win."
            });
            return Ok(r);
        }
        d.prompt(&format!("{heaps:?} your move:"));
        let line = match d.read()? {
            Input::Line(line) => line,
            Input::Stop(stop) => return Ok(stop),
        };
        let (heap, amount) = match numbers(&line, 2) {
            Ok(v) => (v[0], v[1]),
            Err(e) => {
                d.say(&format!("? {e}; type `heap amount`, e.g. `1 3`, or quit"));
                continue;
            }
        };
        if heap == 0 || heap > heaps.len() as u64 {
            d.say(&format!("? there is no heap {heap}: heaps are numbered 1 to {}", heaps.len()));
            continue;
        }
        let index = (heap - 1) as usize;
        if heaps[index] == 0 {
            d.say(&format!("? illegal move: heap {heap} is empty"));
            continue;
        }
        if amount == 0 || amount > heaps[index] {
            d.say(&format!(
                "? illegal move: heap {heap} has {} counters, you must take 1 to {}",
                heaps[index], heaps[index]
            ));
            continue;
        }
        heaps = apply_move(&heaps, NimMove { heap: index, new_size: heaps[index] - amount })?;
        if empty(&heaps) {
            d.say(if misere {
                "You took the last counter: you lose (misère)."
            } else {
                "You took the last counter: you win!"
            });
            return Ok(if misere { "computer_won" } else { "human_won" });
        }
        let reply = winning_moves(&heaps, play).first().copied().unwrap_or_else(|| {
            // No winning move: take one counter from the largest heap to keep the game long.
            let (i, &h) = heaps.iter().enumerate().max_by_key(|&(_, &h)| h).unwrap_or((0, &1));
            NimMove { heap: i, new_size: h - 1 }
        });
        let text = describe_nim_move(&heaps, &reply);
        heaps = apply_move(&heaps, reply)?;
        d.say(&format!("I move {text}: heaps {heaps:?}."));
        if empty(&heaps) {
            d.say(if misere {
                "I took the last counter: I lose, you win!"
            } else {
                "I took the last counter: I win."
            });
            return Ok(if misere { "human_won" } else { "computer_won" });
        }
    }
}

/// An octal game to play in misère play, with its misère quotient (game-misere), computed up to
/// the largest starting heap (heaps only shrink) or proven for every heap.
struct MisereOctal {
    code: OctalCode,
    quotient: MisereQuotient,
}

impl MisereOctal {
    /// Parses `code`, checks the heaps against [`MAX_PLAY_HEAPS`] and [`MAX_PLAY_COUNTERS`], and
    /// computes the quotient within the memory budget and (without `--allow-long`) the effort
    /// limit of `games misere`: a quotient that cannot be computed (a wild code whose partial
    /// quotients grow without end, such as 0.3122) is a one-line typed error.
    fn new(code: &str, heaps: &[u64], budget: &Budget) -> Result<Self, CliError> {
        let code: OctalCode = code.parse()?;
        if heaps.len() > MAX_PLAY_HEAPS {
            return Err(CliError::bad(format!(
                "{} heaps are too many to play: at most {MAX_PLAY_HEAPS}",
                heaps.len()
            )));
        }
        let counters = heaps.iter().try_fold(0u64, |sum, &h| sum.checked_add(h)).unwrap_or(u64::MAX);
        if counters > MAX_PLAY_COUNTERS {
            return Err(CliError::bad(format!(
                "heaps of {counters} counters in all are too many to play: at most {MAX_PLAY_COUNTERS}"
            )));
        }
        // At most MAX_PLAY_COUNTERS, so it fits.
        let largest = heaps.iter().copied().max().unwrap_or(0) as u32;
        let limits = misere::limits(largest.max(1), budget);
        let (quotient, _) = QuotientSolver::new(code.clone(), limits).run(|_, _| {})?;
        Ok(MisereOctal { code, quotient })
    }

    /// The options of one heap, each sorted with empty heaps dropped.
    fn options(&self, heap: u64) -> Vec<Vec<u64>> {
        // Heaps in play are at most MAX_PLAY_COUNTERS.
        let heap = u32::try_from(heap).unwrap_or(u32::MAX);
        self.code
            .heap_options(heap)
            .into_iter()
            .map(|parts| {
                let mut parts: Vec<u64> = parts.into_iter().filter(|&p| p > 0).map(u64::from).collect();
                parts.sort_unstable();
                parts
            })
            .collect()
    }

    /// Whether the player to move has a move at all.
    fn can_move(&self, heaps: &[u64]) -> bool {
        heaps.iter().any(|&h| !self.options(h).is_empty())
    }

    /// The computer's move from `heaps` (the player to move has a move): a winning move of the
    /// quotient if there is one, else a move that takes the fewest counters (the game stays
    /// long and the human may err).
    fn reply(&self, heaps: &[u64]) -> Result<(usize, Vec<u64>), CliError> {
        if let Some((i, parts)) = self.quotient.winning_moves(&self.code, heaps)?.into_iter().next() {
            return Ok((i, parts));
        }
        // The fewest counters taken over all heaps (not the most left on one heap: from
        // [10, 3] taking 1 from the 3 beats taking 2 from the 10); the first such move on a tie.
        let mut best: Option<(u64, usize, Vec<u64>)> = None;
        for (i, &h) in heaps.iter().enumerate() {
            for parts in self.options(h) {
                let taken = h - parts.iter().sum::<u64>();
                if best.as_ref().is_none_or(|(fewest, _, _)| taken < *fewest) {
                    best = Some((taken, i, parts));
                }
            }
        }
        best.map(|(_, i, parts)| (i, parts))
            .ok_or_else(|| CliError::bad("internal: no move in a position that has one"))
    }
}

/// `heap` replaced by `parts` (in place, empty heaps dropped).
fn replace_heap(heaps: &[u64], index: usize, parts: &[u64]) -> Vec<u64> {
    let mut after = heaps[..index].to_vec();
    after.extend(parts.iter().copied().filter(|&p| p > 0));
    after.extend_from_slice(&heaps[index + 1..]);
    after
}

/// "heap 2: 7 -> 2 + 3 (take 2)", heaps numbered from 1.
fn describe_octal_move(heaps: &[u64], index: usize, parts: &[u64]) -> String {
    let from = heaps[index];
    let left: u64 = parts.iter().sum();
    let to = if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
    };
    format!("heap {}: {from} -> {to} (take {})", index + 1, from - left)
}

/// Reads the human's move `heap take [part]` at `heaps`: the heap index and its parts, or a
/// one-line reason why the line is not a legal move.
fn octal_move(game: &MisereOctal, heaps: &[u64], line: &str) -> Result<(usize, Vec<u64>), String> {
    let words = line.split(|c: char| c.is_whitespace() || c == ',').filter(|s| !s.is_empty()).count();
    let numbers = match words {
        2 | 3 => numbers(line, words)?,
        _ => return Err(format!("expected `heap take` or `heap take part`, got {line:?}")),
    };
    let (heap, take) = (numbers[0], numbers[1]);
    if heap == 0 || heap > heaps.len() as u64 {
        return Err(format!("there is no heap {heap}: heaps are numbered 1 to {}", heaps.len()));
    }
    let index = (heap - 1) as usize;
    let size = heaps[index];
    // Taking 0 is a move only of codes like 4.07 (split a heap without taking): the list of
    // options decides, below.
    if take > size {
        return Err(format!("illegal move: heap {heap} has {size} counters, take at most {size}"));
    }
    let left = size - take;
    let mut parts = match numbers.get(2) {
        None if left == 0 => vec![],
        None => vec![left],
        Some(_) if left < 2 => {
            return Err(format!(
                "illegal move: taking {take} from heap {heap} leaves {}, too few to split (give no part)",
                crate::heaps::count(left, "counter", "counters")
            ));
        }
        Some(&part) if part == 0 || part >= left => {
            return Err(format!(
                "illegal move: {left} counters are left, so the part split off must be 1 to {}",
                left - 1
            ));
        }
        Some(&part) => vec![part, left - part],
    };
    parts.sort_unstable();
    if !game.options(size).contains(&parts) {
        let shown = if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
        };
        return Err(format!(
            "illegal move in {}: heap {heap} ({size}) cannot become {shown} (taking {take})",
            game.code
        ));
    }
    Ok((index, parts))
}

/// A dialogue of an octal game in misère play; the result and the heaps at the end.
fn play_octal_misere<R: BufRead>(
    d: &mut Dialogue<R>,
    game: &MisereOctal,
    mut heaps: Vec<u64>,
) -> Result<(&'static str, Vec<u64>), CliError> {
    let advice = |heaps: &[u64]| -> Result<&'static str, CliError> {
        Ok(match game.quotient.outcome(heaps)? {
            Outcome::P => "a P-position for you (you lose against perfect play)",
            _ => "an N-position for you (you have a winning move)",
        })
    };
    d.say(&format!(
        "Octal game {} in misère play with heaps {heaps:?}: the player who makes the last move LOSES \
         (a player who cannot move wins). Type `heap take` (heaps numbered from 1), or `heap take part` \
         to split what is left into part + the rest, e.g. `1 1`, or quit. You start: {}.",
        game.code,
        advice(&heaps)?
    ));
    loop {
        if !game.can_move(&heaps) {
            d.say("No move left for you: in misère play you win!");
            return Ok(("human_won", heaps));
        }
        d.prompt(&format!("{heaps:?} your move:"));
        let line = match d.read()? {
            Input::Line(line) => line,
            Input::Stop(stop) => return Ok((stop, heaps)),
        };
        let (index, parts) = match octal_move(game, &heaps, &line) {
            Ok(chosen) => chosen,
            Err(e) => {
                d.say(&format!("? {e}"));
                continue;
            }
        };
        heaps = replace_heap(&heaps, index, &parts);
        if !game.can_move(&heaps) {
            d.say(&format!("Heaps {heaps:?}: you made the last move, so you lose (misère)."));
            return Ok(("computer_won", heaps));
        }
        let (index, parts) = game.reply(&heaps)?;
        let text = describe_octal_move(&heaps, index, &parts);
        heaps = replace_heap(&heaps, index, &parts);
        let verdict = if game.can_move(&heaps) { advice(&heaps)? } else { "no move left for you" };
        d.record(json!({ "computer": text, "heaps": heaps, "outcome": game.quotient.outcome(&heaps)? }));
        d.say(&format!("I move {text}: heaps {heaps:?}, {verdict}."));
    }
}

/// A hint's answer: a move, none found, or `Err(())` when the game's hint budget is spent.
type HintAnswer = Result<Option<usize>, ()>;

/// A move from `state` that still leads to a solution, if one is found within the budget:
/// the next move of emptying if the moves so far are its prefix, else a depth-first search of
/// at most [`HINT_BUDGET`] nodes, taken from what is `left` of the game's total hint budget.
/// `Err(())` inside: the budget is spent.
fn hint(state: &State, moves: &[usize], left: &mut u64) -> Result<HintAnswer, CliError> {
    let n = state.puzzle().n();
    let gordon = emptying(n)?;
    if gordon.starts_with(moves) {
        return Ok(Ok(gordon.get(moves.len()).copied()));
    }
    if *left == 0 {
        return Ok(Err(()));
    }
    let mut budget = HINT_BUDGET.min(*left);
    let start = budget;
    let found = complete(state, &mut budget).map(|path| path[0]);
    *left -= start - budget;
    Ok(Ok(found))
}

/// Depth-first search for moves that win from `state`, within `budget` nodes; the path found,
/// first move first. Exponential in the worst case, hence the budget.
fn complete(state: &State, budget: &mut u64) -> Option<Vec<usize>> {
    if state.is_won() {
        return Some(Vec::new());
    }
    for k in state.legal_rotations() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let Ok(next) = state.after(k) else { continue };
        if next.is_lost() {
            continue;
        }
        if let Some(mut rest) = complete(&next, budget) {
            rest.insert(0, k);
            return Some(rest);
        }
    }
    None
}

fn play_rotation<R: BufRead>(d: &mut Dialogue<R>, puzzle: &Puzzle) -> Result<&'static str, CliError> {
    let n = puzzle.n();
    d.say(&format!(
        "Rotation puzzle with {n} slots: each move turns the disc by k (1..={}) and plugs the pin under the top \
         into board slot k, which must be free. Put all {} red pins on the board. Type k, `hint`, `undo` or quit.",
        n - 1,
        n - 1
    ));
    let mut history: Vec<State> = vec![puzzle.start()];
    let mut hint_budget_left = HINT_TOTAL_BUDGET;
    let mut last_hint: Option<(Vec<usize>, HintAnswer)> = None;
    let mut moves: Vec<usize> = Vec::new();
    loop {
        let state = history.last().cloned().unwrap_or_else(|| puzzle.start());
        let free: Vec<String> = state.legal_rotations().iter().map(usize::to_string).collect();
        if state.is_lost() {
            d.prompt("lost position (type undo or quit):");
        } else {
            d.prompt(&format!("move {} (free board slots: {}):", moves.len() + 1, free.join(" ")));
        }
        let line = match d.read()? {
            Input::Line(line) => line,
            Input::Stop(stop) => return Ok(stop),
        };
        match line.to_ascii_lowercase().as_str() {
            "hint" | "h" => {
                // The same position asked again: the answer is remembered, not searched again.
                let answer = match &last_hint {
                    Some((at, answer)) if *at == moves => *answer,
                    _ => {
                        let answer = hint(&state, &moves, &mut hint_budget_left)?;
                        last_hint = Some((moves.clone(), answer));
                        answer
                    }
                };
                match answer {
                    Ok(Some(k)) => d.say(&format!("hint: rotate {k} (a solution continues from there)")),
                    Ok(None) if state.is_lost() => d.say("no hint: this position is lost; type undo"),
                    Ok(None) => {
                        d.say("no hint: no solution continues from here (or the search gave up); type undo")
                    }
                    Err(()) => d.say(&format!(
                        "no hint: the hint searches of this game have used their {HINT_TOTAL_BUDGET} nodes"
                    )),
                }
                continue;
            }
            "undo" | "u" => {
                if moves.pop().is_some() {
                    history.pop();
                    d.say(&format!("undone; moves so far: {:?}", moves));
                } else {
                    d.say("? nothing to undo");
                }
                continue;
            }
            _ => {}
        }
        let k = match numbers(&line, 1) {
            Ok(v) => v[0],
            Err(e) => {
                d.say(&format!("? {e}; type a rotation k, hint, undo or quit"));
                continue;
            }
        };
        let k = match usize::try_from(k) {
            Ok(k) => k,
            Err(_) => {
                d.say(&format!("? rotation {k} is not in 1..={}", n - 1));
                continue;
            }
        };
        let next = match state.after(k) {
            Ok(next) => next,
            Err(e) => {
                d.say(&format!("? {e}"));
                continue;
            }
        };
        moves.push(k);
        history.push(next.clone());
        match next.status() {
            Status::Won => {
                d.say(&format!("Solved! Your solution: {:?}", moves));
                return Ok("solved");
            }
            Status::Lost(reason) => {
                let why = match reason {
                    LossReason::BluePinAtTop => "the blue pin is under the top",
                    LossReason::EmptySlotAtTop => "an empty disc slot is under the top",
                    LossReason::WhitePinTooEarly => "the white pin is under the top too early",
                };
                d.say(&format!("Lost: {why}, no red pin can move; type undo or quit."));
            }
            Status::Ongoing => {
                let top = next.rotation();
                d.say(&format!("ok: pin in board slot {k}; disc slot {top} is under the top."));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Runs one dialogue in JSON mode (nothing printed) on `input`.
    fn dialogue(input: &[u8]) -> Dialogue<&[u8]> {
        Dialogue::new(input, true)
    }

    /// Checks what every dialogue must keep: a bounded transcript whose replies are single lines.
    fn check_transcript(d: &Dialogue<&[u8]>) {
        assert!(d.transcript.len() <= MAX_TRANSCRIPT_ENTRIES);
        for entry in &d.transcript {
            if let Some(say) = entry.get("say").and_then(Value::as_str) {
                assert!(!say.contains('\n'), "{say:?}");
            }
            if let Some(input) = entry.get("input").and_then(Value::as_str) {
                assert!(input.len() <= 4 * MAX_LINE_BYTES, "{} bytes", input.len());
            }
        }
    }

    /// Bytes that look like input: digits, separators, commands, invalid UTF-8 and newlines.
    fn hostile_bytes() -> impl Strategy<Value = Vec<u8>> {
        let token = prop_oneof![
            Just(b"1 1\n".to_vec()),
            Just(b"2 3\n".to_vec()),
            Just(b"0 0\n".to_vec()),
            Just(b"hint\n".to_vec()),
            Just(b"undo\n".to_vec()),
            Just(b"18446744073709551616 1\n".to_vec()),
            Just(b"-1 -1\n".to_vec()),
            Just(b"\xff\xfe\n".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(vec![b'9'; MAX_LINE_BYTES + 1]),
            proptest::collection::vec(any::<u8>(), 0..64),
            proptest::collection::vec(prop_oneof![Just(b'1'), Just(b' '), Just(b'\n'), Just(b'3')], 0..32),
        ];
        proptest::collection::vec(token, 0..40).prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Arbitrary bytes never make a dialogue panic or fail; it ends with a known result.
        #[test]
        fn arbitrary_bytes_never_break_play(input in hostile_bytes(), game in 0u8..4,
                                            a in 0u64..12, b in 0u64..12) {
            let mut d = dialogue(&input);
            let result = match game {
                0 => play_wythoff(&mut d, a, b, b % 2 == 0),
                1 => play_nim(&mut d, vec![a, b, 3], PlayRule::Normal),
                2 => play_nim(&mut d, vec![a, b], PlayRule::Misere),
                _ => play_rotation(&mut d, &Puzzle::new(2 * (a as usize % 5) + 2).unwrap()),
            };
            let result = result.expect("a dialogue never fails on its input");
            prop_assert!(["human_won", "computer_won", "solved", "quit", "eof", "line_limit"].contains(&result));
            check_transcript(&d);
        }

        /// An octal game in misère play, on the same hostile input: a known result, the heaps
        /// only shrink, and the transcript stays bounded.
        #[test]
        fn arbitrary_bytes_never_break_octal_play(input in hostile_bytes(), a in 0u64..12, b in 0u64..12) {
            let game = MisereOctal::new("0.77", &[11], &Budget::from_mib(256)).unwrap();
            let mut d = dialogue(&input);
            let (result, last) = play_octal_misere(&mut d, &game, vec![a, b]).unwrap();
            prop_assert!(["human_won", "computer_won", "quit", "eof", "line_limit"].contains(&result));
            prop_assert!(last.iter().sum::<u64>() <= a + b);
            check_transcript(&d);
        }

        /// Raw bytes of any kind (no structure at all).
        #[test]
        fn raw_bytes_never_break_play(input in proptest::collection::vec(any::<u8>(), 0..2048)) {
            let mut d = dialogue(&input);
            prop_assert!(play_nim(&mut d, vec![7, 9], PlayRule::Normal).is_ok());
            check_transcript(&d);
        }
    }

    /// The moves typed as `heap take [part]`, checked against the code's options; the
    /// program's reply wins from an N-position (here by hand: Kayles 0.77 at heaps 2 + 2 is P,
    /// so from 3 + 2 it takes 1 from the 3; 1 + 1 is N and 1 is P in misère play).
    #[test]
    fn octal_moves_by_hand() {
        let game = MisereOctal::new("0.77", &[5, 3], &Budget::from_mib(256)).unwrap();
        assert_eq!(octal_move(&game, &[5, 3], "1 1 2"), Ok((0, vec![2, 2])));
        assert_eq!(octal_move(&game, &[5, 3], "2 2"), Ok((1, vec![1])));
        assert_eq!(octal_move(&game, &[5, 3], "2, 1"), Ok((1, vec![2])));
        assert_eq!(octal_move(&game, &[1, 3], "1 1"), Ok((0, vec![])));
        assert!(octal_move(&game, &[5, 3], "1 0").unwrap_err().contains("cannot become 5"));
        assert!(octal_move(&game, &[5, 3], "1 3").unwrap_err().contains("cannot become 2"));
        assert!(octal_move(&game, &[5, 3], "2 1 2").unwrap_err().contains("must be 1 to 1"));
        // Nothing left to split: said so, not "must be 1 to 0".
        let err = octal_move(&game, &[5, 3], "2 2 1").unwrap_err();
        assert!(err.contains("leaves 1 counter, too few to split"), "{err}");
        let err = octal_move(&game, &[5, 3], "2 3 1").unwrap_err();
        assert!(err.contains("leaves 0 counters, too few to split"), "{err}");
        assert_eq!(replace_heap(&[5, 3, 4], 1, &[1, 1]), vec![5, 1, 1, 4]);
        assert_eq!(replace_heap(&[5, 3, 4], 1, &[]), vec![5, 4]);
        assert_eq!(describe_octal_move(&[5, 3], 0, &[1, 2]), "heap 1: 5 -> 1 + 2 (take 2)");
        assert_eq!(describe_octal_move(&[5, 3], 1, &[]), "heap 2: 3 -> nothing (take 3)");
        assert_eq!(game.reply(&[3, 2]).unwrap(), (0, vec![2]));
        assert_eq!(game.reply(&[1, 1]).unwrap(), (0, vec![]));
        // From a P-position any move loses; the program takes the fewest counters.
        assert_eq!(game.reply(&[2, 2]).unwrap(), (0, vec![1]));
        // Over all heaps: from the P-position 1 + 2 + 3, taking the heap of 1 (one counter),
        // not one counter of the 3 that leaves the most on a heap.
        assert_eq!(game.quotient.outcome(&[1, 2, 3]).unwrap(), Outcome::P);
        assert_eq!(game.reply(&[1, 2, 3]).unwrap(), (0, vec![]));
        assert!(!game.can_move(&[]) && game.can_move(&[1]));
        let mut d = dialogue(b"1 1\n");
        assert_eq!(play_octal_misere(&mut d, &game, vec![1, 1]).unwrap(), ("human_won", vec![]));
        let mut d = dialogue(b"");
        assert_eq!(play_octal_misere(&mut d, &game, vec![]).unwrap(), ("human_won", vec![]));
        let mut d = dialogue(b"1 1\n");
        assert_eq!(play_octal_misere(&mut d, &game, vec![1]).unwrap(), ("computer_won", vec![]));
    }

    /// A line over the limit is skipped whole (not stored) and answered once.
    #[test]
    fn long_lines_are_skipped_whole() {
        let mut input = vec![b'5'; 3 * MAX_LINE_BYTES];
        input.extend_from_slice(b"\n1 1\n");
        let mut d = dialogue(&input);
        assert_eq!(play_nim(&mut d, vec![1, 2], PlayRule::Normal).unwrap(), "computer_won");
        let said = serde_json::to_string(&d.transcript).unwrap();
        assert!(said.contains(&format!("line too long ({} bytes", 3 * MAX_LINE_BYTES)), "{said}");
    }

    /// The line limit ends an endless dialogue; the transcript stops growing at its limit.
    #[test]
    fn endless_input_ends_at_the_line_limit() {
        let input = "nonsense\n".repeat(MAX_DIALOGUE_LINES + 10);
        let mut d = dialogue(input.as_bytes());
        assert_eq!(play_wythoff(&mut d, 5, 5, false).unwrap(), "line_limit");
        assert_eq!(d.transcript.len(), MAX_TRANSCRIPT_ENTRIES);
        assert!(d.transcript_truncated);
        assert_eq!(d.lines_read, MAX_DIALOGUE_LINES);
    }

    /// Repeated hints at one position are answered from memory; the total hint budget is shared.
    #[test]
    fn hints_are_rationed() {
        let input = "3\nhint\nhint\nhint\n";
        let mut d = dialogue(input.as_bytes());
        assert_eq!(play_rotation(&mut d, &Puzzle::new(8).unwrap()).unwrap(), "eof");
        let mut left = 10;
        let puzzle = Puzzle::new(40).unwrap();
        let state = puzzle.start().after(3).unwrap();
        // Off Gordon's sequencing a search is needed: it may use at most what is left.
        let answer = hint(&state, &[3], &mut left).unwrap();
        assert_eq!(left, 0);
        assert!(matches!(answer, Ok(None)));
        assert!(matches!(hint(&state, &[3], &mut left).unwrap(), Err(())));
    }
}
