//! The Empires in Arms ruleset: what each state waits for, and the dispatch of commands to
//! the rules of each phase.
//!
//! Contract with the phase modules: each checks its command completely before its first
//! roll, works on a copy and explains what happened in events; the dispatcher then moves the
//! month on when a power ends its step (`turn::advance`).

use crate::command::Command;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;
use crate::{land, reinforcement, scenario, turn};
use grognard_engine::{
    Applied, ApplyError, DiceSource, Event, OptionInfo, Pending, PlayerId, RollCause, RuleError, Ruleset, RulesetInfo,
    ScenarioInfo, Score, Seats, Setup, TurnMark, View, ViewKind, Viewer,
};

/// Empires in Arms (id `eia`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Eia;

/// The power `player` acts for now: the acting power, if `player` runs it.
pub fn acting_power_of(state: &State, player: PlayerId) -> Result<Power, RuleError> {
    if state.over.is_some() {
        return Err(RuleError::new("3.0", "the game is over"));
    }
    if let Some(power) = crate::politics::actor(state, player)? {
        return Ok(power);
    }
    let power = state
        .losses
        .first()
        .map(|l| l.power)
        .or(crate::depot_garrison::decider(state))
        .or(crate::combat::war_question::decider(state))
        .or(crate::naval::decider(state))
        .or(state.sequence.acting());
    let Some(power) = power else {
        return Err(RuleError::new("3.0", "no power is to act now"));
    };
    if state.player_of(power) != Some(player.0) {
        return Err(RuleError::new(
            "3.0",
            format!("it is {}'s turn ({}), and {player} does not run it", power.name(), state.sequence.phase),
        ));
    }
    Ok(power)
}

/// Apply `command` from `player`: a command that reads hidden strengths is parked until they
/// are opened (`reveal.rs`).
pub fn apply_command(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    settled(state, apply_unsettled(ctx, state, player, command, dice))
}

/// Leaders left without their corps by what was applied find their place (R5.3,
/// `retirement::settle`); every way a state changes ends here.
fn settled(before: &State, applied: Result<Applied<State>, ApplyError>) -> Result<Applied<State>, ApplyError> {
    let mut applied = applied?;
    crate::retirement::settle(before, &mut applied.state, &mut applied.events);
    Ok(applied)
}

fn apply_unsettled(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    if let (Some(r), Phase::Political(_)) = (&state.reveal, state.sequence.phase) {
        return Err(RuleError::new("2.4.2", format!("{}: the hidden strengths must be opened first", r.why)).into());
    }
    let power = acting_power_of(state, player)?;
    if let Phase::Political(_) = state.sequence.phase {
        return political(ctx, state, power, command, dice);
    }
    if let Phase::Economic(_) = state.sequence.phase {
        return economic(ctx, state, power, command, dice);
    }
    if let Some(r) = &state.reveal {
        return Err(RuleError::new("2.4.2", format!("{}: the hidden strengths must be opened first", r.why)).into());
    }
    if let Command::Veiled(v @ (crate::veiled::Veiled::Checked { .. } | crate::veiled::Veiled::Shuffled { .. })) =
        command
    {
        let mut log = Vec::new();
        let next = crate::veiled::apply_public(ctx, state, player, power, v, &mut log)?;
        return Ok(Applied { state: next, events: log });
    }
    if state.battle.is_none()
        && state.losses.is_empty()
        && state.book.depot_question.is_none()
        && !crate::naval::waiting(state)
    {
        if let Some(parked) = crate::reveal::park(ctx, state, power, player, command)? {
            return Ok(parked);
        }
    }
    dispatch(ctx, state, player, power, command, dice)
}

/// The step result of a phase of its own: the next state, its events, and whether the
/// phase is over.
type PhaseStep = Result<(State, Vec<Event>, bool), ApplyError>;

