//! Bad input for the no-panic tests: legal commands with a field spoiled (unknown, enemy,
//! eliminated or repeated unit ids, empty lists, hexes off the map or at sea, absurd
//! paths), random JSON values and JSON with huge numbers, and random command text.

use super::random::{below, one_in};
use grognard_board::HexId;
use grognard_fnc::command::{CommandKind, Place, RetreatPath};
use grognard_fnc::state::Location;
use grognard_fnc::{Command, Ctx, State, UnitId};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

fn one_of<T: Clone>(rng: &mut ChaCha8Rng, items: &[T], fallback: T) -> T {
    if items.is_empty() {
        fallback
    } else {
        items[below(rng, items.len())].clone()
    }
}

/// A unit id that is wrong in some way: unknown, empty, odd text, or a real unit that is
/// wrong here (the enemy's, an eliminated one, one not on the map).
pub fn bad_unit(ctx: &Ctx, state: &State, rng: &mut ChaCha8Rng) -> UnitId {
    let all: Vec<UnitId> = state.units.keys().cloned().collect();
    let off_map: Vec<UnitId> = state.units.iter().filter(|(_, l)| l.hex().is_none()).map(|(u, _)| u.clone()).collect();
    let eliminated: Vec<UnitId> =
        state.units.iter().filter(|(_, l)| **l == Location::Eliminated).map(|(u, _)| u.clone()).collect();
    let counters: Vec<UnitId> = ctx.counters.iter().map(|c| c.id.clone()).collect();
    match rng.next_u32() % 9 {
        0 => "no-such-unit".into(),
        1 => String::new(),
        2 => "fr-1-1 fr-1-2".into(),
        3 => "\u{0}\u{fffd}é,;".into(),
        4 => "x".repeat(10_000),
        5 => one_of(rng, &off_map, "pool-unit".into()),
        6 => one_of(rng, &eliminated, "dead-unit".into()),
        7 => one_of(rng, &counters, "counter".into()),
        _ => one_of(rng, &all, "any".into()),
    }
}

/// A hex that is wrong in some way: off the map, the grid's corners, at sea, or a real
/// land hex far from anything.
pub fn bad_hex(ctx: &Ctx, rng: &mut ChaCha8Rng) -> HexId {
    let seas: Vec<HexId> = ctx.map.hexes().filter(|h| !ctx.map.is_land(*h)).collect();
    let land: Vec<HexId> = ctx.map.land_hexes().collect();
    let grid = |c: u8, r: u8| HexId::new(c, r).unwrap_or_else(|| panic!("{c:02}{r:02} is on the grid"));
    match rng.next_u32() % 6 {
        0 => grid(0, 0),
        1 => grid(99, 99),
        2 => grid((rng.next_u32() % 100) as u8, (rng.next_u32() % 100) as u8),
        3 => one_of(rng, &seas, grid(0, 1)),
        _ => one_of(rng, &land, grid(1, 0)),
    }
}

fn spoil_units(ctx: &Ctx, state: &State, units: &[UnitId], rng: &mut ChaCha8Rng) -> Vec<UnitId> {
    let mut out = units.to_vec();
    match rng.next_u32() % 6 {
        0 => out.clear(),
        1 => {
            if let Some(u) = out.first().cloned() {
                out.push(u);
            }
        }
        2 => out.push(bad_unit(ctx, state, rng)),
        3 => {
            if !out.is_empty() {
                let i = below(rng, out.len());
                out[i] = bad_unit(ctx, state, rng);
            }
        }
        4 => out = state.units.keys().cloned().collect(),
        _ => out.reverse(),
    }
    out
}

fn spoil_path(ctx: &Ctx, path: &[HexId], rng: &mut ChaCha8Rng) -> Vec<HexId> {
    let mut out = path.to_vec();
    match rng.next_u32() % 7 {
        0 => out.clear(),
        1 => {
            let h = bad_hex(ctx, rng);
            out.push(h);
        }
        2 => {
            if !out.is_empty() {
                let i = below(rng, out.len());
                out[i] = bad_hex(ctx, rng);
            }
        }
        3 => {
            if let Some(h) = out.first().copied() {
                out.insert(0, h);
            }
        }
        4 => {
            let h = out.first().copied().unwrap_or_else(|| bad_hex(ctx, rng));
            out = (0..200).map(|i| if i % 2 == 0 { h } else { bad_hex(ctx, rng) }).collect();
        }
        5 => out.reverse(),
        _ => {
            // A long walk that goes back and forth between two neighbours.
            if let Some(h) = out.last().copied() {
                if let Some((_, n)) = h.neighbours().next() {
                    out.extend((0..40).map(|i| if i % 2 == 0 { n } else { h }));
                }
            }
        }
    }
    out
}

