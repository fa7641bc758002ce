//! The proofs by exhaustion, at the small bounds of `Scale::Quick`, checked against the snapshots
//! in `tests/snapshots/quick/`; and every field of the full-bound snapshots that
//! `cargo xtask verify` writes to `tests/snapshots/full/` that can be checked without rerunning
//! them (`cargo xtask verify --check`, run by CI, reruns them).

use std::path::{Path, PathBuf};

use game_verify::{Expected, Scale, SnapshotMode, Verdict, registry, stale_snapshots, verify};
use serde_json::{Value, json};

fn snapshot_dir(scale: Scale) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(scale.name())
}

fn read_snapshot(scale: Scale, id: &str) -> Value {
    let path = snapshot_dir(scale).join(format!("{id}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("no snapshot {} ({e}); run `cargo xtask verify{}`", path.display(), scale.pick(" --quick", ""))
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not a report: {e}", path.display()))
}

/// Every claim at quick bounds: the verdict is the expected one and the report equals its
/// snapshot in every field (cases, digest, counterexample: any change in what is computed shows).
#[test]
fn every_claim_at_quick_bounds_passes_and_matches_its_snapshot() {
    let claims = registry();
    let dir = snapshot_dir(Scale::Quick);
    let verification = verify(&claims, Scale::Quick, &dir, SnapshotMode::Check).expect("snapshots readable");
    if let Err(e) = verification.into_result() {
        panic!("{e}");
    }
    assert_eq!(stale_snapshots(&dir, &claims).unwrap(), Vec::<PathBuf>::new(), "stale quick snapshots");
}

/// The full-bound snapshots: one for every claim and no other; every field that follows from the
/// claim itself is current; the verdict is the expected one; quick and full differ wherever
/// their bounds do, and are identical where the bounds are the same.
#[test]
fn full_bound_snapshots_are_complete_current_and_passing() {
    let claims = registry();
    assert_eq!(stale_snapshots(&snapshot_dir(Scale::Full), &claims).unwrap(), Vec::<PathBuf>::new());
    for claim in &claims {
        let full = read_snapshot(Scale::Full, claim.id);
        let quick = read_snapshot(Scale::Quick, claim.id);
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
