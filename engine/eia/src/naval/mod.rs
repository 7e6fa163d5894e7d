//! The naval rules, played in scenarios under the option `naval` (1.3, scenario::OPTION_NAVAL):
//! the naval reinforcement step's transfers and scuttling (5.1.3, 5.1.4), Great Britain's
//! place in the naval order (6.1), naval movement (6.2.1, 6.2.2), interception (6.2.3), naval
//! combat (6.2.4, 6.3), transport of corps and their disembarking (6.2.5, 7.3.5), fleets in a
//! port the enemy takes, scuttled or fighting their blockaders (6.2.6), and blockades (6.2.7).
//!
//! A naval phase is a chain of decisions of several players: a moving stack stops where an
//! enemy may intercept it and the enemy's player answers (`intercept PLACE` or `intercept
//! none`); a battle at sea asks the defender whether it evades; a loser chooses its retreat,
//! the victor where it is driven, who pursues and, after a battle in a blockade box, whether
//! it moves into the friendly port (6.3.5.3). Outside the naval phase, the owner of fleets in
//! a port the enemy took while blockading it chooses whether they are scuttled or fight
//! (6.2.6.1). The record of the phasing power's sequence ([`NavalBook`], in `state.book`)
//! holds the move under way ([`Voyage`]) and the decision awaited ([`Decision`]); while one
//! is awaited its power acts ([`decider`]) and only its answer is accepted.
//!
//! Every command checks itself completely before its first roll and works on a copy, like
//! the land phase's; events carry the rule they apply.

pub mod attack;
pub mod combat;
pub mod command;
pub mod interception;
pub mod invariants;
pub mod legal;
pub mod movement;
pub mod order;
pub mod places;
pub mod port;
pub mod reinforcement;
pub mod retreat;
pub mod transport;

pub use command::{Leg, NavalCommand};

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::{FleetPlace, State};
use grognard_engine::{Applied, ApplyError, DiceSource, Event, Pending, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The naval record of the phasing power's sequence (kept in `state.book`, so it is reset
/// when the sequence ends).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalBook {
    /// The decision the rules wait for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    /// The stack moving now, stopped where it may be intercepted (6.2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voyage: Option<Voyage>,
    /// Stacks beaten after intercepting: no more interceptions this sequence (6.2.3.4.2).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub beaten: BTreeSet<String>,
    /// Places where the phasing power has attacked (or been evaded) this sequence: one
    /// battle per place (6.3.1, 6.3.2).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub battles: BTreeSet<FleetPlace>,
    /// The naval combat step has begun: no more movement (6.1.3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub combat_step: bool,
    /// The place each fleet moved this sequence last left (6.3.3.1, 6.3.5.3: fleets coming
    /// out of a blockaded port).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub came_from: BTreeMap<String, FleetPlace>,
    /// Corps that disembarked this land movement step (7.3.5: their combat counts as across a
    /// river; `CorpsMove::across_river` is set too).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub disembarked: BTreeSet<String>,
}

impl NavalBook {
    pub fn is_empty(&self) -> bool {
        self == &NavalBook::default()
    }
}

/// A stack under way (6.2.2): the fleets moving together, where they are and the legs of
/// their route still to sail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Voyage {
    pub power: Power,
    pub fleets: Vec<String>,
    pub at: FleetPlace,
    /// The place it left to enter `at`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<FleetPlace>,
    /// The legs still to sail, picks and drops included.
    pub route: Vec<Leg>,
    /// The places passed, for the final event.
    pub path: Vec<FleetPlace>,
    /// Powers asked whether they intercept at `at` (6.2.3.1.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<Power>,
    /// Interceptions at `at` are over (or not possible there).
    pub settled: bool,
    /// The stack lost (or drew) an interception combat: it stops after its retreat
    /// (6.2.3.4.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halted: bool,
}

/// A side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// A naval battle about to be fought (6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub place: FleetPlace,
    /// The phasing power initiating it (6.2.4), or the intercepting power (6.3.1.1).
    pub attacker: Power,
    pub attackers: Vec<String>,
    pub defender: Power,
    pub defenders: Vec<String>,
    /// Fought because of an interception (6.2.3.3): no evasion.
    pub interception: bool,
    /// In a blockade box, the side that came out of its port (6.3.3.1, 6.3.5.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_port: Option<Role>,
}

impl Battle {
    pub fn power(&self, role: Role) -> Power {
        match role {
            Role::Attacker => self.attacker,
            Role::Defender => self.defender,
        }
    }

    pub fn fleets(&self, role: Role) -> &[String] {
        match role {
            Role::Attacker => &self.attackers,
            Role::Defender => &self.defenders,
        }
    }
}

