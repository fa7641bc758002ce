//! The two-ended counting kernel: a solution is searched from both ends at once, with its first
//! and last rotation fixed in advance, so the whole symmetry group (units of Z_n and reversal)
//! acts on the fixed pairs.
//!
//! # The search
//!
//! Fix the first rotation `f` and the last rotation `l`. The partial sums `S_1 = f` and
//! `S_{n-2} = n/2 - l` are then known, so both are marked as used at the start, and the search
//! grows the sequence at whichever end has fewer choices: at the front from the current sum `s`
//! (a rotation `k` needs `s + k` free), at the back from `t` (a rotation `k` needs `t - k`
//! free). When `m` rotations are left, exactly `m - 1` sums are still free, and the remaining
//! rotations join `s` to `t` through all of them. That gives three things the one-ended search
//! does not have:
//!
//! * **Closed forms for the last levels.** With two rotations left, the count is the number of
//!   front choices. With three left (`x`, `y`, `z` joining `s` to `t`), the two inner sums are
//!   `s + x` and `t - z`, distinct because `y != 0`, so the count is
//!   `|X| |Z| - |X ∩ Z|` for the front choices `X` and the back choices `Z`.
//! * **Dead ends seen from both sides.** A node with no front or no back choice has no
//!   completion, however many choices the other end has.
//! * **A cheap necessary condition** (from [`PRUNE_FROM`] to [`PRUNE_UP_TO`] rotations left): in a completion every
//!   free sum has a predecessor in the free sums or `s` and a successor in the free sums or `t`,
//!   each one remaining rotation away, and every remaining rotation joins two such sums. One
//!   shift and mask per remaining rotation checks all of it.
//!
//! The count never needs to know which end is which: a node and its mirror image (sums negated,
//! the ends swapped) have the same completions, so the search always extends the front, of the
//! node or of its mirror, picked by masks rather than a branch.
//!
//! Masks are *doubled* (bit `x` and bit `x + n` both stand for sum `x`), so adding `s` to every
//! sum is one shift; this needs `2n <= 64`, hence [`MAX_TWO_ENDED_N`].
//!
//! # The symmetry
//!
//! Multiplying every rotation by a unit `u` of Z_n maps solutions to solutions, and so does
//! reversal (the reversed sequence has partial sums `n/2 - S_{n-1-j}`). So the number of
//! solutions with first and last rotation `(f, l)` is the same for the whole orbit of the pair
//! under `(f, l) -> (u f, u l)` and `(f, l) -> (l, f)`: the count searches one pair per orbit and
//! weighs it by the orbit's size, about `1 / (2 phi(n))` of all pairs.

use crate::arith::units;

/// Largest n of the two-ended kernel (doubled masks in a `u64`).
pub(crate) const MAX_TWO_ENDED_N: usize = 32;

/// Rotations left from which a node is tested by the necessary condition: below it the
/// subtrees are too small to repay the test (measured at n = 18: 5 is fastest, 4 and 6 are
/// slower).
pub(crate) const PRUNE_FROM: u32 = 5;

/// Rotations left up to which a node is tested: above it the test almost never fails (at
/// n = 18, 0.1% of the nodes with 9 left, none with more).
pub(crate) const PRUNE_UP_TO: u32 = 8;

/// A node: rotations still available, free sums (doubled), free sums negated (doubled), the
/// sums at the two ends, the front and back choices, and the rotations left.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EndsNode {
    avail: u64,
    free2: u64,
    neg2: u64,
    s: u32,
    t: u32,
    front: u64,
    back: u64,
    rem: u32,
}

/// The kernel for one n.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ends {
    n: u32,
    full: u64,
}

/// A pair `(first, last)` searched for its whole orbit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PairClass {
    /// The pair searched.
    pub(crate) first: usize,
    /// Its last rotation.
    pub(crate) last: usize,
    /// Every pair of the orbit (the searched one included); each has the same count.
    pub(crate) members: Vec<(usize, usize)>,
}

