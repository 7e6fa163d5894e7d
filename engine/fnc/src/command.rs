//! The commands of FNC: their JSON form (stored in the journal) and their text form (as
//! players type them: `move fr-1-1,fr-1-2 1226 1326`).

use crate::ids::UnitId;
use crate::orders::Orders;
use grognard_board::HexId;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One attack of a batch, as `attack` would declare it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchAttack {
    pub attackers: Vec<UnitId>,
    pub defender: HexId,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleets: Vec<UnitId>,
    /// Under fog of war (7.7): the hexes the attackers stand in, which the attack opens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<HexId>,
}

/// Where a unit goes when it is placed: a hex or an off-map box.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Hex(HexId),
    Box(String),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Hex(h) => write!(f, "{h}"),
            Place::Box(b) => write!(f, "{b}"),
        }
    }
}

/// One retreating group: the units and the hexes they retreat through (11.22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatPath {
    pub units: Vec<UnitId>,
    pub path: Vec<HexId>,
}

/// The kinds of command (a [`Command`] without its data), by which the command table
/// (`table`) finds the row that takes a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CommandKind {
    Place,
    Historical,
    Roll,
    Enter,
    Commit,
    Move,
    River,
    Sail,
    Fleet,
    Attack,
    Batch,
    Lose,
    Retreat,
    Advance,
    Remove,
    Show,
    End,
}

impl CommandKind {
    /// Every kind, in the order of the sequence of play.
    pub const ALL: [CommandKind; 17] = [
        CommandKind::Place,
        CommandKind::Historical,
        CommandKind::Roll,
        CommandKind::Enter,
        CommandKind::Commit,
        CommandKind::Move,
        CommandKind::River,
        CommandKind::Sail,
        CommandKind::Fleet,
        CommandKind::Attack,
        CommandKind::Batch,
        CommandKind::Lose,
        CommandKind::Retreat,
        CommandKind::Advance,
        CommandKind::Remove,
        CommandKind::Show,
        CommandKind::End,
    ];

    /// The verb that starts the command's text form (`move`, `attack`...).
    pub const fn verb(self) -> &'static str {
        match self {
            CommandKind::Place => "place",
            CommandKind::Historical => "historical",
            CommandKind::Roll => "roll",
            CommandKind::Enter => "enter",
            CommandKind::Commit => "commit",
            CommandKind::Move => "move",
            CommandKind::River => "river",
            CommandKind::Sail => "sail",
            CommandKind::Fleet => "fleet",
            CommandKind::Attack => "attack",
            CommandKind::Batch => "batch",
            CommandKind::Lose => "lose",
            CommandKind::Retreat => "retreat",
            CommandKind::Advance => "advance",
            CommandKind::Remove => "remove",
            CommandKind::Show => "show",
            CommandKind::End => "end",
        }
    }
}

/// A command of FNC, for whichever phase or decision is pending.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// Set-up (3.0, 4.0): place one unit.
    Place { unit: UnitId, hex: HexId },
    /// Set-up: place all the side's remaining units as they stood historically.
    Historical,
    /// Roll for the pending step: random events (6.1), the Ottoman reinforcement roll (8.5),
    /// the supply check (12.1), the sieges (13.1).
    Roll,
    /// Reinforcements (8.2): bring a unit into play at a hex or into a box.
    Enter { unit: UnitId, to: Place },
    /// 8.9: commit a Russian contingency division.
    Commit { division: String },
    /// Ground movement (9.0): the units move together along `path` (each hex entered, in
    /// order; from a box the first hex is an entry hex). Under fog of war (7.7) the client
    /// also writes the origin and, when the origin's top unit leaves and units stay, the unit
    /// left on top, so that what the other side sees is made from the command alone.
    Move {
        units: Vec<UnitId>,
        path: Vec<HexId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Place>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        left_top: Option<UnitId>,
    },
    /// What the other side sees of a concealed ground move (7.7): how many counters, topped
    /// by which unit, left which place along which path, and which unit was left on top
    /// there. It stands only as the projection of a concealed `move`; nobody types it.
    Moved {
        from: Place,
        path: Vec<HexId>,
        count: u8,
        top: UnitId,
        left_top: Option<UnitId>,
        /// The moving units always in view besides the top (the SC, 14.3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        shown: Vec<UnitId>,
    },
    /// River, canal and lake movement (9.13).
    River { units: Vec<UnitId>, path: Vec<HexId> },
    /// Amphibious movement (10.3) from a port or box to a coastal hex; if enemy units hold
    /// it, the force waits offshore to invade in the combat phase.
    Sail { units: Vec<UnitId>, to: HexId },
    /// Fleet movement (10.2) to an all-sea hex.
    Fleet { fleet: UnitId, to: HexId },
    /// An attack (11.2) on `defender` by `attackers`, with fleet support (10.2). Under fog of
    /// war (7.7) the client also writes the hexes the attackers stand in (`from`): the attack
    /// opens those stacks and the defender's.
    Attack {
        attackers: Vec<UnitId>,
        defender: HexId,
        fleets: Vec<UnitId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        from: Vec<HexId>,
    },
    /// Under fog of war (7.7): open the side's own stacks in these hexes, so that a command
    /// may name the units hidden in them (a river or amphibious move, a removal).
    Show { hexes: Vec<HexId> },
    /// Several attacks declared together (11.3), resolved one at a time in this order; the
    /// attacker's `orders` answer his own decisions in them (see `combat::batch`).
    Batch { attacks: Vec<BatchAttack>, orders: Orders },
    /// Units chosen to satisfy a combat result's losses (11.21).
    Lose { units: Vec<UnitId> },
    /// The retreat of the surviving defenders (11.22).
    Retreat { groups: Vec<RetreatPath> },
    /// Advance after combat (11.25); no units = do not advance.
    Advance { units: Vec<UnitId> },
    /// Units chosen for removal: over-stacking (7.4), back to the cup (8.5), recycled by an
    /// event (6.3, 6.4).
    Remove { units: Vec<UnitId> },
    /// Finish the current phase (or set-up).
    End,
}

