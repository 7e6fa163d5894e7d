//! Battles in the state (the model; the combat rules are in `combat`): a battle (or a siege
//! surrender) waiting for its players: what was resolved and the
//! steps of the result still to carry out (11.12: sub-steps in the order listed).

use crate::command::BatchAttack;
use crate::ids::{Side, UnitId};
use crate::orders::Orders;
use grognard_board::HexId;
use serde::{Deserialize, Serialize};

/// A step of a combat result still to carry out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The attacker gives up units (11.14-11.17, 11.20).
    AttackerLosses(LossRequirement),
    /// The defender gives up units (11.16-11.20).
    DefenderLosses(LossRequirement),
    /// Surviving defenders retreat (11.19, 11.20, 11.22-11.24).
    Retreat,
    /// The winner gains battle VP, the result's last sub-step (11.13-11.20, 13.3):
    /// `loser_strength` is the beaten force's whole strength at the start of the battle.
    BattleVp { winner: Side, points: u32, loser_strength: u32, ruins: bool },
    /// An amphibious invasion force is lost if the hex is not cleared; it lands if it is (10.3).
    Invasion,
    /// The victorious attacker may advance into the vacated hex (11.25, 13.3).
    Advance,
}

/// A battle being carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The attacking (or besieging) side.
    pub attacker: Side,
    /// The defended (or besieged) hex.
    pub hex: HexId,
    /// The attacking ground units, including any invasion force.
    pub attackers: Vec<UnitId>,
    /// The hexes the attack came from (land hexes and the invasion's sea hex).
    pub attacker_hexes: Vec<HexId>,
    /// Attackers held offshore for an amphibious invasion (10.3).
    pub invasion: Vec<UnitId>,
    /// The defending units at the start of the battle.
    pub defenders: Vec<UnitId>,
    /// The engineer that earned the engineer shift and goes first in losses (11.7).
    pub engineer: Option<UnitId>,
    /// The defended hex was an intact fortress when the battle began (11.7, 11.8, 13.4).
    pub fortress: bool,
    /// A siege surrender (13.3): the fortress stays intact after an advance.
    pub siege: bool,
    /// The result code (`DR`, `AES`...), or `surrender` for a siege.
    pub result: String,
    /// Steps still to do, first first.
    pub steps: Vec<Step>,
}

/// How much of a force a combat result eliminates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossRequirement {
    /// No losses.
    None,
    /// Units of at least this percentage of the involved strength (11.15-11.17, 11.19, 11.20).
    Percent(u32),
    /// Every involved unit (AC 11.14, DC 11.18).
    All,
}

/// A declared attack waiting its turn, with the die rolled for it when the batch was
/// declared (`None`: an automatic result needs no die, 14.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    pub attack: BatchAttack,
    pub die: Option<u32>,
}

/// A batch being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Batch {
    pub side: Side,
    pub queued: Vec<Queued>,
    /// The attacker's orders for his own decisions in the batch.
    pub orders: Orders,
}
