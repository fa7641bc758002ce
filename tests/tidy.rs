//! The house checks itself: `cargo test --workspace` fails when the code drifts from the rules
//! of `ARCHITECTURE.md` and the project's standards.
//!
//! * the crate graph (read from `cargo metadata`) follows the layering: game-core knows no other
//!   workspace crate; game-search-runs (the machinery of searches longer than one process)
//!   depends on game-core only, and no game crate or game-verify depends on it; a game crate
//!   (`game-*`) depends on game-core only; game-verify on game-core and the game crates;
//!   nothing but xtask and dev-dependencies depends on game-verify, and the front ends
//!   (games-cli, the Python package impartial-games-py) never do;
//! * every library crate denies `missing_docs`;
//! * every Rust file starts with a module doc (`//!`);
//! * every public error enum of a library crate is `#[non_exhaustive]`;
//! * the names `ARCHITECTURE.md` puts in backquotes exist: files, functions, types, the fields
//!   it lists for a struct, packages and xtask subcommands;
//! * `docs/claims.md` states every claim id that game-verify registers, and no file points a
//!   reader to the seed digest outside the repository;
//! * no doc comment (`///`, `//!`) in `crates/*/src` states a measured time (a number followed by
//!   a time unit): timings go to `BENCHMARKS.md`, which `cargo xtask bench` regenerates;
//! * the game's two layers stay apart: `trait Game` holds only the rules (`moves`,
//!   `position_bytes`), and nothing implements `SearchGame` for a reference (a forwarding impl
//!   that forgets a method would silently fall back to its default);
//! * the search engine stays small and free of files: `game_core::search` exports at most
//!   [`MAX_SEARCH_NAMES`] names beside `Search`, and no file of `crates/game-core/src/search/`
//!   opens, reads or writes a file.
//!
//! Each rule is a function over plain data, unit-tested below with broken input, so a rule that
//! can no longer fail is noticed. Drift that is known and owned elsewhere is listed in
//! [`KNOWN_DRIFT`]; an entry that no longer happens fails the test too, so the list only shrinks.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most public names `game_core::search` may export beside `Search` (issue 68: a newcomer
/// reads the engine's surface at a glance; long-run machinery lives in game-search-runs).
const MAX_SEARCH_NAMES: usize = 9;

/// The methods `trait Game`, the first layer, may have: the rules and what the explicit graph
/// needs to bound its memory. Everything the search asks beyond them is `SearchGame`'s.
const GAME_METHODS: &[&str] = &["moves", "position_bytes"];

/// Violations known today, each to be fixed by the owner of the crate (then delete the line).
const KNOWN_DRIFT: &[&str] = &[];

/// How a package depends on another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DepKind {
    Normal,
    Dev,
    Build,
}

/// A workspace package as the rules see it.
#[derive(Debug, Clone)]
struct Package {
    name: String,
    /// The package's directory.
    dir: PathBuf,
    /// The library target's root file, if the package has a library.
    lib: Option<PathBuf>,
    /// Dependencies on other workspace packages.
    deps: Vec<(String, DepKind)>,
}

/// The place of a package in the layering of ARCHITECTURE.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Core,
    Runs,
    Game,
    Verify,
    /// A front end: the command line (games-cli) or the Python package (impartial-games-py).
    /// It holds no game rules: it calls the game crates, never game-verify.
    FrontEnd,
    Root,
    Xtask,
    Unknown,
}

fn role(name: &str) -> Role {
    match name {
        "game-core" => Role::Core,
        "game-search-runs" => Role::Runs,
        "game-verify" => Role::Verify,
        "games-cli" | "impartial-games-py" => Role::FrontEnd,
        "impartial-games" => Role::Root,
        "xtask" => Role::Xtask,
        game if game.starts_with("game-") => Role::Game,
        _ => Role::Unknown,
    }
}

