//! The `[boxes]` section: off-map holding boxes.

use super::hexes::HexReader;
use super::sections::{labelled, Line};
use crate::{MapError, OffMapBox};

/// Reads `id: Name | properties | entry hexes` lines. Ids are lower-case words (letters,
/// digits, `-`), distinct; properties are among `port supply river`; entry hexes are distinct
/// land hexes (a box may have none, e.g. a naval holding box).
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<Vec<OffMapBox>, MapError> {
    let mut boxes: Vec<OffMapBox> = Vec::new();
    for line in lines {
        let (id, rest) = labelled(line, "box id")?;
        if !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(line.error(format!("box id `{id}` must be lower-case letters, digits or '-'")));
        }
        if boxes.iter().any(|b| b.id == id) {
            return Err(line.error(format!("two boxes have the id `{id}`")));
        }
        let fields: Vec<&str> = rest.split('|').map(str::trim).collect();
        let [name, properties, entry] = fields.as_slice() else {
            return Err(line.error(format!("box {id}: expected `Name | properties | entry hexes`")));
        };
        if name.is_empty() {
            return Err(line.error(format!("box {id} has no name")));
        }
        let mut b = OffMapBox {
            id: id.to_string(),
            name: name.to_string(),
            port: false,
            supply: false,
            river: false,
            entry: Vec::new(),
        };
        for property in properties.split_whitespace() {
            let flag = match property {
                "port" => &mut b.port,
                "supply" => &mut b.supply,
                "river" => &mut b.river,
                other => {
                    return Err(line.error(format!("box {id}: unknown property `{other}` (port supply river)")));
                }
            };
            if *flag {
                return Err(line.error(format!("box {id}: property `{property}` is given twice")));
            }
            *flag = true;
        }
        b.entry = if entry.is_empty() { Vec::new() } else { hexes.land_list(line, entry, &format!("box {id}"))? };
        boxes.push(b);
    }
    Ok(boxes)
}
