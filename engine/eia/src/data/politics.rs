//! `data/politics.txt`: the political charts the rules of the political phase (4.0) read but
//! the text does not contain: the POLITICAL POINTS CHART's values (4.2.1, 4.4.2.3, 4.5,
//! 4.6.3.1, 4.7), the POLITICAL STATUS DISPLAY's zones and status modifiers (4.6.1, 4.6.2.2,
//! 10.5) with each power's starting box (2.4.3.3), and the national modifiers of the MINOR
//! COUNTRIES CHART (4.6.2.1). A reconstruction: see RECONSTRUCTION.md ("The political charts").
//!
//! [`Politics::parse`] reads the file against the map (every minor country of the map's
//! `[nations]` has one line of modifiers, no other id may appear) and refuses it whole, naming
//! the line, on any error. The lexical layer is [`grognard_board::text`].

use crate::Power;
use grognard_board::area::NationKind;
use grognard_board::text::{split_named, Line, Section};
use grognard_board::{AreaMap, MapError};
use std::collections::BTreeMap;

/// The text of the built-in political charts file.
pub const POLITICS_TEXT: &str = include_str!("../../data/politics.txt");

/// The sections of a politics file.
const SECTIONS: [&str; 6] = ["points", "status", "instability", "start", "minors", "strengths"];

/// The largest political point value a `[points]` line may give, either way.
const MAX_POINTS: i32 = 20;

/// The largest status box number, either way.
const MAX_BOX: i32 = 99;

/// The largest modifier (status or national), either way: a die modifier.
const MAX_MODIFIER: i32 = 3;

/// An entry of the POLITICAL POINTS CHART: an act of the political phase and what it gains or
/// costs a major power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Points {
    /// 4.2.1.1: declaring war on another major power (a loss).
    DeclareWarMajor,
    /// 4.2.1.1, 4.3.1.3, 4.4.7, 4.7: breaking an alliance (a loss).
    BreakAlliance,
    /// 4.2.1.2: declaring war on a neutral minor country, per district of it (a loss).
    DeclareWarMinorDistrict,
    /// 4.6.3.1: taking control of a minor country, per district of it (a gain).
    ControlMinorDistrict,
    /// 4.4.2.3.1: accepting a conditional surrender (a gain).
    ConditionalVictor,
    /// 4.4.2.3.1: surrendering conditionally (a loss).
    ConditionalLoser,
    /// 4.4.2.3.2: accepting an unconditional surrender (a gain).
    UnconditionalVictor,
    /// 4.4.2.3.2: surrendering unconditionally (a loss).
    UnconditionalLoser,
    /// 4.5: each of two major powers forming an alliance (a gain).
    Alliance,
}

impl Points {
    /// Every entry, in the order of the file.
    pub const ALL: [Points; 9] = [
        Points::DeclareWarMajor,
        Points::BreakAlliance,
        Points::DeclareWarMinorDistrict,
        Points::ControlMinorDistrict,
        Points::ConditionalVictor,
        Points::ConditionalLoser,
        Points::UnconditionalVictor,
        Points::UnconditionalLoser,
        Points::Alliance,
    ];

    /// The entry's key in the `[points]` section.
    pub fn key(self) -> &'static str {
        match self {
            Points::DeclareWarMajor => "declare-war-major",
            Points::BreakAlliance => "break-alliance",
            Points::DeclareWarMinorDistrict => "declare-war-minor-district",
            Points::ControlMinorDistrict => "control-minor-district",
            Points::ConditionalVictor => "conditional-victor",
            Points::ConditionalLoser => "conditional-loser",
            Points::UnconditionalVictor => "unconditional-victor",
            Points::UnconditionalLoser => "unconditional-loser",
            Points::Alliance => "alliance",
        }
    }

    /// The entry whose key is `key`.
    pub fn from_key(key: &str) -> Option<Points> {
        Points::ALL.into_iter().find(|p| p.key() == key)
    }

    /// Whether the entry is a gain (a loss otherwise): the sign the file's value must have.
    pub fn is_gain(self) -> bool {
        matches!(
            self,
            Points::ControlMinorDistrict | Points::ConditionalVictor | Points::UnconditionalVictor | Points::Alliance
        )
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A zone of the POLITICAL STATUS DISPLAY (10.5): a run of boxes of the status track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The zone's name as on the display, e.g. `Dominant`.
    pub name: String,
    /// The zone's lowest box.
    pub lowest: i32,
    /// The zone's highest box (at least `lowest`).
    pub highest: i32,
    /// 4.6.2.2: the status modifier of a power whose marker is in the zone (minor country
    /// control rolls).
    pub modifier: i32,
    /// 4.6.1, 10.5.2: whether the zone is one of the Instability and Fiasco Zones, whose
    /// powers' controlled minor countries may change control or turn neutral.
    pub unstable: bool,
    /// R4.6.1: a minor country run by a power in this zone turns neutral at the start of a
    /// minor country control step on a die of at most this (0: never), `[instability]`.
    pub revert: u32,
}

