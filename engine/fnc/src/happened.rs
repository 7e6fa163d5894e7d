//! What happened when a command was applied, as typed values: the `data` of every FNC
//! [`Event`] (`grognard log --json`) is one [`Happened`], serialised.
//!
//! The JSON form is the contract: `type` names the variant in snake_case and the other keys
//! are the variant's fields, named as in the JSON (see `engine/fnc/EVENTS.md`). Keys that
//! only some events of a type carry are `Option`s left out when `None`; the three keys that
//! are sometimes absent and sometimes `null` (`enter.event`, `return_to_cup.from`,
//! `draw.die`) are `Option<Option<_>>`: `None` absent, `Some(None)` null. The values a
//! phase computes (a battle's unit strengths and shifts, a supply line) are mirrored here by
//! plain types ([`BattleUnit`], [`BattleShift`], [`SupplyVia`]), so that the log's form is
//! stated in one file and changes only when this file does.

use crate::command::BatchAttack;
use crate::data::CrtResult;
use crate::ids::{Side, UnitId};
use crate::state::{Location, Phase, VpKind};
use grognard_board::HexId;
use grognard_engine::Event;
use serde::{Deserialize, Deserializer, Serialize};

/// The data of one FNC event. Each variant's doc names the rules it reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Happened {
    // Set-up and the sequence of play.
    /// A unit placed during set-up (3.0, 4.0).
    Setup { unit: UnitId, hex: HexId },
    /// The sequence moved on to a new phase (5.2); after the last turn `game_over` (14.5).
    Phase { phase: Phase, turn: u8, phasing: Side },

    // Fog of war (7.7).
    /// A rule needs stacks opened; `owing` holds, per side, the indices of the concealed
    /// moves to open.
    Reveal { owing: [std::collections::BTreeSet<u32>; 2], why: String },
    /// A side opened the concealed moves a reveal asked of it.
    Opened { side: Side },
    /// A concealed move as the other side sees it: `count` counters topped by `top` left
    /// `from` along `path`.
    ConcealedMove { side: Side, from: HexId, path: Vec<HexId>, count: u8, top: UnitId },

    // Random events (6.0).
    /// The Random Events Table roll (6.1) and the event rolled (6.3 EC, 6.4 RSW); `no_event`
    /// says why it is No Event (6.2 limits, 6.4 a Truce on the last turn).
    RandomEvent {
        die: u32,
        /// The event's id (`plague`, `naval-victory`, ...).
        event: String,
        rule: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        no_event: Option<String>,
    },
    /// A follow-on die an event or the Ottoman reinforcement area needs (6.3, 6.4, 8.5);
    /// `area` is the reinforcement area rolled (8.5).
    Roll {
        purpose: String,
        rule: String,
        die: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
    },
    /// What an event does (6.3, 6.4); `effect` names which (see [`EventEffect`]).
    Effect(EventEffect),
    /// An event makes a side recycle units of its choice (6.3 Anti-French Revolt and
    /// Plague, 6.4 Norwegian Front), `count` of the `due` as it has eligible units.
    OwedRecycling { side: Side, due: u32, count: u32, min_strength: u8, event: String },

    // Reinforcements (8.0).
    /// A reinforcement draw from the cup (8.4): an empty cup gives `units: []` alone; a draw
    /// gives `rule`, the `cup`, the `die` (null when the cup held one unit) and the `unit`.
    Draw {
        side: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Vec<UnitId>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cup: Option<Vec<UnitId>>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
        die: Option<Option<u32>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
    },
    /// The Ottoman reinforcement roll, die minus two (8.5): `draws` and `units` when units
    /// are drawn at random.
    ReinforcementRoll {
        rule: String,
        die: u32,
        result: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draws: Option<Vec<CupDraw>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Vec<UnitId>>,
    },
    /// A gunboat drawn for a box with no river goes back to the container (8.6).
    DrawReturned { unit: UnitId, rule: String },
    /// A drawn unit is due in a map area, its printed one (16.0 1A) or the one rolled (8.2,
    /// 8.6).
    ArrivalArea { unit: UnitId, area: String, printed: bool, rule: String },
    /// A unit enters play: a reinforcement (8.2), a unit an event brought (8.3), a drawn unit
    /// arriving in a box (8.6). `event` is the event's id for 8.3, null for 8.2, absent for
    /// 8.6.
    Enter {
        unit: UnitId,
        to: Location,
        rule: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
        event: Option<Option<String>>,
    },
    /// Units an event brought were not placed (8.2 British waiting off-map, 8.3 declined or
    /// no room): `count` and `event` for 8.3.
    Blocked {
        units: Vec<UnitId>,
        rule: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<String>,
    },
    /// A unit goes back into the Ottoman container (8.5): `unit`, `from` and `rule`; or,
    /// when no unit may go back, `units: []` alone.
    ReturnToCup {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
        from: Option<Option<Location>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Vec<UnitId>>,
    },
    /// A Russian contingency division committed to its box, VP to the enemy (8.9).
    Contingency { division: String, units: Vec<UnitId>, vp_to: Side, vp: i32, rule: String },

    // Movement (9.0, 10.0) and control (14.0).
    /// A ground move (9.0-9.12, 9.18, 9.19): the path from where the units were and the cost
    /// of each hex entered, in movement points.
    Move { units: Vec<UnitId>, from: Location, path: Vec<HexId>, cost: String, steps: Vec<MoveStep> },
    /// A move by river, canal and lake (9.13): `hexes` of the 20 allowed.
    RiverMove { units: Vec<UnitId>, path: Vec<HexId>, hexes: usize, cost: String },
    /// Amphibious movement by sea (10.3, 10.4): `cost` is `1` (debarking in a friendly port)
    /// or `all`; `invasion` when the hex is enemy-held.
    Amphibious {
        units: Vec<UnitId>,
        from: Location,
        to: HexId,
        path: Vec<HexId>,
        cost: String,
        area: String,
        invasion: bool,
    },
    /// A fleet's move (10.2).
    FleetMove { unit: UnitId, from: Location, to: HexId },
    /// A moving force overruns a lone SC (14.3): `units` for a river move, `unit` and `hex`
    /// for a ground move.
    Overrun {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Vec<UnitId>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hex: Option<HexId>,
    },
    /// A side takes control of a hex (12.9, 14.2, 15.2); `vp` the locale's VP changing hands.
    Control { hex: HexId, side: Side, from: Side, vp: i32 },
    /// An SC loots ruins: VP Taken, one VP (14.3).
    Looting { hex: HexId, side: Side, vp: i32 },
    /// A hex over-stacked at the end or start of a phase; the enemy removes `count` (7.4).
    Overstack { hex: HexId, side: Side, count: u8 },

    // Combat (11.0) and amphibious invasions (10.3).
    /// A batch of attacks declared together, one die each (null: automatic), and the orders
    /// for the attacker's own decisions in them (11.3).
    Batch { rule: String, side: Side, attacks: Vec<BatchAttack>, orders: String, dice: Vec<Option<u32>> },
    /// A declared attack of a batch that can no longer be made (11.3).
    BatchDropped { hex: HexId, reason: String, rule: String },
    /// A decision answered by the orders of a batch, or its `then end` (11.3).
    BatchOrder { side: Side, order: String, command: String, rule: String },
    /// A battle (11.2, 11.5-11.11; 10.2 fleets; 10.3 invasion; 14.3 an SC alone,
    /// `automatic`): strengths, percentage (null: no defense strength), columns and shifts,
    /// the die (null when automatic) and the result.
    Battle {
        rule: String,
        side: Side,
        hex: HexId,
        attackers: Vec<BattleUnit>,
        /// Supporting fleets and their attack factors, `[unit, factor]`.
        fleets: Vec<(UnitId, u32)>,
        invasion: Vec<UnitId>,
        defenders: Vec<BattleUnit>,
        attack_strength: u32,
        defense_strength: u32,
        percent: Option<u32>,
        base_column: String,
        shifts: Vec<BattleShift>,
        net_shift: i32,
        clamped: bool,
        final_column: String,
        die: Option<u32>,
        result: CrtResult,
        automatic: bool,
    },
    /// Units given up to a result's losses (11.14-11.21): `chosen_by` the owner or forced
    /// (no other choice).
    Losses {
        hex: HexId,
        side: Side,
        units: Vec<UnitId>,
        required: u32,
        involved: u32,
        chosen_by: ChosenBy,
        rule: String,
    },
    /// Losses owed that the side chooses (11.21).
    LossesOwed { hex: HexId, side: Side, required: u32, involved: u32, rule: String },
    /// A unit eliminated for good (`to: eliminated`; 8.4, 8.7, 8.11, the reason in `rule`) or
    /// back into the reinforcement container (`to: pool`, 8.7).
    Eliminated { unit: UnitId, cause: String, from: Location, to: Location, rule: String },
    /// An eliminated unit's recycling roll (8.11-8.13): die, modifiers, final and where it
    /// goes (the turn track, or eliminated).
    Recycling {
        unit: UnitId,
        cause: String,
        from: Location,
        side: Side,
        die: i32,
        modifiers: Vec<Modifier>,
        r#final: i32,
        to: Location,
        rule: String,
    },
    /// A group of defenders retreats along `path` (11.22).
    Retreat { from: HexId, units: Vec<UnitId>, path: Vec<HexId>, rule: String },
    /// Defenders with no legal retreat are eliminated in place (11.23).
    RetreatBlocked { hex: HexId, units: Vec<UnitId>, rule: String },
    /// A retreat next to the attackers costs one unit (11.23 stricture 3).
    RetreatPenalty { hex: HexId, units: Vec<UnitId>, rule: String },
    /// Defenders of an intact fortress ignore the retreat (11.24).
    RetreatIgnored { hex: HexId, rule: String },
    /// The victor advances into the vacated hex, or (`units: []`) stays (11.25, 13.3).
    Advance { hex: HexId, units: Vec<UnitId>, rule: String },
    /// A fortress taken by storm: Fort De marker (13.4).
    FortDestroyed { hex: HexId, rule: String },
    /// A lone SC in the hex advanced into is overrun: automatic DC (14.3).
    ScOverrun { hex: HexId, units: Vec<UnitId>, rule: String },
    /// An amphibious invasion force comes ashore in the cleared hex (10.3).
    InvasionLanded { hex: HexId, units: Vec<UnitId>, rule: String },
    /// An invasion that failed to clear the hex: the force is eliminated (10.3).
    InvasionFailed { hex: HexId, units: Vec<UnitId>, rule: String },
    /// An invasion force still offshore when the combat phase ends is lost at sea (10.3).
    InvasionLost { units: Vec<UnitId> },
    /// Battle VP to the winner, doubled for ruins (11.13).
    Vp { kind: VpKind, side: Side, points: u32, loser_strength: u32, ruins: bool, rule: String },

    // Sieges (13.0) and supply (12.0).
    /// A siege roll (13.1, 13.2): die, modifiers, final; 6 or more surrenders.
    Siege {
        hex: HexId,
        die: i32,
        modifiers: Vec<Modifier>,
        r#final: i32,
        surrender: bool,
        defenders: Vec<UnitId>,
        besiegers: Vec<UnitId>,
        rule: String,
    },
    /// No siege this phase: none found (13.1), or a truce (6.4, `reason: truce`).
    SiegeNone {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        rule: String,
    },
    /// A stack's supply check (12.1-12.9): in supply `how`, or out of supply for `reasons`
    /// (and eliminated).
    Supply {
        units: Vec<UnitId>,
        at: Location,
        supplied: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        how: Option<SupplyVia>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reasons: Option<Vec<String>>,
    },

    // The end of the game.
    /// The game ends: the winner and each side's VP, first side first (14.5, 15.4).
    Victory { winner: Side, vp: [i32; 2] },
}

