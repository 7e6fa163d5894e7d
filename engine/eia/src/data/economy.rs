//! `data/economy.txt`: the economic charts the economic phase (8.0) reads but the text does
//! not contain: each province's tax and manpower values (8.2.1.1, 8.2.2), the trade incomes
//! and Spanish gold (8.2.1.2, 8.2.1.3), the costs and upkeep of forces (8.5.1, 8.5.3, 8.5.4),
//! the victory points of each status zone and each power's target (8.1.1, 8.1.3), and the
//! values of the reconstructed rules of the phase. A reconstruction: see RECONSTRUCTION.md
//! ("The economic phase (R8)").
//!
//! [`EconomyData::parse`] reads the file against the map (every province once), the
//! political status display (every zone once) and the corps and factor kinds, and refuses it
//! whole, naming the line, on any error. The lexical layer is [`grognard_board::text`].

use crate::data::cards::CorpsKind;
use crate::data::peace::Fraction;
use crate::data::politics::Politics;
use crate::{FactorKind, Power};
use grognard_board::text::{split_named, Line, Section};
use grognard_board::{AreaMap, MapError};
use std::collections::BTreeMap;

/// The text of the built-in economic charts file.
pub const ECONOMY_TEXT: &str = include_str!("../../data/economy.txt");

const SECTIONS: [&str; 6] = ["rules", "zones", "powers", "factors", "corps", "provinces"];

/// The largest number any line may give, either way.
const MAX_VALUE: i32 = 999;

/// The values of the reconstructed rules (`[rules]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EconomyRules {
    /// R8.2.1.1: the share of a held, ceded or conquered province's values collected.
    pub held_share: Fraction,
    /// R8.2.1.2.1: domestic trade as a share of the home taxation collected.
    pub domestic_share: Fraction,
    /// R8.4.1: the share of the collection lost with an occupied home capital.
    pub capital_share: Fraction,
    /// R8.5.2: political points (negative) for each started `debt_step` money owed.
    pub debt_points: i32,
    pub debt_step: i32,
    /// R8.6: boxes a marker drifts back towards the middle zone.
    pub drift: i32,
    /// R8.6: the zone markers drift towards.
    pub middle_zone: String,
    /// R8.7: the zone whose powers suffer civil disorder.
    pub disorder_zone: String,
    /// R8.7: money and manpower lost for each pip of the civil disorder die.
    pub disorder_money: i32,
    pub disorder_manpower: i32,
    /// R8.5.4: an empty fleet counter's cost.
    pub fleet_cost: i32,
    /// R8.5.3: a ship's money and manpower, and its upkeep in quarters (R8.5.1).
    pub ship_money: i32,
    pub ship_manpower: i32,
    pub ship_upkeep: i32,
    /// R8.10: the month (1-12) of the levy step.
    pub levy_month: u8,
    /// R8.1.3: the economic phases the victory targets of `[powers]` are set for (the grand
    /// campaign's); a shorter campaign's targets are scaled to its own.
    pub target_phases: i32,
    /// R8.1.2: victory points (at most 0) Great Britain records for each other power in
    /// `british_balance_zone` it is not at war with.
    pub british_balance: i32,
    pub british_balance_zone: String,
    /// R8.2.1.2.2.2.2: the share of American trade an enemy of a power stopping it loses.
    pub american_stopped: Fraction,
    /// R8.2.1.2.2.2.2: the die (1-6) bringing war with the United States, and peace.
    pub us_war_roll: u32,
    pub us_peace_roll: u32,
    /// R8.2.1.2.2.2.2: money lost each collection while at war with the United States.
    pub us_war_money: i32,
    /// R8.2.1.2.2.2.2: victory points (at most 0) each phase at war with the United States.
    pub us_war_points: i32,
    /// R8.4.2: the economic manipulation display's boxes either side of 0.
    pub manipulation_limit: i32,
    /// R8.4.2: a box's money, a share of the home nation's printed tax value, and manpower.
    pub manipulation_money: Fraction,
    pub manipulation_manpower: i32,
    /// R8.4.2: political points (at most 0) for each box above 0, an economic phase.
    pub manipulation_points: i32,
    /// R8.5.6: money and manpower to convert one militia factor, and the most a phase.
    pub conversion_money: i32,
    pub conversion_manpower: i32,
    pub conversion_limit: i32,
}

