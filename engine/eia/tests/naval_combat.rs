//! Naval combat (6.2.4, 6.3): the attack, evasion, the wind gauge, the tables, harbour
//! defences, victory and political points, retreat and pursuit, consolidation; the worked
//! example of 6.3.3.4 and its continuation in 6.3.5.4.

use crate::naval_support;
use crate::support;

use grognard_eia::data::tables::Percent;
use grognard_eia::forces::Factors;
use grognard_eia::naval::combat::{combat_modifier, gauge_roll};
use grognard_eia::naval::Decision;
use grognard_eia::state::{Garrison, LeaderPlace};
use grognard_eia::{FactorKind, Power, State};
use naval_support::*;
use support::ctx;

/// The example's stacks: Great Britain with NELSON and three fleets of 20 ships in the
/// Channel, three French fleets with 31 ships in the Bay of Biscay; Great Britain's naval
/// phase.
fn example() -> State {
    let mut s = naval(Power::Britain);
    for f in ["br-fleet-1", "br-fleet-2", "br-fleet-3"] {
        fleet_at(&mut s, f, "britain", sea("channel"), 20);
    }
    nelson_with(&mut s, "br-fleet-1");
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 11);
    fleet_at(&mut s, "fr-fleet-2", "france", sea("bay-of-biscay"), 10);
    fleet_at(&mut s, "fr-fleet-3", "france", sea("bay-of-biscay"), 10);
    s
}

fn total(state: &State, fleets: &[&str]) -> u32 {
    fleets.iter().map(|f| u32::from(ships(state, f))).sum()
}

const BRITISH: [&str; 3] = ["br-fleet-1", "br-fleet-2", "br-fleet-3"];
const FRENCH: [&str; 3] = ["fr-fleet-1", "fr-fleet-2", "fr-fleet-3"];

/// The example up to the battle's end.
fn example_fought() -> State {
    let s = example();
    // Great Britain moves NELSON and its three fleets into the Bay of Biscay; France does not
    // intercept.
    let s = ok(&s, Power::Britain, "sail br-fleet-1 br-fleet-2 br-fleet-3 to bay-of-biscay", &[]);
    let s = ok(&s, Power::France, "intercept none", &[]);
    // The combat step: Great Britain attacks, France does not try to evade.
    let s = ok(&s, Power::Britain, "engage france at bay-of-biscay", &[]);
    assert_eq!(choice(&s).0, player(Power::France));
    // Wind gauge: Britain's 2 (+1 British fleet, +1 NELSON = 4), France's 5: France fires
    // first, a 5: 20% of 31 = 6; Britain's 54 reply with 2 + 1 = 3: 15% of 54 = 8.
    let (s, events) = try_do(&s, Power::France, "accept battle", &[2, 5, 5, 2]).unwrap_or_else(|e| panic!("{e:?}"));
    let battle = events
        .iter()
        .find(|e| e.data.get("kind").and_then(|k| k.as_str()) == Some("naval-battle"))
        .unwrap_or_else(|| panic!("no battle: {:?}", texts(&events)));
    assert_eq!(battle.data.get("lost"), Some(&serde_json::json!([6, 8])), "{}", battle.text);
    assert_eq!(battle.data.get("ships"), Some(&serde_json::json!([60, 31])), "{}", battle.text);
    assert_eq!(battle.data.get("winner"), Some(&serde_json::json!("britain")), "{}", battle.text);
    s
}

#[test]
fn r6_3_3_4_the_naval_combat_example() {
    let s = example_fought();
    assert_eq!(total(&s, &BRITISH), 54);
    assert_eq!(total(&s, &FRENCH), 23);
    // 6.3.4.2: +3 for three beaten fleets and +1 for NELSON; France -3.
    assert_eq!(political(&s, Power::Britain), 4);
    assert_eq!(political(&s, Power::France), -3);
    // R6.3.6: losses from the largest fleet first, so every fleet keeps ships.
    assert_eq!(BRITISH.map(|f| ships(&s, f)), [18, 18, 18]);
    assert_eq!(FRENCH.map(|f| ships(&s, f)), [7, 8, 8]);
}

