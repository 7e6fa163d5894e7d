//! Shared helpers of the core rules' tests: the EC data on a small test map, positions,
//! commands by their text form.

#![allow(dead_code)]

use grognard_engine::{ApplyError, Event, ScriptedDice};
use grognard_fnc::ctx::DataTexts;
use grognard_fnc::position;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{Command, Ctx, Game, Side, State};
use std::sync::OnceLock;

/// EC's counters and charts on the small core test map.
pub fn ec() -> &'static Ctx {
    static CTX: OnceLock<Ctx> = OnceLock::new();
    CTX.get_or_init(|| {
        Ctx::parse(
            Game::Ec,
            DataTexts {
                map: include_str!("../fixtures/core_ec_map.txt"),
                counters: include_str!("../../data/ec/counters.txt"),
                charts: include_str!("../../data/ec/charts.txt"),
                historical: None,
            },
        )
        .unwrap_or_else(|e| panic!("test data: {e}"))
    })
}

/// A position on `ctx`, or the test fails with the parser's message.
pub fn pos(ctx: &Ctx, text: &str) -> State {
    position::parse(ctx, text).unwrap_or_else(|e| panic!("position: {e}"))
}

/// Apply `text` as `side` with `faces` for dice.
pub fn try_cmd(
    ctx: &Ctx,
    state: &State,
    side: Side,
    text: &str,
    faces: &[u32],
) -> Result<(State, Vec<Event>), ApplyError> {
    let command = Command::parse(text).map_err(ApplyError::Rule)?;
    let mut dice = ScriptedDice::new(faces);
    apply_command(ctx, state, side, &command, &mut dice).map(|a| (a.state, a.events))
}

/// Apply `text` as `side`; the test fails if it is refused.
pub fn cmd(ctx: &Ctx, state: &State, side: Side, text: &str) -> State {
    match try_cmd(ctx, state, side, text, &[]) {
        Ok((s, _)) => s,
        Err(e) => panic!("`{text}` refused: {e}"),
    }
}

/// The rule number a refusal cites (panics if the command was accepted).
pub fn refused(ctx: &Ctx, state: &State, side: Side, text: &str) -> String {
    match try_cmd(ctx, state, side, text, &[]) {
        Ok(_) => panic!("`{text}` was accepted"),
        Err(ApplyError::Rule(e)) => e.rule,
        Err(ApplyError::NeedDice) => panic!("`{text}` asked for dice"),
    }
}

/// A movement-phase position of EC turn `turn` with the given unit lines.
pub fn movement(ctx: &Ctx, turn: u8, side: &str, units: &str) -> State {
    pos(ctx, &format!("fnc-position 1\ngame ec\nturn {turn}\nphase movement\nphasing {side}\n{units}\n"))
}
