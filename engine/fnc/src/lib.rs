//! Forgotten Napoleonic Campaigns: The Egyptian Campaign (EC) and The Russo-Swedish War
//! (RSW) on one system. Rule numbers cite the FNC rules text.

pub mod aids;
pub mod battle;
pub mod bot;
pub mod calendar;
pub mod choices;
pub mod combat;
pub mod command;
pub mod control;
pub mod courses;
pub mod ctx;
pub mod data;
pub mod events;
pub mod fog_view;
pub mod games;
pub mod happened;
pub mod ids;
pub mod invariants;
pub mod movement;
pub mod orders;
pub mod position;
pub mod recycling;
pub mod reinforcements;
pub mod reveal;
pub mod ruleset;
pub mod scenario;
pub mod sequence;
pub mod setup;
pub mod stacking;
pub mod standing;
pub mod state;
pub mod supply;
pub mod table;
pub mod view;

pub use command::Command;
pub use ctx::Ctx;
pub use games::{Game, GameRules};
pub use ruleset::Fnc;
pub use state::{Decision, DecisionKind, Location, Phase, Side, State, UnitId, Vp, VpKind};
