//! The new political combinations step (8.9, option `combinations`; reconstructed R8.9,
//! R11.1-R11.6, R11.8) and the Holy Roman Empire it depends on (C.6, R11.5), one test a rule,
//! refusals included, on hand-made states of the real map (`support::bare`).

use crate::economy_support;
use crate::support;

use economy_support::{acting, end_of_land_phase, end_while, month, ok, step};
use grognard_eia::economy::{combinations, EconomicStep};
use grognard_eia::sequence::{Phase, Sequence};
use grognard_eia::state::{MinorState, State};
use grognard_eia::{FactorKind, Power};
use support::{bare, corps, ctx, rule_of, run};

/// `bare()` with the options `economic` and `combinations`, in `year`-`m`, the game running to
/// 1810; France at peace with Austria (Pressburg), still at war with Britain and Russia.
fn economic(year: u16, m: u8) -> State {
    let mut s = bare();
    s.options = vec!["economic".into(), "combinations".into()];
    s.date = month(year, m);
    s.first = month(1805, 9);
    s.last = month(1810, 12);
    s.relations.make_peace("france", "austria");
    // A Prussian corps: the army reinforcement step after the phase waits for Prussia.
    corps(&mut s, "pr-1", "prussia", "berlin", 5);
    s
}

/// From the end of the land phase to the economic phase's step I (or past it when nobody has
/// anything to create).
fn to_combinations(s: State) -> State {
    let s = end_of_land_phase(s);
    let s = end_while(s, EconomicStep::Lending, &[]);
    let s = end_while(s, EconomicStep::Expenditure, &[]);
    end_while(s, EconomicStep::Ceding, &[])
}

/// `s` put back in step I with `power` to act.
fn at_step(mut s: State, power: Power) -> State {
    let order = grognard_eia::economy::order(&s);
    let index = order.iter().position(|p| *p == power).unwrap_or_else(|| panic!("{power} plays"));
    s.sequence = Sequence { phase: Phase::Economic(EconomicStep::Combinations), order, index };
    s
}

fn give(s: &mut State, minor: &str, power: Power) {
    s.minors.insert(minor.into(), MinorState { controller: Some(power), free_state: true });
}

/// The Tyrol held by France, as Pressburg gave it.
fn tyrol_french(s: &mut State) {
    s.occupied.insert("tyrol".into(), "france".into());
    s.politics.ceded.push("tyrol".into());
}

#[test]
fn r8_9_the_step_comes_after_ceding_with_the_option_for_the_powers_with_something_to_create() {
    let mut s = economic(1806, 3);
    tyrol_french(&mut s);
    let s = to_combinations(s);
    assert_eq!(step(&s), Some(EconomicStep::Combinations));
    assert_eq!(acting(&s), Power::France, "the only power with a combination to create");
    let legal = grognard_eia::ruleset::legal_commands(ctx(), &s, grognard_engine::PlayerId(0));
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert!(texts.contains(&"create kingdom-of-bavaria".to_string()), "{texts:?}");
    assert!(!texts.iter().any(|t| t == "create poland"), "{texts:?}");
    // `end` passes; then the levy step (December only) and the phase ends.
    let s = ok(&s, Power::France, "end");
    assert!(step(&s).is_none(), "the phase is over: {}", s.sequence.phase);
    assert!(s.politics.combinations.is_empty());
}

#[test]
fn r8_9_without_the_option_the_phase_goes_from_ceding_to_the_levy() {
    let mut s = economic(1806, 3);
    s.options.retain(|o| o != "combinations");
    tyrol_french(&mut s);
    let s = to_combinations(s);
    assert!(step(&s).is_none(), "no step I: {}", s.sequence.phase);
}

