//! The Combat Results Table (11.2, 11.11-11.20): eight percentage columns, die 1-6.

use super::lines::Line;
use super::DataError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of percentage columns (11.2, 11.11).
pub const COLUMNS: usize = 8;
/// Faces of the die (2.1).
pub const DIE_FACES: usize = 6;

/// A combat result, declared from worst to best for the attacker, so `Ord` compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CrtResult {
    /// Attacker Catastrophe (11.14).
    AC,
    /// Attacker Routed (11.15).
    AR,
    /// Attacker Expensively Shattered (11.16).
    AES,
    /// Bloodbath (11.17).
    BB,
    /// Defender Expensively Shattered (11.20).
    DES,
    /// Defender Routed (11.19).
    DR,
    /// Defender Catastrophe (11.18).
    DC,
}

impl CrtResult {
    /// Every result, worst to best for the attacker.
    pub const ALL: [CrtResult; 7] =
        [CrtResult::AC, CrtResult::AR, CrtResult::AES, CrtResult::BB, CrtResult::DES, CrtResult::DR, CrtResult::DC];

    /// The abbreviation printed on the table.
    pub fn code(self) -> &'static str {
        match self {
            CrtResult::AC => "AC",
            CrtResult::AR => "AR",
            CrtResult::AES => "AES",
            CrtResult::BB => "BB",
            CrtResult::DES => "DES",
            CrtResult::DR => "DR",
            CrtResult::DC => "DC",
        }
    }

    /// The result printed `code`, if any.
    pub fn from_code(code: &str) -> Option<CrtResult> {
        CrtResult::ALL.into_iter().find(|r| r.code() == code)
    }
}

impl fmt::Display for CrtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One percentage column: `low_percent..=high_percent`, open-ended when `high_percent` is `None`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// Lowest percentage of the column.
    pub low_percent: u32,
    /// Highest percentage, or `None` for the last (`>=600`) column.
    pub high_percent: Option<u32>,
    /// The heading as written: `<=49`, `100-149`, `>=600`.
    pub label: String,
}

/// The table: columns left to right, results by die roll then column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crt {
    /// The columns, left (defender's favour) to right.
    pub columns: Vec<Column>,
    /// `results[die - 1][column]`.
    pub results: [[CrtResult; COLUMNS]; DIE_FACES],
}

impl Crt {
    /// The attack percentage of 11.2 step 2, rounded down: `attack * 100 / defense`.
    /// `None` when the defense is 0 (only the SC; 14.3 makes that an automatic DC).
    pub fn percent(attack: u32, defense: u32) -> Option<u32> {
        (defense > 0).then(|| attack.saturating_mul(100) / defense)
    }

    /// The index of the column whose range holds `percent` (11.2 step 2).
    pub fn column_for(&self, percent: u32) -> usize {
        self.columns
            .iter()
            .position(|c| percent >= c.low_percent && c.high_percent.is_none_or(|h| percent <= h))
            .unwrap_or(COLUMNS - 1)
    }

    /// `column` moved by `shift` columns (positive = right), held at the extreme columns (11.11).
    pub fn shifted(column: usize, shift: i32) -> usize {
        let moved = column as i64 + i64::from(shift);
        moved.clamp(0, COLUMNS as i64 - 1) as usize
    }

    /// The result of rolling `die` (1-6) on `column` (0-7); out-of-range arguments are held
    /// to the nearest valid one.
    pub fn result(&self, column: usize, die: u8) -> CrtResult {
        let row = usize::from(die.clamp(1, DIE_FACES as u8)) - 1;
        self.results[row][column.min(COLUMNS - 1)]
    }
}

/// Parses the `[crt]` section: a `columns` line, then one line per die face `1`..`6`.
pub(crate) fn parse_crt(header_line: usize, lines: &[Line<'_>]) -> Result<Crt, DataError> {
    let Some((first, rows)) = lines.split_first() else {
        return Err(DataError::at(header_line, "`[crt]` needs a `columns` line and six die lines"));
    };
    let columns = parse_columns(first)?;
    if rows.len() != DIE_FACES {
        return Err(DataError::at(header_line, format!("`[crt]` needs six die lines, found {}", rows.len())));
    }
    let mut results = [[CrtResult::AC; COLUMNS]; DIE_FACES];
    for (index, line) in rows.iter().enumerate() {
        let words = line.words();
        let expected = (index + 1).to_string();
        if words.first() != Some(&expected.as_str()) {
            return Err(line.error(format!("expected the line for die roll {expected}")));
        }
        if words.len() != COLUMNS + 1 {
            return Err(line.error(format!("a die line has {COLUMNS} results, found {}", words.len() - 1)));
        }
        for (column, code) in words[1..].iter().enumerate() {
            results[index][column] = CrtResult::from_code(code)
                .ok_or_else(|| line.error(format!("unknown combat result `{code}` (AC, AR, AES, BB, DES, DR, DC)")))?;
        }
    }
    Ok(Crt { columns, results })
}

fn parse_columns(line: &Line<'_>) -> Result<Vec<Column>, DataError> {
    let words = line.words();
    if words.first() != Some(&"columns") || words.len() != COLUMNS + 1 {
        return Err(line.error(format!("expected `columns` and {COLUMNS} percentage headings")));
    }
    let number = |s: &str| s.parse::<u32>().map_err(|_| line.error(format!("`{s}` is not a percentage")));
    let mut columns: Vec<Column> = Vec::new();
    for (index, label) in words[1..].iter().enumerate() {
        let (low, high) = if let Some(h) = label.strip_prefix("<=") {
            (0, Some(number(h)?))
        } else if let Some(l) = label.strip_prefix(">=") {
            (number(l)?, None)
        } else if let Some((l, h)) = label.split_once('-') {
            (number(l)?, Some(number(h)?))
        } else {
            return Err(line.error(format!("`{label}` is not a column heading (`<=49`, `50-99`, `>=600`)")));
        };
        let expected_low = columns.last().and_then(|c| c.high_percent).map_or(0, |h| h + 1);
        if index > 0 && columns.last().is_some_and(|c| c.high_percent.is_none()) {
            return Err(line.error("only the last column may be open-ended"));
        }
        if low != expected_low {
            return Err(line.error(format!("column `{label}` must start at {expected_low}%")));
        }
        if high.is_some_and(|h| h < low) {
            return Err(line.error(format!("column `{label}` ends before it starts")));
        }
        columns.push(Column { low_percent: low, high_percent: high, label: label.to_string() });
    }
    if columns.last().is_some_and(|c| c.high_percent.is_some()) {
        return Err(line.error("the last column must be open-ended (`>=N`)"));
    }
    Ok(columns)
}