impl Zone {
    /// Whether the box `status` is in the zone.
    pub fn contains(&self, status: i32) -> bool {
        (self.lowest..=self.highest).contains(&status)
    }
}

/// The political charts: point values, the status display, the starting boxes and the national
/// modifiers of the minor countries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Politics {
    /// The point values, by [`Points::index`].
    points: [i32; 9],
    /// The lowest zone of the display.
    bottom: Zone,
    /// The zones above it, ascending, contiguous.
    above: Vec<Zone>,
    /// Each power's starting box, by the power's place in [`Power::ALL`].
    start: [i32; 7],
    /// Each minor country's national modifiers, by the power's place in [`Power::ALL`].
    minors: BTreeMap<String, [i32; 7]>,
    /// 4.6.3.3: the initial strengths of the minor countries that have forces.
    strengths: BTreeMap<String, Strength>,
}

/// 4.6.3.3: a minor country's initial strength factors (the MINOR COUNTRIES CHART).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub infantry: u16,
    pub cavalry: u16,
    pub ships: u16,
}

/// The column of `power` in the file's `[minors]` and in the tables: its place in
/// [`Power::ALL`].
fn column(power: Power) -> usize {
    match power {
        Power::France => 0,
        Power::Britain => 1,
        Power::Spain => 2,
        Power::Austria => 3,
        Power::Prussia => 4,
        Power::Russia => 5,
        Power::Turkey => 6,
    }
}

impl Politics {
    /// Reads a politics file against `map`, refusing it whole on any error (naming the line).
    pub fn parse(text: &str, map: &AreaMap) -> Result<Politics, MapError> {
        let sections = split_named(text, &SECTIONS)?;
        let points = parse_points(sections.required("points")?)?;
        let (mut bottom, mut above) = parse_status(sections.required("status")?)?;
        if let Some(section) = sections.get("instability") {
            parse_instability(section, &mut bottom, &mut above)?;
        }
        let lowest = bottom.lowest;
        let highest = above.last().map_or(bottom.highest, |z| z.highest);
        let start = parse_start(sections.required("start")?, lowest, highest)?;
        let minors = parse_minors(sections.required("minors")?, map)?;
        let strengths = match sections.get("strengths") {
            Some(section) => parse_strengths(section, map)?,
            None => BTreeMap::new(),
        };
        Ok(Politics { points, bottom, above, start, minors, strengths })
    }

    /// The built-in charts, read against `map`.
    pub fn builtin(map: &AreaMap) -> Result<Politics, MapError> {
        Politics::parse(POLITICS_TEXT, map)
    }

    /// The political points `which` gains (positive) or costs (negative) a major power.
    pub fn points(&self, which: Points) -> i32 {
        self.points[which.index()]
    }

    /// The zone of a status marker position (positions past the ends count as the end zones).
    pub fn zone(&self, status: i32) -> &Zone {
        self.above.iter().rev().find(|z| status >= z.lowest).unwrap_or(&self.bottom)
    }

