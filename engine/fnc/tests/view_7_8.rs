//! The board view: stacking order (7.8), markers, control, highlights, turn track.

mod core_common;

use core_common::{cmd, ec, movement, pos};
use grognard_board::{Highlight, Marker, PieceLocation};
use grognard_fnc::view::board_view;
use grognard_fnc::Side;

#[test]
fn rule_7_8_fortress_garrison_is_on_top_of_its_stack() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1 fr-eng fr-fort");
    let v = board_view(ctx, &s);
    let here: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| matches!(&p.location, PieceLocation::Hex(h) if h.to_string() == "1127"))
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(here.first(), Some(&"fr-fort"), "{here:?}");
    assert_eq!(here.len(), 3);
}

#[test]
fn rule_2_10_view_shows_markers_control_vp_turn_and_last_moves() {
    let ctx = ec();
    let s = pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1229: fr-1-1\nbox anatolia: ot-ni-1\nfort-destroyed: 1628\nlooted: 1231\n",
    );
    let s = cmd(ctx, &s, Side::First, "move fr-1-1 1329");
    let v = board_view(ctx, &s);
    assert!(v.markers.contains(&(grognard_board::HexId::parse("1628").unwrap(), Marker::FortDestroyed)));
    assert!(v.markers.iter().any(|(_, m)| *m == Marker::VpTaken));
    assert!(v.control.iter().any(|(h, side)| h.to_string() == "1329" && *side == 0), "Cairo now French");
    assert_eq!(v.sides[0].vp, s.vp[0].total());
    let turn = v.turn.expect("turn track");
    assert_eq!((turn.number, turn.last), (2, 11));
    assert_eq!(turn.season.as_deref(), Some("flood"));
    assert!(v.highlights.iter().any(|h| matches!(h, Highlight::Path { hexes, side: 0 } if hexes.len() == 2)));
    assert!(v.pieces.iter().any(|p| p.id == "ot-ni-1" && p.location == PieceLocation::Box("anatolia".into())));
    assert!(v.title.contains("French Movement Phase"), "{}", v.title);
}

#[test]
fn rule_2_6_view_labels_divisional_brigades_and_abbreviations() {
    let ctx = ec();
    let label = |id: &str| grognard_fnc::view::label(ctx.counter(id).unwrap());
    // Division then brigade, as in the ids: fr-1-2 is the 2nd Brigade of the 1st Division.
    assert_eq!(label("fr-1-2"), "1/2");
    assert_eq!(label("fr-2-1"), "2/1");
    assert_eq!(label("ot-mm-1"), "Mm");
}

#[test]
fn rule_2_5_sides_in_their_colours_and_the_british_in_their_own() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1426: br-rm ot-ni-1");
    let v = board_view(ctx, &s);
    assert_eq!(v.sides[0].colour, [40, 80, 170], "French blue");
    assert_eq!(v.sides[1].colour, [40, 130, 60], "Ottoman green");
    let colour = |id: &str| v.pieces.iter().find(|p| p.id == id).map(|p| p.colour);
    assert_eq!(colour("br-rm"), Some(Some([190, 30, 40])), "8.8: British red on the Ottoman side");
    assert_eq!(colour("ot-ni-1"), Some(None), "the side's own colour");
    let rsw = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Rsw).unwrap();
    let r = pos(rsw, "fnc-position 1\ngame rsw\nturn 2\nphase movement\nphasing russian\n");
    let v = board_view(rsw, &r);
    assert_eq!((v.sides[0].colour, v.sides[1].colour), ([245, 245, 240], [235, 200, 40]), "white and yellow");
}
