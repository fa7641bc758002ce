//! JSON records that carry a digest of their own content, so that a file read back is the file
//! written: [`seal`] appends a field `"sha256"` (the SHA-256, in hex, of the record's compact
//! JSON) to the record's JSON, and [`open`] refuses a text whose digest is absent or does not
//! match the record it holds.
//!
//! The digest covers the *canonical content*: the record as it is read (deserialised into its
//! type, then serialised compactly in the type's field order), not the bytes of the file. A file
//! reindented or with its fields reordered reads the same; any changed value (a digit, a name, a
//! field added that the type reads or one removed) changes the canonical content and is
//! refused. That needs `parse(print(x)) == x` for every value, floats included: the workspace
//! builds serde_json with `float_roundtrip` for it (without it a parsed `f64` can be one unit in
//! the last place off, and a good file would fail).
//!
//! The digest is appended to the text serde_json writes rather than added as a field of the
//! type, so that a record keeps its field order in the file (serde_json's `Value` sorts keys)
//! and the types carry no field that is not theirs. SHA-256 (sha2) is what the search table
//! files and the misère quotient files use: like them, it finds damage, and an edit made
//! without recomputing the digest.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use thiserror::Error;

/// The name of the field that holds the digest.
pub const DIGEST_FIELD: &str = "sha256";

/// Why a text is not a sealed record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SealError {
    /// Not a JSON object.
    #[error("not a JSON object: {reason}")]
    NotJson {
        /// What the JSON parser said.
        reason: String,
    },
    /// A JSON object without the digest: a file written before its format carried one.
    #[error(
        "no \"sha256\" field: written before these files carried a digest of their content, so damage in it cannot be found"
    )]
    NoDigest,
    /// The digest field is not a string of 64 hexadecimal digits.
    #[error("the \"sha256\" field is not 64 hexadecimal digits")]
    BadDigest,
    /// The fields are not those of the record.
    #[error("{reason}")]
    Fields {
        /// What the deserialiser said.
        reason: String,
    },
    /// The digest differs from the content's.
    #[error(
        "the content does not match its sha256 digest: the file was damaged or changed after it was written"
    )]
    Mismatch,
}

