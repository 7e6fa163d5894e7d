//! Battle victory points (11.13, 14.4, 15.3).

/// The BVP a victor gains for beating a force whose whole strength at the start of the
/// battle was `loser_strength`: 1-5 gives 1, 6-10 gives 2, 11-20 gives 3, 21 or more gives
/// 4; doubled when the attacking or the defending force was in a ruins hex. A force of no
/// strength (the SC alone) gives none.
pub fn battle_vp(loser_strength: u32, ruins: bool) -> u32 {
    let base = match loser_strength {
        0 => 0,
        1..=5 => 1,
        6..=10 => 2,
        11..=20 => 3,
        _ => 4,
    };
    if ruins {
        base * 2
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::battle_vp;

    #[test]
    fn rule_11_13_bvp_table_and_ruins_doubling() {
        assert_eq!([1, 5, 6, 10, 11, 20, 21, 40].map(|s| battle_vp(s, false)), [1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(battle_vp(7, true), 4);
        assert_eq!(battle_vp(0, false), 0);
    }
}
