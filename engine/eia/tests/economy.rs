//! The economic phase (3.5, 8.0; option `economic`): reconstructed rules R8.x, one test each,
//! on hand-made states of the real map (`support::bare`) and on the 1805 scenario.

use crate::economy_support;
use crate::support;

use economy_support::*;
use grognard_eia::economy::{collection, maintenance, status, victory, EconomicStep, Order};
use grognard_eia::forces::Factors;
use grognard_eia::reinforcement::Due;
use grognard_eia::sequence::Phase;
use grognard_eia::state::{FleetPlace, Garrison, MinorState, State};
use grognard_eia::{Eia, FactorKind, Power};
use grognard_engine::{Ruleset, Seats, Setup};
use support::{bare, corps, ctx, fleet, rule_of, run};

#[test]
fn r3_5_the_phase_ends_the_quarter_s_last_month_after_the_land_phase() {
    let s = end_of_land_phase(economic(12, &[]));
    assert_eq!(step(&s), Some(EconomicStep::Lending), "{}", s.sequence.phase);
    assert_eq!(s.date, month(1805, 12), "before the time record");
    // 3.2 B's order (R8.0): Spain first.
    assert_eq!(acting(&s), Power::Spain);
    let s = end_while(s, EconomicStep::Lending, &[]);
    let s = end_phase(s, &[]);
    assert_eq!(s.date, month(1806, 1), "the time record follows the phase");
    assert!(s.economy.round.is_none());
    // Not in other months.
    let s = end_of_land_phase(economic(11, &[]));
    assert_eq!(step(&s), None);
    assert_eq!(s.date, month(1805, 12));
}

#[test]
fn r3_5_without_the_option_there_is_no_economic_phase() {
    let mut s = economic(12, &[]);
    s.options.clear();
    s.last = s.date;
    let s = end_of_land_phase(s);
    assert_eq!(step(&s), None);
    assert!(s.economy.is_empty());
    assert!(s.over.is_some(), "December 1805 is the bare game's last month");
}

#[test]
fn r8_1_1_each_power_records_the_victory_points_of_its_status_zone() {
    let mut s = economic(9, &[]);
    s.politics.status.insert(Power::France, 22);
    s.politics.status.insert(Power::Turkey, 3);
    s.politics.status.insert(Power::Spain, 8);
    let s = end_of_land_phase(s);
    assert_eq!(s.economy.victory_of(Power::France), 5, "Dominant");
    assert_eq!(s.economy.victory_of(Power::Turkey), -1, "Fiasco");
    assert_eq!(s.economy.victory_of(Power::Spain), 1, "Instability");
    assert_eq!(s.economy.victory_of(Power::Prussia), 3, "Normal, its starting box");
}

#[test]
fn r8_1_3_the_power_furthest_over_its_target_wins_or_nobody() {
    let mut s = economic(9, &[]);
    let t = s.clone();
    let target = |p: Power| i32::try_from(victory::target(ctx(), &t, p)).unwrap_or(0);
    let none = victory::outcome(ctx(), &s);
    assert!(none.winners.is_empty(), "{}", none.result);
    s.economy.victory.insert(Power::France, target(Power::France));
    s.economy.victory.insert(Power::Turkey, target(Power::Turkey) + 10);
    let o = victory::outcome(ctx(), &s);
    assert_eq!(o.winners, vec![Power::Turkey], "{}", o.result);
    // Level shares of the target win together.
    s.economy.victory.insert(Power::Turkey, target(Power::Turkey));
    let o = victory::outcome(ctx(), &s);
    assert_eq!(o.winners, vec![Power::France, Power::Turkey], "{}", o.result);
}

#[test]
fn r8_1_3_reconstructed_a_shorter_campaign_s_targets_are_scaled_to_its_economic_phases() {
    let first = |y, m| grognard_eia::date::Month::new(y, m).unwrap_or_else(|| panic!("a month"));
    assert_eq!(victory::phases(first(1805, 9), first(1815, 12)), 42, "the grand campaign");
    assert_eq!(victory::phases(first(1805, 9), first(1807, 12)), 10);
    assert_eq!(victory::phases(first(1812, 6), first(1815, 12)), 15);
    assert_eq!(victory::phases(first(1813, 4), first(1815, 12)), 11);
    assert_eq!(ctx().economy.rules.target_phases, 42);
    let mut s = economic(9, &[]);
    (s.first, s.last) = (first(1805, 9), first(1815, 12));
    assert_eq!(victory::target(ctx(), &s, Power::France), 166, "the grand campaign's own");
    s.last = first(1807, 12);
    assert_eq!(victory::target(ctx(), &s, Power::France), 40, "166 x 10 / 42 = 39.5, rounded up");
    assert_eq!(victory::target(ctx(), &s, Power::Turkey), 28, "116 x 10 / 42 = 27.6");
    // Every built-in campaign is a scenario of the game, each with its months.
    for (id, from, to) in [
        ("campaign-1805", "1805-09", "1815-12"),
        ("campaign-1805-1807", "1805-09", "1807-12"),
        ("campaign-1812-1815", "1812-06", "1815-12"),
        ("campaign-1813-1815", "1813-04", "1815-12"),
    ] {
        let c = ctx().scenarios.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"));
        assert!(c.campaign, "{id}");
        assert_eq!((c.first.id(), c.last.id()), (from.to_string(), to.to_string()), "{id}");
        let file = format!("{id}.txt");
        assert!(ctx().data_files().iter().any(|(name, _)| *name == file), "{file} is hashed into the genesis");
    }
}

