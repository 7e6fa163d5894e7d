//! The layers of a picture of an area map, each drawn by its own module.

pub mod boxes;
pub mod header;
pub mod highlights;
pub mod key;
pub mod land;
pub mod lines;
pub mod markers;
pub mod names;
pub mod places;
pub mod seas;
pub mod stacks;

use super::geometry::Polygon;
use super::layout::AreaPicture;
use crate::num::N;
use std::fmt::Write;

/// The outline of a polygon of the map as SVG path data in the picture (empty for a polygon
/// without area).
pub fn path_of(p: &AreaPicture, polygon: &Polygon) -> String {
    let mut d = String::new();
    if polygon.is_empty() {
        return d;
    }
    for (k, point) in polygon.points.iter().enumerate() {
        let (x, y) = p.px(*point);
        let _ = write!(d, "{}{} {}", if k == 0 { "M" } else { "L" }, N(x), N(y));
    }
    d.push('Z');
    d
}
