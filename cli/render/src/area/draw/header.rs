//! Above the map: the title (and what a close-up shows), the turn, and each side's
//! victory points.

use crate::area::layout::AreaPicture;
use crate::area::options::AreaOptions;
use crate::draw::header::{self, GAP, VP_H};
use crate::draw::{text, Type};
use crate::palette::INK;
use grognard_board::AreaBoardView;

const TITLE: f64 = 34.0;
const SUBTITLE: f64 = 16.0;
const TURN: f64 = 20.0;

/// Height of the header for a picture `width` wide (inside the margins).
pub fn height(view: &AreaBoardView, options: &AreaOptions, width: f64, s: f64) -> f64 {
    let mut h = TITLE;
    if options.around.is_some() {
        h += SUBTITLE;
    }
    if view.turn.is_some() {
        h += TURN;
    }
    if !view.sides.is_empty() {
        h += header::vp_rows(view.sides.len(), width, s) as f64 * (VP_H + GAP) + GAP;
    }
    h * s
}

pub fn draw(p: &AreaPicture, out: &mut String) {
    let s = p.s;
    let x0 = p.margin;
    let title = if p.view.title.is_empty() { p.map.title.as_str() } else { p.view.title.as_str() };
    let room = p.width - 2.0 * p.margin;
    header::title(out, title, x0, p.header_y, room, s);
    let mut y = p.header_y + TITLE * s;
    if let Some((centre, radius)) = &p.options.around {
        let name = p
            .map
            .area(centre)
            .map(|a| a.name.as_str())
            .or_else(|| p.map.sea(centre).map(|z| z.name.as_str()))
            .unwrap_or(centre.as_str());
        let steps = if *radius == 1 { "step" } else { "steps" };
        let note = format!("Close-up: the areas within {radius} {steps} of {name}");
        text(out, x0, y + 6.0 * s, Type::new(11.0 * s, INK).start(), &note);
        y += SUBTITLE * s;
    }
    if let Some(turn) = &p.view.turn {
        header::turn_caption(out, turn, x0, y, s);
        y += TURN * s;
    }
    header::vp_panels(out, &p.view.sides, x0, y, room, s);
}