#[test]
fn r8_2_1_home_provinces_yield_in_full_held_ones_half_with_domestic_trade() {
    let s = economic(9, &[]);
    let i = collection::income(ctx(), &s, Power::France);
    assert_eq!(i.home, 83);
    assert_eq!(i.held, 13, "half of the held provinces' 27, rounded down");
    assert_eq!(i.domestic, 16, "a fifth of 83");
    assert_eq!(i.overseas, 4, "American trade, no naval option");
    assert_eq!(i.manpower, 16, "15 home, half of 3 held");
    let before = money(&s, Power::France);
    let s = end_of_land_phase(s);
    assert_eq!(money(&s, Power::France), before + i.money());
    assert_eq!(s.economy.manpower_of(Power::France), 16);
}

#[test]
fn r8_2_1_1_an_occupied_province_yields_nothing_and_a_ceded_one_goes_to_its_holder() {
    let mut s = economic(9, &[]);
    // Austria, at war with France, holds Lyon: the Lyonnais yields nothing.
    s.occupied.insert("lyon".into(), "austria".into());
    let i = collection::income(ctx(), &s, Power::France);
    assert_eq!(i.home, 83 - 7);
    assert_eq!(i.occupied, 1);
    assert_eq!(collection::income(ctx(), &s, Power::Austria).held, 4, "the occupier gets nothing of it");
    // France holds Prussian Ansbach at peace: ceded, at the held share.
    s.occupied.insert("ansbach".into(), "france".into());
    assert_eq!(collection::income(ctx(), &s, Power::France).held, (27 + 2) / 2);
    assert_eq!(collection::income(ctx(), &s, Power::Prussia).home, 30 - 2);
}

#[test]
fn r8_2_3_free_states_fill_their_own_treasury_conquered_minors_their_master_s() {
    let mut s = economic(9, &[]);
    s.minors.insert("hanover".into(), MinorState { controller: Some(Power::France), free_state: false });
    let s = end_of_land_phase(s);
    let bavaria = s.economy.minors.get("bavaria").copied().unwrap_or_default();
    assert_eq!((bavaria.money, bavaria.manpower), (5, 1), "Bavaria and Berg");
    assert!(!s.economy.minors.contains_key("switzerland"), "a neutral collects for nobody");
    let i = collection::income(ctx(), &s, Power::France);
    assert_eq!(i.held, (27 + 3) / 2, "conquered Hanover at the held share");
}

#[test]
fn r8_2_1_2_2_blockaded_home_ports_cut_overseas_trade_with_option_naval() {
    let mut s = economic(9, &["naval"]);
    let full = collection::income(ctx(), &s, Power::Britain).overseas;
    assert_eq!(full, 61);
    fleet(&mut s, "fr-fleet-1", "france", "channel", 10);
    if let Some(f) = s.fleets.get_mut("fr-fleet-1") {
        f.place = FleetPlace::Blockade("london".into());
    }
    let ports = ctx()
        .map
        .ports()
        .filter(|p| {
            ctx()
                .map
                .province_of(&p.area)
                .is_some_and(|pr| pr.nation == "britain" && pr.kind == grognard_board::area::ProvinceKind::Home)
        })
        .count() as i32;
    assert_eq!(collection::income(ctx(), &s, Power::Britain).overseas, 61 * (ports - 1) / ports);
    // Without the naval option blockades do not count.
    s.options.retain(|o| o != "naval");
    assert_eq!(collection::income(ctx(), &s, Power::Britain).overseas, 61);
}

