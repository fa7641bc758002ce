//! The constructions of seeds 000 and 002 that do not use the closed form: the mex
//! construction (Y2), the step word F (W3) from its tape automaton (W4) and its substitution
//! (W6), and helpers to check W5, W7 and W8 on prefixes. The verify crate compares them with the
//! closed forms of [`crate::exact`] over ranges.

/// The first `count` safe pairs `(a_n, b_n)`, `n = 1..=count`, by Y2's recursive mex
/// construction: `a_n` is the least positive integer not among the earlier `2n - 2` numbers,
/// `b_n = a_n + n`. No closed form is used. O(count) time and memory (`b_count < 3 count`).
///
/// ```
/// use game_wythoff::mex_pairs;
/// let pairs = mex_pairs(10);
/// assert_eq!(pairs.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 3, 4, 6, 8, 9, 11, 12, 14, 16]);
/// assert_eq!(pairs.iter().map(|p| p.1).collect::<Vec<_>>(), [2, 5, 7, 10, 13, 15, 18, 20, 23, 26]);
/// ```
pub fn mex_pairs(count: usize) -> Vec<(u64, u64)> {
    let mut pairs = Vec::with_capacity(count);
    // used[v]: v is among the numbers chosen so far. b_n = a_n + n <= 2n + n.
    let mut used = vec![false; 3 * count + 2];
    let mut mex = 1usize;
    for n in 1..=count {
        while used[mex] {
            mex += 1;
        }
        let (a, b) = (mex, mex + n);
        used[a] = true;
        used[b] = true;
        pairs.push((a as u64, b as u64));
    }
    pairs
}

/// The first `len` letters of the step word F by Laeuchli's tape automaton (W4): write 0, then
/// read the tape from its start, appending 1 for every 0 read and 01 for every 1 read.
/// Letters are 0 (small step) and 1 (large step). O(len).
///
/// ```
/// assert_eq!(game_wythoff::tape_automaton_word(13), [0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1]);
/// ```
pub fn tape_automaton_word(len: usize) -> Vec<u8> {
    let mut tape = Vec::with_capacity(len + 2);
    tape.push(0u8);
    let mut head = 0;
    while tape.len() < len {
        match tape[head] {
            0 => tape.push(1),
            _ => tape.extend_from_slice(&[0, 1]),
        }
        head += 1;
    }
    tape.truncate(len);
    tape
}

/// Applies the substitution 0 -> 01, 1 -> 011 of W6 to `word` once. O(len).
///
/// ```
/// assert_eq!(game_wythoff::substitute(&[0, 1]), [0, 1, 0, 1, 1]);
/// ```
pub fn substitute(word: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(word.len() * 3);
    for &letter in word {
        match letter {
            0 => out.extend_from_slice(&[0, 1]),
            _ => out.extend_from_slice(&[0, 1, 1]),
        }
    }
    out
}

/// The first `len` letters of the fixed point of the substitution of W6, by iterating it from
/// the word `0` (each image starts with the previous word). O(len).
///
/// ```
/// assert_eq!(game_wythoff::substitution_word(8), [0, 1, 0, 1, 1, 0, 1, 0]);
/// ```
pub fn substitution_word(len: usize) -> Vec<u8> {
    let mut word = vec![0u8];
    while word.len() < len {
        word = substitute(&word);
    }
    word.truncate(len);
    word
}

/// The first `len` letters of F read off the P-positions themselves (W3): letter `i` is 0 if
/// `P_{i+1} - P_i` is the small step (2, 1) in Laeuchli's coordinates `(x_n, y_n) = (b_n, a_n)`,
/// 1 if it is the large step (3, 2). `pairs[n]` must be `(a_n, b_n)` for `n = 0, 1, ...`
/// (for example `(0, 0)` followed by [`mex_pairs`]).
///
/// Returns `None` at the first step that is neither, which would refute W3. O(len).
///
/// ```
/// let mut pairs = vec![(0, 0)];
/// pairs.extend(game_wythoff::mex_pairs(5));
/// assert_eq!(game_wythoff::step_word_from_pairs(&pairs), Some(vec![0, 1, 0, 1, 1]));
/// ```
pub fn step_word_from_pairs(pairs: &[(u64, u64)]) -> Option<Vec<u8>> {
    pairs
        .windows(2)
        .map(|w| {
            let (dy, dx) = (w[1].0.checked_sub(w[0].0)?, w[1].1.checked_sub(w[0].1)?);
            match (dx, dy) {
                (2, 1) => Some(0),
                (3, 2) => Some(1),
                _ => None,
            }
        })
        .collect()
}

/// The number of 1s among the first `n` letters of `word`, for every `n = 0..=len` (prefix
/// sums; W8 says entry `n` is `floor(n q)` = [`crate::floor_mul_q`]`(n)`). O(len).
///
/// ```
/// assert_eq!(game_wythoff::ones_prefix_counts(&[0, 1, 0, 1, 1]), [0, 0, 1, 1, 2, 3]);
/// ```
pub fn ones_prefix_counts(word: &[u8]) -> Vec<u64> {
    let mut counts = Vec::with_capacity(word.len() + 1);
    let mut ones = 0u64;
    counts.push(0);
    for &letter in word {
        ones += u64::from(letter == 1);
        counts.push(ones);
    }
    counts
}

/// The longest run of 0s and the longest run of 1s in `word` (W5: at most 1 and 2 in F). O(len).
///
/// ```
/// assert_eq!(game_wythoff::longest_runs(&[0, 1, 1, 0, 0, 1]), (2, 2));
/// ```
pub fn longest_runs(word: &[u8]) -> (usize, usize) {
    let (mut longest, mut run, mut previous) = ([0usize; 2], 0usize, None);
    for &letter in word {
        run = if previous == Some(letter) { run + 1 } else { 1 };
        previous = Some(letter);
        let slot = usize::from(letter == 1);
        longest[slot] = longest[slot].max(run);
    }
    (longest[0], longest[1])
}

/// The smallest period `p` in `1..=max_period` such that `word[i] == word[i + p]` for every
/// `i >= start` (the tail of `word` from `start` is `p`-periodic), or `None` (W7 on a prefix:
/// F has no eventual period, so on a long enough prefix this is `None`). O(max_period * len).
///
/// ```
/// assert_eq!(game_wythoff::eventual_period(&[1, 0, 1, 0, 1, 0, 1], 0, 4), Some(2));
/// assert_eq!(game_wythoff::eventual_period(&game_wythoff::tape_automaton_word(1000), 100, 50), None);
/// ```
pub fn eventual_period(word: &[u8], start: usize, max_period: usize) -> Option<usize> {
    (1..=max_period).find(|&p| (start..word.len().saturating_sub(p)).all(|i| word[i] == word[i + p]))
}
