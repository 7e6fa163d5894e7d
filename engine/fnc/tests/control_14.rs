//! Control, victory points and victory (7.4 penalties at phase ends, 14.2, 14.3, 14.5).

use crate::core_common;

use core_common::{cmd, ec, movement, pos, refused, try_cmd};
use grognard_board::HexId;
use grognard_fnc::{DecisionKind, Location, Phase, Side, VpKind};

#[test]
fn rule_14_2_control_and_its_vp_pass_with_moving_units() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1229: fr-1-1");
    let (f, o) = (s.vp[0].locale, s.vp[1].locale);
    // Through Cairo (5 VP), on to 1330: Cairo stays French once left empty.
    let n = cmd(ctx, &s, Side::First, "move fr-1-1 1329 1330");
    let cairo = HexId::parse("1329").unwrap();
    assert_eq!(n.control.get(&cairo), Some(&Side::First));
    assert_eq!((n.vp[0].locale, n.vp[1].locale), (f + 5, o - 5));
}

#[test]
fn rule_14_3_sc_loots_ruins_once_at_the_end_of_the_game_turn() {
    let ctx = ec();
    let s = pos(ctx, "fnc-position 1\ngame ec\nturn 3\nphase siege\nphasing ottoman\nhex 1231: fr-sc\n");
    let (n, _) = try_cmd(ctx, &s, Side::Second, "roll", &[]).unwrap();
    assert_eq!(n.turn, 4);
    assert_eq!(n.vp[0].get(VpKind::Looting), 1);
    assert!(n.looted.contains(&HexId::parse("1231").unwrap()));
    assert_eq!(n.vp[1].total(), s.vp[1].total(), "no debit to the Ottomans");
    // Another turn in the same ruins gives nothing more.
    let again =
        pos(ctx, "fnc-position 1\ngame ec\nturn 4\nphase siege\nphasing ottoman\nhex 1231: fr-sc\nlooted: 1231\n");
    let (n, _) = try_cmd(ctx, &again, Side::Second, "roll", &[]).unwrap();
    assert_eq!(n.vp[0].get(VpKind::Looting), 0);
}

fn last_turn_with_french_battle_vp(battle: i32) -> grognard_fnc::State {
    let ctx = ec();
    pos(
        ctx,
        &format!(
            "fnc-position 1\ngame ec\nturn 11\nphase siege\nphasing ottoman\nvp french: battle={battle}\ncontrol french: 1028 1127 1227 1426\n"
        ),
    )
}

#[test]
fn rule_14_5_french_win_with_twice_the_ottoman_vp() {
    let ctx = ec();
    // French 4 locale VP + 14 = 18 = 2 x 9 Ottoman VP.
    let (n, _) = try_cmd(ctx, &last_turn_with_french_battle_vp(14), Side::Second, "roll", &[]).unwrap();
    assert_eq!(n.phase, Phase::GameOver);
    assert_eq!(n.winner, Some(Side::First));
    let (n, _) = try_cmd(ctx, &last_turn_with_french_battle_vp(13), Side::Second, "roll", &[]).unwrap();
    assert_eq!(n.winner, Some(Side::Second), "anything less is an Ottoman victory; no draws");
    assert_eq!(refused(ctx, &n, Side::First, "end"), "5.4");
}

