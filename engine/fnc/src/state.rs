//! The state of a game of FNC: where every unit is, the turn and phase, control of the
//! locales, victory points, the record of random events and what each player has done
//! in the current phase.

pub use crate::ids::{Game, Side, UnitId};
use grognard_board::HexId;
use grognard_engine::PlayerId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Where a unit is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Not yet placed: waiting for its owner's set-up (3.0, 4.0).
    ToPlace,
    /// On the map. Fleets may be in all-sea hexes (10.2).
    Hex(HexId),
    /// In an off-map holding box, by the map's box id (8.6, 8.9, 8.10).
    Box(String),
    /// In the owner's reinforcement cup or set-aside pool (8.4, 8.5, 4.1).
    Pool,
    /// On the turn record track: arrives, or returns from recycling, on that turn (8.9, 8.13).
    Track(u8),
    /// A Russian contingency division waiting for its commitment (8.9).
    Contingency,
    /// An amphibious invasion force held in the all-sea hex off the coastal hex it
    /// invades until that battle is resolved (10.3).
    Offshore { sea: HexId, target: HexId },
    /// A fleet that supported an attack this game turn: off the map until the next (10.2).
    Spent,
    /// Out of play for good (dead pile).
    Eliminated,
    /// Fog of war (7.7): on the map, beneath the top of one of its side's stacks, and this
    /// copy of the game does not know which (the owner's copy never has its own units here).
    Unseen,
}

impl Location {
    /// The hex, when the unit is on the map.
    pub fn hex(&self) -> Option<HexId> {
        match self {
            Location::Hex(h) => Some(*h),
            _ => None,
        }
    }
}

/// The phases of the sequence of play (5.2); the phasing side is kept in [`State::phasing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// That side places its units (3.0, 4.0).
    Setup(Side),
    /// I. Random Events Phase, once per game turn after the first (6.1).
    RandomEvents,
    /// A. Reinforcement Arrival Phase (8.2).
    Reinforcement,
    /// B. Movement Phase (9.0, 10.0).
    Movement,
    /// C. Combat Phase (11.0).
    Combat,
    /// D. Supply Phase (12.1).
    Supply,
    /// E. Siege Phase (13.1).
    Siege,
    /// After the last game turn: victory decided (14.5, 15.4).
    GameOver,
}

/// What kind of victory points (14.0, 15.0). Kept apart so that the total always equals
/// locales + battles + looting + events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VpKind {
    /// Control of locales (14.2, 15.2).
    Locale,
    /// Battle VP (11.13, 13.3).
    Battle,
    /// SC looting of ruins (14.3).
    Looting,
    /// Random events and contingency divisions (6.4 event 2, 8.9).
    Event,
}

/// One side's victory points, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vp {
    pub locale: i32,
    pub battle: i32,
    pub looting: i32,
    pub event: i32,
}

impl Vp {
    /// The grand total (14.5, 15.4).
    pub fn total(&self) -> i32 {
        self.locale + self.battle + self.looting + self.event
    }

    /// The points of one kind.
    pub fn get(&self, kind: VpKind) -> i32 {
        match kind {
            VpKind::Locale => self.locale,
            VpKind::Battle => self.battle,
            VpKind::Looting => self.looting,
            VpKind::Event => self.event,
        }
    }

    fn slot(&mut self, kind: VpKind) -> &mut i32 {
        match kind {
            VpKind::Locale => &mut self.locale,
            VpKind::Battle => &mut self.battle,
            VpKind::Looting => &mut self.looting,
            VpKind::Event => &mut self.event,
        }
    }
}

/// A random event that happened (6.2: once-per-game and once-per-calendar-year limits).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsedEvent {
    pub turn: u8,
    /// The event's id in the game's table (e.g. `plague`, `naval-victory`).
    pub event: String,
}

/// An effect of a random event that lasts beyond the moment it is rolled.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Movement factors reduced by one (EC event 5, Disputes in Chain of Command).
    MovementMinusOne(Side),
    /// Movement factors halved, rounding up (RSW event 3, Command Shake-up).
    MovementHalved(Side),
    /// Units of the side in that region or box may not move or attack (EC event 3); `fleet`
    /// says whether the side's fleet is affected too.
    Infighting { side: Side, area: String, fleet: bool },
    /// No attacks and no sieges (RSW event 4).
    Truce,
    /// The British have intervened (EC event 6; 10.4, 10.7, 12.6).
    BritishIntervention,
    /// That side won the naval victory (RSW event 2; 10.6, 12.8).
    NavalVictory(Side),
}

/// An effect and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastingEffect {
    pub effect: Effect,
    /// The game turn it applies to, or `None` for the rest of the game.
    pub turn: Option<u8>,
}

/// How a unit moved in the current movement phase (9.2, 9.6, 9.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// Ordinary ground movement (9.0), possibly after debarking (10.3).
    Ground,
    /// River, canal and lake movement (9.13).
    River,
    /// Amphibious movement (10.3).
    Sea,
}

