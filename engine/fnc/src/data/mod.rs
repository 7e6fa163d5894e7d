//! Readers of the game's data files (docs/DATA_FORMAT.md): the counter mix (`counters.txt`)
//! and the charts (`charts.txt`). The printed originals are not available, so the files are
//! reconstructions; these parsers are pure (text in, values out), use no floats and refuse a
//! file whole, naming the line, on any error.

pub mod builtin;
mod charts;
mod conditions;
mod cost;
mod counter;
mod counters;
mod crt;
mod error;
mod lines;
mod terrain;
mod turns;

pub use charts::Charts;
pub use conditions::{Condition, Conditional};
pub use cost::Cost;
pub use counter::{Counter, SetupCode, Size, UnitType};
pub use counters::{Counters, NATIONS, SIDES};
pub use crt::{Column, Crt, CrtResult, COLUMNS, DIE_FACES};
pub use error::DataError;
pub use terrain::{Barrier, BarrierKey, HexTerrain};
pub use turns::{Season, Turn};
