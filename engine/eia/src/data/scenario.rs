//! Scenarios (`data/scenario-1805.txt`; docs/DATA_FORMAT.md, "Empires in Arms data files:
//! cards, leaders, scenarios"): the months a scenario is played, its sides, wars and
//! alliances, the state of every minor country, the forces on the map at the start (corps,
//! garrisons, fleets, depots, leaders), each power's money, the reinforcements of each month
//! and the victory conditions (13.1's format: setup 13.1.1, starting money 13.1.2, control
//! 13.1.3). The scenario rules themselves (13.21 onwards) are not in the rule text Grognard
//! has: each scenario file is a reconstruction and its header says how it was made.
//!
//! [`Scenario::parse`] reads a scenario against the map, the national cards and the leaders,
//! and refuses it whole, naming the line, when a placement breaks a rule the text states (a
//! corps over its card, a garrison over its city, a fleet in a port it may not use, ...). The
//! lexical layer is [`grognard_board::text`].

use crate::data::cards::{
    check_id, exact_columns, parse_count, parse_owner, parse_power, Factors, NationalCards, Owner,
};
use crate::data::leaders::Leaders;
use crate::{FactorKind, Power};
use grognard_board::area::NationKind;
use grognard_board::text::{labelled, split_named, Line, Section, Sections};
use grognard_board::{AreaMap, MapError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The text of the built-in 1805 scenario.
pub const SCENARIO_1805_TEXT: &str = include_str!("../../data/scenario-1805.txt");

/// The text of the built-in 1809 scenario (13.3, reconstructed).
pub const SCENARIO_1809_TEXT: &str = include_str!("../../data/scenario-1809.txt");

/// The text of the built-in 1812 scenario (13.4, reconstructed).
pub const SCENARIO_1812_TEXT: &str = include_str!("../../data/scenario-1812.txt");

/// The text of the built-in 1813-1814 scenario (13.5, reconstructed).
pub const SCENARIO_1813_TEXT: &str = include_str!("../../data/scenario-1813.txt");

/// The text of the built-in Peninsular War scenario (13.6, reconstructed).
pub const SCENARIO_PENINSULAR_TEXT: &str = include_str!("../../data/scenario-peninsular.txt");

/// The built-in scenarios: id, file name in `engine/eia/data/` and text, in the order the
/// scenario list shows them.
pub const BUILTIN_SCENARIOS: [(&str, &str, &str); 5] = [
    ("1805", "scenario-1805.txt", SCENARIO_1805_TEXT),
    ("1809", "scenario-1809.txt", SCENARIO_1809_TEXT),
    ("1812", "scenario-1812.txt", SCENARIO_1812_TEXT),
    ("1813", "scenario-1813.txt", SCENARIO_1813_TEXT),
    ("peninsular", "scenario-peninsular.txt", SCENARIO_PENINSULAR_TEXT),
];

/// The sections of a scenario file.
const SECTIONS: [&str; 15] = [
    "scenario",
    "sides",
    "wars",
    "alliances",
    "minors",
    "held",
    "corps",
    "garrisons",
    "fleets",
    "depots",
    "leaders",
    "money",
    "reinforcements",
    "victory",
    "objectives",
];

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

// ---- the time record ---------------------------------------------------------------------------

/// A game month, the length of a turn (3.0), on the time record of the status card (2.4.3.1):
/// January 1805 to December 1815. Written `1805-09` in data files; ordered in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Month {
    year: u16,
    month: u8,
}

impl Month {
    /// The first year of the game (1.0: 1805 to 1815).
    pub const FIRST_YEAR: u16 = 1805;
    /// The last year of the game.
    pub const LAST_YEAR: u16 = 1815;

    /// The month `month` (1-12) of `year`, if both are on the time record.
    pub fn new(year: u16, month: u8) -> Option<Month> {
        ((Month::FIRST_YEAR..=Month::LAST_YEAR).contains(&year) && (1..=12).contains(&month))
            .then_some(Month { year, month })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month of the year, 1 (January) to 12 (December).
    pub fn month(self) -> u8 {
        self.month
    }

    /// Reads `YYYY-MM`.
    pub fn parse(text: &str) -> Result<Month, String> {
        let bad = || format!("`{text}` is not a month YYYY-MM from 1805-01 to 1815-12 (2.4.3.1)");
        let (year, month) = text.split_once('-').ok_or_else(bad)?;
        if year.len() != 4 || month.len() != 2 {
            return Err(bad());
        }
        let year = year.parse::<u16>().map_err(|_| bad())?;
        let month = month.parse::<u8>().map_err(|_| bad())?;
        Month::new(year, month).ok_or_else(bad)
    }

    /// The next month, if still on the time record.
    pub fn next(self) -> Option<Month> {
        if self.month == 12 {
            Month::new(self.year + 1, 1)
        } else {
            Month::new(self.year, self.month + 1)
        }
    }

    /// The data file notation, `1805-09`.
    pub fn id(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }
}

impl fmt::Display for Month {
    /// `September 1805`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = MONTH_NAMES.get(usize::from(self.month) - 1).copied().unwrap_or("?");
        write!(f, "{name} {}", self.year)
    }
}

impl TryFrom<String> for Month {
    type Error = String;
    fn try_from(text: String) -> Result<Month, String> {
        Month::parse(&text)
    }
}