#[test]
fn r11_4_france_makes_bavaria_a_kingdom_with_the_tyrol_and_its_new_corps() {
    let mut s = economic(1806, 3);
    tyrol_french(&mut s);
    s.minors.insert("bavaria".into(), MinorState { controller: Some(Power::France), free_state: false });
    let s = to_combinations(s);
    let before = s.powers[&Power::France].political;
    let s = ok(&s, Power::France, "create kingdom-of-bavaria");
    assert_eq!(s.area_controller(ctx(), "tyrol"), Some("bavaria"), "the Tyrol ceded to Bavaria");
    assert!(s.politics.ceded.contains(&"tyrol".to_string()));
    assert!(s.in_territory(ctx(), Power::France, "tyrol"));
    assert_eq!(s.minors["bavaria"].controller, Some(Power::France));
    assert!(s.minors["bavaria"].free_state, "a kingdom with its own army");
    let c = &s.corps["ba-4"];
    assert_eq!((c.nation.as_str(), c.area.as_str()), ("bavaria", "tyrol"));
    assert_eq!((c.factors.get(FactorKind::Infantry), c.factors.get(FactorKind::Cavalry)), (4, 1));
    assert_eq!(s.powers[&Power::France].political, before + 1);
    assert!(combinations::formed(&s, "kingdom-of-bavaria"));
    assert!(grognard_eia::invariants::broken(ctx(), &s).is_empty());
    // Once is all.
    assert_eq!(rule_of(run(&at_step(s, Power::France), Power::France, "create kingdom-of-bavaria", &[])), "11.4");
}

#[test]
fn r11_4_the_kingdom_of_bavaria_needs_its_year_the_peace_the_tyrol_and_bavaria() {
    let mut s = economic(1806, 3);
    tyrol_french(&mut s);
    s.minors.insert("hesse-darmstadt".into(), MinorState { controller: Some(Power::France), free_state: true });
    s.politics.empire = Some(false);
    // The Confederation (also France's) keeps France's turn in the step whatever Bavaria lacks.
    let s = to_combinations(s);
    assert_eq!(acting(&s), Power::France);
    let create = |s: &State| rule_of(run(s, Power::France, "create kingdom-of-bavaria", &[]));
    assert_eq!(create(&s), "accepted");
    let mut early = s.clone();
    early.date = month(1805, 12);
    assert_eq!(create(&early), "11.4", "not before 1806");
    let mut war = s.clone();
    war.relations.declare_war("france", "austria");
    assert_eq!(create(&war), "11.4", "at peace with Austria");
    let mut tyrol = s.clone();
    tyrol.occupied.remove("tyrol");
    assert_eq!(create(&tyrol), "11.4", "the Tyrol held");
    let mut bavaria = s.clone();
    bavaria.minors.insert("bavaria".into(), MinorState { controller: None, free_state: true });
    assert_eq!(create(&bavaria), "11.4", "Bavaria controlled");
    let e = run(&bavaria, Power::France, "create kingdom-of-bavaria", &[]).unwrap_err();
    assert!(e.contains("Bavaria controlled by France"), "{e}");
    assert_eq!(rule_of(run(&s, Power::France, "create atlantis", &[])), "8.9");
    assert_eq!(rule_of(run(&s, Power::France, "create ottoman-empire", &[])), "11.6", "Turkey's");
}

#[test]
fn r11_5_the_confederation_of_the_rhine_needs_the_holy_roman_empire_dissolved() {
    let mut s = economic(1806, 9);
    give(&mut s, "hesse-darmstadt", Power::France);
    let s = to_combinations(s);
    assert!(combinations::empire_exists(ctx(), &s), "the Empire stands in a game begun in 1805");
    assert_ne!(step(&s), Some(EconomicStep::Combinations), "nothing to create while it stands");
    let mut at_step = at_step(s, Power::France);
    let e = run(&at_step, Power::France, "create confederation-of-the-rhine", &[]).unwrap_err();
    assert!(e.starts_with("11.5|") && e.contains("Holy Roman Empire"), "{e}");
    at_step.politics.empire = Some(false);
    let s = ok(&at_step, Power::France, "create confederation-of-the-rhine");
    assert!(combinations::formed(&s, "confederation-of-the-rhine"));
    assert_eq!(s.corps["rh-1"].nation, "hesse-darmstadt");
    assert_eq!(s.corps["rh-1"].area, "darmstadt");
    // A game begun after August 1806 starts without the Empire.
    let mut later = bare();
    later.first = month(1809, 3);
    assert!(!combinations::empire_exists(ctx(), &later));
}

