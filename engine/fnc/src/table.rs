//! The command table of FNC: one row for each situation (a phase with nothing owed, or a
//! decision owed) and kind of command, naming the rule code that applies the command, the
//! code that lists its legal instances and the prompt that offers it. `apply`,
//! `legal_commands` and the prompts are all read off this one table, so they cannot drift
//! apart: a command no row takes is refused (5.1), and a row's legal list is empty whenever
//! its prompt does not offer it (checked after every command of the random play).
//!
//! The rows follow the sequence of play (5.2), then the decisions; the first row whose
//! situation and kind match a command takes it.
//!
//! **The contract.** Every command the dispatcher would accept now is listed, each checked
//! by the same code as `apply` (so every listed command is accepted, once its dice are
//! rolled), with three exceptions:
//!
//! - (a) Commands with the same outcome are listed once. A set of units is named once, in
//!   one order (their ids' order, or the battle's order for a battle's decisions): the
//!   same units named in another order are the same choice. A retreat (11.22, 11.23) is
//!   listed by where its units end: for each unit and hex it may end in, one path (the
//!   first the rules allow in a fixed order: the one-hex path, then the two-hex paths in
//!   hex order). Two retreats that leave the same units in the same hexes are one choice.
//! - (b) A choice that a sequence of listed commands makes is not listed again: a batch of
//!   attacks (11.3) is the listed attacks declared together, so no `batch` command is
//!   listed.
//! - (c) At most [`MAX_LISTED`](crate::choices::MAX_LISTED) commands are listed for one kind of choice (the attacks of a
//!   combat phase, the answers to one decision), the first in the order stated below; this
//!   bounds the work and is not reached in the play of the two games (see [`MAX_LISTED`](crate::choices::MAX_LISTED)).
//!
//! What is listed, kind by kind:
//!
//! - Set-up (3.1, 3.2, 4.1, 4.2): each waiting unit to each hex it may be placed in, the
//!   historical set-up, and `end` once every unit is placed.
//! - Attacks (11.1-11.4, 11.8, 11.26, 11.27, 10.2, 10.3): for each enemy-held hex in hex
//!   order, every nonempty group of the units that may attack it (next to it, or offshore
//!   to invade it), by size then in the order of the units' ids, each with every set of the
//!   side's fleets (none first) that may support it.
//! - Losses (11.21, 11.7, 11.8, 14.3): every minimal choice (see `combat::losses`).
//! - Retreat (11.22-11.24): see (a) above and `combat::retreat::options`.
//! - Advance (11.25): every group of the units that may advance, none included, by size.
//! - Over-stack removals (7.4) and recycling (6.3, 6.4): every set of the required number of
//!   units, in the order of the units' ids.
//! - Random events, reinforcements, placements and supply: see `events::recycling_choices` and `reinforcements`.
//! - Movement: see `movement::legal`.

use crate::calendar;
use crate::choices::accepted;
use crate::combat::{self, siege};
use crate::command::{Command, CommandKind};
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::state::{DecisionKind, Effect, Location, Phase, Side, State};
use crate::{events, movement, position, recycling, reinforcements, sequence, setup, stacking, supply};
use grognard_engine::{ApplyError, DiceSource, Event, NoDice, RuleError};
use std::borrow::Cow;

/// Where the game stands, for the table: a phase with nothing owed, or a decision owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    Setup,
    RandomEvents,
    Reinforcement,
    Movement,
    Combat,
    Siege,
    Supply,
    /// A decision owed in the middle of a phase.
    Owed(Owed),
}

/// The kinds of decision (`DecisionKind` without its data).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    Overstack,
    Losses,
    Retreat,
    Advance,
    ReturnToCup,
    Recycle,
    Place,
}

/// The situation of `state`; `None` once the game is over.
pub fn situation(state: &State) -> Option<Situation> {
    if let Some(d) = &state.decision {
        return Some(Situation::Owed(match d.kind {
            DecisionKind::Overstack { .. } => Owed::Overstack,
            DecisionKind::Losses { .. } => Owed::Losses,
            DecisionKind::Retreat { .. } => Owed::Retreat,
            DecisionKind::Advance { .. } => Owed::Advance,
            DecisionKind::ReturnToCup => Owed::ReturnToCup,
            DecisionKind::Recycle { .. } => Owed::Recycle,
            DecisionKind::Place { .. } => Owed::Place,
        }));
    }
    Some(match state.phase {
        Phase::Setup(_) => Situation::Setup,
        Phase::RandomEvents => Situation::RandomEvents,
        Phase::Reinforcement => Situation::Reinforcement,
        Phase::Movement => Situation::Movement,
        Phase::Combat => Situation::Combat,
        Phase::Siege => Situation::Siege,
        Phase::Supply => Situation::Supply,
        Phase::GameOver => return None,
    })
}

