//! `reach UNITS`: every hex a stack can reach by ground movement this phase (9.0), with its
//! cheapest cost and one cheapest path, as found by [`crate::movement::reach::search`] (the
//! movement checks of `move` itself, never a copy).

use crate::ctx::Ctx;
use crate::movement::cost::show;
use crate::movement::reach::search;
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
    let r = search(ctx, state, side, units)?;
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
    let json = json!({
        "aid": "reach", "side": ctx.rules.side_id(side), "side_index": side.index(), "units": units,
        "from": r.start, "from_hex": r.start.hex(),
        "allowance": show(r.allowance), "spent": show(r.spent), "left": show(left),
        "tie_rule": "cheapest cost, then the lexicographically smallest sequence of hex ids",
        "count": r.hexes.len(),
        "hexes": r.hexes.iter().map(|h| json!({"hex": h.hex, "cost": show(h.cost), "half_mp": h.cost, "path": h.path})).collect::<Vec<_>>(),
    });
    Ok(AidAnswer { text, json })
}
