//! The seven major powers (1.2) and the fixed orders in which they act in each phase (3.2 to
//! 3.4).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A major power. The id is the nation id of the map file (`engine/eia/data/map.txt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Power {
    France,
    Britain,
    Spain,
    Austria,
    Prussia,
    Russia,
    Turkey,
}

impl Power {
    /// Every major power, in the order of the map file's `[nations]`.
    pub const ALL: [Power; 7] =
        [Power::France, Power::Britain, Power::Spain, Power::Austria, Power::Prussia, Power::Russia, Power::Turkey];

    /// 3.2 A: the naval reinforcement step's order.
    pub const NAVAL_REINFORCEMENT_ORDER: [Power; 7] =
        [Power::Spain, Power::France, Power::Prussia, Power::Austria, Power::Turkey, Power::Russia, Power::Britain];

    /// 3.2 B: the army reinforcement step's order.
    pub const ARMY_REINFORCEMENT_ORDER: [Power; 7] =
        [Power::Spain, Power::Britain, Power::Prussia, Power::Austria, Power::Turkey, Power::Russia, Power::France];

    /// 3.3, 6.1: the naval phase's order of the powers other than Great Britain, which
    /// announces its own position in it.
    pub const NAVAL_ORDER_WITHOUT_BRITAIN: [Power; 6] =
        [Power::Russia, Power::Turkey, Power::Austria, Power::Prussia, Power::France, Power::Spain];

    /// 3.4, 7.1: the land phase's order of the powers other than France, which announces its
    /// own position in it (campaign games; in scenarios France always goes first).
    pub const LAND_ORDER_WITHOUT_FRANCE: [Power; 6] =
        [Power::Russia, Power::Turkey, Power::Austria, Power::Prussia, Power::Britain, Power::Spain];

    /// 3.1 F, 4.6.3.2: the order in which controlling powers set up minor countries.
    pub const MINOR_SETUP_ORDER: [Power; 7] =
        [Power::France, Power::Russia, Power::Turkey, Power::Austria, Power::Prussia, Power::Britain, Power::Spain];

    /// The id of the power: the map's nation id and the scenario's power id.
    pub fn id(self) -> &'static str {
        match self {
            Power::France => "france",
            Power::Britain => "britain",
            Power::Spain => "spain",
            Power::Austria => "austria",
            Power::Prussia => "prussia",
            Power::Russia => "russia",
            Power::Turkey => "turkey",
        }
    }

    /// The power's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Power::France => "France",
            Power::Britain => "Great Britain",
            Power::Spain => "Spain",
            Power::Austria => "Austria",
            Power::Prussia => "Prussia",
            Power::Russia => "Russia",
            Power::Turkey => "Turkey",
        }
    }

    /// The power whose id is `id`.
    pub fn from_id(id: &str) -> Option<Power> {
        Power::ALL.into_iter().find(|p| p.id() == id)
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_ids_round_trip_and_orders_name_every_power_once() {
        for p in Power::ALL {
            assert_eq!(Power::from_id(p.id()), Some(p));
        }
        for order in [Power::NAVAL_REINFORCEMENT_ORDER, Power::ARMY_REINFORCEMENT_ORDER, Power::MINOR_SETUP_ORDER] {
            let mut sorted = order;
            sorted.sort();
            assert_eq!(sorted, {
                let mut all = Power::ALL;
                all.sort();
                all
            });
        }
        assert!(!Power::NAVAL_ORDER_WITHOUT_BRITAIN.contains(&Power::Britain));
        assert!(!Power::LAND_ORDER_WITHOUT_FRANCE.contains(&Power::France));
    }
}
