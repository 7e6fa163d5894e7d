use crate::PlayerId;
use serde::{Deserialize, Serialize};

/// What a state waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// One player issues an ordinary command (moves, attacks, "end phase"...).
    Command { player: PlayerId, prompt: String },
    /// One player picks one of the enumerated options; each option is a command text.
    Choice { player: PlayerId, prompt: String, options: Vec<String> },
    /// Several players each choose in secret; no choice is revealed before all are
    /// committed. `step` names the step uniquely within the game (e.g. "round-3").
    Sealed { step: String, players: Vec<PlayerId>, prompt: String },
    /// A roll with no decision in it (random events, attrition): `player` issues the
    /// ruleset's roll command and the witnesses named by the journal reveal.
    Dice { player: PlayerId, prompt: String },
    /// Players must open some of their concealed commands (hidden information that the rules
    /// now reveal, docs/PROTOCOL.md section 12): each [`Owing`] names a player and the indices,
    /// among that player's concealed commands in the order they were made, that must be
    /// opened. The client opens them without asking.
    Open { owing: Vec<Owing>, prompt: String },
    /// The game is over.
    Over { result: String, winners: Vec<PlayerId> },
}

/// A player and the concealed commands the rules make them open now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owing {
    pub player: PlayerId,
    /// Indices among the player's concealed commands (0 for their first), ascending.
    pub indices: Vec<u32>,
}

impl Pending {
    /// The players who must act now (empty when the game is over).
    pub fn players(&self) -> Vec<PlayerId> {
        match self {
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                vec![*player]
            }
            Pending::Sealed { players, .. } => players.clone(),
            Pending::Open { owing, .. } => owing.iter().map(|o| o.player).collect(),
            Pending::Over { .. } => Vec::new(),
        }
    }

    pub fn prompt(&self) -> &str {
        match self {
            Pending::Command { prompt, .. }
            | Pending::Choice { prompt, .. }
            | Pending::Sealed { prompt, .. }
            | Pending::Open { prompt, .. }
            | Pending::Dice { prompt, .. } => prompt,
            Pending::Over { result, .. } => result,
        }
    }
}
