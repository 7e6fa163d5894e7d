//! Strengths revealed when a rule needs them (2.4.2: a corps' identity is shown "when its
//! identity must be revealed to other players, e.g., during a combat"). The one rule: before
//! the rules read the factors of a veiled corps (`Corps::veil`), its owner opens the concealed
//! commands in its veil (docs/PROTOCOL.md section 12.5); the rules then go on with every copy
//! knowing them.
//!
//! - a battle (7.5.2.6.3): once both chits are open, every veiled corps on both sides;
//! - a battle whose defenders are of several powers: the defenders first, as the power with
//!   the most factors chooses the defender's chit (R7.3.8.7);
//! - an assault (R7.5.4.1): the besiegers and the corps inside the city;
//! - the end of the supply step: the power's corps inside its besieged cities, whose
//!   besieged supply losses fall on the largest holder first (7.4.5).
//!
//! A command that needs openings is checked as far as the public state allows (tried with no
//! dice and the strengths each copy has), then parked in [`Reveal`]; `pending` asks for the
//! openings, and the last one runs it, with its dice.

use crate::combat::Chit;
use crate::command::Command;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;
use grognard_engine::{Applied, ApplyError, Event, NoDice, Owing, Pending, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};

/// What waits for openings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The indices each player still owes, by player.
    pub owing: BTreeMap<u8, BTreeSet<u32>>,
    /// What the rules do once everything is opened.
    pub then: Then,
    /// The rule asking, in words.
    pub why: String,
}

/// What runs once the strengths are open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "then", rename_all = "kebab-case")]
pub enum Then {
    /// A command of `power`, parked until the strengths it reads are known.
    Command { power: Power, command: Command },
    /// The battle being fought, resolved with these chits (7.5.2.6 onwards).
    Battle { attacker: Chit, defender: Chit },
    /// The peace being made goes on with its next question (B.4: the victor chooses the
    /// corps on loan knowing what the loser's hold).
    Talks,
}

/// The veils of `corps`, by player: what opening them all takes.
pub(crate) fn veils_of<'a>(state: &State, corps: impl IntoIterator<Item = &'a String>) -> BTreeMap<u8, BTreeSet<u32>> {
    let mut owing: BTreeMap<u8, BTreeSet<u32>> = BTreeMap::new();
    for id in corps {
        for v in state.corps.get(id).map(|c| &c.veil).into_iter().flatten() {
            owing.entry(v.player).or_default().insert(v.index);
        }
    }
    owing
}

/// The corps whose factors `command` of `power` reads, among those only openings can show.
fn demanded(state: &State, power: Power, command: &Command) -> (Vec<String>, &'static str) {
    match command {
        Command::Battle { area } | Command::Sally { area } => {
            let defenders = crate::combat::forces::defenders(state, power, area);
            let powers: BTreeSet<Option<Power>> = defenders
                .iter()
                .filter_map(|c| state.corps.get(c))
                .map(|c| state.controller_of_nation(c.side()))
                .collect();
            if powers.len() > 1 {
                (defenders, "R7.3.8.7: the defending power with the most factors chooses the chit")
            } else {
                (Vec::new(), "")
            }
        }
        // 7.3.8.3: the last answer opens the battle, whose defenders its declarations may have
        // made several powers.
        Command::WarAnswer { on } => {
            let Some(q) = state.book.war_question.as_ref().filter(|q| q.asked.len() == 1) else {
                return (Vec::new(), "");
            };
            let mut after = state.clone();
            if on.is_some() {
                after.relations.declare_war(power.id(), q.attacker.id());
            }
            demanded(&after, q.attacker, &Command::Battle { area: q.area.clone() })
        }
        Command::Assault { area } => {
            let corps = state
                .corps
                .iter()
                .filter(|(_, c)| c.area == *area && c.aboard.is_none())
                .filter(|(_, c)| c.in_city || state.controller_of_nation(c.side()) == Some(power))
                .map(|(id, _)| id.clone())
                .collect();
            (corps, "R7.5.4.1: an assault is fought with both sides' strengths")
        }
        Command::End if state.sequence.phase == Phase::Land(LandStep::Supply) => {
            let corps = state
                .corps
                .iter()
                .filter(|(_, c)| c.in_city && state.sieges.contains(&c.area))
                .filter(|(_, c)| state.controller_of_nation(c.side()) == Some(power))
                .map(|(id, _)| id.clone())
                .collect();
            (corps, "7.4.5: besieged supply losses fall on the largest holder first")
        }
        _ => (Vec::new(), ""),
    }
}

