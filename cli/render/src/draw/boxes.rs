//! Off-map holding boxes: labelled panels beside the map edge their units enter from,
//! listing the units in them.

use super::counters::{Counters, Piece};
use super::{line, rect, text, text_width, Type};
use crate::frame::{Frame, Rect};
use crate::num::{points, N};
use crate::palette::{INK, PANEL, PANEL_EDGE};
use crate::picture::{BoxPlace, Edge, Picture};
use crate::sheet::Sheet;
use crate::view::{BoardView, PieceLocation, PieceView};
use grognard_board::HexId;
use std::collections::BTreeSet;
use std::fmt::Write;

const COLUMNS: usize = 5;

/// A box to draw, before it has a place: its edge, size and wanted middle along the edge
/// (relative to the map area).
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    pub index: usize,
    pub edge: Edge,
    pub w: f64,
    pub h: f64,
    pub want: f64,
}

fn title(s: f64) -> Type<'static> {
    Type::new(11.0 * s, INK).bold().start()
}

fn mini(s: f64) -> f64 {
    30.0 * s
}

/// The pieces in box `id`, in the view's order.
pub fn pieces_in<'v>(view: &'v BoardView, id: &str) -> Vec<&'v PieceView> {
    view.pieces.iter().filter(|p| matches!(&p.location, PieceLocation::Box(b) if b == id)).collect()
}

/// Which edge each shown box goes on and how big its panel is (`whole`: the picture shows
/// the whole map).
pub fn plan(
    sheet: &Sheet,
    view: &BoardView,
    frame: &Frame,
    visible: &BTreeSet<HexId>,
    area: Rect,
    whole: bool,
    s: f64,
) -> Vec<Planned> {
    let mut out = Vec::new();
    for (index, b) in sheet.boxes.iter().enumerate() {
        let entry: Vec<(f64, f64)> = b.entry.iter().filter(|h| visible.contains(h)).map(|h| frame.centre(*h)).collect();
        // A box no hex enters from (a naval holding box) sits under the map's left end, on
        // whole-map pictures only.
        let (cx, cy) = if !entry.is_empty() {
            let n = entry.len() as f64;
            entry.iter().fold((0.0, 0.0), |a, c| (a.0 + c.0 / n, a.1 + c.1 / n))
        } else if b.entry.is_empty() && whole {
            (area.x, area.bottom())
        } else {
            continue;
        };
        let distances = [
            (cy - area.y, Edge::Top),
            (area.right() - cx, Edge::Right),
            (area.bottom() - cy, Edge::Bottom),
            (cx - area.x, Edge::Left),
        ];
        let edge =
            distances.iter().min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))).map(|d| d.1).unwrap_or(Edge::Top);
        let units = pieces_in(view, &b.id).len();
        let rows = units.div_ceil(COLUMNS).max(1) as f64;
        let w = (12.0 * s + COLUMNS as f64 * (mini(s) + 5.0 * s)).max(text_width(&b.name, title(s)) + 16.0 * s);
        let h = 24.0 * s + rows * (mini(s) + 5.0 * s) + 6.0 * s;
        let want = match edge {
            Edge::Left | Edge::Right => cy - area.y,
            Edge::Top | Edge::Bottom => cx - area.x,
        };
        out.push(Planned { index, edge, w, h, want });
    }
    out
}

/// Put the planned panels beside the map, spread along each edge so they do not overlap.
pub fn place(planned: Vec<Planned>, map: Rect, margin: f64) -> Vec<BoxPlace> {
    let mut out = Vec::new();
    for edge in [Edge::Top, Edge::Right, Edge::Bottom, Edge::Left] {
        let mut along: Vec<&Planned> = planned.iter().filter(|p| p.edge == edge).collect();
        along.sort_by(|a, b| a.want.total_cmp(&b.want).then(a.index.cmp(&b.index)));
        let vertical = matches!(edge, Edge::Left | Edge::Right);
        let (start, length) = if vertical { (map.y, map.h) } else { (map.x, map.w) };
        let mut next = start;
        let mut spots = Vec::new();
        for p in &along {
            let size = if vertical { p.h } else { p.w };
            let at = (start + p.want - size / 2.0).min(start + length - size).max(next);
            spots.push(at);
            next = at + size + margin / 2.0;
        }
        for (p, at) in along.iter().zip(spots) {
            let rect = match edge {
                Edge::Top => Rect { x: at, y: map.y - margin - p.h, w: p.w, h: p.h },
                Edge::Bottom => Rect { x: at, y: map.bottom() + margin, w: p.w, h: p.h },
                Edge::Left => Rect { x: map.x - margin - p.w, y: at, w: p.w, h: p.h },
                Edge::Right => Rect { x: map.right() + margin, y: at, w: p.w, h: p.h },
            };
            out.push(BoxPlace { index: p.index, edge, rect });
        }
    }
    out.sort_by_key(|b| b.index);
    out
}

