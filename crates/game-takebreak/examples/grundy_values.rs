//! Values of Grundy's game for heaps `0..HEAPS`, with the statistics that game-nim's example
//! `octal_values` prints for an octal game, so that `scripts/bench-octal.sh --codes grundy`
//! compares and times them against tczajka/octal-games (`analyze grundy`) unchanged.
//!
//! Usage: `grundy_values HEAPS [RARE_MASK]`
//!
//! Prints, for every power of two `n <= HEAPS`, `n=2^k largest G[i]=v` (the first heap `i < n`
//! with the largest value `v` among heaps `0..n`), then `heaps=HEAPS fnv64=H` (FNV-1a over the
//! values, one step per value, as `octal_values` hashes them). With `RARE_MASK` (hex, optionally
//! followed by `pos`, as tczajka/octal-games prints it) it also prints `num_rare=R last_rare=L`:
//! the heaps `0..HEAPS` that are rare under that mask by that program's definition, which is not
//! this crate's fixed mask (see the crate doc): a heap is rare when `value & mask` has an even
//! number of one bits, flipped on odd heaps when `pos` is given (that program flips on heaps
//! whose parity differs from the parity of the tokens a split removes, and the split of Grundy's
//! game removes none).
//!
//! The values come from [`game_takebreak::grundy_values_within`] with a budget of
//! `MEMORY_BUDGET` bytes, the estimate stated on standard error before anything is allocated.
//! Exit status 1 on a refused table, 2 on bad arguments.

use game_takebreak::{estimated_bytes, grundy_values_within};

/// The memory this example lets the table use (the table refuses beyond it, before allocating).
const MEMORY_BUDGET: u64 = 8 << 30;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = |message: &str| -> ! {
        eprintln!("grundy_values: {message}");
        eprintln!("usage: grundy_values HEAPS [RARE_MASK]");
        std::process::exit(2)
    };
    if args.is_empty() || args.len() > 2 {
        usage("one or two arguments");
    }
    let heaps: u64 = args[0].parse().unwrap_or_else(|_| usage("HEAPS must be a number"));
    if heaps == 0 {
        usage("HEAPS must be at least 1");
    }
    let rare_mask = args.get(1).map(|spec| parse_mask(spec).unwrap_or_else(|| usage("bad RARE_MASK")));
    eprintln!(
        "grundy_values: {heaps} heaps need at most {} bytes by the table's estimate",
        estimated_bytes(heaps - 1)
    );
    let values = grundy_values_within(heaps - 1, MEMORY_BUDGET).unwrap_or_else(|e| {
        eprintln!("grundy_values: {e}");
        std::process::exit(1)
    });

    let mut largest = (0usize, 0u32);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, &v) in values.iter().enumerate() {
        if v > largest.1 {
            largest = (i, v);
        }
        hash = (hash ^ u64::from(v)).wrapping_mul(0x0000_0100_0000_01b3);
        let n = i + 1;
        if n.is_power_of_two() {
            println!("n=2^{} largest G[{}]={}", n.trailing_zeros(), largest.0, largest.1);
        }
    }
    println!("heaps={heaps} fnv64={hash:016x}");
    if let Some((mask, flip_odd_heaps)) = rare_mask {
        let (mut count, mut last) = (0u64, 0usize);
        for (i, &v) in values.iter().enumerate() {
            let rare = (v & mask).count_ones().is_multiple_of(2) != (flip_odd_heaps && i % 2 == 1);
            if rare {
                count += 1;
                last = i;
            }
        }
        println!("num_rare={count} last_rare={last}");
    }
}

/// A mask as tczajka/octal-games prints it: hex digits, then `pos` if the heap's parity counts.
fn parse_mask(spec: &str) -> Option<(u32, bool)> {
    let (hex, pos) = match spec.strip_suffix("pos") {
        Some(hex) => (hex, true),
        None => (spec, false),
    };
    Some((u32::from_str_radix(hex, 16).ok()?, pos))
}
