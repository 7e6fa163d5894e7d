//! The `[map]` section: game, title, grid extent and where north is.

use super::sections::Section;
use crate::{MapError, North};
use std::collections::BTreeMap;

const KEYS: [&str; 5] = ["game", "title", "columns", "rows", "north"];

/// What the `[map]` section declares.
pub(crate) struct Header {
    pub game: String,
    pub title: String,
    pub cols: (u8, u8),
    pub rows: (u8, u8),
    pub north: North,
}

/// The `key = value` lines of a `[map]` section, each key once: shared by the hex and the
/// area map formats.
pub(crate) struct Keys<'a> {
    header: usize,
    values: BTreeMap<&'a str, (usize, &'a str)>,
}

impl<'a> Keys<'a> {
    /// Reads `section`: every line `key = value` with a key of `keys`, each at most once and
    /// with a value.
    pub fn read(section: &Section<'a>, keys: &[&str]) -> Result<Keys<'a>, MapError> {
        let mut values: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
        for line in &section.lines {
            let (key, value) = line
                .text
                .split_once('=')
                .ok_or_else(|| line.error(format!("expected `key = value`, found `{}`", line.text)))?;
            let (key, value) = (key.trim(), value.trim());
            if !keys.contains(&key) {
                return Err(line.error(format!("unknown key `{key}` in [map] (keys: {})", keys.join(", "))));
            }
            if value.is_empty() {
                return Err(line.error(format!("`{key}` has no value")));
            }
            if values.insert(key, (line.number, value)).is_some() {
                return Err(line.error(format!("key `{key}` appears twice in [map]")));
            }
        }
        Ok(Keys { header: section.header, values })
    }

    /// The line and value of `key`, or an error at the section's header.
    pub fn get(&self, key: &str) -> Result<(usize, &'a str), MapError> {
        self.values.get(key).copied().ok_or_else(|| MapError::new(self.header, format!("[map] lacks the key `{key}`")))
    }

    /// The `game` key: lower-case letters, digits or '-'.
    pub fn game(&self) -> Result<&'a str, MapError> {
        let (game_line, game) = self.get("game")?;
        if !game.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(MapError::new(game_line, format!("game `{game}` must be lower-case letters, digits or '-'")));
        }
        Ok(game)
    }
}

/// Reads the `[map]` section: every key exactly once, no others.
pub(crate) fn parse(section: &Section) -> Result<Header, MapError> {
    let keys = Keys::read(section, &KEYS)?;
    let get = |key: &str| keys.get(key);
    let game = keys.game()?;
    let (_, title) = get("title")?;
    let (cols_line, cols) = get("columns")?;
    let (rows_line, rows) = get("rows")?;
    let (north_line, north) = get("north")?;
    let north = match north {
        "up" => North::Up,
        "right" => North::Right,
        other => return Err(MapError::new(north_line, format!("north must be `up` or `right`, not `{other}`"))),
    };
    Ok(Header {
        game: game.to_string(),
        title: title.to_string(),
        cols: range(cols_line, "columns", cols)?,
        rows: range(rows_line, "rows", rows)?,
        north,
    })
}

/// Reads `AA-BB`, two numbers 0-99 with the first not above the second.
fn range(line: usize, key: &str, text: &str) -> Result<(u8, u8), MapError> {
    let bad = || MapError::new(line, format!("{key} must be `first-last` with numbers 00-99, not `{text}`"));
    let (first, last) = text.split_once('-').ok_or_else(bad)?;
    let number = |t: &str| {
        let t = t.trim();
        if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        t.parse::<u8>().map_err(|_| bad())
    };
    let (first, last) = (number(first)?, number(last)?);
    if first > last {
        return Err(MapError::new(line, format!("{key}: first {first:02} is after last {last:02}")));
    }
    Ok((first, last))
}
