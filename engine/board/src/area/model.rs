//! The area map and the queries the rules and the renderer ask of it.

use crate::area::{Border, City, Crossing, LandArea, Nation, Point, Port, Province, SeaZone};
use std::collections::BTreeMap;

/// One game's area map, read from an area map file (docs/DATA_FORMAT.md, "Area maps").
///
/// Built only by [`AreaMap::parse`], which checks everything. Ids of land areas and sea zones
/// share one namespace (no area has a sea zone's id), so a place is named by its id alone.
/// Every list a query returns is in ascending id order.
///
/// Serialized as the text it was parsed from; deserializing parses and checks it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaMap {
    /// Short game identifier, e.g. "eia".
    pub game: String,
    /// Display title.
    pub title: String,
    /// Width of the drawing coordinates (points have `0 <= x <= width`).
    pub width: i32,
    /// Height of the drawing coordinates (points have `0 <= y <= height`).
    pub height: i32,
    pub(crate) source: String,
    pub(crate) nations: BTreeMap<String, Nation>,
    pub(crate) provinces: BTreeMap<String, Province>,
    pub(crate) areas: BTreeMap<String, LandArea>,
    pub(crate) cities: BTreeMap<String, City>,
    pub(crate) ports: BTreeMap<String, Port>,
    pub(crate) seas: BTreeMap<String, SeaZone>,
    /// Land borders of every area (an entry for each area), sorted by neighbour.
    pub(crate) borders: BTreeMap<String, Vec<Border>>,
    /// The sea zones each land area touches (an entry for each area, empty if inland).
    pub(crate) coasts: BTreeMap<String, Vec<String>>,
    /// The land areas each sea zone touches (an entry for each sea zone).
    pub(crate) shores: BTreeMap<String, Vec<String>>,
    /// The sea zones linked to each sea zone (an entry for each sea zone).
    pub(crate) sea_links: BTreeMap<String, Vec<String>>,
    pub(crate) outlines: BTreeMap<String, Vec<Point>>,
}

impl AreaMap {
    /// The text this map was parsed from.
    pub fn source(&self) -> &str {
        &self.source
    }

    // ---- nations and provinces -----------------------------------------------------------

    /// The nation `id`, if any.
    pub fn nation(&self, id: &str) -> Option<&Nation> {
        self.nations.get(id)
    }

