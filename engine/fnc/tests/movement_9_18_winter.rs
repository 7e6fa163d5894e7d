//! The RSW winter turn (9.18) on the game's own map: lakes and channels frozen.

use grognard_board::{HexId, Terrain, WaterKind};
use grognard_engine::{ApplyError, ScriptedDice};
use grognard_fnc::position::parse;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{Command, Ctx, Game, Side, State};

fn rsw() -> &'static Ctx {
    Ctx::embedded(Game::Rsw).expect("RSW data")
}

fn russian_at(turn: u8, hex: HexId, unit: &str) -> State {
    let text = format!("fnc-position 1\ngame rsw\nturn {turn}\nphase movement\nphasing russian\nhex {hex}: {unit}\n");
    parse(rsw(), &text).expect("position")
}

fn try_move(state: &State, text: &str) -> Result<State, ApplyError> {
    let mut dice = ScriptedDice::new(&[]);
    apply_command(rsw(), state, Side::First, &Command::parse(text).expect("command"), &mut dice).map(|a| a.state)
}

fn lake_hex(ctx: &Ctx, h: HexId) -> bool {
    matches!(ctx.map.terrain(h), Some(Terrain::Water(w)) if ctx.map.water(w).kind == WaterKind::Lake)
}

#[test]
fn rule_9_18_lake_hexsides_cost_nothing_extra_in_winter() {
    let ctx = rsw();
    let (a, b) = (HexId::parse("1516").unwrap(), HexId::parse("1417").unwrap());
    assert!(!ctx.map.hexside(a, b).road, "the test needs an unbridged lake hexside");
    let spent = |turn| {
        let s = try_move(&russian_at(turn, a, "ru-5-cav"), &format!("move ru-5-cav {b}")).expect("move");
        s.book.moved["ru-5-cav"].spent
    };
    assert_eq!(spent(3) - spent(1), 6, "3 MP for the lake hexside in summer, none in winter");
}

#[test]
fn rule_9_18_frozen_lake_hexes_are_crossed_but_never_ended_in() {
    let ctx = rsw();
    // A lake hex with two land neighbours.
    let (lake, from, to) = ctx
        .map
        .hexes()
        .filter(|h| lake_hex(ctx, *h))
        .find_map(|l| {
            let land: Vec<HexId> = l.neighbours().map(|(_, n)| n).filter(|n| ctx.map.is_land(*n)).collect();
            (land.len() >= 2).then(|| (l, land[0], land[1]))
        })
        .expect("a lake hex on the shore");
    let winter = russian_at(1, from, "ru-c-1");
    let crossed = try_move(&winter, &format!("move ru-c-1 {lake} {to}")).expect("crossing the ice");
    assert_eq!(crossed.location("ru-c-1").and_then(|l| l.hex()), Some(to));
    match try_move(&winter, &format!("move ru-c-1 {lake}")) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "9.18"),
        other => panic!("ending on the ice was not refused: {other:?}"),
    }
    match try_move(&russian_at(3, from, "ru-c-1"), &format!("move ru-c-1 {lake} {to}")) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "9.9"),
        other => panic!("a summer lake was crossed: {other:?}"),
    }
}

#[test]
fn rule_16_0_q6_sveaborg_is_entered_only_across_its_channel() {
    let ctx = rsw();
    let sveaborg = HexId::parse("1210").unwrap();
    for n in sveaborg.neighbours().map(|(_, n)| n).filter(|n| ctx.map.is_land(*n)) {
        let s = russian_at(3, n, "ru-c-1");
        let result = try_move(&s, &format!("move ru-c-1 {sveaborg}"));
        if n.to_string() == "1309" {
            // The channel: no sea hexside, but the Swedish garrison holds the fortress.
            assert!(matches!(result, Err(ApplyError::Rule(ref e)) if e.rule == "9.4"), "{result:?}");
        } else {
            assert!(
                matches!(result, Err(ApplyError::Rule(ref e)) if e.rule == "9.12" || e.rule == "9.9"),
                "{n}: {result:?}"
            );
        }
    }
}
