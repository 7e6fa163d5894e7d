//! The terrain facts combat asks of the map: chart names of a hex's terrain and of a
//! hexside's barrier, and whether a riverine gunboat can pass between two hexes.

use crate::data::{Barrier as ChartBarrier, HexTerrain};
use grognard_board::{Barrier, HexId, Map, Terrain, WaterKind};

/// The chart terrain of a hex (`None` off the map).
pub fn hex_terrain(map: &Map, hex: HexId) -> Option<HexTerrain> {
    Some(match map.terrain(hex)? {
        Terrain::Clear => HexTerrain::Clear,
        Terrain::Forest => HexTerrain::Forest,
        Terrain::Swamp => HexTerrain::Swamp,
        Terrain::MudFlat => HexTerrain::Mud,
        Terrain::Hills => HexTerrain::Hills,
        Terrain::Desert => HexTerrain::Desert,
        Terrain::Water(w) => match map.water(w).kind {
            WaterKind::Sea => HexTerrain::Sea,
            WaterKind::Lake => HexTerrain::Lake,
        },
    })
}

/// The chart name of a map barrier.
pub fn chart_barrier(barrier: Barrier) -> Option<ChartBarrier> {
    ChartBarrier::from_name(barrier.word())
}

/// Is the hexside between `a` and its neighbour `b` a river, canal or lake hexside, or is
/// `b` an all-lake hex? (The waters a riverine gunboat follows, 9.13.)
fn water_edge(map: &Map, a: HexId, b: HexId) -> bool {
    let side = map.hexside(a, b).barrier;
    matches!(side, Some(Barrier::River | Barrier::Canal | Barrier::Lake))
        || map.terrain(b).and_then(Terrain::water).is_some_and(|w| map.water(w).kind == WaterKind::Lake)
}

/// Can a riverine gunboat pass from `a` to the adjacent hex `b` along water (9.13, 11.26)?
/// Either the hexside between them is water, or the water runs along both hexes past the
/// corner they share with a third hex (both border that hex across water, or it is a lake).
pub fn water_link(map: &Map, a: HexId, b: HexId) -> bool {
    if !a.is_adjacent(b) {
        return false;
    }
    if matches!(map.hexside(a, b).barrier, Some(Barrier::River | Barrier::Canal | Barrier::Lake)) {
        return true;
    }
    a.neighbours().map(|(_, c)| c).filter(|c| c.is_adjacent(b)).any(|c| water_edge(map, a, c) && water_edge(map, b, c))
}
