//! The 1805 scenario (`data/scenario-1805.txt`): the built-in file's placements against the
//! rules, and the reader's refusals.

use grognard_board::{AreaMap, MapError};
use grognard_eia::data::cards::{NationalCards, Owner};
use grognard_eia::data::leaders::Leaders;
use grognard_eia::data::scenario::{FleetLocation, MinorState, Month, Scenario};
use grognard_eia::Power;
use std::collections::BTreeMap;

struct World {
    map: AreaMap,
    cards: NationalCards,
    leaders: Leaders,
}

fn world() -> World {
    let map = grognard_eia::map::europe().expect("the built-in map parses");
    let cards = NationalCards::parse(grognard_eia::data::cards::CARDS_TEXT, &map).expect("the built-in cards parse");
    let leaders = Leaders::builtin().expect("the built-in leaders parse");
    World { map, cards, leaders }
}

fn scenario() -> Scenario {
    Scenario::builtin_1805().expect("the built-in 1805 scenario parses")
}

/// A small valid scenario; tests append sections to it.
const BASE: &str = "[scenario]
id = test
name = Test
first = 1805-09
last = 1805-12
[sides]
france: france spain
coalition: britain austria russia
prussia: prussia
turkey: turkey
[wars]
france: austria britain russia
[alliances]
britain: austria
[minors]
bavaria free-state france
[victory]
scorer = france
otherwise = coalition
needed = 4
[objectives]
vienna 4
";

/// Parses BASE followed by `extra`; the refusal must name the last line.
fn refused(extra: &str) -> MapError {
    let w = world();
    let text = format!("{BASE}{extra}");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("the scenario is refused");
    assert_eq!(err.line, text.lines().count(), "the error names the last line: {err}");
    err
}

fn accepted(extra: &str) -> Scenario {
    let w = world();
    let text = format!("{BASE}{extra}");
    Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect("the scenario parses")
}

#[test]
fn base_scenario_parses_and_fills_defaults() {
    let s = accepted("");
    assert_eq!(s.minors.get("bavaria"), Some(&MinorState::FreeState(Power::France)));
    assert_eq!(s.minors.get("portugal"), Some(&MinorState::Neutral), "unlisted minors are neutral");
    assert_eq!(s.money.len(), 7, "every power has money, 0 if unlisted");
}

#[test]
fn r13_21_builtin_1805_scenario_parses() {
    let s = scenario();
    assert_eq!(s.id, "1805");
    assert_eq!(s.first, Month::parse("1805-09").expect("a month"));
    assert_eq!(s.last, Month::parse("1805-12").expect("a month"));
    assert_eq!(s.side_of(Power::France), s.side_of(Power::Spain));
    assert_eq!(s.side_of(Power::Britain), s.side_of(Power::Austria));
    assert_eq!(s.side_of(Power::Austria), s.side_of(Power::Russia));
    assert!(s.at_war(Power::France, Power::Austria));
    assert!(s.at_war(Power::Russia, Power::France));
    assert!(s.at_war(Power::Spain, Power::Britain));
    assert!(s.allied(Power::France, Power::Spain));
    for neutral in [Power::Prussia, Power::Turkey] {
        assert!(Power::ALL.iter().all(|p| !s.at_war(neutral, *p)), "{neutral} is at peace");
        assert_ne!(s.side_of(neutral), s.side_of(Power::France));
        assert_ne!(s.side_of(neutral), s.side_of(Power::Britain));
    }
    assert_eq!(s.minors.get("kingdom-of-italy"), Some(&MinorState::FreeState(Power::France)));
    assert_eq!(s.minors.get("hanover"), Some(&MinorState::Conquered(Power::France)));
    assert_eq!(s.leaders.get("napoleon").map(String::as_str), Some("fr-guard"));
    assert_eq!(s.leaders.get("nelson").map(String::as_str), Some("br-fleet-1"));
}