#[test]
fn r8_2_1_3_spanish_gold_is_lost_with_cadiz_blockaded_or_taken() {
    let mut s = economic(9, &["naval"]);
    assert_eq!(collection::income(ctx(), &s, Power::Spain).gold, 10);
    fleet(&mut s, "br-fleet-1", "britain", "gulf-of-cadiz", 20);
    if let Some(f) = s.fleets.get_mut("br-fleet-1") {
        f.place = FleetPlace::Blockade("cadiz".into());
    }
    assert_eq!(collection::income(ctx(), &s, Power::Spain).gold, 0);
    s.fleets.clear();
    s.occupied.insert("cadiz".into(), "britain".into());
    assert_eq!(collection::income(ctx(), &s, Power::Spain).gold, 0);
}

#[test]
fn r8_3_powers_lend_in_turn_never_to_an_enemy_nor_more_than_they_have() {
    let s = end_of_land_phase(economic(9, &[]));
    assert_eq!(acting(&s), Power::Spain);
    let spain = money(&s, Power::Spain);
    assert_eq!(rule_of(run(&s, Power::Spain, "lend 5 to britain", &[])), "R8.3", "Spain is at war with Britain");
    assert_eq!(rule_of(run(&s, Power::Spain, &format!("lend {} to france", spain + 1), &[])), "8.3");
    assert_eq!(rule_of(run(&s, Power::Britain, "lend 5 to austria", &[])), "3.0", "not Britain's turn");
    assert_eq!(rule_of(run(&s, Power::Spain, "buy 1 infantry", &[])), "3.5", "not the expenditure step");
    let s = ok(&s, Power::Spain, "lend 5 to france");
    assert_eq!(money(&s, Power::Spain), spain - 5);
    let s = ok(&s, Power::Spain, "end");
    assert_eq!(acting(&s), Power::Britain);
}

#[test]
fn r8_4_1_an_occupied_capital_withholds_half_the_collection_for_its_occupier() {
    let mut s = economic(9, &[]);
    s.occupied.insert("vienna".into(), "france".into());
    let income = collection::income(ctx(), &s, Power::Austria).money();
    let (austria, france) = (money(&s, Power::Austria), money(&s, Power::France));
    let france_income = collection::income(ctx(), &s, Power::France).money();
    let s = expenditure(s);
    // Maintenance is paid at the start of the expenditure step: nothing is on the map here.
    assert_eq!(money(&s, Power::Austria), austria + income - income / 2);
    assert_eq!(money(&s, Power::France), france + france_income + income / 2);
}

#[test]
fn r8_5_1_upkeep_is_counted_from_what_everyone_sees() {
    let mut s = economic(9, &[]);
    corps(&mut s, "fr-1", "france", "paris", 18);
    s.garrisons.insert(
        "paris".into(),
        Garrison { nation: "france".into(), factors: Factors::of(&[(FactorKind::Militia, 6)]) },
    );
    fleet(&mut s, "fr-fleet-1", "france", "channel", 5);
    // A corps 8 quarters whatever it holds, 6 garrison factors 6, 5 ships 5: 19 quarters, 5 points.
    assert_eq!(maintenance::quarters(ctx(), &s, "france"), 19);
    assert_eq!(maintenance::upkeep(ctx(), &s, "france"), 5);
    let mut small = s.clone();
    if let Some(c) = small.corps.get_mut("fr-1") {
        c.factors = Factors::of(&[(FactorKind::Infantry, 1)]);
    }
    assert_eq!(maintenance::upkeep(ctx(), &small, "france"), 5, "the corps' strength does not count");
    let income = collection::income(ctx(), &s, Power::France).money();
    let before = money(&s, Power::France);
    let s = expenditure(s);
    assert_eq!(money(&s, Power::France), before + income - 5);
}

#[test]
fn r8_5_2_what_cannot_be_paid_becomes_a_debt_that_stops_purchases_and_costs_points() {
    let mut s = economic(9, &[]);
    let garrison = Factors::of(&[(FactorKind::Militia, 200)]);
    s.garrisons.insert("constantinople".into(), Garrison { nation: "turkey".into(), factors: garrison });
    let upkeep = maintenance::upkeep(ctx(), &s, "turkey");
    assert_eq!(upkeep, 50);
    let income = collection::income(ctx(), &s, Power::Turkey).money();
    if let Some(p) = s.powers.get_mut(&Power::Turkey) {
        p.money = 0;
    }
    let mut s = expenditure(s);
    let owed = upkeep - income;
    assert!(owed > 0, "upkeep {upkeep} over income {income}");
    assert_eq!(s.economy.debt_of(Power::Turkey), owed);
    assert_eq!(money(&s, Power::Turkey), 0);
    while acting(&s) != Power::Turkey {
        s = ok(&s, acting(&s), "end");
    }
    assert_eq!(rule_of(run(&s, Power::Turkey, "buy 1 militia", &[])), "R8.5.2");
    let before = grognard_eia::economy::status_of(ctx(), &s, Power::Turkey);
    let s = end_phase(s, &[]);
    let lost = (owed + 9) / 10;
    assert_eq!(s.politics.status[&Power::Turkey], status::moved(ctx(), before, -lost));
}

