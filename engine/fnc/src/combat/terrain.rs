//! The terrain fact combat asks of the map besides the chart terrain (`HexTerrain::of_hex`):
//! whether a riverine gunboat can pass between two hexes (by the game's RCLM courses).

use crate::ctx::Ctx;
use grognard_board::HexId;

/// Can a riverine gunboat pass from `a` to the adjacent hex `b`? Only along the water its
/// game's RCLM may follow (9.13-9.15: gunboats move only by RCLM; 11.26: they attack only where
/// they could move): across a qualifying hexside, or along one past a corner.
pub fn gunboat_link(ctx: &Ctx, a: HexId, b: HexId) -> bool {
    ctx.river_courses().step(a, b)
}
