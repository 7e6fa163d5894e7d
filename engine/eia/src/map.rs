//! The map of Europe in 1805 (`data/map.txt`, a reconstruction: see its header and
//! docs/DATA_FORMAT.md, "Area maps").

use grognard_board::{AreaMap, MapError};

/// The text of the built-in map file; its hash is part of every game's scenario data.
pub const MAP_TEXT: &str = include_str!("../data/map.txt");

/// The built-in map of Europe.
pub fn europe() -> Result<AreaMap, MapError> {
    AreaMap::parse(MAP_TEXT)
}