/// A command of a phase of its own (the political phase 4.0, the economic phase 3.5, 8.0):
/// `end` (`None`) or the phase's command (`pick`), applied by `apply`; when the phase is over
/// the month moves on to the next one.
fn own_phase<C>(
    ctx: &Ctx,
    state: &State,
    command: &Command,
    rule: &str,
    pick: fn(&Command) -> Option<&C>,
    apply: impl FnOnce(Option<&C>) -> PhaseStep,
) -> Result<Applied<State>, ApplyError> {
    let c = match command {
        Command::End => None,
        other => match pick(other) {
            Some(c) => Some(c),
            None => {
                return Err(
                    RuleError::new(rule, format!("`{other}` is not a command of the {}", state.sequence.phase)).into()
                )
            }
        },
    };
    let (mut next, mut events, over) = apply(c)?;
    if over {
        turn::advance(ctx, &mut next, &mut events);
    }
    Ok(Applied { state: next, events })
}

/// A command of the political phase (4.0): `end` or a political command.
fn political(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    own_phase(ctx, state, command, "3.1", Command::as_political, |c| crate::politics::apply(ctx, state, power, c, dice))
}

/// A command of the economic phase (3.5, 8.0): `end` or an economic command.
fn economic(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    own_phase(ctx, state, command, "3.5", Command::as_economic, |c| crate::economy::apply(ctx, state, power, c, dice))
}

