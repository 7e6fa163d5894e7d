//! The charts of one game (`charts.txt`, docs/DATA_FORMAT.md): Terrain Effects Chart for
//! movement and combat, Combat Results Table and Turn Record Track.

use super::conditions::{parse_conditional, Conditional};
use super::cost::{parse_half_mp, Cost};
use super::crt::{parse_crt, Crt};
use super::lines::{require, sections, Line, Section};
use super::terrain::{Barrier, BarrierKey, HexTerrain};
use super::turns::{parse_turn, Turn};
use super::DataError;
use std::collections::BTreeMap;

const SECTIONS: [&str; 6] = ["movement", "hexside-movement", "road", "combat-shifts", "crt", "turns"];

/// Suffix of a combat-shift row for a barrier, which applies only when every attacking unit
/// attacks across a hexside of that kind (16.0 3A).
const ALL_ATTACKERS: &str = "-all";

/// The parsed charts of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charts {
    movement: BTreeMap<HexTerrain, Conditional<Cost>>,
    hexside_movement: BTreeMap<BarrierKey, Conditional<Cost>>,
    road: u16,
    terrain_shifts: BTreeMap<HexTerrain, Conditional<i8>>,
    hexside_shifts: BTreeMap<BarrierKey, Conditional<i8>>,
    crt: Crt,
    turns: Vec<Turn>,
}

impl Charts {
    /// Parses the text of a `charts.txt` file. Refuses the whole file on any error.
    pub fn parse(text: &str) -> Result<Charts, DataError> {
        let sections = sections(text, &SECTIONS)?;
        let movement_section = require(&sections, "movement")?;
        let movement = parse_terrain_rows(&movement_section.lines, Cost::parse)?;
        for terrain in HexTerrain::ALL {
            if !movement.contains_key(&terrain) {
                let message = format!("9.9: no movement cost for `{terrain}`");
                return Err(DataError::at(movement_section.header_line, message));
            }
        }
        let hexside_section = require(&sections, "hexside-movement")?;
        let hexside_movement = parse_barrier_rows(&hexside_section.lines, "", Cost::parse)?;
        for barrier in Barrier::ALL {
            if !hexside_movement.contains_key(&BarrierKey { barrier, name: None }) {
                let message = format!("9.12: no crossing cost for `{barrier}`");
                return Err(DataError::at(hexside_section.header_line, message));
            }
        }
        let road = parse_road(require(&sections, "road")?)?;
        let (barrier_lines, terrain_lines): (Vec<Line<'_>>, Vec<Line<'_>>) = require(&sections, "combat-shifts")?
            .lines
            .iter()
            .partition(|l| l.words().first().is_some_and(|w| w.ends_with(ALL_ATTACKERS)));
        let terrain_shifts = parse_terrain_rows(&terrain_lines, parse_shift)?;
        let hexside_shifts = parse_barrier_rows(&barrier_lines, ALL_ATTACKERS, parse_shift)?;
        let crt_section = require(&sections, "crt")?;
        let crt = parse_crt(crt_section.header_line, &crt_section.lines)?;
        let turns_section = require(&sections, "turns")?;
        let mut turns = Vec::new();
        for (index, line) in turns_section.lines.iter().enumerate() {
            let expected = u8::try_from(index + 1).map_err(|_| line.error("too many turns"))?;
            turns.push(parse_turn(line, expected)?);
        }
        if turns.is_empty() {
            return Err(DataError::at(turns_section.header_line, "`[turns]` lists no turn"));
        }
        Ok(Charts { movement, hexside_movement, road, terrain_shifts, hexside_shifts, crt, turns })
    }

    /// The cost to enter a hex of `terrain` during `turn` (9.9, 9.17, 9.18).
    pub fn entry_cost(&self, terrain: HexTerrain, turn: &Turn) -> Cost {
        self.movement.get(&terrain).map_or(Cost::Prohibited, |c| c.under(&turn.conditions()))
    }

    /// The extra cost to cross a hexside barrier during `turn` (9.12, 9.16, 9.18), off-road.
    /// `name` is the map's name of the barrier (`Nile`); a row for that name wins over the
    /// row for its kind. A road across the hexside negates this cost (9.19).
    pub fn crossing_cost(&self, barrier: Barrier, name: Option<&str>, turn: &Turn) -> Cost {
        lookup(&self.hexside_movement, barrier, name).map_or(Cost::Prohibited, |c| c.under(&turn.conditions()))
    }

    /// The cost in half-MP of entering a road hex along the road (9.19).
    pub fn road_cost(&self) -> u16 {
        self.road
    }