    /// The display's zones, from the lowest up.
    pub fn zones(&self) -> impl Iterator<Item = &Zone> + '_ {
        std::iter::once(&self.bottom).chain(self.above.iter())
    }

    /// The lowest and the highest box of the display.
    pub fn track(&self) -> (i32, i32) {
        (self.bottom.lowest, self.above.last().map_or(self.bottom.highest, |z| z.highest))
    }

    /// 2.4.3.3: the box of `power`'s status marker at the start of the 1805 campaign.
    pub fn start(&self, power: Power) -> i32 {
        self.start[column(power)]
    }

    /// 4.6.2.1: the national modifier of `power` for `minor` (0 for an id that is not a minor).
    pub fn national_modifier(&self, minor: &str, power: Power) -> i32 {
        self.minors.get(minor).map_or(0, |row| row[column(power)])
    }

    /// 4.6.3.3: the initial strengths of `minor`, if it has forces.
    pub fn strength(&self, minor: &str) -> Option<Strength> {
        self.strengths.get(minor).copied()
    }

    /// The minor countries with national modifiers, ascending by id.
    pub fn minors(&self) -> impl Iterator<Item = &str> + '_ {
        self.minors.keys().map(String::as_str)
    }
}

/// Reads a whole number, signed or not, in `-max..=max`.
fn parse_int(line: &Line<'_>, text: &str, max: i32, what: &str) -> Result<i32, MapError> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let ok = !digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit());
    let value = if ok { text.parse::<i32>().ok() } else { None };
    match value {
        Some(n) if (-max..=max).contains(&n) => Ok(n),
        _ => Err(line.error(format!("`{text}` is not {what}: a whole number from -{max} to {max}"))),
    }
}

/// Splits `key = value`.
fn key_value<'a>(line: &Line<'a>, layout: &str) -> Result<(&'a str, &'a str), MapError> {
    let (key, value) = line.text.split_once('=').ok_or_else(|| line.error(format!("expected `{layout}`")))?;
    let (key, value) = (key.trim(), value.trim());
    if key.is_empty() || value.is_empty() {
        return Err(line.error(format!("expected `{layout}`")));
    }
    Ok((key, value))
}

/// `[points]`: every key once, each value with its entry's sign.
fn parse_points(section: &Section<'_>) -> Result<[i32; 9], MapError> {
    let mut values: [Option<i32>; 9] = [None; 9];
    for line in &section.lines {
        let (key, value) = key_value(line, "key = N")?;
        let which = Points::from_key(key).ok_or_else(|| {
            let keys: Vec<&str> = Points::ALL.iter().map(|p| p.key()).collect();
            line.error(format!("unknown key `{key}` in [points] (keys: {})", keys.join(" ")))
        })?;
        if values[which.index()].is_some() {
            return Err(line.error(format!("`{key}` appears twice in [points]")));
        }
        let n = parse_int(line, value, MAX_POINTS, "a number of political points")?;
        if which.is_gain() && n <= 0 {
            return Err(line.error(format!("`{key}` is a gain: its points must be above zero, not {n}")));
        }
        if !which.is_gain() && n >= 0 {
            return Err(line.error(format!("`{key}` is a loss: its points must be below zero, not {n}")));
        }
        values[which.index()] = Some(n);
    }
    let mut points = [0; 9];
    for which in Points::ALL {
        points[which.index()] = values[which.index()]
            .ok_or_else(|| MapError::new(section.header, format!("[points] lacks the key `{}`", which.key())))?;
    }
    Ok(points)
}

/// Reads `[instability]`: `ZONE = N` for unstable zones (R4.6.1).
fn parse_instability(section: &Section<'_>, bottom: &mut Zone, above: &mut [Zone]) -> Result<(), MapError> {
    for line in &section.lines {
        let (name, value) =
            line.text.split_once('=').ok_or_else(|| line.error("expected `ZONE = N` (a die, 0 to 6)"))?;
        let (name, value) = (name.trim(), value.trim());
        let n: u32 = value
            .parse()
            .ok()
            .filter(|n| *n <= 6)
            .ok_or_else(|| line.error(format!("`{value}` is not a die 0 to 6")))?;
        let zone = std::iter::once(&mut *bottom)
            .chain(above.iter_mut())
            .find(|z| z.name == name)
            .ok_or_else(|| line.error(format!("no zone `{name}` in [status]")))?;
        if !zone.unstable {
            return Err(line.error(format!("zone `{name}` is stable: its minor countries never turn neutral (4.6.1)")));
        }
        if zone.revert != 0 {
            return Err(line.error(format!("zone `{name}` appears twice")));
        }
        zone.revert = n;
    }
    Ok(())
}

