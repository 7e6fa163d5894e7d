//! The charts of the game card (`data/tables.txt`, a reconstruction: see its header,
//! `RECONSTRUCTION.md` and docs/DATA_FORMAT.md, "Empires in Arms data files: the charts"):
//! the NAVAL COMBAT TABLE and the CASUALTY PERCENTAGE TABLE (6.3.3.2), the OPERATIONAL
//! POSSIBILITIES CHART (7.5.2.4, 7.5.2.7), the combat results tables (7.5.2.9), the combat
//! table modifiers of terrain (7.5.2.7.3), the commander chart and die roll modifiers
//! (7.5.2.9.1, option 12.3.3.1), the withdrawal and outflank arrival rolls (7.5.2.5,
//! 7.5.2.12) and the morale levels (7.5.2.6).
//!
//! [`Charts::parse`] refuses the whole file, naming the line, on any error; the queries are
//! pure and use whole numbers only (percentages, morale in tenths: 4.0 is 40).

use crate::{FactorKind, Power};
use grognard_board::area::AreaTerrain;
use grognard_board::text::{split_named, Line, Section, Sections};
use grognard_board::MapError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The text of the built-in charts file.
pub const TABLES_TEXT: &str = include_str!("../../data/tables.txt");

const SECTIONS: [&str; 11] = [
    "naval",
    "casualties",
    "land-results",
    "pairings",
    "withdrawals",
    "effects",
    "terrain",
    "commander",
    "die-modifiers",
    "outflank",
    "morale",
];

/// The modified die results every die-indexed table has a row for: a die of 1-6 with a total
/// modifier of -1 to +1 (6.3.3.2, 7.5.2.9.1).
pub const DIE_ROWS: std::ops::RangeInclusive<u32> = 0..=7;

/// The rounds of one day of field combat the OPERATIONAL POSSIBILITIES CHART gives tables for.
pub const ROUNDS: usize = 3;

/// A whole percentage (6.3.3.2, 7.5.2.9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Percent(pub u32);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.0)
    }
}

/// A morale level or loss in tenths (7.5.2.6, 7.5.2.9.3): 4.0 is `Tenths(40)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tenths(pub u32);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A combat results table (7.5.2.9): a casualty level and a morale level, each 1 to 5,
/// written `C-M` (`3-2`). The OPERATIONAL POSSIBILITIES CHART names them; terrain shifts them
/// (7.5.2.7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TableId {
    casualty: u8,
    morale: u8,
}

impl TableId {
    /// The lowest level of either kind.
    pub const MIN_LEVEL: u8 = 1;
    /// The highest level of either kind.
    pub const MAX_LEVEL: u8 = 5;

    /// Table `casualty-morale`, if both levels are 1-5.
    pub fn new(casualty: u8, morale: u8) -> Option<TableId> {
        let ok = |l: u8| (Self::MIN_LEVEL..=Self::MAX_LEVEL).contains(&l);
        (ok(casualty) && ok(morale)).then_some(TableId { casualty, morale })
    }

    /// Every table, casualty level first.
    pub fn all() -> impl Iterator<Item = TableId> {
        (Self::MIN_LEVEL..=Self::MAX_LEVEL)
            .flat_map(|c| (Self::MIN_LEVEL..=Self::MAX_LEVEL).map(move |m| TableId { casualty: c, morale: m }))
    }

    /// The casualty level, 1-5.
    pub fn casualty(self) -> u8 {
        self.casualty
    }

    /// The morale level, 1-5.
    pub fn morale(self) -> u8 {
        self.morale
    }

    /// The table `casualty_shift` and `morale_shift` levels away, each level kept within 1-5
    /// (7.5.2.7.3).
    pub fn shifted(self, casualty_shift: i32, morale_shift: i32) -> TableId {
        let shift = |level: u8, by: i32| -> u8 {
            let moved = i32::from(level).saturating_add(by);
            let kept = moved.max(i32::from(Self::MIN_LEVEL)).min(i32::from(Self::MAX_LEVEL));
            u8::try_from(kept).unwrap_or(Self::MIN_LEVEL)
        };
        TableId { casualty: shift(self.casualty, casualty_shift), morale: shift(self.morale, morale_shift) }
    }

    /// The table written `C-M`.
    pub fn parse(word: &str) -> Option<TableId> {
        let (c, m) = word.split_once('-')?;
        let level = |s: &str| if s.len() == 1 { s.parse::<u8>().ok() } else { None };
        TableId::new(level(c)?, level(m)?)
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.casualty, self.morale)
    }
}

impl From<TableId> for String {
    fn from(table: TableId) -> String {
        table.to_string()
    }
}

impl TryFrom<String> for TableId {
    type Error = String;
    fn try_from(word: String) -> Result<TableId, String> {
        TableId::parse(&word).ok_or_else(|| format!("`{word}` is not a combat table C-M with levels 1-5"))
    }
}

/// One cell of a combat results table (7.5.2.9): the percentage of the roller's factors the
/// enemy loses (7.5.2.9.2) and the morale the enemy loses (7.5.2.9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandResult {
    pub percent: Percent,
    pub morale_loss: Tenths,
}

/// An attacker's (gray) Operational Possibilities chit (7.5.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttackerChit {
    /// Only for a force of at least two non-artillery corps with a leader (7.5.2.1).
    Outflank,
    Assault,
    EscalatedAssault,
    Echelon,
    Probe,
}

impl AttackerChit {
    pub const ALL: [AttackerChit; 5] = [
        AttackerChit::Outflank,
        AttackerChit::Assault,
        AttackerChit::EscalatedAssault,
        AttackerChit::Echelon,
        AttackerChit::Probe,
    ];

    /// The word used in the data file.
    pub fn id(self) -> &'static str {
        match self {
            AttackerChit::Outflank => "outflank",
            AttackerChit::Assault => "assault",
            AttackerChit::EscalatedAssault => "escalated-assault",
            AttackerChit::Echelon => "echelon",
            AttackerChit::Probe => "probe",
        }
    }

    pub fn from_id(id: &str) -> Option<AttackerChit> {
        AttackerChit::ALL.into_iter().find(|c| c.id() == id)
    }
}

impl fmt::Display for AttackerChit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A defender's (white) Operational Possibilities chit (7.5.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderChit {
    /// Only for a force of at least two non-artillery corps with a leader (7.5.2.1).
    Outflank,
    Counterattack,
    EscalatedCounterattack,
    /// Stops an attacker's outflanking (7.5.2.2).
    Cordon,
    /// Leads to step five (7.5.2.4, 7.5.2.5).
    Withdraw,
    Defend,
}

