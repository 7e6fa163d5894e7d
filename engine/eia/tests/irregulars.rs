//! Irregular forces (10.1, reconstructed R10.1) and the guerrilla step (7.6, R7.6): the levy
//! raises and disbands them; they move, block, fight and strike as the text says.

use crate::support;

use grognard_eia::forces::Factors;
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::{Depot, Garrison, State};
use grognard_eia::{FactorKind, Power};
use support::*;

/// `power` phases in land step `step`.
fn phasing(state: &mut State, power: Power, step: LandStep) {
    let phase = Phase::Land(step);
    state.sequence = Sequence { phase, order: Sequence::order_of(phase, &Power::ALL, 0), index: 0 };
    state.sequence.index = state.sequence.order.iter().position(|p| *p == power).unwrap_or(0);
}

/// A lone irregular counter of `kind` for `nation`.
fn band(state: &mut State, id: &str, nation: &str, area: &str, kind: FactorKind) {
    corps(state, id, nation, area, 1);
    if let Some(c) = state.corps.get_mut(id) {
        c.factors = Factors::of(&[(kind, 1)]);
    }
}

/// Spain turned on France (the Peninsular War): at war, no longer allied.
fn spain_at_war_with_france() -> State {
    let mut state = bare();
    state.relations.break_alliance("france", "spain");
    state.relations.declare_war("france", "spain");
    state
}

fn levy(state: &mut State) -> Vec<String> {
    let mut log = Vec::new();
    grognard_eia::irregulars::levy(ctx(), state, &mut log);
    log.into_iter().map(|e| e.text).collect()
}

fn ids_of(state: &State, kind: FactorKind) -> Vec<(String, String)> {
    state
        .corps
        .iter()
        .filter(|(_, c)| c.irregular() == Some(kind))
        .map(|(id, c)| (id.clone(), c.area.clone()))
        .collect()
}

#[test]
fn r10_1_reconstructed_the_levy_raises_cossacks_in_war_up_to_the_counters() {
    let mut state = bare();
    let said = levy(&mut state);
    assert_eq!(
        ids_of(&state, FactorKind::Cossack),
        vec![("russia-cossack-1".into(), "kharkov".into()), ("russia-cossack-2".into(), "kharkov".into())]
    );
    assert!(said.iter().any(|t| t.contains("Russia raises 2 cossacks in") && t.contains("R10.1")), "{said:?}");
    // An enemy corps in Kharkov sends the next ones to the second area of the list.
    corps(&mut state, "fr-1", "france", "kharkov", 5);
    levy(&mut state);
    assert_eq!(state.corps.get("russia-cossack-3").map(|c| c.area.as_str()), Some("kherson"));
    // A cossack in a garrison counts against the counters: six in all, never more.
    state.garrisons.insert(
        "moscow".into(),
        Garrison { nation: "russia".into(), factors: Factors::of(&[(FactorKind::Cossack, 1)]) },
    );
    for _ in 0..4 {
        levy(&mut state);
    }
    assert_eq!(ids_of(&state, FactorKind::Cossack).len(), 5, "five counters and one factor in Moscow's garrison");
    assert!(grognard_eia::invariants::broken(ctx(), &state).is_empty());
}

#[test]
fn r10_1_reconstructed_irregulars_go_home_when_their_war_is_over() {
    let mut state = bare();
    levy(&mut state);
    state.garrisons.insert(
        "moscow".into(),
        Garrison {
            nation: "russia".into(),
            factors: Factors::of(&[(FactorKind::Cossack, 1), (FactorKind::Infantry, 2)]),
        },
    );
    for enemy in ["france", "spain"] {
        state.relations.make_peace("russia", enemy);
    }
    let said = levy(&mut state);
    assert!(ids_of(&state, FactorKind::Cossack).is_empty());
    assert_eq!(
        state.garrisons.get("moscow").map(|g| g.factors.clone()),
        Some(Factors::of(&[(FactorKind::Infantry, 2)]))
    );
    assert!(said.iter().any(|t| t.contains("3 cossacks go home")), "{said:?}");
}

