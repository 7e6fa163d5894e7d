//! Checks across sections, once every section is read: capitals, provinces with areas, the
//! land graph connected apart from islands, islands on the sea, the sea graph connected.

use super::Lines;
use crate::area::{Border, City, Crossing, LandArea, Nation, NationKind, Province, ProvinceKind};
use crate::MapError;
use std::collections::{BTreeMap, BTreeSet};

/// What the checks look at.
pub(crate) struct Parts<'m> {
    pub nations: &'m BTreeMap<String, Nation>,
    pub provinces: &'m BTreeMap<String, Province>,
    pub areas: &'m BTreeMap<String, LandArea>,
    pub cities: &'m BTreeMap<String, City>,
    pub borders: &'m BTreeMap<String, Vec<Border>>,
    pub coasts: &'m BTreeMap<String, Vec<String>>,
    pub sea_links: &'m BTreeMap<String, Vec<String>>,
}

/// Runs every check in a fixed order; the first failure is the error.
pub(crate) fn all(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    provinces(parts, at)?;
    nations(parts, at)?;
    land_graph(parts, at)?;
    islands(parts, at)?;
    sea_graph(parts, at)
}

/// Ids of `lines` ordered by their line number.
fn by_line(lines: &BTreeMap<String, usize>) -> Vec<(&str, usize)> {
    let mut ordered: Vec<(&str, usize)> = lines.iter().map(|(id, line)| (id.as_str(), *line)).collect();
    ordered.sort_by_key(|(_, line)| *line);
    ordered
}

/// Every province has areas, and a capital: an area of the province with a city.
fn provinces(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    for (id, line) in by_line(&at.provinces) {
        let Some(province) = parts.provinces.get(id) else { continue };
        let error = |message: String| Err(MapError::new(line, format!("province {id}: {message}")));
        if !parts.areas.values().any(|a| a.province == id) {
            return error("no area belongs to it ([areas])".to_string());
        }
        let capital = &province.capital;
        match parts.areas.get(capital) {
            None => return error(format!("capital `{capital}` is not an area of [areas]")),
            Some(area) if area.province != id => {
                return error(format!("capital {capital} lies in province {}, not in this one", area.province));
            }
            Some(_) if !parts.cities.contains_key(capital) => {
                return error(format!("capital area {capital} has no city ([cities])"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Every nation has provinces, one or more `home` provinces (exactly one for a minor
/// country), and a capital: an area with a city in one of its home provinces.
fn nations(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    for (id, line) in by_line(&at.nations) {
        let Some(nation) = parts.nations.get(id) else { continue };
        let error = |message: String| Err(MapError::new(line, format!("nation {id}: {message}")));
        let homes = parts.provinces.values().filter(|p| p.nation == id && p.kind == ProvinceKind::Home).count();
        if !parts.provinces.values().any(|p| p.nation == id) {
            return error("no province belongs to it ([provinces])".to_string());
        }
        if homes == 0 {
            return error("none of its provinces is `home`".to_string());
        }
        if nation.kind == NationKind::Minor && homes > 1 {
            return error(format!("a minor country has one `home` district, not {homes}: the others are `district`"));
        }
        let capital = &nation.capital;
        let Some(area) = parts.areas.get(capital) else {
            return error(format!("capital `{capital}` is not an area of [areas]"));
        };
        if area.nation != id {
            return error(format!("capital {capital} is {}'s land, not this nation's", area.nation));
        }
        if parts.provinces.get(&area.province).is_some_and(|p| p.kind != ProvinceKind::Home) {
            return error(format!("capital {capital} lies in province {}, which is not `home`", area.province));
        }
        if !parts.cities.contains_key(capital) {
            return error(format!("capital area {capital} has no city ([cities])"));
        }
    }
    Ok(())
}

/// The land graph (land borders and standard sea crossing arrows, not the optional ones) is
/// connected, apart from areas marked `island`: the largest component is the mainland, and
/// every area outside it must be an island.
fn land_graph(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    let mainland = largest_component(parts.areas.keys().map(String::as_str), |area| {
        parts
            .borders
            .get(area)
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .filter(|b| !matches!(b.crossing, Crossing::Strait { optional: true, .. }))
            .map(|b| b.to.as_str())
            .collect()
    });
    let example = mainland.iter().next().copied().unwrap_or("");
    for (id, line) in by_line(&at.areas) {
        let island = parts.areas.get(id).is_some_and(|a| a.island);
        if !island && !mainland.contains(id) {
            return Err(MapError::new(
                line,
                format!(
                    "area {id} is cut off from the mainland ({} areas, among them {example}): \
                     give it a land border in [land] or mark it `island`",
                    mainland.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Every island touches a sea zone.
fn islands(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    for (id, line) in by_line(&at.areas) {
        let island = parts.areas.get(id).is_some_and(|a| a.island);
        if island && parts.coasts.get(id).is_none_or(Vec::is_empty) {
            return Err(MapError::new(line, format!("island {id} touches no sea zone: add it to [coasts]")));
        }
    }
    Ok(())
}

/// Every sea zone can be reached from every other through [sea-links].
fn sea_graph(parts: &Parts, at: &Lines) -> Result<(), MapError> {
    let main = largest_component(parts.sea_links.keys().map(String::as_str), |sea| {
        parts.sea_links.get(sea).map(Vec::as_slice).unwrap_or(&[]).iter().map(String::as_str).collect()
    });
    for (id, line) in by_line(&at.seas) {
        if !main.contains(id) {
            return Err(MapError::new(
                line,
                format!(
                    "sea zone {id} cannot be reached from the other sea zones ({}): link it in [sea-links]",
                    main.len()
                ),
            ));
        }
    }
    Ok(())
}

/// The largest connected component of the graph on `nodes` (ties: the one found first, in
/// ascending id order).
fn largest_component<'a>(
    nodes: impl Iterator<Item = &'a str>,
    next: impl Fn(&'a str) -> Vec<&'a str>,
) -> BTreeSet<&'a str> {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut best: BTreeSet<&str> = BTreeSet::new();
    for start in nodes {
        if seen.contains(start) {
            continue;
        }
        let mut component: BTreeSet<&str> = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            for other in next(node) {
                if component.insert(other) {
                    stack.push(other);
                }
            }
        }
        seen.extend(component.iter().copied());
        if component.len() > best.len() {
            best = component;
        }
    }
    best
}
