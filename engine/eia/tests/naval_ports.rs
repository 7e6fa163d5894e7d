//! Fleets and the ports of blockade boxes: the choice of fleets caught in a port the enemy
//! takes while blockading it, scuttled or fighting the blockaders (6.2.6.1-6.2.6.4), and the
//! victor of a battle in a blockade box moving into its friendly port (6.3.5.3 EXCEPTION).

use crate::naval_support;
use crate::support;

use grognard_eia::naval::Decision;
use grognard_eia::state::LeaderPlace;
use grognard_eia::{Power, State};
use naval_support::*;
use support::corps;

/// France's land movement step: corps fr-1 in the field of Portsmouth (vacant city), fleet
/// br-fleet-5 (`british` ships) in its port and fr-fleet-1 (`french` ships) in its blockade box.
fn portsmouth(british: u16, french: u16) -> State {
    let mut s = naval(Power::France);
    land_movement(&mut s, Power::France);
    corps(&mut s, "fr-1", "france", "portsmouth", 8);
    fleet_at(&mut s, "br-fleet-5", "britain", port("portsmouth"), british);
    fleet_at(&mut s, "fr-fleet-1", "france", blockade("portsmouth"), french);
    s
}

/// The kinds of the events, in order.
fn kinds(events: &[grognard_engine::Event]) -> Vec<String> {
    events.iter().filter_map(|e| e.data.get("kind").and_then(|k| k.as_str())).map(String::from).collect()
}

/// Answer the retreats and pursuits asked for, taking the first way offered and pursuing with
/// none, until another decision (or none) is awaited.
fn settle_retreats(mut s: State) -> State {
    for _ in 0..8 {
        let power = match &s.book.naval.decision {
            Some(Decision::Retreat { after, .. }) => after.loser,
            Some(Decision::Drive { after, .. } | Decision::Pursue { after, .. }) => after.victor,
            _ => return s,
        };
        let answer = match &s.book.naval.decision {
            Some(Decision::Pursue { .. }) => "pursue fleets none".to_string(),
            _ => choice(&s).1[0].clone(),
        };
        s = ok(&s, power, &answer, &[]);
    }
    s
}

#[test]
fn r6_2_6_1_the_owner_of_fleets_caught_in_a_blockaded_port_chooses_to_scuttle_or_fight() {
    let mut s = portsmouth(20, 10);
    nelson_with(&mut s, "br-fleet-5");
    corps(&mut s, "br-1", "britain", "portsmouth", 4);
    if let Some(c) = s.corps.get_mut("br-1") {
        c.aboard = Some("br-fleet-5".into());
    }
    // French corps take the vacant city (R10.3.2): Great Britain is asked, nothing is lost yet.
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    assert_eq!(choice(&t), (player(Power::Britain), vec!["scuttle in port".into(), "fight blockaders".into()]));
    assert_eq!(place_of(&t, "br-fleet-5"), Some(port("portsmouth")));
    // Only its answer is taken, and only from Great Britain (6.2.6.1).
    assert_eq!(refused(&t, Power::France, "end").rule, "3.0");
    assert_eq!(refused(&t, Power::Britain, "enter port").rule, "6.2.6.1");
    // Scuttled: a political point (6.2.6.4), NELSON taken by France (6.2.6.2), the corps aboard
    // lost.
    let (u, events) = try_do(&t, Power::Britain, "scuttle in port", &[]).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(!u.fleets.contains_key("br-fleet-5"), "{:?}", texts(&events));
    assert!(!u.corps.contains_key("br-1"));
    assert_eq!(political(&u, Power::Britain), -1);
    assert_eq!(u.leaders.get("nelson"), Some(&LeaderPlace::Captured(Power::France)));
    assert!(u.book.naval.decision.is_none());
    // France goes on with its movement step.
    assert_eq!(choice_or_command_player(&u), player(Power::France));
}

fn choice_or_command_player(s: &State) -> grognard_engine::PlayerId {
    match grognard_eia::ruleset::pending(support::ctx(), s) {
        grognard_engine::Pending::Command { player, .. } | grognard_engine::Pending::Choice { player, .. } => player,
        other => panic!("{other:?}"),
    }
}