/// Apply `command` of `power`, given by `player`, to the rules of the moment.
pub fn dispatch(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    power: Power,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let mut log = Vec::new();
    if let Some(b) = &state.battle {
        return Err(RuleError::new(
            "7.5.2.1",
            format!("the battle in {} waits for both sides' chits, chosen in secret (`chit ID`)", b.area),
        )
        .into());
    }
    if !state.losses.is_empty() {
        if let Command::Veiled(v @ crate::veiled::Veiled::Lose { .. }) = command {
            let mut next = crate::veiled::apply_public(ctx, state, player, power, v, &mut log)?;
            end_waiting_step(ctx, &mut next, power, &mut log);
            return Ok(Applied { state: next, events: log });
        }
        let Command::Lose { losses, emptying } = command else {
            let due = &state.losses[0];
            return Err(RuleError::new(
                &due.rule,
                format!(
                    "{} must first choose the {} factor(s) corps {} loses: lose N KIND...",
                    power.name(),
                    due.count,
                    due.corps
                ),
            )
            .into());
        };
        let mut next = land::choose_losses(state, power, losses, *emptying, &mut log)?;
        end_waiting_step(ctx, &mut next, power, &mut log);
        return Ok(Applied { state: next, events: log });
    }
    if state.book.depot_question.is_some() {
        let next = crate::depot_garrison::answer(ctx, state, power, command, &mut log)?;
        return Ok(Applied { state: next, events: log });
    }
    if state.book.war_question.is_some() {
        let next = crate::combat::war_question::answer(ctx, state, power, command, &mut log)?;
        return Ok(Applied { state: next, events: log });
    }
    if crate::naval::waiting(state) {
        return crate::naval::apply_decision(ctx, state, power, command, dice);
    }
    crate::naval::check_command(state, command)?;
    let phase = state.sequence.phase;
    let next = match (command, phase) {
        (Command::EndShuffling { swaps }, _) => {
            if !crate::lookalike::ends_step(state) {
                return Err(RuleError::new(
                    "2.4.2",
                    "look-alike counters are shuffled only as a power ends its army reinforcement, naval or land \
                     movement step, with hidden strengths",
                )
                .into());
            }
            crate::lookalike::check(&crate::lookalike::groups(ctx, state, power), swaps)?;
            let mut shuffled = state.clone();
            crate::lookalike::apply(&mut shuffled, swaps);
            let mut applied = dispatch(ctx, &shuffled, player, power, &Command::End, dice)?;
            let pairs: Vec<String> = swaps.iter().map(|[a, b]| format!("{a} and {b}")).collect();
            let text = if pairs.is_empty() {
                format!(
                    "{} shuffles its look-alike counters in secret; they keep their strengths (2.4.2)",
                    power.name()
                )
            } else {
                format!(
                    "{} shuffles its look-alike counters in secret (2.4.2): {} exchange their strengths, in that order",
                    power.name(),
                    pairs.join(", then ")
                )
            };
            applied
                .events
                .insert(0, Event::new(text, serde_json::json!({"kind": "shuffle", "swaps": swaps, "rule": "2.4.2"})));
            return Ok(applied);
        }
        (Command::End, Phase::Land(LandStep::Supply)) => {
            let mut next = land::end_supply(ctx, state, power, dice, &mut log)?;
            if next.losses.is_empty() {
                end_step(ctx, &mut next, power, &mut log);
            } else {
                next.book.ending = true;
            }
            next
        }
        (Command::End, Phase::Land(LandStep::Combat)) => {
            let owed = crate::combat::battles_owed(state, power);
            if let Some(area) = owed.first() {
                return Err(RuleError::new(
                    "7.5.1",
                    format!("{} must still attack the enemy in {} (battle {area})", power.name(), ctx.name(area)),
                )
                .into());
            }
            let mut next = state.clone();
            // 7.6: the guerrilla step closes the power's sequence; a loss its strikes make an
            // enemy choose is chosen before the sequence passes on.
            crate::guerrilla::step(ctx, &mut next, power, dice, &mut log)?;
            if next.losses.is_empty() {
                end_step(ctx, &mut next, power, &mut log);
            } else {
                next.book.ending = true;
            }
            next
        }
        (Command::End, Phase::ArmyReinforcement) => {
            let mut next = reinforcement::end_step(ctx, state, power, &mut log)?;
            end_step(ctx, &mut next, power, &mut log);
            next
        }
        (Command::End, Phase::Naval) => {
            crate::naval::end_naval(ctx, state, power)?;
            let mut next = state.clone();
            end_step(ctx, &mut next, power, &mut log);
            next
        }
        (Command::End, _) => {
            let mut next = state.clone();
            end_step(ctx, &mut next, power, &mut log);
            next
        }
        (Command::PlaceCorps { corps, area }, _) => {
            reinforcement::place_corps(ctx, state, power, corps, area.as_deref(), &mut log)?
        }
        (Command::Place { count, kind, into }, _) => {
            reinforcement::place_factors(ctx, state, power, *count, *kind, into, &mut log)?
        }
        (Command::Transfer { count, kind, from, to, emptying }, _) => {
            reinforcement::transfer(ctx, state, power, (*count, *kind), from, to, *emptying, &mut log)?
        }
        (Command::Demobilise { what, count, kind }, _) => {
            reinforcement::demobilise(ctx, state, power, what, *count, *kind, &mut log)?
        }
        (Command::RetireLeader { leader }, _) => crate::retirement::retire(ctx, state, power, leader, &mut log)?,
        (Command::PlaceLeader { leader, with }, _) => {
            crate::retirement::place(ctx, state, power, leader, with, &mut log)?
        }
        (Command::Depot { area }, _) => land::place_depot(ctx, state, power, area, &mut log)?,
        (Command::RemoveDepot { area }, _) => land::remove_depot(ctx, state, power, area, &mut log)?,
        (Command::EnemyDepot { corps, convert: false, area }, _) => {
            crate::enemy_depot::destroy(ctx, state, power, corps, area.as_deref(), &mut log)?
        }
        (Command::EnemyDepot { corps, convert: true, area }, _) => {
            crate::enemy_depot::convert(ctx, state, power, corps, area.as_deref(), &mut log)?
        }
        (Command::FleetDepot { fleet, remove: false }, _) => {
            crate::invasion::build(ctx, state, power, fleet, &mut log)?
        }
        (Command::FleetDepot { fleet, remove: true }, _) => crate::invasion::remove(state, power, fleet, &mut log)?,
        (Command::Move { .. }, _) => land::move_corps(ctx, state, power, command, dice, &mut log)?,
        (Command::EnterCity { corps }, _) => land::enter_city(ctx, state, power, corps, &mut log)?,
        (Command::LeaveCity { corps }, _) => land::leave_city(ctx, state, power, corps, &mut log)?,
        (Command::Forage { corps }, _) => land::forage_command(ctx, state, power, corps, dice, &mut log)?,
        (Command::Lose { .. }, _) => return Err(RuleError::new("7.4.1.3", "no losses are owed now").into()),
        (Command::DepotAnswer { .. }, _) => {
            return Err(RuleError::new("7.3.6.2", "no depot question waits for an answer").into())
        }
        (Command::WarAnswer { .. }, _) => {
            return Err(RuleError::new(
                "7.3.8.3",
                "no combat asks for a declaration of war now (the political phase's declarations are written \
                 `declare on TARGET...`)",
            )
            .into())
        }
        (Command::Battle { area }, _) => crate::combat::start_battle(ctx, state, power, area, &mut log)?,
        (Command::Besiege { area }, _) => crate::siege::besiege(ctx, state, power, area, &mut log)?,
        (Command::Assault { area }, _) => crate::siege::assault(ctx, state, power, area, dice, &mut log)?,
        (Command::Sally { area }, _) => crate::combat::sally::start(ctx, state, power, area, &mut log)?,
        (Command::Chit(_), _) => {
            return Err(RuleError::new("7.5.2.1", "a chit is chosen in secret, when a battle asks for it").into())
        }
        (Command::Naval(c), _) => crate::naval::apply(ctx, state, power, c, dice, &mut log)?,
        (Command::Political(c), _) => {
            return Err(RuleError::new("4.0", format!("`{c}` is a command of the political phase")).into())
        }
        (Command::Economic(c), _) => {
            return Err(RuleError::new("3.5", format!("`{c}` is a command of the economic phase")).into())
        }
        (Command::Veiled(v), _) => crate::veiled::apply_public(ctx, state, player, power, v, &mut log)?,
    };
    let mut next = next;
    crate::siege::update(ctx, &mut next, &mut log);
    // A step whose end waited for losses to be chosen ends once they are (7.4.1.3).
    end_waiting_step(ctx, &mut next, power, &mut log);
    crate::naval::after_command(ctx, &mut next, &mut log);
    crate::invasion::lose_moved(&mut next, &mut log);
    Ok(Applied { state: next, events: log })
}

