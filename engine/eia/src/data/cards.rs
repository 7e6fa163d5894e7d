//! The national cards (`data/cards.txt`; docs/DATA_FORMAT.md, "Empires in Arms data files:
//! cards, leaders, scenarios"): every corps and fleet counter of the seven major powers and of
//! the minor countries, the most factors or ships each may hold (side one of the cards,
//! 2.4.2.1.1), the corps' movement allowances (1.2 note a, 7.3.1.1) and the depot counters each
//! power has (7.2). The printed cards are not available: the file is a reconstruction, and its
//! header says how it was made.
//!
//! [`NationalCards::parse`] reads the file against the map (owners are the map's nation ids,
//! feudal corps name a province of the map) and refuses it whole, naming the line, on any
//! error. The lexical layer is [`grognard_board::text`].

use crate::data::scenario::Month;
use crate::{FactorKind, Power};
use grognard_board::area::NationKind;
use grognard_board::text::{split_named, Line, Sections};
use grognard_board::{AreaMap, MapError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The text of the built-in national cards file.
pub const CARDS_TEXT: &str = include_str!("../../data/cards.txt");

/// Every fleet's movement allowance, in sea areas (6.2.1): it is the same for all fleets, so
/// the cards file has no column for it.
pub const FLEET_MOVEMENT: u8 = 7;

/// The sections of a cards file.
const SECTIONS: [&str; 3] = ["depots", "corps", "fleets"];

/// Who a counter belongs to: a major power, or a minor country (its nation id in the map),
/// whose forces are run by the major power controlling it (4.6, 7.1.1).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Owner {
    /// One of the seven major powers (1.2).
    Major(Power),
    /// A minor country, by the map's nation id (the gray counters of 1.2).
    Minor(String),
}

impl Owner {
    /// The nation id: the power's id or the minor country's.
    pub fn id(&self) -> &str {
        match self {
            Owner::Major(power) => power.id(),
            Owner::Minor(id) => id,
        }
    }

    /// The major power, if the owner is one.
    pub fn power(&self) -> Option<Power> {
        match self {
            Owner::Major(power) => Some(*power),
            Owner::Minor(_) => None,
        }
    }