impl DefenderChit {
    pub const ALL: [DefenderChit; 6] = [
        DefenderChit::Outflank,
        DefenderChit::Counterattack,
        DefenderChit::EscalatedCounterattack,
        DefenderChit::Cordon,
        DefenderChit::Withdraw,
        DefenderChit::Defend,
    ];

    /// The word used in the data file.
    pub fn id(self) -> &'static str {
        match self {
            DefenderChit::Outflank => "outflank",
            DefenderChit::Counterattack => "counterattack",
            DefenderChit::EscalatedCounterattack => "escalated-counterattack",
            DefenderChit::Cordon => "cordon",
            DefenderChit::Withdraw => "withdraw",
            DefenderChit::Defend => "defend",
        }
    }

    pub fn from_id(id: &str) -> Option<DefenderChit> {
        DefenderChit::ALL.into_iter().find(|c| c.id() == id)
    }
}

impl fmt::Display for DefenderChit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Whether one side outflanks: exactly one chit is Outflank, and an attacker's outflank is
/// not met by a cordon (7.5.2.2). The outflanking side is then the one that chose it.
pub fn outflanking_side(attacker: AttackerChit, defender: DefenderChit) -> Option<Side> {
    match (attacker == AttackerChit::Outflank, defender) {
        (true, DefenderChit::Outflank | DefenderChit::Cordon) => None,
        (true, _) => Some(Side::Attacker),
        (false, DefenderChit::Outflank) => Some(Side::Defender),
        (false, _) => None,
    }
}

/// A side of a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Attacker,
    Defender,
}

/// The sides a pairing's special effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sides {
    Attacker,
    Defender,
    Both,
}

impl Sides {
    /// Does the effect apply to `side`?
    pub fn includes(self, side: Side) -> bool {
        matches!((self, side), (Sides::Both, _) | (Sides::Attacker, Side::Attacker) | (Sides::Defender, Side::Defender))
    }

    fn parse(word: &str) -> Option<Sides> {
        match word {
            "attacker" => Some(Sides::Attacker),
            "defender" => Some(Sides::Defender),
            "both" => Some(Sides::Both),
            _ => None,
        }
    }
}

/// The tables each side rolls on in rounds 1-3 (`None`: nobody rolls that round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rounds {
    pub attacker: [Option<TableId>; ROUNDS],
    pub defender: [Option<TableId>; ROUNDS],
}

impl Rounds {
    /// The table `side` rolls on in `round` (1-3).
    pub fn table(&self, side: Side, round: usize) -> Option<TableId> {
        let tables = match side {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        };
        round.checked_sub(1).and_then(|i| tables.get(i)).copied().flatten()
    }

    fn is_empty(&self) -> bool {
        self.attacker.iter().chain(self.defender.iter()).all(Option::is_none)
    }
}

/// How a defender who chose Withdraw gets away (7.5.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Withdrawal {
    /// No roll: the force withdraws and the battle is avoided (7.5.2.5.1).
    Automatic,
    /// A die roll of at most the commander's strategic rating plus `modifier` withdraws.
    Roll { modifier: i32 },
}

/// A special result printed with a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// The commander chart gives no die roll modifier (7.5.2.9.1).
    NoCommanderChart,
    /// A side commanded by a leader of `commander` adds `tenths` to its morale level.
    Morale { tenths: i32, commander: Power },
    /// A side commanded by a leader of `commander` adds `amount` to its combat die rolls.
    Die { amount: i32, commander: Power },
    /// The outflanking side adds `amount` to its arrival rolls (7.5.2.12).
    Arrival { amount: i32 },
}

/// A special result and the sides it applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingEffect {
    pub sides: Sides,
    pub effect: Effect,
}

/// One cell of the OPERATIONAL POSSIBILITIES CHART: what an attacker's chit against a
/// defender's chit means (7.5.2.4, 7.5.2.5, 7.5.2.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The tables of the pairing itself.
    pub base: Rounds,
    /// The tables used instead when the attacker crosses a river (7.5.2.7.1).
    pub river: Option<Rounds>,
    /// The tables of rounds 2-3 once the outflanking force has arrived (7.5.2.7.2, 7.5.2.12);
    /// present exactly when one side outflanks ([`outflanking_side`]).
    pub outflanked: Option<Rounds>,
    /// Present exactly when the defender chose Withdraw (7.5.2.5).
    pub withdrawal: Option<Withdrawal>,
    pub effects: Vec<PairingEffect>,
}

impl Pairing {
    /// The table `side` rolls on in `round` (1-3), the attacker having crossed a river or
    /// not, the outflanking force having arrived or not. `None`: nobody rolls that round
    /// (after round 1 of an outflank against a withdrawal, the defender is gone unless the
    /// outflanking force has arrived).
    pub fn table(&self, side: Side, round: usize, across_river: bool, outflank_arrived: bool) -> Option<TableId> {
        let rounds = match (&self.outflanked, &self.river) {
            (Some(outflanked), _) if outflank_arrived && round >= 2 => outflanked,
            (_, Some(river)) if across_river => river,
            _ => &self.base,
        };
        rounds.table(side, round)
    }
}

/// The terrain of a battle's area as the combat charts know it: the map's terrains and
/// desert (none of the reconstructed map's areas is desert).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatTerrain {
    Clear,
    Forest,
    Mountain,
    Marsh,
    Desert,
}

impl CombatTerrain {
    pub const ALL: [CombatTerrain; 5] = [
        CombatTerrain::Clear,
        CombatTerrain::Forest,
        CombatTerrain::Mountain,
        CombatTerrain::Marsh,
        CombatTerrain::Desert,
    ];

    /// The word used in the data file.
    pub fn id(self) -> &'static str {
        match self {
            CombatTerrain::Clear => "clear",
            CombatTerrain::Forest => "forest",
            CombatTerrain::Mountain => "mountain",
            CombatTerrain::Marsh => "marsh",
            CombatTerrain::Desert => "desert",
        }
    }

    pub fn from_id(id: &str) -> Option<CombatTerrain> {
        CombatTerrain::ALL.into_iter().find(|t| t.id() == id)
    }
}

impl From<AreaTerrain> for CombatTerrain {
    fn from(terrain: AreaTerrain) -> CombatTerrain {
        match terrain {
            AreaTerrain::Clear => CombatTerrain::Clear,
            AreaTerrain::Forest => CombatTerrain::Forest,
            AreaTerrain::Mountain => CombatTerrain::Mountain,
            AreaTerrain::Marsh => CombatTerrain::Marsh,
        }
    }
}

