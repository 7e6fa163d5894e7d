//! The FNC ruleset: scenarios, what each state waits for, and the dispatch of commands to
//! the rules of each phase.
//!
//! Contract with the phase modules: each `apply_*` function checks the command completely
//! before its first roll, works on a copy of the state and pushes events explaining what
//! happened; the dispatcher then updates control (14.2) and moves the sequence on (5.2).

use crate::command::Command;
use crate::ctx::Ctx;
use crate::scenario;
use crate::sequence;
use crate::setup;
use crate::stacking;
use crate::state::{DecisionKind, Location, Phase, Side, State};
use crate::{combat, events, movement, siege};
use grognard_engine::{
    AidAnswer, AidQuery, Applied, ApplyError, DiceSource, Event, Pending, PlayerId, RuleError, Ruleset, RulesetInfo,
    ScenarioInfo, Seats, Setup, View, ViewKind, Viewer,
};

// Moved to `scenario.rs`; still reachable here by the paths other modules use.
pub use crate::scenario::{scenario_game, POSITION_HEADER};

/// Forgotten Napoleonic Campaigns (id `fnc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fnc;

/// The side that must act now: the one owing a decision, else the phasing side.
pub fn acting_side(state: &State) -> Side {
    state.decision.as_ref().map_or(state.phasing, |d| d.by)
}

/// Apply `command` from `side` (the dispatcher).
pub fn apply_command(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let mut log = Vec::new();
    if state.phase == Phase::GameOver {
        return Err(RuleError::new("5.4", "the game is over").into());
    }
    if side != acting_side(state) {
        return Err(RuleError::new(
            "5.1",
            format!(
                "it is the {} player's turn to act, not the {}'s",
                ctx.rules.side_name(acting_side(state)),
                ctx.rules.side_name(side)
            ),
        )
        .into());
    }
    let mut next = if let Some(decision) = &state.decision {
        apply_decision(ctx, state, side, &decision.kind, command, dice, &mut log)?
    } else {
        apply_in_phase(ctx, state, side, command, dice, &mut log)?
    };
    // Each round answers one decision of a batch's attacker or starts its next battle (11.3);
    // a batch holds at most `combat::batch::MAX_ATTACKS` battles of a few decisions each.
    for _ in 0..MAX_SETTLE_ROUNDS {
        crate::control::update(ctx, &mut next, &mut log);
        if next.decision.is_none() && matches!(next.phase, Phase::Combat | Phase::Siege) {
            // 7.4: stacks are checked again at the end of every retreat and advance after combat
            // (a siege's surrender allows one too, 13.3); a stack over its limit then, such as
            // one that advanced into a fortress its own attack destroyed (13.4), is cut down by
            // the opponent at once.
            stacking::check_overstacks(ctx, &mut next, &mut log);
        }
        if !run_batch(ctx, &mut next, dice, &mut log)? {
            break;
        }
    }
    if next.decision.is_none() {
        // 7.4: a phase that was ending goes on once its over-stacks are removed; a phase that
        // ends with its roll moves on once nothing is owed any more.
        if next.book.ending {
            sequence::advance(ctx, &mut next, &mut log);
        } else if next.book.rolled && matches!(next.phase, Phase::RandomEvents | Phase::Supply | Phase::Siege) {
            next.book.rolled = false;
            sequence::advance(ctx, &mut next, &mut log);
        }
    }
    Ok(Applied { state: next, events: log })
}

/// The most rounds of batch resolution one command may trigger.
const MAX_SETTLE_ROUNDS: usize = 64 * combat::batch::MAX_ATTACKS;

/// One step of a batch of attacks (11.3): answer a decision of its attacker by the orders
/// written in it, or start its next battle. Returns whether anything happened.
fn run_batch(ctx: &Ctx, next: &mut State, dice: &mut dyn DiceSource, log: &mut Vec<Event>) -> Result<bool, ApplyError> {
    let Some(batch) = &next.batch else { return Ok(false) };
    if let Some(decision) = next.decision.clone() {
        if decision.by != batch.side {
            return Ok(false);
        }
        let Some((command, why)) = crate::orders::answer(ctx, next, decision.by, &batch.orders)? else {
            return Ok(false);
        };
        log.push(Event::new(
            format!("By the orders of the batch (`{why}`), the {} player: {command}", ctx.rules.side_name(decision.by)),
            serde_json::json!({"type": "batch_order", "side": decision.by, "order": why, "command": command.to_string(), "rule": "11.3"}),
        ));
        *next = apply_decision(ctx, next, decision.by, &decision.kind, &command, dice, log)?;
        return Ok(true);
    }
    let then_end = batch.orders.then_end && batch.queued.is_empty() && next.battles.is_empty();
    let side = batch.side;
    let started = combat::batch::start_next(ctx, next, dice, log)?;
    if then_end && next.batch.is_none() && next.phase == Phase::Combat {
        // The batch's `then end`: the attacker declared nothing more this phase (11.3).
        log.push(Event::new(
            format!("By the orders of the batch (`then end`), the {} player ends the combat phase", ctx.rules.side_name(side)),
            serde_json::json!({"type": "batch_order", "side": side, "order": "then end", "command": "end", "rule": "11.3"}),
        ));
        *next = apply_in_phase(ctx, next, side, &Command::End, dice, log)?;
        return Ok(true);
    }
    Ok(started)
}

