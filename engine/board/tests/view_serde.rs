//! Board views and maps survive serialization; a tampered map is refused on the way back.

mod common;

use common::{h, parse_ok, SMALL};
use grognard_board::{
    BoardView, DueUnit, Glyph, HiddenCounters, Highlight, LegendEntry, Map, PieceLocation, PieceView, SideView,
    TurnView,
};
use std::sync::Arc;

fn sample_view() -> BoardView {
    let side = |name: &str, colour| SideView {
        name: name.to_string(),
        vp: 3,
        colour,
        text_colour: [0, 0, 0],
        unit: String::new(),
    };
    BoardView {
        map: Arc::new(parse_ok(SMALL)),
        title: "A Small Test Map — Game Turn 2 (Sep 1798), West Movement Phase".to_string(),
        turn: Some(TurnView {
            number: 2,
            last: 3,
            label: "Sep 1798".to_string(),
            season: Some("flood".to_string()),
            track: vec!["Jul-Aug 1798".to_string(), "Sep 1798".to_string(), "Oct 1798".to_string()],
            due: vec![vec![], vec![], vec![DueUnit { id: "w-9".to_string(), side: 0, label: "9".to_string() }]],
        }),
        sides: vec![side("West", [0, 0, 200]), side("East", [0, 150, 0])],
        pieces: vec![
            PieceView {
                id: "w-1".to_string(),
                location: PieceLocation::Hex(h("0102")),
                side: 0,
                nation: "west".to_string(),
                symbol: "foot".to_string(),
                size: "X".to_string(),
                factors: "4-6".to_string(),
                label: "2/1".to_string(),
                colour: None,
            },
            PieceView {
                id: "e-fleet".to_string(),
                location: PieceLocation::Box("naval".to_string()),
                side: 1,
                nation: "british".to_string(),
                symbol: "ships".to_string(),
                size: String::new(),
                factors: "*-2-4".to_string(),
                label: "RN".to_string(),
                colour: Some([200, 0, 0]),
            },
        ],
        control: vec![(h("0102"), 0), (h("0404"), 1)],
        markers: vec![(h("0404"), "razed".to_string()), (h("0505"), "taken".to_string())],
        highlights: vec![
            Highlight::Path { hexes: vec![h("0102"), h("0202")], side: 0 },
            Highlight::Battle { attackers: vec![h("0304")], defender: h("0404"), side: 0, result: "DR".to_string() },
        ],
        legend: vec![
            entry("foot", "Infantry", Glyph::Infantry),
            entry("ships", "Fleet", Glyph::Fleet),
            entry("scholars", "Scholars", Glyph::Text("Sch".to_string())),
            entry(
                "razed",
                "Fortress razed",
                Glyph::Marker { text: "Razed".to_string(), fill: [90, 90, 90], ink: [255; 3] },
            ),
            entry("taken", "VP taken", Glyph::Marker { text: "VP".to_string(), fill: [240, 190, 50], ink: [0; 3] }),
        ],
        hidden: vec![HiddenCounters { hex: h("0102"), side: 0, count: 2 }],
    }
}

fn entry(id: &str, label: &str, glyph: Glyph) -> LegendEntry {
    LegendEntry { id: id.to_string(), label: label.to_string(), glyph }
}

#[test]
fn map_serializes_as_its_text_and_parses_back_equal() {
    let map = parse_ok(SMALL);
    let json = serde_json::to_string(&map).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json, serde_json::to_string(SMALL).unwrap_or_else(|e| panic!("{e}")));
    let back: Map = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, map);
}

#[test]
fn map_deserialization_refuses_an_invalid_map_with_its_line() {
    let json = serde_json::to_string(&SMALL.replacen("wadi: 0605/0606", "wadi: 0604/0606", 1))
        .unwrap_or_else(|e| panic!("{e}"));
    let error = match serde_json::from_str::<Map>(&json) {
        Ok(_) => panic!("a map with a bad hexside was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(error.contains("0604 and 0606 are not adjacent") && error.contains("line "), "{error}");
}

#[test]
fn board_view_round_trips_through_json() {
    let view = sample_view();
    let json = serde_json::to_string(&view).unwrap_or_else(|e| panic!("{e}"));
    let back: BoardView = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, view);
    assert!(json.contains("\"0102\""), "hexes serialize as their printed numbers");
    assert_eq!(back.entry("razed").map(|e| e.label.as_str()), Some("Fortress razed"));
    assert!(back.entry("nothing").is_none());
}

#[test]
fn a_view_written_without_a_legend_reads_with_an_empty_one() {
    let mut view = sample_view();
    let mut json = serde_json::to_value(&view).unwrap_or_else(|e| panic!("{e}"));
    if let Some(fields) = json.as_object_mut() {
        fields.remove("legend");
    }
    let back: BoardView = serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"));
    view.legend.clear();
    assert_eq!(back, view);
}

#[test]
fn hidden_counters_count_in_their_hex_and_are_absent_from_the_json_when_there_are_none() {
    let mut view = sample_view();
    assert_eq!(view.hidden_in(h("0102")), 2);
    assert_eq!(view.hidden_in(h("0404")), 0);
    view.hidden.clear();
    let json = serde_json::to_string(&view).unwrap_or_else(|e| panic!("{e}"));
    assert!(!json.contains("\"hidden\""), "a view without hidden counters keeps its old bytes");
    let back: BoardView = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, view);
}
