//! The board view: stacking order (7.8), markers, control, highlights, turn track.

use crate::core_common;

use core_common::{cmd, ec, movement, pos};
use grognard_board::{BoardView, Glyph, Highlight, PieceLocation};
use grognard_engine::{Ruleset, ViewKind, Viewer};
use grognard_fnc::view::{board_view, FORT_DESTROYED, VP_TAKEN};
use grognard_fnc::{Fnc, Side};

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
    assert!(v.markers.contains(&(grognard_board::HexId::parse("1628").unwrap(), FORT_DESTROYED.to_string())));
    assert!(v.markers.iter().any(|(_, m)| m == VP_TAKEN));
    let tag = |id: &str| match v.entry(id).map(|e| &e.glyph) {
        Some(Glyph::Marker { text, .. }) => text.clone(),
        other => panic!("{id}: {other:?}"),
    };
    assert_eq!((tag(FORT_DESTROYED), tag(VP_TAKEN)), ("Fort De".to_string(), "VP Taken".to_string()));
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

#[test]
fn rule_2_7_the_legend_names_and_draws_every_unit_type_and_marker_of_the_view() {
    let ctx = ec();
    let s = pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1229: fr-1-1 fr-dc fr-sc\nfort-destroyed: 1628\nlooted: 1231\n",
    );
    let v = board_view(ctx, &s);
    let mut ids: Vec<&str> = v.legend.iter().map(|e| e.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), v.legend.len(), "one entry per id");
    for id in v.pieces.iter().map(|p| &p.symbol).chain(v.markers.iter().map(|(_, m)| m)) {
        assert!(v.entry(id).is_some(), "{id} has no legend entry");
    }
    for kind in grognard_fnc::data::UnitType::ALL {
        assert!(v.entry(grognard_fnc::view::symbol(kind)).is_some(), "{kind:?} has no legend entry");
    }
    let of = |unit: &str| {
        let piece = v.pieces.iter().find(|p| p.id == unit).expect("on the map");
        let e = v.entry(&piece.symbol).expect("in the legend");
        (e.glyph.clone(), e.label.as_str())
    };
    assert_eq!(of("fr-1-1"), (Glyph::Infantry, "Infantry"));
    assert_eq!(of("fr-dc"), (Glyph::Cavalry, "Camel cavalry"), "drawn as cavalry, named in the key");
    assert_eq!(of("fr-sc"), (Glyph::Text("Sci".into()), "Scientists"));
}

#[test]
fn the_rulesets_view_is_a_hex_board_the_same_for_every_viewer() {
    // The ruleset draws the game's own map, so the position is on it.
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap();
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1 fr-eng fr-fort");
    let board = |viewer| {
        let view = Fnc.view(&s, viewer).expect("FNC draws its board");
        assert_eq!(view.kind, ViewKind::Hex);
        view.downcast::<BoardView>().cloned().expect("a hex view holds a BoardView")
    };
    let everyone = board(Viewer::Everyone);
    assert_eq!(everyone, board_view(ctx, &s));
    assert_eq!(everyone, board(Viewer::Player(grognard_engine::PlayerId(1))), "FNC hides nothing");
}