    /// Reads a nation id: a major power's, or a minor country's of `map`.
    pub fn parse(id: &str, map: &AreaMap) -> Option<Owner> {
        if let Some(power) = Power::from_id(id) {
            return Some(Owner::Major(power));
        }
        map.nation(id).filter(|n| n.kind == NationKind::Minor).map(|n| Owner::Minor(n.id.clone()))
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What a corps counter is, by its symbol (1.2, 13.1's designators): it decides which factor
/// kinds the card may hold and the movement allowance (7.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CorpsKind {
    /// An infantry corps (13.1: a corps whose type is not given): infantry and/or militia,
    /// with cavalry and, on some cards, guard (2.4.2.1.1).
    Infantry,
    /// A cavalry corps: cavalry only, movement 5 (1.2 note a, 7.3.1.1).
    Cavalry,
    /// A guard or grenadier corps (13.1 "Gd"): guard, with cavalry or infantry on some cards.
    Guard,
    /// An artillery corps (7.3.1.1 "French artillery", option 12.3.5): artillery only.
    Artillery,
    /// An Austrian light infantry corps (13.1 "Lt"): it bears the cavalry symbol, so moves 5
    /// (7.3.1.1); infantry and cavalry.
    LightInfantry,
    /// A Turkish feudal corps (10.1.3): feudal infantry and cavalry, tied to a home province
    /// (5.2.2.2.1).
    Feudal,
    /// An Austrian insurrection corps (10.1.4): insurrection militia and cavalry.
    Insurrection,
    /// The Austrian Tyrolean revolt corps (10.1.5): militia (reconstructed).
    Revolt,
}

impl CorpsKind {
    /// Every kind, in the order of the file format's documentation.
    pub const ALL: [CorpsKind; 8] = [
        CorpsKind::Infantry,
        CorpsKind::Cavalry,
        CorpsKind::Guard,
        CorpsKind::Artillery,
        CorpsKind::LightInfantry,
        CorpsKind::Feudal,
        CorpsKind::Insurrection,
        CorpsKind::Revolt,
    ];

    /// The word the cards file uses.
    pub fn id(self) -> &'static str {
        match self {
            CorpsKind::Infantry => "infantry",
            CorpsKind::Cavalry => "cavalry",
            CorpsKind::Guard => "guard",
            CorpsKind::Artillery => "artillery",
            CorpsKind::LightInfantry => "light-infantry",
            CorpsKind::Feudal => "feudal",
            CorpsKind::Insurrection => "insurrection",
            CorpsKind::Revolt => "revolt",
        }
    }

    /// The kind whose word is `id`.
    pub fn from_id(id: &str) -> Option<CorpsKind> {
        CorpsKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Does the counter bear the cavalry symbol (movement 5, 1.2 note a, 7.3.1.1; no force
    /// march, 7.3.1.2)? Cavalry corps and Austrian light infantry.
    pub fn cavalry_symbol(self) -> bool {
        matches!(self, CorpsKind::Cavalry | CorpsKind::LightInfantry)
    }

    /// May a card of this kind have a box for `factor`? Cossacks, freikorps and guerrillas
    /// have counters of their own and are never in corps (2.4.1, 10.1); feudal and
    /// insurrection factors only in their own corps (10.1.3, 10.1.4); artillery only in
    /// artillery corps (12.3.5) and those hold nothing else; cavalry corps hold only cavalry.
    pub fn allows(self, factor: FactorKind) -> bool {
        use FactorKind as F;
        match self {
            CorpsKind::Infantry => matches!(factor, F::Infantry | F::Militia | F::Cavalry | F::Guard),
            CorpsKind::Guard => matches!(factor, F::Guard | F::Infantry | F::Cavalry),
            CorpsKind::Cavalry => factor == F::Cavalry,
            CorpsKind::Artillery => factor == F::Artillery,
            CorpsKind::LightInfantry => matches!(factor, F::Infantry | F::Cavalry),
            CorpsKind::Feudal => matches!(factor, F::FeudalInfantry | F::FeudalCavalry),
            CorpsKind::Insurrection => matches!(factor, F::InsurrectionMilitia | F::InsurrectionCavalry),
            CorpsKind::Revolt => matches!(factor, F::Militia | F::Infantry),
        }
    }
}

impl fmt::Display for CorpsKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The movement allowance printed on a corps counter (1.2 note a): `3`, `(3)` or `5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Movement {
    /// The printed number: 5 for counters with the cavalry symbol, 3 for the others.
    pub points: u8,
    /// Printed in parentheses, `(3)`: the allowance is 4 while France controls the corps
    /// (1.2 note a, 7.3.1.1).
    pub french_bonus: bool,
}

impl Movement {
    /// The allowance of the counter when `controller` controls it: 4 for a `(3)` counter
    /// controlled by France, the printed number otherwise (7.3.1.1).
    pub fn allowance(self, controller: Power) -> u8 {
        if self.french_bonus && controller == Power::France {
            4
        } else {
            self.points
        }
    }

    /// The notation of the cards file: `3`, `(3)` or `5`.
    pub fn notation(self) -> String {
        if self.french_bonus {
            format!("({})", self.points)
        } else {
            self.points.to_string()
        }
    }
}

pub use crate::forces::Factors;

/// One box of a card's side one (2.4.2.1.1): the most factors of its kinds, together, that
/// the corps may hold. Infantry and militia usually share one box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapacityBox {
    /// The kinds counted in this box, as written.
    pub kinds: Vec<FactorKind>,
    /// The most factors of those kinds.
    pub max: u16,
    /// Prussian cards only: the box's number from 1810 on, printed in parentheses after the
    /// first (1.2 note e).
    pub max_from_1810: Option<u16>,
}

impl CapacityBox {
    /// The box's maximum in `month` (the parenthesised Prussian number from January 1810, 1.2
    /// note e).
    pub fn max_in(&self, month: Month) -> u16 {
        match self.max_from_1810 {
            Some(later) if month.year() >= 1810 => later,
            _ => self.max,
        }
    }

    /// The box's kinds as the file writes them, `infantry+militia`.
    pub fn label(&self) -> String {
        self.kinds.iter().map(|k| k.id()).collect::<Vec<_>>().join("+")
    }
}

/// A corps card's boxes (2.4.2.1.1). Each factor kind is in at most one box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capacity {
    pub boxes: Vec<CapacityBox>,
}

impl Capacity {
    /// The box holding `kind`, if the card has one.
    pub fn box_of(&self, kind: FactorKind) -> Option<&CapacityBox> {
        self.boxes.iter().find(|b| b.kinds.contains(&kind))
    }

    /// May the corps hold factors of `kind` at all?
    pub fn holds(&self, kind: FactorKind) -> bool {
        self.box_of(kind).is_some()
    }

    /// Checks that `factors` fit the card in `month` (2.4.2.1.1, 5.2.3): every kind has a
    /// box, and no box holds more than its maximum. The error says what does not fit.
    pub fn check(&self, factors: &Factors, month: Month) -> Result<(), String> {
        if let Some((kind, _)) = factors.iter().find(|(kind, _)| !self.holds(*kind)) {
            return Err(format!("the card has no box for {kind} factors"));
        }
        for b in &self.boxes {
            let sum: u32 = b.kinds.iter().map(|k| u32::from(factors.get(*k))).sum();
            let max = b.max_in(month);
            if sum > u32::from(max) {
                return Err(format!("{sum} {} factors exceed the card's box of {max}", b.label()));
            }
        }
        Ok(())
    }

    /// Reads `kinds=max[(max_from_1810)],...`.
    fn parse(text: &str) -> Result<Capacity, String> {
        let mut boxes: Vec<CapacityBox> = Vec::new();
        for item in text.split(',') {
            let (kinds, numbers) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}` is not a box `kinds=max` (e.g. infantry+militia=12)"))?;
            let mut box_kinds = Vec::new();
            for kind in kinds.split('+') {
                let kind = FactorKind::from_id(kind).ok_or_else(|| format!("unknown factor kind `{kind}` (5.2)"))?;
                if box_kinds.contains(&kind) || boxes.iter().any(|b| b.kinds.contains(&kind)) {
                    return Err(format!("{kind} is in two boxes"));
                }
                box_kinds.push(kind);
            }
            let (max, later) = match numbers.strip_suffix(')').and_then(|n| n.split_once('(')) {
                Some((max, later)) => (max, Some(later)),
                None => (numbers, None),
            };
            let bad = || format!("`{numbers}` is not a maximum of 1-99, optionally with a 1810 one: `10` or `10(14)`");
            let max = parse_count(max, 1, 99).ok_or_else(bad)?;
            let max_from_1810 = match later {
                Some(later) => Some(parse_count(later, 1, 99).ok_or_else(bad)?),
                None => None,
            };
            boxes.push(CapacityBox { kinds: box_kinds, max, max_from_1810 });
        }
        Ok(Capacity { boxes })
    }
}

