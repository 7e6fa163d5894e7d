//! What the pictures need to know about a map, in one plain shape: the renderer draws a
//! `Sheet`, and `from_map` fills one from a `grognard_board::Map`.

use grognard_board::{Barrier, HexId, Hexside};
use std::collections::BTreeMap;

/// The ground of one hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ground {
    Clear,
    Forest,
    Swamp,
    MudFlat,
    Hills,
    Desert,
    /// An all-sea or all-lake hex of the named body of water.
    Water {
        body: String,
        lake: bool,
    },
}

/// How a hexside is drawn: the map's water barrier, or a political border.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SideKind {
    Barrier(Barrier),
    Border,
}

/// One drawn hexside feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLine {
    pub side: Hexside,
    pub kind: SideKind,
}

/// A named place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub hex: Option<HexId>,
    pub name: String,
    pub vp: u32,
    pub town: bool,
    pub city: bool,
    pub port: bool,
    pub fortress: bool,
    pub ruins: bool,
}

/// An off-map holding box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffMapBox {
    pub id: String,
    pub name: String,
    pub entry: Vec<HexId>,
}

/// A named stretch of hexsides (a river, a canal) for its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedLine {
    pub name: String,
    pub kind: SideKind,
    pub sides: Vec<Hexside>,
}

/// A map as the renderer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    pub title: String,
    /// North lies to the right of the printed sheet (RSW): pictures are turned so it is up.
    pub north_right: bool,
    pub hexes: BTreeMap<HexId, Ground>,
    pub sides: Vec<SideLine>,
    pub named_lines: Vec<NamedLine>,
    pub roads: Vec<Vec<HexId>>,
    pub places: Vec<Place>,
    pub boxes: Vec<OffMapBox>,
}

impl Sheet {
    /// The water bodies with their hexes, by name.
    pub fn water_bodies(&self) -> BTreeMap<&str, (bool, Vec<HexId>)> {
        let mut out: BTreeMap<&str, (bool, Vec<HexId>)> = BTreeMap::new();
        for (hex, ground) in &self.hexes {
            if let Ground::Water { body, lake } = ground {
                out.entry(body.as_str()).or_insert((*lake, Vec::new())).1.push(*hex);
            }
        }
        out
    }

    /// Is the hex part of the map and land?
    pub fn is_land(&self, hex: HexId) -> bool {
        matches!(self.hexes.get(&hex), Some(g) if !matches!(g, Ground::Water { .. }))
    }
}
