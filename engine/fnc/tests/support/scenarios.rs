//! The scenarios of FNC started the way a game starts them: through the ruleset's list of
//! scenarios and powers, one player a side (or one player for both, solitaire).

use grognard_engine::{PlayerId, Ruleset, Seats, Setup};
use grognard_fnc::position::POSITION_HEADER;
use grognard_fnc::scenario::{game_of_setup, position_setup};
use grognard_fnc::{Ctx, Fnc, State};

/// The scenario ids the property tests play.
pub const EC_SCENARIOS: [&str; 2] = ["ec", "ec-historical"];
/// The RSW scenario ids.
pub const RSW_SCENARIOS: [&str; 2] = ["rsw", "rsw-historical"];

/// The set-up the tests' shorthand stands for: a scenario id, or a whole position text
/// (known here by its first line), played in its game's scenario.
pub fn setup_of(scenario: &str) -> Setup {
    if scenario.starts_with(POSITION_HEADER) {
        position_setup(scenario).unwrap_or_else(|e| panic!("not a position: {e}\n{scenario}"))
    } else {
        Setup::scenario(scenario)
    }
}

/// The seats of a scenario: one player a side, or `solitaire` (player 0 runs both).
pub fn seats(scenario: &str, solitaire: bool) -> Seats {
    // A position text is played with the powers of its game's own scenario.
    let setup = setup_of(scenario);
    let info =
        Fnc.scenario_of(&setup).unwrap_or_else(|| panic!("scenario `{}` is not listed by the ruleset", setup.scenario));
    let ids: Vec<String> = info.powers.iter().map(|p| p.id.clone()).collect();
    let assignment = if solitaire { vec![ids] } else { ids.into_iter().map(|id| vec![id]).collect() };
    Seats::new(&info.powers, &assignment).unwrap_or_else(|e| panic!("seats of `{scenario}`: {e}"))
}

/// The initial state of `scenario` (an id or a position text) and its game's data.
pub fn start(scenario: &str, solitaire: bool) -> (&'static Ctx, State) {
    let setup = setup_of(scenario);
    let game = game_of_setup(&setup).unwrap_or_else(|e| panic!("no scenario `{scenario}`: {e}"));
    let ctx = Ctx::embedded(game).unwrap_or_else(|e| panic!("data of `{scenario}`: {e}"));
    let state = Fnc.setup(&setup, &seats(scenario, solitaire)).unwrap_or_else(|e| panic!("setup of `{scenario}`: {e}"));
    (ctx, state)
}

/// The players of a state, first side first (the same player twice in solitaire).
pub fn players(state: &State) -> [PlayerId; 2] {
    state.owners
}
