//! The rulesets this program knows.

use grognard_engine::AnyRuleset;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;
static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
static EIA: grognard_eia::Eia = grognard_eia::Eia;

pub fn all() -> Vec<&'static dyn AnyRuleset> {
    vec![&DUEL, &FNC, &EIA]
}

pub fn find(id: &str) -> Option<&'static dyn AnyRuleset> {
    all().into_iter().find(|r| r.info().id == id)
}
