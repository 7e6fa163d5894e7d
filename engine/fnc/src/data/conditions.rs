//! Chart values that change with the turn: a base value and overrides per condition
//! (`desert 2  summer 4`, `lake 3  winter 0`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A turn condition printed on the Turn Record Track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Condition {
    /// EC summer turns (9.17).
    Summer,
    /// RSW winter turn (9.18).
    Winter,
    /// EC Nile flood turns (9.16).
    Flood,
}

impl Condition {
    /// The word used in the charts.
    pub fn name(self) -> &'static str {
        match self {
            Condition::Summer => "summer",
            Condition::Winter => "winter",
            Condition::Flood => "flood",
        }
    }

    /// The condition written `word`, if any.
    pub fn from_name(word: &str) -> Option<Condition> {
        [Condition::Summer, Condition::Winter, Condition::Flood].into_iter().find(|c| c.name() == word)
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A chart value with per-condition overrides, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditional<T> {
    /// The value when no listed condition holds.
    pub base: T,
    /// Overrides; the first whose condition holds in the turn applies.
    pub overrides: Vec<(Condition, T)>,
}

impl<T: Copy> Conditional<T> {
    /// A value that never changes.
    pub fn fixed(base: T) -> Conditional<T> {
        Conditional { base, overrides: Vec::new() }
    }

    /// The value under the turn's conditions: the first override that holds, else the base.
    pub fn under(&self, conditions: &[Condition]) -> T {
        self.overrides.iter().find(|(c, _)| conditions.contains(c)).map_or(self.base, |&(_, v)| v)
    }
}

/// Parses `VALUE [CONDITION VALUE]...` with `value` parsing one value.
pub(crate) fn parse_conditional<T>(
    words: &[&str],
    value: impl Fn(&str) -> Result<T, String>,
) -> Result<Conditional<T>, String> {
    let Some((first, rest)) = words.split_first() else {
        return Err("a value is missing".to_string());
    };
    let base = value(first)?;
    if rest.len() % 2 != 0 {
        return Err("overrides come in pairs: a condition (summer, winter, flood) and a value".to_string());
    }
    let mut overrides: Vec<(Condition, T)> = Vec::new();
    for pair in rest.chunks(2) {
        let condition = Condition::from_name(pair[0])
            .ok_or_else(|| format!("unknown condition `{}` (expected summer, winter or flood)", pair[0]))?;
        if overrides.iter().any(|(c, _)| *c == condition) {
            return Err(format!("condition `{condition}` is given twice"));
        }
        overrides.push((condition, value(pair[1])?));
    }
    Ok(Conditional { base, overrides })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(s: &str) -> Result<u8, String> {
        s.parse().map_err(|_| format!("bad `{s}`"))
    }

    #[test]
    fn first_holding_override_applies() {
        let c = parse_conditional(&["2", "summer", "4"], number).unwrap();
        assert_eq!(c.under(&[]), 2);
        assert_eq!(c.under(&[Condition::Summer]), 4);
        assert_eq!(c.under(&[Condition::Flood]), 2);
    }

    #[test]
    fn malformed_overrides_are_refused() {
        assert!(parse_conditional(&["2", "summer"], number).is_err());
        assert!(parse_conditional(&["2", "autumn", "3"], number).is_err());
        assert!(parse_conditional(&["2", "summer", "3", "summer", "4"], number).is_err());
        assert!(parse_conditional(&[], number).is_err());
    }
}