impl fmt::Display for CombatTerrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What the terrain of a battle's area does (7.5.2.7.3, 7.5.2.11, 7.5.2.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainEffects {
    /// Shift of the casualty level of the attacker's tables.
    pub attacker_casualty: i32,
    /// Shift of the morale level of the attacker's tables.
    pub attacker_morale: i32,
    pub defender_casualty: i32,
    pub defender_morale: i32,
    /// Modifier to the outflanking force's arrival rolls (7.5.2.12).
    pub outflank: i32,
    /// Modifier to reinforcing attempts (7.5.2.11).
    pub reinforce: i32,
}

impl TerrainEffects {
    /// `table` as `side` reads it in this terrain (7.5.2.7.3).
    pub fn shift(&self, side: Side, table: TableId) -> TableId {
        match side {
            Side::Attacker => table.shifted(self.attacker_casualty, self.attacker_morale),
            Side::Defender => table.shifted(self.defender_casualty, self.defender_morale),
        }
    }
}

/// The die roll modifiers beside the commander chart (7.5.2.9.1, option 12.3.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieModifiers {
    /// Cavalry superiority's modifier (12.3.3.1).
    pub cavalry_superiority: i32,
    /// A side is superior with cavalry at least this many times the enemy's.
    pub cavalry_ratio: u32,
    /// The lowest total of all die modifiers.
    pub total_min: i32,
    /// The highest total of all die modifiers.
    pub total_max: i32,
}

impl DieModifiers {
    /// Cavalry superiority's modifier for a side with `own_cavalry` of `own_factors` against
    /// `enemy_cavalry` of `enemy_factors` (12.3.3.1): it needs some cavalry, at least
    /// `cavalry_ratio` times the enemy's, and does not apply when both forces are all cavalry.
    pub fn cavalry_superiority(
        &self,
        own_cavalry: u32,
        own_factors: u32,
        enemy_cavalry: u32,
        enemy_factors: u32,
    ) -> i32 {
        let both_all_cavalry = own_cavalry == own_factors && enemy_cavalry == enemy_factors;
        let superior = own_cavalry > 0 && own_cavalry >= enemy_cavalry.saturating_mul(self.cavalry_ratio);
        if superior && !both_all_cavalry {
            self.cavalry_superiority
        } else {
            0
        }
    }

    /// The total of a side's die modifiers held within the bounds.
    pub fn total(&self, sum: i32) -> i32 {
        sum.max(self.total_min).min(self.total_max)
    }
}

/// The outflanking force's arrival (7.5.2.12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutflankRules {
    /// By round (2, 3): modifier to the arrival roll against the commander's strategic rating.
    pub arrival: BTreeMap<u32, i32>,
    /// Arrived outflanking factors count this many times when their side inflicts losses.
    pub factor_multiplier: u32,
}

impl OutflankRules {
    /// The arrival roll's modifier before `round`; `None` if the force cannot arrive then.
    pub fn arrival_modifier(&self, round: u32) -> Option<i32> {
        self.arrival.get(&round).copied()
    }
}

/// A morale level (7.5.2.6): the base level and the level of a dominant power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleLevels {
    pub base: Tenths,
    pub dominant: Tenths,
}

/// The charts of the game card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charts {
    naval: BTreeMap<u32, Percent>,
    /// By percentage: losses for 1, 2, ... factors.
    casualties: BTreeMap<Percent, Vec<u32>>,
    /// By table: results for modified dice 0-7.
    land: BTreeMap<TableId, Vec<LandResult>>,
    pairings: BTreeMap<AttackerChit, BTreeMap<DefenderChit, Pairing>>,
    terrain: BTreeMap<CombatTerrain, TerrainEffects>,
    /// By own tactical rating, then the enemy's.
    commander: BTreeMap<u32, BTreeMap<u32, i32>>,
    die_modifiers: DieModifiers,
    outflank: OutflankRules,
    morale: BTreeMap<Power, BTreeMap<FactorKind, MoraleLevels>>,
}

impl Charts {
    /// The built-in charts (`data/tables.txt`).
    pub fn builtin() -> Result<Charts, MapError> {
        Charts::parse(TABLES_TEXT)
    }

    /// Parses a charts file; any error refuses the whole file and names its line.
    pub fn parse(text: &str) -> Result<Charts, MapError> {
        let sections = split_named(text, &SECTIONS)?;
        let casualties = parse_casualties(sections.required("casualties")?)?;
        let naval = parse_naval(sections.required("naval")?, &casualties)?;
        let land = parse_land(sections.required("land-results")?, &casualties)?;
        let (mut pairings, base_lines) = parse_pairings(sections.required("pairings")?)?;
        parse_withdrawals(sections.required("withdrawals")?, &mut pairings, &base_lines)?;
        parse_effects(sections.required("effects")?, &mut pairings)?;
        let terrain = parse_terrain(sections.required("terrain")?)?;
        let commander = parse_commander(sections.required("commander")?)?;
        let die_modifiers = parse_die_modifiers(sections.required("die-modifiers")?)?;
        let outflank = parse_outflank(sections.required("outflank")?)?;
        let morale = parse_morale(&sections)?;
        Ok(Charts { naval, casualties, land, pairings, terrain, commander, die_modifiers, outflank, morale })
    }

    /// NAVAL COMBAT TABLE (6.3.3.2): the percentage of a side's ships the enemy loses, by its
    /// modified die (0-7; harbour defences roll unmodified, 6.3.3.3).
    pub fn naval_percentage(&self, modified_die: i32) -> Option<Percent> {
        u32::try_from(modified_die).ok().and_then(|die| self.naval.get(&die)).copied()
    }

    /// CASUALTY PERCENTAGE TABLE (6.3.3.2, 7.5.2.9.2): the losses `percent` of `factors`
    /// inflicts. Above the table's last column (20) the number is split into as many of it as
    /// leave a remainder of at most 20, and the parts' losses are added (6.3.3.4: 54 = 20 + 20
    /// + 14). 0% or no factors: none. `None` if the table has no line for `percent`.
    pub fn casualties(&self, percent: Percent, factors: u32) -> Option<u32> {
        if percent.0 == 0 || factors == 0 {
            return Some(0);
        }
        let line = self.casualties.get(&percent)?;
        let widest = u32::try_from(line.len()).ok().filter(|w| *w > 0)?;
        let full = (factors - 1) / widest;
        let rest = factors - full * widest;
        let at = |n: u32| usize::try_from(n).ok().and_then(|n| n.checked_sub(1)).and_then(|i| line.get(i)).copied();
        Some(full.saturating_mul(at(widest)?).saturating_add(at(rest)?))
    }

