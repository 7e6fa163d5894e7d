//! What fills a hex: land terrain or a body of water.

use serde::{Deserialize, Serialize};

/// Index of a body of water in [`crate::Map::waters`], in the order the `[codes]` section
/// declares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct WaterId(pub u8);

/// Whether a body of water is open sea (fleets, amphibious movement: 10.0) or a lake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WaterKind {
    Sea,
    Lake,
}

/// A body of water: every hex whose terrain code is `code` (bodies need not be connected).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaterBody {
    /// The terrain code of its hexes (an upper-case letter or a digit).
    pub code: char,
    /// Its name, e.g. "Mediterranean".
    pub name: String,
    /// Sea or lake.
    pub kind: WaterKind,
}

/// The terrain of a hex on the map (9.11): a land type or an all-water hex of a body of water.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    Clear,
    Forest,
    Swamp,
    MudFlat,
    Hills,
    Desert,
    Water(WaterId),
}

impl Terrain {
    /// The land terrain written as `code` in a map file (`c f s m h d`), if it is one.
    pub fn land_from_code(code: char) -> Option<Terrain> {
        Some(match code {
            'c' => Terrain::Clear,
            'f' => Terrain::Forest,
            's' => Terrain::Swamp,
            'm' => Terrain::MudFlat,
            'h' => Terrain::Hills,
            'd' => Terrain::Desert,
            _ => return None,
        })
    }

    /// Whether this is land (anything but an all-water hex).
    pub fn is_land(self) -> bool {
        !matches!(self, Terrain::Water(_))
    }

    /// The body of water, for an all-water hex.
    pub fn water(self) -> Option<WaterId> {
        match self {
            Terrain::Water(w) => Some(w),
            _ => None,
        }
    }
}

/// Where north lies on the printed sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum North {
    /// North is at the top of the sheet (EC).
    Up,
    /// North is to the right of the sheet (RSW): pictures are drawn rotated.
    Right,
}