/// Why `from` may not depend on `to` this way, or `None` if the layering allows it.
fn forbidden(from: Role, to: Role, kind: DepKind) -> Option<&'static str> {
    use Role::*;
    if to == Verify {
        return match (from, kind) {
            (FrontEnd, _) => Some("a front end (games-cli, impartial-games-py) never depends on game-verify"),
            (Xtask, _) | (_, DepKind::Dev) => None,
            _ => Some("only xtask and dev-dependencies (tests) may depend on game-verify"),
        };
    }
    match (from, to) {
        (Core, _) => Some("game-core knows no other workspace crate"),
        (Runs, Core) => None,
        (Runs, _) => Some("game-search-runs depends on game-core only, its tests too"),
        (Game | Verify, Runs) => Some("game-search-runs is machinery of long runs: no game crate uses it"),
        (Game, Core) => None,
        (Game, _) => Some("a game crate depends on game-core only"),
        (Verify | FrontEnd | Root | Xtask, Core | Game) => None,
        (FrontEnd | Root | Xtask, Runs) => None,
        // xtask sits on top: `cargo xtask man` renders the CLI's clap command.
        (Xtask, FrontEnd) => None,
        (Unknown, _) => Some("the package has no place in ARCHITECTURE.md's layering"),
        _ => Some("the dependency points up or sideways in ARCHITECTURE.md's layering"),
    }
}

/// Every dependency that breaks the layering, and every package the layering does not know.
fn layering_violations(packages: &[Package]) -> Vec<String> {
    let mut violations = Vec::new();
    for package in packages {
        if role(&package.name) == Role::Unknown {
            violations.push(format!("layering: package {} has no place in ARCHITECTURE.md", package.name));
        }
        for (dep, kind) in &package.deps {
            if let Some(why) = forbidden(role(&package.name), role(dep), *kind) {
                violations.push(format!("layering: {} -> {dep} ({kind:?}): {why}", package.name));
            }
        }
    }
    violations
}

/// True if the crate root denies (or forbids) `missing_docs`.
fn denies_missing_docs(lib_text: &str) -> bool {
    lib_text.lines().map(str::trim).any(|line| {
        (line.starts_with("#![deny(") || line.starts_with("#![forbid(")) && line.contains("missing_docs")
    })
}

/// True if the first non-blank line is a module doc comment.
fn starts_with_module_doc(text: &str) -> bool {
    text.lines().find(|line| !line.trim().is_empty()).is_some_and(|line| line.trim_start().starts_with("//!"))
}

/// The public enums named `...Error` that are not marked `#[non_exhaustive]` (the attributes and
/// doc lines right above the `pub enum` line are searched).
fn error_enums_without_non_exhaustive(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut missing = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("pub enum ") else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.ends_with("Error") {
            continue;
        }
        let marked = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|l| l.starts_with("#[") || l.starts_with("///") || l.starts_with("//"))
            .any(|l| l.starts_with("#[non_exhaustive"));
        if !marked {
            missing.push(name);
        }
    }
    missing
}

/// A name that ARCHITECTURE.md mentions in backquotes, by the kind of thing it must be.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Name {
    /// A file or folder, relative to the workspace root.
    Path(String),
    /// `name()`: a function.
    Function(String),
    /// A type, trait or enum variant (`Game`, `game_core::Game`: the last segment).
    Item(String),
    /// `Struct` (fields `a`, `b`): each field must be declared in the struct.
    Fields(String, Vec<String>),
    /// A hyphenated name: a workspace package.
    Package(String),
    /// `cargo xtask SUB`: an xtask subcommand.
    XtaskTask(String),
}

