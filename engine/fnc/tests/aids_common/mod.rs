//! Shared set-up of the play-aid tests: the tiny aids map (fixtures/aids_map.txt) with the
//! EC counters and charts, and positions on it.
#![allow(dead_code)]

use grognard_fnc::ctx::DataTexts;
use grognard_fnc::{position, Ctx, Game, State};
use std::sync::OnceLock;

pub fn ctx() -> &'static Ctx {
    static CTX: OnceLock<Ctx> = OnceLock::new();
    CTX.get_or_init(|| {
        Ctx::parse(
            Game::Ec,
            DataTexts {
                map: include_str!("../fixtures/aids_map.txt"),
                counters: include_str!("../../data/ec/counters.txt"),
                charts: include_str!("../../data/ec/charts.txt"),
                historical: None,
            },
        )
        .unwrap_or_else(|e| panic!("test data: {e}"))
    })
}

/// A French player turn of game turn `turn` in `phase`, with the position lines `units`.
pub fn position_at(turn: u8, phase: &str, units: &str) -> State {
    let text = format!("fnc-position 1\ngame ec\nturn {turn}\nphase {phase}\nphasing french\n{units}\n");
    position::parse(ctx(), &text).unwrap_or_else(|e| panic!("position: {e}"))
}
