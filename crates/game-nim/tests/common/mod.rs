//! The plain definition of octal games' values, shared by the tests that check the library
//! against it: the mex over every move, code written here, none shared with the library.

/// Grundy values of heaps `0..heaps` of the octal game with `digits` (digit `k` for taking
/// `k` counters, `digits[0]` the digit before the point), by the definition.
pub fn plain_values(digits: &[u8], heaps: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(heaps);
    for n in 0..heaps {
        // More slots than options (at most two single moves and n / 2 splits per digit), so
        // the mex is always found among them.
        let mut seen = vec![false; digits.len() * (n / 2 + 2) + 1];
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 && (values[rest] as usize) < seen.len() {
                seen[values[rest] as usize] = true;
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    let v = (values[a] ^ values[rest - a]) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
        }
        values.push(seen.iter().position(|s| !s).expect("more slots than options") as u32);
    }
    values
}

/// The digits of an octal code, the digit before the point first.
pub fn digits(code: &str) -> Vec<u8> {
    let (before, after) = code.split_once('.').expect("a point");
    std::iter::once(before)
        .chain(after.split(""))
        .filter(|s| !s.is_empty())
        .map(|d| d.parse().unwrap())
        .collect()
}
