//! The layers of a picture of a hex map, each drawn by its own module, bottom to top; and
//! what pictures of area maps (`crate::area`) draw with them: text and shapes (here),
//! counters, the header's title, turn and VP panels, the key, glyphs, marker tags, arrows
//! and battles (`counters`, `header`, `key`, `symbols`, `pieces`, `highlights`).

pub mod boxes;
pub mod counters;
pub mod furniture;
pub mod header;
pub mod hexsides;
pub mod highlights;
pub mod key;
pub mod legend;
pub mod locales;
pub mod panels;
pub mod pieces;
pub mod roads;
pub mod symbols;
pub mod terrain;

use crate::num::{escape, N};
use std::fmt::Write;

/// The font families of the pictures (shipped with the renderer, see `fonts/`).
pub const SANS: &str = "DejaVu Sans";
pub const SERIF: &str = "DejaVu Serif";

/// How a piece of text is set.
#[derive(Clone, Copy, Debug)]
pub struct Type<'a> {
    pub size: f64,
    pub bold: bool,
    pub serif: bool,
    pub fill: &'a str,
    /// `start`, `middle` or `end`.
    pub anchor: &'a str,
    /// A light outline behind the letters (colour, width), for text over the map.
    pub halo: Option<(&'a str, f64)>,
}

impl<'a> Type<'a> {
    pub fn new(size: f64, fill: &'a str) -> Type<'a> {
        Type { size, bold: false, serif: false, fill, anchor: "middle", halo: None }
    }
    pub fn bold(self) -> Type<'a> {
        Type { bold: true, ..self }
    }
    pub fn serif(self) -> Type<'a> {
        Type { serif: true, ..self }
    }
    pub fn start(self) -> Type<'a> {
        Type { anchor: "start", ..self }
    }
    pub fn end(self) -> Type<'a> {
        Type { anchor: "end", ..self }
    }
    pub fn halo(self, colour: &'a str, width: f64) -> Type<'a> {
        Type { halo: Some((colour, width)), ..self }
    }
}

/// Write `content` with its baseline at `(x, y)`.
pub fn text(out: &mut String, x: f64, y: f64, t: Type, content: &str) {
    let family = if t.serif { SERIF } else { SANS };
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-family="{family}" font-size="{}" fill="{}" text-anchor="{}""#,
        N(x),
        N(y),
        N(t.size),
        t.fill,
        t.anchor
    );
    if t.bold {
        out.push_str(r#" font-weight="bold""#);
    }
    if let Some((colour, width)) = t.halo {
        let _ = write!(
            out,
            r#" stroke="{colour}" stroke-width="{}" stroke-linejoin="round" paint-order="stroke""#,
            N(width)
        );
    }
    let _ = write!(out, ">{}</text>", escape(content));
}

/// An approximate width of `content` set in `t` (DejaVu Sans averages 0.6 em a letter,
/// bold a little more), for laying panels out.
pub fn text_width(content: &str, t: Type) -> f64 {
    let per = if t.bold { 0.66 } else { 0.6 };
    content.chars().count() as f64 * per * t.size
}

/// Cut `content` to at most `max` letters, marking the cut.
pub fn clip(content: &str, max: usize) -> String {
    if content.chars().count() <= max {
        content.to_string()
    } else {
        let mut s: String = content.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// A group of the picture, `id` naming what it holds.
pub fn layer(out: &mut String, id: &str, body: impl FnOnce(&mut String)) {
    let _ = write!(out, r#"<g id="{id}">"#);
    body(out);
    out.push_str("</g>");
}

/// A rectangle.
pub fn rect(out: &mut String, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
    let _ = write!(out, r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#, N(x), N(y), N(w), N(h));
}

/// A line.
pub fn line(out: &mut String, a: (f64, f64), b: (f64, f64), attrs: &str) {
    let _ = write!(out, r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#, N(a.0), N(a.1), N(b.0), N(b.1));
}

/// A circle.
pub fn circle(out: &mut String, c: (f64, f64), r: f64, attrs: &str) {
    let _ = write!(out, r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#, N(c.0), N(c.1), N(r));
}
