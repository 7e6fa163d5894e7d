//! Combat strengths (11.2 step 2): each unit's factor with divisional integrity (11.10)
//! and siege-train doubling (11.8), and fleet support (10.2).

use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::BattleUnit;
use crate::state::{Location, State, UnitId};
use grognard_board::HexId;
use serde::{Deserialize, Serialize};

/// One unit's contribution to a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitStrength {
    pub unit: UnitId,
    /// The printed factor used (attack or defense).
    pub printed: u32,
    /// +1 for divisional integrity (11.10).
    pub division_bonus: u32,
    /// Doubled by a siege train in its hex (11.8).
    pub doubled: bool,
    /// What it adds to the force.
    pub total: u32,
}

impl From<&UnitStrength> for BattleUnit {
    fn from(s: &UnitStrength) -> BattleUnit {
        let UnitStrength { unit, printed, division_bonus, doubled, total } = s;
        BattleUnit {
            unit: unit.clone(),
            printed: *printed,
            division_bonus: *division_bonus,
            doubled: *doubled,
            total: *total,
        }
    }
}

/// A side's strength in one battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    pub units: Vec<UnitStrength>,
    /// Fleets supporting the attack and their attack factors (10.2).
    pub fleets: Vec<(UnitId, u32)>,
}

impl Force {
    /// The force's combat strength.
    pub fn total(&self) -> u32 {
        self.units.iter().map(|u| u.total).sum::<u32>() + self.fleets.iter().map(|f| f.1).sum::<u32>()
    }

    /// The strength of the ground units alone (what BVP count, 11.13; fleets are never
    /// part of the losing force, 10.2).
    pub fn ground_total(&self) -> u32 {
        self.units.iter().map(|u| u.total).sum()
    }

    /// A line for the log: `fr-1-1 4+1, fr-1-2 4+1 = 10`.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .units
            .iter()
            .map(|u| {
                let mut s = format!("{} {}", u.unit, u.printed);
                if u.division_bonus > 0 {
                    s.push_str(&format!("+{} division", u.division_bonus));
                }
                if u.doubled {
                    s.push_str(" x2 siege train");
                }
                s
            })
            .collect();
        parts.extend(self.fleets.iter().map(|(f, a)| format!("{f} {a} fleet")));
        format!("{} = {}", parts.join(", "), self.total())
    }
}

/// Does `unit` earn the divisional integrity bonus (11.10)? Every counter of its division
/// must be among `participants` and in the same hex; in a game whose bonus is limited to
/// one region, that hex must be in it. Supply plays no part.
fn division_bonus(ctx: &Ctx, state: &State, unit: &str, participants: &[UnitId]) -> bool {
    let Some(counter) = ctx.counter(unit) else { return false };
    let Some(division) = &counter.division else { return false };
    let Some(hex) = state.location(unit).and_then(Location::hex) else { return false };
    if let Some(region) = ctx.rules.division_region() {
        if ctx.map.region(hex) != Some(region) {
            return false;
        }
    }
    ctx.counters.of_division(&counter.side, division).all(|member| {
        participants.contains(&member.id) && state.location(&member.id).and_then(Location::hex) == Some(hex)
    })
}

/// The attacking force: attack factors, divisional integrity, and doubling of the units in
/// each hex holding an attacking siege train when the target is an intact fortress (11.8).
pub fn attack_force(ctx: &Ctx, state: &State, attackers: &[UnitId], fleets: &[UnitId], fortress: bool) -> Force {
    let train_hexes: Vec<HexId> = attackers
        .iter()
        .filter(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain))
        .filter_map(|u| state.location(u).and_then(Location::hex))
        .collect();
    let units = attackers
        .iter()
        .map(|u| {
            let printed = ctx.counter(u).and_then(|c| c.attack).map_or(0, u32::from);
            let division_bonus = u32::from(division_bonus(ctx, state, u, attackers));
            let hex = state.location(u).and_then(Location::hex);
            let doubled = fortress && printed > 0 && hex.is_some_and(|h| train_hexes.contains(&h));
            let base = printed + division_bonus;
            UnitStrength {
                unit: u.clone(),
                printed,
                division_bonus,
                doubled,
                total: if doubled { base * 2 } else { base },
            }
        })
        .collect();
    let fleets =
        fleets.iter().map(|f| (f.clone(), ctx.counter(f).and_then(|c| c.attack).map_or(0, u32::from))).collect();
    Force { units, fleets }
}

/// The defending force: every defender with its defense factor and divisional integrity.
pub fn defense_force(ctx: &Ctx, state: &State, defenders: &[UnitId]) -> Force {
    let units = defenders
        .iter()
        .map(|u| {
            let printed = ctx.counter(u).map_or(0, |c| u32::from(c.defense));
            let division_bonus = u32::from(division_bonus(ctx, state, u, defenders));
            UnitStrength { unit: u.clone(), printed, division_bonus, doubled: false, total: printed + division_bonus }
        })
        .collect();
    Force { units, fleets: Vec::new() }
}
