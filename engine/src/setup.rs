//! What a game starts from: the typed form of a genesis entry's `scenario` and `position`.

use crate::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a game starts from, as its genesis entry fixes it: one of the ruleset's scenarios
/// ([`Ruleset::scenarios`](crate::Ruleset::scenarios)), either at that scenario's own
/// opening, or, for a ruleset that can read written positions, at a `position` given in the
/// ruleset's position format (a whole game at some point of play, e.g. FNC's
/// `fnc-position 1` texts). The scenario of a position game is the scenario whose powers,
/// data and rules the position is played with (FNC: `ec` or `rsw`).
///
/// The two are separate fields on purpose: nothing ever has to guess whether a string is a
/// scenario id or a position text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// The id of one of the ruleset's scenarios.
    pub scenario: String,
    /// The text of a written position to start from instead of the scenario's opening.
    pub position: Option<String>,
    /// The ruleset's options chosen for this game ([`Ruleset::options`](crate::Ruleset::options)),
    /// by id, ascending and each once (e.g. FNC's `open-stacks`, which turns fog of war off).
    pub options: Vec<String>,
}

impl Setup {
    /// A scenario's opening.
    pub fn scenario(id: impl Into<String>) -> Setup {
        Setup { scenario: id.into(), position: None, options: Vec::new() }
    }

    /// A written position, played in `scenario`.
    pub fn position(scenario: impl Into<String>, text: impl Into<String>) -> Setup {
        Setup { scenario: scenario.into(), position: Some(text.into()), options: Vec::new() }
    }

    /// The same set-up with these options (kept ascending, each once).
    pub fn with_options(mut self, options: impl IntoIterator<Item = String>) -> Setup {
        self.options = options.into_iter().collect();
        self.options.sort();
        self.options.dedup();
        self
    }

    /// Is the option `id` chosen?
    pub fn has_option(&self, id: &str) -> bool {
        self.options.iter().any(|o| o == id)
    }

    /// Does the game start from a written position?
    pub fn is_position(&self) -> bool {
        self.position.is_some()
    }

    /// The scenario id of a set-up without a position. A ruleset that cannot start a game
    /// from a written position refuses any other set-up with this error (code `input`);
    /// `ruleset` names the ruleset in the message.
    pub fn scenario_only(&self, ruleset: &str) -> Result<&str, RuleError> {
        match self.position {
            None => Ok(&self.scenario),
            Some(_) => Err(no_positions(ruleset)),
        }
    }
}

/// The refusal of a written position by a ruleset that cannot start a game from one.
pub(crate) fn no_positions(ruleset: &str) -> RuleError {
    RuleError::new("input", format!("{ruleset} cannot start a game from a written position; name one of its scenarios"))
}

/// The scenario id, and for a position game a note: `ec`, `ec (from a position)`.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            None => f.write_str(&self.scenario)?,
            Some(_) => write!(f, "{} (from a position)", self.scenario)?,
        }
        if !self.options.is_empty() {
            write!(f, " with {}", self.options.join(", "))?;
        }
        Ok(())
    }
}

/// The options a new game records for a rule of hidden information played by default (FNC's
/// fog of war, Empires in Arms' hidden strengths): `on` is recorded unless `off` is chosen, or
/// one player runs every side and `on` is not chosen (alone, there is nobody to hide anything
/// from). Neither `on` nor `off` is recorded otherwise: every genesis says what it plays.
pub fn hidden_by_default(chosen: &[String], players: usize, on: &str, off: &str) -> Vec<String> {
    let open = chosen.iter().any(|o| o == off) || (players < 2 && !chosen.iter().any(|o| o == on));
    let mut out: Vec<String> = chosen.iter().filter(|o| *o != off && *o != on).cloned().collect();
    if !open {
        out.push(on.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_reads_as_its_id_and_a_position_says_so() {
        assert_eq!(Setup::scenario("ec").to_string(), "ec");
        assert_eq!(Setup::position("ec", "fnc-position 1\ngame ec\n").to_string(), "ec (from a position)");
    }

    #[test]
    fn a_position_is_refused_where_only_scenarios_are_taken() {
        assert_eq!(Setup::scenario("standard").scenario_only("Duel"), Ok("standard"));
        let e = Setup::position("standard", "anything").scenario_only("Duel").expect_err("a position");
        assert_eq!(e.rule, "input");
        assert!(e.message.contains("Duel cannot start a game from a written position"), "{e}");
    }
}
