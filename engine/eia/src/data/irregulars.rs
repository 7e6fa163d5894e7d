//! `data/irregulars.txt`: the irregular forces of 10.1 (cossacks, freikorps, guerrillas): each
//! nation's counters, when the levy raises them and where, and the values of the guerrilla
//! step (7.6). A reconstruction: see RECONSTRUCTION.md, "R10.1: irregular forces".

use crate::power::Power;
use crate::FactorKind;
use grognard_board::text::{split_named, Line};
use grognard_board::{AreaMap, MapError};

/// The built-in file.
pub const IRREGULARS_TEXT: &str = include_str!("../../data/irregulars.txt");

/// When the levy raises a nation's irregulars (R10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Raised {
    /// While the nation is at war with a major power.
    War,
    /// While it is at war with a major power and an enemy holds or stands in its home nation.
    Invaded,
}

/// Where the levy places them (R10.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Muster {
    /// In the first of these areas that is the nation's own, unbesieged and free of enemy
    /// corps.
    Areas(Vec<String>),
    /// One counter in each area of the home nation an enemy holds or stands in.
    Invaded,
}

/// One nation's irregular counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    pub power: Power,
    pub kind: FactorKind,
    /// How many counters it has (one factor each): the most on the map at once.
    pub counters: u16,
    /// The most one levy raises (per area, for [`Muster::Invaded`]).
    pub raised: u16,
    pub when: Raised,
    pub muster: Muster,
}

/// The file's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Irregulars {
    /// By nation, in the file's order; a nation has at most one kind.
    pub counters: Vec<Counters>,
    /// R10.1.1: the most guerrilla counters one levy leaves in an area.
    pub guerrilla_per_area: u16,
    /// R7.6: a guerrilla strike hits on a die of at most the counters there, never above this.
    pub strike: u8,
    /// R7.6: on this face or above one guerrilla counter of the area is lost.
    pub reprisal: u8,
}

impl Irregulars {
    /// The counters of `power`, if it has any.
    pub fn of(&self, power: Power) -> Option<&Counters> {
        self.counters.iter().find(|c| c.power == power)
    }

    /// Reads the file, refusing it whole on any error (naming the line).
    pub fn parse(text: &str, map: &AreaMap) -> Result<Irregulars, MapError> {
        let sections = split_named(text, &["counters", "guerrilla"])?;
        let mut counters: Vec<Counters> = Vec::new();
        for line in sections.lines("counters") {
            let c = counters_line(line, map)?;
            if counters.iter().any(|o| o.power == c.power) {
                return Err(line.error(format!("{} has a line already", c.power.id())));
            }
            counters.push(c);
        }
        let guerrilla = sections.required("guerrilla")?;
        let (mut per_area, mut strike, mut reprisal) = (None, None, None);
        for line in &guerrilla.lines {
            let (key, value) = line
                .text
                .split_once('=')
                .ok_or_else(|| line.error("expected `per-area = N`, `strike = N` or `reprisal = N`"))?;
            let n: u16 =
                value.trim().parse().map_err(|_| line.error(format!("`{}` is not a whole number", value.trim())))?;
            let (slot, range) = match key.trim() {
                "per-area" => (&mut per_area, 1..=20),
                "strike" => (&mut strike, 1..=6),
                "reprisal" => (&mut reprisal, 1..=7),
                other => {
                    return Err(
                        line.error(format!("unknown key `{other}` in [guerrilla] (keys: per-area, strike, reprisal)"))
                    )
                }
            };
            if !range.contains(&n) {
                return Err(line.error(format!("`{n}` is not from {} to {}", range.start(), range.end())));
            }
            if slot.replace(n).is_some() {
                return Err(line.error(format!("`{}` appears twice in [guerrilla]", key.trim())));
            }
        }
        let lacks = |key: &str| MapError::new(guerrilla.header, format!("[guerrilla] lacks the key `{key}`"));
        let guerrilla_per_area = per_area.ok_or_else(|| lacks("per-area"))?;
        let strike = strike.ok_or_else(|| lacks("strike"))? as u8;
        let reprisal = reprisal.ok_or_else(|| lacks("reprisal"))? as u8;
        Ok(Irregulars { counters, guerrilla_per_area, strike, reprisal })
    }