/// The `effect` events of the random events (6.3 EC, 6.4 RSW), by the `effect` key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "kebab-case")]
pub enum EventEffect {
    /// Ottoman Infighting (6.3): the Ottomans in `area` (and the fleet, on 5-6) may not move
    /// or attack this turn.
    Infighting { area: String, fleet: bool, turn: u8 },
    /// Disputes in Chain of Command (6.3): the side's movement factors minus one this turn.
    MovementMinusOne { side: Side, turn: u8 },
    /// British Intervention (6.3, 8.8): the British units arriving now.
    BritishIntervention { units: Vec<UnitId> },
    /// Norwegian Front Active (6.4): won, with the future reinforcements to choose from
    /// (`units`, possibly none); lost, no `units` (a unit is recycled).
    NorwegianFront {
        won: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Vec<UnitId>>,
    },
    /// Naval Victory (6.4): VP to the winner; the loser's naval operations end.
    NavalVictory { winner: Side, vp: i32 },
    /// Command Shake-up (6.4): the side's movement factors halved this turn.
    MovementHalved { side: Side, turn: u8 },
    /// Truce (6.4): no attacks and no sieges this turn.
    Truce { turn: u8 },
    /// Volunteers Mobilize (6.4 event 5): militia `due`, those `available`, `count` placed
    /// now (8.3).
    Volunteers { due: u32, available: Vec<UnitId>, count: usize },
    /// Uprising (6.4 event 6): as [`EventEffect::Volunteers`].
    Uprising { due: u32, available: Vec<UnitId>, count: usize },
}

