//! `reach UNITS`: every hex a stack can reach by ground movement this phase (9.0), with its
//! cheapest cost and one cheapest path, as found by [`crate::movement::reach::search`] (the
//! movement checks of `move` itself, never a copy); then where it can go by river (9.13, the
//! shortest path to each hex) and by sea (10.3), by the checks of `river` and `sail`.

use crate::ctx::Ctx;
use crate::movement::cost::show;
use crate::movement::legal::MAX_PATHS;
use crate::movement::reach::{river_destinations, sea_destinations, search, Reach};
use crate::state::{Location, State, UnitId};
use grognard_engine::{AidAnswer, RuleError};
use serde_json::json;

fn place(l: &Location) -> String {
    match l {
        Location::Hex(h) => h.to_string(),
        Location::Box(b) => format!("box {b}"),
        other => format!("{other:?}"),
    }
}

/// The `reach` aid's answer.
pub fn answer(ctx: &Ctx, state: &State, units: &[UnitId]) -> Result<AidAnswer, RuleError> {
    let side = units.first().and_then(|u| ctx.side_of(u)).unwrap_or(state.phasing);
    let river = river_destinations(ctx, state, side, units, MAX_PATHS);
    let sea = sea_destinations(ctx, state, side, units);
    let r = match search(ctx, state, side, units) {
        Ok(r) => r,
        // A stack that may not move by land (gunboats, 9.13) may still go by river or sea.
        Err(e) if river.is_empty() && sea.is_empty() => return Err(e),
        Err(_) => Reach {
            side,
            units: units.to_vec(),
            start: units.first().and_then(|u| state.location(u)).cloned().unwrap_or(Location::Eliminated),
            allowance: 0,
            spent: 0,
            hexes: Vec::new(),
        },
    };
    let left = r.allowance.saturating_sub(r.spent);
    let mut text = format!(
        "{} from {}: {} MP left of {} (9.7: the slowest unit's); {} hex(es) reachable by ground movement this phase\n\
         (cheapest cost first; among equal costs the path whose hex ids come first; `move UNITS HEX` takes that path)\n",
        units.join(","),
        place(&r.start),
        show(left),
        show(r.allowance),
        r.hexes.len()
    );
    let mut by_cost = r.hexes.clone();
    by_cost.sort_by(|a, b| (a.cost, &a.path).cmp(&(b.cost, &b.path)));
    for h in &by_cost {
        text.push_str(&format!(
            "  {}  {:>4} MP  {}\n",
            h.hex,
            show(h.cost),
            h.path.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        ));
    }
    if !river.is_empty() {
        text.push_str(&format!(
            "{} hex(es) by river, canal and lake movement (9.13: the whole move, up to 20 hexes; the shortest path):\n",
            river.len()
        ));
        for p in &river {
            let hexes: Vec<String> = p.iter().map(|h| h.to_string()).collect();
            text.push_str(&format!(
                "  {}  {:>2} hexes  {}\n",
                hexes.last().map_or("", String::as_str),
                p.len(),
                hexes.join(" ")
            ));
        }
    }
    if !sea.is_empty() {
        let hexes: Vec<String> = sea.iter().map(|h| h.to_string()).collect();
        text.push_str(&format!("{} coastal hex(es) by sea (10.3, `sail UNITS HEX`): {}\n", sea.len(), hexes.join(" ")));
    }
    let json = json!({
        "aid": "reach", "side": ctx.rules.side_id(side), "side_index": side.index(), "units": units,
        "from": r.start, "from_hex": r.start.hex(),
        "allowance": show(r.allowance), "spent": show(r.spent), "left": show(left),
        "tie_rule": "cheapest cost, then the lexicographically smallest sequence of hex ids",
        "count": r.hexes.len(),
        "hexes": r.hexes.iter().map(|h| json!({"hex": h.hex, "cost": show(h.cost), "half_mp": h.cost, "path": h.path})).collect::<Vec<_>>(),
        "river": river.iter().map(|p| json!({"hex": p.last(), "hexes": p.len(), "path": p})).collect::<Vec<_>>(),
        "sea": sea,
    });
    Ok(AidAnswer { text, json })
}
