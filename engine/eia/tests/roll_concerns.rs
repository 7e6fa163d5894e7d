//! Whom a roll concerns, for games whose dice are witnessed by the players concerned
//! (docs/PROTOCOL.md section 5.3).

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::concerns;
use grognard_eia::forces::Factors;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::Garrison;
use grognard_eia::{Eia, FactorKind, Power};
use grognard_engine::{PlayerId, RollCause, Ruleset};
use support::*;

#[test]
fn an_assault_concerns_the_city_s_defenders_and_foraging_nobody_else() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Combat);
    corps(&mut state, "fr-3", "france", "breisgau", 12);
    state.garrisons.insert(
        "breisgau".into(),
        Garrison { nation: "austria".into(), factors: Factors::of(&[(FactorKind::Infantry, 2)]) },
    );
    state.sieges.insert("breisgau".into());
    let assault = Command::Assault { area: "breisgau".into() };
    assert_eq!(concerns::of(&state, &assault), vec![Power::Austria]);
    let players = Eia.roll_concerns(&state, PlayerId(0), RollCause::Command(&assault));
    assert_eq!(players, vec![PlayerId(state.player_of(Power::Austria).unwrap_or(0))]);
    let forage = Command::Forage { corps: "fr-3".into() };
    assert!(concerns::of(&state, &forage).is_empty());
    // Austria's supply step: its besieged city's roll concerns the French besiegers (7.4.5).
    state.sequence.phase = Phase::Land(LandStep::Supply);
    let order = &state.sequence.order;
    state.sequence.index = order.iter().position(|p| *p == Power::Austria).unwrap_or(0);
    assert_eq!(concerns::of(&state, &Command::End), vec![Power::France]);
}