impl fmt::Display for Capacity {
    /// The file notation, `infantry+militia=12,cavalry=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> = self
            .boxes
            .iter()
            .map(|b| match b.max_from_1810 {
                Some(later) => format!("{}={}({later})", b.label(), b.max),
                None => format!("{}={}", b.label(), b.max),
            })
            .collect();
        f.write_str(&items.join(","))
    }
}

/// A corps counter and its card (1.2, 2.4.2): the counter's symbol and movement allowance,
/// and the boxes of side one of its national card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsCard {
    /// Stable id, e.g. `fr-1`, `fr-guard`, `ru-cav-1`.
    pub id: String,
    pub owner: Owner,
    pub kind: CorpsKind,
    /// The printed allowance (1.2 note a, 7.3.1.1).
    pub movement: Movement,
    /// The most factors of each kind (2.4.2.1.1).
    pub capacity: Capacity,
    /// A feudal corps' home province (a map province id), where alone it is reinforced
    /// (5.2.2.2.1, 10.1.3); `None` for every other corps.
    pub home: Option<String>,
    /// The designation on the back of the counter (2.4.2), e.g. "I Corps".
    pub name: String,
}

impl CorpsCard {
    /// The corps' movement allowance while `controller` controls it (its owner, or the power
    /// controlling a minor free state): 5 with the cavalry symbol, 4 for a `(3)` counter under
    /// France, 3 otherwise (7.3.1.1).
    pub fn movement_allowance(&self, controller: Power) -> u8 {
        self.movement.allowance(controller)
    }
}

