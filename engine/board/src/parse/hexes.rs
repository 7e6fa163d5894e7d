//! Reading hex numbers that must lie on the map (and usually on land).

use super::sections::Line;
use crate::{HexId, MapError, Terrain};
use std::collections::BTreeMap;

/// Reads hex tokens against the terrain already parsed.
pub(crate) struct HexReader<'t> {
    pub terrain: &'t BTreeMap<HexId, Terrain>,
}

impl HexReader<'_> {
    /// `token` as a hex that is part of the map; `what` names its use in errors.
    pub fn on_map(&self, line: &Line, token: &str, what: &str) -> Result<HexId, MapError> {
        let hex = HexId::parse(token).map_err(|m| line.error(format!("{what}: {m}")))?;
        if !self.terrain.contains_key(&hex) {
            return Err(line.error(format!("{what}: hex {hex} is not on the map")));
        }
        Ok(hex)
    }

    /// `token` as a land hex of the map.
    pub fn land(&self, line: &Line, token: &str, what: &str) -> Result<HexId, MapError> {
        let hex = self.on_map(line, token, what)?;
        match self.terrain.get(&hex) {
            Some(t) if t.is_land() => Ok(hex),
            _ => Err(line.error(format!("{what}: hex {hex} is all water, not land"))),
        }
    }

    /// Every whitespace-separated token of `text` as a distinct land hex, at least one.
    pub fn land_list(&self, line: &Line, text: &str, what: &str) -> Result<Vec<HexId>, MapError> {
        let mut hexes: Vec<HexId> = Vec::new();
        for token in text.split_whitespace() {
            let hex = self.land(line, token, what)?;
            if hexes.contains(&hex) {
                return Err(line.error(format!("{what}: hex {hex} is listed twice")));
            }
            hexes.push(hex);
        }
        if hexes.is_empty() {
            return Err(line.error(format!("{what}: no hexes listed")));
        }
        Ok(hexes)
    }
}