#[test]
fn r8_5_3_factors_bought_fall_due_next_month_in_the_capital_and_are_placed() {
    let s = expenditure(economic(9, &[]));
    let mut s = s;
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    let (m, men) = (money(&s, Power::France), s.economy.manpower_of(Power::France));
    let s = ok(&s, Power::France, "buy 2 infantry");
    let s = ok(&s, Power::France, "buy 1 infantry");
    assert_eq!(money(&s, Power::France), m - 9);
    assert_eq!(s.economy.manpower_of(Power::France), men - 3);
    assert_eq!(s.economy.orders.len(), 1, "one order of 3 infantry");
    let s = end_phase(ok(&s, Power::France, "end"), &[]);
    assert_eq!(s.date, month(1805, 10));
    assert!(s.economy.orders.is_empty());
    let due = Due::Factors {
        nation: "france".into(),
        area: "paris".into(),
        kind: FactorKind::Infantry,
        count: 3,
        campaign: true,
    };
    assert!(s.due[&Power::France].contains(&due), "{:?}", s.due);
    assert_eq!(s.sequence.phase, Phase::ArmyReinforcement);
    let mut s = s;
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    let s = ok(&s, Power::France, "place 3 infantry in city paris");
    assert_eq!(s.garrisons["paris"].factors.get(FactorKind::Infantry), 3);
}

#[test]
fn r8_5_3_what_may_not_be_bought() {
    let mut s = economic(9, &[]);
    s.occupied.insert("lyon".into(), "austria".into());
    let mut s = expenditure(s);
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    let refused = |text: &str| rule_of(run(&s, Power::France, text, &[]));
    assert_eq!(refused("buy 1 cossack"), "8.5.3", "irregulars are not bought");
    assert_eq!(refused("buy 500 infantry"), "8.5.3", "more than France can pay");
    assert_eq!(refused("buy 1 infantry at lyon"), "5.2.2", "Lyon is held by the enemy");
    assert_eq!(refused("buy 1 infantry at brussels"), "5.2.2", "Belgium is not home");
    assert_eq!(refused("buy 1 infantry for switzerland"), "4.8", "not a free state of France");
    assert_eq!(refused("buy 1 militia for bavaria"), "5.2.2", "no Bavarian corps holds militia");
    let s = ok(&s, Power::France, "buy 1 infantry for bavaria");
    assert_eq!(s.economy.minors["bavaria"].money, 5 - 3);
    assert_eq!(s.economy.minors["bavaria"].manpower, 0);
    assert_eq!(
        rule_of(run(&s, Power::France, "buy 1 infantry for bavaria", &[])),
        "8.5.3",
        "no Bavarian manpower left"
    );
}

#[test]
fn r8_5_4_a_corps_counter_off_the_map_is_bought_with_its_first_factors() {
    let mut s = economic(9, &[]);
    corps(&mut s, "fr-1", "france", "paris", 5);
    let mut s = expenditure(s);
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    assert_eq!(rule_of(run(&s, Power::France, "buy corps fr-1 with 1 infantry", &[])), "5.2.4.2");
    assert_eq!(rule_of(run(&s, Power::France, "buy corps fr-9 with 19 infantry", &[])), "2.4.2.1.1");
    assert_eq!(rule_of(run(&s, Power::France, "buy corps au-9 with 1 infantry", &[])), "4.8");
    let m = money(&s, Power::France);
    let s = ok(&s, Power::France, "buy corps fr-9 with 4 infantry at lyon");
    assert_eq!(money(&s, Power::France), m - 2 - 12);
    assert_eq!(rule_of(run(&s, Power::France, "buy corps fr-9 with 1 infantry", &[])), "5.2.4.2", "bought once");
    let s = end_phase(ok(&s, Power::France, "end"), &[]);
    assert!(s.due[&Power::France]
        .iter()
        .any(|d| matches!(d, Due::Corps { corps, area, .. } if corps == "fr-9" && area == "lyon")));
}