fn input(message: impl Into<String>) -> RuleError {
    RuleError::new("input", message)
}

/// Every command of the ruleset, for text that is not one; parsing knows no game, so the
/// commands one game lacks say whose they are (`grognard moves` and the prompts list only
/// the game's and the phase's own).
const USAGE: &str = "commands: `place UNIT HEX`, `historical`, `roll`, `enter UNIT HEX|BOX`, \
                     `commit DIVISION` (The Russo-Swedish War only, 8.9), \
                     `move UNITS HEX...`, `river UNITS HEX...`, `sail UNITS HEX`, `fleet FLEET HEX`, \
                     `attack UNITS HEX [FLEETS]`, \
                     `batch attack UNITS HEX [FLEETS]; attack ... [-- ORDERS]`, `lose UNITS`, `retreat UNITS HEX... [; UNITS HEX...]`, \
                     `advance [UNITS]`, `remove UNITS`, `end` (UNITS = ids separated by commas; \
                     `grognard moves` lists the commands of the game and phase in play)";

/// `move UNITS HEX... [from PLACE] [leaving UNIT]`.
fn move_command(u: &str, rest: &[&str]) -> Result<Command, RuleError> {
    let mut path = Vec::new();
    let mut from = None;
    let mut left_top = None;
    let mut words = rest.iter();
    while let Some(w) = words.next() {
        match w.to_ascii_lowercase().as_str() {
            "from" => from = Some(place(words.next().ok_or_else(|| input("`from` needs a hex or a box"))?)),
            "leaving" => left_top = Some(words.next().ok_or_else(|| input("`leaving` needs a unit"))?.to_string()),
            _ if from.is_some() || left_top.is_some() => {
                return Err(input("the path comes before `from` and `leaving`"));
            }
            _ => path.push(hex(w)?),
        }
    }
    if path.is_empty() {
        return Err(input("name the hexes to move through"));
    }
    Ok(Command::Move { units: units(u)?, path, from, left_top })
}

/// `attack UNITS HEX [FLEETS] [from HEX,HEX]`.
fn attack_command(u: &str, h: &str, rest: &[&str]) -> Result<Command, RuleError> {
    let (fleets, from) = match rest {
        [] => (Vec::new(), Vec::new()),
        [f] => (units(f)?, Vec::new()),
        ["from", hs] => (Vec::new(), hs.split(',').map(hex).collect::<Result<_, _>>()?),
        [f, "from", hs] => (units(f)?, hs.split(',').map(hex).collect::<Result<_, _>>()?),
        _ => return Err(input("`attack UNITS HEX [FLEETS] [from HEX,HEX]`")),
    };
    Ok(Command::Attack { attackers: units(u)?, defender: hex(h)?, fleets, from })
}

fn hex(word: &str) -> Result<HexId, RuleError> {
    HexId::parse(word).map_err(|e| input(format!("`{word}` is not a hex: {e}")))
}

fn hexes(words: &[&str]) -> Result<Vec<HexId>, RuleError> {
    words.iter().map(|w| hex(w)).collect()
}

fn units(word: &str) -> Result<Vec<UnitId>, RuleError> {
    let list: Vec<UnitId> = word.split(',').filter(|u| !u.is_empty()).map(str::to_string).collect();
    if list.is_empty() {
        return Err(input("no unit named"));
    }
    Ok(list)
}

fn place(word: &str) -> Place {
    match HexId::parse(word) {
        Ok(h) if word.len() == 4 && word.chars().all(|c| c.is_ascii_digit()) => Place::Hex(h),
        _ => Place::Box(word.to_string()),
    }
}

