//! The one byte encoding of a journal entry: JSON with object keys in ascending byte
//! order, no whitespace, integers only, and the string escapes of serde_json's compact
//! writer (`\"`, `\\`, `\b \f \n \r \t`, `\u00XX` with lowercase hex for the other
//! control characters below U+0020, every other character as raw UTF-8).
//! Anything else — re-ordered or duplicate keys, whitespace, other escapes, floats,
//! `-0`, a leading `+` — does not re-encode to the same bytes and is refused, so nobody can
//! produce a second valid encoding of a signed entry.

use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    #[error("not JSON: {0}")]
    Syntax(String),
    #[error("floating-point numbers are not allowed")]
    Float,
    #[error("not in canonical form (key order, whitespace or escapes differ)")]
    NotCanonical,
}

/// Encode a value canonically. Values built by this crate never hold floats.
pub fn encode(value: &Value) -> Vec<u8> {
    debug_assert!(!has_float(value), "journal values hold no floats");
    // serde_json's default Map is a BTreeMap, so keys come out sorted.
    serde_json::to_vec(value).expect("a JSON value always serializes")
}

/// Parse bytes that must be the canonical encoding of a JSON value.
pub fn decode(bytes: &[u8]) -> Result<Value, CanonicalError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| CanonicalError::Syntax(e.to_string()))?;
    if has_float(&value) {
        return Err(CanonicalError::Float);
    }
    if encode(&value) != bytes {
        return Err(CanonicalError::NotCanonical);
    }
    Ok(value)
}

fn has_float(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_f64(),
        Value::Array(items) => items.iter().any(has_float),
        Value::Object(map) => map.values().any(has_float),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_bytes_round_trip() {
        let bytes = br#"{"a":[1,-2,"x\"\\\n\u001f\u007f\u00e9"],"b":{"c":null,"d":true}}"#;
        // serde_json writes U+007F and U+00E9 raw, so the escaped forms are not canonical.
        assert_eq!(decode(bytes), Err(CanonicalError::NotCanonical));
        let ok = "{\"a\":[1,-2,\"x\\\"\\\\\\n\\u001f\u{7f}\u{e9}\"],\"b\":{\"c\":null,\"d\":true}}";
        assert!(decode(ok.as_bytes()).is_ok());
    }

    #[test]
    fn every_other_encoding_is_refused() {
        for bad in [
            &br#"{"b":1,"a":2}"#[..],
            br#"{"a": 2}"#,
            br#" {"a":2}"#,
            br#"{"a":2,"a":3}"#,
            br#"{"a":1.0}"#,
            br#"{"a":-0}"#,
            br#"{"a":1e2}"#,
            br#"{"a":"\u0041"}"#,
            br#"{"a":"\/"}"#,
        ] {
            assert!(decode(bad).is_err(), "{} accepted", String::from_utf8_lossy(bad));
        }
        assert_eq!(decode(br#"{"a":1.5}"#), Err(CanonicalError::Float));
    }
}