#[test]
fn r8_5_4_ships_and_fleets_arrive_in_the_naval_reinforcement_step() {
    let mut s = economic(9, &["naval"]);
    fleet(&mut s, "fr-fleet-3", "france", "channel", 10);
    if let Some(f) = s.fleets.get_mut("fr-fleet-3") {
        f.place = FleetPlace::Port("brest".into());
    }
    let mut s = expenditure(s);
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    assert_eq!(rule_of(run(&s, Power::France, "buy 6 ships for fr-fleet-3", &[])), "2.4.2.1.1", "15 at most");
    assert_eq!(rule_of(run(&s, Power::France, "buy fleet fr-fleet-6 with 2 ships at paris", &[])), "5.1.1");
    let s = ok(&s, Power::France, "buy 2 ships for fr-fleet-3");
    let s = ok(&s, Power::France, "buy fleet fr-fleet-6 with 2 ships at toulon");
    let s = end_phase(ok(&s, Power::France, "end"), &[]);
    assert_eq!(s.sequence.phase, Phase::NavalReinforcement);
    assert_eq!(s.fleets["fr-fleet-3"].ships, 12);
    assert_eq!(s.fleets["fr-fleet-6"].place, FleetPlace::Port("toulon".into()));
    assert!(s.economy.orders.is_empty());
    // Without the naval option there is no step to place them.
    let mut plain = expenditure(economic(9, &[]));
    while acting(&plain) != Power::France {
        plain = ok(&plain, acting(&plain), "end");
    }
    assert_eq!(rule_of(run(&plain, Power::France, "buy fleet fr-fleet-6 with 2 ships at toulon", &[])), "5.1");
}

#[test]
fn r8_5_7_surplus_money_is_kept_manpower_lost_but_by_prussia() {
    let s = expenditure(economic(9, &[]));
    let prussia = s.economy.manpower_of(Power::Prussia);
    assert!(prussia > 0);
    let m = money(&s, Power::France);
    let s = end_phase(s, &[]);
    assert_eq!(s.economy.manpower_of(Power::France), 0);
    assert_eq!(s.economy.manpower_of(Power::Prussia), prussia, "the Krümper system");
    assert_eq!(money(&s, Power::France), m);
    let orders: Vec<&Order> = s.economy.orders.iter().collect();
    assert!(orders.is_empty());
}

#[test]
fn r8_6_status_moves_by_the_points_then_drifts_towards_the_middle() {
    assert_eq!(status::moved(ctx(), 19, 4), 22, "23 drifts back a box");
    assert_eq!(status::moved(ctx(), 19, 1), 20, "inside the Normal Zone: no drift");
    assert_eq!(status::moved(ctx(), 24, 9), 24, "25 at most, then the drift");
    assert_eq!(status::moved(ctx(), 12, -8), 5, "4 drifts up a box");
    assert_eq!(status::moved(ctx(), 3, -9), 2, "1 at least, then the drift");
    let mut s = economic(9, &[]);
    if let Some(p) = s.powers.get_mut(&Power::France) {
        p.political = 4;
    }
    let start = ctx().politics.start(Power::France);
    let s = expenditure(s);
    let s = end_phase(s, &[]);
    assert_eq!(s.politics.status[&Power::France], status::moved(ctx(), start, 4));
    assert_eq!(s.powers[&Power::France].political, 0, "the points start again from zero");
}

#[test]
fn r8_7_a_power_in_the_fiasco_zone_rolls_for_civil_disorder() {
    let mut s = economic(9, &[]);
    s.politics.status.insert(Power::Turkey, 2);
    let s = expenditure(s);
    let mut last = s.clone();
    while acting(&last) != Power::France {
        last = ok(&last, acting(&last), "end");
    }
    let turkey = money(&last, Power::Turkey);
    assert_eq!(rule_of(run(&last, Power::France, "end", &[])), "dice", "the roll waits for a die");
    let after = run(&last, Power::France, "end", &[4]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(money(&after, Power::Turkey), turkey - 8);
    assert_eq!(money(&after, Power::France), money(&last, Power::France), "France is not in disorder");
}

fn feudal(area: &str) -> grognard_eia::state::Corps {
    grognard_eia::state::Corps {
        nation: "turkey".into(),
        area: area.into(),
        in_city: false,
        factors: Factors::of(&[(FactorKind::FeudalInfantry, 2)]),
        aboard: None,
        veil: Default::default(),
        loan: None,
    }
}

#[test]
fn r8_10_the_december_levy_musters_feudal_corps_in_their_home_province() {
    let mut s = economic(12, &[]);
    s.corps.insert("tu-feudal-bosnia".into(), feudal("sarajevo"));
    s.corps.insert("tu-feudal-albania".into(), feudal("sofia"));
    let s = end_phase(expenditure(s), &[]);
    let full = Factors::of(&[(FactorKind::FeudalInfantry, 6), (FactorKind::FeudalCavalry, 4)]);
    assert_eq!(s.corps["tu-feudal-bosnia"].factors, full);
    assert_eq!(s.corps["tu-feudal-albania"].factors.total(), 2, "not in Albania: no levy");
    // Not in September.
    let mut s = economic(9, &[]);
    s.corps.insert("tu-feudal-bosnia".into(), feudal("sarajevo"));
    let s = end_phase(expenditure(s), &[]);
    assert_eq!(s.corps["tu-feudal-bosnia"].factors.total(), 2);
}

#[test]
fn r5_2_5_the_scenario_s_monthly_money_gives_way_to_the_economic_phase() {
    let eia = Eia;
    assert!(eia.options().iter().any(|o| o.id == "economic"));
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let plain = eia.setup(&Setup::scenario("1805"), &seats).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario("1805");
    setup.options = vec!["economic".into()];
    let with = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(money(&plain, Power::France), 30 + 8, "start and September's money");
    assert_eq!(money(&with, Power::France), 30, "start only");
    assert_eq!(with.politics.status[&Power::France], ctx().politics.start(Power::France), "status markers set");
    assert!(plain.politics.status.is_empty());
    assert!(ctx().data_files().iter().any(|(name, _)| *name == "economy.txt"), "hashed into the genesis");
}

#[test]
fn r8_the_economic_records_round_trip_and_stay_out_of_games_without_the_option() {
    let mut s = expenditure(economic(9, &[]));
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    let s = ok(&s, Power::France, "buy 2 infantry");
    let json = serde_json::to_string(&s).unwrap_or_else(|e| panic!("{e}"));
    let back: State = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, s);
    assert!(json.contains("\"economy\""));
    let plain = serde_json::to_value(bare()).unwrap_or_else(|e| panic!("{e}"));
    assert!(plain.get("economy").is_none(), "a game without the option serializes as before");
}

