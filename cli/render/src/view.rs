//! The board view types the renderer draws (defined by `grognard_board`).

pub use grognard_board::{BoardView, Glyph, Highlight, PieceLocation, PieceView};
