//! `games cram` and `games node-kayles`: answers checked against values known independently
//! (the published Cram table, Dawson's chess), JSON fields, methods agreeing, limits as
//! one-line errors.

mod common;

use common::{error_line, json, scratch, stdout_of};

#[test]
fn cram_boards_of_the_published_table() {
    // Beling's table (beling/impartial-games README): 4 x 5 has nimber 2, 4 x 4 is 0 (even by
    // even); 1 x 7 is Dawson's Kayles (0.07) heap 7: 1.
    assert_eq!(json(&["cram", "4", "5"])["nimber"], 2);
    assert_eq!(json(&["cram", "4", "4"])["outcome"], "P");
    assert_eq!(json(&["cram", "1", "7"])["nimber"], 1);
    let text = stdout_of(&["cram", "4", "5"]);
    assert!(text.starts_with("Cram 4 x 5: nimber 2, N-position"), "{text}");
}

#[test]
fn cram_methods_agree() {
    for method in ["pruned", "mex"] {
        let answer = json(&["cram", "3", "5", "--method", method]);
        assert_eq!(answer["nimber"], json(&["cram", "5", "3"])["nimber"], "{method}");
        assert!(answer["stats"]["nodes"].as_u64().unwrap() > 0);
    }
    let outcome = json(&["cram", "3", "5", "--method", "outcome"]);
    assert_eq!(outcome["nimber"], serde_json::Value::Null);
    let nimber = json(&["cram", "3", "5"])["nimber"].as_u64().unwrap();
    assert_eq!(outcome["outcome"], if nimber == 0 { "P" } else { "N" });
}

#[test]
fn cram_limits_and_bad_sizes_are_one_line_errors() {
    assert!(error_line(&["cram", "0", "5"]).contains("Cram board"));
    assert!(error_line(&["cram", "12", "11"]).contains("at most 128 cells"));
    assert!(error_line(&["cram", "5", "5", "--max-nodes", "10"]).contains("--max-nodes"));
}

#[test]
fn node_kayles_on_a_path_file_is_dawsons_chess() {
    let dir = scratch("placement", "node-kayles");
    let file = dir.join("path.txt");
    // A path of 10 vertices, given as arcs in either direction: 0.137 has g(10) = 3.
    let edges: String = (1..10)
        .map(|v| if v % 2 == 0 { format!("{v} {}\n", v - 1) } else { format!("{} {v}\n", v - 1) })
        .collect();
    std::fs::write(&file, edges).unwrap();
    let path = file.to_str().unwrap();
    let answer = json(&["node-kayles", path]);
    assert_eq!(
        (answer["vertices"].as_u64(), answer["edges"].as_u64(), answer["nimber"].as_u64()),
        (Some(10), Some(9), Some(3))
    );
    assert_eq!(json(&["node-kayles", path, "--method", "mex"])["nimber"], 3);
    assert!(error_line(&["node-kayles", dir.join("missing.txt").to_str().unwrap()]).contains("missing.txt"));
}
