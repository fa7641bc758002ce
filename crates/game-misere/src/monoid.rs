//! Finite commutative monoids as full multiplication tables, bitsets over their elements, and
//! the reduction of a bipartite monoid (merging elements no context tells apart).

use std::collections::HashMap;

/// A finite commutative monoid as a full table; element 0 is the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    size: usize,
    products: Vec<u32>,
}

impl Table {
    /// The trivial monoid {1}.
    pub(crate) fn trivial() -> Self {
        Self { size: 1, products: vec![0] }
    }

    /// A table from its products, row-major (`products[x * size + y] = xy`).
    pub(crate) fn from_products(size: usize, products: Vec<u32>) -> Self {
        debug_assert_eq!(products.len(), size * size);
        Self { size, products }
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    pub(crate) fn mul(&self, x: u32, y: u32) -> u32 {
        self.products[x as usize * self.size + y as usize]
    }

    /// The product of a list of elements (the identity for none).
    pub(crate) fn product(&self, elements: impl IntoIterator<Item = u32>) -> u32 {
        elements.into_iter().fold(0, |acc, x| self.mul(acc, x))
    }

    /// Index and period of `x`: the least `i`, then `p >= 1`, with `x^(i + p) = x^i`.
    pub(crate) fn index_and_period(&self, x: u32) -> (u32, u32) {
        let mut seen: HashMap<u32, u32> = HashMap::new();
        let mut power = 0u32;
        let mut exponent = 0u32;
        loop {
            if let Some(&first) = seen.get(&power) {
                return (first, exponent - first);
            }
            seen.insert(power, exponent);
            power = self.mul(power, x);
            exponent += 1;
        }
    }

    /// Bytes of a table of `size` elements.
    pub(crate) fn bytes(size: u128) -> u128 {
        size * size * 4
    }
}

/// Number of 64-bit words of a bitset over `n` elements.
pub(crate) fn words_for(n: usize) -> usize {
    n.div_ceil(64)
}

pub(crate) fn set_bit(set: &mut [u64], i: u32) {
    set[i as usize / 64] |= 1 << (i % 64);
}

pub(crate) fn is_subset(small: &[u64], big: &[u64]) -> bool {
    small.iter().zip(big).all(|(s, b)| s & !b == 0)
}

pub(crate) fn intersects(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// For each element `x`, the set `{z : xz in P}`: two elements are equivalent exactly when
/// these rows are equal.
pub(crate) fn p_rows(table: &Table, p: &[bool]) -> Vec<Vec<u64>> {
    let n = table.size();
    let words = words_for(n);
    (0..n as u32)
        .map(|x| {
            let mut row = vec![0u64; words];
            for z in 0..n as u32 {
                if p[table.mul(x, z) as usize] {
                    set_bit(&mut row, z);
                }
            }
            row
        })
        .collect()
}

/// The reduction of a bipartite monoid: the class of each element (classes numbered by first
/// appearance, so the identity's class is 0), the reduced table and its P-portion.
pub(crate) fn reduce(table: &Table, p: &[bool]) -> (Vec<u32>, Table, Vec<bool>) {
    let rows = p_rows(table, p);
    let mut class_of_row: HashMap<&[u64], u32> = HashMap::new();
    let mut class = Vec::with_capacity(rows.len());
    let mut representatives = Vec::new();
    for (x, row) in rows.iter().enumerate() {
        let next = class_of_row.len() as u32;
        let c = *class_of_row.entry(row.as_slice()).or_insert(next);
        if c == next {
            representatives.push(x as u32);
        }
        class.push(c);
    }
    let q = representatives.len();
    let mut products = Vec::with_capacity(q * q);
    for &x in &representatives {
        for &y in &representatives {
            products.push(class[table.mul(x, y) as usize]);
        }
    }
    let reduced_p = representatives.iter().map(|&x| p[x as usize]).collect();
    (class, Table::from_products(q, products), reduced_p)
}

/// True if no two elements have the same row `{z : xz in P}`.
pub(crate) fn is_reduced(table: &Table, p: &[bool]) -> bool {
    let rows = p_rows(table, p);
    let mut seen = std::collections::HashSet::new();
    rows.iter().all(|row| seen.insert(row.as_slice()))
}
