//! Hex fills, the marks that tell terrain apart at a glance, the hex grid and the names of
//! the waters.

use super::{text, Type};
use crate::num::{points, N};
use crate::palette::{self, GRID, WATER_TEXT};
use crate::picture::Picture;
use crate::sheet::Ground;
use grognard_board::HexId;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The terrain kinds in drawing (and legend) order.
pub fn grounds() -> [Ground; 8] {
    [
        Ground::Clear,
        Ground::Desert,
        Ground::Hills,
        Ground::Forest,
        Ground::Swamp,
        Ground::MudFlat,
        Ground::Water { body: String::new(), lake: false },
        Ground::Water { body: String::new(), lake: true },
    ]
}

/// A short stable key per terrain kind, for grouping and symbol ids.
pub fn key(ground: &Ground) -> &'static str {
    match ground {
        Ground::Clear => "clear",
        Ground::Forest => "forest",
        Ground::Swamp => "swamp",
        Ground::MudFlat => "mud",
        Ground::Hills => "hills",
        Ground::Desert => "desert",
        Ground::Water { lake: false, .. } => "sea",
        Ground::Water { lake: true, .. } => "lake",
    }
}

/// The `<defs>` of the terrain marks, sized for hex radius `r`.
pub fn defs(out: &mut String, r: f64) {
    let k = |v: f64| N(v * r);
    let _ = write!(
        out,
        r#"<g id="mk-forest" fill="{f}" stroke="{f}"><line x1="0" y1="{}" x2="0" y2="{}" stroke-width="{}"/><circle cx="0" cy="{}" r="{}"/></g>"#,
        k(0.04),
        k(0.2),
        k(0.035),
        k(-0.04),
        k(0.12),
        f = palette::ground_marks(&Ground::Forest)
    );
    let _ = write!(
        out,
        r#"<g id="mk-hills" fill="none" stroke="{h}" stroke-width="{}" stroke-linecap="round"><path d="M{} {} Q0 {} {} {}"/><path d="M{} {} l{} {} M0 {} l0 {} M{} {} l{} {}"/></g>"#,
        k(0.035),
        k(-0.26),
        k(0.08),
        k(-0.2),
        k(0.26),
        k(0.08),
        k(-0.15),
        k(-0.01),
        k(-0.04),
        k(0.1),
        k(-0.06),
        k(0.11),
        k(0.15),
        k(-0.01),
        k(0.04),
        k(0.1),
        h = palette::ground_marks(&Ground::Hills)
    );
    let _ = write!(
        out,
        r#"<g id="mk-swamp" fill="none" stroke="{s}" stroke-width="{}" stroke-linecap="round"><path d="M{} {} h{} M0 {} v{} M{} {} l{} {} M{} {} l{} {}"/></g>"#,
        k(0.03),
        k(-0.15),
        k(0.07),
        k(0.3),
        k(0.07),
        k(-0.18),
        k(-0.05),
        k(0.07),
        k(-0.07),
        k(-0.13),
        k(0.05),
        k(0.07),
        k(0.07),
        k(-0.13),
        s = palette::ground_marks(&Ground::Swamp)
    );
    out.push_str(&format!(r#"<g id="mk-mud" fill="{}">"#, palette::ground_marks(&Ground::MudFlat)));
    for (x, y) in [(-0.12, -0.05), (0.0, 0.03), (0.12, -0.04), (-0.06, 0.1), (0.08, 0.1), (0.04, -0.1)] {
        super::circle(out, (x * r, y * r), 0.022 * r, "");
    }
    out.push_str("</g>");
    out.push_str(&format!(r#"<g id="mk-desert" fill="{}">"#, palette::ground_marks(&Ground::Desert)));
    for (x, y) in [(-0.1, 0.0), (0.08, -0.05), (0.03, 0.08)] {
        super::circle(out, (x * r, y * r), 0.02 * r, "");
    }
    out.push_str("</g>");
}

/// Where the marks of one terrain kind sit in a hex, in hex radii from its centre (never at
/// the top middle, where the hex number is printed).
fn mark_spots(ground: &Ground) -> &'static [(f64, f64)] {
    match ground {
        Ground::Forest => &[(-0.42, -0.3), (0.4, -0.3), (-0.5, 0.3), (0.46, 0.26), (0.02, 0.56)],
        Ground::Hills => &[(-0.38, -0.36), (0.36, -0.3), (-0.4, 0.38), (0.38, 0.42)],
        Ground::Swamp => &[(-0.45, -0.3), (0.42, -0.32), (-0.42, 0.36), (0.45, 0.3), (0.0, 0.6)],
        Ground::MudFlat => &[(-0.45, -0.3), (0.4, -0.3), (-0.4, 0.38), (0.42, 0.32), (0.0, 0.6)],
        Ground::Desert => &[(-0.48, -0.28), (0.44, -0.3), (-0.3, 0.45), (0.42, 0.36)],
        _ => &[],
    }
}

/// A small fixed wobble per hex so the marks do not look stamped (the same on every run).
fn wobble(hex: HexId, i: usize) -> (f64, f64) {
    let n = hex.number() as usize * 7 + i * 13;
    (((n % 7) as f64 - 3.0) * 0.025, (((n / 7) % 5) as f64 - 2.0) * 0.025)
}

fn outline(p: &Picture, hex: HexId) -> String {
    let c = p.frame.corners(hex);
    let mut d = format!("M{} {}", N(c[0].0), N(c[0].1));
    for (x, y) in &c[1..] {
        let _ = write!(d, "L{} {}", N(*x), N(*y));
    }
    d.push('Z');
    d
}

/// Fills, marks and grid of every visible hex.
pub fn draw(p: &Picture, out: &mut String) {
    let mut by_kind: BTreeMap<&str, (Ground, String)> = BTreeMap::new();
    for hex in &p.visible {
        if let Some(ground) = p.sheet.hexes.get(hex) {
            let entry = by_kind.entry(key(ground)).or_insert_with(|| (ground.clone(), String::new()));
            entry.1.push_str(&outline(p, *hex));
        }
    }
    for (ground, d) in by_kind.values() {
        let fill = palette::ground_fill(ground);
        let _ = write!(out, r#"<path d="{d}" fill="{fill}" stroke="{fill}" stroke-width="0.6"/>"#);
    }
    let r = p.frame.r;
    for hex in &p.visible {
        let Some(ground) = p.sheet.hexes.get(hex) else { continue };
        let (cx, cy) = p.frame.centre(*hex);
        for (i, (dx, dy)) in mark_spots(ground).iter().enumerate() {
            let (wx, wy) = wobble(*hex, i);
            let _ = write!(
                out,
                r##"<use xlink:href="#mk-{}" x="{}" y="{}"/>"##,
                key(ground),
                N(cx + (dx + wx) * r),
                N(cy + (dy + wy) * r)
            );
        }
    }
    let (mut land, mut water) = (String::new(), String::new());
    for hex in &p.visible {
        match p.sheet.hexes.get(hex) {
            Some(Ground::Water { .. }) => water.push_str(&outline(p, *hex)),
            Some(_) => land.push_str(&outline(p, *hex)),
            None => {}
        }
    }
    let w = N(0.022 * r);
    let _ =
        write!(out, r##"<path d="{water}" fill="none" stroke="#6f9cc7" stroke-width="{w}" stroke-opacity="0.55"/>"##);
    let _ = write!(out, r#"<path d="{land}" fill="none" stroke="{GRID}" stroke-width="{w}" stroke-opacity="0.6"/>"#);
}

/// A shore line along every hexside between a visible land hex and a water hex.
pub fn coast(p: &Picture, out: &mut String) {
    let mut d = String::new();
    for hex in &p.visible {
        if !p.sheet.is_land(*hex) {
            continue;
        }
        for (dir, other) in hex.neighbours() {
            if matches!(p.sheet.hexes.get(&other), Some(Ground::Water { .. })) {
                let (a, b) = p.frame.side_ends(*hex, dir);
                let _ = write!(d, "M{} {}L{} {}", N(a.0), N(a.1), N(b.0), N(b.1));
            }
        }
    }
    if !d.is_empty() {
        let _ = write!(
            out,
            r##"<path d="{d}" fill="none" stroke="#3f6f9f" stroke-width="{}" stroke-linecap="round"/>"##,
            N(0.05 * p.frame.r)
        );
    }
}

/// How many hexes of open water lie between `hex` and the nearest land (capped at 3).
fn offshore(hex: HexId, land: &[HexId]) -> u32 {
    land.iter().map(|l| l.distance(hex)).min().unwrap_or(3).min(3)
}

/// The name of each body of water, once, on open water near its middle.
pub fn water_names(p: &Picture, out: &mut String) {
    let land: Vec<HexId> = p.visible.iter().copied().filter(|h| p.sheet.is_land(*h)).collect();
    let m = p.map_rect;
    for (name, (lake, hexes)) in p.sheet.water_bodies() {
        let shown: Vec<HexId> = hexes.into_iter().filter(|h| p.visible.contains(h)).collect();
        if shown.is_empty() {
            continue;
        }
        let n = shown.len() as f64;
        let (sx, sy) = shown.iter().map(|h| p.frame.centre(*h)).fold((0.0, 0.0), |a, c| (a.0 + c.0, a.1 + c.1));
        let (mx, my) = (sx / n, sy / n);
        // Prefer hexes away from the shore, then the one nearest the middle.
        let scored: Vec<(f64, HexId)> = shown
            .iter()
            .map(|h| {
                let (x, y) = p.frame.centre(*h);
                let near = ((x - mx).powi(2) + (y - my).powi(2)).sqrt() / p.frame.r;
                (near - 4.0 * f64::from(offshore(*h, &land)), *h)
            })
            .collect();
        let Some(&(_, best)) = scored.iter().min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))) else {
            continue;
        };
        let (x, y) = p.frame.centre(best);
        let size = if lake { 9.5 } else { 14.0 } * p.s;
        let t = Type::new(size, WATER_TEXT).serif().halo("#d6e8f6", 2.0 * p.s);
        // Keep the whole name inside the map area.
        let half = super::text_width(name, t) / 2.0;
        let x = x.max(m.x + half + 4.0 * p.s).min(m.right() - half - 4.0 * p.s);
        text(out, x, y + size * 0.35, t, name);
    }
}

/// The outline of a hex as polygon points (for the legend's swatches).
pub fn hex_points(centre: (f64, f64), r: f64) -> String {
    let pts: Vec<(f64, f64)> = (0..6)
        .map(|k| {
            let a = (k as f64 * 60.0).to_radians();
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect();
    points(&pts)
}
