//! The random events of the two games (6.3, 6.4) and how often each may happen (6.2).

/// How often an event may take effect (6.2); a repeat beyond the limit is No Event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Any number of times.
    Unlimited,
    /// Once per calendar year of the Turn Record Track.
    OncePerYear,
    /// Once per game.
    OncePerGame,
}

/// A random event of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RandomEvent {
    /// EC 1-2: the French recycle half a die of units (rounded up).
    AntiFrenchRevolt,
    /// EC 3: Ottoman units of a rolled area may not move or attack.
    OttomanInfighting,
    /// EC 4: each player recycles half a die of his units (rounded up).
    Plague,
    /// EC 5: the rolled side's movement factors are one less this turn.
    ChainOfCommand,
    /// EC 6: the British units arrive (8.8), Mediterranean capacity 12 (10.4), port supply (12.6).
    BritishIntervention,
    /// RSW 1: a Swedish reinforcement to the box, or a Swedish unit of CF 3+ recycled.
    NorwegianFront,
    /// RSW 2: the rolled side wins a naval victory.
    NavalVictory,
    /// RSW 3: the rolled side's movement factors are halved this turn.
    CommandShakeUp,
    /// RSW 4: no attacks and no sieges this turn.
    Truce,
    /// RSW 5: one Swedish militia unit.
    Volunteers,
    /// RSW 6: a die of Swedish militia units.
    Uprising,
}

impl RandomEvent {
    /// The id recorded in the state and the positions (6.2).
    pub fn id(self) -> &'static str {
        match self {
            RandomEvent::AntiFrenchRevolt => "anti-french-revolt",
            RandomEvent::OttomanInfighting => "ottoman-infighting",
            RandomEvent::Plague => "plague",
            RandomEvent::ChainOfCommand => "chain-of-command",
            RandomEvent::BritishIntervention => "british-intervention",
            RandomEvent::NorwegianFront => "norwegian-front",
            RandomEvent::NavalVictory => "naval-victory",
            RandomEvent::CommandShakeUp => "command-shake-up",
            RandomEvent::Truce => "truce",
            RandomEvent::Volunteers => "volunteers",
            RandomEvent::Uprising => "uprising",
        }
    }

    /// The event's name as printed on the table.
    pub fn name(self) -> &'static str {
        match self {
            RandomEvent::AntiFrenchRevolt => "Anti-French Revolt",
            RandomEvent::OttomanInfighting => "Ottoman Infighting",
            RandomEvent::Plague => "Plague",
            RandomEvent::ChainOfCommand => "Disputes in Chain of Command",
            RandomEvent::BritishIntervention => "British Intervention",
            RandomEvent::NorwegianFront => "Norwegian Front Active",
            RandomEvent::NavalVictory => "Naval Victory",
            RandomEvent::CommandShakeUp => "Command Shake-up",
            RandomEvent::Truce => "Truce",
            RandomEvent::Volunteers => "Volunteers Mobilize",
            RandomEvent::Uprising => "Uprising",
        }
    }

    /// The rule that defines it.
    pub fn rule(self) -> &'static str {
        match self {
            RandomEvent::AntiFrenchRevolt
            | RandomEvent::OttomanInfighting
            | RandomEvent::Plague
            | RandomEvent::ChainOfCommand
            | RandomEvent::BritishIntervention => "6.3",
            _ => "6.4",
        }
    }

    /// How often it may happen (6.2, 6.3, 6.4). British intervention brings the only three
    /// British units (8.8), so it can happen once.
    pub fn limit(self) -> Limit {
        match self {
            RandomEvent::AntiFrenchRevolt | RandomEvent::Plague => Limit::OncePerYear,
            RandomEvent::BritishIntervention
            | RandomEvent::NorwegianFront
            | RandomEvent::NavalVictory
            | RandomEvent::Truce => Limit::OncePerGame,
            _ => Limit::Unlimited,
        }
    }
}

/// The EC Random Events Table (6.3), by die face 1-6.
pub const EC_TABLE: [RandomEvent; 6] = [
    RandomEvent::AntiFrenchRevolt,
    RandomEvent::AntiFrenchRevolt,
    RandomEvent::OttomanInfighting,
    RandomEvent::Plague,
    RandomEvent::ChainOfCommand,
    RandomEvent::BritishIntervention,
];

/// The RSW Random Events Table (6.4), by die face 1-6.
pub const RSW_TABLE: [RandomEvent; 6] = [
    RandomEvent::NorwegianFront,
    RandomEvent::NavalVictory,
    RandomEvent::CommandShakeUp,
    RandomEvent::Truce,
    RandomEvent::Volunteers,
    RandomEvent::Uprising,
];

/// Half a die roll, rounded up (6.3 events 1 and 4).
pub fn half_up(die: u32) -> u32 {
    die.div_ceil(2)
}
