//! Errors of the data-file parsers: every one names the line it was found on.

use std::fmt;

/// A data file was refused: the line (1-based; 0 for the file as a whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file name, when the caller knows it (see [`DataError::in_file`]).
    pub file: Option<String>,
    /// 1-based line number; 0 when the fault concerns the whole file (a missing section).
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl DataError {
    /// An error found on `line`.
    pub fn at(line: usize, message: impl Into<String>) -> DataError {
        DataError { file: None, line, message: message.into() }
    }

    /// An error about the file as a whole.
    pub fn whole(message: impl Into<String>) -> DataError {
        DataError::at(0, message)
    }

    /// The same error, naming the file it came from.
    pub fn in_file(mut self, file: impl Into<String>) -> DataError {
        self.file = Some(file.into());
        self
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for DataError {}
