//! Rivers, canals, lake and sea hexsides, wadis, channels and borders, drawn along the
//! hexsides they follow.

use super::{text, Type};
use crate::num::N;
use crate::palette::{self, WATER_TEXT};
use crate::picture::Picture;
use crate::sheet::SideKind;
use grognard_board::{Barrier, Hexside};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The two ends of a hexside in the picture.
pub fn ends(p: &Picture, side: Hexside) -> Option<((f64, f64), (f64, f64))> {
    let dir = side.0.direction_to(side.1)?;
    Some(p.frame.side_ends(side.0, dir))
}

/// The stroke attributes of a hexside kind at hex radius `r`.
pub fn stroke(kind: SideKind, r: f64) -> String {
    let (colour, width, dash) = palette::side_style(kind);
    let mut a = format!(r#"fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round""#, N(width * r));
    if let Some((on, off)) = dash {
        let _ = write!(a, r#" stroke-dasharray="{} {}""#, N(on * r), N(off * r));
    }
    a
}

/// Extra strokes drawn under or over some kinds: a border's wash, a canal's bright middle.
pub fn dressing(kind: SideKind, r: f64) -> (Option<String>, Option<String>) {
    match kind {
        SideKind::Border => (
            Some(format!(
                r##"fill="none" stroke="#c77dbb" stroke-opacity="0.35" stroke-width="{}" stroke-linecap="round""##,
                N(0.3 * r)
            )),
            None,
        ),
        SideKind::Barrier(Barrier::Canal) => (
            None,
            Some(format!(r##"fill="none" stroke="#d8ecfa" stroke-width="{}" stroke-linecap="round""##, N(0.03 * r))),
        ),
        _ => (None, None),
    }
}

/// Every hexside feature touching a visible hex.
pub fn draw(p: &Picture, out: &mut String) {
    let mut by_kind: BTreeMap<u8, (SideKind, String)> = BTreeMap::new();
    for line in &p.sheet.sides {
        if !p.visible.contains(&line.side.0) && !p.visible.contains(&line.side.1) {
            continue;
        }
        let Some((a, b)) = ends(p, line.side) else { continue };
        let entry = by_kind.entry(order(line.kind)).or_insert_with(|| (line.kind, String::new()));
        let _ = write!(entry.1, "M{} {}L{} {}", N(a.0), N(a.1), N(b.0), N(b.1));
    }
    let r = p.frame.r;
    for (kind, d) in by_kind.values() {
        let (under, over) = dressing(*kind, r);
        if let Some(a) = under {
            let _ = write!(out, r#"<path d="{d}" {a}/>"#);
        }
        let _ = write!(out, r#"<path d="{d}" {}/>"#, stroke(*kind, r));
        if let Some(a) = over {
            let _ = write!(out, r#"<path d="{d}" {a}/>"#);
        }
    }
}

/// Borders at the bottom, then the wide waters, then the narrow ones.
fn order(kind: SideKind) -> u8 {
    match kind {
        SideKind::Border => 0,
        SideKind::Barrier(Barrier::Sea) => 1,
        SideKind::Barrier(Barrier::Lake) => 2,
        SideKind::Barrier(Barrier::River) => 3,
        SideKind::Barrier(Barrier::Canal) => 4,
        SideKind::Barrier(Barrier::Channel) => 5,
        SideKind::Barrier(Barrier::Wadi) => 6,
    }
}

/// The names of rivers and canals, once each, beside their middle hexside.
pub fn names(p: &Picture, out: &mut String) {
    for line in &p.sheet.named_lines {
        if !matches!(line.kind, SideKind::Barrier(Barrier::River) | SideKind::Barrier(Barrier::Canal)) {
            continue;
        }
        let shown: Vec<Hexside> =
            line.sides.iter().copied().filter(|s| p.visible.contains(&s.0) && p.visible.contains(&s.1)).collect();
        if shown.len() < 3 {
            continue;
        }
        let Some((a, b)) = ends(p, shown[shown.len() / 2]) else { continue };
        let (x, y) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let t = Type::new(9.0 * p.s, WATER_TEXT).serif().halo("#ffffff", 2.0 * p.s);
        text(out, x, y - 3.0 * p.s, t, &line.name);
    }
}
