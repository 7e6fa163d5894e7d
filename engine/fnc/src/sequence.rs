//! The sequence of play (5.0): phases in order for both player turns, the turn record
//! track (5.4), game turn 1 (5.3) and the end of the game (14.5, 15.4).

use crate::control;
use crate::ctx::Ctx;
use crate::happened::Happened;
use crate::stacking;
use crate::state::{Location, Phase, PhaseBook, Side, State};
use crate::{position, setup};
use grognard_engine::{Event, RuleError};

/// A short name of the current step for people: "Game Turn 3 (Oct 1798), French Movement Phase".
pub fn describe(ctx: &Ctx, state: &State) -> String {
    let label = ctx.turn(state.turn).map(|t| t.label.clone()).unwrap_or_default();
    let side = ctx.rules.side_name(state.phasing);
    let phase = match state.phase {
        Phase::Setup(s) => return format!("{} set-up", ctx.rules.side_name(s)),
        Phase::RandomEvents => return format!("Game Turn {} ({label}), Random Events Phase", state.turn),
        Phase::GameOver => return "Game over".to_string(),
        phase => phase_name(phase),
    };
    format!("Game Turn {} ({label}), {side} {phase}", state.turn)
}

/// The name of a phase for people.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup(_) => "set-up",
        Phase::RandomEvents => "Random Events Phase",
        Phase::Reinforcement => "Reinforcement Arrival Phase",
        Phase::Movement => "Movement Phase",
        Phase::Combat => "Combat Phase",
        Phase::Supply => "Supply Phase",
        Phase::Siege => "Siege Phase",
        Phase::GameOver => "end of the game",
    }
}

/// The phase after `phase` within one player turn (5.2).
fn next_in_player_turn(phase: Phase) -> Option<Phase> {
    match phase {
        Phase::Reinforcement => Some(Phase::Movement),
        Phase::Movement => Some(Phase::Combat),
        Phase::Combat => Some(Phase::Supply),
        Phase::Supply => Some(Phase::Siege),
        _ => None,
    }
}

/// Finish the current phase and go to the next step of the sequence, skipping what game
/// turn 1 skips (5.3) and running the checks due at phase boundaries: over-stacking at the
/// end and start of movement and combat phases (7.4), SC looting and the end of the game at
/// the end of a game turn (14.3, 14.5, 15.4). Stops early when a check leaves a decision.
pub fn advance(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if matches!(state.phase, Phase::Movement | Phase::Combat) && !state.book.ending {
        state.book.ending = true;
        stacking::check_overstacks(ctx, state, log);
        if state.decision.is_some() {
            return;
        }
    }
    state.book.ending = false;
    step(ctx, state, log);
    log.push(
        Happened::Phase { phase: state.phase, turn: state.turn, phasing: state.phasing }.event(describe(ctx, state)),
    );
    if matches!(state.phase, Phase::Movement | Phase::Combat) {
        stacking::check_overstacks(ctx, state, log);
    }
}

/// Move to the next step (no checks).
fn step(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    match state.phase {
        Phase::Setup(side) => {
            let first = ctx.rules.sets_up_first();
            if side == first {
                state.phase = Phase::Setup(side.other());
                state.phasing = side.other();
            } else {
                control::initial_control(ctx, state);
                begin_game_turn(ctx, state, 1);
            }
        }
        Phase::RandomEvents => begin_player_turn(ctx, state, Side::First),
        Phase::Siege => {
            if state.phasing == Side::First {
                begin_player_turn(ctx, state, Side::Second);
            } else {
                end_game_turn(ctx, state, log);
            }
        }
        Phase::GameOver => {}
        phase => {
            if let Some(next) = next_in_player_turn(phase) {
                state.phase = next;
                start_phase(state);
            }
        }
    }
}

fn start_phase(state: &mut State) {
    match state.phase {
        Phase::Movement => {
            state.book.moved.clear();
            state.book.moving_origin = None;
            state.book.fleets_moved.clear();
        }
        Phase::Combat => state.book.attacked_hexes.clear(),
        _ => {}
    }
}

/// Start game turn `turn`: the Random Events Phase, skipped on turn 1 (5.3).
fn begin_game_turn(ctx: &Ctx, state: &mut State, turn: u8) {
    state.turn = turn;
    state.book = PhaseBook::default();
    // 10.2: fleets that supported an attack are back, in their side's box, for the new turn.
    let spent: Vec<String> = state.units_at(&Location::Spent).into_iter().cloned().collect();
    for fleet in spent {
        if let Some(home) = ctx.side_of(&fleet).and_then(|s| ctx.rules.fleet_box(s)) {
            state.units.insert(fleet, Location::Box(home.to_string()));
        }
    }
    if turn == 1 {
        begin_player_turn(ctx, state, Side::First);
    } else {
        state.phase = Phase::RandomEvents;
        state.phasing = Side::First;
    }
}

/// Start `side`'s player turn: its Reinforcement Arrival Phase, skipped on turn 1 (5.3, 8.1).
fn begin_player_turn(_ctx: &Ctx, state: &mut State, side: Side) {
    state.phasing = side;
    state.book.attacked_units.clear();
    state.book.attacked_hexes.clear();
    state.book.moved.clear();
    state.book.moving_origin = None;
    state.book.fleets_moved.clear();
    state.last_moves.clear();
    state.last_battles.clear();
    state.phase = if state.turn == 1 { Phase::Movement } else { Phase::Reinforcement };
}

/// The end of a game turn: SC looting (14.3), then the next turn or the end of the game.
fn end_game_turn(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    control::sc_looting(ctx, state, log);
    if state.turn >= ctx.last_turn() {
        control::decide_victory(ctx, state, log);
    } else {
        begin_game_turn(ctx, state, state.turn + 1);
    }
}

/// The historical quick start: both sides set up historically, then play begins.
pub fn historical_start(ctx: &Ctx, state: State) -> Result<State, RuleError> {
    let mut log = Vec::new();
    let mut state = state;
    for _ in 0..2 {
        let Phase::Setup(side) = state.phase else { break };
        state = setup::apply_historical(ctx, &state, side, &position::historical_places(ctx, side)?, &mut log)?;
        advance(ctx, &mut state, &mut log);
    }
    Ok(state)
}
