//! The `[land]` section: the land borders of each area, with their crossings.

use super::lists;
use super::sections::Line;
use crate::area::{Border, Crossing, LandArea, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

/// Reads `area: neighbours` lines. A neighbour is written `id` (ordinary border), `id~` (a
/// river), `id=sea` (a sea crossing arrow across sea zone `sea`) or `id=sea?` (an optional
/// arrow, 12.2.1). Checks: known areas, none adjacent to itself, none listed twice, the sea
/// of an arrow touched by both areas, and every border listed from both sides with the same
/// crossing. Returns the borders of every area, sorted by neighbour.
pub(crate) fn parse(
    lines: &[Line],
    areas: &BTreeMap<String, LandArea>,
    seas: &BTreeMap<String, SeaZone>,
    coasts: &BTreeMap<String, Vec<String>>,
) -> Result<BTreeMap<String, Vec<Border>>, MapError> {
    let mut borders: BTreeMap<String, Vec<Border>> = areas.keys().map(|a| (a.clone(), Vec::new())).collect();
    let mut at: BTreeMap<&str, Line> = BTreeMap::new();
    for list in lists::read(lines, "area")? {
        let line = list.line;
        let area = list.label;
        if !areas.contains_key(area) {
            let hint = if seas.contains_key(area) { " (it is a sea zone: see [sea-links])" } else { "" };
            return Err(line.error(format!("unknown land area `{area}`{hint}")));
        }
        let mut found: Vec<Border> = Vec::new();
        for item in &list.items {
            let border = border(&line, area, item, areas, seas, coasts)?;
            if found.iter().any(|b| b.to == border.to) {
                return Err(line.error(format!("area {area}: neighbour {} is listed twice", border.to)));
            }
            found.push(border);
        }
        found.sort();
        at.insert(area, line);
        borders.insert(area.to_string(), found);
    }
    symmetric(&borders, &at)?;
    Ok(borders)
}

/// One neighbour token of `area`'s line.
fn border(
    line: &Line,
    area: &str,
    item: &str,
    areas: &BTreeMap<String, LandArea>,
    seas: &BTreeMap<String, SeaZone>,
    coasts: &BTreeMap<String, Vec<String>>,
) -> Result<Border, MapError> {
    let (to, crossing) = if let Some(to) = item.strip_suffix('~') {
        (to, Crossing::River)
    } else if let Some((to, sea)) = item.split_once('=') {
        let (sea, optional) = match sea.strip_suffix('?') {
            Some(sea) => (sea, true),
            None => (sea, false),
        };
        if !seas.contains_key(sea) {
            return Err(line.error(format!("area {area}: the arrow to {to} crosses unknown sea zone `{sea}`")));
        }
        for end in [area, to] {
            let touches = coasts.get(end).is_some_and(|c| c.iter().any(|s| s == sea));
            if areas.contains_key(end) && !touches {
                return Err(line.error(format!(
                    "area {area}: the arrow to {to} crosses {sea}, which area {end} does not touch: add it to [coasts] (7.3.1.3.3)"
                )));
            }
        }
        (to, Crossing::Strait { sea: sea.to_string(), optional })
    } else {
        (item, Crossing::None)
    };
    if !areas.contains_key(to) {
        let hint = if seas.contains_key(to) { " (it is a sea zone: see [coasts])" } else { "" };
        return Err(line.error(format!("area {area}: unknown neighbour `{to}`{hint}")));
    }
    if to == area {
        return Err(line.error(format!("area {area} is listed as its own neighbour")));
    }
    Ok(Border { to: to.to_string(), crossing })
}

/// Every border listed from both sides, with the same crossing.
fn symmetric(borders: &BTreeMap<String, Vec<Border>>, at: &BTreeMap<&str, Line>) -> Result<(), MapError> {
    for (area, line) in at {
        for border in borders.get(*area).map(Vec::as_slice).unwrap_or(&[]) {
            let back = borders.get(&border.to).and_then(|list| list.iter().find(|b| b.to == *area));
            match back {
                None => {
                    return Err(line.error(format!(
                        "area {area} lists {to} as a neighbour, but {to}'s line in [land] does not list {area}",
                        to = border.to
                    )));
                }
                Some(back) if back.crossing != border.crossing => {
                    return Err(line.error(format!(
                        "the border {area}/{to} is {} here but {} on {to}'s line",
                        describe(&border.crossing),
                        describe(&back.crossing),
                        to = border.to
                    )));
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

fn describe(crossing: &Crossing) -> String {
    match crossing {
        Crossing::None => "an ordinary border".to_string(),
        Crossing::River => "a river (`~`)".to_string(),
        Crossing::Strait { sea, optional: false } => format!("an arrow across {sea}"),
        Crossing::Strait { sea, optional: true } => format!("an optional arrow across {sea}"),
    }
}
