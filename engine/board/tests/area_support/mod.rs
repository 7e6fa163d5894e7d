//! Shared pieces of the area map tests: the small fixture and edited copies of it.
#![allow(dead_code)]

use grognard_board::{AreaMap, MapError};

/// The small area map: two nations, every terrain, a river, an arrow and an optional arrow,
/// two islands, four sea zones, ports and outlines.
pub const SMALL: &str = include_str!("../fixtures/area_small.txt");

/// Parses a text that must be valid.
pub fn parse_ok(text: &str) -> AreaMap {
    AreaMap::parse(text).unwrap_or_else(|e| panic!("area map refused: {e}"))
}

/// The 1-based number of the first line of `text` containing `needle`.
pub fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1).unwrap_or_else(|| panic!("no line has `{needle}`"))
}

/// `text` with `from` replaced by `to` exactly once.
pub fn edited(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once in the fixture");
    text.replacen(from, to, 1)
}

/// Parses `text`, which must be refused, and returns the error.
pub fn refused(text: &str) -> MapError {
    match AreaMap::parse(text) {
        Ok(_) => panic!("the area map was accepted but must be refused"),
        Err(e) => e,
    }
}

/// `text` is refused at `line` with a message containing `words`.
pub fn assert_refused(text: &str, line: usize, words: &str) {
    let error = refused(text);
    assert!(error.message.contains(words), "expected `{words}` in: {error}");
    assert_eq!(error.line, line, "wrong line for: {error}");
}

/// `SMALL` with the line holding `from` edited to `to` is refused at that line.
pub fn assert_edit_refused(from: &str, to: &str, words: &str) {
    assert_refused(&edited(SMALL, from, to), line_of(SMALL, from), words);
}

/// `SMALL` with the line holding `from` edited is refused at the line holding `blamed`
/// (a line of the original fixture, unchanged by the edit).
pub fn assert_edit_refused_at(from: &str, to: &str, blamed: &str, words: &str) {
    assert_refused(&edited(SMALL, from, to), line_of(SMALL, blamed), words);
}

/// Like [`assert_edit_refused`] where `to` adds a line after the edited one and the added
/// line is to blame.
pub fn assert_added_line_refused(from: &str, to: &str, words: &str) {
    assert_refused(&edited(SMALL, from, to), line_of(SMALL, from) + 1, words);
}