#[test]
fn r6_3_5_4_the_example_goes_on_france_retreats_home_and_britain_blockades_it() {
    let s = example_fought();
    // France retreats to a nearby home port within seven points, or to sea.
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::France));
    for o in ["retreat fleets to nantes", "retreat fleets to brest", "retreat fleets to sea"] {
        assert!(options.contains(&o.to_string()), "{options:?}");
    }
    assert_eq!(refused(&s, Power::France, "retreat fleets to toulon").rule, "6.3.5.1");
    let s = ok(&s, Power::France, "retreat fleets to nantes", &[]);
    for f in FRENCH {
        assert_eq!(place_of(&s, f), Some(port("nantes")));
    }
    // Great Britain follows and blockades the port.
    assert_eq!(choice(&s).0, player(Power::Britain));
    let s = ok(&s, Power::Britain, "pursue fleets br-fleet-1 br-fleet-2 br-fleet-3", &[]);
    for f in BRITISH {
        assert_eq!(place_of(&s, f), Some(blockade("nantes")));
    }
    assert!(s.book.naval.decision.is_none());
    assert_eq!(s.leaders.get("nelson"), Some(&LeaderPlace::Fleet("br-fleet-1".into())));
}

#[test]
fn r6_3_5_1_1_the_loser_may_go_to_sea_where_the_victor_drives_it() {
    let s = example_fought();
    let s = ok(&s, Power::France, "retreat fleets to sea", &[]);
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::Britain));
    assert_eq!(
        options,
        ["drive fleets to channel", "drive fleets to coast-of-portugal", "drive fleets to north-atlantic"]
            .map(String::from)
            .to_vec()
    );
    let s = ok(&s, Power::Britain, "drive fleets to north-atlantic", &[]);
    for f in FRENCH {
        assert_eq!(place_of(&s, f), Some(sea("north-atlantic")));
    }
    assert!(s.book.naval.decision.is_none());
}

#[test]
fn r6_3_2_1_evasion_on_1_or_2_retreats_the_defender_without_political_points() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 15);
    let s = ok(&s, Power::Britain, "engage france at bay-of-biscay", &[]);
    assert_eq!(choice(&s).1, vec!["evade".to_string(), "accept battle".to_string()]);
    let t = ok(&s, Power::France, "evade", &[2]);
    assert!(matches!(t.book.naval.decision, Some(Decision::Retreat { .. })));
    assert_eq!((political(&t, Power::Britain), political(&t, Power::France)), (0, 0));
    let t = ok(&t, Power::France, "retreat fleets to nantes", &[]);
    assert_eq!(place_of(&t, "fr-fleet-1"), Some(port("nantes")));
    // 6.3.2: no other attack in that place this sequence.
    assert_eq!(
        refused(&ok(&t, Power::Britain, "pursue fleets none", &[]), Power::Britain, "engage france at bay-of-biscay")
            .rule,
        "6.3.1"
    );
    // A 3 fails: the battle is fought (gauge 1 + 1 against 1, Britain 7: 6 lost; France's 9
    // reply with a 1: 1).
    let t = ok(&s, Power::France, "evade", &[3, 1, 1, 6, 1]);
    assert_eq!((ships(&t, "br-fleet-1"), ships(&t, "fr-fleet-1")), (19, 9));
}

#[test]
fn r6_3_2_no_evasion_in_a_port_and_6_3_3_3_harbour_defences_fire_first() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("gulf-of-lion"), 20);
    fleet_at(&mut s, "fr-fleet-6", "france", port("toulon"), 15);
    s.garrisons.insert(
        "toulon".into(),
        Garrison { nation: "france".into(), factors: Factors::of(&[(FactorKind::Infantry, 2)]) },
    );
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to blockade:toulon toulon", &[]);
    // Harbour 25 fires a 6: 25% of 25 = 6; Britain's 14 (automatic gauge, 6.3.3.1) fire
    // 6 + 1: 30% of 14 = 4; France's 11 reply with a 1: 10% of 11 = 1.
    let charts = &ctx().charts;
    let pct = |die: i32| charts.naval_percentage(die).unwrap_or(Percent(0));
    let harbour = charts.casualties(pct(6), 25).unwrap_or(0);
    assert_eq!(harbour, 6);
    let (t, events) =
        try_do(&s, Power::Britain, "engage france at toulon", &[6, 6, 1]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((ships(&t, "br-fleet-1"), ships(&t, "fr-fleet-6")), (13, 11), "{:?}", texts(&events));
    // France lost fewer and wins; the attacker falls back to the box whatever the result
    // (6.3.5.2), the defender stays in port.
    assert_eq!((political(&t, Power::Britain), political(&t, Power::France)), (-1, 1));
    assert_eq!(place_of(&t, "br-fleet-1"), Some(blockade("toulon")));
    assert_eq!(place_of(&t, "fr-fleet-6"), Some(port("toulon")));
    assert!(t.book.naval.decision.is_none());
}

