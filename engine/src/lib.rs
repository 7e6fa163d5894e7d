//! The pure rules-engine interface of Grognard.
//!
//! A [`Ruleset`] turns a [`Setup`] (a scenario, or a written position played in one) into
//! an initial state, says what is [`Pending`] in any state, lists the legal commands, and
//! applies a command (or a set of sealed choices) to produce events and the next state.
//! Nothing here performs I/O, reads a clock or the OS random source: dice reach a ruleset
//! only through the [`DiceSource`] it is handed, and faces are sampled by [`sample_face`]
//! from a ChaCha20 keystream ([`StreamDice`]).
//!
//! Rulesets are written against the typed [`Ruleset`] trait; the journal and the CLI use
//! them through the object-safe [`AnyRuleset`] (see `erased.rs`), where commands are
//! JSON values and states are opaque.
//!
//! The engine knows no map: a ruleset's picture of a game is a neutral [`View`] whose
//! [`ViewKind`] picks the renderer (see `view.rs`).

mod aid;
mod bot;
mod dice;
mod erased;
mod error;
mod event;
mod hidden;
mod limits;
mod pending;
mod ruleset;
mod seats;
mod setup;
mod view;

pub use aid::{AidAnswer, AidQuery};
pub use bot::{generic_bots, owes_decision, pick_index, Bot, RandomBot};
pub use dice::{sample_face, DiceSource, DiceUnavailable, NoDice, ScriptedDice, StreamDice};
pub use erased::{AnyRuleset, GameState};
pub use error::{ApplyError, RuleError};
pub use event::Event;
pub use hidden::Concealed;
pub use limits::{MAX_COMMAND_BYTES, MAX_POSITION_BYTES};
pub use pending::{Owing, Pending};
pub use ruleset::{Applied, OptionInfo, RollCause, Ruleset, RulesetInfo, ScenarioInfo, Score, TurnMark};
pub use seats::{PlayerId, PowerInfo, Seats, SeatsError, MAX_PLAYERS};
pub use setup::{hidden_by_default, Setup};
pub use view::{View, ViewKind, Viewer};
