//! Drives the `games` binary as a user would. Expected values come from the seeds (claim ids of
//! `docs/claims.md`) or from brute force written here, never from the code under test.

use std::collections::HashSet;
use std::path::PathBuf;

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{error_line, games, json, pairs, scratch, stdout_of};

fn temp_path(name: &str) -> PathBuf {
    scratch("cli", name).join(name)
}

/// Wythoff Grundy values by the definition (mex over row, column, diagonal), for checks.
fn brute_wythoff_grundy(side: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; side]; side];
    for x in 0..side {
        for y in 0..side {
            let mut seen = HashSet::new();
            (0..x).for_each(|i| {
                seen.insert(g[i][y]);
            });
            (0..y).for_each(|j| {
                seen.insert(g[x][j]);
            });
            (1..=x.min(y)).for_each(|t| {
                seen.insert(g[x - t][y - t]);
            });
            g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        }
    }
    g
}

// ---------------------------------------------------------------- wythoff

#[test]
fn wythoff_pair_y2_first_pairs() {
    // Y2: a = 1 3 4 6 8 9 11 12 14 16, b = 2 5 7 10 13 15 18 20 23 26.
    games().args(["wythoff", "pair", "1"]).assert().success().stdout(predicate::str::contains("(1, 2)"));
    games().args(["wythoff", "pair", "5"]).assert().success().stdout(predicate::str::contains("(8, 13)"));
    let v = json(&["wythoff", "pair", "10"]);
    assert_eq!((v["n"].as_u64(), v["a"].as_u64(), v["b"].as_u64()), (Some(10), Some(16), Some(26)));
    // W9 beyond f64: index F_80 gives (F_81 - 1, F_82 - 1).
    let v = json(&["wythoff", "pair", "23416728348467685"]);
    assert_eq!(v["a"].as_u64(), Some(37_889_062_373_143_905));
    assert_eq!(v["b"].as_u64(), Some(61_305_790_721_611_590));
}

#[test]
fn wythoff_moves_match_brute_force() {
    // Y1/Y4: the winning moves are exactly the options that are P-positions (value 0).
    let g = brute_wythoff_grundy(12);
    for (x, y) in [(4u64, 5u64), (6, 7), (3, 5), (2, 2), (0, 7), (11, 9)] {
        let v = json(&["wythoff", "moves", &x.to_string(), &y.to_string()]);
        let p = g[x as usize][y as usize] == 0;
        assert_eq!(v["outcome"], if p { "P" } else { "N" }, "({x}, {y})");
        let got: HashSet<(u64, u64)> = pairs(&v["winning_moves"]).into_iter().collect();
        let mut expected = HashSet::new();
        for nx in 0..=x {
            for ny in 0..=y {
                let (dx, dy) = (x - nx, y - ny);
                let legal = (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx == dy);
                if legal && g[nx as usize][ny as usize] == 0 {
                    expected.insert((nx, ny));
                }
            }
        }
        assert_eq!(got, expected, "({x}, {y})");
    }
    games()
        .args(["wythoff", "moves", "3", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P-position"));
}

#[test]
fn wythoff_grundy_and_text_table_match_brute_force() {
    let g = brute_wythoff_grundy(10);
    let v = json(&["wythoff", "grundy", "3", "3"]);
    assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[3][3])));
    let v = json(&["wythoff", "grundy", "9", "4"]);
    assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[9][4])));
    let v = json(&["wythoff", "table", "10"]);
    let rows: Vec<Vec<u32>> = serde_json::from_value(v["rows"].clone()).unwrap();
    assert_eq!(rows, g);
    games()
        .args(["wythoff", "table", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("y=0   0 1 2 3"));
}