#[test]
fn r2_4_2_1_1_scenario_corps_fit_their_cards() {
    let (s, w) = (scenario(), world());
    for (id, placed) in &s.corps {
        let card = w.cards.corps_card(id).expect("a card");
        assert!(card.capacity.check(&placed.factors, s.first).is_ok(), "{id}");
        assert!(placed.factors.total() >= 1, "{id}");
    }
    for r in &s.reinforcements {
        if let Some(id) = &r.corps {
            let card = w.cards.corps_card(id).expect("a card");
            assert!(card.capacity.check(&r.factors, r.month).is_ok(), "{id}");
        }
    }
}

#[test]
fn r7_3_3_4_scenario_garrisons_fit_city_capacity() {
    let (s, w) = (scenario(), world());
    let mut loads: BTreeMap<&str, u32> = BTreeMap::new();
    for g in &s.garrisons {
        *loads.entry(g.city.as_str()).or_default() += u32::from(g.factors.total());
    }
    for c in s.corps.values().filter(|c| c.in_city) {
        *loads.entry(c.area.as_str()).or_default() += u32::from(c.factors.total());
    }
    assert!(!loads.is_empty());
    for (city, load) in loads {
        let capacity = w.map.city(city).expect("a city").garrison_capacity();
        assert!(load <= u32::from(capacity), "{city}: {load} > {capacity}");
    }
}

#[test]
fn r4_6_3_1_only_free_states_have_forces_on_the_map() {
    let (s, w) = (scenario(), world());
    let free = |owner: &Owner| s.force_controller(owner).is_some();
    for c in s.corps.values() {
        assert!(free(&w.cards.corps_card(&c.card).expect("a card").owner), "{}", c.card);
    }
    for g in &s.garrisons {
        assert!(free(&g.owner), "{} in {}", g.owner, g.city);
    }
    for f in s.fleets.values() {
        assert!(free(&w.cards.fleet_card(&f.card).expect("a card").owner), "{}", f.card);
    }
}

#[test]
fn scenario_forces_stand_on_friendly_ground() {
    let (s, w) = (scenario(), world());
    for c in s.corps.values() {
        let owner = &w.cards.corps_card(&c.card).expect("a card").owner;
        let power = s.force_controller(owner).expect("a controller");
        let nation = &w.map.area(&c.area).expect("an area").nation;
        assert!(s.friendly(power, nation), "{} in {}", c.card, c.area);
    }
}

#[test]
fn r6_2_fleets_lie_in_friendly_ports_at_sea_or_blockading_enemies() {
    let (s, w) = (scenario(), world());
    let mut blockades = 0;
    for f in s.fleets.values() {
        let card = w.cards.fleet_card(&f.card).expect("a card");
        assert!(f.ships >= 1 && f.ships <= card.ships, "{}", f.card);
        let power = s.force_controller(&card.owner).expect("a controller");
        match &f.at {
            FleetLocation::Port(area) => {
                assert!(w.map.port(area).is_some());
                let nation = &w.map.area(area).expect("an area").nation;
                assert!(s.friendly(power, nation), "{} in {area}", f.card);
            }
            FleetLocation::Sea(sea) => assert!(w.map.sea(sea).is_some()),
            FleetLocation::Blockade(area) => {
                blockades += 1;
                let nation = &w.map.area(area).expect("an area").nation;
                let holder = s.controller(nation).expect("a holder");
                assert!(s.at_war(power, holder), "{} blockades {area}", f.card);
            }
        }
    }
    assert!(blockades >= 3, "Cadiz, Brest and the Texel are blockaded");
}

#[test]
fn r7_2_scenario_depots_within_counter_mix_one_per_area() {
    let (s, w) = (scenario(), world());
    for power in Power::ALL {
        let n = s.depots.iter().filter(|d| d.power == power).count();
        assert!(n <= usize::from(w.cards.depot_limit(power)), "{power}");
    }
    let mut areas: Vec<&str> = s.depots.iter().map(|d| d.area.as_str()).collect();
    areas.sort_unstable();
    let before = areas.len();
    areas.dedup();
    assert_eq!(areas.len(), before);
}

