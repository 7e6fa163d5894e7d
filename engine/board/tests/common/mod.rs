//! Shared pieces of the map tests: the fixtures, hex shorthand, edited copies.
#![allow(dead_code)]

use grognard_board::{HexId, Map, MapError};

/// The 6x6 test map: sea, a lake, a named river, a canal, a wadi, a road, a border between
/// two regions (one with an island seed), locales, two boxes and two sides' sources.
pub const SMALL: &str = include_str!("../fixtures/small.txt");

/// An island fortress 1210 behind two sea hexsides and one channel hexside.
pub const SVEABORG: &str = include_str!("../fixtures/sveaborg.txt");

/// The hex `text` (a four-digit literal in a test).
pub fn h(text: &str) -> HexId {
    HexId::parse(text).unwrap_or_else(|e| panic!("bad hex literal in a test: {e}"))
}

/// Parses a fixture that must be valid.
pub fn parse_ok(text: &str) -> Map {
    Map::parse(text).unwrap_or_else(|e| panic!("fixture refused: {e}"))
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
    match Map::parse(text) {
        Ok(_) => panic!("the map was accepted but must be refused"),
        Err(e) => e,
    }
}

/// Asserts that `text` is refused at `line` with a message containing `words`.
pub fn assert_refused(text: &str, line: usize, words: &str) {
    let error = refused(text);
    assert_eq!(error.line, line, "wrong line in `{error}`");
    assert!(error.message.contains(words), "`{error}` does not mention `{words}`");
    assert_eq!(error.to_string(), format!("line {line}: {}", error.message));
}
