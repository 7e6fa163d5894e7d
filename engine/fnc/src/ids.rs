//! The names the model is built from: the game, the sides and the units.

use serde::{Deserialize, Serialize};

/// A unit by its counter id (`counters.txt`, e.g. `fr-1-1`).
pub type UnitId = String;

/// The two sides. `First` moves first in every game turn (French in EC, Russian in RSW,
/// 5.2); `Second` is the Ottoman (with the British) or Swedish side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// Both sides, in the order they move.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first side, 1 for the second.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The enemy side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// The two games of FNC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    /// The Egyptian Campaign, 1798-99.
    Ec,
    /// The Russo-Swedish War, 1808.
    Rsw,
}

impl Game {
    /// Both games.
    pub const ALL: [Game; 2] = [Game::Ec, Game::Rsw];

    /// The id used in scenario ids, positions and data directories.
    pub fn id(self) -> &'static str {
        match self {
            Game::Ec => "ec",
            Game::Rsw => "rsw",
        }
    }

    /// The game with this id.
    pub fn from_id(id: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.id() == id)
    }
}