/// The pairs `(first, last)` of distinct rotations `1..n`, one per orbit of the group generated
/// by the units of Z_n and reversal when `symmetric`, else every pair alone; in lexicographic
/// order of the searched pair.
pub(crate) fn pair_classes(n: usize, symmetric: bool) -> Vec<PairClass> {
    let group = if symmetric { units(n) } else { vec![1] };
    let mut seen = vec![false; n * n];
    let mut classes = Vec::new();
    for first in 1..n {
        for last in 1..n {
            if first == last || seen[first * n + last] {
                continue;
            }
            let mut members = Vec::new();
            for &u in &group {
                let image = (first * u % n, last * u % n);
                let swapped = (image.1, image.0);
                let images: &[(usize, usize)] = if symmetric { &[image, swapped] } else { &[image] };
                for &(a, b) in images {
                    if !seen[a * n + b] {
                        seen[a * n + b] = true;
                        members.push((a, b));
                    }
                }
            }
            classes.push(PairClass { first, last, members });
        }
    }
    classes
}

impl Ends {
    /// The kernel for n (`4 <= n <= MAX_TWO_ENDED_N`, even).
    pub(crate) fn new(n: usize) -> Self {
        debug_assert!((4..=MAX_TWO_ENDED_N).contains(&n));
        Ends { n: n as u32, full: (1u64 << n) - 1 }
    }

    #[inline(always)]
    fn both(&self, x: u32) -> u64 {
        (1u64 << x) | (1u64 << (x + self.n))
    }

    #[inline(always)]
    fn neg(&self, x: u32) -> u32 {
        if x == 0 { 0 } else { self.n - x }
    }

    #[inline(always)]
    fn sub(&self, a: u32, b: u32) -> u32 {
        if a >= b { a - b } else { a + self.n - b }
    }

    /// The root for first rotation `first` and last rotation `last` when the partial sums
    /// `S_1 .. S_{n-2}` must avoid `0` and `blue` (the disc's blue pin); `None` if no solution
    /// can have these ends (`first == last`, or an end sum is forbidden or both are one sum).
    pub(crate) fn root(&self, first: usize, last: usize, blue: usize) -> Option<EndsNode> {
        let n = self.n as usize;
        let (first, last) = (first as u32, last as u32);
        let s = first;
        let t = self.sub((n / 2) as u32, last);
        let forbidden = |x: u32| x == 0 || x as usize == blue;
        if first == 0 || last == 0 || first == last || forbidden(s) || forbidden(t) || s == t {
            return None;
        }
        let mut free2 = (self.full | (self.full << self.n)) & !self.both(0);
        let mut neg2 = free2;
        for x in [blue as u32, s, t] {
            free2 &= !self.both(x);
            neg2 &= !self.both(self.neg(x));
        }
        let avail = self.full & !1 & !(1 << first) & !(1 << last);
        let front = (free2 >> s) & avail;
        let back = (neg2 >> self.neg(t)) & avail;
        Some(EndsNode { avail, free2, neg2, s, t, front, back, rem: self.n - 3 })
    }

    #[inline(always)]
    fn step_front(&self, x: &EndsNode, k: u32) -> EndsNode {
        let mut s = x.s + k;
        if s >= self.n {
            s -= self.n;
        }
        let avail = x.avail & !(1 << k);
        let free2 = x.free2 & !self.both(s);
        let neg2 = x.neg2 & !self.both(self.neg(s));
        let front = (free2 >> s) & avail;
        // A back choice z needs t - z free: the sum s just used removes z = t - s.
        let back = x.back & !(1 << k) & !(1 << self.sub(x.t, s));
        EndsNode { avail, free2, neg2, s, t: x.t, front, back, rem: x.rem - 1 }
    }

    #[inline(always)]
    fn step_back(&self, x: &EndsNode, k: u32) -> EndsNode {
        let t = self.sub(x.t, k);
        let avail = x.avail & !(1 << k);
        let free2 = x.free2 & !self.both(t);
        let neg2 = x.neg2 & !self.both(self.neg(t));
        let back = (neg2 >> self.neg(t)) & avail;
        // A front choice y needs s + y free: the sum t just used removes y = t - s.
        let front = x.front & !(1 << k) & !(1 << self.sub(t, x.s));
        EndsNode { avail, free2, neg2, s: x.s, t, front, back, rem: x.rem - 1 }
    }

