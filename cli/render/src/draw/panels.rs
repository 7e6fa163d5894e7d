//! The panels above a hex map: the turn record track and each side's victory points.

use super::header::{self, per_row, GAP, VP_H};
use super::{clip, rect, text, Type};
use crate::num::{hex_colour, N};
use crate::palette::{HIGHLIGHT, INK, PANEL, PANEL_EDGE};
use crate::picture::Picture;
use crate::view::BoardView;

const TURN_W: f64 = 82.0;
const TURN_H: f64 = 40.0;
/// Extra height of the turn boxes when some units are due on the track.
const DUE_H: f64 = 12.0;
const CAPTION: f64 = 18.0;

/// Height of a turn box: taller when a line of units due is drawn in it.
fn turn_h(view: &BoardView) -> f64 {
    if view.turn.as_ref().is_some_and(|t| t.due.iter().any(|d| !d.is_empty())) {
        TURN_H + DUE_H
    } else {
        TURN_H
    }
}

/// Height of the turn track and VP panels for a picture `width` wide.
pub fn info_height(view: &BoardView, width: f64, s: f64) -> f64 {
    let mut h = 0.0;
    if let Some(turn) = &view.turn {
        let turns = turn.track.len().max(turn.last as usize).max(1);
        let rows = turns.div_ceil(per_row(width, TURN_W, s)) as f64;
        h += CAPTION * s + rows * (turn_h(view) + GAP) * s + GAP * s;
    }
    if !view.sides.is_empty() {
        let rows = header::vp_rows(view.sides.len(), width, s) as f64;
        h += rows * (VP_H + GAP) * s + GAP * s;
    }
    h
}

/// Break `text` into at most two lines of at most `max` letters.
fn two_lines(text: &str, max: usize) -> (String, String) {
    let mut first = String::new();
    let mut rest = String::new();
    for word in text.split_whitespace() {
        if rest.is_empty() && first.chars().count() + word.chars().count() + usize::from(!first.is_empty()) <= max {
            if !first.is_empty() {
                first.push(' ');
            }
            first.push_str(word);
        } else {
            if !rest.is_empty() {
                rest.push(' ');
            }
            rest.push_str(word);
        }
    }
    (clip(&first, max), clip(&rest, max))
}

/// The turn record track and the VP panels.
pub fn draw(p: &Picture, out: &mut String) {
    let s = p.s;
    let x0 = p.margin;
    let width = p.width - 2.0 * p.margin;
    let mut y = p.info_y();
    if let Some(turn) = &p.view.turn {
        header::turn_caption(out, turn, x0, y, s);
        y += CAPTION * s;
        let n = per_row(width, TURN_W, s);
        let turns = turn.track.len().max(turn.last as usize).max(1);
        let box_h = turn_h(p.view);
        for i in 0..turns {
            let (col, row) = ((i % n) as f64, (i / n) as f64);
            let bx = x0 + col * (TURN_W + GAP) * s;
            let by = y + row * (box_h + GAP) * s;
            let current = i + 1 == turn.number as usize;
            let (fill, stroke, sw) = if current { (HIGHLIGHT, INK, 2.2) } else { (PANEL, PANEL_EDGE, 1.0) };
            rect(
                out,
                bx,
                by,
                TURN_W * s,
                box_h * s,
                &format!(r#"rx="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}""#, N(3.0 * s), N(sw * s)),
            );
            text(out, bx + 5.0 * s, by + 14.0 * s, Type::new(13.0 * s, INK).bold().start(), &(i + 1).to_string());
            if current {
                text(out, bx + (TURN_W - 5.0) * s, by + 13.0 * s, Type::new(8.5 * s, INK).bold().end(), "NOW");
            }
            let words = turn.track.get(i).map(String::as_str).unwrap_or("");
            let (a, b) = two_lines(words, 16);
            let small = Type::new(8.5 * s, INK).start();
            text(out, bx + 5.0 * s, by + 26.0 * s, small, &a);
            text(out, bx + 5.0 * s, by + 36.0 * s, small, &b);
            // The units due on this turn: a mark in each side's colour, then their labels.
            let due = turn.due.get(i).map(Vec::as_slice).unwrap_or(&[]);
            if !due.is_empty() {
                let mut x = bx + 5.0 * s;
                let mut sides: Vec<usize> = due.iter().map(|d| d.side).collect();
                sides.dedup();
                for side in sides.iter().take(2) {
                    let colour = p.view.sides.get(*side).map(|v| hex_colour(v.colour)).unwrap_or_default();
                    rect(
                        out,
                        x,
                        by + 40.0 * s,
                        7.0 * s,
                        7.0 * s,
                        &format!(r##"fill="{colour}" stroke="#1c1a17" stroke-width="{}""##, N(0.5 * s)),
                    );
                    x += 9.0 * s;
                }
                let labels: Vec<&str> = due.iter().map(|d| d.label.as_str()).collect();
                let line = format!("+{} {}", due.len(), labels.join(" "));
                let room = (((TURN_W - 5.0) * s - (x - bx)) / (5.2 * s)).floor().max(3.0) as usize;
                text(out, x, by + 47.0 * s, Type::new(8.0 * s, INK).bold().start(), &clip(&line, room));
            }
        }
        let rows = turns.div_ceil(n) as f64;
        y += rows * (box_h + GAP) * s + GAP * s;
    }
    header::vp_panels(out, &p.view.sides, x0, y, width, s);
}
