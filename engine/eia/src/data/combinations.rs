//! `data/combinations.txt`: the new political combinations of options 11.1-11.6 and 11.8
//! (the step 8.9 creates them) and the Holy Roman Empire of peace term C.6. A reconstruction:
//! see RECONSTRUCTION.md, "R8.9 and R11: new political combinations".

use crate::data::cards::{NationalCards, Owner};
use crate::date::Month;
use crate::power::Power;
use grognard_board::area::NationKind;
use grognard_board::text::{split_named, Line};
use grognard_board::{AreaMap, MapError};
use std::collections::{BTreeMap, BTreeSet};

/// The built-in file.
pub const COMBINATIONS_TEXT: &str = include_str!("../../data/combinations.txt");

/// The Holy Roman Empire (C.6, R11.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Empire {
    /// The power whose ruler is the emperor: C.6 against it may dissolve or re-establish it.
    pub emperor: Power,
    /// A game starting in this month or later starts without the Empire.
    pub dissolved_from: Month,
}

/// One combination (R11.1-R11.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    /// Its id, what `create ID` names.
    pub id: String,
    /// The option's rule, `11.1` to `11.6`.
    pub rule: String,
    /// The minor country it stands on, if any.
    pub seat: Option<String>,
    /// The powers that may create it (8.9).
    pub creators: Vec<Power>,
    /// R11.8: a power in the Dominant Zone may create it too.
    pub alternate: bool,
    /// Made in history in `from`: a game starting later starts with it standing.
    pub historical: bool,
    /// The first month it may be created.
    pub from: Month,
    /// Powers the creator may not be at war with.
    pub peace: Vec<Power>,
    /// Provinces of major powers the creator must control whole, ceded to the seat.
    pub lands: Vec<String>,
    /// Minor countries the creator must control, bound into it.
    pub members: Vec<String>,
    /// Only once the Holy Roman Empire is dissolved; its re-establishment dissolves this.
    pub needs_empire_dissolved: bool,
    /// Its corps counters, in the order they are filled.
    pub corps: Vec<String>,
    /// The factors raised in them when it is created.
    pub infantry: u16,
    pub cavalry: u16,
    /// Where they are raised.
    pub at: Option<String>,
    /// Political points its creator gains.
    pub points: i32,
    /// Its name.
    pub name: String,
}

/// The file: the Empire and every combination, in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combinations {
    pub empire: Empire,
    pub combinations: Vec<Combination>,
}

impl Combinations {
    /// Reads a combinations file against the map and the cards, refusing it whole on any error
    /// (naming the line).
    pub fn parse(text: &str, map: &AreaMap, cards: &NationalCards) -> Result<Combinations, MapError> {
        let sections = split_named(text, &["empire", "combinations"])?;
        let empire = parse_empire(sections.required("empire")?)?;
        let section = sections.required("combinations")?;
        let mut combinations: Vec<Combination> = Vec::new();
        let mut counters: BTreeMap<String, String> = BTreeMap::new();
        for line in &section.lines {
            let c = parse_line(line, map, cards)?;
            if combinations.iter().any(|o| o.id == c.id) {
                return Err(line.error(format!("combination `{}` appears twice", c.id)));
            }
            for corps in &c.corps {
                if let Some(other) = counters.insert(corps.clone(), c.id.clone()) {
                    return Err(line.error(format!("corps `{corps}` is already the counter of `{other}`")));
                }
            }
            combinations.push(c);
        }
        if combinations.is_empty() {
            return Err(MapError::new(section.header, "[combinations] lists no combination"));
        }
        Ok(Combinations { empire, combinations })
    }

    /// The combination `id`.
    pub fn get(&self, id: &str) -> Option<&Combination> {
        self.combinations.iter().find(|c| c.id == id)
    }

    /// The combination whose counter `corps` is, if any.
    pub fn of_corps(&self, corps: &str) -> Option<&Combination> {
        self.combinations.iter().find(|c| c.corps.iter().any(|x| x == corps))
    }
}

