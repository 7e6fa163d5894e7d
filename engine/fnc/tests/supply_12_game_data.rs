//! The supply rules against the games' own data files: the sources each side traces to, the
//! El Minya and Sveaborg restrictions found by name (12.6, 12.8), the Aland Isles and the
//! boxes, so that a change of the data that would silently switch a rule off is caught.

use grognard_board::HexId;
use grognard_fnc::supply::{self, Supplied};
use grognard_fnc::{Ctx, Game, Location, Side};

use crate::logistics_common;
use logistics_common::{position as state, rsw_game_data as rsw};

fn h(text: &str) -> HexId {
    HexId::parse(text).expect("a hex")
}

fn ec() -> &'static Ctx {
    Ctx::embedded(Game::Ec).expect("the EC data parse")
}

#[test]
fn rule_12_5_12_6_sources_of_the_ec_map_and_the_el_minya_border_rule() {
    let ctx = ec();
    let s = state(ctx, "turn 3\nphase supply\nphasing ottoman\n");
    let (french, _) = supply::source_lines(ctx, &s, Side::First);
    assert_eq!(french.iter().map(|l| l.hex).collect::<Vec<_>>(), vec![h("1127")]);
    let (ottoman, _) = supply::source_lines(ctx, &s, Side::Second);
    let minya: Vec<HexId> = ottoman.iter().filter(|l| l.no_border_crossing).map(|l| l.hex).collect();
    assert_eq!(minya, vec![h("1444")], "only El Minya's lines stop at the border");
    assert_eq!(ottoman.len(), 5);
    for b in ["anatolia", "upper-egypt"] {
        assert_eq!(supply::check(ctx, &s, Side::Second, &Location::Box(b.into()), false), Ok(Supplied::Box(b.into())));
    }
}

#[test]
fn rule_12_8_sveaborg_and_the_aland_isles_on_the_rsw_map() {
    let ctx = rsw();
    let s = state(&ctx, "turn 3\nphase supply\nphasing swedish\nhex 1202: sw-sk\n");
    let (swedish, _) = supply::source_lines(&ctx, &s, Side::Second);
    let sveaborg: Vec<HexId> = swedish.iter().filter(|l| l.landward_entry_only).map(|l| l.hex).collect();
    assert_eq!(sveaborg, vec![h("1210")]);
    assert_eq!(ctx.map.landward_neighbours(h("1210")), vec![h("1309")], "errata 6A");
    let cut = state(&ctx, "turn 3\nphase supply\nphasing swedish\neffect naval-victory russian\n");
    let (swedish, _) = supply::source_lines(&ctx, &cut, Side::Second);
    assert!(swedish.iter().any(|l| l.hex == h("1210") && l.cut_from_outside));
    // Marienhamm (1202) is the Aland Isles' town.
    let aland =
        state(&ctx, "turn 3\nphase supply\nphasing swedish\nhex 1202: sw-sk\ncontrol swedish: 1210 1708 3510 3808\n");
    assert!(supply::check(&ctx, &aland, Side::Second, &Location::Hex(h("1202")), true).is_ok());
}
