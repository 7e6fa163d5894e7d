//! Borders between land areas (national, provincial, plain area lines), rivers along them,
//! borders the rules do not let anything cross, and the sea crossing arrows.

use crate::area::borders::{Arrow, BorderLine, Level};
use crate::area::layout::AreaPicture;
use crate::num::{points, N};
use std::fmt::Write;

pub const AREA_LINE: &str = "#8a7c64";
pub const PROVINCE_LINE: &str = "#5e5140";
pub const NATION_LINE: &str = "#6e2860";
pub const RIVER: &str = "#2f6db5";
pub const CLOSED: &str = "#3a2f24";
pub const STRAIT: &str = "#173f6e";
pub const OPTIONAL_STRAIT: &str = "#4f7fb3";

/// The stroke of a border of `level` (colour, width and dashes), for size unit `u`.
pub fn style(level: Level, u: f64) -> String {
    match level {
        Level::Area => format!(r#"stroke="{AREA_LINE}" stroke-width="{}""#, N(0.7 * u)),
        Level::Province => format!(
            r#"stroke="{PROVINCE_LINE}" stroke-width="{}" stroke-dasharray="{} {}""#,
            N(1.2 * u),
            N(5.0 * u),
            N(2.5 * u)
        ),
        Level::Nation => format!(r#"stroke="{NATION_LINE}" stroke-width="{}""#, N(2.6 * u)),
    }
}

/// The stroke of a river.
pub fn river_style(u: f64) -> String {
    format!(r#"stroke="{RIVER}" stroke-width="{}""#, N(1.9 * u))
}

/// The stroke of a border nothing crosses.
pub fn closed_style(u: f64) -> String {
    format!(r#"stroke="{CLOSED}" stroke-width="{}" stroke-dasharray="{} {}""#, N(1.6 * u), N(1.2 * u), N(1.6 * u))
}

fn segment(p: &AreaPicture, line: &BorderLine) -> String {
    let ((x1, y1), (x2, y2)) = (p.px(line.a), p.px(line.b));
    format!("M{} {}L{} {}", N(x1), N(y1), N(x2), N(y2))
}

/// Every border in the picture: the plain lines first, the national borders over them,
/// then rivers and closed borders.
pub fn draw(p: &AreaPicture, out: &mut String) {
    let u = p.u;
    let shown = |l: &&BorderLine| {
        let (a, b) = (p.px(l.a), p.px(l.b));
        let m = p.map_rect;
        a.0.max(b.0) >= m.x && a.0.min(b.0) <= m.right() && a.1.max(b.1) >= m.y && a.1.min(b.1) <= m.bottom()
    };
    for level in [Level::Area, Level::Province, Level::Nation] {
        let d: String = p.borders.iter().filter(shown).filter(|l| l.level == level).map(|l| segment(p, l)).collect();
        if !d.is_empty() {
            let _ = write!(out, r#"<path d="{d}" fill="none" stroke-linecap="round" {}/>"#, style(level, u));
        }
    }
    let rivers: String = p.borders.iter().filter(shown).filter(|l| l.river).map(|l| segment(p, l)).collect();
    if !rivers.is_empty() {
        let _ = write!(out, r#"<path d="{rivers}" fill="none" stroke-linecap="round" {}/>"#, river_style(u));
    }
    let closed: String = p.borders.iter().filter(shown).filter(|l| l.closed).map(|l| segment(p, l)).collect();
    if !closed.is_empty() {
        let _ = write!(out, r#"<path d="{closed}" fill="none" {}/>"#, closed_style(u));
    }
}

/// A link between two areas the rules make adjacent but whose cells do not touch: a thin
/// dashed line with a dot at each end (blue for a river border).
pub fn link(out: &mut String, a: (f64, f64), b: (f64, f64), river: bool, u: f64) {
    let colour = if river { RIVER } else { PROVINCE_LINE };
    let _ = write!(
        out,
        r#"<path d="M{} {}L{} {}" fill="none" stroke="{colour}" stroke-width="{}" stroke-dasharray="{} {}" stroke-linecap="round"/>"#,
        N(a.0),
        N(a.1),
        N(b.0),
        N(b.1),
        N(1.3 * u),
        N(3.0 * u),
        N(2.5 * u)
    );
    for end in [a, b] {
        crate::draw::circle(out, end, 1.8 * u, &format!(r#"fill="{colour}""#));
    }
}

/// The links between adjacent areas whose cells do not touch, across the middle of the
/// way between their labels.
pub fn draw_links(p: &AreaPicture, out: &mut String) {
    for l in &p.links {
        let (a, b) = (p.px(l.from.lerp(l.to, 0.25)), p.px(l.from.lerp(l.to, 0.75)));
        link(out, a, b, l.river, p.u);
    }
}

/// A sea crossing arrow between `a` and `b` (picture points): a dashed line across the
/// water with a head at each end; an optional one paler, in shorter dashes.
pub fn strait(out: &mut String, a: (f64, f64), b: (f64, f64), optional: bool, u: f64) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len < 1e-6 {
        return;
    }
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let head = 5.5 * u;
    let (colour, dash) = if optional { (OPTIONAL_STRAIT, (2.5, 2.5)) } else { (STRAIT, (6.0, 3.0)) };
    let from = (a.0 + ux * head * 0.8, a.1 + uy * head * 0.8);
    let to = (b.0 - ux * head * 0.8, b.1 - uy * head * 0.8);
    let _ = write!(
        out,
        r#"<path d="M{} {}L{} {}" fill="none" stroke="{colour}" stroke-width="{}" stroke-dasharray="{} {}"/>"#,
        N(from.0),
        N(from.1),
        N(to.0),
        N(to.1),
        N(1.8 * u),
        N(dash.0 * u),
        N(dash.1 * u)
    );
    for (tip, dir) in [(b, (ux, uy)), (a, (-ux, -uy))] {
        let pts = [
            tip,
            (tip.0 - dir.0 * head - dir.1 * head * 0.5, tip.1 - dir.1 * head + dir.0 * head * 0.5),
            (tip.0 - dir.0 * head + dir.1 * head * 0.5, tip.1 - dir.1 * head - dir.0 * head * 0.5),
        ];
        let _ = write!(out, r#"<polygon points="{}" fill="{colour}"/>"#, points(&pts));
    }
}

/// The sea crossing arrows, across the middle of the way between the two labels.
pub fn draw_straits(p: &AreaPicture, out: &mut String) {
    for Arrow { from, to, optional } in &p.arrows {
        let (a, b) = (p.px(from.lerp(*to, 0.28)), p.px(from.lerp(*to, 0.72)));
        strait(out, a, b, *optional, p.u);
    }
}