/// Who chose the units lost (11.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChosenBy {
    /// The owner chose among several ways to pay.
    Owner,
    /// Only one way to pay: taken at once.
    Forced,
}

/// One unit's contribution to a battle (11.2 step 2, 11.8, 11.10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleUnit {
    pub unit: UnitId,
    /// The printed factor used (attack or defense).
    pub printed: u32,
    /// +1 for divisional integrity (11.10).
    pub division_bonus: u32,
    /// Doubled by a siege train in its hex (11.8).
    pub doubled: bool,
    /// What it adds to the force.
    pub total: u32,
}

/// One column shift of a battle and who claims it (11.5-11.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleShift {
    /// The rule and circumstance, e.g. "11.6 defender in hills".
    pub cause: String,
    /// Positive to the right (the attacker's favour), negative to the left.
    pub columns: i32,
    pub claimant: ShiftClaimant,
}

/// Which side of a battle claims a shift (11.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShiftClaimant {
    Attacker,
    Defender,
}

/// A die roll modifier and its cause (8.12 recycling, 13.2 siege).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub modifier: i32,
    pub cause: String,
}

/// One hex of a ground move and what entering it cost (9.0-9.12): `cost` in movement points
/// as shown (`0.5`, `1.5`, `3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveStep {
    pub hex: HexId,
    pub cost: String,
    pub why: String,
}

