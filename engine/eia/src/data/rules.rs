//! `data/rules.txt`: the values of rules the text refers to but does not contain (the
//! winter months of R9.1). A reconstruction: see RECONSTRUCTION.md.

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
}

impl RuleValues {
    /// Is `month` (1 to 12) a winter month (R9.1)?
    pub fn winter(&self, month: u8) -> bool {
        self.winter_months.contains(&month)
    }

    /// Reads a rules file, refusing it whole on any error (naming the line).
    pub fn parse(text: &str) -> Result<RuleValues, MapError> {
        let sections = split_named(text, &["winter"])?;
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
        Ok(RuleValues { winter_months })
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