#[test]
fn r5_3_leaders_start_with_forces_of_their_power() {
    let (s, w) = (scenario(), world());
    for (leader, card) in &s.leaders {
        let leader = w.leaders.get(leader).expect("a leader");
        assert!(leader.available(s.first), "{}", leader.id);
        let owner = if leader.is_naval() {
            &w.cards.fleet_card(card).expect("a fleet").owner
        } else {
            &w.cards.corps_card(card).expect("a corps").owner
        };
        assert_eq!(s.force_controller(owner), Some(leader.power), "{}", leader.id);
    }
}

#[test]
fn r13_21_the_historical_end_of_1805_is_a_french_victory() {
    let s = scenario();
    // December 1805: France held Vienna, Brünn, Munich, Ulm, Milan and Hanover.
    let held = ["vienna", "brunn", "munich", "ulm", "milan", "hanover"];
    let points: u16 = held.iter().map(|c| s.victory.objectives.get(*c).copied().unwrap_or(0)).sum();
    assert!(points >= s.victory.needed);
    // What France holds at the start is not enough.
    let start = ["munich", "ulm", "milan", "hanover"];
    let points: u16 = start.iter().map(|c| s.victory.objectives.get(*c).copied().unwrap_or(0)).sum();
    assert!(points < s.victory.needed);
}

#[test]
fn scenario_serializes_and_reads_back() {
    let s = scenario();
    let json = serde_json::to_string(&s).expect("serializes");
    let back: Scenario = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, s);
}

// ---- refusals, each naming the line ----------------------------------------------------------

#[test]
fn refuses_an_unknown_area() {
    let err = refused("[corps]\nfr-1 atlantis infantry=2 -\n");
    assert!(err.message.contains("unknown land area"), "{err}");
}

#[test]
fn refuses_a_corps_not_on_the_cards() {
    let err = refused("[corps]\nfr-99 paris infantry=2 -\n");
    assert!(err.message.contains("national cards"), "{err}");
}

#[test]
fn refuses_a_corps_placed_twice() {
    let err = refused("[corps]\nfr-1 paris infantry=2 -\nfr-1 alsace infantry=2 -\n");
    assert!(err.message.contains("twice"), "{err}");
}

#[test]
fn r2_4_2_1_1_refuses_a_corps_over_its_card() {
    let err = refused("[corps]\nfr-1 paris infantry=19 -\n");
    assert!(err.message.contains("2.4.2.1.1"), "{err}");
    let err = refused("[corps]\nfr-1 paris guard=2 -\n");
    assert!(err.message.contains("no box for guard"), "{err}");
}

#[test]
fn r7_3_3_4_refuses_a_garrison_over_city_capacity() {
    // Boulogne has 2 spires: 10 factors.
    let err = refused("[garrisons]\nfrance picardy infantry=11\n");
    assert!(err.message.contains("7.3.3.4"), "{err}");
    // A corps inside the city counts too.
    let err = refused("[corps]\nfr-1 picardy infantry=6 city\n[garrisons]\nfrance picardy infantry=5\n");
    assert!(err.message.contains("7.3.3.4"), "{err}");
}

#[test]
fn r7_3_3_3_refuses_cavalry_in_garrison() {
    let err = refused("[garrisons]\nfrance paris cavalry=2\n");
    assert!(err.message.contains("7.3.3.3"), "{err}");
}

#[test]
fn refuses_a_city_flag_where_there_is_no_city() {
    let err = refused("[corps]\nbr-1 highlands infantry=2 city\n");
    assert!(err.message.contains("no city"), "{err}");
}

#[test]
fn r4_6_3_1_refuses_forces_of_a_neutral_minor() {
    let err = refused("[corps]\nsx-1 dresden infantry=2 -\n");
    assert!(err.message.contains("4.6.3.1"), "{err}");
}

#[test]
fn r7_3_3_1_1_refuses_a_minor_garrison_abroad() {
    let err = refused("[garrisons]\nbavaria paris infantry=2\n");
    assert!(err.message.contains("7.3.3.1.1"), "{err}");
}

