//! The unit symbols printed on counters, after the NATO conventions for land units, with
//! small pictures for the few kinds those conventions lack (ships, fortresses, scientists).

use super::{circle, line, rect};
use crate::frame::Rect;
use crate::num::{points, N};
use crate::view::Symbol;
use std::fmt::Write;

/// Whether the symbol sits in the NATO frame (land units) or stands alone.
pub fn framed(symbol: Symbol) -> bool {
    !matches!(symbol, Symbol::Fleet | Symbol::Gunboats | Symbol::Fortress | Symbol::Science)
}

/// Draw `symbol` in the box `b`, in colour `ink` over `paper`.
pub fn draw(out: &mut String, symbol: Symbol, b: Rect, ink: &str, paper: &str) {
    let Rect { x, y, w, h } = b;
    let sw = (h * 0.09).max(0.6);
    let pen = format!(r#"stroke="{ink}" stroke-width="{}" stroke-linecap="round""#, N(sw));
    let stroke = format!(r#"{pen} fill="none""#);
    let (x1, y1) = (x + w, y + h);
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    if framed(symbol) {
        rect(out, x, y, w, h, &format!(r#"fill="{paper}" fill-opacity="0.25" {pen}"#));
    }
    let x_cross = |out: &mut String| {
        line(out, (x, y), (x1, y1), &stroke);
        line(out, (x, y1), (x1, y), &stroke);
    };
    match symbol {
        Symbol::Infantry => x_cross(out),
        Symbol::Cavalry => line(out, (x, y1), (x1, y), &stroke),
        Symbol::CombinedArms => {
            x_cross(out);
            circle(out, (cx, cy), h * 0.16, &format!(r#"fill="{ink}""#));
        }
        Symbol::CamelCavalry => {
            line(out, (x, y1), (x1, y), &stroke);
            // a camel's hump over the lower right
            let _ = write!(
                out,
                r#"<path d="M{} {}Q{} {} {} {}" {stroke}/>"#,
                N(cx + w * 0.05),
                N(y1 - h * 0.12),
                N(cx + w * 0.22),
                N(cy - h * 0.15),
                N(x1 - w * 0.06),
                N(y1 - h * 0.12)
            );
        }
        Symbol::SiegeTrain => {
            circle(out, (cx, cy - h * 0.08), h * 0.2, &format!(r#"fill="{ink}""#));
            circle(out, (cx - w * 0.22, y1 - h * 0.17), h * 0.1, &stroke);
            circle(out, (cx + w * 0.22, y1 - h * 0.17), h * 0.1, &stroke);
        }
        Symbol::Engineers => {
            let (l, r, t, b) = (x + w * 0.25, x1 - w * 0.25, cy - h * 0.18, cy + h * 0.2);
            let _ = write!(
                out,
                r#"<path d="M{} {}V{}H{}V{}M{} {}V{}" {stroke}/>"#,
                N(l),
                N(b),
                N(t),
                N(r),
                N(b),
                N(cx),
                N(t),
                N(b)
            );
        }
        Symbol::Garrison => {
            // a wall with battlements
            let (l, r, t, b) = (x + w * 0.2, x1 - w * 0.2, cy - h * 0.22, cy + h * 0.26);
            let step = (r - l) / 5.0;
            let mut d = format!("M{} {}V{}", N(l), N(b), N(t));
            for i in 0..5 {
                let up = if i % 2 == 0 { t } else { t + h * 0.14 };
                let _ = write!(d, "V{}H{}", N(up), N(l + step * (i + 1) as f64));
            }
            let _ = write!(d, "V{}Z", N(b));
            let _ = write!(out, r#"<path d="{d}" {stroke}/>"#);
        }
        Symbol::Militia => {
            x_cross(out);
            line(out, (x + w * 0.12, y1 - h * 0.18), (x1 - w * 0.12, y1 - h * 0.18), &stroke);
        }
        Symbol::Fortress => {
            let r = h * 0.62;
            let pts: Vec<(f64, f64)> = (0..10)
                .map(|i| {
                    let a = (i as f64 * 36.0 - 90.0).to_radians();
                    let len = if i % 2 == 0 { r } else { r * 0.55 };
                    (cx + len * a.cos(), cy + len * a.sin())
                })
                .collect();
            let _ = write!(out, r#"<polygon points="{}" {stroke}/>"#, points(&pts));
        }
        Symbol::Gunboats | Symbol::Fleet => {
            // a hull, and for a fleet a mast with its sail
            let (l, r, deck, keel) = (x + w * 0.05, x1 - w * 0.05, cy + h * 0.12, y1);
            let _ = write!(
                out,
                r#"<path d="M{} {}H{}L{} {}H{}Z" fill="{ink}"/>"#,
                N(l),
                N(deck),
                N(r),
                N(r - w * 0.14),
                N(keel),
                N(l + w * 0.14)
            );
            if symbol == Symbol::Fleet {
                line(out, (cx, deck), (cx, y - h * 0.15), &stroke);
                let _ = write!(
                    out,
                    r#"<path d="M{} {}L{} {}L{} {}Z" fill="{ink}"/>"#,
                    N(cx + w * 0.04),
                    N(y - h * 0.08),
                    N(cx + w * 0.32),
                    N(deck - h * 0.08),
                    N(cx + w * 0.04),
                    N(deck - h * 0.08)
                );
            } else {
                rect(out, cx - w * 0.1, deck - h * 0.2, w * 0.2, h * 0.2, &format!(r#"fill="{ink}""#));
                line(out, (cx, deck - h * 0.12), (cx + w * 0.3, deck - h * 0.28), &stroke);
            }
        }
        Symbol::Science => {
            // an open book
            let (t, b) = (y + h * 0.05, y1 - h * 0.05);
            let _ = write!(
                out,
                r#"<path d="M{cxs} {}L{} {}L{} {}L{cxs} {}ZM{cxs} {}L{} {}L{} {}L{cxs} {}Z" fill="{paper}" {pen}/>"#,
                N(t + h * 0.1),
                N(x + w * 0.1),
                N(t),
                N(x + w * 0.1),
                N(b - h * 0.1),
                N(b),
                N(t + h * 0.1),
                N(x1 - w * 0.1),
                N(t),
                N(x1 - w * 0.1),
                N(b - h * 0.1),
                N(b),
                cxs = N(cx)
            );
        }
    }
}

/// A word for a symbol, for the legend.
pub fn word(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Infantry => "Infantry",
        Symbol::CombinedArms => "Combined arms",
        Symbol::CamelCavalry => "Camel cavalry",
        Symbol::Cavalry => "Cavalry",
        Symbol::SiegeTrain => "Siege train",
        Symbol::Engineers => "Engineers",
        Symbol::Fortress => "Fortress unit",
        Symbol::Garrison => "Garrison",
        Symbol::Militia => "Militia",
        Symbol::Gunboats => "Gunboats",
        Symbol::Fleet => "Fleet",
        Symbol::Science => "Scientists",
    }
}

/// Every symbol, in legend order.
pub const ALL: [Symbol; 12] = [
    Symbol::Infantry,
    Symbol::Cavalry,
    Symbol::CamelCavalry,
    Symbol::CombinedArms,
    Symbol::Militia,
    Symbol::Garrison,
    Symbol::Engineers,
    Symbol::SiegeTrain,
    Symbol::Fortress,
    Symbol::Gunboats,
    Symbol::Fleet,
    Symbol::Science,
];
