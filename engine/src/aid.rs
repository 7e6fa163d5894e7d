//! Play aids: read-only questions a player asks about a state (what is in a hex, each
//! side's order of battle, where a stack can go, the odds of an attack, the charts in
//! force). A ruleset answers them without changing anything; the words of the questions
//! are neutral, each ruleset reads them in its own terms.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A question about a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "aid")]
pub enum AidQuery {
    /// Everything about one map location (a hex, as the ruleset writes it).
    Hex { hex: String },
    /// The order of battle of one side (by the ruleset's side id), or of every side.
    Units { side: Option<String> },
    /// Where these units can go together in the current phase, with the cost and a path.
    Reach { units: Vec<String> },
    /// The odds of these attackers against a location, without committing anything.
    Odds { attackers: Vec<String>, hex: String },
    /// The charts in force now.
    Charts,
}

impl AidQuery {
    /// The aid's name as a player types it (`hex`, `units`, `reach`, `odds`, `charts`).
    pub fn name(&self) -> &'static str {
        match self {
            AidQuery::Hex { .. } => "hex",
            AidQuery::Units { .. } => "units",
            AidQuery::Reach { .. } => "reach",
            AidQuery::Odds { .. } => "odds",
            AidQuery::Charts => "charts",
        }
    }
}

/// An answer: text for people and the same facts as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AidAnswer {
    pub text: String,
    pub json: Value,
}