#[test]
fn r10_1_1_reconstructed_guerrillas_rise_where_the_enemy_stands_in_spain() {
    // Allied to France, with no enemy on its soil, Spain raises none.
    let mut state = bare();
    levy(&mut state);
    assert!(ids_of(&state, FactorKind::Guerrilla).is_empty());
    let mut state = spain_at_war_with_france();
    levy(&mut state);
    assert!(ids_of(&state, FactorKind::Guerrilla).is_empty(), "at war but not invaded");
    corps(&mut state, "fr-1", "france", "old-castile", 8);
    state.occupied.insert("navarre".into(), "france".into());
    levy(&mut state);
    let mut areas: Vec<String> = ids_of(&state, FactorKind::Guerrilla).into_iter().map(|(_, a)| a).collect();
    areas.sort();
    assert_eq!(areas, vec!["navarre".to_string(), "old-castile".to_string()]);
    for _ in 0..5 {
        levy(&mut state);
    }
    let count = |a: &str| ids_of(&state, FactorKind::Guerrilla).iter().filter(|(_, x)| x == a).count();
    assert_eq!((count("old-castile"), count("navarre")), (3, 3), "three a province at most from the levy");
    // The French leave: the bands go home.
    state.corps.remove("fr-1");
    state.occupied.clear();
    levy(&mut state);
    assert!(ids_of(&state, FactorKind::Guerrilla).is_empty());
}

