//! The state of a game of Empires in Arms: the date and where the turn stands, the powers'
//! treasuries, who is at war with whom, and every force on the map.
//!
//! Invariants (checked by `invariants.rs` after every command in the tests):
//! - every corps, fleet, garrison and depot stands on a place of the map;
//! - a corps holds at least one factor (7.3.3.1.2), a fleet at least one ship (6.3.6);
//! - a city garrison never holds more than its capacity (7.3.3.4), a depot garrison more
//!   than ten factors (7.3.3.5);
//! - only the phasing power's forces have moved this sequence.

use crate::date::Month;
use crate::forces::Factors;
use crate::power::Power;
use crate::sequence::Sequence;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A corps on the map (2.4.2): its counter's id is the id of its national card box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corps {
    /// The nation owning it: a major power's id or a minor country's (map nation ids).
    pub nation: String,
    /// The land area it stands in.
    pub area: String,
    /// Inside the area's city (7.3.3.4, 7.3.4) rather than in the field.
    pub in_city: bool,
    pub factors: Factors,
    /// The fleet carrying it at sea (6.2.5), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<String>,
    /// With hidden strengths (2.4.2, `veil.rs`): the concealed commands not yet opened that
    /// its factors may depend on. Public: every copy holds the same set. Empty: every player
    /// knows its factors.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub veil: BTreeSet<Veil>,
    /// Lent to another power by peace term B.4 (`politics/loan.rs`): the borrower runs it
    /// until the loan ends; its nation still owns it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loan: Option<Loan>,
}

impl Corps {
    /// The nation whose side the corps is on, for every rule asking who runs it, whose
    /// enemy or friend it is and for whom it takes ground: its borrower's while it is on loan
    /// (B.4), otherwise its own nation. What it is made of, who pays for it and who
    /// reinforces it stay with [`Corps::nation`].
    pub fn side(&self) -> &str {
        self.loan.as_ref().map_or(self.nation.as_str(), |l| l.borrower.id())
    }

    /// The kind of an irregular counter (10.1, `irregulars.rs`): a cossack, freikorps or
    /// guerrilla stands on the map as a counter of one factor of its kind, kept with the corps
    /// because it moves, fights and retreats as they do; `None` for a corps proper. The rules
    /// that speak of corps only (supply, stopping on entering, leaders, the sea) ask this.
    pub fn irregular(&self) -> Option<crate::FactorKind> {
        let mut kinds = self.factors.iter().filter(|(_, n)| *n > 0).map(|(k, _)| k);
        let first = kinds.next()?;
        (first.irregular() && kinds.all(|k| k == first)).then_some(first)
    }

    /// Is it a corps proper, not an irregular counter (10.1)?
    pub fn proper(&self) -> bool {
        self.irregular().is_none()
    }
}

/// A corps on loan (peace term B.4, `politics/loan.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loan {
    /// The victor running it.
    pub borrower: Power,
    /// The month whose first phase gives it back to its nation.
    pub until: Month,
}

/// A concealed command that a corps' strength may depend on (2.4.2, docs/PROTOCOL.md
/// section 12): its author and its index among the author's concealed commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Veil {
    pub player: u8,
    pub index: u32,
    /// Opened somewhere in the journal (now or later): every copy knows the command, so a
    /// view for others may show what it changed.
    #[serde(default)]
    pub opened: bool,
}

/// Where a fleet is (6.2.1.2): in a port, in a port's blockade box, or at sea.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FleetPlace {
    /// In the port of the city of this land area.
    Port(String),
    /// In the blockade box of the port of this land area.
    Blockade(String),
    /// In this sea zone.
    Sea(String),
}

impl FleetPlace {
    /// The id the place names (a land area or a sea zone).
    pub fn id(&self) -> &str {
        match self {
            FleetPlace::Port(a) | FleetPlace::Blockade(a) | FleetPlace::Sea(a) => a,
        }
    }
}

impl std::fmt::Display for FleetPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FleetPlace::Port(a) => write!(f, "port {a}"),
            FleetPlace::Blockade(a) => write!(f, "blockade {a}"),
            FleetPlace::Sea(s) => write!(f, "sea {s}"),
        }
    }
}

