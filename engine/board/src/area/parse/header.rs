//! The `[map]` section: game, title and the extent of the drawing coordinates.

use super::sections::Section;
use super::words::number;
use crate::MapError;
use std::collections::BTreeMap;

const KEYS: [&str; 4] = ["game", "title", "width", "height"];

/// What the `[map]` section declares.
pub(crate) struct Header {
    pub game: String,
    pub title: String,
    pub width: i32,
    pub height: i32,
}

impl Header {
    /// The drawing extent `(width, height)`.
    pub fn extent(&self) -> (i32, i32) {
        (self.width, self.height)
    }
}

/// Reads the `[map]` section: every key exactly once, no others.
pub(crate) fn parse(section: &Section) -> Result<Header, MapError> {
    let mut values: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    for line in &section.lines {
        let (key, value) = line
            .text
            .split_once('=')
            .ok_or_else(|| line.error(format!("expected `key = value`, found `{}`", line.text)))?;
        let (key, value) = (key.trim(), value.trim());
        if !KEYS.contains(&key) {
            return Err(line.error(format!("unknown key `{key}` in [map] (keys: {})", KEYS.join(", "))));
        }
        if value.is_empty() {
            return Err(line.error(format!("`{key}` has no value")));
        }
        if values.insert(key, (line.number, value)).is_some() {
            return Err(line.error(format!("key `{key}` appears twice in [map]")));
        }
    }
    let get = |key: &str| {
        values.get(key).copied().ok_or_else(|| MapError::new(section.header, format!("[map] lacks the key `{key}`")))
    };
    let (game_line, game) = get("game")?;
    if !game.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(MapError::new(game_line, format!("game `{game}` must be lower-case letters, digits or '-'")));
    }
    let (_, title) = get("title")?;
    let size = |key: &str| -> Result<i32, MapError> {
        let (number_line, text) = get(key)?;
        let line = super::sections::Line { number: number_line, text };
        let value = number(&line, text, 1, 1_000_000, key)?;
        Ok(i32::try_from(value).unwrap_or(1))
    };
    Ok(Header { game: game.to_string(), title: title.to_string(), width: size("width")?, height: size("height")? })
}
