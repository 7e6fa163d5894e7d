//! Positions: a whole game's situation at a phase boundary as readable text
//! (docs/POSITION_FORMAT.md). Parsed into a [`State`] and printed back unchanged.

use crate::control;
use crate::ctx::Ctx;
use crate::games::Game;
use crate::setup;
use crate::stacking;
use crate::state::{Effect, LastingEffect, Location, Phase, Side, State, UnitId, UsedEvent, Vp, VpKind};
use grognard_board::HexId;
use grognard_engine::{PlayerId, RuleError};
use std::collections::{BTreeMap, BTreeSet};

/// The first line of a position text (docs/POSITION_FORMAT.md).
pub const POSITION_HEADER: &str = "fnc-position 1";

/// The historical deployment of `side` (the game's `historical.txt`, a position): where
/// each of its start units stood.
pub fn historical_places(ctx: &Ctx, side: Side) -> Result<Vec<(UnitId, HexId)>, RuleError> {
    let text = ctx
        .historical
        .as_deref()
        .ok_or_else(|| RuleError::new("3.1", format!("{} has no historical set-up in its data", ctx.rules.title())))?;
    let deployed = parse(ctx, text)?;
    Ok(deployed
        .units
        .iter()
        .filter(|(u, _)| ctx.side_of(u) == Some(side))
        .filter_map(|(u, l)| l.hex().map(|h| (u.clone(), h)))
        .collect())
}

fn bad(line: usize, message: impl Into<String>) -> RuleError {
    RuleError::new("input", format!("position line {line}: {}", message.into()))
}

fn side_word(ctx: &Ctx, word: &str, line: usize) -> Result<Side, RuleError> {
    ctx.side_by_id(word).ok_or_else(|| {
        bad(
            line,
            format!(
                "`{word}` is not a side ({} or {})",
                ctx.rules.side_id(Side::First),
                ctx.rules.side_id(Side::Second)
            ),
        )
    })
}

fn hex_word(word: &str, line: usize) -> Result<HexId, RuleError> {
    HexId::parse(word).map_err(|e| bad(line, format!("`{word}`: {e}")))
}

fn phase_word(ctx: &Ctx, words: &[&str], line: usize) -> Result<Phase, RuleError> {
    Ok(match words {
        ["setup", s] => Phase::Setup(side_word(ctx, s, line)?),
        ["random-events"] => Phase::RandomEvents,
        ["reinforcement"] => Phase::Reinforcement,
        ["movement"] => Phase::Movement,
        ["combat"] => Phase::Combat,
        ["supply"] => Phase::Supply,
        ["siege"] => Phase::Siege,
        ["game-over"] => Phase::GameOver,
        _ => return Err(bad(line, format!("`{}` is not a phase", words.join(" ")))),
    })
}

fn phase_text(ctx: &Ctx, phase: Phase) -> String {
    match phase {
        Phase::Setup(s) => format!("setup {}", ctx.rules.side_id(s)),
        Phase::RandomEvents => "random-events".into(),
        Phase::Reinforcement => "reinforcement".into(),
        Phase::Movement => "movement".into(),
        Phase::Combat => "combat".into(),
        Phase::Supply => "supply".into(),
        Phase::Siege => "siege".into(),
        Phase::GameOver => "game-over".into(),
    }
}

fn effect_text(ctx: &Ctx, e: &Effect) -> String {
    let side = |s: &Side| ctx.rules.side_id(*s);
    match e {
        Effect::MovementMinusOne(s) => format!("movement-minus-one {}", side(s)),
        Effect::MovementHalved(s) => format!("movement-halved {}", side(s)),
        Effect::Infighting { side: s, area, fleet } => {
            format!("infighting {} {}{}", side(s), area.replace(' ', "_"), if *fleet { " fleet" } else { "" })
        }
        Effect::Truce => "truce".into(),
        Effect::BritishIntervention => "british-intervention".into(),
        Effect::NavalVictory(s) => format!("naval-victory {}", side(s)),
    }
}

fn effect_word(ctx: &Ctx, words: &[&str], line: usize) -> Result<Effect, RuleError> {
    Ok(match words {
        ["movement-minus-one", s] => Effect::MovementMinusOne(side_word(ctx, s, line)?),
        ["movement-halved", s] => Effect::MovementHalved(side_word(ctx, s, line)?),
        ["infighting", s, area] => {
            Effect::Infighting { side: side_word(ctx, s, line)?, area: area.replace('_', " "), fleet: false }
        }
        ["infighting", s, area, "fleet"] => {
            Effect::Infighting { side: side_word(ctx, s, line)?, area: area.replace('_', " "), fleet: true }
        }
        ["truce"] => Effect::Truce,
        ["british-intervention"] => Effect::BritishIntervention,
        ["naval-victory", s] => Effect::NavalVictory(side_word(ctx, s, line)?),
        _ => return Err(bad(line, format!("`{}` is not an effect", words.join(" ")))),
    })
}

