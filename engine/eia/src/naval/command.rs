//! The naval commands as players type them, and back (every command parses from its text).
//!
//! - `transfer N ships from FLEET to FLEET` (5.1.3), `scuttle FLEET` (5.1.4)
//! - `position N` (6.1: Great Britain's place in the naval order, 1 = first)
//! - `sail FLEET... to LEG...` (6.2.2): the fleets named start together from their place; each
//!   leg is a place entered (a sea zone id, a port's area id, `blockade:AREA`), `pick FLEET`
//!   (a fleet of the place joins, 6.2.2.2), `drop FLEET` (it stays there, 6.2.2.3) or
//!   `challenge` right after a blockade box (the stack asks to be intercepted there although it
//!   goes on into the port, 6.2.3.1.2.1)
//! - `embark CORPS on FLEET` (6.2.5.1), `disembark CORPS [AREA]` (7.3.5), `disembark CORPS
//!   [AREA] into city` (7.3.5: straight into the besieged friendly port city of the area)
//! - `engage POWER at PLACE` (6.2.4, 6.3.1: attack that power's stack)
//! - `intercept PLACE` | `intercept none` (6.2.3), `evade` | `accept battle` (6.3.2)
//! - `retreat fleets to PORT` | `retreat fleets to sea` (6.3.5.1), `drive fleets to SEA`
//!   (6.3.5.1.1), `pursue fleets FLEET...` | `pursue fleets none` (6.3.5.1)
//! - `scuttle in port` | `fight blockaders` | `fight blockaders POWER` (6.2.6.1: fleets in a
//!   port the enemy took while blockading it; POWER names the blockading power fought when
//!   several blockade it)
//! - `enter port` | `stay in box` (6.3.5.3 EXCEPTION: the victor of a battle in a blockade
//!   box moves into the friendly port or stays)

use crate::power::Power;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A leg of a naval move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "leg", content = "id", rename_all = "kebab-case")]
pub enum Leg {
    /// Enter this place (a sea zone id, a port's area id or `blockade:AREA`).
    To(String),
    /// A fleet of the place joins the stack (6.2.2.2).
    Pick(String),
    /// A fleet of the stack stays in the place (6.2.2.3).
    Drop(String),
    /// Ask to be intercepted in the blockade box just entered (6.2.3.1.2.1).
    Challenge,
}

impl fmt::Display for Leg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Leg::To(p) => f.write_str(p),
            Leg::Pick(x) => write!(f, "pick {x}"),
            Leg::Drop(x) => write!(f, "drop {x}"),
            Leg::Challenge => f.write_str("challenge"),
        }
    }
}

/// A naval command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "naval", rename_all = "kebab-case")]
pub enum NavalCommand {
    /// 5.1.3: ships from one fleet to another of the same nation in the same place.
    TransferShips { count: u16, from: String, to: String },
    /// 5.1.4: remove a fleet of the power's own nation.
    Scuttle { fleet: String },
    /// 6.1: Great Britain's place in the naval order (1 = first).
    Position { position: u8 },
    /// 6.2.2: move a stack.
    Sail { fleets: Vec<String>, route: Vec<Leg> },
    /// 6.2.5.1: a corps boards a fleet in its port.
    Embark { corps: String, fleet: String },
    /// 7.3.5: a corps at sea lands, in the area or (`into_city`) straight into the area's
    /// besieged friendly port city.
    Disembark {
        corps: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        into_city: bool,
    },
    /// 6.2.4, 6.3.1: the phasing power attacks `power`'s stack at `place`; a stack of a power
    /// it is not at war with, carrying its enemies' corps or combining with its enemies, it
    /// attacks without a declaration (6.3.1.2.1) or `declaring war` (6.3.1.2.2).
    Engage {
        power: Power,
        place: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        declaring: bool,
    },
    /// 6.2.3: intercept from the stack at `place`, or not (`None`); a stack of a power not at
    /// war with the interceptor (carrying its enemies' corps) `declaring war` (6.3.1.2.2).
    Intercept {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        declaring: bool,
    },
    /// 6.3.2: the defender tries to evade.
    Evade,
    /// 6.3.2: the defender does not try.
    AcceptBattle,
    /// 6.3.5.1: the loser retreats to this port, or to sea (`None`).
    Retreat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
    },
    /// 6.3.5.1.1: the victor drives the loser into this sea zone.
    Drive { sea: String },
    /// 6.3.5.1: the victor's fleets that follow the loser (none: empty).
    Pursue { fleets: Vec<String> },
    /// 6.2.6.1: the fleets caught in a port the enemy took while blockading it are scuttled.
    ScuttleInPort,
    /// 6.2.6.1: they fight the blockading stack of `power` (`None`: the only blockading power).
    FightBlockaders {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
    },
    /// 6.3.5.3 EXCEPTION: the victor of a battle in a blockade box moves into the port.
    EnterPort,
    /// 6.3.5.3: it stays in the blockade box.
    StayInBox,
}

