//! `hex HHHH`: everything about one hex: its units (with their factors and what they did this
//! phase), control, terrain, each hexside's features, the locale and its fortress.

use crate::ctx::Ctx;
use crate::data::HexTerrain;
use crate::stacking;
use crate::state::{Location, Side, State};
use grognard_board::{HexId, Terrain};
use grognard_engine::{AidAnswer, RuleError};
use serde_json::{json, Value};

/// One unit as the aids describe it.
pub fn unit_json(ctx: &Ctx, state: &State, unit: &str) -> Value {
    let Some(c) = ctx.counter(unit) else { return json!({"id": unit}) };
    json!({
        "id": unit, "name": c.name, "type": c.kind.name(), "size": c.size.symbol(),
        "factors": c.factors_text(), "attack": c.attack, "defense": c.defense, "movement": c.movement,
        "side": c.side, "nation": c.nation, "division": c.division,
        "moved": state.book.moved.get(unit).map(|m| crate::movement::cost::show(m.spent)),
        "attacked": state.book.attacked_units.contains(unit),
    })
}

/// One unit in a line: `fr-1-1 1st Bde (infantry, 4-4-6, french)`.
pub fn unit_line(ctx: &Ctx, state: &State, unit: &str) -> String {
    let Some(c) = ctx.counter(unit) else { return unit.to_string() };
    let mut s = format!("{unit} {} ({} {}, {}, {}", c.name, c.size.symbol(), c.kind.name(), c.factors_text(), c.side);
    if let Some(d) = &c.division {
        s.push_str(&format!(", division {d}"));
    }
    s.push(')');
    if let Some(m) = state.book.moved.get(unit) {
        s.push_str(&format!(" moved {} MP this phase", crate::movement::cost::show(m.spent)));
    }
    if state.book.attacked_units.contains(unit) {
        s.push_str(" attacked this player turn");
    }
    s
}

/// The terrain of a hex in words: `hills`, or the water's name.
pub fn terrain_name(ctx: &Ctx, hex: HexId) -> String {
    match ctx.map.terrain(hex) {
        Some(Terrain::Water(w)) => format!("all-water ({})", ctx.map.water(w).name),
        Some(_) => HexTerrain::of_hex(&ctx.map, hex).map_or_else(|| "land".to_string(), |t| t.name().to_string()),
        None => "off the map".to_string(),
    }
}

