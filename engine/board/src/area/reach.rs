//! Shortest paths counted in areas (breadth-first), over land only or also by sea.

use crate::area::{AreaMap, Crossing};
use std::collections::{BTreeMap, VecDeque};

/// Which sea crossing arrows a path may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Straits {
    /// None: only ordinary and river borders.
    None,
    /// The standard arrows (7.3.1.3.3), not the optional ones of 12.2.1.
    Standard,
    /// Every arrow, the optional ones included.
    All,
}

/// What a path may cross. Every step (into a land area, or into a sea zone when `sea` is
/// set) counts one; terrain, rivers and arrows cost nothing extra here: these are distances
/// in areas (repatriation to the nearest area, 4.4.6.2; depots within two areas, 7.2.3;
/// supply routes of up to three areas, 7.4.2.1.1), not movement costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reach {
    pub straits: Straits,
    /// Whether a path may leave a coastal area into a sea zone it touches, move between linked
    /// sea zones and land on any area those zones touch.
    pub sea: bool,
}

impl Reach {
    /// Over land borders and the standard sea crossing arrows, never by sea.
    pub const LAND: Reach = Reach { straits: Straits::Standard, sea: false };
    /// Over land borders only: no arrows, no sea.
    pub const LAND_ONLY: Reach = Reach { straits: Straits::None, sea: false };
    /// Anywhere: land borders, every arrow, coasts and sea zones.
    pub const ANYWHERE: Reach = Reach { straits: Straits::All, sea: true };

    fn allows(&self, crossing: &Crossing) -> bool {
        match crossing {
            Crossing::None | Crossing::River => true,
            Crossing::Strait { optional, .. } => match self.straits {
                Straits::None => false,
                Straits::Standard => !optional,
                Straits::All => true,
            },
        }
    }
}

impl AreaMap {
    /// The places one step from `place` (a land area or a sea zone) under `reach`, ascending.
    pub fn steps(&self, place: &str, reach: Reach) -> Vec<&str> {
        let mut next: Vec<&str> = Vec::new();
        if self.areas.contains_key(place) {
            next.extend(self.neighbours(place).iter().filter(|b| reach.allows(&b.crossing)).map(|b| b.to.as_str()));
            if reach.sea {
                next.extend(self.coastal_seas(place).iter().map(String::as_str));
            }
        } else if reach.sea && self.seas.contains_key(place) {
            next.extend(self.sea_neighbours(place).iter().map(String::as_str));
            next.extend(self.shore(place).iter().map(String::as_str));
        }
        next.sort_unstable();
        next.dedup();
        next
    }

    /// The distance in steps from `from` to every place reachable under `reach`, `from`
    /// itself at 0 (sea zones are included only when `reach.sea`). Empty for an unknown id.
    pub fn distances(&self, from: &str, reach: Reach) -> BTreeMap<&str, u32> {
        self.search(from, reach).into_iter().map(|(place, (distance, _))| (place, distance)).collect()
    }

    /// The distance in steps from `a` to `b` under `reach`, or `None` if `b` cannot be reached.
    pub fn distance(&self, a: &str, b: &str, reach: Reach) -> Option<u32> {
        self.search(a, reach).get(b).map(|(distance, _)| *distance)
    }

    /// A shortest path from `a` to `b` under `reach`, both ends included; among shortest paths,
    /// the one whose places are earliest in id order, step by step from `a`. `None` if `b`
    /// cannot be reached.
    pub fn path(&self, a: &str, b: &str, reach: Reach) -> Option<Vec<&str>> {
        let found = self.search(a, reach);
        let mut place = *found.keys().find(|p| **p == b)?;
        let mut path = vec![place];
        while let Some((_, Some(previous))) = found.get(place) {
            path.push(previous);
            place = previous;
        }
        path.reverse();
        Some(path)
    }

    /// Breadth-first search from `from`: each reached place with its distance and predecessor.
    fn search(&self, from: &str, reach: Reach) -> BTreeMap<&str, (u32, Option<&str>)> {
        let mut found: BTreeMap<&str, (u32, Option<&str>)> = BTreeMap::new();
        let key =
            self.areas.get_key_value(from).map(|(k, _)| k).or_else(|| self.seas.get_key_value(from).map(|(k, _)| k));
        let Some(start) = key.map(String::as_str) else {
            return found;
        };
        found.insert(start, (0, None));
        let mut queue = VecDeque::from([start]);
        while let Some(place) = queue.pop_front() {
            let distance = found.get(place).map_or(0, |(d, _)| *d);
            for next in self.steps(place, reach) {
                if !found.contains_key(next) {
                    found.insert(next, (distance + 1, Some(place)));
                    queue.push_back(next);
                }
            }
        }
        found
    }
}