    /// The percentages the CASUALTY PERCENTAGE TABLE has lines for, ascending.
    pub fn casualty_percentages(&self) -> impl Iterator<Item = Percent> + '_ {
        self.casualties.keys().copied()
    }

    /// Combat results table `table` (7.5.2.9) read with a modified die of 0-7.
    pub fn land_result(&self, table: TableId, modified_die: i32) -> Option<LandResult> {
        let row = usize::try_from(modified_die).ok()?;
        self.land.get(&table).and_then(|results| results.get(row)).copied()
    }

    /// The OPERATIONAL POSSIBILITIES CHART's cell for the two chits (7.5.2.4); a parsed file
    /// has every pairing.
    pub fn pairing(&self, attacker: AttackerChit, defender: DefenderChit) -> Option<&Pairing> {
        self.pairings.get(&attacker).and_then(|row| row.get(&defender))
    }

    /// What `terrain` does to a battle (7.5.2.7.3, 7.5.2.11, 7.5.2.12).
    pub fn terrain(&self, terrain: CombatTerrain) -> Option<&TerrainEffects> {
        self.terrain.get(&terrain)
    }

    /// Commander chart (7.5.2.9.1, 10.6.1.2.2): the die roll modifier of a side whose
    /// commander's tactical rating is `own` against an enemy commander's `enemy`; `None` for
    /// a rating the chart lacks.
    pub fn commander_modifier(&self, own: u32, enemy: u32) -> Option<i32> {
        self.commander.get(&own).and_then(|row| row.get(&enemy)).copied()
    }

    /// The tactical ratings the commander chart covers, ascending.
    pub fn commander_ratings(&self) -> impl Iterator<Item = u32> + '_ {
        self.commander.keys().copied()
    }

    /// The die roll modifiers beside the commander chart (7.5.2.9.1, 12.3.3.1).
    pub fn die_modifiers(&self) -> &DieModifiers {
        &self.die_modifiers
    }

    /// The outflanking force's arrival (7.5.2.12).
    pub fn outflank(&self) -> &OutflankRules {
        &self.outflank
    }

    /// The morale level of `power`'s factors of `kind` (7.5.2.6).
    pub fn morale(&self, power: Power, kind: FactorKind) -> Option<MoraleLevels> {
        self.morale.get(&power).and_then(|row| row.get(&kind)).copied()
    }
}

// ---------------------------------------------------------------------------------------
// The lexical pieces.

fn words<'a>(line: &Line<'a>) -> Vec<&'a str> {
    line.text.split_whitespace().collect()
}

fn expect_fields<'a>(line: &Line<'a>, count: usize, layout: &str) -> Result<Vec<&'a str>, MapError> {
    let fields = words(line);
    if fields.len() == count {
        Ok(fields)
    } else {
        Err(line.error(format!("expected {count} fields `{layout}`, found {}", fields.len())))
    }
}

/// A whole number without sign.
fn parse_whole(line: &Line<'_>, word: &str, what: &str) -> Result<u32, MapError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(line.error(format!("{what} `{word}` is not a whole number")));
    }
    word.parse::<u32>().map_err(|_| line.error(format!("{what} `{word}` is too large")))
}

/// A whole number with an optional sign, `0`, `+1`, `-2`, within `range`.
fn parse_signed(
    line: &Line<'_>,
    word: &str,
    what: &str,
    range: std::ops::RangeInclusive<i32>,
) -> Result<i32, MapError> {
    let (negative, digits) = match word.as_bytes().first() {
        Some(b'+') => (false, &word[1..]),
        Some(b'-') => (true, &word[1..]),
        _ => (false, word),
    };
    let magnitude =
        parse_whole(line, digits, what).map_err(|_| line.error(format!("{what} `{word}` is not a number")))?;
    let value = i32::try_from(magnitude).map_err(|_| line.error(format!("{what} `{word}` is too large")))?;
    let value = if negative { -value } else { value };
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(line.error(format!("{what} `{word}` is outside {}..{}", range.start(), range.end())))
    }
}

/// A number with exactly one decimal, `N.N`, as tenths.
fn parse_tenths(line: &Line<'_>, word: &str, what: &str) -> Result<u32, MapError> {
    let bad = || line.error(format!("{what} `{word}` is not written N.N (one decimal)"));
    let (whole, tenth) = word.split_once('.').ok_or_else(bad)?;
    if whole.is_empty() || tenth.len() != 1 || !(whole.bytes().chain(tenth.bytes())).all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let whole = whole.parse::<u32>().map_err(|_| bad())?;
    let tenth = tenth.parse::<u32>().map_err(|_| bad())?;
    whole.checked_mul(10).and_then(|w| w.checked_add(tenth)).ok_or_else(bad)
}

/// A signed `+N.N` or `-N.N` as tenths.
fn parse_signed_tenths(line: &Line<'_>, word: &str, what: &str) -> Result<i32, MapError> {
    let (negative, rest) = match word.as_bytes().first() {
        Some(b'+') => (false, &word[1..]),
        Some(b'-') => (true, &word[1..]),
        _ => return Err(line.error(format!("{what} `{word}` needs a sign (+1.0, -0.5)"))),
    };
    let value =
        i32::try_from(parse_tenths(line, rest, what)?).map_err(|_| line.error(format!("{what} is too large")))?;
    Ok(if negative { -value } else { value })
}

/// A percentage `N%` of 1-200.
fn parse_percent(line: &Line<'_>, word: &str) -> Result<Percent, MapError> {
    let digits = word.strip_suffix('%').ok_or_else(|| line.error(format!("`{word}` is not a percentage N%")))?;
    let value = parse_whole(line, digits, "the percentage")?;
    if (1..=200).contains(&value) {
        Ok(Percent(value))
    } else {
        Err(line.error(format!("the percentage {word} is out of range (1%-200%)")))
    }
}

fn attacker_chit(line: &Line<'_>, word: &str) -> Result<AttackerChit, MapError> {
    AttackerChit::from_id(word).ok_or_else(|| {
        let known: Vec<&str> = AttackerChit::ALL.iter().map(|c| c.id()).collect();
        line.error(format!("R7.5.2.1: unknown attacker chit `{word}` (attacker chits: {})", known.join(" ")))
    })
}