impl From<Month> for String {
    fn from(month: Month) -> String {
        month.id()
    }
}

// ---- the scenario ------------------------------------------------------------------------------

/// The state of a minor country at the start of a scenario (13.1.3, 4.6, 4.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MinorState {
    /// Neutral: no major power runs it and its forces are not on the map (4.6).
    Neutral,
    /// A minor free state run by the power, with forces of its own (4.6.3.1).
    FreeState(Power),
    /// A conquered minor country controlled by the power, without forces (4.6.3.1, 10.2.1).
    Conquered(Power),
}

impl MinorState {
    /// The controlling power, if any.
    pub fn controller(&self) -> Option<Power> {
        match self {
            MinorState::Neutral => None,
            MinorState::FreeState(power) | MinorState::Conquered(power) => Some(*power),
        }
    }
}

/// A land area held at the start by a nation other than the one the map gives it (13.1.3): a
/// province ceded by an earlier peace (B.7, C.4, 4.4.6.4), or an area occupied by an army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The nation holding it: a major power or a minor country of the map.
    pub holder: String,
    /// Ceded by a peace (no later peace gives it back, 4.4.6.2), rather than only occupied.
    pub ceded: bool,
}

/// A corps on the map at the start (13.1.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsPlacement {
    /// The national card's id.
    pub card: String,
    /// The land area.
    pub area: String,
    /// Inside the area's city rather than in the field (7.3.3, 7.3.4).
    pub in_city: bool,
    /// Its factors, within the card (2.4.2.1.1).
    pub factors: Factors,
}

/// A garrison at the start: factors in a city (7.3.3.3), within its capacity (7.3.3.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Garrison {
    pub owner: Owner,
    /// The area of the city.
    pub city: String,
    pub factors: Factors,
}

/// Where a fleet is (6.2.1.2): in a port, at sea, or in a port's blockade box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FleetLocation {
    /// In the port of this land area.
    Port(String),
    /// In this sea zone.
    Sea(String),
    /// In the blockade box of the port of this land area.
    Blockade(String),
}

impl fmt::Display for FleetLocation {
    /// The data file notation: `cadiz`, `gulf-of-cadiz`, `blockade:cadiz`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FleetLocation::Port(area) => f.write_str(area),
            FleetLocation::Sea(sea) => f.write_str(sea),
            FleetLocation::Blockade(area) => write!(f, "blockade:{area}"),
        }
    }
}

/// A fleet on the map at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetPlacement {
    /// The national card's id.
    pub card: String,
    pub at: FleetLocation,
    /// Its ships, at most the card's capacity (2.4.2.1.1).
    pub ships: u16,
}

/// A depot on the map at the start (7.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depot {
    pub power: Power,
    pub area: String,
}

/// A power's money (13.1.2, 5.2.5): money points at the start, and the money that arrives in
/// each month's Army Reinforcement Step, the first month's included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    pub start: u16,
    pub monthly: u16,
}

/// A reinforcement (5.2.1.1, 5.2.2.1, 5.3): in its month's Army Reinforcement Step, factors
/// (and possibly a corps counter, which receives them, and leaders) arrive in an area. Factors
/// without a corps go to corps or garrisons in the area; what cannot be placed is lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    pub month: Month,
    pub owner: Owner,
    pub area: String,
    /// A corps counter entering the map, holding the factors.
    pub corps: Option<String>,
    pub factors: Factors,
    /// Leaders arriving (with the corps if there is one, else with any corps of their power in
    /// the area, 5.3).
    pub leaders: Vec<String>,
}

/// The victory conditions (reconstructed, R13.21 for 1805, R13.3-R13.6 for the others): at the
/// end of the last month the scorer side earns the points of each objective city it controls;
/// with at least `needed` it wins, otherwise the side `otherwise` wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Victory {
    /// The reconstructed rule the conditions stand for, cited in the result (`R13.21`).
    #[serde(default = "default_victory_rule")]
    pub rule: String,
    /// The side that scores.
    pub scorer: String,
    /// The side that wins when the scorer falls short.
    pub otherwise: String,
    /// The points the scorer needs.
    pub needed: u16,
    /// Objective cities (by area) and their points.
    pub objectives: BTreeMap<String, u16>,
}

/// A scenario: the political situation, the forces at the start and what comes later (13.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// Stable id, e.g. `1805`.
    pub id: String,
    pub name: String,
    /// The first month played (2.4.3.1).
    pub first: Month,
    /// The last month played.
    pub last: Month,
    /// The sides, by id, each with its major powers; every power is on exactly one side
    /// (scenarios are for two players, 13.0; a neutral power is a side of its own).
    pub sides: BTreeMap<String, Vec<Power>>,
    /// Pairs of powers at war, each written (lower, higher) in `Power` order.
    pub wars: BTreeSet<(Power, Power)>,
    /// Pairs of allied powers, each written (lower, higher).
    pub alliances: BTreeSet<(Power, Power)>,
    /// Every minor country of the map and its state.
    pub minors: BTreeMap<String, MinorState>,
    /// Land areas held at the start by a nation other than the map's, by area (`[held]`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<String, Held>,
    /// The corps on the map, by card id.
    pub corps: BTreeMap<String, CorpsPlacement>,
    pub garrisons: Vec<Garrison>,
    /// The fleets on the map, by card id.
    pub fleets: BTreeMap<String, FleetPlacement>,
    pub depots: Vec<Depot>,
    /// Each leader on the map and the corps or fleet card he is with.
    pub leaders: BTreeMap<String, String>,
    /// Every power's money.
    pub money: BTreeMap<Power, Money>,
    /// Reinforcements in month order.
    pub reinforcements: Vec<Reinforcement>,
    pub victory: Victory,
    /// A campaign game (14.0, `data/campaign.rs`): every campaign rule is played and victory
    /// is by victory points (8.1.3).
    #[serde(default)]
    pub campaign: bool,
}

