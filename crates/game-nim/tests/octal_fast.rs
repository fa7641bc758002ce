//! The fast rare/common kernel over narrow cells against the plain definition
//! ([`OctalGame::grundy_values_plain`], which shares no code with it): random codes and heap
//! ranges, codes whose values outgrow one byte (the table is widened), codes whose split takes
//! share a parity (the heap parity joins the mask), and the memory budget of the narrow table.

use game_nim::{CellWidth, Limits, MAX_NARROW_TABLE_HEAP, NimError, OctalGame, narrow_table_bytes};
use proptest::prelude::*;

fn octal(code: &str) -> OctalGame {
    code.parse().unwrap()
}

fn code_of(first: u8, digits: &[u8]) -> String {
    let mut code = format!("{first}.");
    for d in digits {
        code.push(char::from(b'0' + d));
    }
    code
}

/// Every method of the fast kernel on one code, against the definition.
fn check_all_methods(code: &str, up_to: usize) -> Result<(), TestCaseError> {
    let g = octal(code);
    let plain = g.grundy_values_plain(up_to).unwrap();
    prop_assert_eq!(&g.grundy_values_sparse(up_to).unwrap(), &plain, "{} sparse", code);
    prop_assert_eq!(&g.grundy_values(up_to).unwrap(), &plain, "{} with the period shortcut", code);
    let table = g.grundy_table_within(up_to as u64, &Limits::UNLIMITED).unwrap();
    prop_assert_eq!(table.len(), up_to + 1);
    prop_assert_eq!(&table.to_vec(), &plain, "{} narrow", code);
    let sparse_table = g.grundy_table_sparse_within(up_to as u64, &Limits::UNLIMITED).unwrap();
    prop_assert_eq!(&sparse_table, &table, "{} narrow without the shortcut", code);
    let largest = plain.iter().copied().max().unwrap_or(0);
    prop_assert_eq!(table.width(), CellWidth::for_value(largest), "{} width", code);
    for (n, &v) in plain.iter().enumerate() {
        prop_assert_eq!(table.get(n), Some(v));
    }
    prop_assert_eq!(table.get(up_to + 1), None);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random codes of up to 6 digits, random lengths past the first mask choices (64, 128, ...)
    /// and the first period checks (128, 256, ...).
    #[test]
    fn fast_equals_plain_on_random_codes(first in prop_oneof![Just(0u8), Just(4u8)],
                                         digits in proptest::collection::vec(0u8..8, 1..7),
                                         up_to in 0usize..1500) {
        check_all_methods(&code_of(first, &digits), up_to)?;
    }

    /// Codes that split only after odd takes or only after even takes: the parity selection.
    #[test]
    fn fast_equals_plain_when_split_takes_share_a_parity(
        odd in any::<bool>(),
        others in proptest::collection::vec(0u8..4, 1..6),
        up_to in 100usize..1500,
    ) {
        // Digits with the split bit (4) only at takes of one parity.
        let digits: Vec<u8> = others
            .iter()
            .enumerate()
            .map(|(i, &d)| if (i + 1) % 2 == odd as usize { d | 4 } else { d })
            .collect();
        check_all_methods(&code_of(0, &digits), up_to)?;
    }
}

/// Known hard cases: codes with rare heaps that never stop (0.07 without the shortcut), codes
/// without rare/common structure (0.76), codes with a split digit before the point, and 0.6.
#[test]
fn fast_equals_plain_on_chosen_codes() {
    for code in ["0.6", "0.16", "0.137", "0.07", "0.76", "4.07", "0.754", "0.165", "0.1346", "4.4"] {
        check_all_methods(code, 4000).unwrap();
    }
}

