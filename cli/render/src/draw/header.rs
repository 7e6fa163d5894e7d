//! Above the map, on a hex map or an area map: the title, the turn's caption and each
//! side's victory points.

use super::{clip, rect, text, text_width, Type};
use crate::num::{hex_colour, N};
use crate::palette::{INK, PANEL, PANEL_EDGE};
use grognard_board::{SideView, TurnView};

/// Room between panels.
pub const GAP: f64 = 5.0;
/// Height of a side's VP panel (at scale 1).
pub const VP_H: f64 = 32.0;
const VP_W: f64 = 190.0;

/// How many panels `item` wide a row `width` wide holds (at least one).
pub fn per_row(width: f64, item: f64, s: f64) -> usize {
    (((width + GAP * s) / ((item + GAP) * s)).floor() as usize).max(1)
}

/// How many rows the VP panels of `sides` sides take in a row `width` wide.
pub fn vp_rows(sides: usize, width: f64, s: f64) -> usize {
    sides.div_ceil(per_row(width, VP_W, s))
}

/// The title, from `(x, top)`, shrunk to fit `room` and cut only as a last resort.
pub fn title(out: &mut String, title: &str, x: f64, top: f64, room: f64, s: f64) {
    let fit = text_width(title, Type::new(1.0, INK).bold());
    let size = (room / fit.max(1.0)).clamp(12.0 * s, 21.0 * s);
    let letters = (room / (size * 0.55)).floor().max(8.0) as usize;
    text(out, x, top + 22.0 * s, Type::new(size, INK).serif().bold().start(), &clip(title, letters));
}

/// The turn's caption ("Turn 3 of 120 — October 1805 (winter)") from `(x, top)`.
pub fn turn_caption(out: &mut String, turn: &TurnView, x: f64, top: f64, s: f64) {
    let mut caption = format!("Turn {} of {}", turn.number, turn.last);
    if !turn.label.is_empty() {
        caption.push_str(" — ");
        caption.push_str(&turn.label);
    }
    if let Some(season) = &turn.season {
        caption.push_str(&format!(" ({season})"));
    }
    text(out, x, top + 13.0 * s, Type::new(12.0 * s, INK).bold().start(), &caption);
}

/// Each side's victory points, in panels from `(x0, top)` in rows `width` wide.
pub fn vp_panels(out: &mut String, sides: &[SideView], x0: f64, top: f64, width: f64, s: f64) {
    let n = per_row(width, VP_W, s);
    for (i, side) in sides.iter().enumerate() {
        let (col, row) = ((i % n) as f64, (i / n) as f64);
        let bx = x0 + col * (VP_W + GAP) * s;
        let by = top + row * (VP_H + GAP) * s;
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
            &format!("{} {}", side.vp, if side.unit.is_empty() { "VP" } else { side.unit.as_str() }),
        );
    }
}