    /// Completions of a node with three rotations left: `|X| |Z| - |X ∩ Z|`.
    #[inline(always)]
    fn three_left(x: &EndsNode) -> u64 {
        u64::from(x.front.count_ones() * x.back.count_ones() - (x.front & x.back).count_ones())
    }

    /// The necessary condition of the module documentation.
    #[inline(always)]
    fn feasible(&self, x: &EndsNode) -> bool {
        self.condition(x, x.rem)
    }

    /// The necessary condition, in `rounds` rounds: one per remaining rotation (`x.rem`, the
    /// bits of `x.avail`). Shared by [`Ends::feasible`] and [`Ends::feasible_at`], where
    /// `rounds` is a constant and the loop is unrolled.
    #[inline(always)]
    fn condition(&self, x: &EndsNode, rounds: u32) -> bool {
        debug_assert_eq!(x.avail.count_ones(), rounds);
        let free = x.free2 & self.full;
        let before2 = x.free2 | self.both(x.s);
        let after2 = x.free2 | self.both(x.t);
        let before = before2 & self.full;
        let (mut reached, mut left, mut joins) = (0u64, 0u64, true);
        let mut rotations = x.avail;
        for _ in 0..rounds {
            let k = rotations.trailing_zeros();
            rotations &= rotations.wrapping_sub(1);
            // Bit y: y + k is a free sum or t; rotation k must join two sums.
            let into = after2 >> k;
            joins &= into & before != 0;
            left |= into;
            // Bit y: y - k is a free sum or s.
            reached |= before2 >> (self.n - k);
        }
        joins & (free & !reached == 0) & (free & !left == 0)
    }

    /// `x` itself if the search extends its front, else its mirror image, whose front is `x`'s
    /// back: sums negated (`free2` and `neg2` swap), `s = -t` and `t = -s`. A sequence joins `s`
    /// to `t` through the free sums exactly when its reverse joins `-t` to `-s` through their
    /// negatives, so both have the same completions; searching the mirror's front is searching
    /// `x`'s back. Chosen by masks, not a branch: the side is a coin toss to the predictor.
    #[inline(always)]
    fn front_facing(&self, x: &EndsNode) -> EndsNode {
        let flip = !Self::front_side(x);
        let mask = 0u64.wrapping_sub(u64::from(flip));
        let pick = |a: u64, b: u64| a ^ ((a ^ b) & mask);
        let mask32 = mask as u32;
        let pick32 = |a: u32, b: u32| a ^ ((a ^ b) & mask32);
        EndsNode {
            avail: x.avail,
            free2: pick(x.free2, x.neg2),
            neg2: pick(x.neg2, x.free2),
            s: pick32(x.s, self.neg(x.t)),
            t: pick32(x.t, self.neg(x.s)),
            front: pick(x.front, x.back),
            back: pick(x.back, x.front),
            rem: x.rem,
        }
    }

    /// Whether the search at `x` extends the front (else the back): the end with fewer choices,
    /// the front on a tie.
    #[inline(always)]
    fn front_side(x: &EndsNode) -> bool {
        x.front.count_ones() <= x.back.count_ones()
    }

    /// Whether the search enters `x`: both ends have a choice, and from [`PRUNE_FROM`] to
    /// [`PRUNE_UP_TO`] rotations left the necessary condition holds.
    #[inline(always)]
    fn viable(&self, x: &EndsNode) -> bool {
        x.front != 0 && x.back != 0 && (!(PRUNE_FROM..=PRUNE_UP_TO).contains(&x.rem) || self.feasible(x))
    }

    /// [`Ends::viable`] for a node with exactly `R` rotations left, `R` known when compiling.
    #[inline(always)]
    fn viable_at<const R: u32>(&self, x: &EndsNode) -> bool {
        debug_assert_eq!(x.rem, R);
        if (PRUNE_FROM..=PRUNE_UP_TO).contains(&R) {
            (x.front != 0) & (x.back != 0) & self.feasible_at::<R>(x)
        } else {
            x.front != 0 && x.back != 0
        }
    }

    /// [`Ends::feasible`] for a node with exactly `R` rotations left: the loop runs `R` times,
    /// so it is unrolled. (Its early exits pay: forcing it branch-free measured slower at
    /// n = 18, 4.29 against 3.98 CPU-s, as did testing the largest rotation first, 4.33.)
    #[inline(always)]
    fn feasible_at<const R: u32>(&self, x: &EndsNode) -> bool {
        self.condition(x, R)
    }

