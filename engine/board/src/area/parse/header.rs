//! The `[map]` section: game, title and the extent of the drawing coordinates.

use super::sections::Section;
use super::words::number;
use crate::parse::header::Keys;
use crate::MapError;

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
    let keys = Keys::read(section, &KEYS)?;
    let get = |key: &str| keys.get(key);
    let game = keys.game()?;
    let (_, title) = get("title")?;
    let size = |key: &str| -> Result<i32, MapError> {
        let (number_line, text) = get(key)?;
        let line = super::sections::Line { number: number_line, text };
        let value = number(&line, text, 1, 1_000_000, key)?;
        Ok(i32::try_from(value).unwrap_or(1))
    };
    Ok(Header { game: game.to_string(), title: title.to_string(), width: size("width")?, height: size("height")? })
}