fn default_victory_rule() -> String {
    "R13.21".to_string()
}

fn pair(a: Power, b: Power) -> (Power, Power) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Scenario {
    /// Parses a scenario file against the map, the national cards and the leaders. Refuses the
    /// whole file on any error, naming the line.
    pub fn parse(text: &str, map: &AreaMap, cards: &NationalCards, leaders: &Leaders) -> Result<Scenario, MapError> {
        Reader { map, cards, leaders }.read(text)
    }

    /// The built-in 1805 scenario, read against the built-in map, cards and leaders.
    pub fn builtin_1805() -> Result<Scenario, MapError> {
        let map = crate::map::europe()?;
        let cards = NationalCards::parse(crate::data::cards::CARDS_TEXT, &map)?;
        let leaders = Leaders::builtin()?;
        Scenario::parse(SCENARIO_1805_TEXT, &map, &cards, &leaders)
    }

    /// The side `power` is on.
    pub fn side_of(&self, power: Power) -> Option<&str> {
        self.sides.iter().find(|(_, powers)| powers.contains(&power)).map(|(id, _)| id.as_str())
    }

    /// Are `a` and `b` at war?
    pub fn at_war(&self, a: Power, b: Power) -> bool {
        self.wars.contains(&pair(a, b))
    }

    /// Are `a` and `b` allied?
    pub fn allied(&self, a: Power, b: Power) -> bool {
        self.alliances.contains(&pair(a, b))
    }

    /// The power controlling a nation: a major power controls itself, a minor country is
    /// controlled by the power running it (none if neutral).
    pub fn controller(&self, nation: &str) -> Option<Power> {
        Power::from_id(nation).or_else(|| self.minors.get(nation).and_then(MinorState::controller))
    }

    /// The power controlling an owner's forces: the power itself, or the power running a minor
    /// free state (none for a neutral or conquered minor, which has no forces on the map).
    pub fn force_controller(&self, owner: &Owner) -> Option<Power> {
        match owner {
            Owner::Major(power) => Some(*power),
            Owner::Minor(id) => match self.minors.get(id) {
                Some(MinorState::FreeState(power)) => Some(*power),
                _ => None,
            },
        }
    }

    /// The nation holding land area `area` at the start: its `[held]` holder, else the nation
    /// the map gives it (`map_nation`).
    pub fn area_nation<'a>(&'a self, area: &str, map_nation: &'a str) -> &'a str {
        self.held.get(area).map_or(map_nation, |h| h.holder.as_str())
    }

    /// Is the nation `nation` friendly ground for `power`: its own, controlled by it, or
    /// controlled by an ally?
    pub fn friendly(&self, power: Power, nation: &str) -> bool {
        self.controller(nation).is_some_and(|c| c == power || self.allied(power, c))
    }
}

/// The reader of one scenario file.
struct Reader<'a> {
    map: &'a AreaMap,
    cards: &'a NationalCards,
    leaders: &'a Leaders,
}

