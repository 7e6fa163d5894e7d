//! The geometry of a concentric attack (11.9): attackers in two exactly opposite hexes,
//! in three hexes with one hex between each and the next, or in more than three hexes.
//! Whether a side may have the bonus at all (EC French, RSW Swedes; never against an
//! intact fortress; fleets never count) is decided by the caller.

use grognard_board::{Dir, HexId};
use std::collections::BTreeSet;

/// Are the attacking hexes around `defender` placed concentrically (11.9)? Hexes that are
/// not adjacent to the defender are ignored.
pub fn is_concentric(defender: HexId, attacking_hexes: &BTreeSet<HexId>) -> bool {
    let dirs: BTreeSet<usize> =
        attacking_hexes.iter().filter_map(|h| defender.direction_to(*h)).map(Dir::index).collect();
    if dirs.len() > 3 {
        return true;
    }
    let opposite = dirs.iter().any(|d| dirs.contains(&((d + 3) % 6)));
    let alternating = dirs.len() == 3 && dirs.iter().all(|d| dirs.contains(&((d + 2) % 6)));
    opposite || alternating
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes(list: &[&str]) -> BTreeSet<HexId> {
        list.iter().map(|h| HexId::parse(h).expect("test hex")).collect()
    }

    #[test]
    fn rule_11_9_opposite_alternating_and_four_hexes() {
        let d = HexId::parse("1210").expect("hex");
        // 1210's neighbours: n 1209, ne 1309, se 1310, s 1211, sw 1110, nw 1109.
        assert!(is_concentric(d, &hexes(&["1209", "1211"])));
        assert!(is_concentric(d, &hexes(&["1209", "1310", "1110"])));
        assert!(is_concentric(d, &hexes(&["1209", "1309", "1310", "1109"])));
        assert!(!is_concentric(d, &hexes(&["1209", "1309"])));
        assert!(!is_concentric(d, &hexes(&["1209", "1309", "1310"])));
        assert!(!is_concentric(d, &hexes(&["1209"])));
    }
}
