//! Scenario data: JSON files under `scenarios/`, embedded in the binary. Their bytes are
//! what a game's genesis entry hashes.

use grognard_engine::{PowerInfo, RuleError, ScenarioInfo, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// The scenario ids, in the order `scenarios()` lists them.
pub const SCENARIO_IDS: [&str; 5] = ["standard", "melee", "marathon", "powder", "brawl"];

/// The embedded bytes of a scenario's data file.
pub(crate) fn raw(id: &str) -> Option<&'static str> {
    match id {
        "standard" => Some(include_str!("../scenarios/standard.json")),
        "melee" => Some(include_str!("../scenarios/melee.json")),
        "marathon" => Some(include_str!("../scenarios/marathon.json")),
        "powder" => Some(include_str!("../scenarios/powder.json")),
        "brawl" => Some(include_str!("../scenarios/brawl.json")),
        _ => None,
    }
}

/// One duellist of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerData {
    pub id: String,
    /// Full name, e.g. "Red Duellist".
    pub name: String,
    /// Short name used in event texts, e.g. "Red".
    pub short: String,
    pub side: String,
}

/// A scenario's data file (rule 1.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioData {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Starting HP of every duellist.
    pub hp: u64,
    /// The number of rounds.
    pub rounds: u32,
    /// Grains of powder each duellist starts with, in scenarios played with rule 8.0
    /// (concealed charges); absent in the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub powder: Option<u32>,
    pub powers: Vec<PowerData>,
}

fn bad(message: String) -> RuleError {
    RuleError::new("1.5", message)
}

impl ScenarioData {
    /// Parse and check a scenario data file.
    pub fn parse(bytes: &[u8]) -> Result<ScenarioData, RuleError> {
        let data: ScenarioData =
            serde_json::from_slice(bytes).map_err(|e| bad(format!("the scenario data is not valid: {e}")))?;
        data.check()?;
        Ok(data)
    }

    /// The embedded scenario `id`.
    pub fn load(id: &str) -> Result<ScenarioData, RuleError> {
        let bytes = raw(id).ok_or_else(|| {
            bad(format!("Duel has no scenario '{id}'; its scenarios are {}", SCENARIO_IDS.join(", ")))
        })?;
        let data = ScenarioData::parse(bytes.as_bytes())?;
        if data.id != id {
            return Err(bad(format!("the data file of scenario '{id}' names scenario '{}'", data.id)));
        }
        Ok(data)
    }

    fn check(&self) -> Result<(), RuleError> {
        let n = self.powers.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(bad(format!("a scenario has 2 to {MAX_PLAYERS} duellists, not {n}")));
        }
        if self.hp == 0 {
            return Err(bad("duellists must start with at least 1 HP".into()));
        }
        if self.rounds == 0 {
            return Err(bad("a scenario lasts at least 1 round".into()));
        }
        for (i, p) in self.powers.iter().enumerate() {
            if p.id.is_empty() || p.name.is_empty() || p.short.is_empty() || p.side.is_empty() {
                return Err(bad(format!("duellist {i} needs an id, a name, a short name and a side")));
            }
            if self.powers[..i].iter().any(|q| q.id == p.id) {
                return Err(bad(format!("duellist id '{}' is used twice", p.id)));
            }
            if self.powers[..i].iter().any(|q| q.side == p.side) {
                return Err(bad(format!("side '{}' has two duellists; each duellist fights on its own side", p.side)));
            }
        }
        Ok(())
    }

    /// The powers as the engine describes them.
    pub fn power_infos(&self) -> Vec<PowerInfo> {
        self.powers.iter().map(|p| PowerInfo { id: p.id.clone(), name: p.name.clone(), side: p.side.clone() }).collect()
    }

    pub fn info(&self) -> ScenarioInfo {
        ScenarioInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            description: self.description.clone(),
            powers: self.power_infos(),
            min_players: self.powers.len(),
            max_players: self.powers.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_1_5_embedded_scenarios_parse() {
        let standard = ScenarioData::load("standard").expect("standard");
        assert_eq!((standard.hp, standard.rounds, standard.powers.len()), (10, 6, 2));
        let melee = ScenarioData::load("melee").expect("melee");
        assert_eq!((melee.hp, melee.rounds, melee.powers.len()), (8, 5, 3));
        let marathon = ScenarioData::load("marathon").expect("marathon");
        assert_eq!((marathon.hp, marathon.rounds, marathon.powers.len()), (1_000_000_000, 100_000, 2));
        let brawl = ScenarioData::load("brawl").expect("brawl");
        assert_eq!((brawl.hp, brawl.rounds, brawl.powers.len()), (8, 5, 7));
        let names: Vec<&str> = melee.powers.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Red Duellist", "Blue Duellist", "Green Duellist"]);
    }

    #[test]
    fn rule_1_5_unknown_scenario_is_refused() {
        let e = ScenarioData::load("siege").expect_err("no such scenario");
        assert_eq!(e.rule, "1.5");
        assert!(e.message.contains("siege") && e.message.contains("standard"), "{e}");
    }

    #[test]
    fn rule_1_5_bad_data_is_refused() {
        let ok = r#"{"id":"x","name":"X","description":"","hp":3,"rounds":2,"powers":[
            {"id":"a","name":"A","short":"A","side":"a"},{"id":"b","name":"B","short":"B","side":"b"}]}"#;
        assert!(ScenarioData::parse(ok.as_bytes()).is_ok());
        for bad in [
            ok.replace("\"hp\":3", "\"hp\":0"),
            ok.replace("\"rounds\":2", "\"rounds\":0"),
            ok.replace("\"side\":\"b\"", "\"side\":\"a\""),
            ok.replace("\"id\":\"b\"", "\"id\":\"a\""),
            ok.replace("\"hp\":3", "\"hp\":-3"),
            ok.replace("\"hp\":3", "\"hp\":3,\"extra\":1"),
            ok.replace(r#",{"id":"b","name":"B","short":"B","side":"b"}"#, ""),
            ok.replace("\"short\":\"A\"", "\"short\":\"\""),
            "not json".to_string(),
        ] {
            let e = ScenarioData::parse(bad.as_bytes()).expect_err(&bad);
            assert_eq!(e.rule, "1.5", "{bad}");
        }
    }
}