fn bad(text: &[&str], form: &str) -> RuleError {
    RuleError::new("input", format!("`{}` is not a naval command: {form}", text.join(" ")))
}

/// Parses a naval command from its words (lower case), or `None` when the words are not a
/// naval command's form (another command's, or none).
pub fn parse(words: &[&str]) -> Option<Result<NavalCommand, RuleError>> {
    let c = match words {
        ["transfer", n, "ships", "from", from, "to", to] => {
            let count = match n.parse::<u16>() {
                Ok(c) if c > 0 => c,
                _ => return Some(Err(RuleError::new("input", format!("`{n}` is not a number of ships (1 or more)")))),
            };
            NavalCommand::TransferShips { count, from: from.to_string(), to: to.to_string() }
        }
        ["scuttle", "in", "port"] => NavalCommand::ScuttleInPort,
        ["fight", "blockaders"] => NavalCommand::FightBlockaders { power: None },
        ["fight", "blockaders", power] => match Power::from_id(power) {
            Some(power) => NavalCommand::FightBlockaders { power: Some(power) },
            None => return Some(Err(RuleError::new("input", format!("`{power}` is not a major power")))),
        },
        ["enter", "port"] => NavalCommand::EnterPort,
        ["stay", "in", "box"] => NavalCommand::StayInBox,
        ["scuttle", fleet] => NavalCommand::Scuttle { fleet: fleet.to_string() },
        ["position", n] => match n.parse::<u8>() {
            Ok(position) if position > 0 => NavalCommand::Position { position },
            _ => return Some(Err(RuleError::new("input", format!("`{n}` is not a place in the order (1 = first)")))),
        },
        ["sail", rest @ ..] => return Some(parse_sail(words, rest)),
        ["embark", corps, "on", fleet] => NavalCommand::Embark { corps: corps.to_string(), fleet: fleet.to_string() },
        ["disembark", corps] => NavalCommand::Disembark { corps: corps.to_string(), area: None, into_city: false },
        ["disembark", corps, "into", "city"] => {
            NavalCommand::Disembark { corps: corps.to_string(), area: None, into_city: true }
        }
        ["disembark", corps, area, "into", "city"] => {
            NavalCommand::Disembark { corps: corps.to_string(), area: Some(area.to_string()), into_city: true }
        }
        ["disembark", corps, area] => {
            NavalCommand::Disembark { corps: corps.to_string(), area: Some(area.to_string()), into_city: false }
        }
        ["engage", power, "at", place, tail @ ..] if matches!(tail, [] | ["declaring", "war"]) => {
            match Power::from_id(power) {
                Some(power) => NavalCommand::Engage { power, place: place.to_string(), declaring: !tail.is_empty() },
                None => return Some(Err(RuleError::new("input", format!("`{power}` is not a major power")))),
            }
        }
        ["intercept", "none"] => NavalCommand::Intercept { place: None, declaring: false },
        ["intercept", place] => NavalCommand::Intercept { place: Some(place.to_string()), declaring: false },
        ["intercept", place, "declaring", "war"] => {
            NavalCommand::Intercept { place: Some(place.to_string()), declaring: true }
        }
        ["evade"] => NavalCommand::Evade,
        ["accept", "battle"] => NavalCommand::AcceptBattle,
        ["retreat", "fleets", "to", "sea"] => NavalCommand::Retreat { to: None },
        ["retreat", "fleets", "to", port] => NavalCommand::Retreat { to: Some(port.to_string()) },
        ["drive", "fleets", "to", sea] => NavalCommand::Drive { sea: sea.to_string() },
        ["pursue", "fleets", "none"] => NavalCommand::Pursue { fleets: Vec::new() },
        ["pursue", "fleets", rest @ ..] if !rest.is_empty() => {
            NavalCommand::Pursue { fleets: rest.iter().map(|w| w.to_string()).collect() }
        }
        ["transfer", _, "ships", ..] => return Some(Err(bad(words, "transfer N ships from FLEET to FLEET"))),
        ["scuttle" | "position" | "embark" | "disembark" | "engage" | "intercept" | "evade" | "drive", ..]
        | ["accept", "battle", ..]
        | ["retreat", "fleets", ..]
        | ["pursue", "fleets", ..]
        | ["fight" | "stay", ..] => return Some(Err(bad(words, FORMS))),
        _ => return None,
    };
    Some(Ok(c))
}