/// Values that do not fit one byte: the table is widened at the first such value, exactly, and
/// the result is the definition's.
#[test]
fn tables_widen_exactly_when_a_value_outgrows_its_cells() {
    let g = octal("0.6");
    let plain = g.grundy_values_plain(20_000).unwrap();
    let first_wide = plain.iter().position(|&v| v > 255).expect("0.6 passes 255 by heap 20 000");
    let narrow = g.grundy_table_within(first_wide as u64 - 1, &Limits::UNLIMITED).unwrap();
    assert_eq!(narrow.width(), CellWidth::U8);
    assert_eq!(narrow.to_vec(), plain[..first_wide]);
    let wide = g.grundy_table_within(first_wide as u64, &Limits::UNLIMITED).unwrap();
    assert_eq!(wide.width(), CellWidth::U16);
    assert_eq!(wide.to_vec(), plain[..=first_wide]);
    let bytes = wide.to_le_bytes();
    assert_eq!(bytes.len(), 2 * (first_wide + 1));
    assert_eq!(
        u16::from_le_bytes([bytes[2 * first_wide], bytes[2 * first_wide + 1]]) as u32,
        plain[first_wide]
    );
}

/// The memory of the narrow table is checked before it is allocated, with the stated figure.
#[test]
fn narrow_table_memory_is_stated_before_allocating() {
    let small = Limits { max_bytes: 1 << 20, max_steps: u128::MAX };
    let up_to = 10_000_000u64;
    match octal("0.6").grundy_table_within(up_to, &small) {
        Err(NimError::OverMemoryBudget { needed, budget, .. }) => {
            assert_eq!(needed, narrow_table_bytes(up_to, CellWidth::U8));
            assert_eq!(needed, 10_000_001 + (64 << 10));
            assert_eq!(budget, 1 << 20);
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    // 2^32 heaps: 4 GiB at one byte, 8 GiB at two (plus 64 KiB of first scratch).
    let last = (1u64 << 32) - 1;
    assert_eq!(narrow_table_bytes(last, CellWidth::U8), (4u128 << 30) + (64 << 10));
    assert_eq!(narrow_table_bytes(last, CellWidth::U16), (8u128 << 30) + (64 << 10));
    // Beyond 2^32 and up to the last heap accepted (2^40 - 1, a 1 TiB table), a table is
    // refused by its memory, stated before anything is allocated, not by its size; and with
    // and without the period shortcut alike.
    for up_to in [last, 1 << 32, 3 << 32, MAX_NARROW_TABLE_HEAP - 1] {
        for table in [OctalGame::grundy_table_within, OctalGame::grundy_table_sparse_within] {
            match table(&octal("0.6"), up_to, &small) {
                Err(NimError::OverMemoryBudget { needed, .. }) => {
                    assert_eq!(needed, narrow_table_bytes(up_to, CellWidth::U8))
                }
                other => panic!("{up_to}: expected a budget error, got {other:?}"),
            }
        }
    }
    assert_eq!(narrow_table_bytes(MAX_NARROW_TABLE_HEAP - 1, CellWidth::U8), (1u128 << 40) + (64 << 10));
    for table in [OctalGame::grundy_table_within, OctalGame::grundy_table_sparse_within] {
        assert_eq!(
            table(&octal("0.6"), MAX_NARROW_TABLE_HEAP, &Limits::UNLIMITED),
            Err(NimError::HeapTooLarge { size: MAX_NARROW_TABLE_HEAP, max: MAX_NARROW_TABLE_HEAP - 1 })
        );
    }
    // Widening is checked too: 0.6 passes 255 before heap 100 000, where its one-byte table of
    // 100 001 bytes fits 150 000 bytes but the two-byte copy beside it does not.
    let tight = Limits { max_bytes: 150_000 + (64 << 10), max_steps: u128::MAX };
    let plain = octal("0.6").grundy_values_plain(20_000).unwrap();
    assert!(plain.iter().any(|&v| v > 255), "0.6 passes 255 by heap 20 000");
    match octal("0.6").grundy_table_within(100_000, &tight) {
        Err(NimError::OverMemoryBudget { needed, .. }) => assert!(needed > 150_000, "{needed}"),
        other => panic!("expected a budget error on widening, got {other:?}"),
    }
}

/// The effort limit stops the narrow table too, with a typed error.
#[test]
fn narrow_table_effort_is_limited() {
    let limits = Limits { max_bytes: u128::MAX, max_steps: 1_000_000 };
    assert!(matches!(
        octal("0.76").grundy_table_within(1_000_000, &limits),
        Err(NimError::EffortExceeded { .. })
    ));
}
