//! Set-up (3.0): who sets up first, where each set-up code may go, and the end of set-up.

use crate::core_common;

use core_common::{cmd, ec, refused};
use grognard_board::HexId;
use grognard_engine::PlayerId;
use grognard_fnc::setup::{initial_state, unplaced};
use grognard_fnc::{Location, Phase, Side, State};

fn start() -> State {
    initial_state(ec(), [PlayerId(0), PlayerId(1)])
}

fn place_all_french(s: &State) -> State {
    let ctx = ec();
    let mut s = s.clone();
    let hexes = [
        "1127", "1127", "1127", "1127", "1127", "1127", "1127", "1127", "1127", "1127", "1127", "1028", "1028", "1028",
        "1028", "1028", "1227", "1227",
    ];
    for (unit, hex) in unplaced(ctx, &s, Side::First).into_iter().zip(hexes.iter().cycle()) {
        s = cmd(ctx, &s, Side::First, &format!("place {unit} {hex}"));
    }
    s
}

#[test]
fn rule_3_1_french_set_up_first() {
    let s = start();
    assert_eq!(s.phase, Phase::Setup(Side::First));
    assert_eq!(refused(ec(), &s, Side::Second, "place ot-mm-1 1329"), "5.1");
}

#[test]
fn rule_3_1_garrison_starts_in_alexandria_and_start_units_wait() {
    let s = start();
    assert_eq!(s.location("fr-fort"), Some(&Location::Hex(HexId::parse("1127").unwrap())));
    assert_eq!(s.location("fr-1-1"), Some(&Location::ToPlace));
    assert_eq!(s.location("fr-gb"), Some(&Location::Pool), "8.4: reinforcements go to the cup");
}

#[test]
fn rule_3_1_french_start_units_only_in_the_three_start_hexes() {
    let ctx = ec();
    let s = start();
    assert_eq!(refused(ctx, &s, Side::First, "place fr-1-1 1128"), "3.1");
    cmd(ctx, &s, Side::First, "place fr-1-1 1028");
}

#[test]
fn rule_3_1_start_hexes_within_normal_stacking() {
    let ctx = ec();
    let mut s = start();
    for u in ["fr-1-1", "fr-1-2", "fr-2-1", "fr-2-2", "fr-3-1", "fr-3-2"] {
        s = cmd(ctx, &s, Side::First, &format!("place {u} 1028"));
    }
    assert_eq!(refused(ctx, &s, Side::First, "place fr-4-1 1028"), "7.1");
}

#[test]
fn rule_3_1_set_up_ends_only_with_every_start_unit_placed() {
    let ctx = ec();
    let s = start();
    assert_eq!(refused(ctx, &s, Side::First, "end"), "3.1");
    let s = place_all_french(&s);
    let s = cmd(ctx, &s, Side::First, "end");
    assert_eq!(s.phase, Phase::Setup(Side::Second));
}

#[test]
fn rule_3_2_start_egypt_in_towns_of_egypt_two_a_hex() {
    let ctx = ec();
    let s = cmd(ctx, &place_all_french(&start()), Side::First, "end");
    let s = cmd(ctx, &s, Side::Second, "place ot-mm-1 1329");
    let s = cmd(ctx, &s, Side::Second, "place ot-mm-2 1329");
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-mm-3 1329"), "3.2");
    // Not in open country, not in Syria-Palestine, not where the French are.
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-mm-3 1229"), "3.2");
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-mm-3 1630"), "3.2");
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-mm-3 1028"), "3.2");
}

#[test]
fn rule_3_2_start_sp_in_towns_of_syria_palestine_fortresses_allowed() {
    let ctx = ec();
    let s = cmd(ctx, &place_all_french(&start()), Side::First, "end");
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-se-1 1329"), "3.2");
    let s = cmd(ctx, &s, Side::Second, "place ot-se-1 1628");
    assert_eq!(s.location("ot-se-1"), Some(&Location::Hex(HexId::parse("1628").unwrap())));
}

#[test]
fn rule_3_2_towns_of_egypt_fill_up_two_by_two() {
    let ctx = ec();
    let mut s = cmd(ctx, &place_all_french(&start()), Side::First, "end");
    let places = [
        ("ot-mm-1", "1329"),
        ("ot-mm-2", "1329"),
        ("ot-mm-3", "1430"),
        ("ot-mm-4", "1430"),
        ("ot-jn-1", "1426"),
        ("ot-jn-2", "1426"),
    ];
    for (u, h) in places {
        s = cmd(ctx, &s, Side::Second, &format!("place {u} {h}"));
    }
    // Three Bedouin left and only full towns in Egypt: the map is too small for them all,
    // so this test checks the refusal and stops here.
    assert_eq!(refused(ctx, &s, Side::Second, "place ot-be-1 1329"), "3.2");
    assert_eq!(refused(ctx, &s, Side::Second, "end"), "3.2");
}

#[test]
fn rule_3_1_legal_set_up_commands_are_all_accepted() {
    let ctx = ec();
    let s = start();
    let legal = grognard_fnc::table::commands(ctx, &s, Side::First);
    assert!(legal.iter().any(|c| c.to_string() == "place fr-1-1 1028"), "{legal:?}");
    assert!(!legal.iter().any(|c| c.to_string() == "end"), "not before every unit is placed");
    for c in legal {
        core_common::try_cmd(ctx, &s, Side::First, &c.to_string(), &[]).unwrap_or_else(|e| panic!("`{c}`: {e}"));
    }
}

#[test]
fn rule_3_1_historical_places_what_is_left_and_is_refused_once_nothing_is() {
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap_or_else(|e| panic!("{e}"));
    let s = initial_state(ctx, [PlayerId(0), PlayerId(1)]);
    let s = cmd(ctx, &s, Side::First, "place fr-1-1 1028");
    let s = cmd(ctx, &s, Side::First, "historical");
    assert!(unplaced(ctx, &s, Side::First).is_empty(), "the rest stand where they stood historically");
    assert_eq!(refused(ctx, &s, Side::First, "historical"), "3.1", "a second `historical` would change nothing");
    let legal = grognard_fnc::table::commands(ctx, &s, Side::First);
    assert!(!legal.iter().any(|c| c.to_string() == "historical"), "{legal:?}");
    assert!(legal.iter().any(|c| c.to_string() == "end"), "{legal:?}");
}
