//! What lies along a hexside: water barriers, borders, roads.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A water barrier along a hexside (9.12), or open sea between two land hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Barrier {
    River,
    Canal,
    Lake,
    Wadi,
    Channel,
    /// Open water between two land hexes: impassable on the ground.
    Sea,
}

impl Barrier {
    /// Every kind, in the order of the charts' rows.
    pub const ALL: [Barrier; 6] =
        [Barrier::River, Barrier::Canal, Barrier::Lake, Barrier::Wadi, Barrier::Channel, Barrier::Sea];

    /// The barrier named `word` in a map file's `[hexsides]` section.
    pub fn from_word(word: &str) -> Option<Barrier> {
        Some(match word {
            "river" => Barrier::River,
            "canal" => Barrier::Canal,
            "lake" => Barrier::Lake,
            "wadi" => Barrier::Wadi,
            "channel" => Barrier::Channel,
            "sea" => Barrier::Sea,
            _ => return None,
        })
    }

    /// The word a map file uses for this barrier.
    pub fn word(self) -> &'static str {
        match self {
            Barrier::River => "river",
            Barrier::Canal => "canal",
            Barrier::Lake => "lake",
            Barrier::Wadi => "wadi",
            Barrier::Channel => "channel",
            Barrier::Sea => "sea",
        }
    }
}

impl fmt::Display for Barrier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Everything known about one hexside.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexsideInfo {
    /// The water barrier along it, if any.
    pub barrier: Option<Barrier>,
    /// The name of the barrier's water, e.g. "Nile" (9.14, 9.16), if the map gives one.
    pub name: Option<String>,
    /// The name of the political border along it, if any (5.3, 12.6); empty if unnamed.
    pub border: Option<String>,
    /// Whether a road crosses it (9.19): the road negates the barrier's extra cost.
    pub road: bool,
}
