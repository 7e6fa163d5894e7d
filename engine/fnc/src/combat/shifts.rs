//! The column shifts of a battle (11.5): terrain in and around the defender's hex (11.6,
//! 16.0 3A), engineers (11.7, 10.8), concentric attack (11.9) and ferocity (5.3).

use super::concentric::is_concentric;
use super::declare::Declared;
use super::odds::Shift;
use crate::ctx::Ctx;
use crate::data::{HexTerrain, UnitType};
use crate::state::{State, UnitId};

/// Every shift that applies to a declared attack, with its cause, and the engineer that
/// earned the engineer shift (it goes first in the losses, 11.7).
pub fn shifts(ctx: &Ctx, state: &State, d: &Declared) -> (Vec<Shift>, Option<UnitId>) {
    let mut out = Vec::new();
    let Some(turn) = ctx.turn(state.turn) else { return (out, None) };
    // 11.6: the defender's hex.
    if let Some(terrain) = HexTerrain::of_hex(&ctx.map, d.hex) {
        let n = ctx.charts.terrain_shift(terrain, turn);
        if n != 0 {
            out.push(Shift::new(format!("11.6 defender in {terrain}"), i32::from(n)));
        }
    }
    // 11.6, 16.0 3A: a hexside shift only when every attacker attacks across that kind of
    // hexside. An invasion force comes from the sea and crosses no barrier.
    if d.invasion.is_empty() && !d.land_from.is_empty() {
        let sides: Vec<_> = d.land_from.iter().map(|(_, at)| ctx.map.hexside(*at, d.hex)).collect();
        let first = sides[0].barrier;
        if let Some(barrier) = first.filter(|_| sides.iter().all(|s| s.barrier == first)) {
            let same_name = sides.iter().all(|s| s.name == sides[0].name);
            let name = if same_name { sides[0].name.as_deref() } else { None };
            let n = ctx.charts.all_across_shift(barrier, name, turn);
            if n != 0 {
                out.push(Shift::new(
                    format!("11.6 every attacker across a {} hexside (16.0 3A)", barrier.word()),
                    i32::from(n),
                ));
            }
        }
    }
    // 11.7: engineers against an intact fortress, one shift at most; 10.8: not from an
    // engineer in an amphibious invasion.
    let engineer = if d.fortress {
        d.land_from
            .iter()
            .map(|(u, _)| u)
            .find(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Engineers))
            .cloned()
    } else {
        None
    };
    if let Some(e) = &engineer {
        out.push(Shift::new(format!("11.7 engineers ({e}) against an intact fortress"), 1));
    }
    // 11.9: concentric attack, never against an intact fortress, only for one side; the
    // fleets' positions never count (an invasion force's sea hex does: it holds units).
    if !d.fortress && ctx.rules.concentric_side() == d.side && is_concentric(d.hex, &d.from) {
        out.push(Shift::new("11.9 concentric attack", 1));
    }
    // 5.3: ferocity.
    let rules = ctx.rules;
    let all: u32 = d.attackers.iter().filter_map(|u| ctx.counter(u)).filter_map(|c| c.attack).map(u32::from).sum();
    let fierce: u32 = d
        .attackers
        .iter()
        .filter_map(|u| ctx.counter(u))
        .filter(|c| rules.ferocious(c))
        .filter_map(|c| c.attack)
        .map(u32::from)
        .sum();
    if rules.ferocity(d.side, state.turn, (fierce, all)) {
        out.push(Shift::new("5.3 Mameluke ferocity on game turn 1", 1));
    }
    (out, engineer)
}
