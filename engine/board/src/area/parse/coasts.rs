//! The `[coasts]` section: which sea zones each land area touches.

use super::lists;
use super::sections::Line;
use crate::area::{LandArea, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

/// The coasts (area -> sea zones) and shores (sea zone -> areas), each with an entry for every
/// area and sea zone, lists ascending.
pub(crate) struct Coasts {
    pub coasts: BTreeMap<String, Vec<String>>,
    pub shores: BTreeMap<String, Vec<String>>,
}

/// Reads `area: sea zones` lines: a known land area once, at least one known sea zone, none
/// twice. An area without a line is inland.
pub(crate) fn parse(
    lines: &[Line],
    areas: &BTreeMap<String, LandArea>,
    seas: &BTreeMap<String, SeaZone>,
) -> Result<Coasts, MapError> {
    let mut coasts: BTreeMap<String, Vec<String>> = areas.keys().map(|a| (a.clone(), Vec::new())).collect();
    let mut shores: BTreeMap<String, Vec<String>> = seas.keys().map(|s| (s.clone(), Vec::new())).collect();
    for list in lists::read(lines, "area")? {
        let line = &list.line;
        let Some(touched) = coasts.get_mut(list.label) else {
            return Err(line.error(format!("unknown land area `{}`", list.label)));
        };
        if list.items.is_empty() {
            return Err(line.error(format!("area {} lists no sea zones: leave an inland area out", list.label)));
        }
        for sea in &list.items {
            let Some(shore) = shores.get_mut(*sea) else {
                return Err(line.error(format!("area {}: unknown sea zone `{sea}`", list.label)));
            };
            if touched.iter().any(|s| s == sea) {
                return Err(line.error(format!("area {}: sea zone {sea} is listed twice", list.label)));
            }
            touched.push(sea.to_string());
            shore.push(list.label.to_string());
        }
        touched.sort();
    }
    for shore in shores.values_mut() {
        shore.sort();
    }
    Ok(Coasts { coasts, shores })
}