/// `[status]`: zones from the lowest up, contiguous, modifiers never falling as the zones
/// rise, the unstable zones at the bottom.
fn parse_status(section: &Section<'_>) -> Result<(Zone, Vec<Zone>), MapError> {
    const LAYOUT: &str = "name lowest highest modifier unstable(yes|no)";
    let mut zones: Vec<Zone> = Vec::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [name, lowest, highest, modifier, unstable] = words[..] else {
            return Err(line.error(format!("expected `{LAYOUT}`")));
        };
        if !name.starts_with(|c: char| c.is_ascii_alphabetic())
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err(
                line.error(format!("zone name `{name}` must be letters, digits or '-', starting with a letter"))
            );
        }
        if zones.iter().any(|z| z.name.eq_ignore_ascii_case(name)) {
            return Err(line.error(format!("zone `{name}` appears twice in [status]")));
        }
        let lowest = parse_int(line, lowest, MAX_BOX, "a box number")?;
        let highest = parse_int(line, highest, MAX_BOX, "a box number")?;
        if highest < lowest {
            return Err(line.error(format!("zone `{name}`: its highest box {highest} is below its lowest {lowest}")));
        }
        let modifier = parse_int(line, modifier, MAX_MODIFIER, "a status modifier")?;
        let unstable = match unstable {
            "yes" => true,
            "no" => false,
            other => return Err(line.error(format!("`{other}` is not `yes` or `no` (is the zone unstable?)"))),
        };
        if let Some(below) = zones.last() {
            if lowest != below.highest + 1 {
                let why = if lowest <= below.highest { "overlaps" } else { "leaves a gap after" };
                return Err(line.error(format!(
                    "zone `{name}` starts at box {lowest} and {why} zone `{}` (boxes {} to {}): zones must follow \
                     each other from the lowest up without gap or overlap",
                    below.name, below.lowest, below.highest
                )));
            }
            if modifier < below.modifier {
                return Err(line.error(format!(
                    "zone `{name}`'s status modifier {modifier} is below that of the lower zone `{}` ({})",
                    below.name, below.modifier
                )));
            }
            if unstable && !below.unstable {
                return Err(line.error(format!(
                    "zone `{name}` is unstable above the stable zone `{}`: the unstable zones are the lowest",
                    below.name
                )));
            }
        }
        zones.push(Zone { name: name.to_string(), lowest, highest, modifier, unstable, revert: 0 });
    }
    let mut zones = zones.into_iter();
    let bottom = zones.next().ok_or_else(|| MapError::new(section.header, "[status] has no zone"))?;
    Ok((bottom, zones.collect()))
}

/// `[start]`: every power once, on the track.
fn parse_start(section: &Section<'_>, lowest: i32, highest: i32) -> Result<[i32; 7], MapError> {
    let mut boxes: [Option<i32>; 7] = [None; 7];
    for line in &section.lines {
        let (key, value) = key_value(line, "power = box")?;
        let power = Power::from_id(key).ok_or_else(|| {
            let known: Vec<&str> = Power::ALL.iter().map(|p| p.id()).collect();
            line.error(format!("unknown major power `{key}` (powers: {})", known.join(" ")))
        })?;
        if boxes[column(power)].is_some() {
            return Err(line.error(format!("`{key}` appears twice in [start]")));
        }
        let n = parse_int(line, value, MAX_BOX, "a box number")?;
        if !(lowest..=highest).contains(&n) {
            return Err(line.error(format!("box {n} is off the status track (boxes {lowest} to {highest})")));
        }
        boxes[column(power)] = Some(n);
    }
    let mut start = [0; 7];
    for power in Power::ALL {
        start[column(power)] = boxes[column(power)]
            .ok_or_else(|| MapError::new(section.header, format!("[start] lacks the major power `{}`", power.id())))?;
    }
    Ok(start)
}

/// `[minors]`: one line for every minor country of `map`, seven modifiers each.
/// The most factors or ships of one kind a minor country starts with.
const MAX_STRENGTH: i32 = 99;

