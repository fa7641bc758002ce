//! `cargo xtask new-game NAME`: writes a new game crate `crates/game-NAME/` from the template in
//! `xtask/templates/game/`: a `game_core::Game` that builds and works (a subtraction game to be
//! replaced), its claims checked by game-verify from `tests/claims.rs`, and their snapshots.
//! It validates NAME and never overwrites anything.

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
    let dir = root.join("crates").join(&names.crate_name);
    if dir.exists() {
        return Err(NewGameError::Exists { path: dir });
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| NewGameError::Io { path, message: e.to_string() }
    };
    let mut written = Vec::new();
    for (relative, text) in TEMPLATE {
        let path = dir.join(fill(relative, &names));
        std::fs::create_dir_all(path.parent().expect("template paths have a folder")).map_err(io(&path))?;
        // `create_new`: never overwrite, even a file that appeared since the check above.
        let mut file = OpenOptions::new().write(true).create_new(true).open(&path).map_err(io(&path))?;
        file.write_all(fill(text, &names).as_bytes()).map_err(io(&path))?;
        written.push(path);
    }
    Ok(written)
}

/// `cargo xtask new-game NAME`.
pub(crate) fn main(name: &str) -> ExitCode {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf();
    match generate(&root, name) {
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
            println!(
                "next: cargo test -p game-{name}; then replace the example game and its claims (docs/adding-a-game.md)"
            );
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

    /// The guide's manifest for a crate outside the workspace (`docs/adding-a-game.md`, the
    /// `toml` block of "Outside the workspace") is complete: the generated crate, alone in a
    /// folder with that manifest (paths pointed at this workspace), builds and passes its tests
    /// and claims. Costs a build of the dependencies, hence ignored (CI runs it).
    #[test]
    #[ignore = "builds a crate outside the workspace: cargo test -p xtask -- --ignored"]
    fn the_guides_manifest_builds_the_scaffold_outside_the_workspace() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
        let guide = std::fs::read_to_string(here.join("docs/adding-a-game.md")).unwrap();
        let outside = &guide[guide.find("## Outside the workspace").expect("the guide has the section")..];
        let start = outside.find("```toml\n").expect("a toml block") + "```toml\n".len();
        let dependencies = &outside[start..start + outside[start..].find("```").unwrap()];
        assert!(dependencies.contains("[dev-dependencies]"), "{dependencies}");
        let root = scratch("outside");
        generate(&root, "demo").unwrap();
        let krate = root.join("crates/game-demo");
        let claims = std::fs::read_to_string(krate.join("tests/claims.rs")).unwrap();
        let rewrite = "        .rewrite_commands(\"cargo xtask verify --quick\", \"cargo xtask verify\")\n";
        assert!(claims.contains(rewrite), "the guide says to drop this line");
        std::fs::write(krate.join("tests/claims.rs"), claims.replace(rewrite, "")).unwrap();
        let manifest = format!(
            "[package]\nname = \"game-demo\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n{}\n[workspace]\n",
            dependencies.replace("../impartial-games/", &format!("{}/", here.display()))
        );
        std::fs::write(krate.join("Cargo.toml"), manifest).unwrap();
        std::fs::copy(here.join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let output = Command::new(cargo)
            .args(["test", "--offline"])
            .current_dir(&krate)
            .env("INSTA_UPDATE", "no")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "cargo test in {} failed: {stderr}", krate.display());
        assert!(!stderr.contains("cannot find"), "{stderr}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
