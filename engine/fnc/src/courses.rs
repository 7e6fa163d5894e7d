//! The water courses of river, canal and lake movement (RCLM, 9.13-9.15), worked out once
//! per game from the map and the game's facts and kept in the context.

use crate::games::{LakeCourse, RiverCourses};
use grognard_board::{Barrier, HexId, Map, WaterKind};
use std::collections::BTreeSet;

fn key(a: HexId, b: HexId) -> (HexId, HexId) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The lake bodies RCLM may use and whether a hexside qualifies (9.14, 9.15).
#[derive(Clone, Debug, Default)]
pub struct Courses {
    /// Qualifying hexsides, as ordered hex pairs.
    pub sides: BTreeSet<(HexId, HexId)>,
    /// Lake hexes RCLM may pass through.
    pub lake_hexes: BTreeSet<HexId>,
}

impl Courses {
    /// Is the hexside between `a` and `b` a qualifying water hexside?
    pub fn qualifies(&self, a: HexId, b: HexId) -> bool {
        self.sides.contains(&key(a, b))
    }

    /// May RCLM go from `a` to the adjacent `b`? Either across a qualifying hexside, or
    /// along the water: a hex `c` next to both whose hexsides with `a` and with `b` both
    /// qualify (the two hexsides meet at a corner, 9.13: contiguous).
    pub fn step(&self, a: HexId, b: HexId) -> bool {
        a.is_adjacent(b)
            && (self.qualifies(a, b)
                || a.neighbours().any(|(_, c)| c.is_adjacent(b) && self.qualifies(a, c) && self.qualifies(b, c)))
    }

    /// Does `hex` touch a qualifying hexside (9.13: where RCLM may start)?
    pub fn touches(&self, hex: HexId) -> bool {
        hex.neighbours().any(|(_, n)| self.qualifies(hex, n))
    }
}

/// The game's RCLM courses, from the map and the game's rules (9.14, 9.15).
pub fn courses(map: &Map, spec: RiverCourses) -> Courses {
    let mut out = Courses::default();
    let named = |name: Option<&str>| name.is_some_and(|n| spec.named.contains(&n));
    // Lake bodies and lake hexsides that qualify.
    let mut lake_sides: BTreeSet<(HexId, HexId)> = BTreeSet::new();
    let mut named_sides: BTreeSet<(HexId, HexId)> = BTreeSet::new();
    for (hs, info) in map.hexsides() {
        match info.barrier {
            Some(Barrier::River) | Some(Barrier::Canal) if named(info.name.as_deref()) => {
                named_sides.insert(key(hs.0, hs.1));
            }
            Some(Barrier::Lake) => {
                lake_sides.insert(key(hs.0, hs.1));
            }
            _ => {}
        }
    }
    let lake_hexes: BTreeSet<HexId> = map
        .hexes()
        .filter(|h| map.terrain(*h).and_then(|t| t.water()).is_some_and(|w| map.water(w).kind == WaterKind::Lake))
        .collect();
    // Every hexside of a lake hex (shore or open lake) is lake water.
    let mut lake_hex_sides: BTreeSet<(HexId, HexId)> = BTreeSet::new();
    for h in &lake_hexes {
        for (_, n) in h.neighbours() {
            if map.on_map(n) {
                lake_hex_sides.insert(key(*h, n));
            }
        }
    }
    let allowed_lakes: BTreeSet<(HexId, HexId)> = match spec.lakes {
        LakeCourse::InRegions(regions) => {
            // 9.15: a lake touching the country is usable whole. Lake bodies by their id.
            let mut bodies = BTreeSet::new();
            for h in &lake_hexes {
                if h.neighbours().any(|(_, n)| map.region(n).is_some_and(|r| regions.contains(&r))) {
                    if let Some(w) = map.terrain(*h).and_then(|t| t.water()) {
                        bodies.insert(w);
                    }
                }
            }
            let in_body = |h: &HexId| map.terrain(*h).and_then(|t| t.water()).is_some_and(|w| bodies.contains(&w));
            let mut set: BTreeSet<(HexId, HexId)> =
                lake_hex_sides.iter().filter(|(a, b)| in_body(a) || in_body(b)).copied().collect();
            set.extend(lake_sides.iter().filter(|(a, b)| {
                map.region(*a).is_some_and(|r| regions.contains(&r))
                    || map.region(*b).is_some_and(|r| regions.contains(&r))
            }));
            set
        }
        LakeCourse::ContiguousToNamed => {
            // 9.14: lake water joined, corner to corner, to the named courses.
            let mut candidates: BTreeSet<(HexId, HexId)> = lake_sides.clone();
            candidates.extend(lake_hex_sides.iter().copied());
            let mut reached: BTreeSet<(HexId, HexId)> = BTreeSet::new();
            let mut frontier: Vec<(HexId, HexId)> = named_sides.iter().copied().collect();
            let mut seen: BTreeSet<(HexId, HexId)> = named_sides.clone();
            while let Some((a, b)) = frontier.pop() {
                // Hexsides meeting (a, b) at a corner: (a, c) and (b, c) for c next to both.
                for (_, c) in a.neighbours() {
                    if !c.is_adjacent(b) {
                        continue;
                    }
                    for k in [key(a, c), key(b, c)] {
                        if candidates.contains(&k) && seen.insert(k) {
                            reached.insert(k);
                            frontier.push(k);
                        }
                    }
                }
                // A lake hex's sides all belong to its lake: reaching one reaches the rest.
                for h in [a, b] {
                    if lake_hexes.contains(&h) {
                        for (_, n) in h.neighbours() {
                            let k = key(h, n);
                            if candidates.contains(&k) && seen.insert(k) {
                                reached.insert(k);
                                frontier.push(k);
                            }
                        }
                    }
                }
            }
            reached
        }
    };
    out.sides = named_sides;
    out.sides.extend(allowed_lakes.iter().copied());
    out.lake_hexes =
        lake_hexes.into_iter().filter(|h| h.neighbours().any(|(_, n)| out.sides.contains(&key(*h, n)))).collect();
    out
}
