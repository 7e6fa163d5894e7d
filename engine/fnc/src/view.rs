//! The board view (what a picture of the board shows): every piece in stacking order,
//! control markers, Fort De and VP Taken markers, the turn track, VP, the last player
//! turn's moves and battles, and the counters the state cannot name (7.7), face down. The
//! unit types and the markers are ids of the view's legend, which says how each is drawn
//! (a glyph of the renderer's generic vocabulary) and named.

use crate::ctx::Ctx;
use crate::data::{Counter, UnitType};
use crate::sequence;
use crate::state::{Location, Side, State};
use grognard_board::{
    BoardView, DueUnit, Glyph, HiddenCounters, Highlight, LegendEntry, PieceLocation, PieceView, SideView, TurnView,
};

/// The legend id of the marker on a destroyed fortress (Fort De, 13.4).
pub const FORT_DESTROYED: &str = "fort-destroyed";
/// The legend id of the marker on ruins the SC has looted (VP Taken, 14.3).
pub const VP_TAKEN: &str = "vp-taken";

/// The legend id of a unit type: its word in `counters.txt`.
pub fn symbol(kind: UnitType) -> &'static str {
    kind.name()
}

/// How a unit type is drawn and named in the key.
fn unit_entry(kind: UnitType) -> (Glyph, &'static str) {
    match kind {
        UnitType::Infantry => (Glyph::Infantry, "Infantry"),
        UnitType::CombinedArms => (Glyph::CombinedArms, "Combined arms"),
        UnitType::CamelCavalry => (Glyph::Cavalry, "Camel cavalry"),
        UnitType::Cavalry => (Glyph::Cavalry, "Cavalry"),
        UnitType::SiegeTrain => (Glyph::Artillery, "Siege train"),
        UnitType::Engineers => (Glyph::Engineers, "Engineers"),
        UnitType::Fortress => (Glyph::Fortress, "Fortress unit"),
        UnitType::Garrison => (Glyph::Garrison, "Garrison"),
        UnitType::Militia => (Glyph::Militia, "Militia"),
        UnitType::Gunboats => (Glyph::Boat, "Gunboats"),
        UnitType::Fleet => (Glyph::Fleet, "Fleet"),
        UnitType::Sc => (Glyph::Text("Sci".to_string()), "Scientists"),
    }
}

/// The unit types in the order the key lists them.
const KEY_ORDER: [UnitType; 12] = [
    UnitType::Infantry,
    UnitType::Cavalry,
    UnitType::CamelCavalry,
    UnitType::CombinedArms,
    UnitType::Militia,
    UnitType::Garrison,
    UnitType::Engineers,
    UnitType::SiegeTrain,
    UnitType::Fortress,
    UnitType::Gunboats,
    UnitType::Fleet,
    UnitType::Sc,
];

/// What the ids of the view stand for: every unit type, then the markers.
pub fn legend() -> Vec<LegendEntry> {
    let mut out: Vec<LegendEntry> = KEY_ORDER
        .into_iter()
        .map(|kind| {
            let (glyph, label) = unit_entry(kind);
            LegendEntry { id: symbol(kind).to_string(), label: label.to_string(), glyph }
        })
        .collect();
    let marker = |id: &str, label: &str, text: &str, fill: [u8; 3], ink: [u8; 3]| LegendEntry {
        id: id.to_string(),
        label: label.to_string(),
        glyph: Glyph::Marker { text: text.to_string(), fill, ink },
    };
    out.push(marker(FORT_DESTROYED, "Fortress destroyed", "Fort De", [0x5b, 0x5b, 0x5b], [0xff, 0xff, 0xff]));
    out.push(marker(VP_TAKEN, "VP taken", "VP Taken", [0xf2, 0xc2, 0x30], [0x1c, 0x1a, 0x17]));
    out
}

/// The identification on a counter (2.6): `division/brigade` for divisional brigades, in the
/// order of the counter ids (`fr-2-1`, the 1st Brigade of the 2nd Division, reads `2/1`;
/// the printed counters put the brigade first, but one order everywhere is easier to read),
/// the abbreviation leading the name otherwise.
pub fn label(counter: &Counter) -> String {
    let words: Vec<&str> = counter.name.split_whitespace().collect();
    let ordinal = |w: &str| w.trim_end_matches(',').trim_end_matches(|c: char| c.is_ascii_alphabetic()).to_string();
    if let (Some(div), [b, brigade, ..]) = (&counter.division, words.as_slice()) {
        if brigade.starts_with("Brigade") {
            return format!("{div}/{}", ordinal(b));
        }
    }
    match words.first() {
        Some(w) if w.len() <= 3 && w.chars().next().is_some_and(|c| c.is_ascii_uppercase()) => w.to_string(),
        _ => counter.division.clone().unwrap_or_default(),
    }
}

