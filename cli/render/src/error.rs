//! Why a picture could not be made.

/// A picture that could not be drawn or encoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    /// The close-up centre is not a hex of the (hex) map.
    #[error("hex {0} is not on the map")]
    NotOnMap(String),
    /// The close-up centre is neither a land area nor a sea zone of the (area) map, by its id.
    #[error("land area or sea zone {0} is not on the map")]
    PlaceNotOnMap(String),
    /// The scale is not a positive size that fits a picture.
    #[error("scale {0} is not between 0.25 and 4")]
    BadScale(String),
    /// The SVG could not be read back for rasterising (a bug in the drawing code).
    #[error("the drawing could not be read: {0}")]
    Svg(String),
    /// The picture would be empty or too large to rasterise.
    #[error("the picture is {0} by {1} pixels, which cannot be drawn")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("the PNG could not be written: {0}")]
    Encode(String),
}