/// A major power's line (`[powers]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerEconomy {
    /// R8.1.3: the campaign's victory point target.
    pub target: i32,
    /// R8.2.1.2.2.1: colonial trade an economic phase.
    pub colonial: i32,
    /// R8.2.1.2.2.2: American trade an economic phase.
    pub american: i32,
    /// R8.2.1.3: Spanish gold an economic phase, and the land area of the port it lands in.
    pub gold: i32,
    pub gold_port: Option<String>,
    /// R8.5.7: surplus manpower is kept from one phase to the next.
    pub stores_manpower: bool,
}

/// What a factor kind costs (`[factors]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactorCost {
    /// R8.5.3: money and manpower to buy one; `None`: never bought.
    pub buy: Option<(i32, i32)>,
    /// R8.5.1: upkeep of one in a garrison, in quarters of a money point.
    pub upkeep: i32,
}

/// A corps counter kind's cost (`[corps]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpsCost {
    /// R8.5.4: money to buy the counter back; `None`: never bought.
    pub cost: Option<i32>,
    /// R8.5.1: upkeep of the counter on the map, in quarters of a money point.
    pub upkeep: i32,
}

/// The economic charts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EconomyData {
    pub rules: EconomyRules,
    /// R8.1.1: victory points by zone name.
    zones: BTreeMap<String, i32>,
    powers: BTreeMap<Power, PowerEconomy>,
    factors: BTreeMap<FactorKind, FactorCost>,
    corps: BTreeMap<CorpsKind, CorpsCost>,
    /// Tax and manpower by province id.
    provinces: BTreeMap<String, (i32, i32)>,
}

impl EconomyData {
    /// Reads an economy file against the map and the political status display.
    pub fn parse(text: &str, map: &AreaMap, politics: &Politics) -> Result<EconomyData, MapError> {
        let sections = split_named(text, &SECTIONS)?;
        let rules = parse_rules(sections.required("rules")?, politics)?;
        let zones = parse_zones(sections.required("zones")?, politics)?;
        let powers = parse_powers(sections.required("powers")?, map)?;
        let factors = parse_factors(sections.required("factors")?)?;
        let corps = parse_corps(sections.required("corps")?)?;
        let provinces = parse_provinces(sections.required("provinces")?, map)?;
        Ok(EconomyData { rules, zones, powers, factors, corps, provinces })
    }

    /// R8.1.1: the victory points of a marker in the zone named `zone` (0 for an unknown one).
    pub fn zone_points(&self, zone: &str) -> i32 {
        self.zones.get(zone).copied().unwrap_or(0)
    }

    /// The line of `power`.
    pub fn power(&self, power: Power) -> Option<&PowerEconomy> {
        self.powers.get(&power)
    }

    /// The costs of factor kind `kind`.
    pub fn factor(&self, kind: FactorKind) -> FactorCost {
        self.factors.get(&kind).copied().unwrap_or(FactorCost { buy: None, upkeep: 0 })
    }

    /// The costs of a corps counter of kind `kind`.
    pub fn corps(&self, kind: CorpsKind) -> CorpsCost {
        self.corps.get(&kind).copied().unwrap_or(CorpsCost { cost: None, upkeep: 0 })
    }

    /// The tax and manpower values of `province` (0 and 0 for an unknown id).
    pub fn province(&self, province: &str) -> (i32, i32) {
        self.provinces.get(province).copied().unwrap_or((0, 0))
    }
}

/// Reads a whole number in `-MAX_VALUE..=MAX_VALUE`, at least `min`.
fn int(line: &Line<'_>, text: &str, min: i32, what: &str) -> Result<i32, MapError> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let ok = !digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<i32>().ok().filter(|_| ok) {
        Some(n) if n >= min && n <= MAX_VALUE => Ok(n),
        _ => Err(line.error(format!("`{text}` is not {what}: a whole number from {min} to {MAX_VALUE}"))),
    }
}

/// Reads `n/d` with `0 <= n <= d` and `d > 0`.
fn fraction(line: &Line<'_>, text: &str) -> Result<Fraction, MapError> {
    let bad = || line.error(format!("`{text}` is not a share n/d (0 <= n <= d, d > 0)"));
    let (n, d) = text.split_once('/').ok_or_else(bad)?;
    let n: u32 = n.parse().map_err(|_| bad())?;
    let d: u32 = d.parse().map_err(|_| bad())?;
    if d == 0 || n > d || d > 999 {
        return Err(bad());
    }
    Ok(Fraction { numerator: n, denominator: d })
}