/// A fleet counter and its card (2.4.2, 6.2.1): every fleet moves 7 ([`FLEET_MOVEMENT`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetCard {
    /// Stable id, e.g. `br-fleet-1`.
    pub id: String,
    pub owner: Owner,
    /// The most ships the fleet may hold (2.4.2.1.1, 5.1.2).
    pub ships: u16,
    /// The designation on the front of the counter (2.4.2).
    pub name: String,
}

/// The national cards: every corps and fleet counter with its card, and each major power's
/// depot counters (7.2). Ids of corps and fleets share one namespace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationalCards {
    /// Every corps card, by id.
    pub corps: BTreeMap<String, CorpsCard>,
    /// Every fleet card, by id.
    pub fleets: BTreeMap<String, FleetCard>,
    /// The depot counters of each major power: the most it may have on the map at one time
    /// (7.2, "up to counter mix limits").
    pub depots: BTreeMap<Power, u8>,
}

impl NationalCards {
    /// Parses a cards file against `map` (owners and feudal home provinces are checked against
    /// it). Refuses the whole file on any error, naming the line.
    pub fn parse(text: &str, map: &AreaMap) -> Result<NationalCards, MapError> {
        let sections = split_named(text, &SECTIONS)?;
        let depots = parse_depots(&sections)?;
        let mut first_line: BTreeMap<String, usize> = BTreeMap::new();
        let mut corps = BTreeMap::new();
        let corps_section = sections.required("corps")?;
        for line in &corps_section.lines {
            let card = parse_corps(line, map)?;
            claim_id(&mut first_line, &card.id, line)?;
            corps.insert(card.id.clone(), card);
        }
        let mut fleets = BTreeMap::new();
        let fleet_section = sections.required("fleets")?;
        for line in &fleet_section.lines {
            let card = parse_fleet(line, map)?;
            claim_id(&mut first_line, &card.id, line)?;
            fleets.insert(card.id.clone(), card);
        }
        if corps.is_empty() {
            return Err(MapError::new(corps_section.header, "[corps] lists no corps"));
        }
        Ok(NationalCards { corps, fleets, depots })
    }

    /// The built-in cards (`data/cards.txt`) read against the built-in map.
    pub fn builtin() -> Result<NationalCards, MapError> {
        NationalCards::parse(CARDS_TEXT, &crate::map::europe()?)
    }

    /// The corps card `id`.
    pub fn corps_card(&self, id: &str) -> Option<&CorpsCard> {
        self.corps.get(id)
    }

    /// The fleet card `id`.
    pub fn fleet_card(&self, id: &str) -> Option<&FleetCard> {
        self.fleets.get(id)
    }

    /// The corps cards of `owner`, ascending by id.
    pub fn corps_of<'a>(&'a self, owner: &'a Owner) -> impl Iterator<Item = &'a CorpsCard> + 'a {
        self.corps.values().filter(move |c| &c.owner == owner)
    }

    /// The fleet cards of `owner`, ascending by id.
    pub fn fleets_of<'a>(&'a self, owner: &'a Owner) -> impl Iterator<Item = &'a FleetCard> + 'a {
        self.fleets.values().filter(move |c| &c.owner == owner)
    }

    /// How many depots `power` may have on the map at one time (7.2).
    pub fn depot_limit(&self, power: Power) -> u8 {
        self.depots.get(&power).copied().unwrap_or(0)
    }
}

