//! The document and its paper, the map's neat line (for both kinds of map), a hex map's
//! title and the north arrow.

use super::{rect, text, Type};
use crate::frame::Rect;
use crate::num::{points, N};
use crate::palette::{INK, PAPER};
use crate::picture::Picture;
use std::fmt::Write;

/// The start of a picture `width` by `height`: the document, the terrain marks for hexes of
/// radius `marks_r`, the clip of the map rectangle `m`, and the paper.
pub fn begin(out: &mut String, width: f64, height: f64, marks_r: f64, m: Rect) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = N(width),
        h = N(height)
    );
    out.push_str("<defs>");
    super::terrain::defs(out, marks_r);
    let _ = write!(
        out,
        r#"<clipPath id="map-area"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
        N(m.x),
        N(m.y),
        N(m.w),
        N(m.h)
    );
    out.push_str("</defs>");
    rect(out, 0.0, 0.0, width, height, &format!(r#"fill="{PAPER}""#));
}

/// A double frame around the map rectangle `m`.
pub fn neat_line(out: &mut String, m: Rect, s: f64) {
    rect(out, m.x, m.y, m.w, m.h, &format!(r#"fill="none" stroke="{INK}" stroke-width="{}""#, N(1.6 * s)));
    let o = 3.0 * s;
    rect(
        out,
        m.x - o,
        m.y - o,
        m.w + 2.0 * o,
        m.h + 2.0 * o,
        &format!(r#"fill="none" stroke="{INK}" stroke-width="{}""#, N(0.6 * s)),
    );
}

/// The title, top left, and what the picture shows.
pub fn title(p: &Picture, out: &mut String) {
    let s = p.s;
    let title = if p.view.title.is_empty() { p.sheet.title.as_str() } else { p.view.title.as_str() };
    // The width left of the north arrow.
    super::header::title(out, title, p.margin, p.header_y, p.width - 2.0 * p.margin - 48.0 * s, s);
    if let Some((hex, radius)) = p.options.around {
        let note = format!("Close-up: {radius} hexes around {hex}");
        text(out, p.margin, p.header_y + 40.0 * s, Type::new(11.0 * s, INK).start(), &note);
    }
}

/// A north arrow in the top right corner.
pub fn compass(p: &Picture, out: &mut String) {
    let s = p.s;
    let (cx, top) = (p.width - p.margin - 16.0 * s, p.header_y + 2.0 * s);
    let tip = (cx, top + 12.0 * s);
    let left = [tip, (cx - 8.0 * s, top + 36.0 * s), (cx, top + 30.0 * s)];
    let right = [tip, (cx + 8.0 * s, top + 36.0 * s), (cx, top + 30.0 * s)];
    let _ = write!(out, r#"<polygon points="{}" fill="{INK}"/>"#, points(&left));
    let _ =
        write!(out, r#"<polygon points="{}" fill="{PAPER}" stroke="{INK}" stroke-width="{}"/>"#, points(&right), N(s));
    text(out, cx, top + 10.0 * s, Type::new(11.0 * s, INK).bold(), "N");
}
