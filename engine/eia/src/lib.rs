//! Empires in Arms: seven major powers at war and peace on the area map of Europe, 1805 to
//! 1815, one turn a month. Rule numbers cite the Empires in Arms rules text; rules the text
//! lacks are reconstructions, listed with their reasoning in `RECONSTRUCTION.md` and cited as
//! such (`R7.5.2.9`) in errors.

pub mod campaign_placement;
pub mod combat;
pub mod command;
pub mod concerns;
pub mod conquest;
pub mod corps_card;
pub mod ctx;
pub mod data;
pub mod date;
pub mod depot_garrison;
pub mod economy;
pub mod enemy_depot;
pub mod factor;
pub mod forage;
pub mod forces;
pub mod guerrilla;
pub mod invariants;
pub mod invasion;
pub mod irregulars;
pub mod knowledge;
pub mod land;
pub mod legal;
pub mod lookalike;
pub mod map;
pub mod movement;
pub mod naval;
pub mod politics;
pub mod port_city;
pub mod power;
pub mod presence;
pub mod reinforcement;
pub mod retirement;
pub mod reveal;
pub mod ruleset;
pub mod scenario;
pub mod sequence;
pub mod siege;
pub mod state;
pub mod steward;
pub mod summary;
pub mod supply;
pub mod turn;
pub mod veiled;
pub mod view;

pub use command::Command;
pub use factor::FactorKind;
pub use power::Power;
pub use ruleset::Eia;
pub use state::State;
