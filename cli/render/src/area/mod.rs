//! Pictures of area maps (Empires in Arms' Europe), drawn from a
//! `grognard_board::AreaBoardView`: the land areas as cells filled by terrain, with their
//! borders, rivers, cities and ports, the sea zones as water under them, sea crossing
//! arrows, control tints, the pieces in stacks, moves and battles, a header and a key.
//!
//! As for hex maps, the same view and options always give the same bytes: everything is
//! drawn in the map's or the view's order, numbers are written with fixed precision, and
//! the geometry uses no function whose result could differ between machines.

mod borders;
mod cells;
mod coast;
mod draw;
mod geometry;
mod labels;
mod layout;
mod options;
mod sizes;

pub use options::AreaOptions;

use crate::num::N;
use crate::palette::{INK, PAPER};
use crate::RenderError;
use draw::{boxes, header, highlights, key, land, lines, markers, names, places, seas, stacks};
use grognard_board::AreaBoardView;
use layout::AreaPicture;
use std::fmt::Write;

/// The picture of the area board `view` as an SVG document.
pub fn area_svg(view: &AreaBoardView, options: &AreaOptions) -> Result<String, RenderError> {
    let p = AreaPicture::lay_out(view, options)?;
    let placed = labels::place(&p);
    let mut out = String::with_capacity(1 << 20);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = N(p.width),
        h = N(p.height)
    );
    let m = p.map_rect;
    out.push_str("<defs>");
    crate::draw::terrain::defs(&mut out, land::marks_r(p.u));
    let _ = write!(
        out,
        r#"<clipPath id="map-area"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
        N(m.x),
        N(m.y),
        N(m.w),
        N(m.h)
    );
    out.push_str("</defs>");
    crate::draw::rect(&mut out, 0.0, 0.0, p.width, p.height, &format!(r#"fill="{PAPER}""#));
    out.push_str(r#"<g id="map" clip-path="url(#map-area)">"#);
    layer(&mut out, "water", |o| seas::draw(&p, o));
    layer(&mut out, "land", |o| land::draw(&p, o));
    layer(&mut out, "control", |o| land::draw_control(&p, o));
    layer(&mut out, "borders", |o| lines::draw(&p, o));
    layer(&mut out, "sea-crossings", |o| lines::draw_straits(&p, o));
    layer(&mut out, "links", |o| lines::draw_links(&p, o));
    layer(&mut out, "places", |o| places::draw(&p, o));
    // Move arrows go under the names and the counters, so they never hide either.
    layer(&mut out, "moves", |o| highlights::draw_moves(&p, o));
    layer(&mut out, "names", |o| names::draw(&placed.names, o, p.u));
    layer(&mut out, "units", |o| stacks::draw(&p, &placed.stacks, o));
    layer(&mut out, "markers", |o| markers::draw(&p, &placed.markers, o));
    layer(&mut out, "battles", |o| highlights::draw_battles(&p, &placed.battles, o));
    out.push_str("</g>");
    neat_line(&p, &mut out);
    layer(&mut out, "boxes", |o| boxes::draw(&p, o));
    layer(&mut out, "header", |o| header::draw(&p, o));
    layer(&mut out, "legend", |o| key::draw(&p, o));
    out.push_str("</svg>\n");
    Ok(out)
}

/// The picture of the area board `view` as a PNG image.
pub fn area_png(view: &AreaBoardView, options: &AreaOptions) -> Result<Vec<u8>, RenderError> {
    crate::png_from_svg(&area_svg(view, options)?)
}

fn layer(out: &mut String, id: &str, body: impl FnOnce(&mut String)) {
    let _ = write!(out, r#"<g id="{id}">"#);
    body(out);
    out.push_str("</g>");
}

/// A double frame around the map.
fn neat_line(p: &AreaPicture, out: &mut String) {
    let (m, s) = (p.map_rect, p.s);
    let stroke = |w: f64| format!(r#"fill="none" stroke="{INK}" stroke-width="{}""#, N(w * s));
    crate::draw::rect(out, m.x, m.y, m.w, m.h, &stroke(1.6));
    let o = 3.0 * s;
    crate::draw::rect(out, m.x - o, m.y - o, m.w + 2.0 * o, m.h + 2.0 * o, &stroke(0.6));
}