#[test]
fn r6_2_6_1_blockaded_fleets_that_win_against_the_blockaders_with_the_wind_gauge_against_them_stay_in_the_box() {
    let s = portsmouth(20, 10);
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    // The blockaders fire first without rolling for the gauge (6.3.3.1): a 1: 10% of 10 = 1;
    // the British 19 reply with 6 + 1: 30% of 19 = 6.
    let (u, events) = try_do(&t, Power::Britain, "fight blockaders", &[1, 6]).unwrap_or_else(|e| panic!("{e:?}"));
    let battle = events
        .iter()
        .find(|e| e.data.get("kind").and_then(|k| k.as_str()) == Some("naval-battle"))
        .unwrap_or_else(|| panic!("no battle: {:?}", texts(&events)));
    assert!(battle.text.contains("the blockading France has the wind gauge"), "{}", battle.text);
    assert_eq!(battle.data.get("lost"), Some(&serde_json::json!([1, 6])), "{}", battle.text);
    assert_eq!(battle.data.get("winner"), Some(&serde_json::json!("britain")));
    // 6.3.4.2: one beaten fleet.
    assert_eq!((political(&u, Power::Britain), political(&u, Power::France)), (1, -1));
    // The winners stay in the box, not scuttled, not back in the port.
    assert_eq!(place_of(&u, "br-fleet-5"), Some(blockade("portsmouth")));
    assert_eq!(ships(&u, "br-fleet-5"), 19);
    // The beaten blockaders retreat as at sea (6.3.5.3, 6.3.5.1); the victor does not pursue
    // and is not offered the port, which France holds.
    assert!(matches!(u.book.naval.decision, Some(Decision::Retreat { .. }) | Some(Decision::Drive { .. })));
    let v = settle_retreats(u);
    assert!(v.book.naval.decision.is_none(), "{:?}", v.book.naval.decision);
    assert_ne!(place_of(&v, "fr-fleet-1"), Some(blockade("portsmouth")));
    assert_eq!(place_of(&v, "br-fleet-5"), Some(blockade("portsmouth")));
    assert!(!kinds(&events).contains(&"scuttle".to_string()));
}

#[test]
fn r6_2_6_1_blockaded_fleets_that_lose_are_scuttled_and_r6_3_5_3_the_victor_may_enter_the_port_it_now_holds() {
    let mut s = portsmouth(10, 15);
    nelson_with(&mut s, "br-fleet-5");
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    // France fires first: 3: 15% of 15 = 2; the British 8 reply with 1 + 1 (British fleet):
    // 10% of 8 = 1. Great Britain lost more: beaten.
    let (u, events) = try_do(&t, Power::Britain, "fight blockaders", &[3, 1]).unwrap_or_else(|e| panic!("{e:?}"));
    let battle = events
        .iter()
        .find(|e| e.data.get("kind").and_then(|k| k.as_str()) == Some("naval-battle"))
        .unwrap_or_else(|| panic!("no battle: {:?}", texts(&events)));
    assert_eq!(battle.data.get("winner"), Some(&serde_json::json!("france")), "{}", battle.text);
    // The survivors are scuttled: -1 (and -1 for the defeat, -1 more with NELSON, 6.3.4.2),
    // NELSON taken by France (6.2.6.2).
    assert!(!u.fleets.contains_key("br-fleet-5"), "{:?}", texts(&events));
    assert_eq!(political(&u, Power::Britain), -3);
    assert_eq!(political(&u, Power::France), 1);
    assert_eq!(u.leaders.get("nelson"), Some(&LeaderPlace::Captured(Power::France)));
    // Portsmouth is France's now: the victor may move into it (6.3.5.3 EXCEPTION).
    assert_eq!(choice(&u), (player(Power::France), vec!["enter port".into(), "stay in box".into()]));
    assert_eq!(refused(&u, Power::Britain, "enter port").rule, "3.0");
    assert_eq!(refused(&u, Power::France, "scuttle in port").rule, "6.3.5.3");
    let v = ok(&u, Power::France, "enter port", &[]);
    assert_eq!(place_of(&v, "fr-fleet-1"), Some(port("portsmouth")));
    assert!(v.book.naval.decision.is_none());
    let w = ok(&u, Power::France, "stay in box", &[]);
    assert_eq!(place_of(&w, "fr-fleet-1"), Some(blockade("portsmouth")));
    assert!(w.book.naval.decision.is_none());
}

#[test]
fn r6_2_6_3_minor_fleets_caught_in_a_blockaded_port_are_asked_of_their_controller() {
    let mut s = naval(Power::Britain);
    land_movement(&mut s, Power::Britain);
    corps(&mut s, "br-1", "britain", "copenhagen", 8);
    fleet_at(&mut s, "dk-fleet-1", "denmark", port("copenhagen"), 20);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("copenhagen"), 20);
    let t = ok(&s, Power::Britain, "enter br-1", &[]);
    // Denmark's fleet is France's to decide (6.2.6.3).
    assert_eq!(choice(&t).0, player(Power::France));
    let u = ok(&t, Power::France, "scuttle in port", &[]);
    assert!(!u.fleets.contains_key("dk-fleet-1"));
    assert_eq!(political(&u, Power::France), -1);
}

