//! A piece's counter: a square in its side's colours with the piece's glyph, size, factors
//! and label, as on a hex map's counter sheet; and a counter face down.

use crate::draw::{clip, rect, symbols, text, Type};
use crate::frame::Rect;
use crate::num::{hex_colour, N};
use grognard_board::{AreaBoardView, AreaPieceView, Glyph};
use std::borrow::Cow;

/// The colours of a side's counters (paper and ink), grey for an unknown side.
pub fn side_colours(view: &AreaBoardView, side: Option<usize>) -> (String, String) {
    let side = side.and_then(|s| view.sides.get(s));
    let paper = side.map(|s| s.colour).unwrap_or([200, 200, 200]);
    let ink = side.map(|s| s.text_colour).unwrap_or([0, 0, 0]);
    (hex_colour(paper), hex_colour(ink))
}

/// The colours of a piece: its own paper, or its side's.
pub fn colours(view: &AreaBoardView, piece: &AreaPieceView) -> (String, String) {
    let (paper, ink) = side_colours(view, Some(piece.side));
    (piece.colour.map(hex_colour).unwrap_or(paper), ink)
}

/// The glyph of a legend id: its entry's, or for an id the legend lacks, its first letters.
pub fn glyph<'v>(view: &'v AreaBoardView, id: &str) -> Cow<'v, Glyph> {
    match view.entry(id) {
        Some(e) => Cow::Borrowed(&e.glyph),
        None => Cow::Owned(Glyph::Text(id.chars().take(3).collect())),
    }
}

/// A counter's rounded square in `paper`, its top-left corner at `(x, y)`, side `c`.
pub fn face(out: &mut String, paper: &str, x: f64, y: f64, c: f64) {
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

/// A counter face down: a blank counter in the side's colours with a "?".
pub fn back(out: &mut String, view: &AreaBoardView, side: Option<usize>, x: f64, y: f64, c: f64) {
    let (paper, ink) = side_colours(view, side);
    face(out, &paper, x, y, c);
    text(out, x + c / 2.0, y + c * 0.7, Type::new(c * 0.6, &ink).bold(), "?");
}

/// `piece` as a counter of side `c`, its top-left corner at `(x, y)`; with `ids`, the
/// piece's id takes the place of its label and size in the top band.
pub fn counter(out: &mut String, view: &AreaBoardView, piece: &AreaPieceView, x: f64, y: f64, c: f64, ids: bool) {
    let (paper, ink) = colours(view, piece);
    face(out, &paper, x, y, c);
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
    let glyph = glyph(view, &piece.symbol);
    symbols::draw(out, &glyph, Rect { x: x + (c - bw) / 2.0, y: y + c * 0.29, w: bw, h: bh }, &ink, &paper);
    if !piece.factors.is_empty() {
        text(out, x + c / 2.0, y + c * 0.93, Type::new(c * 0.29, &ink).bold(), &clip(&piece.factors, 7));
    }
}
