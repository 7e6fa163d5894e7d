//! FNC's computer opponents, beyond the generic `random`:
//!
//! - `greedy` ([`greedy`]): the first version, kept unchanged as the yardstick a new
//!   version is measured against (BENCHMARKS.md, "Bots");
//! - `general` ([`general`]): the strong bot, the same search ([`search`]) with a larger
//!   budget, more dice samples where dice decide, and an evaluation ([`evaluate`]) that plays
//!   the objectives: every VP locale weighed by its value and by how near the nearest unit
//!   of each side stands, and the side's supply: its lines flooded from its sources
//!   ([`supplied`]) and what the enemy's next player turn could cut ([`threat`]).
//!
//! A bot is not the rules: it may use any arithmetic, but it is deterministic from its seed,
//! so a bot's game plays again exactly.

pub mod evaluate;
pub mod general;
pub mod greedy;
pub mod search;
pub mod supplied;
pub mod threat;

pub use general::General;
pub use greedy::Greedy;

use grognard_engine::Bot;

/// FNC's own bots, by name.
pub fn fnc_bots() -> Vec<&'static dyn Bot> {
    static GREEDY: Greedy = Greedy;
    static GENERAL: General = General;
    vec![&GREEDY, &GENERAL]
}