fn apply_decision(
    ctx: &Ctx,
    state: &State,
    side: Side,
    kind: &DecisionKind,
    command: &Command,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    match (kind, command) {
        (DecisionKind::Overstack { hex, count }, Command::Remove { units }) => {
            stacking::apply_removal(ctx, state, side, (*hex, *count), units, dice, log)
        }
        (DecisionKind::Losses { .. }, Command::Lose { units }) => {
            combat::apply_losses(ctx, state, side, units, dice, log)
        }
        (DecisionKind::Retreat { .. }, Command::Retreat { groups }) => {
            combat::apply_retreat(ctx, state, side, groups, dice, log)
        }
        (DecisionKind::Advance { .. }, Command::Advance { units }) => {
            combat::apply_advance(ctx, state, side, units, dice, log)
        }
        (kind, command) => match events::dispatch::apply(ctx, state, side, command, dice, log) {
            Some(result) => result,
            None => Err(RuleError::new(
                "5.1",
                format!("`{command}` does not answer the pending decision ({})", describe_decision(kind)),
            )
            .into()),
        },
    }
}

/// A line for people about a pending decision.
pub fn describe_decision(kind: &DecisionKind) -> String {
    match kind {
        DecisionKind::Overstack { hex, count } => {
            format!("remove {count} over-stacked unit(s) from {hex} with `remove UNITS` (7.4)")
        }
        DecisionKind::Losses { hex, strength, .. } => {
            format!("choose losses of at least {strength} factors in the battle for {hex} with `lose UNITS` (11.21)")
        }
        DecisionKind::Retreat { hex, .. } => {
            format!("retreat the defenders of {hex} with `retreat UNITS HEX...` (11.22)")
        }
        DecisionKind::Advance { hex, .. } => {
            format!("advance into {hex} with `advance UNITS`, or `advance` to stay (11.25)")
        }
        DecisionKind::ReturnToCup => {
            "put one unit (not a fortress garrison) back into the cup with `remove UNIT` (8.5)".into()
        }
        DecisionKind::Recycle { count, reason, .. } => {
            format!("recycle {count} unit(s) with `remove UNITS` ({reason})")
        }
        DecisionKind::Place { units, reason, .. } => {
            format!("place {} with `enter UNIT HEX|BOX` ({reason})", units.join(", "))
        }
    }
}

fn apply_in_phase(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if let Some(result) = events::dispatch::apply(ctx, state, side, command, dice, log) {
        return result;
    }
    match (state.phase, command) {
        (Phase::Setup(_), Command::Place { unit, hex }) => Ok(setup::apply_place(ctx, state, side, unit, *hex, log)?),
        (Phase::Setup(_), Command::Historical) => Ok(setup::apply_historical(ctx, state, side, log)?),
        (Phase::Movement, Command::Move { units, path }) => {
            movement::apply_move(ctx, state, side, units, path, dice, log)
        }
        (Phase::Movement, Command::River { units, path }) => {
            Ok(movement::apply_river(ctx, state, side, units, path, log)?)
        }
        (Phase::Movement, Command::Sail { units, to }) => Ok(movement::apply_sail(ctx, state, side, units, *to, log)?),
        (Phase::Movement, Command::Fleet { fleet, to }) => {
            Ok(movement::apply_fleet(ctx, state, side, fleet, *to, log)?)
        }
        (Phase::Combat, Command::Attack { attackers, defender, fleets }) => {
            combat::apply_attack(ctx, state, side, attackers, *defender, fleets, dice, log)
        }
        (Phase::Combat, Command::Batch { attacks, orders }) => {
            combat::batch::apply(ctx, state, side, attacks, orders, dice, log)
        }
        (Phase::Siege, Command::Roll) => siege::apply_sieges(ctx, state, side, dice, log),
        (Phase::Setup(_), Command::End) => {
            setup::check_end(ctx, state, side)?;
            let mut next = state.clone();
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        }
        (Phase::Combat, Command::End) => {
            let mut next = state.clone();
            // 10.3: an invasion force still offshore when the combat phase ends never landed.
            let stranded: Vec<String> = state
                .units
                .iter()
                .filter(|(u, l)| matches!(l, Location::Offshore { .. }) && ctx.side_of(u) == Some(side))
                .map(|(u, _)| u.clone())
                .collect();
            if !stranded.is_empty() {
                log.push(Event::new(
                    format!("{} never invaded: lost at sea (10.3)", stranded.join(", ")),
                    serde_json::json!({"type": "invasion_lost", "units": stranded}),
                ));
                crate::recycling::eliminate(
                    ctx,
                    &mut next,
                    &stranded,
                    "invasion force that never landed (10.3)",
                    dice,
                    log,
                )?;
            }
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        }
        (Phase::Reinforcement | Phase::Movement, Command::End) => {
            let mut next = state.clone();
            sequence::advance(ctx, &mut next, log);
            Ok(next)
        }
        (phase, command) => Err(RuleError::new(
            "5.1",
            format!("`{command}` is not a command of the {} now", sequence::phase_name(phase)),
        )
        .into()),
    }
}