/// Park `command` until the strengths it reads are opened, once it is found legal as far as
/// the public state shows (`dispatch` tried with no dice). `None`: nothing to open.
pub fn park(
    ctx: &Ctx,
    state: &State,
    power: Power,
    player: PlayerId,
    command: &Command,
) -> Result<Option<Applied<State>>, ApplyError> {
    let (corps, why) = demanded(state, power, command);
    let owing = veils_of(state, &corps);
    if owing.is_empty() {
        return Ok(None);
    }
    match crate::ruleset::dispatch(ctx, state, player, power, command, &mut NoDice) {
        Ok(_) | Err(ApplyError::NeedDice) => {}
        Err(e) => return Err(e),
    }
    let mut next = state.clone();
    next.reveal = Some(Reveal { owing, then: Then::Command { power, command: command.clone() }, why: why.to_string() });
    let events = vec![asked(&next, why)];
    Ok(Some(Applied { state: next, events }))
}

/// Park the battle being fought until its corps' strengths are opened (7.5.2.6.3), once its
/// chits are known. `None`: every strength is known.
pub fn park_battle(state: &State, attacker: &Chit, defender: &Chit) -> Option<Applied<State>> {
    let battle = state.battle.as_ref()?;
    // A retirement into the city reads the room the corps already inside leave (7.5.1.1).
    let inside: Vec<String> = if defender.chit == crate::combat::chits::RETIRE {
        state.corps.iter().filter(|(_, c)| c.area == battle.area && c.in_city).map(|(id, _)| id.clone()).collect()
    } else {
        Vec::new()
    };
    // Corps named to reinforce (R7.5.2.11) may march in and fight.
    let reinforcing = attacker.reinforcing.iter().chain(&defender.reinforcing);
    let owing = veils_of(state, battle.attackers.iter().chain(&battle.defenders).chain(&inside).chain(reinforcing));
    if owing.is_empty() {
        return None;
    }
    let why = "7.5.2.6.3: the corps in the battle show their strengths";
    let mut next = state.clone();
    next.reveal = Some(Reveal {
        owing,
        then: Then::Battle { attacker: attacker.clone(), defender: defender.clone() },
        why: why.to_string(),
    });
    let events = vec![asked(&next, why)];
    Some(Applied { state: next, events })
}

fn asked(state: &State, why: &str) -> Event {
    let players: Vec<u8> = state.reveal.as_ref().map(|r| r.owing.keys().copied().collect()).unwrap_or_default();
    Event::new(
        format!("{why}: the hidden strengths are opened first (2.4.2)"),
        json!({"kind": "reveal-asked", "players": players, "rule": "2.4.2"}),
    )
}

/// What the state waits for while strengths are owed.
pub fn pending(state: &State) -> Option<Pending> {
    let reveal = state.reveal.as_ref()?;
    let owing: Vec<Owing> = reveal
        .owing
        .iter()
        .map(|(p, indices)| Owing { player: PlayerId(*p), indices: indices.iter().copied().collect() })
        .collect();
    Some(Pending::Open { owing, prompt: format!("{}: the hidden strengths it reads are opened (2.4.2)", reveal.why) })
}

/// `player` opened what was asked of them (`Ruleset::apply_opened`): their commands leave
/// every veil; when nobody owes anything more, the parked command or battle goes on.
pub fn opened(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    dice: &mut dyn grognard_engine::DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let reveal = state.reveal.as_ref().ok_or_else(|| RuleError::new("2.4.2", "no rule asks for an opening now"))?;
    let Some(indices) = reveal.owing.get(&player.0) else {
        return Err(RuleError::new("2.4.2", format!("nothing is asked of {player} now")).into());
    };
    let mut next = state.clone();
    for c in next.corps.values_mut() {
        c.veil.retain(|v| !(v.player == player.0 && indices.contains(&v.index)));
    }
    let mut events = vec![Event::new(
        format!("{player} opens the hidden strengths asked of them (2.4.2)"),
        json!({"kind": "opened", "player": player.0, "rule": "2.4.2"}),
    )];
    let Some(mut reveal) = next.reveal.take() else { return Err(RuleError::new("2.4.2", "nothing waits").into()) };
    reveal.owing.remove(&player.0);
    if !reveal.owing.is_empty() {
        next.reveal = Some(reveal);
        return Ok(Applied { state: next, events });
    }
    let mut applied = match reveal.then {
        Then::Command { power, command } => {
            let by = PlayerId(next.player_of(power).unwrap_or(player.0));
            crate::ruleset::dispatch(ctx, &next, by, power, &command, dice)?
        }
        Then::Battle { attacker, defender } => crate::ruleset::resolve_battle(ctx, &next, &attacker, &defender, dice)?,
        Then::Talks => {
            let mut log = Vec::new();
            crate::politics::settle(ctx, &mut next, dice, &mut log)?;
            Applied { state: next, events: log }
        }
    };
    events.append(&mut applied.events);
    Ok(Applied { state: applied.state, events })
}

/// The players whose powers the roll made after the last opening concerns (the journal's
/// witnesses `concerned`).
pub fn concerns(state: &State) -> Vec<Power> {
    match state.reveal.as_ref().map(|r| &r.then) {
        Some(Then::Command { command, .. }) => crate::concerns::of(state, command),
        Some(Then::Battle { .. }) => state.battle.iter().flat_map(|b| [b.attacker, b.defender]).collect(),
        Some(Then::Talks) | None => Vec::new(),
    }
}
