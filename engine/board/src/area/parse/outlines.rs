//! The `[outlines]` section: optional polygons of areas and sea zones, for drawing.

use super::header::Header;
use super::lists;
use super::sections::Line;
use super::words::point;
use crate::area::{LandArea, Point, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

/// Reads `id: x,y x,y x,y ...` lines: a known area or sea zone, once, with at least three
/// points inside the drawing extent.
pub(crate) fn parse(
    lines: &[Line],
    areas: &BTreeMap<String, LandArea>,
    seas: &BTreeMap<String, SeaZone>,
    header: &Header,
) -> Result<BTreeMap<String, Vec<Point>>, MapError> {
    let mut outlines: BTreeMap<String, Vec<Point>> = BTreeMap::new();
    for list in lists::read(lines, "area or sea zone")? {
        let (line, id) = (&list.line, list.label);
        if !areas.contains_key(id) && !seas.contains_key(id) {
            return Err(line.error(format!("outline of unknown area or sea zone `{id}`")));
        }
        let mut points: Vec<Point> = Vec::with_capacity(list.items.len());
        for item in &list.items {
            let (x, y) = item
                .split_once(',')
                .ok_or_else(|| line.error(format!("outline of {id}: `{item}` is not a point x,y")))?;
            points.push(point(line, x, y, header.extent(), &format!("outline of {id}"))?);
        }
        if points.len() < 3 {
            return Err(line.error(format!("outline of {id} has {} point(s): at least 3", points.len())));
        }
        outlines.insert(id.to_string(), points);
    }
    Ok(outlines)
}
