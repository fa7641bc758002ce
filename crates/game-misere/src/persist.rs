//! Quotients saved as versioned JSON and read back with every invariant checked: a file that
//! was edited by hand (or cut short) gives a typed error, not a wrong answer.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::MisereError;
use crate::heap_game::PeriodicityRule;
use crate::monoid::Table;
use crate::quotient::{MisereQuotient, PartialOrder, Periodicity};

/// The `format` field of a quotient file.
pub const QUOTIENT_FORMAT: &str = "game-misere quotient";

/// The version written; files of other versions are refused.
pub const QUOTIENT_FORMAT_VERSION: u32 = 1;

/// The most elements a file may declare (a bound on what reading allocates).
pub const MAX_FILE_ORDER: usize = 1 << 14;

/// The most heaps a file may declare.
pub const MAX_FILE_HEAPS: usize = 1 << 20;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct QuotientFile {
    format: String,
    version: u32,
    game: String,
    rule: PeriodicityRule,
    order: usize,
    /// Row `x` lists the products `xy` for `y = 0..order`.
    table: Vec<Vec<u32>>,
    p_portion: Vec<u32>,
    pretending: Vec<u32>,
    periodicity: Option<Periodicity>,
    history: Vec<PartialOrder>,
    /// SHA-256 (hex) of the fields above, serialised in this order: catches edits that keep
    /// every invariant.
    checksum: String,
}

#[derive(Serialize)]
struct Checked<'a> {
    format: &'a str,
    version: u32,
    game: &'a str,
    rule: &'a PeriodicityRule,
    order: usize,
    table: &'a [Vec<u32>],
    p_portion: &'a [u32],
    pretending: &'a [u32],
    periodicity: &'a Option<Periodicity>,
    history: &'a [PartialOrder],
}

