//! The commands of the political phase (4.0) as players type them. Every command parses back
//! from its text.

use crate::power::Power;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One power's declarations of war (4.2): the power (`None`: the only power its player runs)
/// and the major powers and neutral minor countries it declares war on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declarations {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Power>,
    pub on: Vec<String>,
}

/// One power's combined movement (4.9): the power (`None`: the only power its player runs)
/// and the allies it will move with this month.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combination {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
    pub allies: Vec<Power>,
}

/// A command of the political phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "political", rename_all = "kebab-case")]
pub enum PoliticalCommand {
    /// 4.2: a player's declarations of war, sealed and revealed with everyone's (`declare
    /// none`, `declare on austria russia`, `declare france on austria; spain on portugal`).
    Declare { powers: Vec<Declarations> },
    /// 4.3: call allies to declare war on an enemy (`call austria russia against france`).
    Call { allies: Vec<Power>, enemy: String },
    /// 4.3.2, 4.3.1.3: a called ally answers (`answer call`) or refuses (`refuse call`).
    AnswerCall { join: bool },
    /// 4.4.2: sue for peace (`sue for peace to france [prussia...]`).
    Sue { to: Vec<Power> },
    /// 4.4.2.2: the power sued offers a conditional or an unconditional peace (`offer
    /// conditional peace`, `offer unconditional peace`).
    Offer { unconditional: bool },
    /// 4.4.2.2: the power suing accepts or refuses an unconditional peace (`accept
    /// unconditional peace`, `refuse unconditional peace`).
    AnswerUnconditional { accept: bool },
    /// 4.4.3-4.4.5: a peace term (`term B.2`), or no more (`no more terms`).
    Term { term: Option<String> },
    /// B.7, C.4: the victor takes a province or minor country of the loser (`cede silesia`),
    /// or no more (`no more ceding`).
    Cede { what: Option<String> },
    /// 4.4.6.4: the victor takes a minor free state of the loser and makes it a conquered
    /// country (`cede holland as conquered`).
    CedeConquered { what: String },
    /// C.6: a victor names a leader of the loser to be removed (`remove leader blucher`), or
    /// no more (`no more removals`).
    RemoveLeader { leader: Option<String> },
    /// B.4: the victor names the loser's corps it borrows (`borrow corps prussia-1`).
    Borrow { corps: String },
    /// C.6 against the Holy Roman Emperor: dissolve the Empire (`dissolve empire`, change
    /// `Some(true)`), re-establish it (`re-establish empire`, `Some(false)`) or leave it as it
    /// is (`keep empire`, `None`).
    Empire { change: Option<bool> },
    /// 4.4.7: demand that an ally who made a separate peace break the alliance (`demand
    /// alliance broken`), or not (`accept separate peace`).
    Demand { demand: bool },
    /// 4.4.1: propose an informal peace (`propose informal peace with austria`).
    ProposeInformal { to: Power },
    /// 4.5: propose an alliance (`propose alliance with spain`).
    ProposeAlliance { to: Power },
    /// The answer to a proposal of informal peace or alliance (`accept proposal`, `decline
    /// proposal`).
    AnswerProposal { accept: bool },
    /// 4.6.2: an eligible power asks to run a minor country, or not (`seek control of
    /// portugal`, `decline control of portugal`).
    Control { minor: String, seek: bool },
    /// 4.6.4: a declarer of war on a minor country backs down or stays at war, in secret
    /// (`back down`, `remain at war`).
    BackDown { back: bool },
    /// 4.6.5: the controller of a minor country declares war on its aggressors (`support
    /// none`, `support against france prussia`).
    Support { against: Vec<Power> },
    /// 4.7: break an alliance (`break alliance with spain`).
    BreakAlliance { with: Power },
    /// 4.8: declare a conquered minor country a free state (`free state holland`).
    FreeState { minor: String },
    /// 4.9: a player's combined movement declarations, sealed and revealed with everyone's
    /// (`combine none`, `combine with austria`, `combine britain with austria; russia with
    /// austria`).
    Combine { with: Vec<Combination> },
}

