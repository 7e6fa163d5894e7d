//! Land areas, their cities and ports.

use crate::area::{AreaTerrain, Point};

/// A land area: the unit of land movement (7.3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandArea {
    pub id: String,
    pub name: String,
    /// The province (or minor country district) it belongs to.
    pub province: String,
    /// The nation of that province (derived, for convenience).
    pub nation: String,
    pub terrain: AreaTerrain,
    /// The forage value printed in the area (7.4.1.1): foraging dice above it cost factors.
    pub forage: u8,
    /// Inside the winter zone (7.4.1.2.4, 7.4.2.1.3, 9.2).
    pub winter: bool,
    /// Marked as an island: it may lie outside the main land graph (islands and island
    /// groups reached only by sea, or by a sea crossing arrow).
    pub island: bool,
    /// Where its label is drawn.
    pub label: Point,
}

/// The city of an area (at most one per area).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    /// The area the city stands in.
    pub area: String,
    pub name: String,
    /// Supply value: the spires of its map picture (7.4.5).
    pub supply: u8,
    /// A historical fortress. No rule of the Empires in Arms text reads this: it is there for
    /// pictures and for rulesets that use fortresses.
    pub fortress: bool,
}

impl City {
    /// The most army factors the city can hold as a garrison: five times its supply value
    /// (7.3.3.4).
    pub fn garrison_capacity(&self) -> u16 {
        u16::from(self.supply) * 5
    }
}

/// A port: a city whose blockade box opens on one or more sea zones (6.2.1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// The area of the port city.
    pub area: String,
    /// Harbour defence value printed in the blockade box, fought as that many ships (6.3.3.3).
    pub harbour: u8,
    /// The sea zones touching its blockade box, ascending.
    pub seas: Vec<String>,
}
