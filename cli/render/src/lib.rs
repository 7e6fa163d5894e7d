//! Pictures of a board, drawn from a `grognard_board::BoardView`: an SVG document, or a PNG
//! rasterised from it with the fonts shipped in `fonts/`, never the system's. The renderer
//! knows no game: units and markers are drawn from the view's legend, whose glyphs are a
//! small generic vocabulary ([`grognard_board::Glyph`]).
//!
//! The same view and options always give the same bytes: numbers are written with fixed
//! precision, everything is drawn in the view's or the map's order (no hash maps), and the
//! rasteriser sees only the embedded fonts.

mod area;
mod draw;
mod error;
mod fonts;
mod frame;
mod num;
mod options;
mod palette;
mod picture;
mod raster;
mod sheet;
mod sheet_from_map;
mod view;

pub use area::{area_png, area_svg, AreaOptions};
pub use error::RenderError;
/// Text escaped for SVG (and HTML) content and attribute values, without control characters
/// and bidi overrides.
pub use num::escape;
pub use options::{Options, BASE_RADIUS};
pub use raster::png_from_svg;
pub use sheet::Sheet;

use draw::{boxes, furniture, hexsides, highlights, layer, legend, locales, panels, pieces, roads, terrain};
use picture::Picture;
use view::BoardView;

/// The picture of `view` as an SVG document.
pub fn svg(view: &BoardView, options: &Options) -> Result<String, RenderError> {
    let sheet = sheet_from_map::sheet(&view.map);
    svg_of_sheet(&sheet, view, options)
}

/// The picture of `view` as a PNG image.
pub fn png(view: &BoardView, options: &Options) -> Result<Vec<u8>, RenderError> {
    png_from_svg(&svg(view, options)?)
}

/// The picture of `view` drawn on `sheet` (the map as the renderer sees it).
pub fn svg_of_sheet(sheet: &Sheet, view: &BoardView, options: &Options) -> Result<String, RenderError> {
    let p = Picture::lay_out(sheet, view, options)?;
    let mut out = String::with_capacity(1 << 20);
    furniture::begin(&mut out, p.width, p.height, p.frame.r, p.map_rect);
    out.push_str(r#"<g id="map" clip-path="url(#map-area)">"#);
    layer(&mut out, "terrain", |o| {
        terrain::draw(&p, o);
        terrain::coast(&p, o);
    });
    layer(&mut out, "hexsides", |o| hexsides::draw(&p, o));
    layer(&mut out, "roads", |o| roads::draw(&p, o));
    layer(&mut out, "waters", |o| {
        terrain::water_names(&p, o);
        hexsides::names(&p, o);
    });
    layer(&mut out, "places", |o| locales::draw_symbols(&p, o));
    if options.hex_numbers {
        layer(&mut out, "hex-numbers", |o| draw_hex_numbers(&p, o));
    }
    // Move arrows go under the counters, so no arrow ever hides a counter's factors.
    layer(&mut out, "moves", |o| highlights::draw_paths(&p, o));
    layer(&mut out, "units", |o| pieces::draw(&p, o));
    layer(&mut out, "markers", |o| pieces::draw_markers(&p, o));
    layer(&mut out, "names", |o| locales::draw_names(&p, o));
    layer(&mut out, "battles", |o| highlights::draw_battles(&p, o));
    out.push_str("</g>");
    furniture::neat_line(&mut out, p.map_rect, p.s);
    layer(&mut out, "boxes", |o| boxes::draw(&p, o));
    layer(&mut out, "header", |o| {
        furniture::title(&p, o);
        furniture::compass(&p, o);
        panels::draw(&p, o);
    });
    layer(&mut out, "legend", |o| legend::draw(&p, o));
    out.push_str("</svg>\n");
    Ok(out)
}

fn draw_hex_numbers(p: &Picture, out: &mut String) {
    let r = p.frame.r;
    let size = 0.24 * r;
    for hex in &p.visible {
        let (x, y) = p.frame.centre(*hex);
        let t = draw::Type::new(size, palette::HEX_NUMBER);
        draw::text(out, x, y - 0.64 * r, t, &hex.to_string());
    }
}
