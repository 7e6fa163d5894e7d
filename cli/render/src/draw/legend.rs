//! The key under the map: terrain, hexsides, roads, places, markers and the kinds of unit
//! that appear in the picture, the last two as the view's legend names and draws them.

use super::{line, pieces, rect, symbols, terrain, text, Type};
use crate::frame::Rect;
use crate::num::N;
use crate::palette::{self, INK, PANEL_EDGE};
use crate::picture::Picture;
use crate::sheet::{Ground, Place, Sheet, SideKind};
use crate::view::{BoardView, Highlight, PieceLocation, PieceView};
use grognard_board::HexId;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

const ITEM_W: f64 = 150.0;
const ITEM_H: f64 = 26.0;
const HEADING: f64 = 22.0;

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
    // An id given twice in the legend is drawn and keyed by its first entry.
    let first = |i: usize, id: &str| view.legend.iter().position(|e| e.id == id) == Some(i);
    for (i, entry) in view.legend.iter().enumerate() {
        if first(i, &entry.id) && view.markers.iter().any(|(h, id)| *id == entry.id && seen(h)) {
            out.push(Item::Marker(i));
        }
    }
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
    for (i, entry) in view.legend.iter().enumerate() {
        if first(i, &entry.id) && view.pieces.iter().filter(drawn).any(|p| p.symbol == entry.id) {
            out.push(Item::Unit(i));
        }
    }
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

fn per_row(width: f64, s: f64) -> usize {
    ((width / (ITEM_W * s)).floor() as usize).max(1)
}

/// Height of the key for a picture `width` wide.
pub fn height(p: &LegendInput, width: f64, s: f64) -> f64 {
    let n = items(p).len();
    HEADING * s + n.div_ceil(per_row(width, s)) as f64 * ITEM_H * s
}

pub fn draw(p: &Picture, out: &mut String) {
    let s = p.s;
    let r = 11.0 * s;
    let (x0, y0) = (p.margin, p.legend_y);
    let input = LegendInput {
        sheet: p.sheet,
        view: p.view,
        visible: &p.visible,
        highlights: p.options.highlights,
        whole: p.options.around.is_none(),
    };
    let list = items(&input);
    let n = per_row(p.width - 2.0 * p.margin, s);
    line(
        out,
        (x0, y0 + 2.0 * s),
        (p.width - p.margin, y0 + 2.0 * s),
        &format!(r#"stroke="{PANEL_EDGE}" stroke-width="{}""#, N(s)),
    );
    text(out, x0, y0 + 16.0 * s, Type::new(12.0 * s, INK).bold().start(), "Key");
    for (i, item) in list.iter().enumerate() {
        let x = x0 + (i % n) as f64 * ITEM_W * s;
        let y = y0 + HEADING * s + (i / n) as f64 * ITEM_H * s;
        let c = (x + 14.0 * s, y + 11.0 * s);
        let label: String = match item {
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
            Item::Marker(i) => {
                let entry = &p.view.legend[*i];
                pieces::marker_tag(out, &entry.glyph, c, key_r(p));
                entry.label.clone()
            }
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
                let entry = &p.view.legend[*i];
                let (w, h) = (20.0 * s, 12.0 * s);
                rect(
                    out,
                    c.0 - 13.0 * s,
                    c.1 - 11.0 * s,
                    26.0 * s,
                    22.0 * s,
                    r##"fill="#e6dcc4" stroke="#1c1a17" stroke-width="0.8""##,
                );
                symbols::draw(
                    out,
                    &entry.glyph,
                    Rect { x: c.0 - w / 2.0, y: c.1 - h / 2.0, w, h },
                    "#1c1a17",
                    "#e6dcc4",
                );
                entry.label.clone()
            }
            Item::Move => {
                super::highlights::arrow(out, &[(c.0 - 13.0 * s, c.1), (c.0 + 13.0 * s, c.1)], 14.0 * s, "#808080");
                "Last move".to_string()
            }
            Item::Battle => {
                super::highlights::swords(out, c, 24.0 * s);
                "Battle and result".to_string()
            }
        };
        text(out, x + 32.0 * s, y + 15.0 * s, Type::new(10.5 * s, INK).start(), &label);
    }
}

/// The hex radius the key's samples are drawn at: the picture's scale, never a close-up's
/// magnification.
fn key_r(p: &Picture) -> f64 {
    crate::options::BASE_RADIUS * p.s
}