/// What a battle (or an evasion, 6.3.2.1) leaves to settle: the loser's retreat and the
/// victor's pursuit (6.3.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    pub place: FleetPlace,
    pub victor: Power,
    /// The victor's fleets that fought there and survive.
    pub victors: Vec<String>,
    pub loser: Power,
    /// The loser's surviving fleets, which retreat.
    pub losers: Vec<String>,
    /// The victor stays where it fought and does not pursue: the fleets of a port the enemy
    /// took that beat its blockaders stay in the blockade box (6.2.6.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub holds: bool,
}

/// A decision the rules wait for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "kebab-case")]
pub enum Decision {
    /// 6.1: Great Britain announces its place in the naval phase's order (`position N`).
    Position,
    /// 7.1: in the campaign games France announces its place in the land phase's order
    /// (`position N`; 3.4: in the scenarios it moves first). Asked through the decisions of
    /// this book, the one record of a phase's pending announcements.
    LandPosition,
    /// 6.2.3: `power` may try to intercept the moving stack with its stack at one of
    /// `from` (`intercept PLACE` or `intercept none`).
    Intercept { power: Power, from: Vec<FleetPlace> },
    /// 6.3.2: the defender of a battle at sea may try to evade (`evade` or `accept battle`).
    Evade { battle: Battle },
    /// 6.3.5.1: the loser retreats to one of the nearest friendly ports, or to sea.
    Retreat { after: Aftermath, ports: Vec<String>, seas: Vec<String> },
    /// 6.3.5.1.1: the victor chooses the sea zone the loser is driven into.
    Drive { after: Aftermath, seas: Vec<String> },
    /// 6.3.5.1: the victor may follow the loser into the port's blockade box.
    Pursue { after: Aftermath, port: String, fleets: Vec<String> },
    /// 6.2.6.1: `power`'s fleets in the port of `port`, which the enemy now holds while
    /// `blockaders` blockade it, are scuttled (`scuttle in port`) or fight one blockading
    /// power's stack (`fight blockaders`, `fight blockaders POWER` when several blockade it).
    Blockaded { power: Power, port: String, fleets: Vec<String>, blockaders: Vec<Power> },
    /// 6.3.5.3 EXCEPTION: the victor of a battle in a blockade box may move its `fleets` still
    /// there into the friendly port (`enter port` or `stay in box`).
    EnterPort { after: Aftermath, fleets: Vec<String> },
}

/// Is the naval option played in this game?
pub fn played(state: &State) -> bool {
    state.options.iter().any(|o| o == crate::scenario::OPTION_NAVAL)
}

/// The power whose decision the rules wait for, if any.
pub fn decider(state: &State) -> Option<Power> {
    match state.book.naval.decision.as_ref()? {
        Decision::Position => Some(Power::Britain),
        Decision::LandPosition => Some(Power::France),
        Decision::Intercept { power, .. } => Some(*power),
        Decision::Evade { battle } => Some(battle.defender),
        Decision::Retreat { after, .. } => Some(after.loser),
        Decision::Drive { after, .. } | Decision::Pursue { after, .. } | Decision::EnterPort { after, .. } => {
            Some(after.victor)
        }
        Decision::Blockaded { power, .. } => Some(*power),
    }
}

/// Does the state wait for a naval decision (no step may be passed over meanwhile)?
pub fn waiting(state: &State) -> bool {
    state.book.naval.decision.is_some()
}

/// Hook of `turn::start_phase`: at the start of the naval phase Great Britain announces its
/// place in the order (6.1), if it has fleets to move.
pub fn start_phase(state: &mut State, phase: Phase) {
    if phase == Phase::Naval
        && state.powers.contains_key(&Power::Britain)
        && crate::turn::has_work(state, Power::Britain, Phase::Naval)
    {
        state.book.naval.decision = Some(Decision::Position);
    }
    // 7.1, 3.4: France announces its place in the land phase of the campaign games (those
    // with the political phase); in the scenarios it moves first.
    if phase == Phase::Land(crate::sequence::LandStep::Depots)
        && crate::politics::played(state)
        && state.powers.contains_key(&Power::France)
        && state.sequence.order.len() > 1
    {
        state.book.naval.decision = Some(Decision::LandPosition);
    }
}

