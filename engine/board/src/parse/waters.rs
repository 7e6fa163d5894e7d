//! The `[codes]` section: the bodies of water and the terrain codes of their hexes.

use super::sections::Line;
use crate::{MapError, WaterBody, WaterKind};

/// Reads `X = sea Name` / `X = lake Name` lines; codes are upper-case letters or digits,
/// each code and each name declared once.
pub(crate) fn parse(lines: &[Line]) -> Result<Vec<WaterBody>, MapError> {
    let mut bodies: Vec<WaterBody> = Vec::new();
    for line in lines {
        let (code, rest) =
            line.text.split_once('=').ok_or_else(|| line.error("expected `X = sea Name` or `X = lake Name`"))?;
        let code = code.trim();
        let mut chars = code.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(line.error(format!("water code `{code}` must be one character")));
        };
        if !(c.is_ascii_uppercase() || c.is_ascii_digit()) {
            return Err(line.error(format!("water code `{c}` must be an upper-case letter or a digit")));
        }
        let rest = rest.trim();
        let (kind, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let kind = match kind {
            "sea" => WaterKind::Sea,
            "lake" => WaterKind::Lake,
            other => return Err(line.error(format!("water kind must be `sea` or `lake`, not `{other}`"))),
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(line.error(format!("water code `{c}` has no name")));
        }
        if bodies.iter().any(|b| b.code == c) {
            return Err(line.error(format!("water code `{c}` is declared twice")));
        }
        if bodies.iter().any(|b| b.name == name) {
            return Err(line.error(format!("two bodies of water are named `{name}`")));
        }
        if bodies.len() > u8::MAX as usize {
            return Err(line.error("too many bodies of water"));
        }
        bodies.push(WaterBody { code: c, name: name.to_string(), kind });
    }
    Ok(bodies)
}