/// The SHA-256, in lowercase hex, of `record`'s compact JSON.
fn digest_of<T: Serialize>(record: &T) -> String {
    // Records of plain fields serialise; a record that cannot is a bug of its type.
    let canonical = serde_json::to_string(record).expect("a record serialises to JSON");
    Sha256::digest(canonical.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// `record`'s JSON (pretty-printed when `pretty`, else on one line) with the field
/// [`DIGEST_FIELD`] last, the SHA-256 of its canonical content. `record` must serialise as a
/// JSON object (a struct with named fields).
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Shard { index: u32, value: Option<u32> }
/// let text = game_core::sealed_json::seal(&Shard { index: 3, value: Some(7) }, false);
/// assert!(text.starts_with(r#"{"index":3,"value":7,"sha256":""#));
/// let read: Shard = game_core::sealed_json::open(&text)?;
/// assert_eq!(read, Shard { index: 3, value: Some(7) });
/// assert!(game_core::sealed_json::open::<Shard>(&text.replace(":7", ":8")).is_err());
/// # Ok::<(), game_core::sealed_json::SealError>(())
/// ```
///
/// # Panics
/// When `record` does not serialise to a JSON object: a bug of its type, not of any input.
pub fn seal<T: Serialize>(record: &T, pretty: bool) -> String {
    let text = if pretty { serde_json::to_string_pretty(record) } else { serde_json::to_string(record) }
        .expect("a record serialises to JSON");
    let body = text.strip_suffix('}').expect("a record serialises to a JSON object");
    let digest = digest_of(record);
    match (pretty, body.trim_end() == "{") {
        (true, true) => format!("{{\n  \"{DIGEST_FIELD}\": \"{digest}\"\n}}"),
        (true, false) => format!("{},\n  \"{DIGEST_FIELD}\": \"{digest}\"\n}}", body.trim_end()),
        (false, true) => format!("{{\"{DIGEST_FIELD}\":\"{digest}\"}}"),
        (false, false) => format!("{body},\"{DIGEST_FIELD}\":\"{digest}\"}}"),
    }
}

/// The record sealed in `text` by [`seal`], once its digest matches its canonical content.
///
/// # Errors
/// [`SealError::NotJson`] for text that is not one JSON object, [`SealError::Fields`] when its
/// fields (but the digest) are not the record's, [`SealError::NoDigest`] for a record without
/// [`DIGEST_FIELD`], [`SealError::BadDigest`] when that field is not 64 hex digits, and
/// [`SealError::Mismatch`] when the digest is not the content's.
pub fn open<T: Serialize + DeserializeOwned>(text: &str) -> Result<T, SealError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| SealError::NotJson { reason: e.to_string() })?;
    let serde_json::Value::Object(mut fields) = value else {
        return Err(SealError::NotJson { reason: "not an object".into() });
    };
    let digest = fields.remove(DIGEST_FIELD);
    // The fields first: a text that is no record at all is told so, whether or not it has a
    // digest; only a record without one is a file of the format before digests.
    let record: T = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| SealError::Fields { reason: e.to_string() })?;
    let digest = match digest {
        None => return Err(SealError::NoDigest),
        Some(serde_json::Value::String(digest)) => digest,
        Some(_) => return Err(SealError::BadDigest),
    };
    if digest.len() != 64 || !digest.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(SealError::BadDigest);
    }
    if digest_of(&record) != digest {
        return Err(SealError::Mismatch);
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Record {
        name: String,
        values: Vec<Option<u32>>,
        seconds: f64,
    }

    fn record() -> Record {
        Record { name: "cram 5 x 11".into(), values: vec![Some(3), None, Some(0)], seconds: 57.657752072 }
    }

    #[test]
    fn a_sealed_record_reads_back_in_both_layouts() {
        for pretty in [false, true] {
            let text = seal(&record(), pretty);
            assert_eq!(open::<Record>(&text), Ok(record()));
            assert_eq!(text.contains('\n'), pretty);
            assert!(text.ends_with('}'));
        }
    }

    #[test]
    fn floats_read_back_exactly_so_good_files_pass() {
        // Values whose nearest-double parse needs correct rounding (float_roundtrip).
        for seconds in [0.1, 2.0 / 3.0, 1e-300, 57.639509971, 123_456.789_012_345_67, f64::MAX] {
            let r = Record { seconds, ..record() };
            assert_eq!(open::<Record>(&seal(&r, true)), Ok(r));
        }
    }

    #[test]
    fn a_changed_value_or_field_is_refused() {
        let text = seal(&record(), false);
        for (from, to) in
            [("[3,", "[4,"), ("null", "1"), ("5 x 11", "5 x 12"), ("57.6", "57.7"), (",0]", "]")]
        {
            let edited = text.replacen(from, to, 1);
            assert_ne!(edited, text);
            assert_eq!(open::<Record>(&edited), Err(SealError::Mismatch), "{from} -> {to}");
        }
        // The digest itself changed: one hex digit.
        let at = text.find(DIGEST_FIELD).unwrap() + DIGEST_FIELD.len() + 3;
        let mut edited = text.clone().into_bytes();
        edited[at] = if edited[at] == b'0' { b'1' } else { b'0' };
        assert_eq!(open::<Record>(&String::from_utf8(edited).unwrap()), Err(SealError::Mismatch));
    }

    #[test]
    fn layout_changes_that_keep_the_content_are_read() {
        let text = seal(&record(), false);
        let spaced = text.replace(',', " ,\n ");
        assert_eq!(open::<Record>(&spaced), Ok(record()));
    }

    #[test]
    fn unsealed_and_malformed_texts_are_refused_by_kind() {
        let plain = serde_json::to_string(&record()).unwrap();
        assert_eq!(open::<Record>(&plain), Err(SealError::NoDigest));
        assert!(matches!(open::<Record>("[1]"), Err(SealError::NotJson { .. })));
        assert!(matches!(open::<Record>("{\"name\""), Err(SealError::NotJson { .. })));
        let short = plain.replacen('{', "{\"sha256\":\"abc\",", 1);
        assert_eq!(open::<Record>(&short), Err(SealError::BadDigest));
        let number = plain.replacen('{', "{\"sha256\":7,", 1);
        assert_eq!(open::<Record>(&number), Err(SealError::BadDigest));
        let missing_field = seal(&record(), false).replacen("\"seconds\":57.657752072,", "", 1);
        assert!(matches!(open::<Record>(&missing_field), Err(SealError::Fields { .. })));
        // Not a record, with or without a digest: told as such, not as an old file.
        assert!(matches!(open::<Record>("{\"name\": 1}"), Err(SealError::Fields { .. })));
    }

    #[test]
    fn an_empty_record_seals_too() {
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct Empty {}
        for pretty in [false, true] {
            assert_eq!(open::<Empty>(&seal(&Empty {}, pretty)), Ok(Empty {}));
        }
    }
}
