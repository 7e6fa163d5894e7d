//! Duel's commands: their JSON form (stored in the journal) and their typed text form.

use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A stance for the round (rule 4.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Guard,
    Lunge,
}

impl Stance {
    pub const ALL: [Stance; 2] = [Stance::Guard, Stance::Lunge];

    pub fn word(self) -> &'static str {
        match self {
            Stance::Guard => "guard",
            Stance::Lunge => "lunge",
        }
    }
}

/// The bonus of a duellist that rolled a 6 for initiative (rule 6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    Sharpen,
    Bandage,
}

impl Bonus {
    pub const ALL: [Bonus; 2] = [Bonus::Sharpen, Bonus::Bandage];

    pub fn word(self) -> &'static str {
        match self {
            Bonus::Sharpen => "sharpen",
            Bonus::Bandage => "bandage",
        }
    }
}

/// A Duel command. JSON forms: `"initiative"`, `{"stance":"guard"}`,
/// `{"fire":{"target":1}}`, `"rest"`, `{"bonus":"sharpen"}`.
/// Text forms: `initiative`, `stance guard`, `fire 1`, `rest`, `bonus sharpen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelCommand {
    /// Roll initiative for every duellist (rule 3.1).
    Initiative,
    /// A sealed stance choice (rule 4.1).
    Stance(Stance),
    /// Fire at the duellist with this number (rules 5.3, 5.4).
    Fire { target: u8 },
    /// Regain 1 HP (rule 5.5).
    Rest,
    /// Take the bonus earned by an initiative 6 (rule 6.1).
    Bonus(Bonus),
    /// Prime a charge of this many grains of powder (rule 8.2): a concealed command.
    Prime { grains: u8 },
    /// What the other players see of a `prime`: a charge of unknown size (rule 8.2). It
    /// stands only as the public projection of a concealed command; nobody gives it.
    Primed,
}

const USAGE: &str = "Duel's commands are `initiative`, `stance guard`, `stance lunge`, `fire <duellist number>`, \
                     `rest`, `bonus sharpen`, `bonus bandage` and, with powder, `prime <grains>`";

fn input(message: String) -> RuleError {
    RuleError::new("input", message)
}

impl FromStr for DuelCommand {
    type Err = RuleError;

    /// Read a command as a player types it. Words are separated by white space and are
    /// not case-sensitive.
    fn from_str(text: &str) -> Result<Self, RuleError> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            [] => Err(input(format!("empty command; {USAGE}"))),
            ["initiative"] => Ok(DuelCommand::Initiative),
            ["rest"] => Ok(DuelCommand::Rest),
            ["stance", "guard"] => Ok(DuelCommand::Stance(Stance::Guard)),
            ["stance", "lunge"] => Ok(DuelCommand::Stance(Stance::Lunge)),
            ["bonus", "sharpen"] => Ok(DuelCommand::Bonus(Bonus::Sharpen)),
            ["bonus", "bandage"] => Ok(DuelCommand::Bonus(Bonus::Bandage)),
            ["fire", n] => parse_duellist(n).map(|target| DuelCommand::Fire { target }),
            ["prime"] | ["prime", "?"] => {
                Err(input("`prime` needs the number of grains to prime, 1 to 3, e.g. `prime 2`".into()))
            }
            ["prime", n] => parse_grains(n).map(|grains| DuelCommand::Prime { grains }),
            ["fire"] => Err(input("`fire` needs the number of the duellist to fire at, e.g. `fire 1`".into())),
            ["stance", ..] => Err(input("a stance is `stance guard` or `stance lunge`".into())),
            ["bonus", ..] => Err(input("a bonus is `bonus sharpen` or `bonus bandage`".into())),
            _ => Err(input(format!("'{}' is not a Duel command; {USAGE}", text.trim()))),
        }
    }
}

fn parse_grains(word: &str) -> Result<u8, RuleError> {
    let bad = || input(format!("'{word}' is not a number of grains (1 to 3)"));
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    word.parse::<u8>().map_err(|_| bad())
}

fn parse_duellist(word: &str) -> Result<u8, RuleError> {
    let bad = || input(format!("'{word}' is not a duellist number (0, 1, 2, ...)"));
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    word.parse::<u8>().map_err(|_| bad())
}

impl fmt::Display for DuelCommand {
    /// The text form, read back by [`FromStr`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelCommand::Initiative => f.write_str("initiative"),
            DuelCommand::Stance(s) => write!(f, "stance {}", s.word()),
            DuelCommand::Fire { target } => write!(f, "fire {target}"),
            DuelCommand::Rest => f.write_str("rest"),
            DuelCommand::Bonus(b) => write!(f, "bonus {}", b.word()),
            DuelCommand::Prime { grains } => write!(f, "prime {grains}"),
            DuelCommand::Primed => f.write_str("prime ?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_text_forms_round_trip() {
        let mut all = vec![DuelCommand::Initiative, DuelCommand::Rest];
        all.extend(Stance::ALL.map(DuelCommand::Stance));
        all.extend(Bonus::ALL.map(DuelCommand::Bonus));
        all.extend((0..=u8::MAX).map(|target| DuelCommand::Fire { target }));
        all.extend((0..=u8::MAX).map(|grains| DuelCommand::Prime { grains }));
        for c in all {
            assert_eq!(c.to_string().parse::<DuelCommand>(), Ok(c), "{c}");
        }
    }

    #[test]
    fn input_text_is_case_and_space_insensitive() {
        assert_eq!("  FIRE \t 2 ".parse::<DuelCommand>(), Ok(DuelCommand::Fire { target: 2 }));
        assert_eq!("Stance Lunge".parse::<DuelCommand>(), Ok(DuelCommand::Stance(Stance::Lunge)));
    }

    #[test]
    fn input_malformed_text_is_refused_as_input() {
        for bad in [
            "",
            "   ",
            "fire",
            "fire x",
            "fire -1",
            "fire +1",
            "fire 256",
            "fire 1 2",
            "stance",
            "stance dodge",
            "bonus",
            "bonus sharpen now",
            "initiative 3",
            "rest please",
            "retreat",
            "fire 1\u{0}",
            "prime",
            "prime ?",
            "prime 256",
            "prime two",
        ] {
            let e = bad.parse::<DuelCommand>().expect_err(bad);
            assert_eq!(e.rule, "input", "{bad}: {e}");
        }
    }

    #[test]
    fn input_json_forms_are_stable() {
        let cases = [
            (DuelCommand::Initiative, r#""initiative""#),
            (DuelCommand::Rest, r#""rest""#),
            (DuelCommand::Stance(Stance::Guard), r#"{"stance":"guard"}"#),
            (DuelCommand::Stance(Stance::Lunge), r#"{"stance":"lunge"}"#),
            (DuelCommand::Fire { target: 1 }, r#"{"fire":{"target":1}}"#),
            (DuelCommand::Bonus(Bonus::Sharpen), r#"{"bonus":"sharpen"}"#),
            (DuelCommand::Bonus(Bonus::Bandage), r#"{"bonus":"bandage"}"#),
            (DuelCommand::Prime { grains: 2 }, r#"{"prime":{"grains":2}}"#),
            (DuelCommand::Primed, r#""primed""#),
        ];
        for (c, json) in cases {
            assert_eq!(serde_json::to_string(&c).expect("serializes"), json);
            assert_eq!(serde_json::from_str::<DuelCommand>(json).expect("deserializes"), c);
        }
    }
}
