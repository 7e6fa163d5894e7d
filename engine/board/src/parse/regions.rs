//! The `[regions]` section: named regions grown from seed hexes by flood fill.

use super::hexes::HexReader;
use super::sections::{labelled, Line};
use crate::map::SideRecord;
use crate::{Barrier, HexId, Hexside, MapError, Terrain};
use std::collections::BTreeMap;

/// The regions in file order and the region index of every land hex.
pub(crate) struct Regions {
    pub names: Vec<String>,
    pub region_of: BTreeMap<HexId, usize>,
}

/// Reads `Name: seed hexes` lines and floods each region from its seeds over land hexes,
/// never across `border` or `sea` hexsides. Every land hex must end in exactly one region.
/// `end_line` is where a missing-region error points when no line is to blame.
pub(crate) fn parse(
    lines: &[Line],
    hexes: &HexReader,
    sides: &BTreeMap<Hexside, SideRecord>,
    end_line: usize,
) -> Result<Regions, MapError> {
    let mut names: Vec<String> = Vec::new();
    let mut region_of: BTreeMap<HexId, usize> = BTreeMap::new();
    for line in lines {
        let (name, seeds) = labelled(line, "region name")?;
        if names.iter().any(|n| n == name) {
            return Err(line.error(format!("two regions are named `{name}`")));
        }
        let index = names.len();
        names.push(name.to_string());
        for seed in hexes.land_list(line, seeds, &format!("region {name}"))? {
            flood(seed, index, hexes.terrain, sides, &mut region_of)
                .map_err(|(hex, other)| line.error(clash(name, &names[other], hex)))?;
        }
    }
    if let Some(lost) = hexes.terrain.iter().find(|(h, t)| t.is_land() && !region_of.contains_key(h)).map(|(h, _)| h) {
        let count = hexes.terrain.iter().filter(|(h, t)| t.is_land() && !region_of.contains_key(h)).count();
        let line = lines.last().map_or(end_line, |l| l.number);
        return Err(MapError::new(
            line,
            format!("{count} land hex(es) belong to no region, first {lost}: add a seed to [regions]"),
        ));
    }
    Ok(Regions { names, region_of })
}

fn clash(name: &str, other: &str, hex: HexId) -> String {
    format!("regions {other} and {name} both reach hex {hex}: a border or sea hexside is missing between them")
}

/// Floods region `index` from `seed`. A seed already inside this region adds nothing; reaching
/// a hex of another region is an error `(hex, other region)`.
fn flood(
    seed: HexId,
    index: usize,
    terrain: &BTreeMap<HexId, Terrain>,
    sides: &BTreeMap<Hexside, SideRecord>,
    region_of: &mut BTreeMap<HexId, usize>,
) -> Result<(), (HexId, usize)> {
    match region_of.get(&seed) {
        Some(other) if *other != index => return Err((seed, *other)),
        Some(_) => return Ok(()),
        None => {}
    }
    region_of.insert(seed, index);
    let mut stack = vec![seed];
    while let Some(hex) = stack.pop() {
        for (_, next) in hex.neighbours() {
            if !terrain.get(&next).is_some_and(|t| t.is_land()) || stops_regions(hex, next, sides) {
                continue;
            }
            match region_of.get(&next) {
                Some(other) if *other != index => return Err((next, *other)),
                Some(_) => {}
                None => {
                    region_of.insert(next, index);
                    stack.push(next);
                }
            }
        }
    }
    Ok(())
}

/// Whether the hexside between `a` and `b` stops a region: a border or open sea.
fn stops_regions(a: HexId, b: HexId, sides: &BTreeMap<Hexside, SideRecord>) -> bool {
    Hexside::between(a, b)
        .and_then(|s| sides.get(&s))
        .is_some_and(|r| r.border.is_some() || r.barrier == Some(Barrier::Sea))
}