/// Every placed box: entry hexes marked on the map, a link to the panel, the panel.
pub fn draw(p: &Picture, out: &mut String) {
    let s = p.s;
    let r = p.frame.r;
    for place in &p.boxes {
        let Some(b) = p.sheet.boxes.get(place.index) else { continue };
        let entry: Vec<HexId> = b.entry.iter().copied().filter(|h| p.visible.contains(h)).collect();
        // The entry hexes are marked inside the map area only (a close-up cuts hexes at its edge).
        out.push_str(r#"<g clip-path="url(#map-area)">"#);
        for hex in &entry {
            let _ = write!(
                out,
                r##"<polygon points="{}" fill="none" stroke="#6a3d8f" stroke-width="{}" stroke-dasharray="{} {}"/>"##,
                points(&p.frame.corners(*hex).map(|(x, y)| {
                    let (cx, cy) = p.frame.centre(*hex);
                    (cx + (x - cx) * 0.85, cy + (y - cy) * 0.85)
                })),
                N(0.06 * r),
                N(0.14 * r),
                N(0.08 * r)
            );
        }
        out.push_str("</g>");
        let rect_ = place.rect;
        if let Some(first) = entry.get(entry.len() / 2) {
            let (hx, hy) = p.frame.centre(*first);
            let from = match place.edge {
                Edge::Top => (rect_.x + rect_.w / 2.0, rect_.bottom()),
                Edge::Bottom => (rect_.x + rect_.w / 2.0, rect_.y),
                Edge::Left => (rect_.right(), rect_.y + rect_.h / 2.0),
                Edge::Right => (rect_.x, rect_.y + rect_.h / 2.0),
            };
            line(
                out,
                from,
                (hx, hy),
                &format!(
                    r##"stroke="#6a3d8f" stroke-width="{}" stroke-dasharray="{} {}""##,
                    N(1.2 * s),
                    N(4.0 * s),
                    N(3.0 * s)
                ),
            );
        }
        rect(
            out,
            rect_.x,
            rect_.y,
            rect_.w,
            rect_.h,
            &format!(r##"rx="{}" fill="{PANEL}" stroke="#6a3d8f" stroke-width="{}""##, N(4.0 * s), N(1.5 * s)),
        );
        text(out, rect_.x + 8.0 * s, rect_.y + 16.0 * s, title(s), &b.name);
        let units = pieces_in(p.view, &b.id);
        if units.is_empty() {
            text(out, rect_.x + 8.0 * s, rect_.y + 40.0 * s, Type::new(10.0 * s, PANEL_EDGE).start(), "(empty)");
        }
        let m = mini(s);
        for (i, piece) in units.iter().enumerate() {
            let (col, row) = ((i % COLUMNS) as f64, (i / COLUMNS) as f64);
            let x = rect_.x + 8.0 * s + col * (m + 5.0 * s);
            let y = rect_.y + 24.0 * s + row * (m + 5.0 * s);
            Counters::from(p.view).counter(out, &Piece::from(*piece), x, y, m, p.options.ids);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planned(index: usize, edge: Edge, want: f64) -> Planned {
        Planned { index, edge, w: 100.0, h: 60.0, want }
    }

    #[test]
    fn panels_wanting_the_same_spot_are_spread_along_their_edge() {
        let map = Rect { x: 200.0, y: 100.0, w: 500.0, h: 800.0 };
        let placed = place(
            vec![planned(0, Edge::Right, 300.0), planned(1, Edge::Right, 300.0), planned(2, Edge::Bottom, 10.0)],
            map,
            12.0,
        );
        assert_eq!(placed.iter().map(|b| b.index).collect::<Vec<_>>(), [0, 1, 2]);
        let (a, b) = (placed[0].rect, placed[1].rect);
        assert!(a.x >= map.right() && b.x >= map.right(), "right of the map");
        assert!(a.bottom() <= b.y || b.bottom() <= a.y, "no overlap: {a:?} {b:?}");
        let c = placed[2].rect;
        assert!(c.y >= map.bottom() && c.x >= map.x, "under the map, not left of it: {c:?}");
    }

    #[test]
    fn a_panel_near_the_end_of_its_edge_stays_beside_the_map() {
        let map = Rect { x: 0.0, y: 0.0, w: 400.0, h: 300.0 };
        let placed = place(vec![planned(0, Edge::Left, 290.0)], map, 10.0);
        let r = placed[0].rect;
        assert!(r.right() <= map.x && r.bottom() <= map.bottom() && r.y >= map.y, "{r:?}");
    }
}
