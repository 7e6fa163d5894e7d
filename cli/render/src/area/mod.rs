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

use crate::draw::{furniture, layer};
use crate::RenderError;
use draw::{boxes, header, highlights, key, land, lines, markers, names, places, seas, stacks};
use grognard_board::AreaBoardView;
use layout::AreaPicture;

/// The picture of the area board `view` as an SVG document.
pub fn area_svg(view: &AreaBoardView, options: &AreaOptions) -> Result<String, RenderError> {
    let p = AreaPicture::lay_out(view, options)?;
    let placed = labels::place(&p);
    let mut out = String::with_capacity(1 << 20);
    furniture::begin(&mut out, p.width, p.height, land::marks_r(p.u), p.map_rect);
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
    furniture::neat_line(&mut out, p.map_rect, p.s);
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