impl Command {
    /// Read a command as a player types it.
    pub fn parse(text: &str) -> Result<Command, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((verb, rest)) = words.split_first() else {
            return Err(input(format!("empty command; {USAGE}")));
        };
        let verb = verb.to_ascii_lowercase();
        let cmd = match (verb.as_str(), rest) {
            ("place", [u, h]) => Command::Place { unit: u.to_string(), hex: hex(h)? },
            ("historical", []) => Command::Historical,
            ("roll", []) => Command::Roll,
            ("enter", [u, to]) => Command::Enter { unit: u.to_string(), to: place(to) },
            ("commit", [d]) => Command::Commit { division: d.to_string() },
            ("move", [u, rest @ ..]) if !rest.is_empty() => move_command(u, rest)?,
            ("moved", _) => {
                return Err(input("`moved` is what the other side sees of a concealed move; give a `move`"))
            }
            ("river", [u, path @ ..]) if !path.is_empty() => Command::River { units: units(u)?, path: hexes(path)? },
            ("sail", [u, h]) => Command::Sail { units: units(u)?, to: hex(h)? },
            ("fleet", [f, h]) => Command::Fleet { fleet: f.to_string(), to: hex(h)? },
            ("attack", [u, h, rest @ ..]) => attack_command(u, h, rest)?,
            ("show", [hs]) => Command::Show { hexes: hs.split(',').map(hex).collect::<Result<_, _>>()? },
            ("batch", _) => batch(text)?,
            ("lose", [u]) => Command::Lose { units: units(u)? },
            ("retreat", rest) if !rest.is_empty() => {
                let joined = rest.join(" ");
                let mut groups = Vec::new();
                for part in joined.split(';') {
                    let ws: Vec<&str> = part.split_whitespace().collect();
                    match ws.split_first() {
                        Some((u, path)) if !path.is_empty() => {
                            groups.push(RetreatPath { units: units(u)?, path: hexes(path)? })
                        }
                        _ => return Err(input(format!("retreat group `{}` needs units and hexes", part.trim()))),
                    }
                }
                Command::Retreat { groups }
            }
            ("advance", []) => Command::Advance { units: Vec::new() },
            ("advance", [u]) => Command::Advance { units: units(u)? },
            ("remove", [u]) => Command::Remove { units: units(u)? },
            ("end", []) => Command::End,
            _ => return Err(input(format!("`{text}` is not a command; {USAGE}"))),
        };
        Ok(cmd)
    }
}

/// `batch attack UNITS HEX [FLEETS]; attack UNITS HEX [FLEETS]... [-- ORDERS]`.
fn batch(text: &str) -> Result<Command, RuleError> {
    let body = text.trim_start().get("batch".len()..).unwrap_or("");
    let (attacks_text, orders_text) = match body.split_once("--") {
        Some((a, o)) => (a, o),
        None => (body, ""),
    };
    let mut attacks = Vec::new();
    for part in attacks_text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        match Command::parse(part)? {
            Command::Attack { attackers, defender, fleets, from } => {
                attacks.push(BatchAttack { attackers, defender, fleets, from })
            }
            _ => return Err(input(format!("`{part}`: a batch holds only `attack UNITS HEX [FLEETS]` commands"))),
        }
    }
    Ok(Command::Batch { attacks, orders: Orders::parse(orders_text)? })
}

fn join_hexes(path: &[HexId]) -> String {
    path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ")
}

impl Command {
    /// The command's kind.
    pub fn kind(&self) -> CommandKind {
        match self {
            Command::Place { .. } => CommandKind::Place,
            Command::Historical => CommandKind::Historical,
            Command::Roll => CommandKind::Roll,
            Command::Enter { .. } => CommandKind::Enter,
            Command::Commit { .. } => CommandKind::Commit,
            Command::Move { .. } | Command::Moved { .. } => CommandKind::Move,
            Command::River { .. } => CommandKind::River,
            Command::Sail { .. } => CommandKind::Sail,
            Command::Fleet { .. } => CommandKind::Fleet,
            Command::Attack { .. } => CommandKind::Attack,
            Command::Batch { .. } => CommandKind::Batch,
            Command::Lose { .. } => CommandKind::Lose,
            Command::Retreat { .. } => CommandKind::Retreat,
            Command::Advance { .. } => CommandKind::Advance,
            Command::Remove { .. } => CommandKind::Remove,
            Command::Show { .. } => CommandKind::Show,
            Command::End => CommandKind::End,
        }
    }
}

