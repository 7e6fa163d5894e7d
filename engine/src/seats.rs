//! Players, powers and sides are three different things: a power is a belligerent of the
//! scenario (France, the Ottoman Empire), a side is an alliance of powers, and a player is
//! a person at the table who runs one or more powers. One player may run several powers
//! (Empires in Arms) and a side may have several players (War and Peace).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players a game may seat (Empires in Arms has seven powers).
pub const MAX_PLAYERS: usize = 7;

/// A player's index in the game's genesis entry (0-based, below [`MAX_PLAYERS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// A power of a scenario and the side it fights on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerInfo {
    pub id: String,
    pub name: String,
    pub side: String,
}

/// Who runs which powers. Built from a scenario's powers and the genesis assignment; every
/// power is run by exactly one player and every player runs at least one power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    powers: Vec<PowerInfo>,
    /// `owner[i]` is the player running `powers[i]`.
    owner: Vec<PlayerId>,
    players: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsError {
    #[error("a game needs 1 to {MAX_PLAYERS} players, not {0}")]
    PlayerCount(usize),
    #[error("power '{0}' is not in the scenario")]
    UnknownPower(String),
    #[error("power '{0}' is assigned twice")]
    DuplicatePower(String),
    #[error("power '{0}' is assigned to no player")]
    UnassignedPower(String),
    #[error("player {0} runs no power")]
    IdlePlayer(usize),
}

impl Seats {
    /// `assignment[p]` lists the power ids run by player `p`.
    pub fn new(powers: &[PowerInfo], assignment: &[Vec<String>]) -> Result<Seats, SeatsError> {
        if assignment.is_empty() || assignment.len() > MAX_PLAYERS {
            return Err(SeatsError::PlayerCount(assignment.len()));
        }
        let mut owner: Vec<Option<PlayerId>> = vec![None; powers.len()];
        for (p, list) in assignment.iter().enumerate() {
            if list.is_empty() {
                return Err(SeatsError::IdlePlayer(p));
            }
            for id in list {
                let i = powers.iter().position(|w| &w.id == id).ok_or_else(|| SeatsError::UnknownPower(id.clone()))?;
                if owner[i].is_some() {
                    return Err(SeatsError::DuplicatePower(id.clone()));
                }
                // `assignment.len() <= MAX_PLAYERS`, so the index fits a u8.
                owner[i] = Some(PlayerId(p as u8));
            }
        }
        let owner = owner
            .into_iter()
            .zip(powers)
            .map(|(o, w)| o.ok_or_else(|| SeatsError::UnassignedPower(w.id.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Seats { powers: powers.to_vec(), owner, players: assignment.len() })
    }

    /// Deal the powers out in scenario order, one player after another.
    pub fn round_robin(powers: &[PowerInfo], players: usize) -> Result<Seats, SeatsError> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(SeatsError::PlayerCount(players));
        }
        let mut assignment = vec![Vec::new(); players];
        for (i, w) in powers.iter().enumerate() {
            assignment[i % players].push(w.id.clone());
        }
        Seats::new(powers, &assignment)
    }

    pub fn player_count(&self) -> usize {
        self.players
    }

    pub fn players(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.players as u8).map(PlayerId)
    }

    pub fn powers(&self) -> &[PowerInfo] {
        &self.powers
    }

    /// The player running `power`, if the scenario has it.
    pub fn owner(&self, power: &str) -> Option<PlayerId> {
        self.powers.iter().position(|w| w.id == power).map(|i| self.owner[i])
    }

    /// The powers run by `player`, in scenario order.
    pub fn powers_of(&self, player: PlayerId) -> Vec<&PowerInfo> {
        self.powers.iter().zip(&self.owner).filter(|(_, o)| **o == player).map(|(w, _)| w).collect()
    }

    /// The sides `player` fights on.
    pub fn sides_of(&self, player: PlayerId) -> Vec<&str> {
        let mut sides: Vec<&str> = self.powers_of(player).iter().map(|w| w.side.as_str()).collect();
        sides.sort_unstable();
        sides.dedup();
        sides
    }

    /// Players who run at least one power on a side `player` is not on: the default dice
    /// witnesses of `player`'s rolls.
    pub fn opponents_of(&self, player: PlayerId) -> Vec<PlayerId> {
        let mine = self.sides_of(player);
        self.players().filter(|&p| p != player && self.sides_of(p).iter().any(|s| !mine.contains(s))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn power(id: &str, side: &str) -> PowerInfo {
        PowerInfo { id: id.into(), name: id.into(), side: side.into() }
    }

    #[test]
    fn one_player_may_run_several_powers_and_a_side_several_players() {
        let powers = [power("fr", "a"), power("es", "a"), power("gb", "b"), power("ru", "b")];
        let seats = Seats::new(&powers, &[vec!["fr".into(), "es".into()], vec!["gb".into()], vec!["ru".into()]])
            .expect("valid seating");
        assert_eq!(seats.player_count(), 3);
        assert_eq!(seats.owner("es"), Some(PlayerId(0)));
        assert_eq!(seats.opponents_of(PlayerId(0)), vec![PlayerId(1), PlayerId(2)]);
        assert_eq!(seats.opponents_of(PlayerId(1)), vec![PlayerId(0)]);
    }

    #[test]
    fn every_power_needs_exactly_one_player() {
        let powers = [power("fr", "a"), power("gb", "b")];
        assert_eq!(Seats::new(&powers, &[vec!["fr".into()]]), Err(SeatsError::UnassignedPower("gb".into())));
        assert_eq!(
            Seats::new(&powers, &[vec!["fr".into(), "gb".into()], vec!["gb".into()]]),
            Err(SeatsError::DuplicatePower("gb".into()))
        );
        assert_eq!(Seats::new(&powers, &[vec!["fr".into(), "gb".into()], vec![]]), Err(SeatsError::IdlePlayer(1)));
        assert!(matches!(Seats::round_robin(&powers, 8), Err(SeatsError::PlayerCount(8))));
    }
}