/// A step whose end waited for losses to be chosen ends once they are (7.4.1.3, R7.6): the
/// phasing power's step, whoever chose the last loss.
fn end_waiting_step(ctx: &Ctx, next: &mut State, power: Power, log: &mut Vec<Event>) {
    if next.losses.is_empty() && next.book.ending {
        next.book.ending = false;
        let phasing = next.sequence.acting().unwrap_or(power);
        end_step(ctx, next, phasing, log);
    }
}

/// The side `player` seals a chit for in the battle being fought: the attacker's (`true`) or
/// the defender's; a player running both sides seals the attacker's, and the defender's is
/// `defend` (R7.5.2.1).
fn chit_side(state: &State, battle: &crate::combat::Battle, player: PlayerId) -> Result<bool, RuleError> {
    if state.player_of(battle.attacker) == Some(player.0) {
        Ok(true)
    } else if state.player_of(battle.defender) == Some(player.0) {
        Ok(false)
    } else {
        Err(RuleError::new("7.5.2.1", format!("{player} has no side in the battle in {}", battle.area)))
    }
}

/// Is `choice` a legal chit for `player` now (7.5.2.1)?
pub fn check_sealed(ctx: &Ctx, state: &State, player: PlayerId, choice: &Command) -> Result<(), RuleError> {
    if let Phase::Political(_) = state.sequence.phase {
        let Command::Political(c) = choice else {
            if let Command::WarAnswer { on: Some(p) } = choice {
                return Err(RuleError::new(
                    "4.2",
                    format!(
                        "declarations of war are written `declare on {}` here (`declare war on POWER` answers a \
                         battle's question, 7.3.8.3)",
                        p.id()
                    ),
                ));
            }
            let asked = match pending(ctx, state) {
                Pending::Sealed { prompt, .. } => format!(": {prompt}"),
                _ => String::new(),
            };
            return Err(RuleError::new(
                "4.0",
                format!("the political phase asks for a political command in secret{asked}"),
            ));
        };
        return crate::politics::check_sealed(ctx, state, player, c);
    }
    let battle = state.battle.as_ref().ok_or_else(|| RuleError::new("7.5.2.1", "no battle waits for chits"))?;
    let Command::Chit(chit) = choice else {
        return Err(RuleError::new(
            "7.5.2.1",
            "a battle asks for a chit: chit ID [pinning CORPS,...] [to AREA] [reinforcing CORPS,...]",
        ));
    };
    let attacker = chit_side(state, battle, player)?;
    crate::combat::chits::check(ctx, state, battle, attacker, chit).map(|_| ())
}

