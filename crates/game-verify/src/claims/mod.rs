//! The registry: one module per source.

mod common;
mod nim;
mod rotation;
mod sums;
mod wythoff;

use crate::Claim;

pub(crate) fn all() -> Vec<Claim> {
    let mut claims = Vec::new();
    claims.extend(common::claims());
    claims.extend(sums::claims());
    claims.extend(wythoff::claims());
    claims.extend(nim::claims());
    claims.extend(rotation::claims());
    claims
}
