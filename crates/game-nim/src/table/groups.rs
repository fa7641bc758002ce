//! Codes grouped by their value sequences.

use std::collections::HashMap;

use serde::Serialize;

use super::classify::{ClassifiedCode, KnownValues};

/// What a group's codes are known to share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GroupAgreement {
    /// Every code has a proven period, all with the same pre-period, period and values of
    /// heaps `0..preperiod + period`: the sequences are equal at every heap (proven).
    Proven,
    /// The sequences are equal at heaps `0..heaps` (every heap computed for the code computed
    /// least far); nothing is claimed beyond.
    UpTo {
        /// The number of heaps compared, from 0.
        heaps: u64,
    },
}

/// Codes whose value sequences agree (see [`GroupAgreement`]); only groups of two or more
/// codes are listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodeGroup {
    /// The codes, in the order of the table.
    pub codes: Vec<String>,
    /// What is claimed about them.
    pub agreement: GroupAgreement,
}

/// Groups `codes` by equal values: codes are bucketed by the values of their first heaps and
/// compared value by value within a bucket, each against the first code of every group formed
/// so far. The comparison reads every heap known of both codes (all heaps of two proven
/// codes: their pre-periods, periods and values of one pre-period and period).
pub(crate) fn group_codes(codes: &[ClassifiedCode]) -> Vec<CodeGroup> {
    const BUCKET_HEAPS: u64 = 64;
    let mut buckets: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
    for (i, code) in codes.iter().enumerate() {
        let head: Vec<u32> = (0..BUCKET_HEAPS).map_while(|n| code.values.get(n)).collect();
        buckets.entry(head).or_default().push(i);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for members in buckets.into_values() {
        let mut local: Vec<Vec<usize>> = Vec::new();
        for i in members {
            match local.iter_mut().find(|g| agree(&codes[g[0]].values, &codes[i].values).is_some()) {
                Some(group) => group.push(i),
                None => local.push(vec![i]),
            }
        }
        groups.extend(local.into_iter().filter(|g| g.len() > 1));
    }
    groups.sort();
    groups
        .into_iter()
        .map(|members| {
            let agreement = members
                .iter()
                .map(|&i| agree(&codes[members[0]].values, &codes[i].values).expect("grouped codes agree"))
                .fold(GroupAgreement::Proven, weaker);
            CodeGroup { codes: members.iter().map(|&i| codes[i].code.clone()).collect(), agreement }
        })
        .collect()
}

fn weaker(a: GroupAgreement, b: GroupAgreement) -> GroupAgreement {
    match (a, b) {
        (GroupAgreement::Proven, x) | (x, GroupAgreement::Proven) => x,
        (GroupAgreement::UpTo { heaps: x }, GroupAgreement::UpTo { heaps: y }) => {
            GroupAgreement::UpTo { heaps: x.min(y) }
        }
    }
}

/// How far two sequences agree, or `None` if they differ at a heap known of both.
fn agree(a: &KnownValues, b: &KnownValues) -> Option<GroupAgreement> {
    if let (KnownValues::Periodic(pa, va), KnownValues::Periodic(pb, vb)) = (a, b) {
        // Both periods are the least ones with exact pre-periods: equal sequences have equal
        // periodicities, and then the first preperiod + period values decide.
        return (pa == pb && va == vb).then_some(GroupAgreement::Proven);
    }
    let heaps = match (a.known(), b.known()) {
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => unreachable!("two periodic sequences are compared above"),
    };
    (0..heaps).all(|n| a.get(n) == b.get(n)).then_some(GroupAgreement::UpTo { heaps })
}
