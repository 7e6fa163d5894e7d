//! The `[sea-links]` section: which sea zones border each other.

use super::lists;
use super::sections::Line;
use crate::area::{LandArea, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

/// Reads `sea: sea zones` lines: known sea zones, none linked to itself or listed twice, and
/// every link listed from both sides. Returns the links of every sea zone, ascending.
pub(crate) fn parse(
    lines: &[Line],
    seas: &BTreeMap<String, SeaZone>,
    areas: &BTreeMap<String, LandArea>,
) -> Result<BTreeMap<String, Vec<String>>, MapError> {
    let mut links: BTreeMap<String, Vec<String>> = seas.keys().map(|s| (s.clone(), Vec::new())).collect();
    let mut at: BTreeMap<&str, Line> = BTreeMap::new();
    for list in lists::read(lines, "sea zone")? {
        let (line, sea) = (list.line, list.label);
        if !seas.contains_key(sea) {
            let hint = if areas.contains_key(sea) { " (it is a land area: see [land])" } else { "" };
            return Err(line.error(format!("unknown sea zone `{sea}`{hint}")));
        }
        let mut found: Vec<String> = Vec::new();
        for other in &list.items {
            if !seas.contains_key(*other) {
                return Err(line.error(format!("sea zone {sea}: unknown sea zone `{other}`")));
            }
            if *other == sea {
                return Err(line.error(format!("sea zone {sea} is listed as linked to itself")));
            }
            if found.iter().any(|f| f == other) {
                return Err(line.error(format!("sea zone {sea}: {other} is listed twice")));
            }
            found.push(other.to_string());
        }
        found.sort();
        at.insert(sea, line);
        links.insert(sea.to_string(), found);
    }
    for (sea, line) in &at {
        for other in links.get(*sea).map(Vec::as_slice).unwrap_or(&[]) {
            if !links.get(other).is_some_and(|back| back.iter().any(|b| b == sea)) {
                return Err(line.error(format!(
                    "sea zone {sea} lists {other}, but {other}'s line in [sea-links] does not list {sea}"
                )));
            }
        }
    }
    Ok(links)
}
