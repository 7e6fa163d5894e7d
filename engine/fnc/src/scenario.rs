//! How a game of FNC starts: its scenarios (each game's opening, set up by the players or
//! as historically deployed) and written positions (docs/POSITION_FORMAT.md), each played
//! in its game's scenario (`ec` or `rsw`). The `Ruleset` methods about scenarios and set-ups
//! delegate here.

use crate::ctx::Ctx;
use crate::games::Game;
use crate::position::POSITION_HEADER;
use crate::state::{Side, State};
use crate::{sequence, setup};
use grognard_engine::{PlayerId, PowerInfo, RuleError, ScenarioInfo, Seats, Setup};

/// The scenarios, in the order `grognard scenarios` lists them: id, game, and whether both
/// sides start as historically deployed.
const SCENARIOS: [(&str, Game, bool); 4] = [
    ("ec", Game::Ec, false),
    ("ec-historical", Game::Ec, true),
    ("rsw", Game::Rsw, false),
    ("rsw-historical", Game::Rsw, true),
];

/// A scenario id's game and whether it starts from the historical set-up.
pub fn scenario_game(id: &str) -> Option<(Game, bool)> {
    SCENARIOS.into_iter().find(|(s, _, _)| *s == id).map(|(_, game, historical)| (game, historical))
}

/// The scenarios of the games whose data files are part of this build.
pub fn scenarios() -> Vec<ScenarioInfo> {
    SCENARIOS
        .into_iter()
        .filter_map(|(id, game, historical)| {
            // Only games whose data files are part of this build.
            Ctx::embedded(game).ok()?;
            let rules = game.rules();
            let title = rules.title();
            let first = rules.side_name(Side::First);
            Some(ScenarioInfo {
                id: id.into(),
                name: if historical { format!("{title} (historical set-up)") } else { title.into() },
                description: if historical {
                    format!(
                        "{}. Quick start: both sides stand as historically deployed; play begins with the \
                         {first} movement phase of game turn 1.",
                        rules.blurb()
                    )
                } else {
                    format!(
                        "{}. Set-up by the players: {}; `place UNIT HEX`, `historical` for the rest, then `end`.",
                        rules.blurb(),
                        rules.setup_blurb()
                    )
                },
                powers: powers(game),
                min_players: 1,
                max_players: 2,
            })
        })
        .collect()
}

/// The scenario a game of `setup` is played in (`None` if it is not one of ours, or a
/// position that does not fit it).
pub fn scenario_of(setup: &Setup) -> Option<ScenarioInfo> {
    game_of_setup(setup).ok()?;
    scenarios().into_iter().find(|s| s.id == setup.scenario)
}

/// The bytes of the game's data files, which the genesis's scenario hash fixes: the same
/// for a game's scenarios and for its positions.
pub fn scenario_data(setup: &Setup) -> Result<Vec<u8>, RuleError> {
    let game = game_of_setup(setup)?;
    Ok(Ctx::embedded(game)?.data_bytes())
}

/// The initial state of a game of `setup` for these seats.
pub fn setup(setup: &Setup, seats: &Seats) -> Result<State, RuleError> {
    let game = game_of_setup(setup)?;
    let ctx = Ctx::embedded(game)?;
    let mut state = setup_state(ctx, setup, owners(game, seats)?)?;
    // 7.7: the opening positions are public; concealment begins with the first move.
    if setup.has_option(FOG_OF_WAR) && !setup.has_option(OPEN_STACKS) {
        state.fog = Some(crate::state::Fog::default());
        // Every stack has its public top from the start (a fortress garrison, 7.8).
        crate::reveal::settle(ctx, &mut state, &mut Vec::new())?;
    }
    Ok(state)
}

/// The option that plays 7.7, fog of war (engine/fnc/FOG_OF_WAR.md): on by default, recorded
/// in every new game's genesis unless [`OPEN_STACKS`] is chosen. A genesis without it (every
/// game made before fog of war existed) plays open stacks.
pub const FOG_OF_WAR: &str = "fog-of-war";
/// The option that turns fog of war off: every stack open to both sides.
pub const OPEN_STACKS: &str = "open-stacks";

/// The options of FNC games.
pub fn options() -> Vec<grognard_engine::OptionInfo> {
    vec![
        grognard_engine::OptionInfo {
            id: FOG_OF_WAR.into(),
            description: "7.7 fog of war, played unless open-stacks is chosen: only the top unit and the number \
                          of counters of an enemy stack are seen, until an attack opens it"
                .into(),
        },
        grognard_engine::OptionInfo {
            id: OPEN_STACKS.into(),
            description: "no fog of war: every stack is open to both sides".into(),
        },
    ]
}

