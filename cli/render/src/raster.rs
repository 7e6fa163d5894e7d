//! SVG to PNG: rasterised with resvg using only the shipped fonts, then reduced to a
//! 256-colour palette so a whole map fits in a mail.

use crate::RenderError;
use color_quant::NeuQuant;
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Largest picture side in pixels.
const MAX_SIDE: u32 = 12_000;
/// NeuQuant samples every n-th pixel when it learns the palette (1 = all, 30 = fastest).
const SAMPLE_FACTOR: i32 = 30;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS.get_or_init(|| Arc::new(crate::fonts::database())).clone()
}

/// Rasterise an SVG document drawn by this crate into a palette PNG.
pub fn png_from_svg(svg: &str) -> Result<Vec<u8>, RenderError> {
    let pixmap = rasterise(svg)?;
    encode(&pixmap)
}

fn rasterise(svg: &str) -> Result<tiny_skia::Pixmap, RenderError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: crate::draw::SANS.to_string(),
        resources_dir: None,
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(RenderError::Size(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Encode as an 8-bit palette PNG (the picture is opaque, so alpha is dropped).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let rgba = pixmap.data();
    let quant = NeuQuant::new(SAMPLE_FACTOR, 256, rgba);
    let palette = quant.color_map_rgb();
    // Many pixels share a colour: remember each colour's index (looked up, never iterated).
    let mut known: HashMap<[u8; 3], u8> = HashMap::new();
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    for px in rgba.chunks_exact(4) {
        let key = [px[0], px[1], px[2]];
        let index = *known.entry(key).or_insert_with(|| quant.index_of(&[px[0], px[1], px[2], 255]) as u8);
        indices.push(index);
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        encoder.set_compression(png::Compression::Balanced);
        let mut writer = encoder.write_header().map_err(|e| RenderError::Encode(e.to_string()))?;
        writer.write_image_data(&indices).map_err(|e| RenderError::Encode(e.to_string()))?;
        writer.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(out)
}