/// Records the line that first used a counter id, refusing a second use. Corps are read
/// before fleets whatever the sections' order, so the error names the later of the two lines.
fn claim_id(first_line: &mut BTreeMap<String, usize>, id: &str, line: &Line<'_>) -> Result<(), MapError> {
    if let Some(&other) = first_line.get(id) {
        let (earlier, later) = (other.min(line.number), other.max(line.number));
        return Err(MapError::new(later, format!("counter id `{id}` appears twice (first at line {earlier})")));
    }
    first_line.insert(id.to_string(), line.number);
    Ok(())
}

fn parse_depots(sections: &Sections<'_>) -> Result<BTreeMap<Power, u8>, MapError> {
    let section = sections.required("depots")?;
    let mut depots = BTreeMap::new();
    for line in &section.lines {
        let [power, count] = exact_columns::<2>(line, "power depots")?;
        let power = parse_power(line, power)?;
        let count = parse_count(count, 1, 99)
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| line.error(format!("`{count}` is not a number of depots of 1-99")))?;
        if depots.insert(power, count).is_some() {
            return Err(line.error(format!("{power}'s depots are given twice")));
        }
    }
    if let Some(missing) = Power::ALL.into_iter().find(|p| !depots.contains_key(p)) {
        return Err(MapError::new(section.header, format!("[depots] lacks {} ({})", missing.id(), missing)));
    }
    Ok(depots)
}

fn parse_corps(line: &Line<'_>, map: &AreaMap) -> Result<CorpsCard, MapError> {
    const LAYOUT: &str = "id owner kind move capacity home name";
    let (words, name) = columns(line, 6, LAYOUT)?;
    let [id, owner, kind, movement, capacity, home] = [words[0], words[1], words[2], words[3], words[4], words[5]];
    check_id(line, id, "counter")?;
    if name.is_empty() {
        return Err(line.error(format!("the corps has no name (columns: {LAYOUT})")));
    }
    let owner = parse_owner(line, owner, map)?;
    let kind = CorpsKind::from_id(kind).ok_or_else(|| {
        let known: Vec<&str> = CorpsKind::ALL.iter().map(|k| k.id()).collect();
        line.error(format!("unknown corps kind `{kind}` (kinds: {})", known.join(" ")))
    })?;
    let movement = match movement {
        "3" => Movement { points: 3, french_bonus: false },
        "(3)" => Movement { points: 3, french_bonus: true },
        "5" => Movement { points: 5, french_bonus: false },
        other => return Err(line.error(format!("movement `{other}` is not 3, (3) or 5 (1.2 note a)"))),
    };
    if kind.cavalry_symbol() != (movement.points == 5) {
        return Err(line.error(format!(
            "7.3.1.1: a {kind} corps moves {}, not {}",
            if kind.cavalry_symbol() { "5" } else { "3 or (3)" },
            movement.notation()
        )));
    }
    if movement.french_bonus && matches!(owner, Owner::Major(p) if p != Power::France) {
        return Err(line.error(format!(
            "1.2 note a, 7.3.1.1: only French and minor country corps print (3); {owner} never comes under French control"
        )));
    }
    let capacity = Capacity::parse(capacity).map_err(|m| line.error(format!("capacity: {m}")))?;
    if let Some(factor) = capacity.boxes.iter().flat_map(|b| b.kinds.iter()).find(|f| !kind.allows(**f)) {
        return Err(line.error(format!("a {kind} corps may not hold {factor} factors (2.4.1, 10.1)")));
    }
    if kind == CorpsKind::Guard && !capacity.holds(FactorKind::Guard) {
        return Err(line.error("a guard corps needs a box for guard factors"));
    }
    let prussian = owner == Owner::Major(Power::Prussia);
    if !prussian && capacity.boxes.iter().any(|b| b.max_from_1810.is_some()) {
        return Err(line.error("1.2 note e: only Prussian cards print a second (1810) number"));
    }
    let home = match (kind, home) {
        (CorpsKind::Feudal, "-") => {
            return Err(line.error("10.1.3, 5.2.2.2.1: a feudal corps needs its home province"));
        }
        (CorpsKind::Feudal, province) => {
            let found = map
                .province(province)
                .ok_or_else(|| line.error(format!("unknown province `{province}` (the map's [provinces])")))?;
            if found.nation != owner.id() {
                return Err(line.error(format!("province `{province}` is {}'s, not {owner}'s", found.nation)));
            }
            Some(province.to_string())
        }
        (_, "-") => None,
        (_, other) => {
            return Err(line.error(format!("only feudal corps have a home province (`{other}`); write -")));
        }
    };
    Ok(CorpsCard { id: id.to_string(), owner, kind, movement, capacity, home, name: name.to_string() })
}

