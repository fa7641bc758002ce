//! `cargo xtask new-game NAME [--path DIR]`: writes a new game crate from the template in
//! `xtask/templates/game/`: a `game_core::Game` and `game_core::SearchGame` that build and work
//! (a subtraction game to be replaced), its claims checked by game-verify from
//! `tests/claims.rs`, and their snapshots. Without `--path` the crate is `crates/game-NAME/` of
//! this workspace; with it, DIR is a crate of its own (its own `[workspace]`, this workspace's
//! crates as path dependencies, this workspace's `Cargo.lock`), for a user who keeps their game
//! outside. It validates NAME and never overwrites anything.

use std::fmt;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The template: (path in the new crate, text). Placeholders: `{{name}}` (NAME), `{{crate}}`
/// (`game-NAME`), `{{crate_ident}}` (`game_NAME` with `_`), `{{Type}}` (NAME in CamelCase),
/// `{{ID}}` (the claim id prefix, NAME's first three letters or digits in capitals).
const TEMPLATE: &[(&str, &str)] = &[
    ("Cargo.toml", include_str!("../templates/game/Cargo.toml.tmpl")),
    ("src/lib.rs", include_str!("../templates/game/src/lib.rs.tmpl")),
    ("tests/claims.rs", include_str!("../templates/game/tests/claims.rs.tmpl")),
    (
        "tests/snapshots/quick/{{ID}}1.snap",
        include_str!("../templates/game/tests/snapshots/quick/ID1.snap.tmpl"),
    ),
    (
        "tests/snapshots/quick/{{ID}}X.snap",
        include_str!("../templates/game/tests/snapshots/quick/IDX.snap.tmpl"),
    ),
    (
        "tests/snapshots/full/{{ID}}1.snap",
        include_str!("../templates/game/tests/snapshots/full/ID1.snap.tmpl"),
    ),
    (
        "tests/snapshots/full/{{ID}}X.snap",
        include_str!("../templates/game/tests/snapshots/full/IDX.snap.tmpl"),
    ),
];

/// Type names the template's code already uses: a game named like one of them would not compile.
const TAKEN_TYPE_NAMES: &[&str] = &[
    "Game",
    "Error",
    "Claim",
    "Evidence",
    "Scale",
    "Tally",
    "Verdict",
    "Expected",
    "ClaimsTest",
    "Vec",
    "Option",
    "Result",
    "String",
    "Box",
    "Some",
    "None",
    "Ok",
    "Err",
    "Self",
];

/// Why a game crate was not written.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NewGameError {
    /// NAME is not usable; `reason` says why.
    BadName { name: String, reason: String },
    /// The crate's folder exists already: nothing is overwritten.
    Exists { path: PathBuf },
    /// Writing failed.
    Io { path: PathBuf, message: String },
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadName { name, reason } => write!(f, "bad game name {name:?}: {reason}"),
            Self::Exists { path } => write!(f, "{} exists already; nothing was written", path.display()),
            Self::Io { path, message } => write!(f, "cannot write {}: {message}", path.display()),
        }
    }
}

/// The names derived from NAME, for the placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Names {
    name: String,
    crate_name: String,
    crate_ident: String,
    type_name: String,
    id: String,
}

/// Checks NAME (lowercase ASCII letters and digits in words joined by single hyphens, starting
/// with a letter, at most 40 characters) and derives the other names from it.
fn names(name: &str) -> Result<Names, NewGameError> {
    let bad = |reason: &str| NewGameError::BadName { name: name.to_string(), reason: reason.to_string() };
    if name.is_empty() || name.len() > 40 {
        return Err(bad("use 1 to 40 characters"));
    }
    if name.starts_with("game-") {
        return Err(bad("give the name without `game-`: the crate is called game-NAME"));
    }
    let words: Vec<&str> = name.split('-').collect();
    let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase())
        && words
            .iter()
            .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    if !well_formed {
        return Err(bad(
            "use lowercase letters and digits, words joined by single hyphens, starting with a letter",
        ));
    }
    if ["core", "verify"].contains(&name) {
        return Err(bad("game-core and game-verify are the workspace's engine and verifier"));
    }
    let type_name: String = words.iter().map(|w| w[..1].to_ascii_uppercase() + &w[1..]).collect();
    if TAKEN_TYPE_NAMES.contains(&type_name.as_str()) {
        return Err(bad(&format!("its type name {type_name} is already used by the generated code")));
    }
    let id: String =
        name.chars().filter(char::is_ascii_alphanumeric).take(3).collect::<String>().to_ascii_uppercase();
    Ok(Names {
        name: name.to_string(),
        crate_name: format!("game-{name}"),
        crate_ident: format!("game_{}", name.replace('-', "_")),
        type_name,
        id,
    })
}

