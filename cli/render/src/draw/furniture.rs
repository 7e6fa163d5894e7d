//! The paper, the map's neat line, the title and the north arrow.

use super::{rect, text, Type};
use crate::num::{points, N};
use crate::palette::{INK, PAPER};
use crate::picture::Picture;
use std::fmt::Write;

pub fn paper(p: &Picture, out: &mut String) {
    rect(out, 0.0, 0.0, p.width, p.height, &format!(r#"fill="{PAPER}""#));
}

/// A double frame around the map area.
pub fn neat_line(p: &Picture, out: &mut String) {
    let m = p.map_rect;
    let s = p.s;
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
    // Shrink a long title to the width left of the north arrow, cutting it only as a last resort.
    let room = p.width - 2.0 * p.margin - 48.0 * s;
    let fit = super::text_width(title, Type::new(1.0, INK).bold());
    let size = (room / fit.max(1.0)).clamp(12.0 * s, 21.0 * s);
    let letters = (room / (size * 0.55)).floor().max(8.0) as usize;
    let t = Type::new(size, INK).serif().bold().start();
    text(out, p.margin, p.header_y + 22.0 * s, t, &super::clip(title, letters));
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
