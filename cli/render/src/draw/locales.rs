//! Towns, cities, ports, fortresses and ruins: their symbols, names and victory points.

use super::{circle, rect, text, Type};
use crate::num::{points, N};
use crate::palette::{INK, VP_RING};
use crate::picture::Picture;
use crate::sheet::Place;
use std::fmt::Write;

/// A fortress trace: an eight-pointed star outline around `c`.
pub fn fortress(out: &mut String, c: (f64, f64), r: f64) {
    let pts: Vec<(f64, f64)> = (0..16)
        .map(|i| {
            let a = (i as f64 * 22.5 - 90.0).to_radians();
            let len = if i % 2 == 0 { 0.36 * r } else { 0.25 * r };
            (c.0 + len * a.cos(), c.1 + len * a.sin())
        })
        .collect();
    let _ = write!(
        out,
        r##"<polygon points="{}" fill="#fff6e0" fill-opacity="0.55" stroke="{INK}" stroke-width="{}" stroke-linejoin="miter"/>"##,
        points(&pts),
        N(0.045 * r)
    );
}

/// An anchor centred at `c`, `r` being the hex radius.
pub fn anchor(out: &mut String, c: (f64, f64), r: f64) {
    let (x, y) = c;
    let k = |v: f64| N(v * r);
    let _ = write!(
        out,
        r##"<g fill="none" stroke="#1d4f8a" stroke-width="{}" stroke-linecap="round"><circle cx="{}" cy="{}" r="{}"/><path d="M{} {}V{}M{} {}H{}M{} {}Q{} {} {} {}Q{} {} {} {}"/></g>"##,
        k(0.035),
        N(x),
        N(y - 0.15 * r),
        k(0.035),
        N(x),
        N(y - 0.115 * r),
        N(y + 0.15 * r),
        N(x - 0.08 * r),
        N(y - 0.06 * r),
        N(x + 0.08 * r),
        N(x - 0.12 * r),
        N(y + 0.06 * r),
        N(x - 0.1 * r),
        N(y + 0.16 * r),
        N(x),
        N(y + 0.15 * r),
        N(x + 0.1 * r),
        N(y + 0.16 * r),
        N(x + 0.12 * r),
        N(y + 0.06 * r)
    );
}

/// Ruins: three broken column stubs.
pub fn ruins(out: &mut String, c: (f64, f64), r: f64) {
    let (x, y) = c;
    let base = y + 0.12 * r;
    let w = 0.06 * r;
    for (dx, h) in [(-0.13, 0.2), (0.0, 0.28), (0.13, 0.14)] {
        rect(out, x + dx * r - w / 2.0, base - h * r, w, h * r, r##"fill="#6b5a44""##);
    }
    rect(out, x - 0.2 * r, base, 0.4 * r, 0.045 * r, r##"fill="#6b5a44""##);
}

/// The symbol of a place (without its name) at `c`.
pub fn symbol(out: &mut String, place: &Place, c: (f64, f64), r: f64) {
    if place.fortress {
        fortress(out, c, r);
    }
    if place.city {
        let side = 0.26 * r;
        rect(
            out,
            c.0 - side / 2.0,
            c.1 - side / 2.0,
            side,
            side,
            &format!(r##"fill="#b0302a" stroke="{INK}" stroke-width="{}""##, N(0.03 * r)),
        );
    } else if place.town {
        circle(out, c, 0.1 * r, &format!(r##"fill="{INK}" stroke="#fff6e0" stroke-width="{}""##, N(0.02 * r)));
    } else if place.ruins {
        ruins(out, c, r);
    }
    if place.ruins && (place.city || place.town) {
        ruins(out, (c.0 + 0.35 * r, c.1 + 0.3 * r), r * 0.6);
    }
    if place.port {
        anchor(out, (c.0 - 0.5 * r, c.1 + 0.02 * r), r);
    }
}

/// A victory point value in a red ring, centred at `c`.
pub fn vp_ring(out: &mut String, c: (f64, f64), r: f64, vp: u32) {
    circle(out, c, 0.2 * r, &format!(r##"fill="#fffdf5" stroke="{VP_RING}" stroke-width="{}""##, N(0.045 * r)));
    text(out, c.0, c.1 + 0.1 * r, Type::new(0.28 * r, VP_RING).bold(), &vp.to_string());
}

/// Where a place's VP ring sits: right of its hex centre, clear of the counters.
pub fn vp_spot(c: (f64, f64), r: f64) -> (f64, f64) {
    (c.0 + 0.76 * r, c.1 + 0.06 * r)
}

/// Symbols of every visible place (under the counters).
pub fn draw_symbols(p: &Picture, out: &mut String) {
    for place in &p.sheet.places {
        let Some(hex) = place.hex.filter(|h| p.visible.contains(h)) else { continue };
        symbol(out, place, p.frame.centre(hex), p.frame.r);
    }
}

/// Names and VP rings of every visible place (over the counters, so they stay readable).
pub fn draw_names(p: &Picture, out: &mut String) {
    let r = p.frame.r;
    for place in &p.sheet.places {
        let Some(hex) = place.hex.filter(|h| p.visible.contains(h)) else { continue };
        let c = p.frame.centre(hex);
        if place.vp > 0 {
            vp_ring(out, vp_spot(c, r), r, place.vp);
        }
        let size = if place.city { 10.5 } else { 9.5 } * p.s;
        let t = Type::new(size, INK).halo("#fffdf5", 2.4 * p.s);
        let t = if place.city || place.fortress { t.bold() } else { t };
        text(out, c.0, c.1 + 0.62 * r + size * 0.75, t, &place.name);
    }
}
