//! Shared set-up of the combat and siege tests: a small hand-made EC test map, counters and
//! the pinned EC charts (tests/fixtures/combat_*.txt), and states built through the State API.
#![allow(dead_code)]

use grognard_board::HexId;
use grognard_engine::{ApplyError, Event, PlayerId, ScriptedDice};
use grognard_fnc::ctx::DataTexts;
use grognard_fnc::{combat, setup, Ctx, Game, Location, Phase, Side, State};

pub fn ctx() -> Ctx {
    Ctx::parse(
        Game::Ec,
        DataTexts {
            map: include_str!("../fixtures/combat_map.txt"),
            counters: include_str!("../fixtures/combat_counters.txt"),
            charts: include_str!("../fixtures/combat_charts.txt"),
            historical: None,
        },
    )
    .expect("the combat fixtures parse")
}

pub fn hex(text: &str) -> HexId {
    HexId::parse(text).expect("a test hex")
}

/// A state in `side`'s combat phase of game turn `turn`, every unit out of play except
/// `placed` (unit, hex).
pub fn state(ctx: &Ctx, turn: u8, side: Side, placed: &[(&str, &str)]) -> State {
    let placed: Vec<(&str, HexId)> = placed.iter().map(|(unit, at)| (*unit, hex(at))).collect();
    state_in(ctx, turn, Phase::Combat, side, &placed)
}

/// A state in `side`'s `phase` of game turn `turn`, every unit out of play except `placed`
/// (unit, hex).
pub fn state_in(ctx: &Ctx, turn: u8, phase: Phase, side: Side, placed: &[(&str, HexId)]) -> State {
    let mut s = setup::initial_state(ctx, [PlayerId(0), PlayerId(1)]);
    s.turn = turn;
    s.phase = phase;
    s.phasing = side;
    for loc in s.units.values_mut() {
        *loc = Location::Pool;
    }
    for (unit, at) in placed {
        assert!(s.units.contains_key(*unit), "no unit {unit}");
        s.units.insert(unit.to_string(), Location::Hex(*at));
    }
    s
}

pub fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|u| u.to_string()).collect()
}

/// Attack with scripted dice; also returns how many faces were used.
pub fn attack(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[&str],
    target: &str,
    fleets: &[&str],
    faces: &[u32],
) -> Result<(State, Vec<Event>, usize), ApplyError> {
    attack_hex(ctx, state, side, attackers, hex(target), fleets, faces)
}

/// [`attack`] on a target given as a hex.
pub fn attack_hex(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[&str],
    target: HexId,
    fleets: &[&str],
    faces: &[u32],
) -> Result<(State, Vec<Event>, usize), ApplyError> {
    let mut dice = ScriptedDice::new(faces);
    let mut log = Vec::new();
    let next = combat::apply_attack(ctx, state, side, &ids(attackers), target, &ids(fleets), &mut dice, &mut log)?;
    Ok((next, log, dice.used()))
}

/// The battle event of a log.
pub fn battle_event(log: &[Event]) -> &serde_json::Value {
    &log.iter().find(|e| e.data["type"] == "battle").expect("a battle event").data
}

pub fn at(state: &State, unit: &str) -> Location {
    state.units.get(unit).cloned().expect("a unit of the game")
}

pub fn rule_of(e: ApplyError) -> String {
    match e {
        ApplyError::Rule(r) => r.rule,
        ApplyError::NeedDice => "need-dice".into(),
    }
}