#[test]
fn r11_5_re_establishing_the_holy_roman_empire_dissolves_the_confederation() {
    let mut s = economic(1806, 9);
    give(&mut s, "hesse-darmstadt", Power::France);
    s.politics.empire = Some(false);
    let s = to_combinations(s);
    let s = ok(&s, Power::France, "create confederation-of-the-rhine");
    let mut back = s.clone();
    let mut log = Vec::new();
    combinations::set_empire(ctx(), &mut back, true, &mut log);
    assert!(combinations::empire_exists(ctx(), &back));
    assert!(!combinations::formed(&back, "confederation-of-the-rhine"));
    assert!(!back.corps.contains_key("rh-1"), "its counter leaves the map");
    assert_eq!(back.minors["bavaria"].controller, Some(Power::France), "its members stay as they were");
    // Dissolving it again touches no combination.
    let mut again = s.clone();
    combinations::set_empire(ctx(), &mut again, false, &mut log);
    assert!(combinations::formed(&again, "confederation-of-the-rhine"));
}

#[test]
fn r11_1_r11_8_a_dominant_russia_may_create_poland_a_normal_one_may_not() {
    let mut s = economic(1807, 9);
    give(&mut s, "saxony", Power::Russia);
    for area in ["posen", "warsaw", "bialystok"] {
        s.occupied.insert(area.into(), "russia".into());
    }
    s.politics.status.insert(Power::Russia, 25);
    let dominant = to_combinations(s.clone());
    assert_eq!(acting(&dominant), Power::Russia);
    let created = ok(&dominant, Power::Russia, "create poland");
    assert_eq!(created.area_controller(ctx(), "warsaw"), Some("saxony"));
    assert_eq!(created.corps["pl-1"].area, "warsaw");
    assert_eq!(created.corps["pl-1"].factors.total() + created.corps["pl-2"].factors.total(), 16);
    assert_eq!(created.politics.combinations[0].by, Power::Russia);
    let mut normal = dominant.clone();
    normal.politics.status.insert(Power::Russia, 15);
    let e = run(&normal, Power::Russia, "create poland", &[]).unwrap_err();
    assert!(e.starts_with("11.1|") && e.contains("11.8"), "{e}");
    // Poland also needs peace with Prussia.
    let mut war = dominant.clone();
    war.relations.declare_war("russia", "prussia");
    assert_eq!(rule_of(run(&war, Power::Russia, "create poland", &[])), "11.1");
    // Turkey binds the Barbary regencies it controls, without the 11.8 alternative.
    let mut turkish = dominant;
    turkish.politics.status.insert(Power::Russia, 15);
    for m in ["tripoli", "tunis", "algiers"] {
        give(&mut turkish, m, Power::Turkey);
    }
    assert_eq!(rule_of(run(&turkish, Power::Russia, "create ottoman-empire", &[])), "11.6");
}

#[test]
fn r11_6_turkey_binds_the_barbary_regencies_into_the_ottoman_empire() {
    let mut s = economic(1805, 12);
    for m in ["tripoli", "tunis", "algiers"] {
        give(&mut s, m, Power::Turkey);
    }
    let s = to_combinations(s);
    assert_eq!(acting(&s), Power::Turkey);
    let mut short = s.clone();
    short.minors.insert("tunis".into(), MinorState { controller: None, free_state: true });
    assert_eq!(rule_of(run(&short, Power::Turkey, "create ottoman-empire", &[])), "11.6");
    let s = ok(&s, Power::Turkey, "create ottoman-empire");
    let c = &s.corps["tu-regency"];
    assert_eq!((c.nation.as_str(), c.area.as_str()), ("turkey", "tripoli"));
    assert_eq!(c.factors.total(), 10);
}

