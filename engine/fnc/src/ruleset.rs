//! The FNC ruleset: scenarios, what each state waits for, and the dispatch of commands to
//! the rules of each phase.
//!
//! Contract with the phase modules: each `apply_*` function checks the command completely
//! before its first roll, works on a copy of the state and pushes events explaining what
//! happened; the dispatcher then updates control (14.2) and moves the sequence on (5.2).

use crate::combat;
use crate::command::Command;
use crate::ctx::Ctx;
use crate::happened::Happened;
use crate::scenario;
use crate::sequence;
use crate::stacking;
use crate::state::{Location, Phase, Side, State, UnitId};
use crate::table;
use grognard_engine::{
    AidAnswer, AidQuery, Applied, ApplyError, DiceSource, Event, Pending, PlayerId, RuleError, Ruleset, RulesetInfo,
    ScenarioInfo, Seats, Setup, View, ViewKind, Viewer,
};

/// Forgotten Napoleonic Campaigns (id `fnc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fnc;

/// Apply the public `command` from `side`: under fog of war (7.7) a command that needs
/// stacks opened waits for the openings (`reveal`), and the public bookkeeping is kept after
/// it; then the dispatcher.
pub fn apply_command(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    check_turn(ctx, state, side)?;
    let mut log = Vec::new();
    if let Some(waiting) = crate::reveal::before(ctx, state, side, command, &mut log)? {
        return Ok(Applied { state: waiting, events: log });
    }
    let mut applied = apply_rules(ctx, state, side, command, dice)?;
    crate::reveal::settle(ctx, &mut applied.state, &mut applied.events)?;
    Ok(applied)
}

