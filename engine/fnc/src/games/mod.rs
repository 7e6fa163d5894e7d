//! What differs between the two games of FNC. The rules' logic is shared; each game
//! answers these questions from its own module ([`ec`], [`rsw`]) and its data files.

pub mod combat_facts;
pub mod ec;
pub mod logistics_facts;
pub mod random_events;
pub mod rsw;

pub use crate::state::Game;
use crate::state::Side;

impl Game {
    /// The rules particular to this game.
    pub fn rules(self) -> &'static dyn GameRules {
        match self {
            Game::Ec => &ec::Ec,
            Game::Rsw => &rsw::Rsw,
        }
    }
}

/// A body of water in which a side moves amphibiously, with its capacity (10.4, 10.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavalArea {
    /// The area's name, used in the bookkeeping (`Mediterranean`, `Gulfs`...).
    pub name: String,
    /// The water bodies (by their names in `map.txt`) the area is made of.
    pub waters: Vec<String>,
    /// Units the side may move amphibiously in this area per game turn.
    pub capacity: u8,
}

/// Which lakes river, canal and lake movement may use (9.13-9.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LakeCourse {
    /// Lakes contiguous to the named rivers and canals (EC, 9.14).
    ContiguousToNamed,
    /// Any lake touching these regions, wholly (RSW, 9.15).
    InRegions(&'static [&'static str]),
}

/// The water courses RCLM may follow in a game (9.13-9.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverCourses {
    /// Names of the river and canal hexsides that qualify (`Nile`...); empty = none.
    pub named: &'static [&'static str],
    pub lakes: LakeCourse,
}

/// Rule numbers that differ between the games (see [`GameRules::rule_numbers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleNumbers {
    pub setup_first: &'static str,
    pub setup_second: &'static str,
    pub river: &'static str,
    pub naval: &'static str,
    /// The rule for leaving each side's holding box through its entry hexes, by side index
    /// (8.6 EC; 8.9 Russian, 8.10 Swedish).
    pub box_exit: [&'static str; 2],
}

/// What a game's own rules answer; the shared logic asks these instead of testing the game.
pub trait GameRules: combat_facts::CombatRules + logistics_facts::LogisticsFacts + Send + Sync {
    /// The game.
    fn game(&self) -> Game;
    /// The game's full name.
    fn title(&self) -> &'static str;
    /// One line for people choosing a scenario: years, sides, length.
    fn blurb(&self) -> &'static str {
        self.title()
    }
    /// How the players set up, for the scenario list (3.0, 4.0).
    fn setup_blurb(&self) -> &'static str {
        "each side sets up its own units"
    }
    /// A side's counter colours (2.5): background and text, as RGB.
    fn side_colours(&self, _side: Side) -> ([u8; 3], [u8; 3]) {
        ([128, 128, 128], [0, 0, 0])
    }
    /// The background colour of an allied nation's counters drawn apart from their side's
    /// (EC: the British, 8.8), by nation id.
    fn nation_colour(&self, _nation: &str) -> Option<[u8; 3]> {
        None
    }
    /// The side id used in `counters.txt` and `[sources]` (`french`, `ottoman`...).
    fn side_id(&self, side: Side) -> &'static str;
    /// The side's name for people.
    fn side_name(&self, side: Side) -> &'static str;
    /// Who sets up first (3.1, 4.1).
    fn sets_up_first(&self) -> Side;
    /// The side whose attacks may earn the concentric bonus (11.9).
    fn concentric_side(&self) -> Side;
    /// The side that wins with at least twice the other's VP at the end (14.5, 15.4).
    fn ratio_side(&self) -> Side;
    /// Who controls a locale of this region at the start, unless units hold it (14.2, 15.2).
    fn initial_owner(&self, region: Option<&str>) -> Side;
    /// The regions that make up `side`'s own country (3.2, 4.1, 4.2, 15.2).
    fn home_regions(&self, side: Side) -> &'static [&'static str];
    /// The side that may not cross a border hexside on game turn 1 (5.3).
    fn first_turn_border_side(&self) -> Option<Side>;
    /// May `side` use RCLM this turn? (9.14, 9.15).
    fn river_movement_allowed(&self, side: Side, winter: bool) -> bool;
    /// The game's own rule numbers, for refusals: its set-up rule for the side that sets up
    /// first and second (3.1/3.2, 4.1/4.2), its RCLM rule (9.14, 9.15), its amphibious
    /// capacity rule (10.4, 10.6).
    fn rule_numbers(&self) -> RuleNumbers;
    /// The courses RCLM may follow (9.14, 9.15).
    fn river_courses(&self) -> RiverCourses;
    /// The nation whose units may only be in coastal hexes, and the bodies of water (seas and
    /// lakes, by name) whose shores count as its coast (8.8, 16.0 2A).
    fn coast_bound(&self) -> Option<(&'static str, &'static [&'static str])>;
    /// The amphibious movement areas open to `side` (10.4, 10.6), given the game turn, whether
    /// the British intervened, who won RSW's naval victory and whether the turn is a winter turn.
    fn naval_areas(
        &self,
        side: Side,
        turn: u8,
        british: bool,
        naval_victory: Option<Side>,
        winter: bool,
    ) -> Vec<NavalArea>;
    /// The sea bodies (by name) a port holding box opens on, for amphibious and fleet
    /// movement (10.3, 10.4).
    fn box_waters(&self, box_id: &str) -> &'static [&'static str];
    /// The sea bodies (by name) where `side` may have naval activity of any kind (fleet
    /// movement and support, amphibious movement), given who won RSW's naval victory;
    /// `None` = every sea of the map (10.5, 10.6, 6.4 event 2).
    fn naval_waters(&self, _side: Side, _naval_victory: Option<Side>) -> Option<&'static [&'static str]> {
        None
    }
    /// The holding box a side's fleets return to after supporting an attack, ready for the
    /// next game turn (10.2).
    fn fleet_box(&self, side: Side) -> Option<&'static str>;
    /// The region an off-map box belongs to, if any (EC: Upper Egypt is in Egypt).
    fn box_region(&self, box_id: &str) -> Option<&'static str>;
    /// May one amphibious movement start in one area and end in another? (10.4, 10.6).
    fn naval_areas_joined(&self, side: Side, naval_victory: Option<Side>) -> bool;
    /// May siege trains of `side` move amphibiously? (10.7).
    fn siege_trains_sail(&self, side: Side, british: bool) -> bool;
    /// The region a regional start code (`start-egypt`, `start-sp`, `start-any`) allows for
    /// `side`'s set-up; `None` = the side's home regions.
    fn setup_regions(&self, side: Side, code: &str) -> &'static [&'static str];
    /// The hexes where `start` units of `side` set up (3.1).
    fn start_hexes(&self, side: Side) -> &'static [u16];
    /// Must `start-any`-style units of `side` be set up in towns and cities, at most two a hex
    /// (3.2, 4.1)? Otherwise anywhere in the regions within normal stacking (4.2).
    fn setup_in_towns(&self, side: Side) -> bool;
    /// Hexes where regional start units may not be set up (4.1).
    fn setup_forbidden_hexes(&self) -> &'static [u16];
}