/// What a new game's genesis records: fog of war unless open stacks are chosen, or one player
/// plays both sides (fog hides a side's stacks from the other side's player: alone, there is
/// nobody to hide them from; `fog-of-war` chosen explicitly still plays it).
pub fn recorded_options(chosen: &[String], players: usize) -> Vec<String> {
    grognard_engine::hidden_by_default(chosen, players, FOG_OF_WAR, OPEN_STACKS)
}

/// The set-up of a game started from the position `text`: its game's scenario (`ec` or
/// `rsw`, named by the position's `game` line) and the text. The rest of the text is read
/// by [`setup()`].
pub fn position_setup(text: &str) -> Result<Setup, RuleError> {
    Ok(Setup::position(position_game(text)?.id(), text))
}

/// The game a position text is of, from its `game` line.
pub fn position_game(text: &str) -> Result<Game, RuleError> {
    let rest = text
        .strip_prefix(POSITION_HEADER)
        .ok_or_else(|| RuleError::new("input", format!("a position starts with `{POSITION_HEADER}`")))?;
    rest.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("game "))
        .and_then(|g| Game::from_id(g.trim()))
        .ok_or_else(|| RuleError::new("input", "the position names no game (`game ec` or `game rsw`)"))
}

/// The game of a set-up: its scenario's; a position must be of that game and played in its
/// game's own scenario (`ec` or `rsw`, not a historical quick start).
pub fn game_of_setup(setup: &Setup) -> Result<Game, RuleError> {
    let scenario = &setup.scenario;
    let (game, historical) = scenario_game(scenario).ok_or_else(|| {
        RuleError::new("input", format!("no scenario `{scenario}`: ec, ec-historical, rsw or rsw-historical"))
    })?;
    if let Some(text) = &setup.position {
        let of = position_game(text)?;
        if of != game || historical {
            return Err(RuleError::new(
                "input",
                format!("a position of game {0} is played in scenario `{0}`, not `{scenario}`", of.id()),
            ));
        }
    }
    Ok(game)
}

/// The initial state of a set-up: the scenario's opening (the historical deployment for a
/// quick start), or the position read.
pub fn setup_state(ctx: &Ctx, setup: &Setup, owners: [PlayerId; 2]) -> Result<State, RuleError> {
    if let Some(text) = &setup.position {
        let mut state = crate::position::parse(ctx, text)?;
        state.owners = owners;
        return Ok(state);
    }
    let scenario = &setup.scenario;
    let (_, historical) =
        scenario_game(scenario).ok_or_else(|| RuleError::new("input", format!("no scenario `{scenario}`")))?;
    let state = setup::initial_state(ctx, owners);
    if historical {
        return sequence::historical_start(ctx, state);
    }
    Ok(state)
}

fn powers(game: Game) -> Vec<PowerInfo> {
    let rules = game.rules();
    Side::BOTH
        .into_iter()
        .map(|s| PowerInfo {
            id: rules.side_id(s).into(),
            name: rules.side_name(s).into(),
            side: rules.side_id(s).into(),
        })
        .collect()
}

fn owners(game: Game, seats: &Seats) -> Result<[PlayerId; 2], RuleError> {
    let rules = game.rules();
    let mut out = [PlayerId(0); 2];
    for side in Side::BOTH {
        out[side.index()] = seats
            .owner(rules.side_id(side))
            .ok_or_else(|| RuleError::new("1.0", format!("no player runs the {} side", rules.side_name(side))))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITION: &str = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1127: fr-1-1\n";

    #[test]
    fn a_position_is_played_in_its_game_scenario() {
        let setup = position_setup(POSITION).expect("a position of EC");
        assert_eq!(setup, Setup::position("ec", POSITION));
        assert_eq!(scenario_of(&setup).map(|s| s.id), Some("ec".to_string()));
        assert_eq!(scenario_data(&setup), scenario_data(&Setup::scenario("ec")));
    }

    #[test]
    fn a_position_that_does_not_fit_its_scenario_is_refused() {
        for scenario in ["rsw", "ec-historical", "zz"] {
            let setup = Setup::position(scenario, POSITION);
            let e = game_of_setup(&setup).expect_err(scenario);
            assert_eq!(e.rule, "input", "{e}");
            assert!(scenario_of(&setup).is_none(), "{scenario}");
        }
        assert_eq!(position_setup("game ec\n").expect_err("no header").rule, "input");
        assert_eq!(position_setup("fnc-position 1\nturn 2\n").expect_err("no game").rule, "input");
    }
}
