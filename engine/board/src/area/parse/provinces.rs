//! The `[provinces]` section: provinces of the major powers and districts of the minor
//! countries.

use super::sections::Line;
use super::words::{fields_and_name, flags, id};
use super::Lines;
use crate::area::{Nation, NationKind, Province, ProvinceKind};
use crate::MapError;
use std::collections::BTreeMap;

const FORM: &str = "id nation kinds capital name";
const KINDS: [&str; 5] = ["home", "held", "district", "polish", "border"];

/// Reads `id nation kinds capital name` lines. Kinds: exactly one of `home`, `held` (major
/// powers only) and `district` (minor countries only), optionally `polish` and `border`.
pub(crate) fn parse(
    lines: &[Line],
    nations: &BTreeMap<String, Nation>,
    at: &mut Lines,
) -> Result<BTreeMap<String, Province>, MapError> {
    let mut provinces: BTreeMap<String, Province> = BTreeMap::new();
    for line in lines {
        let (words, name) = fields_and_name(line, 4, FORM)?;
        let province = id(line, words[0], "province")?;
        if let Some(first) = at.provinces.get(province) {
            return Err(line.error(format!("two provinces have the id `{province}` (first at line {first})")));
        }
        let what = format!("province {province}");
        let Some(nation) = nations.get(words[1]) else {
            return Err(line.error(format!("{what}: unknown nation `{}`", words[1])));
        };
        let kinds = flags(line, words[2], &KINDS, &what)?;
        let status: Vec<&str> = kinds.iter().copied().filter(|k| ["home", "held", "district"].contains(k)).collect();
        let kind = match status.as_slice() {
            ["home"] => ProvinceKind::Home,
            ["held"] if nation.kind == NationKind::Major => ProvinceKind::Held,
            ["district"] if nation.kind == NationKind::Minor => ProvinceKind::District,
            ["held"] => {
                return Err(line.error(format!("{what}: a minor country has `district`s, not `held` provinces")))
            }
            ["district"] => {
                return Err(line.error(format!("{what}: a major power has `held` provinces, not `district`s")));
            }
            _ => return Err(line.error(format!("{what}: give exactly one of `home`, `held`, `district`"))),
        };
        let capital = id(line, words[3], &format!("{what}: capital area"))?;
        at.provinces.insert(province.to_string(), line.number);
        provinces.insert(
            province.to_string(),
            Province {
                id: province.to_string(),
                nation: nation.id.clone(),
                kind,
                polish: kinds.contains(&"polish"),
                border: kinds.contains(&"border"),
                capital: capital.to_string(),
                name: name.to_string(),
            },
        );
    }
    Ok(provinces)
}
