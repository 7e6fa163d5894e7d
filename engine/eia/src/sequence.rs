//! The sequence of play (3.0): a turn is a month of phases; in each phase or step the major
//! powers act one after the other in a fixed order (3.2-3.4).
//!
//! In the scenarios the political and economic phases (asterisked, 1.3) are not played: a
//! scenario's month is the reinforcement phase, the land phase and the time record. The
//! naval reinforcement step and the naval phase are asterisked too; the option `naval`
//! plays them as the campaign games do (RECONSTRUCTION.md, R13.1).

use crate::power::Power;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A step of a major power's land sequence (7.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LandStep {
    /// 7.2: removing and placing depots.
    Depots,
    /// 7.3: moving corps, detaching and absorbing factors.
    Movement,
    /// 7.4: foraging and depot supply.
    Supply,
    /// 7.5: land combat.
    Combat,
}

impl LandStep {
    pub fn next(self) -> Option<LandStep> {
        match self {
            LandStep::Depots => Some(LandStep::Movement),
            LandStep::Movement => Some(LandStep::Supply),
            LandStep::Supply => Some(LandStep::Combat),
            LandStep::Combat => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            LandStep::Depots => "depot step",
            LandStep::Movement => "land movement step",
            LandStep::Supply => "supply step",
            LandStep::Combat => "land combat step",
        }
    }
}

/// A phase (or step) of the month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase", content = "step")]
pub enum Phase {
    /// 4.2-4.8: the political phase (option `political`), one of its steps.
    Political(crate::politics::PoliticalStep),
    /// 5.1: naval reinforcements, transfers of ships, scuttling (option `naval`).
    NavalReinforcement,
    /// 5.2: army reinforcements, transfers of factors, demobilising; leaders (5.3).
    ArmyReinforcement,
    /// 6.2-6.3: naval movement and combat (option `naval`).
    Naval,
    /// 7.2-7.5: the land phase, one step of the acting power's sequence.
    Land(LandStep),
    /// 3.5, 8.0: the economic phase (option `economic`), one of its steps.
    Economic(crate::economy::EconomicStep),
    /// The game is over.
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Political(step) => write!(f, "political phase, {}", step.name()),
            Phase::NavalReinforcement => f.write_str("naval reinforcement step"),
            Phase::ArmyReinforcement => f.write_str("army reinforcement step"),
            Phase::Naval => f.write_str("naval phase"),
            Phase::Land(step) => write!(f, "land phase, {}", step.name()),
            Phase::Economic(step) => write!(f, "economic phase, {}", step.name()),
            Phase::Over => f.write_str("game over"),
        }
    }
}

/// Where the month stands: the phase, the order of the powers in it and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequence {
    pub phase: Phase,
    /// The powers acting in this phase, in order.
    pub order: Vec<Power>,
    /// The index in `order` of the acting power.
    pub index: usize,
}

impl Sequence {
    /// The acting ("phasing", 6.1.3, 7.1.3) power, if the game is not over.
    pub fn acting(&self) -> Option<Power> {
        if self.phase == Phase::Over {
            return None;
        }
        self.order.get(self.index).copied()
    }

    /// The phases of a month in a game with these options, in order.
    pub fn phases(naval: bool, political: bool) -> Vec<Phase> {
        let mut out = Vec::new();
        if political {
            out.push(Phase::Political(crate::politics::PoliticalStep::Declarations));
        }
        if naval {
            out.push(Phase::NavalReinforcement);
        }
        out.push(Phase::ArmyReinforcement);
        if naval {
            out.push(Phase::Naval);
        }
        out.push(Phase::Land(LandStep::Depots));
        out
    }

    /// The order of the powers in `phase` among `present` (the scenario's powers): 3.2 A for
    /// naval reinforcements, 3.2 B for army reinforcements, 3.3/6.1 for the naval phase with
    /// Great Britain at `british_position` (0 = first), and for the land phase France first,
    /// then the others in the order of 7.1 (3.4: in scenarios France always goes first).
    pub fn order_of(phase: Phase, present: &[Power], british_position: usize) -> Vec<Power> {
        let keep = |list: &[Power]| list.iter().copied().filter(|p| present.contains(p)).collect::<Vec<_>>();
        match phase {
            Phase::NavalReinforcement => keep(&Power::NAVAL_REINFORCEMENT_ORDER),
            Phase::ArmyReinforcement => keep(&Power::ARMY_REINFORCEMENT_ORDER),
            Phase::Naval => {
                let mut order = keep(&Power::NAVAL_ORDER_WITHOUT_BRITAIN);
                if present.contains(&Power::Britain) {
                    order.insert(british_position.min(order.len()), Power::Britain);
                }
                order
            }
            Phase::Land(_) => {
                let mut order = keep(&Power::LAND_ORDER_WITHOUT_FRANCE);
                if present.contains(&Power::France) {
                    order.insert(0, Power::France);
                }
                order
            }
            Phase::Political(_) => keep(&crate::politics::ORDER),
            Phase::Economic(_) => keep(&crate::economy::ORDER),
            Phase::Over => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_2_to_3_4_phase_orders() {
        let all = Power::ALL;
        assert_eq!(
            Sequence::order_of(Phase::ArmyReinforcement, &all, 0),
            vec![
                Power::Spain,
                Power::Britain,
                Power::Prussia,
                Power::Austria,
                Power::Turkey,
                Power::Russia,
                Power::France
            ]
        );
        assert_eq!(Sequence::order_of(Phase::Naval, &all, 2)[2], Power::Britain);
        assert_eq!(Sequence::order_of(Phase::Naval, &all, 9).last(), Some(&Power::Britain));
        assert_eq!(Sequence::order_of(Phase::Land(LandStep::Depots), &all, 0)[0], Power::France);
        assert_eq!(
            Sequence::order_of(Phase::Land(LandStep::Depots), &[Power::Austria, Power::France], 0),
            vec![Power::France, Power::Austria]
        );
        assert_eq!(Sequence::phases(false, false), vec![Phase::ArmyReinforcement, Phase::Land(LandStep::Depots)]);
    }
}