/// A fleet (2.4.2: its designation and strength are known to all).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub nation: String,
    pub place: FleetPlace,
    pub ships: u16,
}

/// A city's garrison (7.3.3.3): factors of one nation inside the city.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Garrison {
    pub nation: String,
    pub factors: Factors,
}

/// A depot (7.2): a power's supply point in a land area, with its own garrison (7.3.3.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depot {
    pub power: Power,
    #[serde(default)]
    pub garrison: Factors,
}

/// A depot built on a fleet at sea for invasion supply (7.4.4): its power and the sea zone it
/// was built in (the depot is lost when the fleet moves, 7.4.4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetDepot {
    pub power: Power,
    pub sea: String,
}

/// Where a leader is (5.3, 10.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderPlace {
    /// With a corps.
    Corps(String),
    /// With a fleet (NELSON).
    Fleet(String),
    /// In the city of this area without a corps (7.3.3.4).
    City(String),
    /// Off the map, available to a reinforcement step (5.3).
    Retired,
    /// Retired this month: available from next month's reinforcement step (5.3).
    Retiring,
    /// A prisoner of this power (6.3.6, 10.6.3).
    Captured(Power),
}

/// A major power's records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    /// The side the scenario puts it on (ScenarioInfo's power sides).
    pub side: String,
    /// Money points (`$`, 5.2.5).
    pub money: i32,
    /// Political points gained and lost (6.3.4.2, 5.1.4.1); the status display itself is the
    /// political phase's, part of the campaign games.
    pub political: i32,
}

/// A minor country's state (4.6.3, 10.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorState {
    /// The major power running it, if any.
    pub controller: Option<Power>,
    /// A free state keeps its forces; a conquered country has none of its own (4.6.3.1).
    pub free_state: bool,
}

/// A scenario's victory condition (reconstructed, R13.21: the text lacks the scenario).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: String,
    pub winners: Vec<Power>,
}

/// Who fights whom: unordered pairs of nation ids (majors and minors), stored smaller first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relations {
    pub wars: BTreeSet<(String, String)>,
    pub alliances: BTreeSet<(String, String)>,
}

fn pair(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

impl Relations {
    pub fn at_war(&self, a: &str, b: &str) -> bool {
        a != b && self.wars.contains(&pair(a, b))
    }

    pub fn allied(&self, a: &str, b: &str) -> bool {
        a != b && self.alliances.contains(&pair(a, b))
    }

    pub fn declare_war(&mut self, a: &str, b: &str) {
        if a != b {
            self.alliances.remove(&pair(a, b));
            self.wars.insert(pair(a, b));
        }
    }

    pub fn ally(&mut self, a: &str, b: &str) {
        if a != b {
            self.alliances.insert(pair(a, b));
        }
    }

    /// The alliance of `a` and `b` ends (4.7, 4.3.1.3).
    pub fn break_alliance(&mut self, a: &str, b: &str) {
        self.alliances.remove(&pair(a, b));
    }

    /// The war of `a` and `b` ends (4.4).
    pub fn make_peace(&mut self, a: &str, b: &str) {
        self.wars.remove(&pair(a, b));
    }
}

/// What the phasing power's forces did in its current sequence (reset when it ends).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Book {
    /// Corps moved this land movement step, with what foraging needs to know.
    pub corps: BTreeMap<String, CorpsMove>,
    /// The areas each corps passed through this land movement step, without the one it
    /// stopped in (7.3.6.1: an enemy depot on the way may be taken).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub passed: BTreeMap<String, Vec<String>>,
    /// A garrisoned depot's owner is asked whether to destroy it (7.3.6.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depot_question: Option<crate::depot_garrison::DepotQuestion>,
    /// The powers asked, before a battle, whether they declare war on its attacker (7.3.8.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub war_question: Option<crate::combat::war_question::WarQuestion>,
    /// Fleets moved this naval movement step and the movement points they spent (6.2.2.4).
    pub fleets: BTreeMap<String, u8>,
    /// Depots placed this step (7.2: a depot placed this turn does not anchor a new one).
    pub new_depots: BTreeSet<String>,
    /// Corps that have answered for supply this supply step (7.4).
    pub supplied: BTreeSet<String>,
    /// Besieged cities whose garrison attacked this combat step (R7.5.4.2).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub sallied: BTreeSet<String>,
    /// Besieged cities assaulted this combat step (R7.5.4.1).
    #[serde(default)]
    pub assaulted: BTreeSet<String>,
    /// The power ended its step, which waits for losses to be chosen (7.4.1.3).
    #[serde(default)]
    pub ending: bool,
    /// The naval phase's record: the stack under way, the decision awaited, battles fought
    /// (6.2-6.3), corps landed (7.3.5).
    #[serde(default, skip_serializing_if = "crate::naval::NavalBook::is_empty")]
    pub naval: crate::naval::NavalBook,
}