#[test]
fn r6_3_4_1_a_side_sunk_with_fewer_losses_draws() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("gulf-of-lion"), 20);
    fleet_at(&mut s, "fr-fleet-6", "france", port("toulon"), 2);
    s.garrisons.insert(
        "toulon".into(),
        Garrison { nation: "france".into(), factors: Factors::of(&[(FactorKind::Infantry, 2)]) },
    );
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to blockade:toulon toulon", &[]);
    // Harbour 1: 10% of 25 = 3; Britain's 17 fire 7: 30% of 17 = 5, the French 2 sink and do
    // not reply. France lost 2, all it had, fewer than Britain's 3: a draw.
    let t = ok(&s, Power::Britain, "engage france at toulon", &[1, 6]);
    assert!(!t.fleets.contains_key("fr-fleet-6"));
    assert_eq!(ships(&t, "br-fleet-1"), 17);
    assert_eq!((political(&t, Power::Britain), political(&t, Power::France)), (0, 0));
}

#[test]
fn r6_3_4_1_equal_losses_the_attacker_loses() {
    let mut s = naval(Power::Russia);
    fleet_at(&mut s, "ru-fleet-4", "russia", sea("ionian-sea"), 10);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("ionian-sea"), 10);
    let s = ok(&s, Power::Russia, "engage france at ionian-sea", &[]);
    // Gauge 3 against 3: simultaneous. Both 5: 20% of 10 = 2 each.
    let t = ok(&s, Power::France, "accept battle", &[3, 3, 5, 5]);
    assert_eq!((ships(&t, "ru-fleet-4"), ships(&t, "fr-fleet-1")), (8, 8));
    assert_eq!((political(&t, Power::Russia), political(&t, Power::France)), (-1, 1));
    // Russia, with no friendly port in reach (Corfu's Ionian Islands are not Russia's here, the
    // Dardanelles are closed), is driven to sea by France.
    assert!(matches!(&t.book.naval.decision, Some(Decision::Drive { after, .. }) if after.loser == Power::Russia));
}

#[test]
fn r6_3_4_2_at_most_three_political_points_and_6_3_6_nelson_taken_with_his_sunk_stack() {
    let mut s = naval(Power::France);
    for (i, f) in ["fr-fleet-1", "fr-fleet-2", "fr-fleet-3", "fr-fleet-4"].iter().enumerate() {
        fleet_at(&mut s, f, "france", sea("bay-of-biscay"), 15 - i as u16);
    }
    fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 3);
    nelson_with(&mut s, "br-fleet-1");
    let s = ok(&s, Power::France, "engage britain at bay-of-biscay", &[]);
    // Gauge France 6 against 1 + 1 + 1: France's 54 fire 5: 20% of 54 sinks all 3.
    let t = ok(&s, Power::Britain, "accept battle", &[6, 1, 5]);
    assert!(!t.fleets.contains_key("br-fleet-1"));
    assert_eq!(t.leaders.get("nelson"), Some(&LeaderPlace::Captured(Power::France)));
    // France beat one fleet: +1; Britain -1, -1 more for NELSON beaten.
    assert_eq!((political(&t, Power::France), political(&t, Power::Britain)), (1, -2));
    // Four beaten fleets count three.
    let mut s = naval(Power::Britain);
    for f in ["fr-fleet-1", "fr-fleet-2", "fr-fleet-3", "fr-fleet-4"] {
        fleet_at(&mut s, f, "france", sea("bay-of-biscay"), 1);
    }
    fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
    let s = ok(&s, Power::Britain, "engage france at bay-of-biscay", &[]);
    let t = ok(&s, Power::France, "accept battle", &[6, 1, 6]);
    assert_eq!((political(&t, Power::Britain), political(&t, Power::France)), (3, -3));
}

