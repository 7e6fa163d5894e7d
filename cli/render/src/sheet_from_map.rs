//! A `Sheet` read off a `grognard_board::Map`.

use crate::sheet::{Ground, NamedLine, OffMapBox, Place, Sheet, SideKind, SideLine};
use grognard_board::{Map, North, Terrain, WaterKind};
use std::collections::BTreeMap;

fn ground(map: &Map, terrain: Terrain) -> Ground {
    match terrain {
        Terrain::Clear => Ground::Clear,
        Terrain::Forest => Ground::Forest,
        Terrain::Swamp => Ground::Swamp,
        Terrain::MudFlat => Ground::MudFlat,
        Terrain::Hills => Ground::Hills,
        Terrain::Desert => Ground::Desert,
        Terrain::Water(id) => {
            let body = map.water(id);
            Ground::Water { body: body.name.clone(), lake: body.kind == WaterKind::Lake }
        }
    }
}

/// Everything the pictures draw of `map`.
pub fn sheet(map: &Map) -> Sheet {
    let hexes = map.hexes().filter_map(|h| map.terrain(h).map(|t| (h, ground(map, t)))).collect();
    let mut sides = Vec::new();
    let mut named: BTreeMap<(SideKind, String), Vec<grognard_board::Hexside>> = BTreeMap::new();
    for (side, info) in map.hexsides() {
        if info.border.is_some() {
            sides.push(SideLine { side, kind: SideKind::Border });
        }
        if let Some(barrier) = info.barrier {
            let kind = SideKind::Barrier(barrier);
            sides.push(SideLine { side, kind });
            if let Some(name) = &info.name {
                named.entry((kind, name.clone())).or_default().push(side);
            }
        }
    }
    let named_lines = named.into_iter().map(|((kind, name), sides)| NamedLine { name, kind, sides }).collect();
    let places = map
        .locales()
        .map(|l| Place {
            hex: Some(l.hex),
            name: l.name.clone(),
            vp: u32::from(l.vp),
            town: l.town,
            city: l.city,
            port: l.port,
            fortress: l.fortress,
            ruins: l.ruins,
        })
        .collect();
    let boxes = map
        .boxes()
        .iter()
        .map(|b| OffMapBox { id: b.id.clone(), name: b.name.clone(), entry: b.entry.clone() })
        .collect();
    Sheet {
        title: map.title.clone(),
        north_right: map.north == North::Right,
        hexes,
        sides,
        named_lines,
        roads: map.roads().iter().map(|r| r.hexes.clone()).collect(),
        places,
        boxes,
    }
}
