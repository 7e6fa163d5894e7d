//! Shared pieces of the renderer's tests: maps (fixtures and the real FNC maps) and a
//! sample board view that exercises every kind of thing a picture shows.
#![allow(dead_code)]

use grognard_board::{
    BoardView, DueUnit, Glyph, HexId, Highlight, LegendEntry, Map, PieceLocation, PieceView, SideView, TurnView,
};
use std::path::PathBuf;
use std::sync::Arc;

/// `cli/render` in the source tree.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: PathBuf) -> Arc<Map> {
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Arc::new(Map::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// A test map of `tests/fixtures/`.
pub fn fixture(name: &str) -> Arc<Map> {
    load(crate_dir().join("tests/fixtures").join(format!("{name}.txt")))
}

/// The map of an FNC game (`ec`, `rsw`) from `engine/fnc/data/`.
pub fn game_map(game: &str) -> Arc<Map> {
    load(crate_dir().join("../../engine/fnc/data").join(game).join("map.txt"))
}

pub fn hex(text: &str) -> HexId {
    HexId::parse(text).expect("test hex")
}

fn piece(id: &str, location: PieceLocation, side: usize, symbol: &str, size: &str, factors: &str) -> PieceView {
    PieceView {
        id: id.to_string(),
        location,
        side,
        nation: if side == 0 { "blue".into() } else { "gold".into() },
        symbol: symbol.to_string(),
        size: size.to_string(),
        factors: factors.to_string(),
        label: id.to_uppercase(),
        colour: None,
    }
}

/// A walk of `steps` hexes from `start` over land, never back on itself (first free
/// neighbour clockwise from north).
fn walk(map: &Map, start: HexId, steps: usize) -> Vec<HexId> {
    let mut path = vec![start];
    for _ in 0..steps {
        let last = path[path.len() - 1];
        match map.neighbours_on_map(last).into_iter().find(|h| map.is_land(*h) && !path.contains(h)) {
            Some(next) => path.push(next),
            None => break,
        }
    }
    path
}

/// The legend of the sample view: a kind of unit for every glyph, in the order of the key,
/// and two markers.
pub fn sample_legend() -> Vec<LegendEntry> {
    let entry = |id: &str, label: &str, glyph: Glyph| LegendEntry { id: id.into(), label: label.into(), glyph };
    vec![
        entry("inf", "Infantry", Glyph::Infantry),
        entry("cav", "Cavalry", Glyph::Cavalry),
        entry("gen", "Leader", Glyph::Leader),
        entry("mix", "Combined arms", Glyph::CombinedArms),
        entry("mil", "Militia", Glyph::Militia),
        entry("gar", "Garrison", Glyph::Garrison),
        entry("eng", "Engineers", Glyph::Engineers),
        entry("art", "Artillery", Glyph::Artillery),
        entry("fort", "Fortress unit", Glyph::Fortress),
        entry("boat", "Gunboats", Glyph::Boat),
        entry("fleet", "Fleet", Glyph::Fleet),
        entry("hq", "Headquarters", Glyph::Text("HQ".into())),
        entry("sup", "Supply", Glyph::Supply),
        entry("razed", "Fortress razed", Glyph::Marker { text: "Razed".into(), fill: [91, 91, 91], ink: [255; 3] }),
        entry("taken", "VP taken", Glyph::Marker { text: "VP Taken".into(), fill: [242, 194, 48], ink: [28, 26, 23] }),
    ]
}

/// A view of `map` with a kind of unit for every glyph but supply, a stack of three, pieces
/// in a box, control and event markers, a move and a battle, on turn 3 of 8.
pub fn sample_view(map: Arc<Map>) -> BoardView {
    let locales: Vec<HexId> = map.locales().map(|l| l.hex).collect();
    let occupied: Vec<HexId> = locales.clone();
    let free: Vec<HexId> = map.land_hexes().filter(|h| !occupied.contains(h)).collect();
    let mut pieces = vec![
        piece("a1", PieceLocation::Hex(locales[0]), 0, "inf", "X", "4-6"),
        piece("a2", PieceLocation::Hex(locales[0]), 0, "cav", "III", "3-8"),
        piece("a3", PieceLocation::Hex(locales[0]), 0, "art", "", "*-2-4"),
        piece("f1", PieceLocation::Hex(locales[1]), 1, "fort", "", "0-4-0"),
    ];
    let others = ["mix", "gen", "eng", "gar", "mil", "boat", "fleet", "hq"];
    let step = (free.len() / (others.len() + 1)).max(1);
    for (i, symbol) in others.into_iter().enumerate() {
        if let Some(h) = free.get((i + 1) * step) {
            pieces.push(piece(&format!("u{i}"), PieceLocation::Hex(*h), i % 2, symbol, "[X]", "2-3-8"));
        }
    }
    if let Some(b) = map.boxes().first() {
        for i in 0..3 {
            pieces.push(piece(&format!("r{i}"), PieceLocation::Box(b.id.clone()), 1, "inf", "X", "3-5"));
        }
    }
    if let Some(p) = pieces.last_mut() {
        p.colour = Some([190, 30, 45]);
    }
    let control = locales.iter().enumerate().map(|(i, h)| (*h, i % 2)).collect();
    let fortress = map.locales().filter(|l| l.fortress).map(|l| l.hex).last().unwrap_or(locales[0]);
    let markers = vec![(fortress, "razed".to_string()), (locales[1], "taken".to_string())];
    let defender = locales[locales.len() - 1];
    let attackers: Vec<HexId> =
        map.neighbours_on_map(defender).into_iter().filter(|h| map.is_land(*h)).take(2).collect();
    let highlights = vec![
        Highlight::Path { hexes: walk(&map, locales[0], 3), side: 0 },
        Highlight::Battle { attackers, defender, side: 0, result: "DR".to_string() },
    ];
    let track: Vec<String> =
        ["Jul-Aug 1798", "Sep 1798", "Oct 1798", "Nov 1798", "Dec 1798", "Jan 1799", "Feb 1799", "Mar 1799"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    BoardView {
        title: format!("{} — test position", map.title),
        map,
        turn: Some(TurnView {
            number: 3,
            last: 8,
            label: "Oct 1798".into(),
            season: Some("flood".into()),
            track,
            due: vec![
                vec![],
                vec![],
                vec![],
                vec![],
                vec![
                    DueUnit { id: "b-7".into(), side: 0, label: "7/1".into() },
                    DueUnit { id: "g-gu".into(), side: 1, label: "Gu".into() },
                ],
            ],
        }),
        sides: vec![
            SideView {
                name: "Blue".into(),
                vp: 3,
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
        markers,
        highlights,
        legend: sample_legend(),
        hidden: Vec::new(),
    }
}