/// One corps' movement this step (7.3, 7.4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsMove {
    /// Where it started the step.
    pub from: String,
    /// Movement points spent.
    pub spent: u8,
    /// Its allowance this step, force march included.
    pub allowance: u8,
    pub force_marched: bool,
    /// The lowest forage value of the areas entered (7.4.1.1).
    pub lowest_forage: Option<u8>,
    /// Whether it entered an area outside its power's territory (7.4.1.2.5).
    pub left_territory: bool,
    /// It must stop: it entered an area with an unbesieged enemy corps (7.3.2.1), or disembarked.
    pub stopped: bool,
    /// It entered its last area across a river (7.5.2.7.1), or disembarked there (7.3.5).
    #[serde(default)]
    pub across_river: bool,
}

/// Losses of factors whose kinds the owner chooses (7.4.1.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossDue {
    pub power: Power,
    pub corps: String,
    pub count: u16,
    /// The rule that inflicts them.
    pub rule: String,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The scenario's id.
    pub scenario: String,
    /// The options the genesis chose.
    pub options: Vec<String>,
    pub date: Month,
    /// The scenario's first month.
    pub first: Month,
    /// The scenario's last month: the game ends after its time record phase.
    pub last: Month,
    /// Where the turn stands: phase, step and the acting power.
    pub sequence: Sequence,
    /// The player running each major power of the scenario.
    pub players: BTreeMap<Power, u8>,
    pub powers: BTreeMap<Power, PowerState>,
    pub minors: BTreeMap<String, MinorState>,
    pub relations: Relations,
    /// Land areas whose controller is not the nation the map gives them (occupied, ceded).
    pub occupied: BTreeMap<String, String>,
    pub corps: BTreeMap<String, Corps>,
    pub fleets: BTreeMap<String, Fleet>,
    /// City garrisons by the city's area.
    pub garrisons: BTreeMap<String, Garrison>,
    /// Depots by their area (one per area, 7.2).
    pub depots: BTreeMap<String, Depot>,
    /// Depots on fleets at sea, by fleet (7.4.4, option `naval`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fleet_depots: BTreeMap<String, FleetDepot>,
    /// Depots inside besieged port cities, by the city's area, with their power (7.4.3.4,
    /// 7.2.2.1, option `naval`): the only depots in a city rather than in its area; an enemy's
    /// depot may stand in the area at the same time (7.2.2.2). They hold no garrison
    /// (7.3.3.5.3). See `port_city.rs`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub city_depots: BTreeMap<String, Power>,
    /// The areas whose city is besieged (7.5.4).
    #[serde(default)]
    pub sieges: BTreeSet<String>,
    pub leaders: BTreeMap<String, LeaderPlace>,
    /// Reinforcements due and not yet placed this month, by power (5.2.2.1).
    pub due: BTreeMap<Power, Vec<crate::reinforcement::Due>>,
    /// The phasing power's record of this sequence.
    pub book: Book,
    /// Losses a power must still choose (7.4.1.3), first owed first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<LossDue>,
    /// The field combat waiting for its chits (7.5.2.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<crate::combat::Battle>,
    /// Battles fought so far: numbers each battle's sealed step.
    #[serde(default)]
    pub battles_fought: u32,
    /// What waits for openings of concealed commands before the rules go on (2.4.2,
    /// `reveal.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<crate::reveal::Reveal>,
    /// Set only while a copy applies a concealed command by its projection (`veiled.rs`):
    /// checks that read the factors of veiled corps are left to the command's opening. Never
    /// part of a stored state.
    #[serde(skip)]
    pub lenient: bool,
    /// The political phase's records (4.0, option `political`).
    #[serde(default, skip_serializing_if = "crate::politics::Politics::is_empty")]
    pub politics: crate::politics::Politics,
    /// The economic phase's records (8.0, option `economic`).
    #[serde(default, skip_serializing_if = "crate::economy::Economy::is_empty")]
    pub economy: crate::economy::Economy,
    /// Set when the game is over.
    pub over: Option<Outcome>,
}

