//! The cost of one step of ground movement (9.8-9.12, 9.16-9.20), from the charts.

use crate::ctx::Ctx;
use crate::data::{Cost, HexTerrain, Turn};
use grognard_board::{HexId, Terrain};
use grognard_engine::RuleError;

/// The chart terrain of a hex, `None` off the map.
pub fn hex_terrain(ctx: &Ctx, hex: HexId) -> Option<HexTerrain> {
    HexTerrain::of_hex(&ctx.map, hex)
}

/// Is `hex` an all-water hex (9.13, 9.18: no unit ends its move there)?
pub fn is_water(ctx: &Ctx, hex: HexId) -> bool {
    matches!(ctx.map.terrain(hex), Some(Terrain::Water(_)))
}

/// One step's cost and how it was reckoned, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepCost {
    /// Half movement points.
    pub half_mp: u16,
    /// How: "road", or the terrain entered and the hexside crossed.
    pub why: String,
}

/// The cost of moving from `from` into the adjacent `to` during `turn`: along a road 0.5 MP
/// and no water cost (9.19); otherwise the terrain's entry cost plus any water barrier's
/// crossing cost (9.12, 9.20), with the seasons and the flood taken from the charts (9.16,
/// 9.17, 9.18).
pub fn step_cost(ctx: &Ctx, turn: &Turn, from: HexId, to: HexId) -> Result<StepCost, RuleError> {
    if !from.is_adjacent(to) {
        return Err(RuleError::new("9.1", format!("{to} is not adjacent to {from}: units move hex by hex")));
    }
    let Some(terrain) = hex_terrain(ctx, to) else {
        return Err(RuleError::new("9.21", format!("{to} is not on the map")));
    };
    let side = ctx.map.hexside(from, to);
    if side.road {
        return Ok(StepCost { half_mp: ctx.charts.road_cost(), why: "road".into() });
    }
    let entry = ctx.charts.entry_cost(terrain, turn);
    let Some(entry_half) = entry.half_mp() else {
        return Err(RuleError::new("9.9", format!("{to} ({}) may not be entered", terrain.name())));
    };
    let mut why = format!("{} {}", terrain.name(), show(entry_half));
    let mut total = entry_half;
    if let Some(barrier) = side.barrier {
        let kind = barrier;
        let crossing = ctx.charts.crossing_cost(kind, side.name.as_deref(), turn);
        match crossing {
            Cost::HalfMp(extra) => {
                total += extra;
                let name = side.name.as_deref().map(|n| format!(" ({n})")).unwrap_or_default();
                why.push_str(&format!(" + {}{name} hexside {}", kind.word(), show(extra)));
            }
            Cost::Prohibited => {
                return Err(RuleError::new(
                    "9.12",
                    format!("the {} hexside {from}/{to} may not be crossed", kind.word()),
                ))
            }
        }
    }
    Ok(StepCost { half_mp: total, why })
}

/// Half movement points as people write them: `3`, `0.5`, `1.5`.
pub fn show(half: u16) -> String {
    if half & 1 == 0 {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}