impl fmt::Display for Command {
    /// The text form [`Command::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Place { unit, hex } => write!(f, "place {unit} {hex}"),
            Command::Historical => f.write_str("historical"),
            Command::Roll => f.write_str("roll"),
            Command::Enter { unit, to } => write!(f, "enter {unit} {to}"),
            Command::Commit { division } => write!(f, "commit {division}"),
            Command::Move { units, path, from, left_top } => {
                write!(f, "move {} {}", units.join(","), join_hexes(path))?;
                if let Some(from) = from {
                    write!(f, " from {from}")?;
                }
                if let Some(top) = left_top {
                    write!(f, " leaving {top}")?;
                }
                Ok(())
            }
            Command::Moved { from, path, count, top, left_top, shown } => {
                write!(f, "moved {count} counters topped by {top} from {from} along {}", join_hexes(path))?;
                if !shown.is_empty() {
                    write!(f, ", with {}", shown.join(","))?;
                }
                if let Some(left) = left_top {
                    write!(f, ", leaving {left} on top")?;
                }
                Ok(())
            }
            Command::River { units, path } => write!(f, "river {} {}", units.join(","), join_hexes(path)),
            Command::Sail { units, to } => write!(f, "sail {} {to}", units.join(",")),
            Command::Fleet { fleet, to } => write!(f, "fleet {fleet} {to}"),
            Command::Attack { attackers, defender, fleets, from } => {
                write!(f, "attack {} {defender}", attackers.join(","))?;
                if !fleets.is_empty() {
                    write!(f, " {}", fleets.join(","))?;
                }
                if !from.is_empty() {
                    write!(f, " from {}", from.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(","))?;
                }
                Ok(())
            }
            Command::Show { hexes } => {
                write!(f, "show {}", hexes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(","))
            }
            Command::Batch { attacks, orders } => {
                let parts: Vec<String> = attacks
                    .iter()
                    .map(|a| {
                        let c = Command::Attack {
                            attackers: a.attackers.clone(),
                            defender: a.defender,
                            fleets: a.fleets.clone(),
                            from: a.from.clone(),
                        };
                        c.to_string()
                    })
                    .collect();
                write!(f, "batch {}", parts.join("; "))?;
                if !orders.is_empty() {
                    write!(f, " -- {}", orders.text())?;
                }
                Ok(())
            }
            Command::Lose { units } => write!(f, "lose {}", units.join(",")),
            Command::Retreat { groups } => {
                let parts: Vec<String> =
                    groups.iter().map(|g| format!("{} {}", g.units.join(","), join_hexes(&g.path))).collect();
                write!(f, "retreat {}", parts.join(" ; "))
            }
            Command::Advance { units } if units.is_empty() => f.write_str("advance"),
            Command::Advance { units } => write!(f, "advance {}", units.join(",")),
            Command::Remove { units } => write!(f, "remove {}", units.join(",")),
            Command::End => f.write_str("end"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_s_text_starts_with_its_verb_and_reads_back_as_that_kind() {
        let h = HexId::parse("1127").expect("a hex");
        let u = || vec!["fr-1-1".to_string()];
        for kind in CommandKind::ALL {
            let command = match kind {
                CommandKind::Place => Command::Place { unit: "fr-1-1".into(), hex: h },
                CommandKind::Historical => Command::Historical,
                CommandKind::Roll => Command::Roll,
                CommandKind::Enter => Command::Enter { unit: "fr-1-1".into(), to: Place::Hex(h) },
                CommandKind::Commit => Command::Commit { division: "17".into() },
                CommandKind::Move => Command::Move { units: u(), path: vec![h], from: None, left_top: None },
                CommandKind::River => Command::River { units: u(), path: vec![h] },
                CommandKind::Sail => Command::Sail { units: u(), to: h },
                CommandKind::Fleet => Command::Fleet { fleet: "fr-fleet".into(), to: h },
                CommandKind::Attack => {
                    Command::Attack { attackers: u(), defender: h, fleets: Vec::new(), from: vec![h] }
                }
                CommandKind::Batch => Command::Batch {
                    attacks: vec![
                        BatchAttack { attackers: u(), defender: h, fleets: Vec::new(), from: Vec::new() },
                        BatchAttack {
                            attackers: vec!["fr-1-2".into()],
                            defender: h,
                            fleets: Vec::new(),
                            from: vec![h],
                        },
                    ],
                    orders: Orders::default(),
                },
                CommandKind::Lose => Command::Lose { units: u() },
                CommandKind::Retreat => Command::Retreat { groups: vec![RetreatPath { units: u(), path: vec![h] }] },
                CommandKind::Advance => Command::Advance { units: u() },
                CommandKind::Remove => Command::Remove { units: u() },
                CommandKind::Show => Command::Show { hexes: vec![h, h] },
                CommandKind::End => Command::End,
            };
            assert_eq!(command.kind(), kind);
            let text = command.to_string();
            assert!(text.starts_with(kind.verb()), "`{text}` does not start with `{}`", kind.verb());
            assert_eq!(Command::parse(&text).map(|c| c.kind()), Ok(kind), "`{text}`");
        }
    }
}
