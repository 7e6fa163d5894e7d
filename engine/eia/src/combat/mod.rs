//! Land combat (7.5): the battles a phasing power must fight, field combat's chits chosen in
//! secret (7.5.2.1-7.5.2.5, a sealed step of the journal), and the reconstructed rest of the
//! procedure (R7.5.2.6-R7.5.2.14: morale, tables, rounds, breaking, retreat).

pub mod battle;
pub mod chits;
pub mod declaration;
pub mod forces;
pub mod pursuit;
pub mod reinforcing;
pub mod resolve;
pub mod retreat;
pub mod sally;
pub mod trivial;
pub mod war_question;

pub use battle::{battles_owed, start_battle, Battle};
pub use chits::Chit;
