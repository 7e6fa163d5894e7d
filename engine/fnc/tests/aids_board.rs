//! The `hex`, `units` and `charts` aids on hand-checked positions: the tiny aids map
//! (fixtures/aids_map.txt) and the EC charts.

use crate::aids_common;

use aids_common::ctx;
use grognard_engine::AidQuery;
use grognard_fnc::{aids, State};

fn position_at(turn: u8, extra: &str) -> State {
    aids_common::position_at(turn, "movement", extra)
}

fn ask(state: &State, q: AidQuery) -> serde_json::Value {
    aids::answer(ctx(), state, &q).unwrap_or_else(|e| panic!("{q:?}: {e}")).json
}

#[test]
fn hex_9_12_units_terrain_hexsides_locale_and_fortress() {
    let s = position_at(4, "hex 1010: fr-1-1 fr-1-2");
    let h = ask(&s, AidQuery::Hex { hex: "1010".into() });
    assert_eq!(h["terrain"], "clear");
    assert_eq!(h["locale"]["name"], "Testburg");
    assert_eq!(h["fortress"], "intact");
    assert_eq!(h["control"], "french");
    assert_eq!(h["stacking_limit"], 12, "7.1: an intact fortress holds 12");
    let units: Vec<&str> = h["units"].as_array().unwrap().iter().map(|u| u["id"].as_str().unwrap()).collect();
    assert_eq!(units, ["fr-1-1", "fr-1-2"]);
    assert_eq!(h["units"][0]["factors"], "5-6");
    // 1010 touches 1011 and 1110 on the map; the lake hexside is toward 1110 (9.12).
    let sides = h["hexsides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    let lake: Vec<&serde_json::Value> = sides.iter().filter(|s| s["barrier"] == "lake").collect();
    assert_eq!(lake.len(), 1);
    assert_eq!(lake[0]["to"], "1110");
    let nile = ask(&s, AidQuery::Hex { hex: "1211".into() });
    assert!(nile["hexsides"].as_array().unwrap().iter().any(|s| s["barrier"] == "river" && s["water"] == "Nile"));
    assert_eq!(nile["terrain"], "desert");
    assert_eq!(nile["units"].as_array().unwrap().len(), 0);
}

#[test]
fn hex_2_2_off_the_map_is_refused() {
    let s = position_at(4, "hex 1010: fr-1-1");
    for bad in ["0505", "12", "abcd"] {
        let e = aids::answer(ctx(), &s, &AidQuery::Hex { hex: bad.into() }).expect_err("not a hex of the map");
        assert!(e.rule == "2.2" || e.rule == "input", "{bad}: {e}");
    }
}

#[test]
fn units_8_0_every_unit_of_a_side_is_listed_once_where_it_is() {
    let s = position_at(4, "hex 1010: fr-1-1\nhex 1311: ot-jn-1");
    let all = ask(&s, AidQuery::Units { side: Some("french".into()) });
    assert_eq!(all["sides"].as_array().unwrap().len(), 1);
    let french = &all["sides"][0];
    let in_state = s.units.keys().filter(|u| ctx().side_of(u) == Some(grognard_fnc::Side::First)).count();
    assert_eq!(french["count"], in_state);
    let listed: usize = french["groups"].as_array().unwrap().iter().map(|g| g["units"].as_array().unwrap().len()).sum();
    assert_eq!(listed, in_state);
    assert_eq!(french["groups"][0]["where"], "hex 1010");
    assert_eq!(french["groups"][0]["units"][0]["id"], "fr-1-1");
    let both = ask(&s, AidQuery::Units { side: None });
    assert_eq!(both["sides"].as_array().unwrap().len(), 2);
    assert_eq!(both["sides"][1]["groups"][0]["where"], "hex 1311");
    assert_eq!(
        aids::answer(ctx(), &s, &AidQuery::Units { side: Some("prussian".into()) }).expect_err("no side").rule,
        "input"
    );
}

fn row<'a>(charts: &'a serde_json::Value, table: &str, key: &str, name: &str) -> &'a serde_json::Value {
    charts[table].as_array().unwrap().iter().find(|r| r[key] == name).unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn charts_9_16_9_17_seasonal_costs_in_force_this_turn() {
    // Turn 2: the Nile in flood (+2); turn 4: +1 (9.16). Turn 10: summer, desert 4 (9.17).
    let flood = ask(&position_at(2, "hex 1010: fr-1-1"), AidQuery::Charts);
    let dry = ask(&position_at(4, "hex 1010: fr-1-1"), AidQuery::Charts);
    let summer = ask(&position_at(10, "hex 1010: fr-1-1"), AidQuery::Charts);
    assert_eq!(row(&flood, "hexsides", "hexside", "river:Nile")["crossing"], "2");
    assert_eq!(row(&dry, "hexsides", "hexside", "river:Nile")["crossing"], "1");
    assert_eq!(row(&dry, "hexsides", "hexside", "lake")["crossing"], "3");
    assert_eq!(row(&dry, "terrain", "terrain", "desert")["entry"], "2");
    assert_eq!(row(&summer, "terrain", "terrain", "desert")["entry"], "4");
    assert_eq!(row(&dry, "terrain", "terrain", "hills")["shift"], -2);
    assert_eq!(flood["turn"]["nile_flood"], true);
    // The CRT as the data file prints it: <=49 with a 6 is AES (11.2).
    assert_eq!(dry["crt"]["columns"][0], "<=49");
    assert_eq!(dry["crt"]["rows"][5]["results"][0], "AES");
    assert_eq!(dry["crt"]["rows"].as_array().unwrap().len(), 6);
}
