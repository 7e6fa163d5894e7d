//! Boards for Grognard's rulesets: the printed hex grid, readable map files
//! (docs/DATA_FORMAT.md) and board views that pictures are drawn from.
//!
//! Pure: parsing works on strings handed in; nothing here reads files.

mod hex;

pub use hex::{Dir, HexId, Hexside};