/// Applies a command of the row's kind (see `ruleset` for the contract of every apply).
pub type ApplyFn = fn(&Ctx, &State, Side, &Command, &mut dyn DiceSource, &mut Vec<Event>) -> Result<State, ApplyError>;
/// Lists what a side may do now.
pub type ListFn = fn(&Ctx, &State, Side) -> Vec<Command>;
/// What the prompt says of the row's command now, or `None` when it is not offered.
pub type PromptFn = fn(&Ctx, &State, Side) -> Option<Cow<'static, str>>;

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Row {
    pub when: Situation,
    pub kind: CommandKind,
    pub apply: ApplyFn,
    pub legal: ListFn,
    pub prompt: PromptFn,
}

fn wrong_kind(command: &Command) -> ApplyError {
    RuleError::new("input", format!("`{command}` reached a row of another kind of command")).into()
}

/// Take the command's fields, or refuse a command of another kind.
macro_rules! fields {
    ($command:expr, $pattern:pat) => {
        let $pattern = $command else { return Err(wrong_kind($command)) };
    };
}

fn none(_: &Ctx, _: &State, _: Side) -> Vec<Command> {
    Vec::new()
}

fn always(text: &'static str) -> Option<Cow<'static, str>> {
    Some(Cow::Borrowed(text))
}

fn end_now(_: &Ctx, _: &State, _: Side) -> Vec<Command> {
    vec![Command::End]
}

fn roll_now(_: &Ctx, _: &State, _: Side) -> Vec<Command> {
    vec![Command::Roll]
}

fn has_fleets(ctx: &Ctx, side: Side) -> bool {
    ctx.counters.of_side(ctx.rules.side_id(side)).any(|c| c.kind == UnitType::Fleet)
}

fn decision_kind(state: &State) -> Option<&DecisionKind> {
    state.decision.as_ref().map(|d| &d.kind)
}

/// The table, in the order of the sequence of play, then the decisions.
pub const ROWS: &[Row] = &[
    // Set-up (3.0, 4.0).
    Row {
        when: Situation::Setup,
        kind: CommandKind::Place,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Place { unit, hex });
            Ok(setup::apply_place(ctx, state, side, unit, *hex, log)?)
        },
        legal: setup::placements,
        prompt: |_, _, _| always("`place UNIT HEX`"),
    },
    Row {
        when: Situation::Setup,
        kind: CommandKind::Historical,
        apply: |ctx, state, side, _, _, log| {
            Ok(setup::apply_historical(ctx, state, side, &position::historical_places(ctx, side)?, log)?)
        },
        legal: |ctx, state, side| {
            let ok = position::historical_places(ctx, side)
                .is_ok_and(|places| setup::apply_historical(ctx, state, side, &places, &mut Vec::new()).is_ok());
            if ok {
                vec![Command::Historical]
            } else {
                Vec::new()
            }
        },
        prompt: |_, _, _| always("`historical`"),
    },
    Row {
        when: Situation::Setup,
        kind: CommandKind::End,
        apply: |ctx, state, side, _, _, log| {
            setup::check_end(ctx, state, side)?;
            let mut next = state.clone();
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        },
        legal: |ctx, state, side| {
            if setup::unplaced(ctx, state, side).is_empty() {
                vec![Command::End]
            } else {
                Vec::new()
            }
        },
        prompt: |_, _, _| always("`end`"),
    },
    // Random events (6.0).
    Row {
        when: Situation::RandomEvents,
        kind: CommandKind::Roll,
        apply: |ctx, state, side, _, dice, log| events::apply_roll(ctx, state, side, dice, log),
        legal: |_, state, _| if state.turn >= 2 { vec![Command::Roll] } else { Vec::new() },
        prompt: |_, _, _| always("`roll`"),
    },
    // Reinforcements (8.0).
    Row {
        when: Situation::Reinforcement,
        kind: CommandKind::Roll,
        apply: |ctx, state, side, _, dice, log| reinforcements::apply_roll(ctx, state, side, dice, log),
        legal: |ctx, state, _| {
            if reinforcements::draw_owed(ctx, state) {
                vec![Command::Roll]
            } else {
                Vec::new()
            }
        },
        prompt: |ctx, state, _| reinforcements::draw_owed(ctx, state).then(|| "`roll` for reinforcements".into()),
    },
    Row {
        when: Situation::Reinforcement,
        kind: CommandKind::Enter,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Enter { unit, to });
            reinforcements::apply_enter(ctx, state, side, unit, to, log)
        },
        legal: |ctx, state, side| {
            if reinforcements::draw_owed(ctx, state) {
                Vec::new()
            } else {
                reinforcements::entries(ctx, state, side)
            }
        },
        prompt: |ctx, state, _| (!reinforcements::draw_owed(ctx, state)).then(|| "`enter UNIT HEX|BOX`".into()),
    },
    Row {
        when: Situation::Reinforcement,
        kind: CommandKind::Commit,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Commit { division });
            reinforcements::apply_commit(ctx, state, side, division, log)
        },
        legal: |ctx, state, side| {
            if reinforcements::draw_owed(ctx, state) {
                Vec::new()
            } else {
                reinforcements::commits(ctx, state, side)
            }
        },
        // 8.9 is the Russo-Swedish War's: only a side with contingency divisions is offered it.
        prompt: |ctx, state, side| {
            (!reinforcements::draw_owed(ctx, state) && reinforcements::has_contingency(ctx, state, side))
                .then(|| "`commit DIVISION` (8.9)".into())
        },
    },
    Row {
        when: Situation::Reinforcement,
        kind: CommandKind::End,
        apply: |ctx, state, side, _, _, log| {
            if reinforcements::draw_owed(ctx, state) {
                let rule = if reinforcements::draw_kind(ctx, side) == reinforcements::Draw::OnePerTurn {
                    "8.4"
                } else {
                    "8.5"
                };
                return Err(RuleError::new(rule, "the reinforcement draw (`roll`) comes first").into());
            }
            let mut next = state.clone();
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        },
        legal: |ctx, state, _| if reinforcements::draw_owed(ctx, state) { Vec::new() } else { vec![Command::End] },
        prompt: |ctx, state, _| (!reinforcements::draw_owed(ctx, state)).then(|| "`end`".into()),
    },
    // Movement (9.0, 10.2, 10.3).
    Row {
        when: Situation::Movement,
        kind: CommandKind::Move,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Move { units, path, .. });
            movement::apply_move(ctx, state, side, units, path, dice, log)
        },
        legal: movement::legal::ground,
        prompt: |_, _, _| always("`move UNITS HEX...`"),
    },
    Row {
        when: Situation::Movement,
        kind: CommandKind::River,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::River { units, path });
            Ok(movement::apply_river(ctx, state, side, units, path, log)?)
        },
        legal: movement::legal::river,
        prompt: |ctx, state, side| {
            let winter = calendar::is_winter(ctx, state);
            (ctx.rules.river_movement_allowed(side, winter) && !ctx.river_courses().sides.is_empty())
                .then(|| format!("`river UNITS HEX...` ({})", ctx.rules.rule_numbers().river).into())
        },
    },
    Row {
        when: Situation::Movement,
        kind: CommandKind::Sail,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Sail { units, to });
            Ok(movement::apply_sail(ctx, state, side, units, *to, log)?)
        },
        legal: movement::legal::sail,
        prompt: |ctx, state, side| {
            (!movement::naval::areas(ctx, state, side).is_empty()).then(|| "`sail UNITS HEX` (10.3)".into())
        },
    },
    Row {
        when: Situation::Movement,
        kind: CommandKind::Fleet,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Fleet { fleet, to });
            Ok(movement::apply_fleet(ctx, state, side, fleet, *to, log)?)
        },
        legal: movement::legal::fleet,
        prompt: |ctx, _, side| has_fleets(ctx, side).then(|| "`fleet FLEET HEX` (10.2)".into()),
    },
    Row {
        when: Situation::Movement,
        kind: CommandKind::End,
        apply: |ctx, state, _, _, _, log| {
            let mut next = state.clone();
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        },
        legal: end_now,
        prompt: |_, _, _| always("`end`"),
    },
    // Combat (11.0).
    Row {
        when: Situation::Combat,
        kind: CommandKind::Attack,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Attack { attackers, defender, fleets, .. });
            combat::apply_attack(ctx, state, side, attackers, *defender, fleets, dice, log)
        },
        legal: combat::legal::attacks,
        prompt: |ctx, _, side| {
            always(if has_fleets(ctx, side) {
                "`attack UNITS HEX [FLEETS]` (11.2)"
            } else {
                "`attack UNITS HEX` (11.2)"
            })
        },
    },
    Row {
        when: Situation::Combat,
        kind: CommandKind::Batch,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Batch { attacks, orders });
            combat::batch::apply(ctx, state, side, attacks, orders, dice, log)
        },
        // (b): a batch is the listed attacks declared together; a way of sending, not a choice.
        legal: none,
        prompt: |_, _, _| None,
    },
    Row {
        when: Situation::Combat,
        kind: CommandKind::End,
        apply: |ctx, state, side, _, dice, log| {
            let mut next = state.clone();
            // 10.3: an invasion force still offshore when the combat phase ends never landed.
            let stranded: Vec<String> = state
                .units
                .iter()
                .filter(|(u, l)| matches!(l, Location::Offshore { .. }) && ctx.side_of(u) == Some(side))
                .map(|(u, _)| u.clone())
                .collect();
            if !stranded.is_empty() {
                log.push(
                    Happened::InvasionLost { units: stranded.clone() }
                        .event(format!("{} never invaded: lost at sea (10.3)", stranded.join(", "))),
                );
                recycling::eliminate(ctx, &mut next, &stranded, "invasion force that never landed (10.3)", dice, log)?;
            }
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        },
        legal: end_now,
        prompt: |_, _, _| always("`end`"),
    },
    // Sieges (13.0) and supply (12.0).
    Row {
        when: Situation::Siege,
        kind: CommandKind::Roll,
        apply: |ctx, state, side, _, dice, log| siege::apply_sieges(ctx, state, side, dice, log),
        legal: roll_now,
        prompt: |ctx, state, side| {
            if state.has_effect(&Effect::Truce) || siege::sieges(ctx, state, side).is_empty() {
                // The phase still ends with its `roll`, which rolls no die.
                always("`roll` (no siege to resolve: no die is rolled, 13.1)")
            } else {
                always("`roll`")
            }
        },
    },
    Row {
        when: Situation::Supply,
        kind: CommandKind::Roll,
        apply: |ctx, state, side, _, dice, log| supply::apply_supply_phase(ctx, state, side, dice, log),
        legal: roll_now,
        prompt: |_, _, _| always("`roll`"),
    },
    // Decisions owed in the middle of a phase.
    Row {
        when: Situation::Owed(Owed::Overstack),
        kind: CommandKind::Remove,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Remove { units });
            let Some(DecisionKind::Overstack { hex, count }) = decision_kind(state) else {
                return Err(wrong_kind(command));
            };
            stacking::apply_removal(ctx, state, side, (*hex, *count), units, dice, log)
        },
        legal: stacking::removals,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Overstack { hex, count }) => {
                Some(format!("remove {count} over-stacked unit(s) from {hex} with `remove UNITS` (7.4)").into())
            }
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::Losses),
        kind: CommandKind::Lose,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Lose { units });
            combat::apply_losses(ctx, state, side, units, dice, log)
        },
        legal: combat::legal::losses,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Losses { hex, strength, .. }) => Some(
                format!(
                    "choose losses of at least {strength} factors in the battle for {hex} with `lose UNITS` (11.21)"
                )
                .into(),
            ),
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::Retreat),
        kind: CommandKind::Retreat,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Retreat { groups });
            combat::apply_retreat(ctx, state, side, groups, dice, log)
        },
        legal: combat::legal::retreats,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Retreat { hex, .. }) => {
                Some(format!("retreat the defenders of {hex} with `retreat UNITS HEX...` (11.22)").into())
            }
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::Advance),
        kind: CommandKind::Advance,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Advance { units });
            combat::apply_advance(ctx, state, side, units, dice, log)
        },
        legal: combat::legal::advances,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Advance { hex, .. }) => {
                Some(format!("advance into {hex} with `advance UNITS`, or `advance` to stay (11.25)").into())
            }
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::ReturnToCup),
        kind: CommandKind::Remove,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Remove { units });
            reinforcements::apply_return_to_cup(ctx, state, side, units, log)
        },
        legal: reinforcements::returns,
        prompt: |_, _, _| always("put one unit (not a fortress garrison) back into the cup with `remove UNIT` (8.5)"),
    },
    Row {
        when: Situation::Owed(Owed::Recycle),
        kind: CommandKind::Remove,
        apply: |ctx, state, side, command, dice, log| {
            fields!(command, Command::Remove { units });
            events::apply_remove(ctx, state, side, units, dice, log)
        },
        legal: events::recycling_choices,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Recycle { count, reason, .. }) => {
                Some(format!("recycle {count} unit(s) with `remove UNITS` ({reason})").into())
            }
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::Place),
        kind: CommandKind::Enter,
        apply: |ctx, state, side, command, _, log| {
            fields!(command, Command::Enter { unit, to });
            reinforcements::apply_enter(ctx, state, side, unit, to, log)
        },
        legal: reinforcements::event_placements,
        prompt: |_, state, _| match decision_kind(state) {
            Some(DecisionKind::Place { units, reason, .. }) => {
                Some(format!("place {} with `enter UNIT HEX|BOX` ({reason})", units.join(", ")).into())
            }
            _ => None,
        },
    },
    Row {
        when: Situation::Owed(Owed::Place),
        kind: CommandKind::End,
        apply: |_, state, side, _, _, log| reinforcements::apply_decline(state, side, log),
        legal: end_now,
        prompt: |_, _, _| always("or `end` to place no more (8.3)"),
    },
];