/// The backquoted names of a Markdown text, outside fenced code blocks. Spans that are neither
/// paths, calls, items, packages nor xtask commands (flags, attributes, other commands, plain
/// lowercase words) are not names and are skipped.
fn architecture_names(text: &str) -> Vec<Name> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let spans: Vec<&str> = prose.split('`').skip(1).step_by(2).collect();
    let mut names = Vec::new();
    let mut i = 0;
    while i < spans.len() {
        let span = spans[i];
        i += 1;
        let is_ident = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
        if let Some(task) = span.strip_prefix("cargo xtask ") {
            names.push(Name::XtaskTask(task.split_whitespace().next().unwrap_or("").to_string()));
        } else if span.contains(' ') || span.starts_with(['-', '#']) || span.starts_with("//") {
            continue;
        } else if span.contains('/') {
            names.push(Name::Path(span.to_string()));
        } else if let Some(function) = span.strip_suffix("()").filter(|f| is_ident(f)) {
            names.push(Name::Function(function.to_string()));
        } else if span.contains('-') {
            names.push(Name::Package(span.to_string()));
        } else {
            let last = span.rsplit("::").next().unwrap_or(span);
            if last.len() > 1 && is_ident(last) && last.starts_with(|c: char| c.is_ascii_uppercase()) {
                // `Struct` (fields `a`, `b`, ...): the fields follow in the next spans.
                let after = prose.split('`').nth(2 * (i - 1) + 2).unwrap_or("");
                if after.trim_start().starts_with("(fields") {
                    let mut fields = Vec::new();
                    while i < spans.len() && is_ident(spans[i]) && spans[i].starts_with(char::is_lowercase) {
                        fields.push(spans[i].to_string());
                        let between = prose.split('`').nth(2 * i + 2).unwrap_or("");
                        i += 1;
                        if between.contains(')') {
                            break;
                        }
                    }
                    names.push(Name::Fields(last.to_string(), fields));
                } else {
                    names.push(Name::Item(last.to_string()));
                }
            }
        }
    }
    names
}

/// The names that do not exist: `sources` are the workspace's Rust files (path, text),
/// `packages` the workspace package names, `root` the workspace root.
fn missing_names(
    names: &[Name],
    sources: &[(String, String)],
    packages: &[String],
    root: &Path,
) -> Vec<String> {
    let any_line = |test: &dyn Fn(&str) -> bool| sources.iter().any(|(_, text)| text.lines().any(test));
    let mut missing = Vec::new();
    let unique: BTreeSet<&Name> = names.iter().collect();
    for name in unique {
        let found = match name {
            Name::Path(path) => root.join(path).exists(),
            Name::Function(f) => {
                any_line(&|l| l.contains(&format!("fn {f}(")) || l.contains(&format!("fn {f}<")))
            }
            Name::Item(item) => any_line(&|l| {
                let l = l.trim_start().trim_start_matches("pub ").trim_start_matches("pub(crate) ");
                ["struct ", "enum ", "trait ", "type "].iter().any(|kw| {
                    l.strip_prefix(kw).is_some_and(|rest| {
                        rest.strip_prefix(item.as_str())
                            .is_some_and(|after| !after.starts_with(char::is_alphanumeric))
                    })
                }) || l
                    .strip_prefix(item.as_str())
                    .is_some_and(|after| after.starts_with([',', '(', ' ', '{']) || after.is_empty())
            }),
            Name::Fields(item, fields) => {
                let declared = struct_fields(sources, item);
                let absent: Vec<&String> = fields.iter().filter(|f| !declared.contains(*f)).collect();
                if !absent.is_empty() {
                    missing.push(format!(
                        "names: ARCHITECTURE.md gives `{item}` the fields {absent:?}, the code has {declared:?}"
                    ));
                }
                true
            }
            Name::Package(package) => packages.contains(package),
            Name::XtaskTask(task) => {
                let variant: String = task.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
                sources.iter().any(|(path, text)| {
                    path.starts_with("xtask/") && text.lines().any(|l| l.trim_start().starts_with(&variant))
                })
            }
        };
        if !found {
            missing.push(format!("names: ARCHITECTURE.md mentions {name:?}, which does not exist"));
        }
    }
    missing
}

/// The field names of the first `struct NAME { ... }` found in `sources`.
fn struct_fields(sources: &[(String, String)], name: &str) -> BTreeSet<String> {
    for (_, text) in sources {
        let mut lines = text.lines();
        let header = format!("struct {name} {{");
        if lines.by_ref().any(|l| l.contains(&header)) {
            return lines
                .take_while(|l| l.trim() != "}")
                .filter_map(|l| {
                    let l = l.trim().trim_start_matches("pub ");
                    let field = l.split(':').next()?;
                    (l.contains(':')
                        && !l.starts_with("//")
                        && field.chars().all(|c| c.is_alphanumeric() || c == '_'))
                    .then(|| field.to_string())
                })
                .collect();
        }
    }
    BTreeSet::new()
}