/// What one unit has done in the current movement phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMove {
    /// Where it started the phase.
    pub origin: Location,
    /// Movement spent, in half movement points.
    pub spent: u16,
    /// Hexes moved through by RCLM (at most 20, 9.13).
    pub river_hexes: u8,
    pub mode: MoveMode,
    /// It has to stop (landed on a non-port coast, became adjacent to an enemy in RCLM...).
    pub stopped: bool,
}

/// An amphibious movement made this turn in one body of water (10.4, 10.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalUse {
    /// The capacity area (e.g. `Mediterranean`, `Gulfs`, `Gulf of Finland`).
    pub area: String,
    pub origin: Location,
    pub destination: HexId,
    pub units: u8,
}

/// Bookkeeping of the current phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseBook {
    /// Units that moved this phase and how (9.2).
    pub moved: BTreeMap<UnitId, UnitMove>,
    /// The origin of the stack now moving; units from elsewhere that moved are finished (9.6).
    pub moving_origin: Option<Location>,
    /// Units that attacked this player turn (11.3).
    pub attacked_units: BTreeSet<UnitId>,
    /// Hexes attacked this combat phase (11.4).
    pub attacked_hexes: BTreeSet<HexId>,
    /// Amphibious movements made this game turn, per side (10.4, 10.6).
    pub naval: Vec<(Side, NavalUse)>,
    /// Fleets that gave combat support this game turn (10.2).
    pub fleets_used: BTreeSet<UnitId>,
    /// The phase's roll (random events, reinforcements, supply, sieges) has been made.
    pub rolled: bool,
    /// The phase is ending and waits for over-stack removals found at its end (7.4).
    #[serde(default)]
    pub ending: bool,
    /// Fleets moved this movement phase: one move takes a fleet anywhere it may go (10.2), and
    /// a finished move is not taken up again (9.2).
    #[serde(default)]
    pub fleets_moved: BTreeSet<UnitId>,
}

/// A move path shown on the board (the last player turn's moves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTrace {
    pub side: Side,
    pub units: Vec<UnitId>,
    pub path: Vec<HexId>,
}

/// A battle shown on the board (the last player turn's battles).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleTrace {
    pub side: Side,
    pub attackers: Vec<HexId>,
    pub defender: HexId,
    pub result: String,
}

/// An interruption one player owes in the middle of a phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The side that must answer.
    pub by: Side,
    pub kind: DecisionKind,
}

/// The interruptions of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// 7.4: the opponent of an over-stacked hex's owner removes `count` units there.
    Overstack { hex: HexId, count: u8 },
    /// 11.21: the side eliminates units of `units` worth at least `strength` printed factors.
    Losses { hex: HexId, units: Vec<UnitId>, strength: u16 },
    /// 11.22: the side retreats the surviving defenders of `hex`.
    Retreat { hex: HexId, units: Vec<UnitId>, attackers: Vec<HexId> },
    /// 11.25: the attacker may advance into `hex` with some of `units`.
    Advance { hex: HexId, units: Vec<UnitId> },
    /// 8.5: the Ottoman player puts one unit (not a fortress garrison) back in the cup.
    ReturnToCup,
    /// 6.3 events 1 and 4, 6.4 event 1: the side recycles `count` units of its choice
    /// (with a combat factor of at least `min_strength`).
    Recycle { count: u8, min_strength: u8, reason: String },
    /// 8.3, 8.8: the side places reinforcements an event brought, now.
    Place { units: Vec<UnitId>, count: u8, reason: String },
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub game: Game,
    /// The player running each side, by [`Side::index`].
    pub owners: [PlayerId; 2],
    pub turn: u8,
    pub phase: Phase,
    /// The side whose player turn it is (the setting-up side during set-up).
    pub phasing: Side,
    /// Every unit of the game and where it is.
    pub units: BTreeMap<UnitId, Location>,
    /// Control of locales and supply sources: the side that has, or last had, units there
    /// (12.9, 14.2, 15.2).
    pub control: BTreeMap<HexId, Side>,
    /// Victory points by [`Side::index`].
    pub vp: [Vp; 2],
    /// Fortresses taken by storm (13.4).
    pub fort_destroyed: BTreeSet<HexId>,
    /// Ruins the SC has looted (14.3).
    pub looted: BTreeSet<HexId>,
    /// Random events that happened (6.2).
    pub events_used: Vec<UsedEvent>,
    pub effects: Vec<LastingEffect>,
    pub book: PhaseBook,
    pub decision: Option<Decision>,
    /// Moves and battles of the last player turn (for the board view).
    pub last_moves: Vec<MoveTrace>,
    pub last_battles: Vec<BattleTrace>,
    /// Battles (and siege surrenders) whose results are being carried out (11.12), first
    /// first; owned by the combat rules.
    #[serde(default)]
    pub battles: Vec<crate::battle::Battle>,
    /// Attacks declared together and not yet resolved (11.3), owned by the combat rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch: Option<crate::battle::Batch>,
    /// The winner, once the game is over (14.5, 15.4).
    pub winner: Option<Side>,
    /// Reinforcement draws, Ottoman arrival areas, contingency commitments and queued
    /// decisions (8.4-8.9, 6.3), kept by the reinforcement rules.
    #[serde(default)]
    pub logistics: Logistics,
    /// The water route (hexes, start first) by which each riverine gunboat reached its hex:
    /// its last RCLM move, shortened by retreats and lengthened by advances; it limits the
    /// gunboat's retreats (11.23 stricture 6). Kept by the movement and combat rules.
    #[serde(default)]
    pub water_routes: BTreeMap<UnitId, Vec<HexId>>,
    /// Fog of war (7.7): what this copy knows of the stacks; `None` when stacks are open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fog: Option<Fog>,
}