/// Apply a naval command of `power` (the acting power, or the power whose decision is
/// awaited).
pub fn apply(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &NavalCommand,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if let Some(decision) = &state.book.naval.decision {
        return answer(ctx, state, power, decision, command, dice, log);
    }
    match command {
        NavalCommand::TransferShips { count, from, to } => {
            Ok(reinforcement::transfer_ships(ctx, state, power, *count, from, to, log)?)
        }
        NavalCommand::Scuttle { fleet } => Ok(reinforcement::scuttle(ctx, state, power, fleet, log)?),
        NavalCommand::Sail { fleets, route } => Ok(movement::sail(ctx, state, power, fleets, route, log)?),
        NavalCommand::Embark { corps, fleet } => Ok(transport::embark(ctx, state, power, corps, fleet, log)?),
        NavalCommand::Engage { power: defender, place, declaring } => {
            attack::engage(ctx, state, power, (*defender, *declaring), place, dice, log)
        }
        NavalCommand::Disembark { corps, area, into_city } => {
            Ok(transport::disembark(ctx, state, power, corps, area.as_deref(), *into_city, log)?)
        }
        other => Err(RuleError::new(rule_of(other), format!("no one is asked `{other}` now")).into()),
    }
}

/// The rule a decision command answers, for refusals.
fn rule_of(command: &NavalCommand) -> &'static str {
    match command {
        NavalCommand::Position { .. } => "6.1",
        NavalCommand::Intercept { .. } => "6.2.3",
        NavalCommand::Evade | NavalCommand::AcceptBattle => "6.3.2",
        NavalCommand::Retreat { .. } | NavalCommand::Drive { .. } | NavalCommand::Pursue { .. } => "6.3.5",
        NavalCommand::ScuttleInPort | NavalCommand::FightBlockaders { .. } => "6.2.6.1",
        NavalCommand::EnterPort | NavalCommand::StayInBox => "6.3.5.3",
        NavalCommand::TransferShips { .. } => "5.1.3",
        NavalCommand::Scuttle { .. } => "5.1.4",
        NavalCommand::Sail { .. } => "6.2",
        NavalCommand::Embark { .. } | NavalCommand::Disembark { .. } => "6.2.5",
        NavalCommand::Engage { .. } => "6.2.4",
    }
}

fn decision_rule(decision: &Decision) -> &'static str {
    match decision {
        Decision::Position => "6.1",
        Decision::LandPosition => "7.1",
        Decision::Intercept { .. } => "6.2.3",
        Decision::Evade { .. } => "6.3.2",
        Decision::Retreat { .. } | Decision::Drive { .. } | Decision::Pursue { .. } => "6.3.5",
        Decision::Blockaded { .. } => "6.2.6.1",
        Decision::EnterPort { .. } => "6.3.5.3",
    }
}

/// The answer to the decision awaited.
fn answer(
    ctx: &Ctx,
    state: &State,
    power: Power,
    decision: &Decision,
    command: &NavalCommand,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    match (decision, command) {
        (Decision::Position, NavalCommand::Position { position }) => {
            Ok(order::announce(ctx, state, power, *position, log)?)
        }
        (Decision::LandPosition, NavalCommand::Position { position }) => {
            Ok(order::announce_land(ctx, state, power, *position, log)?)
        }
        (Decision::Intercept { .. }, NavalCommand::Intercept { place, declaring }) => {
            interception::answer(ctx, state, power, (place.as_deref(), *declaring), dice, log)
        }
        (Decision::Evade { .. }, NavalCommand::Evade) => attack::evade(ctx, state, power, true, dice, log),
        (Decision::Evade { .. }, NavalCommand::AcceptBattle) => attack::evade(ctx, state, power, false, dice, log),
        (Decision::Retreat { .. }, NavalCommand::Retreat { to }) => {
            Ok(retreat::retreat(ctx, state, power, to.as_deref(), log)?)
        }
        (Decision::Drive { .. }, NavalCommand::Drive { sea }) => Ok(retreat::drive(ctx, state, power, sea, log)?),
        (Decision::Pursue { .. }, NavalCommand::Pursue { fleets }) => {
            Ok(retreat::pursue(ctx, state, power, fleets, log)?)
        }
        (Decision::Blockaded { .. }, NavalCommand::ScuttleInPort) => Ok(port::scuttle_in_port(ctx, state, power, log)?),
        (Decision::Blockaded { .. }, NavalCommand::FightBlockaders { power: enemy }) => {
            port::fight_blockaders(ctx, state, power, *enemy, dice, log)
        }
        (Decision::EnterPort { .. }, NavalCommand::EnterPort) => Ok(retreat::enter_port(ctx, state, power, true, log)?),
        (Decision::EnterPort { .. }, NavalCommand::StayInBox) => {
            Ok(retreat::enter_port(ctx, state, power, false, log)?)
        }
        (d, _) => {
            Err(RuleError::new(decision_rule(d), format!("{} is asked: {}", power.name(), prompt(ctx, state, d)))
                .into())
        }
    }
}

