//! The `[ports]` section: port cities, their harbour defences and the sea zones their blockade
//! box opens on.

use super::sections::Line;
use super::words::{fields, number};
use crate::area::{City, Port, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "area harbour sea-zones";

/// Reads `area harbour seas...` lines: an area with a city, once; a harbour defence value
/// 0-99 (6.3.3.3); at least one sea zone, each touched by the area ([coasts]), none twice.
pub(crate) fn parse(
    lines: &[Line],
    cities: &BTreeMap<String, City>,
    seas: &BTreeMap<String, SeaZone>,
    coasts: &BTreeMap<String, Vec<String>>,
) -> Result<BTreeMap<String, Port>, MapError> {
    let mut ports: BTreeMap<String, Port> = BTreeMap::new();
    for line in lines {
        let (words, rest) = fields(line, 2, FORM)?;
        let area = words[0];
        let Some(city) = cities.get(area) else {
            return Err(line.error(format!("port {area}: a port must be an area with a city ([cities])")));
        };
        if ports.contains_key(area) {
            return Err(line.error(format!("port {area} is listed twice")));
        }
        let harbour = number(line, words[1], 0, 99, &format!("port {area}: harbour defence"))?;
        let mut opens: Vec<String> = Vec::new();
        for sea in rest.split_whitespace() {
            if !seas.contains_key(sea) {
                return Err(line.error(format!("port {area}: unknown sea zone `{sea}`")));
            }
            if !coasts.get(area).is_some_and(|c| c.iter().any(|s| s == sea)) {
                return Err(line.error(format!(
                    "port {area} ({}) opens on {sea}, which area {area} does not touch: add it to [coasts] (6.2.1.2)",
                    city.name
                )));
            }
            if opens.iter().any(|s| s == sea) {
                return Err(line.error(format!("port {area}: sea zone {sea} is listed twice")));
            }
            opens.push(sea.to_string());
        }
        if opens.is_empty() {
            return Err(line.error(format!("port {area} opens on no sea zone (6.2.1.2)")));
        }
        opens.sort();
        ports.insert(
            area.to_string(),
            Port { area: area.to_string(), harbour: u8::try_from(harbour).unwrap_or(0), seas: opens },
        );
    }
    Ok(ports)
}
