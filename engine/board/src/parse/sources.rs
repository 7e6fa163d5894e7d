//! The `[sources]` section: supply source hexes of each side.

use super::hexes::HexReader;
use super::sections::{labelled, Line};
use crate::{HexId, MapError};
use std::collections::BTreeMap;

/// Reads `side: hexes` lines: side names are lower-case words, each once; at least one
/// distinct land hex per side.
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<BTreeMap<String, Vec<HexId>>, MapError> {
    let mut sources: BTreeMap<String, Vec<HexId>> = BTreeMap::new();
    for line in lines {
        let (side, list) = labelled(line, "side")?;
        if !side.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(line.error(format!("side `{side}` must be lower-case letters, digits or '-'")));
        }
        if sources.contains_key(side) {
            return Err(line.error(format!("side {side} has two [sources] lines")));
        }
        let list = hexes.land_list(line, list, &format!("sources of {side}"))?;
        sources.insert(side.to_string(), list);
    }
    Ok(sources)
}