/// Fog of war (7.7, engine/fnc/FOG_OF_WAR.md): the public bookkeeping of the stacks, and
/// the counters this copy cannot name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fog {
    /// Per hex, how many counters of each side (by [`Side::index`]) this copy cannot name:
    /// its units at [`Location::Unseen`] stand among them.
    pub unseen: BTreeMap<HexId, [u8; 2]>,
    /// The public top unit of each stack (7.7, 7.8).
    pub tops: BTreeMap<HexId, UnitId>,
    /// Per side and hex, the indices of the side's concealed moves that the stack's
    /// composition depends on: what an attack on it, or from it, opens.
    pub provenance: [BTreeMap<HexId, BTreeSet<u32>>; 2],
    /// Stacks the rules have asked to open before they go on (7.7): who still owes which
    /// concealed moves, and the command that waits for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
}

/// A reveal the rules demand (7.7): the concealed moves each side (by [`Side::index`]) must
/// still open, why, and the public command that goes on once they are open (`None` when the
/// opening is all the rule asks, e.g. before the opponent chooses an over-stack's losses).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub owing: [BTreeSet<u32>; 2],
    pub why: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<(Side, crate::command::Command)>,
}

impl Fog {
    /// The counters of `side` in `hex` this copy cannot name.
    pub fn unseen_in(&self, hex: HexId, side: Side) -> u8 {
        self.unseen.get(&hex).map_or(0, |c| c[side.index()])
    }
}

impl State {
    /// Add `points` (negative to debit) of `kind` to `side`'s victory points.
    pub fn award_vp(&mut self, side: Side, kind: VpKind, points: i32) {
        *self.vp[side.index()].slot(kind) += points;
    }

    /// Where `unit` is, if it is a unit of the game.
    pub fn location(&self, unit: &str) -> Option<&Location> {
        self.units.get(unit)
    }

    /// The counters of `side`'s units in `hex` that this copy cannot name (fog of war, 7.7).
    pub fn unseen_in(&self, hex: HexId, side: Side) -> u8 {
        self.fog.as_ref().map_or(0, |f| f.unseen_in(hex, side))
    }

    /// The units in `hex`, in id order.
    pub fn units_in(&self, hex: HexId) -> Vec<&UnitId> {
        self.units.iter().filter(|(_, l)| l.hex() == Some(hex)).map(|(u, _)| u).collect()
    }

    /// The units at `location`, in id order.
    pub fn units_at(&self, location: &Location) -> Vec<&UnitId> {
        self.units.iter().filter(|(_, l)| *l == location).map(|(u, _)| u).collect()
    }

    /// Is `effect` in force on the current turn?
    pub fn has_effect(&self, effect: &Effect) -> bool {
        self.effects.iter().any(|e| &e.effect == effect && e.turn.is_none_or(|t| t == self.turn))
    }

    /// The side a player runs, if any (two-player games: one side each, or both in solitaire).
    pub fn sides_of(&self, player: PlayerId) -> Vec<Side> {
        Side::BOTH.into_iter().filter(|s| self.owners[s.index()] == player).collect()
    }
}

/// The reinforcement bookkeeping kept in the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logistics {
    /// Ottoman reinforcements drawn and not yet placed, with their area (8.5, 8.6: rolled, or
    /// printed on the counter, 16.0 1A): `Syria-Palestine` or `Egypt`.
    #[serde(default)]
    pub arrivals: BTreeMap<UnitId, String>,
    /// The last turn and side whose reinforcement draw was made (8.4, 8.5).
    #[serde(default)]
    pub drawn: Option<(u8, Side)>,
    /// Contingency divisions committed and the turn of each (8.9).
    #[serde(default)]
    pub committed: Vec<(u8, String)>,
    /// Decisions owed after the current one, in order (6.3 Plague: the Ottoman choice
    /// follows the French).
    #[serde(default)]
    pub queued: Vec<Decision>,
}

impl State {
    /// The side that must act now: the one owing a decision, else the phasing side.
    pub fn acting_side(&self) -> Side {
        self.decision.as_ref().map_or(self.phasing, |d| d.by)
    }

    /// Owe a choice now, or queue it after the one already owed (6.3 Plague: the Ottoman
    /// choice follows the French).
    pub fn owe(&mut self, decision: Decision) {
        if self.decision.is_none() {
            self.decision = Some(decision);
        } else {
            self.logistics.queued.push(decision);
        }
    }

    /// Take the next queued choice, once the current one is settled.
    pub fn next_decision(&mut self) {
        if self.decision.is_none() && !self.logistics.queued.is_empty() {
            self.decision = Some(self.logistics.queued.remove(0));
        }
    }
}
