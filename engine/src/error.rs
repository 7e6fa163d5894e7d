use std::fmt;

/// A command broke a rule. `rule` is the rule number of the ruleset's text ("9.4"), or,
/// for input that is not a well-formed command at all, the pseudo-rule `"input"`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleError {
    pub rule: String,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError { rule: rule.into(), message: message.into() }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for RuleError {}

/// Why applying a command produced no next state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// The command breaks a rule; the state is unchanged.
    Rule(RuleError),
    /// The command is legal so far but needs dice the source cannot give yet (fair dice
    /// whose witnesses have not revealed). Rulesets must check legality completely before
    /// their first roll, so this answer means "legal, waiting for dice".
    NeedDice,
}

impl From<RuleError> for ApplyError {
    fn from(e: RuleError) -> Self {
        ApplyError::Rule(e)
    }
}

impl From<crate::DiceUnavailable> for ApplyError {
    fn from(_: crate::DiceUnavailable) -> Self {
        ApplyError::NeedDice
    }
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Rule(e) => e.fmt(f),
            ApplyError::NeedDice => f.write_str("the command needs dice that are not revealed yet"),
        }
    }
}

impl std::error::Error for ApplyError {}