fn zone_name(line: &Line<'_>, text: &str, politics: &Politics) -> Result<String, MapError> {
    if politics.zones().any(|z| z.name == text) {
        Ok(text.to_string())
    } else {
        let names: Vec<&str> = politics.zones().map(|z| z.name.as_str()).collect();
        Err(line.error(format!("`{text}` is not a zone of the status display ({})", names.join(" "))))
    }
}

const RULE_KEYS: [&str; 30] = [
    "held-share",
    "domestic-share",
    "capital-share",
    "debt-points",
    "debt-step",
    "drift",
    "middle-zone",
    "disorder-zone",
    "disorder-money",
    "disorder-manpower",
    "fleet-cost",
    "ship-money",
    "ship-manpower",
    "ship-upkeep",
    "levy-month",
    "target-phases",
    "british-balance",
    "british-balance-zone",
    "american-stopped",
    "us-war-roll",
    "us-peace-roll",
    "us-war-money",
    "us-war-points",
    "manipulation-limit",
    "manipulation-money",
    "manipulation-manpower",
    "manipulation-points",
    "conversion-money",
    "conversion-manpower",
    "conversion-limit",
];

/// `[rules]`: every key once.
fn parse_rules(section: &Section<'_>, politics: &Politics) -> Result<EconomyRules, MapError> {
    let mut values: BTreeMap<&str, (Line<'_>, &str)> = BTreeMap::new();
    let keys = &RULE_KEYS;
    for line in &section.lines {
        let (key, value) = line.text.split_once('=').ok_or_else(|| line.error("expected `key = value`"))?;
        let (key, value) = (key.trim(), value.trim());
        let Some(&key) = keys.iter().find(|k| **k == key) else {
            return Err(line.error(format!("unknown key `{key}` in [rules] (keys: {})", keys.join(" "))));
        };
        if value.is_empty() {
            return Err(line.error(format!("`{key}` has no value")));
        }
        if values.insert(key, (*line, value)).is_some() {
            return Err(line.error(format!("`{key}` appears twice in [rules]")));
        }
    }
    let get = |key: &str| {
        values.get(key).copied().ok_or_else(|| MapError::new(section.header, format!("[rules] lacks the key `{key}`")))
    };
    let share = |key: &str| get(key).and_then(|(l, v)| fraction(&l, v));
    let number = |key: &str, min: i32| get(key).and_then(|(l, v)| int(&l, v, min, key));
    let zone = |key: &str| get(key).and_then(|(l, v)| zone_name(&l, v, politics));
    let (debt_line, debt) = get("debt-points")?;
    let debt_points = int(&debt_line, debt, -MAX_VALUE, "a number of political points")?;
    if debt_points > 0 {
        return Err(debt_line.error("`debt-points` is a loss: at most 0"));
    }
    // A loss: a whole number at most 0.
    let loss = |key: &str| {
        get(key).and_then(|(l, v)| {
            let n = int(&l, v, -MAX_VALUE, key)?;
            if n > 0 {
                return Err(l.error(format!("`{key}` is a loss: at most 0")));
            }
            Ok(n)
        })
    };
    // A face of the die, 1 to 6.
    let face = |key: &str| {
        get(key).and_then(|(l, v)| {
            let n = int(&l, v, 1, key)?;
            if n > 6 {
                return Err(l.error(format!("`{key}` is a face of the die, 1 to 6")));
            }
            Ok(u32::try_from(n).unwrap_or(6))
        })
    };
    let (levy_line, _) = get("levy-month")?;
    let levy = number("levy-month", 1)?;
    if levy > 12 {
        return Err(levy_line.error("`levy-month` is a month number, 1 to 12"));
    }
    Ok(EconomyRules {
        held_share: share("held-share")?,
        domestic_share: share("domestic-share")?,
        capital_share: share("capital-share")?,
        debt_points,
        debt_step: number("debt-step", 1)?,
        drift: number("drift", 0)?,
        middle_zone: zone("middle-zone")?,
        disorder_zone: zone("disorder-zone")?,
        disorder_money: number("disorder-money", 0)?,
        disorder_manpower: number("disorder-manpower", 0)?,
        fleet_cost: number("fleet-cost", 0)?,
        ship_money: number("ship-money", 0)?,
        ship_manpower: number("ship-manpower", 0)?,
        ship_upkeep: number("ship-upkeep", 0)?,
        levy_month: u8::try_from(levy).unwrap_or(12),
        target_phases: number("target-phases", 1)?,
        british_balance: loss("british-balance")?,
        british_balance_zone: zone("british-balance-zone")?,
        american_stopped: share("american-stopped")?,
        us_war_roll: face("us-war-roll")?,
        us_peace_roll: face("us-peace-roll")?,
        us_war_money: number("us-war-money", 0)?,
        us_war_points: loss("us-war-points")?,
        manipulation_limit: number("manipulation-limit", 1)?,
        manipulation_money: share("manipulation-money")?,
        manipulation_manpower: number("manipulation-manpower", 0)?,
        manipulation_points: loss("manipulation-points")?,
        conversion_money: number("conversion-money", 0)?,
        conversion_manpower: number("conversion-manpower", 0)?,
        conversion_limit: number("conversion-limit", 1)?,
    })
}

/// `[zones]`: every zone of the display once.
fn parse_zones(section: &Section<'_>, politics: &Politics) -> Result<BTreeMap<String, i32>, MapError> {
    let mut zones = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [name, points] = words[..] else { return Err(line.error("expected `zone victory-points`")) };
        let name = zone_name(line, name, politics)?;
        let points = int(line, points, -MAX_VALUE, "a number of victory points")?;
        if zones.insert(name.clone(), points).is_some() {
            return Err(line.error(format!("zone `{name}` appears twice in [zones]")));
        }
    }
    let missing: Vec<&str> = politics.zones().map(|z| z.name.as_str()).filter(|n| !zones.contains_key(*n)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(section.header, format!("[zones] lacks the zone(s): {}", missing.join(" "))));
    }
    Ok(zones)
}