    /// `f` folded over the children of `x` at the end the search extends: the front steps of
    /// [`Ends::front_facing`]. (A plain loop: as an iterator it measured about 1% slower.)
    #[inline(always)]
    fn fold_steps<T>(&self, x: &EndsNode, init: T, f: impl Fn(T, EndsNode) -> T) -> T {
        let y = self.front_facing(x);
        let mut acc = init;
        let mut bits = y.front;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            acc = f(acc, self.step_front(&y, k));
        }
        acc
    }

    /// The sum of `count` over the children of `x` at the end the search extends (`None` on
    /// overflow).
    #[inline(always)]
    fn each_child(&self, x: &EndsNode, count: impl Fn(EndsNode) -> Option<u64>) -> Option<u64> {
        self.fold_steps(x, Some(0u64), |total, child| total?.checked_add(count(child)?))
    }

    /// [`Ends::each_child`] for a node with at most 9 rotations left. Its count is at most the
    /// number of orders of those rotations, `9! < 2^64`, so the sums cannot overflow.
    #[inline(always)]
    fn each_small_child(&self, x: &EndsNode, count: impl Fn(EndsNode) -> u64) -> u64 {
        debug_assert!(x.rem <= 9);
        self.fold_steps(x, 0, |total, child| total + count(child))
    }

    /// The children of `x` that the search enters, in the order it enters them (used to cut
    /// the search into tasks); `x` has at least 4 rotations left.
    pub(crate) fn children(&self, x: &EndsNode) -> Vec<EndsNode> {
        debug_assert!(x.rem >= 4);
        let front_side = Self::front_side(x);
        let mut out = Vec::new();
        let mut bits = if front_side { x.front } else { x.back };
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let child = if front_side { self.step_front(x, k) } else { self.step_back(x, k) };
            if child.rem <= 3 || self.viable(&child) {
                out.push(child);
            }
        }
        out
    }

    /// Rotations left at `x`.
    pub(crate) fn left(x: &EndsNode) -> u32 {
        x.rem
    }

    /// Number of completions of `x`; `None` on overflow of `u64`.
    pub(crate) fn count(&self, x: &EndsNode) -> Option<u64> {
        match x.rem {
            0 | 1 => Some(1),
            2 => Some(u64::from(x.front.count_ones())),
            3 => Some(Self::three_left(x)),
            _ if !self.viable(x) => Some(0),
            _ => {
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                {
                    // SAFETY: the CPU has the popcnt, BMI1, BMI2 and LZCNT instructions (checked
                    // above), the only features `count_viable_native` is compiled for. Bit
                    // counts, trailing zeros, clearing the lowest bit and shifts by a variable are
                    // single instructions there; the portable build emulates the bit count with
                    // shifts and masks. Measured at n = 18, `games rotation count 18 --allow-long`
                    // on 2 cores: popcnt alone 1.4 times faster than portable; BMI1, BMI2 and
                    // LZCNT besides another 1.12 times (5.6 to 5.0 CPU seconds).
                    return unsafe { self.count_viable_native(x) };
                }
                self.count_viable(x)
            }
        }
    }
}

