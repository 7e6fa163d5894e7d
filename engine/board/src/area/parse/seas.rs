//! The `[seas]` section: sea zones with their flags and label.

use super::header::Header;
use super::sections::Line;
use super::words::{fields_and_name, flags, id, point};
use super::Lines;
use crate::area::{LandArea, SeaZone};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "id flags x y name";

/// Reads `id flags x y name` lines: distinct ids that no land area has, flags among `ice`
/// and `dardanelles` (or `-`; at most one sea zone is the Dardanelles), a label point.
pub(crate) fn parse(
    lines: &[Line],
    areas: &BTreeMap<String, LandArea>,
    header: &Header,
    at: &mut Lines,
) -> Result<BTreeMap<String, SeaZone>, MapError> {
    let mut seas: BTreeMap<String, SeaZone> = BTreeMap::new();
    for line in lines {
        let (words, name) = fields_and_name(line, 4, FORM)?;
        let sea = id(line, words[0], "sea zone")?;
        if let Some(first) = at.seas.get(sea) {
            return Err(line.error(format!("two sea zones have the id `{sea}` (first at line {first})")));
        }
        if areas.contains_key(sea) {
            return Err(line.error(format!("sea zone id `{sea}` is already a land area's id")));
        }
        let what = format!("sea zone {sea}");
        let flags = flags(line, words[1], &["ice", "dardanelles"], &what)?;
        let dardanelles = flags.contains(&"dardanelles");
        if let Some(other) = seas.values().find(|s| s.dardanelles).filter(|_| dardanelles) {
            return Err(line.error(format!("{what}: {} is already the Dardanelles sea zone", other.id)));
        }
        let label = point(line, words[2], words[3], header.extent(), &what)?;
        at.seas.insert(sea.to_string(), line.number);
        seas.insert(
            sea.to_string(),
            SeaZone { id: sea.to_string(), name: name.to_string(), ice: flags.contains(&"ice"), dardanelles, label },
        );
    }
    Ok(seas)
}
