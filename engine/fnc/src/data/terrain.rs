//! Terrain names used by the charts: the natural terrain of a hex and the water barriers on
//! hexsides (9.9), with the names of docs/DATA_FORMAT.md and the map files.

use grognard_board::{HexId, Map, Terrain, WaterKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What fills a hex: one natural land terrain (9.8), or open water (an all-lake or all-sea hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HexTerrain {
    Clear,
    Forest,
    Swamp,
    /// Mud flat (map code `m`).
    Mud,
    Hills,
    Desert,
    /// An all-lake hex (frozen and crossable in the RSW winter turn, 9.18).
    Lake,
    /// An all-sea hex.
    Sea,
}

impl HexTerrain {
    /// Every kind, land first.
    pub const ALL: [HexTerrain; 8] = [
        HexTerrain::Clear,
        HexTerrain::Forest,
        HexTerrain::Swamp,
        HexTerrain::Mud,
        HexTerrain::Hills,
        HexTerrain::Desert,
        HexTerrain::Lake,
        HexTerrain::Sea,
    ];

    /// The word used in the charts.
    pub fn name(self) -> &'static str {
        match self {
            HexTerrain::Clear => "clear",
            HexTerrain::Forest => "forest",
            HexTerrain::Swamp => "swamp",
            HexTerrain::Mud => "mud",
            HexTerrain::Hills => "hills",
            HexTerrain::Desert => "desert",
            HexTerrain::Lake => "lake",
            HexTerrain::Sea => "sea",
        }
    }

    /// The terrain written `word`, if any.
    pub fn from_name(word: &str) -> Option<HexTerrain> {
        HexTerrain::ALL.into_iter().find(|t| t.name() == word)
    }

    /// The chart terrain of `hex` on `map` (`None` off the map): its land terrain, or lake or
    /// sea for an all-water hex by the kind of its body of water.
    pub fn of_hex(map: &Map, hex: HexId) -> Option<HexTerrain> {
        Some(match map.terrain(hex)? {
            Terrain::Clear => HexTerrain::Clear,
            Terrain::Forest => HexTerrain::Forest,
            Terrain::Swamp => HexTerrain::Swamp,
            Terrain::MudFlat => HexTerrain::Mud,
            Terrain::Hills => HexTerrain::Hills,
            Terrain::Desert => HexTerrain::Desert,
            Terrain::Water(w) => match map.water(w).kind {
                WaterKind::Sea => HexTerrain::Sea,
                WaterKind::Lake => HexTerrain::Lake,
            },
        })
    }
}

impl fmt::Display for HexTerrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A barrier on a hexside between two land hexes (9.12; `sea` is impassable open water): the
/// map's own kind, whose words the charts use too.
pub use grognard_board::Barrier;

/// A chart row for a barrier kind, or for one named barrier of that kind (`river:Nile`),
/// which takes precedence over the kind's row.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BarrierKey {
    /// The kind of barrier.
    pub barrier: Barrier,
    /// The map's name of one barrier (`Nile`), or `None` for every barrier of the kind.
    pub name: Option<String>,
}

impl BarrierKey {
    /// Parses `kind` or `kind:Name`.
    pub fn parse(word: &str) -> Result<BarrierKey, String> {
        let (kind, name) = match word.split_once(':') {
            Some((k, n)) if !n.is_empty() => (k, Some(n.to_string())),
            Some(_) => return Err(format!("`{word}`: a name must follow the `:`")),
            None => (word, None),
        };
        let barrier = Barrier::from_word(kind).ok_or_else(|| {
            format!("unknown hexside kind `{kind}` (expected river, canal, lake, wadi, channel or sea)")
        })?;
        Ok(BarrierKey { barrier, name })
    }
}

impl fmt::Display for BarrierKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{}:{name}", self.barrier),
            None => write!(f, "{}", self.barrier),
        }
    }
}
