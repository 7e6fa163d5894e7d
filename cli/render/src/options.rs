//! What a picture shows and how big it is.

use grognard_board::HexId;

/// Choices for one picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Only the hexes within `radius` of a hex (a close-up), or `None` for the whole map.
    pub around: Option<(HexId, u32)>,
    /// Draw the view's highlights: last moves as arrows, battles with their results.
    pub highlights: bool,
    /// Print each hex's number in it.
    pub hex_numbers: bool,
    /// Size multiplier: 1.0 draws hexes 64 pixels wide (corner to corner).
    pub scale: f64,
    /// Print each counter's unit id (as commands name it) instead of its label.
    pub ids: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { around: None, highlights: true, hex_numbers: true, scale: 1.0, ids: false }
    }
}

/// Hex radius (centre to corner) in pixels at scale 1.
pub const BASE_RADIUS: f64 = 32.0;
