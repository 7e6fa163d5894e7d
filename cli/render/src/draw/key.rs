//! The key under the map, on a hex map or an area map: a rule, the heading, and the entries
//! in rows, each a sample and its words; and the samples both kinds of map share (the
//! legend's kinds of piece and markers, moves and battles).

use super::{highlights, line, pieces, symbols, text, Type};
use crate::frame::Rect;
use crate::num::N;
use crate::palette::{INK, PANEL_EDGE};
use grognard_board::LegendEntry;

const ITEM_H: f64 = 26.0;
const HEADING: f64 = 22.0;

/// The paper of a kind of piece's sample.
pub const UNIT_PAPER: &str = "#e6dcc4";

fn per_row(width: f64, item_w: f64, s: f64) -> usize {
    ((width / (item_w * s)).floor() as usize).max(1)
}

/// Height of a key of `n` entries `item_w` wide for a picture `width` wide.
pub fn height(n: usize, item_w: f64, width: f64, s: f64) -> f64 {
    HEADING * s + n.div_ceil(per_row(width, item_w, s)) as f64 * ITEM_H * s
}

/// The key from `y0` down, across a picture `(width, margin)`: `n` entries `item_w` wide,
/// `sample(i, c, out)` drawing entry i's sample centred at `c` and giving its words.
pub fn draw(
    out: &mut String,
    y0: f64,
    (width, margin): (f64, f64),
    s: f64,
    (n, item_w): (usize, f64),
    mut sample: impl FnMut(usize, (f64, f64), &mut String) -> String,
) {
    let x0 = margin;
    let per_row = per_row(width - 2.0 * margin, item_w, s);
    let rule = format!(r#"stroke="{PANEL_EDGE}" stroke-width="{}""#, N(s));
    line(out, (x0, y0 + 2.0 * s), (width - margin, y0 + 2.0 * s), &rule);
    text(out, x0, y0 + 16.0 * s, Type::new(12.0 * s, INK).bold().start(), "Key");
    for i in 0..n {
        let x = x0 + (i % per_row) as f64 * item_w * s;
        let y = y0 + HEADING * s + (i / per_row) as f64 * ITEM_H * s;
        let c = (x + 14.0 * s, y + 11.0 * s);
        let label = sample(i, c, out);
        text(out, x + 32.0 * s, y + 15.0 * s, Type::new(10.5 * s, INK).start(), &label);
    }
}

/// The legend's entries the picture shows (`shows(id)`), by their index, in the legend's
/// order; an id given twice is drawn and keyed by its first entry.
pub fn entries<'a>(legend: &'a [LegendEntry], shows: impl Fn(&str) -> bool + 'a) -> impl Iterator<Item = usize> + 'a {
    let first = |i: usize, id: &str| legend.iter().position(|e| e.id == id) == Some(i);
    legend.iter().enumerate().filter(move |(i, e)| first(*i, &e.id) && shows(&e.id)).map(|(i, _)| i)
}

/// A kind of piece of the legend: its glyph on a counter's paper (drawn first, centred at
/// `c`, by the caller).
pub fn unit(out: &mut String, entry: &LegendEntry, c: (f64, f64), s: f64) -> String {
    let (w, h) = (20.0 * s, 12.0 * s);
    symbols::draw(out, &entry.glyph, Rect { x: c.0 - w / 2.0, y: c.1 - h / 2.0, w, h }, "#1c1a17", UNIT_PAPER);
    entry.label.clone()
}

/// A marker of the legend as a tag for hexes of radius `r`.
pub fn marker(out: &mut String, entry: &LegendEntry, c: (f64, f64), r: f64) -> String {
    pieces::marker_tag(out, &entry.glyph, c, r);
    entry.label.clone()
}

/// A move's arrow.
pub fn moves(out: &mut String, c: (f64, f64), s: f64) -> String {
    highlights::arrow(out, &[(c.0 - 13.0 * s, c.1), (c.0 + 13.0 * s, c.1)], 14.0 * s, "#808080");
    "Last move".to_string()
}

/// A battle's swords.
pub fn battle(out: &mut String, c: (f64, f64), s: f64) -> String {
    highlights::swords(out, c, 24.0 * s);
    "Battle and result".to_string()
}
