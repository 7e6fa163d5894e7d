//! The water under the land: every sea zone filled blue (paler north of the ice line) and
//! the lines between sea zones.

use super::path_of;
use crate::area::geometry::Beyond;
use crate::area::layout::AreaPicture;
use crate::draw::rect;
use crate::num::N;
use crate::palette;
use crate::sheet::Ground;
use std::fmt::Write;

/// The open sea.
pub fn water() -> &'static str {
    palette::ground_fill(&Ground::Water { body: String::new(), lake: false })
}

/// A sea zone north of the ice line.
pub const ICE_WATER: &str = "#c7dcec";
/// The lines between sea zones.
pub const SEA_LINE: &str = "#3f78b0";

/// The dash pattern of the lines between sea zones.
pub fn sea_dash(u: f64) -> String {
    format!(r#"stroke-dasharray="{} {}""#, N(7.0 * u), N(4.0 * u))
}

pub fn draw(p: &AreaPicture, out: &mut String) {
    let m = p.map_rect;
    rect(out, m.x, m.y, m.w, m.h, &format!(r#"fill="{}""#, water()));
    let mut ice = String::new();
    for cell in &p.cells.seas {
        if p.map.sea(&cell.id).is_some_and(|z| z.ice) && p.in_view(&cell.polygon.bounds()) {
            ice.push_str(&path_of(p, &cell.polygon));
        }
    }
    if !ice.is_empty() {
        let _ = write!(out, r#"<path d="{ice}" fill="{ICE_WATER}"/>"#);
    }
    let mut d = String::new();
    for (i, cell) in p.cells.seas.iter().enumerate() {
        for (a, b, beyond) in cell.polygon.edges() {
            if matches!(beyond, Beyond::Sea(j) if j > i) {
                let ((x1, y1), (x2, y2)) = (p.px(a), p.px(b));
                let _ = write!(d, "M{} {}L{} {}", N(x1), N(y1), N(x2), N(y2));
            }
        }
    }
    if !d.is_empty() {
        let _ = write!(
            out,
            r#"<path d="{d}" fill="none" stroke="{SEA_LINE}" stroke-width="{}" {} stroke-opacity="0.7"/>"#,
            N(1.3 * p.u),
            sea_dash(p.u)
        );
    }
}