/// What `command` would do in a copy's view, for a bot weighing it: applied as the rules
/// apply it, except that a command that waits for stacks to be opened (7.7) is judged on what
/// the copy sees (the counters it cannot name are left out).
pub fn apply_seen(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<State, ApplyError> {
    let applied = apply_command(ctx, state, side, command, dice)?;
    match applied.state.fog.as_ref().and_then(|f| f.reveal.as_ref()).and_then(|r| r.then.clone()) {
        Some((s, c)) => Ok(apply_rules(ctx, state, s, &c, dice)?.state),
        None => Ok(applied.state),
    }
}

fn check_turn(ctx: &Ctx, state: &State, side: Side) -> Result<(), RuleError> {
    if state.phase == Phase::GameOver {
        return Err(RuleError::new("5.4", "the game is over"));
    }
    if side != state.acting_side() {
        return Err(RuleError::new(
            "5.1",
            format!(
                "it is the {} player's turn to act, not the {}'s",
                ctx.rules.side_name(state.acting_side()),
                ctx.rules.side_name(side)
            ),
        ));
    }
    Ok(())
}

/// Apply `command` from `side` by the rules of the phase (the dispatcher).
fn apply_rules(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Applied<State>, ApplyError> {
    let mut log = Vec::new();
    check_turn(ctx, state, side)?;
    let mut next = table::apply(ctx, state, side, command, dice, &mut log)?;
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
        let Some((command, why)) = crate::standing::answer(ctx, next, decision.by, &batch.orders)? else {
            return Ok(false);
        };
        let text =
            format!("By the orders of the batch (`{why}`), the {} player: {command}", ctx.rules.side_name(decision.by));
        log.push(
            Happened::BatchOrder { side: decision.by, order: why, command: command.to_string(), rule: "11.3".into() }
                .event(text),
        );
        *next = table::apply(ctx, next, decision.by, &command, dice, log)?;
        return Ok(true);
    }
    let then_end = batch.orders.then_end && batch.queued.is_empty() && next.battles.is_empty();
    let side = batch.side;
    let started = combat::batch::start_next(ctx, next, dice, log)?;
    if then_end && next.batch.is_none() && next.phase == Phase::Combat {
        // The batch's `then end`: the attacker declared nothing more this phase (11.3).
        let text = format!(
            "By the orders of the batch (`then end`), the {} player ends the combat phase",
            ctx.rules.side_name(side)
        );
        log.push(
            Happened::BatchOrder { side, order: "then end".into(), command: "end".into(), rule: "11.3".into() }
                .event(text),
        );
        *next = table::apply(ctx, next, side, &Command::End, dice, log)?;
        return Ok(true);
    }
    Ok(started)
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

    fn options(&self) -> Vec<grognard_engine::OptionInfo> {
        scenario::options()
    }

    fn recorded_options(&self, chosen: &[String], players: usize) -> Vec<String> {
        scenario::recorded_options(chosen, players)
    }

    fn position_header(&self) -> Option<&'static str> {
        Some(crate::position::POSITION_HEADER)
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

    fn bots(&self) -> Vec<&'static dyn grognard_engine::Bot> {
        crate::bot::fnc_bots()
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

    /// The game turn, and the player turn of the phasing side (set-up before turn 1).
    fn turn(&self, state: &State) -> Option<grognard_engine::TurnMark> {
        let ctx = self.ctx_of(state).ok()?;
        let side = ctx.rules.side_name(state.phasing);
        let player_turn = match state.phase {
            crate::state::Phase::Setup(_) => format!("set-up ({side})"),
            _ => format!("turn {}, {side} player turn", state.turn),
        };
        Some(grognard_engine::TurnMark { game_turn: u32::from(state.turn), player_turn })
    }

    /// Each side's victory points (14.5, 15.4), first side first.
    fn scores(&self, state: &State) -> Vec<grognard_engine::Score> {
        let Ok(ctx) = self.ctx_of(state) else { return Vec::new() };
        Side::BOTH
            .iter()
            .map(|&side| grognard_engine::Score {
                side: ctx.rules.side_name(side).to_string(),
                value: i64::from(state.vp[side.index()].total()),
            })
            .collect()
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
        let side = state.acting_side();
        if !state.sides_of(player).contains(&side) {
            return Ok(None);
        }
        crate::standing::answer(ctx, state, side, &crate::orders::Orders::parse(orders)?)
    }

    /// 7.7: under fog of war, the units beneath the top of a stack that `viewer` may not know
    /// are left out (`fog_view`); without fog, the state itself.
    fn player_view(&self, state: &State, viewer: Viewer) -> State {
        crate::fog_view::player_view(state, viewer)
    }

    /// A hex board drawn from what `viewer` may know (7.7, `fog_view`).
    fn view(&self, state: &State, viewer: Viewer) -> Option<View> {
        self.ctx_of(state).ok().map(|ctx| View::new(ViewKind::Hex, crate::fog_view::board_view(ctx, state, viewer)))
    }

    fn aid(&self, state: &State, query: &AidQuery) -> Result<AidAnswer, RuleError> {
        crate::aids::answer(self.ctx_of(state)?, state, query)
    }

    fn complete(&self, state: &State, player: PlayerId, command: Command) -> Result<Command, RuleError> {
        match self.ctx_of(state) {
            Ok(ctx) => crate::aids::complete(ctx, state, player, command).map(|c| fog_complete(ctx, state, c)),
            Err(_) => Ok(command),
        }
    }

    /// 7.7: under fog of war a ground move is concealed; the other side sees its counters,
    /// top and path (`movement::concealed`).
    fn conceal(&self, state: &State, _player: PlayerId, command: &Command) -> Option<Command> {
        crate::movement::concealed::projection(self.ctx_of(state).ok()?, state, command)
    }

    fn apply_concealed(
        &self,
        state: &State,
        player: PlayerId,
        concealed: &grognard_engine::Concealed<Command>,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        use crate::movement::concealed;
        let ctx = self.ctx_of(state)?;
        let side = player_side(state, player)?;
        check_turn(ctx, state, side)?;
        if let Some(r) = state.fog.as_ref().and_then(|f| f.reveal.as_ref()) {
            return Err(RuleError::new("7.7", format!("{}: the stacks must be opened first", r.why)).into());
        }
        let mut applied = match &concealed.full {
            None => {
                let mut events = Vec::new();
                let next = concealed::apply_public(ctx, state, side, concealed.index, &concealed.public, &mut events)?;
                Applied { state: next, events }
            }
            Some(full @ Command::Move { units, path, from: Some(from), left_top }) => {
                if concealed::projection(ctx, state, full).as_ref() != Some(&concealed.public) {
                    return Err(RuleError::new("7.7", "the move does not match what the other side saw of it").into());
                }
                let mut known = state.clone();
                concealed::materialise(&mut known, side, units, from)?;
                if let Some(l) = left_top {
                    concealed::materialise(&mut known, side, std::slice::from_ref(l), from)?;
                }
                let here = units.first().and_then(|u| known.units.get(u)).cloned();
                let origin = match from {
                    crate::command::Place::Hex(h) => Location::Hex(*h),
                    crate::command::Place::Box(b) => Location::Box(b.clone()),
                };
                if here != Some(origin) {
                    return Err(RuleError::new("7.7", format!("the move's units are not in {from}")).into());
                }
                let mut applied = apply_rules(
                    ctx,
                    &known,
                    side,
                    &Command::Move { units: units.clone(), path: path.clone(), from: None, left_top: None },
                    dice,
                )?;
                let (Some(top), Some(&to)) = (units.first(), path.last()) else {
                    return Err(RuleError::new("input", "a move has units and a path").into());
                };
                concealed::record(
                    ctx,
                    &mut applied.state,
                    &concealed::Trace { side, index: concealed.index, from, to, top, left_top: left_top.as_ref() },
                );
                applied
            }
            Some(_) => return Err(RuleError::new("7.7", "only a ground move is concealed").into()),
        };
        crate::reveal::settle(ctx, &mut applied.state, &mut applied.events)?;
        Ok(applied)
    }

    /// 7.7: a player opened the concealed moves a reveal asked of his side; once nobody owes
    /// anything more, the command that waited (an attack, a supply check, the sieges) goes on.
    fn apply_opened(
        &self,
        state: &State,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<State>, ApplyError> {
        let ctx = self.ctx_of(state)?;
        let Some(reveal) = state.fog.as_ref().and_then(|f| f.reveal.as_ref()) else {
            return Err(RuleError::new("7.7", "no rule asks for an opening now").into());
        };
        let mut next = state.clone();
        let mut then = None;
        let mut any = false;
        for side in Side::BOTH {
            if state.owners[side.index()] == player && !reveal.owing[side.index()].is_empty() {
                any = true;
                if let Some(t) = crate::reveal::opened(&mut next, side)? {
                    then = Some(t);
                }
            }
        }
        if !any {
            return Err(RuleError::new("7.7", format!("nothing is asked of {player} now")).into());
        }
        let mut events: Vec<grognard_engine::Event> = Side::BOTH
            .into_iter()
            .filter(|s| state.owners[s.index()] == player && !reveal.owing[s.index()].is_empty())
            .map(|side| {
                Happened::Opened { side }
                    .event(format!("7.7: the {} opened the concealed moves asked of them", ctx.rules.side_name(side)))
            })
            .collect();
        let mut applied = match then {
            Some((side, command)) => apply_command(ctx, &next, side, &command, dice)?,
            None => Applied { state: next, events: Vec::new() },
        };
        events.append(&mut applied.events);
        applied.events = events;
        Ok(applied)
    }
}

/// Under fog of war (7.7), the client writes into a command what makes its public part a
/// function of the command alone: a ground move names its origin and the unit it leaves on
/// top there (the first that stays, by id, when the top leaves); an attack names the hexes
/// its attackers stand in, which it opens.
fn fog_complete(ctx: &Ctx, state: &State, command: Command) -> Command {
    let Some(fog) = &state.fog else { return command };
    let hexes_of = |units: &[UnitId]| -> Vec<grognard_board::HexId> {
        let set: std::collections::BTreeSet<grognard_board::HexId> =
            units.iter().filter_map(|u| state.units.get(u).and_then(Location::hex)).collect();
        set.into_iter().collect()
    };
    match command {
        Command::Move { units, path, from: None, left_top: None } => {
            let Some(Location::Hex(origin)) = units.first().and_then(|u| state.units.get(u)).cloned() else {
                return Command::Move { units, path, from: None, left_top: None };
            };
            let side = state.acting_side();
            let staying: Vec<&UnitId> = ctx
                .side_units_in(state, origin, side)
                .into_iter()
                .filter(|u| crate::stacking::counts(ctx, u) && !units.contains(u))
                .collect();
            let top_leaves = fog.tops.get(&origin).is_none_or(|t| units.contains(t));
            let left_top =
                if top_leaves { crate::stacking::preferred_top(ctx, staying.iter().copied()).cloned() } else { None };
            Command::Move { units, path, from: Some(crate::command::Place::Hex(origin)), left_top }
        }
        Command::Attack { attackers, defender, fleets, from } if from.is_empty() => {
            let from = hexes_of(&attackers);
            Command::Attack { attackers, defender, fleets, from }
        }
        Command::Batch { attacks, orders } => Command::Batch {
            attacks: attacks
                .into_iter()
                .map(|a| {
                    let from = if a.from.is_empty() { hexes_of(&a.attackers) } else { a.from };
                    crate::command::BatchAttack { from, ..a }
                })
                .collect(),
            orders,
        },
        other => other,
    }
}

/// The side `player` acts for now.
pub fn player_side(state: &State, player: PlayerId) -> Result<Side, RuleError> {
    let acting = state.acting_side();
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
    let side = state.acting_side();
    let player = state.owners[side.index()];
    let what = sequence::describe(ctx, state);
    if let Some(r) = state.fog.as_ref().and_then(|f| f.reveal.as_ref()) {
        let mut owing: Vec<grognard_engine::Owing> = Vec::new();
        for s in Side::BOTH {
            let indices = &r.owing[s.index()];
            if indices.is_empty() {
                continue;
            }
            let p = state.owners[s.index()];
            match owing.iter_mut().find(|o| o.player == p) {
                Some(o) => {
                    o.indices.extend(indices.iter().copied());
                    o.indices.sort_unstable();
                    o.indices.dedup();
                }
                None => owing.push(grognard_engine::Owing { player: p, indices: indices.iter().copied().collect() }),
            }
        }
        return Pending::Open { owing, prompt: format!("{what}: {} (7.7)", r.why) };
    }
    if state.decision.is_some() {
        return Pending::Command {
            player,
            prompt: format!("{what}: {} must {}", ctx.rules.side_name(side), table::describe_decision(ctx, state)),
        };
    }
    let offers = table::offers(ctx, state, side);
    let offered = table::phase_prompt(&offers);
    if table::only_a_roll(&offers) {
        Pending::Dice { player, prompt: format!("{what}: {offered}") }
    } else {
        Pending::Command { player, prompt: format!("{what}: {offered}") }
    }
}

/// The commands `player` may give now (every one, by the command table's contract).
pub fn legal_commands(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    let Ok(side) = player_side(state, player) else { return Vec::new() };
    let Some(fog) = &state.fog else { return table::commands(ctx, state, side) };
    if fog.reveal.is_some() {
        return Vec::new();
    }
    // 7.7: a public command may name only units of open stacks; where the listed command
    // names units of a closed stack of the player's, `show` opens it first.
    let mut out = Vec::new();
    let mut shows = std::collections::BTreeSet::new();
    for c in table::commands(ctx, state, side) {
        let c = fog_complete(ctx, state, c);
        if crate::reveal::check_in_view(ctx, state, &c).is_ok() {
            out.push(c);
        } else {
            shows.extend(crate::reveal::closed_hexes(ctx, state, side, &c));
        }
    }
    out.extend(shows.into_iter().map(|h| Command::Show { hexes: vec![h] }));
    out
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
        out.push_str(&format!("\nThe {} must {}", ctx.rules.side_name(d.by), table::describe_decision(ctx, state)));
    }
    out
}