/// What `decision` asks, in words.
pub fn prompt(ctx: &Ctx, state: &State, decision: &Decision) -> String {
    match decision {
        Decision::Position => {
            let n = state.sequence.order.iter().filter(|p| **p != Power::Britain).count() + 1;
            format!("Great Britain announces its place in the naval phase's order (6.1): `position N`, 1 to {n}")
        }
        Decision::LandPosition => {
            let n = state.sequence.order.len();
            format!("France announces its place in the land phase's order (7.1): `position N`, 1 to {n}")
        }
        Decision::Intercept { power, from } => {
            let at = state.book.naval.voyage.as_ref().map(|v| places::name(ctx, &v.at)).unwrap_or_default();
            let mover = state.book.naval.voyage.as_ref().map(|v| v.power.name()).unwrap_or("?");
            let from: Vec<String> = from.iter().map(places::token).collect();
            format!(
                "{}: {mover}'s stack enters {at}; intercept it (6.2.3) from {} (`intercept PLACE`) or `intercept none`",
                power.name(),
                from.join(", ")
            )
        }
        Decision::Evade { battle } => format!(
            "{}: {} attacks in {} (6.3.2): `evade` (1-2 on a die) or `accept battle`",
            battle.defender.name(),
            battle.attacker.name(),
            places::name(ctx, &battle.place)
        ),
        Decision::Retreat { after, ports, seas } => {
            let mut ways: Vec<String> = ports.iter().map(|p| format!("`retreat fleets to {p}`")).collect();
            if !seas.is_empty() {
                ways.push("`retreat fleets to sea`".into());
            }
            format!(
                "{}: its fleets retreat from {} (6.3.5.1): {}",
                after.loser.name(),
                places::name(ctx, &after.place),
                ways.join(" or ")
            )
        }
        Decision::Drive { after, seas } => format!(
            "{}: choose the sea zone {}'s fleets retreat into (6.3.5.1.1): `drive fleets to SEA` ({})",
            after.victor.name(),
            after.loser.name(),
            seas.join(", ")
        ),
        Decision::Pursue { after, port, fleets } => format!(
            "{}: pursue {} into the blockade box of {port} (6.3.5.1) with `pursue fleets FLEET...` ({}) or `pursue fleets none`",
            after.victor.name(),
            after.loser.name(),
            fleets.join(", ")
        ),
        Decision::Blockaded { power, port, fleets, blockaders } => {
            let fight = match blockaders.as_slice() {
                [_] => "`fight blockaders`".to_string(),
                many => many.iter().map(|p| format!("`fight blockaders {}`", p.id())).collect::<Vec<_>>().join(" or "),
            };
            let by: Vec<&str> = blockaders.iter().map(|p| p.name()).collect();
            format!(
                "{}: the enemy holds {} and {} blockade(s) it: fleet(s) {} are scuttled (`scuttle in port`) or fight the \
                 blockaders, who have the wind gauge, and are scuttled if they lose (6.2.6.1): {fight}",
                power.name(),
                places::name(ctx, &FleetPlace::Port(port.clone())),
                by.join(" and "),
                fleets.join(", ")
            )
        }
        Decision::EnterPort { after, fleets } => {
            let port = match &after.place {
                FleetPlace::Blockade(a) | FleetPlace::Port(a) | FleetPlace::Sea(a) => FleetPlace::Port(a.clone()),
            };
            format!(
                "{}: fleet(s) {} won in {} and may move into {} (6.3.5.3): `enter port` or `stay in box`",
                after.victor.name(),
                fleets.join(", "),
                places::name(ctx, &after.place),
                places::name(ctx, &port)
            )
        }
    }
}

/// What the state waits for, if it is a naval decision: a choice among its answers.
pub fn pending(ctx: &Ctx, state: &State) -> Option<Pending> {
    let decision = state.book.naval.decision.as_ref()?;
    let power = decider(state)?;
    let player = PlayerId(state.player_of(power).unwrap_or(0));
    let options =
        legal::decisions(ctx, state).into_iter().map(|c| crate::command::Command::Naval(c).to_string()).collect();
    Some(Pending::Choice { player, prompt: format!("{}: {}", state.date, prompt(ctx, state, decision)), options })
}

