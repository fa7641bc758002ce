//! A probe of generated hostile command lines: numbers at the edges (0, 1, 2^31 +- 1, 2^32 +- 1,
//! 2^63, 2^64 - 1, 2^64, negative, huge strings), bad codes and sets, random global options and
//! random stdin for `play`, random graph files for `node-kayles`. Every run must exit 0 or 2 within the timeout under the memory cap,
//! with one `error:` line and no partial output on exit 2 (the checks of `tests/hostile.rs`).
//!
//! `probe_quick` (CI) runs 1 500 lines whose accepted work is small; `probe_full` (ignored: run
//! with `cargo test -p games-cli --test probe -- --ignored`) runs 5 000 lines including the
//! expensive ones (effort limits reached after seconds).

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

const MEMORY_CAP: &str = "--as=8589934592";
const TIMEOUT: Duration = Duration::from_secs(20);

/// Numbers at the edges, and things that are not numbers.
fn edge_number(rng: &mut StdRng, full: bool) -> String {
    let mut pool: Vec<String> = [
        "0",
        "1",
        "2",
        "3",
        "7",
        "12",
        "63",
        "64",
        "65",
        "100",
        "1000",
        "2147483647",
        "2147483648",
        "2147483649",
        "4294967295",
        "4294967296",
        "4294967297",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "-1",
        "-9223372036854775808",
        "1e9",
        "0x10",
        "abc",
        "",
        " 5",
        "5 ",
        "+5",
        "1_000",
        "٣",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    pool.push("9".repeat(5000));
    if full {
        pool.extend(["1000000", "100000000", "1000000000"].map(String::from));
    }
    if rng.random_bool(0.2) {
        return rng.random_range(0..300u64).to_string();
    }
    pool.choose(rng).cloned().unwrap_or_default()
}

fn octal_code(rng: &mut StdRng, full: bool) -> String {
    let mut pool =
        vec!["0.77", "0.07", "0.137", "4.07", "0.117", "0.8", "", "0.", "4.", "1.7", "0.7a", ".77"];
    if full {
        pool.extend(["0.6", "0.76", "0.165", "0.356"]);
    }
    if full && rng.random_bool(0.2) {
        let digits = rng.random_range(1..70);
        return format!(
            "0.{}",
            (0..digits).map(|_| char::from(b'0' + rng.random_range(0..8u8))).collect::<String>()
        );
    }
    pool.choose(rng).map(|s| s.to_string()).unwrap_or_default()
}

fn subtraction_set(rng: &mut StdRng, full: bool) -> String {
    let count = rng.random_range(0..5);
    let parts: Vec<String> = (0..count)
        .map(|_| {
            if rng.random_bool(0.7) { rng.random_range(1..12u64).to_string() } else { edge_number(rng, full) }
        })
        .collect();
    parts.join(",")
}

/// One generated command line, and the stdin to feed.
fn command_line(rng: &mut StdRng, full: bool, temp: &std::path::Path) -> (Vec<String>, Vec<u8>) {
    let mut args: Vec<String> = Vec::new();
    if rng.random_bool(0.3) {
        args.push("--json".into());
    }
    if rng.random_bool(0.2) {
        args.push("--memory".into());
        args.push(if rng.random_bool(0.5) {
            rng.random_range(1..64u64).to_string()
        } else {
            edge_number(rng, full)
        });
    }
    let n = |rng: &mut StdRng| edge_number(rng, full);
    let mut stdin = Vec::new();
    match rng.random_range(0..17) {
        0 => args.extend(["wythoff".into(), "pair".into(), n(rng)]),
        1 => args.extend(["wythoff".into(), "moves".into(), n(rng), n(rng)]),
        2 => {
            args.extend(["wythoff".into(), "grundy".into(), n(rng), n(rng)]);
            if full && rng.random_bool(0.5) {
                args.extend(["--max-cells".into(), n(rng)]);
            }
        }
        3 => {
            args.extend(["wythoff".into(), "table".into(), n(rng)]);
            if rng.random_bool(0.3) {
                args.extend(["--svg".into(), temp.join("w.svg").display().to_string()]);
            }
        }
        4 => {
            args.extend(["nim".into(), "moves".into()]);
            for _ in 0..rng.random_range(0..6) {
                args.push(n(rng));
            }
            if rng.random_bool(0.5) {
                args.push("--misere".into());
            }
        }
        5 | 6 => {
            args.extend(["subtraction".into(), subtraction_set(rng, full)]);
            if rng.random_bool(0.5) {
                args.push("--period".into());
            } else {
                args.push("--heaps".into());
                for _ in 0..rng.random_range(0..5) {
                    args.push(if rng.random_bool(0.6) {
                        rng.random_range(0..40u64).to_string()
                    } else {
                        n(rng)
                    });
                }
            }
            if rng.random_bool(0.5) {
                args.push("--misere".into());
            }
            if rng.random_bool(0.4) {
                args.extend(["--max".into(), n(rng)]);
            }
        }
        7 | 8 => {
            args.extend(["octal".into(), octal_code(rng, full)]);
            if rng.random_bool(0.5) {
                args.extend(["--values".into(), n(rng)]);
            } else {
                args.extend(["--period".into(), "--max".into(), n(rng)]);
            }
        }
        9 => {
            args.extend(["rotation".into(), "solve".into(), n(rng)]);
            if rng.random_bool(0.5) {
                let method = ["fill", "empty", "search", "permute", "magic"].choose(rng).unwrap();
                args.extend(["--method".into(), method.to_string()]);
            }
            if rng.random_bool(0.3) {
                args.extend(["--white".into(), n(rng)]);
            }
            if rng.random_bool(0.3) {
                let budget = if full { n(rng) } else { rng.random_range(0..100_000u64).to_string() };
                args.extend(["--budget".into(), budget]);
            }
        }
        10 => {
            args.extend(["rotation".into(), "count".into(), n(rng)]);
            if rng.random_bool(0.3) {
                args.extend(["--shard".into(), format!("{}/{}", n(rng), n(rng))]);
            }
        }
        11 => args.extend([
            "rotation".into(),
            "draw".into(),
            n(rng),
            "--svg".into(),
            temp.join("r.svg").display().to_string(),
        ]),
        14..=16 => {
            let side = |rng: &mut StdRng| {
                if rng.random_bool(0.7) { rng.random_range(1..10u64).to_string() } else { n(rng) }
            };
            match rng.random_range(0..3) {
                0 => {
                    args.extend(["cram".into(), side(rng), side(rng)]);
                    match rng.random_range(0..4) {
                        0 => args.extend(["--shard".into(), format!("{}/{}", n(rng), n(rng))]),
                        1 => args.extend(["--table".into(), temp.join("cram.tbl").display().to_string()]),
                        _ => {}
                    }
                }
                1 => args.extend(["chomp".into(), side(rng), side(rng)]),
                _ => {
                    // A random graph: edges among up to 40 vertices, or bytes that are no graph.
                    let file = temp.join("graph.txt");
                    let text: Vec<u8> = if rng.random_bool(0.8) {
                        let vertices = rng.random_range(1..40u32);
                        (0..rng.random_range(0..80))
                            .flat_map(|_| {
                                let (a, b) = (rng.random_range(0..vertices), rng.random_range(0..vertices));
                                format!("{a} {b}\n").into_bytes()
                            })
                            .collect()
                    } else {
                        (0..rng.random_range(0..200)).map(|_| rng.random::<u8>()).collect()
                    };
                    std::fs::write(&file, text).unwrap();
                    args.extend(["node-kayles".into(), file.display().to_string()]);
                }
            }
            if rng.random_bool(0.5) {
                let method = ["aspiration", "pruned", "mex", "outcome", "best"].choose(rng).unwrap();
                args.extend(["--method".into(), method.to_string()]);
            }
            // The default gives up after 10 s: the quick probe bounds its searches by nodes.
            if !full || rng.random_bool(0.5) {
                let nodes =
                    if rng.random_bool(0.9) { rng.random_range(0..20_000u64).to_string() } else { n(rng) };
                args.extend(["--max-nodes".into(), nodes]);
            } else if rng.random_bool(0.8) {
                args.extend(["--max-seconds".into(), if rng.random_bool(0.8) { "1".into() } else { n(rng) }]);
            }
        }
        _ => {
            args.push("play".into());
            match rng.random_range(0..3) {
                0 => args.extend(["wythoff".into(), n(rng), n(rng)]),
                1 => args.extend(["nim".into(), n(rng), n(rng)]),
                _ => args.extend(["rotation".into(), n(rng)]),
            }
            for _ in 0..rng.random_range(0..30) {
                match rng.random_range(0..5) {
                    0 => stdin.extend_from_slice(format!("{} {}\n", n(rng), n(rng)).as_bytes()),
                    1 => stdin.extend_from_slice(b"hint\nundo\n"),
                    2 => stdin.extend((0..rng.random_range(0..100)).map(|_| rng.random::<u8>())),
                    3 => stdin.extend_from_slice(format!("{}\n", rng.random_range(0..70u64)).as_bytes()),
                    _ => stdin.extend_from_slice(
                        format!("{} {}\n", rng.random_range(0..5u64), rng.random_range(0..5u64)).as_bytes(),
                    ),
                }
            }
        }
    }
    (args, stdin)
}

fn probe(cases: usize, seed: u64, full: bool) {
    let binary = assert_cmd::cargo::cargo_bin("games");
    let temp = std::env::temp_dir().join(format!("games-probe-{}-{seed}", std::process::id()));
    std::fs::create_dir_all(&temp).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut failures = Vec::new();
    // The slowest answered and the slowest refused line.
    let mut slowest = [(Duration::ZERO, Vec::new()), (Duration::ZERO, Vec::new())];
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..cases {
        let (args, stdin) = command_line(&mut rng, full, &temp);
        let start = Instant::now();
        let out = assert_cmd::Command::new("prlimit")
            .arg(MEMORY_CAP)
            .arg("--")
            .arg(&binary)
            .args(&args)
            .write_stdin(stdin)
            .timeout(TIMEOUT)
            .output()
            .expect("prlimit runs");
        let elapsed = start.elapsed();
        let kind = usize::from(out.status.code() != Some(0));
        if elapsed > slowest[kind].0 {
            slowest[kind] = (elapsed, args.clone());
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        let shown: Vec<String> = args.iter().map(|a| a.chars().take(40).collect()).collect();
        let problem = match out.status.code() {
            _ if elapsed >= TIMEOUT => Some(format!("timeout after {elapsed:?}")),
            Some(0) if stderr.is_empty() => None,
            Some(0) => Some(format!("exit 0 with stderr {stderr:?}")),
            Some(2) if !out.stdout.is_empty() => Some("partial output on exit 2".to_string()),
            Some(2)
                if stderr.starts_with("error: ") && stderr.lines().count() == 1 && stderr.ends_with('\n') =>
            {
                None
            }
            Some(2) => Some(format!("not one error line: {stderr:?}")),
            other => Some(format!("exit {other:?}: {}", stderr.chars().take(300).collect::<String>())),
        };
        match (problem, out.status.code()) {
            (Some(p), _) => failures.push(format!("{shown:?}: {p}")),
            (None, Some(0)) => answered += 1,
            (None, _) => refused += 1,
        }
    }
    let _ = std::fs::remove_dir_all(&temp);
    let show = |(time, args): &(Duration, Vec<String>)| {
        format!(
            "{time:?} {:?}",
            args.iter().map(|a| a.chars().take(40).collect::<String>()).collect::<Vec<_>>()
        )
    };
    eprintln!(
        "probe: {cases} lines, {answered} answered, {refused} refused; slowest answered {}; slowest refused {}",
        show(&slowest[0]),
        show(&slowest[1])
    );
    assert!(answered > cases / 10, "the probe must also reach real answers ({answered})");
    assert!(refused > cases / 10, "the probe must also reach refusals ({refused})");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn probe_quick() {
    probe(1500, 20_261_123, false);
}

#[test]
#[ignore = "5 000 lines including expensive ones: several minutes"]
fn probe_full() {
    probe(5000, 7, true);
}
