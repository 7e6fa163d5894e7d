//! The commands of the economic phase (8.0) as players type them. Every command parses back
//! from its text.

use crate::power::Power;
use crate::FactorKind;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A command of the economic phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "economic", rename_all = "kebab-case")]
pub enum EconomicCommand {
    /// 8.3: lend money to another power (`lend 5 to austria`).
    Lend { amount: i32, to: Power },
    /// R4.4.6.5: the loser pays its reparations to a victor in instalments (`spread
    /// reparations to france`).
    SpreadReparations { to: Power },
    /// R8.8: offer a minor country or a province to another power (`give holland to
    /// britain`).
    Give { what: String, to: Power },
    /// R8.8, 8.8.5: accept what is offered, a minor free state kept or made a conquered
    /// country (`receive holland`, `receive holland as conquered`).
    Receive { what: String, conquered: bool },
    /// R8.9, R11: create a new political combination (`create confederation-of-the-rhine`).
    Create { combination: String },
    /// 8.5.3: buy army factors (`buy 3 infantry`, `buy 2 cavalry for bavaria at munich`).
    Buy {
        count: u16,
        kind: FactorKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nation: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
    },
    /// 8.5.4: buy back a corps counter with its first factors (`buy corps fr-9 with 4
    /// infantry at lyon`).
    BuyCorps {
        corps: String,
        count: u16,
        kind: FactorKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
    },
    /// 8.5.3, 5.1.2: buy ships for a fleet (`buy 2 ships for fr-fleet-3`).
    BuyShips { count: u16, fleet: String },
    /// 8.5.4, 5.1.1: buy back a fleet counter with its ships (`buy fleet fr-fleet-6 with 3
    /// ships at toulon`).
    BuyFleet { fleet: String, ships: u16, area: String },
    /// 8.5.6 (option 12.1.1): convert militia factors of a home garrison into regular
    /// infantry (`convert 2 militia at paris`).
    ConvertMilitia { count: u16, area: String },
    /// 8.2.1.2.2.2.2: a decree stopping American trade to the power's enemies (`stop american
    /// trade`).
    StopAmericanTrade,
    /// 8.2.1.2.2.2.2: the decree revoked (`resume american trade`).
    ResumeAmericanTrade,
    /// 8.4.2 (option 12.5): move the economic manipulation marker a box up (`raise taxes`) or
    /// down (`lower taxes`).
    Manipulate { raise: bool },
}

fn number<T: std::str::FromStr + PartialOrd + Default>(word: &str, what: &str) -> Result<T, RuleError> {
    match word.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => Err(RuleError::new("input", format!("`{word}` is not a number of {what} (at least 1)"))),
    }
}

fn kind(word: &str) -> Result<FactorKind, RuleError> {
    FactorKind::from_id(word).ok_or_else(|| {
        let known: Vec<&str> = FactorKind::ALL.iter().map(|k| k.id()).collect();
        RuleError::new("input", format!("`{word}` is not a kind of factor ({})", known.join(", ")))
    })
}

/// `[at AREA]` at the end of a command.
fn at(rest: &[&str]) -> Result<Option<String>, RuleError> {
    match rest {
        [] => Ok(None),
        ["at", area] => Ok(Some(area.to_string())),
        _ => Err(RuleError::new("input", format!("unexpected `{}`: [at AREA]", rest.join(" ")))),
    }
}

fn buy_corps(corps: &str, n: &str, k: &str, rest: &[&str]) -> Result<EconomicCommand, RuleError> {
    Ok(EconomicCommand::BuyCorps {
        corps: corps.to_string(),
        count: number(n, "factors")?,
        kind: kind(k)?,
        area: at(rest)?,
    })
}

fn buy(n: &str, k: &str, rest: &[&str]) -> Result<EconomicCommand, RuleError> {
    let (nation, rest) = match rest {
        ["for", nation, rest @ ..] => (Some(nation.to_string()), rest),
        rest => (None, rest),
    };
    Ok(EconomicCommand::Buy { count: number(n, "factors")?, kind: kind(k)?, nation, area: at(rest)? })
}