impl Fnc {
    fn ctx_of(&self, state: &State) -> Result<&'static Ctx, RuleError> {
        Ctx::embedded(state.game)
    }
}

impl Ruleset for Fnc {
    type State = State;
    type Command = Command;

    fn info(&self) -> RulesetInfo {
        RulesetInfo {
            id: "fnc".into(),
            // 2: the EC map's road from the Marabout landing to Alexandria (9.19); a fleet
            // sails out of the port it arrived in (8.8, 10.2).
            version: "2".into(),
            name: "Forgotten Napoleonic Campaigns".into(),
            test_only: false,
        }
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        scenario::scenarios()
    }

    fn scenario_of(&self, setup: &Setup) -> Option<ScenarioInfo> {
        scenario::scenario_of(setup)
    }

    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        scenario::scenario_data(setup)
    }

    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<State, RuleError> {
        scenario::setup(setup, seats)
    }

    fn position_header(&self) -> Option<&'static str> {
        Some(scenario::POSITION_HEADER)
    }

    fn position_setup(&self, text: &str) -> Result<Setup, RuleError> {
        scenario::position_setup(text)
    }

    fn pending(&self, state: &State) -> Pending {
        match self.ctx_of(state) {
            Ok(ctx) => pending(ctx, state),
            Err(e) => Pending::Over { result: e.to_string(), winners: Vec::new() },
        }
    }

    fn legal_commands(&self, state: &State, player: PlayerId) -> Vec<Command> {
        match self.ctx_of(state) {
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
        let ctx = self.ctx_of(state)?;
        let side = player_side(state, player)?;
        apply_command(ctx, state, side, command, dice)
    }

    fn parse_command(&self, text: &str) -> Result<Command, RuleError> {
        Command::parse(text)
    }

    fn format_command(&self, command: &Command) -> String {
        command.to_string()
    }

    fn summary(&self, state: &State) -> String {
        match self.ctx_of(state) {
            Ok(ctx) => summary(ctx, state),
            Err(e) => e.to_string(),
        }
    }

    fn check_orders(&self, state: &State, text: &str) -> Result<(), RuleError> {
        crate::orders::Orders::parse(text)?.check(self.ctx_of(state)?)
    }

    fn answer_by_orders(
        &self,
        state: &State,
        player: PlayerId,
        orders: &str,
    ) -> Result<Option<(Command, String)>, RuleError> {
        let ctx = self.ctx_of(state)?;
        let side = acting_side(state);
        if !state.sides_of(player).contains(&side) {
            return Ok(None);
        }
        crate::orders::answer(ctx, state, side, &crate::orders::Orders::parse(orders)?)
    }

    /// A hex board; FNC hides nothing, so every viewer sees the same.
    fn view(&self, state: &State, _viewer: Viewer) -> Option<View> {
        self.ctx_of(state).ok().map(|ctx| View::new(ViewKind::Hex, crate::view::board_view(ctx, state)))
    }

    fn aid(&self, state: &State, query: &AidQuery) -> Result<AidAnswer, RuleError> {
        crate::aids::answer(self.ctx_of(state)?, state, query)
    }

    fn complete(&self, state: &State, player: PlayerId, command: Command) -> Result<Command, RuleError> {
        match self.ctx_of(state) {
            Ok(ctx) => crate::aids::complete(ctx, state, player, command),
            Err(_) => Ok(command),
        }
    }
}

/// The side `player` acts for now.
pub fn player_side(state: &State, player: PlayerId) -> Result<Side, RuleError> {
    let acting = acting_side(state);
    if state.owners[acting.index()] == player {
        Ok(acting)
    } else {
        Err(RuleError::new("5.1", format!("{player} does not run the side that is to act now")))
    }
}

