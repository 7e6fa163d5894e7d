//! What just happened: moves as arrows along the hexes a unit went through, battles as
//! crossed swords on the defender with the result beside them.

use super::{circle, line, rect, text, text_width, Type};
use crate::num::{hex_colour, points, N};
use crate::palette::BATTLE;
use crate::picture::Picture;
use crate::view::Highlight;
use std::fmt::Write;

/// Move `a` towards `b` by `by` pixels (no further than `b`).
fn towards(a: (f64, f64), b: (f64, f64), by: f64) -> (f64, f64) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len <= by || len < 1e-6 {
        return b;
    }
    (a.0 + (b.0 - a.0) * by / len, a.1 + (b.1 - a.1) * by / len)
}

/// An arrow along `pts` ending in a head at the last point: the colour on a white and a
/// dark casing, so it never reads as a river or a road.
pub fn arrow(out: &mut String, pts: &[(f64, f64)], r: f64, colour: &str) {
    if pts.len() < 2 {
        return;
    }
    let head = 0.42 * r;
    let (ex, ey) = pts[pts.len() - 1];
    let (px, py) = pts[pts.len() - 2];
    let len = ((ex - px).powi(2) + (ey - py).powi(2)).sqrt().max(1e-6);
    let (ux, uy) = ((ex - px) / len, (ey - py) / len);
    let mut body: Vec<(f64, f64)> = pts.to_vec();
    let last = body.len() - 1;
    body[last] = (ex - ux * head * 0.8, ey - uy * head * 0.8);
    let mut d = String::new();
    for (i, (x, y)) in body.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, N(*x), N(*y));
    }
    let tip = [
        (ex, ey),
        (ex - ux * head - uy * head * 0.55, ey - uy * head + ux * head * 0.55),
        (ex - ux * head + uy * head * 0.55, ey - uy * head - ux * head * 0.55),
    ];
    let common = r#"fill="none" stroke-linecap="round" stroke-linejoin="round""#;
    let _ = write!(
        out,
        r##"<path d="{d}" {common} stroke="#1c1a17" stroke-width="{}" stroke-opacity="0.85"/>"##,
        N(0.27 * r)
    );
    let _ = write!(out, r##"<path d="{d}" {common} stroke="#ffffff" stroke-width="{}"/>"##, N(0.19 * r));
    let _ = write!(out, r#"<path d="{d}" {common} stroke="{colour}" stroke-width="{}"/>"#, N(0.1 * r));
    let _ = write!(
        out,
        r##"<polygon points="{}" fill="{colour}" stroke="#1c1a17" stroke-width="{}" stroke-linejoin="round"/>"##,
        points(&tip),
        N(0.05 * r)
    );
}

/// A move's arrow from hex centre to hex centre, starting a little off the first centre (at
/// the edge of the counters left behind, if any) and stopping at the edge of the counter in
/// the last hex.
pub fn move_arrow(out: &mut String, pts: &[(f64, f64)], r: f64, colour: &str, left_behind: bool) {
    if pts.len() < 2 {
        return;
    }
    let half = super::pieces::counter_size(r) * 0.5;
    let mut trimmed = pts.to_vec();
    trimmed[0] = towards(pts[0], pts[1], if left_behind { half + 0.05 * r } else { 0.3 * r });
    let n = pts.len();
    trimmed[n - 1] = towards(pts[n - 1], pts[n - 2], half + 0.1 * r);
    arrow(out, &trimmed, r, colour);
}

/// Crossed swords in a ring centred at `c`.
pub fn swords(out: &mut String, c: (f64, f64), r: f64) {
    circle(out, c, 0.26 * r, &format!(r##"fill="#fffdf5" stroke="{BATTLE}" stroke-width="{}""##, N(0.05 * r)));
    let blade = format!(r##"stroke="#1c1a17" stroke-width="{}" stroke-linecap="round""##, N(0.05 * r));
    let k = 0.16 * r;
    line(out, (c.0 - k, c.1 + k), (c.0 + k, c.1 - k), &blade);
    line(out, (c.0 + k, c.1 + k), (c.0 - k, c.1 - k), &blade);
    let g = 0.07 * r;
    line(out, (c.0 - k * 0.55 - g, c.1 + k * 0.55 - g), (c.0 - k * 0.55 + g, c.1 + k * 0.55 + g), &blade);
    line(out, (c.0 + k * 0.55 - g, c.1 + k * 0.55 + g), (c.0 + k * 0.55 + g, c.1 + k * 0.55 - g), &blade);
}

fn side_colour(p: &Picture, side: usize) -> String {
    p.view.sides.get(side).map(|s| hex_colour(s.colour)).unwrap_or_else(|| "#808080".to_string())
}

/// Move arrows (under the counters, ending at the moved stack's edge).
pub fn draw_paths(p: &Picture, out: &mut String) {
    if !p.options.highlights {
        return;
    }
    let stacks = super::pieces::stacks(p);
    for h in &p.view.highlights {
        if let Highlight::Path { hexes, side } = h {
            let pts: Vec<(f64, f64)> = hexes.iter().map(|x| p.frame.centre(*x)).collect();
            let left_behind = hexes.first().is_some_and(|h| stacks.contains_key(h));
            move_arrow(out, &pts, p.frame.r, &side_colour(p, *side), left_behind);
        }
    }
}

/// Battles (over everything on the map).
pub fn draw_battles(p: &Picture, out: &mut String) {
    if !p.options.highlights {
        return;
    }
    let r = p.frame.r;
    for h in &p.view.highlights {
        let Highlight::Battle { attackers, defender, side, result } = h else { continue };
        let d = p.frame.centre(*defender);
        let colour = side_colour(p, *side);
        for a in attackers {
            let a = p.frame.centre(*a);
            let from = (a.0 + (d.0 - a.0) * 0.3, a.1 + (d.1 - a.1) * 0.3);
            let to = (a.0 + (d.0 - a.0) * 0.66, a.1 + (d.1 - a.1) * 0.66);
            arrow(out, &[from, to], r * 0.8, &colour);
        }
        let at = (d.0 - 0.5 * r, d.1 - 0.6 * r);
        swords(out, at, r);
        if !result.is_empty() {
            let t = Type::new(0.34 * r, "#ffffff").bold().start();
            let w = text_width(result, t) + 0.2 * r;
            let (x, y) = (at.0 + 0.3 * r, at.1 - 0.22 * r);
            rect(
                out,
                x,
                y,
                w,
                0.44 * r,
                &format!(r##"rx="{}" fill="{BATTLE}" stroke="#1c1a17" stroke-width="{}""##, N(0.06 * r), N(0.03 * r)),
            );
            text(out, x + 0.1 * r, y + 0.33 * r, t, result);
        }
    }
}
