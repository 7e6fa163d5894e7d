//! What a picture of an area map shows and how big it is.

/// Choices for one picture of an area map.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaOptions {
    /// Only the areas within `radius` steps of a land area or sea zone (a close-up, by the
    /// place's id), or `None` for the whole map. Steps from a land area go over land
    /// borders and sea crossing arrows; from a sea zone, also through sea zones and coasts.
    pub around: Option<(String, u32)>,
    /// Draw the view's highlights: moves as arrows, battles with their results.
    pub highlights: bool,
    /// Size multiplier for text, counters and furniture (0.25 to 4).
    pub scale: f64,
    /// Print each counter's piece id (as commands name it) instead of its label.
    pub ids: bool,
}

impl Default for AreaOptions {
    fn default() -> AreaOptions {
        AreaOptions { around: None, highlights: true, scale: 1.0, ids: false }
    }
}