    /// The built-in values.
    pub fn builtin(map: &AreaMap) -> Result<Irregulars, MapError> {
        Irregulars::parse(IRREGULARS_TEXT, map)
    }
}

fn counters_line(line: &Line, map: &AreaMap) -> Result<Counters, MapError> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let [nation, kind, counters, raised, when, first, rest @ ..] = words.as_slice() else {
        return Err(line.error("expected `NATION KIND COUNTERS RAISED WHEN AREA...`"));
    };
    let power = Power::from_id(nation).ok_or_else(|| line.error(format!("`{nation}` is not a major power")))?;
    let kind = FactorKind::from_id(kind)
        .filter(|k| k.irregular())
        .ok_or_else(|| line.error(format!("`{kind}` is not cossack, freikorps or guerrilla")))?;
    let number = |w: &str, what: &str| -> Result<u16, MapError> {
        w.parse::<u16>()
            .ok()
            .filter(|n| (1..=99).contains(n))
            .ok_or_else(|| line.error(format!("{what} `{w}` is not a whole number from 1 to 99")))
    };
    let counters = number(counters, "the counters")?;
    let raised = number(raised, "the number raised")?;
    let when = match *when {
        "war" => Raised::War,
        "invaded" => Raised::Invaded,
        other => return Err(line.error(format!("`{other}` is not `war` or `invaded`"))),
    };
    let muster = if *first == "invaded" && rest.is_empty() {
        Muster::Invaded
    } else {
        let mut areas = Vec::new();
        for a in std::iter::once(first).chain(rest) {
            let area = map.area(a).ok_or_else(|| line.error(format!("there is no land area `{a}`")))?;
            if area.nation != power.id() {
                return Err(line.error(format!("{a} is not an area of {}", power.id())));
            }
            areas.push(a.to_string());
        }
        Muster::Areas(areas)
    };
    Ok(Counters { power, kind, counters, raised, when, muster })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> AreaMap {
        crate::map::europe().expect("the built-in map parses")
    }

    #[test]
    fn r10_1_reconstructed_the_builtin_irregulars_parse() {
        let data = Irregulars::builtin(&map()).expect("the built-in file parses");
        assert_eq!(data.of(Power::Russia).map(|c| c.kind), Some(FactorKind::Cossack));
        assert_eq!(data.of(Power::Spain).map(|c| &c.muster), Some(&Muster::Invaded));
        assert_eq!(data.of(Power::Prussia).map(|c| c.kind), Some(FactorKind::Freikorps));
        assert!(data.of(Power::France).is_none());
        assert!(data.strike <= 6 && data.reprisal <= 7);
    }

    #[test]
    fn r10_1_reconstructed_a_bad_line_is_refused_naming_it() {
        let map = map();
        for (from, to, says) in [
            ("russia     cossack", "russia     infantry", "not cossack"),
            ("kharkov kherson", "kharkov vienna", "not an area of russia"),
            ("war       kharkov", "peace     kharkov", "not `war`"),
            ("strike = 4", "strike = 9", "not from 1 to 6"),
            ("per-area = 3", "per-area = 3\nper-area = 2", "twice"),
        ] {
            let text = IRREGULARS_TEXT.replacen(from, to, 1);
            let err = Irregulars::parse(&text, &map).expect_err(from).to_string();
            assert!(err.contains(says), "{from}: {err}");
        }
        let twice = IRREGULARS_TEXT.replacen("[guerrilla]", "spain guerrilla 1 1 war madrid\n[guerrilla]", 1);
        assert!(Irregulars::parse(&twice, &map).expect_err("twice").to_string().contains("a line already"));
    }
}
