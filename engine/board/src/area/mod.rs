//! Area maps: the map of a game played on areas rather than hexes (Empires in Arms).
//!
//! An [`AreaMap`] holds nations and their provinces, land areas (terrain, forage value,
//! province, city, port), sea zones, and the three graphs the rules walk: land borders
//! between areas (with their crossing: none, river, or a sea crossing arrow), coasts (which
//! land area touches which sea zone) and links between sea zones. Every area and sea zone
//! also has a label point, and may have an outline, for drawing.
//!
//! Built only by [`AreaMap::parse`] from the text of an area map file (docs/DATA_FORMAT.md,
//! "Area maps"), which checks everything and names the line of any error. Pure: nothing here
//! reads files, and every collection is ordered (ids ascending), so every query is
//! deterministic. Nothing a rule uses is a float: drawing points are integers.

mod crossing;
mod ids;
mod land;
mod model;
mod nation;
mod parse;
mod point;
mod reach;
mod sea;
mod serde_text;
mod terrain;

pub use crossing::{Border, Crossing};
pub use land::{City, LandArea, Port};
pub use model::AreaMap;
pub use nation::{Nation, NationKind, Province, ProvinceKind};
pub use point::Point;
pub use reach::{Reach, Straits};
pub use sea::SeaZone;
pub use terrain::AreaTerrain;
