//! Hidden information: a command with a private part (docs/PROTOCOL.md section 12).
//!
//! A ruleset that hides something says so command by command ([`Ruleset::conceal`]): the
//! journal then carries the command's *public projection* and a commitment to the whole
//! command. Every replay applies it through [`Ruleset::apply_concealed`], with the whole
//! command when the replaying client knows it (its own, or one opened since) and with the
//! projection alone otherwise. A ruleset's state is therefore always *somebody's knowledge*
//! of the game, and its public part must not depend on who replays it.
//!
//! [`Ruleset::conceal`]: crate::Ruleset::conceal
//! [`Ruleset::apply_concealed`]: crate::Ruleset::apply_concealed

use serde::{Deserialize, Serialize};

/// A concealed command as a replay knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concealed<C> {
    /// Its index among its author's concealed commands, from 0, in the order they were made:
    /// the number the rules use to demand its opening ([`Pending::Open`](crate::Pending::Open)).
    pub index: u32,
    /// What everyone sees: the projection its author signed.
    pub public: C,
    /// The whole command, when the replaying client knows it (its author, or anyone once it
    /// was opened). The journal has checked that it matches the commitment and that its
    /// projection is `public`.
    pub full: Option<C>,
    /// The whole command is opened in the journal (now or later), so every copy knows it:
    /// a view for others need not hide what it shows. `false` when `full` is only the
    /// replaying player's own knowledge.
    pub opened: bool,
}