fn fill(text: &str, names: &Names) -> String {
    text.replace("{{name}}", &names.name)
        .replace("{{crate}}", &names.crate_name)
        .replace("{{crate_ident}}", &names.crate_ident)
        .replace("{{Type}}", &names.type_name)
        .replace("{{ID}}", &names.id)
}

/// Writes `crates/game-NAME/` under the workspace `root`; returns the files written.
pub(crate) fn generate(root: &Path, name: &str) -> Result<Vec<PathBuf>, NewGameError> {
    let names = names(name)?;
    write_template(&root.join("crates").join(&names.crate_name), &names, None)
}

/// Writes the crate into `dir` (which must not exist) as a crate of its own, outside any
/// workspace, whose dependencies on game-core and game-verify are paths into `workspace`, with
/// `workspace`'s `Cargo.lock` so that it builds with the versions this workspace is tested with.
pub(crate) fn generate_outside(
    workspace: &Path,
    dir: &Path,
    name: &str,
) -> Result<Vec<PathBuf>, NewGameError> {
    let names = names(name)?;
    let mut written = write_template(dir, &names, Some(workspace))?;
    let lock = dir.join("Cargo.lock");
    std::fs::copy(workspace.join("Cargo.lock"), &lock)
        .map_err(|e| NewGameError::Io { path: lock.clone(), message: e.to_string() })?;
    written.push(lock);
    Ok(written)
}

/// The manifest of a crate outside the workspace: the template's dependencies, with paths into
/// `workspace` for its crates and the major versions of record for the others.
fn outside_manifest(names: &Names, workspace: &Path) -> String {
    let crate_path = |krate: &str| {
        format!("{{ path = {:?} }}", workspace.join("crates").join(krate).display().to_string())
    };
    format!(
        "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [dependencies]\ngame-core = {}\nthiserror = \"2\"\n\n\
         [dev-dependencies]\ngame-verify = {}\nproptest = \"1\"\n\n\
         # A crate of its own, not a member of a workspace above it.\n[workspace]\n",
        names.crate_name,
        crate_path("game-core"),
        crate_path("game-verify"),
    )
}

/// The line of the template's claims test that names `cargo xtask` commands: a crate outside
/// has no xtask, so it goes, and the messages name the plain cargo commands instead.
const XTASK_REWRITE_LINE: &str =
    "        .rewrite_commands(\"cargo xtask verify --quick\", \"cargo xtask verify\")\n";

/// Writes the template into `dir`, for this workspace (`outside` = `None`) or as a crate of its
/// own depending on the workspace at `outside`.
fn write_template(dir: &Path, names: &Names, outside: Option<&Path>) -> Result<Vec<PathBuf>, NewGameError> {
    if dir.exists() {
        return Err(NewGameError::Exists { path: dir.to_path_buf() });
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| NewGameError::Io { path, message: e.to_string() }
    };
    let mut written = Vec::new();
    for (relative, text) in TEMPLATE {
        let path = dir.join(fill(relative, names));
        let text = match (*relative, outside) {
            ("Cargo.toml", Some(workspace)) => outside_manifest(names, workspace),
            ("tests/claims.rs", Some(_)) => fill(text, names).replace(XTASK_REWRITE_LINE, ""),
            _ => fill(text, names),
        };
        std::fs::create_dir_all(path.parent().expect("template paths have a folder")).map_err(io(&path))?;
        // `create_new`: never overwrite, even a file that appeared since the check above.
        let mut file = OpenOptions::new().write(true).create_new(true).open(&path).map_err(io(&path))?;
        file.write_all(text.as_bytes()).map_err(io(&path))?;
        written.push(path);
    }
    Ok(written)
}