/// Resolve the battle once both chits are open (7.5.2.4 onwards).
pub fn apply_sealed(
    ctx: &Ctx,
    state: &State,
    choices: &[(PlayerId, Command)],
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    if let Phase::Political(_) = state.sequence.phase {
        let mut political = Vec::new();
        for (player, choice) in choices {
            let Command::Political(c) = choice else {
                return Err(RuleError::new("4.0", "the political phase asks for a political command in secret").into());
            };
            political.push((*player, c.clone()));
        }
        let (mut next, mut events) = crate::politics::apply_sealed(ctx, state, &political, dice)?;
        if crate::politics::settle(ctx, &mut next, dice, &mut events)? {
            turn::advance(ctx, &mut next, &mut events);
        }
        return Ok(Applied { state: next, events });
    }
    let battle = state.battle.clone().ok_or_else(|| RuleError::new("7.5.2.1", "no battle waits for chits"))?;
    let mut attacker = None;
    let mut defender = None;
    for (player, choice) in choices {
        check_sealed(ctx, state, *player, choice)?;
        let Command::Chit(chit) = choice else { continue };
        if chit_side(state, &battle, *player)? {
            attacker = Some(chit.clone());
        } else {
            defender = Some(chit.clone());
        }
    }
    let attacker = attacker.ok_or_else(|| RuleError::new("7.5.2.1", "the attacker's chit is missing"))?;
    let defender = defender.unwrap_or(crate::combat::Chit { chit: "defend".into(), ..Default::default() });
    if let Some(parked) = crate::reveal::park_battle(state, &attacker, &defender) {
        return Ok(parked);
    }
    resolve_battle(ctx, state, &attacker, &defender, dice)
}

/// Resolve the battle being fought with its two chits (7.5.2.4 onwards). A retirement into
/// the city that the opened strengths show it cannot hold stands as `defend` (R7.5.1.1: it
/// could be checked only once they were open).
pub fn resolve_battle(
    ctx: &Ctx,
    state: &State,
    attacker: &crate::combat::Chit,
    defender: &crate::combat::Chit,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let battle = state.battle.clone().ok_or_else(|| RuleError::new("7.5.2.1", "no battle waits for chits"))?;
    let mut log = Vec::new();
    let mut defender = defender.clone();
    if defender.chit == crate::combat::chits::RETIRE {
        if let Err(e) = crate::combat::chits::check(ctx, state, &battle, false, &defender) {
            log.push(Event::new(
                format!("{e}: the retirement stands as `defend` (R7.5.1.1)"),
                serde_json::json!({"kind": "retire-refused", "area": battle.area, "rule": "R7.5.1.1"}),
            ));
            defender = crate::combat::Chit { chit: "defend".into(), ..Default::default() };
        }
    }
    // R7.5.3: a trivial combat is not fought (a retirement into the city escapes it).
    let overwhelmed = if defender.chit == crate::combat::chits::RETIRE {
        None
    } else {
        crate::combat::trivial::overwhelmed(ctx, state, &battle)
    };
    let mut next = match overwhelmed {
        Some(side) => crate::combat::trivial::resolve(ctx, state, &battle, side, &mut log),
        None => crate::combat::resolve::resolve(ctx, state, &battle, attacker, &defender, dice, &mut log)?,
    };
    crate::siege::update(ctx, &mut next, &mut log);
    // A city that falls here frees or catches the fleets in its port (6.2.6, 6.2.6.1).
    crate::naval::after_command(ctx, &mut next, &mut log);
    Ok(Applied { state: next, events: log })
}

