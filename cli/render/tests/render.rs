//! What the pictures hold and that they are the same bytes every time.

mod common;

use common::{fixture, hex, sample_view};
use grognard_render::{png, svg, Options, RenderError};

#[test]
fn the_same_view_gives_the_same_svg_and_png_bytes() {
    for name in ["plains", "fjord"] {
        let view = sample_view(fixture(name));
        let options = Options::default();
        assert_eq!(svg(&view, &options).unwrap(), svg(&view.clone(), &options).unwrap(), "{name} svg");
        let a = png(&view, &options).unwrap();
        let b = png(&view.clone(), &options).unwrap();
        assert!(a.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: not a PNG");
        assert_eq!(a, b, "{name} png");
    }
}

#[test]
fn svg_shows_hex_numbers_places_counters_boxes_and_panels() {
    let view = sample_view(fixture("plains"));
    let s = svg(&view, &Options::default()).unwrap();
    for expected in [
        ">0101<",
        ">1008<", // hex numbers, first and last column
        ">Portus<",
        ">Urbs<",
        ">Ruina<", // place names
        ">4-6<",
        ">0-4-0<",
        ">2-3-8<", // counter factors (top of each stack)
        ">3<",     // the stack count of three pieces
        ">Far East<",
        ">Southlands<", // off-map boxes
        ">Mare Nostrum<",
        ">Lake Lacus<",
        ">Blue<", // waters, the river's name
        ">Turn 3 of 8 — Oct 1798 (flood)<",
        ">NOW<",
        ">31 VP<", // turn track and VP
        ">Razed<",
        ">VP Taken<",
        ">DR<", // markers and the battle result
        ">Key<",
        ">Mud flats<",
        ">Wadi<",
        ">Channel<",
        ">Canal<",
        ">Border<",
        ">Fortress unit<",
        ">Fortress razed<",
        ">Headquarters<",
        ">HQ<", // the key from the view's legend; a glyph of letters
    ] {
        assert!(s.contains(expected), "missing {expected}");
    }
    assert!(s.contains(r#"<g id="moves"><path"#), "the move is drawn");
    // nothing from the system: only the shipped font families are named
    for family in s.split("font-family=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]) {
        assert!(family == "DejaVu Sans" || family == "DejaVu Serif", "{family}");
    }
}

#[test]
fn options_turn_hex_numbers_and_highlights_off() {
    let view = sample_view(fixture("plains"));
    let plain = Options { hex_numbers: false, highlights: false, ..Options::default() };
    let s = svg(&view, &plain).unwrap();
    assert!(!s.contains(">0101<") && !s.contains(">0505<"));
    assert!(!s.contains(">DR<"));
    assert!(s.contains(r#"<g id="moves"></g>"#));
    assert!(s.contains(">Portus<"), "places still named");
}

#[test]
fn a_close_up_shows_only_the_hexes_near_its_centre() {
    let view = sample_view(fixture("plains"));
    let whole = svg(&view, &Options::default()).unwrap();
    let close = svg(&view, &Options { around: Some((hex("0202"), 1)), ..Options::default() }).unwrap();
    assert!(close.contains(">0202<") && close.contains(">0303<"));
    assert!(!close.contains(">1008<") && !close.contains(">Urbs<"));
    assert!(close.contains("Close-up: 1 hexes around 0202"));
    assert!(close.len() < whole.len());
    let picture = png(&view, &Options { around: Some((hex("0505"), 2)), ..Options::default() }).unwrap();
    assert!(picture.len() > 1000);
}

#[test]
fn a_close_up_off_the_map_or_a_silly_scale_is_refused() {
    let view = sample_view(fixture("plains"));
    let off = Options { around: Some((hex("0108"), 2)), ..Options::default() };
    assert_eq!(svg(&view, &off), Err(RenderError::NotOnMap("0108".into())));
    let tiny = Options { scale: 0.1, ..Options::default() };
    assert!(matches!(svg(&view, &tiny), Err(RenderError::BadScale(_))));
}

#[test]
fn scale_makes_the_picture_bigger() {
    let view = sample_view(fixture("fjord"));
    let size = |scale: f64| {
        let bytes = png(&view, &Options { scale, ..Options::default() }).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().unwrap();
        (reader.info().width, reader.info().height)
    };
    let (w1, h1) = size(1.0);
    let (w2, h2) = size(2.0);
    assert!(w2 >= 2 * w1 - 2 && h2 >= 2 * h1 - 2, "{w1}x{h1} -> {w2}x{h2}");
}

#[test]
fn a_north_right_map_is_turned_so_north_is_up() {
    // On the fjord map columns grow north: 0801 must be drawn above 0101.
    let view = sample_view(fixture("fjord"));
    let s = svg(&view, &Options::default()).unwrap();
    let y_of = |label: &str| -> f64 {
        let at = s.find(&format!(">{label}</text>")).unwrap();
        let start = s[..at].rfind("<text").unwrap();
        let tag = &s[start..at];
        let y = tag.split(" y=\"").nth(1).unwrap();
        y[..y.find('"').unwrap()].parse().unwrap()
    };
    assert!(y_of("0801") < y_of("0101"));
    assert!((y_of("0101") - y_of("0106")).abs() < 1.0, "a row runs across the picture");
}

#[test]
fn the_turn_track_shows_the_units_due_on_each_turn() {
    let view = sample_view(fixture("plains"));
    let s = svg(&view, &Options::default()).unwrap();
    assert!(s.contains(">+2 7/1 Gu<"), "turn 5 lists its two units due");
}

#[test]
fn ids_are_printed_on_the_counters_instead_of_the_labels() {
    let view = sample_view(fixture("plains"));
    let labels = svg(&view, &Options::default()).unwrap();
    assert!(labels.contains(">A1<") && !labels.contains(">a1<"));
    let ids = svg(&view, &Options { ids: true, ..Options::default() }).unwrap();
    assert!(ids.contains(">a1<") && !ids.contains(">A1<"));
}

#[test]
fn move_arrows_are_drawn_under_the_counters() {
    let view = sample_view(fixture("plains"));
    let s = svg(&view, &Options::default()).unwrap();
    let (moves, units) = (s.find(r#"<g id="moves">"#).unwrap(), s.find(r#"<g id="units">"#).unwrap());
    assert!(moves < units, "counters are drawn over the arrows, so no arrow hides their factors");
}

/// The share of the picture the map takes (its clip rectangle over the whole picture).
fn map_share(s: &str) -> f64 {
    let number = |text: &str, key: &str| -> f64 {
        let at = text.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        text[at..at + text[at..].find('"').unwrap()].parse().unwrap()
    };
    let clip = &s[s.find(r#"<clipPath id="map-area">"#).unwrap()..];
    let svg_tag = &s[..s.find('>').unwrap()];
    (number(clip, "width") * number(clip, "height")) / (number(svg_tag, "width") * number(svg_tag, "height"))
}

#[test]
fn a_close_up_keeps_the_board_the_main_part_of_the_picture() {
    for radius in [1, 2, 4, 6] {
        let view = sample_view(fixture("plains"));
        let s = svg(&view, &Options { around: Some((hex("0505"), radius)), ..Options::default() }).unwrap();
        let share = map_share(&s);
        assert!(share > 0.5, "radius {radius}: the board is {:.0}% of the picture", share * 100.0);
    }
}

#[test]
fn the_key_lists_the_legend_entries_the_picture_shows_in_the_legend_order() {
    let view = sample_view(fixture("plains"));
    let s = svg(&view, &Options::default()).unwrap();
    let key = &s[s.find(r#"<g id="legend">"#).unwrap()..];
    let at = |label: &str| key.find(&format!(">{label}<")).unwrap_or_else(|| panic!("{label} is not in the key"));
    assert!(at("Infantry") < at("Cavalry") && at("Cavalry") < at("Leader") && at("Fleet") < at("Headquarters"));
    assert!(at("Fortress razed") < at("VP taken"));
    assert!(!key.contains(">Supply<"), "no piece is of that kind");
}

#[test]
fn every_glyph_is_drawn_and_ids_missing_from_the_legend_draw_their_letters() {
    let mut view = sample_view(fixture("plains"));
    let mut kinds: Vec<String> = view.legend.iter().map(|e| e.id.clone()).collect();
    kinds.push("zzz-unknown".to_string());
    let hexes: Vec<_> = view.map.land_hexes().take(kinds.len()).collect();
    assert_eq!(hexes.len(), kinds.len());
    let template = view.pieces[0].clone();
    view.pieces = kinds
        .iter()
        .zip(&hexes)
        .enumerate()
        .map(|(i, (kind, h))| grognard_board::PieceView {
            id: format!("p{i}"),
            symbol: kind.clone(),
            location: grognard_board::PieceLocation::Hex(*h),
            ..template.clone()
        })
        .collect();
    view.markers.push((hexes[0], "inf".to_string()));
    view.markers.push((hexes[1], "no-such-marker".to_string()));
    let s = svg(&view, &Options::default()).unwrap();
    let key = &s[s.find(r#"<g id="legend">"#).unwrap()..];
    assert!(key.contains(">Supply<") && key.contains(">Fortress razed<"), "every kind is keyed");
    let units = &s[s.find(r#"<g id="units">"#).unwrap()..s.find(r#"<g id="markers">"#).unwrap()];
    assert!(units.contains(">zzz<"), "an id the legend lacks is drawn as its first letters");
    let markers = &s[s.find(r#"<g id="markers">"#).unwrap()..s.find(r#"<g id="names">"#).unwrap()];
    assert!(markers.contains(">no-<"), "a marker the legend lacks is a tag with its first letters");
    assert!(!key.contains(">zzz") && !key.contains(">no-"), "ids without an entry are not keyed");
    assert!(png(&view, &Options::default()).is_ok());
}

#[test]
fn counters_shown_face_down_count_in_their_stack_and_are_drawn_as_blank_backs() {
    use grognard_board::{HiddenCounters, PieceLocation};
    let mut view = sample_view(fixture("plains"));
    let plain = svg(&view, &Options::default()).unwrap();
    assert!(!plain.contains(">Counters not known<"), "no face-down counters, no key entry");
    let top = view.pieces.first().cloned().expect("a piece");
    let PieceLocation::Hex(at) = top.location else { panic!("the first piece is on the map") };
    let on_top = view.pieces.iter().filter(|p| p.location == top.location).count();
    // Two counters beneath the top of a stack, and a stack of one counter not known at all.
    let empty = ["0101", "0102", "0201", "0202", "0301"]
        .into_iter()
        .map(hex)
        .find(|h| view.pieces.iter().all(|p| p.location != PieceLocation::Hex(*h)))
        .expect("a hex without pieces");
    view.hidden =
        vec![HiddenCounters { hex: at, side: top.side, count: 2 }, HiddenCounters { hex: empty, side: 1, count: 1 }];
    let s = svg(&view, &Options::default()).unwrap();
    assert!(s.contains(&format!(">{}<", on_top + 2)), "the stack counts its face-down counters");
    assert!(s.contains(">2?<"), "how many are face down");
    assert!(s.contains(">1?<") && s.contains(">?<"), "a lone face-down counter is a blank back with a ?");
    assert!(s.contains(">Counters not known<"), "the key explains them");
    assert_eq!(svg(&view, &Options::default()).unwrap(), s, "the same bytes every time");
}
