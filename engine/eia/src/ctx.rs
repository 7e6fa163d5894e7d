//! The game's fixed data, read once: the map, the national cards, the leaders, the charts
//! and the scenarios. Every state is read against it.

use crate::data::campaign::BUILTIN_CAMPAIGNS;
use crate::data::cards::{NationalCards, CARDS_TEXT};
use crate::data::combinations::{Combinations, COMBINATIONS_TEXT};
use crate::data::economy::{EconomyData, ECONOMY_TEXT};
use crate::data::irregulars::{Irregulars, IRREGULARS_TEXT};
use crate::data::leaders::{Leaders, LEADERS_TEXT};
use crate::data::peace::{PeaceChart, PEACE_TEXT};
use crate::data::politics::{Politics, POLITICS_TEXT};
use crate::data::rules::{RuleValues, RULES_TEXT};
use crate::data::scenario::{
    Scenario, BUILTIN_SCENARIOS, SCENARIO_1805_TEXT, SCENARIO_1809_TEXT, SCENARIO_1812_TEXT, SCENARIO_1813_TEXT,
    SCENARIO_PENINSULAR_TEXT,
};
use crate::data::tables::{Charts, TABLES_TEXT};
use grognard_board::AreaMap;
use grognard_engine::RuleError;
use std::sync::{Arc, OnceLock};

/// The built-in data of the game.
pub struct Ctx {
    pub map: Arc<AreaMap>,
    /// Values of reconstructed rules (`data/rules.txt`).
    pub rules: RuleValues,
    /// The national cards (`data/cards.txt`).
    pub cards: NationalCards,
    /// The leaders (`data/leaders.txt`).
    pub leaders: Leaders,
    /// The charts of the game card (`data/tables.txt`).
    pub charts: Charts,
    /// The political charts: points, status display, minor countries (`data/politics.txt`).
    pub politics: Politics,
    /// The peace terms of the victory conditions chart (`data/peace.txt`).
    pub peace: PeaceChart,
    /// The economic charts: provinces' values, costs, trade, victory (`data/economy.txt`).
    pub economy: EconomyData,
    /// The new political combinations and the Holy Roman Empire (`data/combinations.txt`).
    pub combinations: Combinations,
    /// The irregular forces: cossacks, freikorps, guerrillas (`data/irregulars.txt`).
    pub irregulars: Irregulars,
    /// The scenarios (`data/scenario-*.txt`).
    pub scenarios: Vec<Scenario>,
}

static BUILTIN: OnceLock<Result<Ctx, String>> = OnceLock::new();

impl Ctx {
    /// The name of a land area or sea zone, or the id itself when the map has neither.
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.map.area(id).map(|a| a.name.as_str()).or_else(|| self.map.sea(id).map(|s| s.name.as_str())).unwrap_or(id)
    }

    /// Every data file, by its name in `engine/eia/data/`, in a fixed order: what a game's
    /// genesis hashes (its scenario data), so that all players provably play the same data.
    pub fn data_files(&self) -> Vec<(&'static str, &'static str)> {
        let mut files = vec![
            ("map.txt", crate::map::MAP_TEXT),
            ("rules.txt", RULES_TEXT),
            ("cards.txt", CARDS_TEXT),
            ("leaders.txt", LEADERS_TEXT),
            ("tables.txt", TABLES_TEXT),
            ("politics.txt", POLITICS_TEXT),
            ("peace.txt", PEACE_TEXT),
            ("economy.txt", ECONOMY_TEXT),
            ("combinations.txt", COMBINATIONS_TEXT),
            ("irregulars.txt", IRREGULARS_TEXT),
            ("scenario-1805.txt", SCENARIO_1805_TEXT),
            ("scenario-1809.txt", SCENARIO_1809_TEXT),
            ("scenario-1812.txt", SCENARIO_1812_TEXT),
            ("scenario-1813.txt", SCENARIO_1813_TEXT),
            ("scenario-peninsular.txt", SCENARIO_PENINSULAR_TEXT),
        ];
        files.extend(BUILTIN_CAMPAIGNS);
        files
    }

    /// The built-in data, parsed on first use. A data file that does not parse is reported
    /// as a rule error naming the file and line (never a panic).
    pub fn builtin() -> Result<&'static Ctx, RuleError> {
        BUILTIN
            .get_or_init(|| {
                let map = crate::map::europe().map_err(|e| format!("data/map.txt: {e}"))?;
                let rules = RuleValues::parse(RULES_TEXT).map_err(|e| format!("data/rules.txt: {e}"))?;
                let cards = NationalCards::parse(CARDS_TEXT, &map).map_err(|e| format!("data/cards.txt: {e}"))?;
                let leaders = Leaders::parse(LEADERS_TEXT).map_err(|e| format!("data/leaders.txt: {e}"))?;
                let charts = Charts::parse(TABLES_TEXT).map_err(|e| format!("data/tables.txt: {e}"))?;
                let politics = Politics::parse(POLITICS_TEXT, &map).map_err(|e| format!("data/politics.txt: {e}"))?;
                let peace = PeaceChart::parse(PEACE_TEXT).map_err(|e| format!("data/peace.txt: {e}"))?;
                let economy =
                    EconomyData::parse(ECONOMY_TEXT, &map, &politics).map_err(|e| format!("data/economy.txt: {e}"))?;
                let combinations = Combinations::parse(COMBINATIONS_TEXT, &map, &cards)
                    .map_err(|e| format!("data/combinations.txt: {e}"))?;
                let irregulars =
                    Irregulars::parse(IRREGULARS_TEXT, &map).map_err(|e| format!("data/irregulars.txt: {e}"))?;
                let mut scenarios = Vec::new();
                for (_, file, text) in BUILTIN_SCENARIOS {
                    let s = Scenario::parse(text, &map, &cards, &leaders).map_err(|e| format!("data/{file}: {e}"))?;
                    scenarios.push(s);
                }
                let mut campaigns = Vec::new();
                for (file, text) in BUILTIN_CAMPAIGNS {
                    campaigns
                        .push(crate::data::campaign::parse(text, &scenarios).map_err(|e| format!("data/{file}: {e}"))?);
                }
                scenarios.extend(campaigns);
                Ok(Ctx {
                    map: Arc::new(map),
                    rules,
                    cards,
                    leaders,
                    charts,
                    politics,
                    peace,
                    economy,
                    combinations,
                    irregulars,
                    scenarios,
                })
            })
            .as_ref()
            .map_err(|e| RuleError::new("data", e.clone()))
    }
}