fn parse_fleet(line: &Line<'_>, map: &AreaMap) -> Result<FleetCard, MapError> {
    const LAYOUT: &str = "id owner ships name";
    let (words, name) = columns(line, 3, LAYOUT)?;
    let [id, owner, ships] = [words[0], words[1], words[2]];
    check_id(line, id, "counter")?;
    if name.is_empty() {
        return Err(line.error(format!("the fleet has no name (columns: {LAYOUT})")));
    }
    let owner = parse_owner(line, owner, map)?;
    let ships =
        parse_count(ships, 1, 99).ok_or_else(|| line.error(format!("`{ships}` is not a ship capacity of 1-99")))?;
    Ok(FleetCard { id: id.to_string(), owner, ships, name: name.to_string() })
}

// ---- helpers shared by the EiA data readers ----------------------------------------------------

/// Splits a line into its first `count` whitespace-separated words and the rest (trimmed,
/// possibly empty), refusing a line with fewer words.
pub(crate) fn columns<'a>(line: &Line<'a>, count: usize, layout: &str) -> Result<(Vec<&'a str>, &'a str), MapError> {
    let mut words = Vec::with_capacity(count);
    let mut rest = line.text;
    for _ in 0..count {
        let trimmed = rest.trim_start();
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        if end == 0 {
            return Err(line.error(format!("too few columns: expected `{layout}`")));
        }
        words.push(&trimmed[..end]);
        rest = &trimmed[end..];
    }
    Ok((words, rest.trim()))
}

/// Splits a line into exactly `N` words.
pub(crate) fn exact_columns<'a, const N: usize>(line: &Line<'a>, layout: &str) -> Result<[&'a str; N], MapError> {
    let (words, rest) = columns(line, N, layout)?;
    if !rest.is_empty() {
        return Err(line.error(format!("too many columns: expected `{layout}`")));
    }
    words.try_into().map_err(|_| line.error(format!("expected `{layout}`")))
}

/// Reads a whole number in `min..=max`.
pub(crate) fn parse_count(text: &str, min: u16, max: u16) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 5 {
        return None;
    }
    text.parse::<u16>().ok().filter(|n| (min..=max).contains(n))
}

/// Whether `text` is an id: lower-case letters, digits and `-`, starting with a letter, at
/// most 40 characters (the map's id rules).
pub(crate) fn check_id(line: &Line<'_>, text: &str, what: &str) -> Result<(), MapError> {
    let ok = text.len() <= 40
        && text.starts_with(|c: char| c.is_ascii_lowercase())
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(line.error(format!(
            "{what} id `{text}` must be lower-case letters, digits or '-', start with a letter, at most 40 long"
        )))
    }
}

/// Reads a major power's id.
pub(crate) fn parse_power(line: &Line<'_>, id: &str) -> Result<Power, MapError> {
    Power::from_id(id).ok_or_else(|| {
        let known: Vec<&str> = Power::ALL.iter().map(|p| p.id()).collect();
        line.error(format!("unknown major power `{id}` (powers: {})", known.join(" ")))
    })
}

/// Reads an owner: a major power's id or a minor country's of the map.
pub(crate) fn parse_owner(line: &Line<'_>, id: &str, map: &AreaMap) -> Result<Owner, MapError> {
    Owner::parse(id, map).ok_or_else(|| {
        line.error(format!("unknown owner `{id}`: neither a major power nor a minor country of the map's [nations]"))
    })
}
