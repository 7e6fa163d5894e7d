//! `data/rules.txt`: the values of rules the text refers to but does not contain (the
//! winter months of R9.1, the naval interception roll of R6.2.3.2.2). A reconstruction: see
//! RECONSTRUCTION.md.

use grognard_board::text::split_named;
use grognard_board::MapError;
use serde::{Deserialize, Serialize};

/// The built-in file.
pub const RULES_TEXT: &str = include_str!("../../data/rules.txt");

/// The reconstructed rule values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleValues {
    /// R9.1: the winter months, 1 to 12, ascending.
    pub winter_months: Vec<u8>,
    /// R6.2.3.2.2: an interception at sea succeeds on a die of at most this, 1 to 6 (NELSON
    /// takes one off the die, 6.2.3.2.3).
    pub naval_interception: u8,
    /// R7.5.3: a field combat is trivial when one side has at least this many times the
    /// other's factors (2 or more).
    pub trivial_ratio: u32,
    /// R7.5.2.10.2: a pursuit takes one factor from the beaten side for this many cavalry
    /// factors the victor has over it (1 or more).
    pub pursuit_cavalry: u32,
    /// R7.5.2.13.2: the most days a field combat lasts (1 or more).
    pub battle_days: u32,
}

impl RuleValues {
    /// Is `month` (1 to 12) a winter month (R9.1)?
    pub fn winter(&self, month: u8) -> bool {
        self.winter_months.contains(&month)
    }

    /// Reads a rules file, refusing it whole on any error (naming the line).
    pub fn parse(text: &str) -> Result<RuleValues, MapError> {
        let sections = split_named(text, &["winter", "naval", "land"])?;
        let winter = sections.required("winter")?;
        let mut months: Option<Vec<u8>> = None;
        for line in &winter.lines {
            let (key, value) =
                line.text.split_once('=').ok_or_else(|| line.error("expected `months = M M M` (numbers 1 to 12)"))?;
            if key.trim() != "months" {
                return Err(line.error(format!("unknown key `{}` in [winter] (keys: months)", key.trim())));
            }
            if months.is_some() {
                return Err(line.error("`months` appears twice in [winter]"));
            }
            let mut list = Vec::new();
            for word in value.split_whitespace() {
                let m: u8 = word.parse().map_err(|_| line.error(format!("`{word}` is not a month number 1 to 12")))?;
                if !(1..=12).contains(&m) {
                    return Err(line.error(format!("`{word}` is not a month number 1 to 12")));
                }
                if list.contains(&m) {
                    return Err(line.error(format!("month {m} is listed twice")));
                }
                list.push(m);
            }
            list.sort_unstable();
            months = Some(list);
        }
        let winter_months = months.ok_or_else(|| MapError::new(winter.header, "[winter] lacks the key `months`"))?;
        let naval = sections.required("naval")?;
        let mut interception: Option<u8> = None;
        for line in &naval.lines {
            let (key, value) = line
                .text
                .split_once('=')
                .ok_or_else(|| line.error("expected `interception = N` (a die face 1 to 6)"))?;
            if key.trim() != "interception" {
                return Err(line.error(format!("unknown key `{}` in [naval] (keys: interception)", key.trim())));
            }
            if interception.is_some() {
                return Err(line.error("`interception` appears twice in [naval]"));
            }
            let n: u8 =
                value.trim().parse().map_err(|_| line.error(format!("`{}` is not a die face 1 to 6", value.trim())))?;
            if !(1..=6).contains(&n) {
                return Err(line.error(format!("`{n}` is not a die face 1 to 6")));
            }
            interception = Some(n);
        }
        let naval_interception =
            interception.ok_or_else(|| MapError::new(naval.header, "[naval] lacks the key `interception`"))?;
        let land = sections.required("land")?;
        let mut trivial: Option<u32> = None;
        let mut pursuit: Option<u32> = None;
        let mut days: Option<u32> = None;
        for line in &land.lines {
            let (key, value) = line
                .text
                .split_once('=')
                .ok_or_else(|| line.error("expected `trivial = N`, `pursuit = N` or `days = N` (whole numbers)"))?;
            let (slot, low) = match key.trim() {
                "trivial" => (&mut trivial, 2),
                "pursuit" => (&mut pursuit, 1),
                "days" => (&mut days, 1),
                other => {
                    return Err(line.error(format!("unknown key `{other}` in [land] (keys: trivial, pursuit, days)")))
                }
            };
            if slot.is_some() {
                return Err(line.error(format!("`{}` appears twice in [land]", key.trim())));
            }
            let n: u32 =
                value.trim().parse().map_err(|_| line.error(format!("`{}` is not a whole number", value.trim())))?;
            if !(low..=100).contains(&n) {
                return Err(line.error(format!("`{n}` is not from {low} to 100")));
            }
            *slot = Some(n);
        }
        let trivial_ratio = trivial.ok_or_else(|| MapError::new(land.header, "[land] lacks the key `trivial`"))?;
        let pursuit_cavalry = pursuit.ok_or_else(|| MapError::new(land.header, "[land] lacks the key `pursuit`"))?;
        let battle_days = days.ok_or_else(|| MapError::new(land.header, "[land] lacks the key `days`"))?;
        Ok(RuleValues { winter_months, naval_interception, trivial_ratio, pursuit_cavalry, battle_days })
    }

    /// The built-in values.
    pub fn builtin() -> Result<RuleValues, MapError> {
        RuleValues::parse(RULES_TEXT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r9_1_the_builtin_winter_is_december_to_february() {
        let rules = RuleValues::builtin().unwrap_or_else(|e| panic!("{e}"));
        assert!(rules.winter(12) && rules.winter(1) && rules.winter(2));
        assert!(!rules.winter(3) && !rules.winter(11));
    }

    #[test]
    fn r6_2_3_2_2_reconstructed_interception_succeeds_on_one_or_two() {
        let rules = RuleValues::builtin().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rules.naval_interception, 2);
        assert_eq!(rules.trivial_ratio, 10);
        assert_eq!(rules.pursuit_cavalry, 2);
        assert_eq!(rules.battle_days, 2);
        assert!(RuleValues::parse("[winter]\nmonths = 12\n[naval]\ninterception = 2\n").is_err());
        let e = RuleValues::parse(
            "[winter]\nmonths = 12\n[naval]\ninterception = 2\n[land]\ntrivial = 1\npursuit = 2\ndays = 2\n",
        )
        .err();
        assert_eq!(e.map(|e| e.line), Some(6));
        let e = RuleValues::parse("[winter]\nmonths = 12\n[naval]\ninterception = 7\n").err();
        assert_eq!(e.map(|e| e.line), Some(4));
        assert!(RuleValues::parse("[winter]\nmonths = 12\n").is_err());
    }

    #[test]
    fn a_bad_rules_file_is_refused_naming_its_line() {
        for (text, line) in [
            ("[winter]\nmonths = 13\n", 2),
            ("[winter]\nmonths = 1 1\n", 2),
            ("[winter]\nweeks = 1\n", 2),
            ("[winter]\nmonths = 1\nmonths = 2\n", 3),
            ("[summer]\n", 1),
        ] {
            let e = RuleValues::parse(text).err().unwrap_or_else(|| panic!("accepted {text:?}"));
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
        assert!(RuleValues::parse("# nothing\n").is_err());
    }
}
