//! Movement costs held as whole half movement points (0.5 MP roads, 9.19): no floats.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The cost to enter a hex or cross a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// That many half movement points (`1` MP = 2).
    HalfMp(u16),
    /// `P`: no ground unit may enter or cross.
    Prohibited,
}

impl Cost {
    /// Parses `P`, a whole number of MP, or a whole number and a half (`0.5`, `1.5`).
    pub fn parse(text: &str) -> Result<Cost, String> {
        if text == "P" {
            return Ok(Cost::Prohibited);
        }
        parse_half_mp(text).map(Cost::HalfMp)
    }

    /// The cost in half-MP, or `None` if prohibited.
    pub fn half_mp(self) -> Option<u16> {
        match self {
            Cost::HalfMp(n) => Some(n),
            Cost::Prohibited => None,
        }
    }

    /// The sum of two costs (9.20); prohibited if either is.
    pub fn plus(self, other: Cost) -> Cost {
        match (self, other) {
            (Cost::HalfMp(a), Cost::HalfMp(b)) => Cost::HalfMp(a.saturating_add(b)),
            _ => Cost::Prohibited,
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Prohibited => f.write_str("P"),
            Cost::HalfMp(n) if n % 2 == 0 => write!(f, "{}", n / 2),
            Cost::HalfMp(n) => write!(f, "{}.5", n / 2),
        }
    }
}

/// Parses `N` or `N.5` MP into half-MP.
pub(crate) fn parse_half_mp(text: &str) -> Result<u16, String> {
    let bad = || format!("`{text}` is not a movement cost (a whole number, a number ending in `.5`, or `P`)");
    let (whole, half) = match text.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some(_) => return Err(bad()),
        None => (text, 0),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: u16 = whole.parse().map_err(|_| bad())?;
    whole.checked_mul(2).and_then(|w| w.checked_add(half)).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_are_half_points() {
        assert_eq!(Cost::parse("0.5"), Ok(Cost::HalfMp(1)));
        assert_eq!(Cost::parse("1"), Ok(Cost::HalfMp(2)));
        assert_eq!(Cost::parse("1.5"), Ok(Cost::HalfMp(3)));
        assert_eq!(Cost::parse("P"), Ok(Cost::Prohibited));
        for bad in ["", "-1", "1.25", "0.4", ".5", "x", "+1"] {
            assert!(Cost::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Cost::HalfMp(3).to_string(), "1.5");
        assert_eq!(Cost::HalfMp(2).plus(Cost::HalfMp(6)), Cost::HalfMp(8));
        assert_eq!(Cost::HalfMp(2).plus(Cost::Prohibited), Cost::Prohibited);
    }
}
