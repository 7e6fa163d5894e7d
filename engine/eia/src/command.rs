//! The commands of Empires in Arms as players type them (`grognard do "move fr-1 to
//! bavaria-south"`). Every command parses back from its text.

use crate::forces::Factors;
use crate::power::Power;
use crate::FactorKind;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What holds army factors: a corps, the garrison of the city in an area, or the garrison
/// of the depot in an area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holder {
    Corps(String),
    City(String),
    Depot(String),
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Holder::Corps(c) => f.write_str(c),
            Holder::City(a) => write!(f, "city {a}"),
            Holder::Depot(a) => write!(f, "depot {a}"),
        }
    }
}

/// A command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Command {
    /// End the acting power's step (3.0).
    End,
    /// End the step, shuffling the power's look-alike corps counters in secret (2.4.2,
    /// `lookalike.rs`): the strengths of each pair swap places, in order. Filled in by the
    /// client's private draw from a plain `end` (it may be typed too); always concealed.
    EndShuffling {
        swaps: Vec<crate::lookalike::Swap>,
    },
    /// 5.2.1.1: place a corps counter due this month in its scenario area, with the factors
    /// due with it; 5.2.1.2: a bought one in `area` if named (`place corps CORPS in AREA`),
    /// else where it was bought.
    PlaceCorps {
        corps: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
    },
    /// 5.2.2.1: place army factors due this month in a corps or a city garrison of their area.
    Place {
        count: u16,
        kind: FactorKind,
        into: Holder,
    },
    /// 5.2.3, 7.3.3: move factors between two holders in one area. `emptying`: the transfer
    /// takes the last factors of the corps it comes from, which leaves the map (5.2.3); with
    /// hidden strengths (2.4.2) the command says so, as only its author knows it, and the
    /// client fills it in (`Ruleset::complete`).
    Transfer {
        count: u16,
        kind: FactorKind,
        from: Holder,
        to: Holder,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        emptying: bool,
    },
    /// 5.2.4: remove a corps (and its factors), or factors of a garrison, from the map.
    Demobilise {
        what: Holder,
        count: Option<u16>,
        kind: Option<FactorKind>,
    },
    /// 5.3: retire a leader in the reinforcement step (`retire LEADER`).
    RetireLeader {
        leader: String,
    },
    /// 5.3: place a retired leader with a corps, NELSON with a fleet (`place LEADER with
    /// CORPS|FLEET`).
    PlaceLeader {
        leader: String,
        with: String,
    },
    /// 7.2: place a depot in an area (one money point).
    Depot {
        area: String,
    },
    /// 7.2: remove a depot.
    RemoveDepot {
        area: String,
    },
    /// 7.3.6.2: the owner of a garrisoned depot an enemy corps stopped by keeps it (`keep
    /// depot`), destroys it and moves its garrison into the city (`destroy depot`), or
    /// destroys it and the garrison surrenders (`destroy depot surrendering`).
    DepotAnswer {
        destroy: bool,
        surrender: bool,
    },
    /// 7.3.8.3: a power asked before a battle declares war on its attacker (`declare war on
    /// POWER`) or stands aside (`stand aside`).
    WarAnswer {
        on: Option<Power>,
    },
    /// 7.3.6.1: a corps that moved into an area with an ungarrisoned enemy depot destroys it
    /// (`destroy depot with CORPS`) or converts it (`convert depot with CORPS`); `in AREA`
    /// names an area it passed through on its way.
    EnemyDepot {
        corps: String,
        convert: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<String>,
    },
    /// 7.4.4 (option `naval`): build a depot on a fleet at sea for invasion supply
    /// (`depot on FLEET`), or remove it (`remove depot on FLEET`).
    FleetDepot {
        fleet: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        remove: bool,
    },
    /// 7.3: move a corps through these areas, force marching (7.3.1.2) or not; with
    /// `forage`, it forages as it stops (7.4.1.1).
    Move {
        corps: String,
        path: Vec<String>,
        force: bool,
        forage: bool,
    },
    /// 7.3.4, 7.3.3.3.2: a corps enters the city of its area, or leaves it.
    EnterCity {
        corps: String,
    },
    LeaveCity {
        corps: String,
    },
    /// 7.4.1: a corps that did not move forages in the supply step.
    Forage {
        corps: String,
    },
    /// 7.4.1.3: the factors a corps loses to foraging, as its owner chooses. `emptying`: they
    /// are all it has, and it leaves the map (7.4.1.3.2); filled in by the client, as for a
    /// transfer.
    Lose {
        losses: Factors,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        emptying: bool,
    },
    /// 7.5.1.3: the phasing power starts the field combat in an area.
    Battle {
        area: String,
    },
    /// 7.5.2.1: a side's chit for the battle being fought (a sealed choice).
    Chit(crate::combat::Chit),
    /// 7.3.7.1: the phasing power's corps besiege the enemy city of their area.
    Besiege {
        area: String,
    },
    /// R7.5.4.1: the besiegers storm the city.
    Assault {
        area: String,
    },
    /// 7.5.4.2: the besieged forces attack the besiegers.
    Sally {
        area: String,
    },
    /// The naval rules (5.1, 6.0, 7.3.5; option `naval`): forms in `naval::command`.
    Naval(crate::naval::NavalCommand),
    /// The political phase (4.0; option `political`): forms in `politics::command`.
    Political(crate::politics::command::PoliticalCommand),
    /// The economic phase (8.0; option `economic`): forms in `economy::command`.
    Economic(crate::economy::command::EconomicCommand),
    /// What the other players see of a command that changes or reads a corps' hidden
    /// strength (2.4.2): the public projection of a concealed command (`veiled.rs`). Never
    /// typed by a player.
    Veiled(crate::veiled::Veiled),
}

