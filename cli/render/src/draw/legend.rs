//! The key under the map: terrain, hexsides, roads, places, markers and the kinds of unit
//! that appear in the picture, the last two as the view's legend names and draws them.

use super::{key, line, pieces, rect, terrain, text, Type};
use crate::num::N;
use crate::palette;
use crate::picture::Picture;
use crate::sheet::{Ground, Place, Sheet, SideKind};
use crate::view::{BoardView, Highlight, PieceLocation, PieceView};
use grognard_board::HexId;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

const ITEM_W: f64 = 150.0;

/// One entry of the key.
#[derive(Clone, Debug, PartialEq)]
enum Item {
    Ground(Ground),
    Side(SideKind),
    Road,
    Place(Place, &'static str),
    Vp,
    Control,
    /// A marker of the view's legend (index in `legend`).
    Marker(usize),
    Stack,
    /// Counters the picture shows face down (hidden information).
    FaceDown,
    /// A kind of unit of the view's legend (index in `legend`).
    Unit(usize),
    Move,
    Battle,
}

/// The entries for what the picture shows: only what lies in the `visible` hexes (and the
/// highlights only if they are drawn).
fn items(input: &LegendInput) -> Vec<Item> {
    let LegendInput { sheet, view, visible, highlights, whole } = *input;
    let mut out: Vec<Item> = Vec::new();
    let seen = |h: &HexId| visible.contains(h);
    let present: BTreeSet<&str> = sheet.hexes.iter().filter(|(h, _)| seen(h)).map(|(_, g)| terrain::key(g)).collect();
    out.extend(terrain::grounds().into_iter().filter(|g| present.contains(terrain::key(g))).map(Item::Ground));
    let kinds: BTreeSet<SideKind> =
        sheet.sides.iter().filter(|s| seen(&s.side.0) || seen(&s.side.1)).map(|s| s.kind).collect();
    out.extend(kinds.into_iter().map(Item::Side));
    if sheet.roads.iter().any(|r| r.iter().any(seen)) {
        out.push(Item::Road);
    }
    let shown: Vec<&Place> = sheet.places.iter().filter(|p| p.hex.is_some_and(|h| seen(&h))).collect();
    let place = |f: fn(&mut Place)| {
        let mut p = Place::default();
        f(&mut p);
        p
    };
    let has = |f: fn(&Place) -> bool| shown.iter().any(|p| f(p));
    if has(|p| p.town) {
        out.push(Item::Place(place(|p| p.town = true), "Town"));
    }
    if has(|p| p.city) {
        out.push(Item::Place(place(|p| p.city = true), "City"));
    }
    if has(|p| p.port) {
        out.push(Item::Place(place(|p| p.port = true), "Port"));
    }
    if has(|p| p.fortress) {
        out.push(Item::Place(place(|p| p.fortress = true), "Fortress"));
    }
    if has(|p| p.ruins) {
        out.push(Item::Place(place(|p| p.ruins = true), "Ruins"));
    }
    if shown.iter().any(|p| p.vp > 0) {
        out.push(Item::Vp);
    }
    if view.control.iter().any(|(h, _)| seen(h)) {
        out.push(Item::Control);
    }
    out.extend(key::entries(&view.legend, |id| view.markers.iter().any(|(h, m)| m == id && seen(h))).map(Item::Marker));
    // A box's units are drawn when its panel is (see `boxes::plan`).
    let drawn = |p: &&PieceView| match &p.location {
        PieceLocation::Hex(h) => seen(h),
        PieceLocation::Box(id) => {
            sheet.boxes.iter().any(|b| &b.id == id && (b.entry.iter().any(seen) || (b.entry.is_empty() && whole)))
        }
    };
    let mut per_hex: BTreeMap<HexId, usize> = BTreeMap::new();
    for p in view.pieces.iter().filter(drawn) {
        if let PieceLocation::Hex(h) = p.location {
            *per_hex.entry(h).or_default() += 1;
        }
    }
    let hidden: Vec<_> = view.hidden.iter().filter(|h| h.count > 0 && seen(&h.hex)).collect();
    for h in &hidden {
        *per_hex.entry(h.hex).or_default() += usize::from(h.count);
    }
    if per_hex.values().any(|n| *n > 1) {
        out.push(Item::Stack);
    }
    if !hidden.is_empty() {
        out.push(Item::FaceDown);
    }
    out.extend(
        key::entries(&view.legend, |id| view.pieces.iter().filter(drawn).any(|p| p.symbol == id)).map(Item::Unit),
    );
    if highlights {
        if view.highlights.iter().any(|h| matches!(h, Highlight::Path { hexes, .. } if hexes.iter().any(seen))) {
            out.push(Item::Move);
        }
        if view.highlights.iter().any(|h| matches!(h, Highlight::Battle { defender, .. } if seen(defender))) {
            out.push(Item::Battle);
        }
    }
    out
}

/// What the key is made from, before the picture is laid out.
#[derive(Clone, Copy)]
pub struct LegendInput<'a> {
    pub sheet: &'a Sheet,
    pub view: &'a BoardView,
    pub visible: &'a BTreeSet<HexId>,
    pub highlights: bool,
    /// The whole map is drawn (not a close-up).
    pub whole: bool,
}