    /// Every nation, ascending by id.
    pub fn nations(&self) -> impl Iterator<Item = &Nation> + '_ {
        self.nations.values()
    }

    /// The province (or minor country district) `id`, if any.
    pub fn province(&self, id: &str) -> Option<&Province> {
        self.provinces.get(id)
    }

    /// Every province, ascending by id.
    pub fn provinces(&self) -> impl Iterator<Item = &Province> + '_ {
        self.provinces.values()
    }

    /// The provinces of nation `nation`, ascending by id (empty for an unknown nation).
    pub fn provinces_of(&self, nation: &str) -> Vec<&Province> {
        self.provinces.values().filter(|p| p.nation == nation).collect()
    }

    /// The capital area of nation `nation` (every nation has one).
    pub fn capital(&self, nation: &str) -> Option<&LandArea> {
        self.nations.get(nation).and_then(|n| self.areas.get(&n.capital))
    }

    /// Whether `area` holds the capital city of a nation.
    pub fn is_capital(&self, area: &str) -> bool {
        self.nations.values().any(|n| n.capital == area)
    }

    /// The nation whose land `area` is.
    pub fn nation_of(&self, area: &str) -> Option<&Nation> {
        self.areas.get(area).and_then(|a| self.nations.get(&a.nation))
    }

    /// The province `area` belongs to.
    pub fn province_of(&self, area: &str) -> Option<&Province> {
        self.areas.get(area).and_then(|a| self.provinces.get(&a.province))
    }

    // ---- land areas ----------------------------------------------------------------------

    /// The land area `id`, if any.
    pub fn area(&self, id: &str) -> Option<&LandArea> {
        self.areas.get(id)
    }

    /// Every land area, ascending by id.
    pub fn areas(&self) -> impl Iterator<Item = &LandArea> + '_ {
        self.areas.values()
    }

    /// The land areas of nation `nation` (all its provinces), ascending by id.
    pub fn areas_of(&self, nation: &str) -> Vec<&LandArea> {
        self.areas.values().filter(|a| a.nation == nation).collect()
    }

    /// The land areas of province `province`, ascending by id.
    pub fn areas_of_province(&self, province: &str) -> Vec<&LandArea> {
        self.areas.values().filter(|a| a.province == province).collect()
    }

    /// The land borders of `area`: each neighbour with its crossing, ascending by neighbour
    /// (empty for an unknown area). Sea crossing arrows are included, optional ones too.
    pub fn neighbours(&self, area: &str) -> &[Border] {
        self.borders.get(area).map(Vec::as_slice).unwrap_or(&[])
    }

    /// How the border from `a` to `b` is crossed, or `None` if they do not share a border.
    pub fn crossing(&self, a: &str, b: &str) -> Option<&Crossing> {
        self.neighbours(a).iter().find(|border| border.to == b).map(|border| &border.crossing)
    }

    /// Every sea crossing arrow once, as `(a, b, crossing)` with `a < b`, ascending.
    pub fn straits(&self) -> Vec<(&str, &str, &Crossing)> {
        self.borders
            .iter()
            .flat_map(|(a, list)| list.iter().map(move |border| (a.as_str(), border)))
            .filter(|(a, border)| border.crossing.is_strait() && *a < border.to.as_str())
            .map(|(a, border)| (a, border.to.as_str(), &border.crossing))
            .collect()
    }

    // ---- cities and ports ----------------------------------------------------------------

    /// The city of `area`, if it has one.
    pub fn city(&self, area: &str) -> Option<&City> {
        self.cities.get(area)
    }

    /// Every city, ascending by area.
    pub fn cities(&self) -> impl Iterator<Item = &City> + '_ {
        self.cities.values()
    }

    /// The port of `area`, if its city is a port.
    pub fn port(&self, area: &str) -> Option<&Port> {
        self.ports.get(area)
    }

    /// Every port, ascending by area.
    pub fn ports(&self) -> impl Iterator<Item = &Port> + '_ {
        self.ports.values()
    }

    /// The ports whose blockade box touches sea zone `sea`, ascending by area.
    pub fn ports_on(&self, sea: &str) -> Vec<&Port> {
        self.ports.values().filter(|p| p.seas.iter().any(|s| s == sea)).collect()
    }

    // ---- sea zones and coasts ------------------------------------------------------------

    /// The sea zone `id`, if any.
    pub fn sea(&self, id: &str) -> Option<&SeaZone> {
        self.seas.get(id)
    }

    /// Every sea zone, ascending by id.
    pub fn seas(&self) -> impl Iterator<Item = &SeaZone> + '_ {
        self.seas.values()
    }

    /// The sea zone with the Dardanelles flag, if the map has one.
    pub fn dardanelles(&self) -> Option<&SeaZone> {
        self.seas.values().find(|s| s.dardanelles)
    }

    /// The sea zones land area `area` touches, ascending (empty for an inland area).
    pub fn coastal_seas(&self, area: &str) -> &[String] {
        self.coasts.get(area).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Whether land area `area` touches a sea zone.
    pub fn is_coastal(&self, area: &str) -> bool {
        !self.coastal_seas(area).is_empty()
    }

    /// The land areas sea zone `sea` touches, ascending.
    pub fn shore(&self, sea: &str) -> &[String] {
        self.shores.get(sea).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The sea zones linked to sea zone `sea`, ascending.
    pub fn sea_neighbours(&self, sea: &str) -> &[String] {
        self.sea_links.get(sea).map(Vec::as_slice).unwrap_or(&[])
    }

    // ---- drawing -------------------------------------------------------------------------

    /// Where the label of the area or sea zone `id` is drawn.
    pub fn label(&self, id: &str) -> Option<Point> {
        self.areas.get(id).map(|a| a.label).or_else(|| self.seas.get(id).map(|s| s.label))
    }

    /// The outline of the area or sea zone `id`, if the file gives one (a closed polygon, its
    /// last point joined to its first).
    pub fn outline(&self, id: &str) -> Option<&[Point]> {
        self.outlines.get(id).map(Vec::as_slice)
    }
}