fn words_to_count_kind(count: &str, kind: &str) -> Result<(u16, FactorKind), RuleError> {
    let n: u16 = count.parse().map_err(|_| RuleError::new("input", format!("`{count}` is not a number of factors")))?;
    if n == 0 {
        return Err(RuleError::new("input", "a number of factors is at least 1"));
    }
    let k = FactorKind::from_id(kind).ok_or_else(|| {
        let known: Vec<&str> = FactorKind::ALL.iter().map(|k| k.id()).collect();
        RuleError::new("input", format!("`{kind}` is not a kind of factor ({})", known.join(", ")))
    })?;
    Ok((n, k))
}

fn holder(words: &[&str]) -> Result<(Holder, usize), RuleError> {
    match words {
        ["city", area, ..] => Ok((Holder::City(area.to_string()), 2)),
        ["depot", area, ..] => Ok((Holder::Depot(area.to_string()), 2)),
        [corps, ..] => Ok((Holder::Corps(corps.to_string()), 1)),
        [] => Err(RuleError::new("input", "a corps id, `city AREA` or `depot AREA` is missing")),
    }
}

fn one_holder(words: &[&str]) -> Result<Holder, RuleError> {
    let (h, used) = holder(words)?;
    if used != words.len() {
        return Err(RuleError::new("input", format!("unexpected `{}`", words[used..].join(" "))));
    }
    Ok(h)
}

/// The commands and their forms, for error messages.
pub const FORMS: &str = "end [shuffling CORPS/CORPS...] | place corps CORPS | place N KIND in CORPS|city AREA | \
transfer N KIND from HOLDER to HOLDER | demobilise HOLDER [N KIND] | retire LEADER | place LEADER with CORPS|FLEET | depot AREA | remove depot AREA | depot on FLEET | \
move CORPS to AREA... [force] [forage] | destroy|convert depot with CORPS [in AREA] | keep depot | destroy depot [surrendering] | declare war on POWER | stand aside | enter CORPS | leave CORPS | forage CORPS | lose N KIND... | \
battle AREA | chit ID [pinning CORPS,...] [to AREA] [reinforcing CORPS,...] | besiege AREA | assault AREA | sally AREA";