#[test]
fn wythoff_svg_marks_every_p_position() {
    let side = 20;
    let path = temp_path("wythoff20.svg");
    games()
        .args(["wythoff", "table", "20", "--svg", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("wrote"));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let has_class =
        |n: &roxmltree::Node, c: &str| n.attribute("class").is_some_and(|v| v.split(' ').any(|w| w == c));
    let marked: HashSet<(usize, usize)> = doc
        .descendants()
        .filter(|n| has_class(n, "p-position"))
        .map(|n| {
            let title = n.children().find(|c| c.tag_name().name() == "title").and_then(|t| t.text()).unwrap();
            let inside = &title[1..title.find(')').unwrap()];
            let (x, y) = inside.split_once(", ").unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let g = brute_wythoff_grundy(side);
    let expected: HashSet<(usize, usize)> =
        (0..side).flat_map(|x| (0..side).map(move |y| (x, y))).filter(|&(x, y)| g[x][y] == 0).collect();
    assert_eq!(marked, expected);
    assert_eq!(doc.descendants().filter(|n| has_class(n, "cell")).count(), side * side);
}

#[test]
fn wythoff_bad_input() {
    error_line(&["wythoff", "pair", "99999999999999999999999"]);
    error_line(&["wythoff", "pair", "18446744073709551615"]);
    error_line(&["wythoff", "pair", "-1"]);
    error_line(&["wythoff", "moves", "3"]);
    error_line(&["wythoff", "moves", "x", "3"]);
    error_line(&["wythoff", "grundy", "100000", "100000"]);
    error_line(&["wythoff", "grundy", "100000", "100000", "--max-cells", "18446744073709551615"]);
    error_line(&["wythoff", "grundy", "10000", "10000", "--max-cells", "100000000"]);
    error_line(&["wythoff", "table", "0"]);
    error_line(&["wythoff", "table", "100"]);
    error_line(&["wythoff", "table", "1000", "--svg", temp_path("big.svg").to_str().unwrap()]);
    let e = error_line(&["wythoff", "table", "10", "--png", temp_path("t.png").to_str().unwrap()]);
    assert!(e.contains("PNG") && e.contains("--svg"));
    error_line(&["wythoff", "table", "10", "--svg", "/nonexistent-dir/x.svg"]);
    error_line(&["wythoff"]);
}

// ---------------------------------------------------------------- nim, subtraction, octal

#[test]
fn nim_seed_example_s1_n3() {
    // N3: S1 = (22, 5, 13, 27), nim-sum 5, winning moves 22 -> 19, 5 -> 0, 13 -> 8.
    let v = json(&["nim", "moves", "22", "5", "13", "27"]);
    assert_eq!(v["nim_sum"].as_u64(), Some(5));
    assert_eq!(v["outcome"], "N");
    let moves: Vec<(u64, u64, u64)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["heap"].as_u64().unwrap(), m["from"].as_u64().unwrap(), m["to"].as_u64().unwrap()))
        .collect();
    assert_eq!(moves, vec![(1, 22, 19), (2, 5, 0), (3, 13, 8)]);
    games()
        .args(["nim", "moves", "22", "5", "13", "27"])
        .assert()
        .success()
        .stdout(predicate::str::contains("heap 1: 22 -> 19 (take 3)"));
}

#[test]
fn nim_misere_marienbad_n4_n5() {
    // N5: Marienbad 1 3 5 7 is lost for the mover under misère play; normal play too (xor 0).
    let v = json(&["nim", "moves", "1", "3", "5", "7", "--misere"]);
    assert_eq!((v["outcome"].as_str(), v["misere"].as_bool()), (Some("P"), Some(true)));
    // N4 case C: three single counters is P misère, N normal.
    assert_eq!(json(&["nim", "moves", "1", "1", "1", "--misere"])["outcome"], "P");
    assert_eq!(json(&["nim", "moves", "1", "1", "1"])["outcome"], "N");
    // N4 case B: one big heap, move to leave an odd number of 1-heaps: (1, 1, 5) -> (1, 1, 1).
    let v = json(&["nim", "moves", "1", "1", "5", "--misere"]);
    assert_eq!(v["winning_moves"][0]["to"].as_u64(), Some(1));
}

#[test]
fn nim_bad_input() {
    error_line(&["nim", "moves"]);
    error_line(&["nim", "moves", "3", "abc"]);
    error_line(&["nim", "moves", "18446744073709551616"]);
    error_line(&["nim"]);
}

#[test]
fn subtraction_periods_and_heaps() {
    // N5 "Bubi" {1, 3, 5}: values 0 1 0 1 ..., period 2 (odd/even heaps).
    let v = json(&["subtraction", "1,3,5", "--period"]);
    assert_eq!((v["preperiod"].as_u64(), v["period"].as_u64()), (Some(0), Some(2)));
    assert_eq!(v["values"], serde_json::json!([0, 1]));
    // {1, 3, 4}: 0 1 0 1 2 3 2 with period 7 (brute force below).
    let v = json(&["subtraction", "1,3,4", "--period"]);
    assert_eq!(v["period"].as_u64(), Some(7));
    let brute = |n: usize| {
        let mut g: Vec<u32> = Vec::new();
        for h in 0..n {
            let seen: HashSet<u32> = [1, 3, 4].iter().filter(|&&s| s <= h).map(|&s| g[h - s]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    };
    let g = brute(40);
    let values: Vec<u32> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values[..], g[..values.len()]);
    // Bachet {1, 2}: misère P-positions are heaps 1 mod 3; the one-heap values have period 3.
    let v = json(&["subtraction", "1,2", "--misere", "--period"]);
    assert_eq!(v["period"].as_u64(), Some(3));
    // Heaps 7, 10, 20 of {1, 3, 4}: value g(7) ^ g(10) ^ g(20); each winning move reaches 0.
    let v = json(&["subtraction", "1,3,4", "--heaps", "7", "10", "20"]);
    let total = g[7] ^ g[10] ^ g[20];
    assert_eq!(v["grundy"].as_u64(), Some(u64::from(total)));
    assert_eq!(v["outcome"], if total == 0 { "P" } else { "N" });
    let mut heaps = [7usize, 10, 20];
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let i = m["heap"].as_u64().unwrap() as usize - 1;
        let old = heaps[i];
        heaps[i] = m["to"].as_u64().unwrap() as usize;
        assert_eq!(g[heaps[0]] ^ g[heaps[1]] ^ g[heaps[2]], 0, "{m}");
        heaps[i] = old;
    }
    // Misère sum of two Bachet heaps (3, 4) under {1, 2}: explicit graph.
    let v = json(&["subtraction", "1,2", "--misere", "--heaps", "1"]);
    assert_eq!(v["outcome"], "P");
}

/// Misère outcome by brute force: with no move the player to move wins (N); otherwise P iff
/// every option is N.
fn brute_misere_p(
    set: &[usize],
    heaps: &mut Vec<usize>,
    memo: &mut std::collections::HashMap<Vec<usize>, bool>,
) -> bool {
    let mut key = heaps.clone();
    key.sort();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut has_move = false;
    let mut all_options_n = true;
    for i in 0..heaps.len() {
        let size = heaps[i];
        for &s in set.iter().filter(|&&s| s <= size) {
            has_move = true;
            heaps[i] -= s;
            if brute_misere_p(set, heaps, memo) {
                all_options_n = false;
            }
            heaps[i] += s;
        }
    }
    let p = has_move && all_options_n;
    memo.insert(key, p);
    p
}

#[test]
fn subtraction_misere_heaps_match_brute_force() {
    let mut memo = std::collections::HashMap::new();
    for (set, heaps) in [
        ("1,2", vec![3usize, 4]),
        ("1,2", vec![1]),
        ("1,2", vec![2, 2]),
        ("1,3,4", vec![5, 6, 2]),
        ("2,3", vec![7, 1, 4]),
    ] {
        let amounts: Vec<usize> = set.split(',').map(|a| a.parse().unwrap()).collect();
        memo.clear();
        let mut args = vec!["subtraction", set, "--misere", "--heaps"];
        let heap_text: Vec<String> = heaps.iter().map(usize::to_string).collect();
        args.extend(heap_text.iter().map(String::as_str));
        let v = json(&args);
        let mut position = heaps.clone();
        let p = brute_misere_p(&amounts, &mut position, &mut memo);
        assert_eq!(v["outcome"], if p { "P" } else { "N" }, "{set} {heaps:?}");
        let mut expected = Vec::new();
        for i in 0..heaps.len() {
            for &s in amounts.iter().filter(|&&s| s <= heaps[i]) {
                position[i] -= s;
                if brute_misere_p(&amounts, &mut position, &mut memo) {
                    expected.push((i as u64 + 1, s as u64));
                }
                position[i] += s;
            }
        }
        let got: Vec<(u64, u64)> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["heap"].as_u64().unwrap(), m["take"].as_u64().unwrap()))
            .collect();
        assert_eq!(got, expected, "{set} {heaps:?}");
    }
}

