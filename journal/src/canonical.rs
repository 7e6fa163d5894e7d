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
    #[error("arrays and objects nested {0} deep; the limit is {MAX_JSON_DEPTH}")]
    TooDeep(usize),
}

/// The deepest nesting of arrays and objects a journal value may have (PROTOCOL.md section
/// 10). Entries need fewer than ten levels; the limit is checked on the bytes before they are
/// parsed, so a crafted record cannot make a reader recurse without end.
pub const MAX_JSON_DEPTH: usize = 32;

/// The deepest nesting of arrays and objects in `bytes` (outside strings), counting as far
/// as one past the limit.
fn nesting(bytes: &[u8]) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in bytes {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
                if deepest > MAX_JSON_DEPTH {
                    break;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Encode a value canonically. Values built by this crate never hold floats.
pub fn encode(value: &Value) -> Vec<u8> {
    debug_assert!(!has_float(value), "journal values hold no floats");
    // serde_json's default Map is a BTreeMap, so keys come out sorted.
    serde_json::to_vec(value).expect("a JSON value always serializes")
}

/// Parse bytes that must be the canonical encoding of a JSON value.
pub fn decode(bytes: &[u8]) -> Result<Value, CanonicalError> {
    let deepest = nesting(bytes);
    if deepest > MAX_JSON_DEPTH {
        return Err(CanonicalError::TooDeep(deepest));
    }
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
    fn nesting_is_refused_one_level_past_the_limit_before_parsing() {
        let nested = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        assert!(decode(nested(MAX_JSON_DEPTH).as_bytes()).is_ok());
        assert_eq!(decode(nested(MAX_JSON_DEPTH + 1).as_bytes()), Err(CanonicalError::TooDeep(MAX_JSON_DEPTH + 1)));
        // Brackets inside strings, escaped quotes included, are not nesting.
        let text = format!(r#"{{"a":"{}\"{}"}}"#, "[".repeat(100), "{".repeat(100));
        assert!(decode(text.as_bytes()).is_ok());
        // A flood of openings stops the count at once: no parser ever sees it.
        let flood = "[".repeat(1_000_000);
        assert_eq!(decode(flood.as_bytes()), Err(CanonicalError::TooDeep(MAX_JSON_DEPTH + 1)));
    }

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
