//! The rulesets this program knows.

use grognard_engine::AnyRuleset;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;
static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

pub fn all() -> Vec<&'static dyn AnyRuleset> {
    vec![&DUEL, &FNC]
}

pub fn find(id: &str) -> Option<&'static dyn AnyRuleset> {
    all().into_iter().find(|r| r.info().id == id)
}

/// A game's scenario as people read it: the scenario id, or for a game started from a
/// written position (`grognard new --position`), the position's scenario and a note.
pub fn scenario_label(ruleset: &str, scenario: &str) -> String {
    if !scenario.contains('\n') {
        return scenario.to_string();
    }
    match find(ruleset).and_then(|r| r.scenario_of(scenario)) {
        Some(info) => format!("{} (from a position)", info.id),
        None => "(a position)".to_string(),
    }
}