fn yes_no(line: &Line<'_>, text: &str) -> Result<bool, MapError> {
    match text {
        "yes" => Ok(true),
        "no" => Ok(false),
        other => Err(line.error(format!("`{other}` is not `yes` or `no`"))),
    }
}

/// `[powers]`: every major power once; a gold port is a port of the power's home nation.
fn parse_powers(section: &Section<'_>, map: &AreaMap) -> Result<BTreeMap<Power, PowerEconomy>, MapError> {
    const LAYOUT: &str = "power target colonial american gold gold-port stores-manpower";
    let mut powers = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [id, target, colonial, american, gold, port, stores] = words[..] else {
            return Err(line.error(format!("expected `{LAYOUT}`")));
        };
        let power = Power::from_id(id).ok_or_else(|| line.error(format!("unknown major power `{id}`")))?;
        let gold_port = match port {
            "-" => None,
            area => {
                let home = map
                    .province_of(area)
                    .is_some_and(|p| p.nation == power.id() && p.kind == grognard_board::area::ProvinceKind::Home);
                if map.port(area).is_none() || !home {
                    return Err(line.error(format!("`{area}` is not a port of {}'s home nation", power.name())));
                }
                Some(area.to_string())
            }
        };
        let entry = PowerEconomy {
            target: int(line, target, 1, "a victory point target")?,
            colonial: int(line, colonial, 0, "a colonial trade value")?,
            american: int(line, american, 0, "an American trade value")?,
            gold: int(line, gold, 0, "a Spanish gold value")?,
            gold_port,
            stores_manpower: yes_no(line, stores)?,
        };
        if entry.gold > 0 && entry.gold_port.is_none() {
            return Err(line.error("gold lands in a port: name it"));
        }
        if powers.insert(power, entry).is_some() {
            return Err(line.error(format!("`{id}` appears twice in [powers]")));
        }
    }
    if let Some(p) = Power::ALL.iter().find(|p| !powers.contains_key(p)) {
        return Err(MapError::new(section.header, format!("[powers] lacks the major power `{}`", p.id())));
    }
    Ok(powers)
}

fn optional(line: &Line<'_>, text: &str, what: &str) -> Result<Option<i32>, MapError> {
    if text == "-" {
        Ok(None)
    } else {
        int(line, text, 0, what).map(Some)
    }
}

/// `[factors]`: every factor kind once.
fn parse_factors(section: &Section<'_>) -> Result<BTreeMap<FactorKind, FactorCost>, MapError> {
    let mut out = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [kind, money, manpower, upkeep] = words[..] else {
            return Err(line.error("expected `kind money manpower upkeep`"));
        };
        let k = FactorKind::from_id(kind).ok_or_else(|| line.error(format!("unknown factor kind `{kind}`")))?;
        let buy = match (optional(line, money, "a money cost")?, optional(line, manpower, "a manpower cost")?) {
            (Some(m), Some(p)) => Some((m, p)),
            (None, None) => None,
            _ => return Err(line.error("money and manpower are both given or both `-`")),
        };
        let cost = FactorCost { buy, upkeep: int(line, upkeep, 0, "an upkeep")? };
        if out.insert(k, cost).is_some() {
            return Err(line.error(format!("`{kind}` appears twice in [factors]")));
        }
    }
    if let Some(k) = FactorKind::ALL.iter().find(|k| !out.contains_key(k)) {
        return Err(MapError::new(section.header, format!("[factors] lacks the kind `{k}`")));
    }
    Ok(out)
}

