//! The `[roads]` section: each road as the hexes it runs through.

use super::hexes::HexReader;
use super::sections::{labelled, Line};
use crate::{Hexside, MapError, Road};

/// Reads `Name: hex hex ...` lines: at least two land hexes, each adjacent to the next,
/// names distinct.
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<Vec<Road>, MapError> {
    let mut roads: Vec<Road> = Vec::new();
    for line in lines {
        let (name, list) = labelled(line, "road name")?;
        if roads.iter().any(|r| r.name == name) {
            return Err(line.error(format!("two roads are named `{name}`")));
        }
        let what = format!("road {name}");
        let path = list.split_whitespace().map(|t| hexes.land(line, t, &what)).collect::<Result<Vec<_>, _>>()?;
        if path.len() < 2 {
            return Err(line.error(format!("{what} needs at least two hexes")));
        }
        if let Some(pair) = path.windows(2).find(|p| Hexside::between(p[0], p[1]).is_none()) {
            return Err(line.error(format!("{what}: {} and {} are not adjacent", pair[0], pair[1])));
        }
        roads.push(Road { name: name.to_string(), hexes: path });
    }
    Ok(roads)
}
