//! Army factors by kind (2.4.1, 2.4.2.1): what a corps, a garrison or a depot garrison holds.

use crate::FactorKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Army factors by kind. Kinds with no factors are absent, so two equal holdings compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Factors(BTreeMap<FactorKind, u16>);

impl Factors {
    pub fn new() -> Factors {
        Factors(BTreeMap::new())
    }

    /// The factors of `list`, summed by kind.
    pub fn of(list: &[(FactorKind, u16)]) -> Factors {
        let mut f = Factors::new();
        for &(kind, n) in list {
            f.add(kind, n);
        }
        f
    }

    /// Reads the data files' notation `kind=n,kind=n...` (the factor kinds' ids, each at most
    /// once, counts 1-999).
    pub fn parse(text: &str) -> Result<Factors, String> {
        let mut factors = Factors::new();
        for item in text.split(',') {
            let (kind, count) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}` is not `kind=count` (e.g. infantry=8,cavalry=2)"))?;
            let kind = FactorKind::from_id(kind).ok_or_else(|| format!("unknown factor kind `{kind}` (5.2)"))?;
            let count = count
                .parse::<u16>()
                .ok()
                .filter(|n| (1..=999).contains(n))
                .ok_or_else(|| format!("`{count}` is not a count of 1-999"))?;
            if factors.0.insert(kind, count).is_some() {
                return Err(format!("{kind} is written twice"));
            }
        }
        Ok(factors)
    }

    /// The data files' notation, `infantry=8,cavalry=2`, or `-` for none.
    pub fn notation(&self) -> String {
        if self.0.is_empty() {
            return "-".into();
        }
        self.iter().map(|(k, n)| format!("{k}={n}")).collect::<Vec<_>>().join(",")
    }

    /// Factors of `kind`.
    pub fn get(&self, kind: FactorKind) -> u16 {
        self.0.get(&kind).copied().unwrap_or(0)
    }

    /// All factors, every kind together.
    pub fn total(&self) -> u16 {
        self.0.values().fold(0u16, |a, &n| a.saturating_add(n))
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    pub fn add(&mut self, kind: FactorKind, n: u16) {
        if n > 0 {
            let e = self.0.entry(kind).or_insert(0);
            *e = e.saturating_add(n);
        }
    }

    /// Adds every factor of `other`.
    pub fn add_all(&mut self, other: &Factors) {
        for (&k, &n) in &other.0 {
            self.add(k, n);
        }
    }

    /// Takes `n` factors of `kind`; `false` (and nothing taken) when there are fewer.
    pub fn take(&mut self, kind: FactorKind, n: u16) -> bool {
        let have = self.get(kind);
        if have < n {
            return false;
        }
        if have == n {
            self.0.remove(&kind);
        } else {
            self.0.insert(kind, have - n);
        }
        true
    }

    /// The kinds held and their counts, kinds in their fixed order.
    pub fn iter(&self) -> impl Iterator<Item = (FactorKind, u16)> + '_ {
        self.0.iter().map(|(&k, &n)| (k, n))
    }
}

impl fmt::Display for Factors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no factors");
        }
        let parts: Vec<String> = self.iter().map(|(k, n)| format!("{n} {k}")).collect();
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_4_1_factors_are_interchangeable_within_their_kind() {
        let mut f = Factors::of(&[(FactorKind::Infantry, 2), (FactorKind::Infantry, 3), (FactorKind::Cavalry, 1)]);
        assert_eq!(f.get(FactorKind::Infantry), 5);
        assert_eq!(f.total(), 6);
        assert!(!f.take(FactorKind::Cavalry, 2));
        assert!(f.take(FactorKind::Cavalry, 1));
        assert_eq!(f, Factors::of(&[(FactorKind::Infantry, 5)]));
        assert_eq!(f.to_string(), "5 infantry");
    }
}
