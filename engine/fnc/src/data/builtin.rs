//! The data files shipped with the crate, compiled in so that loading them needs no I/O.

use super::{Charts, Counters, DataError};

/// `data/ec/counters.txt`: The Egyptian Campaign's counter mix.
pub const EC_COUNTERS: &str = include_str!("../../data/ec/counters.txt");
/// `data/ec/charts.txt`: The Egyptian Campaign's charts.
pub const EC_CHARTS: &str = include_str!("../../data/ec/charts.txt");
/// `data/rsw/counters.txt`: The Russo-Swedish War's counter mix.
pub const RSW_COUNTERS: &str = include_str!("../../data/rsw/counters.txt");
/// `data/rsw/charts.txt`: The Russo-Swedish War's charts.
pub const RSW_CHARTS: &str = include_str!("../../data/rsw/charts.txt");

/// The Egyptian Campaign's counters, parsed.
pub fn ec_counters() -> Result<Counters, DataError> {
    Counters::parse(EC_COUNTERS).map_err(|e| e.in_file("ec/counters.txt"))
}

/// The Egyptian Campaign's charts, parsed.
pub fn ec_charts() -> Result<Charts, DataError> {
    Charts::parse(EC_CHARTS).map_err(|e| e.in_file("ec/charts.txt"))
}

/// The Russo-Swedish War's counters, parsed.
pub fn rsw_counters() -> Result<Counters, DataError> {
    Counters::parse(RSW_COUNTERS).map_err(|e| e.in_file("rsw/counters.txt"))
}

/// The Russo-Swedish War's charts, parsed.
pub fn rsw_charts() -> Result<Charts, DataError> {
    Charts::parse(RSW_CHARTS).map_err(|e| e.in_file("rsw/charts.txt"))
}