impl Reader<'_> {
    fn read(&self, text: &str) -> Result<Scenario, MapError> {
        let sections = split_named(text, &SECTIONS)?;
        let header = sections.required("scenario")?;
        let keys = key_values(header, &["id", "name", "first", "last"])?;
        let (id_line, id) = keys["id"];
        if id.is_empty()
            || id.len() > 40
            || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(id_line.error(format!("scenario id `{id}` must be lower-case letters, digits or '-'")));
        }
        let (_, name) = keys["name"];
        let (first_line, first) = keys["first"];
        let first = Month::parse(first).map_err(|m| first_line.error(m))?;
        let (last_line, last) = keys["last"];
        let last = Month::parse(last).map_err(|m| last_line.error(m))?;
        if last < first {
            return Err(last_line.error(format!("the last month ({last}) comes before the first ({first})")));
        }
        let mut scenario = Scenario {
            id: id.to_string(),
            name: name.to_string(),
            first,
            last,
            sides: BTreeMap::new(),
            wars: BTreeSet::new(),
            alliances: BTreeSet::new(),
            minors: BTreeMap::new(),
            held: BTreeMap::new(),
            corps: BTreeMap::new(),
            garrisons: Vec::new(),
            fleets: BTreeMap::new(),
            depots: Vec::new(),
            leaders: BTreeMap::new(),
            money: BTreeMap::new(),
            reinforcements: Vec::new(),
            victory: Victory {
                rule: default_victory_rule(),
                scorer: String::new(),
                otherwise: String::new(),
                needed: 0,
                objectives: BTreeMap::new(),
            },
            campaign: false,
        };
        self.read_sides(&sections, &mut scenario)?;
        self.read_relations(&sections, &mut scenario)?;
        self.read_minors(&sections, &mut scenario)?;
        self.read_held(&sections, &mut scenario)?;
        let mut cities = CityLoads::default();
        self.read_corps(&sections, &mut scenario, &mut cities)?;
        self.read_garrisons(&sections, &mut scenario, &mut cities)?;
        self.read_fleets(&sections, &mut scenario)?;
        self.read_depots(&sections, &mut scenario)?;
        self.read_leaders(&sections, &mut scenario)?;
        self.read_money(&sections, &mut scenario)?;
        self.read_reinforcements(&sections, &mut scenario)?;
        self.read_victory(&sections, &mut scenario)?;
        Ok(scenario)
    }

    fn read_sides(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        let section = sections.required("sides")?;
        let mut seen: BTreeMap<Power, String> = BTreeMap::new();
        for line in &section.lines {
            let (side, rest) = labelled(line, "side")?;
            check_id(line, side, "side")?;
            if s.sides.contains_key(side) {
                return Err(line.error(format!("side `{side}` is listed twice")));
            }
            let mut powers = Vec::new();
            for word in rest.split_whitespace() {
                let power = parse_power(line, word)?;
                if let Some(other) = seen.get(&power) {
                    return Err(line.error(format!("{power} is already on side `{other}`")));
                }
                seen.insert(power, side.to_string());
                powers.push(power);
            }
            if powers.is_empty() {
                return Err(line.error(format!("side `{side}` has no power")));
            }
            s.sides.insert(side.to_string(), powers);
        }
        if let Some(missing) = Power::ALL.into_iter().find(|p| !seen.contains_key(p)) {
            return Err(MapError::new(section.header, format!("[sides] puts {missing} on no side")));
        }
        Ok(())
    }

    /// [wars] and [alliances]: `power: other powers`.
    fn read_relations(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        for (name, war) in [("wars", true), ("alliances", false)] {
            for line in sections.lines(name) {
                let (power, rest) = labelled(line, "power")?;
                let a = parse_power(line, power)?;
                for word in rest.split_whitespace() {
                    let b = parse_power(line, word)?;
                    if a == b {
                        return Err(line.error(format!("{a} cannot be its own enemy or ally")));
                    }
                    let same_side = s.side_of(a) == s.side_of(b);
                    if war && same_side {
                        return Err(line.error(format!("{a} and {b} are on the same side and cannot be at war")));
                    }
                    if !war && !same_side {
                        return Err(line.error(format!("{a} and {b} are on different sides and cannot be allies")));
                    }
                    if !war && s.at_war(a, b) {
                        return Err(line.error(format!("4.5.2: {a} and {b} are at war and cannot ally")));
                    }
                    let set = if war { &mut s.wars } else { &mut s.alliances };
                    if !set.insert(pair(a, b)) {
                        return Err(line.error(format!("{a} and {b} are written twice in [{name}]")));
                    }
                }
            }
        }
        Ok(())
    }

    /// [minors]: `nation state controller`; unlisted minor countries are neutral.
    fn read_minors(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        let mut lines: BTreeMap<String, usize> = BTreeMap::new();
        for line in sections.lines("minors") {
            let [nation, state, controller] = exact_columns::<3>(line, "nation state controller")?;
            if self.map.nation(nation).is_none_or(|n| n.kind != NationKind::Minor) {
                return Err(line.error(format!("`{nation}` is not a minor country of the map's [nations]")));
            }
            if let Some(first) = lines.get(nation) {
                return Err(line.error(format!("minor country `{nation}` is listed twice (first at line {first})")));
            }
            lines.insert(nation.to_string(), line.number);
            let state = match (state, controller) {
                ("neutral", "-") => MinorState::Neutral,
                ("neutral", _) => return Err(line.error("a neutral minor country has no controller: write -")),
                ("free-state", c) => MinorState::FreeState(parse_power(line, c)?),
                ("conquered", c) => MinorState::Conquered(parse_power(line, c)?),
                (other, _) => {
                    return Err(line.error(format!("state `{other}` is not neutral, free-state or conquered (4.6)")))
                }
            };
            s.minors.insert(nation.to_string(), state);
        }
        for nation in self.map.nations().filter(|n| n.kind == NationKind::Minor) {
            s.minors.entry(nation.id.clone()).or_insert(MinorState::Neutral);
        }
        Ok(())
    }

    /// [held]: `area holder ceded|occupied`: a land area that starts controlled by another nation
    /// than the map's (13.1.3): ceded by an earlier peace (B.7, C.4) or occupied by an army.
    fn read_held(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        for line in sections.lines("held") {
            let [area, holder, how] = exact_columns::<3>(line, "area holder how")?;
            let Some(found) = self.map.area(area) else {
                return Err(line.error(format!("unknown land area `{area}` (the map's [areas])")));
            };
            if self.map.nation(holder).is_none() {
                return Err(line.error(format!("`{holder}` is neither a major power nor a minor country of the map")));
            }
            if found.nation == holder {
                return Err(line.error(format!("`{area}` is already {holder}'s on the map: nothing to hold")));
            }
            let ceded = match how {
                "ceded" => true,
                "occupied" => false,
                other => return Err(line.error(format!("`{other}` is neither ceded (B.7, C.4) nor occupied"))),
            };
            let held = Held { holder: holder.to_string(), ceded };
            if s.held.insert(area.to_string(), held).is_some() {
                return Err(line.error(format!("`{area}` is held twice")));
            }
        }
        Ok(())
    }

    /// Checks that forces of `owner` may be set up in `area` and returns the power controlling
    /// them. Minor countries' forces are on the map only for free states (4.6.3.1); a minor
    /// country's garrisons stay in its own country (7.3.3.1.1, 7.3.3.3); other forces stand on
    /// friendly ground: their power's, controlled by it, or an ally's.
    fn placement(
        &self,
        line: &Line<'_>,
        s: &Scenario,
        owner: &Owner,
        area: &str,
        garrison: bool,
    ) -> Result<Power, MapError> {
        let Some(found) = self.map.area(area) else {
            return Err(line.error(format!("unknown land area `{area}` (the map's [areas])")));
        };
        let Some(controller) = s.force_controller(owner) else {
            return Err(line.error(format!(
                "4.6, 4.6.3.1: {owner} is not a free state in this scenario, so it has no forces on the map"
            )));
        };
        let nation = s.area_nation(area, &found.nation);
        if let Owner::Minor(minor) = owner {
            if garrison && nation != minor {
                return Err(
                    line.error(format!("7.3.3.1.1: {owner}'s garrisons stay in {owner}; `{area}` is held by {nation}"))
                );
            }
        }
        if !s.friendly(controller, nation) {
            return Err(line.error(format!(
                "`{area}` is held by {nation}, which is neither {controller}'s, controlled by it, nor an ally's"
            )));
        }
        Ok(controller)
    }

    fn read_corps(&self, sections: &Sections<'_>, s: &mut Scenario, cities: &mut CityLoads) -> Result<(), MapError> {
        for line in sections.lines("corps") {
            let [card_id, area, factors, flags] = exact_columns::<4>(line, "card area factors flags")?;
            let Some(card) = self.cards.corps_card(card_id) else {
                return Err(line.error(format!("corps `{card_id}` is not on the national cards")));
            };
            if s.corps.contains_key(card_id) {
                return Err(line.error(format!("corps `{card_id}` is placed twice")));
            }
            self.placement(line, s, &card.owner, area, false)?;
            let factors = Factors::parse(factors).map_err(|m| line.error(format!("factors: {m}")))?;
            card.capacity
                .check(&factors, s.first)
                .map_err(|m| line.error(format!("2.4.2.1.1: corps `{card_id}` is over its card: {m}")))?;
            let in_city = match flags {
                "-" => false,
                "city" => true,
                other => return Err(line.error(format!("flags `{other}` are not - or city"))),
            };
            if in_city {
                cities.add(self.map, line, area, u32::from(factors.total()))?;
            }
            s.corps.insert(
                card_id.to_string(),
                CorpsPlacement { card: card_id.to_string(), area: area.to_string(), in_city, factors },
            );
        }
        Ok(())
    }

    fn read_garrisons(
        &self,
        sections: &Sections<'_>,
        s: &mut Scenario,
        cities: &mut CityLoads,
    ) -> Result<(), MapError> {
        let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
        for line in sections.lines("garrisons") {
            let [owner, city, factors] = exact_columns::<3>(line, "owner city factors")?;
            let owner = parse_owner(line, owner, self.map)?;
            self.placement(line, s, &owner, city, true)?;
            if !seen.insert((owner.id().to_string(), city.to_string())) {
                return Err(line.error(format!("{owner}'s garrison in `{city}` is written twice")));
            }
            let factors = Factors::parse(factors).map_err(|m| line.error(format!("factors: {m}")))?;
            if let Some((kind, _)) = factors.iter().find(|(kind, _)| !kind.may_garrison()) {
                return Err(line.error(format!("7.3.3.3: {kind} factors may not garrison a city")));
            }
            cities.add(self.map, line, city, u32::from(factors.total()))?;
            s.garrisons.push(Garrison { owner, city: city.to_string(), factors });
        }
        Ok(())
    }

    fn read_fleets(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        for line in sections.lines("fleets") {
            let [card_id, at, ships] = exact_columns::<3>(line, "card where ships")?;
            let Some(card) = self.cards.fleet_card(card_id) else {
                return Err(line.error(format!("fleet `{card_id}` is not on the national cards")));
            };
            if s.fleets.contains_key(card_id) {
                return Err(line.error(format!("fleet `{card_id}` is placed twice")));
            }
            let Some(controller) = s.force_controller(&card.owner) else {
                return Err(line.error(format!(
                    "4.6, 4.6.3.1: {} is not a free state in this scenario, so it has no forces on the map",
                    card.owner
                )));
            };
            let ships = parse_count(ships, 1, 999)
                .ok_or_else(|| line.error(format!("`{ships}` is not a number of ships of at least 1 (6.3.6)")))?;
            if ships > card.ships {
                return Err(line
                    .error(format!("2.4.2.1.1: {ships} ships exceed fleet `{card_id}`'s capacity of {}", card.ships)));
            }
            let at = self.fleet_location(line, s, &card.owner, controller, at)?;
            s.fleets.insert(card_id.to_string(), FleetPlacement { card: card_id.to_string(), at, ships });
        }
        Ok(())
    }

    /// Reads and checks a fleet's place: a friendly (or allied) port, 6.2.1.2; a sea zone
    /// (the Dardanelles only by leave of Constantinople's holder, 6.2.1.3); the blockade box of
    /// an enemy port (6.2.7). A minor free state's fleet starts in or next to its own ports
    /// (4.6.3.5).
    fn fleet_location(
        &self,
        line: &Line<'_>,
        s: &Scenario,
        owner: &Owner,
        controller: Power,
        text: &str,
    ) -> Result<FleetLocation, MapError> {
        let minor = match owner {
            Owner::Minor(id) => Some(id.as_str()),
            Owner::Major(_) => None,
        };
        let port_nation = |area: &str| -> Result<String, MapError> {
            if self.map.port(area).is_none() {
                return Err(line.error(format!("`{area}` has no port (the map's [ports])")));
            }
            Ok(self.map.area(area).map(|a| s.area_nation(area, &a.nation).to_string()).unwrap_or_default())
        };
        if let Some(area) = text.strip_prefix("blockade:") {
            let nation = port_nation(area)?;
            let enemy = s.controller(&nation).is_some_and(|c| s.at_war(controller, c));
            if !enemy {
                return Err(line.error(format!(
                    "6.2.7: {controller} may blockade `{area}` only at war with the power controlling it"
                )));
            }
            return Ok(FleetLocation::Blockade(area.to_string()));
        }
        if self.map.area(text).is_some() {
            let nation = port_nation(text)?;
            let allowed = match minor {
                Some(minor) => nation == minor,
                None => s.friendly(controller, &nation),
            };
            if !allowed {
                return Err(line.error(format!(
                    "6.2.1.2, 4.6.3.5: {owner}'s fleet may not lie in the port of `{text}` ({nation}'s)"
                )));
            }
            return Ok(FleetLocation::Port(text.to_string()));
        }
        let Some(sea) = self.map.sea(text) else {
            return Err(
                line.error(format!("`{text}` is neither a port area, a sea zone nor `blockade:<port area>` (6.2.1.2)"))
            );
        };
        if sea.dardanelles {
            let guard = self.map.capital(Power::Turkey.id()).map(|a| a.nation.clone()).unwrap_or_default();
            let holder = s.controller(&guard);
            if !holder.is_some_and(|h| h == controller || s.allied(h, controller)) {
                return Err(line
                    .error(format!("6.2.1.3: only the holder of Constantinople (or its allies) may be in `{text}`")));
            }
        }
        if let Some(minor) = minor {
            let own_port =
                self.map.ports_on(text).iter().any(|p| self.map.area(&p.area).is_some_and(|a| a.nation == minor));
            if !own_port {
                return Err(line.error(format!("4.6.3.5: {owner}'s fleet starts in or next to its own ports")));
            }
        }
        Ok(FleetLocation::Sea(text.to_string()))
    }

    fn read_depots(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        let mut count: BTreeMap<Power, u8> = BTreeMap::new();
        let mut areas: BTreeSet<String> = BTreeSet::new();
        for line in sections.lines("depots") {
            let [power, area] = exact_columns::<2>(line, "power area")?;
            let power = parse_power(line, power)?;
            let Some(found) = self.map.area(area) else {
                return Err(line.error(format!("unknown land area `{area}` (the map's [areas])")));
            };
            if !areas.insert(area.to_string()) {
                return Err(line.error(format!("7.2: `{area}` already has a depot (one per area)")));
            }
            let n = count.entry(power).or_insert(0);
            *n += 1;
            let limit = self.cards.depot_limit(power);
            if *n > limit {
                return Err(line.error(format!("7.2: {power} has only {limit} depot counters")));
            }
            let own = s.controller(s.area_nation(area, &found.nation)) == Some(power);
            let corps_there = s.corps.values().any(|c| {
                c.area == area && self.cards.corps_card(&c.card).is_some_and(|card| card.owner == Owner::Major(power))
            });
            if !own && !corps_there {
                return Err(line.error(format!(
                    "7.2.1, 7.2.3.3.2: a {power} depot outside {power}'s territory needs a {power} corps in `{area}`"
                )));
            }
            s.depots.push(Depot { power, area: area.to_string() });
        }
        Ok(())
    }

    fn read_leaders(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        for line in sections.lines("leaders") {
            let [leader_id, card_id] = exact_columns::<2>(line, "leader with")?;
            let Some(leader) = self.leaders.get(leader_id) else {
                return Err(line.error(format!("unknown leader `{leader_id}` (data/leaders.txt)")));
            };
            if s.leaders.contains_key(leader_id) {
                return Err(line.error(format!("leader `{leader_id}` is placed twice")));
            }
            if !leader.available(s.first) {
                return Err(line.error(format!(
                    "5.3: {} is not available before {}",
                    leader.name,
                    leader.from.map(|m| m.to_string()).unwrap_or_default()
                )));
            }
            let owner = if leader.is_naval() {
                if !s.fleets.contains_key(card_id) {
                    return Err(line.error(format!(
                        "5.3: naval leader {} must be with a placed fleet, not `{card_id}`",
                        leader.name
                    )));
                }
                self.cards.fleet_card(card_id).map(|c| c.owner.clone())
            } else {
                if !s.corps.contains_key(card_id) {
                    return Err(
                        line.error(format!("5.3: {} must be with a placed corps, not `{card_id}`", leader.name))
                    );
                }
                self.cards.corps_card(card_id).map(|c| c.owner.clone())
            };
            let controller = owner.as_ref().and_then(|o| s.force_controller(o));
            if controller != Some(leader.power) {
                return Err(line.error(format!(
                    "5.3: {} leads only forces {} controls, and `{card_id}` is not one",
                    leader.name, leader.power
                )));
            }
            s.leaders.insert(leader_id.to_string(), card_id.to_string());
        }
        Ok(())
    }

    fn read_money(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        for line in sections.lines("money") {
            let [power, start, monthly] = exact_columns::<3>(line, "power start monthly")?;
            let power = parse_power(line, power)?;
            let amount = |text: &str| {
                parse_count(text, 0, 9999)
                    .ok_or_else(|| line.error(format!("`{text}` is not an amount of money of 0-9999")))
            };
            let money = Money { start: amount(start)?, monthly: amount(monthly)? };
            if s.money.insert(power, money).is_some() {
                return Err(line.error(format!("{power}'s money is given twice")));
            }
        }
        for power in Power::ALL {
            s.money.entry(power).or_default();
        }
        Ok(())
    }

    fn read_reinforcements(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        let mut arrived: BTreeSet<String> = BTreeSet::new();
        let mut previous: Option<Month> = None;
        for line in sections.lines("reinforcements") {
            let [month, owner, area, corps, factors, leaders] =
                exact_columns::<6>(line, "month owner area corps factors leaders")?;
            let month = Month::parse(month).map_err(|m| line.error(m))?;
            if month < s.first || month > s.last {
                return Err(line.error(format!("{month} is outside the scenario ({} to {})", s.first, s.last)));
            }
            if previous.is_some_and(|p| month < p) {
                return Err(line.error(format!(
                    "reinforcements out of order: {month} after {}",
                    previous.map(|p| p.to_string()).unwrap_or_default()
                )));
            }
            previous = Some(month);
            let owner = parse_owner(line, owner, self.map)?;
            let controller = self.placement(line, s, &owner, area, false)?;
            let factors = match factors {
                "-" => Factors::new(),
                text => Factors::parse(text).map_err(|m| line.error(format!("factors: {m}")))?,
            };
            if let Some((kind, _)) = factors.iter().find(|(kind, _)| {
                !matches!(
                    kind,
                    FactorKind::Infantry
                        | FactorKind::Militia
                        | FactorKind::Cavalry
                        | FactorKind::Guard
                        | FactorKind::Artillery
                )
            }) {
                return Err(line.error(format!("5.2: {kind} factors do not arrive in the Army Reinforcement Step")));
            }
            let corps = match corps {
                "-" => None,
                id => {
                    let Some(card) = self.cards.corps_card(id) else {
                        return Err(line.error(format!("corps `{id}` is not on the national cards")));
                    };
                    if card.owner != owner {
                        return Err(line.error(format!("corps `{id}` is {}'s, not {owner}'s", card.owner)));
                    }
                    if s.corps.contains_key(id) || !arrived.insert(id.to_string()) {
                        return Err(line.error(format!("5.2.1.1: corps `{id}` is already on the map")));
                    }
                    if factors.is_empty() {
                        return Err(line.error("7.3.3.1.2: a corps arrives with at least one factor"));
                    }
                    card.capacity
                        .check(&factors, month)
                        .map_err(|m| line.error(format!("2.4.2.1.1: corps `{id}` is over its card: {m}")))?;
                    Some(id.to_string())
                }
            };
            let mut arriving = Vec::new();
            if leaders != "-" {
                for id in leaders.split(',') {
                    let Some(leader) = self.leaders.get(id) else {
                        return Err(line.error(format!("unknown leader `{id}` (data/leaders.txt)")));
                    };
                    if leader.is_naval() {
                        return Err(line.error(format!(
                            "5.3: {} arrives in the Naval Reinforcement Step, which scenarios skip (5.1)",
                            leader.name
                        )));
                    }
                    if leader.power != controller {
                        return Err(
                            line.error(format!("5.3: {} leads only forces {} controls", leader.name, leader.power))
                        );
                    }
                    if !leader.available(month) {
                        return Err(line.error(format!("5.3: {} is not available in {month}", leader.name)));
                    }
                    if s.leaders.contains_key(id) || s.reinforcements.iter().any(|r| r.leaders.iter().any(|l| l == id))
                    {
                        return Err(line.error(format!("leader `{id}` is already on the map")));
                    }
                    arriving.push(id.to_string());
                }
            }
            if factors.is_empty() && arriving.is_empty() {
                return Err(line.error("the reinforcement brings nothing: give factors or leaders"));
            }
            s.reinforcements.push(Reinforcement {
                month,
                owner,
                area: area.to_string(),
                corps,
                factors,
                leaders: arriving,
            });
        }
        Ok(())
    }

    fn read_victory(&self, sections: &Sections<'_>, s: &mut Scenario) -> Result<(), MapError> {
        let section = sections.required("victory")?;
        let keys = key_values_with(section, &["scorer", "otherwise", "needed"], &["rule"])?;
        let rule = match keys.get("rule") {
            None => default_victory_rule(),
            Some((line, rule)) => {
                let well_formed = rule.strip_prefix('R').is_some_and(|n| {
                    !n.is_empty() && n.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
                });
                if !well_formed {
                    return Err(line.error(format!("`{rule}` is not a reconstructed rule number like R13.3")));
                }
                (*rule).to_string()
            }
        };
        for key in ["scorer", "otherwise"] {
            let (line, side) = keys[key];
            if !s.sides.contains_key(side) {
                return Err(line.error(format!("`{side}` is not a side of [sides]")));
            }
        }
        let (scorer_line, scorer) = keys["scorer"];
        let (_, otherwise) = keys["otherwise"];
        if scorer == otherwise {
            return Err(scorer_line.error("the scorer and the other side must differ"));
        }
        let (needed_line, needed) = keys["needed"];
        let needed = parse_count(needed, 1, 999)
            .ok_or_else(|| needed_line.error(format!("`{needed}` is not a number of points of 1-999")))?;
        let objectives_section = sections.required("objectives")?;
        let mut objectives = BTreeMap::new();
        for line in &objectives_section.lines {
            let [area, points] = exact_columns::<2>(line, "area points")?;
            if self.map.city(area).is_none() {
                return Err(line.error(format!("objective `{area}` is not an area with a city")));
            }
            let points =
                parse_count(points, 1, 99).ok_or_else(|| line.error(format!("`{points}` is not 1-99 points")))?;
            if objectives.insert(area.to_string(), points).is_some() {
                return Err(line.error(format!("objective `{area}` is written twice")));
            }
        }
        let total: u32 = objectives.values().map(|p| u32::from(*p)).sum();
        if u32::from(needed) > total {
            return Err(needed_line.error(format!("{needed} points are needed but the objectives give only {total}")));
        }
        s.victory = Victory { rule, scorer: scorer.to_string(), otherwise: otherwise.to_string(), needed, objectives };
        Ok(())
    }
}

