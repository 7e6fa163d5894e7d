//! `units [SIDE]`: each side's order of battle wherever the state holds its units: on the map
//! by hex, offshore, in holding boxes, in the cup or set-aside pool, on the turn record track
//! (arrivals and recycling returns, 8.2, 8.13), waiting for commitment (8.9), spent fleets
//! (10.2), waiting to be placed (3.0, 4.0), eliminated.

use super::hex::{unit_json, unit_line};
use crate::ctx::Ctx;
use crate::state::{Location, Side, State, UnitId};
use grognard_engine::{AidAnswer, RuleError};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A side named as a player may type it: its id (`french`), its name, or `first`/`second`.
pub fn side_named(ctx: &Ctx, word: &str) -> Result<Side, RuleError> {
    let w = word.trim().to_lowercase();
    Side::BOTH
        .into_iter()
        .find(|s| {
            ctx.rules.side_id(*s) == w
                || ctx.rules.side_name(*s).to_lowercase() == w
                || (w == "first" && *s == Side::First)
                || (w == "second" && *s == Side::Second)
        })
        .ok_or_else(|| {
            RuleError::new(
                "input",
                format!(
                    "no side `{word}` in {}: {} or {}",
                    ctx.rules.title(),
                    ctx.rules.side_id(Side::First),
                    ctx.rules.side_id(Side::Second)
                ),
            )
        })
}

/// Where a unit is, as a heading of the order of battle (sorted by these keys).
fn heading(l: &Location) -> (u8, String) {
    match l {
        Location::Hex(h) => (0, format!("hex {h}")),
        Location::Offshore { sea, target } => (1, format!("offshore in {sea}, to invade {target} (10.3)")),
        Location::Box(b) => (2, format!("box {b}")),
        Location::Pool => (3, "cup / set-aside pool (8.4, 8.5)".into()),
        Location::Track(t) => (4, format!("turn record track, turn {t:02} (8.2, 8.13)")),
        Location::Contingency => (5, "contingency, not committed (8.9)".into()),
        Location::ToPlace => (6, "to be placed (3.0, 4.0)".into()),
        Location::Spent => (7, "fleets spent this game turn (10.2)".into()),
        Location::Eliminated => (8, "eliminated".into()),
        Location::Unseen => (9, "on the map, beneath the top of a stack you cannot see into (7.7)".into()),
    }
}

fn side_block(ctx: &Ctx, state: &State, side: Side) -> (String, Value) {
    let mut groups: BTreeMap<(u8, String), (Location, Vec<UnitId>)> = BTreeMap::new();
    for (u, l) in &state.units {
        if ctx.side_of(u) == Some(side) {
            groups.entry(heading(l)).or_insert_with(|| (l.clone(), Vec::new())).1.push(u.clone());
        }
    }
    let mut text =
        format!("{} ({}): {} VP\n", ctx.rules.side_name(side), ctx.rules.side_id(side), state.vp[side.index()].total());
    let mut list = Vec::new();
    for ((_, title), (loc, units)) in &groups {
        // 7.7: a hex's counters this copy cannot name are counted with the stack.
        let hidden = loc.hex().map_or(0, |h| state.unseen_in(h, side));
        if hidden > 0 {
            text.push_str(&format!(
                "  {title} ({} counters, {hidden} of them unseen):\n",
                units.len() + usize::from(hidden)
            ));
        } else {
            text.push_str(&format!("  {title} ({}):\n", units.len()));
        }
        for u in units {
            text.push_str(&format!("    {}\n", unit_line(ctx, state, u)));
        }
        list.push(json!({"where": title, "location": loc,
            "units": units.iter().map(|u| unit_json(ctx, state, u)).collect::<Vec<_>>()}));
    }
    let count = groups.values().map(|(_, u)| u.len()).sum::<usize>();
    (text, json!({"side": ctx.rules.side_id(side), "name": ctx.rules.side_name(side), "count": count, "groups": list}))
}

/// The `units` aid's answer.
pub fn answer(ctx: &Ctx, state: &State, side: Option<&str>) -> Result<AidAnswer, RuleError> {
    let sides: Vec<Side> = match side {
        Some(word) => vec![side_named(ctx, word)?],
        None => Side::BOTH.to_vec(),
    };
    let mut text = String::new();
    let mut blocks = Vec::new();
    for s in sides {
        let (t, j) = side_block(ctx, state, s);
        text.push_str(&t);
        blocks.push(j);
    }
    Ok(AidAnswer { text, json: json!({"aid": "units", "turn": state.turn, "sides": blocks}) })
}
