//! The land: a coastline around every land cell, the cells filled by terrain with the
//! terrain's marks, and the tint of the side controlling each area.

use super::path_of;
use crate::area::geometry::Pt;
use crate::area::layout::AreaPicture;
use crate::num::{hex_colour, N};
use crate::palette;
use crate::sheet::Ground;
use grognard_board::area::AreaTerrain;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The wide pale band of shallow water along the coast.
pub const SHALLOWS: &str = "#b9d6ee";
/// The coastline.
pub const COAST: &str = "#2f5f8f";

/// The hex map's ground that draws a terrain of the area map (its fill and its marks).
pub fn ground(terrain: AreaTerrain) -> Ground {
    match terrain {
        AreaTerrain::Clear => Ground::Clear,
        AreaTerrain::Forest => Ground::Forest,
        AreaTerrain::Mountain => Ground::Hills,
        AreaTerrain::Marsh => Ground::Swamp,
    }
}

/// The id of the marks of a terrain in the picture's `<defs>` (`None` for clear ground).
pub fn marks(terrain: AreaTerrain) -> Option<&'static str> {
    match terrain {
        AreaTerrain::Clear => None,
        AreaTerrain::Forest => Some("mk-forest"),
        AreaTerrain::Mountain => Some("mk-hills"),
        AreaTerrain::Marsh => Some("mk-swamp"),
    }
}

/// The hex radius the terrain marks are defined at (`crate::draw::terrain::defs`).
pub fn marks_r(u: f64) -> f64 {
    22.0 * u
}

/// The land cells that reach into the picture, with their terrain, in id order.
fn drawn<'p>(p: &'p AreaPicture) -> impl Iterator<Item = (usize, AreaTerrain)> + 'p {
    p.cells
        .land
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.polygon.is_empty() && p.in_view(&c.polygon.bounds()))
        .filter_map(|(i, c)| p.map.area(&c.id).map(|a| (i, a.terrain)))
}

/// The coastline and the fills: the cells drawn with a wide stroke first (only its outer
/// part, along the coast, stays visible) and filled over it by terrain.
pub fn draw(p: &AreaPicture, out: &mut String) {
    let u = p.u;
    let mut all = String::new();
    let mut by_terrain: BTreeMap<AreaTerrain, String> = BTreeMap::new();
    for (i, terrain) in drawn(p) {
        let d = path_of(p, &p.cells.land[i].polygon);
        all.push_str(&d);
        by_terrain.entry(terrain).or_default().push_str(&d);
    }
    let _ = write!(
        out,
        r#"<path d="{all}" fill="{SHALLOWS}" stroke="{SHALLOWS}" stroke-width="{}" stroke-linejoin="round"/>"#,
        N(9.0 * u)
    );
    let _ = write!(
        out,
        r#"<path d="{all}" fill="{COAST}" stroke="{COAST}" stroke-width="{}" stroke-linejoin="round"/>"#,
        N(2.4 * u)
    );
    for (terrain, d) in &by_terrain {
        let fill = palette::ground_fill(&ground(*terrain));
        let _ = write!(out, r#"<path d="{d}" fill="{fill}" stroke="{fill}" stroke-width="{}"/>"#, N(0.5 * u));
    }
    draw_marks(p, out);
}

/// A small fixed wobble per mark, so the marks do not look stamped (the same on every run).
fn wobble(cell: usize, row: i64, col: i64) -> (f64, f64) {
    let n = (cell as i64 * 31 + row * 7 + col * 13).rem_euclid(35);
    (((n % 7) as f64 - 3.0) * 0.09, ((n / 7) as f64 - 2.0) * 0.09)
}

/// Terrain marks over forest, mountain and marsh cells, on a staggered grid, kept off the
/// label point and the name under it.
fn draw_marks(p: &AreaPicture, out: &mut String) {
    let u = p.u;
    let step = 21.0 * u;
    for (i, terrain) in drawn(p) {
        let Some(mark) = marks(terrain) else { continue };
        let cell = &p.cells.land[i];
        let b = cell.polygon.bounds();
        let (x0, y0) = p.px(Pt::new(b.x0, b.y0));
        let (x1, y1) = p.px(Pt::new(b.x1, b.y1));
        let site = p.px(cell.site);
        let m = p.map_rect;
        let rows = ((y1 - y0) / step).ceil() as i64;
        let cols = ((x1 - x0) / step).ceil() as i64;
        for row in 0..=rows {
            for col in 0..=cols {
                let (jx, jy) = wobble(i, row, col);
                let stagger = if row % 2 == 0 { 0.25 } else { 0.75 };
                let x = x0 + (col as f64 + stagger + jx) * step;
                let y = y0 + (row as f64 + 0.5 + jy) * step;
                if x < m.x || x > m.right() || y < m.y || y > m.bottom() {
                    continue;
                }
                if (x - site.0).abs() < 30.0 * u && (-34.0 * u..34.0 * u).contains(&(y - site.1)) {
                    continue;
                }
                let world = Pt::new(p.world.x0 + (x - m.x) / p.k, p.world.y0 + (y - m.y) / p.k);
                // keep whole marks inside the cell: the point and a little around it
                let inside = [(0.0, 0.0), (-5.0, 0.0), (5.0, 0.0), (0.0, -5.0), (0.0, 5.0)]
                    .iter()
                    .all(|(dx, dy)| cell.polygon.contains(Pt::new(world.x + dx * u / p.k, world.y + dy * u / p.k)));
                if inside {
                    let _ = write!(out, r##"<use xlink:href="#{mark}" x="{}" y="{}"/>"##, N(x), N(y));
                }
            }
        }
    }
}

/// The control tint: each controlled area washed in its side's colour, with a band of that
/// colour inside its edge.
pub fn draw_control(p: &AreaPicture, out: &mut String) {
    let u = p.u;
    for (i, _) in drawn(p) {
        let cell = &p.cells.land[i];
        let Some(side) = p.view.controller(&cell.id).and_then(|s| p.view.sides.get(s)) else { continue };
        let colour = hex_colour(side.colour);
        let d = path_of(p, &cell.polygon);
        let _ = write!(
            out,
            r#"<defs><clipPath id="ctl-{i}"><path d="{d}"/></clipPath></defs><path d="{d}" fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-opacity="0.85" stroke-width="{}" clip-path="url(#ctl-{i})"/>"#,
            N(6.0 * u)
        );
    }
}

/// The paper under the side's tint in the key.
pub fn clear_fill() -> &'static str {
    palette::ground_fill(&Ground::Clear)
}
