//! What just happened: moves as arrows from area to area (label to label), battles as
//! crossed swords in the place fought over, with arrows from where the attackers came and
//! the result beside the swords. Drawn with the hex map's arrows and swords.

use crate::area::labels::BattleSpot;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::highlights::{arrow, swords};
use crate::draw::{rect, text, text_width, Type};
use crate::num::{hex_colour, N};
use crate::palette::BATTLE;
use grognard_board::AreaHighlight;

fn side_colour(p: &AreaPicture, side: usize) -> String {
    p.view.sides.get(side).map(|s| hex_colour(s.colour)).unwrap_or_else(|| "#808080".to_string())
}

/// `a` moved towards `b` by `by` pixels (no further than `b`).
fn towards(a: (f64, f64), b: (f64, f64), by: f64) -> (f64, f64) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len <= by || len < 1e-6 {
        return b;
    }
    (a.0 + (b.0 - a.0) * by / len, a.1 + (b.1 - a.1) * by / len)
}

/// The moves, each an arrow through the label points of its places, starting and ending a
/// little off them.
pub fn draw_moves(p: &AreaPicture, out: &mut String) {
    if !p.options.highlights {
        return;
    }
    let r = sizes::helper_r(p.u);
    for h in &p.view.highlights {
        let AreaHighlight::Path { places, side } = h else { continue };
        let mut pts: Vec<(f64, f64)> = places.iter().filter_map(|id| p.site_px(id)).collect();
        pts.dedup();
        let n = pts.len();
        if n < 2 {
            continue;
        }
        pts[0] = towards(pts[0], pts[1], 0.35 * r);
        pts[n - 1] = towards(pts[n - 1], pts[n - 2], 0.5 * r);
        arrow(out, &pts, r, &side_colour(p, *side));
    }
}

/// The battles, over everything on the map, where the placement put them.
pub fn draw_battles(p: &AreaPicture, spots: &[BattleSpot], out: &mut String) {
    if !p.options.highlights {
        return;
    }
    let r = sizes::helper_r(p.u);
    for spot in spots {
        let Some(AreaHighlight::Battle { place, attackers, side, result }) = p.view.highlights.get(spot.highlight)
        else {
            continue;
        };
        let Some(d) = p.site_px(place) else { continue };
        let colour = side_colour(p, *side);
        for a in attackers.iter().filter_map(|id| p.site_px(id)) {
            let from = (a.0 + (d.0 - a.0) * 0.3, a.1 + (d.1 - a.1) * 0.3);
            let to = (a.0 + (d.0 - a.0) * 0.66, a.1 + (d.1 - a.1) * 0.66);
            arrow(out, &[from, to], r * 0.8, &colour);
        }
        swords(out, spot.at, r);
        if !result.is_empty() {
            let t = Type::new(0.34 * r, "#ffffff").bold();
            let w = text_width(result, t) + 0.2 * r;
            let (x, y) = (spot.at.0 - w / 2.0, spot.at.1 - 0.77 * r);
            rect(
                out,
                x,
                y,
                w,
                0.44 * r,
                &format!(r##"rx="{}" fill="{BATTLE}" stroke="#1c1a17" stroke-width="{}""##, N(0.06 * r), N(0.03 * r)),
            );
            text(out, spot.at.0, y + 0.33 * r, t, result);
        }
    }
}
