//! The board view types the renderer draws (defined by `grognard_board`).

pub use grognard_board::{BoardView, Highlight, Marker, PieceLocation, PieceView, SideView, Symbol};