/// The `hex` aid's answer.
pub fn answer(ctx: &Ctx, state: &State, hex: HexId) -> Result<AidAnswer, RuleError> {
    if !ctx.map.on_map(hex) {
        return Err(RuleError::new("2.2", format!("{hex} is not a hex of the {} map", ctx.rules.title())));
    }
    let units: Vec<&String> = state.units_in(hex);
    let offshore: Vec<&String> = state
        .units
        .iter()
        .filter(|(_, l)| matches!(l, Location::Offshore { target, .. } if *target == hex))
        .map(|(u, _)| u)
        .collect();
    let control = state.control.get(&hex).copied().or_else(|| ctx.occupant(state, hex));
    let locale = ctx.map.locale(hex);
    let fortress = locale.filter(|l| l.fortress).map(|_| {
        if stacking::intact_fortress(ctx, state, hex) {
            "intact"
        } else {
            "destroyed (Fort De, 13.4)"
        }
    });
    let mut sides = Vec::new();
    let mut side_lines = Vec::new();
    for (dir, n) in hex.neighbours() {
        if !ctx.map.on_map(n) {
            continue;
        }
        let info = ctx.map.hexside(hex, n);
        let mut words = Vec::new();
        if let Some(b) = info.barrier {
            words.push(match &info.name {
                Some(name) => format!("{} ({name})", b.word()),
                None => b.word().to_string(),
            });
        }
        if info.road {
            words.push("road".into());
        }
        if let Some(b) = &info.border {
            words.push(if b.is_empty() { "border".into() } else { format!("border {b}") });
        }
        side_lines.push(format!(
            "    {} to {n} ({}): {}",
            format!("{dir:?}").to_uppercase(),
            terrain_name(ctx, n),
            if words.is_empty() { "open".to_string() } else { words.join(", ") }
        ));
        sides.push(json!({"direction": dir, "to": n, "terrain": terrain_name(ctx, n),
            "barrier": info.barrier.map(|b| b.word()), "water": info.name, "road": info.road, "border": info.border}));
    }
    let sources: Vec<&str> = ctx.map.source_sides().into_iter().filter(|s| ctx.map.sources(s).contains(&hex)).collect();
    let mut text = format!("Hex {hex}: {}", terrain_name(ctx, hex));
    if let Some(l) = locale {
        let kinds: Vec<&str> =
            [(l.town, "town"), (l.city, "city"), (l.port, "port"), (l.fortress, "fortress"), (l.ruins, "ruins")]
                .into_iter()
                .filter(|(on, _)| *on)
                .map(|(_, k)| k)
                .collect();
        text.push_str(&format!(", {} ({}, {} VP)", l.name, kinds.join(", "), l.vp));
    }
    if let Some(r) = ctx.map.region(hex) {
        text.push_str(&format!(", region {r}"));
    }
    text.push('\n');
    if let Some(f) = fortress {
        text.push_str(&format!("  fortress: {f}\n"));
    }
    if state.looted.contains(&hex) {
        text.push_str("  looted by the SC (14.3)\n");
    }
    text.push_str(&format!("  control: {}\n", control.map_or("nobody", |s| ctx.rules.side_name(s))));
    if !sources.is_empty() {
        text.push_str(&format!("  supply source of: {}\n", sources.join(", ")));
    }
    text.push_str(&format!("  stacking limit {} (7.1)\n", stacking::limit(ctx, state, hex)));
    // 7.7: the counters of a stack this copy cannot name, beneath its top.
    let unseen: Vec<(Side, u8)> =
        Side::BOTH.into_iter().map(|s| (s, state.unseen_in(hex, s))).filter(|(_, n)| *n > 0).collect();
    if units.is_empty() && unseen.is_empty() {
        text.push_str("  no unit\n");
    }
    for u in &units {
        text.push_str(&format!("  {}\n", unit_line(ctx, state, u)));
    }
    for (s, n) in &unseen {
        text.push_str(&format!(
            "  and {n} {} counter{} beneath the top that you cannot see (7.7: an attack opens the stack)\n",
            ctx.rules.side_name(*s),
            if *n == 1 { "" } else { "s" }
        ));
    }
    for u in &offshore {
        text.push_str(&format!("  offshore, to invade (10.3): {}\n", unit_line(ctx, state, u)));
    }
    text.push_str("  hexsides:\n");
    text.push_str(&side_lines.join("\n"));
    text.push('\n');
    let json = json!({
        "aid": "hex", "hex": hex, "terrain": terrain_name(ctx, hex),
        "locale": locale.map(|l| json!({"name": l.name, "vp": l.vp, "town": l.town, "city": l.city,
            "port": l.port, "fortress": l.fortress, "ruins": l.ruins})),
        "fortress": fortress, "looted": state.looted.contains(&hex),
        "region": ctx.map.region(hex),
        "control": control.map(|s| ctx.rules.side_id(s)),
        "supply_source_of": sources,
        "stacking_limit": stacking::limit(ctx, state, hex),
        "units": units.iter().map(|u| unit_json(ctx, state, u)).collect::<Vec<_>>(),
        "unseen": unseen.iter().map(|(s, n)| json!({"side": ctx.rules.side_id(*s), "count": n})).collect::<Vec<_>>(),
        "offshore": offshore.iter().map(|u| unit_json(ctx, state, u)).collect::<Vec<_>>(),
        "hexsides": sides,
    });
    Ok(AidAnswer { text, json })
}