fn defender_chit(line: &Line<'_>, word: &str) -> Result<DefenderChit, MapError> {
    DefenderChit::from_id(word).ok_or_else(|| {
        let known: Vec<&str> = DefenderChit::ALL.iter().map(|c| c.id()).collect();
        line.error(format!("R7.5.2.1: unknown defender chit `{word}` (defender chits: {})", known.join(" ")))
    })
}

fn list<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

// ---------------------------------------------------------------------------------------
// The sections.

/// `[casualties]`: a `factors 1 2 ... N` line, then `P% losses...` lines (6.3.3.2).
fn parse_casualties(section: &Section<'_>) -> Result<BTreeMap<Percent, Vec<u32>>, MapError> {
    let mut lines = section.lines.iter();
    let header = lines
        .next()
        .ok_or_else(|| MapError::new(section.header, "R6.3.3.2: [casualties] has no `factors 1 2 ... 20` line"))?;
    let fields = words(header);
    if fields.first() != Some(&"factors") || fields.len() < 2 {
        return Err(header.error("R6.3.3.2: [casualties] must start with `factors 1 2 ... N`"));
    }
    for (index, word) in fields[1..].iter().enumerate() {
        let expected = index + 1;
        if parse_whole(header, word, "a factor column")? as usize != expected {
            return Err(header.error(format!("the factor columns must run 1, 2, 3 ...: column {expected} is `{word}`")));
        }
    }
    let columns = fields.len() - 1;
    let mut table: BTreeMap<Percent, Vec<u32>> = BTreeMap::new();
    let mut first_line: BTreeMap<Percent, usize> = BTreeMap::new();
    for line in lines {
        let fields = expect_fields(line, columns + 1, "P% then one loss per factor column")?;
        let percent = parse_percent(line, fields[0])?;
        if let Some(first) = first_line.get(&percent) {
            return Err(line.error(format!("the {percent} line appears twice (first at line {first})")));
        }
        let mut losses = Vec::with_capacity(columns);
        for (index, word) in fields[1..].iter().enumerate() {
            let factors = u64::try_from(index + 1).unwrap_or(u64::MAX);
            let loss = parse_whole(line, word, "a loss")?;
            let exact = u64::from(percent.0) * factors;
            if (u64::from(loss) * 100).abs_diff(exact) >= 100 {
                return Err(line.error(format!(
                    "R6.3.3.2: {percent} of {factors} factors is given as {loss}: more than one factor from the exact {}.{:02}",
                    exact / 100,
                    exact % 100
                )));
            }
            if losses.last().is_some_and(|previous| *previous > loss) {
                return Err(
                    line.error(format!("{percent} of {factors} factors ({loss}) is less than of one factor fewer"))
                );
            }
            losses.push(loss);
        }
        first_line.insert(percent, line.number);
        table.insert(percent, losses);
    }
    if table.is_empty() {
        return Err(MapError::new(section.header, "R6.3.3.2: [casualties] has no percentage line"));
    }
    Ok(table)
}

fn require_casualty_line(
    line: &Line<'_>,
    percent: Percent,
    casualties: &BTreeMap<Percent, Vec<u32>>,
) -> Result<(), MapError> {
    if percent.0 == 0 || casualties.contains_key(&percent) {
        Ok(())
    } else {
        Err(line.error(format!("R6.3.3.2: {percent} has no line in [casualties]")))
    }
}

/// `[naval]`: `die P%` for every modified die 0-7 (6.3.3.2).
fn parse_naval(
    section: &Section<'_>,
    casualties: &BTreeMap<Percent, Vec<u32>>,
) -> Result<BTreeMap<u32, Percent>, MapError> {
    let mut naval = BTreeMap::new();
    let mut first_line = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, 2, "die P%")?;
        let die = parse_whole(line, fields[0], "the die")?;
        if !DIE_ROWS.contains(&die) {
            return Err(line.error(format!("R6.3.3.2: the modified die {die} is outside 0-7")));
        }
        if let Some(first) = first_line.insert(die, line.number) {
            return Err(line.error(format!("the die {die} appears twice (first at line {first})")));
        }
        let percent = parse_percent(line, fields[1])?;
        require_casualty_line(line, percent, casualties)?;
        naval.insert(die, percent);
    }
    let missing: Vec<u32> = DIE_ROWS.filter(|d| !naval.contains_key(d)).collect();
    if !missing.is_empty() {
        let message = format!("R6.3.3.2: the NAVAL COMBAT TABLE lacks the modified die rows {}", list(&missing));
        return Err(MapError::new(section.header, message));
    }
    Ok(naval)
}

/// `[land-results]`: `C-M` then eight `P/M.M` cells, dice 0-7, for every table (7.5.2.9).
fn parse_land(
    section: &Section<'_>,
    casualties: &BTreeMap<Percent, Vec<u32>>,
) -> Result<BTreeMap<TableId, Vec<LandResult>>, MapError> {
    let cells = DIE_ROWS.count();
    let mut land = BTreeMap::new();
    let mut first_line = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, cells + 1, "C-M then P/M.M for dice 0 to 7")?;
        let table = TableId::parse(fields[0])
            .ok_or_else(|| line.error(format!("R7.5.2.9: `{}` is not a table C-M with levels 1-5", fields[0])))?;
        if let Some(first) = first_line.insert(table, line.number) {
            return Err(line.error(format!("table {table} appears twice (first at line {first})")));
        }
        let mut results = Vec::with_capacity(cells);
        for (die, cell) in fields[1..].iter().enumerate() {
            let (percent, morale) = cell
                .split_once('/')
                .ok_or_else(|| line.error(format!("die {die}: `{cell}` is not P/M.M (percent/morale loss)")))?;
            let percent = Percent(parse_whole(line, percent, "the percentage")?);
            if percent.0 > 100 {
                return Err(line.error(format!("die {die}: the percentage {percent} is out of range (0%-100%)")));
            }
            require_casualty_line(line, percent, casualties)?;
            let morale_loss = Tenths(parse_tenths(line, morale, "the morale loss")?);
            results.push(LandResult { percent, morale_loss });
        }
        land.insert(table, results);
    }
    let missing: Vec<TableId> = TableId::all().filter(|t| !land.contains_key(t)).collect();
    if !missing.is_empty() {
        let message = format!("R7.5.2.9: the combat results tables lack {}", list(&missing));
        return Err(MapError::new(section.header, message));
    }
    Ok(land)
}

/// The kind of a `[pairings]` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum When {
    Base,
    River,
    Outflanked,
}

type PairingLines = BTreeMap<(AttackerChit, DefenderChit), usize>;