/// One level of [`count_viable!`]: `$level` steps each child, enters it if it passes the entry
/// test for `$left` rotations left, and counts it with `$next`, the level below.
macro_rules! search_level {
    ($(#[$attr:meta])* $level:ident, $left:literal, $next:ident) => {
        $(#[$attr])*
        fn $level(&self, x: &EndsNode) -> u64 {
            self.each_small_child(x, |child| if self.viable_at::<$left>(&child) { self.$next(&child) } else { 0 })
        }
    };
}

/// The search below a viable node with at least 4 rotations left, compiled twice: portable and
/// with the bit instructions of x86-64 since 2013 (the same source, so they cannot differ).
///
/// The levels with 4 to 9 rotations left, where nearly all nodes are, get a function each
/// (`$l4` .. `$l9`): the number of rotations left is then a constant, so the necessary
/// condition's loop over the remaining rotations is unrolled, and which levels test it is
/// decided when compiling. Above them one function serves every level.
macro_rules! count_viable {
    ($(#[$attr:meta])* $name:ident, $l4:ident, $l5:ident, $l6:ident, $l7:ident, $l8:ident, $l9:ident) => {
        impl Ends {
            $(#[$attr])*
            fn $name(&self, x: &EndsNode) -> Option<u64> {
                match x.rem {
                    4 => Some(self.$l4(x)),
                    5 => Some(self.$l5(x)),
                    6 => Some(self.$l6(x)),
                    7 => Some(self.$l7(x)),
                    8 => Some(self.$l8(x)),
                    9 => Some(self.$l9(x)),
                    _ => self.each_child(x, |child| if self.viable(&child) { self.$name(&child) } else { Some(0) }),
                }
            }

            search_level!($(#[$attr])* $l9, 8, $l8);
            search_level!($(#[$attr])* $l8, 7, $l7);
            search_level!($(#[$attr])* $l7, 6, $l6);
            search_level!($(#[$attr])* $l6, 5, $l5);
            search_level!($(#[$attr])* $l5, 4, $l4);

            $(#[$attr])*
            // Inlined into `$l5`: measured at n = 18, 4.39 to 4.27 CPU-s (inlining `$l5` too
            // was slower again, 4.33).
            #[inline]
            fn $l4(&self, x: &EndsNode) -> u64 {
                self.each_small_child(x, |child| Self::three_left(&child))
            }
        }
    };
}

count_viable!(count_viable, portable_4, portable_5, portable_6, portable_7, portable_8, portable_9);
count_viable!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    count_viable_native,
    native_4,
    native_5,
    native_6,
    native_7,
    native_8,
    native_9
);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Completions of `x` counted plainly: every order of the remaining rotations from `s`,
    /// each partial sum a distinct free sum, the last one landing on `t`.
    fn plain(n: u32, x: &EndsNode) -> u64 {
        fn go(n: u32, rotations: &mut Vec<u32>, free: &mut Vec<u32>, s: u32, t: u32) -> u64 {
            if rotations.len() == 1 {
                return u64::from((s + rotations[0]) % n == t);
            }
            let mut total = 0;
            for i in 0..rotations.len() {
                let k = rotations.remove(i);
                let next = (s + k) % n;
                if let Some(j) = free.iter().position(|&y| y == next) {
                    free.remove(j);
                    total += go(n, rotations, free, next, t);
                    free.insert(j, next);
                }
                rotations.insert(i, k);
            }
            total
        }
        let mut rotations: Vec<u32> = (0..n).filter(|k| x.avail >> k & 1 == 1).collect();
        let mut free: Vec<u32> = (0..n).filter(|y| x.free2 >> y & 1 == 1).collect();
        assert_eq!(rotations.len() as u32, x.rem);
        assert_eq!(free.len() + 1, rotations.len(), "one free sum fewer than rotations left");
        go(n, &mut rotations, &mut free, x.s, x.t)
    }

    /// A node reached from the root of `(first, last)` by `steps` moves at either end, each
    /// picked by `choices` among the legal moves (viable or not): `None` if the walk gets stuck.
    fn walk(n: usize, first: usize, last: usize, steps: &[(bool, u32)]) -> Option<EndsNode> {
        let ends = Ends::new(n);
        let mut x = ends.root(first, last, n / 2)?;
        for &(front, pick) in steps {
            if x.rem <= 1 {
                break;
            }
            let moves = if front { x.front } else { x.back };
            if moves == 0 {
                return None;
            }
            let k =
                (0..64).filter(|k| moves >> k & 1 == 1).nth(pick as usize % moves.count_ones() as usize)?;
            x = if front { ends.step_front(&x, k) } else { ends.step_back(&x, k) };
        }
        Some(x)
    }

    /// Calls `visit` on every node reached from every root of n (blue pin at n/2) by steps at
    /// either end, viable or not, down to nodes with `lowest` rotations left.
    fn every_node(n: usize, lowest: u32, mut visit: impl FnMut(&EndsNode)) {
        let ends = Ends::new(n);
        for first in 1..n {
            for last in 1..n {
                let Some(root) = ends.root(first, last, n / 2) else { continue };
                let mut stack = vec![root];
                while let Some(x) = stack.pop() {
                    visit(&x);
                    if x.rem > lowest {
                        for k in 0..n as u32 {
                            if x.front >> k & 1 == 1 {
                                stack.push(ends.step_front(&x, k));
                            }
                            if x.back >> k & 1 == 1 {
                                stack.push(ends.step_back(&x, k));
                            }
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// The kernel (closed forms, pruning, choice of end) counts what plain enumeration
        /// counts, at nodes of every depth, for n = 6 to 32 (the doubled masks' limit).
        #[test]
        fn count_matches_plain_enumeration(
            half in 3usize..=16,
            first in 1usize..32,
            last in 1usize..32,
            steps in proptest::collection::vec((any::<bool>(), any::<u32>()), 1..30),
        ) {
            let n = 2 * half;
            let (first, last) = (first % n, last % n);
            // Walk down to at most 9 rotations left, so that plain enumeration stays small.
            let keep = (n - 3).saturating_sub(9).max(steps.len().min(n - 3));
            let steps: Vec<(bool, u32)> = steps.iter().copied().cycle().take(keep).collect();
            if let Some(x) = walk(n, first, last, &steps) && x.rem <= 9 {
                prop_assert_eq!(Ends::new(n).count(&x), Some(plain(n as u32, &x)));
            }
        }
    }

    /// The necessary condition never rejects a node with a completion, and it does reject
    /// nodes that both ends accept (else the pruning would be idle).
    #[test]
    fn the_necessary_condition_is_sound_and_not_idle() {
        let n = 14;
        let ends = Ends::new(n);
        let (mut rejected, mut checked) = (0, 0);
        for first in 1..n {
            for last in 1..n {
                let Some(root) = ends.root(first, last, n / 2) else { continue };
                let mut level = vec![root];
                while let Some(x) = level.pop() {
                    if x.rem >= 4 && x.front != 0 && x.back != 0 {
                        checked += 1;
                        let completions = plain(n as u32, &x);
                        if !ends.feasible(&x) {
                            rejected += 1;
                            assert_eq!(completions, 0, "a node with completions was rejected");
                        }
                        if x.rem >= 7 {
                            for k in 0..n as u32 {
                                if x.front >> k & 1 == 1 {
                                    level.push(ends.step_front(&x, k));
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000 && rejected > 1_000, "{rejected} of {checked} rejected");
    }

    /// The levels with 5 to 8 rotations left decide the necessary condition (unrolled, with the
    /// number of rounds fixed when compiling) as the general test does with the number read from
    /// the node, and their entry test (from 4 rotations left) as the general one. A weaker entry
    /// test would keep every count and only lose speed, which the count tests cannot see; the
    /// condition itself is pinned by the task-list tripwires of `tests/two_ended.rs`.
    #[test]
    fn the_unrolled_condition_agrees_with_the_loop() {
        // (the unrolled condition, where it is tested; the level's entry test)
        fn unrolled(ends: &Ends, x: &EndsNode) -> (Option<bool>, bool) {
            match x.rem {
                4 => (None, ends.viable_at::<4>(x)),
                5 => (Some(ends.feasible_at::<5>(x)), ends.viable_at::<5>(x)),
                6 => (Some(ends.feasible_at::<6>(x)), ends.viable_at::<6>(x)),
                7 => (Some(ends.feasible_at::<7>(x)), ends.viable_at::<7>(x)),
                8 => (Some(ends.feasible_at::<8>(x)), ends.viable_at::<8>(x)),
                _ => unreachable!(),
            }
        }
        let n = 12;
        let ends = Ends::new(n);
        let (mut compared, mut rejected, mut one_end_stuck) = (0, 0, 0);
        every_node(n, 4, |x| {
            if !(4..=8).contains(&x.rem) {
                return;
            }
            let (feasible_at, viable_at) = unrolled(&ends, x);
            if x.rem >= 5 {
                compared += 1;
                let feasible = ends.feasible(x);
                rejected += usize::from(!feasible);
                assert_eq!(feasible_at, Some(feasible), "rem {}", x.rem);
            }
            one_end_stuck += usize::from((x.front == 0) != (x.back == 0));
            assert_eq!(viable_at, ends.viable(x), "rem {}", x.rem);
        });
        assert!(compared > 100_000 && rejected > 10_000, "{rejected} of {compared} rejected");
        assert!(one_end_stuck > 10_000, "{one_end_stuck} nodes stuck at one end only");
    }

    /// The mirror image that the search steps instead of a node's back: its front is the
    /// node's back, it has the node's completions, and each of its front steps is the mirror of
    /// the node's back step. Without a flip the node is kept as it is; the end taken is always
    /// the one with fewer choices. (A wrong choice of end would keep every count and only cost
    /// time, so it is checked here.)
    #[test]
    fn the_mirror_image_searches_the_back() {
        let n = 14;
        let ends = Ends::new(n);
        let mirror = |x: &EndsNode| EndsNode {
            free2: x.neg2,
            neg2: x.free2,
            s: ends.neg(x.t),
            t: ends.neg(x.s),
            front: x.back,
            back: x.front,
            ..*x
        };
        let fields = |x: &EndsNode| (x.avail, x.free2, x.neg2, x.s, x.t, x.front, x.back, x.rem);
        let (mut flipped, mut kept) = (0, 0);
        every_node(n, 7, |x| {
            let y = ends.front_facing(x);
            assert_eq!(y.front.count_ones(), x.front.count_ones().min(x.back.count_ones()));
            if Ends::front_side(x) {
                kept += 1;
                assert_eq!(fields(&y), fields(x));
                return;
            }
            flipped += 1;
            assert_eq!(fields(&y), fields(&mirror(x)));
            for k in 0..n as u32 {
                if x.back >> k & 1 == 1 {
                    let back_step = ends.step_back(x, k);
                    assert_eq!(fields(&ends.step_front(&y, k)), fields(&mirror(&back_step)));
                    if back_step.rem <= 6 {
                        assert_eq!(plain(n as u32, &mirror(&back_step)), plain(n as u32, &back_step));
                    }
                }
            }
        });
        assert!(flipped > 100_000 && kept > 100_000, "{flipped} flipped, {kept} kept");
    }

    /// Orbits of end pairs partition the pairs, and each orbit is closed under the group.
    #[test]
    fn pair_classes_partition_the_pairs_into_orbits() {
        for n in [8, 12, 18, 20] {
            let classes = pair_classes(n, true);
            let mut all: Vec<(usize, usize)> = classes.iter().flat_map(|c| c.members.clone()).collect();
            all.sort();
            let expected: Vec<(usize, usize)> =
                (1..n).flat_map(|f| (1..n).filter(move |&l| l != f).map(move |l| (f, l))).collect();
            assert_eq!(all, expected, "n = {n}");
            for class in &classes {
                assert_eq!(class.members[0], (class.first, class.last));
                for &(f, l) in &class.members {
                    assert!(class.members.contains(&(l, f)), "reversal of ({f}, {l}), n = {n}");
                    assert!(class.members.contains(&((n - f) % n, (n - l) % n)), "negation, n = {n}");
                }
            }
            assert_eq!(pair_classes(n, false).len(), (n - 1) * (n - 2));
        }
    }

    /// The doubled masks at a root, checked by hand (a broken mask makes the search blow up
    /// rather than fail, which the count tests only notice by their time).
    #[test]
    fn the_root_marks_each_taken_sum_in_both_halves() {
        let ends = Ends::new(10);
        for x in 0..10 {
            assert_eq!(ends.both(x), (1 << x) | (1 << (x + 10)), "sum {x}");
        }
        // First 1, last 2, blue pin at 5: sums 0, 5, s = 1 and t = 5 - 2 = 3 are taken.
        let root = ends.root(1, 2, 5).unwrap();
        let free: Vec<u32> = (0..10).filter(|y| root.free2 >> y & 1 == 1).collect();
        assert_eq!(free, [2, 4, 6, 7, 8, 9]);
        assert_eq!(root.free2 >> 10, root.free2 & ends.full, "the upper half repeats the lower");
        assert_eq!((root.s, root.t, root.rem), (1, 3, 7));
        // Rotations 0, 1 and 2 are not available; a front choice k needs 1 + k free.
        assert_eq!(root.avail, 0b11_1111_1000);
        assert_eq!(root.front, (1 << 3) | (1 << 5) | (1 << 6) | (1 << 7) | (1 << 8));
    }
}