    /// The column shift for a defender in `terrain` (11.6); negative = left. 0 if not listed.
    pub fn terrain_shift(&self, terrain: HexTerrain, turn: &Turn) -> i8 {
        self.terrain_shifts.get(&terrain).map_or(0, |c| c.under(&turn.conditions()))
    }

    /// The column shift earned when every attacking unit attacks across a hexside of this
    /// barrier (11.6, 16.0 3A); 0 if not listed. Not applied when only some attackers cross.
    pub fn all_across_shift(&self, barrier: Barrier, name: Option<&str>, turn: &Turn) -> i8 {
        lookup(&self.hexside_shifts, barrier, name).map_or(0, |c| c.under(&turn.conditions()))
    }

    /// The named barriers that have rows of their own (`river:Nile`), for movement or combat,
    /// in key order (for the `charts` aid).
    pub fn named_barriers(&self) -> Vec<BarrierKey> {
        let mut keys: Vec<BarrierKey> = self
            .hexside_movement
            .keys()
            .chain(self.hexside_shifts.keys())
            .filter(|k| k.name.is_some())
            .cloned()
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// The Combat Results Table.
    pub fn crt(&self) -> &Crt {
        &self.crt
    }

    /// The Turn Record Track, turn 1 first.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Game turn `number` (from 1).
    pub fn turn(&self, number: u8) -> Option<&Turn> {
        self.turns.get(usize::from(number).checked_sub(1)?)
    }

    /// The last game turn's number.
    pub fn last_turn(&self) -> u8 {
        self.turns.last().map_or(0, |t| t.number)
    }
}

fn lookup<'a, T>(rows: &'a BTreeMap<BarrierKey, T>, barrier: Barrier, name: Option<&str>) -> Option<&'a T> {
    name.and_then(|n| rows.get(&BarrierKey { barrier, name: Some(n.to_string()) }))
        .or_else(|| rows.get(&BarrierKey { barrier, name: None }))
}

fn parse_shift(text: &str) -> Result<i8, String> {
    let bad = || format!("`{text}` is not a column shift (`-2`, `0`, `+1`)");
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.starts_with('+') || digits.is_empty() {
        return Err(bad());
    }
    let shift: i8 = digits.parse().map_err(|_| bad())?;
    if !(-7..=7).contains(&shift) {
        return Err(bad());
    }
    Ok(shift)
}

fn parse_terrain_rows<T: Copy>(
    lines: &[Line<'_>],
    value: impl Fn(&str) -> Result<T, String> + Copy,
) -> Result<BTreeMap<HexTerrain, Conditional<T>>, DataError> {
    let mut rows = BTreeMap::new();
    for line in lines {
        let words = line.words();
        let terrain = HexTerrain::from_name(words[0]).ok_or_else(|| {
            line.error(format!(
                "unknown terrain `{}` (expected clear, forest, swamp, mud, hills, desert, lake or sea)",
                words[0]
            ))
        })?;
        let row = parse_conditional(&words[1..], value).map_err(|m| line.error(m))?;
        if rows.insert(terrain, row).is_some() {
            return Err(line.error(format!("`{terrain}` is listed twice")));
        }
    }
    Ok(rows)
}

fn parse_barrier_rows<T: Copy>(
    lines: &[Line<'_>],
    suffix: &str,
    value: impl Fn(&str) -> Result<T, String> + Copy,
) -> Result<BTreeMap<BarrierKey, Conditional<T>>, DataError> {
    let mut rows = BTreeMap::new();
    for line in lines {
        let words = line.words();
        let key_text = words[0]
            .strip_suffix(suffix)
            .ok_or_else(|| line.error(format!("`{}` must end in `{suffix}`", words[0])))?;
        let key = BarrierKey::parse(key_text).map_err(|m| line.error(m))?;
        let row = parse_conditional(&words[1..], value).map_err(|m| line.error(m))?;
        if rows.contains_key(&key) {
            return Err(line.error(format!("`{key}` is listed twice")));
        }
        rows.insert(key, row);
    }
    Ok(rows)
}

fn parse_road(section: &Section<'_>) -> Result<u16, DataError> {
    let [line] = section.lines[..] else {
        return Err(DataError::at(section.header_line, "`[road]` holds exactly one line: `entry 0.5`"));
    };
    match line.words()[..] {
        ["entry", cost] => match parse_half_mp(cost) {
            Ok(0) => Err(line.error("9.19: a road hex still costs something to enter")),
            Ok(half) => Ok(half),
            Err(m) => Err(line.error(m)),
        },
        _ => Err(line.error("expected `entry COST` (9.19: `entry 0.5`)")),
    }
}
