//! The terrain facts combat asks of the map: the chart name of a hex's terrain, and whether a riverine gunboat can pass between two hexes (by the
//! game's RCLM courses).

use crate::ctx::Ctx;
use crate::data::HexTerrain;
use grognard_board::{HexId, Map, Terrain, WaterKind};

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

/// Can a riverine gunboat pass from `a` to the adjacent hex `b`? Only along the water its
/// game's RCLM may follow (9.13-9.15: gunboats move only by RCLM; 11.26: they attack only where
/// they could move): across a qualifying hexside, or along one past a corner.
pub fn gunboat_link(ctx: &Ctx, a: HexId, b: HexId) -> bool {
    ctx.river_courses().step(a, b)
}
