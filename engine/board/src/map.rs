//! The map model: terrain, waters, hexsides, roads, locales, regions, boxes and supply sources
//! of one game's map, with the queries the rules engine and the renderer ask.
//!
//! Built only by [`Map::parse`], which checks everything; all queries are pure and
//! deterministic (ordered containers, ascending hexes).

use crate::{
    Barrier, HexId, Hexside, HexsideInfo, Locale, North, OffMapBox, Road, Terrain, WaterBody, WaterId, WaterKind,
};
use std::collections::{BTreeMap, BTreeSet};

/// What the `[hexsides]` section says about one hexside.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SideRecord {
    pub barrier: Option<Barrier>,
    pub name: Option<String>,
    pub border: Option<String>,
}

/// One game's map, read from a `map.txt` file (docs/DATA_FORMAT.md).
///
/// Serialized as the text it was parsed from (deserializing parses and checks it again), so a
/// serialized [`crate::BoardView`] carries a map that is valid by construction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Short game identifier, e.g. "ec".
    pub game: String,
    /// Display title, e.g. "The Egyptian Campaign, 1798-99".
    pub title: String,
    /// Where north lies on the sheet.
    pub north: North,
    /// First and last column of the grid the map occupies.
    pub cols: (u8, u8),
    /// First and last row of the grid the map occupies.
    pub rows: (u8, u8),
    pub(crate) source: String,
    pub(crate) terrain: BTreeMap<HexId, Terrain>,
    /// The same terrain indexed by hex number, for the rules' hot paths (a search asks for a
    /// hex's terrain millions of times).
    pub(crate) cells: Vec<Option<Terrain>>,
    pub(crate) waters: Vec<WaterBody>,
    pub(crate) sides: BTreeMap<Hexside, SideRecord>,
    pub(crate) roads: Vec<Road>,
    pub(crate) road_sides: BTreeSet<Hexside>,
    pub(crate) road_hexes: BTreeSet<HexId>,
    pub(crate) locales: BTreeMap<HexId, Locale>,
    pub(crate) regions: Vec<String>,
    pub(crate) region_of: BTreeMap<HexId, usize>,
    pub(crate) boxes: Vec<OffMapBox>,
    pub(crate) sources: BTreeMap<String, Vec<HexId>>,
}

impl Map {
    /// The text this map was parsed from.
    pub fn source(&self) -> &str {
        &self.source
    }

    // ---- terrain -------------------------------------------------------------------------

    /// The terrain of `hex`, or `None` if the hex is not part of this map.
    pub fn terrain(&self, hex: HexId) -> Option<Terrain> {
        self.cells.get(usize::from(hex.number())).copied().flatten()
    }

    /// Whether `hex` is part of this map.
    pub fn on_map(&self, hex: HexId) -> bool {
        self.terrain(hex).is_some()
    }

    /// Whether `hex` is a land hex of this map (on the map and not all-water).
    pub fn is_land(&self, hex: HexId) -> bool {
        self.terrain(hex).is_some_and(Terrain::is_land)
    }