/// The OPERATIONAL POSSIBILITIES CHART: by attacker's chit, then defender's.
type PairingChart = BTreeMap<AttackerChit, BTreeMap<DefenderChit, Pairing>>;

/// `[pairings]`: `attacker defender when` then three attacker's and three defender's tables.
fn parse_pairings(section: &Section<'_>) -> Result<(PairingChart, PairingLines), MapError> {
    let mut lines: BTreeMap<(AttackerChit, DefenderChit, When), (usize, Rounds)> = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, 9, "attacker defender when, 3 attacker's tables, 3 defender's tables")?;
        let attacker = attacker_chit(line, fields[0])?;
        let defender = defender_chit(line, fields[1])?;
        let when = match fields[2] {
            "-" => When::Base,
            "river" => When::River,
            "outflanked" => When::Outflanked,
            other => return Err(line.error(format!("`when` is `-`, `river` or `outflanked`, not `{other}`"))),
        };
        let mut tables = [None; 2 * ROUNDS];
        for (slot, word) in tables.iter_mut().zip(&fields[3..]) {
            *slot = match *word {
                "-" => None,
                word => Some(TableId::parse(word).ok_or_else(|| {
                    line.error(format!("R7.5.2.7: `{word}` is neither `-` nor a table C-M with levels 1-5"))
                })?),
            };
        }
        let rounds =
            Rounds { attacker: [tables[0], tables[1], tables[2]], defender: [tables[3], tables[4], tables[5]] };
        for round in 1..=ROUNDS {
            if rounds.table(Side::Attacker, round).is_some() != rounds.table(Side::Defender, round).is_some() {
                return Err(line.error(format!("R7.5.2.9: in round {round} one side rolls and the other does not")));
            }
        }
        let outflanker = outflanking_side(attacker, defender);
        match when {
            When::Outflanked if outflanker.is_none() => {
                return Err(line.error(format!(
                    "R7.5.2.2: nobody outflanks in {attacker}/{defender} (one side must choose outflank, and a cordon stops it)"
                )));
            }
            When::Outflanked if rounds.table(Side::Attacker, 1).is_some() => {
                return Err(line.error("R7.5.2.12: an outflanking force arrives after round 1: round 1 must be `-`"));
            }
            When::Base if defender != DefenderChit::Withdraw && rounds.table(Side::Attacker, 1).is_none() => {
                return Err(line.error(format!(
                    "R7.5.2.4: {attacker}/{defender} has no round 1 tables: only a withdrawal ends a field combat before it starts"
                )));
            }
            _ => {}
        }
        if let Some((first, _)) = lines.get(&(attacker, defender, when)) {
            let kind = match when {
                When::Base => "",
                When::River => " (river)",
                When::Outflanked => " (outflanked)",
            };
            return Err(
                line.error(format!("the pairing {attacker}/{defender}{kind} appears twice (first at line {first})"))
            );
        }
        lines.insert((attacker, defender, when), (line.number, rounds));
    }
    let mut pairings = PairingChart::new();
    let mut base_lines = PairingLines::new();
    for attacker in AttackerChit::ALL {
        for defender in DefenderChit::ALL {
            let Some((number, base)) = lines.get(&(attacker, defender, When::Base)).copied() else {
                return Err(MapError::new(
                    section.header,
                    format!("R7.5.2.4: the pairing {attacker}/{defender} is missing (every attacker chit meets every defender chit once)"),
                ));
            };
            let outflanked = lines.get(&(attacker, defender, When::Outflanked)).map(|(_, r)| *r);
            if outflanking_side(attacker, defender).is_some() && outflanked.is_none() {
                return Err(MapError::new(
                    number,
                    format!("R7.5.2.7.2: {attacker}/{defender} needs an `outflanked` line for rounds 2-3"),
                ));
            }
            let river = lines.get(&(attacker, defender, When::River)).map(|(_, r)| *r);
            base_lines.insert((attacker, defender), number);
            let pairing = Pairing { base, river, outflanked, withdrawal: None, effects: Vec::new() };
            pairings.entry(attacker).or_default().insert(defender, pairing);
        }
    }
    Ok((pairings, base_lines))
}

/// `[withdrawals]`: `attacker +N|automatic`, one line per attacker chit (7.5.2.5).
fn parse_withdrawals(
    section: &Section<'_>,
    pairings: &mut PairingChart,
    base_lines: &PairingLines,
) -> Result<(), MapError> {
    let mut first_line = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, 2, "attacker +N|automatic")?;
        let attacker = attacker_chit(line, fields[0])?;
        if let Some(first) = first_line.insert(attacker, line.number) {
            return Err(line.error(format!("the withdrawal against {attacker} appears twice (first at line {first})")));
        }
        let withdrawal = match fields[1] {
            "automatic" => Withdrawal::Automatic,
            word => Withdrawal::Roll { modifier: parse_signed(line, word, "the withdrawal modifier", -6..=6)? },
        };
        let Some(pairing) = pairings.get_mut(&attacker).and_then(|row| row.get_mut(&DefenderChit::Withdraw)) else {
            return Err(line.error(format!("the pairing {attacker}/withdraw is missing")));
        };
        let base_line = base_lines.get(&(attacker, DefenderChit::Withdraw)).copied().unwrap_or(section.header);
        match (withdrawal, pairing.base.is_empty()) {
            (Withdrawal::Automatic, false) => {
                return Err(line.error(format!(
                    "R7.5.2.5.1: an automatic withdrawal avoids battle, but {attacker}/withdraw (line {base_line}) has tables"
                )));
            }
            (Withdrawal::Roll { .. }, true) => {
                return Err(line.error(format!(
                    "R7.5.2.5: {attacker}/withdraw (line {base_line}) has no tables, so its withdrawal must be `automatic`"
                )));
            }
            _ => {}
        }
        pairing.withdrawal = Some(withdrawal);
    }
    let missing: Vec<AttackerChit> = AttackerChit::ALL.into_iter().filter(|c| !first_line.contains_key(c)).collect();
    if !missing.is_empty() {
        let message = format!("R7.5.2.5: no withdrawal result against {}", list(&missing));
        return Err(MapError::new(section.header, message));
    }
    Ok(())
}

