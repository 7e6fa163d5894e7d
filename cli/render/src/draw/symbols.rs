//! The glyphs of the view's legend, drawn on counters, marker tags and in the key: the
//! NATO conventions for land units, small pictures for the few kinds those conventions lack
//! (ships, boats, forts), letters, and marker tags.

use super::{circle, clip, line, rect, text, Type};
use crate::frame::Rect;
use crate::num::{hex_colour, points, N};
use crate::view::Glyph;
use grognard_board::LegendEntry;
use std::borrow::Cow;
use std::fmt::Write;

/// Whether the glyph sits in the NATO frame (land units) or stands alone.
pub fn framed(glyph: &Glyph) -> bool {
    !matches!(glyph, Glyph::Fleet | Glyph::Boat | Glyph::Fortress | Glyph::Text(_) | Glyph::Marker { .. })
}

/// The glyph of a legend id: its entry's (the first of that id), or for an id the legend
/// lacks, its first letters.
pub fn of<'v>(legend: &'v [LegendEntry], id: &str) -> Cow<'v, Glyph> {
    match legend.iter().find(|e| e.id == id) {
        Some(e) => Cow::Borrowed(&e.glyph),
        None => Cow::Owned(Glyph::Text(id.chars().take(3).collect())),
    }
}

/// The edge of a marker tag.
pub const TAG_EDGE: &str = "#1c1a17";

