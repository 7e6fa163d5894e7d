//! Roads: lines from hex centre to hex centre along the hexes they run through.

use crate::num::N;
use crate::palette::ROAD;
use crate::picture::Picture;
use std::fmt::Write;

/// The path of every road through the visible hexes.
pub fn path(p: &Picture) -> String {
    let mut d = String::new();
    for road in &p.sheet.roads {
        let mut open = false;
        for pair in road.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if !p.visible.contains(&a) && !p.visible.contains(&b) {
                open = false;
                continue;
            }
            let (ax, ay) = p.frame.centre(a);
            let (bx, by) = p.frame.centre(b);
            if !open {
                let _ = write!(d, "M{} {}", N(ax), N(ay));
                open = true;
            }
            let _ = write!(d, "L{} {}", N(bx), N(by));
        }
    }
    d
}

/// The stroke of a road at hex radius `r`: a pale casing and a dark red line.
pub fn strokes(r: f64) -> [String; 2] {
    [
        format!(
            r##"fill="none" stroke="#fff6e0" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""##,
            N(0.16 * r)
        ),
        format!(
            r#"fill="none" stroke="{ROAD}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
            N(0.085 * r)
        ),
    ]
}

pub fn draw(p: &Picture, out: &mut String) {
    let d = path(p);
    if d.is_empty() {
        return;
    }
    for s in strokes(p.frame.r) {
        let _ = write!(out, r#"<path d="{d}" {s}/>"#);
    }
}
