//! Foraging (7.4.1) and besieged supply (7.4.5): a die against the land's forage value (or
//! the city's supply value), one factor lost per point above it.

use crate::state::CorpsMove;

/// What a foraging roll needs to know about a corps (7.4.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForageCase {
    /// Other unbesieged corps in its area, any nation (7.4.1.2.1).
    pub other_corps: u8,
    /// Movement points it did not use (7.4.1.2.2); ignored when it besieges.
    pub unused_points: u8,
    pub besieging: bool,
    pub force_marched: bool,
    /// Winter, and the corps stands in the winter zone (7.4.1.2.4).
    pub winter_zone_in_winter: bool,
    /// It neither left its power's territory this turn nor stands outside it (7.4.1.2.5).
    pub stayed_home: bool,
}

impl ForageCase {
    /// The case of a corps that moved as `record` says (or did not move: `record` is None,
    /// and it used no points of `allowance`).
    pub fn of(
        record: Option<&CorpsMove>,
        allowance: u8,
        other_corps: u8,
        besieging: bool,
        winter_zone_in_winter: bool,
        in_territory_now: bool,
    ) -> ForageCase {
        let (unused, force, left) = match record {
            Some(r) => (r.allowance.saturating_sub(r.spent), r.force_marched, r.left_territory),
            None => (allowance, false, false),
        };
        ForageCase {
            other_corps,
            unused_points: unused,
            besieging,
            force_marched: force,
            winter_zone_in_winter,
            stayed_home: !left && in_territory_now,
        }
    }

    /// The sum of the modifiers of 7.4.1.2.
    pub fn modifier(&self) -> i32 {
        let mut m = i32::from(self.other_corps.min(2));
        if !self.besieging {
            m -= i32::from(self.unused_points);
        }
        if self.force_marched {
            m += 1;
        }
        if self.winter_zone_in_winter {
            m += 2;
        }
        if self.stayed_home {
            m -= 1;
        }
        m
    }
}

/// Factors lost to a foraging roll (7.4.1.1): one per point of the modified die above the
/// forage value.
pub fn forage_losses(die: u32, modifier: i32, forage_value: u8) -> u16 {
    let modified = i64::from(die) + i64::from(modifier);
    let over = modified - i64::from(forage_value);
    over.clamp(0, i64::from(u16::MAX)) as u16
}

/// The besieged supply modifier (7.4.5.1): +1 for every full five factors in the city, at
/// most +2.
pub fn besieged_modifier(factors_in_city: u16) -> i32 {
    i32::from((factors_in_city / 5).min(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_4_1_2_modifiers_are_cumulative_and_other_corps_count_at_most_two() {
        let case = ForageCase {
            other_corps: 3,
            unused_points: 1,
            besieging: false,
            force_marched: true,
            winter_zone_in_winter: true,
            stayed_home: false,
        };
        assert_eq!(case.modifier(), 2 - 1 + 1 + 2);
        let besieging = ForageCase { besieging: true, ..case };
        assert_eq!(besieging.modifier(), 2 + 1 + 2);
    }

    #[test]
    fn r7_4_1_1_one_factor_per_point_above_the_forage_value() {
        assert_eq!(forage_losses(6, 1, 4), 3);
        assert_eq!(forage_losses(4, 0, 4), 0);
        assert_eq!(forage_losses(1, -3, 2), 0);
    }

    #[test]
    fn r7_4_5_1_besieged_modifier_per_full_five_factors_at_most_two() {
        assert_eq!(besieged_modifier(4), 0);
        assert_eq!(besieged_modifier(5), 1);
        assert_eq!(besieged_modifier(9), 1);
        assert_eq!(besieged_modifier(23), 2);
    }
}
