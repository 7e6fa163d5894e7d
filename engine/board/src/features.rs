//! Man-made and off-map features of a map: roads, locales, holding boxes.

use crate::HexId;
use serde::{Deserialize, Serialize};

/// A road: the hexes it runs through, in order; consecutive hexes are adjacent (9.19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Road {
    /// Its name in the map file, e.g. "Alexandria-Rosetta".
    pub name: String,
    /// The hexes, in the order the road runs.
    pub hexes: Vec<HexId>,
}

/// A town, city, port, fortress or ruin (9.11), with the victory points its control is worth
/// (14.2, 15.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Locale {
    pub hex: HexId,
    pub name: String,
    /// Control value printed in the locale symbol.
    pub vp: u8,
    pub town: bool,
    pub city: bool,
    pub port: bool,
    pub fortress: bool,
    pub ruins: bool,
}

/// An off-map holding box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OffMapBox {
    /// Stable identifier, e.g. "anatolia".
    pub id: String,
    /// Display name, e.g. "Anatolian staging area".
    pub name: String,
    /// The box counts as a port.
    pub port: bool,
    /// Units in the box are in supply.
    pub supply: bool,
    /// Riverine gunboats may arrive through it.
    pub river: bool,
    /// Map-edge hexes through which ground units enter the map from the box.
    pub entry: Vec<HexId>,
}