/// The units a measured time is written in. `min` is left out (it is the minimum in formulas),
/// and a bare `s` counts only after a space, so that plurals such as "the 1s and 2s" pass.
const TIME_UNITS: &[&str] = &[
    "ns", "µs", "μs", "us", "ms", "s", "sec", "secs", "second", "seconds", "minute", "minutes", "hour",
    "hours", "day", "days",
];

/// The measured times in `text` (byte offset, matched text): a number (`20`, `0.12`, `1,168`)
/// that does not end a word, followed by a time unit.
fn measured_times(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let after_word = i > 0 && (chars[i - 1].1.is_alphanumeric() || chars[i - 1].1 == '_');
        if !c.is_ascii_digit() || after_word {
            i += 1;
            continue;
        }
        // The number: digits, with `.` or `,` between digits.
        let mut j = i;
        while j < chars.len()
            && (chars[j].1.is_ascii_digit()
                || (matches!(chars[j].1, '.' | ',')
                    && chars.get(j + 1).is_some_and(|(_, d)| d.is_ascii_digit())))
        {
            j += 1;
        }
        let mut k = j;
        while k < chars.len() && matches!(chars[k].1, ' ' | '\u{a0}') {
            k += 1;
        }
        let mut end = k;
        while end < chars.len() && chars[end].1.is_alphanumeric() {
            end += 1;
        }
        let byte = |n: usize| chars.get(n).map_or(text.len(), |(b, _)| *b);
        let unit = &text[byte(k)..byte(end)];
        if TIME_UNITS.contains(&unit) && (unit != "s" || k > j) {
            found.push((start, text[start..byte(end)].to_string()));
        }
        i = j.max(i + 1);
    }
    found
}

/// The measured times in the doc comments of a Rust file, as `path:line: text`. Consecutive doc
/// lines are read as one text, so a number at the end of a line and its unit on the next count.
fn doc_comment_times(path: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // The current block of doc lines: their text joined by spaces, and where each line starts.
    let mut joined = String::new();
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut flush = |joined: &mut String, starts: &mut Vec<(usize, usize)>| {
        for (offset, time) in measured_times(joined) {
            let line = starts.iter().rev().find(|(at, _)| *at <= offset).map_or(0, |(_, line)| *line);
            found.push(format!(
                "timing: {path}:{line}: doc comment states `{time}`; put timings in BENCHMARKS.md"
            ));
        }
        joined.clear();
        starts.clear();
    };
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")) {
            Some(doc) => {
                starts.push((joined.len(), number + 1));
                joined.push_str(doc.trim());
                joined.push(' ');
            }
            None => flush(&mut joined, &mut starts),
        }
    }
    flush(&mut joined, &mut starts);
    found
}

// ---------------------------------------------------------------------------------------------
/// The methods declared in `pub trait Game { ... }` of `text` that are not [`GAME_METHODS`].
fn game_methods_beyond_the_rules(text: &str) -> Vec<String> {
    let Some(start) = text.find("pub trait Game {") else {
        return vec!["trait Game: not found in crates/game-core/src/game.rs".to_string()];
    };
    let body = &text[start..];
    let end = body.find("\n}").unwrap_or(body.len());
    body[..end]
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("fn "))
        .map(|rest| rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("").to_string())
        .filter(|name| !GAME_METHODS.contains(&name.as_str()))
        .map(|name| format!("two layers: trait Game declares `{name}`, which belongs to SearchGame"))
        .collect()
}

/// Whether `text` implements `SearchGame` for a reference type.
fn search_game_for_a_reference(text: &str) -> bool {
    text.lines().any(|line| line.trim_start().starts_with("impl") && line.contains("SearchGame for &"))
}

/// The public names the search module's `mod.rs` (`text`) exports beside `Search`: its
/// `pub use` lists and its top-level `pub` items.
fn search_public_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines().filter(|line| line.starts_with("pub ")) {
        if let Some(list) = line.strip_prefix("pub use ") {
            let inner = list.rsplit("::").next().unwrap_or("");
            let inner = inner.trim_end_matches(';').trim_start_matches('{').trim_end_matches('}');
            names.extend(inner.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()));
        } else if let Some(rest) = line.split_whitespace().nth(2).filter(|_| !line.starts_with("pub mod ")) {
            let name = rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names.retain(|name| name != "Search");
    names
}

