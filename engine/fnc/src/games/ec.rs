//! The Egyptian Campaign: what differs from the Russo-Swedish War.

use super::{Game, GameRules, LakeCourse, NavalArea, RiverCourses, RuleNumbers};
use crate::state::Side;

/// The Egyptian Campaign's own rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ec;

const EGYPT: &str = "Egypt";
const SYRIA_PALESTINE: &str = "Syria-Palestine";
/// Sea bodies of the two EC amphibious areas (10.4), by their names in `map.txt`.
const MEDITERRANEAN: &[&str] = &["Mediterranean", "Mediterranean Sea"];
const GULFS: &[&str] = &["Gulfs of Suez and Aqaba", "Gulf of Suez", "Gulf of Aqaba", "Red Sea"];

impl GameRules for Ec {
    fn game(&self) -> Game {
        Game::Ec
    }

    fn title(&self) -> &'static str {
        "The Egyptian Campaign"
    }

    fn blurb(&self) -> &'static str {
        "The Egyptian Campaign, 1798-99: the French Army of the Orient against the Ottomans (and the \
         British, if they intervene), 11 game turns; the French need twice the Ottoman VP at the end (14.5)"
    }

    fn setup_blurb(&self) -> &'static str {
        "the French set up first in 1028, Alexandria (1127) and 1227, then the Ottomans in the towns and \
         cities of Egypt and Syria-Palestine, two a hex (3.1, 3.2)"
    }

    fn side_colours(&self, side: Side) -> ([u8; 3], [u8; 3]) {
        // 2.5: French blue, Ottoman green.
        match side {
            Side::First => ([40, 80, 170], [255, 255, 255]),
            Side::Second => ([40, 130, 60], [255, 255, 255]),
        }
    }

    fn nation_colour(&self, nation: &str) -> Option<[u8; 3]> {
        // 8.8: the British fight on the Ottoman side, drawn in their own red.
        (nation == "british").then_some([190, 30, 40])
    }

    fn side_id(&self, side: Side) -> &'static str {
        match side {
            Side::First => "french",
            Side::Second => "ottoman",
        }
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "French",
            Side::Second => "Ottoman",
        }
    }

    fn sets_up_first(&self) -> Side {
        // 3.1: the French set up first.
        Side::First
    }

    fn concentric_side(&self) -> Side {
        // 11.9: only the French.
        Side::First
    }

    fn ratio_side(&self) -> Side {
        // 14.5: the French need 2:1.
        Side::First
    }

    fn initial_owner(&self, _region: Option<&str>) -> Side {
        // 14.2: the Ottomans control every locale the French did not set up in.
        Side::Second
    }

    fn home_regions(&self, side: Side) -> &'static [&'static str] {
        match side {
            Side::First => &[EGYPT],
            Side::Second => &[EGYPT, SYRIA_PALESTINE],
        }
    }

    fn first_turn_border_side(&self) -> Option<Side> {
        // 5.3: no Ottoman unit crosses the Egypt/Syria-Palestine border on turn 1.
        Some(Side::Second)
    }

    fn river_movement_allowed(&self, _side: Side, _winter: bool) -> bool {
        // 9.14: both sides, every turn.
        true
    }

    fn rule_numbers(&self) -> RuleNumbers {
        RuleNumbers { setup_first: "3.1", setup_second: "3.2", river: "9.14", naval: "10.4", box_exit: ["8.6", "8.6"] }
    }

    fn river_courses(&self) -> RiverCourses {
        // 9.14: the Nile, the Yussef Canal and the lakes contiguous to them.
        RiverCourses { named: &["Nile", "Yussef Canal", "Yussef"], lakes: LakeCourse::ContiguousToNamed }
    }

    fn coast_bound(&self) -> Option<(&'static str, &'static [&'static str])> {
        // 8.8 and 16.0 2A: British units stay on the Mediterranean coast (not the gulfs) or the
        // shores of Lakes Bourlos and Menzoleh.
        Some(("british", &["Mediterranean", "Lake Bourlos", "Lake Menzoleh", "Lake Burullus", "Lake Manzala"]))
    }

    fn naval_areas(
        &self,
        side: Side,
        turn: u8,
        british: bool,
        _naval_victory: Option<Side>,
        _winter: bool,
    ) -> Vec<NavalArea> {
        // 10.4: only the Ottoman side, from turn 2: 6 units in the Mediterranean (12 after the
        // British intervene) and 6 in the gulfs.
        if side != Side::Second || turn < 2 {
            return Vec::new();
        }
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
        vec![
            NavalArea {
                name: "Mediterranean".into(),
                waters: names(MEDITERRANEAN),
                capacity: if british { 12 } else { 6 },
            },
            NavalArea { name: "Gulfs".into(), waters: names(GULFS), capacity: 6 },
        ]
    }

    fn box_waters(&self, box_id: &str) -> &'static [&'static str] {
        // 10.4: from the Anatolian box onto the Mediterranean; never from Upper Egypt.
        match box_id {
            "anatolia" => MEDITERRANEAN,
            _ => &[],
        }
    }

    fn fleet_box(&self, side: Side) -> Option<&'static str> {
        // The Ottoman fleet (and the British squadron on its side) comes from Anatolia.
        (side == Side::Second).then_some("anatolia")
    }

    fn box_region(&self, box_id: &str) -> Option<&'static str> {
        // The Upper Egypt box is part of Egypt (6.3 event 3: Infighting in Egypt).
        (box_id == "upper-egypt").then_some(EGYPT)
    }

    fn naval_areas_joined(&self, _side: Side, _naval_victory: Option<Side>) -> bool {
        // 10.4: never between the Mediterranean and the gulfs.
        false
    }

    fn siege_trains_sail(&self, side: Side, british: bool) -> bool {
        // 10.7: Ottoman siege trains only after British intervention.
        side == Side::First || british
    }

    fn setup_regions(&self, side: Side, code: &str) -> &'static [&'static str] {
        match code {
            "start-egypt" => &[EGYPT],
            "start-sp" => &[SYRIA_PALESTINE],
            _ => self.home_regions(side),
        }
    }

    fn start_hexes(&self, side: Side) -> &'static [u16] {
        // 3.1: the French "Start" units land in 1028, Alexandria (1127) and 1227.
        match side {
            Side::First => &[1028, 1127, 1227],
            Side::Second => &[],
        }
    }

    fn setup_in_towns(&self, _side: Side) -> bool {
        // 3.2: towns and cities, at most two units a hex.
        true
    }

    fn setup_forbidden_hexes(&self) -> &'static [u16] {
        &[]
    }
}