/// Hook of `ruleset::apply_command` while a naval decision is awaited: only its answer.
pub fn apply_decision(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &crate::command::Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let mut log = Vec::new();
    let Some(decision) = &state.book.naval.decision else {
        return Err(RuleError::new("6.0", "no naval decision is awaited").into());
    };
    let crate::command::Command::Naval(c) = command else {
        return Err(RuleError::new(decision_rule(decision), prompt(ctx, state, decision)).into());
    };
    let mut next = answer(ctx, state, power, decision, c, dice, &mut log)?;
    // Once the decisions a port the enemy took set off are over, the next fleets caught in one
    // are asked (6.2.6, 6.2.6.1).
    if next.book.naval.decision.is_none() {
        after_command(ctx, &mut next, &mut log);
    }
    Ok(Applied { state: next, events: log })
}

/// 6.2.4, 6.2.7.1: may `power` end its naval phase sequence? Not while one of its stacks
/// stands in a port or blockade box with an enemy fleet it has not attacked, nor while a
/// stack that began in a blockade box it may not hold (6.2.7) could still leave it.
pub fn end_naval(ctx: &Ctx, state: &State, power: Power) -> Result<(), RuleError> {
    let mut mine: BTreeSet<FleetPlace> = BTreeSet::new();
    for (id, f) in &state.fleets {
        if state.controller_of_nation(&f.nation) == Some(power) {
            mine.insert(f.place.clone());
            if let FleetPlace::Blockade(area) = &f.place {
                let moved = state.book.fleets.contains_key(id);
                // 6.1.3: once the combat step has begun no fleet moves, so none could leave.
                if !moved
                    && !state.book.naval.combat_step
                    && !places::may_blockade(ctx, state, power, area)
                    && movement::can_leave(ctx, state, power, id)
                {
                    return Err(RuleError::new(
                        "6.2.7.1",
                        format!(
                            "fleet {id} is in {} without war on the port's holder or an enemy fleet there: it must leave",
                            places::name(ctx, &f.place)
                        ),
                    ));
                }
            }
        }
    }
    for place in mine {
        if matches!(place, FleetPlace::Sea(_)) || state.book.naval.battles.contains(&place) {
            continue;
        }
        if places::iced(ctx, state, &place) {
            continue;
        }
        if let Some(enemy) = places::enemy_powers_at(state, power, &place).first() {
            return Err(RuleError::new(
                "6.2.4",
                format!(
                    "{} must attack the {} fleet(s) in {} (`engage {} at {}`)",
                    power.name(),
                    enemy.name(),
                    places::name(ctx, &place),
                    enemy.id(),
                    places::token(&place)
                ),
            ));
        }
    }
    Ok(())
}

/// Hook of `ruleset::end_step`, before the step ends: corps still at sea at the end of their
/// power's land movement step are lost (6.2.5.2).
pub fn on_end(ctx: &Ctx, state: &mut State, power: Power, log: &mut Vec<Event>) {
    if state.sequence.phase == Phase::Land(crate::sequence::LandStep::Movement) {
        transport::fail_to_disembark(ctx, state, power, log);
    }
}

/// Hook run after every command (and after a naval decision answered outside the naval phase):
/// a fleet whose port the enemy now holds leaves it, or its power is asked whether it is
/// scuttled or fights the blockaders (6.2.6, 6.2.6.1).
pub fn after_command(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    // Not during a naval phase (6.2.6): a stack entering an enemy port to attack stays there.
    if played(state) && state.sequence.phase != Phase::Naval {
        port::enemy_ports(ctx, state, log);
    }
}

/// The enemy powers a naval roll of `command` concerns (for the journal's `concerned`
/// witnesses): the other side of the interception, evasion or battle it starts.
pub fn concerns(state: &State, command: &crate::command::Command) -> Vec<Power> {
    let crate::command::Command::Naval(c) = command else { return Vec::new() };
    match (state.book.naval.decision.as_ref(), c) {
        (Some(Decision::Intercept { .. }), NavalCommand::Intercept { place: Some(_), .. }) => {
            state.book.naval.voyage.as_ref().map(|v| vec![v.power]).unwrap_or_default()
        }
        (Some(Decision::Evade { battle }), NavalCommand::Evade | NavalCommand::AcceptBattle) => vec![battle.attacker],
        (None, NavalCommand::Engage { power, .. }) => vec![*power],
        (Some(Decision::Blockaded { blockaders, .. }), NavalCommand::FightBlockaders { power }) => match power {
            Some(p) => vec![*p],
            None => blockaders.first().map(|p| vec![*p]).unwrap_or_default(),
        },
        _ => Vec::new(),
    }
}

/// Hook of `ruleset::apply_command`: no land command may name a corps at sea (6.2.5, 7.3.5).
pub fn check_command(state: &State, command: &crate::command::Command) -> Result<(), RuleError> {
    transport::guard(state, command)
}
