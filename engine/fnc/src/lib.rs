//! Forgotten Napoleonic Campaigns: The Egyptian Campaign (EC) and The Russo-Swedish War
//! (RSW) on one system. Rule numbers cite the FNC rules text.

pub mod command;
pub mod ctx;
pub mod data;
pub mod games;
pub mod state;

pub use command::Command;
pub use ctx::Ctx;
pub use games::{Game, GameRules};
pub use state::{Decision, DecisionKind, Location, Phase, Side, State, UnitId, Vp, VpKind};
