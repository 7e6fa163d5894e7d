//! Positions (docs/POSITION_FORMAT.md): parse, print, parse again.

use crate::core_common;

use core_common::{ec, pos};
use grognard_board::HexId;
use grognard_fnc::position::{parse, print};
use grognard_fnc::{Location, Phase, Side, VpKind};

const TEXT: &str = "fnc-position 1
game ec
turn 3
phase combat
phasing ottoman
vp french: locale=4 battle=2 looting=1 event=0
vp ottoman: locale=9 battle=1 looting=0 event=0
hex 1127: fr-fort fr-1-1
hex 1426: fr-1-2
hex 1329: ot-mm-1 ot-mm-2
box anatolia: ot-fleet ot-ni-1
track 5: fr-2-1
eliminated: ot-mm-3
control french: 1028 1127 1227 1426
fort-destroyed: 1628
looted: 1231
event 2 plague
effect british-intervention
effect movement-minus-one french turn 3
arrival ot-jn-4 Syria-Palestine
committed 6 4
";

#[test]
fn rule_2_2_position_parses_what_it_says() {
    let ctx = ec();
    let s = pos(ctx, TEXT);
    assert_eq!((s.turn, s.phase, s.phasing), (3, Phase::Combat, Side::Second));
    assert_eq!(s.location("fr-1-2"), Some(&Location::Hex(HexId::parse("1426").unwrap())));
    assert_eq!(s.location("ot-ni-1"), Some(&Location::Box("anatolia".into())));
    assert_eq!(s.location("fr-2-1"), Some(&Location::Track(5)));
    assert_eq!(s.location("ot-mm-3"), Some(&Location::Eliminated));
    assert_eq!(s.location("fr-gb"), Some(&Location::Pool), "unlisted reinforcements stay in the cup");
    assert_eq!(s.location("fr-2-2"), Some(&Location::Eliminated), "unlisted start units are out of play");
    assert_eq!(s.vp[0].get(VpKind::Battle), 2);
    assert_eq!(s.vp[0].total(), 4 + 2 + 1);
    assert!(s.fort_destroyed.contains(&HexId::parse("1628").unwrap()));
}

#[test]
fn rule_2_2_position_round_trip() {
    let ctx = ec();
    let s = pos(ctx, TEXT);
    let printed = print(ctx, &s);
    let again = parse(ctx, &printed).unwrap();
    assert_eq!(again, s);
    assert_eq!(print(ctx, &again), printed);
}

#[test]
fn rule_2_2_position_refuses_mistakes_with_line_numbers() {
    let ctx = ec();
    for (bad, needle) in [
        ("fnc-position 2\ngame ec\n", "fnc-position 1"),
        ("fnc-position 1\ngame ec\nhex 1127: no-such-unit\n", "line 3"),
        ("fnc-position 1\ngame ec\nhex 1127: fr-1-1\nhex 1028: fr-1-1\n", "twice"),
        ("fnc-position 1\ngame ec\nturn 40\n", "turn record"),
        ("fnc-position 1\ngame rsw\n", "not `ec`"),
        ("fnc-position 1\ngame ec\nvp french: locale=9\n", "worth"),
        ("fnc-position 1\ngame ec\nphase lunch\n", "not a phase"),
        ("fnc-position 1\nturn 2\n", "names no game"),
    ] {
        let err = parse(ctx, bad).unwrap_err();
        assert!(err.to_string().contains(needle), "{bad:?}: {err}");
    }
}

#[test]
fn rule_14_2_a_position_in_set_up_keeps_no_control_and_reads_back() {
    let ctx = ec();
    let text = "fnc-position 1\ngame ec\nturn 1\nphase setup french\nphasing french\n\
                vp french: locale=0 battle=0 looting=0 event=0\nhex 1127: fr-fort fr-1-1\nhex 1028: fr-1-2\n";
    let s = pos(ctx, text);
    assert!(s.control.is_empty(), "control starts when both sides have set up");
    assert_eq!(s.vp[0].total(), 0);
    let again = parse(ctx, &print(ctx, &s)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, s);
    let with_control = format!("{text}control french: 1127\n");
    assert!(parse(ctx, &with_control).is_err(), "no control during set-up");
}

#[test]
fn rule_7_1_a_position_never_puts_both_sides_in_one_hex() {
    let ctx = ec();
    let text = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1426: fr-1-1 ot-mm-1\n";
    assert_eq!(parse(ctx, text).unwrap_err().rule, "7.1");
}

#[test]
fn rule_7_4_an_over_stacked_position_owes_the_removal_at_once() {
    let ctx = ec();
    let text = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\n\
                hex 1426: fr-1-1 fr-1-2 fr-2-1 fr-2-2 fr-3-1 fr-3-2 fr-4-1 fr-4-2\n";
    let s = pos(ctx, text);
    match s.decision.as_ref().map(|d| (&d.kind, d.by)) {
        Some((grognard_fnc::DecisionKind::Overstack { count, .. }, by)) => {
            assert_eq!((*count, by), (2, Side::Second), "the Ottomans remove two of the eight");
        }
        other => panic!("no over-stack removal owed: {other:?}"),
    }
    let set_up = "fnc-position 1\ngame ec\nturn 1\nphase setup french\nphasing french\n\
                  hex 1028: fr-1-1 fr-1-2 fr-2-1 fr-2-2 fr-3-1 fr-3-2 fr-4-1\n";
    assert_eq!(parse(ctx, set_up).unwrap_err().rule, "7.1", "set-up placements are checked one by one");
}

#[test]
fn rule_14_2_a_position_may_not_give_a_hex_its_listed_units_hold_to_the_other_side() {
    let ctx = ec();
    let text = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1329: fr-1-1\n\
                control ottoman: 1329\n";
    assert_eq!(parse(ctx, text).unwrap_err().rule, "14.2");
}

#[test]
fn rule_14_2_a_fortress_given_to_the_other_side_has_lost_its_unlisted_garrison() {
    let ctx = ec();
    // The French garrison stands in Alexandria by default; a line giving Alexandria to the
    // Ottomans says it fell: the garrison is out of play and the hex is Ottoman.
    let text = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1028: fr-1-1\n\
                control ottoman: 1127\n";
    let s = pos(ctx, text);
    assert_eq!(s.location("fr-fort"), Some(&Location::Eliminated));
    assert_eq!(s.control.get(&HexId::parse("1127").unwrap()), Some(&Side::Second));
    let again = parse(ctx, &print(ctx, &s)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, s);
    // Without the line the garrison holds its fortress, and the French control it.
    let kept = pos(ctx, "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1028: fr-1-1\n");
    assert_eq!(kept.location("fr-fort"), Some(&Location::Hex(HexId::parse("1127").unwrap())));
    assert_eq!(kept.control.get(&HexId::parse("1127").unwrap()), Some(&Side::First));
}