/// The factors inside each city so far (7.3.3.4).
#[derive(Default)]
struct CityLoads {
    loads: BTreeMap<String, u32>,
}

impl CityLoads {
    /// Adds `count` factors to the city of `area`, refusing a city that does not exist or is
    /// over its garrison capacity: five times its supply value (7.3.3.4).
    fn add(&mut self, map: &AreaMap, line: &Line<'_>, area: &str, count: u32) -> Result<(), MapError> {
        let Some(city) = map.city(area) else {
            return Err(line.error(format!("`{area}` has no city (the map's [cities])")));
        };
        let load = self.loads.entry(area.to_string()).or_insert(0);
        *load += count;
        let capacity = u32::from(city.garrison_capacity());
        if *load > capacity {
            return Err(line.error(format!(
                "7.3.3.4: {} factors in {} exceed its capacity of {capacity} (5 x {} spires)",
                *load, city.name, city.supply
            )));
        }
        Ok(())
    }
}

/// Reads a `key = value` section: each of `keys` exactly once, no other key.
pub(crate) fn key_values<'a>(
    section: &Section<'a>,
    keys: &[&str],
) -> Result<BTreeMap<String, (Line<'a>, &'a str)>, MapError> {
    key_values_with(section, keys, &[])
}

/// Reads a `key = value` section: each of `keys` exactly once, each of `optional` at most once,
/// no other key.
pub(crate) fn key_values_with<'a>(
    section: &Section<'a>,
    keys: &[&str],
    optional: &[&str],
) -> Result<BTreeMap<String, (Line<'a>, &'a str)>, MapError> {
    let mut found: BTreeMap<String, (Line<'a>, &'a str)> = BTreeMap::new();
    for line in &section.lines {
        let (key, value) = line
            .text
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| line.error("expected `key = value`"))?;
        if !keys.contains(&key) && !optional.contains(&key) {
            let known: Vec<&str> = keys.iter().chain(optional).copied().collect();
            return Err(line.error(format!("unknown key `{key}` (keys: {})", known.join(" "))));
        }
        if value.is_empty() {
            return Err(line.error(format!("`{key}` has no value")));
        }
        if let Some((first, _)) = found.get(key) {
            return Err(line.error(format!("`{key}` is given twice (first at line {})", first.number)));
        }
        found.insert(key.to_string(), (*line, value));
    }
    if let Some(missing) = keys.iter().find(|k| !found.contains_key(**k)) {
        return Err(MapError::new(section.header, format!("the section lacks `{missing} = ...`")));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::Month;

    #[test]
    fn months_read_order_and_print() {
        let sep = Month::parse("1805-09").expect("a month");
        assert_eq!(sep.to_string(), "September 1805");
        assert_eq!(sep.id(), "1805-09");
        assert!(sep < Month::parse("1806-01").expect("a month"));
        assert_eq!(Month::parse("1805-12").ok().and_then(Month::next), Month::new(1806, 1));
        for bad in ["1804-12", "1816-01", "1805-13", "1805-9", "05-09", "1805/09", "abcd-ef"] {
            assert!(Month::parse(bad).is_err(), "{bad}");
        }
    }
}