/// `[corps]`: every corps kind once.
fn parse_corps(section: &Section<'_>) -> Result<BTreeMap<CorpsKind, CorpsCost>, MapError> {
    let mut out = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [kind, cost, upkeep] = words[..] else { return Err(line.error("expected `kind cost upkeep`")) };
        let k = CorpsKind::from_id(kind).ok_or_else(|| line.error(format!("unknown corps kind `{kind}`")))?;
        let entry = CorpsCost { cost: optional(line, cost, "a cost")?, upkeep: int(line, upkeep, 0, "an upkeep")? };
        if out.insert(k, entry).is_some() {
            return Err(line.error(format!("`{kind}` appears twice in [corps]")));
        }
    }
    if let Some(k) = CorpsKind::ALL.iter().find(|k| !out.contains_key(k)) {
        return Err(MapError::new(section.header, format!("[corps] lacks the kind `{k}`")));
    }
    Ok(out)
}

/// `[provinces]`: every province of the map once.
fn parse_provinces(section: &Section<'_>, map: &AreaMap) -> Result<BTreeMap<String, (i32, i32)>, MapError> {
    let mut out: BTreeMap<String, (i32, i32)> = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [id, tax, manpower] = words[..] else { return Err(line.error("expected `province tax manpower`")) };
        if map.province(id).is_none() {
            return Err(line.error(format!("unknown province `{id}`: not a province of the map")));
        }
        let values = (int(line, tax, 0, "a tax value")?, int(line, manpower, 0, "a manpower value")?);
        if out.insert(id.to_string(), values).is_some() {
            return Err(line.error(format!("province `{id}` appears twice in [provinces]")));
        }
    }
    let missing: Vec<&str> = map.provinces().map(|p| p.id.as_str()).filter(|p| !out.contains_key(*p)).collect();
    if !missing.is_empty() {
        return Err(MapError::new(section.header, format!("[provinces] lacks: {}", missing.join(" "))));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> AreaMap {
        crate::map::europe().unwrap_or_else(|e| panic!("{e}"))
    }

    fn read(text: &str) -> Result<EconomyData, MapError> {
        let map = map();
        let politics = Politics::builtin(&map).unwrap_or_else(|e| panic!("{e}"));
        EconomyData::parse(text, &map, &politics)
    }

    fn replaced(prefix: &str, with: &str) -> String {
        crate::data::edited::replaced(ECONOMY_TEXT, prefix, with)
    }

    fn line_of(prefix: &str) -> usize {
        crate::data::edited::line_of(ECONOMY_TEXT, prefix)
    }

    fn refused_at(text: &str) -> usize {
        read(text).err().map_or(0, |e| e.line)
    }

    #[test]
    fn r8_the_built_in_file_reads_and_gives_every_province_a_value() {
        let data = read(ECONOMY_TEXT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(data.province("ile-de-france"), (10, 2));
        assert_eq!(data.zone_points("Dominant"), 5);
        assert_eq!(data.power(Power::Spain).and_then(|p| p.gold_port.clone()), Some("cadiz".into()));
        assert!(data.power(Power::Prussia).is_some_and(|p| p.stores_manpower));
        assert_eq!(data.factor(FactorKind::Infantry).buy, Some((3, 1)));
        assert_eq!(data.factor(FactorKind::Cossack).buy, None);
        assert_eq!(data.corps(CorpsKind::Feudal).cost, None);
        assert_eq!(data.rules.held_share, Fraction { numerator: 1, denominator: 2 });
    }

    #[test]
    fn r8_a_missing_province_zone_power_or_key_is_refused_at_its_header() {
        assert_eq!(refused_at(&replaced("morocco ", "")), line_of("[provinces]"));
        assert_eq!(refused_at(&replaced("Dominant ", "")), line_of("[zones]"));
        assert_eq!(refused_at(&replaced("turkey ", "")), line_of("[powers]"));
        assert_eq!(refused_at(&replaced("drift ", "")), line_of("[rules]"));
        assert_eq!(refused_at(&replaced("guerrilla ", "")), line_of("[factors]"));
        assert_eq!(refused_at(&replaced("revolt ", "")), line_of("[corps]"));
    }

    #[test]
    fn r8_a_bad_line_is_refused_at_its_line() {
        assert_eq!(refused_at(&replaced("morocco ", "atlantis 1 1")), line_of("morocco "));
        assert_eq!(refused_at(&replaced("morocco ", "algiers 1 1")), line_of("morocco "));
        assert_eq!(refused_at(&replaced("morocco ", "morocco -1 1")), line_of("morocco "));
        assert_eq!(refused_at(&replaced("Dominant ", "Glorious 5")), line_of("Dominant "));
        assert_eq!(refused_at(&replaced("held-share ", "held-share = 3/2")), line_of("held-share "));
        assert_eq!(refused_at(&replaced("drift ", "tax-rate = 1")), line_of("drift "));
        assert_eq!(refused_at(&replaced("levy-month ", "levy-month = 13")), line_of("levy-month "));
        assert_eq!(refused_at(&replaced("spain ", "spain 127 0 3 10 paris no")), line_of("spain "));
        assert_eq!(refused_at(&replaced("spain ", "spain 127 0 3 10 - no")), line_of("spain "));
        assert_eq!(refused_at(&replaced("infantry  ", "infantry 3 - 1")), line_of("infantry  "));
        assert_eq!(refused_at(&replaced("disorder-zone ", "disorder-zone = Chaos")), line_of("disorder-zone "));
    }

    #[test]
    fn r8_1_2_the_british_balance_is_a_loss_in_a_zone_of_the_display() {
        let data = read(ECONOMY_TEXT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((data.rules.british_balance, data.rules.british_balance_zone.as_str()), (-2, "Dominant"));
        assert_eq!(refused_at(&replaced("british-balance ", "british-balance = 2")), line_of("british-balance "));
        assert_eq!(
            refused_at(&replaced("british-balance-zone ", "british-balance-zone = Glorious")),
            line_of("british-balance-zone ")
        );
        assert_eq!(refused_at(&replaced("british-balance ", "")), line_of("[rules]"));
    }

    #[test]
    fn r8_2_1_2_2_2_2_american_war_values_are_a_share_faces_of_the_die_and_losses() {
        let data = read(ECONOMY_TEXT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(data.rules.american_stopped, Fraction { numerator: 1, denominator: 2 });
        assert_eq!((data.rules.us_war_roll, data.rules.us_peace_roll), (6, 4));
        for (prefix, bad) in [
            ("american-stopped ", "american-stopped = 3/2"),
            ("us-war-roll ", "us-war-roll = 7"),
            ("us-peace-roll ", "us-peace-roll = 0"),
            ("us-war-money ", "us-war-money = -1"),
            ("us-war-points ", "us-war-points = 1"),
            ("us-war-points ", "us-war-points = one"),
        ] {
            assert_eq!(refused_at(&replaced(prefix, bad)), line_of(prefix), "{bad}");
        }
    }

    #[test]
    fn r8_4_2_the_manipulation_display_has_boxes_a_share_and_a_cost() {
        let data = read(ECONOMY_TEXT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(data.rules.manipulation_limit, 3);
        for (prefix, bad) in [
            ("manipulation-limit ", "manipulation-limit = 0"),
            ("manipulation-money ", "manipulation-money = 1/0"),
            ("manipulation-manpower ", "manipulation-manpower = -1"),
            ("manipulation-points ", "manipulation-points = 1"),
        ] {
            assert_eq!(refused_at(&replaced(prefix, bad)), line_of(prefix), "{bad}");
        }
    }

    #[test]
    fn r8_5_6_militia_conversion_costs_and_limit_are_refused_when_malformed() {
        let data = read(ECONOMY_TEXT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((data.rules.conversion_money, data.rules.conversion_limit), (2, 4));
        for (prefix, bad) in [
            ("conversion-money ", "conversion-money = -2"),
            ("conversion-manpower ", "conversion-manpower = x"),
            ("conversion-limit ", "conversion-limit = 0"),
        ] {
            assert_eq!(refused_at(&replaced(prefix, bad)), line_of(prefix), "{bad}");
        }
        assert_eq!(refused_at(&replaced("conversion-limit ", "")), line_of("[rules]"));
    }
}