#[test]
fn subtraction_bad_input() {
    for bad in ["", "0", "1,0", "1,,3", "a,b", "1;3", "-1", "99999999999999999999"] {
        error_line(&["subtraction", bad, "--period"]);
    }
    error_line(&["subtraction", "1,3,5"]);
    error_line(&["subtraction", "1,3,5", "--heaps"]);
    error_line(&["subtraction", "1,3,5", "--heaps", "x"]);
    error_line(&["subtraction", "1,1000000000", "--period", "--max", "1000"]);
}

#[test]
fn octal_kayles_no1() {
    // Kayles 0.77: period 12 from heap 71 on; first values 0 1 2 3 1 4 3 2 1 4 2 6.
    let v = json(&["octal", "0.77", "--period"]);
    assert_eq!((v["preperiod"].as_u64(), v["period"].as_u64()), (Some(71), Some(12)));
    let v = json(&["octal", "0.77", "--values", "11"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]));
    // Dawson's Kayles 0.07: period 34 from 53 on.
    let v = json(&["octal", "0.07", "--period", "--max", "2000"]);
    assert_eq!((v["preperiod"].as_u64(), v["period"].as_u64()), (Some(53), Some(34)));
    games()
        .args(["octal", "0.77", "--period"])
        .assert()
        .success()
        .stdout(predicate::str::contains("period 12"));
}