/// The ways a source reaches the file system.
fn touches_files(text: &str) -> bool {
    ["std::fs", "File::", "OpenOptions", "fs::read", "fs::write"].iter().any(|s| text.contains(s))
}

// Reading the real workspace.

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace packages, from `cargo metadata --format-version 1 --no-deps`.
fn workspace_packages() -> Vec<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let raw = metadata["packages"].as_array().expect("a package list");
    let names: BTreeSet<&str> = raw.iter().filter_map(|p| p["name"].as_str()).collect();
    raw.iter()
        .map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str().expect("a manifest path"));
            let lib = p["targets"].as_array().expect("targets").iter().find_map(|t| {
                let kinds = t["kind"].as_array()?;
                let src = t["src_path"].as_str()?;
                kinds.iter().any(|k| k == "lib").then(|| PathBuf::from(src))
            });
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .filter_map(|d| {
                    let name = d["name"].as_str()?;
                    let kind = match d["kind"].as_str() {
                        Some("dev") => DepKind::Dev,
                        Some("build") => DepKind::Build,
                        _ => DepKind::Normal,
                    };
                    names.contains(name).then(|| (name.to_string(), kind))
                })
                .collect();
            Package {
                name: p["name"].as_str().expect("a name").to_string(),
                dir: manifest.parent().expect("a directory").to_path_buf(),
                lib,
                deps,
            }
        })
        .collect()
}

/// Every `.rs` file under `dir`, skipping build output and hidden folders.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, files);
            }
        } else if name.ends_with(".rs") {
            files.push(path);
        }
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(workspace_root()).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// Every violation of every rule in the real workspace.
fn workspace_violations() -> Vec<String> {
    let root = workspace_root();
    let packages = workspace_packages();
    let mut violations = layering_violations(&packages);

    // Package directories nest (the root package contains the others): walk the root's own
    // folders `src` and `tests`, and every other package's whole directory.
    let mut files = Vec::new();
    for package in &packages {
        if package.dir == root {
            rust_files(&root.join("src"), &mut files);
            rust_files(&root.join("tests"), &mut files);
        } else {
            rust_files(&package.dir, &mut files);
        }
    }
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|f| (relative(f), std::fs::read_to_string(f).expect("a readable source file")))
        .collect();

    for (path, text) in &sources {
        if !starts_with_module_doc(text) {
            violations.push(format!("module doc: {path} does not start with a `//!` module doc"));
        }
        if path.starts_with("crates/") && path.split('/').nth(2) == Some("src") {
            violations.extend(doc_comment_times(path, text));
        }
    }
    for package in &packages {
        let Some(lib) = &package.lib else { continue };
        let lib_text = std::fs::read_to_string(lib).expect("a readable crate root");
        if !denies_missing_docs(&lib_text) {
            violations.push(format!("missing_docs: {} does not deny missing_docs", relative(lib)));
        }
        let src = lib.parent().expect("a source folder");
        for (path, text) in sources.iter().filter(|(path, _)| root.join(path).starts_with(src)) {
            for name in error_enums_without_non_exhaustive(text) {
                violations.push(format!("non_exhaustive: {path}: pub enum {name} is not #[non_exhaustive]"));
            }
        }
    }

    for (path, text) in &sources {
        if path == "crates/game-core/src/game.rs" {
            violations.extend(game_methods_beyond_the_rules(text));
        }
        if search_game_for_a_reference(text) {
            violations.push(format!("two layers: {path} implements SearchGame for a reference"));
        }
        if path.starts_with("crates/game-core/src/search/") && touches_files(text) {
            violations.push(format!("the search never touches a file, but {path} reaches the file system"));
        }
        if path == "crates/game-core/src/search/mod.rs" {
            let names = search_public_names(text);
            if names.len() > MAX_SEARCH_NAMES {
                violations.push(format!(
                    "game_core::search exports {} names beside Search (at most {MAX_SEARCH_NAMES}): {}",
                    names.len(),
                    names.join(", ")
                ));
            }
        }
    }

    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let package_names: Vec<String> = packages.iter().map(|p| p.name.clone()).collect();
    violations.extend(missing_names(&architecture_names(&architecture), &sources, &package_names, &root));

    // The docs stand alone: no file sends a reader to the digest outside the repository.
    // (This file names the digest in its list of known drift and its tests: it is left out.)
    let mut documents: Vec<(String, String)> =
        sources.iter().filter(|(path, _)| path != "tests/tidy.rs").cloned().collect();
    for doc in ["README.md", "ARCHITECTURE.md", "docs/claims.md", "docs/adding-a-game.md"] {
        documents.push((doc.to_string(), std::fs::read_to_string(root.join(doc)).expect("a document")));
    }
    for package in &packages {
        if let Ok(text) = std::fs::read_to_string(package.dir.join("README.md")) {
            documents.push((relative(&package.dir.join("README.md")), text));
        }
    }
    violations.extend(outside_references(&documents));

    let claims_doc = std::fs::read_to_string(root.join("docs/claims.md")).expect("docs/claims.md");
    let ids: Vec<&str> = game_verify::registry().iter().map(|claim| claim.id).collect();
    violations.extend(unstated_claims(&claims_doc, &ids));
    violations
}

