//! The claims of game-verify (the source documents' and our own), checked by exhaustion against
//! insta snapshots: `claims` is the test that `cargo xtask verify` runs for this package (at
//! full bounds, `tests/snapshots/full/`); a plain `cargo test` runs it at the small bounds of
//! `Scale::Quick` (`tests/snapshots/quick/`). The other tests check, without rerunning them,
//! every field of the full-bound snapshots that follows from the claims, and that the docs
//! describe the registry as it is.

use std::path::{Path, PathBuf};

use game_verify::{ClaimsTest, Expected, Scale, Verdict, read_snapshot, registry, stale_snapshots};
use serde_json::{Value, json};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn snapshot_dir(scale: Scale) -> PathBuf {
    root().join("tests/snapshots").join(scale.name())
}

fn snapshot(scale: Scale, id: &str) -> Value {
    read_snapshot(&snapshot_dir(scale), id).unwrap_or_else(|e| panic!("{e}")).unwrap_or_else(|| {
        panic!("no {} snapshot of {id}; run `cargo xtask verify{}`", scale.name(), scale.pick(" --quick", ""))
    })
}

/// Every claim (at quick bounds unless `GAME_VERIFY_SCALE=full`): the verdict is the expected
/// one and the report equals its snapshot in every field (cases, digest, counterexample: any
/// change in what is computed shows).
#[test]
fn claims() {
    ClaimsTest::new(registry(), root())
        .rewrite_commands("cargo xtask verify --quick", "cargo xtask verify")
        .run();
}

/// The full-bound snapshots: one for every claim and no other; every field that follows from the
/// claim itself is current; the verdict is the expected one; quick and full differ wherever
/// their bounds do, and are identical where the bounds are the same.
#[test]
fn full_bound_snapshots_are_complete_current_and_passing() {
    let claims = registry();
    assert_eq!(stale_snapshots(&snapshot_dir(Scale::Full), &claims).unwrap(), Vec::<PathBuf>::new());
    for claim in &claims {
        let full = snapshot(Scale::Full, claim.id);
        let quick = snapshot(Scale::Quick, claim.id);
        let id = claim.id;
        let fixed = [
            ("claim", json!(claim.id)),
            ("statement", json!(claim.statement)),
            ("source", json!(claim.source)),
            ("methods", json!(claim.methods)),
            ("expected", serde_json::to_value(claim.expected).unwrap()),
        ];
        for (field, value) in &fixed {
            assert_eq!(
                &full[field], value,
                "{id}: full snapshot's {field} is stale; run `cargo xtask verify`"
            );
        }
        let (verdict, counterexample) = match claim.expected {
            Expected::Holds => (Verdict::Holds, Value::Null),
            Expected::Refuted { counterexample } => (Verdict::Refuted, json!(counterexample)),
        };
        assert_eq!(full["verdict"], serde_json::to_value(verdict).unwrap(), "{id}: full verdict");
        assert_eq!(full["counterexample"], counterexample, "{id}: full counterexample");
        assert!(full["cases"].as_u64().is_some_and(|c| c > 0), "{id}: full snapshot checks no case");
        let digest = full["digest"].as_str().unwrap_or_default();
        assert!(
            digest.len() == 16 && digest.chars().all(|c| c.is_ascii_hexdigit()),
            "{id}: digest {digest:?}"
        );
        let fields = full.as_object().map(|o| o.len());
        assert_eq!(fields, quick.as_object().map(|o| o.len()), "{id}: quick and full have different fields");
        if full["bound"] == quick["bound"] {
            assert_eq!(full, quick, "{id}: same bound at both scales, so the reports must be equal");
        } else {
            assert_ne!(full["digest"], quick["digest"], "{id}: bounds differ but digests do not");
        }
    }
}

/// What game-verify's crate doc says of the ids is true: a claim is kept false on purpose
/// (expected refuted) exactly when its id holds an `X`; and the registry is grouped as
/// `docs/claims.md` is (each claim's section, in the order of the document, never goes back).
#[test]
fn the_docs_describe_the_registry_as_it_is() {
    let claims = registry();
    for claim in &claims {
        let refuted = matches!(claim.expected, Expected::Refuted { .. });
        assert_eq!(claim.id.contains('X'), refuted, "{}: id and expected verdict disagree", claim.id);
    }
    let doc = std::fs::read_to_string(root().join("docs/claims.md")).unwrap();
    let sections: Vec<&str> = doc.split("\n## ").collect();
    let section_of = |id: &str| {
        let mention = format!("**{id}**");
        let found: Vec<usize> = (0..sections.len()).filter(|&i| sections[i].contains(&mention)).collect();
        assert_eq!(
            found.len(),
            1,
            "{id}: stated in {} sections of docs/claims.md (as **{id}**)",
            found.len()
        );
        found[0]
    };
    let order: Vec<(usize, &str)> = claims.iter().map(|c| (section_of(c.id), c.id)).collect();
    for pair in order.windows(2) {
        assert!(
            pair[0].0 <= pair[1].0,
            "{} comes after {} in the registry but before it in docs/claims.md",
            pair[1].1,
            pair[0].1
        );
    }
}
