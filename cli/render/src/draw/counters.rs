//! A unit counter: a square in its side's colours with the unit's glyph, size, factors
//! and label, as printed on the counter sheet.

use super::{clip, rect, symbols, text, Type};
use crate::frame::Rect;
use crate::num::{hex_colour, N};
use crate::view::{BoardView, PieceView, SideView};

/// The colours of a piece: its own, or its side's.
pub fn colours(piece: &PieceView, sides: &[SideView]) -> (String, String) {
    let side = sides.get(piece.side);
    let paper = piece.colour.or(side.map(|s| s.colour)).unwrap_or([200, 200, 200]);
    let ink = side.map(|s| s.text_colour).unwrap_or([0, 0, 0]);
    (hex_colour(paper), hex_colour(ink))
}

/// The colours of a side's counters (paper and ink), grey for an unknown side.
pub fn side_colours(side: Option<&usize>, sides: &[SideView]) -> (String, String) {
    let side = side.and_then(|s| sides.get(*s));
    let paper = side.map(|s| s.colour).unwrap_or([200, 200, 200]);
    let ink = side.map(|s| s.text_colour).unwrap_or([0, 0, 0]);
    (hex_colour(paper), hex_colour(ink))
}

/// A counter's rounded square in `paper`, with its top-left corner at `(x, y)`.
fn face(out: &mut String, paper: &str, x: f64, y: f64, c: f64) {
    rect(
        out,
        x,
        y,
        c,
        c,
        &format!(
            r##"rx="{}" fill="{paper}" stroke="#1c1a17" stroke-width="{}""##,
            N(c * 0.06),
            N((c * 0.025).max(0.5))
        ),
    );
}

/// A counter face down (hidden information: the viewer knows a counter of `side` is there,
/// not which): a blank counter in the side's colours with a "?".
pub fn back(out: &mut String, side: Option<&usize>, view: &BoardView, x: f64, y: f64, c: f64) {
    let (paper, ink) = side_colours(side, &view.sides);
    face(out, &paper, x, y, c);
    text(out, x + c / 2.0, y + c * 0.7, Type::new(c * 0.6, &ink).bold(), "?");
}

/// Draw `piece` of `view` as a counter of side `c` with its top-left corner at `(x, y)`;
/// with `ids`, the unit's id takes the place of its label and size in the top band.
pub fn counter(out: &mut String, piece: &PieceView, view: &BoardView, x: f64, y: f64, c: f64, ids: bool) {
    let (paper, ink) = colours(piece, &view.sides);
    face(out, &paper, x, y, c);
    // top band: label on the left, size on the right
    let small = c * 0.21;
    if ids {
        let n = piece.id.chars().count().max(6) as f64;
        let size = (c * 0.86 / (0.6 * n)).min(small);
        text(out, x + c / 2.0, y + c * 0.22, Type::new(size, &ink).bold(), &clip(&piece.id, 16));
    } else if !piece.label.is_empty() {
        text(out, x + c * 0.07, y + c * 0.22, Type::new(small, &ink).start(), &clip(&piece.label, 6));
    }
    if !ids && !piece.size.is_empty() && piece.size != "-" {
        text(out, x + c * 0.93, y + c * 0.22, Type::new(small, &ink).end().bold(), &piece.size);
    }
    let (bw, bh) = (c * 0.58, c * 0.34);
    let glyph = symbols::of(view, &piece.symbol);
    symbols::draw(out, &glyph, Rect { x: x + (c - bw) / 2.0, y: y + c * 0.29, w: bw, h: bh }, &ink, &paper);
    if !piece.factors.is_empty() {
        let t = Type::new(c * 0.29, &ink).bold();
        text(out, x + c / 2.0, y + c * 0.93, t, &clip(&piece.factors, 7));
    }
}
