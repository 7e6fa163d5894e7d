//! A counter, on a hex map or an area map: a square in its side's colours with the piece's
//! glyph, size, factors and label, as printed on the counter sheet; and a counter face down.

use super::{clip, rect, symbols, text, Type};
use crate::frame::Rect;
use crate::num::{hex_colour, N};
use grognard_board::{AreaBoardView, AreaPieceView, BoardView, LegendEntry, PieceView, SideView};

/// What a counter shows of a piece, whichever kind of map it stands on.
#[derive(Clone, Copy, Debug)]
pub struct Piece<'a> {
    pub id: &'a str,
    pub label: &'a str,
    pub size: &'a str,
    pub factors: &'a str,
    /// The legend id of its kind.
    pub symbol: &'a str,
    /// Index in the view's sides.
    pub side: usize,
    /// Its own colour, instead of its side's.
    pub colour: Option<[u8; 3]>,
}

/// What the counters of a picture are drawn from: the view's legend and sides.
#[derive(Clone, Copy, Debug)]
pub struct Counters<'a> {
    pub legend: &'a [LegendEntry],
    pub sides: &'a [SideView],
}

/// The pieces and views of both kinds of map, as counters see them.
macro_rules! counters_of {
    ($($piece:ty, $view:ty);*) => {$(
        impl<'a> From<&'a $piece> for Piece<'a> {
            fn from(p: &'a $piece) -> Piece<'a> {
                Piece {
                    id: &p.id,
                    label: &p.label,
                    size: &p.size,
                    factors: &p.factors,
                    symbol: &p.symbol,
                    side: p.side,
                    colour: p.colour,
                }
            }
        }

        impl<'a> From<&'a $view> for Counters<'a> {
            fn from(v: &'a $view) -> Counters<'a> {
                Counters { legend: &v.legend, sides: &v.sides }
            }
        }
    )*};
}

counters_of!(PieceView, BoardView; AreaPieceView, AreaBoardView);

impl Counters<'_> {
    /// The colours of a side's counters (paper and ink), grey for an unknown side.
    pub fn side_colours(&self, side: Option<usize>) -> (String, String) {
        let side = side.and_then(|s| self.sides.get(s));
        let paper = side.map(|s| s.colour).unwrap_or([200, 200, 200]);
        let ink = side.map(|s| s.text_colour).unwrap_or([0, 0, 0]);
        (hex_colour(paper), hex_colour(ink))
    }

    /// The colours of a piece: its own paper, or its side's.
    pub fn colours(&self, piece: &Piece) -> (String, String) {
        let (paper, ink) = self.side_colours(Some(piece.side));
        (piece.colour.map(hex_colour).unwrap_or(paper), ink)
    }

    /// A counter face down (hidden information: the viewer knows a counter of `side` is
    /// there, not which): a blank counter in the side's colours with a "?".
    pub fn back(&self, out: &mut String, side: Option<usize>, x: f64, y: f64, c: f64) {
        let (paper, ink) = self.side_colours(side);
        face(out, &paper, x, y, c);
        text(out, x + c / 2.0, y + c * 0.7, Type::new(c * 0.6, &ink).bold(), "?");
    }

    /// `piece` as a counter of side `c` with its top-left corner at `(x, y)`; with `ids`,
    /// the piece's id takes the place of its label and size in the top band.
    pub fn counter(&self, out: &mut String, piece: &Piece, x: f64, y: f64, c: f64, ids: bool) {
        let (paper, ink) = self.colours(piece);
        face(out, &paper, x, y, c);
        // top band: label on the left, size on the right
        let small = c * 0.21;
        if ids {
            let n = piece.id.chars().count().max(6) as f64;
            let size = (c * 0.86 / (0.6 * n)).min(small);
            text(out, x + c / 2.0, y + c * 0.22, Type::new(size, &ink).bold(), &clip(piece.id, 16));
        } else if !piece.label.is_empty() {
            text(out, x + c * 0.07, y + c * 0.22, Type::new(small, &ink).start(), &clip(piece.label, 6));
        }
        if !ids && !piece.size.is_empty() && piece.size != "-" {
            text(out, x + c * 0.93, y + c * 0.22, Type::new(small, &ink).end().bold(), piece.size);
        }
        let (bw, bh) = (c * 0.58, c * 0.34);
        let glyph = symbols::of(self.legend, piece.symbol);
        symbols::draw(out, &glyph, Rect { x: x + (c - bw) / 2.0, y: y + c * 0.29, w: bw, h: bh }, &ink, &paper);
        if !piece.factors.is_empty() {
            let t = Type::new(c * 0.29, &ink).bold();
            text(out, x + c / 2.0, y + c * 0.93, t, &clip(piece.factors, 7));
        }
    }
}

/// A counter's rounded square in `paper`, with its top-left corner at `(x, y)`, side `c`.
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