/// `[strengths]`: `minor infantry cavalry ships`, each minor country once.
fn parse_strengths(section: &Section<'_>, map: &AreaMap) -> Result<BTreeMap<String, Strength>, MapError> {
    let mut out = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let [id, infantry, cavalry, ships] = words.as_slice() else {
            return Err(line.error("expected `minor infantry cavalry ships`"));
        };
        if map.nation(id).is_none_or(|n| n.kind != NationKind::Minor) {
            return Err(line.error(format!("unknown minor country `{id}`: not a minor nation of the map")));
        }
        let number = |text: &str, what: &str| -> Result<u16, MapError> {
            let n = parse_int(line, text, MAX_STRENGTH, what)?;
            u16::try_from(n).map_err(|_| line.error(format!("`{text}` is not {what}: it may not be negative")))
        };
        let strength = Strength {
            infantry: number(infantry, "an infantry strength")?,
            cavalry: number(cavalry, "a cavalry strength")?,
            ships: number(ships, "a number of ships")?,
        };
        if out.insert(id.to_string(), strength).is_some() {
            return Err(line.error(format!("minor country `{id}` appears twice in [strengths]")));
        }
    }
    Ok(out)
}

fn parse_minors(section: &Section<'_>, map: &AreaMap) -> Result<BTreeMap<String, [i32; 7]>, MapError> {
    let mut minors: BTreeMap<String, [i32; 7]> = BTreeMap::new();
    let mut first_line: BTreeMap<String, usize> = BTreeMap::new();
    for line in &section.lines {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let Some((&id, values)) = words.split_first() else {
            return Err(line.error("expected a minor country id and seven modifiers"));
        };
        if values.len() != Power::ALL.len() {
            let powers: Vec<&str> = Power::ALL.iter().map(|p| p.id()).collect();
            return Err(line.error(format!(
                "`{id}` has {} modifiers, expected seven (one for each of: {})",
                values.len(),
                powers.join(" ")
            )));
        }
        match map.nation(id) {
            Some(n) if n.kind == NationKind::Minor => {}
            Some(_) => return Err(line.error(format!("`{id}` is a major power, not a minor country"))),
            None => {
                return Err(line.error(format!("unknown minor country `{id}`: not a nation of the map's [nations]")))
            }
        }
        if let Some(first) = first_line.get(id) {
            return Err(line.error(format!("minor country `{id}` appears twice in [minors] (first at line {first})")));
        }
        let mut row = [0; 7];
        for (slot, value) in row.iter_mut().zip(values) {
            *slot = parse_int(line, value, MAX_MODIFIER, "a national modifier")?;
        }
        first_line.insert(id.to_string(), line.number);
        minors.insert(id.to_string(), row);
    }
    let missing: Vec<&str> = map
        .nations()
        .filter(|n| n.kind == NationKind::Minor && !minors.contains_key(&n.id))
        .map(|n| n.id.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(MapError::new(
            section.header,
            format!("[minors] lacks the national modifiers of: {}", missing.join(" ")),
        ));
    }
    Ok(minors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> AreaMap {
        crate::map::europe().unwrap_or_else(|e| panic!("{e}"))
    }

    fn builtin() -> Politics {
        Politics::builtin(&map()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn line_of(prefix: &str) -> usize {
        crate::data::edited::line_of(POLITICS_TEXT, prefix)
    }

    fn replaced(prefix: &str, with: &str) -> String {
        crate::data::edited::replaced(POLITICS_TEXT, prefix, with)
    }

    fn refused_at(text: &str) -> usize {
        let e = Politics::parse(text, &map()).err().unwrap_or_else(|| panic!("accepted a bad file"));
        e.line
    }

    #[test]
    fn r4_2_1_1_declaring_war_on_a_major_power_costs_three() {
        let p = builtin();
        assert_eq!(p.points(Points::DeclareWarMajor), -3);
        assert_eq!(p.points(Points::BreakAlliance), -2);
    }

    #[test]
    fn r4_2_1_2_and_r4_6_3_1_a_minor_s_districts_cost_and_gain_one_each() {
        let p = builtin();
        assert_eq!(p.points(Points::DeclareWarMinorDistrict), -1);
        assert_eq!(p.points(Points::ControlMinorDistrict), 1);
    }

    #[test]
    fn r4_4_2_3_peace_points_are_the_text_s() {
        let p = builtin();
        assert_eq!(p.points(Points::ConditionalVictor), 3);
        assert_eq!(p.points(Points::ConditionalLoser), -5);
        assert_eq!(p.points(Points::UnconditionalVictor), 5);
        assert_eq!(p.points(Points::UnconditionalLoser), -8);
    }

    #[test]
    fn r4_5_reconstructed_alliance_gains_less_than_breaking_one_costs() {
        let p = builtin();
        assert_eq!(p.points(Points::Alliance), 1);
        assert!(p.points(Points::Alliance) + p.points(Points::BreakAlliance) < 0);
    }

    #[test]
    fn r4_6_2_2_the_dominant_zone_gives_plus_one() {
        let p = builtin();
        let dominant = p.zones().find(|z| z.name == "Dominant").unwrap_or_else(|| panic!("no Dominant zone"));
        assert_eq!(dominant.modifier, 1);
        assert!(!dominant.unstable);
        let (_, top) = p.track();
        assert_eq!(p.zone(top).name, "Dominant");
        assert_eq!(p.zone(top + 50).name, "Dominant", "past the top counts as the top zone");
    }

    #[test]
    fn r4_6_1_the_instability_and_fiasco_zones_are_the_unstable_bottom_of_the_display() {
        let p = builtin();
        let unstable: Vec<&str> = p.zones().filter(|z| z.unstable).map(|z| z.name.as_str()).collect();
        assert_eq!(unstable, ["Fiasco", "Instability"]);
        let (bottom, _) = p.track();
        assert_eq!(p.zone(bottom).name, "Fiasco");
        assert_eq!(p.zone(bottom - 50).name, "Fiasco", "past the bottom counts as the bottom zone");
        // Every box of the track is in exactly one zone, the zone() answer.
        let (low, high) = p.track();
        for status in low..=high {
            let holding: Vec<&Zone> = p.zones().filter(|z| z.contains(status)).collect();
            assert_eq!(holding.len(), 1, "box {status}");
            assert_eq!(holding[0], p.zone(status));
        }
    }

    #[test]
    fn r2_4_3_3_every_power_starts_on_the_track_france_strongest_spain_and_turkey_weakest() {
        let p = builtin();
        for power in Power::ALL {
            let zone = p.zone(p.start(power));
            assert_eq!(zone.name, "Normal", "{power}");
        }
        assert!(Power::ALL.iter().all(|&q| p.start(Power::France) >= p.start(q)));
        assert!(Power::ALL.iter().all(|&q| p.start(q) >= p.start(Power::Turkey)));
        assert!(p.start(Power::Prussia) > p.start(Power::Spain));
    }

    #[test]
    fn r4_6_2_1_every_minor_has_a_national_modifier_for_every_power() {
        let map = map();
        let p = Politics::builtin(&map).unwrap_or_else(|e| panic!("{e}"));
        let minors: Vec<&str> = map.nations().filter(|n| n.kind == NationKind::Minor).map(|n| n.id.as_str()).collect();
        assert_eq!(p.minors().collect::<Vec<_>>(), minors);
        assert_eq!(minors.len(), 29);
        for minor in &minors {
            for power in Power::ALL {
                assert!((-MAX_MODIFIER..=MAX_MODIFIER).contains(&p.national_modifier(minor, power)));
            }
        }
        assert_eq!(p.national_modifier("portugal", Power::Britain), 2);
        assert_eq!(p.national_modifier("bavaria", Power::France), 2);
        assert_eq!(p.national_modifier("algiers", Power::Turkey), 2);
        assert_eq!(p.national_modifier("france", Power::France), 0, "a major power is not a minor");
        assert_eq!(p.national_modifier("atlantis", Power::Turkey), 0);
    }

    #[test]
    fn a_missing_minor_is_refused_at_the_minors_header() {
        let text = replaced("morocco ", "");
        assert_eq!(refused_at(&text), line_of("[minors]"));
    }

    #[test]
    fn an_unknown_or_major_or_repeated_minor_is_refused_at_its_line() {
        let line = line_of("morocco ");
        assert_eq!(refused_at(&replaced("morocco ", "atlantis 0 0 0 0 0 0 0")), line);
        assert_eq!(refused_at(&replaced("morocco ", "france 0 0 0 0 0 0 0")), line);
        assert_eq!(refused_at(&replaced("morocco ", "algiers 0 0 0 0 0 0 0")), line);
        assert_eq!(refused_at(&replaced("morocco ", "morocco 0 0 0 0 0 0")), line);
        assert_eq!(refused_at(&replaced("morocco ", "morocco 0 0 0 0 0 0 4")), line);
        assert_eq!(refused_at(&replaced("morocco ", "morocco 0 0 0 0 0 0 x")), line);
    }

    #[test]
    fn r4_6_3_3_a_bad_strength_line_is_refused_at_its_line() {
        let prefix = "sardinia              4";
        let line = line_of(prefix);
        assert_eq!(builtin().strength("sardinia").map(|s| (s.infantry, s.cavalry, s.ships)), Some((4, 1, 0)));
        assert_eq!(refused_at(&replaced(prefix, "atlantis 1 1 0")), line);
        assert_eq!(refused_at(&replaced(prefix, "france 1 1 0")), line);
        assert_eq!(refused_at(&replaced(prefix, "sardinia 1 1")), line);
        assert_eq!(refused_at(&replaced(prefix, "sardinia -1 1 0")), line);
        assert_eq!(refused_at(&replaced(prefix, "naples 1 1 0")), line, "naples twice");
    }

    #[test]
    fn a_gap_or_overlap_between_zones_is_refused_at_the_upper_zone() {
        let line = line_of("Normal ");
        assert_eq!(refused_at(&replaced("Normal ", "Normal 12 20 0 no")), line);
        assert_eq!(refused_at(&replaced("Normal ", "Normal 10 20 0 no")), line);
        assert_eq!(refused_at(&replaced("Normal ", "Normal 11 20 -2 no")), line, "a modifier falling upwards");
        assert_eq!(refused_at(&replaced("Dominant ", "Dominant 21 25 1 yes")), line_of("Dominant "), "unstable on top");
        assert_eq!(refused_at(&replaced("Normal ", "Normal 11 20 0 maybe")), line);
        assert_eq!(refused_at(&replaced("Normal ", "Normal 20 11 0 no")), line);
        assert_eq!(refused_at(&replaced("Normal ", "Fiasco 11 20 0 no")), line);
    }

    #[test]
    fn an_unknown_key_is_refused_at_its_line() {
        let line = line_of("alliance ");
        assert_eq!(refused_at(&replaced("alliance ", "royal-marriage = 1")), line);
        assert_eq!(refused_at(&replaced("france =", "prussia = 15")), line_of("prussia ="), "the second prussia");
        assert_eq!(refused_at(&replaced("france =", "bavaria = 15")), line_of("france ="));
    }

    #[test]
    fn a_duplicate_key_is_refused_at_its_second_line() {
        let line = line_of("alliance ");
        assert_eq!(refused_at(&replaced("alliance ", "break-alliance = -2")), line);
        // A key missing altogether is named at the section's header.
        assert_eq!(refused_at(&replaced("alliance ", "")), line_of("[points]"));
        assert_eq!(refused_at(&replaced("turkey =", "")), line_of("[start]"));
    }

    #[test]
    fn a_value_of_the_wrong_sign_or_off_the_track_is_refused() {
        assert_eq!(refused_at(&replaced("alliance ", "alliance = -1")), line_of("alliance "));
        assert_eq!(refused_at(&replaced("alliance ", "alliance = 1.5")), line_of("alliance "));
        assert_eq!(refused_at(&replaced("declare-war-major ", "declare-war-major = 3")), line_of("declare-war-major "));
        assert_eq!(refused_at(&replaced("france =", "france = 26")), line_of("france ="));
        assert_eq!(refused_at(&replaced("france =", "france = 0")), line_of("france ="));
        let e = Politics::parse("[points]\nalliance = 1\n", &map()).err();
        assert_eq!(e.map(|e| e.line), Some(1));
    }
}
