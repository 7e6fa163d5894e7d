//! What differs between EC and RSW in combat and sieges, in one place: the region that
//! limits divisional integrity (11.10), the Mameluke ferocity of EC turn 1 (5.3), the
//! fortresses that are harder to besiege and the nation whose presence makes a siege harder
//! (13.2). Everything else comes from the data files and `GameRules` (the seas where fleets
//! may support attacks: `naval_waters`); the shared combat and siege code asks these
//! questions and never tests the game or a place's name itself.

use crate::data::{Counter, UnitType};
use crate::state::Side;

/// The combat answers of one game, part of [`super::GameRules`] (`ctx.rules`).
pub trait CombatRules: Sync {
    /// Divisional integrity (11.10) counts only in hexes of this region (EC: Egypt), if any.
    fn division_region(&self) -> Option<&'static str>;
    /// The ferocity shift (5.3): does an attack by `side` on game turn `turn` whose attack
    /// factors come `share` (mameluke factors, all factors) from ferocious units earn +1?
    fn ferocity(&self, side: Side, turn: u8, share: (u32, u32)) -> bool;
    /// Is this unit one whose factors count toward ferocity (EC: the Mameluke 5-8 cavalry)?
    fn ferocious(&self, counter: &Counter) -> bool;
    /// Fortress hexes whose sieges take -1 (13.2: Alexandria and Damascus).
    fn hard_sieges(&self) -> &'static [u16];
    /// The nation whose units in a besieged fortress give the siege roll -1 (13.2: British).
    fn siege_stiffening_nation(&self) -> Option<&'static str>;
}

impl CombatRules for super::ec::Ec {
    fn division_region(&self) -> Option<&'static str> {
        // 11.10: the French bonus exists only in Egypt.
        Some("Egypt")
    }

    fn ferocity(&self, side: Side, turn: u8, (fierce, all): (u32, u32)) -> bool {
        // 5.3: Ottoman attacks on game turn 1, half or more of the attack factors Mameluke 5-8.
        side == Side::Second && turn == 1 && all > 0 && fierce * 2 >= all
    }

    fn ferocious(&self, counter: &Counter) -> bool {
        is_mameluke_5_8(counter)
    }

    fn hard_sieges(&self) -> &'static [u16] {
        // 13.2: Alexandria (1127) and Damascus (4213).
        &[1127, 4213]
    }

    fn siege_stiffening_nation(&self) -> Option<&'static str> {
        // 13.2: British units in the fortress (Ottoman ones do not count).
        Some("british")
    }
}

/// Is this one of EC's four Mameluke "5-8" cavalry units (5.3 ferocity; 8.7: never back in
/// play once eliminated)? The counters name them with the `Mm` prefix.
pub fn is_mameluke_5_8(counter: &Counter) -> bool {
    counter.kind == UnitType::Cavalry
        && counter.attack == Some(5)
        && counter.defense == 5
        && counter.movement == 8
        && counter.name.starts_with("Mm")
}

impl CombatRules for super::rsw::Rsw {
    fn division_region(&self) -> Option<&'static str> {
        None
    }

    fn ferocity(&self, _side: Side, _turn: u8, _share: (u32, u32)) -> bool {
        false
    }

    fn ferocious(&self, _counter: &Counter) -> bool {
        false
    }

    fn hard_sieges(&self) -> &'static [u16] {
        &[]
    }
    fn siege_stiffening_nation(&self) -> Option<&'static str> {
        None
    }
}