/// Draw `glyph` in the box `b`, in colour `ink` over `paper` (a marker glyph in its own colours).
pub fn draw(out: &mut String, glyph: &Glyph, b: Rect, ink: &str, paper: &str) {
    let Rect { x, y, w, h } = b;
    let sw = (h * 0.09).max(0.6);
    let pen = format!(r#"stroke="{ink}" stroke-width="{}" stroke-linecap="round""#, N(sw));
    let stroke = format!(r#"{pen} fill="none""#);
    let (x1, y1) = (x + w, y + h);
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    if framed(glyph) {
        rect(out, x, y, w, h, &format!(r#"fill="{paper}" fill-opacity="0.25" {pen}"#));
    }
    let x_cross = |out: &mut String| {
        line(out, (x, y), (x1, y1), &stroke);
        line(out, (x, y1), (x1, y), &stroke);
    };
    match glyph {
        Glyph::Infantry => x_cross(out),
        Glyph::Cavalry => line(out, (x, y1), (x1, y), &stroke),
        Glyph::CombinedArms => {
            x_cross(out);
            circle(out, (cx, cy), h * 0.16, &format!(r#"fill="{ink}""#));
        }
        Glyph::Artillery => {
            circle(out, (cx, cy - h * 0.08), h * 0.2, &format!(r#"fill="{ink}""#));
            circle(out, (cx - w * 0.22, y1 - h * 0.17), h * 0.1, &stroke);
            circle(out, (cx + w * 0.22, y1 - h * 0.17), h * 0.1, &stroke);
        }
        Glyph::Engineers => {
            let (l, r, t, b) = (x + w * 0.25, x1 - w * 0.25, cy - h * 0.18, cy + h * 0.2);
            let _ = write!(
                out,
                r#"<path d="M{} {}V{}H{}V{}M{} {}V{}" {stroke}/>"#,
                N(l),
                N(b),
                N(t),
                N(r),
                N(b),
                N(cx),
                N(t),
                N(b)
            );
        }
        Glyph::Garrison => {
            // a wall with battlements
            let (l, r, t, b) = (x + w * 0.2, x1 - w * 0.2, cy - h * 0.22, cy + h * 0.26);
            let step = (r - l) / 5.0;
            let mut d = format!("M{} {}V{}", N(l), N(b), N(t));
            for i in 0..5 {
                let up = if i % 2 == 0 { t } else { t + h * 0.14 };
                let _ = write!(d, "V{}H{}", N(up), N(l + step * (i + 1) as f64));
            }
            let _ = write!(d, "V{}Z", N(b));
            let _ = write!(out, r#"<path d="{d}" {stroke}/>"#);
        }
        Glyph::Militia => {
            x_cross(out);
            line(out, (x + w * 0.12, y1 - h * 0.18), (x1 - w * 0.12, y1 - h * 0.18), &stroke);
        }
        Glyph::Fortress => {
            let r = h * 0.62;
            let pts: Vec<(f64, f64)> = (0..10)
                .map(|i| {
                    let a = (i as f64 * 36.0 - 90.0).to_radians();
                    let len = if i % 2 == 0 { r } else { r * 0.55 };
                    (cx + len * a.cos(), cy + len * a.sin())
                })
                .collect();
            let _ = write!(out, r#"<polygon points="{}" {stroke}/>"#, points(&pts));
        }
        Glyph::Boat | Glyph::Fleet => {
            // a hull, and for a fleet a mast with its sail
            let (l, r, deck, keel) = (x + w * 0.05, x1 - w * 0.05, cy + h * 0.12, y1);
            let _ = write!(
                out,
                r#"<path d="M{} {}H{}L{} {}H{}Z" fill="{ink}"/>"#,
                N(l),
                N(deck),
                N(r),
                N(r - w * 0.14),
                N(keel),
                N(l + w * 0.14)
            );
            if *glyph == Glyph::Fleet {
                line(out, (cx, deck), (cx, y - h * 0.15), &stroke);
                let _ = write!(
                    out,
                    r#"<path d="M{} {}L{} {}L{} {}Z" fill="{ink}"/>"#,
                    N(cx + w * 0.04),
                    N(y - h * 0.08),
                    N(cx + w * 0.32),
                    N(deck - h * 0.08),
                    N(cx + w * 0.04),
                    N(deck - h * 0.08)
                );
            } else {
                rect(out, cx - w * 0.1, deck - h * 0.2, w * 0.2, h * 0.2, &format!(r#"fill="{ink}""#));
                line(out, (cx, deck - h * 0.12), (cx + w * 0.3, deck - h * 0.28), &stroke);
            }
        }
        Glyph::Supply => line(out, (x, y1 - h / 3.0), (x1, y1 - h / 3.0), &stroke),
        Glyph::Leader => {
            let r = h * 0.38;
            let _ = write!(out, r#"<polygon points="{}" fill="{ink}"/>"#, points(&star((cx, cy), r)));
        }
        Glyph::Text(letters) => {
            let letters = clip(letters, 4);
            let n = letters.chars().count().max(1) as f64;
            let size = (h * 0.8).min(w / (0.66 * n));
            text(out, cx, cy + 0.36 * size, Type::new(size, ink).bold(), &letters);
        }
        Glyph::Marker { text: words, fill, ink: letters } => {
            tag(out, (cx, cy), (w, h), words, &hex_colour(*fill), &hex_colour(*letters));
        }
    }
}

/// The points of a five-pointed star of radius `r` around `c`, first point up.
fn star(c: (f64, f64), r: f64) -> Vec<(f64, f64)> {
    (0..10)
        .map(|i| {
            let a = (i as f64 * 36.0 - 90.0).to_radians();
            let len = if i % 2 == 0 { r } else { r * 0.4 };
            (c.0 + len * a.cos(), c.1 + len * a.sin())
        })
        .collect()
}

/// A marker tag `size` (width, height) centred at `at`: `words` in `ink` on a `fill` label.
pub fn tag(out: &mut String, at: (f64, f64), size: (f64, f64), words: &str, fill: &str, ink: &str) {
    let (w, h) = size;
    // The proportions of a tag on the map: 0.95 by 0.3 hex radius.
    let r = h / 0.3;
    rect(
        out,
        at.0 - w / 2.0,
        at.1 - h / 2.0,
        w,
        h,
        &format!(r##"rx="{}" fill="{fill}" stroke="{TAG_EDGE}" stroke-width="{}""##, N(0.04 * r), N(0.025 * r)),
    );
    if words.is_empty() {
        return;
    }
    // The words fit the tag, however long a game's marker text is.
    let size = (0.2 * r).min(0.9 * w / super::text_width(words, Type::new(1.0, ink).bold()));
    text(out, at.0, at.1 + 0.35 * size, Type::new(size, ink).bold(), words);
}