fn end_step(ctx: &Ctx, next: &mut State, power: Power, log: &mut Vec<Event>) {
    crate::naval::on_end(ctx, next, power, log);
    log.push(Event::new(
        format!("{} ends its {}", power.name(), next.sequence.phase),
        serde_json::json!({"kind": "end", "power": power, "phase": next.sequence.phase}),
    ));
    turn::advance(ctx, next, log);
}

/// What the state waits for.
pub fn pending(ctx: &Ctx, state: &State) -> Pending {
    if let Some(outcome) = &state.over {
        let winners = outcome.winners.iter().filter_map(|p| state.player_of(*p)).map(PlayerId).collect();
        return Pending::Over { result: outcome.result.clone(), winners };
    }
    if let Some(open) = crate::reveal::pending(state) {
        return open;
    }
    if let Some(b) = &state.battle {
        return Pending::Sealed {
            step: b.step.clone(),
            players: b.players(state),
            prompt: format!(
                "{}: battle in {}, {} attacking {}: each side chooses a chit in secret (7.5.2.1): \
                 attacker outflank|assault|escalated-assault|echelon|probe, defender outflank|counterattack|\
                 escalated-counterattack|cordon|withdraw|defend, or `retire` into the city (`chit ID [pinning CORPS,...] [to AREA] [reinforcing CORPS,...]`)",
                state.date,
                ctx.name(&b.area),
                b.attacker.name(),
                b.defender.name()
            ),
        };
    }
    if let Some(due) = state.losses.first() {
        let player = PlayerId(state.player_of(due.power).unwrap_or(0));
        return Pending::Command {
            player,
            prompt: format!(
                "{}: choose the {} factor(s) corps {} loses ({}): lose N KIND...",
                due.power.name(),
                due.count,
                due.corps,
                due.rule
            ),
        };
    }
    if let Some(q) = &state.book.depot_question {
        let player = PlayerId(state.player_of(q.owner).unwrap_or(0));
        let options = crate::depot_garrison::answers()
            .iter()
            .filter(|c| crate::depot_garrison::answer(ctx, state, q.owner, c, &mut Vec::new()).is_ok())
            .map(|c| c.to_string())
            .collect();
        return Pending::Choice {
            player,
            prompt: format!("{}: {}", state.date, crate::depot_garrison::prompt(ctx, q)),
            options,
        };
    }
    if let Some(q) = &state.book.war_question {
        if let Some(asked) = q.asked.first() {
            let player = PlayerId(state.player_of(*asked).unwrap_or(0));
            return Pending::Choice {
                player,
                prompt: format!("{}: {}", state.date, crate::combat::war_question::prompt(ctx, state, q)),
                options: crate::combat::war_question::answers(q).iter().map(|c| c.to_string()).collect(),
            };
        }
    }
    if let Some(political) = crate::politics::pending(ctx, state) {
        return political;
    }
    if let Some(economic) = crate::economy::pending(ctx, state) {
        return economic;
    }
    if let Some(naval) = crate::naval::pending(ctx, state) {
        return naval;
    }
    let Some(power) = state.sequence.acting() else {
        return Pending::Over { result: "no power is to act".into(), winners: Vec::new() };
    };
    let player = PlayerId(state.player_of(power).unwrap_or(0));
    let what = match state.sequence.phase {
        Phase::ArmyReinforcement => {
            "place reinforcements, transfer or demobilise, `retire LEADER` or `place LEADER with CORPS`, then `end`"
        }
        // 5.3: NELSON is Great Britain's alone.
        Phase::NavalReinforcement if power == Power::Britain => {
            "`transfer N ships from FLEET to FLEET`, `scuttle FLEET`, `retire nelson` or `place nelson with FLEET`, then `end`"
        }
        Phase::NavalReinforcement => "`transfer N ships from FLEET to FLEET`, `scuttle FLEET`, then `end`",
        Phase::Naval => {
            "`embark CORPS on FLEET`, `sail FLEET... to PLACE...`, then `engage POWER at PLACE`, then `end`"
        }
        Phase::Land(LandStep::Depots) => "place or remove depots (`depot AREA`), then `end`",
        Phase::Land(LandStep::Movement) => "move corps (`move CORPS to AREA...`), then `end`",
        Phase::Land(LandStep::Supply) => "forage (`forage CORPS`) or `end` to pay depot supply",
        Phase::Land(LandStep::Combat) => "fight every battle owed (`battle AREA`), then `end`",
        Phase::Political(_) => "the political phase",
        Phase::Economic(_) => "the economic phase",
        Phase::Over => "nothing",
    };
    let _ = ctx;
    Pending::Command {
        player, prompt: format!("{}, {}: {} — {what}", state.date, state.sequence.phase, power.name())
    }
}