#[test]
fn r6_2_6_1_powers_caught_at_once_are_asked_one_after_another() {
    let mut s = portsmouth(20, 10);
    fleet_at(&mut s, "ru-fleet-1", "russia", port("portsmouth"), 15);
    fleet_at(&mut s, "br-fleet-6", "britain", port("portsmouth"), 20);
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    // Great Britain first (by port, then power), both its fleets as one stack.
    assert_eq!(choice(&t).0, player(Power::Britain));
    match &t.book.naval.decision {
        Some(Decision::Blockaded { fleets, blockaders, .. }) => {
            assert_eq!(fleets, &vec!["br-fleet-5".to_string(), "br-fleet-6".to_string()]);
            assert_eq!(blockaders, &vec![Power::France]);
        }
        other => panic!("{other:?}"),
    }
    let u = ok(&t, Power::Britain, "scuttle in port", &[]);
    assert_eq!(political(&u, Power::Britain), -2);
    // Then Russia.
    assert_eq!(choice(&u).0, player(Power::Russia));
    let v = ok(&u, Power::Russia, "scuttle in port", &[]);
    assert!(v.fleets.keys().all(|f| f == "fr-fleet-1"));
    assert!(v.book.naval.decision.is_none());
}

#[test]
fn r6_2_6_1_with_several_blockading_powers_the_fleets_name_the_one_they_fight() {
    let mut s = portsmouth(20, 10);
    fleet_at(&mut s, "sp-fleet-1", "spain", blockade("portsmouth"), 15);
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    assert_eq!(
        choice(&t).1,
        vec!["scuttle in port".to_string(), "fight blockaders france".into(), "fight blockaders spain".into()]
    );
    assert_eq!(refused(&t, Power::Britain, "fight blockaders").rule, "6.3.1.1");
    assert_eq!(refused(&t, Power::Britain, "fight blockaders russia").rule, "6.2.6.1");
    // Spain's stack alone is fought: Spain fires first, 1: 10% of 15 = 1; Britain 6 + 1: 30%
    // of 19 = 6. The Spanish fleet retreats; the British stay in the box with the French.
    let u = ok(&t, Power::Britain, "fight blockaders spain", &[1, 6]);
    assert_eq!(ships(&u, "fr-fleet-1"), 10);
    let v = settle_retreats(u);
    assert_eq!(place_of(&v, "br-fleet-5"), Some(blockade("portsmouth")));
    assert_ne!(place_of(&v, "sp-fleet-1"), Some(blockade("portsmouth")));
}

#[test]
fn r6_2_6_an_unblockaded_fleet_leaves_for_the_box_without_being_asked() {
    let mut s = portsmouth(20, 10);
    s.fleets.remove("fr-fleet-1");
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    assert!(t.book.naval.decision.is_none());
    assert_eq!(place_of(&t, "br-fleet-5"), Some(blockade("portsmouth")));
}

/// Great Britain's naval phase: br-fleet-1 and fr-fleet-1 in the blockade box of `area`.
fn box_battle(area: &str) -> State {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade(area), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", blockade(area), 10);
    s
}

#[test]
fn r6_3_5_3_the_victor_in_the_box_of_a_friendly_port_may_enter_it_after_the_retreat_and_pursuit() {
    let s = box_battle("portsmouth");
    // Gauge 6 + 1 against 1: Britain fires first, 6 + 1: 30% of 20 = 6; the French 4 reply
    // with 1: 10% of 4 = 0.
    let t = ok(&s, Power::Britain, "engage france at blockade:portsmouth", &[6, 1, 6, 1]);
    // The loser retreats first (6.3.5); then, the pursuit declined, the victor is asked.
    assert!(!matches!(t.book.naval.decision, Some(Decision::EnterPort { .. })));
    let u = settle_retreats(t);
    assert_eq!(choice(&u), (player(Power::Britain), vec!["enter port".into(), "stay in box".into()]));
    let v = ok(&u, Power::Britain, "enter port", &[]);
    assert_eq!(place_of(&v, "br-fleet-1"), Some(port("portsmouth")));
    assert!(v.book.naval.decision.is_none());
    let w = ok(&u, Power::Britain, "stay in box", &[]);
    assert_eq!(place_of(&w, "br-fleet-1"), Some(blockade("portsmouth")));
    // Its phase goes on: it may end it.
    ok(&v, Power::Britain, "end", &[]);
}