/// The rows for the situation of `state`, in table order.
pub fn rows_now(state: &State) -> impl Iterator<Item = &'static Row> {
    let now = situation(state);
    ROWS.iter().filter(move |r| Some(r.when) == now)
}

/// May `side` act now (the decision is its own, or nothing is owed and it is the phasing side)?
fn acts(state: &State, side: Side) -> bool {
    match &state.decision {
        Some(d) => d.by == side,
        None => state.phasing == side,
    }
}

/// Apply `command` by the row that takes it now, or refuse it (5.1).
pub fn apply(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let kind = command.kind();
    if let Some(row) = rows_now(state).find(|r| r.kind == kind) {
        return (row.apply)(ctx, state, side, command, dice, log);
    }
    Err(match &state.decision {
        Some(_) => RuleError::new(
            "5.1",
            format!("`{command}` does not answer the pending decision ({})", describe_decision(ctx, state)),
        ),
        None => RuleError::new(
            "5.1",
            format!("`{command}` is not a command of the {} now", sequence::phase_name(state.phase)),
        ),
    }
    .into())
}

/// The legal commands of `side` now: the rows' lists, in table order.
pub fn commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    if !acts(state, side) {
        return Vec::new();
    }
    rows_now(state).flat_map(|r| (r.legal)(ctx, state, side)).collect()
}