#[test]
fn octal_bad_input() {
    error_line(&["octal", "0.78", "--values", "5"]);
    error_line(&["octal", "077", "--values", "5"]);
    error_line(&["octal", "0.77"]);
    error_line(&["octal", "0.77", "--values", "99999999999"]);
    error_line(&["octal", "0.6", "--period", "--max", "300"]);
    error_line(&["octal", "0.77", "--values", "x"]);
}

// ---------------------------------------------------------------- rotation

/// R1: a permutation of 1..n-1 whose partial sums 0, k1, k1+k2, ... are distinct mod n.
fn is_sequencing(n: usize, ks: &[usize]) -> bool {
    let mut seen_k = HashSet::new();
    let mut seen_s = HashSet::from([0usize]);
    let mut s = 0;
    ks.len() == n - 1
        && ks.iter().all(|&k| {
            s = (s + k) % n;
            (1..n).contains(&k) && seen_k.insert(k) && seen_s.insert(s)
        })
}

fn rotations_of(v: &Value) -> Vec<usize> {
    serde_json::from_value(v["rotations"].clone()).unwrap()
}

#[test]
fn rotation_solve_every_method_r1_r4_r5_r6() {
    let v = json(&["rotation", "solve", "12", "--method", "empty"]);
    assert_eq!(rotations_of(&v), vec![1, 10, 3, 8, 5, 6, 7, 4, 9, 2, 11]); // R5
    assert_eq!(
        rotations_of(&json(&["rotation", "solve", "8", "--method", "fill"])),
        (1..8).collect::<Vec<_>>()
    ); // R4
    for method in ["search", "permute"] {
        let v = json(&["rotation", "solve", "14", "--method", method]);
        assert!(is_sequencing(14, &rotations_of(&v)), "{method}: {v}");
    }
    let v = json(&["rotation", "solve", "40"]);
    assert!(is_sequencing(40, &rotations_of(&v)));
    assert_eq!(v["verified"], true);
    // R8: with the white pin in disc slot w, the last move empties slot w: S_{n-2} = w.
    let v = json(&["rotation", "solve", "12", "--white", "5"]);
    let ks = rotations_of(&v);
    assert!(is_sequencing(12, &ks));
    assert_eq!(ks[..10].iter().sum::<usize>() % 12, 5);
    games()
        .args(["rotation", "solve", "12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("1 10 3 8 5 6 7 4 9 2 11"));
}

#[test]
fn rotation_count_r3_table() {
    // R3 / OEIS A141599: n = 8: 24, n = 10: 288.
    assert_eq!(json(&["rotation", "count", "8"])["total"], "24");
    let v = json(&["rotation", "count", "10", "--by-white-slot"]);
    assert_eq!(v["total"], "288");
    let by_white: Vec<u128> =
        v["by_white_slot"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
    assert_eq!(by_white.iter().sum::<u128>(), 288);
    assert_eq!(by_white[5], 0); // the blue pin's slot
    // Shards add up to the whole count.
    let shard = |s: &str| -> u128 {
        json(&["rotation", "count", "10", "--shard", s])["total"].as_str().unwrap().parse().unwrap()
    };
    assert_eq!(shard("0/3") + shard("1/3") + shard("2/3"), 288);
    games()
        .args(["rotation", "count", "6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("4 solutions"))
        .stderr(predicate::str::is_empty()); // no progress bar: stderr is not a terminal
}

#[test]
fn rotation_count_by_start_angle() {
    // R9 for n = 10, each angle's orderings played by hand (brute force over all 9! orderings):
    // angle 5 is the seed's puzzle (288), angle 0 has none.
    let expected = ["0", "250", "270", "250", "270", "288", "270", "250", "270", "250"];
    for method in ["two-ended", "depth-first"] {
        let v = json(&["rotation", "count", "10", "--by-start-angle", "--method", method]);
        assert_eq!(v["by_start_angle"], serde_json::json!(expected), "{method}");
        assert_eq!(v["method"], method);
        assert!(v["tasks"].as_u64().unwrap() > 1, "{v}");
    }
    // Shards add up, angle by angle.
    let shard = |s: &str| -> Vec<u128> {
        json(&["rotation", "count", "10", "--by-start-angle", "--shard", s])["by_start_angle"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().parse().unwrap())
            .collect()
    };
    let (a, b) = (shard("0/2"), shard("1/2"));
    let sum: Vec<String> = a.iter().zip(&b).map(|(x, y)| (x + y).to_string()).collect();
    assert_eq!(sum, expected);
    assert_ne!(a, vec![0; 10]);
    assert_ne!(b, vec![0; 10]);
    // White-pin slots come from another count.
    error_line(&["rotation", "count", "10", "--by-start-angle", "--by-white-slot"]);
    let m = error_line(&["rotation", "count", "18", "--by-start-angle"]);
    assert!(m.contains("--allow-long") && m.contains("by start angle"), "{m}");
    let m =
        error_line(&["--memory", "1", "rotation", "count", "12", "--by-start-angle", "--prefix-depth", "6"]);
    assert!(m.contains("memory budget of 1 MiB"), "{m}");
}

#[test]
fn rotation_draw_svg_has_one_panel_per_state() {
    let path = temp_path("rotation8.svg");
    let v = json(&["rotation", "draw", "8", "--svg", path.to_str().unwrap()]);
    assert!(is_sequencing(8, &rotations_of(&v)));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let class_count = |c: &str| doc.descendants().filter(|n| n.attribute("class") == Some(c)).count();
    assert_eq!(class_count("panel"), 8);
    // Board pins: panel i shows i red pins on the board; 0 + 1 + ... + 7 = 28 in all.
    assert_eq!(class_count("board-pin"), 28);
    assert_eq!(class_count("disc-pin"), 28);
    // The physics of a move: the pin under the top travels with the disc to board slot k, so in
    // the panel after move 1 the emptied disc slot lies on the same ray as the pin just placed,
    // and at the end the disc's blue pin has come round to the top (R1: total n/2 mod n).
    let panels: Vec<roxmltree::Node> =
        doc.descendants().filter(|n| n.attribute("class") == Some("panel")).collect();
    let centre = |n: &roxmltree::Node| -> (f64, f64) {
        (n.attribute("cx").unwrap().parse().unwrap(), n.attribute("cy").unwrap().parse().unwrap())
    };
    let of_class = |panel: &roxmltree::Node, c: &str| -> Vec<(f64, f64)> {
        panel.descendants().filter(|n| n.attribute("class") == Some(c)).map(|n| centre(&n)).collect()
    };
    let rings: Vec<(f64, f64)> = panels[1]
        .children()
        .filter(|n| n.tag_name().name() == "circle")
        .take(1)
        .map(|n| centre(&n))
        .collect();
    let (cx, cy) = rings[0];
    let angle = |(x, y): (f64, f64)| (y - cy).atan2(x - cx);
    let (placed, emptied) = (of_class(&panels[1], "board-pin"), of_class(&panels[1], "disc-empty"));
    assert_eq!((placed.len(), emptied.len()), (1, 1));
    assert!((angle(placed[0]) - angle(emptied[0])).abs() < 1e-2, "{placed:?} {emptied:?}");
    let last = panels.last().unwrap();
    let (lx, ly) = centre(&last.children().find(|n| n.tag_name().name() == "circle").unwrap());
    let blue = of_class(last, "disc-blue")[0];
    assert!((blue.0 - lx).abs() < 1e-6 && blue.1 < ly, "blue pin at the top: {blue:?}");
}

#[test]
fn rotation_bad_input() {
    error_line(&["rotation", "solve", "11"]);
    error_line(&["rotation", "solve", "0"]);
    error_line(&["rotation", "solve", "12", "--method", "fill"]);
    error_line(&["rotation", "solve", "12", "--method", "magic"]);
    error_line(&["rotation", "solve", "12", "--white", "6"]);
    error_line(&["rotation", "solve", "12", "--white", "12"]);
    error_line(&["rotation", "solve", "12", "--white", "3", "--method", "empty"]);
    error_line(&["rotation", "solve", "5000", "--method", "permute"]);
    error_line(&["rotation", "solve", "100002"]);
    // Odd n: no solution, said without a search (not an error).
    assert_eq!(
        stdout_of(&["rotation", "count", "7"]).lines().next().unwrap(),
        "n = 7: 0 solutions (no odd n has one: Z_n of odd order has no sequencing)"
    );
    error_line(&["rotation", "count", "100"]);
    error_line(&["rotation", "count", "10", "--shard", "3/2"]);
    error_line(&["rotation", "count", "10", "--shard", "x"]);
    error_line(&["rotation", "draw", "9", "--svg", temp_path("r9.svg").to_str().unwrap()]);
    error_line(&["rotation", "draw", "8"]);
}

// ---------------------------------------------------------------- graph

fn write_file(name: &str, text: &str) -> String {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn node<'a>(v: &'a Value, name: &str) -> &'a Value {
    v["nodes"].as_array().unwrap().iter().find(|n| n["name"] == name).unwrap()
}

#[test]
fn graph_acyclic_edge_list() {
    // a -> b -> c, a -> c, a -> d: by hand, g(c) = g(d) = 0, g(b) = 1, g(a) = mex{1, 0, 0} = 2.
    let f = write_file("dag.txt", "# a small game\na b\nb c   # comment\na c\n\na d\n");
    let v = json(&["graph", &f]);
    assert_eq!(v["acyclic"], true);
    let value = |n: &str| node(&v, n)["value"].as_u64().unwrap();
    assert_eq!((value("a"), value("b"), value("c"), value("d")), (2, 1, 0, 0));
    assert_eq!(node(&v, "a")["outcome"], "N");
    assert_eq!(v["kernels"], serde_json::json!([["c", "d"]]));
    games()
        .args(["graph", &f])
        .assert()
        .success()
        .stdout(predicate::str::contains("kernel (the P-positions): {c, d}"));
    let out = games().args(["graph", &f, "--dot"]).output().unwrap();
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.starts_with("digraph"));
    assert_eq!(dot.matches("fillcolor=black").count(), 2, "{dot}");
}

#[test]
fn graph_loopy_dot_file() {
    // x <-> y (a 2-cycle) and y -> z (terminal): z is P, y is N (moves to z), x: its only move
    // is to y, an N-position, so x is P. Kernel {x, z}. The loop w <-> v alone is a draw.
    let f = write_file(
        "loopy.dot",
        "digraph G {\n  rankdir = LR;\n  x -> y; y -> x\n  y -> z [label=\"m\"];\n  \"w\" -> v -> w; // loop\n}\n",
    );
    let v = json(&["graph", &f]);
    assert_eq!(v["acyclic"], false);
    let outcome = |n: &str| node(&v, n)["outcome"].as_str().unwrap().to_string();
    assert_eq!(
        (outcome("x"), outcome("y"), outcome("z"), outcome("w"), outcome("v")),
        ("P".into(), "N".into(), "P".into(), "Draw".into(), "Draw".into())
    );
    // Kernels: {x, z} plus one of w, v (each is a kernel of the 2-cycle): two kernels.
    let mut kernels: Vec<Vec<String>> = serde_json::from_value(v["kernels"].clone()).unwrap();
    kernels.iter_mut().for_each(|k| k.sort());
    kernels.sort();
    assert_eq!(kernels, vec![vec!["v", "x", "z"], vec!["w", "x", "z"]]);
    // The triangle has no kernel; all draws.
    let t = write_file("triangle.txt", "a b\nb c\nc a\n");
    let v = json(&["graph", &t]);
    assert_eq!(v["kernels"], serde_json::json!([]));
    assert_eq!(node(&v, "a")["outcome"], "Draw");
    // The kernel list is cut at --max-kernels.
    let many = write_file("cycles.txt", "a b\nb a\nc d\nd c\ne f\nf e\n");
    let v = json(&["graph", &many, "--max-kernels", "3"]);
    assert_eq!(v["kernels"].as_array().unwrap().len(), 3);
    assert_eq!(v["kernels_truncated"], true);
}

#[test]
fn graph_bad_input() {
    error_line(&["graph", "/nonexistent/game.txt"]);
    let e = error_line(&["graph", &write_file("bad1.txt", "a b\nb c d\n")]);
    assert!(e.contains(":2:"), "{e}");
    let e = error_line(&["graph", &write_file("bad2.dot", "digraph {\n a -> b;\n c -> ;\n}\n")]);
    assert!(e.contains(":3:"), "{e}");
    error_line(&["graph", &write_file("bad3.dot", "digraph { a -> b ")]);
    error_line(&["graph", &write_file("bad4.dot", "graph { a -- b }")]);
    error_line(&["graph", &write_file("bad5.dot", "digraph { a -> b } extra")]);
    error_line(&["graph", &write_file("empty.txt", "# nothing\n")]);
    error_line(&["graph"]);
}

// ---------------------------------------------------------------- play

fn play(args: &[&str], input: &str) -> String {
    let out = games().arg("play").args(args).write_stdin(input).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_wythoff_answers_with_winning_moves() {
    // From (4, 5) the human tries (2, 4) (2 and 1 taken: illegal), then moves to (4, 4); from
    // (4, 4) the only move to a P-position is the diagonal to (0, 0) (Y1: {n, n} is N).
    let out = play(&["wythoff", "4", "5"], "2 4\n4 4\n");
    assert!(out.contains("? illegal move"), "{out}");
    assert!(out.contains("I move to (0, 0)"), "{out}");
    assert!(out.contains("I win"), "{out}");
    // From (3, 9) the human moves to the P-position (3, 5) (Y1), then types garbage.
    let out = play(&["wythoff", "3", "9"], "3 5\nfoo\n");
    assert!(out.contains("is not a whole number") || out.contains("expected 2 whole numbers"), "{out}");
    // The program's reply from the P-position (3, 5) cannot be a P-position.
    assert!(out.contains("your chance"), "{out}");
    // quit ends cleanly.
    let out = play(&["wythoff", "3", "5"], "quit\n");
    assert!(out.contains("Bye."));
}

#[test]
fn play_nim_through_stdin() {
    // Heaps 1 2: human takes 1 from heap 1 (illegal 5 first); program answers 2 -> 0 and wins.
    let out = play(&["nim", "1", "2"], "1 5\n1 1\n");
    assert!(out.contains("? illegal move: heap 1 has 1 counters"), "{out}");
    assert!(out.contains("I move heap 2: 2 -> 0"), "{out}");
    // Misère: human leaves (1, 0) ... program must not take the last counter when avoidable.
    let out = play(&["nim", "2", "--misere"], "1 1\n");
    assert!(out.contains("I took the last counter: I lose, you win!"), "{out}");
    // A human win in normal play, then EOF ends cleanly.
    let out = play(&["nim", "3"], "1 3\n");
    assert!(out.contains("you win"), "{out}");
    let out = play(&["nim", "5", "5"], "");
    assert!(out.contains("your move"), "{out}");
    // JSON: one object with the transcript.
    let out = games().args(["--json", "play", "nim", "1", "2"]).write_stdin("x\n1 1\n").output().unwrap();
    let v: Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert_eq!(v["result"], "computer_won");
    assert_eq!(v["transcript"].as_array().unwrap().iter().filter(|e| e.get("input").is_some()).count(), 2);
}

#[test]
fn play_rotation_with_hints_r1() {
    // n = 4: solutions (1, 2, 3) and (3, 2, 1). Rotation 2 first loses (sum 2 = the blue pin).
    let out = play(&["rotation", "4"], "5\n2\nundo\nhint\n1\n1\n2\n3\n");
    assert!(out.contains("? rotation 5 is not in 1..4"), "{out}");
    assert!(out.contains("Lost"), "{out}");
    assert!(out.contains("hint: rotate 1"), "{out}");
    assert!(out.contains("? board slot 1 is already taken"), "{out}");
    assert!(out.contains("Solved! Your solution: [1, 2, 3]"), "{out}");
    // A hint off Gordon's path still continues to a solution: after 3 on n = 12 replay the hints.
    let mut input = String::from("3\n");
    let mut state_out = String::new();
    for _ in 0..11 {
        let out = play(&["rotation", "12"], &(input.clone() + "hint\n"));
        let Some(line) = out.lines().rev().find(|l| l.contains("hint: rotate ")) else {
            state_out = out;
            break;
        };
        let k: String =
            line.split("hint: rotate ").nth(1).unwrap().chars().take_while(char::is_ascii_digit).collect();
        input.push_str(&format!("{k}\n"));
    }
    let out = play(&["rotation", "12"], &input);
    assert!(out.contains("Solved!"), "{out}\n{state_out}");
    // quit and EOF
    assert!(play(&["rotation", "12"], "quit\n").contains("Bye."));
    play(&["rotation", "12"], "1\n");
}

/// The last position the program moved to, from lines "I move to (a, b) ...".
fn last_wythoff_reply(out: &str) -> Option<(usize, usize)> {
    let line = out.lines().flat_map(|l| l.split("I move to (").skip(1)).last()?;
    let inside = &line[..line.find(')')?];
    let (a, b) = inside.split_once(", ")?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

#[test]
fn play_wythoff_replies_are_perfect_y4() {
    // The human always takes one counter from the larger heap; whenever the program faces an
    // N-position its reply must be a P-position (brute-force table), until the game ends.
    let g = brute_wythoff_grundy(16);
    let (mut x, mut y) = (13usize, 9usize);
    let mut input = String::new();
    for _ in 0..30 {
        let (hx, hy) = if x >= y { (x - 1, y) } else { (x, y - 1) };
        input.push_str(&format!("{hx} {hy}\n"));
        let out = play(&["wythoff", "13", "9"], &input);
        if (hx, hy) == (0, 0) {
            assert!(out.contains("you win"), "{out}");
            return;
        }
        let reply = last_wythoff_reply(&out).expect("the program answers");
        if g[hx][hy] != 0 {
            assert_eq!(g[reply.0][reply.1], 0, "from ({hx}, {hy}) the program moved to {reply:?}");
        }
        if reply == (0, 0) {
            assert!(out.contains("I win"), "{out}");
            return;
        }
        (x, y) = reply;
    }
    panic!("the game did not end");
}

#[test]
fn play_nim_replies_are_perfect_n2() {
    // The human takes one counter from the first non-empty heap; every program reply to an
    // N-position (nonzero nim-sum, N2) must leave nim-sum 0.
    let mut heaps = vec![7u64, 5, 3];
    let mut input = String::new();
    for _ in 0..20 {
        let i = heaps.iter().position(|&h| h > 0).expect("not over");
        heaps[i] -= 1;
        input.push_str(&format!("{} 1\n", i + 1));
        let out = play(&["nim", "7", "5", "3"], &input);
        if heaps.iter().all(|&h| h == 0) {
            assert!(out.contains("you win"), "{out}");
            return;
        }
        let line = out.lines().flat_map(|l| l.split("I move heap ").skip(1)).last().expect("a reply");
        let after: Vec<u64> = line[line.find("heaps [").unwrap() + 7..line.find("].").unwrap()]
            .split(", ")
            .map(|h| h.parse().unwrap())
            .collect();
        let before_sum = heaps.iter().fold(0, |a, h| a ^ h);
        if before_sum != 0 {
            assert_eq!(after.iter().fold(0, |a, h| a ^ h), 0, "from {heaps:?} to {after:?}");
        }
        heaps = after;
        if heaps.iter().all(|&h| h == 0) {
            assert!(out.contains("I win"), "{out}");
            return;
        }
    }
    panic!("the game did not end");
}

#[test]
fn play_bad_input() {
    error_line(&["play", "rotation", "7"]);
    error_line(&["play", "rotation", "1000"]);
    error_line(&["play", "nim"]);
    error_line(&["play", "wythoff", "1"]);
    error_line(&["play", "chess"]);
    games().arg("--help").assert().success().stdout(predicate::str::contains("wythoff"));
}