#[test]
fn r6_2_4_a_stack_with_an_enemy_in_its_port_or_box_must_attack_and_6_3_1_once_a_place() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("brest"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", blockade("brest"), 10);
    fleet_at(&mut s, "sp-fleet-1", "spain", blockade("brest"), 10);
    assert_eq!(refused(&s, Power::Britain, "end").rule, "6.2.4");
    assert_eq!(refused(&s, Power::Britain, "engage turkey at blockade:brest").rule, "6.3.1.2");
    // No evasion in a box: the battle is fought at once. Gauge 6 + 1 against 1; Britain 7:
    // 30% of 20 = 6, France's 4 reply with 1: 0.
    let t = ok(&s, Power::Britain, "engage france at blockade:brest", &[6, 1, 6, 1]);
    assert_eq!(ships(&t, "fr-fleet-1"), 4);
    // France retreats from the box: it did not come out of Brest, so by the sea rules, and
    // Brest, blockaded by the victor, is not a refuge.
    assert_eq!(refused(&t, Power::France, "retreat fleets to brest").rule, "6.3.5.1");
    let t = ok(&t, Power::France, "retreat fleets to nantes", &[]);
    assert_eq!(place_of(&t, "fr-fleet-1"), Some(port("nantes")));
    let t = ok(&t, Power::Britain, "pursue fleets none", &[]);
    // One battle a place: Spain stays unattacked, and the step may end.
    assert_eq!(refused(&t, Power::Britain, "engage spain at blockade:brest").rule, "6.3.1");
    ok(&t, Power::Britain, "end", &[]);
}

#[test]
fn r6_3_3_1_wind_gauge_modifiers_stop_at_six_and_6_3_3_2_combat_modifiers() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "au-fleet-1", "austria", sea("northern-adriatic"), 8);
    fleet_at(&mut s, "pr-fleet-1", "prussia", sea("western-baltic"), 6);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("channel"), 6);
    nelson_with(&mut s, "br-fleet-1");
    let br = vec!["br-fleet-1".to_string()];
    assert_eq!(gauge_roll(ctx(), &s, &br, 3), 5);
    assert_eq!(gauge_roll(ctx(), &s, &br, 6), 6);
    assert_eq!(gauge_roll(ctx(), &s, &["fr-fleet-1".to_string()], 3), 3);
    assert_eq!(combat_modifier(&s, &br), 1);
    assert_eq!(combat_modifier(&s, &["au-fleet-1".to_string()]), -1);
    assert_eq!(combat_modifier(&s, &["pr-fleet-1".to_string(), "au-fleet-1".to_string()]), -1);
    assert_eq!(combat_modifier(&s, &["fr-fleet-1".to_string()]), 0);
}

#[test]
fn r6_2_1_4_no_naval_combat_north_of_the_ice_line_in_winter() {
    let mut s = naval(Power::Britain);
    s.date = grognard_eia::date::Month::new(1806, 1).unwrap_or_else(|| panic!("a month"));
    fleet_at(&mut s, "br-fleet-1", "britain", sea("gulf-of-finland"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("gulf-of-finland"), 6);
    assert_eq!(refused(&s, Power::Britain, "engage france at gulf-of-finland").rule, "6.2.1.4");
}

/// Britain's naval phase with a Turkish fleet (Turkey neutral) carrying a French corps in the
/// Bay of Biscay, and a British fleet there.
fn neutral_carrier() -> State {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
    fleet_at(&mut s, "tu-fleet-1", "turkey", sea("bay-of-biscay"), 10);
    s
}

#[test]
fn r6_3_1_2_a_neutral_stack_is_attacked_only_carrying_enemy_corps_and_6_3_1_2_1_without_a_declaration() {
    let s = neutral_carrier();
    assert_eq!(refused(&s, Power::Britain, "engage turkey at bay-of-biscay").rule, "6.3.1.2");
    let mut s = s;
    support::corps(&mut s, "fr-3", "france", "bordeaux", 6);
    if let Some(c) = s.corps.get_mut("fr-3") {
        c.aboard = Some("tu-fleet-1".into());
    }
    let (t, events) =
        try_do(&s, Power::Britain, "engage turkey at bay-of-biscay", &[]).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        texts(&events).iter().any(|e| e.contains("without a declaration of war (6.3.1.2.1)")),
        "{:?}",
        texts(&events)
    );
    assert!(!t.relations.at_war("britain", "turkey"), "6.3.1.2.1: no war");
    assert_eq!(political(&t, Power::Britain), political(&s, Power::Britain), "no points for a declaration");
    assert_eq!(choice(&t).0, player(Power::Turkey), "at sea Turkey may try to evade");
    // Combining its movement (4.9) with France, whose fleet is there too, Turkey's stack may
    // be attacked carrying nothing.
    let mut c = neutral_carrier();
    fleet_at(&mut c, "fr-fleet-1", "france", sea("bay-of-biscay"), 5);
    assert!(!grognard_eia::naval::places::attackable(&c, Power::Britain, "tu-fleet-1"));
    c.politics.combined = vec![vec![Power::France, Power::Turkey]];
    assert!(grognard_eia::naval::places::attackable(&c, Power::Britain, "tu-fleet-1"));
    assert_eq!(
        grognard_eia::naval::places::attackable_powers_at(&c, Power::Britain, &sea("bay-of-biscay")),
        vec![Power::Turkey]
    );
}

