//! Supply lines (12.2-12.6, 12.9) on the EC test strip: road paths of any length, off-road
//! legs of at most ten hexes, enemy units, water, captured sources, El Minya's border rule,
//! the Ottoman boxes and the Ottoman ports after British intervention.

use crate::logistics_common;

use grognard_fnc::supply::{self, Supplied};
use grognard_fnc::{Location, Side, State};
use logistics_common::*;

fn check(ctx: &grognard_fnc::Ctx, state: &State, side: Side, h: &str) -> Result<Supplied, supply::Unsupplied> {
    supply::check(ctx, state, side, &Location::Hex(hex(h)), false)
}

fn line(result: Result<Supplied, supply::Unsupplied>) -> supply::Line {
    match result {
        Ok(Supplied::Line(l)) => l,
        other => panic!("expected a supply line, got {other:?}"),
    }
}

const SUPPLY: &str = "turn 3\nphase supply\nphasing french\n";

#[test]
fn rule_12_2_road_path_of_any_length_reaches_the_source() {
    let ctx = ec();
    let state = position(&ctx, &format!("{SUPPLY}hex 2403: fr-1-1\n"));
    let l = line(check(&ctx, &state, FR, "2403"));
    assert_eq!(l.source, hex("0202"));
    assert_eq!(l.off_road, 0, "all of it along the road");
    assert_eq!(l.hexes.first(), Some(&hex("2403")));
    assert_eq!(l.hexes.last(), Some(&hex("0202")));
    assert!(l.hexes.len() > 20, "far beyond ten hexes: {:?}", l.hexes);
    for pair in l.hexes.windows(2) {
        assert!(ctx.map.road_between(pair[0], pair[1]), "{} to {} is not along the road", pair[0], pair[1]);
    }
}

#[test]
fn rule_12_2_enemy_units_on_the_road_cut_the_line() {
    let ctx = ec();
    let state = position(&ctx, &format!("{SUPPLY}hex 2403: fr-1-1\nhex 1803: fr-1-2\nhex 1203: ot-jn-1\n"));
    // 13 hexes from the nearest road hex still joined to Alexandria: out of supply.
    let why = check(&ctx, &state, FR, "2403").expect_err("the road is cut at Cairo");
    assert!(why.reasons.iter().any(|r| r.contains("12.2") && r.contains("12.3")), "{:?}", why.reasons);
    // Seven hexes from the road west of Cairo: an off-road leg around the enemy works.
    let l = line(check(&ctx, &state, FR, "1803"));
    assert!(l.off_road > 0 && l.off_road <= 10);
    assert!(!l.hexes.contains(&hex("1203")), "the line avoids the enemy: {:?}", l.hexes);
}

#[test]
fn rule_12_3_off_road_leg_at_most_ten_hexes() {
    let ctx = ec();
    let state = position(&ctx, &format!("{SUPPLY}hex 0213: fr-1-1\nhex 0214: fr-1-2\n"));
    let l = line(check(&ctx, &state, FR, "0213"));
    assert_eq!(l.off_road, 10);
    assert!(ctx.map.is_road_hex(l.hexes[10]), "the leg ends on a road hex");
    assert!(check(&ctx, &state, FR, "0214").is_err(), "eleven hexes from any road");
}

#[test]
fn rule_12_3_direct_line_to_a_source_off_the_road() {
    let ctx = ec();
    // Every Ottoman source but El Minya (off the road) is in French hands.
    let state =
        position(&ctx, "turn 3\nphase supply\nphasing ottoman\nhex 1810: ot-jn-1\ncontrol french: 1203 2502 2805\n");
    let l = line(check(&ctx, &state, OT, "1810"));
    assert_eq!(l.source, hex("1806"));
    assert_eq!(l.hexes.len() - 1, l.off_road, "straight to the source");
    assert_eq!(l.off_road, 4);
}

#[test]
fn rule_12_3_water_hexes_block_lines_and_lake_hexsides_do_not() {
    let ctx = ec();
    let state = position(&ctx, &format!("{SUPPLY}hex 2612: fr-1-1\nhex 0510: fr-1-2\n"));
    assert!(check(&ctx, &state, FR, "2612").is_err(), "an island ringed by sea hexes");
    let l = line(check(&ctx, &state, FR, "0510"));
    assert!(l.off_road >= 1);
}