/// A legal command with one field spoiled.
pub fn mutate(ctx: &Ctx, state: &State, command: &Command, rng: &mut ChaCha8Rng) -> Command {
    let mut c = command.clone();
    match &mut c {
        Command::Place { unit, hex } => {
            if one_in(rng, 2) {
                *unit = bad_unit(ctx, state, rng);
            } else {
                *hex = bad_hex(ctx, rng);
            }
        }
        Command::Enter { unit, to } => match rng.next_u32() % 4 {
            0 => *unit = bad_unit(ctx, state, rng),
            1 => *to = Place::Hex(bad_hex(ctx, rng)),
            2 => *to = Place::Box("nowhere".into()),
            _ => *to = Place::Box(String::new()),
        },
        Command::Commit { division } => *division = bad_unit(ctx, state, rng),
        Command::Move { units, path, .. } | Command::River { units, path } => {
            if one_in(rng, 2) {
                *units = spoil_units(ctx, state, units, rng);
            } else {
                *path = spoil_path(ctx, path, rng);
            }
        }
        Command::Sail { units, to } => {
            if one_in(rng, 2) {
                *units = spoil_units(ctx, state, units, rng);
            } else {
                *to = bad_hex(ctx, rng);
            }
        }
        Command::Fleet { fleet, to } => {
            if one_in(rng, 2) {
                *fleet = bad_unit(ctx, state, rng);
            } else {
                *to = bad_hex(ctx, rng);
            }
        }
        Command::Attack { attackers, defender, fleets, .. } => match rng.next_u32() % 3 {
            0 => *attackers = spoil_units(ctx, state, attackers, rng),
            1 => *defender = bad_hex(ctx, rng),
            _ => *fleets = spoil_units(ctx, state, fleets, rng),
        },
        Command::Batch { attacks, .. } => match rng.next_u32() % 4 {
            0 => attacks.truncate(1),
            1 => {
                if let Some(a) = attacks.first().cloned() {
                    attacks.push(a);
                }
            }
            2 => {
                for a in attacks.iter_mut() {
                    a.attackers = spoil_units(ctx, state, &a.attackers, rng);
                }
            }
            _ => {
                for a in attacks.iter_mut() {
                    a.defender = bad_hex(ctx, rng);
                }
            }
        },
        Command::Lose { units } | Command::Advance { units } | Command::Remove { units } => {
            *units = spoil_units(ctx, state, units, rng)
        }
        Command::Retreat { groups } => match rng.next_u32() % 4 {
            0 => groups.clear(),
            1 => {
                if let Some(g) = groups.first().cloned() {
                    groups.push(g);
                }
            }
            2 => {
                for g in groups.iter_mut() {
                    g.units = spoil_units(ctx, state, &g.units, rng);
                }
            }
            _ => {
                for g in groups.iter_mut() {
                    g.path = spoil_path(ctx, &g.path, rng);
                }
            }
        },
        Command::Show { hexes } => *hexes = vec![bad_hex(ctx, rng)],
        Command::Moved { top, .. } => *top = bad_unit(ctx, state, rng),
        Command::Historical | Command::Roll | Command::End => {
            // Commands without fields: send another kind with fields instead.
            let unit = bad_unit(ctx, state, rng);
            let hex = bad_hex(ctx, rng);
            c = match rng.next_u32() % 5 {
                0 => Command::Move { units: vec![unit], path: vec![hex], from: None, left_top: None },
                1 => Command::Attack { attackers: vec![unit], defender: hex, fleets: Vec::new(), from: Vec::new() },
                2 => Command::Retreat { groups: vec![RetreatPath { units: vec![unit], path: vec![hex] }] },
                3 => Command::Place { unit, hex },
                _ => Command::Remove { units: vec![unit] },
            };
        }
    }
    c
}