fn location_key(loc: &Location) -> Option<String> {
    Some(match loc {
        Location::ToPlace => "to-place".into(),
        Location::Hex(h) => format!("hex {h}"),
        Location::Box(b) => format!("box {b}"),
        Location::Pool => "pool".into(),
        Location::Track(t) => format!("track {t}"),
        Location::Contingency => "contingency".into(),
        Location::Offshore { sea, target } => format!("offshore {sea} {target}"),
        Location::Spent => "spent".into(),
        Location::Eliminated => "eliminated".into(),
        // A copy that does not know where a unit is cannot write a whole position.
        Location::Unseen => return None,
    })
}

fn location_of(words: &[&str], line: usize) -> Result<Location, RuleError> {
    Ok(match words {
        ["to-place"] => Location::ToPlace,
        ["hex", h] => Location::Hex(hex_word(h, line)?),
        ["box", b] => Location::Box(b.to_string()),
        ["pool"] => Location::Pool,
        ["track", t] => Location::Track(t.parse().map_err(|_| bad(line, format!("`{t}` is not a turn")))?),
        ["contingency"] => Location::Contingency,
        ["offshore", s, t] => Location::Offshore { sea: hex_word(s, line)?, target: hex_word(t, line)? },
        ["spent"] => Location::Spent,
        ["eliminated"] => Location::Eliminated,
        _ => return Err(bad(line, format!("`{}` is not a place", words.join(" ")))),
    })
}