#[test]
fn r7_3_1_1_cossacks_ride_five_points_and_never_force_march() {
    let mut state = bare();
    phasing(&mut state, Power::Russia, LandStep::Movement);
    band(&mut state, "russia-cossack-1", "russia", "kiev", FactorKind::Cossack);
    let far = run(&state, Power::Russia, "move russia-cossack-1 to vitebsk minsk vilna grodno", &[]);
    assert_eq!(rule_of(far.clone()), "accepted", "{far:?}");
    let e = run(&state, Power::Russia, "move russia-cossack-1 to vitebsk force", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.1.2|"), "{e}");
    let e = run(&state, Power::Russia, "move russia-cossack-1 to vitebsk forage", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.4|"), "{e}");
}

#[test]
fn r7_3_2_2_cossacks_ride_past_the_enemy_and_irregulars_do_not_stop_corps() {
    let mut state = bare();
    phasing(&mut state, Power::Russia, LandStep::Movement);
    band(&mut state, "russia-cossack-1", "russia", "kiev", FactorKind::Cossack);
    corps(&mut state, "ru-1", "russia", "kiev", 6);
    corps(&mut state, "fr-1", "france", "zhitomir", 6);
    let rode = run(&state, Power::Russia, "move russia-cossack-1 to zhitomir kamenets", &[]);
    assert_eq!(rule_of(rode), "accepted", "7.3.2.2");
    let e = run(&state, Power::Russia, "move ru-1 to zhitomir kamenets", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.2.1|"), "{e}");
    // 7.3.2.1: an area holding only enemy irregulars does not stop a corps.
    let mut state = bare();
    phasing(&mut state, Power::France, LandStep::Movement);
    corps(&mut state, "fr-1", "france", "vienna", 6);
    band(&mut state, "austria-freikorps-1", "austria", "linz", FactorKind::Freikorps);
    let walked = run(&state, Power::France, "move fr-1 to linz prague", &[]);
    assert_eq!(rule_of(walked), "accepted");
}

#[test]
fn r7_3_1_1_guerrillas_move_one_area_whatever_the_ground_and_stay_in_spain() {
    let mut state = spain_at_war_with_france();
    phasing(&mut state, Power::Spain, LandStep::Movement);
    band(&mut state, "spain-guerrilla-1", "spain", "old-castile", FactorKind::Guerrilla);
    let into_mountains = run(&state, Power::Spain, "move spain-guerrilla-1 to navarre", &[]);
    assert_eq!(rule_of(into_mountains), "accepted", "navarre is mountain: one area all the same");
    let e = run(&state, Power::Spain, "move spain-guerrilla-1 to madrid aragon", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.1.1|"), "{e}");
    if let Some(c) = state.corps.get_mut("spain-guerrilla-1") {
        c.area = "navarre".into();
    }
    let e = run(&state, Power::Spain, "move spain-guerrilla-1 to bordeaux", &[]).err().unwrap_or_default();
    assert!(e.starts_with("R10.1.1|"), "{e}");
}

#[test]
fn r7_4_unbesieged_irregulars_need_no_supply() {
    let mut state = bare();
    phasing(&mut state, Power::Russia, LandStep::Supply);
    band(&mut state, "russia-cossack-1", "russia", "warsaw", FactorKind::Cossack);
    corps(&mut state, "ru-1", "russia", "warsaw", 6);
    let owed: Vec<String> =
        grognard_eia::land::unsupplied(ctx(), &state, Power::Russia).into_iter().map(|(id, _)| id).collect();
    assert_eq!(owed, vec!["ru-1".to_string()]);
    let e = run(&state, Power::Russia, "forage russia-cossack-1", &[6]).err().unwrap_or_default();
    assert!(e.starts_with("7.4|"), "{e}");
}

#[test]
fn r7_2_3_2_1_irregulars_block_supply_chains_and_r7_2_bar_depots() {
    let mut state = bare();
    band(&mut state, "austria-freikorps-1", "austria", "linz", FactorKind::Freikorps);
    assert!(state.blocks_supply(Power::France, "linz"));
    // 7.2.3.2.1: not where a friendly corps stands too.
    corps(&mut state, "fr-1", "france", "linz", 6);
    assert!(!state.blocks_supply(Power::France, "linz"));
    // 7.2: enemy irregulars bar a depot unless a corps of the builder stands there.
    let mut state = bare();
    phasing(&mut state, Power::France, LandStep::Depots);
    state.occupied.insert("munich".into(), "france".into());
    band(&mut state, "austria-freikorps-1", "austria", "munich", FactorKind::Freikorps);
    let e = run(&state, Power::France, "depot munich", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.2|") && e.contains("freikorps"), "{e}");
}

#[test]
fn r7_5_1_cossacks_fight_and_are_fought_but_guerrillas_are_never_attacked() {
    let mut state = spain_at_war_with_france();
    phasing(&mut state, Power::France, LandStep::Combat);
    corps(&mut state, "fr-1", "france", "old-castile", 8);
    band(&mut state, "spain-guerrilla-1", "spain", "old-castile", FactorKind::Guerrilla);
    assert!(grognard_eia::combat::battles_owed(&state, Power::France).is_empty(), "R10.1.1.3");
    band(&mut state, "russia-cossack-1", "russia", "old-castile", FactorKind::Cossack);
    assert_eq!(grognard_eia::combat::battles_owed(&state, Power::France), vec!["old-castile".to_string()]);
    // 7.5.1: phasing cossacks alone in an area with the enemy must attack it.
    let mut state = bare();
    phasing(&mut state, Power::Russia, LandStep::Combat);
    band(&mut state, "russia-cossack-1", "russia", "munich", FactorKind::Cossack);
    corps(&mut state, "fr-1", "france", "munich", 8);
    assert_eq!(grognard_eia::combat::battles_owed(&state, Power::Russia), vec!["munich".to_string()]);
    // Guerrillas of the attacker fight with it (7.5.1.2), the enemy's are not in the battle.
    let mut state = spain_at_war_with_france();
    phasing(&mut state, Power::Spain, LandStep::Combat);
    corps(&mut state, "sp-1", "spain", "old-castile", 6);
    band(&mut state, "spain-guerrilla-1", "spain", "old-castile", FactorKind::Guerrilla);
    corps(&mut state, "fr-1", "france", "old-castile", 8);
    assert_eq!(
        grognard_eia::combat::forces::attackers(&state, Power::Spain, "old-castile"),
        vec!["sp-1".to_string(), "spain-guerrilla-1".to_string()]
    );
}

#[test]
fn r7_3_3_3_1_an_irregular_joins_a_garrison_but_takes_no_factors() {
    let mut state = bare();
    phasing(&mut state, Power::Russia, LandStep::Movement);
    band(&mut state, "russia-cossack-1", "russia", "moscow", FactorKind::Cossack);
    state.garrisons.insert(
        "moscow".into(),
        Garrison { nation: "russia".into(), factors: Factors::of(&[(FactorKind::Infantry, 2)]) },
    );
    let e = run(&state, Power::Russia, "transfer 1 infantry from city moscow to russia-cossack-1", &[])
        .err()
        .unwrap_or_default();
    assert!(e.starts_with("R10.1|"), "{e}");
    let joined = run(&state, Power::Russia, "transfer 1 cossack from russia-cossack-1 to city moscow", &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!joined.corps.contains_key("russia-cossack-1"), "the counter is now garrison");
    assert_eq!(joined.garrisons.get("moscow").map(|g| g.factors.get(FactorKind::Cossack)), Some(1));
}

/// Has Spain's land combat step of `before` ended in `after`?
fn over(before: &State, after: &State) -> bool {
    after.date != before.date
        || after.sequence.phase != before.sequence.phase
        || after.sequence.index != before.sequence.index
}

fn guerrilla_war() -> State {
    let mut state = spain_at_war_with_france();
    phasing(&mut state, Power::Spain, LandStep::Combat);
    band(&mut state, "spain-guerrilla-1", "spain", "old-castile", FactorKind::Guerrilla);
    band(&mut state, "spain-guerrilla-2", "spain", "old-castile", FactorKind::Guerrilla);
    corps(&mut state, "fr-1", "france", "old-castile", 8);
    state
}

#[test]
fn r7_6_reconstructed_guerrillas_strike_on_a_die_of_at_most_their_number() {
    let state = guerrilla_war();
    assert_eq!(rule_of(run(&state, Power::Spain, "end", &[])), "dice");
    // PROTOCOL 5.3: the dice concern the powers the strikes may hit.
    assert_eq!(grognard_eia::concerns::of(&state, &grognard_eia::command::Command::End), vec![Power::France]);
    let hit = run(&state, Power::Spain, "end", &[2]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(hit.corps.get("fr-1").map(|c| c.factors.total()), Some(7));
    assert!(over(&state, &hit), "Spain's sequence is over");
    let miss = run(&state, Power::Spain, "end", &[3]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(miss.corps.get("fr-1").map(|c| c.factors.total()), Some(8));
    // R7.6: a six is a reprisal: the band with the highest id is caught.
    let caught = run(&state, Power::Spain, "end", &[6]).unwrap_or_else(|e| panic!("{e}"));
    assert!(caught.corps.contains_key("spain-guerrilla-1") && !caught.corps.contains_key("spain-guerrilla-2"));
}

#[test]
fn r7_6_reconstructed_a_strike_burns_a_depot_or_thins_its_garrison_first() {
    let mut state = guerrilla_war();
    state.depots.insert("old-castile".into(), Depot { power: Power::France, garrison: Factors::new() });
    let burnt = run(&state, Power::Spain, "end", &[1]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!burnt.depots.contains_key("old-castile"));
    assert_eq!(burnt.corps.get("fr-1").map(|c| c.factors.total()), Some(8));
    state.depots.insert(
        "old-castile".into(),
        Depot { power: Power::France, garrison: Factors::of(&[(FactorKind::Infantry, 2), (FactorKind::Militia, 1)]) },
    );
    let thinned = run(&state, Power::Spain, "end", &[1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        thinned.depots.get("old-castile").map(|d| d.garrison.clone()),
        Some(Factors::of(&[(FactorKind::Infantry, 2)])),
        "the militia first"
    );
}

#[test]
fn r7_6_reconstructed_the_struck_owner_chooses_a_loss_then_the_sequence_moves_on() {
    let mut state = guerrilla_war();
    if let Some(c) = state.corps.get_mut("fr-1") {
        c.factors.add(FactorKind::Cavalry, 2);
    }
    let owed = run(&state, Power::Spain, "end", &[1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(owed.losses.len(), 1);
    assert_eq!((owed.losses[0].power, owed.losses[0].rule.as_str()), (Power::France, "R7.6"));
    assert_eq!(owed.sequence.acting(), Some(Power::Spain), "the step waits for France's choice");
    let chosen = run(&owed, Power::France, "lose 1 cavalry", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(chosen.losses.is_empty());
    assert_eq!(chosen.corps.get("fr-1").map(|c| c.factors.get(FactorKind::Cavalry)), Some(1));
    assert!(over(&owed, &chosen), "Spain's sequence ended once France chose");
}

#[test]
fn r10_1_reconstructed_an_irregular_counter_is_one_open_factor_on_land() {
    let mut state = bare();
    band(&mut state, "russia-cossack-1", "russia", "kiev", FactorKind::Cossack);
    assert!(grognard_eia::invariants::broken(ctx(), &state).is_empty());
    if let Some(c) = state.corps.get_mut("russia-cossack-1") {
        c.factors.add(FactorKind::Cossack, 1);
    }
    let broken = grognard_eia::invariants::broken(ctx(), &state);
    assert!(broken.iter().any(|b| b.starts_with("R10.1")), "{broken:?}");
}

#[test]
fn r7_5_2_3_guerrillas_pin_and_cossacks_and_freikorps_outflank() {
    use grognard_eia::command::Command;
    use grognard_eia::ruleset::check_sealed;
    use grognard_eia::state::LeaderPlace;
    use grognard_engine::PlayerId;
    /// `power`'s two corps, one of them led, and `band` attack France in `area`.
    fn battle(mut state: State, power: Power, area: &str, band_id: &str, kind: FactorKind) -> State {
        phasing(&mut state, power, LandStep::Combat);
        let (p, short) = (power.id(), &power.id()[..2]);
        corps(&mut state, &format!("{short}-1"), p, area, 6);
        corps(&mut state, &format!("{short}-2"), p, area, 6);
        band(&mut state, band_id, p, area, kind);
        corps(&mut state, "fr-1", "france", area, 8);
        let leader = ctx().leaders.iter().find(|l| l.power == power).map(|l| l.id.clone()).unwrap_or_default();
        state.leaders.insert(leader, LeaderPlace::Corps(format!("{short}-1")));
        run(&state, power, &format!("battle {area}"), &[]).unwrap_or_else(|e| panic!("{e}"))
    }
    let rule = |state: &State, player: u8, t: &str| {
        let command = Command::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        check_sealed(ctx(), state, PlayerId(player), &command).map_err(|e| format!("{}|{}", e.rule, e.message))
    };
    let spain =
        battle(spain_at_war_with_france(), Power::Spain, "old-castile", "spain-guerrilla-1", FactorKind::Guerrilla);
    let alone = rule(&spain, 2, "chit outflank pinning sp-1");
    assert!(alone.as_ref().is_err_and(|e| e.starts_with("7.5.2.3.1|")), "the guerrillas pin: {alone:?}");
    let no_corps = rule(&spain, 2, "chit outflank pinning sp-1,sp-2,spain-guerrilla-1");
    assert!(no_corps.as_ref().is_err_and(|e| e.starts_with("7.5.2.3.2|")), "a corps must outflank: {no_corps:?}");
    assert_eq!(rule(&spain, 2, "chit outflank pinning sp-1,spain-guerrilla-1"), Ok(()));
    let austria = battle(bare(), Power::Austria, "linz", "austria-freikorps-1", FactorKind::Freikorps);
    let pinning = rule(&austria, 3, "chit outflank pinning au-1,austria-freikorps-1");
    assert!(pinning.as_ref().is_err_and(|e| e.starts_with("7.5.2.3.2|")), "freikorps outflank: {pinning:?}");
    assert_eq!(rule(&austria, 3, "chit outflank pinning au-1"), Ok(()));
}

#[test]
fn r6_2_5_irregulars_are_not_moved_by_sea() {
    let mut state = bare();
    state.options.push("naval".into());
    phasing(&mut state, Power::Russia, LandStep::Movement);
    state.sequence.phase = Phase::Naval;
    state.sequence.order = Sequence::order_of(Phase::Naval, &Power::ALL, 0);
    state.sequence.index = state.sequence.order.iter().position(|p| *p == Power::Russia).unwrap_or(0);
    band(&mut state, "russia-cossack-1", "russia", "st-petersburg", FactorKind::Cossack);
    corps(&mut state, "ru-1", "russia", "st-petersburg", 6);
    state.fleets.insert(
        "ru-fleet-1".into(),
        grognard_eia::state::Fleet {
            nation: "russia".into(),
            place: grognard_eia::state::FleetPlace::Port("st-petersburg".into()),
            ships: 10,
        },
    );
    let e = run(&state, Power::Russia, "embark russia-cossack-1 on ru-fleet-1", &[]).err().unwrap_or_default();
    assert!(e.starts_with("6.2.5|") && e.contains("cossacks"), "{e}");
    assert_eq!(rule_of(run(&state, Power::Russia, "embark ru-1 on ru-fleet-1", &[])), "accepted");
}
