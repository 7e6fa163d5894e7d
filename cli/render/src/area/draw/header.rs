//! Above the map: the title (and what a close-up shows), the turn, and each side's
//! victory points.

use crate::area::layout::AreaPicture;
use crate::area::options::AreaOptions;
use crate::draw::{clip, rect, text, text_width, Type};
use crate::num::{hex_colour, N};
use crate::palette::{INK, PANEL, PANEL_EDGE};
use grognard_board::AreaBoardView;

const TITLE: f64 = 34.0;
const SUBTITLE: f64 = 16.0;
const TURN: f64 = 20.0;
const VP_W: f64 = 190.0;
const VP_H: f64 = 32.0;
const GAP: f64 = 5.0;

fn per_row(width: f64, s: f64) -> usize {
    (((width + GAP * s) / ((VP_W + GAP) * s)).floor() as usize).max(1)
}

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
        h += view.sides.len().div_ceil(per_row(width, s)) as f64 * (VP_H + GAP) + GAP;
    }
    h * s
}

/// The turn's caption: "Turn 3 of 120 — October 1805 (winter)".
fn turn_caption(view: &AreaBoardView) -> Option<String> {
    let turn = view.turn.as_ref()?;
    let mut caption = format!("Turn {} of {}", turn.number, turn.last);
    if !turn.label.is_empty() {
        caption.push_str(" — ");
        caption.push_str(&turn.label);
    }
    if let Some(season) = &turn.season {
        caption.push_str(&format!(" ({season})"));
    }
    Some(caption)
}

pub fn draw(p: &AreaPicture, out: &mut String) {
    let s = p.s;
    let x0 = p.margin;
    let title = if p.view.title.is_empty() { p.map.title.as_str() } else { p.view.title.as_str() };
    let room = p.width - 2.0 * p.margin;
    let fit = text_width(title, Type::new(1.0, INK).bold());
    let size = (room / fit.max(1.0)).clamp(12.0 * s, 21.0 * s);
    let letters = (room / (size * 0.55)).floor().max(8.0) as usize;
    text(out, x0, p.header_y + 22.0 * s, Type::new(size, INK).serif().bold().start(), &clip(title, letters));
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
    if let Some(caption) = turn_caption(p.view) {
        text(out, x0, y + 13.0 * s, Type::new(12.0 * s, INK).bold().start(), &caption);
        y += TURN * s;
    }
    let n = per_row(room, s);
    for (i, side) in p.view.sides.iter().enumerate() {
        let (col, row) = ((i % n) as f64, (i / n) as f64);
        let bx = x0 + col * (VP_W + GAP) * s;
        let by = y + row * (VP_H + GAP) * s;
        rect(
            out,
            bx,
            by,
            VP_W * s,
            VP_H * s,
            &format!(r#"rx="{}" fill="{PANEL}" stroke="{PANEL_EDGE}" stroke-width="{}""#, N(3.0 * s), N(s)),
        );
        let (paper, ink) = (hex_colour(side.colour), hex_colour(side.text_colour));
        rect(
            out,
            bx + 5.0 * s,
            by + 5.0 * s,
            22.0 * s,
            22.0 * s,
            &format!(r##"rx="{}" fill="{paper}" stroke="#1c1a17" stroke-width="{}""##, N(2.0 * s), N(s)),
        );
        let initial: String = side.name.chars().next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
        text(out, bx + 16.0 * s, by + 20.0 * s, Type::new(10.0 * s, &ink).bold(), &initial);
        text(out, bx + 33.0 * s, by + 21.0 * s, Type::new(12.0 * s, INK).bold().start(), &clip(&side.name, 14));
        text(
            out,
            bx + (VP_W - 8.0) * s,
            by + 22.0 * s,
            Type::new(16.0 * s, INK).bold().end(),
            &format!("{} VP", side.vp),
        );
    }
}
