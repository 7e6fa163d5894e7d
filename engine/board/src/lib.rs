//! Boards for Grognard's rulesets: the printed hex grid, readable map files
//! (docs/DATA_FORMAT.md) and board views that pictures are drawn from.
//!
//! Pure: parsing works on strings handed in; nothing here reads files.

pub mod area;
mod error;
mod features;
mod hex;
mod hexside_info;
mod map;
mod map_serde;
mod parse;
mod terrain;
mod view;
mod view_area;

/// The lexical layer shared by the data files (maps, and a ruleset's cards, tables and
/// scenarios): `[section]` headers, `#` comments, blank lines, errors naming the line.
pub mod text {
    pub use crate::parse::sections::{labelled, split_named, Line, Section, Sections};
}

pub use area::AreaMap;
pub use error::MapError;
pub use features::{Locale, OffMapBox, Road};
pub use hex::{Dir, HexId, Hexside};
pub use hexside_info::{Barrier, HexsideInfo};
pub use map::Map;
pub use terrain::{North, Terrain, WaterBody, WaterId, WaterKind};
pub use view::{
    BoardView, DueUnit, Glyph, HiddenCounters, Highlight, LegendEntry, PieceLocation, PieceView, SideView, TurnView,
};
pub use view_area::{AreaBoardView, AreaBox, AreaHiddenCounters, AreaHighlight, AreaLocation, AreaPieceView};