/// The rows' prompts for `side` now, in table order, with each row's kind.
pub fn offers(ctx: &Ctx, state: &State, side: Side) -> Vec<(CommandKind, Cow<'static, str>)> {
    if !acts(state, side) {
        return Vec::new();
    }
    rows_now(state).filter_map(|r| (r.prompt)(ctx, state, side).map(|p| (r.kind, p))).collect()
}

/// A line for people about the pending decision: what its rows offer.
pub fn describe_decision(ctx: &Ctx, state: &State) -> String {
    let Some(d) = &state.decision else { return String::new() };
    offers(ctx, state, d.by).into_iter().map(|(_, p)| p).collect::<Vec<_>>().join(", ")
}

/// The commands a phase offers, for the prompt (`offers` of the side now): `move UNITS
/// HEX...`, ..., then `end` where the phase may end.
pub fn phase_prompt(offers: &[(CommandKind, Cow<'static, str>)]) -> String {
    let ends = offers.iter().any(|(k, _)| *k == CommandKind::End);
    let parts: Vec<&str> = offers.iter().filter(|(k, _)| *k != CommandKind::End).map(|(_, p)| p.as_ref()).collect();
    match (parts.is_empty(), ends) {
        (true, true) => "`end`".into(),
        (false, true) => format!("{}, then `end`", parts.join(", ")),
        (_, false) => parts.join(", "),
    }
}

/// Is the only thing offered a roll (a step of the dice, not of choices)?
pub fn only_a_roll(offers: &[(CommandKind, Cow<'static, str>)]) -> bool {
    matches!(offers, [(CommandKind::Roll, _)])
}

/// The kinds whose rows list commands that their prompts do not offer (none, by the table's
/// contract; the random play checks it after every command).
pub fn listed_not_offered(ctx: &Ctx, state: &State, side: Side) -> Vec<CommandKind> {
    if !acts(state, side) {
        return Vec::new();
    }
    rows_now(state)
        .filter(|r| (r.prompt)(ctx, state, side).is_none() && !(r.legal)(ctx, state, side).is_empty())
        .map(|r| r.kind)
        .collect()
}

/// Accepted now, or once its dice are rolled.
pub fn takes(ctx: &Ctx, state: &State, side: Side, command: &Command) -> bool {
    accepted(apply(ctx, state, side, command, &mut NoDice, &mut Vec::new()))
}
