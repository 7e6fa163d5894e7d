//! `Map::parse`: reads a `map.txt` file (docs/DATA_FORMAT.md) and checks every section.

mod boxes;
pub(crate) mod header;
mod hexes;
mod hexsides;
mod locales;
mod regions;
mod roads;
pub(crate) mod sections;
mod sources;
mod terrain;
mod waters;

use crate::{HexId, Hexside, Map, MapError};
use hexes::HexReader;
use std::collections::BTreeSet;

impl Map {
    /// Parses and checks a map file. A file with any error is refused whole; the error names
    /// the line and what is wrong.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        let sections = sections::split(text)?;
        let header = header::parse(sections.required("map")?)?;
        let waters = waters::parse(sections.lines("codes"))?;
        let terrain = terrain::parse(sections.required("terrain")?, &header, &waters)?;
        let hexes = HexReader { terrain: &terrain };
        let sides = hexsides::parse(sections.lines("hexsides"), &hexes)?;
        let roads = roads::parse(sections.lines("roads"), &hexes)?;
        let locales = locales::parse(sections.lines("locales"), &hexes)?;
        let regions = regions::parse(sections.lines("regions"), &hexes, &sides, sections.last_line)?;
        let boxes = boxes::parse(sections.lines("boxes"), &hexes)?;
        let sources = sources::parse(sections.lines("sources"), &hexes)?;
        let road_sides: BTreeSet<Hexside> =
            roads.iter().flat_map(|r| r.hexes.windows(2).filter_map(|p| Hexside::between(p[0], p[1]))).collect();
        let road_hexes = roads.iter().flat_map(|r| r.hexes.iter().copied()).collect();
        let mut cells = vec![None; usize::from(HexId::COUNT)];
        for (hex, t) in &terrain {
            cells[usize::from(hex.number())] = Some(*t);
        }
        Ok(Map {
            game: header.game,
            title: header.title,
            north: header.north,
            cols: header.cols,
            rows: header.rows,
            source: text.to_string(),
            terrain,
            cells,
            waters,
            sides,
            roads,
            road_sides,
            road_hexes,
            locales,
            regions: regions.names,
            region_of: regions.region_of,
            boxes,
            sources,
        })
    }
}
