//! Set-up of the Russo-Swedish War (4.0) on the game's own map: the Swedes first, their
//! "Start Any" units two a town or city of Finland, never in Sveaborg or Svartholma; then the
//! Russians anywhere inside Russia within the normal stacking limits (7.6).

use crate::core_common;

use core_common::{cmd, refused};
use grognard_board::HexId;
use grognard_engine::PlayerId;
use grognard_fnc::setup::{initial_state, unplaced};
use grognard_fnc::{Ctx, Game, Location, Phase, Side, State};

fn rsw() -> &'static Ctx {
    Ctx::embedded(Game::Rsw).unwrap_or_else(|e| panic!("{e}"))
}

fn start() -> State {
    initial_state(rsw(), [PlayerId(0), PlayerId(1)])
}

/// The Russian set-up, once the Swedes have set up historically.
fn russian_set_up() -> State {
    let ctx = rsw();
    let s = cmd(ctx, &start(), Side::Second, "historical");
    let s = cmd(ctx, &s, Side::Second, "end");
    assert_eq!(s.phase, Phase::Setup(Side::First));
    s
}

/// Land hexes of `region` that hold no locale.
fn open_country(region: &str) -> Vec<HexId> {
    let map = &rsw().map;
    map.land_hexes().filter(|h| map.region(*h) == Some(region) && map.locale(*h).is_none()).collect()
}

#[test]
fn rule_4_1_garrisons_and_the_sveaborg_brigades_stand_at_their_hexes() {
    let s = start();
    assert_eq!(s.phase, Phase::Setup(Side::Second), "the Swedes set up first");
    let at = |h: &str| Some(Location::Hex(HexId::parse(h).unwrap()));
    for (unit, hex) in [
        ("sw-fort-sveaborg", "1210"),
        ("sw-sb-1", "1210"),
        ("sw-sb-2", "1210"),
        ("sw-fort-svartholm", "1311"),
        ("sw-fort-hameenlinna", "1708"),
        ("sw-fort-oulu", "3510"),
        ("sw-fort-tornio", "3808"),
        ("ru-fort-stpete", "1318"),
        ("ru-fort-vyborg", "1515"),
    ] {
        assert_eq!(s.location(unit).cloned(), at(hex), "{unit}");
    }
    assert_eq!(s.location("sw-sk"), Some(&Location::ToPlace));
}

#[test]
fn rule_4_1_start_any_only_in_towns_and_cities_of_finland() {
    let ctx = rsw();
    let s = start();
    let field = open_country("Finland")[0];
    assert_eq!(refused(ctx, &s, Side::Second, &format!("place sw-sk {field}")), "4.1", "not a town");
    assert_eq!(refused(ctx, &s, Side::Second, "place sw-sk 1413"), "4.1", "Fredrikshamn is in Russia");
    cmd(ctx, &s, Side::Second, "place sw-sk 1505");
    assert_eq!(refused(ctx, &s, Side::First, "place ru-5-1 1505"), "5.1", "the Russians wait for the Swedes");
    assert_eq!(refused(ctx, &s, Side::Second, "end"), "4.1", "every start unit is set up first");
}

#[test]
fn rule_4_2_russians_set_up_anywhere_in_russia_within_normal_stacking() {
    let ctx = rsw();
    let s = russian_set_up();
    assert_eq!(refused(ctx, &s, Side::First, "place ru-5-1 1505"), "4.2", "Abo is in Finland");
    let field = open_country("Russia")[0];
    let mut s = cmd(ctx, &s, Side::First, &format!("place ru-5-1 {field}"));
    for u in ["ru-5-2", "ru-5-3", "ru-5-cav", "ru-17-1", "ru-17-2"] {
        s = cmd(ctx, &s, Side::First, &format!("place {u} {field}"));
    }
    assert_eq!(refused(ctx, &s, Side::First, &format!("place ru-17-3 {field}")), "7.1", "six a hex outside fortresses");
    // An intact fortress holds twelve (7.1): Fredrikshamn takes more than two, unlike 4.1.
    for u in ["ru-17-3", "ru-17-cav", "ru-21-1", "ru-21-2", "ru-21-3", "ru-21-cav", "ru-c-1"] {
        s = cmd(ctx, &s, Side::First, &format!("place {u} 1413"));
    }
    assert!(unplaced(ctx, &s, Side::First).iter().all(|u| u != "ru-c-1"));
}