fn power(word: &str) -> Result<Power, RuleError> {
    Power::from_id(word).ok_or_else(|| {
        let known: Vec<&str> = Power::ALL.iter().map(|p| p.id()).collect();
        RuleError::new("input", format!("`{word}` is not a major power ({})", known.join(", ")))
    })
}

fn powers(words: &[&str]) -> Result<Vec<Power>, RuleError> {
    let list =
        words.iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).map(power).collect::<Result<Vec<_>, _>>()?;
    if list.is_empty() {
        return Err(RuleError::new("input", "name at least one major power"));
    }
    Ok(list)
}

fn targets(words: &[&str]) -> Vec<String> {
    words.iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// Statements of a player's powers, `;`-separated: `none` for all of them, or each `LINK
/// LIST` (the player's only power), `POWER LINK LIST` or `POWER none`, built by `build` from
/// the power named (if any) and the list's words; `form` names the forms in errors.
fn per_power<T>(
    words: &[&str],
    link: &str,
    form: &str,
    build: impl Fn(Option<Power>, &[&str]) -> Result<T, RuleError>,
) -> Result<Vec<T>, RuleError> {
    if words == ["none"] {
        return Ok(Vec::new());
    }
    let joined = words.join(" ");
    let mut out = Vec::new();
    for part in joined.split(';') {
        let part: Vec<&str> = part.split_whitespace().collect();
        match part.as_slice() {
            [l, rest @ ..] if *l == link && !rest.is_empty() => out.push(build(None, rest)?),
            [who, l, rest @ ..] if *l == link && !rest.is_empty() => out.push(build(Some(power(who)?), rest)?),
            [who, "none"] => out.push(build(Some(power(who)?), &[])?),
            _ => return Err(RuleError::new("input", form)),
        }
    }
    Ok(out)
}

fn declarations(words: &[&str]) -> Result<Vec<Declarations>, RuleError> {
    per_power(
        words,
        "on",
        "declarations: `declare none`, `declare on TARGET...` or `declare POWER on TARGET...; POWER on TARGET...`",
        |by, rest| Ok(Declarations { by, on: targets(rest) }),
    )
}

fn combinations(words: &[&str]) -> Result<Vec<Combination>, RuleError> {
    per_power(
        words,
        "with",
        "combined movement: `combine none`, `combine with ALLY...` or `combine POWER with ALLY...; POWER with ALLY...`",
        |power, rest| Ok(Combination { power, allies: if rest.is_empty() { Vec::new() } else { powers(rest)? } }),
    )
}

/// Parses a political command, or `None` when `words` are not one.
pub fn parse(words: &[&str]) -> Option<Result<PoliticalCommand, RuleError>> {
    use PoliticalCommand as P;
    let parsed = match words {
        // 7.3.8.3's answer before a battle, a command of the land phase (`Command::WarAnswer`).
        ["declare", "war", "on", _] => return None,
        ["declare", rest @ ..] if !rest.is_empty() => declarations(rest).map(|powers| P::Declare { powers }),
        ["call", rest @ ..] => match rest.iter().position(|w| *w == "against") {
            Some(at) if at + 2 == rest.len() => {
                powers(&rest[..at]).map(|allies| P::Call { allies, enemy: rest[at + 1].to_string() })
            }
            _ => Err(RuleError::new("input", "a call: call ALLY... against ENEMY")),
        },
        ["answer", "call"] => Ok(P::AnswerCall { join: true }),
        ["refuse", "call"] => Ok(P::AnswerCall { join: false }),
        ["sue", "for", "peace", "to", rest @ ..] => powers(rest).map(|to| P::Sue { to }),
        ["offer", kind @ ("conditional" | "unconditional"), "peace"] => {
            Ok(P::Offer { unconditional: *kind == "unconditional" })
        }
        [verb @ ("accept" | "refuse"), "unconditional", "peace"] => {
            Ok(P::AnswerUnconditional { accept: *verb == "accept" })
        }
        ["term", id] => Ok(P::Term { term: Some(id.to_ascii_uppercase()) }),
        ["no", "more", "terms"] => Ok(P::Term { term: None }),
        ["cede", what] => Ok(P::Cede { what: Some(what.to_string()) }),
        ["cede", what, "as", "conquered"] => Ok(P::CedeConquered { what: what.to_string() }),
        ["no", "more", "ceding"] => Ok(P::Cede { what: None }),
        ["remove", "leader", leader] => Ok(P::RemoveLeader { leader: Some(leader.to_string()) }),
        ["no", "more", "removals"] => Ok(P::RemoveLeader { leader: None }),
        ["borrow", "corps", corps] => Ok(P::Borrow { corps: corps.to_string() }),
        ["dissolve", "empire"] => Ok(P::Empire { change: Some(true) }),
        ["re-establish", "empire"] => Ok(P::Empire { change: Some(false) }),
        ["keep", "empire"] => Ok(P::Empire { change: None }),
        ["demand", "alliance", "broken"] => Ok(P::Demand { demand: true }),
        ["accept", "separate", "peace"] => Ok(P::Demand { demand: false }),
        ["propose", "informal", "peace", "with", who] => power(who).map(|to| P::ProposeInformal { to }),
        ["propose", "alliance", "with", who] => power(who).map(|to| P::ProposeAlliance { to }),
        [verb @ ("accept" | "decline"), "proposal"] => Ok(P::AnswerProposal { accept: *verb == "accept" }),
        [verb @ ("seek" | "decline"), "control", "of", minor] => {
            Ok(P::Control { minor: minor.to_string(), seek: *verb == "seek" })
        }
        ["back", "down"] => Ok(P::BackDown { back: true }),
        ["remain", "at", "war"] => Ok(P::BackDown { back: false }),
        ["support", "none"] => Ok(P::Support { against: Vec::new() }),
        ["support", "against", rest @ ..] => powers(rest).map(|against| P::Support { against }),
        ["break", "alliance", "with", who] => power(who).map(|with| P::BreakAlliance { with }),
        ["free", "state", minor] => Ok(P::FreeState { minor: minor.to_string() }),
        ["combine", rest @ ..] if !rest.is_empty() => combinations(rest).map(|with| P::Combine { with }),
        _ => return None,
    };
    Some(parsed)
}

fn ids(list: &[Power]) -> String {
    list.iter().map(|p| p.id()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for PoliticalCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PoliticalCommand as P;
        match self {
            P::Declare { powers } if powers.is_empty() => f.write_str("declare none"),
            P::Declare { powers } => {
                let parts: Vec<String> = powers
                    .iter()
                    .map(|d| match (&d.by, d.on.is_empty()) {
                        (Some(p), true) => format!("{} none", p.id()),
                        (Some(p), false) => format!("{} on {}", p.id(), d.on.join(" ")),
                        (None, _) => format!("on {}", d.on.join(" ")),
                    })
                    .collect();
                write!(f, "declare {}", parts.join("; "))
            }
            P::Call { allies, enemy } => write!(f, "call {} against {enemy}", ids(allies)),
            P::AnswerCall { join: true } => f.write_str("answer call"),
            P::AnswerCall { join: false } => f.write_str("refuse call"),
            P::Sue { to } => write!(f, "sue for peace to {}", ids(to)),
            P::Offer { unconditional } => {
                write!(f, "offer {} peace", if *unconditional { "unconditional" } else { "conditional" })
            }
            P::AnswerUnconditional { accept } => {
                write!(f, "{} unconditional peace", if *accept { "accept" } else { "refuse" })
            }
            P::Term { term: Some(t) } => write!(f, "term {t}"),
            P::Term { term: None } => f.write_str("no more terms"),
            P::Cede { what: Some(w) } => write!(f, "cede {w}"),
            P::Cede { what: None } => f.write_str("no more ceding"),
            P::CedeConquered { what } => write!(f, "cede {what} as conquered"),
            P::RemoveLeader { leader: Some(l) } => write!(f, "remove leader {l}"),
            P::RemoveLeader { leader: None } => f.write_str("no more removals"),
            P::Borrow { corps } => write!(f, "borrow corps {corps}"),
            P::Empire { change: Some(true) } => f.write_str("dissolve empire"),
            P::Empire { change: Some(false) } => f.write_str("re-establish empire"),
            P::Empire { change: None } => f.write_str("keep empire"),
            P::Demand { demand: true } => f.write_str("demand alliance broken"),
            P::Demand { demand: false } => f.write_str("accept separate peace"),
            P::ProposeInformal { to } => write!(f, "propose informal peace with {}", to.id()),
            P::ProposeAlliance { to } => write!(f, "propose alliance with {}", to.id()),
            P::AnswerProposal { accept } => write!(f, "{} proposal", if *accept { "accept" } else { "decline" }),
            P::Control { minor, seek } => {
                write!(f, "{} control of {minor}", if *seek { "seek" } else { "decline" })
            }
            P::BackDown { back: true } => f.write_str("back down"),
            P::BackDown { back: false } => f.write_str("remain at war"),
            P::Support { against } if against.is_empty() => f.write_str("support none"),
            P::Support { against } => write!(f, "support against {}", ids(against)),
            P::BreakAlliance { with } => write!(f, "break alliance with {}", with.id()),
            P::FreeState { minor } => write!(f, "free state {minor}"),
            P::Combine { with } if with.is_empty() => f.write_str("combine none"),
            P::Combine { with } => {
                let parts: Vec<String> = with
                    .iter()
                    .map(|c| match (&c.power, c.allies.is_empty()) {
                        (Some(p), true) => format!("{} none", p.id()),
                        (Some(p), false) => format!("{} with {}", p.id(), ids(&c.allies)),
                        (None, _) => format!("with {}", ids(&c.allies)),
                    })
                    .collect();
                write!(f, "combine {}", parts.join("; "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_political_command_parses_back_from_its_text() {
        for text in [
            "declare none",
            "declare on austria russia",
            "declare france on austria bavaria; spain on portugal",
            "declare france none; spain on portugal",
            "call austria russia against france",
            "answer call",
            "refuse call",
            "sue for peace to france prussia",
            "offer conditional peace",
            "offer unconditional peace",
            "accept unconditional peace",
            "refuse unconditional peace",
            "term B.2",
            "no more terms",
            "cede silesia",
            "no more ceding",
            "cede holland as conquered",
            "remove leader blucher",
            "no more removals",
            "dissolve empire",
            "re-establish empire",
            "keep empire",
            "demand alliance broken",
            "accept separate peace",
            "propose informal peace with austria",
            "propose alliance with spain",
            "accept proposal",
            "decline proposal",
            "seek control of portugal",
            "decline control of portugal",
            "break alliance with spain",
            "back down",
            "remain at war",
            "support none",
            "support against france prussia",
            "free state holland",
            "combine none",
            "combine with austria",
            "combine britain with austria russia; russia with austria",
            "combine spain none",
        ] {
            let words: Vec<&str> = text.split_whitespace().collect();
            let lower = text.to_ascii_lowercase();
            let lower_words: Vec<&str> = lower.split_whitespace().collect();
            let parsed = parse(&lower_words).unwrap_or_else(|| panic!("{text}: not political")).unwrap();
            assert_eq!(parsed.to_string(), text, "{words:?}");
            // No other command form of the game takes the same words (the naval ones).
            let whole = crate::command::Command::parse(text).unwrap();
            assert_eq!(whole, crate::command::Command::Political(parsed), "{text}");
        }
        for bad in [
            "declare",
            "declare france",
            "call against france",
            "sue for peace to",
            "call x against y",
            "combine",
            "combine with",
            "combine x with y",
        ] {
            let words: Vec<&str> = bad.split_whitespace().collect();
            assert!(parse(&words).is_none_or(|r| r.is_err()), "{bad}");
        }
    }
}
