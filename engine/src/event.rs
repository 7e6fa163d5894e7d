use serde::{Deserialize, Serialize};

/// Something that happened when a command was applied: a sentence for people and a JSON
/// value for programs (`grognard log --json`). Events are derived by replay, never stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub text: String,
    #[serde(default)]
    pub data: serde_json::Value,
}

impl Event {
    pub fn new(text: impl Into<String>, data: serde_json::Value) -> Self {
        Event { text: text.into(), data }
    }
}