/// Read a position. Units it does not list stay where set-up leaves them before anyone
/// places anything (cup, pool, track, contingency, fixed hexes); unlisted start units are
/// out of play unless the position is in set-up.
pub fn parse(ctx: &Ctx, text: &str) -> Result<State, RuleError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()));
    match lines.next() {
        Some((_, first)) if first == POSITION_HEADER => {}
        _ => return Err(bad(1, format!("a position starts with `{POSITION_HEADER}`"))),
    }
    let mut state = setup::initial_state(ctx, [PlayerId(0), PlayerId(1)]);
    let mut listed: BTreeSet<String> = BTreeSet::new();
    let mut control_lines: BTreeMap<HexId, Side> = BTreeMap::new();
    let mut locale_vp: Vec<(usize, Side, i32)> = Vec::new();
    let mut game_seen = false;
    for (n, line) in lines {
        if line.is_empty() {
            continue;
        }
        let (head, rest) = match line.split_once(':') {
            Some((h, r)) => (h.trim(), Some(r.trim())),
            None => (line, None),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        match (words.as_slice(), rest) {
            (["game", g], None) => {
                if Game::from_id(g) != Some(ctx.game) {
                    return Err(bad(n, format!("this position is for `{g}`, not `{}`", ctx.game.id())));
                }
                game_seen = true;
            }
            (["turn", t], None) => {
                state.turn = t.parse().map_err(|_| bad(n, format!("`{t}` is not a turn")))?;
                if state.turn == 0 || state.turn > ctx.last_turn() {
                    return Err(bad(n, format!("turn {t} is not on the turn record track (1-{})", ctx.last_turn())));
                }
            }
            (["phase", p @ ..], None) => state.phase = phase_word(ctx, p, n)?,
            (["phasing", s], None) => state.phasing = side_word(ctx, s, n)?,
            (["vp", s], Some(r)) => {
                let side = side_word(ctx, s, n)?;
                let mut vp = Vp::default();
                for item in r.split_whitespace() {
                    let (k, v) = item.split_once('=').ok_or_else(|| bad(n, format!("`{item}` is not kind=points")))?;
                    let v: i32 = v.parse().map_err(|_| bad(n, format!("`{v}` is not a number")))?;
                    match k {
                        "locale" => locale_vp.push((n, side, v)),
                        "battle" => vp.battle = v,
                        "looting" => vp.looting = v,
                        "event" => vp.event = v,
                        _ => return Err(bad(n, format!("`{k}` is not a kind of VP (locale battle looting event)"))),
                    }
                }
                for kind in [VpKind::Battle, VpKind::Looting, VpKind::Event] {
                    let old = state.vp[side.index()].get(kind);
                    state.award_vp(side, kind, vp.get(kind) - old);
                }
            }
            (["control", s], Some(r)) => {
                let side = side_word(ctx, s, n)?;
                for w in r.split_whitespace() {
                    control_lines.insert(hex_word(w, n)?, side);
                }
            }
            (["fort-destroyed"], Some(r)) => {
                for w in r.split_whitespace() {
                    state.fort_destroyed.insert(hex_word(w, n)?);
                }
            }
            (["looted"], Some(r)) => {
                for w in r.split_whitespace() {
                    state.looted.insert(hex_word(w, n)?);
                }
            }
            (["event", t, e], None) => state.events_used.push(UsedEvent {
                turn: t.parse().map_err(|_| bad(n, format!("`{t}` is not a turn")))?,
                event: e.to_string(),
            }),
            (["effect", rest @ ..], None) => {
                let (turn, effect_words) = match rest {
                    [e @ .., "turn", t] => (Some(t.parse().map_err(|_| bad(n, format!("`{t}` is not a turn")))?), e),
                    e => (None, e),
                };
                state.effects.push(LastingEffect { effect: effect_word(ctx, effect_words, n)?, turn });
            }
            (["winner", s], None) => state.winner = Some(side_word(ctx, s, n)?),
            // 8.5, 8.6: an Ottoman reinforcement drawn for an area and not yet placed.
            (["arrival", u, area], None) => {
                if ctx.counter(u).is_none() {
                    return Err(bad(n, format!("there is no unit `{u}` in {}", ctx.rules.title())));
                }
                state.logistics.arrivals.insert(u.to_string(), area.to_string());
            }
            // 11.23 stricture 6: the water route by which a gunboat reached its hex.
            (["water-route", u, hexes @ ..], None) if hexes.len() >= 2 => {
                if ctx.counter(u).is_none() {
                    return Err(bad(n, format!("there is no unit `{u}` in {}", ctx.rules.title())));
                }
                let route = hexes.iter().map(|h| hex_word(h, n)).collect::<Result<Vec<_>, _>>()?;
                state.water_routes.insert(u.to_string(), route);
            }
            // 8.9: a contingency division committed on that turn.
            (["committed", t, division], None) => state
                .logistics
                .committed
                .push((t.parse().map_err(|_| bad(n, format!("`{t}` is not a turn")))?, division.to_string())),
            (place, Some(r)) => {
                let loc = location_of(place, n)?;
                for u in r.split_whitespace() {
                    if ctx.counter(u).is_none() {
                        return Err(bad(n, format!("there is no unit `{u}` in {}", ctx.rules.title())));
                    }
                    if !listed.insert(u.to_string()) {
                        return Err(bad(n, format!("unit `{u}` is listed twice")));
                    }
                    state.units.insert(u.to_string(), loc.clone());
                }
            }
            _ => return Err(bad(n, format!("`{line}` is not a position line"))),
        }
    }
    if !game_seen {
        return Err(bad(1, "the position names no game (`game ec` or `game rsw`)"));
    }
    if !matches!(state.phase, Phase::Setup(_)) {
        for (u, loc) in state.units.iter_mut() {
            if *loc == Location::ToPlace && !listed.contains(u) {
                *loc = Location::Eliminated;
            }
        }
    }
    if let Phase::Setup(s) = state.phase {
        state.phasing = s;
    }
    if !matches!(state.phase, Phase::Setup(_)) {
        settle_control_lines(ctx, &mut state, &listed, &control_lines)?;
    }
    check_stacks(ctx, &state)?;
    if matches!(state.phase, Phase::Setup(_)) {
        // 14.2, 15.2: control (and with it the locale VP) starts when both sides have set up.
        if let Some(hex) = control_lines.keys().next() {
            return Err(RuleError::new(
                "input",
                format!("control of {hex} is given during set-up; control starts once both sides have set up"),
            ));
        }
    } else {
        control::initial_control(ctx, &mut state);
    }
    for (hex, side) in control_lines {
        if !state.control.contains_key(&hex) {
            return Err(RuleError::new(
                "input",
                format!("{hex} is neither a locale nor a supply source; its control is not kept"),
            ));
        }
        state.control.insert(hex, side);
    }
    control::recount_locale_vp(ctx, &mut state);
    for (n, side, v) in locale_vp {
        let have = state.vp[side.index()].locale;
        if have != v {
            return Err(bad(n, format!("the {} control locales worth {have} VP, not {v}", ctx.rules.side_name(side))));
        }
    }
    if !matches!(state.phase, Phase::Setup(_) | Phase::GameOver) {
        // 7.4: an over-stacked hex found when play resumes is cut down by the opponent first.
        stacking::check_overstacks(ctx, &mut state, &mut Vec::new());
    }
    Ok(state)
}

