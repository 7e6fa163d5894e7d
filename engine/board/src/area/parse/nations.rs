//! The `[nations]` section: major powers and minor countries with their capitals.

use super::sections::Line;
use super::words::{fields_and_name, id};
use super::Lines;
use crate::area::{Nation, NationKind};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "id kind capital name";

/// Reads `id kind capital name` lines: distinct ids, kind `major` or `minor`, the capital's
/// area id (checked against the areas later), a name.
pub(crate) fn parse(lines: &[Line], at: &mut Lines) -> Result<BTreeMap<String, Nation>, MapError> {
    let mut nations: BTreeMap<String, Nation> = BTreeMap::new();
    for line in lines {
        let (words, name) = fields_and_name(line, 3, FORM)?;
        let nation = id(line, words[0], "nation")?;
        if let Some(first) = at.nations.get(nation) {
            return Err(line.error(format!("two nations have the id `{nation}` (first at line {first})")));
        }
        let kind = match words[1] {
            "major" => NationKind::Major,
            "minor" => NationKind::Minor,
            other => return Err(line.error(format!("nation {nation}: kind `{other}` must be `major` or `minor`"))),
        };
        if words[2] == "-" {
            return Err(line.error(format!("nation {nation} has no capital: every nation needs one (4.4.8, 8.4.1)")));
        }
        let capital = id(line, words[2], &format!("nation {nation}: capital area"))?;
        at.nations.insert(nation.to_string(), line.number);
        nations.insert(
            nation.to_string(),
            Nation { id: nation.to_string(), kind, name: name.to_string(), capital: capital.to_string() },
        );
    }
    Ok(nations)
}