fn set_money(s: &mut State, power: Power, money: i32) {
    if let Some(p) = s.powers.get_mut(&power) {
        p.money = money;
    }
}

fn term_in_force(s: &mut State, victor: Power, loser: Power, term: &str, from: grognard_eia::date::Month) {
    s.politics.terms.push(grognard_eia::politics::TermInForce { victor, loser, term: term.into(), from });
}

/// The manipulation step is over: the state in the expenditure step, with every loan passed.
fn after_manipulation(s: State) -> State {
    expenditure(s)
}

#[test]
fn b3_reparations_pay_half_the_tax_value_to_the_victor() {
    use grognard_eia::economy::peace_terms;
    let base = economic(9, &[]);
    let mut s = base.clone();
    let mut log = Vec::new();
    peace_terms::opened(ctx(), &mut s, Power::France, Power::Prussia, "B.3", &mut log);
    // Prussia's home provinces are printed at 30: half is 15; a third, 10, in each of two.
    assert_eq!(peace_terms::printed_tax(ctx(), Power::Prussia), 30);
    let r = &s.economy.reparations[0];
    assert_eq!((r.due.clone(), r.spread.clone()), (vec![15], vec![10, 10]));
    assert_eq!(log.len(), 1);
    let (paid, unpaid) = (after_manipulation(s), after_manipulation(base));
    assert_eq!(money(&paid, Power::France) - money(&unpaid, Power::France), 15);
    assert_eq!(money(&paid, Power::Prussia) - money(&unpaid, Power::Prussia), -15);
    assert!(paid.economy.reparations.is_empty(), "paid whole: nothing left");
    // Without the option `economic` the term is only recorded.
    let mut s = bare();
    peace_terms::opened(ctx(), &mut s, Power::France, Power::Prussia, "B.3", &mut log);
    assert!(s.economy.reparations.is_empty());
    // A term without reparations opens none.
    let mut s = economic(9, &[]);
    peace_terms::opened(ctx(), &mut s, Power::France, Power::Prussia, "B.2", &mut log);
    assert!(s.economy.reparations.is_empty());
}

#[test]
fn c3_reparations_spread_by_the_loser_are_two_thirds_rounded_up_in_each_of_two_phases() {
    use grognard_eia::economy::peace_terms;
    let mut s = economic(9, &[]);
    let mut log = Vec::new();
    peace_terms::opened(ctx(), &mut s, Power::France, Power::Austria, "C.3", &mut log);
    // Austria is printed at 49: all of it at once, or 33 (32 2/3 rounded up) twice.
    assert_eq!(s.economy.reparations[0].due, [49]);
    assert_eq!(s.economy.reparations[0].spread, [33, 33]);
    set_money(&mut s, Power::Austria, 200);
    let base = s.clone();
    let mut s = end_of_land_phase(s);
    // The loser chooses in its lending turn (R4.4.6.5); the others are not asked.
    while acting(&s) != Power::Austria {
        let p = acting(&s);
        s = ok(&s, p, "end");
    }
    let e = rule_of(run(&s, Power::Austria, "spread reparations to russia", &[]));
    assert_eq!(e, "R4.4.6.5");
    let spread = ok(&s, Power::Austria, "spread reparations to france");
    assert_eq!(spread.economy.reparations[0].due, [33, 33]);
    assert_eq!(rule_of(run(&spread, Power::Austria, "spread reparations to france", &[])), "R4.4.6.5");
    let spread = end_while(spread, EconomicStep::Lending, &[]);
    let whole = expenditure(base);
    assert_eq!(money(&whole, Power::France) - money(&spread, Power::France), 49 - 33);
    assert_eq!(spread.economy.reparations[0].due, [33], "the second instalment falls due next phase");
    assert!(whole.economy.reparations.is_empty());
}

