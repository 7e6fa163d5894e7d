//! The players a roll concerns (`Ruleset::roll_concerns`, for games whose genesis chooses the
//! witnesses `concerned`, docs/PROTOCOL.md section 5.3): the other side of a naval
//! interception, evasion or attack (`naval::concerns`); the defenders of a city assaulted
//! (R7.5.4.1); the besiegers of a city whose besieged supply is rolled (7.4.5); the powers a
//! guerrilla step's strikes may hit (R7.6). A battle's
//! dice are rolled when its chits open, witnessed by the players who sealed them. A corps'
//! foraging concerns no other power: its roll gets the protocol's single witness.

use crate::command::Command;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;

/// The powers other than the acting one that the roll of `command` concerns.
pub fn of(state: &State, command: &Command) -> Vec<Power> {
    let mut powers = crate::naval::concerns(state, command);
    match command {
        Command::Assault { area } => {
            let inside = state
                .garrisons
                .get(area)
                .map(|g| g.nation.clone())
                .into_iter()
                .chain(state.corps.values().filter(|c| c.area == *area && c.in_city).map(|c| c.side().to_string()));
            powers.extend(inside.filter_map(|n| state.controller_of_nation(&n)));
        }
        Command::End if state.sequence.phase == Phase::Land(LandStep::Supply) => {
            if let Some(acting) = state.sequence.acting() {
                for area in &state.sieges {
                    let besieged_is_mine = state
                        .garrisons
                        .get(area)
                        .is_some_and(|g| state.controller_of_nation(&g.nation) == Some(acting));
                    if besieged_is_mine {
                        powers.extend(
                            state
                                .corps
                                .values()
                                .filter(|c| c.area == *area && !c.in_city)
                                .filter_map(|c| state.controller_of_nation(c.side())),
                        );
                    }
                }
            }
        }
        // R7.6: the guerrilla step's strikes, rolled as the land combat step ends.
        Command::End if state.sequence.phase == Phase::Land(LandStep::Combat) => {
            if let Some(acting) = state.sequence.acting() {
                powers.extend(crate::guerrilla::concerned(state, acting));
            }
        }
        _ => {}
    }
    if let Ok(ctx) = crate::ctx::Ctx::builtin() {
        powers.extend(crate::economy::concerns(ctx, state, command));
    }
    powers.sort();
    powers.dedup();
    powers
}
