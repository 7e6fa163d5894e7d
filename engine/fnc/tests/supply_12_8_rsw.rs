//! RSW supply (12.4, 12.7, 12.8; 6.4 event 2) on the RSW test corner: Sveaborg's channel,
//! Sveaborg after a Russian naval victory, the Aland Isles, port supply on the waters of a
//! side's naval operations and its loss in the Gulf of Finland.

use crate::logistics_common;

use grognard_fnc::supply::{self, Supplied};
use grognard_fnc::{Location, Side, State};
use logistics_common::*;

fn check(ctx: &grognard_fnc::Ctx, state: &State, side: Side, h: &str) -> Result<Supplied, supply::Unsupplied> {
    supply::check(ctx, state, side, &Location::Hex(hex(h)), false)
}

#[test]
fn rule_12_8_sveaborg_lines_cross_only_its_channel_hexside() {
    let ctx = rsw();
    let state = position(&ctx, "turn 3\nphase supply\nphasing swedish\nhex 1409: sw-sk\ncontrol russian: 1406\n");
    match check(&ctx, &state, SW, "1409") {
        Ok(Supplied::Line(l)) => {
            assert_eq!(l.source, hex("1210"));
            assert_eq!(l.hexes, vec![hex("1409"), hex("1309"), hex("1210")]);
        }
        other => panic!("expected a line to Sveaborg, got {other:?}"),
    }
    assert_eq!(ctx.map.landward_neighbours(hex("1210")), vec![hex("1309")]);
}

#[test]
fn rule_12_8_after_a_russian_naval_victory_sveaborg_supplies_only_itself() {
    let ctx = rsw();
    let body = "turn 3\nphase supply\nphasing swedish\nhex 1409: sw-sk\nhex 1210: sw-ost\ncontrol russian: 1406\n\
                effect naval-victory russian\n";
    let state = position(&ctx, body);
    let why = check(&ctx, &state, SW, "1409").expect_err("Sveaborg is cut off");
    assert!(why.reasons.iter().any(|r| r.contains("12.8")), "{:?}", why.reasons);
    assert!(matches!(check(&ctx, &state, SW, "1210"), Ok(Supplied::Line(l)) if l.hexes == vec![hex("1210")]));
}

#[test]
fn rule_12_8_aland_isles_in_supply_while_marienhamm_is_swedish() {
    let ctx = rsw();
    let body = "turn 3\nphase supply\nphasing swedish\nhex 1007: sw-sk\n";
    let state = position(&ctx, body);
    assert!(matches!(check(&ctx, &state, SW, "1007"), Ok(Supplied::Islands { region }) if region.starts_with("Aland")));
    let taken = position(&ctx, &format!("{body}control russian: 1006\n"));
    assert!(check(&ctx, &taken, SW, "1007").is_err(), "Marienhamm in Russian hands");
}

#[test]
fn rule_12_4_port_supply_on_the_waters_of_the_sides_naval_operations() {
    let ctx = rsw();
    let body =
        "phase supply\nphasing swedish\nhex 1206: sw-sk\neliminated: sw-fort-sveaborg\ncontrol russian: 1210 1406\n";
    let spring = position(&ctx, &format!("turn 2\n{body}"));
    assert_eq!(check(&ctx, &spring, SW, "1206"), Ok(Supplied::Port { water: "Gulf of Bothnia".into() }));
    // 10.5: no naval operations in the winter turn, so no port supply.
    let winter = position(&ctx, &format!("turn 1\n{body}"));
    assert!(check(&ctx, &winter, SW, "1206").is_err());
}

#[test]
fn rule_6_4_naval_victory_loser_loses_port_supply_in_the_gulf_of_finland() {
    let ctx = rsw();
    let body = "turn 3\nphase supply\nphasing swedish\nhex 1309: sw-sk\nhex 1206: sw-ost\neliminated: sw-fort-sveaborg\ncontrol russian: 1210 1406\n";
    let before = position(&ctx, body);
    assert_eq!(check(&ctx, &before, SW, "1309"), Ok(Supplied::Port { water: "Gulf of Finland".into() }));
    let after = position(&ctx, &format!("{body}effect naval-victory russian\n"));
    assert!(check(&ctx, &after, SW, "1309").is_err(), "the Gulf of Finland is lost");
    assert_eq!(check(&ctx, &after, SW, "1206"), Ok(Supplied::Port { water: "Gulf of Bothnia".into() }));
}

#[test]
fn rule_12_7_russian_units_in_their_box_are_in_supply() {
    let ctx = rsw();
    let state =
        position(&ctx, "turn 3\nphase supply\nphasing russian\nbox russian: ru-5-1\ncontrol swedish: 1606 1612\n");
    assert_eq!(
        supply::check(&ctx, &state, RU, &Location::Box("russian".into()), false),
        Ok(Supplied::Box("russian".into()))
    );
}
