//! Combat odds (11.2, 11.5, 11.11): the attack percentage, the column shifts each side
//! claims, and the final Combat Results Table column.
//!
//! Everything is integer arithmetic: the percentage is `floor(attack * 100 / defense)`
//! (`Crt::percent`), its column comes from the table's headings (`Crt::column_for`).

use crate::happened::{BattleShift, ShiftClaimant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which side of a battle claims a column shift (11.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claimant {
    Attacker,
    Defender,
}

impl Claimant {
    pub fn word(self) -> &'static str {
        match self {
            Claimant::Attacker => "attacker",
            Claimant::Defender => "defender",
        }
    }
}

/// One column shift and why it applies. `columns` is signed as on the table: positive
/// moves right (the attacker's favour), negative left (the defender's favour).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shift {
    /// The rule and circumstance, e.g. "11.6 defender in hills".
    pub cause: String,
    pub columns: i32,
    pub claimant: Claimant,
}

impl From<&Shift> for BattleShift {
    fn from(s: &Shift) -> BattleShift {
        let Shift { cause, columns, claimant } = s;
        let claimant = match claimant {
            Claimant::Attacker => ShiftClaimant::Attacker,
            Claimant::Defender => ShiftClaimant::Defender,
        };
        BattleShift { cause: cause.clone(), columns: *columns, claimant }
    }
}

impl Shift {
    pub fn new(cause: impl Into<String>, columns: i32) -> Shift {
        let claimant = if columns >= 0 { Claimant::Attacker } else { Claimant::Defender };
        Shift { cause: cause.into(), columns, claimant }
    }
}

impl fmt::Display for Shift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} ({}, for the {})", self.columns, self.cause, self.claimant.word())
    }
}

/// The net shift (11.5): the attacker's total minus the defender's total, which is the
/// sum of the signed shifts.
pub fn net_shift(shifts: &[Shift]) -> i32 {
    shifts.iter().map(|s| s.columns).sum()
}

/// The final column after shifting `base` by `net` on a table of `columns` columns,
/// clamped at the extreme columns (11.11). Returns the column and whether it was clamped.
pub fn shifted_column(base: usize, net: i32, columns: usize) -> (usize, bool) {
    let last = columns.saturating_sub(1) as i64;
    let wanted = base as i64 + net as i64;
    let clamped = wanted.clamp(0, last);
    (clamped as usize, clamped != wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_11_11_clamped_at_the_extreme_columns() {
        assert_eq!(shifted_column(7, 3, 8), (7, true));
        assert_eq!(shifted_column(2, -5, 8), (0, true));
        assert_eq!(shifted_column(7, -2, 8), (5, false));
    }

    #[test]
    fn rule_11_5_net_shift_sums_both_sides() {
        let shifts = [Shift::new("mud flat", 1), Shift::new("river", -1), Shift::new("hills", -2)];
        assert_eq!(net_shift(&shifts), -2);
        assert_eq!(shifts[1].claimant, Claimant::Defender);
    }
}