    /// Every hex of the map, ascending.
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.terrain.keys().copied()
    }

    /// Every land hex of the map, ascending.
    pub fn land_hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.terrain.iter().filter(|(_, t)| t.is_land()).map(|(h, _)| *h)
    }

    /// The neighbours of `hex` that are on the map, clockwise from north.
    pub fn neighbours_on_map(&self, hex: HexId) -> Vec<HexId> {
        hex.neighbours().map(|(_, h)| h).filter(|h| self.on_map(*h)).collect()
    }

    // ---- waters --------------------------------------------------------------------------

    /// The body of water `id`.
    ///
    /// # Panics
    /// If `id` does not come from this map (from [`Map::terrain`], [`Map::waters`] or
    /// [`Map::water_by_name`]): that is a programming error, not bad input.
    pub fn water(&self, id: WaterId) -> &WaterBody {
        &self.waters[id.0 as usize]
    }

    /// Every body of water with its id, in declaration order.
    pub fn waters(&self) -> impl Iterator<Item = (WaterId, &WaterBody)> + '_ {
        self.waters.iter().enumerate().map(|(i, w)| (WaterId(i as u8), w))
    }

    /// The body of water called `name`, if any.
    pub fn water_by_name(&self, name: &str) -> Option<WaterId> {
        self.waters().find(|(_, w)| w.name == name).map(|(id, _)| id)
    }

    /// The hexes of the body of water `id`, ascending (fleets move only within all-sea hexes: 10.2).
    pub fn water_hexes(&self, id: WaterId) -> Vec<HexId> {
        self.terrain.iter().filter(|(_, t)| t.water() == Some(id)).map(|(h, _)| *h).collect()
    }

    /// The all-water hexes adjacent to `hex`, ascending.
    pub fn adjacent_water(&self, hex: HexId) -> Vec<HexId> {
        let mut found: Vec<HexId> =
            hex.neighbours().map(|(_, h)| h).filter(|h| self.terrain(*h).is_some_and(|t| !t.is_land())).collect();
        found.sort();
        found
    }

    /// The bodies of water adjacent to the land hex `hex`, ascending, each once (empty for a
    /// water hex or a hex off the map).
    pub fn shore_of(&self, hex: HexId) -> Vec<WaterId> {
        if !self.is_land(hex) {
            return Vec::new();
        }
        let ids: BTreeSet<WaterId> =
            self.adjacent_water(hex).into_iter().filter_map(|h| self.terrain(h).and_then(Terrain::water)).collect();
        ids.into_iter().collect()
    }

    /// Whether `hex` is a coastal hex: a land hex adjacent to a hex of a sea body (10.2, 10.3).
    /// Lake shores are not coastal here; a game module may add them (EC 8.8).
    pub fn is_coastal(&self, hex: HexId) -> bool {
        self.shore_of(hex).into_iter().any(|w| self.water(w).kind == WaterKind::Sea)
    }

    // ---- hexsides ------------------------------------------------------------------------

    /// What lies along the hexside between `a` and `b` (all `None`/`false` if nothing is
    /// listed, or if the hexes are not adjacent).
    pub fn hexside(&self, a: HexId, b: HexId) -> HexsideInfo {
        match Hexside::between(a, b) {
            Some(side) => self.side_info(side),
            None => HexsideInfo::default(),
        }
    }

    fn side_info(&self, side: Hexside) -> HexsideInfo {
        let record = self.sides.get(&side).cloned().unwrap_or_default();
        HexsideInfo {
            barrier: record.barrier,
            name: record.name,
            border: record.border,
            road: self.road_sides.contains(&side),
        }
    }

    /// Every hexside listed in the map's `[hexsides]` section with what lies along it,
    /// ascending (for drawing).
    pub fn hexsides(&self) -> impl Iterator<Item = (Hexside, HexsideInfo)> + '_ {
        self.sides.keys().map(|side| (*side, self.side_info(*side)))
    }

    /// The land neighbours of `hex` on the map that are not cut off by a `sea` hexside: the
    /// "landward" hexes a siege must occupy (13.1). Clockwise from north.
    pub fn landward_neighbours(&self, hex: HexId) -> Vec<HexId> {
        hex.neighbours()
            .map(|(_, h)| h)
            .filter(|h| self.is_land(*h))
            .filter(|h| self.hexside(hex, *h).barrier != Some(Barrier::Sea))
            .collect()
    }

    // ---- roads ---------------------------------------------------------------------------

    /// Whether a road runs through `hex`.
    pub fn is_road_hex(&self, hex: HexId) -> bool {
        self.road_hexes.contains(&hex)
    }

    /// Whether a road runs directly from `a` to `b` (adjacent, consecutive on one road: 9.19).
    pub fn road_between(&self, a: HexId, b: HexId) -> bool {
        Hexside::between(a, b).is_some_and(|side| self.road_sides.contains(&side))
    }

    /// Every road, in file order.
    pub fn roads(&self) -> &[Road] {
        &self.roads
    }

    // ---- locales -------------------------------------------------------------------------

    /// The locale in `hex`, if any.
    pub fn locale(&self, hex: HexId) -> Option<&Locale> {
        self.locales.get(&hex)
    }

    /// Every locale, ascending by hex.
    pub fn locales(&self) -> impl Iterator<Item = &Locale> + '_ {
        self.locales.values()
    }

    // ---- regions -------------------------------------------------------------------------

    /// The region of the land hex `hex` (`None` for water or off-map hexes).
    pub fn region(&self, hex: HexId) -> Option<&str> {
        self.region_of.get(&hex).map(|i| self.regions[*i].as_str())
    }

    /// The names of every region, in file order.
    pub fn regions(&self) -> Vec<&str> {
        self.regions.iter().map(String::as_str).collect()
    }

    /// The hexes of the region `name`, ascending (empty for an unknown name).
    pub fn region_hexes(&self, name: &str) -> Vec<HexId> {
        match self.regions.iter().position(|r| r == name) {
            Some(index) => self.region_of.iter().filter(|(_, i)| **i == index).map(|(h, _)| *h).collect(),
            None => Vec::new(),
        }
    }

    // ---- boxes and sources ---------------------------------------------------------------

    /// Every off-map holding box, in file order.
    pub fn boxes(&self) -> &[OffMapBox] {
        &self.boxes
    }

    /// The off-map box with identifier `id`, if any.
    pub fn box_by_id(&self, id: &str) -> Option<&OffMapBox> {
        self.boxes.iter().find(|b| b.id == id)
    }

    /// The supply source hexes of `side` as listed (empty for a side without sources).
    pub fn sources(&self, side: &str) -> &[HexId] {
        self.sources.get(side).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The sides that have supply sources, ascending by name.
    pub fn source_sides(&self) -> Vec<&str> {
        self.sources.keys().map(String::as_str).collect()
    }
}
