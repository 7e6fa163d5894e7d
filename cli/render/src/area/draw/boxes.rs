//! Off-map boxes: panels under the map, each with its title and the stacks in it.

use super::stacks::{groups_at, stack};
use crate::area::layout::AreaPicture;
use crate::draw::{rect, text, text_width, Type};
use crate::frame::Rect;
use crate::num::N;
use crate::palette::{INK, PANEL, PANEL_EDGE};
use grognard_board::{AreaBoardView, AreaLocation};

const TITLE: f64 = 20.0;
const PAD: f64 = 8.0;
const COUNTER: f64 = 30.0;
const PER_ROW: usize = 6;
const GAP: f64 = 8.0;

fn slot(s: f64) -> f64 {
    COUNTER * 1.3 * s
}

fn title_type(s: f64) -> Type<'static> {
    Type::new(11.0 * s, INK).bold().start()
}

/// Each box's panel, relative to the top-left corner of the boxes' band, in rows that fit
/// `width`.
fn plan(view: &AreaBoardView, width: f64, s: f64) -> Vec<Rect> {
    let mut out = Vec::new();
    let (mut x, mut y, mut row_h) = (0.0, 0.0, 0.0_f64);
    for b in &view.boxes {
        let stacks = groups_at(view, &AreaLocation::Box(b.id.clone())).len();
        let rows = stacks.div_ceil(PER_ROW).max(1) as f64;
        let w = (text_width(&b.name, title_type(s)) + 2.0 * PAD * s)
            .max(stacks.min(PER_ROW) as f64 * slot(s) + 2.0 * PAD * s)
            .max(120.0 * s)
            .min(width);
        let h = TITLE * s + rows * slot(s) + PAD * s;
        if x > 0.0 && x + w > width {
            x = 0.0;
            y += row_h + GAP * s;
            row_h = 0.0;
        }
        out.push(Rect { x, y, w, h });
        x += w + GAP * s;
        row_h = row_h.max(h);
    }
    out
}

/// Height of the boxes' band (with the gap under it), for a picture `width` wide.
pub fn height(view: &AreaBoardView, width: f64, s: f64) -> f64 {
    let bottom = plan(view, width, s).iter().map(Rect::bottom).fold(0.0, f64::max);
    if bottom > 0.0 {
        bottom + GAP * s * 1.5
    } else {
        0.0
    }
}

pub fn draw(p: &AreaPicture, out: &mut String) {
    let s = p.s;
    let (x0, y0) = (p.margin, p.boxes_y);
    for (b, place) in p.view.boxes.iter().zip(plan(p.view, p.width - 2.0 * p.margin, s)) {
        let (x, y) = (x0 + place.x, y0 + place.y);
        rect(
            out,
            x,
            y,
            place.w,
            place.h,
            &format!(r#"rx="{}" fill="{PANEL}" stroke="{PANEL_EDGE}" stroke-width="{}""#, N(3.0 * s), N(s)),
        );
        text(out, x + PAD * s, y + 14.0 * s, title_type(s), &b.name);
        let groups = groups_at(p.view, &AreaLocation::Box(b.id.clone()));
        if groups.is_empty() {
            text(out, x + PAD * s, y + (TITLE + 14.0) * s, Type::new(10.0 * s, PANEL_EDGE).start(), "empty");
        }
        let c = COUNTER * s;
        for (i, group) in groups.iter().enumerate() {
            let (col, row) = ((i % PER_ROW) as f64, (i / PER_ROW) as f64);
            let cx = x + PAD * s + col * slot(s);
            let cy = y + TITLE * s + row * slot(s) + 2.0 * s;
            stack(out, p.view, group, cx, cy, c, p.options.ids);
        }
    }
}
