//! One unit counter of the counter mix (2.3-2.9) and the codes printed on it.

use grognard_board::HexId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The unit types of 2.7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitType {
    Infantry,
    CombinedArms,
    CamelCavalry,
    /// Horse cavalry.
    Cavalry,
    SiegeTrain,
    Engineers,
    /// A fortress garrison: movement 0, never recycled (8.11, 9.11).
    Fortress,
    Garrison,
    Militia,
    /// Riverine gunboats: ground units that move only by RCLM (9.13).
    Gunboats,
    /// A fleet marker: naval combat support only, not a true unit (10.2).
    Fleet,
    /// The Scientific Commission (EC 14.3).
    Sc,
}

impl UnitType {
    /// Every type, in the order of 2.7.
    pub const ALL: [UnitType; 12] = [
        UnitType::Infantry,
        UnitType::CombinedArms,
        UnitType::CamelCavalry,
        UnitType::Cavalry,
        UnitType::SiegeTrain,
        UnitType::Engineers,
        UnitType::Fortress,
        UnitType::Garrison,
        UnitType::Militia,
        UnitType::Gunboats,
        UnitType::Fleet,
        UnitType::Sc,
    ];

    /// The word used in `counters.txt`.
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Infantry => "infantry",
            UnitType::CombinedArms => "combined-arms",
            UnitType::CamelCavalry => "camel-cavalry",
            UnitType::Cavalry => "cavalry",
            UnitType::SiegeTrain => "siege-train",
            UnitType::Engineers => "engineers",
            UnitType::Fortress => "fortress",
            UnitType::Garrison => "garrison",
            UnitType::Militia => "militia",
            UnitType::Gunboats => "gunboats",
            UnitType::Fleet => "fleet",
            UnitType::Sc => "sc",
        }
    }

    /// The type written `word`, if any.
    pub fn from_name(word: &str) -> Option<UnitType> {
        UnitType::ALL.into_iter().find(|t| t.name() == word)
    }

    /// Ground units occupy hexes and count for stacking (7.1); fleets do not (10.2).
    pub fn is_ground(self) -> bool {
        self != UnitType::Fleet
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The size symbol over the unit-type box (2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    /// `X`
    Brigade,
    /// `[X]`: a brigade-size group.
    BrigadeGroup,
    /// `III`
    Regiment,
    /// `I`: a battalion or similar detachment.
    Battalion,
    /// `-`: fortress garrisons, the SC and fleets carry no size symbol.
    None,
}

impl Size {
    /// The symbol used in `counters.txt`.
    pub fn symbol(self) -> &'static str {
        match self {
            Size::Brigade => "X",
            Size::BrigadeGroup => "[X]",
            Size::Regiment => "III",
            Size::Battalion => "I",
            Size::None => "-",
        }
    }

    /// The size written `symbol`, if any.
    pub fn from_symbol(symbol: &str) -> Option<Size> {
        [Size::Brigade, Size::BrigadeGroup, Size::Regiment, Size::Battalion, Size::None]
            .into_iter()
            .find(|s| s.symbol() == symbol)
    }
}

/// The set-up or reinforcement status printed on the back of a counter (3.0, 4.0, 8.0).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SetupCode {
    /// `start`: EC French, set up in 1028, 1127 or 1227 (3.1).
    Start,
    /// `start:HHHH`: set up in that exact hex (3.1, 3.2, 4.1, 4.2).
    StartAt(HexId),
    /// `start-any`: RSW, any town or city of the owner's country (4.1, 4.2).
    StartAny,
    /// `start-egypt`: EC Ottoman, towns and cities in Egypt (3.2).
    StartEgypt,
    /// `start-sp`: EC Ottoman, towns and cities in Syria-Palestine (3.2).
    StartSp,
    /// `reinf`: EC French reinforcement cup (8.4).
    Reinf,
    /// `reinf-?`: EC Ottoman cup, place decided by a die (8.5).
    ReinfAny,
    /// `reinf-egypt`: EC Ottoman cup (8.5; placed as rolled, 16.0 1A).
    ReinfEgypt,
    /// `reinf-sp`: EC Ottoman cup (8.5; placed as rolled, 16.0 1A).
    ReinfSp,
    /// `reinf-anat`: EC Ottoman, set aside for the Anatolian box (3.2).
    ReinfAnat,
    /// `random-event`: EC British, brought in by random event 6 (8.8).
    RandomEvent,
    /// `turn:N`: RSW scheduled reinforcement, earliest turn N (8.9).
    Turn(u8),
    /// `cont:6-7-8`: RSW contingency reinforcement, on any one of these turns (8.9).
    Contingency(Vec<u8>),
    /// `pool`: RSW Swedish units set aside for events 5-6 and 8.10 (4.1).
    Pool,
}

impl SetupCode {
    /// Parses the `setup` column.
    pub fn parse(word: &str) -> Result<SetupCode, String> {
        let simple = match word {
            "start" => Some(SetupCode::Start),
            "start-any" => Some(SetupCode::StartAny),
            "start-egypt" => Some(SetupCode::StartEgypt),
            "start-sp" => Some(SetupCode::StartSp),
            "reinf" => Some(SetupCode::Reinf),
            "reinf-?" => Some(SetupCode::ReinfAny),
            "reinf-egypt" => Some(SetupCode::ReinfEgypt),
            "reinf-sp" => Some(SetupCode::ReinfSp),
            "reinf-anat" => Some(SetupCode::ReinfAnat),
            "random-event" => Some(SetupCode::RandomEvent),
            "pool" => Some(SetupCode::Pool),
            _ => None,
        };
        if let Some(code) = simple {
            return Ok(code);
        }
        if let Some(hex) = word.strip_prefix("start:") {
            return HexId::parse(hex).map(SetupCode::StartAt);
        }
        if let Some(turn) = word.strip_prefix("turn:") {
            return parse_turn(turn).map(SetupCode::Turn);
        }
        if let Some(turns) = word.strip_prefix("cont:") {
            let list = turns.split('-').map(parse_turn).collect::<Result<Vec<u8>, String>>()?;
            if list.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!("contingency turns `{turns}` must be increasing"));
            }
            return Ok(SetupCode::Contingency(list));
        }
        Err(format!("unknown set-up code `{word}`"))
    }
}