/// The naval commands' forms, for error messages.
pub const FORMS: &str = "transfer N ships from FLEET to FLEET | scuttle FLEET | position N | \
sail FLEET... to PLACE|pick FLEET|drop FLEET|challenge... | embark CORPS on FLEET | disembark CORPS [AREA] [into city] | \
engage POWER at PLACE | intercept PLACE|none | evade | accept battle | retreat fleets to PORT|sea | \
drive fleets to SEA | pursue fleets FLEET...|none | scuttle in port | fight blockaders [POWER] | enter port | \
stay in box";

fn parse_sail(words: &[&str], rest: &[&str]) -> Result<NavalCommand, RuleError> {
    let to_at = rest.iter().position(|w| *w == "to").ok_or_else(|| bad(words, "sail FLEET... to LEG..."))?;
    let fleets: Vec<String> = rest[..to_at].iter().map(|w| w.to_string()).collect();
    if fleets.is_empty() {
        return Err(RuleError::new("input", "a move names the fleets that start it: sail FLEET... to LEG..."));
    }
    let mut route = Vec::new();
    let mut it = rest[to_at + 1..].iter();
    while let Some(w) = it.next() {
        match *w {
            "pick" | "drop" => {
                let Some(fleet) = it.next() else {
                    return Err(RuleError::new("input", format!("`{w}` names a fleet")));
                };
                route.push(if *w == "pick" { Leg::Pick(fleet.to_string()) } else { Leg::Drop(fleet.to_string()) });
            }
            "challenge" => route.push(Leg::Challenge),
            "to" => return Err(bad(words, "sail FLEET... to LEG...")),
            place => route.push(Leg::To(place.to_string())),
        }
    }
    if !route.iter().any(|l| matches!(l, Leg::To(_))) {
        return Err(RuleError::new("input", "a move names the places it enters: sail FLEET... to PLACE..."));
    }
    Ok(NavalCommand::Sail { fleets, route })
}