/// The complete list of legal commands for `player` (for bots and random play). Moves are
/// listed along shortest-cost routes to every area in reach.
pub fn legal_commands(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    crate::legal::commands(ctx, state, player)
}

impl Eia {
    fn ctx(&self) -> Result<&'static Ctx, RuleError> {
        Ctx::builtin()
    }
}

impl Ruleset for Eia {
    type State = State;
    type Command = Command;

    /// `steward`, the uncontrolled major powers' bot (R8.11).
    fn bots(&self) -> Vec<&'static dyn grognard_engine::Bot> {
        static STEWARD: crate::steward::Steward = crate::steward::Steward;
        vec![&STEWARD]
    }

    fn info(&self) -> RulesetInfo {
        RulesetInfo { id: "eia".into(), version: "2".into(), name: "Empires in Arms".into(), test_only: false }
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        scenario::scenarios()
    }

    fn options(&self) -> Vec<OptionInfo> {
        scenario::options()
    }

    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        scenario::scenario_data(setup)
    }

    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<State, RuleError> {
        scenario::setup(self.ctx()?, setup, seats)
    }

    fn pending(&self, state: &State) -> Pending {
        match self.ctx() {
            Ok(ctx) => pending(ctx, state),
            Err(e) => Pending::Over { result: e.to_string(), winners: Vec::new() },
        }
    }

    fn legal_commands(&self, state: &State, player: PlayerId) -> Vec<Command> {
        match self.ctx() {
            Ok(ctx) => legal_commands(ctx, state, player),
            Err(_) => Vec::new(),
        }
    }

    fn apply(
        &self,
        state: &State,
        player: PlayerId,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        if matches!(command, Command::Veiled(_)) {
            return Err(RuleError::new("2.4.2", "a hidden command's projection is never given in the clear").into());
        }
        apply_command(self.ctx()?, state, player, command, dice)
    }

    fn recorded_options(&self, chosen: &[String], players: usize) -> Vec<String> {
        scenario::recorded_options(chosen, players)
    }

    /// Hidden strengths (2.4.2): the projection of a command that changes or reads them.
    fn conceal(&self, state: &State, player: PlayerId, command: &Command) -> Option<Command> {
        crate::veiled::projection(state, player, command)
    }

    fn apply_concealed(
        &self,
        state: &State,
        player: PlayerId,
        concealed: &grognard_engine::Concealed<Command>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        settled(state, crate::veiled::apply(self.ctx()?, state, player, concealed))
    }

    fn apply_opened(
        &self,
        state: &State,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        settled(state, crate::reveal::opened(self.ctx()?, state, player, dice))
    }

    /// The state with the factors of every corps whose strength `viewer` may not know taken
    /// out (2.4.2): a veiled corps of another player's power, unless every command in its
    /// veil is opened in the journal.
    fn player_view(&self, state: &State, viewer: Viewer) -> State {
        crate::knowledge::player_view(state, viewer)
    }

    /// A transfer or a choice of losses that empties a corps says so (2.4.2): the client
    /// fills it in from what its player knows.
    fn complete(&self, state: &State, _player: PlayerId, command: Command) -> Result<Command, RuleError> {
        Ok(crate::knowledge::complete(state, command))
    }

    /// 2.4.2: a plain `end` that ends a step with look-alike counters standing together
    /// becomes `end shuffling ...`, a uniform shuffle of each group drawn from `entropy`
    /// (counters with a leader kept where they are, `lookalike::draw`).
    fn private_draw(&self, state: &State, player: PlayerId, command: Command, entropy: &[u8; 32]) -> Command {
        let (Command::End, Ok(ctx)) = (&command, self.ctx()) else { return command };
        if !crate::lookalike::ends_step(state) {
            return command;
        }
        let Ok(power) = acting_power_of(state, player) else { return command };
        let groups = crate::lookalike::groups(ctx, state, power);
        if groups.is_empty() {
            return command;
        }
        Command::EndShuffling { swaps: crate::lookalike::draw(&groups, &crate::lookalike::led(state), entropy) }
    }

    fn check_sealed(&self, state: &State, player: PlayerId, choice: &Command) -> Result<(), RuleError> {
        check_sealed(self.ctx()?, state, player, choice)
    }

    /// A chit lost with a replaced holder (docs/PROTOCOL.md section 13.5; R7.5.2.1 and R4.2 in
    /// RECONSTRUCTION.md): the attacker's is assault, the defender's defend.
    fn lost_sealed_choice(&self, state: &State, player: PlayerId) -> Option<Command> {
        let ctx = self.ctx().ok()?;
        if let Phase::Political(_) = state.sequence.phase {
            return crate::politics::lost_sealed_choice(state).map(Command::Political);
        }
        let battle = state.battle.as_ref()?;
        let text = if chit_side(state, battle, player).ok()? { "chit assault" } else { "chit defend" };
        let chit = self.parse_command(text).ok()?;
        check_sealed(ctx, state, player, &chit).is_ok().then_some(chit)
    }

    fn apply_sealed(
        &self,
        state: &State,
        choices: &[(PlayerId, Command)],
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        settled(state, apply_sealed(self.ctx()?, state, choices, dice))
    }

    /// The players of the powers a roll concerns (`concerns.rs`).
    fn roll_concerns(&self, state: &State, _player: PlayerId, cause: RollCause<'_, Command>) -> Vec<PlayerId> {
        let powers = match cause {
            RollCause::Command(command) => crate::concerns::of(state, command),
            RollCause::Opened => crate::reveal::concerns(state),
        };
        let mut players: Vec<PlayerId> = powers.into_iter().filter_map(|p| state.player_of(p)).map(PlayerId).collect();
        players.sort();
        players.dedup();
        players
    }

    fn parse_command(&self, text: &str) -> Result<Command, RuleError> {
        Command::parse(text)
    }

    fn format_command(&self, command: &Command) -> String {
        command.to_string()
    }

    fn summary(&self, state: &State) -> String {
        match self.ctx() {
            Ok(ctx) => crate::summary::summary(ctx, state),
            Err(e) => e.to_string(),
        }
    }

    fn turn(&self, state: &State) -> Option<TurnMark> {
        let player_turn = match state.sequence.acting() {
            Some(p) => format!("{}, {} {}", state.date, p.name(), state.sequence.phase),
            None => format!("{}, game over", state.date),
        };
        Some(TurnMark { game_turn: crate::date::months_between(state.first, state.date) + 1, player_turn })
    }

    /// Each power's political points gained and lost so far (6.3.4.2, 5.1.4.1).
    fn scores(&self, state: &State) -> Vec<Score> {
        state.powers.iter().map(|(p, s)| Score { side: p.name().into(), value: i64::from(s.political) }).collect()
    }

    fn view(&self, state: &State, viewer: Viewer) -> Option<View> {
        let ctx = self.ctx().ok()?;
        let seen = crate::knowledge::player_view(state, viewer);
        Some(View::new(ViewKind::Area, crate::view::board_view(ctx, &seen)))
    }
}
