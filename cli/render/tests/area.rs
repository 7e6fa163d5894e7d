//! Pictures of area maps: what they hold, that a close-up holds only what is near, that the
//! same view gives the same bytes, and the whole Empires in Arms map drawn to PNG.
//!
//! Set `GROGNARD_AREA_PICTURES` to a directory to keep the pictures of the Empires in Arms
//! map drawn here (`area-whole.png` and `.svg`, `area-paris.png`) and of the small test map
//! (`area-small.png`) for a look.

use grognard_board::{
    AreaBoardView, AreaBox, AreaHiddenCounters, AreaHighlight, AreaLocation, AreaMap, AreaPieceView, Glyph,
    LegendEntry, SideView, TurnView,
};
use grognard_render::{area_png, area_svg, png_from_svg, AreaOptions, RenderError};
use std::sync::Arc;

const SMALL: &str = include_str!("fixtures/area_small.txt");
const EIA: &str = include_str!("../../../engine/eia/data/map.txt");

fn parse(text: &str) -> Arc<AreaMap> {
    Arc::new(AreaMap::parse(text).unwrap_or_else(|e| panic!("area map refused: {e}")))
}

fn piece(id: &str, location: AreaLocation, side: usize, nation: &str, symbol: &str, factors: &str) -> AreaPieceView {
    AreaPieceView {
        id: id.to_string(),
        location,
        side,
        nation: nation.to_string(),
        symbol: symbol.to_string(),
        size: String::new(),
        factors: factors.to_string(),
        label: id.to_uppercase(),
        colour: None,
    }
}

fn land(id: &str) -> AreaLocation {
    AreaLocation::Land(id.to_string())
}

fn legend() -> Vec<LegendEntry> {
    let entry = |id: &str, label: &str, glyph: Glyph| LegendEntry { id: id.into(), label: label.into(), glyph };
    vec![
        entry("corps", "Corps", Glyph::Infantry),
        entry("cavalry", "Cavalry corps", Glyph::Cavalry),
        entry("leader", "Leader", Glyph::Leader),
        entry("fleet", "Fleet", Glyph::Fleet),
        entry("depot", "Depot", Glyph::Supply),
        entry("revolt", "Revolt", Glyph::Marker { text: "Revolt".into(), fill: [178, 34, 34], ink: [255; 3] }),
    ]
}

/// A view of `map` with `pieces` on it, two sides, a turn, and every other kind of thing.
fn view(map: Arc<AreaMap>, pieces: Vec<AreaPieceView>, control: Vec<(String, usize)>) -> AreaBoardView {
    AreaBoardView {
        title: format!("{} — test position", map.title),
        map,
        turn: Some(TurnView {
            number: 3,
            last: 120,
            label: "March 1805".into(),
            season: Some("spring".into()),
            track: Vec::new(),
            due: Vec::new(),
        }),
        sides: vec![
            SideView {
                name: "Blue".into(),
                vp: 12,
                colour: [52, 92, 168],
                text_colour: [255, 255, 255],
                unit: String::new(),
            },
            SideView {
                name: "Gold".into(),
                vp: 31,
                colour: [214, 178, 74],
                text_colour: [0, 0, 0],
                unit: String::new(),
            },
        ],
        pieces,
        control,
        markers: Vec::new(),
        highlights: Vec::new(),
        legend: legend(),
        hidden: Vec::new(),
        boxes: Vec::new(),
    }
}

/// The small fixture map with stacks, a fleet at sea and one in port, a box, hidden
/// counters, control, a marker, a move and a battle.
fn small_view() -> AreaBoardView {
    let pieces = vec![
        piece("a1", land("capital"), 0, "alpha", "corps", "6"),
        piece("a2", land("capital"), 0, "alpha", "cavalry", "3"),
        piece("a3", land("capital"), 0, "alpha", "leader", "4"),
        piece("g1", land("capital"), 1, "gamma", "corps", "5"),
        piece("g2", land("gammaton"), 1, "gamma", "corps", "5"),
        piece("f1", AreaLocation::Sea("south-sea".into()), 0, "alpha", "fleet", "8"),
        piece("f2", AreaLocation::Port("harbour".into()), 1, "beta", "fleet", "4"),
        piece("r1", AreaLocation::Box("pool".into()), 0, "alpha", "corps", "2"),
        piece("r2", AreaLocation::Box("pool".into()), 1, "gamma", "depot", ""),
        // five nations' stacks in one area: more than a row holds on the whole map
        piece("m1", land("moor"), 0, "n1", "corps", "1"),
        piece("m2", land("moor"), 0, "n2", "corps", "1"),
        piece("m3", land("moor"), 1, "n3", "corps", "1"),
        piece("m4", land("moor"), 1, "n4", "corps", "1"),
        piece("m5", land("moor"), 1, "n4", "cavalry", "1"),
        piece("m6", land("moor"), 1, "n5", "corps", "1"),
    ];
    let control = vec![("capital".into(), 0), ("woods".into(), 0), ("gammaton".into(), 1)];
    let mut v = view(parse(SMALL), pieces, control);
    v.markers = vec![("fort".into(), "revolt".into())];
    v.highlights = vec![
        AreaHighlight::Path { places: vec!["gammaton".into(), "fort".into(), "woods".into()], side: 1 },
        AreaHighlight::Battle { place: "fen".into(), attackers: vec!["fort".into()], side: 1, result: "Won".into() },
    ];
    v.hidden = vec![AreaHiddenCounters { location: land("fen"), side: 1, count: 2 }];
    v.boxes = vec![AreaBox { id: "pool".into(), name: "Force pool".into() }];
    v
}