/// Where a piece is drawn, if it is on the board or in a box.
fn drawn_at(location: &Location) -> Option<PieceLocation> {
    match location {
        Location::Hex(h) => Some(PieceLocation::Hex(*h)),
        Location::Offshore { sea, .. } => Some(PieceLocation::Hex(*sea)),
        Location::Box(b) => Some(PieceLocation::Box(b.clone())),
        _ => None,
    }
}

/// The pieces in stacking order within each location: a fortress garrison on top (7.8),
/// then the counters in the order of the counter mix.
pub fn pieces(ctx: &Ctx, state: &State) -> Vec<PieceView> {
    let mut out: Vec<(String, u8, usize, PieceView)> = Vec::new();
    for (index, counter) in ctx.counters.iter().enumerate() {
        let Some(location) = state.location(&counter.id).and_then(drawn_at) else { continue };
        let Some(side) = ctx.side_by_id(&counter.side) else { continue };
        let key = match &location {
            PieceLocation::Hex(h) => format!("hex {h}"),
            PieceLocation::Box(b) => format!("box {b}"),
        };
        let rank = if counter.kind == UnitType::Fortress { 0 } else { 1 };
        out.push((
            key,
            rank,
            index,
            PieceView {
                id: counter.id.clone(),
                location,
                side: side.index(),
                nation: counter.nation.clone(),
                symbol: symbol(counter.kind).to_string(),
                size: counter.size.symbol().to_string(),
                factors: counter.factors_text(),
                label: label(counter),
                colour: ctx.rules.nation_colour(&counter.nation),
            },
        ));
    }
    out.sort_by(|a, b| (&a.0, a.1, a.2).cmp(&(&b.0, b.1, b.2)));
    out.into_iter().map(|(_, _, _, p)| p).collect()
}

/// The units on the turn record track, by the turn they arrive or return on (8.9, 8.13),
/// in the order of the counter mix.
fn due(ctx: &Ctx, state: &State) -> Vec<Vec<DueUnit>> {
    let mut out: Vec<Vec<DueUnit>> = Vec::new();
    for counter in ctx.counters.iter() {
        let Some(Location::Track(turn)) = state.location(&counter.id) else { continue };
        let Some(side) = ctx.side_by_id(&counter.side) else { continue };
        let index = usize::from(*turn).saturating_sub(1);
        if out.len() <= index {
            out.resize_with(index + 1, Vec::new);
        }
        out[index].push(DueUnit { id: counter.id.clone(), side: side.index(), label: label(counter) });
    }
    out
}

/// Everything a picture of the board shows now.
pub fn board_view(ctx: &Ctx, state: &State) -> BoardView {
    let turn = ctx.turn(state.turn).map(|t| TurnView {
        number: state.turn,
        last: ctx.last_turn(),
        label: t.label.clone(),
        season: if t.nile_flood {
            Some("flood".to_string())
        } else {
            t.season.map(|s| format!("{s:?}").to_lowercase())
        },
        track: ctx.charts.turns().iter().map(|t| t.label.clone()).collect(),
        due: due(ctx, state),
    });
    let sides = Side::BOTH
        .into_iter()
        .map(|s| {
            let (colour, text_colour) = ctx.rules.side_colours(s);
            SideView {
                name: ctx.rules.side_name(s).to_string(),
                vp: state.vp[s.index()].total(),
                colour,
                text_colour,
                unit: String::new(),
            }
        })
        .collect();
    let control = ctx.map.locales().filter_map(|l| state.control.get(&l.hex).map(|s| (l.hex, s.index()))).collect();
    let mut markers: Vec<_> = state.fort_destroyed.iter().map(|h| (*h, FORT_DESTROYED.to_string())).collect();
    markers.extend(state.looted.iter().map(|h| (*h, VP_TAKEN.to_string())));
    let mut highlights: Vec<Highlight> =
        state.last_moves.iter().map(|m| Highlight::Path { hexes: m.path.clone(), side: m.side.index() }).collect();
    highlights.extend(state.last_battles.iter().map(|b| Highlight::Battle {
        attackers: b.attackers.clone(),
        defender: b.defender,
        side: b.side.index(),
        result: b.result.clone(),
    }));
    BoardView {
        map: ctx.map.clone(),
        title: format!("{} — {}", ctx.rules.title(), sequence::describe(ctx, state)),
        turn,
        sides,
        pieces: pieces(ctx, state),
        control,
        markers,
        highlights,
        legend: legend(),
        hidden: hidden(state),
    }
}

/// The counters this state cannot name (fog of war, 7.7), drawn face down in their stacks.
fn hidden(state: &State) -> Vec<HiddenCounters> {
    let Some(fog) = &state.fog else { return Vec::new() };
    let mut out = Vec::new();
    for (hex, counts) in &fog.unseen {
        for side in Side::BOTH {
            let count = counts[side.index()];
            if count > 0 {
                out.push(HiddenCounters { hex: *hex, side: side.index(), count });
            }
        }
    }
    out
}