/// One unit drawn at random from the container (8.5): a die of `faces` faces, null when one
/// unit was left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupDraw {
    pub faces: usize,
    pub die: Option<u32>,
    pub unit: UnitId,
}

/// How a stack is in supply (12.2-12.8), by the `via` key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "via", rename_all = "kebab-case")]
pub enum SupplyVia {
    /// A supply line (12.2, 12.3): the hexes from the unit to the source, `off_road` of them.
    Line { source: HexId, path: Vec<HexId>, off_road: usize },
    /// A port on water where the side conducts naval operations (12.4).
    Port { water: String },
    /// An Ottoman port after British intervention (12.6).
    InterventionPort,
    /// An off-map box that supplies its units (8.6, 8.9, 8.10, 12.6-12.8).
    Box { r#box: String },
    /// The island region whose every town the side holds (12.8).
    Islands { region: String },
}

impl Happened {
    /// The event: `text` for people, this value serialised as its `data`.
    pub fn event(self, text: impl Into<String>) -> Event {
        let data = match serde_json::to_value(&self) {
            Ok(data) => data,
            Err(e) => {
                // Plain values with string keys always serialise; a failure is a bug here.
                debug_assert!(false, "an event's data does not serialise: {e}");
                serde_json::Value::Null
            }
        };
        Event::new(text, data)
    }
}

/// A key that is present, null or not: `Some(None)` for null, `Some(Some(_))` for a value
/// (an absent key is `None`, by `#[serde(default)]`).
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}
