//! Hand-made states on the real map of Europe, for tests of single rules.
#![allow(dead_code)]

use grognard_eia::ctx::Ctx;
use grognard_eia::date::Month;
use grognard_eia::forces::Factors;
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::{Corps, Depot, Fleet, FleetPlace, MinorState, PowerState, Relations, State};
use grognard_eia::{FactorKind, Power};
use std::collections::BTreeMap;

pub fn ctx() -> &'static Ctx {
    Ctx::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// Seven powers, each run by its own player (France 0, Britain 1, ... in `Power::ALL`
/// order); France, Spain and the minors Bavaria, Baden, Württemberg and Denmark on one side,
/// at war with Britain, Austria and Russia; Prussia and Turkey neutral. October 1805, the
/// French land movement step. No forces.
pub fn bare() -> State {
    let mut relations = Relations::default();
    for enemy in ["britain", "austria", "russia"] {
        relations.declare_war("france", enemy);
        relations.declare_war("spain", enemy);
    }
    relations.ally("france", "spain");
    let mut minors = BTreeMap::new();
    for m in ["bavaria", "baden", "wurttemberg", "denmark"] {
        minors.insert(m.to_string(), MinorState { controller: Some(Power::France), free_state: true });
    }
    minors.insert("switzerland".to_string(), MinorState { controller: None, free_state: true });
    let powers = Power::ALL
        .iter()
        .map(|p| {
            let side = match p {
                Power::France | Power::Spain => "france",
                Power::Britain | Power::Austria | Power::Russia => "coalition",
                other => other.id(),
            };
            (*p, PowerState { side: side.into(), money: 20, political: 0 })
        })
        .collect();
    let players = Power::ALL.iter().enumerate().map(|(i, p)| (*p, i as u8)).collect();
    let date = Month::new(1805, 10).unwrap_or_else(|| panic!("a month"));
    State {
        scenario: "test".into(),
        options: Vec::new(),
        date,
        first: date,
        last: Month::new(1805, 12).unwrap_or_else(|| panic!("a month")),
        sequence: Sequence {
            phase: Phase::Land(LandStep::Movement),
            order: Sequence::order_of(Phase::Land(LandStep::Movement), &Power::ALL, 0),
            index: 0,
        },
        players,
        powers,
        minors,
        relations,
        occupied: BTreeMap::new(),
        corps: BTreeMap::new(),
        fleets: BTreeMap::new(),
        garrisons: BTreeMap::new(),
        depots: BTreeMap::new(),
        fleet_depots: Default::default(),
        city_depots: Default::default(),
        sieges: Default::default(),
        leaders: BTreeMap::new(),
        due: BTreeMap::new(),
        book: Default::default(),
        losses: Vec::new(),
        battle: None,
        battles_fought: 0,
        reveal: None,
        lenient: false,
        politics: Default::default(),
        economy: Default::default(),
        over: None,
    }
}

pub fn corps(state: &mut State, id: &str, nation: &str, area: &str, infantry: u16) {
    state.corps.insert(
        id.into(),
        Corps {
            nation: nation.into(),
            area: area.into(),
            in_city: false,
            factors: Factors::of(&[(FactorKind::Infantry, infantry)]),
            aboard: None,
            veil: Default::default(),
            loan: None,
        },
    );
}

pub fn fleet(state: &mut State, id: &str, nation: &str, sea: &str, ships: u16) {
    state.fleets.insert(id.into(), Fleet { nation: nation.into(), place: FleetPlace::Sea(sea.into()), ships });
}

pub fn depot(state: &mut State, power: Power, area: &str) {
    state.depots.insert(area.into(), Depot { power, garrison: Factors::new() });
}

pub fn path(areas: &[&str]) -> Vec<String> {
    areas.iter().map(|a| a.to_string()).collect()
}

/// Apply the command `text` for `power`'s player with these dice faces: the next state, or
/// `rule|message` of the refusal (`dice|` when more dice are needed).
pub fn run(state: &State, power: Power, text: &str, faces: &[u32]) -> Result<State, String> {
    use grognard_eia::command::Command;
    use grognard_engine::{ApplyError, PlayerId, ScriptedDice};
    let command = Command::parse(text).map_err(|e| e.to_string())?;
    let mut dice = ScriptedDice::new(faces);
    let player = PlayerId(state.player_of(power).unwrap_or(0));
    match grognard_eia::ruleset::apply_command(ctx(), state, player, &command, &mut dice) {
        Ok(a) => Ok(a.state),
        Err(ApplyError::Rule(e)) => Err(format!("{}|{}", e.rule, e.message)),
        Err(ApplyError::NeedDice) => Err("dice|".into()),
    }
}

/// The rule of a refusal, `accepted`, or `dice`.
pub fn rule_of(result: Result<State, String>) -> String {
    match result {
        Ok(_) => "accepted".into(),
        Err(e) => e.split('|').next().unwrap_or("").to_string(),
    }
}
