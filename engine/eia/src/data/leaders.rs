//! The leaders (`data/leaders.txt`; docs/DATA_FORMAT.md, "Empires in Arms data files: cards,
//! leaders, scenarios"): every leader counter of 1805-1815 with its power, its ratings and the
//! month it first becomes available. Leaders command corps in land combat (10.6; not in the
//! rule text Grognard has, so their use is reconstructed, `R10.6`); NELSON is the one naval
//! leader, who goes with fleets (5.3, 6.2.3.2.3, 6.3.3.1, 6.3.4.2.1).
//!
//! [`Leaders::parse`] refuses the whole file on any error, naming the line. The lexical layer
//! is [`grognard_board::text`].

use crate::data::cards::{check_id, columns, parse_power};
use crate::data::scenario::Month;
use crate::Power;
use grognard_board::text::{split_named, Line};
use grognard_board::MapError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The text of the built-in leaders file.
pub const LEADERS_TEXT: &str = include_str!("../../data/leaders.txt");

/// The highest strategic or tactical rating the file accepts (the reconstructed scale; the
/// commander chart of `data/tables.txt` has rows for tactical ratings 0-5, 10.6.1.2.2).
pub const MAX_RATING: u8 = 5;

/// The most corps a leader's tactical maximum may name.
pub const MAX_CORPS: u8 = 9;

/// A land leader's three ratings, written `S-T-M` as on the counter (R10.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ratings {
    /// Strategic rating, 1-5: used when withdrawing, reinforcing and outflanking in field
    /// combat (7.5.2.1-7.5.2.5, 7.5.2.11, 7.5.2.12; R10.6.1.2).
    pub strategic: u8,
    /// Tactical rating, 1-5: the commanders' tactical ratings are compared for the combat
    /// die roll modifiers (R10.6.1.2.2).
    pub tactical: u8,
    /// Tactical maximum, 1-9: the most corps the leader commands at his full tactical rating
    /// (R10.6.1.2.1); more corps lower it.
    pub max_corps: u8,
}

impl fmt::Display for Ratings {
    /// The counter notation `S-T-M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.strategic, self.tactical, self.max_corps)
    }
}

/// What a leader commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    /// A land leader, placed with corps (5.3) and rated for land combat (R10.6).
    Army(Ratings),
    /// A naval leader (NELSON), placed with fleets in the Naval Reinforcement Step (5.3); his
    /// effects are fixed by the rules (6.2.3.2.3, 6.3.3.1, 6.3.4.2), so he has no ratings.
    Fleet,
}

/// A leader counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// Stable id, e.g. `napoleon`, `archduke-charles`.
    pub id: String,
    /// The major power whose leader he is. Bernadotte is French; his later Swedish career is
    /// rule 10.6.5's business.
    pub power: Power,
    pub command: Command,
    /// The first month he may be placed or arrive as a reinforcement (5.3); `None` if he is
    /// available from the first month of the game.
    pub from: Option<Month>,
    /// Display name.
    pub name: String,
}

impl Leader {
    /// Is the leader available in `month` (5.3)?
    pub fn available(&self, month: Month) -> bool {
        self.from.is_none_or(|from| from <= month)
    }

    /// The land ratings; `None` for a naval leader.
    pub fn ratings(&self) -> Option<Ratings> {
        match self.command {
            Command::Army(ratings) => Some(ratings),
            Command::Fleet => None,
        }
    }

    /// Does he go with fleets (5.3: NELSON)?
    pub fn is_naval(&self) -> bool {
        self.command == Command::Fleet
    }
}

/// Every leader counter, by id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaders {
    pub leaders: BTreeMap<String, Leader>,
}

impl Leaders {
    /// Parses a leaders file. Refuses the whole file on any error, naming the line.
    pub fn parse(text: &str) -> Result<Leaders, MapError> {
        let sections = split_named(text, &["leaders"])?;
        let section = sections.required("leaders")?;
        let mut leaders: BTreeMap<String, Leader> = BTreeMap::new();
        let mut lines: BTreeMap<String, usize> = BTreeMap::new();
        for line in &section.lines {
            let leader = parse_leader(line)?;
            if let Some(first) = lines.get(&leader.id) {
                return Err(line.error(format!("leader `{}` appears twice (first at line {first})", leader.id)));
            }
            lines.insert(leader.id.clone(), line.number);
            leaders.insert(leader.id.clone(), leader);
        }
        if leaders.is_empty() {
            return Err(MapError::new(section.header, "[leaders] lists no leader"));
        }
        Ok(Leaders { leaders })
    }

    /// The built-in leaders (`data/leaders.txt`).
    pub fn builtin() -> Result<Leaders, MapError> {
        Leaders::parse(LEADERS_TEXT)
    }

    /// The leader `id`.
    pub fn get(&self, id: &str) -> Option<&Leader> {
        self.leaders.get(id)
    }

    /// Every leader, ascending by id.
    pub fn iter(&self) -> impl Iterator<Item = &Leader> + '_ {
        self.leaders.values()
    }

    /// The leaders of `power`, ascending by id.
    pub fn of_power(&self, power: Power) -> impl Iterator<Item = &Leader> + '_ {
        self.leaders.values().filter(move |l| l.power == power)
    }
}

fn parse_leader(line: &Line<'_>) -> Result<Leader, MapError> {
    const LAYOUT: &str = "id power command ratings from name";
    let (words, name) = columns(line, 5, LAYOUT)?;
    let [id, power, command, ratings, from] = [words[0], words[1], words[2], words[3], words[4]];
    check_id(line, id, "leader")?;
    if name.is_empty() {
        return Err(line.error(format!("the leader has no name (columns: {LAYOUT})")));
    }
    let power = parse_power(line, power)?;
    let command = match (command, ratings) {
        ("army", "-") => return Err(line.error("an army leader needs his ratings `S-T-M` (R10.6)")),
        ("army", ratings) => Command::Army(parse_ratings(ratings).map_err(|m| line.error(m))?),
        ("fleet", "-") => Command::Fleet,
        ("fleet", _) => return Err(line.error("a naval leader has no ratings (6.2.3.2.3, 6.3.3.1): write -")),
        (other, _) => return Err(line.error(format!("command `{other}` is not `army` or `fleet` (5.3)"))),
    };
    let from = match from {
        "-" => None,
        month => Some(Month::parse(month).map_err(|m| line.error(m))?),
    };
    Ok(Leader { id: id.to_string(), power, command, from, name: name.to_string() })
}

fn parse_ratings(text: &str) -> Result<Ratings, String> {
    let parts: Vec<&str> = text.split('-').collect();
    let bad =
        || format!("ratings `{text}` are not `S-T-M` (strategic and tactical 1-{MAX_RATING}, corps 1-{MAX_CORPS})");
    let [s, t, m] = parts[..] else {
        return Err(bad());
    };
    let digit = |x: &str, max: u8| x.parse::<u8>().ok().filter(|n| (1..=max).contains(n) && x.len() == 1);
    Ok(Ratings {
        strategic: digit(s, MAX_RATING).ok_or_else(bad)?,
        tactical: digit(t, MAX_RATING).ok_or_else(bad)?,
        max_corps: digit(m, MAX_CORPS).ok_or_else(bad)?,
    })
}