fn parse_empire(section: &grognard_board::text::Section<'_>) -> Result<Empire, MapError> {
    let mut emperor = None;
    let mut dissolved_from = None;
    for line in &section.lines {
        let (key, value) = line
            .text
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| line.error("expected `key = value` (keys: emperor, dissolved-from)"))?;
        match key {
            "emperor" if emperor.is_none() => {
                emperor =
                    Some(Power::from_id(value).ok_or_else(|| line.error(format!("`{value}` is not a major power")))?)
            }
            "dissolved-from" if dissolved_from.is_none() => {
                dissolved_from = Some(Month::parse(value).map_err(|m| line.error(m))?)
            }
            "emperor" | "dissolved-from" => return Err(line.error(format!("`{key}` appears twice in [empire]"))),
            _ => return Err(line.error(format!("unknown key `{key}` in [empire] (keys: emperor, dissolved-from)"))),
        }
    }
    let missing = |key: &str| MapError::new(section.header, format!("[empire] lacks the key `{key}`"));
    Ok(Empire {
        emperor: emperor.ok_or_else(|| missing("emperor"))?,
        dissolved_from: dissolved_from.ok_or_else(|| missing("dissolved-from"))?,
    })
}

const KEYS: [&str; 11] =
    ["creators", "from", "peace", "lands", "members", "empire", "corps", "infantry", "cavalry", "at", "points"];

fn powers(line: &Line<'_>, value: &str) -> Result<Vec<Power>, MapError> {
    let mut out = Vec::new();
    for id in value.split(',') {
        let p = Power::from_id(id).ok_or_else(|| line.error(format!("`{id}` is not a major power")))?;
        if out.contains(&p) {
            return Err(line.error(format!("`{id}` is named twice")));
        }
        out.push(p);
    }
    Ok(out)
}

fn ids(line: &Line<'_>, value: &str) -> Result<Vec<String>, MapError> {
    let mut out: Vec<String> = Vec::new();
    for id in value.split(',') {
        if id.is_empty() || out.iter().any(|o| o == id) {
            return Err(line.error(format!("`{value}`: an empty or repeated id")));
        }
        out.push(id.to_string());
    }
    Ok(out)
}

fn number(line: &Line<'_>, key: &str, value: &str) -> Result<u16, MapError> {
    value
        .parse::<u16>()
        .ok()
        .filter(|n| *n <= 40)
        .ok_or_else(|| line.error(format!("`{key}={value}`: not a whole number from 0 to 40")))
}

