//! The counter mix of one game (`counters.txt`, docs/DATA_FORMAT.md).

use super::counter::{parse_factors, Counter, SetupCode, Size, UnitType};
use super::lines::{require, sections, Line};
use super::DataError;
use std::collections::BTreeMap;

/// The sides a counter may belong to: EC (French, Ottoman) and RSW (Russian, Swedish).
pub const SIDES: [&str; 4] = ["french", "ottoman", "russian", "swedish"];

/// Nations within sides; `british` serves on the Ottoman side in EC (8.8).
pub const NATIONS: [&str; 5] = ["french", "ottoman", "british", "russian", "swedish"];

/// Every counter of one game, in file order, looked up by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    list: Vec<Counter>,
    index: BTreeMap<String, usize>,
}

impl Counters {
    /// Parses the text of a `counters.txt` file. Refuses the whole file on any error.
    pub fn parse(text: &str) -> Result<Counters, DataError> {
        let sections = sections(text, &["counters"])?;
        let section = require(&sections, "counters")?;
        let mut list = Vec::new();
        let mut index = BTreeMap::new();
        for line in &section.lines {
            let counter = parse_counter(line)?;
            if index.insert(counter.id.clone(), list.len()).is_some() {
                return Err(line.error(format!("counter id `{}` appears twice", counter.id)));
            }
            list.push(counter);
        }
        if list.is_empty() {
            return Err(DataError::at(section.header_line, "`[counters]` lists no counter"));
        }
        Ok(Counters { list, index })
    }

    /// The counter with this id.
    pub fn get(&self, id: &str) -> Option<&Counter> {
        self.index.get(id).map(|&i| &self.list[i])
    }

    /// All counters in file order.
    pub fn iter(&self) -> impl Iterator<Item = &Counter> {
        self.list.iter()
    }

    /// The counters of one side, in file order.
    pub fn of_side<'a>(&'a self, side: &'a str) -> impl Iterator<Item = &'a Counter> + 'a {
        self.list.iter().filter(move |c| c.side == side)
    }

    /// The units of a division (11.10), in file order.
    pub fn of_division<'a>(&'a self, side: &'a str, division: &'a str) -> impl Iterator<Item = &'a Counter> + 'a {
        self.of_side(side).filter(move |c| c.division.as_deref() == Some(division))
    }

    /// How many counters there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there is no counter (never for a parsed file).
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

fn parse_counter(line: &Line<'_>) -> Result<Counter, DataError> {
    const COLUMNS: usize = 9;
    let mut rest = line.text;
    let mut words = Vec::with_capacity(COLUMNS);
    for _ in 0..COLUMNS {
        let trimmed = rest.trim_start();
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        if end == 0 {
            return Err(line.error(format!(
                "a counter line needs {} columns: id side nation type size factors division setup recycle name",
                COLUMNS + 1
            )));
        }
        words.push(&trimmed[..end]);
        rest = &trimmed[end..];
    }
    let name = rest.trim();
    if name.is_empty() {
        return Err(line.error("the counter has no name (the last column)"));
    }
    let [id, side, nation, kind, size, factors, division, setup, recycle] = words[..] else {
        return Err(line.error("a counter line needs ten columns"));
    };
    if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(line.error(format!("counter id `{id}` may use only letters, digits, `-` and `_`")));
    }
    if !SIDES.contains(&side) {
        return Err(line.error(format!("unknown side `{side}` (expected {})", SIDES.join(", "))));
    }
    if !NATIONS.contains(&nation) {
        return Err(line.error(format!("unknown nation `{nation}` (expected {})", NATIONS.join(", "))));
    }
    if nation != side && !(side == "ottoman" && nation == "british") {
        return Err(line.error(format!("nation `{nation}` does not serve on the {side} side")));
    }
    let kind = UnitType::from_name(kind).ok_or_else(|| line.error(format!("unknown unit type `{kind}` (2.7)")))?;
    let size = Size::from_symbol(size).ok_or_else(|| line.error(format!("unknown size symbol `{size}` (2.8)")))?;
    let (attack, defense, movement, separate_factors) = parse_factors(factors).map_err(|m| line.error(m))?;
    if attack.is_none() && kind != UnitType::SiegeTrain {
        return Err(line.error("11.8: only siege trains have `*` as their attack factor"));
    }
    let division = match division {
        "-" => None,
        d => Some(d.to_string()),
    };
    let setup = SetupCode::parse(setup).map_err(|m| line.error(m))?;
    let recycle = match recycle {
        "yes" => true,
        "no" => false,
        other => return Err(line.error(format!("recycle column must be `yes` or `no`, not `{other}`"))),
    };
    Ok(Counter {
        id: id.to_string(),
        side: side.to_string(),
        nation: nation.to_string(),
        kind,
        size,
        attack,
        defense,
        movement,
        separate_factors,
        division,
        setup,
        recycle,
        name: name.to_string(),
    })
}
