//! The registry: one module per source.

mod common;
mod wythoff;

use crate::Claim;

pub(crate) fn all() -> Vec<Claim> {
    let mut claims = Vec::new();
    claims.extend(common::claims());
    claims.extend(wythoff::claims());
    claims
}