/// `[effects]`: `attacker defender side effect...`.
fn parse_effects(section: &Section<'_>, pairings: &mut PairingChart) -> Result<(), MapError> {
    for line in &section.lines {
        let fields = words(line);
        if fields.len() < 4 {
            return Err(line.error("expected `attacker defender side effect...`"));
        }
        let attacker = attacker_chit(line, fields[0])?;
        let defender = defender_chit(line, fields[1])?;
        let sides = Sides::parse(fields[2])
            .ok_or_else(|| line.error(format!("the side is attacker, defender or both, not `{}`", fields[2])))?;
        let power = |word: &str| {
            Power::from_id(word).ok_or_else(|| {
                line.error(format!("unknown power `{word}` (powers: {})", list(&Power::ALL.map(Power::id))))
            })
        };
        let effect = match &fields[3..] {
            ["no-commander-chart"] => {
                if sides != Sides::Both {
                    return Err(line.error("R7.5.2.9.1: no-commander-chart concerns both sides: write `both`"));
                }
                Effect::NoCommanderChart
            }
            ["morale", amount, "commander", who] => Effect::Morale {
                tenths: parse_signed_tenths(line, amount, "the morale change")?,
                commander: power(who)?,
            },
            ["die", amount, "commander", who] => {
                Effect::Die { amount: parse_signed(line, amount, "the die modifier", -3..=3)?, commander: power(who)? }
            }
            ["arrival", amount] => {
                let outflanker = outflanking_side(attacker, defender).ok_or_else(|| {
                    line.error(format!("R7.5.2.12: nobody outflanks in {attacker}/{defender}, so nothing arrives"))
                })?;
                let (expected, name) = match outflanker {
                    Side::Attacker => (Sides::Attacker, "attacker"),
                    Side::Defender => (Sides::Defender, "defender"),
                };
                if sides != expected {
                    return Err(line.error(format!("R7.5.2.12: only the outflanking side ({name}) has arrival rolls")));
                }
                Effect::Arrival { amount: parse_signed(line, amount, "the arrival modifier", -6..=6)? }
            }
            _ => {
                return Err(line.error(format!(
                    "unknown effect `{}` (effects: no-commander-chart, morale +N.N commander POWER, die +N commander POWER, arrival +N)",
                    fields[3..].join(" ")
                )));
            }
        };
        let Some(pairing) = pairings.get_mut(&attacker).and_then(|row| row.get_mut(&defender)) else {
            return Err(line.error(format!("the pairing {attacker}/{defender} is missing")));
        };
        let entry = PairingEffect { sides, effect };
        if pairing.effects.contains(&entry) {
            return Err(line.error(format!("this effect of {attacker}/{defender} is listed twice")));
        }
        pairing.effects.push(entry);
    }
    Ok(())
}

/// `[terrain]`: `terrain` and six shifts (7.5.2.7.3, 7.5.2.11, 7.5.2.12).
fn parse_terrain(section: &Section<'_>) -> Result<BTreeMap<CombatTerrain, TerrainEffects>, MapError> {
    let mut terrain = BTreeMap::new();
    let mut first_line = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, 7, "terrain, attacker C M, defender C M, outflank, reinforce")?;
        let kind = CombatTerrain::from_id(fields[0]).ok_or_else(|| {
            line.error(format!(
                "unknown terrain `{}` (terrains: {})",
                fields[0],
                list(&CombatTerrain::ALL.map(CombatTerrain::id))
            ))
        })?;
        if let Some(first) = first_line.insert(kind, line.number) {
            return Err(line.error(format!("the terrain {kind} appears twice (first at line {first})")));
        }
        let levels = -(i32::from(TableId::MAX_LEVEL) - 1)..=i32::from(TableId::MAX_LEVEL) - 1;
        let shift = |i: usize, what: &str| parse_signed(line, fields[i], what, levels.clone());
        let effects = TerrainEffects {
            attacker_casualty: shift(1, "the attacker's casualty shift")?,
            attacker_morale: shift(2, "the attacker's morale shift")?,
            defender_casualty: shift(3, "the defender's casualty shift")?,
            defender_morale: shift(4, "the defender's morale shift")?,
            outflank: parse_signed(line, fields[5], "the outflank modifier", -6..=6)?,
            reinforce: parse_signed(line, fields[6], "the reinforcement modifier", -6..=6)?,
        };
        terrain.insert(kind, effects);
    }
    let missing: Vec<CombatTerrain> = CombatTerrain::ALL.into_iter().filter(|t| !terrain.contains_key(t)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(section.header, format!("R7.5.2.7.3: no line for the terrain {}", list(&missing))));
    }
    Ok(terrain)
}

/// `[commander]`: an `enemy R R ...` line, then one row per own rating (7.5.2.9.1).
fn parse_commander(section: &Section<'_>) -> Result<BTreeMap<u32, BTreeMap<u32, i32>>, MapError> {
    let mut lines = section.lines.iter();
    let header = lines
        .next()
        .ok_or_else(|| MapError::new(section.header, "R7.5.2.9.1: [commander] has no `enemy 0 1 ...` line"))?;
    let fields = words(header);
    if fields.first() != Some(&"enemy") || fields.len() < 2 {
        return Err(header.error("R7.5.2.9.1: [commander] must start with `enemy` and the enemy's ratings"));
    }
    let mut ratings = Vec::new();
    for word in &fields[1..] {
        let rating = parse_whole(header, word, "a tactical rating")?;
        if ratings.last().is_some_and(|last: &u32| last.checked_add(1) != Some(rating)) {
            return Err(header.error("the ratings must run up one at a time (0 1 2 ...)"));
        }
        ratings.push(rating);
    }
    let mut chart: BTreeMap<u32, BTreeMap<u32, i32>> = BTreeMap::new();
    let mut first_line = BTreeMap::new();
    for line in lines {
        let fields = expect_fields(line, ratings.len() + 1, "own rating, then one modifier per enemy rating")?;
        let own = parse_whole(line, fields[0], "the own rating")?;
        if !ratings.contains(&own) {
            return Err(line.error(format!("the rating {own} is not among the header's ({})", list(&ratings))));
        }
        if let Some(first) = first_line.insert(own, line.number) {
            return Err(line.error(format!("the rating {own} appears twice (first at line {first})")));
        }
        let mut row = BTreeMap::new();
        for (enemy, word) in ratings.iter().zip(&fields[1..]) {
            row.insert(*enemy, parse_signed(line, word, "the modifier", -3..=3)?);
        }
        chart.insert(own, row);
    }
    let missing: Vec<u32> = ratings.iter().copied().filter(|r| !chart.contains_key(r)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(section.header, format!("R7.5.2.9.1: no row for the rating {}", list(&missing))));
    }
    Ok(chart)
}