/// What the state waits for.
pub fn pending(ctx: &Ctx, state: &State) -> Pending {
    if state.phase == Phase::GameOver {
        let winners: Vec<PlayerId> = state.winner.map(|w| vec![state.owners[w.index()]]).unwrap_or_default();
        let result = match state.winner {
            Some(w) => format!(
                "The {} win: {} {} VP, {} {} VP",
                ctx.rules.side_name(w),
                ctx.rules.side_name(Side::First),
                state.vp[0].total(),
                ctx.rules.side_name(Side::Second),
                state.vp[1].total()
            ),
            None => "The game is over".into(),
        };
        return Pending::Over { result, winners };
    }
    let side = acting_side(state);
    let player = state.owners[side.index()];
    let what = sequence::describe(ctx, state);
    if let Some(d) = &state.decision {
        return Pending::Command {
            player,
            prompt: format!("{what}: {} must {}", ctx.rules.side_name(side), describe_decision(&d.kind)),
        };
    }
    match state.phase {
        Phase::Siege
            if state.has_effect(&crate::state::Effect::Truce) || crate::siege::sieges(ctx, state, side).is_empty() =>
        {
            // README: the phase still ends with its `roll`, which rolls no die.
            Pending::Dice { player, prompt: format!("{what}: `roll` (no siege to resolve: no die is rolled, 13.1)") }
        }
        Phase::RandomEvents | Phase::Supply | Phase::Siege => {
            Pending::Dice { player, prompt: format!("{what}: `roll`") }
        }
        Phase::Reinforcement if crate::reinforcements::draw_owed(ctx, state) => {
            Pending::Dice { player, prompt: format!("{what}: `roll` for reinforcements") }
        }
        Phase::Setup(_) => {
            Pending::Command { player, prompt: format!("{what}: `place UNIT HEX`, `historical`, then `end`") }
        }
        Phase::Reinforcement | Phase::Movement | Phase::Combat => {
            Pending::Command { player, prompt: format!("{what}: {}, then `end`", phase_commands(ctx, state, side)) }
        }
        _ => Pending::Command { player, prompt: format!("{what}: your commands, then `end`") },
    }
}

/// The kinds of command of a reinforcement, movement or combat phase that the game in play
/// has for `side` now: RSW's contingency divisions (8.9), RCLM where the game allows it (9.14,
/// 9.15), amphibious movement where the side has an area (10.3-10.6), fleets where the side
/// has any (10.2). A prompt never offers another game's rules.
pub fn phase_commands(ctx: &Ctx, state: &State, side: Side) -> String {
    let side_id = ctx.rules.side_id(side);
    let has_fleets = ctx.counters.of_side(side_id).any(|c| c.kind == crate::data::UnitType::Fleet);
    let mut parts: Vec<String> = Vec::new();
    match state.phase {
        Phase::Reinforcement => {
            parts.push("`enter UNIT HEX|BOX`".into());
            let contingency = state
                .units
                .iter()
                .any(|(u, l)| *l == crate::state::Location::Contingency && ctx.side_of(u) == Some(side));
            if contingency {
                parts.push("`commit DIVISION` (8.9)".into());
            }
        }
        Phase::Movement => {
            parts.push("`move UNITS HEX...`".into());
            let winter = sequence::is_winter(ctx, state);
            if ctx.rules.river_movement_allowed(side, winter) && !ctx.river_courses().sides.is_empty() {
                parts.push(format!("`river UNITS HEX...` ({})", ctx.rules.rule_numbers().river));
            }
            if !crate::movement::naval::areas(ctx, state, side).is_empty() {
                parts.push("`sail UNITS HEX` (10.3)".into());
            }
            if has_fleets {
                parts.push("`fleet FLEET HEX` (10.2)".into());
            }
        }
        Phase::Combat => {
            parts.push(
                if has_fleets { "`attack UNITS HEX [FLEETS]` (11.2)" } else { "`attack UNITS HEX` (11.2)" }.into(),
            );
        }
        _ => {}
    }
    parts.join(", ")
}

/// The commands `player` may give now (a sample of every kind that applies).
pub fn legal_commands(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    let Ok(side) = player_side(state, player) else { return Vec::new() };
    crate::legal::commands(ctx, state, side)
}

/// A few lines for `grognard status`.
pub fn summary(ctx: &Ctx, state: &State) -> String {
    let vp = |side: Side| {
        let v = &state.vp[side.index()];
        format!(
            "{} {} VP (locales {}, battles {}, looting {}, events {})",
            ctx.rules.side_name(side),
            v.total(),
            v.locale,
            v.battle,
            v.looting,
            v.event
        )
    };
    let mut out =
        format!("{}: {}\n{}; {}", ctx.rules.title(), sequence::describe(ctx, state), vp(Side::First), vp(Side::Second));
    if let Some(d) = &state.decision {
        out.push_str(&format!("\nThe {} must {}", ctx.rules.side_name(d.by), describe_decision(&d.kind)));
    }
    out
}
