//! The codes of the table: every octal code with up to three digits after the point.

use crate::OctalGame;

/// The 1024 octal games `0.d1d2d3` and `4.d1d2d3` (digits 0 to 7), in the order of their
/// digits, first `0.` then `4.`. A code with trailing zeros is the game of its shortest form
/// (`0.100` is `0.1`, `0.000` is `0.0`), so each game appears once.
///
/// ```
/// let codes = game_nim::octal_codes_up_to_three_digits();
/// assert_eq!(codes.len(), 1024);
/// assert_eq!(codes[0].to_string(), "0.0");
/// assert_eq!(codes[1].to_string(), "0.001");
/// assert_eq!(codes[64].to_string(), "0.1");
/// assert_eq!(codes[1023].to_string(), "4.777");
/// ```
pub fn octal_codes_up_to_three_digits() -> Vec<OctalGame> {
    let mut codes = Vec::with_capacity(1024);
    for first in ["0", "4"] {
        for digits in 0..512u32 {
            let code = format!("{first}.{}{}{}", digits >> 6, (digits >> 3) & 7, digits & 7);
            codes.push(code.parse().expect("three octal digits after 0. or 4. always parse"));
        }
    }
    codes
}
