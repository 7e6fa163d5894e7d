//! 5.2.2.2 campaign army factor placement: the factors bought in the economic phase join
//! corps and garrisons wherever 5.2.2.2.1-5.2.2.2.3 allow, not only where they were bought.

use crate::support;

use grognard_eia::reinforcement::Due;
use grognard_eia::sequence::{Phase, Sequence};
use grognard_eia::state::State;
use grognard_eia::{FactorKind, Power};
use support::*;

/// The French army reinforcement step with `count` bought `kind` of `nation` due (bought in
/// Paris).
fn bought(nation: &str, kind: FactorKind, count: u16) -> State {
    let mut state = bare();
    let order = Sequence::order_of(Phase::ArmyReinforcement, &Power::ALL, 0);
    let index = order.iter().position(|p| *p == Power::France).unwrap_or(0);
    state.sequence = Sequence { phase: Phase::ArmyReinforcement, order, index };
    state.due.insert(
        Power::France,
        vec![Due::Factors { nation: nation.into(), area: "paris".into(), kind, count, campaign: true }],
    );
    state
}

fn placed(state: &State, text: &str) -> State {
    run(state, Power::France, text, &[]).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

#[test]
fn r5_2_2_2_1_bought_factors_join_a_corps_anywhere_in_the_home_nation() {
    let mut s = bought("france", FactorKind::Infantry, 3);
    corps(&mut s, "fr-3", "france", "lorraine", 6);
    corps(&mut s, "fr-4", "france", "brussels", 6);
    let next = placed(&s, "place 3 infantry in fr-3");
    assert_eq!(next.corps["fr-3"].factors.get(FactorKind::Infantry), 9);
    assert!(next.due.get(&Power::France).is_none_or(Vec::is_empty));
    // Belgium is held, not home (and no depot is near): refused, naming the rules.
    assert_eq!(rule_of(run(&s, Power::France, "place 3 infantry in fr-4", &[])), "5.2.2.2.3");
    // A ceded province is home no more (5.2.2.2.1).
    let mut ceded = s.clone();
    ceded.politics.ceded.extend(ctx().map.areas_of_province("lorraine").iter().map(|a| a.id.clone()));
    assert_eq!(rule_of(run(&ceded, Power::France, "place 3 infantry in fr-3", &[])), "5.2.2.2.3");
}

#[test]
fn r5_2_2_2_2_bought_infantry_and_militia_garrison_friendly_cities_at_home() {
    let s = bought("france", FactorKind::Militia, 4);
    let next = placed(&s, "place 4 militia in city alsace");
    assert_eq!(next.garrisons["alsace"].factors.get(FactorKind::Militia), 4);
    assert_eq!(rule_of(run(&s, Power::France, "place 4 militia in city brussels", &[])), "5.2.2.2.2");
    // A home city the enemy holds is no place for them.
    let mut taken = s.clone();
    taken.occupied.insert("alsace".into(), "austria".into());
    assert_eq!(rule_of(run(&taken, Power::France, "place 4 militia in city alsace", &[])), "5.2.2.2.2");
    // Cavalry garrisons as infantry (7.3.3.2); a minor free state's only as infantry, inside it.
    let horse = placed(&bought("france", FactorKind::Cavalry, 2), "place 2 cavalry in city paris");
    assert_eq!(horse.garrisons["paris"].factors.get(FactorKind::Infantry), 2);
    let e =
        rule_of(run(&bought("bavaria", FactorKind::Cavalry, 2), Power::France, "place 2 cavalry in city munich", &[]));
    assert_eq!(e, "5.2.2.2.2");
    let foot = placed(&bought("bavaria", FactorKind::Infantry, 2), "place 2 infantry in city munich");
    assert_eq!(foot.garrisons["munich"].nation, "bavaria");
}

#[test]
fn r5_2_2_2_3_abroad_a_corps_next_to_a_depot_of_a_short_chain_from_home() {
    let mut s = bought("france", FactorKind::Infantry, 2);
    corps(&mut s, "fr-5", "france", "stuttgart", 6);
    assert_eq!(rule_of(run(&s, Power::France, "place 2 infantry in fr-5", &[])), "5.2.2.2.3");
    // Strasbourg's depot is a supply source at home; Karlsruhe's, two areas on, the second of
    // the chain, stands next to Stuttgart.
    depot(&mut s, Power::France, "alsace");
    assert_eq!(rule_of(run(&s, Power::France, "place 2 infantry in fr-5", &[])), "5.2.2.2.3", "not next to it");
    depot(&mut s, Power::France, "karlsruhe");
    let next = placed(&s, "place 2 infantry in fr-5");
    assert_eq!(next.corps["fr-5"].factors.get(FactorKind::Infantry), 8);
    // Another power's depots never count (5.2.2.2.3).
    let mut spanish = s.clone();
    spanish.depots.remove("karlsruhe");
    depot(&mut spanish, Power::Spain, "karlsruhe");
    assert_eq!(rule_of(run(&spanish, Power::France, "place 2 infantry in fr-5", &[])), "5.2.2.2.3");
}

#[test]
fn r5_2_2_2_3_1_six_depots_for_regular_factors_5_2_2_2_3_2_three_for_militia() {
    // Strasbourg (1), Ulm (2), Linz (3), Pressburg (4): each two areas from the one before.
    let chain = |kind: FactorKind| {
        let mut s = bought("france", kind, 1);
        for area in ["alsace", "ulm", "linz", "pressburg"] {
            depot(&mut s, Power::France, area);
        }
        corps(&mut s, "fr-6", "france", "pressburg", 4);
        s
    };
    // Counted from a source in France: Ulm is one too, but in Bavaria (a minor France runs).
    let s = chain(FactorKind::Militia);
    let home = |a: &str| grognard_eia::campaign_placement::at_home(ctx(), &s, "france", a);
    let lengths = grognard_eia::supply::chain_lengths(ctx(), &s, Power::France, home);
    assert_eq!(lengths.get("pressburg"), Some(&4), "{lengths:?}");
    let any = grognard_eia::supply::chain_lengths(ctx(), &s, Power::France, |_| true);
    assert_eq!(any.get("pressburg"), Some(&3), "{any:?}");
    assert_eq!(rule_of(run(&chain(FactorKind::Militia), Power::France, "place 1 militia in fr-6", &[])), "5.2.2.2.3");
    let next = placed(&chain(FactorKind::Infantry), "place 1 infantry in fr-6");
    assert_eq!(next.corps["fr-6"].factors.get(FactorKind::Infantry), 5);
}

#[test]
fn r5_2_2_2_3_3_a_minor_free_state_traces_its_chain_from_a_source_in_its_own_country() {
    let mut s = bought("bavaria", FactorKind::Infantry, 2);
    corps(&mut s, "ba-1", "bavaria", "stuttgart", 4);
    depot(&mut s, Power::France, "alsace");
    depot(&mut s, Power::France, "karlsruhe");
    assert_eq!(
        rule_of(run(&s, Power::France, "place 2 infantry in ba-1", &[])),
        "5.2.2.2.3",
        "a chain from France is not Bavaria's"
    );
    depot(&mut s, Power::France, "ulm");
    let next = placed(&s, "place 2 infantry in ba-1");
    assert_eq!(next.corps["ba-1"].factors.get(FactorKind::Infantry), 6);
}

#[test]
fn r5_2_2_bought_factors_placeable_anywhere_may_not_wait_and_are_lost_when_nowhere() {
    let mut s = bought("france", FactorKind::Artillery, 1);
    corps(&mut s, "fr-4", "france", "brussels", 6);
    // Artillery garrisons nothing and fr-4 is abroad with no depot: nowhere to go.
    let ended = placed(&s, "end");
    assert!(ended.due.get(&Power::France).is_none_or(Vec::is_empty), "lost (5.2.2)");
    // With the artillery reserve at home, the step may not end before they are placed.
    corps(&mut s, "fr-art", "france", "lorraine", 1);
    if let Some(c) = s.corps.get_mut("fr-art") {
        c.factors = grognard_eia::forces::Factors::of(&[(FactorKind::Artillery, 2)]);
    }
    assert_eq!(rule_of(run(&s, Power::France, "end", &[])), "5.2.2");
    let legal = grognard_eia::legal::commands(ctx(), &s, grognard_engine::PlayerId(0));
    assert!(legal.iter().any(|c| c.to_string() == "place 1 artillery in fr-art"), "{legal:?}");
}

/// France's army reinforcement step with the corps counter fr-9 bought (8.5.4) with two
/// infantry, due in Paris.
fn corps_bought() -> State {
    let mut state = bought("france", FactorKind::Infantry, 1);
    state.due.insert(
        Power::France,
        vec![Due::Corps {
            corps: "fr-9".into(),
            nation: "france".into(),
            area: "paris".into(),
            factors: grognard_eia::forces::Factors::of(&[(FactorKind::Infantry, 2)]),
            leaders: vec![],
            campaign: true,
        }],
    );
    state
}

#[test]
fn r5_2_1_2_a_bought_corps_goes_to_a_home_city_or_joins_a_friendly_corps() {
    let mut s = corps_bought();
    // Where it was bought, or another unbesieged home city France holds.
    assert_eq!(placed(&s, "place corps fr-9").corps["fr-9"].area, "paris");
    assert_eq!(placed(&s, "place corps fr-9 in alsace").corps["fr-9"].area, "alsace");
    // Not an empty area abroad, nor a home city the enemy holds.
    assert_eq!(rule_of(run(&s, Power::France, "place corps fr-9 in brussels", &[])), "5.2.1.2");
    let mut taken = s.clone();
    taken.occupied.insert("alsace".into(), "austria".into());
    assert_eq!(rule_of(run(&taken, Power::France, "place corps fr-9 in alsace", &[])), "5.2.1.2");
    // With a friendly corps abroad only if its factors could be placed there (5.2.2.2.3).
    corps(&mut s, "sp-1", "spain", "stuttgart", 5);
    assert_eq!(rule_of(run(&s, Power::France, "place corps fr-9 in stuttgart", &[])), "5.2.1.2");
    depot(&mut s, Power::France, "alsace");
    depot(&mut s, Power::France, "karlsruhe");
    assert_eq!(placed(&s, "place corps fr-9 in stuttgart").corps["fr-9"].area, "stuttgart");
    let legal = grognard_eia::legal::commands(ctx(), &s, grognard_engine::PlayerId(0));
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert!(texts.contains(&"place corps fr-9 in stuttgart".to_string()), "{texts:?}");
    assert!(!texts.contains(&"place corps fr-9 in brussels".to_string()), "{texts:?}");
}

#[test]
fn r5_2_1_1_a_scenario_s_corps_is_placed_where_the_scenario_says() {
    let mut s = corps_bought();
    if let Some(Due::Corps { campaign, .. }) = s.due.get_mut(&Power::France).and_then(|d| d.first_mut()) {
        *campaign = false;
    }
    assert_eq!(rule_of(run(&s, Power::France, "place corps fr-9 in alsace", &[])), "5.2.1.1");
    assert_eq!(placed(&s, "place corps fr-9 in paris").corps["fr-9"].area, "paris");
}
