//! Readers of Empires in Arms' data files in `engine/eia/data/` (docs/DATA_FORMAT.md): the
//! national cards, the leaders, the charts of the game card and the scenarios. The printed
//! originals are not available, so every file is a reconstruction with a header saying how it
//! was made; the parsers are pure (text in, values out), use no floats and refuse a file whole,
//! naming the line, on any error. The lexical layer is the map format's
//! ([`grognard_board::text`]).

pub mod campaign;
pub mod cards;
pub mod combinations;
pub mod economy;
#[cfg(test)]
mod edited;
pub mod irregulars;
pub mod leaders;
pub mod peace;
pub mod politics;
pub mod rules;
pub mod scenario;
pub mod tables;