/// Height of the key for a picture `width` wide.
pub fn height(p: &LegendInput, width: f64, s: f64) -> f64 {
    key::height(items(p).len(), ITEM_W, width, s)
}

pub fn draw(p: &Picture, out: &mut String) {
    let s = p.s;
    let r = 11.0 * s;
    let input = LegendInput {
        sheet: p.sheet,
        view: p.view,
        visible: &p.visible,
        highlights: p.options.highlights,
        whole: p.options.around.is_none(),
    };
    let list = items(&input);
    key::draw(out, p.legend_y, (p.width, p.margin), s, (list.len(), ITEM_W), |i, c, out| match &list[i] {
        Item::Ground(g) => {
            let fill = palette::ground_fill(g);
            let _ = write!(
                out,
                r#"<polygon points="{}" fill="{fill}" stroke="{}" stroke-width="{}"/>"#,
                terrain::hex_points(c, r),
                palette::GRID,
                N(0.6 * s)
            );
            if !matches!(g, Ground::Clear | Ground::Water { .. }) {
                // The marks are defined at the map's hex size; a close-up magnifies it.
                let k = key_r(p) / p.frame.r;
                let _ = write!(
                    out,
                    r##"<g transform="translate({} {}) scale({})"><use xlink:href="#mk-{}" x="0" y="0"/></g>"##,
                    N(c.0),
                    N(c.1),
                    N(k),
                    terrain::key(g)
                );
            }
            match g {
                Ground::Clear => "Clear",
                Ground::Forest => "Forest",
                Ground::Swamp => "Swamp",
                Ground::MudFlat => "Mud flats",
                Ground::Hills => "Hills",
                Ground::Desert => "Desert",
                Ground::Water { lake: false, .. } => "Sea",
                Ground::Water { lake: true, .. } => "Lake",
            }
            .to_string()
        }
        Item::Side(kind) => {
            let frame = key_r(p);
            let (a, b) = ((c.0 - 12.0 * s, c.1), (c.0 + 12.0 * s, c.1));
            let (under, over) = super::hexsides::dressing(*kind, frame);
            for attrs in [under, Some(super::hexsides::stroke(*kind, frame)), over].into_iter().flatten() {
                line(out, a, b, &attrs);
            }
            palette::side_word(*kind).to_string()
        }
        Item::Road => {
            for attrs in super::roads::strokes(key_r(p)) {
                line(out, (c.0 - 12.0 * s, c.1), (c.0 + 12.0 * s, c.1), &attrs);
            }
            "Road".to_string()
        }
        Item::Place(place, word) => {
            super::locales::symbol(out, place, if place.port { (c.0 + 16.0 * s, c.1) } else { c }, key_r(p));
            word.to_string()
        }
        Item::Vp => {
            super::locales::vp_ring(out, c, key_r(p), 2);
            "Victory points".to_string()
        }
        Item::Control => {
            let (paper, ink) = p
                .view
                .sides
                .first()
                .map(|x| (crate::num::hex_colour(x.colour), crate::num::hex_colour(x.text_colour)))
                .unwrap_or_else(|| ("#808080".into(), "#000000".into()));
            pieces::control_marker(out, c, key_r(p), &paper, &ink);
            "Control".to_string()
        }
        Item::Marker(i) => key::marker(out, &p.view.legend[*i], c, key_r(p)),
        Item::Stack => {
            super::circle(out, c, 6.0 * s, r##"fill="#1c1a17""##);
            text(out, c.0, c.1 + 2.6 * s, Type::new(7.5 * s, "#fffdf5").bold(), "3");
            "Units in stack".to_string()
        }
        Item::FaceDown => {
            super::circle(out, c, 6.0 * s, r##"fill="#fffdf5" stroke="#1c1a17" stroke-width="0.8""##);
            text(out, c.0, c.1 + 2.6 * s, Type::new(7.0 * s, "#1c1a17").bold(), "2?");
            "Counters not known".to_string()
        }
        Item::Unit(i) => {
            let attrs = format!(r##"fill="{}" stroke="#1c1a17" stroke-width="0.8""##, key::UNIT_PAPER);
            rect(out, c.0 - 13.0 * s, c.1 - 11.0 * s, 26.0 * s, 22.0 * s, &attrs);
            key::unit(out, &p.view.legend[*i], c, s)
        }
        Item::Move => key::moves(out, c, s),
        Item::Battle => key::battle(out, c, s),
    });
}

/// The hex radius the key's samples are drawn at: the picture's scale, never a close-up's
/// magnification.
fn key_r(p: &Picture) -> f64 {
    crate::options::BASE_RADIUS * p.s
}
