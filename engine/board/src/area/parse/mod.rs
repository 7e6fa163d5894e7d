//! `AreaMap::parse`: reads an area map file (docs/DATA_FORMAT.md, "Area maps") and checks
//! every section, then the map as a whole.

mod areas;
mod checks;
mod cities;
mod coasts;
mod header;
mod land;
mod lists;
mod nations;
mod outlines;
mod ports;
mod provinces;
mod sea_links;
mod seas;
mod sections;
mod words;

use crate::area::AreaMap;
use crate::MapError;
use std::collections::BTreeMap;

/// The line where each nation, province, land area and sea zone is declared, for errors
/// found after the sections are read.
#[derive(Default)]
pub(crate) struct Lines {
    pub nations: BTreeMap<String, usize>,
    pub provinces: BTreeMap<String, usize>,
    pub areas: BTreeMap<String, usize>,
    pub seas: BTreeMap<String, usize>,
}

impl AreaMap {
    /// Parses and checks an area map file. A file with any error is refused whole; the error
    /// names the line and what is wrong.
    pub fn parse(text: &str) -> Result<AreaMap, MapError> {
        let sections = sections::split(text)?;
        let mut at = Lines::default();
        let missing = |name: &str| MapError::new(sections.last_line, format!("the [{name}] section is missing"));
        let header = header::parse(sections.get("map").ok_or_else(|| missing("map"))?)?;
        let nations = nations::parse(sections.lines("nations"), &mut at)?;
        let provinces = provinces::parse(sections.lines("provinces"), &nations, &mut at)?;
        let areas = areas::parse(sections.lines("areas"), &provinces, &header, &mut at)?;
        let cities = cities::parse(sections.lines("cities"), &areas)?;
        let seas = seas::parse(sections.lines("seas"), &areas, &header, &mut at)?;
        let coasts = coasts::parse(sections.lines("coasts"), &areas, &seas)?;
        let ports = ports::parse(sections.lines("ports"), &cities, &seas, &coasts.coasts)?;
        let borders = land::parse(sections.lines("land"), &areas, &seas, &coasts.coasts)?;
        let sea_links = sea_links::parse(sections.lines("sea-links"), &seas, &areas)?;
        let outlines = outlines::parse(sections.lines("outlines"), &areas, &seas, &header)?;
        let parts = checks::Parts {
            nations: &nations,
            provinces: &provinces,
            areas: &areas,
            cities: &cities,
            borders: &borders,
            coasts: &coasts.coasts,
            sea_links: &sea_links,
        };
        checks::all(&parts, &at)?;
        Ok(AreaMap {
            game: header.game,
            title: header.title,
            width: header.width,
            height: header.height,
            source: text.to_string(),
            nations,
            provinces,
            areas,
            cities,
            ports,
            seas,
            borders,
            coasts: coasts.coasts,
            shores: coasts.shores,
            sea_links,
            outlines,
        })
    }
}