/// A random JSON value of depth at most `depth`, with a bias toward the shapes of commands.
pub fn random_json(rng: &mut ChaCha8Rng, depth: u32) -> Value {
    let leaf = |rng: &mut ChaCha8Rng| -> Value {
        match rng.next_u32() % 12 {
            0 => Value::Null,
            1 => json!(one_in(rng, 2)),
            2 => json!(rng.next_u64()),
            3 => json!(-(rng.next_u32() as i64)),
            4 => json!(1e308),
            5 => json!(u64::MAX),
            6 => json!("1127"),
            7 => json!("99999"),
            8 => json!("fr-1-1"),
            9 => json!(""),
            10 => json!("ü\u{0}\n;,"),
            _ => json!(format!("{:04}", rng.next_u32() % 10_000)),
        }
    };
    if depth == 0 {
        return leaf(rng);
    }
    const FIELDS: [&str; 13] = [
        "unit",
        "units",
        "hex",
        "to",
        "path",
        "fleet",
        "fleets",
        "attackers",
        "defender",
        "groups",
        "division",
        "box",
        "x",
    ];
    match rng.next_u32() % 5 {
        0 => leaf(rng),
        1 => Value::Array((0..below(rng, 4)).map(|_| random_json(rng, depth - 1)).collect()),
        2 => json!(tag(rng)),
        3 => {
            let mut fields = Map::new();
            for _ in 0..below(rng, 4) {
                fields.insert(FIELDS[below(rng, FIELDS.len())].to_string(), random_json(rng, depth - 1));
            }
            let mut outer = Map::new();
            outer.insert(tag(rng).to_string(), Value::Object(fields));
            Value::Object(outer)
        }
        _ => {
            let mut fields = Map::new();
            for _ in 0..below(rng, 3) {
                fields.insert(FIELDS[below(rng, FIELDS.len())].to_string(), random_json(rng, depth - 1));
            }
            Value::Object(fields)
        }
    }
}

/// A JSON value with one of its leaves (or the whole) replaced by a random value.
pub fn mutate_json(value: &Value, rng: &mut ChaCha8Rng) -> Value {
    match value {
        Value::Object(map) if !map.is_empty() && !one_in(rng, 4) => {
            let mut map = map.clone();
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = keys[below(rng, keys.len())].clone();
            match rng.next_u32() % 5 {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    map.insert(format!("{key}_extra"), random_json(rng, 2));
                }
                _ => {
                    let inner = map.get(&key).cloned().unwrap_or(Value::Null);
                    map.insert(key, mutate_json(&inner, rng));
                }
            }
            Value::Object(map)
        }
        Value::Array(items) if !items.is_empty() && !one_in(rng, 4) => {
            let mut items = items.clone();
            let i = below(rng, items.len());
            match rng.next_u32() % 3 {
                0 => {
                    items.remove(i);
                }
                1 => items.push(items[i].clone()),
                _ => items[i] = mutate_json(&items[i], rng),
            }
            Value::Array(items)
        }
        _ => random_json(rng, 2),
    }
}

/// The verbs of the command language (engine/fnc/README.md), as the fuzzers use them.
const VERBS: [&str; CommandKind::ALL.len()] = {
    let mut out = [""; CommandKind::ALL.len()];
    let mut i = 0;
    while i < CommandKind::ALL.len() {
        out[i] = CommandKind::ALL[i].verb();
        i += 1;
    }
    out
};

/// A command tag for random JSON: one of the verbs, or a word that is none.
fn tag(rng: &mut ChaCha8Rng) -> &'static str {
    let i = below(rng, VERBS.len() + 1);
    VERBS.get(i).copied().unwrap_or("nonsense")
}

/// Random command text: verbs, ids, hex numbers and punctuation in random order.
pub fn random_text(ctx: &Ctx, rng: &mut ChaCha8Rng) -> String {
    const OTHER_WORDS: [&str; 15] =
        ["MOVE", ";", ",", ";;", ",,", "1127", "0000", "9999", "12345", "-1", "anatolia", "é", "\u{0}", "   ", "\t"];
    let units: Vec<String> = ctx.counters.iter().map(|c| c.id.clone()).collect();
    let n = below(rng, 8);
    let mut words: Vec<String> = Vec::new();
    for _ in 0..n {
        let w = match rng.next_u32() % 4 {
            0 => one_of(rng, &units, "u".into()),
            1 => {
                let a = one_of(rng, &units, "u".into());
                let b = one_of(rng, &units, "v".into());
                format!("{a},{b}")
            }
            _ => {
                let i = below(rng, VERBS.len() + OTHER_WORDS.len());
                VERBS.get(i).copied().unwrap_or_else(|| OTHER_WORDS[i - VERBS.len()]).to_string()
            }
        };
        words.push(w);
    }
    let sep = if one_in(rng, 5) { "" } else { " " };
    words.join(sep)
}