#[test]
fn rule_7_4_overstack_found_as_play_resumes_is_removed_by_the_opponent_first() {
    let ctx = ec();
    // An over-stack found as play resumes (here: read from a position at a movement phase's
    // start) is owed at once, before anything else.
    let s = movement(ctx, 4, "french", "hex 1028: fr-1-1 fr-1-2 fr-2-1 fr-2-2 fr-3-1 fr-3-2 fr-4-1");
    let d = s.decision.clone().expect("an over-stack decision");
    assert_eq!(d.by, Side::Second);
    assert!(matches!(d.kind, DecisionKind::Overstack { count: 1, .. }));
    assert_eq!(refused(ctx, &s, Side::First, "end"), "5.1", "nothing else before the removal");
    // The owner may not choose; the opponent removes exactly one unit.
    assert_eq!(refused(ctx, &s, Side::First, "remove fr-1-1"), "5.1");
    assert_eq!(refused(ctx, &s, Side::Second, "remove fr-1-1,fr-1-2"), "7.4");
    // fr-1-1 is eligible for recycling: one die (8.12), 1 - 1 (French) = 0 -> back next turn.
    let (n, _) = try_cmd(ctx, &s, Side::Second, "remove fr-1-1", &[1]).unwrap();
    assert_eq!(n.location("fr-1-1"), Some(&Location::Track(5)));
    assert_eq!(n.phase, Phase::Movement, "found at the start of the phase: the phase itself goes on");
    let n = cmd(ctx, &n, Side::First, "end");
    assert_eq!(n.phase, Phase::Combat);
}

#[test]
fn rule_15_4_russians_need_twice_the_swedish_vp() {
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Rsw).unwrap();
    let last = ctx.last_turn();
    assert_eq!(last, 8);
    let at_end = |russian_event: i32| {
        let text = format!(
            "fnc-position 1\ngame rsw\nturn 8\nphase siege\nphasing swedish\nvp russian: event={russian_event}\n"
        );
        let s = pos(ctx, &text);
        let (n, _) = try_cmd(ctx, &s, Side::Second, "roll", &[]).unwrap();
        (s.vp[0].total(), s.vp[1].total(), n)
    };
    let (r, sw, _) = at_end(0);
    let needed = 2 * sw - r;
    let (_, _, win) = at_end(needed);
    assert_eq!(win.winner, Some(Side::First));
    let (_, _, lose) = at_end(needed - 1);
    assert_eq!(lose.winner, Some(Side::Second));
}

#[test]
fn rule_14_2_fleet_markers_neither_hold_nor_keep_a_locale() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1426: br-rn\nhex 1427: fr-1-1");
    let n = cmd(ctx, &s, Side::First, "move fr-1-1 1426");
    assert_eq!(n.control.get(&HexId::parse("1426").unwrap()), Some(&Side::First));
}

#[test]
fn rule_7_4_rule_13_4_an_advance_into_a_stormed_fortress_is_held_to_six() {
    // On the game's own map: seven French units storm El Arish (3127) and all advance. The
    // Fort De marker (13.4) makes the hex's limit 6, so at the end of the advance the
    // Ottomans remove one of the seven (7.4).
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap();
    let s = pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing french\nhex 3127: ot-fort-arish\n\
         hex 3128: fr-or fr-sc fr-siege\nhex 3028: fr-2-2 fr-3-1 fr-3-2\nhex 3228: fr-4-1 fr-4-2 fr-5-1\n",
    );
    let all = "fr-2-2,fr-3-1,fr-3-2,fr-4-1,fr-4-2,fr-5-1,fr-or";
    let (fought, _) = try_cmd(ctx, &s, Side::First, &format!("attack {all} 3127"), &[6]).unwrap();
    assert!(matches!(fought.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
    let (n, _) = try_cmd(ctx, &fought, Side::First, &format!("advance {all}"), &[]).unwrap();
    assert!(n.fort_destroyed.contains(&HexId::parse("3127").unwrap()), "taken by storm");
    let d = n.decision.clone().unwrap_or_else(|| panic!("no over-stack removal owed"));
    assert_eq!(d.by, Side::Second);
    assert!(matches!(d.kind, DecisionKind::Overstack { count: 1, .. }), "{:?}", d.kind);
    assert_eq!(n.phase, Phase::Combat, "the combat phase goes on after the removal");
    let (n, _) = try_cmd(ctx, &n, Side::Second, "remove fr-or", &[3]).unwrap();
    assert!(n.decision.is_none());
    assert_eq!(n.units_in(HexId::parse("3127").unwrap()).len(), 6);
}
