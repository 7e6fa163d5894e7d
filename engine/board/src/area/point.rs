//! Drawing coordinates of an area map.

use std::fmt;

/// A point in the map's drawing coordinates: `x` grows to the right, `y` grows down, both in
/// the map's own units from its top-left corner (`0 <= x <= width`, `0 <= y <= height`).
/// Only pictures use points; no rule does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}