fn parse_turn(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a game turn number")),
    }
}

impl fmt::Display for SetupCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupCode::Start => f.write_str("start"),
            SetupCode::StartAt(hex) => write!(f, "start:{:04}", hex.number()),
            SetupCode::StartAny => f.write_str("start-any"),
            SetupCode::StartEgypt => f.write_str("start-egypt"),
            SetupCode::StartSp => f.write_str("start-sp"),
            SetupCode::Reinf => f.write_str("reinf"),
            SetupCode::ReinfAny => f.write_str("reinf-?"),
            SetupCode::ReinfEgypt => f.write_str("reinf-egypt"),
            SetupCode::ReinfSp => f.write_str("reinf-sp"),
            SetupCode::ReinfAnat => f.write_str("reinf-anat"),
            SetupCode::RandomEvent => f.write_str("random-event"),
            SetupCode::Turn(n) => write!(f, "turn:{n}"),
            SetupCode::Contingency(turns) => {
                let list: Vec<String> = turns.iter().map(u8::to_string).collect();
                write!(f, "cont:{}", list.join("-"))
            }
            SetupCode::Pool => f.write_str("pool"),
        }
    }
}

/// One unit counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// Stable identifier: positions and journals name units by it.
    pub id: String,
    /// `french`, `ottoman` (EC); `russian`, `swedish` (RSW).
    pub side: String,
    /// The nation within the side: equal to the side, or `british` on the Ottoman side (8.8).
    pub nation: String,
    /// Unit type (2.7).
    pub kind: UnitType,
    /// Size symbol (2.8).
    pub size: Size,
    /// Attack factor; `None` for the `*` of siege trains (11.8). Two-factor units attack and
    /// defend with the same number (2.9).
    pub attack: Option<u8>,
    /// Defense factor (2.9).
    pub defense: u8,
    /// Movement factor (2.9). Fleets write 0: their movement is naval and unlimited (10.2).
    pub movement: u8,
    /// True when the counter prints three numbers `A-D-M`, false for `C-M` (2.9).
    pub separate_factors: bool,
    /// Parent formation for divisional integrity (2.6, 11.10).
    pub division: Option<String>,
    /// Set-up or reinforcement status.
    pub setup: SetupCode,
    /// Whether the unit may go through replacement recycling when eliminated (8.11).
    pub recycle: bool,
    /// The historical identification, led by its 2.6 abbreviation.
    pub name: String,
}

impl Counter {
    /// The factors as printed: `4-6`, `0-4-0`, `*-1-3`.
    pub fn factors_text(&self) -> String {
        let attack = self.attack.map_or_else(|| "*".to_string(), |a| a.to_string());
        if self.separate_factors {
            format!("{attack}-{}-{}", self.defense, self.movement)
        } else {
            format!("{attack}-{}", self.movement)
        }
    }

    /// Units with attack factor 0 never attack (2.9, 11.27).
    pub fn can_attack(&self) -> bool {
        self.attack.is_some_and(|a| a > 0)
    }
}

/// The parsed `factors` column: (attack, defense, movement, separate).
pub(crate) fn parse_factors(text: &str) -> Result<(Option<u8>, u8, u8, bool), String> {
    let parts: Vec<&str> = text.split('-').collect();
    let number = |s: &str| s.parse::<u8>().map_err(|_| format!("`{s}` in `{text}` is not a factor"));
    match parts.as_slice() {
        [c, m] => {
            if *c == "*" {
                return Err(format!("`{text}`: a `*` attack factor needs the three-number form `*-D-M`"));
            }
            let c = number(c)?;
            Ok((Some(c), c, number(m)?, false))
        }
        [a, d, m] => {
            let attack = if *a == "*" { None } else { Some(number(a)?) };
            Ok((attack, number(d)?, number(m)?, true))
        }
        _ => Err(format!("factors `{text}` must be `C-M` or `A-D-M`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_codes_round_trip() {
        for word in [
            "start",
            "start:1127",
            "start-any",
            "start-egypt",
            "start-sp",
            "reinf",
            "reinf-?",
            "reinf-egypt",
            "reinf-sp",
            "reinf-anat",
            "random-event",
            "turn:2",
            "cont:6-7-8",
            "pool",
        ] {
            assert_eq!(SetupCode::parse(word).unwrap().to_string(), word);
        }
        assert!(SetupCode::parse("start:112").is_err());
        assert!(SetupCode::parse("turn:0").is_err());
        assert!(SetupCode::parse("cont:8-7").is_err());
        assert!(SetupCode::parse("later").is_err());
    }

    #[test]
    fn factors_forms() {
        assert_eq!(parse_factors("4-6"), Ok((Some(4), 4, 6, false)));
        assert_eq!(parse_factors("0-4-0"), Ok((Some(0), 4, 0, true)));
        assert_eq!(parse_factors("*-1-3"), Ok((None, 1, 3, true)));
        assert!(parse_factors("*-3").is_err());
        assert!(parse_factors("4").is_err());
        assert!(parse_factors("4-x").is_err());
        assert!(parse_factors("1-2-3-4").is_err());
    }
}