impl fmt::Display for NavalCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavalCommand::TransferShips { count, from, to } => write!(f, "transfer {count} ships from {from} to {to}"),
            NavalCommand::Scuttle { fleet } => write!(f, "scuttle {fleet}"),
            NavalCommand::Position { position } => write!(f, "position {position}"),
            NavalCommand::Sail { fleets, route } => {
                write!(f, "sail {} to", fleets.join(" "))?;
                for leg in route {
                    write!(f, " {leg}")?;
                }
                Ok(())
            }
            NavalCommand::Embark { corps, fleet } => write!(f, "embark {corps} on {fleet}"),
            NavalCommand::Disembark { corps, area, into_city } => {
                write!(f, "disembark {corps}")?;
                if let Some(a) = area {
                    write!(f, " {a}")?;
                }
                if *into_city {
                    f.write_str(" into city")?;
                }
                Ok(())
            }
            NavalCommand::Engage { power, place, declaring } => {
                write!(f, "engage {} at {place}", power.id())?;
                if *declaring {
                    f.write_str(" declaring war")?;
                }
                Ok(())
            }
            NavalCommand::Intercept { place: Some(p), declaring } => {
                write!(f, "intercept {p}")?;
                if *declaring {
                    f.write_str(" declaring war")?;
                }
                Ok(())
            }
            NavalCommand::Intercept { place: None, .. } => f.write_str("intercept none"),
            NavalCommand::Evade => f.write_str("evade"),
            NavalCommand::AcceptBattle => f.write_str("accept battle"),
            NavalCommand::Retreat { to: Some(p) } => write!(f, "retreat fleets to {p}"),
            NavalCommand::Retreat { to: None } => f.write_str("retreat fleets to sea"),
            NavalCommand::Drive { sea } => write!(f, "drive fleets to {sea}"),
            NavalCommand::Pursue { fleets } if fleets.is_empty() => f.write_str("pursue fleets none"),
            NavalCommand::Pursue { fleets } => write!(f, "pursue fleets {}", fleets.join(" ")),
            NavalCommand::ScuttleInPort => f.write_str("scuttle in port"),
            NavalCommand::FightBlockaders { power: None } => f.write_str("fight blockaders"),
            NavalCommand::FightBlockaders { power: Some(p) } => write!(f, "fight blockaders {}", p.id()),
            NavalCommand::EnterPort => f.write_str("enter port"),
            NavalCommand::StayInBox => f.write_str("stay in box"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_naval_command_parses_back_from_its_text() {
        let texts = [
            "transfer 3 ships from br-fleet-1 to br-fleet-2",
            "scuttle fr-fleet-6",
            "position 3",
            "sail br-fleet-1 br-fleet-2 to channel pick br-fleet-5 bay-of-biscay drop br-fleet-2 blockade:brest",
            "sail fr-fleet-1 to blockade:cadiz challenge gulf-of-cadiz",
            "sail fr-fleet-3 to blockade:brest brest",
            "embark br-2 on br-fleet-5",
            "disembark br-2",
            "disembark br-2 normandy",
            "disembark fr-1 cadiz into city",
            "disembark fr-1 into city",
            "engage france at bay-of-biscay",
            "intercept blockade:cadiz",
            "intercept none",
            "evade",
            "accept battle",
            "retreat fleets to nantes",
            "retreat fleets to sea",
            "drive fleets to channel",
            "pursue fleets br-fleet-1 br-fleet-2",
            "pursue fleets none",
            "scuttle in port",
            "fight blockaders",
            "fight blockaders russia",
            "enter port",
            "stay in box",
        ];
        for t in texts {
            let words: Vec<&str> = t.split_whitespace().collect();
            let c = parse(&words).unwrap_or_else(|| panic!("{t}: not naval")).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(c.to_string(), t, "{t}");
            let json = serde_json::to_string(&c).unwrap_or_else(|e| panic!("{e}"));
            let back: NavalCommand = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(back, c, "{json}");
        }
        for bad in [
            "sail br-fleet-1",
            "sail to channel",
            "sail br-fleet-1 to pick",
            "sail br-fleet-1 to pick br-fleet-2",
            "position 0",
            "transfer 0 ships from a to b",
            "engage prussians at channel",
            "intercept",
            "retreat fleets",
            "disembark fr-1 cadiz into",
            "disembark fr-1 cadiz into town",
            "fight blockaders prussians",
            "fight",
            "stay",
            "stay in port",
        ] {
            let words: Vec<&str> = bad.split_whitespace().collect();
            assert!(matches!(parse(&words), Some(Err(_))), "{bad}");
        }
        for other in ["transfer 2 infantry from fr-1 to fr-2", "battle ulm", "move fr-1 to ulm", "retreat fr-1 to ulm"]
        {
            let words: Vec<&str> = other.split_whitespace().collect();
            assert!(parse(&words).is_none(), "{other}");
        }
    }
}
