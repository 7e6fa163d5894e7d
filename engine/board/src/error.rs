//! The error a map file is refused with.

use std::fmt;

/// Why a map file was refused: the 1-based line where the problem is and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// 1-based line number in the map text.
    pub line: usize,
    /// What is wrong, in words a map editor understands.
    pub message: String,
}

impl MapError {
    /// An error at `line` saying `message`.
    pub fn new(line: usize, message: impl Into<String>) -> MapError {
        MapError { line, message: message.into() }
    }
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for MapError {}
