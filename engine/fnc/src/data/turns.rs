//! The Turn Record Track (5.4): game turns, the months they cover, seasons and Nile floods.

use super::conditions::Condition;
use super::lines::Line;
use super::DataError;
use serde::{Deserialize, Serialize};

/// The season printed on a turn box (9.17, 9.18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Season {
    Summer,
    Winter,
}

/// One box of the Turn Record Track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Game turn number, from 1.
    pub number: u8,
    /// The months and year as printed: `Sep 1798`, `Jul-Aug 1798`.
    pub label: String,
    /// How many calendar months the turn covers (1.2: two for EC summer and RSW winter turns).
    pub months: u8,
    /// The calendar year.
    pub year: u16,
    /// The season, if the box carries one.
    pub season: Option<Season>,
    /// The Nile is in flood (EC 9.16).
    pub nile_flood: bool,
}

impl Turn {
    /// The chart conditions that hold during this turn.
    pub fn conditions(&self) -> Vec<Condition> {
        let mut out = Vec::new();
        match self.season {
            Some(Season::Summer) => out.push(Condition::Summer),
            Some(Season::Winter) => out.push(Condition::Winter),
            None => {}
        }
        if self.nile_flood {
            out.push(Condition::Flood);
        }
        out
    }
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

fn month(word: &str) -> Result<u8, String> {
    MONTHS
        .iter()
        .position(|m| *m == word)
        .map(|i| i as u8 + 1)
        .ok_or_else(|| format!("`{word}` is not a month (Jan..Dec)"))
}

/// Parses `N  Mon[-Mon] YYYY  season  flags`; `expected` is the number the turn must carry.
pub(crate) fn parse_turn(line: &Line<'_>, expected: u8) -> Result<Turn, DataError> {
    let words = line.words();
    let [number, months, year, season, flags] = words[..] else {
        return Err(line.error("a turn line is: number, months (`Sep` or `Jul-Aug`), year, season (summer, winter or -), flags (flood or -)"));
    };
    let number: u8 = number.parse().map_err(|_| line.error(format!("`{number}` is not a turn number")))?;
    if number != expected {
        return Err(line.error(format!("turns must be numbered in order from 1: expected {expected}, found {number}")));
    }
    let count = match months.split_once('-') {
        Some((first, last)) => {
            let (a, b) = (month(first).map_err(|m| line.error(m))?, month(last).map_err(|m| line.error(m))?);
            if b <= a {
                return Err(line.error(format!("`{months}`: the last month must come after the first")));
            }
            b - a + 1
        }
        None => {
            month(months).map_err(|m| line.error(m))?;
            1
        }
    };
    let year_number: u16 = match year.parse() {
        Ok(y) if year.len() == 4 => y,
        _ => return Err(line.error(format!("`{year}` is not a four-digit year"))),
    };
    let season = match season {
        "summer" => Some(Season::Summer),
        "winter" => Some(Season::Winter),
        "-" => None,
        other => return Err(line.error(format!("unknown season `{other}` (summer, winter or -)"))),
    };
    let nile_flood = match flags {
        "flood" => true,
        "-" => false,
        other => return Err(line.error(format!("unknown turn flag `{other}` (flood or -)"))),
    };
    Ok(Turn { number, label: format!("{months} {year}"), months: count, year: year_number, season, nile_flood })
}