impl Command {
    /// The political command this is (4.0), if it is one.
    pub fn as_political(&self) -> Option<&crate::politics::command::PoliticalCommand> {
        match self {
            Command::Political(c) => Some(c),
            _ => None,
        }
    }

    /// The economic command this is (8.0), if it is one.
    pub fn as_economic(&self) -> Option<&crate::economy::command::EconomicCommand> {
        match self {
            Command::Economic(c) => Some(c),
            _ => None,
        }
    }

    /// Parses a command as typed.
    pub fn parse(text: &str) -> Result<Command, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let bad = || RuleError::new("input", format!("`{}` is not a command: {FORMS}", text.trim()));
        if let Some(naval) = crate::naval::command::parse(&words) {
            return naval.map(Command::Naval);
        }
        if let Some(political) = crate::politics::command::parse(&words) {
            return political.map(Command::Political);
        }
        if let Some(economic) = crate::economy::command::parse(&words) {
            return economic.map(Command::Economic);
        }
        match words.as_slice() {
            ["end"] => Ok(Command::End),
            ["end", "shuffling", pairs @ ..] if !pairs.is_empty() => {
                let swaps = pairs
                    .iter()
                    .map(|p| match p.split_once('/') {
                        Some((a, b)) if !a.is_empty() && !b.is_empty() => Ok([a.to_string(), b.to_string()]),
                        _ => Err(RuleError::new("input", format!("`{p}` is not two corps: CORPS/CORPS"))),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Command::EndShuffling { swaps })
            }
            ["place", "corps", corps] => Ok(Command::PlaceCorps { corps: corps.to_string(), area: None }),
            ["place", "corps", corps, "in", area] => {
                Ok(Command::PlaceCorps { corps: corps.to_string(), area: Some(area.to_string()) })
            }
            ["retire", leader] => Ok(Command::RetireLeader { leader: leader.to_string() }),
            ["place", leader, "with", with] => {
                Ok(Command::PlaceLeader { leader: leader.to_string(), with: with.to_string() })
            }
            ["place", n, kind, "in", rest @ ..] => {
                let (count, kind) = words_to_count_kind(n, kind)?;
                Ok(Command::Place { count, kind, into: one_holder(rest)? })
            }
            ["transfer", n, kind, "from", rest @ ..] => {
                let (count, kind) = words_to_count_kind(n, kind)?;
                let to_at = rest.iter().position(|w| *w == "to").ok_or_else(bad)?;
                let (to, emptying) = match &rest[to_at + 1..] {
                    [to @ .., "emptying"] => (to, true),
                    to => (to, false),
                };
                Ok(Command::Transfer { count, kind, from: one_holder(&rest[..to_at])?, to: one_holder(to)?, emptying })
            }
            ["demobilise" | "demobilize", rest @ ..] => {
                let (what, used) = holder(rest)?;
                match &rest[used..] {
                    [] => Ok(Command::Demobilise { what, count: None, kind: None }),
                    [n, kind] => {
                        let (count, kind) = words_to_count_kind(n, kind)?;
                        Ok(Command::Demobilise { what, count: Some(count), kind: Some(kind) })
                    }
                    _ => Err(bad()),
                }
            }
            ["declare", "war", "on", power] => Power::from_id(power)
                .map(|p| Command::WarAnswer { on: Some(p) })
                .ok_or_else(|| RuleError::new("input", format!("`{power}` is not a major power"))),
            ["stand", "aside"] => Ok(Command::WarAnswer { on: None }),
            ["keep", "depot"] => Ok(Command::DepotAnswer { destroy: false, surrender: false }),
            ["destroy", "depot"] => Ok(Command::DepotAnswer { destroy: true, surrender: false }),
            ["destroy", "depot", "surrendering"] => Ok(Command::DepotAnswer { destroy: true, surrender: true }),
            [verb @ ("destroy" | "convert"), "depot", "with", corps, rest @ ..] => {
                let area = match rest {
                    [] => None,
                    ["in", area] => Some(area.to_string()),
                    _ => return Err(bad()),
                };
                Ok(Command::EnemyDepot { corps: corps.to_string(), convert: *verb == "convert", area })
            }
            ["depot", "on", fleet] => Ok(Command::FleetDepot { fleet: fleet.to_string(), remove: false }),
            ["remove", "depot", "on", fleet] => Ok(Command::FleetDepot { fleet: fleet.to_string(), remove: true }),
            ["depot", area] => Ok(Command::Depot { area: area.to_string() }),
            ["remove", "depot", area] => Ok(Command::RemoveDepot { area: area.to_string() }),
            ["move", corps, "to", rest @ ..] => {
                let mut force = false;
                let mut forage = false;
                let mut path = Vec::new();
                for w in rest {
                    match *w {
                        "force" => force = true,
                        "forage" => forage = true,
                        area if !force && !forage => path.push(area.to_string()),
                        _ => return Err(bad()),
                    }
                }
                if path.is_empty() {
                    return Err(RuleError::new("input", "a move names the areas to enter: move CORPS to AREA..."));
                }
                Ok(Command::Move { corps: corps.to_string(), path, force, forage })
            }
            ["enter", corps] => Ok(Command::EnterCity { corps: corps.to_string() }),
            ["leave", corps] => Ok(Command::LeaveCity { corps: corps.to_string() }),
            ["forage", corps] => Ok(Command::Forage { corps: corps.to_string() }),
            ["battle", area] => Ok(Command::Battle { area: area.to_string() }),
            ["besiege", area] => Ok(Command::Besiege { area: area.to_string() }),
            ["assault", area] => Ok(Command::Assault { area: area.to_string() }),
            ["sally", area] => Ok(Command::Sally { area: area.to_string() }),
            ["chit", rest @ ..] => Ok(Command::Chit(crate::combat::Chit::parse(rest)?)),
            ["lose", rest @ ..] => {
                let (rest, emptying) = match rest {
                    [rest @ .., "emptying"] => (rest, true),
                    rest => (rest, false),
                };
                if rest.is_empty() || rest.len() % 2 != 0 {
                    return Err(bad());
                }
                let mut losses = Factors::new();
                for pair in rest.chunks(2) {
                    let (n, k) = words_to_count_kind(pair[0], pair[1])?;
                    losses.add(k, n);
                }
                Ok(Command::Lose { losses, emptying })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::End => f.write_str("end"),
            Command::EndShuffling { swaps } => {
                f.write_str("end shuffling")?;
                for [a, b] in swaps {
                    write!(f, " {a}/{b}")?;
                }
                Ok(())
            }
            Command::PlaceCorps { corps, area: None } => write!(f, "place corps {corps}"),
            Command::PlaceCorps { corps, area: Some(a) } => write!(f, "place corps {corps} in {a}"),
            Command::Place { count, kind, into } => write!(f, "place {count} {kind} in {into}"),
            Command::Transfer { count, kind, from, to, emptying } => {
                write!(f, "transfer {count} {kind} from {from} to {to}")?;
                if *emptying {
                    f.write_str(" emptying")?;
                }
                Ok(())
            }
            Command::Demobilise { what, count: Some(n), kind: Some(k) } => write!(f, "demobilise {what} {n} {k}"),
            Command::Demobilise { what, .. } => write!(f, "demobilise {what}"),
            Command::RetireLeader { leader } => write!(f, "retire {leader}"),
            Command::PlaceLeader { leader, with } => write!(f, "place {leader} with {with}"),
            Command::Depot { area } => write!(f, "depot {area}"),
            Command::RemoveDepot { area } => write!(f, "remove depot {area}"),
            Command::WarAnswer { on: Some(p) } => write!(f, "declare war on {}", p.id()),
            Command::WarAnswer { on: None } => f.write_str("stand aside"),
            Command::DepotAnswer { destroy: false, .. } => f.write_str("keep depot"),
            Command::DepotAnswer { destroy: true, surrender: false } => f.write_str("destroy depot"),
            Command::DepotAnswer { destroy: true, surrender: true } => f.write_str("destroy depot surrendering"),
            Command::EnemyDepot { corps, convert, area } => {
                write!(f, "{} depot with {corps}", if *convert { "convert" } else { "destroy" })?;
                if let Some(a) = area {
                    write!(f, " in {a}")?;
                }
                Ok(())
            }
            Command::FleetDepot { fleet, remove: false } => write!(f, "depot on {fleet}"),
            Command::FleetDepot { fleet, remove: true } => write!(f, "remove depot on {fleet}"),
            Command::Move { corps, path, force, forage } => {
                write!(f, "move {corps} to {}", path.join(" "))?;
                if *force {
                    f.write_str(" force")?;
                }
                if *forage {
                    f.write_str(" forage")?;
                }
                Ok(())
            }
            Command::EnterCity { corps } => write!(f, "enter {corps}"),
            Command::LeaveCity { corps } => write!(f, "leave {corps}"),
            Command::Forage { corps } => write!(f, "forage {corps}"),
            Command::Battle { area } => write!(f, "battle {area}"),
            Command::Besiege { area } => write!(f, "besiege {area}"),
            Command::Assault { area } => write!(f, "assault {area}"),
            Command::Sally { area } => write!(f, "sally {area}"),
            Command::Chit(chit) => write!(f, "{chit}"),
            Command::Naval(c) => write!(f, "{c}"),
            Command::Political(c) => write!(f, "{c}"),
            Command::Economic(c) => write!(f, "{c}"),
            Command::Lose { losses, emptying } => {
                f.write_str("lose")?;
                for (k, n) in losses.iter() {
                    write!(f, " {n} {k}")?;
                }
                if *emptying {
                    f.write_str(" emptying")?;
                }
                Ok(())
            }
            Command::Veiled(v) => write!(f, "{v}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_parses_back_from_its_text() {
        let texts = [
            "end",
            "place corps fr-7",
            "place 3 infantry in fr-1",
            "place 2 militia in city paris",
            "transfer 2 cavalry from fr-1 to fr-2",
            "transfer 2 cavalry from fr-1 to fr-2 emptying",
            "lose 3 infantry emptying",
            "transfer 1 infantry from fr-1 to depot ulm",
            "demobilise fr-3",
            "retire mack",
            "place nelson with br-fleet-1",
            "demobilise city paris 2 militia",
            "depot ulm",
            "remove depot ulm",
            "depot on fr-fleet-1",
            "destroy depot with fr-1",
            "convert depot with fr-1 in bavaria-south",
            "keep depot",
            "destroy depot",
            "destroy depot surrendering",
            "convert depot with fr-1",
            "remove depot on fr-fleet-1",
            "move fr-1 to strasbourg ulm force forage",
            "move fr-1 to ulm",
            "enter fr-1",
            "leave fr-1",
            "forage fr-2",
            "lose 1 infantry 2 cavalry",
            "battle ulm",
            "chit assault",
            "chit outflank pinning fr-1,fr-2",
            "chit withdraw to munich",
            "chit defend reinforcing au-3,au-4",
            "besiege ulm",
            "assault ulm",
            "sally ulm",
            "transfer 2 ships from br-fleet-1 to br-fleet-2",
            "sail br-fleet-1 to channel pick br-fleet-5 blockade:brest",
            "intercept none",
        ];
        for t in texts {
            let c = Command::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(c.to_string(), t, "{t}");
            assert_eq!(Command::parse(&c.to_string()), Ok(c));
        }
        for bad in [
            "",
            "move fr-1",
            "place 0 infantry in fr-1",
            "place 2 dragoons in fr-1",
            "lose 2",
            "lose emptying",
            "move fr-1 to a force b",
        ] {
            assert!(Command::parse(bad).is_err(), "{bad}");
        }
    }
}
