//! Pieces on the map: one counter per hex with the stack under it, its count (and how many
//! of its counters are face down, hidden information), and the control and event markers
//! around it.

use super::counters::{self, Counters, Piece};
use super::{circle, symbols, text, Type};
use crate::frame::Rect;
use crate::num::{hex_colour, N};
use crate::picture::Picture;
use crate::view::{Glyph, PieceLocation, PieceView};
use grognard_board::HexId;
use std::collections::BTreeMap;

/// Counter side at hex radius `r`.
pub fn counter_size(r: f64) -> f64 {
    1.12 * r
}

/// The pieces in each visible hex, in the view's order (the first is on top); a hex with
/// only face-down counters has an empty list.
pub fn stacks<'v>(p: &Picture<'v>) -> BTreeMap<HexId, Vec<&'v PieceView>> {
    let mut out: BTreeMap<HexId, Vec<&PieceView>> = BTreeMap::new();
    for piece in &p.view.pieces {
        if let PieceLocation::Hex(hex) = &piece.location {
            if p.visible.contains(hex) {
                out.entry(*hex).or_default().push(piece);
            }
        }
    }
    for h in &p.view.hidden {
        if h.count > 0 && p.visible.contains(&h.hex) {
            out.entry(h.hex).or_default();
        }
    }
    out
}

/// The sides of the face-down counters of `hex`, one per counter, in the view's order.
pub fn face_down(p: &Picture, hex: HexId) -> Vec<usize> {
    p.view
        .hidden
        .iter()
        .filter(|h| h.hex == hex)
        .flat_map(|h| std::iter::repeat_n(h.side, usize::from(h.count)))
        .collect()
}

/// Draw a stack with its top-left corner (of the top counter) at `(x, y)`: its pieces, then
/// the counters the view shows face down (`backs`, their sides), under them. The badge on
/// the top-right corner counts every counter; a second one, on the bottom-right corner,
/// counts the face-down ones (`2?`).
pub fn stack(out: &mut String, pieces: &[&PieceView], backs: &[usize], p: &Picture, x: f64, y: f64, c: f64) {
    let total = pieces.len() + backs.len();
    if total == 0 {
        return;
    }
    let step = c * 0.08;
    let under = total.saturating_sub(1).min(2);
    let sheet = Counters::from(p.view);
    for i in (1..=under).rev() {
        let paper = match pieces.get(i) {
            Some(piece) => sheet.colours(&Piece::from(*piece)).0,
            None => sheet.side_colours(i.checked_sub(pieces.len()).and_then(|k| backs.get(k)).copied()).0,
        };
        let off = step * i as f64;
        counters::face(out, &paper, x + off, y + off, c);
    }
    match pieces.first() {
        Some(top) => sheet.counter(out, &Piece::from(*top), x, y, c, p.options.ids),
        None => sheet.back(out, backs.first().copied(), x, y, c),
    }
    if total > 1 {
        let b = (x + c, y);
        circle(out, b, c * 0.17, &format!(r##"fill="#1c1a17" stroke="#fffdf5" stroke-width="{}""##, N(c * 0.03)));
        text(out, b.0, b.1 + c * 0.075, Type::new(c * 0.21, "#fffdf5").bold(), &total.to_string());
    }
    if !backs.is_empty() {
        let b = (x + c, y + c);
        circle(out, b, c * 0.17, &format!(r##"fill="#fffdf5" stroke="#1c1a17" stroke-width="{}""##, N(c * 0.03)));
        text(out, b.0, b.1 + c * 0.075, Type::new(c * 0.19, "#1c1a17").bold(), &format!("{}?", backs.len()));
    }
}

/// Every stack on the map.
pub fn draw(p: &Picture, out: &mut String) {
    let c = counter_size(p.frame.r);
    for (hex, pieces) in stacks(p) {
        let backs = face_down(p, hex);
        let (cx, cy) = p.frame.centre(hex);
        let shift = c * 0.08 * (pieces.len() + backs.len()).saturating_sub(1).min(2) as f64 / 2.0;
        stack(out, &pieces, &backs, p, cx - c / 2.0 - shift, cy - c / 2.0 - shift, c);
    }
}

/// A control marker: a disc in the controlling side's colour.
pub fn control_marker(out: &mut String, at: (f64, f64), r: f64, paper: &str, ink: &str) {
    circle(out, at, 0.17 * r, &format!(r#"fill="{paper}" stroke="{ink}" stroke-width="{}""#, N(0.04 * r)));
    circle(out, at, 0.07 * r, &format!(r#"fill="{ink}""#));
}

/// A marker tag centred at `at`, for hex radius `r`: a marker glyph's words on its colours,
/// any other glyph drawn on a plain tag.
pub fn marker_tag(out: &mut String, glyph: &Glyph, at: (f64, f64), r: f64) {
    let size = (0.95 * r, 0.3 * r);
    match glyph {
        Glyph::Marker { text, fill, ink } => symbols::tag(out, at, size, text, &hex_colour(*fill), &hex_colour(*ink)),
        other => {
            symbols::tag(out, at, size, "", PLAIN_TAG, symbols::TAG_EDGE);
            let (w, h) = (0.5 * r, 0.2 * r);
            let b = Rect { x: at.0 - w / 2.0, y: at.1 - h / 2.0, w, h };
            symbols::draw(out, other, b, symbols::TAG_EDGE, PLAIN_TAG);
        }
    }
}

/// The paper of a tag whose glyph is not a marker's.
const PLAIN_TAG: &str = "#fffdf5";

/// Control markers and event markers of the visible hexes.
pub fn draw_markers(p: &Picture, out: &mut String) {
    let r = p.frame.r;
    for (hex, side) in &p.view.control {
        if !p.visible.contains(hex) {
            continue;
        }
        let Some(s) = p.view.sides.get(*side) else { continue };
        let (cx, cy) = p.frame.centre(*hex);
        control_marker(out, (cx - 0.76 * r, cy + 0.06 * r), r, &hex_colour(s.colour), &hex_colour(s.text_colour));
    }
    let mut counts: BTreeMap<HexId, usize> = BTreeMap::new();
    for (hex, marker) in &p.view.markers {
        if !p.visible.contains(hex) {
            continue;
        }
        let n = counts.entry(*hex).or_default();
        let (cx, cy) = p.frame.centre(*hex);
        marker_tag(out, &symbols::of(&p.view.legend, marker), (cx, cy - 0.66 * r + *n as f64 * 0.32 * r), r);
        *n += 1;
    }
}
