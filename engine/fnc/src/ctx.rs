//! The loaded data of one game: map, counters, charts, and the game's own rules.

use crate::data::{Charts, Counter, Counters, Turn};
use crate::games::{Game, GameRules};
use crate::state::{Side, State};
use grognard_board::{HexId, Map};
use grognard_engine::RuleError;
use std::sync::{Arc, OnceLock};

/// Everything the rules read besides the state: parsed once, shared by every command.
#[derive(Clone)]
pub struct Ctx {
    pub game: Game,
    pub rules: &'static dyn GameRules,
    pub map: Arc<Map>,
    pub counters: Counters,
    pub charts: Charts,
    /// The data files' texts as hashed by a game's genesis entry.
    data: String,
    /// The historical deployment (`historical.txt`), a position text, if the game has one.
    pub historical: Option<String>,
    /// The RCLM courses of the map (9.13-9.15), worked out on first use.
    river: OnceLock<crate::courses::Courses>,
}

impl std::fmt::Debug for Ctx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx").field("game", &self.game).finish_non_exhaustive()
    }
}

/// The texts of a game's three data files.
#[derive(Clone, Copy, Debug)]
pub struct DataTexts<'a> {
    pub map: &'a str,
    pub counters: &'a str,
    pub charts: &'a str,
    pub historical: Option<&'a str>,
}

impl Ctx {
    /// Build a game's context from the texts of its data files; errors name the file.
    pub fn parse(game: Game, texts: DataTexts<'_>) -> Result<Ctx, String> {
        let id = game.id();
        let map = Map::parse(texts.map).map_err(|e| format!("{id}/map.txt: {e}"))?;
        let counters = Counters::parse(texts.counters).map_err(|e| format!("{id}/counters.txt: {e}"))?;
        let charts = Charts::parse(texts.charts).map_err(|e| format!("{id}/charts.txt: {e}"))?;
        let rules = game.rules();
        for c in counters.iter() {
            if !Side::BOTH.iter().any(|s| rules.side_id(*s) == c.side) {
                return Err(format!(
                    "{id}/counters.txt: counter {} is on side `{}`, not a side of {}",
                    c.id,
                    c.side,
                    rules.title()
                ));
            }
        }
        let data = format!(
            "# {id}/map.txt\n{}\n# {id}/counters.txt\n{}\n# {id}/charts.txt\n{}\n# {id}/historical.txt\n{}",
            texts.map,
            texts.counters,
            texts.charts,
            texts.historical.unwrap_or("")
        );
        let historical = texts.historical.map(str::to_string);
        Ok(Ctx { game, rules, map: Arc::new(map), counters, charts, data, historical, river: OnceLock::new() })
    }

    /// The embedded data of `game` (the files under `engine/fnc/data/<game>/`), parsed once.
    pub fn embedded(game: Game) -> Result<&'static Ctx, RuleError> {
        static EC: OnceLock<Result<Ctx, String>> = OnceLock::new();
        static RSW: OnceLock<Result<Ctx, String>> = OnceLock::new();
        let cell = match game {
            Game::Ec => &EC,
            Game::Rsw => &RSW,
        };
        cell.get_or_init(|| embedded_texts(game).and_then(|t| Ctx::parse(game, t)))
            .as_ref()
            .map_err(|e| RuleError::new("2.1", format!("the game's data files are faulty: {e}")))
    }

    /// The courses river, canal and lake movement may follow (9.13-9.15).
    pub fn river_courses(&self) -> &crate::courses::Courses {
        self.river.get_or_init(|| crate::courses::courses(&self.map, self.rules.river_courses()))
    }

    /// The bytes of the game's data files, which a genesis entry hashes.
    pub fn data_bytes(&self) -> Vec<u8> {
        self.data.as_bytes().to_vec()
    }

    /// The side whose id (`french`, `swedish`...) is `id`.
    pub fn side_by_id(&self, id: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.rules.side_id(*s) == id)
    }

    /// The counter of a unit.
    pub fn counter(&self, unit: &str) -> Option<&Counter> {
        self.counters.get(unit)
    }

    /// The side a unit belongs to (2.5).
    pub fn side_of(&self, unit: &str) -> Option<Side> {
        self.counters.get(unit).and_then(|c| self.side_by_id(&c.side))
    }

    /// The turn record of game turn `number` (5.4).
    pub fn turn(&self, number: u8) -> Option<&Turn> {
        self.charts.turn(number)
    }

    /// The last game turn (14.5: 11 in EC; 15.4: 8 in RSW).
    pub fn last_turn(&self) -> u8 {
        self.charts.last_turn()
    }

    /// The side's units on the map in `hex` (ground units and fleets alike).
    pub fn side_units_in<'s>(&self, state: &'s State, hex: HexId, side: Side) -> Vec<&'s String> {
        state.units_in(hex).into_iter().filter(|u| self.side_of(u) == Some(side)).collect()
    }

    /// Is `hex` on the shore of one of `waters` (bodies of water by their names in `map.txt`)?
    pub fn on_shore_of(&self, hex: HexId, waters: &[&str]) -> bool {
        self.map.shore_of(hex).iter().any(|w| waters.contains(&self.map.water(*w).name.as_str()))
    }

    /// May a unit of `nation` stand in `hex`? The game's coast-bound nation keeps to the shores
    /// of the waters its rules name (8.8, 16.0 2A: the British on the Mediterranean and Lakes
    /// Bourlos and Menzoleh, never the gulfs); every other nation goes anywhere. The one test
    /// movement, amphibious landings, retreats and advances all use.
    pub fn coast_allows(&self, nation: &str, hex: HexId) -> bool {
        match self.rules.coast_bound() {
            Some((bound, waters)) if bound == nation => self.on_shore_of(hex, waters),
            _ => true,
        }
    }

    /// The side with units in `hex`, if any (opposing units never share a hex, 7.1). Fleet
    /// markers are not true units (10.2): they neither hold a hex nor keep its control.
    pub fn occupant(&self, state: &State, hex: HexId) -> Option<Side> {
        state
            .units_in(hex)
            .into_iter()
            .filter(|u| self.counter(u).is_some_and(|c| c.kind != crate::data::UnitType::Fleet))
            .find_map(|u| self.side_of(u))
            // Under fog of war, counters this copy cannot name hold the hex too (7.7).
            .or_else(|| Side::BOTH.into_iter().find(|s| state.unseen_in(hex, *s) > 0))
    }
}

/// The data files of `game` embedded in the crate.
fn embedded_texts(game: Game) -> Result<DataTexts<'static>, String> {
    match game {
        Game::Ec => Ok(DataTexts {
            map: include_str!("../data/ec/map.txt"),
            counters: include_str!("../data/ec/counters.txt"),
            charts: include_str!("../data/ec/charts.txt"),
            historical: Some(include_str!("../data/ec/historical.txt")),
        }),
        Game::Rsw => Ok(DataTexts {
            map: include_str!("../data/rsw/map.txt"),
            counters: include_str!("../data/rsw/counters.txt"),
            charts: include_str!("../data/rsw/charts.txt"),
            historical: Some(include_str!("../data/rsw/historical.txt")),
        }),
    }
}

impl crate::orders::Names for Ctx {
    fn has_unit(&self, id: &str) -> bool {
        self.counter(id).is_some()
    }

    fn hex_named(&self, name: &str) -> Option<HexId> {
        self.map.locales().find(|l| l.name.eq_ignore_ascii_case(name)).map(|l| l.hex)
    }
}
