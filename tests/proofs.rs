//! The proofs by exhaustion, at the small bounds of `Scale::Quick`, as insta snapshots in
//! `tests/snapshots/quick/`; and a consistency check of the full-bound snapshots that
//! `cargo xtask verify` writes to `tests/snapshots/full/`.

use game_verify::{Scale, registry, run};

/// Every claim at quick bounds: the verdict is the expected one and the report matches its
/// snapshot (cases, digest, counterexample: any change in what is computed shows up here).
#[test]
fn every_claim_at_quick_bounds_matches_its_snapshot() {
    for claim in registry() {
        let report = run(&claim, Scale::Quick);
        assert!(report.passed(), "claim {} failed at quick bounds: {report:#?}", claim.id);
        insta::with_settings!({
            snapshot_path => "snapshots/quick",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_yaml_snapshot!(claim.id, report);
        });
    }
}

/// The full-bound snapshots exist for every registered claim, are not stale in their statement,
/// and record the expected verdict: `cargo xtask verify --check` reruns them all.
#[test]
fn full_bound_snapshots_cover_every_claim_with_the_expected_verdict() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/full");
    for claim in registry() {
        let path = dir.join(format!("{}.snap", claim.id));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("no full-bound snapshot {} ({e}); run `cargo xtask verify`", path.display())
        });
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{name}: ")))
                .unwrap_or_else(|| panic!("{} has no {name} field", path.display()))
                .to_string()
        };
        assert_eq!(field("claim"), claim.id);
        assert_eq!(field("verdict"), format!("{:?}", claim.expected), "{} at full bounds", claim.id);
        assert_eq!(field("expected"), format!("{:?}", claim.expected), "{} snapshot is stale", claim.id);
        assert!(
            text.contains(&claim.statement[..claim.statement.len().min(40)]),
            "{} statement changed",
            claim.id
        );
    }
}