/// The files that point readers to the seed digest outside the repository (its claims are
/// stated in `docs/claims.md`).
fn outside_references(documents: &[(String, String)]) -> Vec<String> {
    // Built from pieces, so that this file does not match itself.
    let digest = ["seed", "digest.md"].join("-");
    documents
        .iter()
        .filter(|(_, text)| text.contains(&digest))
        .map(|(path, _)| {
            format!("outside: {path} refers to {digest} outside the repository; use docs/claims.md")
        })
        .collect()
}

/// The claim ids that `docs/claims.md` does not state (as a bold `**ID**` at a paragraph start).
fn unstated_claims(claims_doc: &str, ids: &[&str]) -> Vec<String> {
    ids.iter()
        .filter(|id| !claims_doc.lines().any(|line| line.starts_with(&format!("**{id}**"))))
        .map(|id| format!("claims: docs/claims.md does not state claim {id}"))
        .collect()
}

#[test]
fn the_workspace_keeps_its_rules() {
    let found = workspace_violations();
    let new: Vec<&String> = found.iter().filter(|v| !KNOWN_DRIFT.contains(&v.as_str())).collect();
    let fixed: Vec<&&str> = KNOWN_DRIFT.iter().filter(|k| !found.iter().any(|v| v == **k)).collect();
    assert!(new.is_empty(), "tidy: {} violation(s):\n{}", new.len(), lines(&new));
    assert!(fixed.is_empty(), "tidy: fixed, so delete from KNOWN_DRIFT in tests/tidy.rs:\n{}", lines(&fixed));
}

fn lines<T: std::fmt::Display>(items: &[T]) -> String {
    items.iter().map(|i| format!("  {i}\n")).collect()
}

// ---------------------------------------------------------------------------------------------
// The rules on synthetic input: each must be able to fail.

fn package(name: &str, deps: &[(&str, DepKind)]) -> Package {
    Package {
        name: name.into(),
        dir: PathBuf::new(),
        lib: None,
        deps: deps.iter().map(|(d, k)| (d.to_string(), *k)).collect(),
    }
}

/// The graph ARCHITECTURE.md draws.
fn documented_graph() -> Vec<Package> {
    use DepKind::*;
    vec![
        package("game-core", &[]),
        package("game-search-runs", &[("game-core", Normal)]),
        package("game-wythoff", &[("game-core", Normal)]),
        package("game-takebreak", &[("game-core", Normal), ("game-verify", Dev)]),
        package(
            "game-verify",
            &[("game-core", Normal), ("game-wythoff", Normal), ("game-takebreak", Normal)],
        ),
        package(
            "games-cli",
            &[("game-core", Normal), ("game-search-runs", Normal), ("game-wythoff", Normal)],
        ),
        package(
            "impartial-games",
            &[("game-wythoff", Normal), ("game-search-runs", Normal), ("game-verify", Dev)],
        ),
        package("impartial-games-py", &[("game-core", Normal), ("game-placement", Normal)]),
        package("xtask", &[("game-verify", Normal)]),
    ]
}

#[test]
fn layering_accepts_the_documented_graph() {
    assert_eq!(layering_violations(&documented_graph()), Vec::<String>::new());
}