#[test]
fn rule_12_9_captured_source_supplies_neither_side() {
    let ctx = ec();
    let body = "turn 3\nphase supply\nphasing ottoman\nhex 1204: ot-jn-1\nhex 1903: fr-1-1\nhex 0803: ot-jn-2\n\
                control french: 1203 1806 2502 2805\n";
    let state = position(&ctx, body);
    assert!(check(&ctx, &state, OT, "1204").is_err(), "Cairo is in French hands: no Ottoman supply there");
    let why = check(&ctx, &state, OT, "1204").expect_err("out of supply");
    assert!(why.reasons.iter().any(|r| r.contains("12.9")), "{:?}", why.reasons);
    // The French do not trace to captured Cairo: their road to Alexandria is cut at 0803.
    assert!(check(&ctx, &state, FR, "1903").is_err(), "a captured source never supplies the captor");
    // Retaken by the Ottomans, Cairo supplies them again at once.
    let mut retaken = state.clone();
    retaken.control.insert(hex("1203"), OT);
    assert_eq!(line(check(&ctx, &retaken, OT, "1204")).source, hex("1203"));
}

#[test]
fn rule_12_6_el_minya_lines_do_not_cross_the_syria_palestine_border() {
    let ctx = ec();
    let body = "turn 3\nphase supply\nphasing ottoman\nhex 2206: ot-jn-1\nhex 2006: ot-jn-2\n\
                control french: 1203 2502 2805\n";
    let state = position(&ctx, body);
    assert!(check(&ctx, &state, OT, "2206").is_err(), "four hexes from El Minya, but across the border");
    assert_eq!(line(check(&ctx, &state, OT, "2006")).source, hex("1806"));
    // Lines to the other sources may cross the border.
    let mut damascus = state.clone();
    damascus.control.insert(hex("1203"), OT);
    let l = line(check(&ctx, &damascus, OT, "2206"));
    assert_eq!(l.source, hex("1203"));
}

#[test]
fn rule_12_6_ottoman_units_in_the_boxes_are_always_in_supply() {
    let ctx = ec();
    let state = position(
        &ctx,
        "turn 3\nphase supply\nphasing ottoman\nbox anatolia: ot-jn-1\ncontrol french: 1203 1806 2502 2805\n",
    );
    for b in ["anatolia", "upper-egypt"] {
        let got = supply::check(&ctx, &state, OT, &Location::Box(b.into()), false);
        assert_eq!(got, Ok(Supplied::Box(b.into())));
    }
}

#[test]
fn rule_12_6_ottoman_ports_supply_after_british_intervention() {
    let ctx = ec();
    let body = "turn 3\nphase supply\nphasing ottoman\nhex 1502: ot-jn-1\ncontrol french: 1203 1806 2502 2805\n";
    let before = position(&ctx, body);
    assert!(check(&ctx, &before, OT, "1502").is_err(), "no port supply before the British intervene");
    let after = position(&ctx, &format!("{body}effect british-intervention\n"));
    assert_eq!(check(&ctx, &after, OT, "1502"), Ok(Supplied::InterventionPort));
    // The French conduct no naval operations (10.4): a port gives them nothing.
    let french = position(&ctx, &format!("{SUPPLY}hex 1502: fr-1-1\nhex 0803: ot-jn-1\nhex 0903: ot-jn-2\n"));
    assert!(matches!(check(&ctx, &french, FR, "1502"), Ok(Supplied::Line(_))), "by land, not by the port");
}

#[test]
fn rule_12_10_a_fortress_port_taken_by_storm_is_still_a_port_and_a_source() {
    let ctx = ec();
    let body = "turn 3\nphase supply\nphasing ottoman\nhex 2504: ot-jn-1\nfort-destroyed: 2502\ncontrol french: 1203 1806 2805\n";
    let stormed = position(&ctx, body);
    assert_eq!(line(check(&ctx, &stormed, OT, "2504")).source, hex("2502"), "Jaffa still a source (13.4)");
    let port = position(&ctx, &format!("{body}hex 2502: ot-jn-2\neffect british-intervention\n"));
    assert_eq!(check(&ctx, &port, OT, "2502"), Ok(Supplied::InterventionPort), "and still a port");
}
