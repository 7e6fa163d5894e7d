//! The colours and line weights of the pictures: a classic printed-wargame look.

use crate::sheet::{Ground, SideKind};
use grognard_board::Barrier;

pub const PAPER: &str = "#fbf8ef";
pub const INK: &str = "#2b2620";
pub const GRID: &str = "#6b5e4a";
pub const HEX_NUMBER: &str = "#5a5046";
pub const ROAD: &str = "#8c2f1b";
pub const VP_RING: &str = "#a8201a";
pub const PANEL: &str = "#f4efe0";
pub const PANEL_EDGE: &str = "#8a7c64";
pub const HIGHLIGHT: &str = "#e8b923";
pub const WATER_TEXT: &str = "#1f4f86";
pub const BATTLE: &str = "#b3141b";

/// The fill of a hex.
pub fn ground_fill(ground: &Ground) -> &'static str {
    match ground {
        Ground::Clear => "#f3ecd2",
        Ground::Forest => "#b5d29a",
        Ground::Swamp => "#cfdcc0",
        Ground::MudFlat => "#d3c7ab",
        Ground::Hills => "#d9b987",
        Ground::Desert => "#ecd69b",
        Ground::Water { lake: false, .. } => "#9cc3e4",
        Ground::Water { lake: true, .. } => "#bfdcf1",
    }
}

/// The colour of the marks drawn over a hex's fill (trees, hachures, tufts, stipple).
pub fn ground_marks(ground: &Ground) -> &'static str {
    match ground {
        Ground::Forest => "#3f7a32",
        Ground::Swamp => "#4b6d4a",
        Ground::MudFlat => "#7d6b55",
        Ground::Hills => "#8a6235",
        Ground::Desert => "#b8944e",
        _ => INK,
    }
}

/// Stroke colour, width (in hex radii) and dash pattern (in hex radii) of a hexside line.
pub fn side_style(kind: SideKind) -> (&'static str, f64, Option<(f64, f64)>) {
    match kind {
        SideKind::Barrier(Barrier::River) => ("#2f6db5", 0.13, None),
        SideKind::Barrier(Barrier::Canal) => ("#3a7dc4", 0.09, None),
        SideKind::Barrier(Barrier::Lake) => ("#6fb0e2", 0.2, None),
        SideKind::Barrier(Barrier::Wadi) => ("#9a6b3a", 0.09, Some((0.18, 0.1))),
        SideKind::Barrier(Barrier::Channel) => ("#1d5fa8", 0.11, Some((0.12, 0.07))),
        SideKind::Barrier(Barrier::Sea) => ("#7fb3df", 0.22, None),
        SideKind::Border => ("#9b2d8e", 0.1, Some((0.04, 0.12))),
    }
}

/// A word for a hexside kind, for the legend.
pub fn side_word(kind: SideKind) -> &'static str {
    match kind {
        SideKind::Barrier(Barrier::River) => "River",
        SideKind::Barrier(Barrier::Canal) => "Canal",
        SideKind::Barrier(Barrier::Lake) => "Lake hexside",
        SideKind::Barrier(Barrier::Wadi) => "Wadi",
        SideKind::Barrier(Barrier::Channel) => "Channel",
        SideKind::Barrier(Barrier::Sea) => "Sea hexside",
        SideKind::Border => "Border",
    }
}