#[test]
fn r4_4_6_5_reparations_a_loser_cannot_pay_stay_owed_as_a_debt() {
    use grognard_eia::economy::peace_terms;
    let mut s = economic(9, &[]);
    let mut log = Vec::new();
    peace_terms::opened(ctx(), &mut s, Power::Russia, Power::Turkey, "C.3", &mut log);
    assert_eq!(s.economy.reparations[0].due, [21]);
    set_money(&mut s, Power::Turkey, 5);
    let before = money(&s, Power::Russia);
    peace_terms::pay(&mut s, &mut log);
    assert_eq!(money(&s, Power::Turkey), 0);
    assert_eq!(money(&s, Power::Russia), before + 5);
    assert_eq!(s.economy.owed(Power::Turkey), 16, "a debt (R8.5.2)");
    assert_eq!(peace_terms::arrears(&s, Power::Turkey), 16);
    // The next phase: arrears first, as far as the money goes.
    set_money(&mut s, Power::Turkey, 20);
    peace_terms::pay(&mut s, &mut log);
    assert_eq!(money(&s, Power::Turkey), 4);
    assert!(s.economy.reparations.is_empty());
    assert_eq!(s.economy.owed(Power::Turkey), 0);
}

#[test]
fn r4_4_6_5_a_power_owing_reparations_buys_nothing() {
    let mut s = economic(9, &[]);
    s.economy.reparations.push(grognard_eia::economy::peace_terms::Reparation {
        loser: Power::Spain,
        victor: Power::France,
        term: "B.3".into(),
        due: Vec::new(),
        spread: Vec::new(),
        owed: 500,
    });
    let s = expenditure(s);
    assert_eq!(acting(&s), Power::Spain);
    assert!(s.economy.owed(Power::Spain) > 0, "500 owed, Spain's money paid what it could");
    assert_eq!(rule_of(run(&s, Power::Spain, "buy 1 infantry", &[])), "R8.5.2");
}

#[test]
fn c7_colonial_concessions_take_half_of_britain_s_colonial_trade_for_12_months() {
    let base = economic(9, &[]);
    let mut s = base.clone();
    term_in_force(&mut s, Power::France, Power::Britain, "C.7", month(1805, 9));
    let i = collection::income(ctx(), &s, Power::Britain);
    let colonial = ctx().economy.power(Power::Britain).map_or(0, |l| l.colonial);
    assert_eq!(i.conceded, colonial / 2);
    assert_eq!(i.money(), collection::income(ctx(), &base, Power::Britain).money() - colonial / 2);
    let (with, without) = (expenditure(s.clone()), expenditure(base));
    assert_eq!(money(&with, Power::France) - money(&without, Power::France), colonial / 2);
    // Twelve months: the phase of June 1806 still pays, September 1806's no more.
    s.date = month(1806, 6);
    assert_eq!(collection::income(ctx(), &s, Power::Britain).conceded, colonial / 2);
    s.date = month(1806, 9);
    assert_eq!(collection::income(ctx(), &s, Power::Britain).conceded, 0);
    // A power without colonial trade concedes nothing.
    let mut s = economic(9, &[]);
    term_in_force(&mut s, Power::Britain, Power::Spain, "C.7", month(1805, 9));
    assert_eq!(collection::income(ctx(), &s, Power::Spain).conceded, 0);
}

#[test]
fn b6_the_embargo_costs_the_victor_s_enemies_a_share_of_their_overseas_trade() {
    let base = economic(9, &[]);
    let mut s = base.clone();
    // Prussia, beaten by France, closes its trade to France's enemies while their enforced
    // peace lasts.
    term_in_force(&mut s, Power::France, Power::Prussia, "B.6", month(1805, 9));
    s.politics.enforced.push(grognard_eia::politics::Enforced {
        by: Power::France,
        on: Power::Prussia,
        until: month(1807, 3),
    });
    let trade = collection::income(ctx(), &base, Power::Britain).overseas;
    let share = ctx().peace.term("B.6").and_then(|t| t.share).unwrap_or_else(|| panic!("B.6 has a share"));
    let lost = trade * share.numerator as i32 / share.denominator as i32;
    assert!(lost > 0);
    let i = collection::income(ctx(), &s, Power::Britain);
    assert_eq!((i.embargoed, i.overseas), (lost, trade - lost));
    // France's ally Spain and Prussia itself trade as before; so does Britain once the
    // enforced peace is over.
    assert_eq!(collection::income(ctx(), &s, Power::Spain).embargoed, 0);
    assert_eq!(collection::income(ctx(), &s, Power::Prussia).embargoed, 0);
    let mut later = s.clone();
    later.date = month(1807, 3);
    assert_eq!(collection::income(ctx(), &later, Power::Britain).embargoed, 0);
    let (with, without) = (expenditure(s), expenditure(base));
    assert_eq!(money(&without, Power::Britain) - money(&with, Power::Britain), lost);
}