#[test]
fn r6_3_1_2_2_declaring_war_at_sea_costs_its_points_and_ignores_an_enforced_peace() {
    let mut s = neutral_carrier();
    support::corps(&mut s, "fr-3", "france", "bordeaux", 6);
    if let Some(c) = s.corps.get_mut("fr-3") {
        c.aboard = Some("tu-fleet-1".into());
    }
    let until = grognard_eia::date::Month::new(1807, 1).unwrap_or_else(|| panic!("a month"));
    s.politics.enforced.push(grognard_eia::politics::Enforced { by: Power::Britain, on: Power::Turkey, until });
    let (t, events) = try_do(&s, Power::Britain, "engage turkey at bay-of-biscay declaring war", &[])
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(t.relations.at_war("britain", "turkey"));
    assert_eq!(political(&t, Power::Britain), political(&s, Power::Britain) - 3, "4.2.1.1");
    assert!(texts(&events).iter().any(|e| e.contains("no allies are called (6.3.1.2.2)")), "{:?}", texts(&events));
    // Already at war with France: nothing to declare.
    let mut u = naval(Power::Britain);
    fleet_at(&mut u, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
    fleet_at(&mut u, "fr-fleet-1", "france", sea("bay-of-biscay"), 10);
    assert_eq!(refused(&u, Power::Britain, "engage france at bay-of-biscay declaring war").rule, "6.3.1.2.2");
    // The other limitations of 4.2.2 still hold: forces inside Turkey's territory (4.2.2.1).
    let mut v = s.clone();
    support::corps(&mut v, "br-1", "britain", "constantinople", 4);
    assert_eq!(refused(&v, Power::Britain, "engage turkey at bay-of-biscay declaring war").rule, "4.2.2.1");
}

#[test]
fn r6_3_1_powers_combining_their_movement_and_at_war_with_the_attacker_defend_as_one() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("cadiz"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", blockade("cadiz"), 10);
    fleet_at(&mut s, "sp-fleet-1", "spain", blockade("cadiz"), 10);
    let defenders = |s: &State| {
        grognard_eia::naval::attack::battle_of(ctx(), s, Power::Britain, Power::France, "blockade:cadiz")
            .map(|b| b.defenders)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(defenders(&s), vec!["fr-fleet-1".to_string()], "not combining: one power's stack");
    s.politics.combined = vec![vec![Power::France, Power::Spain]];
    assert_eq!(defenders(&s), vec!["fr-fleet-1".to_string(), "sp-fleet-1".to_string()]);
    // The battle is fought against both: 30% of the British 20 fall on the 20 ships of the
    // stack, which France alone answers for.
    let (t, events) = try_do(&s, Power::Britain, "engage france at blockade:cadiz", &[6, 1, 6, 1])
        .unwrap_or_else(|e| panic!("{e:?}"));
    let battle = events
        .iter()
        .find(|e| e.data.get("kind").and_then(|k| k.as_str()) == Some("naval-battle"))
        .unwrap_or_else(|| panic!("no battle: {:?}", texts(&events)));
    assert_eq!(battle.data.get("ships"), Some(&serde_json::json!([20, 20])), "{}", battle.text);
    assert!(ships(&t, "fr-fleet-1") + ships(&t, "sp-fleet-1") < 20);
    assert!(grognard_eia::invariants::broken(ctx(), &t).is_empty());
    // A partner not at war with the attacker stays out of it.
    s.relations.make_peace("britain", "spain");
    assert_eq!(defenders(&s), vec!["fr-fleet-1".to_string()]);
}
