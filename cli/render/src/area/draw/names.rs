//! The names placed by `labels`: areas in brown letters, cities in serif beside their
//! symbol, sea zones in blue serif letters, each on a halo of its ground.

use crate::area::labels::{Name, NameKind, LEADING};
use crate::draw::{text, Type};
use crate::palette::{INK, PAPER, WATER_TEXT};

pub const AREA_TEXT: &str = "#3b2f22";
const SEA_HALO: &str = "#d6e7f5";

pub fn draw(names: &[Name], out: &mut String, u: f64) {
    for name in names {
        let t = match name.kind {
            NameKind::Area => Type::new(name.size, AREA_TEXT).halo(PAPER, 2.4 * u),
            NameKind::City => Type::new(name.size, INK).serif().halo(PAPER, 2.2 * u),
            NameKind::Sea => Type::new(name.size, WATER_TEXT).serif().bold().halo(SEA_HALO, 2.2 * u),
        };
        for (i, line) in name.lines.iter().enumerate() {
            text(out, name.x, name.y + i as f64 * name.size * LEADING, t, line);
        }
    }
}
