//! The lines between land cells, told apart as the rules tell the borders apart: national
//! and provincial borders, plain area lines, rivers, and the sea crossing arrows.

use super::cells::Cells;
use super::geometry::{overlap, Beyond, Pt};
use grognard_board::area::{AreaMap, Crossing};
use std::collections::BTreeSet;

/// Which border a line between two areas is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Between two areas of one province.
    Area,
    /// Between two provinces (or districts) of one nation.
    Province,
    /// Between two nations (a major power or a minor country).
    Nation,
}

/// A stretch of border between two land cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BorderLine {
    pub a: Pt,
    pub b: Pt,
    /// The land cells on either side (indices of `Cells::land`).
    pub areas: (usize, usize),
    pub level: Level,
    /// A river runs along it.
    pub river: bool,
    /// The cells touch in the picture, but the rules give the two areas no border: nothing
    /// crosses here.
    pub closed: bool,
}

/// A sea crossing arrow between two land areas' labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: Pt,
    pub to: Pt,
    /// Only under the optional rule that adds it.
    pub optional: bool,
}

/// Two areas the rules give a land border that the picture's cells do not show touching:
/// drawn as a link between their labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Link {
    pub from: Pt,
    pub to: Pt,
    /// The land cells it joins (indices of `Cells::land`).
    pub areas: (usize, usize),
    /// A river runs along the border.
    pub river: bool,
}

/// Every stretch of border between land cells, in the order of the areas' ids.
pub fn lines(map: &AreaMap, cells: &Cells) -> Vec<BorderLine> {
    let mut out = Vec::new();
    for (i, cell) in cells.land.iter().enumerate() {
        for (a, b, beyond) in cell.polygon.edges() {
            let Beyond::Land(j) = beyond else { continue };
            let Some(other) = cells.land.get(j).filter(|_| j > i) else { continue };
            for (c, d, back) in other.polygon.edges() {
                if back != Beyond::Land(i) {
                    continue;
                }
                if let Some((p, q)) = overlap(a, b, c, d, 0.5) {
                    let crossing = map.crossing(&cell.id, &other.id);
                    out.push(BorderLine {
                        a: p,
                        b: q,
                        areas: (i, j),
                        level: level(map, &cell.id, &other.id),
                        river: crossing == Some(&Crossing::River),
                        closed: crossing.is_none(),
                    });
                }
            }
        }
    }
    out
}

fn level(map: &AreaMap, a: &str, b: &str) -> Level {
    match (map.area(a), map.area(b)) {
        (Some(x), Some(y)) if x.nation != y.nation => Level::Nation,
        (Some(x), Some(y)) if x.province != y.province => Level::Province,
        _ => Level::Area,
    }
}

/// The land borders of the rules (not across an arrow) that no line of `drawn` shows, in
/// the order of the areas' ids.
pub fn links(map: &AreaMap, cells: &Cells, drawn: &[BorderLine]) -> Vec<Link> {
    let shown: BTreeSet<(usize, usize)> = drawn.iter().map(|l| l.areas).collect();
    let mut out = Vec::new();
    for (i, cell) in cells.land.iter().enumerate() {
        for border in map.neighbours(&cell.id).iter().filter(|b| !b.crossing.is_strait()) {
            let Some(j) = cells.land_of(&border.to).filter(|j| i < *j) else { continue };
            if shown.contains(&(i, j)) {
                continue;
            }
            if let Some(other) = cells.land.get(j) {
                out.push(Link {
                    from: cell.site,
                    to: other.site,
                    areas: (i, j),
                    river: border.crossing == Crossing::River,
                });
            }
        }
    }
    out
}

/// The sea crossing arrows of the map, from label to label.
pub fn arrows(map: &AreaMap, cells: &Cells) -> Vec<Arrow> {
    map.straits()
        .into_iter()
        .filter_map(|(a, b, crossing)| {
            let optional = matches!(crossing, Crossing::Strait { optional: true, .. });
            Some(Arrow { from: cells.site(a)?, to: cells.site(b)?, optional })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EIA: &str = include_str!("../../../../engine/eia/data/map.txt");
    const SMALL: &str = include_str!("../../tests/fixtures/area_small.txt");

    fn parse(text: &str) -> AreaMap {
        AreaMap::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_cell_holds_its_label() {
        for text in [SMALL, EIA] {
            let map = parse(text);
            for cell in Cells::build(&map).land {
                if map.outline(&cell.id).is_none() {
                    assert!(cell.polygon.contains(cell.site), "{}", cell.id);
                }
            }
        }
    }

    #[test]
    fn every_land_border_of_the_rules_is_a_shared_line_or_a_link() {
        for text in [SMALL, EIA] {
            let map = parse(text);
            let cells = Cells::build(&map);
            let drawn = lines(&map, &cells);
            let linked = links(&map, &cells, &drawn);
            let borders: usize =
                map.areas().map(|a| map.neighbours(&a.id).iter().filter(|b| !b.crossing.is_strait()).count()).sum();
            let shown: BTreeSet<(usize, usize)> = drawn.iter().filter(|l| !l.closed).map(|l| l.areas).collect();
            assert_eq!(shown.len() + linked.len(), borders / 2, "{}", map.title);
            if text == EIA {
                // on a real map, most borders are lines and links the exception
                assert!(linked.len() * 10 < borders / 2, "{} links", linked.len());
            }
        }
    }
}
