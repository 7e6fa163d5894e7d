//! The `[cities]` section: the city of an area, its supply value and whether it is a fortress.

use super::sections::Line;
use super::words::{fields_and_name, flags, number};
use crate::area::{City, LandArea};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "area supply flags name";

/// Reads `area supply flags name` lines: a known area holding no other city, a supply value
/// 1-9 (the spires, 7.3.3.4, 7.4.5), flags `fortress` or `-`, a name.
pub(crate) fn parse(lines: &[Line], areas: &BTreeMap<String, LandArea>) -> Result<BTreeMap<String, City>, MapError> {
    let mut cities: BTreeMap<String, City> = BTreeMap::new();
    for line in lines {
        let (words, name) = fields_and_name(line, 3, FORM)?;
        let Some(area) = areas.get(words[0]) else {
            return Err(line.error(format!("city {name}: unknown area `{}`", words[0])));
        };
        if let Some(other) = cities.get(&area.id) {
            return Err(line.error(format!("area {} already has the city {}: one city per area", area.id, other.name)));
        }
        let what = format!("city {name}");
        let supply = number(line, words[1], 1, 9, &format!("{what}: supply value"))?;
        let flags = flags(line, words[2], &["fortress"], &what)?;
        cities.insert(
            area.id.clone(),
            City {
                area: area.id.clone(),
                name: name.to_string(),
                supply: u8::try_from(supply).unwrap_or(1),
                fortress: flags.contains(&"fortress"),
            },
        );
    }
    Ok(cities)
}