#[test]
fn refuses_forces_on_unfriendly_ground() {
    let err = refused("[corps]\nfr-1 vienna infantry=2 -\n");
    assert!(err.message.contains("neither"), "{err}");
    let err = refused("[corps]\nfr-1 lisbon infantry=2 -\n");
    assert!(err.message.contains("neither"), "{err}");
}

#[test]
fn r2_4_2_1_1_refuses_a_fleet_over_capacity() {
    let err = refused("[fleets]\nfr-fleet-1 brest 16\n");
    assert!(err.message.contains("capacity"), "{err}");
}

#[test]
fn r6_2_1_2_refuses_a_fleet_in_an_enemy_or_neutral_port() {
    let err = refused("[fleets]\nfr-fleet-1 portsmouth 5\n");
    assert!(err.message.contains("6.2.1.2"), "{err}");
    let err = refused("[fleets]\nfr-fleet-1 lisbon 5\n");
    assert!(err.message.contains("6.2.1.2"), "{err}");
}

#[test]
fn refuses_a_fleet_in_an_area_without_port() {
    let err = refused("[fleets]\nfr-fleet-1 paris 5\n");
    assert!(err.message.contains("no port"), "{err}");
}

#[test]
fn refuses_an_unknown_sea() {
    let err = refused("[fleets]\nfr-fleet-1 caribbean 5\n");
    assert!(err.message.contains("neither a port area"), "{err}");
}

#[test]
fn r6_2_7_refuses_a_blockade_of_a_power_not_at_war() {
    let err = refused("[fleets]\nbr-fleet-1 blockade:lisbon 5\n");
    assert!(err.message.contains("6.2.7"), "{err}");
    accepted("[fleets]\nbr-fleet-1 blockade:brest 5\n");
}

#[test]
fn r6_2_1_3_refuses_a_fleet_in_the_dardanelles_without_constantinople() {
    let err = refused("[fleets]\nbr-fleet-1 dardanelles 5\n");
    assert!(err.message.contains("6.2.1.3"), "{err}");
    accepted("[fleets]\ntu-fleet-1 dardanelles 5\n");
}

#[test]
fn r7_2_refuses_two_depots_in_an_area() {
    let err = refused("[depots]\nfrance paris\nfrance paris\n");
    assert!(err.message.contains("one per area"), "{err}");
}

#[test]
fn r7_2_3_3_2_refuses_a_depot_abroad_without_a_corps() {
    // Vienna is an ally's, not Britain's territory.
    let err = refused("[depots]\nbritain vienna\n");
    assert!(err.message.contains("7.2.3.3.2"), "{err}");
    // A British corps there makes it legal; a controlled minor country counts as territory.
    accepted("[corps]\nbr-1 vienna infantry=2 -\n[depots]\nbritain vienna\nfrance munich\n");
}

#[test]
fn r7_2_refuses_depots_beyond_the_counter_mix() {
    let areas = [
        "paris",
        "picardy",
        "flanders",
        "champagne",
        "lorraine",
        "alsace",
        "normandy",
        "brest",
        "nantes",
        "orleans",
        "poitou",
    ];
    let lines: Vec<String> = areas.iter().map(|a| format!("france {a}")).collect();
    let err = refused(&format!("[depots]\n{}\n", lines.join("\n")));
    assert!(err.message.contains("depot counters"), "{err}");
}

#[test]
fn r5_3_refuses_a_leader_with_a_corps_not_on_the_map() {
    let err = refused("[leaders]\nnapoleon fr-guard\n");
    assert!(err.message.contains("placed corps"), "{err}");
}

#[test]
fn refuses_an_unknown_leader() {
    let err = refused("[corps]\nfr-1 paris infantry=2 -\n[leaders]\nwashington fr-1\n");
    assert!(err.message.contains("unknown leader"), "{err}");
}