#[test]
fn r8_4_3_the_manipulation_step_returns_removed_leaders_whose_power_fights_their_remover() {
    let mut s = economic(9, &[]);
    let russian = ctx().leaders.of_power(Power::Russia).next().map(|l| l.id.clone()).unwrap_or_default();
    let prussian = ctx().leaders.of_power(Power::Prussia).next().map(|l| l.id.clone()).unwrap_or_default();
    for (leader, power) in [(&russian, Power::Russia), (&prussian, Power::Prussia)] {
        s.politics.removed.push(grognard_eia::politics::term_effects::Removed {
            leader: leader.clone(),
            power,
            by: vec![Power::France],
            on: month(1805, 6),
        });
    }
    let s = expenditure(s);
    // Russia is at war with France, Prussia at peace.
    assert_eq!(s.leaders.get(&russian), Some(&grognard_eia::state::LeaderPlace::Retired));
    assert!(!s.leaders.contains_key(&prussian));
    assert_eq!(s.politics.removed.len(), 1);
}

/// The economic phase of September 1805 in the ceding step (8.8), France to act.
fn ceding_step(s: State) -> State {
    let mut s = end_while(expenditure(s), EconomicStep::Expenditure, &[]);
    assert_eq!(step(&s), Some(EconomicStep::Ceding));
    while acting(&s) != Power::France {
        s = ok(&s, acting(&s), "end");
    }
    s
}

#[test]
fn r8_8_a_power_gives_a_minor_country_or_a_province_to_a_power_that_receives_it() {
    let mut s = economic(9, &[]);
    corps(&mut s, "bav-1", "bavaria", "munich", 3);
    let belgium: Vec<String> = ctx().map.areas_of_province("belgium").iter().map(|a| a.id.clone()).collect();
    let s = ceding_step(s);
    // France is at war with Austria: no gift to an enemy; nothing it does not hold.
    assert_eq!(rule_of(run(&s, Power::France, "give bavaria to austria", &[])), "R8.8");
    assert_eq!(rule_of(run(&s, Power::France, "give silesia to spain", &[])), "R8.8");
    assert_eq!(rule_of(run(&s, Power::France, "give ile-de-france to spain", &[])), "R8.8", "not its home");
    let mut held = s.clone();
    corps(&mut held, "fr-1", "france", &belgium[0], 3);
    assert_eq!(rule_of(run(&held, Power::France, "give belgium to spain", &[])), "R8.8", "its corps leave first");
    let s = ok(&s, Power::France, "give bavaria to spain");
    let s = ok(&s, Power::France, "give belgium to spain");
    let s = ok(&s, Power::France, "give baden to spain");
    assert_eq!(rule_of(run(&s, Power::France, "give bavaria to prussia", &[])), "R8.8", "offered once");
    // The second round: Spain answers.
    let s = ok(&s, Power::France, "end");
    assert_eq!(step(&s), Some(EconomicStep::Ceding));
    assert_eq!(acting(&s), Power::Spain);
    assert_eq!(rule_of(run(&s, Power::Spain, "receive wurttemberg", &[])), "R8.8");
    let s = ok(&s, Power::Spain, "receive bavaria as conquered");
    assert_eq!(s.minors["bavaria"].controller, Some(Power::Spain));
    assert!(!s.minors["bavaria"].free_state, "8.8.5: made a conquered minor country");
    assert!(!s.corps.contains_key("bav-1"), "its forces leave the map");
    let s = ok(&s, Power::Spain, "receive belgium");
    assert_eq!(s.area_controller(ctx(), &belgium[0]), Some("spain"));
    assert!(s.politics.ceded.contains(&belgium[0]));
    // What is not received stays where it was.
    let s = end_while(s, EconomicStep::Ceding, &[]);
    assert_eq!(s.minors["baden"].controller, Some(Power::France));
    assert!(s.minors["baden"].free_state);
    assert!(step(&s).is_none(), "the phase is over");
}