fn parse_line(line: &Line<'_>, map: &AreaMap, cards: &NationalCards) -> Result<Combination, MapError> {
    let (head, name) = line
        .text
        .split_once(':')
        .map(|(h, n)| (h.trim(), n.trim()))
        .ok_or_else(|| line.error("expected `id rule seat key=value ... : name`"))?;
    if name.is_empty() {
        return Err(line.error("the combination has no name after `:`"));
    }
    let words: Vec<&str> = head.split_whitespace().collect();
    let [id, rule, seat, rest @ ..] = words.as_slice() else {
        return Err(line.error("expected `id rule seat key=value ... : name`"));
    };
    let option = rule.strip_prefix("11.").and_then(|n| n.parse::<u8>().ok());
    if !option.is_some_and(|n| (1..=6).contains(&n)) || rule.len() != 4 {
        return Err(line.error(format!("`{rule}` is not an option from 11.1 to 11.6")));
    }
    let seat = match *seat {
        "-" => None,
        s if map.nation(s).is_some_and(|n| n.kind == NationKind::Minor) => Some(s.to_string()),
        s => return Err(line.error(format!("`{s}` is not a minor country of the map (or `-`)"))),
    };
    let mut values: BTreeMap<&str, &str> = BTreeMap::new();
    let (mut alternate, mut historical) = (false, false);
    for word in rest {
        let flag = match *word {
            "alternate" => Some(&mut alternate),
            "historical" => Some(&mut historical),
            _ => None,
        };
        if let Some(flag) = flag {
            if *flag {
                return Err(line.error(format!("`{word}` appears twice")));
            }
            *flag = true;
            continue;
        }
        let (key, value) = word.split_once('=').ok_or_else(|| line.error(format!("`{word}` is not `key=value`")))?;
        if !KEYS.contains(&key) {
            return Err(line.error(format!("unknown key `{key}` (keys: {}, alternate, historical)", KEYS.join(", "))));
        }
        if values.insert(key, value).is_some() {
            return Err(line.error(format!("`{key}` appears twice")));
        }
    }
    let creators = powers(line, values.get("creators").ok_or_else(|| line.error("`creators=` is missing"))?)?;
    let from =
        Month::parse(values.get("from").ok_or_else(|| line.error("`from=` is missing"))?).map_err(|m| line.error(m))?;
    let peace = values.get("peace").map_or(Ok(Vec::new()), |v| powers(line, v))?;
    let lands = values.get("lands").map_or(Ok(Vec::new()), |v| ids(line, v))?;
    for land in &lands {
        let major = map.province(land).is_some_and(|p| Power::from_id(&p.nation).is_some());
        if !major {
            return Err(line.error(format!("`{land}` is not a province of a major power")));
        }
    }
    if !lands.is_empty() && seat.is_none() {
        return Err(line.error("lands are ceded to a seat: a combination without one has no lands"));
    }
    let members = values.get("members").map_or(Ok(Vec::new()), |v| ids(line, v))?;
    for m in &members {
        if map.nation(m).is_none_or(|n| n.kind != NationKind::Minor) {
            return Err(line.error(format!("member `{m}` is not a minor country of the map")));
        }
        if seat.as_deref() == Some(m.as_str()) {
            return Err(line.error(format!("`{m}` is the seat: it is not also a member")));
        }
    }
    let needs_empire_dissolved = match values.get("empire") {
        None => false,
        Some(&"dissolved") => true,
        Some(v) => return Err(line.error(format!("`empire={v}`: the only value is `dissolved`"))),
    };
    let corps = values.get("corps").map_or(Ok(Vec::new()), |v| ids(line, v))?;
    let owner = match (&seat, creators.as_slice()) {
        (Some(s), _) => Some(Owner::Minor(s.clone())),
        (None, [one]) => Some(Owner::Major(*one)),
        (None, _) => None,
    };
    for c in &corps {
        let card = cards.corps.get(c).ok_or_else(|| line.error(format!("`{c}` is not a corps card")))?;
        if owner.as_ref() != Some(&card.owner) {
            return Err(line.error(format!(
                "corps `{c}` belongs to {}: a combination's counters are its seat's (or its one creator's)",
                card.owner.id()
            )));
        }
    }
    let infantry = values.get("infantry").map_or(Ok(0), |v| number(line, "infantry", v))?;
    let cavalry = values.get("cavalry").map_or(Ok(0), |v| number(line, "cavalry", v))?;
    let at = values.get("at").map(|a| a.to_string());
    if corps.is_empty() != (infantry + cavalry == 0) || corps.is_empty() != at.is_none() {
        return Err(line.error("`corps=`, `at=` and some `infantry=` or `cavalry=` go together"));
    }
    if let Some(a) = &at {
        let nation_ok = |n: &str| seat.as_deref() == Some(n) || members.iter().any(|m| m == n);
        let ok = map.area(a).is_some_and(|area| nation_ok(&area.nation) || lands.contains(&area.province));
        if !ok {
            return Err(line.error(format!("`at={a}` is not an area of the seat, its lands or its members")));
        }
    }
    let points = match values.get("points") {
        None => 0,
        Some(v) => v
            .parse::<i32>()
            .ok()
            .filter(|n| (0..=10).contains(n))
            .ok_or_else(|| line.error(format!("`points={v}`: not a whole number from 0 to 10")))?,
    };
    let unique: BTreeSet<&String> = lands.iter().chain(members.iter()).collect();
    if unique.len() != lands.len() + members.len() {
        return Err(line.error("an id is both a land and a member"));
    }
    Ok(Combination {
        id: id.to_string(),
        rule: rule.to_string(),
        seat,
        creators,
        alternate,
        historical,
        from,
        peace,
        lands,
        members,
        needs_empire_dissolved,
        corps,
        infantry,
        cavalry,
        at,
        points,
        name: name.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::edited::replaced;

    fn read(text: &str) -> Result<Combinations, MapError> {
        let ctx = crate::ctx::Ctx::builtin().expect("built-in data");
        Combinations::parse(text, &ctx.map, &ctx.cards)
    }

    #[test]
    fn r11_the_built_in_combinations_read() {
        let c = read(COMBINATIONS_TEXT).expect("reads");
        assert_eq!(c.empire.emperor, Power::Austria);
        let rules: Vec<&str> = c.combinations.iter().map(|c| c.rule.as_str()).collect();
        assert_eq!(rules, ["11.1", "11.2", "11.3", "11.4", "11.5", "11.6"]);
        let rhine = c.get("confederation-of-the-rhine").expect("11.5");
        assert!(rhine.needs_empire_dissolved && rhine.alternate);
        assert_eq!(c.of_corps("pl-2").map(|c| c.id.as_str()), Some("poland"));
    }

    fn refused(prefix: &str, with: &str, words: &str) {
        let text = replaced(COMBINATIONS_TEXT, prefix, with);
        let line = crate::data::edited::line_of(COMBINATIONS_TEXT, prefix);
        let e = read(&text).expect_err(with);
        let shown = e.to_string();
        assert!(shown.contains(&line.to_string()) && shown.contains(words), "{with}: {shown}");
    }

    #[test]
    fn r11_the_reader_refuses_malformed_unknown_and_repeated_entries_naming_the_line() {
        let p = "poland ";
        let good = "poland 11.1 saxony creators=france from=1807-07 lands=posen corps=pl-1 infantry=2 at=posen : x";
        assert!(read(&replaced(COMBINATIONS_TEXT, p, good)).is_ok());
        refused(p, "poland 11.7 saxony creators=france from=1807-07 : x", "11.7");
        refused(p, "poland 11.1 atlantis creators=france from=1807-07 : x", "atlantis");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 colour=red : x", "unknown key");
        refused(p, "poland 11.1 saxony creators=france,france from=1807-07 : x", "twice");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 from=1808-01 : x", "twice");
        refused(p, "poland 11.1 saxony creators=atlantis from=1807-07 : x", "atlantis");
        refused(p, "poland 11.1 saxony from=1807-07 : x", "creators");
        refused(p, "poland 11.1 saxony creators=france from=1799-01 : x", "1799");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 lands=portugal : x", "province of a major");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 members=posen : x", "minor country");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 members=saxony : x", "seat");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 empire=holy : x", "dissolved");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 corps=fr-1 infantry=2 at=dresden : x", "belongs");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 corps=pl-1 at=dresden : x", "together");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 corps=pl-1 infantry=2 at=paris : x", "at=paris");
        refused(
            p,
            "poland 11.1 saxony creators=france from=1807-07 corps=pl-1,pl-1 infantry=2 at=dresden : x",
            "repeated",
        );
        refused(p, "poland 11.1 saxony creators=france from=1807-07 corps=it-3 infantry=2 at=dresden : x", "belongs");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 points=99 : x", "points");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 :", "no name");
        refused(p, "poland 11.1 saxony creators=france from=1807-07 historical historical : x", "twice");
        refused(p, "poland 11.1 - creators=france from=1807-07 lands=posen : x", "seat");
        refused("kingdom-of-italy ", "poland 11.2 kingdom-of-italy creators=france from=1806-01 : x", "twice");
        refused(
            "kingdom-of-italy ",
            "kingdom-of-italy 11.2 kingdom-of-italy creators=france from=1806-01 corps=pl-1 infantry=1 at=milan : x",
            "belongs",
        );
        refused("emperor", "emperor = atlantis", "atlantis");
        refused("emperor", "pope = rome", "unknown key");
        refused("dissolved-from", "emperor = austria", "twice");
    }
}