/// `cargo xtask new-game NAME [--path DIR]`.
pub(crate) fn main(name: &str, path: Option<&Path>) -> ExitCode {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf();
    let written = match path {
        None => generate(&root, name),
        Some(dir) => generate_outside(&root, dir, name),
    };
    match written {
        Ok(files) => {
            for file in &files {
                println!("wrote {}", file.strip_prefix(&root).unwrap_or(file).display());
            }
            // Long names make long lines: format the new sources as `cargo fmt --check` wants.
            let sources = files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs"));
            let formatted = Command::new("rustfmt").args(["--edition", "2024"]).args(sources).status();
            if !formatted.is_ok_and(|status| status.success()) {
                eprintln!("warning: rustfmt did not run on the new files; run `cargo fmt --all`");
            }
            match path {
                None => println!(
                    "next: cargo test -p game-{name}; then replace the example game and its claims (docs/adding-a-game.md)"
                ),
                Some(dir) => println!(
                    "next: cd {} && cargo test; then replace the example game and its claims (docs/adding-a-game.md)",
                    dir.display()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh empty folder under the system's temporary folder.
    fn scratch(label: &str) -> PathBuf {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "xtask-new-game-{label}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("crates")).unwrap();
        dir
    }

    #[test]
    fn names_are_validated_and_derived() {
        let n = names("take-away2").unwrap();
        assert_eq!(
            (n.crate_name.as_str(), n.crate_ident.as_str(), n.type_name.as_str(), n.id.as_str()),
            ("game-take-away2", "game_take_away2", "TakeAway2", "TAK")
        );
        for bad in [
            "", "Dawson", "2pins", "-x", "x-", "a--b", "a_b", "a b", "../x", "a/b", "game-x", "core",
            "verify", "game", "error", "self", "vec", "é",
        ] {
            assert!(matches!(names(bad), Err(NewGameError::BadName { .. })), "{bad:?} was accepted");
        }
        assert!(names(&"a".repeat(41)).is_err());
        assert!(names(&"a".repeat(40)).is_ok());
    }

    #[test]
    fn generates_every_file_with_every_placeholder_filled() {
        let root = scratch("files");
        let files = generate(&root, "dawson").unwrap();
        let dir = root.join("crates/game-dawson");
        let expected = [
            "Cargo.toml",
            "src/lib.rs",
            "tests/claims.rs",
            "tests/snapshots/quick/DAW1.snap",
            "tests/snapshots/quick/DAWX.snap",
            "tests/snapshots/full/DAW1.snap",
            "tests/snapshots/full/DAWX.snap",
        ];
        assert_eq!(files, expected.iter().map(|f| dir.join(f)).collect::<Vec<_>>());
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            assert!(!text.contains("{{") && !text.contains("}}"), "{} keeps a placeholder", file.display());
        }
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        assert!(manifest.contains("name = \"game-dawson\""));
        let lib = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
        assert!(
            lib.starts_with("//! Dawson:")
                && lib.contains("impl Game for Dawson")
                && lib.contains("impl SearchGame for Dawson")
                && lib.contains("#![deny(missing_docs)]")
        );
        assert!(lib.contains("#[non_exhaustive]\npub enum DawsonError"));
        let snapshot = std::fs::read_to_string(dir.join("tests/snapshots/quick/DAWX.snap")).unwrap();
        assert!(snapshot.contains("\"claim\": \"DAWX\"") && snapshot.contains("\"verdict\": \"Refuted\""));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn never_overwrites() {
        let root = scratch("overwrite");
        generate(&root, "kayles").unwrap();
        let lib = root.join("crates/game-kayles/src/lib.rs");
        std::fs::write(&lib, "//! mine\n").unwrap();
        assert!(matches!(generate(&root, "kayles"), Err(NewGameError::Exists { .. })));
        assert_eq!(std::fs::read_to_string(&lib).unwrap(), "//! mine\n");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A scratch workspace at `root` whose `Cargo.toml` has this workspace's package settings and
    /// dependencies, with path dependencies pointing at this workspace's crates.
    fn scratch_workspace(root: &Path) {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
        let manifest = std::fs::read_to_string(here.join("Cargo.toml")).unwrap();
        let section = |header: &str| {
            let start = manifest.find(header).unwrap();
            let rest = &manifest[start + header.len()..];
            rest[..rest.find("\n[").unwrap_or(rest.len())].to_string()
        };
        let dependencies = section("[workspace.dependencies]")
            .replace("path = \"crates/", &format!("path = \"{}/crates/", here.display()));
        let scratch_manifest = format!(
            "[workspace]\nresolver = \"3\"\nmembers = [\"crates/*\"]\n\n[workspace.package]{}\n[workspace.dependencies]{dependencies}",
            section("[workspace.package]")
        );
        std::fs::write(root.join("Cargo.toml"), scratch_manifest).unwrap();
        std::fs::copy(here.join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
    }

    /// `cargo xtask verify` finds the claims of a generated crate with no file edited by hand:
    /// its `tests/claims.rs` is a claims target of the workspace it is generated in.
    #[test]
    fn a_generated_crate_is_found_by_verify() {
        let root = scratch("discovery");
        generate(&root, "demo").unwrap();
        scratch_workspace(&root);
        let targets = crate::verify::claims_targets(&root).unwrap();
        assert_eq!(targets.len(), 1, "{targets:?}");
        assert_eq!(targets[0].package, "game-demo");
        assert_eq!(targets[0].dir, root.join("crates/game-demo"));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// End to end: a scratch workspace with the generated crate, whose path dependencies point
    /// at this workspace's game-core and game-verify, passes `cargo test` and the driver of
    /// `cargo xtask verify --check` at both scales (its shipped snapshots are current), and the
    /// driver refuses an unknown claim id. Costs a build of the dependencies (minutes on 2
    /// cores), hence ignored: `cargo test -p xtask -- --ignored` (CI runs it).
    #[test]
    #[ignore = "builds a scratch workspace: cargo test -p xtask -- --ignored"]
    fn generated_crate_passes_its_tests_and_verify_check() {
        let root = scratch("workspace");
        generate(&root, "demo").unwrap();
        scratch_workspace(&root);
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["test", "--offline", "-p", "game-demo"])
            .current_dir(&root)
            .env("INSTA_UPDATE", "no") // check the shipped snapshots, never rewrite them
            .status()
            .unwrap();
        assert!(status.success(), "cargo test in {} failed", root.display());
        use crate::verify::{Mode, verify_workspace};
        for quick in [true, false] {
            let done = std::sync::Mutex::new(Vec::new());
            let outcomes = verify_workspace(&root, quick, Mode::Check, &[], &|_| {}, &|id| {
                done.lock().unwrap().push(id.to_string())
            })
            .unwrap();
            assert_eq!(outcomes.len(), 1);
            assert_eq!((outcomes[0].claims, &outcomes[0].error), (2, &None), "{}", outcomes[0].table);
            let mut done = done.into_inner().unwrap();
            done.sort();
            assert_eq!(done, ["DEM1", "DEMX"]);
        }
        let unknown =
            verify_workspace(&root, true, Mode::Check, &["LAS1".into()], &|_| {}, &|_| {}).unwrap_err();
        assert!(unknown.contains("no claim with id \"LAS1\"") && unknown.contains("DEM1"), "{unknown}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// `--path DIR` writes a crate of its own: its manifest names this workspace's crates by
    /// absolute path, declares its own `[workspace]`, and its claims test names no xtask
    /// command; the workspace's `Cargo.lock` comes along. Nothing is overwritten.
    #[test]
    fn a_crate_outside_is_its_own_workspace() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
        let root = scratch("outside-files");
        let dir = root.join("my-games/treblecross");
        let files = generate_outside(&here, &dir, "treblecross").unwrap();
        assert_eq!(files.len(), TEMPLATE.len() + 1);
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let core =
            format!("game-core = {{ path = {:?} }}", here.join("crates/game-core").display().to_string());
        assert!(manifest.contains(&core) && manifest.contains("\n[workspace]\n"), "{manifest}");
        assert!(!manifest.contains(".workspace = true"), "{manifest}");
        let claims = std::fs::read_to_string(dir.join("tests/claims.rs")).unwrap();
        assert!(!claims.contains(".rewrite_commands(") && claims.contains("ClaimsTest"), "{claims}");
        assert_eq!(
            std::fs::read(dir.join("Cargo.lock")).unwrap(),
            std::fs::read(here.join("Cargo.lock")).unwrap()
        );
        assert!(matches!(generate_outside(&here, &dir, "treblecross"), Err(NewGameError::Exists { .. })));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The manifest the guide shows for a crate outside (`docs/adding-a-game.md`, the `toml`
    /// block of "Outside the workspace") names the same dependencies, with the same versions,
    /// as the one `--path` writes.
    #[test]
    fn the_guides_manifest_is_the_one_path_writes() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
        let guide = std::fs::read_to_string(here.join("docs/adding-a-game.md")).unwrap();
        let outside = &guide[guide.find("## Outside the workspace").expect("the guide has the section")..];
        let start = outside.find("```toml\n").expect("a toml block") + "```toml\n".len();
        let block = &outside[start..start + outside[start..].find("```").unwrap()];
        let written = outside_manifest(&names("demo").unwrap(), Path::new("/w"));
        let dependencies = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| line.starts_with('[') || line.contains(" = "))
                .filter(|line| !line.starts_with("[package]") && !line.starts_with("[workspace]"))
                .filter(|line| {
                    !["name", "version", "edition"].iter().any(|key| line.starts_with(&format!("{key} = ")))
                })
                .map(|line| line.replace("../impartial-games/", "/w/").replace(" }", "").replace('"', ""))
                .collect()
        };
        assert_eq!(dependencies(block), dependencies(&written), "{block}\n---\n{written}");
    }

    /// End to end, outside: the crate `--path` writes builds and passes its tests and claims
    /// with no file edited by hand. Costs a build of the dependencies, hence ignored
    /// (`cargo test -p xtask -- --ignored`; CI runs it).
    #[test]
    #[ignore = "builds a crate outside the workspace: cargo test -p xtask -- --ignored"]
    fn a_crate_written_outside_passes_its_tests() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
        let root = scratch("outside");
        let krate = root.join("game-demo");
        generate_outside(&here, &krate, "demo").unwrap();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let output = Command::new(cargo)
            .args(["test", "--offline"])
            .current_dir(&krate)
            .env("INSTA_UPDATE", "no")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "cargo test in {} failed: {stderr}", krate.display());
        // The crate's own tests and its claims ran (cargo prints the results on stdout).
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("test claims ... ok"), "{stdout}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
