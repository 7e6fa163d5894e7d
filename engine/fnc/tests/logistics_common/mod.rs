//! Shared helpers of the logistics tests (supply, reinforcements, recycling, random events):
//! small hand-made maps and counter mixes with the games' real charts, positions, and
//! commands applied by the command table with scripted dice.

#![allow(dead_code)]

use grognard_engine::{ApplyError, Event, ScriptedDice};
use grognard_fnc::ctx::DataTexts;
use grognard_fnc::{position, Command, Ctx, Game, Side, State};

/// The EC test strip (tests/fixtures/logistics_ec_*.txt) with EC's charts.
pub fn ec() -> Ctx {
    Ctx::parse(
        Game::Ec,
        DataTexts {
            map: include_str!("../fixtures/logistics_ec_map.txt"),
            counters: include_str!("../fixtures/logistics_ec_counters.txt"),
            charts: include_str!("../../data/ec/charts.txt"),
            historical: None,
        },
    )
    .expect("the EC logistics fixtures parse")
}

/// The RSW test corner (tests/fixtures/logistics_rsw_*.txt) with RSW's charts.
pub fn rsw() -> Ctx {
    Ctx::parse(
        Game::Rsw,
        DataTexts {
            map: include_str!("../fixtures/logistics_rsw_map.txt"),
            counters: include_str!("../fixtures/logistics_rsw_counters.txt"),
            charts: include_str!("../../data/rsw/charts.txt"),
            historical: None,
        },
    )
    .expect("the RSW logistics fixtures parse")
}

/// RSW's own data files (map, counters, charts), without the historical set-up.
pub fn rsw_game_data() -> Ctx {
    Ctx::parse(
        Game::Rsw,
        DataTexts {
            map: include_str!("../../data/rsw/map.txt"),
            counters: include_str!("../../data/rsw/counters.txt"),
            charts: include_str!("../../data/rsw/charts.txt"),
            historical: None,
        },
    )
    .expect("the RSW data parse")
}

/// A position of `ctx`'s game from the lines after the header and the game line.
pub fn position(ctx: &Ctx, body: &str) -> State {
    let text = format!("fnc-position 1\ngame {}\n{body}", ctx.game.id());
    match position::parse(ctx, &text) {
        Ok(s) => s,
        Err(e) => panic!("bad test position: {e}\n{text}"),
    }
}

/// `ctx` with its position on game turn `turn`, in `phase`, `phasing` moving (both written as
/// the position format writes them), with the lines of `body`.
pub fn in_phase(ctx: Ctx, turn: u8, phase: &str, phasing: &str, body: &str) -> (Ctx, State) {
    let state = position(&ctx, &format!("turn {turn}\nphase {phase}\nphasing {phasing}\n{body}"));
    (ctx, state)
}

/// The result of a command: the next state and its events.
pub struct Outcome {
    pub state: State,
    pub events: Vec<Event>,
    /// How many dice faces were used.
    pub used: usize,
}

impl Outcome {
    /// All event texts, one a line.
    pub fn text(&self) -> String {
        self.events.iter().map(|e| e.text.clone()).collect::<Vec<_>>().join("\n")
    }
}

/// Apply a typed command of `side` by the row of the command table that takes it, with
/// these dice (without the settling the ruleset does after a command).
pub fn run(ctx: &Ctx, state: &State, side: Side, command: &str, faces: &[u32]) -> Result<Outcome, ApplyError> {
    let command = Command::parse(command).map_err(ApplyError::Rule)?;
    let mut dice = ScriptedDice::new(faces);
    let mut log = Vec::new();
    let next = grognard_fnc::table::apply(ctx, state, side, &command, &mut dice, &mut log)?;
    Ok(Outcome { state: next, events: log, used: dice.used() })
}

/// Like [`run`], but the command must succeed.
pub fn ok(ctx: &Ctx, state: &State, side: Side, command: &str, faces: &[u32]) -> Outcome {
    match run(ctx, state, side, command, faces) {
        Ok(o) => o,
        Err(e) => panic!("`{command}` refused: {e}"),
    }
}

/// The rule number a refused command cites.
pub fn refused_rule(ctx: &Ctx, state: &State, side: Side, command: &str, faces: &[u32]) -> String {
    match run(ctx, state, side, command, faces) {
        Err(ApplyError::Rule(e)) => e.rule,
        Err(ApplyError::NeedDice) => "need-dice".to_string(),
        Ok(_) => panic!("`{command}` was accepted"),
    }
}

/// Where a unit is, as the position format writes it.
pub fn at(state: &State, unit: &str) -> grognard_fnc::Location {
    state.units.get(unit).cloned().unwrap_or_else(|| panic!("no unit {unit}"))
}

pub fn hex(text: &str) -> grognard_board::HexId {
    grognard_board::HexId::parse(text).expect("a hex number")
}

pub const FR: Side = Side::First;
pub const OT: Side = Side::Second;
pub const RU: Side = Side::First;
pub const SW: Side = Side::Second;
