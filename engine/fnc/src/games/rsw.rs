//! The Russo-Swedish War: what differs from the Egyptian Campaign.

use super::{Game, GameRules, LakeCourse, NavalArea, RiverCourses, RuleNumbers};
use crate::state::Side;

/// The Russo-Swedish War's own rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rsw;

const FINLAND: &[&str] = &["Finland", "Aland Isles"];
const RUSSIA: &[&str] = &["Russia"];
const GULF_OF_FINLAND: &str = "Gulf of Finland";
const GULF_OF_BOTHNIA: &str = "Gulf of Bothnia";

impl GameRules for Rsw {
    fn game(&self) -> Game {
        Game::Rsw
    }

    fn title(&self) -> &'static str {
        "The Russo-Swedish War"
    }

    fn blurb(&self) -> &'static str {
        "The Russo-Swedish War, 1808: the Russian invasion of Finland against the Swedes, 8 game turns; \
         the Russians need twice the Swedish VP at the end (15.4)"
    }

    fn setup_blurb(&self) -> &'static str {
        "the Swedes set up first in the towns and cities of Finland, two a hex, never in Sveaborg or \
         Svartholma, then the Russians anywhere in Russia (4.1, 4.2)"
    }

    fn side_colours(&self, side: Side) -> ([u8; 3], [u8; 3]) {
        // 2.5: Russian white, Swedish yellow.
        match side {
            Side::First => ([245, 245, 240], [20, 20, 20]),
            Side::Second => ([235, 200, 40], [20, 20, 60]),
        }
    }

    fn side_id(&self, side: Side) -> &'static str {
        match side {
            Side::First => "russian",
            Side::Second => "swedish",
        }
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "Russian",
            Side::Second => "Swedish",
        }
    }

    fn sets_up_first(&self) -> Side {
        // 4.1: the Swedes set up first.
        Side::Second
    }

    fn concentric_side(&self) -> Side {
        // 11.9: only the Swedes.
        Side::Second
    }

    fn ratio_side(&self) -> Side {
        // 15.4: the Russians need 2:1.
        Side::First
    }

    fn initial_owner(&self, region: Option<&str>) -> Side {
        // 15.2: Russia's locales are Russian, Finland's and the Alands' Swedish.
        if region.is_some_and(|r| RUSSIA.contains(&r)) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn home_regions(&self, side: Side) -> &'static [&'static str] {
        match side {
            Side::First => RUSSIA,
            Side::Second => FINLAND,
        }
    }

    fn first_turn_border_side(&self) -> Option<Side> {
        None
    }

    fn river_movement_allowed(&self, side: Side, winter: bool) -> bool {
        // 9.15: Swedes only, never in winter; Russians never.
        side == Side::Second && !winter
    }

    fn rule_numbers(&self) -> RuleNumbers {
        RuleNumbers { setup_first: "4.1", setup_second: "4.2", river: "9.15", naval: "10.6", box_exit: ["8.9", "8.10"] }
    }

    fn river_courses(&self) -> RiverCourses {
        // 9.15: any lake in Finland, wholly even where it leaves the country.
        RiverCourses { named: &[], lakes: LakeCourse::InRegions(FINLAND) }
    }

    fn coast_bound(&self) -> Option<(&'static str, &'static [&'static str])> {
        None
    }

    fn naval_areas(
        &self,
        side: Side,
        _turn: u8,
        _british: bool,
        naval_victory: Option<Side>,
        winter: bool,
    ) -> Vec<NavalArea> {
        // 10.5, 10.6: nothing in the winter turn; six units a turn; the loser of the naval
        // victory loses the Gulf of Finland (the Russians then have nothing).
        if winter {
            return Vec::new();
        }
        let area = |name: &str| NavalArea { name: name.into(), waters: vec![name.to_string()], capacity: 6 };
        match side {
            Side::First if naval_victory != Some(Side::Second) => vec![area(GULF_OF_FINLAND)],
            Side::First => Vec::new(),
            Side::Second if naval_victory == Some(Side::First) => vec![area(GULF_OF_BOTHNIA)],
            Side::Second => vec![area(GULF_OF_FINLAND), area(GULF_OF_BOTHNIA)],
        }
    }

    fn naval_waters(&self, side: Side, naval_victory: Option<Side>) -> Option<&'static [&'static str]> {
        // 10.6: never any Russian naval activity in the Gulf of Bothnia; 6.4 event 2: the
        // loser of the naval victory has none left in the Gulf of Finland.
        match (side, naval_victory) {
            (Side::First, Some(Side::Second)) => Some(&[]),
            (Side::First, _) => Some(&[GULF_OF_FINLAND]),
            (Side::Second, Some(Side::First)) => Some(&[GULF_OF_BOTHNIA]),
            (Side::Second, _) => None,
        }
    }

    fn box_waters(&self, box_id: &str) -> &'static [&'static str] {
        // 8.9, 8.10: both holding boxes count as ports; the Russian one on the Gulf of
        // Finland, the Swedish one (across the sea) on both gulfs.
        match box_id {
            "russian" => &[GULF_OF_FINLAND],
            "swedish" => &[GULF_OF_FINLAND, GULF_OF_BOTHNIA],
            _ => &[],
        }
    }

    fn fleet_box(&self, side: Side) -> Option<&'static str> {
        Some(match side {
            Side::First => "russian",
            Side::Second => "swedish",
        })
    }

    fn box_region(&self, _box_id: &str) -> Option<&'static str> {
        None
    }

    fn naval_areas_joined(&self, side: Side, naval_victory: Option<Side>) -> bool {
        // 10.6: one operation of at most six units a turn for the Swedes, which may go from
        // one gulf to the other until a Russian naval victory.
        side == Side::Second && naval_victory != Some(Side::First)
    }

    fn siege_trains_sail(&self, _side: Side, _british: bool) -> bool {
        true
    }

    fn setup_regions(&self, side: Side, _code: &str) -> &'static [&'static str] {
        self.home_regions(side)
    }

    fn start_hexes(&self, _side: Side) -> &'static [u16] {
        &[]
    }

    fn setup_in_towns(&self, side: Side) -> bool {
        // 4.1: Swedish units in Finnish towns and cities, two a hex; 4.2: Russians anywhere
        // in Russia within normal stacking.
        side == Side::Second
    }

    fn setup_forbidden_hexes(&self) -> &'static [u16] {
        // 4.1: not in Sveaborg or Svartholma.
        &[1210, 1311]
    }
}
