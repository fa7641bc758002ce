//! Grundy values of one octal game for heaps `0..HEAPS`, with statistics to compare against
//! other programs: used by `scripts/bench-octal.sh`, which times it.
//!
//! Usage: `octal_values CODE HEAPS [RARE_MASK] [--no-shortcut]`
//!
//! Prints, for every power of two `n <= HEAPS`, `n=2^k largest G[i]=v` (the first heap `i < n`
//! with the largest value `v` among heaps `0..n`), then
//! `heaps=HEAPS width=W fnv64=H` (FNV-1a over the values, one step per value as a `u32`).
//! With `RARE_MASK` (hex, optionally followed by `pos`, as tczajka/octal-games prints it) it
//! also prints `num_rare=R last_rare=L`: the heaps `0..HEAPS` that are rare under that mask by
//! that program's definition (even parity of `value & mask`, flipped on heaps whose parity
//! differs from the parity of the split takes when `pos` is given).
//!
//! With `--no-shortcut` every value is computed from its options
//! (`OctalGame::grundy_table_sparse_within`), even after a period is proven.

use game_nim::{CellWidth, Limits, OctalGame, narrow_table_bytes};

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let no_shortcut = args.iter().any(|a| a == "--no-shortcut");
    args.retain(|a| a != "--no-shortcut");
    if args.len() < 3 || args.len() > 4 {
        eprintln!("usage: octal_values CODE HEAPS [RARE_MASK] [--no-shortcut]");
        std::process::exit(2);
    }
    let fail = |message: String| -> ! {
        eprintln!("octal_values: {message}");
        std::process::exit(1)
    };
    let game: OctalGame = args[1].parse().unwrap_or_else(|e| fail(format!("{e}")));
    let heaps: u64 = args[2].parse().unwrap_or_else(|e| fail(format!("bad HEAPS: {e}")));
    if heaps == 0 {
        fail("HEAPS must be at least 1".to_string());
    }
    // The memory, stated before anything is allocated (on standard error, so that the output
    // compared by the bench script stays the values' statistics).
    eprintln!(
        "octal_values: {heaps} heaps need {} bytes while every value is below 256, {} below 65536 (plus scratch)",
        narrow_table_bytes(heaps - 1, CellWidth::U8),
        narrow_table_bytes(heaps - 1, CellWidth::U16)
    );
    let table = if no_shortcut {
        game.grundy_table_sparse_within(heaps - 1, &Limits::UNLIMITED)
    } else {
        game.grundy_table_within(heaps - 1, &Limits::UNLIMITED)
    };
    let table = table.unwrap_or_else(|e| fail(format!("{e}")));
    let mut largest = (0usize, 0u32);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, v) in table.iter().enumerate() {
        if v > largest.1 {
            largest = (i, v);
        }
        hash = (hash ^ v as u64).wrapping_mul(0x0000_0100_0000_01b3);
        let n = i + 1;
        if n.is_power_of_two() {
            println!("n=2^{} largest G[{}]={}", n.trailing_zeros(), largest.0, largest.1);
        }
    }
    println!("heaps={heaps} width={:?} fnv64={hash:016x}", table.width());
    if let Some(spec) = args.get(3) {
        let (hex, pos) = match spec.strip_suffix("pos") {
            Some(hex) => (hex, true),
            None => (spec.as_str(), false),
        };
        let mask = u32::from_str_radix(hex, 16).unwrap_or_else(|e| fail(format!("bad RARE_MASK: {e}")));
        // Their parity of the split takes: 0 if all even, 1 if all odd.
        let split_parity = (0..=game.max_take()).find(|&k| game.digit(k) & 4 != 0).unwrap_or(0) as u32 & 1;
        let (mut count, mut last) = (0u64, 0usize);
        for (i, v) in table.iter().enumerate() {
            let mut rare = (v & mask).count_ones() % 2 == 0;
            if pos && (i as u32 & 1) != split_parity {
                rare = !rare;
            }
            if rare {
                count += 1;
                last = i;
            }
        }
        println!("num_rare={count} last_rare={last}");
    }
}