#[test]
fn r11_a_combination_s_counters_are_neither_bought_nor_set_up_before_it_exists() {
    let mut s = economic(1805, 12);
    give(&mut s, "bavaria", Power::France);
    s.sequence = Sequence {
        phase: Phase::Economic(EconomicStep::Expenditure),
        order: grognard_eia::economy::order(&s),
        index: 6,
    };
    assert_eq!(acting(&s), Power::France);
    assert_eq!(rule_of(run(&s, Power::France, "buy corps ba-4 with 1 infantry", &[])), "11.4");
    let legal = grognard_eia::ruleset::legal_commands(ctx(), &s, grognard_engine::PlayerId(0));
    assert!(!legal.iter().any(|c| c.to_string().contains("ba-4")), "not offered");
    // 4.6.3.4: Bavaria's set-up leaves the Tyrolean corps off even with its own three on the map.
    let mut setup = bare();
    for id in ["ba-1", "ba-2", "ba-3"] {
        corps(&mut setup, id, "bavaria", "munich", 1);
    }
    let mut log = Vec::new();
    grognard_eia::politics::minor_setup::set_up(ctx(), &mut setup, "bavaria", Power::France, &mut log);
    assert!(!setup.corps.contains_key("ba-4"));
    // Created, it is a counter like any other.
    let mut formed = s.clone();
    formed.politics.combinations.push(combinations::Formed {
        id: "kingdom-of-bavaria".into(),
        by: Power::France,
        on: month(1806, 3),
    });
    formed.economy.minors.insert("bavaria".into(), grognard_eia::economy::Treasury { money: 20, manpower: 5 });
    let bought = run(&formed, Power::France, "buy corps ba-4 with 1 infantry", &[]);
    assert_eq!(rule_of(bought.clone()), "accepted", "{bought:?}");
}

#[test]
fn r8_9_the_data_file_is_hashed_into_the_genesis_and_the_records_round_trip() {
    assert!(ctx().data_files().iter().any(|(name, _)| *name == "combinations.txt"));
    let mut s = economic(1806, 3);
    tyrol_french(&mut s);
    let s = ok(&to_combinations(s), Power::France, "create kingdom-of-bavaria");
    let text = serde_json::to_string(&s).unwrap_or_else(|e| panic!("{e}"));
    let back: State = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, s);
    assert!(text.contains("kingdom-of-bavaria"));
    assert!(!serde_json::to_string(&bare()).unwrap_or_default().contains("combinations"));
}

fn opening(scenario: &str, options: &[&str]) -> State {
    use grognard_engine::{Ruleset, Seats, Setup};
    let eia = grognard_eia::Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == scenario).unwrap_or_else(|| panic!("no {scenario}"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario(scenario);
    setup.options = options.iter().map(|o| o.to_string()).collect();
    eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn r11_a_scenario_begun_after_a_historical_combination_starts_with_it_created() {
    let s = opening("1809", &["economic", "combinations"]);
    let ids: Vec<&str> = s.politics.combinations.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["poland", "kingdom-of-italy", "westphalia", "kingdom-of-bavaria", "confederation-of-the-rhine"]);
    assert!(!combinations::empire_exists(ctx(), &s));
    assert!(!combinations::reserved(ctx(), &s, "pl-1"), "the Duchy's counters may be bought");
    assert!(combinations::creatable(ctx(), &s, Power::France).is_empty(), "nothing made twice");
    // Without the option, or from 1805, nothing is recorded.
    assert!(opening("1809", &["economic"]).politics.combinations.is_empty());
    let s = opening("1805", &["economic", "combinations"]);
    assert!(s.politics.combinations.is_empty());
    assert!(combinations::empire_exists(ctx(), &s));
}

#[test]
fn r11_4_the_lands_ceded_to_a_combination_tint_as_its_seat_on_the_picture() {
    let mut s = economic(1806, 3);
    tyrol_french(&mut s);
    let s = ok(&to_combinations(s), Power::France, "create kingdom-of-bavaria");
    let view = grognard_eia::view::board_view(ctx(), &s);
    assert!(view.pieces.iter().any(|p| p.id == "ba-4" && p.nation == "bavaria"));
    // Whoever runs Bavaria later, the Tyrol goes with it.
    let mut later = s.clone();
    later.minors.insert("bavaria".into(), MinorState { controller: Some(Power::Austria), free_state: true });
    let view = grognard_eia::view::board_view(ctx(), &later);
    let side = |area: &str| view.control.iter().find(|(a, _)| a == area).map(|(_, side)| *side);
    let austria = Power::ALL.iter().position(|p| *p == Power::Austria);
    assert_eq!(side("munich"), austria);
    assert_eq!(side("tyrol"), austria, "one country on the map");
}
