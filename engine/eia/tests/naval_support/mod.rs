//! Hand-made naval states on the real map (with `support::bare`'s sides: France, Spain and
//! their minors at war with Britain, Austria and Russia; Prussia and Turkey neutral), and
//! commands applied with scripted dice.
#![allow(dead_code)]

use crate::support::{bare, ctx};
use grognard_eia::command::Command;
use grognard_eia::ruleset::{apply_command, pending};
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::{Fleet, FleetPlace, LeaderPlace, State};
use grognard_eia::Power;
use grognard_engine::{ApplyError, Event, Pending, PlayerId, RuleError, ScriptedDice};

/// The player running `power` in `support::bare` (one player a power, in `Power::ALL` order).
pub fn player(power: Power) -> PlayerId {
    PlayerId(Power::ALL.iter().position(|p| *p == power).unwrap_or(0) as u8)
}

/// `bare()` with the option `naval`, in `power`'s naval phase sequence (Great Britain first
/// in the order).
pub fn naval(power: Power) -> State {
    let mut s = bare();
    s.options = vec!["naval".into()];
    acting(&mut s, Phase::Naval, power);
    s
}

/// Make `power` the acting power in `phase`.
pub fn acting(state: &mut State, phase: Phase, power: Power) {
    let order = Sequence::order_of(phase, &Power::ALL, 0);
    let index = order.iter().position(|p| *p == power).unwrap_or(0);
    state.sequence = Sequence { phase, order, index };
    state.book = Default::default();
}

/// `power`'s land movement step.
pub fn land_movement(state: &mut State, power: Power) {
    acting(state, Phase::Land(LandStep::Movement), power);
}

pub fn sea(id: &str) -> FleetPlace {
    FleetPlace::Sea(id.into())
}

pub fn port(area: &str) -> FleetPlace {
    FleetPlace::Port(area.into())
}

pub fn blockade(area: &str) -> FleetPlace {
    FleetPlace::Blockade(area.into())
}

pub fn fleet_at(state: &mut State, id: &str, nation: &str, place: FleetPlace, ships: u16) {
    state.fleets.insert(id.into(), Fleet { nation: nation.into(), place, ships });
}

pub fn nelson_with(state: &mut State, fleet: &str) {
    state.leaders.insert("nelson".into(), LeaderPlace::Fleet(fleet.into()));
}

pub fn place_of(state: &State, fleet: &str) -> Option<FleetPlace> {
    state.fleets.get(fleet).map(|f| f.place.clone())
}

pub fn ships(state: &State, fleet: &str) -> u16 {
    state.fleets.get(fleet).map_or(0, |f| f.ships)
}

pub fn political(state: &State, power: Power) -> i32 {
    state.powers.get(&power).map_or(0, |p| p.political)
}

/// Apply `text` as `power`'s player, with these dice; the dice must all be used.
pub fn try_do(state: &State, power: Power, text: &str, faces: &[u32]) -> Result<(State, Vec<Event>), ApplyError> {
    let command = Command::parse(text).map_err(ApplyError::Rule)?;
    let mut dice = ScriptedDice::new(faces);
    let applied = apply_command(ctx(), state, player(power), &command, &mut dice)?;
    assert_eq!(dice.used(), faces.len(), "`{text}` used {} of the dice {faces:?}", dice.used());
    Ok((applied.state, applied.events))
}

/// Apply `text`, which must be accepted.
pub fn ok(state: &State, power: Power, text: &str, faces: &[u32]) -> State {
    try_do(state, power, text, faces).unwrap_or_else(|e| panic!("`{text}` refused: {e:?}")).0
}

/// Apply `text`, which must be refused by the rules; the refusal.
pub fn refused(state: &State, power: Power, text: &str) -> RuleError {
    match try_do(state, power, text, &[1, 1, 1, 1, 1, 1, 1, 1]) {
        Err(ApplyError::Rule(e)) => e,
        Err(ApplyError::NeedDice) => panic!("`{text}` asked for more dice"),
        Ok(_) => panic!("`{text}` accepted"),
    }
}

/// The player and options of the choice the state waits for.
pub fn choice(state: &State) -> (PlayerId, Vec<String>) {
    match pending(ctx(), state) {
        Pending::Choice { player, options, .. } => (player, options),
        other => panic!("not a choice: {other:?}"),
    }
}

/// The events' texts, for messages.
pub fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| e.text.clone()).collect()
}
