//! The `[areas]` section: land areas with province, terrain, forage value, flags and label.

use super::header::Header;
use super::sections::Line;
use super::words::{fields_and_name, flags, id, number, point};
use super::Lines;
use crate::area::{AreaTerrain, LandArea, Province};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "id province terrain forage flags x y name";

/// Reads `id province terrain forage flags x y name` lines: distinct ids, a known province,
/// a terrain word, a forage value 0-9 (7.4.1.1), flags among `winter` and `island` (or `-`),
/// a label point inside the drawing extent.
pub(crate) fn parse(
    lines: &[Line],
    provinces: &BTreeMap<String, Province>,
    header: &Header,
    at: &mut Lines,
) -> Result<BTreeMap<String, LandArea>, MapError> {
    let mut areas: BTreeMap<String, LandArea> = BTreeMap::new();
    for line in lines {
        let (words, name) = fields_and_name(line, 7, FORM)?;
        let area = id(line, words[0], "area")?;
        if let Some(first) = at.areas.get(area) {
            return Err(line.error(format!("two areas have the id `{area}` (first at line {first})")));
        }
        let what = format!("area {area}");
        let Some(province) = provinces.get(words[1]) else {
            return Err(line.error(format!("{what}: unknown province `{}`", words[1])));
        };
        let terrain = AreaTerrain::parse(words[2]).ok_or_else(|| {
            let known: Vec<&str> = AreaTerrain::ALL.iter().map(|t| t.as_str()).collect();
            line.error(format!("{what}: unknown terrain `{}` (terrains: {})", words[2], known.join(" ")))
        })?;
        let forage = number(line, words[3], 0, 9, &format!("{what}: forage value"))?;
        let flags = flags(line, words[4], &["winter", "island"], &what)?;
        let label = point(line, words[5], words[6], header.extent(), &what)?;
        at.areas.insert(area.to_string(), line.number);
        areas.insert(
            area.to_string(),
            LandArea {
                id: area.to_string(),
                name: name.to_string(),
                province: province.id.clone(),
                nation: province.nation.clone(),
                terrain,
                forage: u8::try_from(forage).unwrap_or(0),
                winter: flags.contains(&"winter"),
                island: flags.contains(&"island"),
                label,
            },
        );
    }
    Ok(areas)
}
