//! The play aids (`grognard hex`, `units`, `reach`, `odds`, `charts`): read-only answers
//! about a state, each computed by the same functions the commands use (`reach` by the
//! movement checks of `move`, `odds` by the declaration and odds of `attack`), never by a
//! copy of the rules. Also [`complete`]: `move UNITS HEX` to a hex that is not a legal
//! single step becomes the explicit cheapest path `reach` finds.

pub mod charts;
pub mod hex;
pub mod odds;
pub mod reach;
pub mod units;

use crate::command::Command;
use crate::ctx::Ctx;
use crate::movement::ground;
use crate::state::{Location, State};
use grognard_board::HexId;
use grognard_engine::{AidAnswer, AidQuery, PlayerId, RuleError};

fn parse_hex(text: &str) -> Result<HexId, RuleError> {
    HexId::parse(text.trim()).map_err(|e| RuleError::new("input", format!("`{text}` is not a hex (four digits): {e}")))
}

/// Unit ids as typed: separated by commas or spaces.
fn unit_list(words: &[String]) -> Vec<String> {
    words.iter().flat_map(|w| w.split(',')).map(str::trim).filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// Answer a play aid about `state`.
pub fn answer(ctx: &Ctx, state: &State, query: &AidQuery) -> Result<AidAnswer, RuleError> {
    match query {
        AidQuery::Hex { hex: h } => hex::answer(ctx, state, parse_hex(h)?),
        AidQuery::Units { side } => units::answer(ctx, state, side.as_deref()),
        AidQuery::Reach { units } => {
            let units = unit_list(units);
            if units.is_empty() {
                return Err(RuleError::new("input", "name the units whose reach you want (e.g. `reach fr-1-1`)"));
            }
            reach::answer(ctx, state, &units)
        }
        AidQuery::Odds { attackers, hex: h } => {
            let attackers = unit_list(attackers);
            odds::answer(ctx, state, &attackers, parse_hex(h)?)
        }
        AidQuery::Charts => charts::answer(ctx, state),
    }
}

/// `river UNITS HEX` to a hex that is not one river step away: the shortest RCLM path to it
/// (9.13), as the complete list of moves gives it, if there is one; else `None` (the command
/// stays as typed and `river` gives its own refusal).
fn complete_river(ctx: &Ctx, state: &State, player: PlayerId, units: &[String], path: &[HexId]) -> Option<Command> {
    let [to] = path[..] else { return None };
    let side = state.acting_side();
    if state.owners[side.index()] != player || state.decision.is_some() {
        return None;
    }
    if crate::movement::river::river_route(ctx, state, side, units, path).is_ok() {
        return None;
    }
    let found = crate::movement::reach::river_destinations(ctx, state, side, units, crate::movement::legal::MAX_PATHS);
    let path = found.into_iter().find(|p| p.last() == Some(&to))?;
    Some(Command::River { units: units.to_vec(), path })
}

/// Complete a command typed by `player` (`Ruleset::complete`): `river UNITS HEX` by the
/// shortest river path (`complete_river`); `move UNITS HEX` whose one
/// hex is not a legal single step (not adjacent, or adjacent but not enterable directly)
/// becomes `move UNITS` along the cheapest path to that hex, as `reach` lists it (ties: the
/// lexicographically smallest sequence of hex ids). Every other command, an explicit path
/// included, is kept as typed; so is anything `move` will refuse for another reason, so
/// that `apply` gives its own refusal.
pub fn complete(ctx: &Ctx, state: &State, player: PlayerId, command: Command) -> Result<Command, RuleError> {
    if let Command::River { units, path } = &command {
        return Ok(complete_river(ctx, state, player, units, path).unwrap_or(command));
    }
    let Command::Move { units, path, .. } = &command else { return Ok(command) };
    let [to] = path[..] else { return Ok(command) };
    let side = state.acting_side();
    if state.owners[side.index()] != player || state.decision.is_some() {
        return Ok(command);
    }
    if ground::plan(ctx, state, side, units, path).is_ok() {
        return Ok(command);
    }
    let Ok(found) = crate::movement::reach::search(ctx, state, side, units) else { return Ok(command) };
    if let Some(r) = found.path_to(to) {
        return Ok(Command::Move { units: units.clone(), path: r.path.clone(), from: None, left_top: None });
    }
    let first_step = match &found.start {
        Location::Hex(h) => h.is_adjacent(to),
        Location::Box(b) => ctx.map.box_by_id(b).is_some_and(|bx| bx.entry.contains(&to)),
        _ => true,
    };
    if first_step {
        // A single step `move` refuses with its own rule.
        return Ok(command);
    }
    Err(RuleError::new(
        "9.2",
        format!(
            "no legal ground move takes {} to {to} this phase (its movement points, the terrain, enemy units or \
             stacking forbid every path); `grognard reach {}` lists where it can go",
            units.join(","),
            units.join(",")
        ),
    ))
}