fn checksum(file: &Checked<'_>) -> String {
    let text = serde_json::to_string(file).expect("plain data serialises");
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn bad(reason: impl Into<String>) -> MisereError {
    MisereError::BadQuotientFile { reason: reason.into() }
}

impl MisereQuotient {
    /// The quotient as JSON (format [`QUOTIENT_FORMAT`], version [`QUOTIENT_FORMAT_VERSION`]).
    pub fn to_json(&self) -> String {
        let n = self.order();
        let table: Vec<Vec<u32>> =
            (0..n as u32).map(|x| (0..n as u32).map(|y| self.mul(x, y)).collect()).collect();
        let p_portion: Vec<u32> = (0..n as u32).filter(|&x| self.is_p(x)).collect();
        let checked = Checked {
            format: QUOTIENT_FORMAT,
            version: QUOTIENT_FORMAT_VERSION,
            game: &self.game,
            rule: &self.rule,
            order: n,
            table: &table,
            p_portion: &p_portion,
            pretending: &self.phi,
            periodicity: &self.periodicity,
            history: &self.history,
        };
        let file = QuotientFile {
            checksum: checksum(&checked),
            format: QUOTIENT_FORMAT.into(),
            version: QUOTIENT_FORMAT_VERSION,
            game: self.game.clone(),
            rule: self.rule,
            order: n,
            table,
            p_portion,
            pretending: self.phi.clone(),
            periodicity: self.periodicity,
            history: self.history.clone(),
        };
        serde_json::to_string_pretty(&file).expect("plain data serialises")
    }

    /// Reads a quotient written by [`Self::to_json`], checking the format, version, sizes,
    /// checksum, the monoid laws (identity, commutativity, associativity), that the identity
    /// is not in P, that `(Q, P)` is reduced, that the pretending function is onto, and that
    /// a stated period holds on the listed heaps.
    ///
    /// ```
    /// use game_misere::{quotient_of, Limits, MisereError, OctalCode};
    /// let (q, _) = quotient_of(&"0.75".parse::<OctalCode>()?, Limits::default())?;
    /// let text = q.to_json();
    /// assert_eq!(game_misere::MisereQuotient::from_json(&text)?, q);
    /// let edited = text.replacen("\"order\": 8", "\"order\": 9", 1);
    /// assert!(matches!(game_misere::MisereQuotient::from_json(&edited), Err(MisereError::BadQuotientFile { .. })));
    /// # Ok::<(), MisereError>(())
    /// ```
    ///
    /// # Errors
    /// [`MisereError::BadQuotientFile`] saying what does not check.
    pub fn from_json(text: &str) -> Result<Self, MisereError> {
        let file: QuotientFile =
            serde_json::from_str(text).map_err(|e| bad(format!("not a quotient file: {e}")))?;
        if file.format != QUOTIENT_FORMAT {
            return Err(bad(format!("format {:?}, expected {QUOTIENT_FORMAT:?}", file.format)));
        }
        if file.version != QUOTIENT_FORMAT_VERSION {
            return Err(bad(format!(
                "version {}, this reader knows {QUOTIENT_FORMAT_VERSION}",
                file.version
            )));
        }
        let n = file.order;
        if n == 0 || n > MAX_FILE_ORDER {
            return Err(bad(format!("order {n} outside 1..={MAX_FILE_ORDER}")));
        }
        if file.pretending.is_empty() || file.pretending.len() > MAX_FILE_HEAPS {
            return Err(bad("the pretending function must list 1 to 2^20 heaps"));
        }
        let checked = Checked {
            format: &file.format,
            version: file.version,
            game: &file.game,
            rule: &file.rule,
            order: n,
            table: &file.table,
            p_portion: &file.p_portion,
            pretending: &file.pretending,
            periodicity: &file.periodicity,
            history: &file.history,
        };
        if checksum(&checked) != file.checksum {
            return Err(bad("checksum mismatch: the file was changed after it was written"));
        }
        if file.table.len() != n || file.table.iter().any(|row| row.len() != n) {
            return Err(bad(format!("the table is not {n} by {n}")));
        }
        if file.table.iter().flatten().any(|&x| x as usize >= n)
            || file.p_portion.iter().any(|&x| x as usize >= n)
            || file.pretending.iter().any(|&x| x as usize >= n)
        {
            return Err(bad("an element id out of range"));
        }
        let products: Vec<u32> = file.table.iter().flatten().copied().collect();
        let table = Table::from_products(n, products);
        for x in 0..n as u32 {
            if table.mul(0, x) != x {
                return Err(bad(format!("element 0 is not the identity (0 * {x})")));
            }
            for y in 0..x {
                if table.mul(x, y) != table.mul(y, x) {
                    return Err(bad(format!("not commutative at {x} * {y}")));
                }
            }
        }
        // Associativity against each heap image suffices once the images generate Q.
        let mut images: Vec<u32> = file.pretending.clone();
        images.sort_unstable();
        images.dedup();
        for x in 0..n as u32 {
            for y in 0..n as u32 {
                for &g in &images {
                    if table.mul(table.mul(x, y), g) != table.mul(x, table.mul(y, g)) {
                        return Err(bad(format!("not associative at ({x} * {y}) * {g}")));
                    }
                }
            }
        }
        let mut p = vec![false; n];
        for &x in &file.p_portion {
            p[x as usize] = true;
        }
        if p[0] {
            return Err(bad("the identity is in the P-portion"));
        }
        if file.pretending[0] != 0 {
            return Err(bad("heap 0 must map to the identity"));
        }
        if let Some(Periodicity { preperiod, period }) = file.periodicity {
            let phi = &file.pretending;
            if period == 0 || (preperiod as usize + period as usize) > phi.len() {
                return Err(bad("the stated period does not fit the listed heaps"));
            }
            if (preperiod as usize..phi.len() - period as usize).any(|h| phi[h] != phi[h + period as usize]) {
                return Err(bad("the pretending function does not have the stated period"));
            }
        }
        let quotient = MisereQuotient::from_parts(
            file.game,
            file.rule,
            &table,
            &p,
            &file.pretending,
            file.history,
            file.periodicity,
        );
        if !quotient.pretending_is_onto() {
            return Err(bad("the heap images do not generate every element"));
        }
        if !quotient.is_reduced() {
            return Err(bad("the quotient is not reduced"));
        }
        if quotient.order() != n || quotient.presentation.words.len() != n {
            return Err(bad("the elements are not all reached"));
        }
        Ok(quotient)
    }
}
