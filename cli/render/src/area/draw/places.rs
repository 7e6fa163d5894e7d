//! Cities on the map: a dot sized by the city's spires (its supply value), a star for a
//! nation's capital, a fortress trace around a fortified city, and an anchor on the side of
//! a port that faces its sea.

use crate::area::labels::port_direction;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::{circle, locales};
use crate::num::{points, N};
use crate::palette::{INK, PAPER, VP_RING};
use std::fmt::Write;

/// The points of a five-pointed star of radius `r` around `c`, first point up.
pub fn star(c: (f64, f64), r: f64) -> Vec<(f64, f64)> {
    (0..10)
        .map(|i| {
            let a = (f64::from(i) * 36.0 - 90.0).to_radians();
            let len = if i % 2 == 0 { r } else { r * 0.45 };
            (c.0 + len * a.cos(), c.1 + len * a.sin())
        })
        .collect()
}

/// A city's symbol at `c`: its dot, or a capital's star, with the fortress trace around a
/// fortress.
pub fn city(out: &mut String, c: (f64, f64), supply: u8, capital: bool, fortress: bool, u: f64) {
    if fortress {
        // the trace's points reach 0.36 of the radius it is drawn at
        let inner = if capital { sizes::capital(supply, u) } else { sizes::city(supply, u) };
        locales::fortress(out, c, (inner + 3.2 * u) / 0.36);
    }
    if capital {
        let _ = write!(
            out,
            r#"<polygon points="{}" fill="{VP_RING}" stroke="{INK}" stroke-width="{}" stroke-linejoin="round"/>"#,
            points(&star(c, sizes::capital(supply, u))),
            N(0.7 * u)
        );
    } else {
        circle(
            out,
            c,
            sizes::city(supply, u),
            &format!(r#"fill="{INK}" stroke="{PAPER}" stroke-width="{}""#, N(0.8 * u)),
        );
    }
}

/// An anchor centred at `c`.
pub fn anchor(out: &mut String, c: (f64, f64), u: f64) {
    circle(out, c, 5.2 * u, r##"fill="#fffdf5" fill-opacity="0.8" stroke="none""##);
    locales::anchor(out, c, 28.0 * u);
}

/// Where the anchor of the port of `area` goes, if it has a port.
pub fn anchor_at(p: &AreaPicture, area: &str) -> Option<(f64, f64)> {
    let port = p.map.port(area)?;
    let city = p.map.city(&port.area)?;
    let site = p.site_px(area)?;
    let (dx, dy) = port_direction(p, area);
    let reach = sizes::place_room(city.supply, p.map.is_capital(area), city.fortress, p.u) + 5.0 * p.u;
    Some((site.0 + dx * reach, site.1 + dy * reach))
}

/// Every city whose area is named in the picture.
pub fn draw(p: &AreaPicture, out: &mut String) {
    for city in p.map.cities().filter(|c| p.shown.contains(&c.area)) {
        let Some(c) = p.site_px(&city.area) else { continue };
        if let Some(at) = anchor_at(p, &city.area) {
            anchor(out, at, p.u);
        }
        self::city(out, c, city.supply, p.map.is_capital(&city.area), city.fortress, p.u);
    }
}