/// The text of the `<text>` elements inside the layer `id`, joined by spaces.
fn layer_text(svg: &str, id: &str) -> String {
    let open = format!(r#"<g id="{id}">"#);
    let Some(start) = svg.find(&open) else { return String::new() };
    let body = &svg[start + open.len()..];
    let mut words = Vec::new();
    let mut rest = body;
    while let Some(i) = rest.find("<text") {
        if rest[..i].contains(r#"<g id=""#) {
            break;
        }
        let after = &rest[i..];
        let (Some(gt), Some(end)) = (after.find('>'), after.find("</text>")) else { break };
        words.push(after[gt + 1..end].to_string());
        rest = &after[end..];
    }
    words.join(" ")
}

#[test]
fn the_svg_reads_back_and_names_every_area_and_sea_zone() {
    let view = small_view();
    let svg = area_svg(&view, &AreaOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    // A well-formed document: the rasteriser parses it as XML and draws it.
    let png = png_from_svg(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    keep("area-small.png", &png);
    let names = layer_text(&svg, "names");
    for area in view.map.areas() {
        assert!(names.contains(&area.name), "no name {} in {names}", area.name);
    }
    for sea in view.map.seas() {
        assert!(names.contains(&sea.name), "no sea zone {}", sea.name);
    }
    for expected in [
        ">Turn 3 of 120 — March 1805 (spring)<",
        ">31 VP<",
        ">Force pool<",
        ">+4<", // the stacks of the Moor a row has no room for, by their counters
        ">Revolt<",
        ">Won<",
        ">Key<",
        ">National border<",
        ">River<",
        ">Sea crossing arrow<",
        ">Optional sea crossing<",
        ">Capital<",
        ">Fortress<",
        ">Port<",
        ">Held by Blue<",
        ">Counters not known<",
        ">Cavalry corps<",
        ">Mountain<",
        ">Marsh<",
        ">Forest<",
    ] {
        assert!(svg.contains(expected), "missing {expected}");
    }
    assert!(svg.contains(r#"<g id="moves"><path"#), "the move is drawn");
    for family in svg.split("font-family=\"").skip(1).map(|r| &r[..r.find('"').unwrap_or(0)]) {
        assert!(family == "DejaVu Sans" || family == "DejaVu Serif", "{family}");
    }
}

#[test]
fn a_close_up_shows_only_the_areas_near_its_centre() {
    let view = small_view();
    let options = AreaOptions { around: Some(("cape".into(), 1)), ..AreaOptions::default() };
    let svg = area_svg(&view, &options).unwrap_or_else(|e| panic!("{e}"));
    let names = layer_text(&svg, "names");
    assert!(names.contains("The Cape") && names.contains("Harbour Coast"), "{names}");
    for far in ["East Hills", "The Moor", "Colony Isle", "Cold Bay"] {
        assert!(!names.contains(far), "{far} is far from the Cape: {names}");
    }
    assert!(svg.contains("Close-up: the areas within 1 step of The Cape"));
    let whole = area_svg(&view, &AreaOptions::default()).unwrap_or_default();
    assert!(layer_text(&whole, "names").contains("East Hills"));
}

#[test]
fn the_same_view_gives_the_same_bytes() {
    let view = small_view();
    for options in [AreaOptions::default(), AreaOptions { around: Some(("fen".into(), 1)), ..AreaOptions::default() }] {
        let a = area_svg(&view, &options).unwrap_or_default();
        let b = area_svg(&view.clone(), &options).unwrap_or_default();
        assert!(!a.is_empty());
        assert_eq!(a, b);
    }
    let a = area_png(&view, &AreaOptions::default()).unwrap_or_default();
    assert!(a.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(a, area_png(&view.clone(), &AreaOptions::default()).unwrap_or_default());
}

#[test]
fn a_close_up_of_an_unknown_place_or_a_bad_scale_is_refused() {
    let view = small_view();
    let unknown = AreaOptions { around: Some(("atlantis".into(), 2)), ..AreaOptions::default() };
    let refused = area_svg(&view, &unknown);
    assert_eq!(refused, Err(RenderError::PlaceNotOnMap("atlantis".into())));
    let why = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(why, "land area or sea zone atlantis is not on the map", "an area map speaks of areas, not hexes");
    let tiny = AreaOptions { scale: 0.1, ..AreaOptions::default() };
    assert!(matches!(area_svg(&view, &tiny), Err(RenderError::BadScale(_))));
}

#[test]
fn a_view_naming_places_and_sides_that_do_not_exist_is_drawn_without_them() {
    let mut view = small_view();
    view.pieces.push(piece("x1", land("atlantis"), 7, "none", "unknown-kind", "1"));
    view.control.push(("atlantis".into(), 9));
    view.control.push(("fen".into(), 9));
    view.markers.push(("nowhere".into(), "no-such-marker".into()));
    view.highlights.push(AreaHighlight::Path { places: vec!["nowhere".into()], side: 5 });
    view.highlights.push(AreaHighlight::Battle {
        place: "nowhere".into(),
        attackers: vec![],
        side: 5,
        result: "?".into(),
    });
    let svg = area_svg(&view, &AreaOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(png_from_svg(&svg).is_ok());
}

/// A few sample pieces on the EiA map: French corps at Paris and in Bavaria, a British fleet
/// in the Channel, the Royal Navy in Portsmouth, Austrians at Vienna and a move and battle.
fn eia_view() -> AreaBoardView {
    let map = parse(EIA);
    let pieces = vec![
        piece("fr-1", land("paris"), 0, "france", "corps", "6"),
        piece("fr-2", land("paris"), 0, "france", "cavalry", "4"),
        piece("fr-n", land("paris"), 0, "france", "leader", "5"),
        piece("fr-3", land("champagne"), 0, "france", "corps", "5"),
        piece("fr-4", land("lorraine"), 0, "france", "corps", "4"),
        piece("fr-5", land("lorraine"), 0, "france", "corps", "4"),
        piece("fr-6", land("brest"), 0, "france", "corps", "3"),
        piece("fr-f", AreaLocation::Port("brest".into()), 0, "france", "fleet", "9"),
        piece("gb-1", AreaLocation::Sea("channel".into()), 1, "britain", "fleet", "12"),
        piece("gb-2", AreaLocation::Port("portsmouth".into()), 1, "britain", "fleet", "10"),
        piece("gb-3", land("london"), 1, "britain", "corps", "4"),
        piece("au-1", land("vienna"), 1, "austria", "corps", "6"),
        piece("au-2", land("vienna"), 1, "austria", "cavalry", "3"),
    ];
    let control: Vec<(String, usize)> = map
        .areas()
        .filter_map(|a| match a.nation.as_str() {
            "france" => Some((a.id.clone(), 0)),
            "britain" | "austria" => Some((a.id.clone(), 1)),
            _ => None,
        })
        .collect();
    let mut v = view(map, pieces, control);
    v.sides[0].name = "France".into();
    v.sides[1].name = "Coalition".into();
    v.sides[1].colour = [178, 34, 52];
    v.highlights = vec![
        AreaHighlight::Path { places: vec!["alsace".into(), "lorraine".into(), "champagne".into()], side: 0 },
        AreaHighlight::Battle {
            place: "flanders".into(),
            attackers: vec!["picardy".into()],
            side: 0,
            result: "Won".into(),
        },
    ];
    v.markers = vec![("normandy".into(), "revolt".into())];
    v.hidden = vec![AreaHiddenCounters { location: land("picardy"), side: 1, count: 3 }];
    v
}

fn keep(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("GROGNARD_AREA_PICTURES") {
        let path = std::path::Path::new(&dir).join(name);
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}

#[test]
fn the_whole_empires_in_arms_map_and_a_close_up_of_paris_draw_to_png() {
    let view = eia_view();
    let whole_svg = area_svg(&view, &AreaOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let whole = png_from_svg(&whole_svg).unwrap_or_else(|e| panic!("{e}"));
    assert!(whole.starts_with(b"\x89PNG\r\n\x1a\n"));
    keep("area-whole.png", &whole);
    keep("area-whole.svg", whole_svg.as_bytes());
    let paris = AreaOptions { around: Some(("paris".into(), 2)), ..AreaOptions::default() };
    let svg = area_svg(&view, &paris).unwrap_or_else(|e| panic!("{e}"));
    let names = layer_text(&svg, "names");
    assert!(names.contains("Paris") && names.contains("Champagne"), "{names}");
    for far in ["Moscow", "Andalusia", "Finland", "Vienna"] {
        assert!(!names.contains(far), "{far} is far from Paris");
    }
    let close = png_from_svg(&svg).unwrap_or_else(|e| panic!("{e}"));
    keep("area-paris.png", &close);
}
