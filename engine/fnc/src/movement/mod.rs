//! Movement (9.0, 10.1-10.7): ground movement, river/canal/lake movement (RCLM), off-map
//! boxes, amphibious and fleet movement.

pub mod common;
pub mod concealed;
pub mod cost;
pub mod ground;
pub mod legal;
pub mod naval;
pub mod reach;
pub mod river;

pub use ground::apply_move;
pub use naval::{apply_fleet, apply_sail};
pub use river::apply_river;