#[test]
fn r6_3_5_3_the_victor_in_the_box_of_an_enemy_port_is_never_asked() {
    let s = box_battle("brest");
    let t = ok(&s, Power::Britain, "engage france at blockade:brest", &[6, 1, 6, 1]);
    let u = settle_retreats(t);
    assert!(u.book.naval.decision.is_none(), "{:?}", u.book.naval.decision);
    assert_eq!(place_of(&u, "br-fleet-1"), Some(blockade("brest")));
    // Nor with the French port's fleet still in it, even if the port were friendly: never into
    // an enemy fleet (R6.3.5.3).
    let mut s = box_battle("portsmouth");
    fleet_at(&mut s, "fr-fleet-2", "france", port("portsmouth"), 10);
    let t = ok(&s, Power::Britain, "engage france at blockade:portsmouth", &[6, 1, 6, 1]);
    let u = settle_retreats(t);
    assert!(u.book.naval.decision.is_none(), "{:?}", u.book.naval.decision);
}

#[test]
fn r6_3_5_3_a_stack_under_way_that_wins_in_the_box_and_enters_the_port_ends_its_move_there() {
    // A French stack comes out of Brest for the Bay of Biscay; the British blockaders
    // intercept (automatic, with the gauge, 6.2.3.2.1): 1 + 1: 10% of 20 = 2; the French 13
    // reply with 6: 25% of 13 = 3. The mover wins.
    let mut s = naval(Power::France);
    fleet_at(&mut s, "br-fleet-3", "britain", blockade("brest"), 20);
    fleet_at(&mut s, "fr-fleet-3", "france", port("brest"), 15);
    let s = ok(&s, Power::France, "sail fr-fleet-3 to blockade:brest bay-of-biscay", &[]);
    let t = ok(&s, Power::Britain, "intercept blockade:brest", &[1, 6]);
    assert_eq!(ships(&t, "fr-fleet-3"), 13);
    let u = settle_retreats(t);
    // Back into Brest even with movement left: the port is a stop (6.3.5.3).
    assert_eq!(choice(&u), (player(Power::France), vec!["enter port".into(), "stay in box".into()]));
    let v = ok(&u, Power::France, "enter port", &[]);
    assert_eq!(place_of(&v, "fr-fleet-3"), Some(port("brest")));
    assert!(v.book.naval.decision.is_none() && v.book.naval.voyage.is_none());
    // Staying, it goes on with its route.
    let w = ok(&u, Power::France, "stay in box", &[]);
    assert_eq!(place_of(&w, "fr-fleet-3"), Some(sea("bay-of-biscay")));
    assert!(w.book.naval.voyage.is_none());
}

/// Random answers from the legal lists, from `state` on while a naval decision is awaited:
/// every option offered is accepted and no invariant breaks. Returns the event kinds logged.
fn random_answers(state: &State, seed: u64) -> Vec<String> {
    use grognard_engine::{Pending, Ruleset, StreamDice};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let eia = grognard_eia::Eia;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = state.clone();
    let mut kinds_seen = Vec::new();
    for step in 0..20 {
        if state.book.naval.decision.is_none() {
            break;
        }
        let Pending::Choice { player, options, .. } = eia.pending(&state) else { panic!("seed {seed}: not a choice") };
        let legal = eia.legal_commands(&state, player);
        let texts_legal: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
        assert_eq!(options, texts_legal, "seed {seed} step {step}");
        let command = &legal[rng.next_u64() as usize % legal.len()];
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        let applied = eia
            .apply(&state, player, command, &mut StreamDice::from_seed(bytes))
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: `{command}` refused: {e:?}"));
        kinds_seen.extend(kinds(&applied.events));
        state = applied.state;
        let bad = grognard_eia::invariants::broken(support::ctx(), &state);
        assert!(bad.is_empty(), "seed {seed} step {step} after `{command}`: {bad:?}");
    }
    assert!(state.book.naval.decision.is_none(), "seed {seed}: still asked {:?}", state.book.naval.decision);
    kinds_seen
}

#[test]
fn r6_2_6_1_and_r6_3_5_3_random_answers_from_the_legal_lists_keep_the_invariants() {
    let mut s = portsmouth(12, 12);
    fleet_at(&mut s, "ru-fleet-1", "russia", port("portsmouth"), 15);
    fleet_at(&mut s, "sp-fleet-1", "spain", blockade("portsmouth"), 10);
    nelson_with(&mut s, "br-fleet-5");
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    let mut seen: Vec<String> = Vec::new();
    for seed in 0..40 {
        seen.extend(random_answers(&t, seed));
    }
    for kind in ["scuttle", "fight-blockaders", "naval-battle", "naval-enter-port", "naval-stay-in-box"] {
        assert!(seen.iter().any(|k| k == kind), "no `{kind}` in random answers");
    }
}
