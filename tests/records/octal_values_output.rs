//! The output of game-nim's example `octal_values` read as figures: the runs of Officers,
//! Kayles and the codes of `UnsolvedGames.md` print it, and their records compare these figures.

use serde_json::{Value, json};

/// Parses the output of `octal_values` into figures: `largest_value` and `largest_heap` per power
/// of two (in `powers_of_two`), and `width`, `fnv64`, `rare_heaps`, `last_rare_heap` of the
/// whole run.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut powers = Vec::new();
    let mut whole = serde_json::Map::new();
    let number = |s: &str| s.parse::<u64>().map_err(|e| format!("{s:?}: {e}"));
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("n=2^") {
            // n=2^K largest G[I]=V
            let (k, rest) = rest.split_once(" largest G[").ok_or(format!("bad line {line:?}"))?;
            let (heap, value) = rest.split_once("]=").ok_or(format!("bad line {line:?}"))?;
            let k = number(k)?;
            if k >= 64 {
                return Err(format!("bad line {line:?}"));
            }
            powers.push(json!({
                "heaps": 1u64 << k, "largest_heap": number(heap)?, "largest_value": number(value)?
            }));
        } else {
            for pair in line.split_whitespace() {
                let (key, value) = pair.split_once('=').ok_or(format!("bad line {line:?}"))?;
                let key = match key {
                    "num_rare" => "rare_heaps",
                    "last_rare" => "last_rare_heap",
                    other => other,
                };
                // Counts are numbers; the width and the hash stay text (a hash may be all digits).
                let value = match key {
                    "heaps" | "rare_heaps" | "last_rare_heap" => Value::from(number(value)?),
                    _ => Value::from(value),
                };
                whole.insert(key.to_string(), value);
            }
        }
    }
    whole.insert("powers_of_two".to_string(), Value::Array(powers));
    Ok(Value::Object(whole))
}

#[test]
fn octal_values_output_is_parsed() {
    let text = "n=2^0 largest G[0]=0\nn=2^1 largest G[1]=0\nn=2^2 largest G[2]=1\n\
                heaps=4 width=U8 fnv64=00ff\nnum_rare=2 last_rare=1\n";
    let computed = parse(text).unwrap();
    assert_eq!(computed["rare_heaps"], json!(2));
    assert_eq!(computed["last_rare_heap"], json!(1));
    assert_eq!(computed["width"], json!("U8"));
    assert_eq!(computed["fnv64"], json!("00ff"));
    assert_eq!(computed["powers_of_two"][2], json!({"heaps": 4, "largest_heap": 2, "largest_value": 1}));
    assert!(parse("n=2^x largest G[0]=0").is_err());
    assert!(parse("n=2^70 largest G[0]=0").is_err());
    assert!(parse("heaps").is_err());
}