impl State {
    /// Are the factors of `corps` read by this copy's checks: known to every player, or the
    /// check is not a projection's (2.4.2, `State::lenient`)?
    pub fn counts(&self, corps: &Corps) -> bool {
        !self.lenient || corps.veil.is_empty()
    }

    /// Are corps strengths hidden from the other players (2.4.2, option `hidden-corps`)?
    pub fn hidden_strengths(&self) -> bool {
        self.options.iter().any(|o| o == crate::scenario::OPTION_HIDDEN)
    }

    /// The player running `power`.
    pub fn player_of(&self, power: Power) -> Option<u8> {
        self.players.get(&power).copied()
    }

    /// The powers `player` runs, in the fixed order of [`Power::ALL`].
    pub fn powers_of(&self, player: u8) -> Vec<Power> {
        Power::ALL.into_iter().filter(|p| self.players.get(p) == Some(&player)).collect()
    }

    /// Every corps, garrison and fleet of `nation` leaves the map (a minor country conquered
    /// or turning neutral, a power out of the game). The leaders with them retire (5.3); the
    /// corps of others aboard its fleets go ashore in a fleet's port, or are lost with a fleet
    /// outside one, their leaders retiring too.
    pub fn remove_forces_of(&mut self, nation: &str) {
        let fleets: BTreeMap<String, FleetPlace> = self
            .fleets
            .iter()
            .filter(|(_, f)| f.nation == nation)
            .map(|(id, f)| (id.clone(), f.place.clone()))
            .collect();
        let mut gone: BTreeSet<String> = BTreeSet::new();
        for (id, c) in &mut self.corps {
            match c.aboard.as_ref().and_then(|f| fleets.get(f)) {
                _ if c.nation == nation => {
                    gone.insert(id.clone());
                }
                Some(FleetPlace::Port(area)) => {
                    c.area = area.clone();
                    c.aboard = None;
                }
                Some(_) => {
                    gone.insert(id.clone());
                }
                None => {}
            }
        }
        self.corps.retain(|id, _| !gone.contains(id));
        self.garrisons.retain(|_, g| g.nation != nation);
        self.fleets.retain(|id, _| !fleets.contains_key(id));
        for place in self.leaders.values_mut() {
            let with_them = match place {
                LeaderPlace::Corps(c) => gone.contains(c),
                LeaderPlace::Fleet(f) => fleets.contains_key(f),
                _ => false,
            };
            if with_them {
                *place = LeaderPlace::Retiring;
            }
        }
    }

    /// The major power that moves the forces of `nation`: the power itself, or the power
    /// controlling a minor free state (6.1.1, 7.1.1).
    pub fn controller_of_nation(&self, nation: &str) -> Option<Power> {
        Power::from_id(nation).or_else(|| self.minors.get(nation).and_then(|m| m.controller))
    }

    /// Is `power` at war with another major power of the game?
    pub fn at_war_with_a_major(&self, power: Power) -> bool {
        self.powers.keys().any(|p| *p != power && self.relations.at_war(power.id(), p.id()))
    }

    /// Is `nation` (a major or a minor) an enemy of `power`: at war with it, or with the
    /// power controlling it?
    pub fn enemy_of(&self, power: Power, nation: &str) -> bool {
        if self.relations.at_war(power.id(), nation) {
            return true;
        }
        match self.controller_of_nation(nation) {
            Some(c) if c.id() != nation => self.relations.at_war(power.id(), c.id()),
            _ => false,
        }
    }

    /// Is `nation` friendly to `power`: the power itself, a minor it controls, or an ally?
    pub fn friendly_to(&self, power: Power, nation: &str) -> bool {
        match self.controller_of_nation(nation) {
            Some(c) => c == power || self.relations.allied(power.id(), c.id()),
            None => false,
        }
    }
}