#[test]
fn r5_3_refuses_a_leader_before_his_month() {
    let err = refused("[corps]\nbr-1 london infantry=2 -\n[leaders]\nwellington br-1\n");
    assert!(err.message.contains("not available"), "{err}");
}

#[test]
fn r5_3_refuses_a_leader_with_another_powers_forces() {
    let err = refused("[corps]\nbr-1 london infantry=2 -\n[leaders]\nnapoleon br-1\n");
    assert!(err.message.contains("5.3"), "{err}");
}

#[test]
fn r5_3_refuses_nelson_with_a_corps() {
    let err = refused("[corps]\nbr-1 london infantry=2 -\n[leaders]\nnelson br-1\n");
    assert!(err.message.contains("fleet"), "{err}");
}

#[test]
fn refuses_dates_out_of_order() {
    let w = world();
    let text = BASE.replace("last = 1805-12", "last = 1805-08");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 5, "{err}");
    let err = refused("[reinforcements]\n1805-11 france paris - infantry=2 -\n1805-10 france paris - infantry=2 -\n");
    assert!(err.message.contains("out of order"), "{err}");
    let err = refused("[reinforcements]\n1806-01 france paris - infantry=2 -\n");
    assert!(err.message.contains("outside"), "{err}");
}

#[test]
fn r5_2_1_1_refuses_a_reinforcing_corps_already_on_the_map() {
    let err = refused("[corps]\nfr-1 paris infantry=2 -\n[reinforcements]\n1805-10 france paris fr-1 infantry=2 -\n");
    assert!(err.message.contains("already on the map"), "{err}");
}

#[test]
fn r5_2_refuses_irregulars_as_reinforcements() {
    let err = refused("[reinforcements]\n1805-10 russia vilna - cossack=2 -\n");
    assert!(err.message.contains("5.2"), "{err}");
}

#[test]
fn refuses_a_reinforcement_bringing_nothing() {
    let err = refused("[reinforcements]\n1805-10 france paris - - -\n");
    assert!(err.message.contains("nothing"), "{err}");
}

#[test]
fn reinforcements_bring_corps_and_leaders() {
    let s = accepted("[reinforcements]\n1805-10 france alsace fr-10 infantry=6,cavalry=1 mortier\n");
    assert_eq!(s.reinforcements.len(), 1);
    assert_eq!(s.reinforcements[0].corps.as_deref(), Some("fr-10"));
    assert_eq!(s.reinforcements[0].leaders, ["mortier"]);
}

#[test]
fn refuses_a_war_within_a_side_or_an_alliance_across_sides() {
    let w = world();
    let text = BASE.replace("france: austria britain russia", "france: spain");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 12, "{err}");
    let text = BASE.replace("britain: austria", "britain: prussia");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 14, "{err}");
}

#[test]
fn refuses_a_power_on_no_side() {
    let w = world();
    let text = BASE.replace("turkey: turkey\n", "");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 6, "the [sides] header: {err}");
    assert!(err.message.contains("Turkey"), "{err}");
}

#[test]
fn refuses_an_unknown_minor_or_a_neutral_with_a_controller() {
    let w = world();
    let text = BASE.replace("bavaria free-state france", "atlantis free-state france");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 16, "{err}");
    let text = BASE.replace("bavaria free-state france", "bavaria neutral france");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 16, "{err}");
}

#[test]
fn refuses_victory_out_of_reach_or_objective_without_city() {
    let w = world();
    let text = BASE.replace("needed = 4", "needed = 5");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 20, "{err}");
    let err = refused("highlands 2\n");
    assert!(err.message.contains("city"), "{err}");
    let text = BASE.replace("scorer = france", "scorer = napoleon");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 18, "{err}");
}

#[test]
fn refuses_a_missing_key() {
    let w = world();
    let text = BASE.replace("name = Test\n", "");
    let err = Scenario::parse(&text, &w.map, &w.cards, &w.leaders).expect_err("refused");
    assert_eq!(err.line, 1, "the [scenario] header: {err}");
    assert!(err.message.contains("name"), "{err}");
}