/// A hex with units belongs to their side (14.2, 15.2), so a `control` line and the units in
/// its hex must agree. Units the position lists win nothing: a line giving their hex to the
/// other side is refused. Units it does not list only stand at their fixed start hex by
/// default (a fortress garrison): a line giving that hex to the other side says the place
/// fell, and they are out of play.
fn settle_control_lines(
    ctx: &Ctx,
    state: &mut State,
    listed: &BTreeSet<String>,
    control_lines: &BTreeMap<HexId, Side>,
) -> Result<(), RuleError> {
    for (&hex, &side) in control_lines {
        let defaults: Vec<String> = state
            .units_in(hex)
            .into_iter()
            .filter(|u| !listed.contains(*u) && stacking::counts(ctx, u) && ctx.side_of(u) != Some(side))
            .cloned()
            .collect();
        for u in defaults {
            state.units.insert(u, Location::Eliminated);
        }
        if let Some(holder) = ctx.occupant(state, hex).filter(|s| *s != side) {
            return Err(RuleError::new(
                "14.2",
                format!(
                    "control {}: {hex} holds {} units, and a hex with units belongs to their side",
                    ctx.rules.side_id(side),
                    ctx.rules.side_name(holder)
                ),
            ));
        }
    }
    Ok(())
}

/// The stacks of a position: never both sides in one hex (7.1, 14.3: a lone SC entered is
/// eliminated, never shared); during set-up every stack within its limits, as each placement
/// is checked (3.1-4.2, 7.6). Over-stacks of a position in play are left for 7.4.
fn check_stacks(ctx: &Ctx, state: &State) -> Result<(), RuleError> {
    let mut hexes: Vec<HexId> = state.units.values().filter_map(Location::hex).collect();
    hexes.sort();
    hexes.dedup();
    for hex in hexes {
        let units = state.units_in(hex);
        let sides: BTreeSet<Side> =
            units.iter().filter(|u| stacking::counts(ctx, u)).filter_map(|u| ctx.side_of(u)).collect();
        if sides.len() > 1 {
            return Err(RuleError::new("7.1", format!("{hex} holds units of both sides; opposing units never stack")));
        }
        if matches!(state.phase, Phase::Setup(_)) {
            let all: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
            stacking::check_stack(ctx, state, hex, &all)?;
        }
    }
    Ok(())
}

/// Print a state as a position (its phase bookkeeping and pending decision are not part of
/// a position).
pub fn print(ctx: &Ctx, state: &State) -> String {
    let mut out = vec![POSITION_HEADER.to_string(), format!("game {}", ctx.game.id()), format!("turn {}", state.turn)];
    out.push(format!("phase {}", phase_text(ctx, state.phase)));
    out.push(format!("phasing {}", ctx.rules.side_id(state.phasing)));
    for side in Side::BOTH {
        let vp = &state.vp[side.index()];
        out.push(format!(
            "vp {}: locale={} battle={} looting={} event={}",
            ctx.rules.side_id(side),
            vp.locale,
            vp.battle,
            vp.looting,
            vp.event
        ));
    }
    let mut by_place: BTreeMap<Location, Vec<&str>> = BTreeMap::new();
    for (u, loc) in &state.units {
        by_place.entry(loc.clone()).or_default().push(u);
    }
    for (loc, units) in &by_place {
        if let Some(key) = location_key(loc) {
            out.push(format!("{key}: {}", units.join(" ")));
        }
    }
    for side in Side::BOTH {
        let hexes: Vec<String> =
            state.control.iter().filter(|(_, s)| **s == side).map(|(h, _)| h.to_string()).collect();
        if !hexes.is_empty() {
            out.push(format!("control {}: {}", ctx.rules.side_id(side), hexes.join(" ")));
        }
    }
    if !state.fort_destroyed.is_empty() {
        out.push(format!("fort-destroyed: {}", join(&state.fort_destroyed)));
    }
    if !state.looted.is_empty() {
        out.push(format!("looted: {}", join(&state.looted)));
    }
    for e in &state.events_used {
        out.push(format!("event {} {}", e.turn, e.event));
    }
    for e in &state.effects {
        let turn = e.turn.map(|t| format!(" turn {t}")).unwrap_or_default();
        out.push(format!("effect {}{turn}", effect_text(ctx, &e.effect)));
    }
    if let Some(w) = state.winner {
        out.push(format!("winner {}", ctx.rules.side_id(w)));
    }
    for (u, area) in &state.logistics.arrivals {
        out.push(format!("arrival {u} {area}"));
    }
    for (t, division) in &state.logistics.committed {
        out.push(format!("committed {t} {division}"));
    }
    for (u, route) in state.water_routes.iter().filter(|(_, r)| r.len() >= 2) {
        out.push(format!("water-route {u} {}", route.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ")));
    }
    out.join("\n") + "\n"
}

fn join(hexes: &BTreeSet<HexId>) -> String {
    hexes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ")
}