#[test]
fn layering_rejects_every_broken_rule() {
    use DepKind::*;
    let broken = [
        ("game-wythoff", "game-nim", Normal, "a game crate depends on game-core only"),
        ("game-wythoff", "game-verify", Normal, "only xtask and dev-dependencies"),
        ("game-wythoff", "game-verify", Build, "only xtask and dev-dependencies"),
        ("game-core", "game-wythoff", Dev, "game-core knows no other workspace crate"),
        ("games-cli", "game-verify", Dev, "never depends on game-verify"),
        ("impartial-games-py", "game-verify", Normal, "never depends on game-verify"),
        ("impartial-games-py", "games-cli", Normal, "points up or sideways"),
        ("game-verify", "games-cli", Normal, "points up or sideways"),
        ("impartial-games", "game-verify", Normal, "only xtask and dev-dependencies"),
        ("game-wythoff", "game-search-runs", Normal, "no game crate uses it"),
        ("game-wythoff", "game-search-runs", Dev, "no game crate uses it"),
        ("game-verify", "game-search-runs", Normal, "no game crate uses it"),
        ("game-search-runs", "game-wythoff", Dev, "game-search-runs depends on game-core only"),
        ("game-core", "game-search-runs", Normal, "game-core knows no other workspace crate"),
    ];
    for (from, to, kind, why) in broken {
        let mut graph = documented_graph();
        graph.push(package(to, &[]));
        graph.iter_mut().find(|p| p.name == from).expect("in the graph").deps.push((to.into(), kind));
        let violations = layering_violations(&graph);
        assert!(
            violations.len() == 1 && violations[0].contains(why),
            "{from} -> {to} ({kind:?}) gave {violations:?}"
        );
    }
    let mut graph = documented_graph();
    graph.push(package("helpers", &[("game-core", Normal)]));
    assert!(layering_violations(&graph)[0].contains("no place in ARCHITECTURE.md"));
}

#[test]
fn doc_and_error_rules_catch_their_violations() {
    assert!(denies_missing_docs("//! Doc.\n\n#![deny(missing_docs)]\nmod a;"));
    assert!(denies_missing_docs("#![forbid(unsafe_code, missing_docs)]"));
    assert!(!denies_missing_docs("//! Doc.\n#![warn(missing_docs)]"));
    assert!(starts_with_module_doc("\n//! A module.\nuse std::fmt;"));
    assert!(!starts_with_module_doc("use std::fmt;\n//! late"));
    assert!(!starts_with_module_doc("/// An item doc, not a module doc.\nfn f() {}"));
    let text = "/// Bad.\n#[derive(Debug)]\npub enum BadError { A }\n\n\
                /// Good.\n#[derive(Debug)]\n#[non_exhaustive]\npub enum GoodError { A }\n\
                pub enum Colour { Red }\n";
    assert_eq!(error_enums_without_non_exhaustive(text), vec!["BadError".to_string()]);
}

#[test]
fn architecture_names_are_checked_against_the_code() {
    let doc = "The `Game` trait, `registry()` lists them; `Claim` (fields `id`, `bound`, `check`) \
               in `src/lib.rs`; see `game-core`, `cargo xtask verify`, `--quick`, `#[non_exhaustive]`.\n\
               ```\nnot `Parsed` here\n```\nand `game_core::Missing`, `claims()`, `cargo xtask new-game NAME`.";
    let names = architecture_names(doc);
    assert_eq!(
        names,
        vec![
            Name::Item("Game".into()),
            Name::Function("registry".into()),
            Name::Fields("Claim".into(), vec!["id".into(), "bound".into(), "check".into()]),
            Name::Path("src/lib.rs".into()),
            Name::Package("game-core".into()),
            Name::XtaskTask("verify".into()),
            Name::Item("Missing".into()),
            Name::Function("claims".into()),
            Name::XtaskTask("new-game".into()),
        ]
    );
    let sources = vec![
        ("crates/a/src/lib.rs".to_string(), "pub trait Game {}\npub fn registry() {}\n".to_string()),
        (
            "crates/a/src/claim.rs".to_string(),
            "pub struct Claim {\n    pub id: &'static str,\n    pub check: fn(),\n}\n".to_string(),
        ),
        ("xtask/src/main.rs".to_string(), "enum Task {\n    Verify,\n}\n".to_string()),
    ];
    let missing = missing_names(&names, &sources, &["game-core".to_string()], &workspace_root());
    assert_eq!(missing.len(), 4, "{missing:#?}");
    for expected in [
        "`Claim` the fields [\"bound\"]",
        "Item(\"Missing\")",
        "Function(\"claims\")",
        "XtaskTask(\"new-game\")",
    ] {
        assert!(missing.iter().any(|m| m.contains(expected)), "{expected} not in {missing:#?}");
    }
}