/// `[die-modifiers]`: `cavalry-superiority +N`, `cavalry-ratio N`, `total MIN MAX`.
fn parse_die_modifiers(section: &Section<'_>) -> Result<DieModifiers, MapError> {
    let (mut superiority, mut ratio, mut total) = (None, None, None);
    let mut first_line: BTreeMap<&str, usize> = BTreeMap::new();
    for line in &section.lines {
        let fields = words(line);
        let key = fields.first().copied().unwrap_or("");
        match (key, fields.len()) {
            ("cavalry-superiority", 2) => {
                superiority = Some(parse_signed(line, fields[1], "the cavalry superiority modifier", 0..=3)?)
            }
            ("cavalry-ratio", 2) => {
                let value = parse_whole(line, fields[1], "the cavalry ratio")?;
                if !(1..=10).contains(&value) {
                    return Err(line.error("the cavalry ratio is out of range (1-10)"));
                }
                ratio = Some(value);
            }
            ("total", 3) => {
                let min = parse_signed(line, fields[1], "the lowest total", -6..=0)?;
                let max = parse_signed(line, fields[2], "the highest total", 0..=6)?;
                let (low, high) = (DIE_ROWS.start(), DIE_ROWS.end());
                if 1 + min < *low as i32 || 6 + max > *high as i32 {
                    return Err(line.error(format!(
                        "R7.5.2.9: with totals {min}..{max} a die of 1-6 leaves the tables' rows {low}-{high}"
                    )));
                }
                total = Some((min, max));
            }
            _ => {
                return Err(
                    line.error("expected `cavalry-superiority +N`, `cavalry-ratio N` or `total MIN MAX`".to_string())
                );
            }
        }
        if let Some(first) = first_line.insert(key, line.number) {
            return Err(line.error(format!("`{key}` appears twice (first at line {first})")));
        }
    }
    let missing = |what: &str| MapError::new(section.header, format!("R7.5.2.9.1: [die-modifiers] lacks `{what}`"));
    let (total_min, total_max) = total.ok_or_else(|| missing("total"))?;
    Ok(DieModifiers {
        cavalry_superiority: superiority.ok_or_else(|| missing("cavalry-superiority"))?,
        cavalry_ratio: ratio.ok_or_else(|| missing("cavalry-ratio"))?,
        total_min,
        total_max,
    })
}

/// `[outflank]`: `arrival ROUND +N` for rounds 2 and 3, `factors N` (7.5.2.12).
fn parse_outflank(section: &Section<'_>) -> Result<OutflankRules, MapError> {
    let mut arrival = BTreeMap::new();
    let mut multiplier = None;
    let mut first_arrival = BTreeMap::new();
    for line in &section.lines {
        let fields = words(line);
        match fields.as_slice() {
            ["arrival", round, modifier] => {
                let round = parse_whole(line, round, "the round")?;
                if !(2..=ROUNDS as u32).contains(&round) {
                    return Err(
                        line.error(format!("R7.5.2.12: an outflanking force arrives in round 2 or 3, not {round}"))
                    );
                }
                if let Some(first) = first_arrival.insert(round, line.number) {
                    return Err(line.error(format!("round {round} appears twice (first at line {first})")));
                }
                arrival.insert(round, parse_signed(line, modifier, "the arrival modifier", -6..=6)?);
            }
            ["factors", count] => {
                if multiplier.is_some() {
                    return Err(line.error("`factors` appears twice"));
                }
                let count = parse_whole(line, count, "the factor multiplier")?;
                if !(1..=4).contains(&count) {
                    return Err(line.error("the factor multiplier is out of range (1-4)"));
                }
                multiplier = Some(count);
            }
            _ => return Err(line.error("expected `arrival ROUND +N` or `factors N`")),
        }
    }
    let missing: Vec<u32> = (2..=ROUNDS as u32).filter(|r| !arrival.contains_key(r)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(
            section.header,
            format!("R7.5.2.12: no arrival modifier for round {}", list(&missing)),
        ));
    }
    let factor_multiplier =
        multiplier.ok_or_else(|| MapError::new(section.header, "R7.5.2.12: [outflank] lacks `factors N`"))?;
    Ok(OutflankRules { arrival, factor_multiplier })
}

/// `[morale]`: `default|power kind base dominant` (7.5.2.6).
fn parse_morale(sections: &Sections<'_>) -> Result<BTreeMap<Power, BTreeMap<FactorKind, MoraleLevels>>, MapError> {
    let section = sections.required("morale")?;
    let mut defaults: BTreeMap<FactorKind, MoraleLevels> = BTreeMap::new();
    let mut overrides: BTreeMap<(Power, FactorKind), MoraleLevels> = BTreeMap::new();
    let mut first_line: BTreeMap<(Option<Power>, FactorKind), usize> = BTreeMap::new();
    for line in &section.lines {
        let fields = expect_fields(line, 4, "default|power kind base dominant")?;
        let power = match fields[0] {
            "default" => None,
            word => Some(Power::from_id(word).ok_or_else(|| {
                line.error(format!("unknown power `{word}` (default or a power: {})", list(&Power::ALL.map(Power::id))))
            })?),
        };
        let kind = FactorKind::from_id(fields[1]).ok_or_else(|| {
            line.error(format!(
                "unknown factor kind `{}` (kinds: {})",
                fields[1],
                list(&FactorKind::ALL.map(FactorKind::id))
            ))
        })?;
        if let Some(first) = first_line.insert((power, kind), line.number) {
            return Err(line.error(format!("{} {kind} appears twice (first at line {first})", fields[0])));
        }
        let level = |word: &str| -> Result<Tenths, MapError> {
            let tenths = parse_tenths(line, word, "the morale level")?;
            if tenths > 99 {
                return Err(line.error(format!("the morale level {word} is out of range (0.0-9.9)")));
            }
            Ok(Tenths(tenths))
        };
        let levels = MoraleLevels { base: level(fields[2])?, dominant: level(fields[3])? };
        match power {
            None => defaults.insert(kind, levels),
            Some(power) => overrides.insert((power, kind), levels),
        };
    }
    let missing: Vec<FactorKind> = FactorKind::ALL.into_iter().filter(|k| !defaults.contains_key(k)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(section.header, format!("R7.5.2.6: no default morale for {}", list(&missing))));
    }
    let mut morale: BTreeMap<Power, BTreeMap<FactorKind, MoraleLevels>> = BTreeMap::new();
    for power in Power::ALL {
        let row = morale.entry(power).or_default();
        for (kind, levels) in &defaults {
            row.insert(*kind, overrides.get(&(power, *kind)).copied().unwrap_or(*levels));
        }
    }
    Ok(morale)
}