/// Parses an economic command, or `None` when `words` are not one.
pub fn parse(words: &[&str]) -> Option<Result<EconomicCommand, RuleError>> {
    use EconomicCommand as E;
    let parsed = match words {
        ["lend", n, "to", who] => number::<i32>(n, "money points").and_then(|amount| {
            Power::from_id(who)
                .map(|to| E::Lend { amount, to })
                .ok_or_else(|| RuleError::new("input", format!("`{who}` is not a major power")))
        }),
        ["lend", ..] => Err(RuleError::new("input", "a loan: lend N to POWER")),
        ["spread", "reparations", "to", who] => Power::from_id(who)
            .map(|to| E::SpreadReparations { to })
            .ok_or_else(|| RuleError::new("input", format!("`{who}` is not a major power"))),
        ["spread", ..] => Err(RuleError::new("input", "instalments of reparations: spread reparations to POWER")),
        ["give", what, "to", who] => Power::from_id(who)
            .map(|to| E::Give { what: what.to_string(), to })
            .ok_or_else(|| RuleError::new("input", format!("`{who}` is not a major power"))),
        ["give", ..] => Err(RuleError::new("input", "a gift: give MINOR|PROVINCE to POWER")),
        ["receive", what] => Ok(E::Receive { what: what.to_string(), conquered: false }),
        ["receive", what, "as", "conquered"] => Ok(E::Receive { what: what.to_string(), conquered: true }),
        ["receive", ..] => Err(RuleError::new("input", "accepting a gift: receive ID [as conquered]")),
        ["create", id] => Ok(E::Create { combination: id.to_string() }),
        ["create", ..] => Err(RuleError::new("input", "a new political combination: create COMBINATION (8.9)")),
        ["buy", "corps", corps, "with", n, k, rest @ ..] => buy_corps(corps, n, k, rest),
        ["buy", "fleet", fleet, "with", n, "ships", "at", area] => {
            number(n, "ships").map(|ships| E::BuyFleet { fleet: fleet.to_string(), ships, area: area.to_string() })
        }
        ["buy", n, "ships", "for", fleet] => {
            number(n, "ships").map(|count| E::BuyShips { count, fleet: fleet.to_string() })
        }
        ["buy", n, k, rest @ ..] if !matches!(*n, "corps" | "fleet") && *k != "ships" => buy(n, k, rest),
        ["convert", n, "militia", "at", area] => {
            number(n, "factors").map(|count| E::ConvertMilitia { count, area: area.to_string() })
        }
        // `convert depot with CORPS` is the land phase's (7.3.6.1).
        ["convert", n, ..] if *n != "depot" => {
            Err(RuleError::new("input", "a militia conversion: convert N militia at AREA"))
        }
        ["stop", "american", "trade"] => Ok(E::StopAmericanTrade),
        ["resume", "american", "trade"] => Ok(E::ResumeAmericanTrade),
        ["stop" | "resume", ..] => {
            Err(RuleError::new("input", "American trade: stop american trade | resume american trade"))
        }
        ["raise", "taxes"] => Ok(E::Manipulate { raise: true }),
        ["lower", "taxes"] => Ok(E::Manipulate { raise: false }),
        ["raise" | "lower", ..] => Err(RuleError::new("input", "economic manipulation: raise taxes | lower taxes")),
        ["buy", ..] => Err(RuleError::new(
            "input",
            "a purchase: buy N KIND [for MINOR] [at AREA] | buy corps CORPS with N KIND [at AREA] | buy N ships for FLEET \
             | buy fleet FLEET with N ships at AREA",
        )),
        _ => return None,
    };
    Some(parsed)
}

impl fmt::Display for EconomicCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EconomicCommand::Lend { amount, to } => write!(f, "lend {amount} to {}", to.id()),
            EconomicCommand::SpreadReparations { to } => write!(f, "spread reparations to {}", to.id()),
            EconomicCommand::Give { what, to } => write!(f, "give {what} to {}", to.id()),
            EconomicCommand::Receive { what, conquered } => {
                write!(f, "receive {what}{}", if *conquered { " as conquered" } else { "" })
            }
            EconomicCommand::Create { combination } => write!(f, "create {combination}"),
            EconomicCommand::Buy { count, kind, nation, area } => {
                write!(f, "buy {count} {kind}")?;
                if let Some(n) = nation {
                    write!(f, " for {n}")?;
                }
                if let Some(a) = area {
                    write!(f, " at {a}")?;
                }
                Ok(())
            }
            EconomicCommand::BuyCorps { corps, count, kind, area } => {
                write!(f, "buy corps {corps} with {count} {kind}")?;
                if let Some(a) = area {
                    write!(f, " at {a}")?;
                }
                Ok(())
            }
            EconomicCommand::BuyShips { count, fleet } => write!(f, "buy {count} ships for {fleet}"),
            EconomicCommand::BuyFleet { fleet, ships, area } => {
                write!(f, "buy fleet {fleet} with {ships} ships at {area}")
            }
            EconomicCommand::ConvertMilitia { count, area } => write!(f, "convert {count} militia at {area}"),
            EconomicCommand::StopAmericanTrade => write!(f, "stop american trade"),
            EconomicCommand::ResumeAmericanTrade => write!(f, "resume american trade"),
            EconomicCommand::Manipulate { raise: true } => write!(f, "raise taxes"),
            EconomicCommand::Manipulate { raise: false } => write!(f, "lower taxes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r8_every_economic_command_parses_back_from_its_text() {
        for text in [
            "lend 5 to austria",
            "spread reparations to france",
            "give holland to britain",
            "receive holland",
            "receive holland as conquered",
            "create confederation-of-the-rhine",
            "buy 3 infantry",
            "buy 2 cavalry for bavaria",
            "buy 2 cavalry for bavaria at munich",
            "buy 1 militia at lyon",
            "buy corps fr-9 with 4 infantry",
            "buy corps fr-9 with 4 infantry at lyon",
            "buy 2 ships for fr-fleet-3",
            "buy fleet fr-fleet-6 with 3 ships at toulon",
            "convert 2 militia at paris",
            "stop american trade",
            "resume american trade",
            "raise taxes",
            "lower taxes",
        ] {
            let words: Vec<&str> = text.split_whitespace().collect();
            let parsed = parse(&words).unwrap_or_else(|| panic!("{text}: not economic"));
            let c = parsed.unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(c.to_string(), text);
        }
        for bad in [
            "lend 0 to austria",
            "lend 5 to atlantis",
            "spread reparations to atlantis",
            "spread reparations",
            "give holland",
            "give holland to atlantis",
            "receive holland as free",
            "create",
            "create poland now",
            "buy 0 infantry",
            "buy 2 dragoons",
            "buy 2 infantry at",
            "convert 0 militia at paris",
            "convert 2 militia",
            "convert 2 infantry at paris",
            "stop american",
            "resume trade",
            "raise money",
            "lower",
        ] {
            let words: Vec<&str> = bad.split_whitespace().collect();
            assert!(matches!(parse(&words), Some(Err(_))), "{bad}");
        }
        assert!(parse(&["end"]).is_none());
        assert!(parse(&["convert", "depot", "with", "fr-1"]).is_none(), "a land phase command");
    }
}