#[test]
fn every_claim_id_must_be_stated() {
    let doc = "**W1** — stated.\n\nText naming W2 in passing.\n**X1** *(false)* — stated.\n";
    assert_eq!(
        unstated_claims(doc, &["W1", "W2", "X1"]),
        vec!["claims: docs/claims.md does not state claim W2"]
    );
}

#[test]
fn references_outside_the_repository_are_found() {
    let documents = vec![
        ("a.rs".to_string(), "//! ids from `../shared/seed-digest.md`".to_string()),
        ("b.md".to_string(), "ids in `docs/claims.md`".to_string()),
    ];
    let found = outside_references(&documents);
    assert!(found.len() == 1 && found[0].starts_with("outside: a.rs"), "{found:?}");
}

#[test]
fn measured_times_in_doc_comments_are_found() {
    let sample = "//! Measured (release, 2 cores): n = 16 in 0.23 s, n = 20 in 1,168 s (about 19.5\n\
                  //! minutes); a slot under 20 ms, 11 µs per heap, 3 seconds.\n\
                  fn f() {} // 5 ms in a plain comment is not rustdoc\n\
                  /// A heap splits; the 1s and 2s are dropped; O(max * (2 min + max)) words;\n\
                  /// a u64 s, the W5 ms, 10^6 heaps, see BENCHMARKS.md, about six times faster.\n";
    let found = doc_comment_times("crates/a/src/lib.rs", sample);
    let times: Vec<&str> = found.iter().map(|f| f.split('`').nth(1).unwrap_or("")).collect();
    assert_eq!(times, ["0.23 s", "1,168 s", "19.5 minutes", "20 ms", "11 µs", "3 seconds"], "{found:#?}");
    assert!(found[2].starts_with("timing: crates/a/src/lib.rs:1: "), "{}", found[2]);
    assert!(found[3].starts_with("timing: crates/a/src/lib.rs:2: "), "{}", found[3]);
    assert_eq!(measured_times("took 75s, then 2 h"), vec![]);
    assert_eq!(measured_times("(2 min + max)"), vec![]);
    assert_eq!(measured_times("in 4ms"), vec![(3, "4ms".to_string())]);
}

#[test]
fn the_two_layers_and_the_search_surface_are_checked() {
    let game = "pub trait Game {\n    type Position;\n    fn moves(&self);\n    fn position_bytes(&self) -> usize {\n        0\n    }\n}\n";
    assert!(game_methods_beyond_the_rules(game).is_empty());
    let with_search = game.replace("    type Position;", "    type Position;\n    fn components(&self);");
    assert_eq!(game_methods_beyond_the_rules(&with_search).len(), 1);
    assert_eq!(game_methods_beyond_the_rules("pub trait Other {}").len(), 1, "a missing trait is reported");
    assert!(search_game_for_a_reference("impl<T: SearchGame> SearchGame for &T {"));
    assert!(!search_game_for_a_reference("impl SearchGame for Cram {"));
    let module = "pub use limits::{SearchError, SearchLimits};\npub use stats::SearchStats;\npub mod x;\n\
                  pub fn search_nimber<G>() {}\npub struct Search<'g, G> {\npub const LIMIT: usize = 1;\n\
                  pub(crate) const HIDDEN: u8 = 0;\n";
    assert_eq!(
        search_public_names(module),
        ["SearchError", "SearchLimits", "SearchStats", "search_nimber", "LIMIT"]
    );
    assert!(touches_files("use std::fs::File;") && touches_files("let f = File::open(p)?;"));
    assert!(!touches_files("use std::ops::ControlFlow;"));
}
